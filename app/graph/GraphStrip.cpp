#include "app/graph/GraphStrip.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace tidemark::app {

namespace {

constexpr double kPadding = 6;
constexpr int kLines = 4; // name, kind, watermark, counts
constexpr double kNarrowestBox = 110;

QPolygonF arrowHead(const QPointF& tip, double size)
{
    return QPolygonF({tip, tip + QPointF(-size, -size / 2), tip + QPointF(-size, size / 2)});
}

} // namespace

GraphStrip::GraphStrip(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setObjectName(QStringLiteral("graphStrip"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_cursor, &TimeCursor::runChanged, this, &GraphStrip::rebuild);
    connect(m_cursor, &TimeCursor::stepChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::selectionChanged, this, qOverload<>(&QWidget::update));
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
    rebuild();
}

GraphStrip::~GraphStrip() = default;

void GraphStrip::rebuild()
{
    if (m_session->hasGraph())
        m_layout = std::make_unique<GraphLayout>(m_session->graph().graph(), m_session->graph().streams());
    else
        m_layout.reset();
    setVisible(m_layout != nullptr);
    updateGeometry();
    if (m_layout)
        m_layout->place(rect(), placedBoxSize());
    update();
}

QSizeF GraphStrip::boxSize() const
{
    const QFontMetricsF fm(font());
    double width = fm.horizontalAdvance(QStringLiteral("watermark 00:00:00.000 (idle)"));
    if (m_session->hasGraph() && m_layout) {
        const GraphDocument& g = m_session->graph();
        for (int s = 0; s < g.streams().streamCount(); ++s)
            width = std::max(width, fm.horizontalAdvance(QString::fromStdString(g.streamName(s))));
        for (const GraphLayout::Box& box : m_layout->boxes()) {
            if (!box.isUnion())
                width = std::max(width, fm.horizontalAdvance(kindText(box)));
        }
    }
    return {std::min(width + 2 * kPadding, 280.0), kLines * fm.lineSpacing() + 2 * kPadding};
}

QSize GraphStrip::sizeHint() const
{
    if (!m_layout)
        return {0, 0};
    return m_layout->preferredSize(boxSize()).toSize() + QSize(0, 4);
}

QSize GraphStrip::minimumSizeHint() const
{
    return sizeHint();
}

void GraphStrip::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_layout)
        m_layout->place(rect(), placedBoxSize());
}

QSizeF GraphStrip::placedBoxSize() const
{
    // narrower than the graph would like: the boxes give way (their texts elide) before the edges between them
    QSizeF box = boxSize();
    const int columns = m_layout ? m_layout->columnCount() : 1;
    const double room
        = (width() - 2 * GraphLayout::kMargin - (columns - 1) * GraphLayout::kColumnGap) / std::max(1, columns);
    box.setWidth(std::max(kNarrowestBox, std::min(box.width(), room)));
    return box;
}

QString GraphStrip::kindText(const GraphLayout::Box& box) const
{
    const JobGraph& g = m_session->graph().graph();
    if (box.source >= 0) {
        const GraphSource& s = g.sources[static_cast<std::size_t>(box.source)];
        return (s.kafka ? tr("Kafka source") : tr("Source")) + tr(" · parallelism %1").arg(s.watermarks.parallelism);
    }
    const GraphOperator& op = g.operators[static_cast<std::size_t>(box.op)];
    using K = GraphOperator::Kind;
    QString kind;
    switch (op.kind) {
    case K::Union:
        return tr("union");
    case K::Window:
        kind = op.window.keyBy ? tr("Window") : tr("WindowAll");
        break;
    case K::Process:
        kind = tr("KeyedProcess");
        break;
    case K::IntervalJoin:
        kind = tr("IntervalJoin");
        break;
    case K::CoProcess:
        kind = tr("KeyedCoProcess");
        break;
    case K::BroadcastProcess:
        kind = tr("CoBroadcastWithKeyed");
        break;
    case K::WindowJoin:
        kind = tr("Window join");
        break;
    case K::CoGroup:
        kind = tr("CoGroup");
        break;
    case K::Watermarks:
        kind = tr("Timestamps/Watermarks");
        break;
    }
    return kind + tr(" · parallelism %1").arg(op.subtasks());
}

