#include "app/timeline/TimelineFrame.h"

#include "app/Theme.h"
#include "app/timeline/TimelineLayout.h"

#include <algorithm>

namespace tidemark::app {

ArrivalBlocks::ArrivalBlocks(std::span<const StepIndex> arrival)
{
    for (std::size_t b = 0; b < arrival.size(); b += kBlock) {
        const auto [lo, hi] = std::minmax_element(arrival.begin() + std::ptrdiff_t(b),
            arrival.begin() + std::ptrdiff_t(std::min(b + kBlock, arrival.size())));
        m_earliest.push_back(*lo);
        m_latest.push_back(*hi);
    }
}

std::size_t ArrivalBlocks::arrivedBy(
    std::span<const StepIndex> arrival, std::size_t first, std::size_t last, StepIndex now) const
{
    std::size_t n = 0;
    for (std::size_t i = first; i < last;) {
        const std::size_t block = i / kBlock;
        const std::size_t blockEnd = std::min((block + 1) * kBlock, last);
        // The block's bounds bound any part of it too.
        if (m_latest[block] <= now) {
            n += blockEnd - i;
        } else if (m_earliest[block] <= now) {
            for (std::size_t k = i; k < blockEnd; ++k)
                n += arrival[k] <= now ? 1 : 0;
        }
        i = blockEnd;
    }
    return n;
}

const Timestamp* lowerBoundNear(const Timestamp* from, const Timestamp* end, Timestamp edge, std::ptrdiff_t stride)
{
    stride = std::max<std::ptrdiff_t>(stride, 1);
    while (end - from > stride && from[stride - 1] < edge) {
        from += stride;
        stride *= 2;
    }
    return std::lower_bound(from, from + std::min(stride, end - from), edge);
}

TimelineRunIndex TimelineRunIndex::build(const Session& session)
{
    TimelineRunIndex index;
    if (!session.hasRun())
        return index;
    const Trace& trace = session.trace();
    for (const LaneRef& ref : laneRefs(session.scenario().pipeline)) {
        const Trace::LaneColumns lane = trace.laneColumns(ref.traceKind(), ref.traceLane());
        index.laneTs.push_back(lane.ts);
        index.laneArrival.push_back(lane.arrival);
        index.laneArrivalBlocks.emplace_back(lane.arrival);
    }
    for (const FiredWindow& w : trace.firedWindows()) {
        if (!w.window.isGlobal())
            index.maxWindowSpan = std::max(index.maxWindowSpan, double(w.window.end() - w.window.start()));
        if (w.firstFire == kNoStep)
            continue;
        auto [pos, added] = index.firstFireOfKey.try_emplace({w.key, w.subtask}, w.firstFire);
        if (!added)
            pos->second = std::min(pos->second, w.firstFire);
    }
    return index;
}

double TimelineFrame::unit() const
{
    return theme.scale();
}

double TimelineFrame::s(double v) const
{
    return v * theme.scale();
}

QFont TimelineFrame::font(double points, bool bold) const
{
    QFont f = baseFont;
    f.setPointSizeF(points * theme.scale());
    f.setBold(bold);
    return f;
}

} // namespace tidemark::app
