#pragma once

#include "engine/core/Time.h"
#include "engine/watermark/WatermarkOutput.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace tidemark {

// What Flink's SortingDataInput does to the watermarks of an operator that emits only after its input has ended
// (outputOnlyAfterEndOfStream): it keeps the highest watermark from the operator and forwards no status; at the end of
// input it hands that highest one on, once. The records themselves go on as they come: the operator's panes keep
// them by timestamp. A plain value.
class SortingDataInput {
public:
    // A watermark or status the input's valve put out.
    void keep(const WatermarkItem& item)
    {
        if (item.isWatermark())
            m_highest = std::max(m_highest, item.watermark);
    }
    // At the end of input: the highest watermark kept, once; empty when none rose above Long.MIN_VALUE.
    std::optional<Timestamp> release()
    {
        const Timestamp highest = std::exchange(m_highest, kMinTimestamp);
        return highest > kMinTimestamp ? std::optional(highest) : std::nullopt;
    }

private:
    Timestamp m_highest = kMinTimestamp;
};

} // namespace tidemark
