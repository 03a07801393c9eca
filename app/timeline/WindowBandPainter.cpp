#include "app/timeline/WindowBandPainter.h"

#include "app/Theme.h"
#include "app/timeline/PaintCache.h"
#include "app/timeline/TimelineFrame.h"
#include "app/timeline/WindowLabels.h"

#include <QPainter>

#include <algorithm>

namespace tidemark::app {

namespace {

// The window's labels, longest first (see dateTimeWindowLabels); epoch and relative formats keep the
// session's text.
QStringList windowLabels(const Session& session, const TimeWindow& w, DurationMs utcOffset)
{
    if (session.labels().format() != DisplaySettings::TimeFormat::DateTime)
        return {session.formatWindow(w)};
    return dateTimeWindowLabels(w, utcOffset);
}

// Font slots of the label cache: one per font the bands use.
enum FontSlot { BigRange = 0, SmallRange = 1, Second = 2, SecondBold = 3 };

} // namespace

WindowBandPainter::WindowBandPainter(
    QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache)
    : p(painter)
    , f(frame)
    , m_scene(scene)
    , m_cache(cache)
    , m_bigFont(frame.font(11))
    , m_smallFont(frame.font(9))
    , m_secondFont(frame.font(10))
    , m_secondBold(frame.font(10, true))
    , m_bigFm(m_bigFont)
    , m_smallFm(m_smallFont)
    , m_secondFm(m_secondFont)
    , m_secondBoldFm(m_secondBold)
    , m_utcOffset(frame.session.labels().utcOffsetMs(Timestamp(scene.scale.start())))
{ }

void WindowBandPainter::paint()
{
    paintRowSets();
    paintTinyMarks();
    for (const WindowBand& b : m_scene.bands.bands)
        paintBand(b);
}

void WindowBandPainter::paintTinyMarks()
{
    // all with one render state: switching antialiasing per mark replays the clip each time
    const ThemeColors& c = f.theme.colors();
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const TinyMark& m : m_scene.bands.tiny) {
        p.fillRect(m.rect,
            m.fill == TinyMark::Fill::Purged ? c.windowPurged
                                             : (m.fill == TinyMark::Fill::Fired ? c.windowFired : c.windowCollecting));
    }
    p.setRenderHint(QPainter::Antialiasing, true);
}

void WindowBandPainter::paintRowSets()
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    for (const RowSet& rs : l.rowSets) {
        const QRectF box(f.s(8), rs.top, l.gutter - f.s(16), rs.rows * rs.rowHeight);
        p.setPen(c.text);
        p.setFont(f.font(11, true));
        QString name;
        if (rs.key == kNoKey && rs.subtask < 0)
            name = f.options.collapsed ? tr("windows (all keys)") : tr("windows");
        else if (rs.key == kNoKey)
            name = tr("windows (all)");
        else
            name = tr("key %1").arg(f.session.keyName(rs.key));
        if (rs.key != kNoKey) {
            p.setPen(Qt::NoPen);
            p.setBrush(f.theme.keyColor(int(rs.key)));
            p.drawEllipse(QPointF(box.left() + f.s(5), box.top() + f.s(12)), f.s(5), f.s(5));
            p.setPen(c.text);
        }
        const QRectF textBox = box.adjusted(rs.key != kNoKey ? f.s(15) : 0, f.s(2), 0, 0);
        QString sub;
        if (f.session.subtaskCount() > 1 && rs.subtask >= 0)
            sub = tr("window subtask %1").arg(rs.subtask);
        p.drawText(textBox, Qt::AlignLeft | Qt::AlignTop, name);
        if (!sub.isEmpty() && box.height() > f.s(34)) {
            p.setFont(f.font(9));
            p.setPen(c.mutedText);
            p.drawText(textBox.adjusted(0, f.s(18), 0, 0), Qt::AlignLeft | Qt::AlignTop, sub);
        }
        p.setPen(QPen(c.gridMinor, 1));
        p.setRenderHint(QPainter::Antialiasing, false);
        p.drawLine(QPointF(l.plot.left(), rs.top + rs.rows * rs.rowHeight + f.s(3)),
            QPointF(l.plot.right(), rs.top + rs.rows * rs.rowHeight + f.s(3)));
        p.setRenderHint(QPainter::Antialiasing, true);
    }
    if (l.hiddenRowSets > 0) {
        p.setPen(c.mutedText);
        p.setFont(f.font(9));
        p.drawText(QRectF(f.s(8), l.moreKeysTop, l.gutter, f.s(TimelineLayout::kMoreKeysHeight)),
            Qt::AlignLeft | Qt::AlignVCenter, tr("+%n more key(s): filter", nullptr, l.hiddenRowSets));
    }
    if (f.session.state().windows.empty() && l.rowSets.size() == 1 && l.rowSets.front().subtask < 0
        && !f.options.collapsed) {
        p.setPen(c.mutedText);
        const QRectF box(
            l.plot.left() + f.s(8), l.rowSets.front().top, l.plot.width() - f.s(16), l.rowSets.front().rowHeight);
        // wrapped onto a second line where the row is tall enough, else the short form: never cut off
        const QStringList hints {
            tr("No window has state yet: a window [start, end) appears when its first record arrives."),
            tr("No window yet: one appears with its first record.")};
        for (double size : {10.5, 9.0}) {
            const QFont font = f.font(size);
            const QFontMetricsF fm(font);
            const auto fits = [&](const QString& text) {
                const QRectF needed = fm.boundingRect(box, Qt::TextWordWrap, text);
                return needed.width() <= box.width() && needed.height() <= box.height();
            };
            const auto hint = std::find_if(hints.begin(), hints.end(), fits);
            if (hint != hints.end()) {
                p.setFont(font);
                p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, *hint);
                break;
            }
        }
    }
}

