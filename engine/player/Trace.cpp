#include "engine/player/Trace.h"

#include <algorithm>
#include <bit>
#include <tuple>
#include <utility>

namespace tidemark {

std::size_t Trace::inputsProcessed(StepIndex s) const
{
    if (m_steps.empty())
        return 0;
    s = std::min<StepIndex>(s, static_cast<StepIndex>(m_steps.size() - 1));
    const std::size_t checkpoint = s / kInputCheckpointEvery;
    std::size_t n = m_inputsAtCheckpoint[checkpoint];
    // Records arrive in stored steps only: quiet emissions read none.
    m_steps.forEachStored(
        static_cast<StepIndex>(checkpoint * kInputCheckpointEvery) + 1, s, [&](StepIndex, const StepEntry& e) {
            if (e.record() != kNoRecord)
                ++n;
            return true;
        });
    return n;
}

std::span<const FireRecord> Trace::firesInSteps(StepIndex from, StepIndex to) const
{
    const auto lo = std::lower_bound(
        m_fires.begin(), m_fires.end(), from, [](const FireRecord& f, StepIndex s) { return f.step < s; });
    const auto hi
        = std::upper_bound(lo, m_fires.end(), to, [](StepIndex s, const FireRecord& f) { return s < f.step; });
    return {lo, hi};
}

std::span<const LateRecord> Trace::latesInSteps(StepIndex from, StepIndex to) const
{
    const auto lo = std::lower_bound(
        m_lates.begin(), m_lates.end(), from, [](const LateRecord& f, StepIndex s) { return f.step < s; });
    const auto hi
        = std::upper_bound(lo, m_lates.end(), to, [](StepIndex s, const LateRecord& f) { return s < f.step; });
    return {lo, hi};
}

const WatermarkPoint& Trace::at(std::span<const WatermarkPoint> history, StepIndex s)
{
    // The last point with step <= s; histories always start at step 0.
    const auto it = std::upper_bound(
        history.begin(), history.end(), s, [](StepIndex v, const WatermarkPoint& p) { return v < p.step; });
    return it == history.begin() ? history.front() : *std::prev(it);
}

std::size_t Trace::laneCount(LaneKind kind) const
{
    switch (kind) {
    case LaneKind::All:
        return 1;
    case LaneKind::Channel:
        return m_channelHistory.size();
    case LaneKind::Subtask:
        return m_subtaskHistory.size();
    case LaneKind::Key:
        return std::max<std::size_t>(m_keyCount, 1);
    case LaneKind::Partition:
        return m_partitionHistory.size();
    }
    return 0;
}

namespace {

// One LSD radix sort of `from` by key, over the bits `span` has, in as few passes of at most 12 bits as they
// need (a span below 2^24, ten million milliseconds and more, takes two passes, not three of 11 bits); stable.
// Key is 32 bits wide when the span allows, so that the two buffers are half the size (at 10M records, 80 MB
// each instead of 160).
template <class Keyed> void radixSortByKey(std::vector<Keyed>& from, std::uint64_t span)
{
    constexpr int kMaxBits = 12;
    const int bitsNeeded = span == 0 ? 0 : 64 - std::countl_zero(span);
    const int passes = (bitsNeeded + kMaxBits - 1) / kMaxBits;
    if (passes == 0)
        return;
    const int bits = (bitsNeeded + passes - 1) / passes;
    const std::size_t buckets = std::size_t(1) << bits;
    const std::uint64_t mask = buckets - 1;
    // Every pass's counts in one read of the keys.
    std::vector<std::size_t> counts(static_cast<std::size_t>(passes) * buckets);
    for (const Keyed& k : from) {
        for (int p = 0; p < passes; ++p)
            ++counts[static_cast<std::size_t>(p) * buckets + ((std::uint64_t(k.key) >> (p * bits)) & mask)];
    }
    std::vector<Keyed> to(from.size());
    for (int p = 0; p < passes; ++p) {
        std::size_t* count = counts.data() + static_cast<std::size_t>(p) * buckets;
        const int shift = p * bits;
        if (count[(std::uint64_t(from.front().key) >> shift) & mask] == from.size())
            continue; // one digit for all: the pass would move nothing
        std::size_t at = 0;
        for (std::size_t b = 0; b < buckets; ++b)
            at += std::exchange(count[b], at);
        for (const Keyed& k : from)
            to[count[(std::uint64_t(k.key) >> shift) & mask]++] = k;
        from.swap(to);
    }
}

template <class Key>
void sortByTimestampDistance(
    std::vector<RecordIndex>& records, const std::vector<Timestamp>& ts, Timestamp lo, std::uint64_t span)
{
    struct Keyed {
        Key key; // the timestamp's distance above the lowest
        RecordIndex record;
    };
    std::vector<Keyed> keyed(records.size());
    for (std::size_t i = 0; i < records.size(); ++i)
        keyed[i] = {
            static_cast<Key>(static_cast<std::uint64_t>(ts[records[i]]) - static_cast<std::uint64_t>(lo)), records[i]};
    radixSortByKey(keyed, span);
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i] = keyed[i].record;
}

// Sorts records (in record order) by timestamp, stably, with a radix sort over the span of their timestamps. A
// file's records are nearly in time order, which saves a comparison sort nothing: at 10M records its n log n
// compares took 0.7 s, these few passes a fraction of that.
void sortByTimestamp(std::vector<RecordIndex>& records, const std::vector<Timestamp>& ts)
{
    if (records.size() < 2)
        return;
    Timestamp lo = kMaxTimestamp, hi = kMinTimestamp;
    for (const RecordIndex r : records) {
        lo = std::min(lo, ts[r]);
        hi = std::max(hi, ts[r]);
    }
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (span <= 0xFFFFFFFFu)
        sortByTimestampDistance<std::uint32_t>(records, ts, lo, span);
    else
        sortByTimestampDistance<std::uint64_t>(records, ts, lo, span);
}

} // namespace

