#include "app/graph/GraphLanes.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <map>

namespace tidemark::app {

namespace {

constexpr double kAxis = 24;
constexpr double kHeading = 22;
constexpr double kLane = 24;

// A history's point in force after `step` (the first is step 0).
const WatermarkPoint* pointAt(std::span<const WatermarkPoint> history, StepIndex step)
{
    const auto it = std::upper_bound(
        history.begin(), history.end(), step, [](StepIndex s, const WatermarkPoint& p) { return s < p.step; });
    return it == history.begin() ? nullptr : &*(it - 1);
}

} // namespace

GraphLanes::GraphLanes(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setObjectName(QStringLiteral("graphLanes"));
    setMouseTracking(true);
    connect(m_cursor, &TimeCursor::runChanged, this, &GraphLanes::rebuild);
    connect(m_cursor, &TimeCursor::stepChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::visibleRangeChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::selectionChanged, this, &GraphLanes::layoutRows);
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
    rebuild();
}

void GraphLanes::rebuild()
{
    m_collapsed.clear();
    collectLanes();
    if (m_session->hasGraph())
        fitAll();
    layoutRows();
}

void GraphLanes::collectLanes()
{
    m_lanes.clear();
    if (!m_session->hasGraph())
        return;
    const GraphRun& run = m_session->graph().run();
    const GraphTrace& trace = run.trace();
    const StreamGraph& streams = m_session->graph().streams();
    const GraphPipeline& end = run.pipeline();
    const auto id = [](int stream, Row::Kind kind, int index, KeyId key = kNoKey) {
        return LaneId {stream, int(kind), index, key};
    };
    // a process subtask's timers, kept while they are of few keys: each key has a lane
    const GraphPicture& picture = m_session->graph().picture();
    for (int stream = streams.sourceCount(); stream < streams.streamCount(); ++stream) {
        const StreamGraph::Node& node = streams.node(stream);
        if (trace.timerChanges().empty() || !run.graph().operators[std::size_t(node.op)].runsProcessFunction())
            continue;
        for (int s = 0; s < node.parallelism; ++s) {
            std::vector<GraphPicture::TimerLife> lives = picture.timerLives(stream, s);
            std::vector<KeyId> keys;
            for (const auto& life : lives) {
                if (std::find(keys.begin(), keys.end(), life.key) == keys.end())
                    keys.push_back(life.key);
                if (keys.size() > kKeyLanes)
                    break;
            }
            if (keys.empty() || keys.size() > kKeyLanes)
                continue;
            Lane& lane = m_lanes[id(stream, Row::Kind::Subtask, s)];
            lane.timers = std::move(lives);
            lane.timerKeys = std::move(keys);
        }
    }
    // the records: on their source's channel lane (and partition's)
    for (StepIndex s = 1; s < trace.stepCount(); ++s) {
        const GraphStep& step = trace.step(s);
        if (step.kind != EventQueue::Kind::Arrival || step.channel < 0)
            continue;
        const GraphArrival& a = run.arrivals()[step.subject];
        const InputRecord& record = run.graph().sources[std::size_t(a.source)].records[a.record];
        m_lanes[id(a.source, Row::Kind::Channel, end.channelOf(a.source, step.channel))].dots.marks.push_back(
            {record.ts, s});
        if (record.partition >= 0 && trace.hasPartitionWatermarks(a.source))
            m_lanes[id(a.source, Row::Kind::Partition, record.partition)].dots.marks.push_back({record.ts, s});
    }
    // what reached each operator input: a source's records, what the operator before it put out
    picture.forEachArrival([&](int stream, int input, const GraphPicture::Arrived& arrived) {
        m_lanes[id(stream, Row::Kind::Input, input)].dots.marks.push_back({arrived.ts, arrived.step});
    });
    // the outputs: on their subtask's lane
    std::map<Lane*, std::map<std::pair<Timestamp, Timestamp>, std::vector<Lane::Band::Fire>>> bandsOf;
    const auto& outputs = run.outputs();
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const GraphOutput& o = outputs[i];
        const StepIndex s = trace.stepOfOutput(i);
        const int stream = streams.streamOfOperator(o.op);
        Lane& lane = m_lanes[id(stream, Row::Kind::Subtask, o.subtask)];
        if (const auto* fire = std::get_if<FireEvent>(&o.what)) {
            if (fire->window.isGlobal())
                lane.dots.marks.push_back({o.watermark, s});
            else
                bandsOf[&lane][{fire->window.start(), fire->window.end()}].push_back(
                    {s, fire->key, fire->count, fire->timing == FireTiming::Late});
        } else if (const auto* late = std::get_if<LateEvent>(&o.what)) {
            (late->action == LateAction::Dropped ? lane.dropped : lane.sideOutput).marks.push_back({late->ts, s});
        } else if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what)) {
            using K = IntervalJoinOperator::Output::Kind;
            if (join->kind == K::Pair) {
                lane.dots.marks.push_back({join->timestamp, s});
                lane.pairs.push_back({end.element(join->left).ts, end.element(join->right).ts, s});
            } else {
                (join->kind == K::Dropped ? lane.dropped : lane.sideOutput).marks.push_back({join->timestamp, s});
            }
        } else if (const auto t = GraphPicture::forwardedTimestamp(o, end)) {
            lane.dots.marks.push_back({*t, s});
            // and on its key's lane, when it has one
            const auto* process = std::get_if<ProcessOutput>(&o.what);
            if (process
                && std::find(lane.timerKeys.begin(), lane.timerKeys.end(), process->key) != lane.timerKeys.end())
                m_lanes[id(stream, Row::Kind::Key, o.subtask, process->key)].dots.marks.push_back({*t, s});
        }
    }
    for (auto& [id, lane] : m_lanes) {
        lane.dots.prepare();
        lane.dropped.prepare();
        lane.sideOutput.prepare();
    }
    for (auto& [lane, windows] : bandsOf) {
        for (auto& [window, fires] : windows)
            lane->bands.push_back({window.first, window.second, std::move(fires)});
    }
}