QStringList WindowBandPainter::secondLine(const WindowBand& b) const
{
    QStringList second;
    if (!b.fires.empty()) {
        const FireEvent& last = f.session.trace().fires()[b.fires.back()].fire;
        const QString result = f.session.formatResult(last);
        const qsizetype n = qsizetype(b.fires.size());
        const QString times = n == 1 ? QString() : tr("×%1").arg(n);
        const QString full = n == 1 ? tr("⚑ fired: %1").arg(result) : tr("⚑ fired %1: %2").arg(times, result);
        if (b.gone)
            second << full + tr(" · cleaned up");
        second << full << tr("⚑ %1").arg(result) << tr("⚑ fired %1").arg(times).trimmed()
               << QStringLiteral("⚑%1").arg(times);
    } else if (b.status == WindowStatus::Purged) {
        second << tr("purged");
    } else {
        // the count matters more than the word: narrow boxes keep the number
        second << tr("%n record(s)", nullptr, int(b.count)) << tr("%n rec.", nullptr, int(b.count))
               << QString::number(b.count);
    }
    return second;
}

void WindowBandPainter::paintBand(const WindowBand& b)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const bool crowded = m_scene.bands.crowded;
    const QRectF& box = b.box;
    if (!b.tail.isEmpty()) {
        p.setPen(QPen(c.windowLateness, f.s(1)));
        p.setBrush(QBrush(c.windowLateness, Qt::BDiagPattern));
        p.drawRect(b.tail);
    }

    QColor fill = c.windowCollecting;
    QColor border = c.windowCollectingBorder;
    if (b.gone || b.status == WindowStatus::Purged) {
        fill = c.windowPurged;
        border = c.mutedText;
    } else if (b.fired) {
        fill = c.windowFired;
        border = c.windowFiredBorder;
    }
    if (b.gone)
        fill.setAlpha(150);
    if (f.options.collapsed && b.key != kNoKey)
        border = f.theme.keyColor(int(b.key));
    // cleaned-up windows: a thin muted outline (a dashed outline per window would cost more than the rest)
    p.setPen(QPen(border, b.gone ? f.s(1) : f.s(1.5)));
    p.setBrush(fill);
    const double radius = f.s(5);
    if (crowded) {
        // a crowded view: square, unantialiased boxes on whole pixels, the cheapest to fill and stroke
        p.setRenderHint(QPainter::Antialiasing, false);
        p.drawRect(box.toAlignedRect().adjusted(0, 0, -1, -1));
        p.setRenderHint(QPainter::Antialiasing, true);
    } else {
        p.drawRoundedRect(box, radius, radius);
    }

    // text: the window, then what it holds or what it produced
    const double h = b.height;
    if (box.width() > f.s(28) && h > f.s(16)) {
        p.setPen(b.gone ? c.mutedText : c.text);
        const bool big = h > f.s(36);
        p.setFont(big ? m_bigFont : m_smallFont);
        const QFontMetricsF& fm = big ? m_bigFm : m_smallFm;
        const QStringList range = windowLabels(f.session, b.window, m_utcOffset);
        const double tx = std::max(box.left(), l.plot.left()) + f.s(5);
        const double line1 = b.top + f.s(3) + fm.ascent();
        m_cache.drawLabel(p, QPointF(tx, line1 - fm.ascent()), range, fm, box.right() - tx - f.s(3),
            big ? BigRange : SmallRange, f.theme.scale());
        if (big) {
            const bool bold = b.fired && !b.gone;
            p.setFont(bold ? m_secondBold : m_secondFont);
            const QFontMetricsF& fm2 = bold ? m_secondBoldFm : m_secondFm;
            p.setPen(b.fired && !b.gone ? c.windowFiredBorder.darker(140) : (b.gone ? c.mutedText : c.text));
            if (b.fired && f.theme.kind() == Theme::Kind::Dark)
                p.setPen(c.text);
            m_cache.drawLabel(p, QPointF(tx, line1 + fm.descent() + f.s(3)), secondLine(b), fm2,
                box.right() - tx - f.s(3), bold ? SecondBold : Second, f.theme.scale());
        }
    }
    // fire markers on the window's end: green flag for on time, purple for each late re-fire
    const auto fires = f.session.trace().fires();
    for (const FireMark& m : b.marks) {
        const QColor fc = fires[m.fire].fire.timing == FireTiming::OnTime ? c.fire : c.lateFire;
        p.setPen(crowded ? Qt::NoPen : QPen(fc.darker(120), f.s(1)));
        p.setBrush(fc);
        p.setRenderHint(QPainter::Antialiasing, !crowded);
        p.drawPolygon(m.flag);
        p.setRenderHint(QPainter::Antialiasing, true);
        if (f.verification)
            paintVerification(f.verification->fireMark(m.fire), m.flag.boundingRect());
    }
    const TimeCursor::Highlight& hl = f.highlight;
    if (hl.kind == TimeCursor::Highlight::Kind::Window && hl.windowStart == b.window.start()
        && hl.windowEnd == b.window.end()) {
        p.setPen(QPen(c.current, f.s(3)));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(box.adjusted(-f.s(2), -f.s(2), f.s(2), f.s(2)), radius, radius);
    }
}

