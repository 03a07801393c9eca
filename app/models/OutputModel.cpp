#include "app/models/OutputModel.h"

#include "app/Theme.h"
#include "app/document/FlinkVerification.h"
#include "app/document/GraphDocument.h"
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
    collectGraphOutputs();
    m_rows = countAtCurrentStep();
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        beginResetModel();
        collectGraphOutputs();
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

void OutputModel::collectGraphOutputs()
{
    m_graphOutputs.clear();
    if (!m_session->hasGraph())
        return;
    const auto& outputs = m_session->graph().run().outputs();
    for (std::uint32_t i = 0; i < outputs.size(); ++i) {
        const GraphOutputKind kind = kindOf(outputs[i]);
        const bool late = kind == GraphOutputKind::SideOutput || kind == GraphOutputKind::Dropped;
        if (late == (m_kind == Kind::LateRecords))
            m_graphOutputs.push_back(i);
    }
}

int OutputModel::countAtCurrentStep() const
{
    if (m_session->hasGraph()) {
        const GraphTrace& trace = m_session->graph().run().trace();
        const auto step = StepIndex(m_session->currentStep());
        const std::size_t done = trace.outputsUpTo(step);
        return int(std::lower_bound(m_graphOutputs.begin(), m_graphOutputs.end(), done) - m_graphOutputs.begin());
    }
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
    if (m_session->hasGraph()) // with its operator's print prefix, as `tidemark run` prints a graph's
        return QString::fromStdString(m_session->graph().outputText(m_graphOutputs[std::size_t(row)]));
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
    if (m_session->hasGraph())
        return graphData(index, role);
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

QVariant OutputModel::graphData(const QModelIndex& index, int role) const
{
    const std::uint32_t i = m_graphOutputs[std::size_t(index.row())];
    const GraphRun& run = m_session->graph().run();
    const GraphOutput& o = run.outputs()[i];
    const int step = int(run.trace().stepOfOutput(i));
    const ThemeColors& c = m_theme->colors();
    // what the Window / Event time and Fire / Fate columns say of each kind of output, and its colour
    QString where;
    QString timing;
    QColor colour = c.fire;
    if (const auto* fire = std::get_if<FireEvent>(&o.what)) {
        where = m_session->formatWindow(fire->window);
        timing = fire->timing == FireTiming::OnTime ? tr("on time") : tr("late re-fire");
        colour = fire->timing == FireTiming::OnTime ? c.fire : c.lateFire;
    } else if (const auto* late = std::get_if<LateEvent>(&o.what)) {
        where = m_session->formatTime(late->ts);
        timing = late->action == LateAction::Dropped ? tr("dropped") : tr("side output");
        colour = late->action == LateAction::Dropped ? c.dropped : c.sideOutput;
    } else if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what)) {
        using K = IntervalJoinOperator::Output::Kind;
        where = m_session->formatTime(join->timestamp);
        timing = join->kind == K::Pair ? tr("joined") : join->kind == K::Late ? tr("side output") : tr("dropped");
        colour = join->kind == K::Pair ? c.fire : join->kind == K::Late ? c.sideOutput : c.dropped;
    } else if (const auto* process = std::get_if<ProcessOutput>(&o.what)) {
        where = process->timestamp ? m_session->formatTime(*process->timestamp) : QString();
        timing = tr("emitted");
    }
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Step:
            return step;
        case Printed:
            return printedLine(index.row());
        case Window:
            return where;
        case Timing:
            return timing;
        case Watermark:
            return m_session->formatTime(o.watermark);
        case Flink:
            return m_verification ? flinkCell(m_verification->graphOutputMark(i), role, c) : QVariant();
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == Flink && m_verification)
            return flinkCell(m_verification->graphOutputMark(i), role, c);
        return index.column() == Timing ? QVariant(colour) : QVariant();
    case StepRole:
        return step;
    default:
        return {};
    }
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
