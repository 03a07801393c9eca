#include "app/timeline/TimelineFrame.h"

#include "app/Theme.h"
#include "app/timeline/TimelineLayout.h"

#include <algorithm>

namespace tidemark::app {

ArrivalBlocks::ArrivalBlocks(std::span<const StepIndex> arrival)
{
    const std::size_t blocks = (arrival.size() + kBlock - 1) / kBlock;
    m_earliest.resize(blocks);
    m_latest.resize(blocks);
    for (std::size_t b = 0; b < blocks; ++b) {
        // values, not iterators (std::minmax_element): a loop the compiler runs several lanes at a time
        const auto block = arrival.subspan(b * kBlock, std::min(kBlock, arrival.size() - b * kBlock));
        StepIndex lo = block.front();
        StepIndex hi = block.front();
        for (const StepIndex a : block) {
            lo = std::min(lo, a);
            hi = std::max(hi, a);
        }
        m_earliest[b] = lo;
        m_latest[b] = hi;
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
    // Each (key, subtask)'s first fire, gathered in a flat table by operator key first: a million fired windows
    // put into the map one by one took longer than the rest of this index.
    const std::size_t keys = trace.laneCount(LaneKind::Key);
    const auto subtasks = static_cast<std::size_t>(std::max(trace.subtaskCount(), 1));
    std::vector<StepIndex> firstFire((keys + 1) * subtasks, kNoStep); // row 0: no key (windowAll)
    const auto note = [&index](KeyId key, int subtask, StepIndex fire) {
        auto [pos, added] = index.firstFireOfKey.try_emplace({key, subtask}, fire);
        if (!added)
            pos->second = std::min(pos->second, fire);
    };
    for (const FiredWindow& w : trace.firedWindows()) {
        if (!w.window.isGlobal())
            index.maxWindowSpan = std::max(index.maxWindowSpan, double(w.window.end() - w.window.start()));
        if (w.firstFire == kNoStep)
            continue;
        const std::size_t row = w.key == kNoKey ? 0 : std::size_t(w.key) + 1;
        if (row > keys || w.subtask < 0 || std::size_t(w.subtask) >= subtasks) {
            note(w.key, w.subtask, w.firstFire); // outside the table: straight into the map
            continue;
        }
        StepIndex& first = firstFire[row * subtasks + std::size_t(w.subtask)];
        first = std::min(first, w.firstFire);
    }
    for (std::size_t row = 0; row <= keys; ++row) {
        for (std::size_t subtask = 0; subtask < subtasks; ++subtask) {
            if (const StepIndex first = firstFire[row * subtasks + subtask]; first != kNoStep)
                note(row == 0 ? kNoKey : KeyId(row - 1), int(subtask), first);
        }
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
