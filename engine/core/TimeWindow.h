#pragma once

#include "engine/core/Time.h"

#include <compare>

namespace tidemark {

// Flink's TimeWindow [start, end), plus the singleton GlobalWindow (maxTimestamp = Long.MAX_VALUE).
class TimeWindow {
public:
    constexpr TimeWindow() = default;
    constexpr TimeWindow(Timestamp start, Timestamp end)
        : m_start(start)
        , m_end(end)
    {
    }

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

} // namespace tidemark
