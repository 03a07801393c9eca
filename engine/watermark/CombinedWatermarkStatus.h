#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Time.h"

#include <algorithm>
#include <iterator>

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

    // The active partial with the lowest watermark (the first among equals): what holds the combined watermark
    // back; -1 when every partial is idle or there is none.
    template <class Partials> static int holdingBack(const Partials& partials)
    {
        int lowest = -1;
        int i = 0;
        Timestamp watermark = kMaxTimestamp;
        for (const auto& p : partials) {
            if (!p.idle && (lowest < 0 || p.watermark < watermark)) {
                lowest = i;
                watermark = p.watermark;
            }
            ++i;
        }
        return lowest;
    }

    // updateCombinedWatermark over `partials` (anything iterable whose elements have .watermark and .idle): true
    // when the combined watermark rose. The idleness is updated either way.
    template <class Partials> bool update(const Partials& partials)
    {
        if (std::begin(partials) == std::end(partials))
            return false;
        const int holding = holdingBack(partials);
        m_idle = holding < 0;
        if (m_idle && !m_allIdleTakesMaximum)
            return false;
        Timestamp candidate = kMinTimestamp;
        if (m_idle) {
            for (const auto& p : partials)
                candidate = std::max(candidate, p.watermark);
        } else {
            candidate = std::next(std::begin(partials), holding)->watermark;
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
