#pragma once

#include "engine/core/Time.h"

#include <cstdint>
#include <vector>

namespace tidemark {

// Flink's WatermarkStatus: an IDLE stream is left out of downstream watermark alignment.
enum class WatermarkStatus : std::uint8_t { Active, Idle };

// One thing a watermark-producing component hands downstream: a watermark, or a change of the
// stream's WatermarkStatus (IDLE / ACTIVE). Records are not part of it: callers forward records
// themselves, in the order the component documents.
struct WatermarkItem {
    enum class Kind : std::uint8_t { Watermark, Idle, Active };

    Kind kind = Kind::Watermark;
    Timestamp watermark = kMinTimestamp; // only meaningful for Kind::Watermark

    static constexpr WatermarkItem mark(Timestamp ts) { return {Kind::Watermark, ts}; }
    static constexpr WatermarkItem idle() { return {Kind::Idle, kMinTimestamp}; }
    static constexpr WatermarkItem active() { return {Kind::Active, kMinTimestamp}; }

    bool isWatermark() const { return kind == Kind::Watermark; }
    bool isIdle() const { return kind == Kind::Idle; }
    bool isActive() const { return kind == Kind::Active; }

    friend constexpr bool operator==(const WatermarkItem& a, const WatermarkItem& b)
    {
        return a.kind == b.kind && (a.kind != Kind::Watermark || a.watermark == b.watermark);
    }
};

// Components append what they emit to a caller-owned list, in emission order, so that a caller that
// reuses one list per step allocates nothing in steady state.
using WatermarkItems = std::vector<WatermarkItem>;

// What a WatermarkGenerator talks to (Flink's org.apache.flink.api.common.eventtime.WatermarkOutput).
class WatermarkOutput {
public:
    virtual void emitWatermark(Timestamp watermark) = 0;
    virtual void markIdle() = 0;
    virtual void markActive() = 0;

protected:
    WatermarkOutput() = default;
    WatermarkOutput(const WatermarkOutput&) = default;
    WatermarkOutput& operator=(const WatermarkOutput&) = default;
    ~WatermarkOutput() = default;
};

} // namespace tidemark