void GraphLanes::Marks::prepare()
{
    std::stable_sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.ts < b.ts; });
    const std::size_t n = marks.size();
    tree.assign(2 * n, kNoStep);
    for (std::size_t i = 0; i < n; ++i)
        tree[n + i] = marks[i].step;
    for (std::size_t i = n; i-- > 1;)
        tree[i] = std::min(tree[2 * i], tree[2 * i + 1]);
}

StepIndex GraphLanes::Marks::earliestIn(Timestamp from, Timestamp to) const
{
    const auto byTime = [](const Mark& m, Timestamp t) { return m.ts < t; };
    std::size_t lo = std::size_t(std::lower_bound(marks.begin(), marks.end(), from, byTime) - marks.begin());
    std::size_t hi = std::size_t(std::lower_bound(marks.begin(), marks.end(), to, byTime) - marks.begin());
    StepIndex earliest = kNoStep;
    const std::size_t n = marks.size();
    for (lo += n, hi += n; lo < hi; lo /= 2, hi /= 2) {
        if (lo & 1)
            earliest = std::min(earliest, tree[lo++]);
        if (hi & 1)
            earliest = std::min(earliest, tree[--hi]);
    }
    return earliest;
}

const std::vector<StepIndex>& GraphLanes::Marks::columnsFor(const TimeScale& scale) const
{
    const auto key = std::make_tuple(scale.start(), scale.end(), scale.x0(), scale.width());
    if (key == columnsOf && !columns.empty())
        return columns;
    columnsOf = key;
    columns.assign(std::size_t(std::max(1.0, scale.width())) + 1, kNoStep);
    if (marks.empty())
        return columns;
    // column x holds the times that map into [x, x + 1)
    Timestamp from = scale.timeAtX(scale.x0());
    for (std::size_t x = 0; x < columns.size(); ++x) {
        const Timestamp to = scale.timeAtX(scale.x0() + double(x) + 1);
        if (to > from)
            columns[x] = earliestIn(from, to);
        from = std::max(from, to);
    }
    return columns;
}

void GraphLanes::fitAll()
{
    const TimeScale fitted = TimeScale()
                                 .withPixels(m_gutter, std::max(1.0, width() - m_gutter))
                                 .fitted(double(m_session->minEventTime()), double(m_session->maxEventTime()));
    m_cursor->setVisibleRange(fitted.start(), fitted.end());
}

void GraphLanes::zoomIn()
{
    const TimeScale zoomed = scale().zoomedStep(true);
    m_cursor->setVisibleRange(zoomed.start(), zoomed.end());
}

void GraphLanes::zoomOut()
{
    const TimeScale zoomed = scale().zoomedStep(false);
    m_cursor->setVisibleRange(zoomed.start(), zoomed.end());
}

void GraphLanes::layoutRows()
{
    m_rows.clear();
    if (!m_session->hasGraph()) {
        updateGeometry();
        update();
        return;
    }
    const GraphDocument& g = m_session->graph();
    const StreamGraph& streams = g.streams();
    const GraphPipeline& state = g.run().pipeline();
    std::vector<int> order;
    const auto& selection = m_cursor->selection();
    if (selection.kind == TimeCursor::Selection::Kind::Stream && selection.stream >= 0
        && selection.stream < streams.streamCount())
        order.push_back(selection.stream); // the selected vertex's lanes first
    for (int s = 0; s < streams.streamCount(); ++s) {
        if (order.empty() || order.front() != s)
            order.push_back(s);
    }
    for (const int stream : order) {
        m_rows.push_back({Row::Kind::Heading, stream, 0});
        if (m_collapsed.count(stream))
            continue;
        const StreamGraph::Node& node = streams.node(stream);
        if (node.source >= 0) {
            const bool partitions = g.run().trace().hasPartitionWatermarks(node.source);
            for (int c = 0; c < node.parallelism; ++c) {
                m_rows.push_back({Row::Kind::Channel, stream, state.channelOf(node.source, c)});
                for (const int partition :
                    partitions ? state.source(node.source).readerPartitions(c) : std::vector<int> {})
                    m_rows.push_back({Row::Kind::Partition, stream, partition});
            }
            continue;
        }
        for (int i = 0; i < streams.inputCount(stream); ++i)
            m_rows.push_back({Row::Kind::Input, stream, i});
        for (int s = 0; s < node.parallelism; ++s) {
            m_rows.push_back({Row::Kind::Subtask, stream, s});
            const auto lane = m_lanes.find(LaneId {stream, int(Row::Kind::Subtask), s, kNoKey});
            if (lane == m_lanes.end())
                continue;
            for (const KeyId key : lane->second.timerKeys)
                m_rows.push_back({Row::Kind::Key, stream, s, key});
        }
    }
    // the row labels' column: as wide as the longest label, within reason
    double widest = fontMetrics().horizontalAdvance(m_session->labels().axisTitle());
    for (const Row& row : m_rows)
        widest = std::max(widest, double(fontMetrics().horizontalAdvance(rowLabel(row))));
    m_gutter = std::clamp(widest + 26, 140.0, 320.0);
    updateGeometry();
    update();
}

