#include "app/models/WindowsModel.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tidemark::app {

WindowsModel::WindowsModel(Session* session, TimeCursor* cursor, Theme* theme, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    connect(m_cursor, &TimeCursor::stepChanged, this, &WindowsModel::rebuild);
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        m_firedOf = -1;
        rebuild();
    });
    // in a graph, another operator selected is another table
    connect(m_cursor, &TimeCursor::selectionChanged, this, [this] {
        if (m_session->hasGraph() && graphStream() != m_stream)
            rebuild();
    });
    rebuild();
}

int WindowsModel::graphStream() const
{
    const GraphDocument& g = m_session->graph();
    const auto windows = [&](int stream) {
        const StreamGraph::Node& node = g.streams().node(stream);
        return node.op >= 0 && g.graph().operators[std::size_t(node.op)].runsWindow();
    };
    const int selected = m_cursor->selection().stream;
    if (selected >= 0 && selected < g.streams().streamCount() && windows(selected))
        return selected;
    for (int stream = g.streams().sourceCount(); stream < g.streams().streamCount(); ++stream) {
        if (windows(stream))
            return stream;
    }
    return -1;
}

std::vector<WindowsModel::Row> WindowsModel::graphRows() const
{
    std::vector<Row> rows;
    const GraphDocument& g = m_session->graph();
    if (m_stream < 0)
        return rows;
    const StreamGraph::Node& node = g.streams().node(m_stream);
    const GraphRun& run = g.run();
    if (m_firedOf != m_stream) { // every window the operator fires in the run, with the steps it fires at
        m_firedOf = m_stream;
        m_fired.clear();
        std::map<std::tuple<int, KeyId, Timestamp, Timestamp>, std::size_t> index;
        for (std::size_t i = 0; i < run.outputs().size(); ++i) {
            const GraphOutput& o = run.outputs()[i];
            const auto* fire = std::get_if<FireEvent>(&o.what);
            if (!fire || o.op != node.op)
                continue;
            const auto id = std::make_tuple(o.subtask, fire->key, fire->window.start(), fire->window.end());
            const auto [it, added] = index.try_emplace(id, m_fired.size());
            if (added)
                m_fired.push_back({o.subtask, fire->key, fire->window, {}});
            m_fired[it->second].fires.push_back(run.trace().stepOfOutput(i));
        }
    }
    // the windows with state at the step, as the operator holds them
    constexpr std::size_t kShownWindows = 100000;
    const GraphPipeline& state = g.player().state();
    const StepIndex step = StepIndex(m_session->currentStep());
    std::set<std::tuple<int, KeyId, Timestamp, Timestamp>> open;
    for (int sub = 0; sub < node.parallelism; ++sub) {
        const Timestamp eventTime = state.operatorWatermark(node.op, sub);
        for (const GraphPicture::OpenWindow& w : GraphPicture::openWindows(state, m_stream, sub, kShownWindows)) {
            const WindowStatus status = w.fired == 0   ? WindowStatus::Collecting
                : eventTime >= w.window.maxTimestamp() ? WindowStatus::InAllowedLateness
                                                       : WindowStatus::Fired;
            rows.push_back({sub, w.key, w.window, int(status), std::size_t(w.elements), w.fired,
                w.cleanupTime.value_or(kMaxTimestamp)});
            open.insert({sub, w.key, w.window.start(), w.window.end()});
        }
    }
    // and those that fired by the step and are gone
    for (const Fired& f : m_fired) {
        const auto fires = std::upper_bound(f.fires.begin(), f.fires.end(), step) - f.fires.begin();
        if (fires > 0 && !open.count({f.subtask, f.key, f.window.start(), f.window.end()}))
            rows.push_back({f.subtask, f.key, f.window, kCleanedUp, 0, std::uint32_t(fires), kMaxTimestamp});
    }
    return rows;
}

