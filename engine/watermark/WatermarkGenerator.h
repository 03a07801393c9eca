#pragma once

#include "engine/core/Time.h"
#include "engine/watermark/WatermarkOutput.h"

#include <cstdint>
#include <optional>
#include <stdexcept>

namespace tidemark {

// Flink's org.apache.flink.api.common.eventtime.WatermarkGenerator.
//
// Generators are plain values: copying one copies its whole state (the player snapshots by copying).
// Flink hands a generator a clock when it is created; here the operator that runs the generator passes
// the task's processing time through advanceClock() right before every onPeriodicEmit, so that no
// generator points at anything outside itself. Only generators that measure time (idleness) use it.
class WatermarkGenerator {
public:
    virtual ~WatermarkGenerator() = default;

    // Called for every event, after the operator has forwarded the record.
    virtual void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) = 0;
    // Called by the periodic timer (pipeline.auto-watermark-interval) and once more at end of input.
    virtual void onPeriodicEmit(WatermarkOutput& output) = 0;
    // The processing time of the task, in ms; never the wall clock.
    virtual void advanceClock(Timestamp processingTime) { (void)processingTime; }

protected:
    WatermarkGenerator() = default;
    WatermarkGenerator(const WatermarkGenerator&) = default;
    WatermarkGenerator& operator=(const WatermarkGenerator&) = default;
};

// WatermarkStrategy.forBoundedOutOfOrderness(d): emits maxTs - d - 1. The start value
// Long.MIN_VALUE + d + 1 makes the first watermark exactly Long.MIN_VALUE instead of underflowing.
class BoundedOutOfOrdernessWatermarks : public WatermarkGenerator {
public:
    explicit BoundedOutOfOrdernessWatermarks(DurationMs maxOutOfOrderness);

    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) final;
    void onPeriodicEmit(WatermarkOutput& output) final;

    DurationMs outOfOrderness() const { return m_outOfOrderness; }
    // The generator's maxTimestamp field (its start value until an event raises it).
    Timestamp maxTimestamp() const { return m_maxTimestamp; }
    // What the next onPeriodicEmit emits: maxTimestamp - d - 1.
    Timestamp currentWatermark() const { return javaSub(javaSub(m_maxTimestamp, m_outOfOrderness), 1); }

private:
    DurationMs m_outOfOrderness;
    Timestamp m_maxTimestamp;
};

// WatermarkStrategy.forMonotonousTimestamps(): bounded out-of-orderness with d = 0, i.e. maxTs - 1.
class AscendingTimestampsWatermarks final : public BoundedOutOfOrdernessWatermarks {
public:
    AscendingTimestampsWatermarks()
        : BoundedOutOfOrdernessWatermarks(0)
    { }
};

// The legacy BoundedOutOfOrdernessTimestampExtractor (AssignerWithPeriodicWatermarks): emits
// maxTs - d with NO -1, so an event exactly d behind the maximum can already be late. onEvent is its
// extractTimestamp, onPeriodicEmit its getCurrentWatermark(), which never goes backwards by itself.
class BoundedOutOfOrdernessTimestampExtractor final : public WatermarkGenerator {
public:
    explicit BoundedOutOfOrdernessTimestampExtractor(DurationMs maxOutOfOrderness);

    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override;
    void onPeriodicEmit(WatermarkOutput& output) override;

    DurationMs outOfOrderness() const { return m_outOfOrderness; }
    Timestamp currentMaxTimestamp() const { return m_currentMaxTimestamp; }
    Timestamp lastEmittedWatermark() const { return m_lastEmittedWatermark; }
    // What the next onPeriodicEmit emits: max(currentMax - d, lastEmitted).
    Timestamp currentWatermark() const;

private:
    DurationMs m_outOfOrderness;
    Timestamp m_currentMaxTimestamp;
    Timestamp m_lastEmittedWatermark = kMinTimestamp;
};