void GraphLanes::setCollapsed(int stream, bool collapsed)
{
    if (collapsed)
        m_collapsed.insert(stream);
    else
        m_collapsed.erase(stream);
    layoutRows();
}

QSize GraphLanes::sizeHint() const
{
    double h = kAxis;
    for (const Row& r : m_rows)
        h += r.kind == Row::Kind::Heading ? kHeading : kLane;
    return {800, int(h) + 4};
}

TimeScale GraphLanes::scale() const
{
    return TimeScale(m_cursor->visibleStart(), m_cursor->visibleEnd(), m_gutter, std::max(1.0, width() - m_gutter - 8));
}

bool GraphLanes::holdsBack(const Row& row) const
{
    if (row.kind != Row::Kind::Partition)
        return false;
    const GraphDocument& g = m_session->graph();
    const SourceOperator& source = g.player().state().source(g.streams().node(row.stream).source);
    const int reader = source.readerOfPartition(row.index);
    const auto& blocker = m_session->graphAt().blocker;
    return reader >= 0 && source.holdingPartition(reader) == row.index
        && std::find(blocker.begin(), blocker.end(), HoldLink {row.stream, reader, 0}) != blocker.end();
}

QString GraphLanes::rowLabel(const Row& row) const
{
    const GraphDocument& g = m_session->graph();
    const QString name = QString::fromStdString(g.streamName(row.stream));
    const StreamGraph::Node& node = g.streams().node(row.stream);
    switch (row.kind) {
    case Row::Kind::Heading:
        return (m_collapsed.count(row.stream) ? QStringLiteral("▸ ") : QStringLiteral("▾ ")) + name;
    case Row::Kind::Channel: {
        const GraphSource& src = g.graph().sources[static_cast<std::size_t>(node.source)];
        const int local = g.run().pipeline().localChannel(row.index);
        return tr("%1 · %2").arg(name, QString::fromStdString(src.channelName(local)));
    }
    case Row::Kind::Partition:
        return tr("%1 · partition %2").arg(name).arg(row.index);
    case Row::Kind::Input:
        return tr("%1 · input %2").arg(name).arg(row.index + 1);
    case Row::Kind::Subtask:
        return tr("%1 · subtask %2").arg(name).arg(row.index);
    case Row::Kind::Key:
        return tr("%1 · key %2").arg(name, m_session->keyName(row.key));
    }
    return name;
}

Timestamp GraphLanes::rowWatermark(const Row& row, bool* idle) const
{
    const GraphDocument& g = m_session->graph();
    const GraphTrace& trace = g.run().trace();
    const StepIndex step = StepIndex(m_session->currentStep());
    const WatermarkPoint* p = nullptr;
    *idle = false;
    switch (row.kind) {
    case Row::Kind::Heading:
        return kMinTimestamp;
    case Row::Kind::Channel:
        p = pointAt(trace.channelWatermarks(row.index), step);
        break;
    case Row::Kind::Partition:
        p = pointAt(trace.partitionWatermarks(g.streams().node(row.stream).source, row.index), step);
        break;
    case Row::Kind::Input: {
        // the lowest over the subtasks' valves, idle when every one is
        const StreamGraph::Node& node = g.streams().node(row.stream);
        Timestamp lowest = kMaxTimestamp;
        bool allIdle = true;
        for (int s = 0; s < node.parallelism; ++s) {
            const WatermarkPoint* q = pointAt(trace.inputWatermarks(node.op, s, row.index), step);
            lowest = std::min(lowest, q ? q->watermark : kMinTimestamp);
            allIdle = allIdle && q && q->idle;
        }
        *idle = allIdle;
        return lowest;
    }
    case Row::Kind::Subtask:
    case Row::Kind::Key: // a key's event time is its subtask's
        p = pointAt(trace.operatorWatermarks(g.streams().node(row.stream).op, row.index), step);
        break;
    }
    if (!p)
        return kMinTimestamp;
    *idle = p->idle;
    return p->watermark;
}

QRectF GraphLanes::laneRect(Row::Kind kind, int stream, int index) const
{
    double y = kAxis;
    for (const Row& row : m_rows) {
        const double h = row.kind == Row::Kind::Heading ? kHeading : kLane;
        if (row.kind == kind && row.stream == stream && row.index == index)
            return {scale().x0(), y, scale().width(), h};
        y += h;
    }
    return {};
}

QRectF GraphLanes::subtaskLane(int stream, int subtask) const
{
    return laneRect(Row::Kind::Subtask, stream, subtask);
}

QRectF GraphLanes::inputLane(int stream, int input) const
{
    return laneRect(Row::Kind::Input, stream, input);
}

