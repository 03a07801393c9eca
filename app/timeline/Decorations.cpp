#include "app/timeline/Decorations.h"
#include "app/timeline/TimelineText.h"

#include "app/Theme.h"
#include "app/timeline/PaintCache.h"
#include "app/timeline/TimelineFrame.h"
#include "app/timeline/TimelineScene.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tidemark::app {

namespace {

constexpr int kLegendKeys = 8;

// Label-cache slots of the decorations (the bands use 0-3).
constexpr int kLegendSlot = 4;
constexpr int kTickSlot = 5;

double itemWidth(const QFontMetricsF& fm, const QString& text, double unit)
{
    return 18 * unit + fm.horizontalAdvance(text) + 18 * unit;
}

} // namespace

std::vector<LegendItem> legendItems(const Session& session)
{
    using S = LegendItem::Symbol;
    std::vector<LegendItem> items;
    const int keys = std::min(session.keyCount(), kLegendKeys);
    for (int k = 0; k < keys; ++k)
        items.push_back({S::Key, k, TimelineText::tr("key %1").arg(session.keyName(KeyId(k)))});
    if (session.keyCount() > keys)
        items.push_back({S::MoreKeys, 0, TimelineText::tr("+%1 keys").arg(session.keyCount() - keys)});
    items.push_back({S::NotArrived, 0, TimelineText::tr("not arrived yet")});
    items.push_back({S::LateRefired, 0, TimelineText::tr("late, re-fired")});
    items.push_back({S::LateDropped, 0, TimelineText::tr("late, dropped")});
    items.push_back({S::LateSideOutput, 0, TimelineText::tr("late, side output")});
    items.push_back({S::ChannelWatermark, 0, TimelineText::tr("channel watermark")});
    items.push_back({S::Fire, 0, TimelineText::tr("fire")});
    items.push_back({S::LateFire, 0, TimelineText::tr("late re-fire")});
    if (session.scenario().pipeline.window.allowedLatenessMs > 0)
        items.push_back({S::AllowedLateness, 0, TimelineText::tr("allowed lateness")});
    return items;
}

std::vector<int> legendRows(
    const std::vector<LegendItem>& items, const QFontMetricsF& fm, double left, double right, double unit)
{
    std::vector<int> rows;
    int row = 0;
    double x = left;
    for (const LegendItem& item : items) {
        const double width = itemWidth(fm, item.text, unit);
        if (x > left && x + width - 18 * unit > right) { // the last gap may run past the edge
            x = left;
            ++row;
        }
        rows.push_back(row);
        x += width;
    }
    return rows;
}

DecorationPainter::DecorationPainter(
    QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache)
    : p(painter)
    , f(frame)
    , m_scene(scene)
    , m_cache(cache)
{ }

