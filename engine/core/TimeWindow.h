#pragma once

#include "engine/core/Time.h"

#include <algorithm>
#include <compare>
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

// One merge TimeWindow.mergeWindows reports: the distinct windows of a group and the window covering them.
struct WindowMerge {
    std::vector<TimeWindow> merged; // distinct, in ascending start order
    TimeWindow result;
};

// TimeWindow.mergeWindows: sort by start (stable, start only), sweep and absorb every window that
// intersects the running cover. Only groups of more than one distinct window are reported, so a single
// window (also a single point window) merges with nothing, and a window contained in another is merged
// into it. Flink collects each group in a HashSet; here a group lists its windows in ascending start order.
inline std::vector<WindowMerge> mergeWindows(std::vector<TimeWindow> windows)
{
    std::stable_sort(
        windows.begin(), windows.end(), [](const TimeWindow& a, const TimeWindow& b) { return a.start() < b.start(); });
    std::vector<WindowMerge> merges;
    WindowMerge current;
    bool open = false;
    auto close = [&] {
        if (open && current.merged.size() > 1)
            merges.push_back(std::move(current));
        current = WindowMerge {};
    };
    for (const TimeWindow& candidate : windows) {
        if (open && current.result.intersects(candidate)) {
            current.result = current.result.cover(candidate);
            if (std::find(current.merged.begin(), current.merged.end(), candidate) == current.merged.end())
                current.merged.push_back(candidate);
            continue;
        }
        close();
        current.merged.push_back(candidate);
        current.result = candidate;
        open = true;
    }
    close();
    return merges;
}

} // namespace tidemark
