#include "app/TimelineView.h"

#include "app/Session.h"
#include "app/SubtaskWatermarks.h"
#include "app/Theme.h"
#include "app/TimeCursor.h"
#include "app/WindowLabels.h"
#include "app/WindowsModel.h"

#include <QAbstractItemModel>
#include <QHelpEvent>
#include <QItemSelectionModel>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QStaticText>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace tidemark::app {

namespace {

constexpr double kMaxWindowRowsPerKey = 6;

// The window's labels, longest first (see dateTimeWindowLabels); epoch and relative formats keep the
// session's text.
QStringList windowLabels(const Session& session, const TimeWindow& w, DurationMs utcOffset)
{
    if (session.labels().format() != DisplaySettings::TimeFormat::DateTime)
        return {session.formatWindow(w)};
    return dateTimeWindowLabels(w, utcOffset);
}

bool sameWindow(const WindowState& a, int subtask, KeyId key, const TimeWindow& w)
{
    return a.subtask == subtask && a.key == key && a.window == w;
}

// Clamp far-off coordinates so that QPainter never sees values it cannot rasterise.
double clampX(double x, const QRectF& plot)
{
    return std::clamp(x, plot.left() - 50.0, plot.right() + 50.0);
}

} // namespace

TimelineView::TimelineView(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(m_cursor, &TimeCursor::runChanged, this, &TimelineView::onRunChanged);
    connect(m_cursor, &TimeCursor::stepChanged, this, &TimelineView::onStepChanged);
    connect(m_cursor, &TimeCursor::visibleRangeChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::highlightChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::followWatermarkChanged, this, [this](bool follow) {
        if (follow)
            followIfNeeded();
    });
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
    if (m_session->hasRun())
        onRunChanged();
}

void TimelineView::setSelectionModels(QItemSelectionModel* records, QItemSelectionModel* windows)
{
    m_recordSelection = records;
    m_windowSelection = windows;
    if (m_recordSelection) {
        connect(m_recordSelection, &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            m_selectedRecord = current.isValid() ? RecordIndex(current.row()) : kNoRecord;
            update();
        });
    }
}

double TimelineView::s(double v) const
{
    return v * m_theme->scale();
}

QFont TimelineView::font(double points, bool bold) const
{
    QFont f = QWidget::font();
    f.setPointSizeF(points * m_theme->scale());
    f.setBold(bold);
    return f;
}

TimeScale TimelineView::scale() const
{
    const Layout l = layoutFor(rect());
    return {m_cursor->visibleStart(), m_cursor->visibleEnd(), l.plot.left(), l.plot.width()};
}

void TimelineView::onRunChanged()
{
    // indexes over the whole run, so that a paint touches only what is in view
    m_firstFireOfKey.clear();
    m_laneTs.clear();
    m_laneArrival.clear();
    if (m_session->hasRun()) {
        const auto& records = m_session->scenario().records;
        for (int c = 0; c < m_session->channelCount(); ++c) {
            const auto lane
                = m_session->trace().recordsInRange(LaneKind::Channel, std::uint32_t(c), kMinTimestamp, kMaxTimestamp);
            const auto placements = m_session->trace().placements();
            std::vector<Timestamp> ts;
            std::vector<StepIndex> arrival;
            ts.reserve(lane.size());
            arrival.reserve(lane.size());
            for (RecordIndex r : lane) {
                ts.push_back(records[r].ts);
                arrival.push_back(placements[r].arrivalStep); // kNoStep (never) compares as "later"
            }
            m_laneTs.push_back(std::move(ts));
            m_laneArrival.push_back(std::move(arrival));
        }
    }
    m_maxWindowSpan = 0;
    if (m_session->hasRun()) {
        for (const FiredWindow& w : m_session->trace().firedWindows()) {
            if (!w.window.isGlobal())
                m_maxWindowSpan = std::max(m_maxWindowSpan, double(w.window.end() - w.window.start()));
            if (w.firstFire == kNoStep)
                continue;
            auto [pos, added] = m_firstFireOfKey.try_emplace({w.key, w.subtask}, w.firstFire);
            if (!added)
                pos->second = std::min(pos->second, w.firstFire);
        }
    }
    // A new file (or a changed pipeline that moved the data) gets a fresh view; an edit that keeps the
    // data where it was keeps the zoom, so "what if" comparisons stay in place.
    const double a = double(m_session->minEventTime());
    const double b = double(m_session->maxEventTime());
    const double vs = m_cursor->visibleStart();
    const double ve = m_cursor->visibleEnd();
    if (b < vs || a > ve || (ve - vs) > 50.0 * std::max(b - a, 1000.0) || m_firstRun) {
        m_firstRun = false;
        fitAll();
    }
    m_selectedRecord = kNoRecord;
    update();
}

void TimelineView::onStepChanged()
{
    followIfNeeded();
    update();
}

void TimelineView::followIfNeeded()
{
    if (!m_cursor->followWatermark() || !m_session->hasRun())
        return;
    const Timestamp wm = m_session->operatorWatermark();
    if (wm == kMinTimestamp || wm == kMaxTimestamp)
        return;
    const TimeScale sc = scale();
    const double x = sc.mapTimeToX(double(wm));
    if (x < sc.x0() + 0.2 * sc.width() || x > sc.x0() + 0.8 * sc.width()) {
        const TimeScale c = sc.centredOn(double(wm), 0.6);
        m_cursor->setVisibleRange(c.start(), c.end());
    }
}