// The legacy AscendingTimestampExtractor: emits current - 1 (MIN while nothing was seen). A timestamp
// lower than the current one is a violation (Flink logs it by default) and does not move the clock.
class AscendingTimestampExtractor final : public WatermarkGenerator {
public:
    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override;
    void onPeriodicEmit(WatermarkOutput& output) override;

    Timestamp currentTimestamp() const { return m_currentTimestamp; }
    std::uint64_t violations() const { return m_violations; }
    Timestamp currentWatermark() const
    {
        return m_currentTimestamp == kMinTimestamp ? kMinTimestamp : m_currentTimestamp - 1;
    }

private:
    Timestamp m_currentTimestamp = kMinTimestamp;
    std::uint64_t m_violations = 0;
};

// WatermarkStrategy.noWatermarks(): used for strategy `input`, where only watermark records carried
// in the input move event time.
class NoWatermarksGenerator final : public WatermarkGenerator {
public:
    void onEvent(Timestamp, WatermarkOutput&) override { }
    void onPeriodicEmit(WatermarkOutput&) override { }
};

// WatermarksWithIdleness.IdlenessTimer, on the task's processing time in ms.
// checkIfIdle(): activity since the last check -> reset, not idle; otherwise the first quiet check
// starts the inactivity timer (not idle); later checks are idle iff now - start > timeout (strict).
class IdlenessTimer {
public:
    explicit IdlenessTimer(DurationMs idleTimeout);

    void activity() { ++m_counter; }
    bool checkIfIdle(Timestamp now);

    DurationMs idleTimeout() const { return m_idleTimeout; }
    // When the current quiet period was first noticed by a check; empty while not counting down.
    std::optional<Timestamp> startOfInactivity() const { return m_startOfInactivity; }
    // True if there was activity since the last check (the next check resets the timer).
    bool hasActivitySinceLastCheck() const { return m_counter != m_lastCounter; }

private:
    DurationMs m_idleTimeout;
    std::uint64_t m_counter = 0;
    std::uint64_t m_lastCounter = 0;
    // Flink uses 0 ns as "unset" on a nanosecond clock that is never 0; processing time here can be 0.
    std::optional<Timestamp> m_startOfInactivity;
};

// WatermarkStrategy.withIdleness(timeout): wraps any generator (held by value). Idleness is evaluated
// only in onPeriodicEmit: when the timer says idle the output is marked idle once and the wrapped
// generator is not asked; otherwise the wrapped generator emits. Becoming active again is implicit:
// the emitter sends ACTIVE right before the next watermark it actually forwards.
template <class Inner> class WatermarksWithIdleness final : public WatermarkGenerator {
public:
    WatermarksWithIdleness(Inner inner, DurationMs idleTimeout)
        : m_inner(std::move(inner))
        , m_timer(checkedTimeout(idleTimeout))
    { }

    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override
    {
        m_inner.onEvent(eventTimestamp, output);
        noteActivity();
    }

    void onPeriodicEmit(WatermarkOutput& output) override
    {
        if (m_timer.checkIfIdle(m_now)) {
            if (!m_idleNow) {
                output.markIdle();
                m_idleNow = true;
            }
        } else {
            m_inner.onPeriodicEmit(output);
        }
    }

    void advanceClock(Timestamp processingTime) override
    {
        m_now = processingTime;
        m_inner.advanceClock(processingTime);
    }

    // What onEvent does besides delegating: for input that is not an event of the wrapped generator
    // (a watermark record carried in the input) but is activity of the stream all the same.
    void noteActivity()
    {
        m_timer.activity();
        m_idleNow = false;
    }

    const Inner& inner() const { return m_inner; }
    const IdlenessTimer& timer() const { return m_timer; }
    bool isIdleNow() const { return m_idleNow; }

private:
    static DurationMs checkedTimeout(DurationMs timeout)
    {
        if (timeout <= 0)
            throw std::invalid_argument("idleTimeout must be greater than zero");
        return timeout;
    }

    Inner m_inner;
    IdlenessTimer m_timer;
    Timestamp m_now = 0;
    bool m_idleNow = false;
};

} // namespace tidemark