void DecorationPainter::paintBackgroundAndAxis(const QRect& rect)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const TimeScale& sc = m_scene.scale;
    const TimeLabels& labels = f.session.labels();
    const QFont tickFont = f.font(10.5);
    p.setFont(tickFont); // the font as the device resolves it, for its metrics
    const QFontMetricsF fm(p.font());
    const double labelWidth
        = fm.horizontalAdvance(labels.tickLabel(Timestamp(sc.start()), {1, TickStep::Unit::Millisecond}));
    const TickStep step
        = TimeScale::niceStep(sc.msPerPixel(), std::max(f.s(90), labelWidth + f.s(24)), labels.format());
    const auto ticks = sc.ticks(step, -labels.utcOffsetMs(Timestamp(sc.start())));
    const double labelY = l.axisTop + l.axisHeight - f.s(10);

    // Everything the layer draws, as values: an equal picture draws equal pixels, so the image of the last one
    // serves as long as the view's time range and size stay (every step of a presentation).
    AxisPicture picture;
    picture.rect = rect;
    picture.background = c.background.rgba();
    picture.tickFont = tickFont;
    picture.gridBottom = int(l.footerTop);
    picture.labelColor = c.text.rgba();
    for (const Tick& t : ticks) {
        // grid lines on whole pixels: crisp, and a rectangle one pixel wide
        const int top = int(l.axisTop + l.axisHeight - (t.major ? f.s(8) : f.s(4)));
        picture.lines.push_back({int(std::lround(t.x)), top, (t.major ? c.grid : c.gridMinor).rgba()});
        if (!t.major)
            continue;
        const QString text = labels.tickLabel(t.time, step);
        const double w = fm.horizontalAdvance(text);
        // a label the gutter or the view's edge would cut ("0000000000") is left to the next tick
        if (t.x - w / 2 < l.plot.left() - f.s(2) || t.x + w / 2 > l.plot.right() + f.s(14))
            continue;
        picture.labels.push_back({t.x - w / 2, labelY - fm.ascent(), text, picture.lines.size()});
    }
    // the gutter names the axis and gives the date once, so that ticks can stay short
    picture.gutter = {0, l.axisTop, l.gutter - f.s(4), l.axisHeight};
    picture.titleBox = {f.s(8), l.axisTop + f.s(4), l.gutter - f.s(12), l.axisHeight - f.s(6)};
    picture.titleFont = f.font(9);
    picture.titleColor = c.mutedText.rgba();
    const QString date = labels.datesOf(Timestamp(sc.start()), Timestamp(sc.end()));
    const QString title = labels.axisTitle();
    picture.title = date.isEmpty() ? title : date + QLatin1Char('\n') + title;
    picture.labelScale = f.theme.scale();
    picture.pixelRatio = p.device()->devicePixelRatioF();
    picture.dpiX = p.device()->logicalDpiX();
    picture.dpiY = p.device()->logicalDpiY();
    picture.hints = int(p.renderHints());

    // The view's own paints on screen or into an image blit it; a vector export (SVG, PDF) or a scaled one
    // draws it as it is.
    if (!p.paintEngine() || p.paintEngine()->type() != QPaintEngine::Raster || !p.worldTransform().isIdentity()) {
        drawAxis(p, picture);
        return;
    }
    PaintCache::AxisLayer& layer = m_cache.axisLayer();
    if (!(layer.picture == picture)) {
        layer.image = QImage(rect.size() * picture.pixelRatio, QImage::Format_RGB32);
        layer.image.setDevicePixelRatio(picture.pixelRatio);
        // the same fonts as on the device: its resolution decides their size in pixels
        layer.image.setDotsPerMeterX(int(std::lround(picture.dpiX / 0.0254)));
        layer.image.setDotsPerMeterY(int(std::lround(picture.dpiY / 0.0254)));
        QPainter onto(&layer.image);
        onto.setRenderHints(p.renderHints());
        onto.translate(-rect.topLeft());
        drawAxis(onto, picture);
        layer.picture = std::move(picture);
    }
    p.drawImage(rect.topLeft(), layer.image);
    // the painter as drawing the layer leaves it, for what is painted next
    p.setPen(QColor::fromRgba(layer.picture.titleColor));
    p.setFont(layer.picture.titleFont);
}

void DecorationPainter::drawAxis(QPainter& q, const AxisPicture& a)
{
    q.fillRect(a.rect, QColor::fromRgba(a.background));
    q.setFont(a.tickFont);
    const QFontMetricsF fm(q.font());
    q.setRenderHint(QPainter::Antialiasing, false);
    q.setPen(QColor::fromRgba(a.labelColor));
    auto label = a.labels.begin();
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        const AxisPicture::Line& line = a.lines[i];
        q.fillRect(QRect(line.x, line.top, 1, a.gridBottom - line.top + 1), QColor::fromRgba(line.color));
        for (; label != a.labels.end() && label->afterLines == i + 1; ++label)
            m_cache.drawLabel(q, QPointF(label->x, label->y), {label->text}, fm, 1e9, kTickSlot, a.labelScale);
    }
    q.setRenderHint(QPainter::Antialiasing, true);
    q.fillRect(QRectF(a.gutter[0], a.gutter[1], a.gutter[2], a.gutter[3]), QColor::fromRgba(a.background));
    q.setPen(QColor::fromRgba(a.titleColor));
    q.setFont(a.titleFont);
    q.drawText(QRectF(a.titleBox[0], a.titleBox[1], a.titleBox[2], a.titleBox[3]),
        Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, a.title);
}