QStringList GraphLanes::rowTexts() const
{
    QStringList out;
    for (const Row& row : m_rows) {
        bool idle = false;
        const Timestamp wm = rowWatermark(row, &idle);
        QString text = rowLabel(row);
        if (row.kind != Row::Kind::Heading)
            text
                += wm == kMinTimestamp ? tr(": no watermark yet") : tr(": watermark %1").arg(m_session->formatTime(wm));
        if (idle)
            text += tr(" (idle)");
        if (row.kind == Row::Kind::Partition
            && m_session->graph().run().trace().partitionFinished(
                m_session->graph().streams().node(row.stream).source, row.index, StepIndex(m_session->currentStep())))
            text += tr(" (finished)");
        if (holdsBack(row) && row.kind == Row::Kind::Partition)
            text += tr(" (holds its reader)");
        if (row.kind == Row::Kind::Subtask) {
            QStringList timers;
            for (const auto& t : timersOf(row)) {
                const QString key = t.key == kNoKey ? QString() : m_session->keyName(t.key) + QLatin1Char(' ');
                timers << (t.domain == TimeDomain::Event
                        ? tr("%1at %2").arg(key, m_session->formatTime(t.ts))
                        : tr("%1at processing time %2").arg(key, Session::formatProcessingTime(t.ts)));
            }
            if (!timers.isEmpty())
                text += tr("; timers: %1").arg(timers.join(QStringLiteral(", ")));
            QStringList collecting;
            for (const auto& w : openWindowsOf(row)) {
                collecting << (w.key == kNoKey ? tr("%1 (%2)").arg(m_session->formatWindow(w.window)).arg(w.elements)
                                               : tr("%1 %2 (%3)")
                                                     .arg(m_session->formatWindow(w.window), m_session->keyName(w.key))
                                                     .arg(w.elements));
            }
            if (!collecting.isEmpty())
                text += tr("; collecting: %1").arg(collecting.join(QStringLiteral(", ")));
        }
        if (row.kind == Row::Kind::Key)
            text += timerLivesText(row);
        out << text;
    }
    return out;
}

