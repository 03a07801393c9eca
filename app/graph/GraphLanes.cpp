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

// The timestamp an output carries on to the operators that read it (none for what goes to a side output).
std::optional<Timestamp> forwardedTimestamp(const GraphOutput& o, const GraphPipeline& elements)
{
    if (const auto* fire = std::get_if<FireEvent>(&o.what))
        return fire->window.isGlobal() ? o.watermark : fire->window.maxTimestamp();
    if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what)) {
        if (join->kind == IntervalJoinOperator::Output::Kind::Pair)
            return join->timestamp;
        return std::nullopt;
    }
    if (const auto* process = std::get_if<ProcessOutput>(&o.what)) {
        if (process->timestamp)
            return process->timestamp;
        return process->number ? std::nullopt : std::optional<Timestamp>(elements.element(process->value).ts);
    }
    return std::nullopt;
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
    m_arrivalChannel.clear();
    if (m_session->hasGraph()) {
        const GraphTrace& trace = m_session->graph().run().trace();
        m_arrivalChannel.assign(m_session->graph().run().arrivals().size(), -1);
        for (StepIndex s = 1; s < trace.stepCount(); ++s) {
            const GraphStep& step = trace.step(s);
            if (step.kind == EventQueue::Kind::Arrival && step.subject < m_arrivalChannel.size())
                m_arrivalChannel[step.subject] = step.channel;
        }
        fitAll();
    }
    layoutRows();
}

void GraphLanes::fitAll()
{
    const TimeScale fitted = TimeScale()
                                 .withPixels(m_gutter, std::max(1.0, width() - m_gutter))
                                 .fitted(double(m_session->minEventTime()), double(m_session->maxEventTime()));
    m_cursor->setVisibleRange(fitted.start(), fitted.end());
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
            for (int c = 0; c < node.parallelism; ++c)
                m_rows.push_back({Row::Kind::Channel, stream, state.channelOf(node.source, c)});
            continue;
        }
        for (int i = 0; i < streams.inputCount(stream); ++i)
            m_rows.push_back({Row::Kind::Input, stream, i});
        for (int s = 0; s < node.parallelism; ++s)
            m_rows.push_back({Row::Kind::Subtask, stream, s});
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
    case Row::Kind::Input:
        return tr("%1 · input %2").arg(name).arg(row.index + 1);
    case Row::Kind::Subtask:
        return tr("%1 · subtask %2").arg(name).arg(row.index);
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
        p = pointAt(trace.operatorWatermarks(g.streams().node(row.stream).op, row.index), step);
        break;
    }
    if (!p)
        return kMinTimestamp;
    *idle = p->idle;
    return p->watermark;
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
        out << text;
    }
    return out;
}

