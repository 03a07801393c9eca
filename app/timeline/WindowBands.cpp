#include "app/timeline/WindowBands.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tidemark::app {

namespace {

constexpr double kMaxWindowRowsPerKey = 6;
constexpr std::size_t kCrowdedBands = 40;
constexpr int kMaxFireMarks = 6;

// Clamp far-off coordinates so that QPainter never sees values it cannot rasterise.
double clampX(double x, const QRectF& plot)
{
    return std::clamp(x, plot.left() - 50.0, plot.right() + 50.0);
}

const RowSet* rowSetOf(const TimelineLayout& layout, bool collapsed, int subtask, KeyId key)
{
    for (const RowSet& rs : layout.rowSets) {
        if (collapsed || (rs.key == key && rs.subtask == subtask))
            return &rs;
    }
    return nullptr;
}

} // namespace

int windowRowsPerKey(const AssignerSpec& a)
{
    if (a.type == AssignerSpec::Type::Sliding && a.slideMs > 0) {
        const double rows = std::ceil(double(a.sizeMs) / double(a.slideMs));
        return int(std::clamp(rows, 1.0, kMaxWindowRowsPerKey));
    }
    // Cumulate windows nest: one row per length, the shortest on top.
    if (a.type == AssignerSpec::Type::Cumulate && a.stepMs > 0)
        return int(std::clamp(double(a.sizeMs / a.stepMs), 1.0, kMaxWindowRowsPerKey));
    return 1;
}

int windowRow(const AssignerSpec& a, const TimeWindow& w)
{
    const int rows = windowRowsPerKey(a);
    if (rows > 1 && a.type == AssignerSpec::Type::Cumulate)
        return int((javaSub(w.end(), w.start()) / a.stepMs - 1) % rows);
    if (rows <= 1 || a.slideMs <= 0)
        return 0;
    Timestamp k = javaSub(w.start(), a.offsetMs) / a.slideMs;
    if (javaSub(w.start(), a.offsetMs) < 0 && javaSub(w.start(), a.offsetMs) % a.slideMs != 0)
        --k;
    return int(((k % rows) + rows) % rows);
}

bool hasLatenessTails(const WindowConfig& window)
{
    return window.allowedLatenessMs > 0 && window.assigner.isEventTime();
}