QString GraphStrip::watermarkText(Timestamp watermark) const
{
    if (watermark == kMinTimestamp)
        return tr("no watermark yet");
    if (watermark == kMaxTimestamp) // Long.MAX_VALUE: the end of its input
        return tr("watermark %1").arg(m_session->formatTime(watermark));
    return tr("watermark %1").arg(m_session->formatTime(watermark));
}

QString GraphStrip::partitionerText(const GraphLayout::Link& link) const
{
    if (!link.partitioner)
        return {};
    const GraphLayout::Box& to = m_layout->boxes()[static_cast<std::size_t>(link.to)];
    const GraphOperator& op = m_session->graph().graph().operators[static_cast<std::size_t>(to.op)];
    using P = StreamGraph::Partitioner;
    switch (*link.partitioner) {
    case P::Hash: // Flink names the edge into windowAll's one subtask GLOBAL
        return op.runsWindow() && !op.window.keyBy ? QStringLiteral("GLOBAL") : QStringLiteral("HASH");
    case P::Broadcast:
        return QStringLiteral("BROADCAST");
    case P::Forward:
        return QStringLiteral("FORWARD");
    case P::Rebalance:
        return QStringLiteral("REBALANCE");
    }
    return {};
}

QString GraphStrip::vertexText(int index) const
{
    const GraphLayout::Box& box = m_layout->boxes()[static_cast<std::size_t>(index)];
    const GraphDocument& g = m_session->graph();
    if (box.isUnion())
        return tr("%1: union").arg(QString::fromStdString(g.graph().operators[static_cast<std::size_t>(box.op)].name));
    const GraphPicture::At& at = m_session->graphAt();
    const GraphPicture::Vertex& v = at.vertices[static_cast<std::size_t>(box.stream)];
    QStringList parts {watermarkText(v.watermark)};
    if (v.ended)
        parts << tr("ended");
    else if (v.idle)
        parts << tr("idle");
    for (std::size_t i = 0; i < v.inputs.size() && v.inputs.size() > 1; ++i) {
        if (v.inputs[i].idle)
            parts << tr("input %1 idle").arg(i + 1);
    }
    if (box.op >= 0)
        parts << tr("%1 out").arg(v.results);
    if (v.late > 0)
        parts << tr("%1 late").arg(v.late);
    if (v.dropped > 0)
        parts << tr("%1 dropped").arg(v.dropped);
    QString text = tr("%1: %2").arg(QString::fromStdString(g.streamName(box.stream)), parts.join(QStringLiteral(", ")));
    if (!at.blocker.empty() && at.blocker.back().stream == box.stream)
        text += tr("; holds the sink back");
    else if (box.stream == at.sink)
        text += tr("; the slowest sink");
    else if (at.holds(box.stream))
        text += tr("; on the hold");
    return text;
}

QStringList GraphStrip::vertexTexts() const
{
    QStringList out;
    for (int b = 0; m_layout && b < static_cast<int>(m_layout->boxes().size()); ++b)
        out << vertexText(b);
    return out;
}

std::vector<int> GraphStrip::holdingLinks() const
{
    std::vector<int> out;
    if (!m_layout)
        return out;
    const std::vector<HoldLink>& path = m_session->graphAt().blocker;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const auto links = m_layout->linksHolding(path[i].stream, path[i].input, path[i + 1].stream);
        out.insert(out.end(), links.begin(), links.end());
    }
    return out;
}

QRectF GraphStrip::boxOfStream(int stream) const
{
    const int b = m_layout ? m_layout->boxOfStream(stream) : -1;
    return b < 0 ? QRectF() : m_layout->boxes()[static_cast<std::size_t>(b)].rect;
}

void GraphStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paint(p);
}

void GraphStrip::paint(QPainter& p) const
{
    const ThemeColors& c = m_theme->colors();
    p.fillRect(rect(), c.background);
    if (!m_layout || !m_session->hasGraph())
        return;
    p.setRenderHint(QPainter::Antialiasing);
    const GraphPicture::At& at = m_session->graphAt();
    const std::vector<int> holding = holdingLinks();
    const QFontMetricsF fm(font());
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetricsF smallMetrics(small);

    // edges first, under the boxes
    const auto& boxes = m_layout->boxes();
    const auto& links = m_layout->links();
    for (int i = 0; i < static_cast<int>(links.size()); ++i) {
        const GraphLayout::Link& l = links[static_cast<std::size_t>(i)];
        const QPointF from = m_layout->exitPoint(l);
        const QPointF to = m_layout->entryPoint(l);
        const GraphLayout::Box& target = boxes[static_cast<std::size_t>(l.to)];
        const GraphPicture::Vertex* reader
            = target.stream >= 0 ? &at.vertices[static_cast<std::size_t>(target.stream)] : nullptr;
        const bool idle = reader && static_cast<std::size_t>(l.input) < reader->inputs.size()
            && reader->inputs[static_cast<std::size_t>(l.input)].idle;
        const bool holds = std::find(holding.begin(), holding.end(), i) != holding.end();
        QPen pen(holds ? c.operatorWatermark : idle ? c.idle : c.mutedText, holds ? 3.0 : 1.4);
        if (idle)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        const double dx = std::max(24.0, (to.x() - from.x()) / 2);
        QPainterPath path(from);
        path.cubicTo(from + QPointF(dx, 0), to - QPointF(dx, 0), to - QPointF(7, 0));
        p.drawPath(path);
        p.setPen(Qt::NoPen);
        p.setBrush(pen.color());
        p.drawPolygon(arrowHead(to, 8));
        p.setFont(small);
        const QString label = partitionerText(l);
        if (!label.isEmpty()) {
            const QPointF mid = path.pointAtPercent(0.5);
            QRectF r = smallMetrics.boundingRect(label).adjusted(-3, -1, 3, 1);
            r.moveCenter(mid);
            p.setBrush(c.background);
            p.drawRect(r);
            p.setPen(holds ? c.operatorWatermark : c.mutedText);
            p.drawText(r, Qt::AlignCenter, label);
        }
        // an operator of two inputs: each input's watermark beside its arrow
        if (reader && reader->inputs.size() > 1) {
            const GraphPicture::Input& in = reader->inputs[static_cast<std::size_t>(l.input)];
            const QString text = tr("in %1: %2")
                                     .arg(l.input + 1)
                                     .arg(in.idle                            ? tr("idle")
                                             : in.watermark == kMinTimestamp ? QStringLiteral("—")
                                                                             : m_session->formatTime(in.watermark));
            QRectF r(to.x() - GraphLayout::kColumnGap + 10, to.y() - smallMetrics.height() - 2,
                GraphLayout::kColumnGap - 12, smallMetrics.height());
            p.setPen(holds ? c.operatorWatermark : idle ? c.idle : c.text);
            p.drawText(r, Qt::AlignRight | Qt::AlignBottom, smallMetrics.elidedText(text, Qt::ElideLeft, r.width()));
        }
        p.setFont(font());
    }

    // the vertices
    const auto& selection = m_cursor->selection();
    for (int b = 0; b < static_cast<int>(boxes.size()); ++b) {
        const GraphLayout::Box& box = boxes[static_cast<std::size_t>(b)];
        const QRectF r = box.rect;
        if (box.isUnion()) {
            p.setPen(QPen(c.mutedText, 1.2));
            p.setBrush(c.laneAlternate);
            p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
            p.setPen(c.text);
            const QString name
                = QString::fromStdString(m_session->graph().graph().operators[static_cast<std::size_t>(box.op)].name);
            p.drawText(r, Qt::AlignCenter, fm.elidedText(tr("∪ %1").arg(name), Qt::ElideRight, r.width() - 8));
            continue;
        }
        const GraphPicture::Vertex& v = at.vertices[static_cast<std::size_t>(box.stream)];
        const bool onHold = at.holds(box.stream);
        const bool origin = !at.blocker.empty() && at.blocker.back().stream == box.stream;
        // the vertex selected, or the one whose window is
        if (selection.stream >= 0 && selection.stream == box.stream) {
            p.setPen(QPen(c.selection, 3));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(-4, -4, 4, 4), 7, 7);
        }
        // the hold in the colour of the watermark that decides; where it starts filled as the timeline fills the
        // channel holding the minimum
        const QColor fill = origin ? c.holdingBack : v.idle ? c.laneAlternate : c.laneBackground;
        QPen border(onHold ? c.operatorWatermark : c.grid, onHold ? 2.5 : 1.2);
        if (v.idle)
            border.setStyle(Qt::DashLine);
        p.setPen(border);
        p.setBrush(fill);
        p.drawRoundedRect(r, 5, 5);

        const QRectF text = r.adjusted(kPadding, kPadding, -kPadding, -kPadding);
        const double line = fm.lineSpacing();
        const QColor ink = v.idle ? c.mutedText : c.text;
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(ink);
        const QString name = QString::fromStdString(m_session->graph().streamName(box.stream));
        p.drawText(QRectF(text.left(), text.top(), text.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(bold).elidedText(name, Qt::ElideRight, text.width()));
        p.setFont(font());
        p.setPen(c.mutedText);
        p.drawText(QRectF(text.left(), text.top() + line, text.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(kindText(box), Qt::ElideRight, text.width()));
        QString wm = watermarkText(v.watermark);
        if (v.ended)
            wm += tr(" (ended)");
        else if (v.idle)
            wm += tr(" (idle)");
        p.setPen(onHold ? c.operatorWatermark : ink);
        p.drawText(QRectF(text.left(), text.top() + 2 * line, text.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(wm, Qt::ElideRight, text.width()));
        if (box.op >= 0) {
            // results, then late and dropped in their colours
            double x = text.left();
            const double y = text.top() + 3 * line;
            auto part = [&](const QString& s, const QColor& colour) {
                p.setPen(colour);
                p.drawText(QRectF(x, y, text.right() - x, line), Qt::AlignLeft | Qt::AlignVCenter, s);
                x += fm.horizontalAdvance(s);
            };
            part(tr("%1 out").arg(v.results), ink);
            if (v.late > 0)
                part(tr(" · %1 late").arg(v.late), c.sideOutput);
            if (v.dropped > 0)
                part(tr(" · %1 dropped").arg(v.dropped), c.dropped);
        }
    }
}

void GraphStrip::mousePressEvent(QMouseEvent* event)
{
    if (!m_layout || event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int b = m_layout->boxAt(event->position());
    const int stream = b >= 0 ? m_layout->boxes()[static_cast<std::size_t>(b)].stream : -1;
    if (stream >= 0)
        m_cursor->select(TimeCursor::Selection::ofStream(stream));
    else
        m_cursor->clearSelection();
}

bool GraphStrip::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_layout && m_session->hasGraph()) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int b = m_layout->boxAt(help->pos());
        const int stream = b >= 0 ? m_layout->boxes()[static_cast<std::size_t>(b)].stream : -1;
        if (stream < m_session->graph().streams().sourceCount()) {
            QToolTip::showText(help->globalPos(), b >= 0 ? vertexText(b) : QString(), this);
            return true;
        }
        // an operator: its hold, as --explain says it
        const GraphDocument& g = m_session->graph();
        QStringList lines {vertexText(b)};
        const int op = g.streams().node(stream).op;
        for (const GraphHold& hold : g.currentHolds()) {
            if (hold.op == op)
                lines << QString::fromStdString(hold.text);
        }
        QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace tidemark::app
