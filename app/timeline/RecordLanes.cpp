#include "app/timeline/RecordLanes.h"

#include "app/Theme.h"
#include "app/timeline/PaintCache.h"
#include "app/timeline/TimelineFrame.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tidemark::app {

namespace {

// Lines of the dense bars, counted per pixel column: how many records and how many arrived by this step.
std::optional<DenseBars> denseBars(const TimelineFrame& f, const TimelineLayout& l, const TimeScale& sc, int laneIndex,
    double laneTop, Timestamp from, std::size_t count)
{
    const int cols = int(l.plot.width());
    std::vector<std::uint32_t> arrived(std::size_t(cols), 0);
    std::vector<std::uint32_t> all(std::size_t(cols), 0);
    const std::span<const Timestamp> laneTs = f.index.laneTs[std::size_t(laneIndex)];
    const std::span<const StepIndex> laneArrival = f.index.laneArrival[std::size_t(laneIndex)];
    const Timestamp* tsBegin = std::lower_bound(laneTs.data(), laneTs.data() + laneTs.size(), from);
    const auto tsEnd = tsBegin + std::ptrdiff_t(count);
    const auto now = StepIndex(f.step);
    // each column's end is searched for a column's worth of records after the last one's
    const std::ptrdiff_t perColumn = std::max<std::ptrdiff_t>(1, std::ptrdiff_t(count) / std::max(cols, 1));
    std::uint32_t peak = 1;
    for (int x = 0; x < cols; ++x) {
        const auto edge = static_cast<Timestamp>(std::ceil(sc.mapXToTime(l.plot.left() + x + 1)));
        const auto end = lowerBoundNear(tsBegin, tsEnd, edge, perColumn);
        const auto first = std::size_t(tsBegin - laneTs.data());
        const auto last = std::size_t(end - laneTs.data());
        arrived[std::size_t(x)]
            = std::uint32_t(f.index.laneArrivalBlocks[std::size_t(laneIndex)].arrivedBy(laneArrival, first, last, now));
        all[std::size_t(x)] = std::uint32_t(last - first);
        peak = std::max(peak, all[std::size_t(x)]);
        tsBegin = end;
    }
    // log scale keeps sparse columns visible next to a burst; the heights come from a table, one
    // logarithm per count rather than per column
    const double maxH = l.laneHeight * 0.7;
    const double logPeakInv = 1.0 / std::log1p(double(peak));
    auto heightOf
        = [&](std::uint32_t n) { return int(std::lround(std::max(1.0, maxH * std::log1p(double(n)) * logPeakInv))); };
    std::vector<int> heightTable;
    if (peak <= 4u * std::uint32_t(cols)) {
        heightTable.resize(std::size_t(peak) + 1);
        for (std::uint32_t n = 1; n <= peak; ++n)
            heightTable[n] = heightOf(n);
    }
    DenseBars bars;
    bars.barH.assign(std::size_t(cols), 0);
    bars.arrivedH.assign(std::size_t(cols), 0);
    for (int x = 0; x < cols; ++x) {
        const auto n = all[std::size_t(x)];
        if (n == 0)
            continue;
        const int h = heightTable.empty() ? heightOf(n) : heightTable[n];
        const int ha = int(std::lround(h * double(arrived[std::size_t(x)]) / double(n)));
        bars.arrivedH[std::size_t(x)] = ha;
        bars.barH[std::size_t(x)] = f.options.showPending ? h : ha;
        bars.tallest = std::max(bars.tallest, bars.barH[std::size_t(x)]);
    }
    bars.base = int(std::lround(laneTop + l.laneHeight * 0.85));
    bars.left = int(std::lround(l.plot.left()));
    return bars;
}

} // namespace