void Trace::buildLanes(LaneKind kind) const
{
    const auto k = static_cast<std::size_t>(kind);
    if (m_lanes.size() < kLaneKinds) {
        m_lanes.resize(kLaneKinds);
        m_lanesBuilt.assign(kLaneKinds, false);
    }
    auto& lanes = m_lanes[k];
    lanes.assign(laneCount(kind), {});
    constexpr std::size_t kNoLane = ~std::size_t(0);
    const auto laneOf = [&](RecordIndex r) -> std::size_t {
        if (!m_isEvent[r])
            return kNoLane;
        const RecordPlacement& p = m_placements[r];
        std::size_t lane = 0;
        switch (kind) {
        case LaneKind::All:
            break;
        case LaneKind::Channel:
            if (p.channel < 0)
                return kNoLane;
            lane = static_cast<std::size_t>(p.channel);
            break;
        case LaneKind::Subtask:
            if (p.subtask < 0)
                return kNoLane;
            lane = static_cast<std::size_t>(p.subtask);
            break;
        case LaneKind::Key:
            lane = m_recordKey[r] == kNoKey ? 0 : m_recordKey[r];
            break;
        case LaneKind::Partition:
            if (p.channel < 0 || m_recordPartition.empty() || m_recordPartition[r] < 0)
                return kNoLane;
            lane = static_cast<std::size_t>(m_recordPartition[r]);
            break;
        }
        return lane < lanes.size() ? lane : kNoLane;
    };
    // Dealt out from the events in time order: each lane is in (ts, index) order as it is filled. Counted
    // first, so that each lane is allocated once at its size.
    if (m_timeOrder.empty()) // not sorted yet, or given back (a run without events sorts nothing each time)
        sortEventsByTime();
    std::vector<std::size_t> sizes(lanes.size());
    for (const RecordIndex r : m_timeOrder) {
        if (const std::size_t lane = laneOf(r); lane != kNoLane)
            ++sizes[lane];
    }
    for (std::size_t lane = 0; lane < lanes.size(); ++lane) {
        lanes[lane].records.reserve(sizes[lane]);
        lanes[lane].ts.reserve(sizes[lane]);
        lanes[lane].arrival.reserve(sizes[lane]);
    }
    for (const RecordIndex r : m_timeOrder) {
        if (const std::size_t lane = laneOf(r); lane != kNoLane) {
            Lane& l = lanes[lane];
            l.records.push_back(r);
            l.ts.push_back(m_recordTs[r]);
            l.arrival.push_back(m_placements[r].arrivalStep);
        }
    }
    m_lanesBuilt[k] = true;
}

void Trace::sortEventsByTime() const
{
    m_timeOrder.clear();
    m_timeOrder.reserve(m_recordTs.size());
    for (RecordIndex r = 0; r < m_recordTs.size(); ++r) {
        if (m_isEvent[r])
            m_timeOrder.push_back(r);
    }
    sortByTimestamp(m_timeOrder, m_recordTs);
}

std::span<const RecordIndex> Trace::recordsInRange(
    LaneKind kind, std::uint32_t lane, Timestamp from, Timestamp to) const
{
    const LaneColumns l = laneColumns(kind, lane);
    const auto lo = std::lower_bound(l.ts.begin(), l.ts.end(), from);
    const auto hi = std::lower_bound(lo, l.ts.end(), to);
    return l.records.subspan(static_cast<std::size_t>(lo - l.ts.begin()), static_cast<std::size_t>(hi - lo));
}

Trace::LaneColumns Trace::laneColumns(LaneKind kind, std::uint32_t lane) const
{
    const auto k = static_cast<std::size_t>(kind);
    if (m_lanesBuilt.size() < kLaneKinds || !m_lanesBuilt[k])
        buildLanes(kind);
    if (lane >= m_lanes[k].size())
        return {};
    const Lane& l = m_lanes[k][lane];
    return {l.records, l.ts, l.arrival};
}

std::vector<FiredWindow> Trace::firedWindowsOverlapping(Timestamp from, Timestamp to) const
{
    std::vector<FiredWindow> result;
    for (const FiredWindow& w : m_firedWindows) {
        if (w.window.start() >= to)
            break; // sorted by start
        if (w.window.isGlobal() || w.window.end() > from)
            result.push_back(w);
    }
    return result;
}

