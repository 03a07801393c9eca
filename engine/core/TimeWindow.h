#pragma once

#include "engine/core/Time.h"

#include <algorithm>
#include <compare>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace tidemark {

// Flink's TimeWindow [start, end), plus the singleton GlobalWindow (maxTimestamp = Long.MAX_VALUE).
class TimeWindow {
public:
    constexpr TimeWindow() = default;
    constexpr TimeWindow(Timestamp start, Timestamp end)
        : m_start(start)
        , m_end(end)
    { }

    static constexpr TimeWindow global()
    {
        TimeWindow w(kMinTimestamp, kMaxTimestamp);
        w.m_global = true;
        return w;
    }

    constexpr Timestamp start() const { return m_start; }
    constexpr Timestamp end() const { return m_end; }
    constexpr bool isGlobal() const { return m_global; }

    // The last timestamp that still belongs to the window.
    constexpr Timestamp maxTimestamp() const { return m_global ? kMaxTimestamp : javaSub(m_end, 1); }

    // Inclusive at the exclusive end: [10,20) and [20,30) intersect (this is why touching sessions merge).
    constexpr bool intersects(const TimeWindow& o) const { return m_start <= o.m_end && m_end >= o.m_start; }

    constexpr TimeWindow cover(const TimeWindow& o) const
    {
        return {m_start < o.m_start ? m_start : o.m_start, m_end > o.m_end ? m_end : o.m_end};
    }

    constexpr auto operator<=>(const TimeWindow&) const = default;

    // TimeWindow#hashCode: MathUtils.longToIntWithBitMixing(start + end), the SplitMix64 finaliser cut to the
    // low 32 bits. It decides the order in which Flink's HashSet of merged windows iterates.
    constexpr std::int32_t javaHashCode() const
    {
        std::uint64_t x = static_cast<std::uint64_t>(m_start) + static_cast<std::uint64_t>(m_end); // Java's wrap
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        x = x ^ (x >> 31);
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(x));
    }

    // TimeWindow.getWindowStartWithOffset: Java's % truncates like C++'s, so negative timestamps and
    // offsets round down to the previous boundary.
    static constexpr Timestamp startWithOffset(Timestamp ts, DurationMs offset, DurationMs size)
    {
        const Timestamp r = javaSub(ts, offset) % size;
        return r < 0 ? javaSub(ts, javaAdd(r, size)) : javaSub(ts, r);
    }

private:
    Timestamp m_start = 0;
    Timestamp m_end = 0;
    bool m_global = false;
};

// TimeWindow#toString (GlobalWindow's for the global window): how Flink's error messages name a window.
inline std::string toJavaString(const TimeWindow& w)
{
    if (w.isGlobal())
        return "GlobalWindow";
    return "TimeWindow{start=" + std::to_string(w.start()) + ", end=" + std::to_string(w.end()) + "}";
}

// Puts distinct windows, given in the order they were added to a new java.util.HashSet, in the order that set
// iterates them: by bucket, (h ^ h >>> 16) & (capacity - 1) of a table that starts at 16 and doubles past 3/4
// full, ties in the order added (a bucket's chain grows at its tail, and a resize keeps the order of each
// half). A bucket turns into a tree only at 9 entries in a table of 64, far beyond a merge of sessions.
inline void orderAsJavaHashSet(std::vector<TimeWindow>& windows)
{
    std::uint32_t capacity = 16;
    while (windows.size() > capacity / 4 * 3)
        capacity *= 2;
    const auto bucket = [capacity](const TimeWindow& w) {
        const auto h = static_cast<std::uint32_t>(w.javaHashCode());
        return (h ^ (h >> 16)) & (capacity - 1);
    };
    // insertion sort: stable without a buffer, and a merge holds a handful of windows
    for (std::size_t i = 1; i < windows.size(); ++i) {
        const TimeWindow w = windows[i];
        const std::uint32_t b = bucket(w);
        std::size_t j = i;
        for (; j > 0 && b < bucket(windows[j - 1]); --j)
            windows[j] = windows[j - 1];
        windows[j] = w;
    }
}

