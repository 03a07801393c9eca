#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Time.h"

#include <algorithm>

namespace tidemark {

// Flink's CombinedWatermarkStatus (flink-core, api/common/eventtime): partial watermarks combined into one, the
// one rule shared by a source reader's splits (WatermarkOutputMultiplexer) and an operator's inputs
// (IndexedCombinedWatermarkStatus).
//  * Each partial keeps its highest watermark and whether it is idle; a watermark makes it active again
//    (PartialWatermark#setWatermark: setWatermark here).
//  * The combined watermark is the minimum over the partials that are not idle, and never goes down. When every
//    partial is idle there is none in Flink 1.20; Flink 2.x takes the maximum over all of them (FLINK-38454), so
//    that what the idle ones had reached still moves the watermark on.
//  * With no partials nothing changes, not even the idleness.
class CombinedWatermarkStatus {
public:
    struct Partial {
        Timestamp watermark = kMinTimestamp;
        bool idle = false;
    };

    explicit CombinedWatermarkStatus(FlinkVersion version)
        : m_allIdleTakesMaximum(version.major >= 2)
    { }

    // PartialWatermark#setWatermark on a partial (anything with .watermark and .idle): active again, and the
    // highest watermark kept; true when it rose.
    template <class P> static bool setWatermark(P& partial, Timestamp watermark)
    {
        partial.idle = false;
        const bool rose = watermark > partial.watermark;
        if (rose)
            partial.watermark = watermark;
        return rose;
    }

    // updateCombinedWatermark over `partials` (anything iterable whose elements have .watermark and .idle): true
    // when the combined watermark rose. The idleness is updated either way.
    template <class Partials> bool update(const Partials& partials)
    {
        if (std::begin(partials) == std::end(partials))
            return false;
        m_idle = std::all_of(std::begin(partials), std::end(partials), [](const auto& p) { return p.idle; });
        Timestamp candidate = m_idle ? kMinTimestamp : kMaxTimestamp;
        if (m_idle && !m_allIdleTakesMaximum)
            return false;
        for (const auto& p : partials) {
            if (m_idle)
                candidate = std::max(candidate, p.watermark);
            else if (!p.idle)
                candidate = std::min(candidate, p.watermark);
        }
        if (candidate > m_combinedWatermark) {
            m_combinedWatermark = candidate;
            return true;
        }
        return false;
    }

    // Long.MIN_VALUE before the first.
    Timestamp combinedWatermark() const { return m_combinedWatermark; }
    // Every partial idle, as of the last update.
    bool isIdle() const { return m_idle; }
    // Flink 2.x: when every partial is idle, the maximum over them is the combined watermark.
    bool allIdleTakesMaximum() const { return m_allIdleTakesMaximum; }

private:
    Timestamp m_combinedWatermark = kMinTimestamp;
    bool m_idle = false;
    bool m_allIdleTakesMaximum;
};

} // namespace tidemark