void GraphLanes::paintRow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const
{
    const ThemeColors& c = m_theme->colors();
    const GraphDocument& g = m_session->graph();
    const GraphRun& run = g.run();
    const StepIndex step = StepIndex(m_session->currentStep());
    const GraphTrace& trace = run.trace();
    const std::size_t outputsDone
        = step + 1 < trace.stepCount() ? trace.step(step + 1).firstOutput : trace.outputs().size();
    const StreamGraph& streams = g.streams();
    const double top = lane.top() + 3;
    const double bottom = lane.bottom() - 3;
    const double midY = lane.center().y();
    auto visible = [&](Timestamp t) { return t >= scale.start() - 1 && t <= scale.end() + 1; };
    auto dot = [&](Timestamp t, const QColor& colour, double radius) {
        if (!visible(t))
            return;
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawEllipse(QPointF(scale.mapTimeToX(double(t)), midY), radius, radius);
    };
    auto cross = [&](Timestamp t, const QColor& colour) {
        if (!visible(t))
            return;
        const double x = scale.mapTimeToX(double(t));
        p.setPen(QPen(colour, 2));
        p.drawLine(QPointF(x - 4, midY - 4), QPointF(x + 4, midY + 4));
        p.drawLine(QPointF(x - 4, midY + 4), QPointF(x + 4, midY - 4));
    };
    // what arrived: a channel's records, or an input's elements
    if (row.kind == Row::Kind::Channel) {
        const std::uint32_t done = trace.step(step).arrivalsDone;
        const int source = streams.node(row.stream).source;
        const int local = run.pipeline().localChannel(row.index); // a step names its source's own channel
        const auto& records = run.graph().sources[static_cast<std::size_t>(source)].records;
        for (std::uint32_t k = 0; k < done && k < m_arrivalChannel.size(); ++k) {
            const GraphArrival& a = run.arrivals()[k];
            if (a.source == source && m_arrivalChannel[k] == local)
                dot(records[a.record].ts, k + 1 == done ? c.current : c.channelWatermark, 3.5);
        }
    } else if (row.kind == Row::Kind::Input) {
        const std::uint32_t done = trace.step(step).arrivalsDone;
        for (int from = 0; from < streams.streamCount(); ++from) {
            for (const StreamGraph::Edge& e : streams.edgesFrom(from)) {
                if (e.to != row.stream || e.input != row.index)
                    continue;
                const StreamGraph::Node& up = streams.node(from);
                if (up.source >= 0) {
                    const auto& records = run.graph().sources[static_cast<std::size_t>(up.source)].records;
                    for (std::uint32_t k = 0; k < done; ++k) {
                        const GraphArrival& a = run.arrivals()[k];
                        if (a.source == up.source && !records[a.record].isWatermark())
                            dot(records[a.record].ts, c.channelWatermark, 3);
                    }
                    continue;
                }
                for (std::size_t i = 0; i < outputsDone; ++i) {
                    const GraphOutput& o = run.outputs()[i];
                    if (o.op != up.op)
                        continue;
                    if (const auto t = forwardedTimestamp(o, run.pipeline()))
                        dot(*t, c.fire, 3);
                }
            }
        }
    } else if (row.kind == Row::Kind::Subtask) {
        const int op = streams.node(row.stream).op;
        QFont small = font();
        small.setPointSizeF(font().pointSizeF() * 0.85);
        p.setFont(small);
        // a window's fires on this subtask, every key's in one band: "home 3 · cart 1" (the latest of each key)
        struct Band {
            bool late = false;
            std::vector<std::pair<KeyId, std::size_t>> counts;
        };
        std::map<std::pair<Timestamp, Timestamp>, Band> bands;
        for (std::size_t i = 0; i < outputsDone; ++i) {
            const GraphOutput& o = run.outputs()[i];
            if (o.op != op || o.subtask != row.index)
                continue;
            if (const auto* fire = std::get_if<FireEvent>(&o.what)) {
                if (fire->window.isGlobal()) {
                    dot(o.watermark, c.fire, 4);
                    continue;
                }
                Band& band = bands[{fire->window.start(), fire->window.end()}];
                band.late = band.late || fire->timing == FireTiming::Late;
                const auto same = std::find_if(
                    band.counts.begin(), band.counts.end(), [&](const auto& kc) { return kc.first == fire->key; });
                if (same != band.counts.end())
                    same->second = fire->count;
                else
                    band.counts.emplace_back(fire->key, fire->count);
            } else if (const auto* late = std::get_if<LateEvent>(&o.what)) {
                cross(late->ts, late->action == LateAction::Dropped ? c.dropped : c.sideOutput);
            } else if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what)) {
                using K = IntervalJoinOperator::Output::Kind;
                if (join->kind == K::Pair) {
                    // the pair linked: its two records and the output at the larger timestamp
                    const Timestamp l = run.pipeline().element(join->left).ts;
                    const Timestamp r = run.pipeline().element(join->right).ts;
                    if (visible(l) || visible(r)) {
                        p.setPen(QPen(c.fire, 1));
                        p.drawLine(QPointF(scale.mapTimeToX(double(l)), midY - 5),
                            QPointF(scale.mapTimeToX(double(r)), midY - 5));
                    }
                    dot(join->timestamp, c.fire, 4);
                } else {
                    cross(join->timestamp, join->kind == K::Dropped ? c.dropped : c.sideOutput);
                }
            } else if (const auto t = forwardedTimestamp(o, run.pipeline())) {
                dot(*t, c.fire, 4);
            }
        }
        for (const auto& [window, band] : bands) {
            const double x0 = scale.mapTimeToX(double(window.first));
            const double x1 = scale.mapTimeToX(double(window.second));
            if (x1 < lane.left() || x0 > lane.right())
                continue;
            const QRectF r(
                std::max(x0, lane.left()), top, std::min(x1, lane.right()) - std::max(x0, lane.left()), bottom - top);
            p.setPen(QPen(band.late ? c.lateFire : c.windowFiredBorder, 1));
            QColor fill = c.windowFired;
            fill.setAlpha(120);
            p.setBrush(fill);
            p.drawRect(r);
            QStringList counts;
            for (const auto& [key, count] : band.counts)
                counts << (key == kNoKey ? QString::number(count)
                                         : tr("%1 %2").arg(m_session->keyName(key)).arg(count));
            p.setPen(c.text);
            p.drawText(r, Qt::AlignCenter,
                QFontMetricsF(small).elidedText(counts.join(QStringLiteral(" · ")), Qt::ElideRight, r.width() - 4));
        }
        p.setFont(font());
    }
    // the watermark at the cursor: a line across the lane, grey when idle
    bool idle = false;
    const Timestamp wm = rowWatermark(row, &idle);
    if (wm != kMinTimestamp && wm != kMaxTimestamp && visible(wm)) {
        const double x = scale.mapTimeToX(double(wm));
        const bool holds = m_session->graphAt().holds(row.stream, row.kind == Row::Kind::Input ? row.index : -1);
        QPen pen(idle                            ? c.idle
                : row.kind == Row::Kind::Channel ? c.channelWatermark
                                                 : c.operatorWatermark,
            holds && !idle ? 3 : 2);
        if (idle)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(x, lane.top() + 1), QPointF(x, lane.bottom() - 1));
    }
}

void GraphLanes::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const ThemeColors& c = m_theme->colors();
    p.fillRect(rect(), c.background);
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
            const bool holds
                = at.holds(row.stream, row.kind == Row::Kind::Input ? row.index : -1) && row.kind != Row::Kind::Subtask;
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