// One merge TimeWindow.mergeWindows reports: the distinct windows of a group and the window covering them.
struct WindowMerge {
    // distinct, in the order of Flink's HashSet for the group (filled in ascending start order): the first of
    // them gives the state window the others' panes are appended to, in this order
    std::vector<TimeWindow> merged;
    TimeWindow result;
};

// TimeWindow.mergeWindows: sort by start (stable, start only), sweep and absorb every window that
// intersects the running cover. Only groups of more than one distinct window are reported (appended to
// `merges`), so a single window (also a single point window) merges with nothing, and a window contained in
// another is merged into it. Flink collects each group in a HashSet, and so does `merged`
// (orderAsJavaHashSet).
inline void mergeWindows(std::span<const TimeWindow> input, std::vector<WindowMerge>& merges)
{
    // Usually nothing overlaps (a new session far from the others): then every window is its own group.
    constexpr std::size_t kStack = 32;
    if (input.size() <= kStack) {
        bool overlap = false;
        for (std::size_t i = 0; i < input.size() && !overlap; ++i) {
            for (std::size_t j = i + 1; j < input.size(); ++j) {
                if (input[i].intersects(input[j])) {
                    overlap = true;
                    break;
                }
            }
        }
        if (!overlap)
            return;
    }
    // Sessions merge a handful of windows per key: sort on the stack when they fit.
    static_assert(std::is_trivially_copyable_v<TimeWindow> && std::is_trivially_destructible_v<TimeWindow>);
    alignas(TimeWindow) unsigned char stack[kStack * sizeof(TimeWindow)]; // left uninitialised: filled below
    std::vector<TimeWindow> heap;
    std::span<TimeWindow> windows;
    if (input.size() <= kStack) {
        TimeWindow* first
            = std::uninitialized_copy(input.begin(), input.end(), reinterpret_cast<TimeWindow*>(stack)) - input.size();
        windows = std::span<TimeWindow>(first, input.size());
    } else {
        heap.assign(input.begin(), input.end());
        windows = heap;
    }
    auto byStart = [](const TimeWindow& a, const TimeWindow& b) { return a.start() < b.start(); };
    if (windows.size() <= kStack) {
        // Stable insertion sort: no allocation (std::stable_sort takes a buffer), and n is small.
        for (std::size_t i = 1; i < windows.size(); ++i) {
            const TimeWindow w = windows[i];
            std::size_t j = i;
            for (; j > 0 && byStart(w, windows[j - 1]); --j)
                windows[j] = windows[j - 1];
            windows[j] = w;
        }
    } else {
        std::stable_sort(windows.begin(), windows.end(), byStart);
    }

    std::size_t groupBegin = 0;
    TimeWindow cover;
    auto close = [&](std::size_t groupEnd) {
        if (groupEnd - groupBegin < 2)
            return;
        WindowMerge merge;
        for (std::size_t i = groupBegin; i < groupEnd; ++i) {
            if (std::find(merge.merged.begin(), merge.merged.end(), windows[i]) == merge.merged.end())
                merge.merged.push_back(windows[i]);
        }
        merge.result = cover;
        if (merge.merged.size() > 1) {
            orderAsJavaHashSet(merge.merged);
            merges.push_back(std::move(merge));
        }
    };
    for (std::size_t i = 0; i < windows.size(); ++i) {
        if (i > 0 && cover.intersects(windows[i])) {
            cover = cover.cover(windows[i]);
            continue;
        }
        if (i > 0)
            close(i);
        groupBegin = i;
        cover = windows[i];
    }
    if (!windows.empty())
        close(windows.size());
}

inline std::vector<WindowMerge> mergeWindows(const std::vector<TimeWindow>& windows)
{
    std::vector<WindowMerge> merges;
    mergeWindows(std::span<const TimeWindow>(windows), merges);
    return merges;
}

} // namespace tidemark