std::vector<RecordLane> recordLanes(const TimelineFrame& f, const TimelineLayout& l, const TimeScale& sc)
{
    const Session& session = f.session;
    const Trace& trace = session.trace();
    const auto& records = session.scenario().records;
    const double r = f.s(kRecordRadius);
    std::vector<RecordLane> out;
    for (int i = 0; i < l.lanes; ++i) {
        const LaneRef& ref = l.laneRefs[std::size_t(i)];
        RecordLane lane;
        lane.lane = i;
        lane.channel = ref.channel;
        lane.partition = ref.partition;
        lane.top = l.laneTop(i);
        // one pixel beyond each edge so that dots half out of view still show
        const double pad = f.s(8) * sc.msPerPixel();
        const auto from = static_cast<Timestamp>(std::floor(sc.start() - pad));
        const auto to = static_cast<Timestamp>(std::ceil(sc.end() + pad)) + 1;
        const std::span<const RecordIndex> inView = ref.records(trace, from, to);
        lane.inView = inView.size();
        if (inView.empty()) {
            out.push_back(std::move(lane));
            continue;
        }
        if (double(inView.size()) > l.plot.width() / f.s(6)) {
            lane.dense = denseBars(f, l, sc, i, lane.top, from, inView.size());
            out.push_back(std::move(lane));
            continue;
        }
        const double laneCentre = lane.top + l.laneHeight * kLaneLine;
        double stackX = -1e9;
        int stack = 0;
        for (RecordIndex idx : inView) {
            const RecordStatus status = session.recordStatus(idx);
            if (!f.options.showPending && status == RecordStatus::Pending)
                continue;
            const double x = sc.mapTimeToX(double(records[idx].ts));
            if (std::abs(x - stackX) < r * 1.6) {
                ++stack;
            } else {
                stack = 0;
                stackX = x;
            }
            lane.dots.push_back({idx, x, laneCentre, stack, status});
        }
        // a stack climbs a dot's height at a time while the lane has room; a taller one is pressed together so
        // that the whole pile (its top dot and late ring too) stays inside the lane
        const double pitch = r * 2.0 + f.s(2);
        const double room = laneCentre - (lane.top + f.s(2) + r + f.s(4));
        for (std::size_t first = 0; first < lane.dots.size();) {
            std::size_t end = first + 1;
            while (end < lane.dots.size() && lane.dots[end].stack > 0)
                ++end;
            const int height = lane.dots[end - 1].stack;
            const double step = height == 0 ? 0.0 : std::min(pitch, std::max(r, room) / height);
            for (std::size_t i = first; i < end; ++i)
                lane.dots[i].cy = laneCentre - lane.dots[i].stack * step;
            first = end;
        }
        out.push_back(std::move(lane));
    }
    return out;
}

namespace {

QFont recordNumberFont(const TimelineFrame& f)
{
    return f.font(8.5);
}

// The gap between a dot and its number under it.
double numberGap(const TimelineFrame& f)
{
    return f.s(3);
}

} // namespace

double numberedLaneHeight(const TimelineFrame& f)
{
    // a number under a dot on the line may reach a pixel past the lane (into the next lane's margin)
    const double below = f.s(kRecordRadius) + numberGap(f) + QFontMetricsF(recordNumberFont(f)).height() - f.s(1);
    return below / (1.0 - kLaneLine);
}

RecordLanePainter::RecordLanePainter(
    QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache)
    : p(painter)
    , f(frame)
    , m_scene(scene)
    , m_cache(cache)
{ }

void RecordLanePainter::paint()
{
    for (const RecordLane& lane : m_scene.lanes) {
        if (lane.partition >= 0 || f.session.scenario().pipeline.kafka)
            paintPartitionLane(lane);
        else
            paintLane(lane.channel, lane.top);
        if (lane.dense)
            paintDense(*lane.dense);
        else if (!lane.dots.empty())
            paintDots(lane);
    }
}

void RecordLanePainter::paintLane(int ch, double top)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const PipelineState& state = f.session.state();
    const int minChannel = state.subtasks.empty() ? -1 : state.subtasks.front().minChannel;
    const bool allIdle = !state.subtasks.empty() && state.subtasks.front().idle;
    const QRectF lane(l.plot.left(), top + f.s(2), l.plot.width(), l.laneHeight - f.s(4));
    const bool idle = ch < int(state.channels.size()) && state.channels[ch].idle;
    const bool holding = ch == minChannel && !allIdle && l.lanes > 1 && f.session.operatorWatermark() != kMinTimestamp;
    p.fillRect(lane, holding ? c.holdingBack : (ch % 2 ? c.laneAlternate : c.laneBackground));
    if (idle) {
        QBrush hatch(c.idle, Qt::BDiagPattern);
        p.fillRect(lane, hatch);
    }
    // gutter label: which channel, its watermark, and why it matters
    const Timestamp wm = ch < int(state.channels.size()) ? state.channels[ch].watermark : kMinTimestamp;
    QString note;
    if (idle)
        note = tr("idle — ignored by the min");
    else if (holding)
        note = tr("▲ holds the minimum");
    laneLabel(top, tr("channel %1").arg(ch), tr("wm %1").arg(f.session.formatTime(wm)), note, holding);
}