namespace {

// The order of Trace::firedWindows(): (window.start, subtask, key, window.end).
bool firedBefore(int subtaskA, KeyId keyA, const TimeWindow& a, int subtaskB, KeyId keyB, const TimeWindow& b)
{
    if (a.start() != b.start())
        return a.start() < b.start();
    if (subtaskA != subtaskB)
        return subtaskA < subtaskB;
    if (keyA != keyB)
        return keyA < keyB;
    return a.end() < b.end();
}

} // namespace

std::span<const std::size_t> Trace::firesOfWindow(int subtask, KeyId key, const TimeWindow& window) const
{
    const auto at = std::lower_bound(
        m_firedWindows.begin(), m_firedWindows.end(), window, [&](const FiredWindow& w, const TimeWindow&) {
            return firedBefore(w.subtask, w.key, w.window, subtask, key, window);
        });
    if (at == m_firedWindows.end() || at->subtask != subtask || at->key != key || !(at->window == window))
        return {};
    return std::span<const std::size_t>(m_firesByWindow).subspan(at->firstFireIndex, at->fireCount);
}

void Trace::rebuildFiredWindows()
{
    m_firedWindows.clear();
    // Fires in window order (firedBefore's), each window's in step order, as the fires are: the order's fields
    // are copied beside each fire's index and sorted in place, with the index as the last field (a stable sort
    // through the indices read two whole fire records per comparison, a cache miss each at a million fires).
    struct Order {
        Timestamp start;
        std::uint64_t subtaskAndKey; // the subtask's sign bit flipped, so that it sorts as the int does
        Timestamp end;
        std::size_t fire;
        auto operator<=>(const Order&) const = default;
    };
    std::vector<Order> order;
    order.reserve(m_fires.size());
    for (std::size_t i = 0; i < m_fires.size(); ++i) {
        const FireEvent& f = m_fires[i].fire;
        const std::uint32_t subtask = static_cast<std::uint32_t>(f.subtask) ^ 0x80000000u;
        order.push_back({f.window.start(), (std::uint64_t(subtask) << 32) | f.key, f.window.end(), i});
    }
    std::sort(order.begin(), order.end());
    m_firesByWindow.resize(m_fires.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        m_firesByWindow[i] = order[i].fire;
    for (std::size_t at = 0; at < m_firesByWindow.size(); ++at) {
        const FireRecord& f = m_fires[m_firesByWindow[at]];
        if (!m_firedWindows.empty()) {
            FiredWindow& last = m_firedWindows.back();
            if (last.subtask == f.fire.subtask && last.key == f.fire.key && last.window == f.fire.window) {
                last.firstFire = std::min(last.firstFire, f.step);
                last.lastFire = std::max(last.lastFire, f.step);
                ++last.fireCount;
                continue;
            }
        }
        m_firedWindows.push_back(
            {f.fire.subtask, f.fire.key, f.fire.window, f.step, f.step, 1, static_cast<std::uint32_t>(at)});
    }
}

std::size_t Trace::memoryBytes() const
{
    std::size_t bytes = sizeof(*this);
    bytes += m_steps.memoryBytes();
    bytes += m_inputsAtCheckpoint.capacity() * sizeof(std::uint32_t);
    bytes += m_fires.capacity() * sizeof(FireRecord);
    for (const FireRecord& f : m_fires)
        bytes += f.fire.result.list.capacity() * sizeof(double);
    bytes += m_lates.capacity() * sizeof(LateRecord);
    for (const auto& h : m_channelHistory)
        bytes += h.capacity() * sizeof(WatermarkPoint);
    for (const auto& h : m_subtaskHistory)
        bytes += h.capacity() * sizeof(WatermarkPoint);
    for (const auto& h : m_partitionHistory)
        bytes += h.capacity() * sizeof(WatermarkPoint);
    bytes += m_recordPartition.capacity() * sizeof(std::int32_t);
    bytes += m_placements.capacity() * sizeof(RecordPlacement);
    bytes += m_recordTs.capacity() * sizeof(Timestamp);
    bytes += m_recordKey.capacity() * sizeof(KeyId);
    bytes += m_isEvent.capacity() / 8;
    bytes += m_timeOrder.capacity() * sizeof(RecordIndex);
    for (const auto& kind : m_lanes) {
        for (const Lane& lane : kind)
            bytes += lane.records.capacity() * sizeof(RecordIndex) + lane.ts.capacity() * sizeof(Timestamp)
                + lane.arrival.capacity() * sizeof(StepIndex);
    }
    bytes += m_firedWindows.capacity() * sizeof(FiredWindow);
    bytes += m_firesByWindow.capacity() * sizeof(std::size_t);
    return bytes;
}

const WindowState* PipelineState::findWindow(int subtask, KeyId key, const TimeWindow& window) const
{
    const auto it = std::lower_bound(windows.begin(), windows.end(), std::tie(subtask, key, window),
        [](const WindowState& w, const auto& wanted) { return std::tie(w.subtask, w.key, w.window) < wanted; });
    if (it == windows.end() || it->subtask != subtask || it->key != key || !(it->window == window))
        return nullptr;
    return &*it;
}

} // namespace tidemark