// Verify with Flink's answer on a fire's flag: a check where Flink printed the same, a cross where it did not.
void WindowBandPainter::paintVerification(FlinkVerification::Mark mark, const QRectF& flag)
{
    if (mark == FlinkVerification::Mark::Unchecked)
        return;
    const ThemeColors& c = f.theme.colors();
    const bool agreed = mark == FlinkVerification::Mark::Agreed;
    const double r = f.s(4.5);
    const QPointF centre(flag.center().x(), flag.top() - r - f.s(1));
    p.setPen(QPen(agreed ? c.fire.darker(130) : c.dropped, f.s(1)));
    p.setBrush(c.background);
    p.drawEllipse(centre, r, r);
    p.setPen(QPen(agreed ? c.fire.darker(130) : c.dropped, f.s(1.6), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    if (agreed) {
        p.drawPolyline(QPolygonF({centre + QPointF(-r * 0.5, 0), centre + QPointF(-r * 0.1, r * 0.4),
            centre + QPointF(r * 0.55, -r * 0.45)}));
    } else {
        p.drawLine(centre + QPointF(-r * 0.45, -r * 0.45), centre + QPointF(r * 0.45, r * 0.45));
        p.drawLine(centre + QPointF(-r * 0.45, r * 0.45), centre + QPointF(r * 0.45, -r * 0.45));
    }
}

} // namespace tidemark::app