void WindowsModel::rebuild()
{
    std::vector<Row> rows;
    if (m_session->hasGraph()) {
        m_stream = graphStream();
        rows = graphRows();
    } else if (m_session->hasRun()) {
        const PipelineState& state = m_session->state();
        const int step = m_session->currentStep();
        for (const WindowState& w : state.windows)
            rows.push_back({w.subtask, w.key, w.window, int(w.status), w.count, w.fireCount, w.cleanupTime});
        const Trace& trace = m_session->trace();
        for (const FiredWindow& fw : trace.firedWindows()) {
            if (fw.firstFire == kNoStep || int(fw.firstFire) > step)
                continue;
            if (state.findWindow(fw.subtask, fw.key, fw.window))
                continue; // still live: listed from the state
            std::uint32_t fires = fw.fireCount;
            if (fw.lastFire != kNoStep && int(fw.lastFire) > step) {
                // it fires again later in the run: count only the fires so far
                fires = 0;
                for (std::size_t fi : trace.firesOfWindow(fw.subtask, fw.key, fw.window))
                    fires += int(trace.fires()[fi].step) <= step ? 1 : 0;
            }
            rows.push_back({fw.subtask, fw.key, fw.window, kCleanedUp, 0, fires, kMaxTimestamp});
        }
    }
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return std::tuple(a.window.start(), a.key, a.subtask, a.window.end())
            < std::tuple(b.window.start(), b.key, b.subtask, b.window.end());
    });
    // Same shape: update in place so that the selection survives stepping; otherwise reset.
    const bool sameShape = rows.size() == m_rows.size()
        && std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const Row& a, const Row& b) {
               return a.subtask == b.subtask && a.key == b.key && a.window == b.window;
           });
    if (sameShape) {
        m_rows = std::move(rows);
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int WindowsModel::rowOf(int subtask, KeyId key, const TimeWindow& window) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].subtask == subtask && m_rows[i].key == key && m_rows[i].window == window)
            return int(i);
    }
    return -1;
}

int WindowsModel::rowOf(const TimeCursor::Selection& selection) const
{
    if (selection.kind != TimeCursor::Selection::Kind::Window)
        return -1;
    if (m_session->hasGraph() && selection.stream != m_stream)
        return -1;
    return rowOf(selection.subtask, selection.key, selection.window);
}

TimeCursor::Selection WindowsModel::selectionAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return {};
    const Row& r = m_rows[std::size_t(row)];
    TimeCursor::Selection s = TimeCursor::Selection::ofWindow(r.subtask, r.key, r.window);
    if (m_session->hasGraph())
        s.stream = m_stream;
    return s;
}

int WindowsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WindowsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString WindowsModel::stateText(int state)
{
    if (state == kCleanedUp)
        return tr("fired, cleaned up");
    switch (WindowStatus(state)) {
    case WindowStatus::Collecting:
        return tr("collecting");
    case WindowStatus::Fired:
        return tr("fired");
    case WindowStatus::InAllowedLateness:
        return tr("in allowed lateness");
    case WindowStatus::Purged:
        return tr("purged");
    }
    return {};
}

QVariant WindowsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Key:
            return m_session->keyName(row.key);
        case Window:
            return m_session->formatWindow(row.window);
        case Subtask:
            return row.subtask;
        case Elements:
            return row.state == kCleanedUp ? QVariant(QStringLiteral("—")) : QVariant(qulonglong(row.elements));
        case State:
            return stateText(row.state);
        case Fires:
            return row.fires;
        case Cleanup:
            return row.cleanup == kMaxTimestamp ? QStringLiteral("—") : m_session->formatTime(row.cleanup);
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == State) {
            const ThemeColors& c = m_theme->colors();
            if (row.state == kCleanedUp)
                return c.mutedText;
            if (row.state == int(WindowStatus::InAllowedLateness))
                return c.windowLateness;
            if (row.fires > 0)
                return c.fire;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Cleanup)
            return tr(
                "The window's state is removed when the watermark passes this time (end − 1 ms + allowed lateness).");
        return {};
    case WindowStartRole:
        return qint64(row.window.start());
    case WindowEndRole:
        return qint64(row.window.end());
    case KeyIdRole:
        return qulonglong(row.key);
    case SubtaskRole:
        return row.subtask;
    case StateRole:
        return row.state;
    default:
        break;
    }
    return {};
}

QVariant WindowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Key:
        return tr("Key");
    case Window:
        return tr("Window");
    case Subtask:
        return tr("Subtask");
    case Elements:
        return tr("Elements");
    case State:
        return tr("State");
    case Fires:
        return tr("Fires");
    case Cleanup:
        return tr("Cleanup at");
    }
    return {};
}

} // namespace tidemark::app
