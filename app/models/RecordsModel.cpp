#include "app/models/RecordsModel.h"

#include "app/Theme.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include "engine/output/OutputFormat.h"

#include <QFont>

namespace tidemark::app {

RecordsModel::RecordsModel(Session* session, TimeCursor* cursor, Theme* theme, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    m_rows = m_session->hasRun() ? int(m_session->scenario().records.size()) : 0;
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        beginResetModel();
        m_rows = m_session->hasRun() ? int(m_session->scenario().records.size()) : 0;
        endResetModel();
    });
    connect(m_cursor, &TimeCursor::runExtended, this, [this] {
        // a live run's new records come at the end; the rows before keep their selection and scroll
        const int rows = m_session->hasRun() ? int(m_session->scenario().records.size()) : 0;
        if (rows <= m_rows)
            return;
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    });
    connect(m_cursor, &TimeCursor::stepChanged, this, &RecordsModel::onStepChanged);
}

void RecordsModel::onStepChanged()
{
    if (m_rows == 0)
        return;
    // statuses (and what is "current") change with the step; the views repaint only what they show
    Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1),
        {Qt::DisplayRole, Qt::ForegroundRole, Qt::FontRole, StatusRole});
}

int RecordsModel::rowOf(const TimeCursor::Selection& selection) const
{
    if (selection.kind != TimeCursor::Selection::Kind::Record || selection.record >= RecordIndex(m_rows))
        return -1;
    return int(selection.record); // rows are in record order
}

TimeCursor::Selection RecordsModel::selectionAt(int row) const
{
    return row >= 0 && row < m_rows ? TimeCursor::Selection::ofRecord(RecordIndex(row)) : TimeCursor::Selection {};
}

int RecordsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int RecordsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RecordsModel::statusText(int status)
{
    switch (RecordStatus(status)) {
    case RecordStatus::Pending:
        return tr("pending");
    case RecordStatus::OnTime:
        return tr("on time");
    case RecordStatus::LateAccepted:
        return tr("late but accepted");
    case RecordStatus::Dropped:
        return tr("dropped");
    case RecordStatus::SideOutput:
        return tr("side output");
    case RecordStatus::Watermark:
        return tr("watermark");
    }
    return {};
}

QVariant RecordsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto r = RecordIndex(index.row());
    const auto& records = m_session->scenario().records;
    if (r >= records.size())
        return {};
    const InputRecord& rec = records[r];
    const RecordStatus status = m_session->recordStatus(r);
    const StepIndex arrived = m_session->arrivalStep(r);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Number:
            return int(r + 1);
        case Arrival:
            return arrived == kNoStep
                ? QVariant(QStringLiteral("—"))
                : QVariant(Session::formatProcessingTime(m_session->trace().step(arrived).processingTime));
        case Channel: {
            const auto placements = m_session->trace().placements();
            if (rec.partition != InputRecord::kNoPartition) // a Kafka record: its partition, then its reader
                return tr("p%1 → %2")
                    .arg(rec.partition)
                    .arg(r < placements.size() && placements[r].channel >= 0 ? QString::number(placements[r].channel)
                                                                             : QStringLiteral("—"));
            if (r < placements.size() && placements[r].channel >= 0)
                return int(placements[r].channel);
            return rec.isWatermark() ? tr("all") : QStringLiteral("—");
        }
        case EventTime:
            return m_session->formatTime(rec.ts);
        case Key:
            return rec.isWatermark() ? QString()
                                     : m_session->keyName(m_session->scenario().pipeline.window.operatorKey(rec.key));
        case Value:
            // the text the outputs print the same value in (a late record, a list result)
            return rec.hasValue ? QString::fromStdString(formatNumber(rec.value)) : QString();
        case Status:
            return statusText(int(status));
        }
        break;
    case Qt::ForegroundRole: {
        const ThemeColors& c = m_theme->colors();
        switch (status) {
        case RecordStatus::Pending:
            return c.mutedText;
        case RecordStatus::Dropped:
            return index.column() == Status ? QVariant(c.dropped) : QVariant();
        case RecordStatus::SideOutput:
            return index.column() == Status ? QVariant(c.sideOutput) : QVariant();
        case RecordStatus::LateAccepted:
            return index.column() == Status ? QVariant(c.lateFire) : QVariant();
        default:
            return {};
        }
    }
    case Qt::FontRole:
        if (r == m_session->detail().record) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Key || index.column() == Status ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                                                 : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == EventTime)
            return tr("%1 (%2 ms)").arg(m_session->formatDateTime(rec.ts)).arg(rec.ts);
        if (index.column() == Arrival && arrived != kNoStep)
            return tr("step %1").arg(arrived);
        return {};
    case RecordIndexRole:
        return int(r);
    case EventTimeRole:
        return qint64(rec.ts);
    case StatusRole:
        return int(status);
    default:
        break;
    }
    return {};
}

QVariant RecordsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Number:
        return tr("#");
    case Arrival:
        return tr("Arrival");
    case Channel:
        return m_session->hasRun() && m_session->scenario().pipeline.kafka ? tr("Partition → reader") : tr("Channel");
    case EventTime:
        return tr("Event time");
    case Key:
        return tr("Key");
    case Value:
        return tr("Value");
    case Status:
        return tr("Status");
    }
    return {};
}

} // namespace tidemark::app
