#include "app/models/OutputModel.h"

#include "app/Theme.h"
#include "app/document/FlinkVerification.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include "engine/output/OutputFormat.h"

namespace tidemark::app {

OutputModel::OutputModel(Kind kind, Session* session, TimeCursor* cursor, Theme* theme, QObject* parent)
    : QAbstractTableModel(parent)
    , m_kind(kind)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    m_rows = countAtCurrentStep();
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        beginResetModel();
        m_rows = countAtCurrentStep();
        endResetModel();
    });
    connect(m_cursor, &TimeCursor::stepChanged, this, &OutputModel::onStepChanged);
}

void OutputModel::setVerification(const FlinkVerification* verification)
{
    m_verification = verification;
    connect(m_verification, &FlinkVerification::changed, this, [this] {
        if (m_rows > 0)
            Q_EMIT dataChanged(index(0, Flink), index(m_rows - 1, Flink));
    });
}

// The Flink column of an output with this mark.
static QVariant flinkCell(FlinkVerification::Mark mark, int role, const ThemeColors& c)
{
    if (mark == FlinkVerification::Mark::Unchecked)
        return {};
    const bool agreed = mark == FlinkVerification::Mark::Agreed;
    if (role == Qt::DisplayRole)
        return agreed ? OutputModel::tr("✓ agreed") : OutputModel::tr("✗ differs");
    if (role == Qt::ForegroundRole)
        return agreed ? c.fire : c.dropped;
    return {};
}

int OutputModel::countAtCurrentStep() const
{
    if (!m_session->hasRun())
        return 0;
    const auto step = StepIndex(m_session->currentStep());
    if (m_kind == Kind::Results)
        return int(m_session->trace().firesInSteps(0, step).size());
    return int(m_session->trace().latesInSteps(0, step).size());
}

void OutputModel::onStepChanged()
{
    const int n = countAtCurrentStep();
    if (n > m_rows) {
        beginInsertRows({}, m_rows, n - 1);
        m_rows = n;
        endInsertRows();
    } else if (n < m_rows) {
        beginRemoveRows({}, n, m_rows - 1);
        m_rows = n;
        endRemoveRows();
    }
}

int OutputModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int OutputModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString OutputModel::printedLine(int row) const
{
    const KeyTable& keys = m_session->scenario().keys;
    const int sinkSubtasks = m_session->scenario().pipeline.window.subtasks();
    if (m_kind == Kind::Results)
        return QString::fromStdString(
            output::printedFire(m_session->trace().fires()[std::size_t(row)].fire, keys, sinkSubtasks));
    return QString::fromStdString(
        output::printedLate(m_session->trace().lates()[std::size_t(row)].late, keys, sinkSubtasks));
}

QVariant OutputModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::ToolTipRole && (index.column() == Printed || index.column() == Window)) {
        // a column narrower than its text elides it ("1> (0…"): the whole text on hover
        return data(index, Qt::DisplayRole);
    }
    const auto row = std::size_t(index.row());
    const Trace& trace = m_session->trace();
    const ThemeColors& c = m_theme->colors();
    if (m_kind == Kind::Results) {
        const FireRecord& f = trace.fires()[row];
        switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
            case Step:
                return int(f.step);
            case Printed:
                return printedLine(index.row());
            case Window:
                return m_session->formatWindow(f.fire.window);
            case Timing:
                return f.fire.timing == FireTiming::OnTime ? tr("on time") : tr("late re-fire");
            case Watermark:
                return m_session->formatTime(f.fire.watermark);
            case Flink:
                return m_verification ? flinkCell(m_verification->fireMark(row), role, c) : QVariant();
            }
            break;
        case Qt::ForegroundRole:
            if (index.column() == Timing)
                return f.fire.timing == FireTiming::OnTime ? c.fire : c.lateFire;
            if (index.column() == Flink && m_verification)
                return flinkCell(m_verification->fireMark(row), role, c);
            return {};
        case StepRole:
            return int(f.step);
        default:
            return {};
        }
        return {};
    }
    const LateRecord& l = trace.lates()[row];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Step:
            return int(l.step);
        case Printed:
            return printedLine(index.row());
        case Window:
            return m_session->formatTime(l.late.ts);
        case Timing:
            return l.late.action == LateAction::Dropped ? tr("dropped") : tr("side output");
        case Watermark:
            return m_session->formatTime(l.late.watermark);
        case Flink:
            return m_verification ? flinkCell(m_verification->lateMark(row), role, c) : QVariant();
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == Timing)
            return l.late.action == LateAction::Dropped ? c.dropped : c.sideOutput;
        if (index.column() == Flink && m_verification)
            return flinkCell(m_verification->lateMark(row), role, c);
        return {};
    case StepRole:
        return int(l.step);
    default:
        break;
    }
    return {};
}

QVariant OutputModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Step:
        return tr("Step");
    case Printed:
        return m_kind == Kind::Results ? tr("Printed") : tr("Record");
    case Window:
        return m_kind == Kind::Results ? tr("Window") : tr("Event time");
    case Timing:
        return m_kind == Kind::Results ? tr("Fire") : tr("Fate");
    case Watermark:
        return tr("Watermark");
    case Flink:
        return tr("Flink");
    }
    return {};
}

} // namespace tidemark::app
