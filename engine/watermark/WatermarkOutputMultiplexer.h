#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Time.h"
#include "engine/watermark/CombinedWatermarkStatus.h"
#include "engine/watermark/WatermarkOutput.h"

#include <string>
#include <string_view>
#include <vector>

namespace tidemark {

// Flink's WatermarkOutputMultiplexer (flink-core, api/common/eventtime): the watermark outputs of a source reader's
// splits, combined into the reader's one output by CombinedWatermarkStatus (its rule: the minimum over the outputs
// that are not idle, never going down; when all are idle, none in Flink 1.20 and their maximum in 2.x).
//  * An immediate output combines at once when its watermark rises above the combined one, or when its idleness
//    changes; a deferred output only records, and onPeriodicEmit() combines.
//  * Combining emits the combined watermark when it rose, and IDLE (again, each time) while every output is
//    idle; in Flink 1.20 IDLE only when no watermark went out in that call. With no outputs it emits nothing,
//    not even IDLE. It never marks the underlying output active: a rising watermark does, downstream
//    (WatermarkToDataOutput).
// A plain value: copying it copies every output's state.
class WatermarkOutputMultiplexer {
public:
    explicit WatermarkOutputMultiplexer(FlinkVersion version);

    // One output's state (Flink's PartialWatermark), in registration order.
    struct Output {
        std::string id;
        Timestamp watermark = kMinTimestamp;
        bool idle = false;
    };

    // false when `id` is registered already (Flink throws).
    bool registerNewOutput(std::string_view id);
    // Drops the output without combining; false when it was not registered.
    bool unregisterOutput(std::string_view id);

    // The output a generator writes to (std::invalid_argument for an id not registered). Short-lived: it refers to
    // this multiplexer and, when immediate, to the underlying output it combines into at once; a deferred one
    // (underlying == nullptr) only records, for onPeriodicEmit().
    class SplitOutput final : public WatermarkOutput {
    public:
        void emitWatermark(Timestamp watermark) override;
        void markIdle() override;
        void markActive() override;

    private:
        friend class WatermarkOutputMultiplexer;
        SplitOutput(WatermarkOutputMultiplexer& multiplexer, std::size_t index, WatermarkOutput* underlying);
        WatermarkOutputMultiplexer& m_multiplexer;
        std::size_t m_index;
        WatermarkOutput* m_underlying;
    };
    SplitOutput immediateOutput(std::string_view id, WatermarkOutput& underlying);
    SplitOutput deferredOutput(std::string_view id);

    // Combines what the deferred outputs recorded.
    void onPeriodicEmit(WatermarkOutput& underlying);

    // ---- read-only state, for narration and inspection ----
    const std::vector<Output>& outputs() const { return m_outputs; }
    const Output* output(std::string_view id) const;
    // The combined watermark (Long.MIN_VALUE before the first).
    Timestamp combinedWatermark() const { return m_status.combinedWatermark(); }
    // Every output idle, as of the last combine.
    bool isIdle() const { return m_status.isIdle(); }
    // The active output with the lowest watermark (the first registered among equals): what holds the combined
    // watermark back; nullptr when every output is idle or there is none.
    const Output* holdingBack() const;

private:
    std::size_t indexOf(std::string_view id) const;
    // WatermarkOutputMultiplexer#updateCombinedWatermark.
    void updateCombinedWatermark(WatermarkOutput& underlying);

    std::vector<Output> m_outputs;
    CombinedWatermarkStatus m_status;
};

} // namespace tidemark