WindowBandSet windowBands(const WindowBandQuery& q)
{
    const PipelineState& state = q.state;
    const Trace& trace = q.trace;
    const TimeScale& sc = q.scale;
    const QRectF& plot = q.layout.plot;
    const DurationMs lateness = q.window.allowedLatenessMs;
    const bool eventTime = q.window.assigner.isEventTime();
    const auto s = [&q](double v) { return v * q.unit; };

    struct Candidate {
        int subtask;
        KeyId key;
        TimeWindow window;
        WindowStatus status;
        bool gone;
        std::size_t count;
        std::uint32_t fires;
    };
    WindowBandSet out;
    const auto allFires = trace.fires();
    // per pixel row (by its top less the plot's): the last tiny mark as gathered, and the one in out.tiny
    // that drew it, perhaps widened since
    struct LastTiny {
        TinyMark gathered;
        std::size_t drawnBy = static_cast<std::size_t>(-1);
    };
    std::vector<LastTiny> lastTinyInRow;
    const int plotTop = int(std::floor(plot.top()));
    // each window in view, as it comes: the live ones from the state, then those fired and cleaned up since
    std::size_t considered = 0;
    const auto place = [&](const Candidate& c) {
        ++considered;
        if (c.window.isGlobal())
            return;
        const RowSet* rs = rowSetOf(q.layout, q.collapsed, c.subtask, c.key);
        if (!rs)
            return;
        const double x1 = sc.mapTimeToX(double(c.window.start()));
        const double x2 = sc.mapTimeToX(double(c.window.end()));
        const double tailEnd = sc.mapTimeToX(double(javaAdd(c.window.end(), lateness)));
        if (std::max(x2, tailEnd) < plot.left() || x1 > plot.right())
            return;
        const bool fired = c.gone || c.fires > 0;
        const double top = rs->top + windowRow(q.window.assigner, c.window) * rs->rowHeight + s(3);
        // the bottom strip of each row carries the allowed-lateness tails, which reach under later windows
        const double tailH = hasLatenessTails(q.window) ? s(8) : 0.0;
        const double height = rs->rowHeight - s(6) - tailH;
        const QRectF box(clampX(x1, plot) + 1, top, clampX(x2, plot) - clampX(x1, plot) - 2, height);
        if (box.width() < s(4)) {
            TinyMark mark;
            mark.rect = QRect(int(box.left()), int(box.top()), std::max(1, int(box.width())), int(box.height()));
            mark.fill = c.gone ? TinyMark::Fill::Purged : (fired ? TinyMark::Fill::Fired : TinyMark::Fill::Collecting);
            const auto row = std::size_t(std::max(0, mark.rect.top() - plotTop));
            if (row >= lastTinyInRow.size())
                lastTinyInRow.resize(row + 1);
            LastTiny& last = lastTinyInRow[row];
            if (last.drawnBy < out.tiny.size() && last.gathered == mark)
                return;
            last.gathered = mark;
            if (last.drawnBy < out.tiny.size()) {
                // the right neighbour of the last mark, as it is: widen that one, the same pixels drawn once
                QRect& drawn = out.tiny[last.drawnBy].rect;
                if (out.tiny[last.drawnBy].fill == mark.fill && drawn.top() == mark.rect.top()
                    && drawn.height() == mark.rect.height() && mark.rect.left() == drawn.right() + 1) {
                    drawn.setRight(mark.rect.right());
                    return;
                }
            }
            last.drawnBy = out.tiny.size();
            out.tiny.push_back(mark);
            return;
        }
        WindowBand b;
        b.subtask = c.subtask;
        b.key = c.key;
        b.window = c.window;
        b.status = c.status;
        b.gone = c.gone;
        b.count = c.count;
        b.fired = fired;
        b.top = top;
        b.height = height;
        b.box = box;
        if (b.fired) {
            for (std::size_t fi : trace.firesOfWindow(c.subtask, c.key, c.window)) {
                if (int(allFires[fi].step) <= q.step)
                    b.fires.push_back(fi);
            }
        }
        // from end to end + lateness, where a late record still re-fires the window
        if (eventTime && lateness > 0 && !b.gone && (b.fired || b.status == WindowStatus::InAllowedLateness))
            b.tail = QRectF(b.box.right() - s(1), b.top + b.height + s(1), clampX(tailEnd, plot) - b.box.right() + s(1),
                tailH - s(1));
        if (!b.fires.empty() && x2 >= plot.left() && x2 <= plot.right() + s(10)) {
            int k = 0;
            for (std::size_t fi : b.fires) {
                const double fx = x2 - s(2) - k * s(9);
                const double fy = b.top - s(1);
                b.marks.push_back(
                    {fi, QPolygonF({QPointF(fx, fy), QPointF(fx, fy + s(12)), QPointF(fx - s(8), fy + s(6))}),
                        QRectF(fx - s(9), fy - s(1), s(11), s(14))});
                if (++k >= kMaxFireMarks)
                    break;
            }
        }
        out.bands.push_back(std::move(b));
    };
    const double viewFrom = sc.start() - double(std::max<DurationMs>(lateness, 0));
    const double viewTo = sc.end();
    for (const WindowState& w : state.windows) {
        if (w.window.isGlobal() || double(w.window.end()) < viewFrom || double(w.window.start()) > viewTo)
            continue;
        place({w.subtask, w.key, w.window, w.status, false, w.count, w.fireCount});
    }
    const auto fired = trace.firedWindows();
    auto it = std::lower_bound(fired.begin(), fired.end(), viewFrom - q.maxWindowSpan,
        [](const FiredWindow& w, double t) { return double(w.window.start()) < t; });
    for (; it != fired.end() && double(it->window.start()) <= viewTo; ++it) {
        const FiredWindow& fw = *it;
        if (fw.firstFire == kNoStep || int(fw.firstFire) > q.step || double(fw.window.end()) < viewFrom)
            continue;
        if (state.findWindow(fw.subtask, fw.key, fw.window))
            continue; // live: a band from the state already
        place({fw.subtask, fw.key, fw.window, WindowStatus::Purged, true, 0, fw.fireCount});
    }

    out.crowded = considered > kCrowdedBands;
    return out;
}

} // namespace tidemark::app