void GraphLanes::paintRow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const ThemeColors& c = m_theme->colors();
    const StepIndex step = StepIndex(m_session->currentStep());
    const double top = lane.top() + 3;
    const double bottom = lane.bottom() - 3;
    const double midY = lane.center().y();
    if (const Lane* found = laneOf(row)) {
        const Lane& content = *found;
        // marks up to the step, once per column (the step's own in the current colour), drawn together: a dense
        // lane is thousands of them
        const auto columns = [&](const Marks& marks, std::vector<QPointF>& past, std::vector<QPointF>& now) {
            const auto& earliest = marks.columnsFor(scale);
            for (std::size_t x = 0; x < earliest.size(); ++x) {
                if (earliest[x] <= step)
                    (earliest[x] == step ? now : past).emplace_back(scale.x0() + double(x) + 0.5, midY);
            }
        };
        std::vector<QPointF> past;
        std::vector<QPointF> now;
        columns(content.dots, past, now);
        const bool output = row.kind == Row::Kind::Subtask || row.kind == Row::Kind::Key;
        const double radius = output ? 4 : 3;
        const auto dots = [&](const std::vector<QPointF>& at, const QColor& colour) {
            if (at.size() > 200) { // too close to tell apart: squares, without antialiasing
                p.save();
                p.setRenderHint(QPainter::Antialiasing, false);
                p.setPen(QPen(colour, 2 * radius, Qt::SolidLine, Qt::SquareCap));
                p.drawPoints(at.data(), int(at.size()));
                p.restore();
                return;
            }
            p.setPen(Qt::NoPen);
            p.setBrush(colour);
            for (const QPointF& x : at)
                p.drawEllipse(x, radius, radius);
        };
        dots(past, output ? c.fire : c.channelWatermark);
        dots(now, c.current);
        const auto crosses = [&](const Marks& marks, const QColor& colour) {
            std::vector<QPointF> at;
            columns(marks, at, at);
            std::vector<QLineF> lines;
            for (const QPointF& x : at) {
                lines.emplace_back(x + QPointF(-4, -4), x + QPointF(4, 4));
                lines.emplace_back(x + QPointF(-4, 4), x + QPointF(4, -4));
            }
            p.setPen(QPen(colour, 2));
            p.drawLines(lines.data(), int(lines.size()));
        };
        crosses(content.dropped, c.dropped);
        crosses(content.sideOutput, c.sideOutput);
        // a join's pairs linked to their two records, while there are few enough to tell apart
        constexpr std::size_t kLinkedPairs = 2000;
        if (content.pairs.size() <= kLinkedPairs) {
            p.setPen(QPen(c.fire, 1));
            for (const Lane::Pair& pair : content.pairs) {
                if (pair.step <= step)
                    p.drawLine(QPointF(scale.mapTimeToX(double(pair.left)), midY - 5),
                        QPointF(scale.mapTimeToX(double(pair.right)), midY - 5));
            }
        }
        // fired windows: one band per window with what it printed up to the step, each key's latest count while
        // they are few ("home 3 · cart 1"), else how many results
        QFont small = font();
        small.setPointSizeF(font().pointSizeF() * 0.85);
        p.setFont(small);
        const QFontMetricsF smallMetrics(small);
        QColor fill = c.windowFired;
        fill.setAlpha(120);
        for (auto b = content.bands.begin(); b != content.bands.end() && double(b->start) <= scale.end(); ++b) {
            if (double(b->end) < scale.start())
                continue;
            const auto firedBy = std::upper_bound(b->fires.begin(), b->fires.end(), step,
                [](StepIndex s, const Lane::Band::Fire& f) { return s < f.step; });
            if (firedBy == b->fires.begin())
                continue;
            const bool late = std::any_of(b->fires.begin(), firedBy, [](const auto& f) { return f.late; });
            const double x0 = std::max(scale.mapTimeToX(double(b->start)), lane.left());
            const double x1 = std::min(scale.mapTimeToX(double(b->end)), lane.right());
            const QRectF r(x0, top, std::max(1.0, x1 - x0), bottom - top);
            p.setPen(QPen(late ? c.lateFire : c.windowFiredBorder, 1));
            p.setBrush(fill);
            p.drawRect(r);
            if (r.width() < 16)
                continue;
            constexpr long kNamedKeys = 4;
            QString label;
            if (firedBy - b->fires.begin() <= kNamedKeys) {
                std::vector<std::pair<KeyId, std::size_t>> counts;
                for (auto f = b->fires.begin(); f != firedBy; ++f) {
                    const auto same = std::find_if(
                        counts.begin(), counts.end(), [&](const auto& kc) { return kc.first == f->key; });
                    if (same != counts.end())
                        same->second = f->count;
                    else
                        counts.emplace_back(f->key, f->count);
                }
                QStringList parts;
                for (const auto& [key, count] : counts)
                    parts << (key == kNoKey ? QString::number(count)
                                            : tr("%1 %2").arg(m_session->keyName(key)).arg(count));
                label = parts.join(QStringLiteral(" · "));
            } else {
                label = tr("%n result(s)", nullptr, int(firedBy - b->fires.begin()));
            }
            p.setPen(c.text);
            p.drawText(r, Qt::AlignCenter, smallMetrics.elidedText(label, Qt::ElideRight, r.width() - 4));
        }
        p.setFont(font());
    }
    if (row.kind == Row::Kind::Subtask) {
        paintOpenWindows(p, row, lane, scale);
        const Lane* content = laneOf(row);
        if (!content || content->timerKeys.empty()) // else each key's lane draws its own
            paintTimers(p, row, lane, scale);
        paintSelectedWindow(p, row, lane, scale);
    }
    if (row.kind == Row::Kind::Key)
        paintTimerLives(p, row, lane, scale);
    if (row.kind == Row::Kind::Input)
        paintSelectedInputRecord(p, row, lane, scale);
    // the watermark at the cursor: a line across the lane, grey when idle
    bool idle = false;
    const Timestamp wm = rowWatermark(row, &idle);
    if (wm != kMinTimestamp && wm != kMaxTimestamp && wm >= scale.start() && wm <= scale.end()) {
        const double x = scale.mapTimeToX(double(wm));
        const bool holds = row.kind == Row::Kind::Partition
            ? holdsBack(row)
            : m_session->graphAt().holds(row.stream, row.kind == Row::Kind::Input ? row.index : -1);
        const bool ofSource = row.kind == Row::Kind::Channel || row.kind == Row::Kind::Partition;
        QPen pen(idle ? c.idle : ofSource ? c.channelWatermark : c.operatorWatermark, holds && !idle ? 3 : 2);
        if (idle)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(x, lane.top() + 1), QPointF(x, lane.bottom() - 1));
    }
}

std::vector<GraphPicture::OpenWindow> GraphLanes::openWindowsOf(const Row& row) const
{
    std::vector<GraphPicture::OpenWindow> out
        = GraphPicture::openWindows(m_session->graph().player().state(), row.stream, row.index, kShownOpenWindows);
    // those not fired yet (a fired one is a band of its own) and not the global window (no bounds to draw)
    std::erase_if(out, [](const GraphPicture::OpenWindow& w) { return w.fired > 0 || w.window.isGlobal(); });
    return out;
}

void GraphLanes::paintOpenWindows(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    // windows still collecting: each (start, end) once, with each key's elements so far while they are few
    std::map<std::pair<Timestamp, Timestamp>, std::vector<std::pair<KeyId, std::uint64_t>>> collecting;
    for (const auto& w : openWindowsOf(row))
        collecting[{w.window.start(), w.window.end()}].emplace_back(w.key, w.elements);
    if (collecting.empty())
        return;
    const ThemeColors& c = m_theme->colors();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.save();
    p.setFont(small);
    const QFontMetricsF metrics(small);
    for (const auto& [bounds, keys] : collecting) {
        if (double(bounds.second) < scale.start() || double(bounds.first) > scale.end())
            continue;
        const double x0 = std::max(scale.mapTimeToX(double(bounds.first)), lane.left());
        const double x1 = std::min(scale.mapTimeToX(double(bounds.second)), lane.right());
        const QRectF r(x0, lane.top() + 3, std::max(1.0, x1 - x0), lane.height() - 6);
        p.setPen(QPen(c.windowCollectingBorder, 1, Qt::DashLine));
        p.setBrush(c.windowCollecting);
        p.drawRect(r);
        if (r.width() < 16)
            continue;
        constexpr std::size_t kNamedKeys = 4;
        QStringList parts;
        if (keys.size() <= kNamedKeys) {
            for (const auto& [key, n] : keys)
                parts << (key == kNoKey ? tr("%n so far", nullptr, int(n))
                                        : tr("%1 %2 so far").arg(m_session->keyName(key)).arg(n));
        } else {
            parts << tr("%n keys collecting", nullptr, int(keys.size()));
        }
        p.setPen(c.mutedText);
        p.drawText(
            r, Qt::AlignCenter, metrics.elidedText(parts.join(QStringLiteral(" · ")), Qt::ElideRight, r.width() - 4));
    }
    p.restore();
}