void DecorationPainter::paintHighlight()
{
    const TimeCursor::Highlight& h = f.highlight;
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    // a selected channel: its lane outlined in the selection colour, under any highlight
    const int selected = f.selection.kind == TimeCursor::Selection::Kind::Channel ? f.selection.channel : -1;
    for (int i = 0; selected >= 0 && i < l.lanes; ++i) {
        if (l.laneRefs[std::size_t(i)].channel != selected)
            continue; // (a Kafka reader's partitions: every lane of the reader)
        p.setPen(QPen(c.selection, f.s(2.5)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(
            QRectF(l.plot.left() - f.s(1), l.laneTop(i) + f.s(2), l.plot.width() + f.s(2), l.laneHeight - f.s(4)));
    }
    if (h.kind == TimeCursor::Highlight::Kind::Record && h.record >= 0) {
        const auto r = RecordIndex(h.record);
        for (const TimelineHit& hit : m_scene.hits) {
            if (hit.kind == TimelineHit::Kind::Record && hit.record == r) {
                p.setPen(QPen(c.current, f.s(3)));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(hit.rect.center(), hit.rect.width() / 2 + f.s(5), hit.rect.width() / 2 + f.s(5));
            }
        }
    } else if (h.kind == TimeCursor::Highlight::Kind::Channel && h.channel >= 0) {
        for (int i = 0; i < l.lanes; ++i) {
            if (l.laneRefs[std::size_t(i)].channel != h.channel)
                continue;
            p.setPen(QPen(c.current, f.s(3)));
            p.setBrush(Qt::NoBrush);
            p.drawRect(
                QRectF(l.plot.left() - f.s(2), l.laneTop(i) + f.s(1), l.plot.width() + f.s(4), l.laneHeight - f.s(2)));
        }
    }
}

void DecorationPainter::paintSymbol(const LegendItem& item, const QPointF& pt)
{
    const ThemeColors& c = f.theme.colors();
    const auto s = [this](double v) { return f.s(v); };
    switch (item.symbol) {
    case LegendItem::Symbol::Key:
        p.setPen(Qt::NoPen);
        p.setBrush(f.theme.keyColor(item.key));
        p.drawEllipse(pt, s(5), s(5));
        break;
    case LegendItem::Symbol::MoreKeys:
        break;
    case LegendItem::Symbol::NotArrived:
        p.setPen(QPen(c.mutedText, s(1.2), Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(pt, s(5), s(5));
        break;
    case LegendItem::Symbol::LateRefired:
        p.setPen(QPen(c.lateFire, s(2)));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(pt, s(6), s(6));
        break;
    case LegendItem::Symbol::LateDropped:
        p.setPen(QPen(c.dropped, s(2.5)));
        p.drawLine(pt + QPointF(-s(5), -s(5)), pt + QPointF(s(5), s(5)));
        p.drawLine(pt + QPointF(-s(5), s(5)), pt + QPointF(s(5), -s(5)));
        break;
    case LegendItem::Symbol::LateSideOutput:
        p.setPen(QPen(c.sideOutput, s(2)));
        p.setBrush(Qt::NoBrush);
        p.drawPolygon(
            QPolygonF({pt + QPointF(0, -s(6)), pt + QPointF(s(6), 0), pt + QPointF(0, s(6)), pt + QPointF(-s(6), 0)}));
        break;
    case LegendItem::Symbol::ChannelWatermark:
        p.setPen(Qt::NoPen);
        p.setBrush(c.channelWatermark);
        p.drawPolygon(QPolygonF({pt + QPointF(-s(6), -s(5)), pt + QPointF(s(6), -s(5)), pt + QPointF(0, s(5))}));
        break;
    case LegendItem::Symbol::Fire:
    case LegendItem::Symbol::LateFire:
        p.setPen(Qt::NoPen);
        p.setBrush(item.symbol == LegendItem::Symbol::Fire ? c.fire : c.lateFire);
        p.drawPolygon(QPolygonF({pt + QPointF(s(3), -s(6)), pt + QPointF(s(3), s(6)), pt + QPointF(-s(5), 0)}));
        break;
    case LegendItem::Symbol::AllowedLateness:
        p.setPen(QPen(c.windowLateness, 1));
        p.setBrush(QBrush(c.windowLateness, Qt::BDiagPattern));
        p.drawRect(QRectF(pt.x() - s(7), pt.y() - s(4), s(14), s(8)));
        break;
    }
}

void DecorationPainter::paintLegend()
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    p.setFont(f.font(9.5));
    const QFontMetricsF fm(p.font());
    const std::vector<int>& rows = m_scene.legendRowOf;
    double x = l.legendLeft;
    for (std::size_t i = 0; i < m_scene.legend.size(); ++i) {
        const LegendItem& item = m_scene.legend[i];
        if (i > 0 && rows[i] != rows[i - 1])
            x = l.legendLeft;
        const double y = l.footerTop + f.s(40) + rows[i] * (fm.height() + f.s(2));
        if (y + fm.height() > l.bottom)
            break; // a view too short for the legend: none of it rather than half a row
        paintSymbol(item, QPointF(x + f.s(7), y + fm.height() / 2));
        p.setPen(c.mutedText);
        m_cache.drawLabel(p, QPointF(x + f.s(18), y), {item.text}, fm, 1e9, kLegendSlot, f.unit());
        x += itemWidth(fm, item.text, f.unit());
    }
}

} // namespace tidemark::app