void RecordLanePainter::paintPartitionLane(const RecordLane& lane)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const Trace& trace = f.session.trace();
    const PipelineState& state = f.session.state();
    const auto step = StepIndex(f.step);
    const int reader = lane.channel;
    const int minChannel = state.subtasks.empty() ? -1 : state.subtasks.front().minChannel;
    const bool allIdle = !state.subtasks.empty() && state.subtasks.front().idle;
    const bool readerIdle = reader < int(state.channels.size()) && state.channels[reader].idle;
    const Timestamp readerWm = reader < int(state.channels.size()) ? state.channels[reader].watermark : kMinTimestamp;
    const bool readerHolds = reader == minChannel && !allIdle && f.session.operatorWatermark() != kMinTimestamp;
    const QRectF rect(l.plot.left(), lane.top + f.s(2), l.plot.width(), l.laneHeight - f.s(4));
    // a reader's lanes share a shade, and a line sets them apart from the next reader's
    const bool firstOfReader = lane.lane == 0 || l.laneRefs[std::size_t(lane.lane - 1)].channel != reader;
    if (firstOfReader && lane.lane > 0) {
        p.setPen(QPen(c.mutedText, f.s(1.5)));
        p.drawLine(QPointF(f.s(4), lane.top), QPointF(l.plot.right(), lane.top));
    }
    if (lane.partition < 0) {
        p.fillRect(rect, reader % 2 ? c.laneAlternate : c.laneBackground);
        laneLabel(lane.top, tr("reader %1").arg(reader), tr("wm %1").arg(f.session.formatTime(readerWm)),
            tr("reads no partition"), false);
        return;
    }
    Timestamp wm = readerWm;
    bool idle = readerIdle;
    bool holdsReader = false;
    // a bounded topic's split that its reader has finished: released, it holds nothing back any more
    const bool finished = trace.partitionFinished(lane.partition, step);
    if (finished) {
        p.fillRect(rect, reader % 2 ? c.laneAlternate : c.laneBackground);
        p.fillRect(rect, QBrush(c.mutedText, Qt::Dense7Pattern));
        laneLabel(lane.top, tr("partition %1").arg(lane.partition), tr("reader %1").arg(reader), tr("✓ split finished"),
            false);
        return;
    }
    if (trace.hasPartitionWatermarks()) {
        const WatermarkPoint& own = Trace::at(trace.partitionWatermarks(lane.partition), step);
        wm = own.watermark;
        idle = own.idle;
        // the reader's minimum is over its partitions that are not idle (none holds a reader that has ended)
        holdsReader = !idle && readerWm != kMaxTimestamp;
        for (const LaneRef& other : l.laneRefs) {
            if (other.channel != reader || other.partition < 0 || other.partition == lane.partition
                || trace.partitionFinished(other.partition, step))
                continue;
            const WatermarkPoint& o = Trace::at(trace.partitionWatermarks(other.partition), step);
            if (!o.idle && o.watermark <= wm)
                holdsReader = false; // (tied: no one partition holds it)
        }
    }
    const bool holding = holdsReader && readerHolds;
    p.fillRect(rect, holding ? c.holdingBack : (reader % 2 ? c.laneAlternate : c.laneBackground));
    if (idle) {
        QBrush hatch(c.idle, Qt::BDiagPattern);
        p.fillRect(rect, hatch);
    }
    QString note;
    if (idle && trace.hasPartitionWatermarks())
        note = tr("idle — skipped");
    else if (idle)
        note = tr("reader idle — ignored by the min");
    else if (holdsReader)
        note = tr("▲ holds the reader back");
    const QString watermark = trace.hasPartitionWatermarks()
        ? tr("reader %1 · wm %2").arg(reader).arg(f.session.formatTime(wm))
        : tr("reader %1 · reader wm %2").arg(reader).arg(f.session.formatTime(wm));
    laneLabel(lane.top, tr("partition %1").arg(lane.partition), watermark, note, holding);
}

