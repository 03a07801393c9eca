#include "engine/player/Trace.h"

#include <algorithm>

namespace tidemark {

StepIndex Trace::firstStepAtOrAfter(Timestamp processingTime) const
{
    const auto it = std::lower_bound(m_steps.begin(), m_steps.end(), processingTime,
        [](const StepEntry& e, Timestamp t) { return e.processingTime < t; });
    return static_cast<StepIndex>(it - m_steps.begin());
}

std::size_t Trace::inputsProcessed(StepIndex s) const
{
    if (m_steps.empty())
        return 0;
    s = std::min<StepIndex>(s, static_cast<StepIndex>(m_steps.size() - 1));
    const std::size_t checkpoint = s / kInputCheckpointEvery;
    std::size_t n = m_inputsAtCheckpoint[checkpoint];
    for (StepIndex i = static_cast<StepIndex>(checkpoint * kInputCheckpointEvery) + 1; i <= s; ++i) {
        if (m_steps[i].record() != kNoRecord)
            ++n;
    }
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
    }
    return 0;
}

void Trace::buildLanes(LaneKind kind) const
{
    const auto k = static_cast<std::size_t>(kind);
    if (m_lanes.size() < 4) {
        m_lanes.resize(4);
        m_lanesBuilt.assign(4, false);
    }
    auto& lanes = m_lanes[k];
    lanes.assign(laneCount(kind), {});
    for (RecordIndex r = 0; r < m_placements.size(); ++r) {
        if (!m_isEvent[r])
            continue;
        const RecordPlacement& p = m_placements[r];
        std::size_t lane = 0;
        switch (kind) {
        case LaneKind::All:
            break;
        case LaneKind::Channel:
            if (p.channel < 0)
                continue;
            lane = static_cast<std::size_t>(p.channel);
            break;
        case LaneKind::Subtask:
            if (p.subtask < 0)
                continue;
            lane = static_cast<std::size_t>(p.subtask);
            break;
        case LaneKind::Key:
            lane = m_recordKey[r] == kNoKey ? 0 : m_recordKey[r];
            break;
        }
        if (lane < lanes.size())
            lanes[lane].push_back(r);
    }
    for (auto& lane : lanes) {
        std::stable_sort(
            lane.begin(), lane.end(), [this](RecordIndex a, RecordIndex b) { return m_recordTs[a] < m_recordTs[b]; });
        lane.shrink_to_fit();
    }
    m_lanesBuilt[k] = true;
}

std::span<const RecordIndex> Trace::recordsInRange(
    LaneKind kind, std::uint32_t lane, Timestamp from, Timestamp to) const
{
    const auto k = static_cast<std::size_t>(kind);
    if (m_lanesBuilt.size() < 4 || !m_lanesBuilt[k])
        buildLanes(kind);
    if (lane >= m_lanes[k].size())
        return {};
    const auto& v = m_lanes[k][lane];
    const auto lo
        = std::lower_bound(v.begin(), v.end(), from, [this](RecordIndex r, Timestamp t) { return m_recordTs[r] < t; });
    const auto hi = std::lower_bound(lo, v.end(), to, [this](RecordIndex r, Timestamp t) { return m_recordTs[r] < t; });
    return {lo, hi};
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

std::vector<std::size_t> Trace::firesOfWindow(int subtask, KeyId key, const TimeWindow& window) const
{
    std::vector<std::size_t> result;
    for (std::size_t i = 0; i < m_fires.size(); ++i) {
        const FireEvent& f = m_fires[i].fire;
        if (f.subtask == subtask && f.key == key && f.window == window)
            result.push_back(i);
    }
    return result;
}

void Trace::rebuildFiredWindows()
{
    m_firedWindows.clear();
    std::vector<FiredWindow> all;
    all.reserve(m_fires.size());
    for (const FireRecord& f : m_fires)
        all.push_back({f.fire.subtask, f.fire.key, f.fire.window, f.step, f.step, 1});
    auto order = [](const FiredWindow& a, const FiredWindow& b) {
        if (a.window.start() != b.window.start())
            return a.window.start() < b.window.start();
        if (a.subtask != b.subtask)
            return a.subtask < b.subtask;
        if (a.key != b.key)
            return a.key < b.key;
        return a.window.end() < b.window.end();
    };
    std::stable_sort(all.begin(), all.end(), order);
    for (const FiredWindow& w : all) {
        if (!m_firedWindows.empty()) {
            FiredWindow& last = m_firedWindows.back();
            if (last.subtask == w.subtask && last.key == w.key && last.window == w.window) {
                last.firstFire = std::min(last.firstFire, w.firstFire);
                last.lastFire = std::max(last.lastFire, w.lastFire);
                ++last.fireCount;
                continue;
            }
        }
        m_firedWindows.push_back(w);
    }
}

std::size_t Trace::memoryBytes() const
{
    std::size_t bytes = sizeof(*this);
    bytes += m_steps.capacity() * sizeof(StepEntry);
    bytes += m_inputsAtCheckpoint.capacity() * sizeof(std::uint32_t);
    bytes += m_fires.capacity() * sizeof(FireRecord);
    for (const FireRecord& f : m_fires)
        bytes += f.fire.result.list.capacity() * sizeof(double);
    bytes += m_lates.capacity() * sizeof(LateRecord);
    for (const auto& h : m_channelHistory)
        bytes += h.capacity() * sizeof(WatermarkPoint);
    for (const auto& h : m_subtaskHistory)
        bytes += h.capacity() * sizeof(WatermarkPoint);
    bytes += m_placements.capacity() * sizeof(RecordPlacement);
    bytes += m_recordTs.capacity() * sizeof(Timestamp);
    bytes += m_recordKey.capacity() * sizeof(KeyId);
    bytes += m_isEvent.capacity() / 8;
    for (const auto& kind : m_lanes) {
        for (const auto& lane : kind)
            bytes += lane.capacity() * sizeof(RecordIndex);
    }
    bytes += m_firedWindows.capacity() * sizeof(FiredWindow);
    return bytes;
}

} // namespace tidemark
