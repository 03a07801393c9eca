#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Time.h"

#include <cstdint>

namespace tidemark {

// One line of the input: an event, or an explicit watermark carried in the data.
struct InputRecord {
    enum class Kind : std::uint8_t { Event, Watermark };

    static constexpr Timestamp kNoArrival = kMinTimestamp;
    static constexpr std::int32_t kNoChannel = -1;
    static constexpr std::int32_t kNoPartition = -1;
    static constexpr std::int64_t kNoOffset = -1;

    // Widest fields apart from the narrow ones, so that padding takes 6 bytes rather than 14: 56 bytes a
    // record, not 64 (a 10M-record file is 80 MB smaller in memory).
    Kind kind = Kind::Event;
    bool hasValue = false;
    KeyId key = kNoKey; // kNoKey when the input has no key (windowAll)
    double value = 0.0;
    Timestamp ts = 0; // event timestamp, or the watermark value
    Timestamp arrival = kNoArrival; // processing time of arrival; default spacing when absent
    std::int64_t offset = kNoOffset; // its offset in that partition, when known
    std::int32_t channel = kNoChannel; // explicit watermark-generator channel ("channel" partitioning)
    std::int32_t partition = kNoPartition; // a Kafka source's partition (the record's split)
    std::uint32_t sourceLine = 0; // 1-based line in the file it came from, 0 when unknown

    bool isWatermark() const { return kind == Kind::Watermark; }
};
static_assert(sizeof(InputRecord) <= 56);

} // namespace tidemark
