#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/watermark/CombinedWatermarkStatus.h"
#include "engine/watermark/WatermarkOutput.h"

#include <vector>

namespace tidemark {

// An operator of several inputs (a join, connect, a co-process function; Flink's IndexedCombinedWatermarkStatus
// inside AbstractStreamOperator and AbstractStreamOperatorV2). Each input hands on what its own
// StatusWatermarkValve emits over that input's channels; the operator's event time is their combination
// (CombinedWatermarkStatus): the minimum over the inputs that are not idle, never going down.
//  * An input that has sent no watermark holds the operator at Long.MIN_VALUE (a join whose other side is silent
//    never fires) until it sends one or goes idle.
//  * The operator is idle only when every input is; it then emits IDLE, and ACTIVE once any input is active again.
// A plain value.
class IndexedCombinedWatermarkStatus {
public:
    IndexedCombinedWatermarkStatus(int inputs, FlinkVersion version);

    // AbstractStreamOperator#processWatermark(mark, index), processWatermark1/2: appends the combined watermark
    // when it rose: the operator advances its timers to it, then forwards it.
    void processWatermark(int input, Timestamp watermark, WatermarkItems& out);
    // AbstractStreamOperator#processWatermarkStatus(status, index), processWatermarkStatus1/2: appends the
    // combined watermark when the status change raised it, then the status when the operator's idleness changed.
    void processWatermarkStatus(int input, WatermarkStatus status, WatermarkItems& out);

    // ---- read-only state ----
    Timestamp combinedWatermark() const { return m_status.combinedWatermark(); }
    bool isIdle() const { return m_status.isIdle(); }
    // The active input with the lowest watermark (the first among equals): what holds the operator back; -1 when
    // every input is idle.
    int holdingInput() const;

private:
    // updateWatermark / updateStatus: true when the combined watermark rose (the idleness changes either way).
    bool updateWatermark(int input, Timestamp watermark);
    bool updateStatus(int input, bool idle);

    std::vector<CombinedWatermarkStatus::Partial> m_inputs;
    CombinedWatermarkStatus m_status;
};

} // namespace tidemark
