#include "app/models/RecordsModel.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
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
    resetRows();
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        beginResetModel();
        resetRows();
        endResetModel();
    });
    // in a graph, another source selected is another table
    connect(m_cursor, &TimeCursor::selectionChanged, this, [this] {
        if (!m_session->hasGraph() || graphSource() == m_source)
            return;
        beginResetModel();
        resetRows();
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

void RecordsModel::resetRows()
{
    m_graphRecords.clear();
    m_graphLates.clear();
    m_source = -1;
    if (m_session->hasGraph()) {
        m_source = graphSource();
        collectGraphRecords();
        m_rows = int(m_graphRecords.size());
        return;
    }
    m_rows = m_session->hasRun() ? int(m_session->scenario().records.size()) : 0;
}

int RecordsModel::graphSource() const
{
    const int selected = m_cursor->selection().stream;
    const StreamGraph& streams = m_session->graph().streams();
    return selected >= 0 && selected < streams.sourceCount() ? selected : 0;
}

void RecordsModel::collectGraphRecords()
{
    const GraphRun& run = m_session->graph().run();
    const GraphTrace& trace = run.trace();
    const GraphPipeline& end = run.pipeline();
    const auto& records = run.graph().sources[std::size_t(m_source)].records;
    m_graphRecords.assign(records.size(), {});
    // the operators that read the source itself: what they put out as late in the step a record arrives is that
    // record (records are handed on at once)
    std::vector<bool> reads(run.graph().operators.size());
    for (const StreamGraph::Edge& e : end.streams().edgesFrom(m_source))
        reads[std::size_t(end.streams().node(e.to).op)] = true;
    for (StepIndex s = 1; s < trace.stepCount(); ++s) {
        const GraphStep& step = trace.step(s);
        if (step.kind != EventQueue::Kind::Arrival)
            continue;
        const GraphArrival& a = run.arrivals()[step.subject];
        if (a.source != m_source)
            continue;
        GraphRecord& r = m_graphRecords[a.record];
        r.arrived = s;
        r.channel = step.channel;
        const InputRecord& rec = records[a.record];
        for (const GraphOutput& o : trace.outputsOf(s)) {
            if (!reads[std::size_t(o.op)])
                continue;
            if (const auto* late = std::get_if<LateEvent>(&o.what);
                late && late->ts == rec.ts && late->key == rec.key) {
                m_graphLates[int(a.record)].emplace_back(o.op, late->action == LateAction::SideOutput);
            } else if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what); join
                       && join->kind != IntervalJoinOperator::Output::Kind::Pair && join->timestamp == rec.ts
                       && join->key == rec.key) {
                m_graphLates[int(a.record)].emplace_back(o.op, join->kind == IntervalJoinOperator::Output::Kind::Late);
            }
        }
    }
}

QVariant RecordsModel::channelCell(const InputRecord& rec, int channel)
{
    if (rec.partition != InputRecord::kNoPartition) // a Kafka record: its partition, then its reader
        return tr("p%1 → %2").arg(rec.partition).arg(channel >= 0 ? QString::number(channel) : QStringLiteral("—"));
    if (channel >= 0)
        return channel;
    return rec.isWatermark() ? tr("all") : QStringLiteral("—");
}

QVariant RecordsModel::graphData(const QModelIndex& index, int role) const
{
    const GraphRun& run = m_session->graph().run();
    const GraphSource& source = run.graph().sources[std::size_t(m_source)];
    const InputRecord& rec = source.records[std::size_t(index.row())];
    const GraphRecord& r = m_graphRecords[std::size_t(index.row())];
    const bool arrived = r.arrived != kNoStep && r.arrived <= StepIndex(m_session->currentStep());
    const auto lates = m_graphLates.find(index.row());
    const bool late = lates != m_graphLates.end();
    const ThemeColors& c = m_theme->colors();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Number:
            return index.row() + 1;
        case Arrival:
            return r.arrived == kNoStep
                ? QVariant(QStringLiteral("—"))
                : QVariant(Session::formatProcessingTime(run.trace().step(r.arrived).processingTime));
        case Channel:
            return channelCell(rec, r.channel);
        case EventTime:
            return m_session->formatTime(rec.ts);
        case Key:
            return rec.isWatermark() ? QString() : m_session->keyName(rec.key);
        case Value:
            return rec.hasValue ? QString::fromStdString(formatNumber(rec.value)) : QString();
        case Status:
            if (rec.isWatermark())
                return statusText(int(RecordStatus::Watermark));
            if (!arrived)
                return statusText(int(RecordStatus::Pending));
            if (late) {
                QStringList fates;
                for (const auto& [op, sideOutput] : lates->second) {
                    const QString name = QString::fromStdString(run.graph().operators[std::size_t(op)].name);
                    fates << (sideOutput ? tr("to %1's late side output").arg(name) : tr("dropped by %1").arg(name));
                }
                return tr("late: %1").arg(fates.join(QStringLiteral(", ")));
            }
            return tr("arrived");
        }
        break;
    case Qt::ForegroundRole:
        if (!arrived)
            return c.mutedText;
        if (index.column() == Status && late)
            return lates->second.front().second ? c.sideOutput : c.dropped;
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Key || index.column() == Status ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                                                 : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == Arrival && r.arrived != kNoStep)
            return tr("step %1").arg(r.arrived);
        return {};
    case EventTimeRole:
        return qint64(rec.ts);
    default:
        break;
    }
    return {};
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
    if (m_session->hasGraph() || selection.kind != TimeCursor::Selection::Kind::Record
        || selection.record >= RecordIndex(m_rows))
        return -1;
    return int(selection.record); // rows are in record order
}

TimeCursor::Selection RecordsModel::selectionAt(int row) const
{
    if (m_session->hasGraph()) // a graph's record is not selected alone: its source stays selected
        return TimeCursor::Selection::ofStream(m_source);
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
    if (m_session->hasGraph())
        return graphData(index, role);
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
            return channelCell(rec, r < placements.size() ? placements[r].channel : -1);
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
        if (m_session->hasGraph())
            return m_session->graph().graph().sources[std::size_t(m_source)].kafka ? tr("Partition → reader")
                                                                                   : tr("Channel");
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
