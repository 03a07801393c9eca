#pragma once

#include "engine/core/Time.h"
#include "engine/watermark/WatermarkOutput.h"

#include <cstdint>
#include <optional>

namespace tidemark {

// Flink SQL's WatermarkAssignerOperator (flink-table-runtime, operators/wmassigners): what the planner puts after a
// table's scan for its `WATERMARK FOR ts AS ts - INTERVAL …` clause when the source does not take the watermark
// itself. It differs from the DataStream assigner (TimestampsAndWatermarksOperator with forBoundedOutOfOrderness,
// which emits max − delay − 1) in what it emits and when:
//  * the watermark is the clause's value for the largest so far: max(ts) − delay, without the − 1;
//  * it starts from 0, not Long.MIN_VALUE: nothing at or below 0 is ever emitted;
//  * right after a row, when the watermark has moved more than pipeline.auto-watermark-interval past the last one
//    emitted (an event-time difference held against a processing-time setting); otherwise on its processing-time
//    timer, once the interval has passed since the last periodic emission;
//  * with table.exec.source.idle-timeout > 0, IDLE once a timer finds no row processed for that long, ACTIVE again
//    with the next row;
//  * a watermark from upstream is ignored, except Long.MAX_VALUE (the end of input), which is forwarded.
// The caller forwards each row before what processElement appends. A plain value.
class WatermarkAssignerOperator {
public:
    struct Settings {
        DurationMs delayMs = 0; // ts - INTERVAL: the delay; `ts` alone: 0
        DurationMs autoWatermarkIntervalMs = 200; // pipeline.auto-watermark-interval (0: no periodic emission)
        DurationMs idleTimeoutMs = 0; // table.exec.source.idle-timeout (0: never idle)
    };

    // open(): at processing time `now`, the first timer registered (when there is an interval or a timeout).
    WatermarkAssignerOperator(const Settings& settings, Timestamp now);

    void processElement(Timestamp rowtime, WatermarkItems& out);
    // The processing-time timer fires; `now` is the clock then (at or after nextTimer()).
    void onProcessingTime(Timestamp now, WatermarkItems& out);
    void processWatermark(Timestamp watermark, WatermarkItems& out);
    // finish(): Long.MAX_VALUE, as at the end of input.
    void finish(WatermarkItems& out) { processWatermark(kMaxTimestamp, out); }

    // When the timer fires next; none without an interval or a timeout.
    std::optional<Timestamp> nextTimer() const { return m_nextTimer; }
    Timestamp currentWatermark() const { return m_currentWatermark; }
    // The last watermark emitted by the assigner's own rule (0 before any).
    Timestamp lastWatermark() const { return m_lastWatermark; }
    bool isIdle() const { return m_status == WatermarkStatus::Idle; }

    // The timer's period: the smaller of the two when it is a fifth of the larger or less, else a fifth of the
    // smaller; at least 1 ms (calculateProcessingTimeTimerInterval).
    static DurationMs timerInterval(DurationMs watermarkIntervalMs, DurationMs idleTimeoutMs);

private:
    void advanceWatermark(WatermarkItems& out);
    bool idlenessEnabled() const { return m_settings.idleTimeoutMs > 0; }
    void setStatus(WatermarkStatus status, WatermarkItems& out);

    Settings m_settings;
    Timestamp m_currentWatermark = 0; // "watermark and timestamp should start from 0"
    Timestamp m_lastWatermark = 0;
    Timestamp m_lastPeriodicEmit = 0;
    Timestamp m_lastIdleCheck = 0;
    std::uint64_t m_processed = 0;
    std::int64_t m_processedAtIdleCheck = -1;
    WatermarkStatus m_status = WatermarkStatus::Active;
    std::optional<Timestamp> m_nextTimer;
};

} // namespace tidemark