std::optional<TimeCursor::Selection> GraphLanes::windowAt(const Row& row, double x) const
{
    if (row.kind != Row::Kind::Subtask || x < m_gutter)
        return std::nullopt;
    const Timestamp t = scale().timeAtX(x);
    const auto select = [&row](KeyId key, const TimeWindow& window) {
        TimeCursor::Selection s = TimeCursor::Selection::ofWindow(row.index, key, window);
        s.stream = row.stream;
        return s;
    };
    // a window fired by the step, then one still collecting
    const StepIndex step = StepIndex(m_session->currentStep());
    if (const Lane* content = laneOf(row)) {
        for (const Lane::Band& b : content->bands) {
            if (b.start <= t && t < b.end && !b.fires.empty() && b.fires.front().step <= step)
                return select(b.fires.front().key, TimeWindow(b.start, b.end));
        }
    }
    for (const auto& w : openWindowsOf(row)) {
        if (w.window.start() <= t && t < w.window.end())
            return select(w.key, w.window);
    }
    return std::nullopt;
}

void GraphLanes::paintSelectedWindow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const TimeCursor::Selection& sel = m_cursor->selection();
    if (sel.kind != TimeCursor::Selection::Kind::Window || sel.stream != row.stream || sel.subtask != row.index)
        return;
    const double x0 = std::max(scale.mapTimeToX(double(sel.window.start())), lane.left());
    const double x1 = std::min(scale.mapTimeToX(double(sel.window.end())), lane.right());
    if (x1 < lane.left() || x0 > lane.right())
        return;
    p.save();
    p.setPen(QPen(m_theme->colors().selection, 2.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(x0, lane.top() + 2, std::max(2.0, x1 - x0), lane.height() - 4));
    p.restore();
}

std::vector<GraphPicture::Timer> GraphLanes::timersOf(const Row& row) const
{
    return GraphPicture::timers(m_session->graph().player().state(), row.stream, row.index);
}

void GraphLanes::paintTimers(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const std::vector<GraphPicture::Timer> timers = timersOf(row);
    if (timers.empty())
        return;
    // An event-time timer waits at its time for the watermark: a hollow triangle hanging from the lane's top, with
    // its key while they stand apart. A processing-time timer waits for the clock, which is not this axis: counted
    // at the lane's end.
    const ThemeColors& c = m_theme->colors();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    p.save();
    p.setFont(small);
    const QFontMetricsF metrics(small);
    double lastX = -1e9;
    double labelEnd = -1e9;
    int onTheClock = 0;
    Timestamp nextOnTheClock = kMaxTimestamp;
    for (const auto& t : timers) {
        if (t.domain == TimeDomain::Processing) {
            ++onTheClock;
            nextOnTheClock = std::min(nextOnTheClock, t.ts);
            continue;
        }
        if (double(t.ts) < scale.start() || double(t.ts) > scale.end())
            continue;
        const double x = std::round(scale.mapTimeToX(double(t.ts))) + 0.5;
        if (x - lastX < 3)
            continue; // one a column
        lastX = x;
        const double top = lane.top() + 2;
        const QPointF triangle[3] = {{x - 5, top}, {x + 5, top}, {x, top + 8}};
        p.setPen(QPen(c.fire, 1.5));
        p.setBrush(c.laneBackground);
        p.drawPolygon(triangle, 3);
        if (t.key == kNoKey)
            continue;
        const QString key = m_session->keyName(t.key);
        const double width = metrics.horizontalAdvance(key);
        if (x + 7 > labelEnd && x + 7 + width < lane.right()) {
            p.setPen(c.mutedText);
            p.drawText(QPointF(x + 7, top + metrics.ascent()), key);
            labelEnd = x + 7 + width + 6;
        }
    }
    if (onTheClock > 0) {
        const QString text = tr("%n processing-time timer(s), next at %1", nullptr, onTheClock)
                                 .arg(Session::formatProcessingTime(nextOnTheClock));
        p.setPen(c.mutedText);
        p.drawText(lane.adjusted(0, 0, -6, 0), Qt::AlignRight | Qt::AlignBottom, text);
    }
    p.restore();
}