void TimelineView::zoomIn()
{
    const TimeScale sc = scale().zoomedAround(scale().x0() + scale().width() / 2, 1.5);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::zoomOut()
{
    const TimeScale sc = scale().zoomedAround(scale().x0() + scale().width() / 2, 1.0 / 1.5);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::fitAll()
{
    if (!m_session->hasRun())
        return;
    double a = double(m_session->minEventTime());
    double b = double(m_session->maxEventTime());
    const auto& window = m_session->scenario().pipeline.window;
    if (window.assigner.isEventTime())
        b += double(std::max<DurationMs>(window.allowedLatenessMs, 0));
    const TimeScale sc = scale().fitted(a, b, 0.03);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::setShowPending(bool show)
{
    m_showPending = show;
    update();
}

void TimelineView::setKeyFilter(const QString& filter)
{
    m_keyFilter = filter;
    update();
}

void TimelineView::setCollapsed(bool collapsed)
{
    m_collapsed = collapsed;
    update();
}

int TimelineView::rowsPerKey() const
{
    const AssignerSpec& a = m_session->scenario().pipeline.window.assigner;
    if (a.type == AssignerSpec::Type::Sliding && a.slideMs > 0) {
        const double rows = std::ceil(double(a.sizeMs) / double(a.slideMs));
        return int(std::clamp(rows, 1.0, kMaxWindowRowsPerKey));
    }
    return 1;
}

int TimelineView::rowOfWindow(const TimeWindow& w) const
{
    const AssignerSpec& a = m_session->scenario().pipeline.window.assigner;
    const int rows = rowsPerKey();
    if (rows <= 1 || a.slideMs <= 0)
        return 0;
    // sliding windows overlap: the k-th window (by start) goes to row k mod (size / slide)
    Timestamp k = javaSub(w.start(), a.offsetMs) / a.slideMs;
    if (javaSub(w.start(), a.offsetMs) < 0 && javaSub(w.start(), a.offsetMs) % a.slideMs != 0)
        --k;
    return int(((k % rows) + rows) % rows);
}

TimelineView::Layout TimelineView::layoutFor(const QRect& rect) const
{
    Layout l;
    l.gutter = s(178);
    l.axisTop = rect.top();
    l.axisHeight = s(50);
    const double footer = s(64) + (m_legendTwoRows ? s(20) : 0.0);
    l.lanes = std::max(1, m_session->channelCount());

    // Row sets: one per (subtask, key) that has or had a window, in key order; collapsed: one for all.
    if (m_session->hasRun()) {
        std::set<std::pair<KeyId, int>> keys;
        const int step = m_session->currentStep();
        for (const WindowState& w : m_session->state().windows)
            keys.insert({w.key, w.subtask});
        for (const auto& [key, first] : m_firstFireOfKey) {
            if (int(first) <= step)
                keys.insert(key);
        }
        if (m_collapsed) {
            if (!keys.empty())
                l.rowSets.push_back({-1, kNoKey, rowsPerKey(), 0, 0});
        } else {
            for (const auto& [key, subtask] : keys) {
                if (!m_keyFilter.isEmpty() && !m_session->keyName(key).contains(m_keyFilter, Qt::CaseInsensitive))
                    continue;
                l.rowSets.push_back({subtask, key, rowsPerKey(), 0, 0});
            }
        }
        if (l.rowSets.empty())
            l.rowSets.push_back({-1, kNoKey, rowsPerKey(), 0, 0}); // an empty row: "no windows yet"
    }

    const double available = std::max(0.0, double(rect.height()) - l.axisHeight - footer);
    int totalRows = 0;
    for (const auto& r : l.rowSets)
        totalRows += r.rows;
    double rowH = s(60);
    double laneH = s(96);
    const double setGap = s(6);
    auto need = [&] { return totalRows * rowH + double(l.rowSets.size()) * setGap + l.lanes * laneH; };
    if (need() > available)
        laneH = std::max(s(54), (available - totalRows * rowH - double(l.rowSets.size()) * setGap) / l.lanes);
    if (need() > available && totalRows > 0)
        rowH = std::max(s(20), (available - l.lanes * laneH - double(l.rowSets.size()) * setGap) / totalRows);
    while (need() > available && l.rowSets.size() > 1) {
        totalRows -= l.rowSets.back().rows;
        l.rowSets.pop_back();
        ++l.hiddenRowSets;
    }
    // still too tall (presenter type on a short screen): thinner lanes rather than a footer cut off, since
    // the footer carries the operator watermark's label
    if (need() > available)
        laneH = std::max(s(40), (available - totalRows * rowH - double(l.rowSets.size()) * setGap) / l.lanes);
    if (need() < available) // give spare height to the lanes, the part that explains most
        laneH = std::min(s(240), laneH + (available - need()) / l.lanes);

    l.windowsTop = l.axisTop + l.axisHeight + s(4);
    double y = l.windowsTop;
    for (auto& r : l.rowSets) {
        r.top = y;
        r.rowHeight = rowH;
        y += r.rows * rowH + setGap;
    }
    l.windowsHeight = y - l.windowsTop;
    l.lanesTop = y + s(4);
    l.laneHeight = laneH;
    l.footerTop = l.lanesTop + l.lanes * laneH;
    l.bottom = rect.bottom() + 1;
    l.plot = QRectF(
        rect.left() + l.gutter, l.axisTop, std::max(10.0, rect.width() - l.gutter - s(16)), l.footerTop - l.axisTop);
    return l;
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    update();
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paint(p, rect());
}

void TimelineView::paint(QPainter& p, const QRect& rect)
{
    const ThemeColors& c = m_theme->colors();
    p.fillRect(rect, c.background);
    m_hits.clear();
    if (!m_session->hasRun()) {
        p.setPen(c.mutedText);
        p.setFont(font(14));
        p.drawText(rect, Qt::AlignCenter, tr("Open a scenario or an event file (File ▸ Open, or drop it here)."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    const Layout l = layoutFor(rect);
    const TimeScale sc(m_cursor->visibleStart(), m_cursor->visibleEnd(), l.plot.left(), l.plot.width());
    paintAxis(p, l, sc);
    paintLanes(p, l, sc);
    paintWindows(p, l, sc);
    paintWatermarks(p, l, sc);
    paintHighlight(p, l, sc);
    paintLegend(p, l);
}

void TimelineView::paintAxis(QPainter& p, const Layout& l, const TimeScale& sc)
{
    const ThemeColors& c = m_theme->colors();
    const TimeLabels& labels = m_session->labels();
    p.setFont(font(10.5));
    const QFontMetricsF fm(p.font());
    const double labelWidth
        = fm.horizontalAdvance(labels.tickLabel(Timestamp(sc.start()), {1, TickStep::Unit::Millisecond}));
    const TickStep step = TimeScale::niceStep(sc.msPerPixel(), std::max(s(90), labelWidth + s(24)), labels.format());
    const auto ticks = sc.ticks(step, -labels.utcOffsetMs(Timestamp(sc.start())));
    const double gridBottom = l.footerTop;
    const double labelY = l.axisTop + l.axisHeight - s(10);
    // grid lines on whole pixels without antialiasing: crisp, and a fraction of the cost
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const Tick& t : ticks) {
        p.setPen(QPen(t.major ? c.grid : c.gridMinor, 1.0));
        const int x = int(std::lround(t.x));
        p.drawLine(QPoint(x, int(l.axisTop + l.axisHeight - (t.major ? s(8) : s(4)))), QPoint(x, int(gridBottom)));
        if (t.major) {
            p.setPen(c.text);
            const QString text = labels.tickLabel(t.time, step);
            const double w = fm.horizontalAdvance(text);
            drawLabel(p, QPointF(t.x - w / 2, labelY - fm.ascent()), {text}, fm, 1e9, 5);
        }
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    // the gutter names the axis and gives the date once, so that ticks can stay short
    p.fillRect(QRectF(0, l.axisTop, l.gutter - s(4), l.axisHeight), c.background);
    p.setPen(c.mutedText);
    p.setFont(font(9));
    const QString date = labels.datesOf(Timestamp(sc.start()), Timestamp(sc.end()));
    const QString title = labels.axisTitle();
    QFontMetricsF small(p.font());
    p.drawText(QRectF(s(8), l.axisTop + s(4), l.gutter - s(12), l.axisHeight - s(6)),
        Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, date.isEmpty() ? title : date + QLatin1Char('\n') + title);
}

void TimelineView::paintLanes(QPainter& p, const Layout& l, const TimeScale& sc)
{
    const ThemeColors& c = m_theme->colors();
    const PipelineState& state = m_session->state();
    const int minChannel = state.subtasks.empty() ? -1 : state.subtasks.front().minChannel;
    const bool allIdle = !state.subtasks.empty() && state.subtasks.front().idle;
    for (int ch = 0; ch < l.lanes; ++ch) {
        const double top = l.lanesTop + ch * l.laneHeight;
        const QRectF lane(l.plot.left(), top + s(2), l.plot.width(), l.laneHeight - s(4));
        const bool idle = ch < int(state.channels.size()) && state.channels[ch].idle;
        const bool holding
            = ch == minChannel && !allIdle && l.lanes > 1 && m_session->operatorWatermark() != kMinTimestamp;
        p.fillRect(lane, holding ? c.holdingBack : (ch % 2 ? c.laneAlternate : c.laneBackground));
        if (idle) {
            QBrush hatch(c.idle, Qt::BDiagPattern);
            p.fillRect(lane, hatch);
        }
        // gutter label: which channel, its watermark, and why it matters
        const QRectF label(s(8), top + s(6), l.gutter - s(16), l.laneHeight - s(12));
        p.setPen(holding ? c.operatorWatermark : c.text);
        p.setFont(font(12, true));
        QFontMetricsF fm(p.font());
        p.drawText(label.topLeft() + QPointF(0, fm.ascent()), tr("channel %1").arg(ch));
        double y = label.top() + fm.height();
        p.setFont(font(10));
        QFontMetricsF fm2(p.font());
        const Timestamp wm = ch < int(state.channels.size()) ? state.channels[ch].watermark : kMinTimestamp;
        p.setPen(holding ? c.operatorWatermark : c.channelWatermark);
        p.drawText(QPointF(label.left(), y + fm2.ascent()), tr("wm %1").arg(m_session->formatTime(wm)));
        y += fm2.height();
        if (y + fm2.height() <= label.bottom() + s(4)) {
            p.setPen(holding ? c.operatorWatermark : c.mutedText);
            QString note;
            if (idle)
                note = tr("idle — ignored by the min");
            else if (holding)
                note = tr("▲ holds the minimum");
            p.drawText(QPointF(label.left(), y + fm2.ascent()), note);
        }
        paintRecords(p, l, sc, ch, top);
    }
}

void TimelineView::paintRecords(QPainter& p, const Layout& l, const TimeScale& sc, int channel, double laneTop)
{
    const ThemeColors& c = m_theme->colors();
    const Trace& trace = m_session->trace();
    const Scenario& scenario = m_session->scenario();
    const auto& records = scenario.records;
    const int step = m_session->currentStep();
    const double laneCentre = laneTop + l.laneHeight * 0.55;
    // one pixel beyond each edge so that dots half out of view still show
    const double pad = s(8) * sc.msPerPixel();
    const auto from = static_cast<Timestamp>(std::floor(sc.start() - pad));
    const auto to = static_cast<Timestamp>(std::ceil(sc.end() + pad)) + 1;
    const std::span<const RecordIndex> lane = trace.recordsInRange(LaneKind::Channel, std::uint32_t(channel), from, to);
    if (lane.empty())
        return;

    const double columns = l.plot.width();
    const bool dense = double(lane.size()) > columns / s(6);
    if (dense) {
        // Count per pixel column with binary searches over the lane's contiguous timestamps (built once per
        // run), and within each column how many have arrived by this step from the parallel array of arrival
        // steps: tight loops over contiguous memory, no per-record lookups.
        const int cols = int(columns);
        std::vector<std::uint32_t> arrived(std::size_t(cols), 0);
        std::vector<std::uint32_t> all(std::size_t(cols), 0);
        const std::vector<Timestamp>& laneTs = m_laneTs[std::size_t(channel)];
        const std::vector<StepIndex>& laneArrival = m_laneArrival[std::size_t(channel)];
        const std::size_t offset = std::size_t(std::lower_bound(laneTs.begin(), laneTs.end(), from) - laneTs.begin());
        auto tsBegin = laneTs.begin() + std::ptrdiff_t(offset);
        const auto tsEnd = tsBegin + std::ptrdiff_t(lane.size());
        const auto now = StepIndex(step);
        std::uint32_t peak = 1;
        for (int x = 0; x < cols; ++x) {
            const auto edge = static_cast<Timestamp>(std::ceil(sc.mapXToTime(l.plot.left() + x + 1)));
            const auto end = std::lower_bound(tsBegin, tsEnd, edge);
            const auto first = std::size_t(tsBegin - laneTs.begin());
            const auto last = std::size_t(end - laneTs.begin());
            std::uint32_t a = 0;
            for (std::size_t i = first; i < last; ++i)
                a += laneArrival[i] <= now ? 1u : 0u;
            arrived[std::size_t(x)] = a;
            all[std::size_t(x)] = std::uint32_t(last - first);
            peak = std::max(peak, all[std::size_t(x)]);
            tsBegin = end;
        }
        // log scale keeps sparse columns visible next to a burst; the heights come from a table, one
        // logarithm per count rather than per column
        const double maxH = l.laneHeight * 0.7;
        const double logPeakInv = 1.0 / std::log1p(double(peak));
        auto heightOf = [&](std::uint32_t n) {
            return int(std::lround(std::max(1.0, maxH * std::log1p(double(n)) * logPeakInv)));
        };
        std::vector<int> heightTable;
        if (peak <= 4u * std::uint32_t(cols)) {
            heightTable.resize(std::size_t(peak) + 1);
            for (std::uint32_t n = 1; n <= peak; ++n)
                heightTable[n] = heightOf(n);
        }
        // per column: the bar's height and the height of its arrived part (the bottom of the bar)
        std::vector<int> barH(std::size_t(cols), 0);
        std::vector<int> arrivedH(std::size_t(cols), 0);
        int tallest = 0;
        for (int x = 0; x < cols; ++x) {
            const auto n = all[std::size_t(x)];
            if (n == 0)
                continue;
            const int h = heightTable.empty() ? heightOf(n) : heightTable[n];
            const int ha = int(std::lround(h * double(arrived[std::size_t(x)]) / double(n)));
            arrivedH[std::size_t(x)] = ha;
            barH[std::size_t(x)] = m_showPending ? h : ha;
            tallest = std::max(tallest, barH[std::size_t(x)]);
        }
        const int base = int(std::lround(laneTop + l.laneHeight * 0.85));
        QColor pending = c.mutedText;
        pending.setAlpha(70);
        const QColor done = m_theme->keyColor(0);
        const int left = int(std::lround(l.plot.left()));
        p.save();
        p.setRenderHint(QPainter::Antialiasing, false);
        if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
            // Raster devices (the widget, PNG export): every bar written into one image per lane and blended
            // in a single call. Stroking a thousand short lines costs a span per pixel, several times more.
            if (m_barImage.width() < cols || m_barImage.height() < tallest)
                m_barImage = QImage(std::max(cols, m_barImage.width()), std::max(tallest, m_barImage.height()),
                    QImage::Format_ARGB32_Premultiplied);
            const QRgb pendingPixel = qPremultiply(pending.rgba());
            const QRgb donePixel = qPremultiply(done.rgba());
            for (int row = 0; row < tallest; ++row) {
                const int depth = tallest - row; // 1 on the row just above the base line
                auto* line = reinterpret_cast<QRgb*>(m_barImage.scanLine(row));
                for (int x = 0; x < cols; ++x) {
                    const std::size_t i = std::size_t(x);
                    line[x] = depth <= arrivedH[i] ? donePixel : (depth <= barH[i] ? pendingPixel : 0u);
                }
            }
            p.drawImage(QPoint(left, base - tallest), m_barImage, QRect(0, 0, cols, tallest));
        } else {
            // vector devices (SVG export) keep real lines: two batched calls, pending and arrived
            std::vector<QLine> pendingBars;
            std::vector<QLine> arrivedBars;
            pendingBars.reserve(std::size_t(cols));
            arrivedBars.reserve(std::size_t(cols));
            for (int x = 0; x < cols; ++x) {
                const int h = barH[std::size_t(x)];
                const int ha = arrivedH[std::size_t(x)];
                if (ha < h)
                    pendingBars.emplace_back(left + x, base - h, left + x, base - ha - 1);
                if (ha > 0)
                    arrivedBars.emplace_back(left + x, base - ha, left + x, base - 1);
            }
            p.setPen(QPen(pending, 1));
            p.drawLines(pendingBars.data(), int(pendingBars.size()));
            p.setPen(QPen(done, 1));
            p.drawLines(arrivedBars.data(), int(arrivedBars.size()));
        }
        p.restore();
        return;
    }

    const RecordIndex current = m_session->detail().record;
    const double r = s(7.5);
    // "#13" under each dot where there is room; a lane squeezed by a short screen keeps the dots alone
    const bool labels = double(lane.size()) < columns / s(44) && l.laneHeight >= s(62);
    QFont labelFont = font(8.5);
    p.setFont(labelFont);
    QFontMetricsF fm(labelFont);
    // labels are laid out after the dots, so that none is drawn over a dot or another label
    struct Placed {
        RecordIndex idx;
        double x;
        double cy;
        int stack;
        bool pending;
    };
    std::vector<Placed> placed;
    // records at the same pixel stack upwards so that none hides another
    double stackX = -1e9;
    int stack = 0;
    for (RecordIndex idx : lane) {
        const InputRecord& rec = records[idx];
        const double x = sc.mapTimeToX(double(rec.ts));
        if (!m_showPending && m_session->recordStatus(idx) == RecordStatus::Pending)
            continue;
        if (std::abs(x - stackX) < r * 1.6) {
            ++stack;
        } else {
            stack = 0;
            stackX = x;
        }
        const double cy = laneCentre - std::min(stack, 3) * (r * 2.0 + s(2)) + (stack > 3 ? 0 : 0);
        const RecordStatus status = m_session->recordStatus(idx);
        const bool pending = status == RecordStatus::Pending;
        const QPointF centre(x, cy);
        const KeyId operatorKey = m_session->scenario().pipeline.window.operatorKey(rec.key);
        QColor key = m_theme->keyColor(operatorKey == kNoKey ? 0 : int(operatorKey));
        if (pending) {
            QColor faint = c.mutedText;
            faint.setAlpha(130);
            p.setPen(QPen(faint, s(1.3), Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(centre, r * 0.85, r * 0.85);
        } else {
            if (idx == current) {
                QColor glow = c.current;
                glow.setAlpha(60);
                p.setPen(Qt::NoPen);
                p.setBrush(glow);
                p.drawEllipse(centre, r * 2.1, r * 2.1);
            }
            p.setPen(QPen(idx == current ? c.current : key.darker(130), idx == current ? s(2.5) : s(1)));
            p.setBrush(idx == current ? c.current : key);
            const double rr = idx == current ? r * 1.3 : r;
            switch (status) {
            case RecordStatus::SideOutput: {
                QPolygonF diamond({centre + QPointF(0, -rr * 1.2), centre + QPointF(rr * 1.2, 0),
                    centre + QPointF(0, rr * 1.2), centre + QPointF(-rr * 1.2, 0)});
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(c.sideOutput, s(2.5)));
                p.drawPolygon(diamond);
                break;
            }
            case RecordStatus::Dropped:
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(key, s(2)));
                p.drawEllipse(centre, rr, rr);
                p.setPen(QPen(c.dropped, s(3), Qt::SolidLine, Qt::RoundCap));
                p.drawLine(centre + QPointF(-rr * 1.3, -rr * 1.3), centre + QPointF(rr * 1.3, rr * 1.3));
                p.drawLine(centre + QPointF(-rr * 1.3, rr * 1.3), centre + QPointF(rr * 1.3, -rr * 1.3));
                break;
            case RecordStatus::LateAccepted:
                p.drawEllipse(centre, rr, rr);
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(c.lateFire, s(2.5)));
                p.drawEllipse(centre, rr + s(4), rr + s(4));
                break;
            default:
                p.drawEllipse(centre, rr, rr);
                break;
            }
        }
        if (idx == m_selectedRecord) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(c.selection, s(2.5)));
            p.drawEllipse(centre, r + s(6), r + s(6));
        }
        if (labels || (idx == current && l.laneHeight >= s(62)))
            placed.push_back({idx, x, cy, stack, pending});
        Hit hit;
        hit.kind = Hit::Kind::Record;
        hit.record = idx;
        hit.channel = channel;
        hit.rect = QRectF(x - r - s(3), cy - r - s(3), 2 * r + s(6), 2 * r + s(6));
        m_hits.push_back(hit);
    }
    // the current record's label first: it wins every overlap; the others are skipped where they would
    // touch a dot or a label already drawn ("#13#22#19" reads as nothing)
    std::stable_partition(placed.begin(), placed.end(), [current](const Placed& e) { return e.idx == current; });
    std::vector<QRectF> taken;
    taken.reserve(placed.size() * 2);
    for (const Placed& e : placed)
        taken.emplace_back(e.x - r, e.cy - r, 2 * r, 2 * r);
    for (const Placed& e : placed) {
        const QString text = QStringLiteral("#%1").arg(e.idx + 1);
        const double w = fm.horizontalAdvance(text);
        // below the lane for a record on the line; a stacked record names itself beside its dot
        const bool below = e.stack == 0 || e.idx == current;
        const QRectF rect = below ? QRectF(e.x - w / 2, laneCentre + r + s(4), w, fm.height())
                                  : QRectF(e.x + r + s(3), e.cy - fm.ascent() / 2 - s(1), w, fm.height());
        const QRectF margin = rect.adjusted(-s(2), 0, s(2), 0);
        if (e.idx != current
            && std::any_of(taken.begin(), taken.end(), [&margin](const QRectF& t) { return t.intersects(margin); }))
            continue;
        p.setPen(e.pending ? c.mutedText : (e.idx == current ? c.current : c.text));
        p.drawText(QPointF(rect.left(), rect.top() + fm.ascent()), text);
        taken.push_back(rect);
    }
}

void TimelineView::paintWindows(QPainter& p, const Layout& l, const TimeScale& sc)
{
    const ThemeColors& c = m_theme->colors();
    const PipelineState& state = m_session->state();
    const Trace& trace = m_session->trace();
    const int step = m_session->currentStep();
    const DurationMs lateness = m_session->scenario().pipeline.window.allowedLatenessMs;
    const bool eventTime = m_session->scenario().pipeline.window.assigner.isEventTime();

    // gutter labels of the row sets
    for (const RowSet& rs : l.rowSets) {
        const QRectF box(s(8), rs.top, l.gutter - s(16), rs.rows * rs.rowHeight);
        p.setPen(c.text);
        p.setFont(font(11, true));
        QString name;
        if (rs.key == kNoKey && rs.subtask < 0)
            name = m_collapsed ? tr("windows (all keys)") : tr("windows");
        else if (rs.key == kNoKey)
            name = tr("windows (all)");
        else
            name = tr("key %1").arg(m_session->keyName(rs.key));
        if (rs.key != kNoKey) {
            p.setPen(Qt::NoPen);
            p.setBrush(m_theme->keyColor(int(rs.key)));
            p.drawEllipse(QPointF(box.left() + s(5), box.top() + s(12)), s(5), s(5));
            p.setPen(c.text);
        }
        const QRectF textBox = box.adjusted(rs.key != kNoKey ? s(15) : 0, s(2), 0, 0);
        QString sub;
        if (m_session->subtaskCount() > 1 && rs.subtask >= 0)
            sub = tr("window subtask %1").arg(rs.subtask);
        p.drawText(textBox, Qt::AlignLeft | Qt::AlignTop, name);
        if (!sub.isEmpty() && box.height() > s(34)) {
            p.setFont(font(9));
            p.setPen(c.mutedText);
            p.drawText(textBox.adjusted(0, s(18), 0, 0), Qt::AlignLeft | Qt::AlignTop, sub);
        }
        p.setPen(QPen(c.gridMinor, 1));
        p.setRenderHint(QPainter::Antialiasing, false);
        p.drawLine(QPointF(l.plot.left(), rs.top + rs.rows * rs.rowHeight + s(3)),
            QPointF(l.plot.right(), rs.top + rs.rows * rs.rowHeight + s(3)));
        p.setRenderHint(QPainter::Antialiasing, true);
    }
    if (l.hiddenRowSets > 0) {
        p.setPen(c.mutedText);
        p.setFont(font(9));
        p.drawText(QRectF(s(8), l.lanesTop - s(18), l.gutter, s(16)), Qt::AlignLeft,
            tr("+%n more key(s): filter", nullptr, l.hiddenRowSets));
    }

    if (state.windows.empty() && l.rowSets.size() == 1 && l.rowSets.front().subtask < 0 && !m_collapsed) {
        p.setPen(c.mutedText);
        p.setFont(font(10.5));
        p.drawText(QRectF(l.plot.left() + s(8), l.rowSets.front().top, l.plot.width(), l.rowSets.front().rowHeight),
            Qt::AlignLeft | Qt::AlignVCenter,
            tr("No window has state yet: a window [start, end) appears when its first record arrives."));
    }

    auto rowSetOf = [&](int subtask, KeyId key) -> const RowSet* {
        for (const RowSet& rs : l.rowSets) {
            if (m_collapsed || (rs.key == key && rs.subtask == subtask))
                return &rs;
        }
        return nullptr;
    };

    // Only the windows in view: live ones from the state, fired-and-cleaned ones from the trace (sorted by
    // start, so a binary search finds the first that can reach into the view).
    const auto fires = trace.fires();
    const double viewFrom = sc.start() - double(std::max<DurationMs>(lateness, 0));
    const double viewTo = sc.end();
    struct Band {
        int subtask;
        KeyId key;
        TimeWindow window;
        WindowStatus status;
        bool gone; // fired earlier and cleaned up since
        std::size_t count;
        std::uint32_t fires;
    };
    std::vector<Band> bands;
    for (const WindowState& w : state.windows) {
        if (w.window.isGlobal() || double(w.window.end()) < viewFrom || double(w.window.start()) > viewTo)
            continue;
        bands.push_back({w.subtask, w.key, w.window, w.status, false, w.count, w.fireCount});
    }
    const auto fired = trace.firedWindows();
    auto it = std::lower_bound(fired.begin(), fired.end(), viewFrom - m_maxWindowSpan,
        [](const FiredWindow& w, double t) { return double(w.window.start()) < t; });
    for (; it != fired.end() && double(it->window.start()) <= viewTo; ++it) {
        const FiredWindow& fw = *it;
        if (fw.firstFire == kNoStep || int(fw.firstFire) > step || double(fw.window.end()) < viewFrom)
            continue;
        const auto live = std::lower_bound(
            state.windows.begin(), state.windows.end(), fw, [](const WindowState& w, const FiredWindow& f) {
                return std::tie(w.subtask, w.key, w.window) < std::tie(f.subtask, f.key, f.window);
            });
        if (live != state.windows.end() && sameWindow(*live, fw.subtask, fw.key, fw.window))
            continue;
        bands.push_back({fw.subtask, fw.key, fw.window, WindowStatus::Purged, true, 0, fw.fireCount});
    }
    // the fires of one window up to the current step (from the trace's index, built once per run)
    auto firesOf = [&](const Band& b) {
        std::vector<std::size_t> out;
        for (std::size_t fi : trace.firesOfWindow(b.subtask, b.key, b.window)) {
            if (int(fires[fi].step) <= step)
                out.push_back(fi);
        }
        return out;
    };

    const double radius = s(5);
    // fonts and their metrics once per paint: building QFontMetrics per window costs more than drawing it
    const DurationMs utcOffset = m_session->labels().utcOffsetMs(Timestamp(sc.start()));
    const bool manyBands = bands.size() > 40;
    const QFont bigFont = font(11);
    const QFont smallFont = font(9);
    const QFont secondFont = font(10);
    const QFont secondBold = font(10, true);
    const QFontMetricsF bigFm(bigFont);
    const QFontMetricsF smallFm(smallFont);
    const QFontMetricsF secondFm(secondFont);
    const QFontMetricsF secondBoldFm(secondBold);
    for (const Band& b : bands) {
        if (b.window.isGlobal())
            continue;
        const RowSet* rs = rowSetOf(b.subtask, b.key);
        if (!rs)
            continue;
        const double x1 = sc.mapTimeToX(double(b.window.start()));
        const double x2 = sc.mapTimeToX(double(b.window.end()));
        const double tailEnd = sc.mapTimeToX(double(javaAdd(b.window.end(), lateness)));
        if (std::max(x2, tailEnd) < l.plot.left() || x1 > l.plot.right())
            continue;
        const int row = rowOfWindow(b.window);
        const double top = rs->top + row * rs->rowHeight + s(3);
        // the bottom strip of each row carries the allowed-lateness tails, which reach under later windows
        const double tailH = lateness > 0 && eventTime ? s(8) : 0.0;
        const double h = rs->rowHeight - s(6) - tailH;
        const QRectF box(clampX(x1, l.plot) + 1, top, clampX(x2, l.plot) - clampX(x1, l.plot) - 2, h);
        const bool fired = b.gone || b.fires > 0;
        if (box.width() < s(4)) {
            // more windows than pixels: a plain mark per window, no text, no markers
            QColor fill = b.gone ? c.windowPurged : (fired ? c.windowFired : c.windowCollecting);
            p.setRenderHint(QPainter::Antialiasing, false);
            p.fillRect(QRect(int(box.left()), int(box.top()), std::max(1, int(box.width())), int(box.height())), fill);
            p.setRenderHint(QPainter::Antialiasing, true);
            continue;
        }
        const std::vector<std::size_t> wfAll = fired ? firesOf(b) : std::vector<std::size_t>();
        const std::vector<std::size_t>* wf = wfAll.empty() ? nullptr : &wfAll;

        // the allowed-lateness tail: from end to end + lateness, where a late record still re-fires it
        if (eventTime && lateness > 0 && !b.gone && (fired || b.status == WindowStatus::InAllowedLateness)) {
            const QRectF tail(
                box.right() - s(1), top + h + s(1), clampX(tailEnd, l.plot) - box.right() + s(1), tailH - s(1));
            QColor tc = c.windowLateness;
            p.setPen(QPen(tc, s(1)));
            p.setBrush(QBrush(tc, Qt::BDiagPattern));
            p.drawRect(tail);
        }

        QColor fill = c.windowCollecting;
        QColor border = c.windowCollectingBorder;
        if (b.gone || b.status == WindowStatus::Purged) {
            fill = c.windowPurged;
            border = c.mutedText;
        } else if (fired) {
            fill = c.windowFired;
            border = c.windowFiredBorder;
        }
        if (b.gone)
            fill.setAlpha(150);
        if (m_collapsed && b.key != kNoKey)
            border = m_theme->keyColor(int(b.key));
        // cleaned-up windows: a thin muted outline (a dashed outline per window would cost more than the rest)
        p.setPen(QPen(border, b.gone ? s(1) : s(1.5)));
        p.setBrush(fill);
        if (manyBands) {
            // a crowded view: square, unantialiased boxes on whole pixels, the cheapest to fill and stroke
            p.setRenderHint(QPainter::Antialiasing, false);
            p.drawRect(box.toAlignedRect().adjusted(0, 0, -1, -1));
            p.setRenderHint(QPainter::Antialiasing, true);
        } else {
            p.drawRoundedRect(box, radius, radius);
        }

        // text: the window, then what it holds or what it produced
        if (box.width() > s(28) && h > s(16)) {
            p.setPen(b.gone ? c.mutedText : c.text);
            const bool big = h > s(36);
            p.setFont(big ? bigFont : smallFont);
            const QFontMetricsF& fm = big ? bigFm : smallFm;
            const QStringList range = windowLabels(*m_session, b.window, utcOffset);
            const double tx = std::max(box.left(), l.plot.left()) + s(5);
            const double line1 = top + s(3) + fm.ascent();
            drawLabel(p, QPointF(tx, line1 - fm.ascent()), range, fm, box.right() - tx - s(3), big ? 0 : 1);
            if (h > s(36)) {
                QStringList second;
                if (wf) {
                    const FireEvent& last = fires[wf->back()].fire;
                    const QString result = m_session->formatResult(last);
                    const QString times = wf->size() == 1 ? QString() : tr("×%1").arg(wf->size());
                    const QString full
                        = wf->size() == 1 ? tr("⚑ fired: %1").arg(result) : tr("⚑ fired %1: %2").arg(times, result);
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
                const bool bold = fired && !b.gone;
                p.setFont(bold ? secondBold : secondFont);
                const QFontMetricsF& fm2 = bold ? secondBoldFm : secondFm;
                p.setPen(fired && !b.gone ? c.windowFiredBorder.darker(140) : (b.gone ? c.mutedText : c.text));
                if (fired && m_theme->kind() == Theme::Kind::Dark)
                    p.setPen(c.text);
                drawLabel(
                    p, QPointF(tx, line1 + fm.descent() + s(3)), second, fm2, box.right() - tx - s(3), bold ? 3 : 2);
            }
        }
        // fire markers on the window's end: green flag for on time, purple for each late re-fire
        if (wf && x2 >= l.plot.left() && x2 <= l.plot.right() + s(10)) {
            int k = 0;
            for (std::size_t fi : *wf) {
                const FireEvent& f = fires[fi].fire;
                const QColor fc = f.timing == FireTiming::OnTime ? c.fire : c.lateFire;
                const double fx = x2 - s(2) - k * s(9);
                const double fy = top - s(1);
                QPolygonF flag({QPointF(fx, fy), QPointF(fx, fy + s(12)), QPointF(fx - s(8), fy + s(6))});
                p.setPen(manyBands ? Qt::NoPen : QPen(fc.darker(120), s(1)));
                p.setBrush(fc);
                p.setRenderHint(QPainter::Antialiasing, !manyBands);
                p.drawPolygon(flag);
                p.setRenderHint(QPainter::Antialiasing, true);
                Hit fh;
                fh.kind = Hit::Kind::Fire;
                fh.fire = fi;
                fh.rect = QRectF(fx - s(9), fy - s(1), s(11), s(14));
                m_hits.push_back(fh);
                if (++k >= 6)
                    break;
            }
        }
        if (m_cursor->highlight().kind == TimeCursor::Highlight::Kind::Window
            && m_cursor->highlight().windowStart == b.window.start()
            && m_cursor->highlight().windowEnd == b.window.end()) {
            p.setPen(QPen(c.current, s(3)));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(box.adjusted(-s(2), -s(2), s(2), s(2)), radius, radius);
        }
        Hit hit;
        hit.kind = Hit::Kind::Window;
        hit.subtask = b.subtask;
        hit.key = b.key;
        hit.window = b.window;
        hit.rect = box;
        m_hits.push_back(hit);
    }
}

void TimelineView::paintWatermarks(QPainter& p, const Layout& l, const TimeScale& sc)
{
    const ThemeColors& c = m_theme->colors();
    const PipelineState& state = m_session->state();

    // each channel's watermark inside its lane
    for (int ch = 0; ch < int(state.channels.size()) && ch < l.lanes; ++ch) {
        const Timestamp wm = state.channels[ch].watermark;
        if (wm == kMinTimestamp)
            continue;
        const double top = l.lanesTop + ch * l.laneHeight + s(4);
        const double bottom = top + l.laneHeight - s(8);
        double x = sc.mapTimeToX(double(wm));
        const bool offLeft = x < l.plot.left();
        const bool offRight = x > l.plot.right();
        const QColor wc = state.channels[ch].idle ? c.idle : c.channelWatermark;
        if (offLeft || offRight) {
            // out of view: an arrow at the edge says where it is
            x = offLeft ? l.plot.left() + s(6) : l.plot.right() - s(6);
            const double d = offLeft ? -1 : 1;
            p.setPen(Qt::NoPen);
            p.setBrush(wc);
            p.drawPolygon(QPolygonF({QPointF(x + d * s(6), top + s(10)), QPointF(x - d * s(4), top + s(4)),
                QPointF(x - d * s(4), top + s(16))}));
            continue;
        }
        p.setPen(QPen(wc, s(2.5)));
        p.drawLine(QPointF(x, top + s(6)), QPointF(x, bottom));
        p.setPen(Qt::NoPen);
        p.setBrush(wc);
        p.drawPolygon(QPolygonF({QPointF(x - s(7), top), QPointF(x + s(7), top), QPointF(x, top + s(10))}));
        Hit hit;
        hit.kind = Hit::Kind::ChannelWatermark;
        hit.channel = ch;
        hit.rect = QRectF(x - s(6), top, s(12), bottom - top);
        m_hits.push_back(hit);
    }

    // The operator watermark: the one value the window operator acts on. With W > 1 window subtasks each
    // has its own valve: one line per distinct value, and subtasks that agree share a line whose label
    // names them all ("subtasks 0–2: …") instead of drawing the same line W times.
    m_operatorLines.clear();
    const bool perSubtask = m_session->subtaskCount() > 1 && state.subtasks.size() > 1;
    std::vector<SubtaskWatermarkGroup> groups;
    if (perSubtask) {
        groups = groupSubtaskWatermarks(state.subtasks);
    } else {
        // one subtask: its inputs are the channels, as the lanes show them
        SubtaskWatermarkGroup g;
        g.watermark = m_session->operatorWatermark();
        g.subtasks = {0};
        g.allIdle = !state.channels.empty();
        for (std::size_t i = 0; i < state.channels.size(); ++i) {
            const ChannelState& ch = state.channels[i];
            if (ch.idle)
                continue;
            g.allIdle = false;
            g.inputs.push_back(ch.watermark);
            if (g.minChannel < 0 && ch.watermark == g.watermark)
                g.minChannel = int(i);
        }
        groups.push_back(std::move(g));
    }

    const double top = l.windowsTop - s(2);
    const double bottom = l.footerTop;
    const double labelY = l.footerTop + s(6);
    p.setFont(font(11.5, true));
    QFontMetricsF fm(p.font());
    const double boxH = fm.height() + s(4);
    std::vector<QRectF> taken; // label boxes already placed: a label that would overlap moves up a row
    for (const SubtaskWatermarkGroup& g : groups) {
        const Timestamp wm = g.watermark;
        // the longest explanation that fits the plot, down to the bare time: a label is never cut off
        const QString time = m_session->formatTime(wm);
        QStringList parts;
        for (Timestamp t : g.inputs)
            parts << m_session->formatTime(t);
        const int active = int(g.inputs.size());
        const bool severalInputs = m_session->channelCount() > 1;
        QStringList choices;
        if (perSubtask) {
            const QString who = subtaskNames(g.subtasks);
            if (g.allIdle) {
                choices << tr("%1: operator watermark %2 — every channel is idle").arg(who, time);
            } else if (severalInputs && g.inputsAgree) {
                choices << tr("%1: operator watermark %2 = min(%3)").arg(who, time, parts.join(QStringLiteral(", ")))
                        << tr("%1: %2 = min(%3)").arg(who, time, parts.join(QStringLiteral(", ")));
                if (g.minChannel >= 0)
                    choices << tr("%1: %2 (channel %3)").arg(who, time).arg(g.minChannel);
            } else if (severalInputs) {
                choices << tr("%1: operator watermark %2 = min of each one's inputs").arg(who, time);
            }
            choices << tr("%1: operator watermark %2").arg(who, time) << tr("%1: %2").arg(who, time);
        } else if (g.allIdle) {
            choices << tr("operator watermark %1 — every channel is idle").arg(time);
        } else if (severalInputs) {
            choices << tr("operator watermark %1 = min(%2)").arg(time, parts.join(QStringLiteral(", ")));
            if (g.minChannel >= 0)
                choices << tr("operator watermark %1 = min of %2 channels, channel %3 the lowest")
                               .arg(time)
                               .arg(active)
                               .arg(g.minChannel)
                        << tr("operator watermark %1 (channel %2)").arg(time).arg(g.minChannel);
        }
        if (!perSubtask)
            choices << tr("operator watermark %1").arg(time) << tr("op. watermark %1").arg(time);
        choices << time;

        double x = l.plot.left();
        const bool visible = wm != kMinTimestamp && wm != kMaxTimestamp && sc.mapTimeToX(double(wm)) >= l.plot.left()
            && sc.mapTimeToX(double(wm)) <= l.plot.right();
        QString prefix;
        QString suffix;
        if (visible) {
            x = sc.mapTimeToX(double(wm));
            QPen pen(c.operatorWatermark, s(3), Qt::DashLine, Qt::FlatCap);
            pen.setDashPattern({4, 2.5});
            p.setPen(pen);
            p.drawLine(QPointF(x, top), QPointF(x, bottom));
            p.setPen(Qt::NoPen);
            p.setBrush(c.operatorWatermark);
            p.drawPolygon(
                QPolygonF({QPointF(x - s(8), top - s(2)), QPointF(x + s(8), top - s(2)), QPointF(x, top + s(10))}));
            Hit hit;
            hit.kind = Hit::Kind::OperatorWatermark;
            hit.subtask = g.subtasks.front();
            hit.rect = QRectF(x - s(5), top, s(10), bottom - top);
            m_hits.push_back(hit);
        } else if (wm != kMinTimestamp && sc.mapTimeToX(double(wm)) > l.plot.right()) {
            x = l.plot.right();
            suffix = QStringLiteral(" ▶");
        } else if (wm != kMinTimestamp) {
            prefix = QStringLiteral("◀ ");
        }
        QString text = prefix + choices.back() + suffix;
        for (const QString& choice : choices) {
            const QString candidate = prefix + choice + suffix;
            if (fm.horizontalAdvance(candidate) <= l.plot.width() - s(8)) {
                text = candidate;
                break;
            }
        }
        const double tw = fm.horizontalAdvance(text);
        // keep the label on screen: to the right of the line, or to its left near the right edge, else as
        // far right as the plot allows
        double lx = x + s(6);
        if (lx + tw > l.plot.right())
            lx = x - s(6) - tw;
        lx = std::clamp(lx, l.plot.left() + s(4), std::max(l.plot.left() + s(4), l.plot.right() - tw - s(4)));
        // the first row (under the lanes) unless an earlier label is there; further rows stack upwards
        const QRectF box = clearOfOthers(QRectF(lx - s(4), labelY, tw + s(8), boxH), taken, boxH + s(2));
        taken.push_back(box);
        QColor bg = c.background;
        bg.setAlpha(230);
        p.setPen(Qt::NoPen);
        p.setBrush(bg);
        p.drawRoundedRect(box, s(3), s(3));
        p.setPen(c.operatorWatermark);
        p.drawText(QPointF(lx, box.top() + s(2) + fm.ascent()), text);
        m_operatorLines.push_back({g.subtasks, wm, visible ? x : std::nan(""), text, box});
    }
}

void TimelineView::paintHighlight(QPainter& p, const Layout& l, const TimeScale& sc)
{
    const auto& h = m_cursor->highlight();
    const ThemeColors& c = m_theme->colors();
    if (h.kind == TimeCursor::Highlight::Kind::Record && h.record >= 0) {
        const auto r = RecordIndex(h.record);
        for (const Hit& hit : m_hits) {
            if (hit.kind == Hit::Kind::Record && hit.record == r) {
                p.setPen(QPen(c.current, s(3)));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(hit.rect.center(), hit.rect.width() / 2 + s(5), hit.rect.width() / 2 + s(5));
            }
        }
    } else if (h.kind == TimeCursor::Highlight::Kind::Channel && h.channel >= 0 && h.channel < l.lanes) {
        const double top = l.lanesTop + h.channel * l.laneHeight;
        p.setPen(QPen(c.current, s(3)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(l.plot.left() - s(2), top + s(1), l.plot.width() + s(4), l.laneHeight - s(2)));
    }
    Q_UNUSED(sc);
}

void TimelineView::paintLegend(QPainter& p, const Layout& l)
{
    const ThemeColors& c = m_theme->colors();
    p.setFont(font(9.5));
    QFontMetricsF fm(p.font());
    // the items are gathered first, so that a legend wider than the view wraps onto a second row
    std::vector<std::pair<std::function<void(QPointF)>, QString>> items;
    auto item = [&items](std::function<void(QPointF)> drawIcon, const QString& text) {
        items.emplace_back(std::move(drawIcon), text);
    };
    const int keys = std::min(m_session->keyCount(), 8);
    for (int k = 0; k < keys; ++k) {
        item(
            [&, k](QPointF pt) {
                p.setPen(Qt::NoPen);
                p.setBrush(m_theme->keyColor(k));
                p.drawEllipse(pt, s(5), s(5));
            },
            tr("key %1").arg(m_session->keyName(KeyId(k))));
    }
    if (m_session->keyCount() > keys)
        item([](QPointF) {}, tr("+%1 keys").arg(m_session->keyCount() - keys));
    item(
        [&](QPointF pt) {
            p.setPen(QPen(c.mutedText, s(1.2), Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(pt, s(5), s(5));
        },
        tr("not arrived yet"));
    item(
        [&](QPointF pt) {
            p.setPen(QPen(c.lateFire, s(2)));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(pt, s(6), s(6));
        },
        tr("late, re-fired"));
    item(
        [&](QPointF pt) {
            p.setPen(QPen(c.dropped, s(2.5)));
            p.drawLine(pt + QPointF(-s(5), -s(5)), pt + QPointF(s(5), s(5)));
            p.drawLine(pt + QPointF(-s(5), s(5)), pt + QPointF(s(5), -s(5)));
        },
        tr("late, dropped"));
    item(
        [&](QPointF pt) {
            p.setPen(QPen(c.sideOutput, s(2)));
            p.setBrush(Qt::NoBrush);
            p.drawPolygon(QPolygonF(
                {pt + QPointF(0, -s(6)), pt + QPointF(s(6), 0), pt + QPointF(0, s(6)), pt + QPointF(-s(6), 0)}));
        },
        tr("late, side output"));
    item(
        [&](QPointF pt) {
            p.setPen(Qt::NoPen);
            p.setBrush(c.channelWatermark);
            p.drawPolygon(QPolygonF({pt + QPointF(-s(6), -s(5)), pt + QPointF(s(6), -s(5)), pt + QPointF(0, s(5))}));
        },
        tr("channel watermark"));
    item(
        [&](QPointF pt) {
            p.setPen(Qt::NoPen);
            p.setBrush(c.fire);
            p.drawPolygon(QPolygonF({pt + QPointF(s(3), -s(6)), pt + QPointF(s(3), s(6)), pt + QPointF(-s(5), 0)}));
        },
        tr("fire"));
    item(
        [&](QPointF pt) {
            p.setPen(Qt::NoPen);
            p.setBrush(c.lateFire);
            p.drawPolygon(QPolygonF({pt + QPointF(s(3), -s(6)), pt + QPointF(s(3), s(6)), pt + QPointF(-s(5), 0)}));
        },
        tr("late re-fire"));
    if (m_session->scenario().pipeline.window.allowedLatenessMs > 0) {
        item(
            [&](QPointF pt) {
                p.setPen(QPen(c.windowLateness, 1));
                p.setBrush(QBrush(c.windowLateness, Qt::BDiagPattern));
                p.drawRect(QRectF(pt.x() - s(7), pt.y() - s(4), s(14), s(8)));
            },
            tr("allowed lateness"));
    }
    const auto width = [&](const QString& text) { return s(18) + fm.horizontalAdvance(text) + s(18); };
    double total = 0;
    for (const auto& it : items)
        total += width(it.second);
    const double right = l.plot.right() + s(12);
    const bool twoRows = total > right - l.plot.left();
    if (twoRows != m_legendTwoRows) {
        // the footer was laid out for the other number of rows: lay out again
        m_legendTwoRows = twoRows;
        update();
    }
    double x = l.plot.left();
    double y = l.footerTop + s(40);
    for (const auto& [drawIcon, text] : items) {
        if (x > l.plot.left() && x + width(text) - s(18) > right) {
            x = l.plot.left();
            y += fm.height() + s(2);
        }
        if (y + fm.height() > l.bottom)
            break; // a view too short for the legend: none of it rather than half a row
        drawIcon(QPointF(x + s(7), y + fm.height() / 2));
        p.setPen(c.mutedText);
        drawLabel(p, QPointF(x + s(18), y), {text}, fm, 1e9, 4); // the same texts every paint: laid out once
        x += width(text);
    }
}

void TimelineView::drawLabel(QPainter& p, const QPointF& topLeft, const QStringList& choices, const QFontMetricsF& fm,
    double maxWidth, int fontSlot)
{
    // Window labels repeat (the same windows for every key, "2 record(s)"): laid-out text is cached, so a
    // paint of a hundred windows does not shape a hundred strings.
    if (m_labelCacheScale != m_theme->scale() || m_labelCache.size() > 4000) {
        m_labelCache.clear();
        m_labelCacheScale = m_theme->scale();
    }
    const std::pair<QStaticText, double>* laidOut = nullptr;
    const qsizetype fits = firstThatFits(choices, maxWidth, [&](const QString& text) {
        const auto key = std::make_pair(fontSlot, text);
        auto it = m_labelCache.find(key);
        if (it == m_labelCache.end()) {
            QStaticText st(text);
            st.setTextFormat(Qt::PlainText);
            st.prepare(QTransform(), p.font());
            it = m_labelCache.emplace(key, std::make_pair(st, fm.horizontalAdvance(text))).first;
        }
        laidOut = &it->second;
        return it->second.second;
    });
    // nothing fits: no label at all rather than a meaningless "1 re…"; the tooltip still names the window
    if (fits >= 0)
        p.drawStaticText(topLeft, laidOut->first);
}

TimelineView::Hit TimelineView::hitAt(const QPointF& pos) const
{
    // records and markers before windows and lines: the smaller target wins
    for (auto kind : {Hit::Kind::Record, Hit::Kind::Fire, Hit::Kind::ChannelWatermark, Hit::Kind::OperatorWatermark,
             Hit::Kind::Window}) {
        for (auto it = m_hits.rbegin(); it != m_hits.rend(); ++it) {
            if (it->kind == kind && it->rect.contains(pos))
                return *it;
        }
    }
    return {};
}

QString TimelineView::tooltipFor(const Hit& hit) const
{
    const Trace& trace = m_session->trace();
    const PipelineState& state = m_session->state();
    switch (hit.kind) {
    case Hit::Kind::Record: {
        const InputRecord& r = m_session->scenario().records[hit.record];
        QString status;
        switch (m_session->recordStatus(hit.record)) {
        case RecordStatus::Pending:
            status = tr("not arrived yet");
            break;
        case RecordStatus::OnTime:
            status = tr("on time");
            break;
        case RecordStatus::LateAccepted:
            status = tr("late, within allowed lateness: re-fired its window");
            break;
        case RecordStatus::Dropped:
            status = tr("late: dropped");
            break;
        case RecordStatus::SideOutput:
            status = tr("late: sent to the side output");
            break;
        case RecordStatus::Watermark:
            status = tr("watermark");
            break;
        }
        const StepIndex arrived = m_session->arrivalStep(hit.record);
        QString text
            = tr("<b>Record #%1</b><br>key %2").arg(hit.record + 1).arg(m_session->keyName(r.key).toHtmlEscaped());
        if (r.hasValue)
            text += tr(" · value %1").arg(r.value);
        text += tr("<br>event time %1 (%2 ms)").arg(m_session->formatDateTime(r.ts)).arg(r.ts);
        if (arrived != kNoStep)
            text += tr("<br>arrives at step %1, processing time %2, on channel %3")
                        .arg(arrived)
                        .arg(Session::formatProcessingTime(trace.step(arrived).processingTime))
                        .arg(hit.channel);
        if (r.sourceLine > 0)
            text += tr("<br>line %1 of the input").arg(r.sourceLine);
        return text + tr("<br>status: %1").arg(status);
    }
    case Hit::Kind::Window: {
        QString text = tr("<b>Window %1</b>").arg(m_session->formatWindow(hit.window).toHtmlEscaped());
        if (hit.key != kNoKey)
            text += tr("<br>key %1").arg(m_session->keyName(hit.key).toHtmlEscaped());
        if (m_session->subtaskCount() > 1)
            text += tr(" · window subtask %1").arg(hit.subtask);
        text += tr("<br>fires when the watermark reaches %1 (end − 1 ms)")
                    .arg(m_session->formatTime(hit.window.maxTimestamp()));
        for (const WindowState& w : state.windows) {
            if (sameWindow(w, hit.subtask, hit.key, hit.window)) {
                text += tr("<br>%n element(s)", nullptr, int(w.count));
                if (w.cleanupTime != kMaxTimestamp)
                    text
                        += tr("<br>state kept until the watermark passes %1").arg(m_session->formatTime(w.cleanupTime));
            }
        }
        for (std::size_t fi : trace.firesOfWindow(hit.subtask, hit.key, hit.window)) {
            const FireRecord& f = trace.fires()[fi];
            if (int(f.step) > m_session->currentStep())
                break;
            text += tr("<br>%1 at step %2: %3 (watermark %4)")
                        .arg(f.fire.timing == FireTiming::OnTime ? tr("fired") : tr("re-fired (late)"))
                        .arg(f.step)
                        .arg(m_session->formatResult(f.fire).toHtmlEscaped())
                        .arg(m_session->formatTime(f.fire.watermark));
        }
        return text;
    }
    case Hit::Kind::Fire: {
        const FireRecord& f = trace.fires()[hit.fire];
        return tr("<b>%1</b> at step %2<br>window %3<br>result %4<br>operator watermark %5")
            .arg(f.fire.timing == FireTiming::OnTime ? tr("On-time fire") : tr("Late re-fire"))
            .arg(f.step)
            .arg(m_session->formatWindow(f.fire.window).toHtmlEscaped())
            .arg(m_session->formatResult(f.fire).toHtmlEscaped())
            .arg(m_session->formatTime(f.fire.watermark));
    }
    case Hit::Kind::ChannelWatermark: {
        const ChannelState& ch = state.channels[std::size_t(hit.channel)];
        return tr("<b>Channel %1 watermark</b> %2<br>largest timestamp seen %3<br>%4")
            .arg(hit.channel)
            .arg(m_session->formatDateTime(ch.watermark))
            .arg(m_session->formatTime(ch.maxTimestamp))
            .arg(ch.idle ? tr("idle: ignored by the window operator")
                         : tr("%n record(s) so far", nullptr, int(ch.records)));
    }
    case Hit::Kind::OperatorWatermark: {
        if (m_session->subtaskCount() > 1 && hit.subtask >= 0 && hit.subtask < int(state.subtasks.size())) {
            // the line of the subtasks that share this value
            for (const SubtaskWatermarkGroup& g : groupSubtaskWatermarks(state.subtasks)) {
                if (std::find(g.subtasks.begin(), g.subtasks.end(), hit.subtask) == g.subtasks.end())
                    continue;
                QString text = tr("<b>Operator watermark of window %1</b> %2<br>each subtask's valve takes the "
                                  "minimum over its active input channels")
                                   .arg(subtaskNames(g.subtasks), m_session->formatDateTime(g.watermark));
                if (g.minChannel >= 0)
                    text += tr("<br>channel %1 holds it back").arg(g.minChannel);
                return text;
            }
        }
        QString text = tr("<b>Operator watermark</b> %1<br>the minimum over the active channels")
                           .arg(m_session->formatDateTime(m_session->operatorWatermark()));
        if (!state.subtasks.empty() && state.subtasks.front().minChannel >= 0)
            text += tr("<br>channel %1 holds it back").arg(state.subtasks.front().minChannel);
        return text;
    }
    default:
        return {};
    }
}

bool TimelineView::event(QEvent* e)
{
    if (e->type() == QEvent::NativeGesture) {
        // pinch on a touchpad zooms around the fingers, as Ctrl+wheel does
        auto* g = static_cast<QNativeGestureEvent*>(e);
        if (g->gestureType() == Qt::ZoomNativeGesture) {
            const TimeScale z = scale().zoomedAround(g->position().x(), 1.0 + g->value());
            m_cursor->setVisibleRange(z.start(), z.end());
            return true;
        }
    }
    if (e->type() == QEvent::ToolTip && m_session->hasRun()) {
        auto* help = static_cast<QHelpEvent*>(e);
        const Hit hit = hitAt(help->pos());
        const QString text = tooltipFor(hit);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this, hit.rect.toAlignedRect());
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const TimeScale sc = scale();
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        const double factor = std::pow(1.25, delta.y() / 120.0);
        const TimeScale z = sc.zoomedAround(event->position().x(), factor);
        m_cursor->setVisibleRange(z.start(), z.end());
    } else {
        // plain wheel pans in time (vertical wheels too: a timeline has nothing to scroll vertically)
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        const TimeScale moved = sc.panned(d / 120.0 * sc.width() / 10.0);
        m_cursor->setVisibleRange(moved.start(), moved.end());
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragFrom = event->position();
        m_dragStartTime = m_cursor->visibleStart();
        m_dragged = false;
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        const double dx = event->position().x() - m_dragFrom->x();
        if (std::abs(dx) > 3)
            m_dragged = true;
        if (m_dragged) {
            const double span = m_cursor->visibleEnd() - m_cursor->visibleStart();
            const TimeScale sc = scale();
            const double start = m_dragStartTime - dx * span / sc.width();
            m_cursor->setFollowWatermark(false);
            m_cursor->setVisibleRange(start, start + span);
            setCursor(Qt::ClosedHandCursor);
        }
        return;
    }
    // hovering a record or window tells the other views (narration, tables) what the pointer is on
    const Hit hit = hitAt(event->position());
    TimeCursor::Highlight h;
    if (hit.kind == Hit::Kind::Record) {
        h.kind = TimeCursor::Highlight::Kind::Record;
        h.record = hit.record;
    } else if (hit.kind == Hit::Kind::Window) {
        h.kind = TimeCursor::Highlight::Kind::Window;
        h.windowStart = hit.window.start();
        h.windowEnd = hit.window.end();
    }
    m_cursor->setHighlight(h);
    setCursor(hit.kind == Hit::Kind::None ? Qt::OpenHandCursor : Qt::PointingHandCursor);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_dragFrom) {
        if (!m_dragged) {
            const Hit hit = hitAt(event->position());
            if (hit.kind == Hit::Kind::Record)
                selectRecord(hit.record);
            else if (hit.kind == Hit::Kind::Window)
                selectWindow(hit.subtask, hit.key, hit.window);
        }
        m_dragFrom.reset();
        setCursor(Qt::OpenHandCursor);
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (hitAt(event->position()).kind == Hit::Kind::None)
        fitAll();
}

void TimelineView::leaveEvent(QEvent* event)
{
    m_cursor->clearHighlight();
    QWidget::leaveEvent(event);
}

void TimelineView::selectRecord(RecordIndex r)
{
    m_selectedRecord = r;
    if (m_recordSelection && m_recordSelection->model()) {
        const QModelIndex index = m_recordSelection->model()->index(int(r), 0);
        m_recordSelection->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    Q_EMIT recordClicked(r);
    update();
}

void TimelineView::selectWindow(int subtask, KeyId key, const TimeWindow& w)
{
    if (!m_windowSelection)
        return;
    auto* model = qobject_cast<const WindowsModel*>(m_windowSelection->model());
    if (!model)
        return;
    const int row = model->rowOf(subtask, key, w);
    if (row >= 0)
        m_windowSelection->setCurrentIndex(
            model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

} // namespace tidemark::app