void RecordLanePainter::laneLabel(
    double top, const QString& title, const QString& watermark, const QString& note, bool emphasis)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const QRectF label(f.s(8), top + f.s(6), l.gutter - f.s(16), l.laneHeight - f.s(12));
    p.setPen(emphasis ? c.operatorWatermark : c.text);
    p.setFont(f.font(12, true));
    QFontMetricsF fm(p.font());
    p.drawText(label.topLeft() + QPointF(0, fm.ascent()), fm.elidedText(title, Qt::ElideRight, label.width()));
    double y = label.top() + fm.height();
    p.setFont(f.font(10));
    QFontMetricsF fm2(p.font());
    p.setPen(emphasis ? c.operatorWatermark : c.channelWatermark);
    p.drawText(QPointF(label.left(), y + fm2.ascent()), watermark);
    y += fm2.height();
    if (!note.isEmpty() && y + fm2.height() <= label.bottom() + f.s(4)) {
        p.setPen(emphasis ? c.operatorWatermark : c.mutedText);
        p.drawText(QPointF(label.left(), y + fm2.ascent()), fm2.elidedText(note, Qt::ElideRight, label.width()));
    }
}

void RecordLanePainter::paintDense(const DenseBars& bars)
{
    const ThemeColors& c = f.theme.colors();
    const int cols = int(bars.barH.size());
    QColor pending = c.mutedText;
    pending.setAlpha(70);
    const QColor done = f.theme.keyColor(0);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    if (p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
        // Raster devices (the widget, PNG export): every bar written into one image per lane and blended
        // in a single call. Stroking a thousand short lines costs a span per pixel, several times more.
        QImage& image = m_cache.scratch(cols, bars.tallest);
        const QRgb pendingPixel = qPremultiply(pending.rgba());
        const QRgb donePixel = qPremultiply(done.rgba());
        for (int row = 0; row < bars.tallest; ++row) {
            const int depth = bars.tallest - row; // 1 on the row just above the base line
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(row));
            for (int x = 0; x < cols; ++x) {
                const std::size_t i = std::size_t(x);
                line[x] = depth <= bars.arrivedH[i] ? donePixel : (depth <= bars.barH[i] ? pendingPixel : 0u);
            }
        }
        p.drawImage(QPoint(bars.left, bars.base - bars.tallest), image, QRect(0, 0, cols, bars.tallest));
    } else {
        // vector devices (SVG export) keep real lines: two batched calls, pending and arrived
        std::vector<QLine> pendingBars;
        std::vector<QLine> arrivedBars;
        pendingBars.reserve(std::size_t(cols));
        arrivedBars.reserve(std::size_t(cols));
        for (int x = 0; x < cols; ++x) {
            const int h = bars.barH[std::size_t(x)];
            const int ha = bars.arrivedH[std::size_t(x)];
            if (ha < h)
                pendingBars.emplace_back(bars.left + x, bars.base - h, bars.left + x, bars.base - ha - 1);
            if (ha > 0)
                arrivedBars.emplace_back(bars.left + x, bars.base - ha, bars.left + x, bars.base - 1);
        }
        p.setPen(QPen(pending, 1));
        p.drawLines(pendingBars.data(), int(pendingBars.size()));
        p.setPen(QPen(done, 1));
        p.drawLines(arrivedBars.data(), int(arrivedBars.size()));
    }
    p.restore();
}