std::optional<TimeCursor::Selection> GraphLanes::inputRecordAt(const Row& row, double x) const
{
    if (row.kind != Row::Kind::Input || x < m_gutter)
        return std::nullopt;
    const GraphDocument& g = m_session->graph();
    const int op = g.streams().node(row.stream).op;
    if (g.graph().operators[std::size_t(op)].kind != GraphOperator::Kind::IntervalJoin)
        return std::nullopt;
    // the closest record within a few pixels that has come by the step
    const StepIndex step = StepIndex(m_session->currentStep());
    const TimeScale s = scale();
    const std::vector<GraphPicture::Arrived> arrived = g.picture().arrivedAt(row.stream, row.index);
    std::optional<std::size_t> closest;
    double best = 6;
    for (std::size_t i = 0; i < arrived.size() && arrived[i].step <= step; ++i) {
        const double d = std::abs(s.mapTimeToX(double(arrived[i].ts)) - x);
        if (d <= best) {
            best = d;
            closest = i;
        }
    }
    if (!closest)
        return std::nullopt;
    return TimeCursor::Selection::ofInputRecord(row.stream, row.index, *closest);
}

void GraphLanes::paintSelectedInputRecord(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const TimeCursor::Selection& sel = m_cursor->selection();
    if (sel.kind != TimeCursor::Selection::Kind::InputRecord || sel.stream != row.stream)
        return;
    const JoinRecordWhy* why = m_session->graph().joinRecordWhy(sel.stream, sel.channel, sel.record);
    if (!why)
        return;
    const QColor colour = m_theme->colors().selection;
    p.save();
    if (row.index == sel.channel) {
        p.setPen(QPen(colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(scale.mapTimeToX(double(why->record.ts)), lane.center().y()), 7, 7);
    } else if (why->from <= why->to) {
        // the times it pairs with, the bounds applied: a band from the first to the last
        const double x0 = std::max(scale.mapTimeToX(double(why->from)), lane.left());
        const double x1 = std::min(scale.mapTimeToX(double(why->to)), lane.right());
        if (x1 >= lane.left() && x0 <= lane.right()) {
            QColor fill = colour;
            fill.setAlpha(50);
            p.setPen(QPen(colour, 1.5));
            p.setBrush(fill);
            p.drawRect(QRectF(x0, lane.top() + 2, std::max(2.0, x1 - x0), lane.height() - 4));
        }
    }
    p.restore();
}

const GraphLanes::Lane* GraphLanes::laneOf(const Row& row) const
{
    const auto it = m_lanes.find(LaneId {row.stream, int(row.kind), row.index, row.key});
    return it == m_lanes.end() ? nullptr : &it->second;
}

const GraphLanes::Lane* GraphLanes::subtaskLaneOf(const Row& row) const
{
    return laneOf(Row {Row::Kind::Subtask, row.stream, row.index, kNoKey});
}

QString GraphLanes::timerLivesText(const Row& row) const
{
    const Lane* lane = subtaskLaneOf(row);
    if (!lane)
        return {};
    const StepIndex step = StepIndex(m_session->currentStep());
    QStringList lives;
    for (const auto& life : lane->timers) {
        if (life.key != row.key || life.registered > step)
            continue;
        const QString at = life.domain == TimeDomain::Event
            ? m_session->formatTime(life.ts)
            : tr("processing time %1").arg(Session::formatProcessingTime(life.ts));
        if (life.waitsAt(step))
            lives << tr("%1 registered at step %2, waiting").arg(at).arg(life.registered);
        else
            lives << (life.fired ? tr("%1 registered at step %2, fired at step %3")
                                 : tr("%1 registered at step %2, deleted at step %3"))
                         .arg(at)
                         .arg(life.registered)
                         .arg(life.ended);
    }
    return lives.isEmpty() ? QString() : tr("; timers: %1").arg(lives.join(QStringLiteral(", ")));
}

void GraphLanes::paintTimerLives(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const Lane* content = subtaskLaneOf(row);
    if (!content)
        return;
    // Each event-time timer the key registered by the step: a line from the event time it was registered at to its
    // time, the distance the watermark had to go; at its time a triangle, hollow while it waits, filled once it has
    // fired, struck through once deleted (the line grey). The step's own change in the current colour. A
    // processing-time timer's clock is not this axis: counted at the lane's end.
    const ThemeColors& c = m_theme->colors();
    const StepIndex step = StepIndex(m_session->currentStep());
    const double top = lane.top() + 4;
    const double lineY = lane.center().y() + 4;
    int onTheClock = 0;
    p.save();
    for (const auto& life : content->timers) {
        if (life.key != row.key || life.registered > step)
            continue;
        if (life.domain == TimeDomain::Processing) {
            onTheClock += life.waitsAt(step) ? 1 : 0;
            continue;
        }
        const bool waiting = life.waitsAt(step);
        const bool deleted = !waiting && !life.fired;
        const bool now = life.registered == step || life.ended == step;
        const QColor colour = now ? c.current : deleted ? c.idle : c.fire;
        const double x = scale.mapTimeToX(double(life.ts));
        const double from = life.eventTimeAtRegistration <= kMinTimestamp
            ? lane.left()
            : std::max(lane.left(), scale.mapTimeToX(double(life.eventTimeAtRegistration)));
        if (x < lane.left() - 6 || from > lane.right())
            continue;
        p.setPen(QPen(colour, 1, waiting ? Qt::DotLine : Qt::SolidLine));
        p.drawLine(QPointF(from, lineY), QPointF(x, lineY));
        const QPointF triangle[3] = {{x - 5, top}, {x + 5, top}, {x, top + 9}};
        p.setPen(QPen(colour, 1.5));
        p.setBrush(waiting || deleted ? c.laneBackground : colour);
        p.drawPolygon(triangle, 3);
        if (deleted) {
            p.drawLine(QPointF(x - 6, top - 1), QPointF(x + 6, top + 10));
        }
    }
    if (onTheClock > 0) {
        p.setPen(c.mutedText);
        p.drawText(lane.adjusted(0, 0, -6, 0), Qt::AlignRight | Qt::AlignBottom,
            tr("%n processing-time timer(s) waiting", nullptr, onTheClock));
    }
    p.restore();
}

void GraphLanes::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paint(p);
}

void GraphLanes::paint(QPainter& p) const
{
    const ThemeColors& c = m_theme->colors();
    p.fillRect(QRect(0, 0, width(), std::max(height(), sizeHint().height())), c.background);
    if (!m_session->hasGraph())
        return;
    p.setRenderHint(QPainter::Antialiasing);
    const TimeScale s = scale();
    // the axis
    const TickStep tickStep = TimeScale::niceStep(s.msPerPixel(), 90, m_session->scenario().display.timeFormat);
    const std::vector<Tick> ticks = s.ticks(tickStep);
    p.setPen(c.mutedText);
    p.drawText(
        QRectF(6, 2, m_gutter - 12, kAxis - 4), Qt::AlignLeft | Qt::AlignVCenter, m_session->labels().axisTitle());
    for (const Tick& t : ticks) {
        if (!t.major)
            continue;
        p.drawText(
            QRectF(t.x - 60, 2, 120, kAxis - 4), Qt::AlignCenter, m_session->labels().tickLabel(t.time, tickStep));
    }
    double y = kAxis;
    const GraphPicture::At& at = m_session->graphAt();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row& row = m_rows[i];
        const double h = row.kind == Row::Kind::Heading ? kHeading : kLane;
        const QRectF full(0, y, width(), h);
        if (row.kind == Row::Kind::Heading) {
            p.fillRect(full, c.gridMinor);
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(at.holds(row.stream) ? c.operatorWatermark : c.text);
            p.drawText(full.adjusted(6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, rowLabel(row));
            p.setFont(font());
        } else {
            p.fillRect(full, i % 2 ? c.laneBackground : c.laneAlternate);
            const bool holds = holdsBack(row)
                || (at.holds(row.stream, row.kind == Row::Kind::Input ? row.index : -1)
                    && (row.kind == Row::Kind::Channel || row.kind == Row::Kind::Input));
            if (holds)
                p.fillRect(QRectF(0, y, m_gutter - 4, h), c.holdingBack);
            p.setPen(c.mutedText);
            p.drawText(QRectF(14, y, m_gutter - 20, h), Qt::AlignLeft | Qt::AlignVCenter,
                fontMetrics().elidedText(rowLabel(row), Qt::ElideRight, int(m_gutter - 20)));
            const QRectF lane(m_gutter, y, width() - m_gutter, h);
            p.save();
            p.setClipRect(lane);
            for (const Tick& t : ticks) {
                p.setPen(t.major ? c.grid : c.gridMinor);
                p.drawLine(QPointF(t.x, y), QPointF(t.x, y + h));
            }
            paintRow(p, row, lane, s);
            p.restore();
        }
        y += h;
    }
}

void GraphLanes::mousePressEvent(QMouseEvent* event)
{
    double y = kAxis;
    for (const Row& row : m_rows) {
        const double h = row.kind == Row::Kind::Heading ? kHeading : kLane;
        if (event->position().y() >= y && event->position().y() < y + h) {
            if (row.kind == Row::Kind::Heading) {
                setCollapsed(row.stream, !isCollapsed(row.stream));
                return;
            }
            // a window of a subtask's lane, or a record of a join's input, is selected for every view (the Why
            // (not)? panel explains it)
            if (event->button() == Qt::LeftButton) {
                if (const auto window = windowAt(row, event->position().x()))
                    m_cursor->select(*window);
                else if (const auto record = inputRecordAt(row, event->position().x()))
                    m_cursor->select(*record);
            }
            break;
        }
        y += h;
    }
    if (event->button() == Qt::LeftButton && event->position().x() > m_gutter)
        m_dragX = event->position().x();
}

void GraphLanes::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragX < 0 || !(event->buttons() & Qt::LeftButton))
        return;
    const TimeScale moved = scale().panned(event->position().x() - m_dragX);
    m_dragX = event->position().x();
    m_cursor->setVisibleRange(moved.start(), moved.end());
}

void GraphLanes::mouseReleaseEvent(QMouseEvent*)
{
    m_dragX = -1;
}

void GraphLanes::mouseDoubleClickEvent(QMouseEvent*)
{
    fitAll();
}

void GraphLanes::wheelEvent(QWheelEvent* event)
{
    if (!(event->modifiers() & Qt::ControlModifier))
        return QWidget::wheelEvent(event); // the scroll area scrolls
    const double factor = event->angleDelta().y() > 0 ? 1.25 : 0.8;
    const TimeScale zoomed = scale().zoomedAround(event->position().x(), factor);
    m_cursor->setVisibleRange(zoomed.start(), zoomed.end());
}

} // namespace tidemark::app