void RecordLanePainter::paintDots(const RecordLane& lane)
{
    const ThemeColors& c = f.theme.colors();
    const TimelineLayout& l = m_scene.layout;
    const RecordIndex current = f.session.detail().record;
    const double r = f.s(kRecordRadius);
    const double laneCentre = lane.top + l.laneHeight * kLaneLine;
    const QFont labelFont = recordNumberFont(f);
    p.setFont(labelFont);
    QFontMetricsF fm(labelFont);
    // "#13" under each dot where there is room; a lane squeezed by a short screen keeps the dots alone. Labels
    // that would collide are skipped below, so only a lane too dense for that to leave many is left unnumbered.
    const bool roomBelow = l.numberedLanes;
    const bool labels = double(lane.inView) < l.plot.width() / f.s(16) && roomBelow;
    const WindowConfig& window = f.session.scenario().pipeline.window;
    // labels are laid out after the dots, so that none is drawn over a dot or another label
    std::vector<const RecordDot*> placed;
    for (const RecordDot& d : lane.dots) {
        const QPointF centre(d.x, d.cy);
        const KeyId operatorKey = window.operatorKey(f.session.scenario().records[d.record].key);
        const QColor key = f.theme.keyColor(operatorKey == kNoKey ? 0 : int(operatorKey));
        if (d.status == RecordStatus::Pending) {
            QColor faint = c.mutedText;
            faint.setAlpha(130);
            p.setPen(QPen(faint, f.s(1.3), Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(centre, r * 0.85, r * 0.85);
        } else {
            const bool isCurrent = d.record == current;
            if (isCurrent) {
                QColor glow = c.current;
                glow.setAlpha(60);
                p.setPen(Qt::NoPen);
                p.setBrush(glow);
                p.drawEllipse(centre, r * 2.1, r * 2.1);
            }
            p.setPen(QPen(isCurrent ? c.current : key.darker(130), isCurrent ? f.s(2.5) : f.s(1)));
            p.setBrush(isCurrent ? c.current : key);
            const double rr = isCurrent ? r * 1.3 : r;
            switch (d.status) {
            case RecordStatus::SideOutput: {
                QPolygonF diamond({centre + QPointF(0, -rr * 1.2), centre + QPointF(rr * 1.2, 0),
                    centre + QPointF(0, rr * 1.2), centre + QPointF(-rr * 1.2, 0)});
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(c.sideOutput, f.s(2.5)));
                p.drawPolygon(diamond);
                break;
            }
            case RecordStatus::Dropped:
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(key, f.s(2)));
                p.drawEllipse(centre, rr, rr);
                p.setPen(QPen(c.dropped, f.s(3), Qt::SolidLine, Qt::RoundCap));
                p.drawLine(centre + QPointF(-rr * 1.3, -rr * 1.3), centre + QPointF(rr * 1.3, rr * 1.3));
                p.drawLine(centre + QPointF(-rr * 1.3, rr * 1.3), centre + QPointF(rr * 1.3, -rr * 1.3));
                break;
            case RecordStatus::LateAccepted:
                p.drawEllipse(centre, rr, rr);
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(c.lateFire, f.s(2.5)));
                p.drawEllipse(centre, rr + f.s(4), rr + f.s(4));
                break;
            default:
                p.drawEllipse(centre, rr, rr);
                break;
            }
        }
        if (f.selection.kind == TimeCursor::Selection::Kind::Record && d.record == f.selection.record) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(c.selection, f.s(2.5)));
            p.drawEllipse(centre, r + f.s(6), r + f.s(6));
        }
        if (labels || (d.record == current && roomBelow))
            placed.push_back(&d);
    }
    // the current record's label first: it wins every overlap, then those that have arrived, then those to come;
    // a label is skipped where it would touch a dot or a label already drawn ("#13#22#19" reads as nothing)
    std::stable_sort(placed.begin(), placed.end(), [current](const RecordDot* a, const RecordDot* b) {
        const auto rank = [current](const RecordDot* d) {
            return d->record == current ? 0 : (d->status == RecordStatus::Pending ? 2 : 1);
        };
        return rank(a) < rank(b);
    });
    std::vector<QRectF> taken;
    taken.reserve(placed.size() * 2);
    for (const RecordDot* d : placed)
        taken.emplace_back(d->x - r, d->cy - r, 2 * r, 2 * r);
    for (const RecordDot* d : placed) {
        const QString text = QStringLiteral("#%1").arg(d->record + 1);
        const double w = fm.horizontalAdvance(text);
        // below the lane for a record on the line; a stacked record names itself beside its dot, right or left
        const auto isFree = [&](const QRectF& rect) {
            const QRectF margin = rect.adjusted(-f.s(2), 0, f.s(2), 0);
            return std::none_of(
                taken.begin(), taken.end(), [&margin](const QRectF& t) { return t.intersects(margin); });
        };
        std::optional<QRectF> rect;
        if (d->stack == 0 || d->record == current) {
            rect = QRectF(d->x - w / 2, laneCentre + r + numberGap(f), w, fm.height());
            if (d->record != current && !isFree(*rect))
                rect.reset();
        } else {
            const double top = d->cy - fm.ascent() / 2 - f.s(1);
            for (const double left : {d->x + r + f.s(3), d->x - r - f.s(3) - w}) {
                const bool inPlot = left >= l.plot.left() && left + w <= l.plot.right();
                if (inPlot && isFree(QRectF(left, top, w, fm.height()))) {
                    rect = QRectF(left, top, w, fm.height());
                    break;
                }
            }
        }
        if (!rect)
            continue;
        p.setPen(d->status == RecordStatus::Pending ? c.mutedText : (d->record == current ? c.current : c.text));
        p.drawText(QPointF(rect->left(), rect->top() + fm.ascent()), text);
        taken.push_back(*rect);
    }
}

} // namespace tidemark::app
