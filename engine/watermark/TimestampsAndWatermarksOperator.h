#pragma once

#include "engine/core/Time.h"
#include "engine/watermark/WatermarkGenerator.h"
#include "engine/watermark/WatermarkOutput.h"

#include <type_traits>
#include <utility>

namespace tidemark {

// The never-backwards output of a watermark-assigning operator: Flink's
// TimestampsAndWatermarksOperator.WatermarkEmitter, and WatermarkToDataOutput (FLIP-27 sources),
// which behave the same.
//  * emitWatermark(ts): if ts <= the last forwarded watermark (initially Long.MIN_VALUE, so MIN itself
//    is never forwarded) nothing happens; otherwise ACTIVE first if the output is idle, then ts.
//  * markIdle(): forwards IDLE once (until something marks the output active again).
//  * markActive(): forwards ACTIVE if the output was idle.
class WatermarkEmitter {
public:
    void emitWatermark(Timestamp watermark, WatermarkItems& out)
    {
        if (watermark <= m_currentWatermark)
            return;
        m_currentWatermark = watermark;
        markActive(out);
        out.push_back(WatermarkItem::mark(watermark));
    }

    void markIdle(WatermarkItems& out)
    {
        if (!m_idle) {
            m_idle = true;
            out.push_back(WatermarkItem::idle());
        }
    }

    void markActive(WatermarkItems& out)
    {
        if (m_idle) {
            m_idle = false;
            out.push_back(WatermarkItem::active());
        }
    }

    // The last watermark forwarded (Long.MIN_VALUE before the first one).
    Timestamp currentWatermark() const { return m_currentWatermark; }
    bool isIdle() const { return m_idle; }

    // The emitter as the WatermarkOutput a generator writes to, appending to `out` for one call.
    // Short-lived on purpose: the emitter's state stays a plain value.
    class Output final : public WatermarkOutput {
    public:
        Output(WatermarkEmitter& emitter, WatermarkItems& out)
            : m_emitter(emitter)
            , m_out(out)
        { }
        void emitWatermark(Timestamp watermark) override { m_emitter.emitWatermark(watermark, m_out); }
        void markIdle() override { m_emitter.markIdle(m_out); }
        void markActive() override { m_emitter.markActive(m_out); }

    private:
        WatermarkEmitter& m_emitter;
        WatermarkItems& m_out;
    };

    Output to(WatermarkItems& out) { return Output(*this, out); }

private:
    Timestamp m_currentWatermark = kMinTimestamp;
    bool m_idle = false;
};

// One parallel instance of Flink's TimestampsAndWatermarksOperator running `Generator` (any value type
// derived from WatermarkGenerator; tests instantiate it with their own generators). Copying the operator
// copies the generator and the emitter: a complete snapshot.
//
// Order within one element, as in Flink's processElement: the record is forwarded FIRST, then the
// generator sees the event, so a watermark it emits follows the record that caused it.
template <class Generator> class TimestampsAndWatermarksOperator {
    static_assert(std::is_base_of_v<WatermarkGenerator, Generator>, "Generator must be a WatermarkGenerator");
    static_assert(std::is_copy_constructible_v<Generator>, "Generator must be a copyable value");

public:
    explicit TimestampsAndWatermarksOperator(Generator generator)
        : m_generator(std::move(generator))
    { }

    // processElement: forwardRecord() (the caller's way of passing the record downstream), then onEvent.
    template <class ForwardRecord>
    void processElement(Timestamp eventTimestamp, ForwardRecord&& forwardRecord, WatermarkItems& out)
    {
        std::forward<ForwardRecord>(forwardRecord)();
        onEvent(eventTimestamp, out);
    }

    // The generator's half of processElement, for callers that forwarded the record themselves.
    void onEvent(Timestamp eventTimestamp, WatermarkItems& out)
    {
        auto output = m_emitter.to(out);
        m_generator.onEvent(eventTimestamp, output);
    }

    // The periodic processing-time timer fired at `processingTime` (Flink's onProcessingTime).
    void onPeriodicEmit(Timestamp processingTime, WatermarkItems& out)
    {
        m_generator.advanceClock(processingTime);
        auto output = m_emitter.to(out);
        m_generator.onPeriodicEmit(output);
    }

    // A watermark from upstream: swallowed, except Long.MAX_VALUE (end of input), which is forwarded
    // through the emitter.
    void processWatermark(Timestamp upstreamWatermark, WatermarkItems& out)
    {
        if (upstreamWatermark == kMaxTimestamp)
            m_emitter.emitWatermark(kMaxTimestamp, out);
    }

    // A watermark status from upstream: always swallowed (the operator decides idleness itself).
    void processWatermarkStatus(WatermarkStatus) { }

    // finish() at end of input: one more onPeriodicEmit.
    void finish(Timestamp processingTime, WatermarkItems& out) { onPeriodicEmit(processingTime, out); }

    // A watermark the operator emits itself outside its generator (Tidemark's watermark records in the
    // input, the same as a punctuated generator emitting from onEvent): never backwards, ACTIVE first
    // if idle.
    void emitWatermark(Timestamp watermark, WatermarkItems& out) { m_emitter.emitWatermark(watermark, out); }

    const Generator& generator() const { return m_generator; }
    Generator& generator() { return m_generator; }
    const WatermarkEmitter& emitter() const { return m_emitter; }

private:
    Generator m_generator;
    WatermarkEmitter m_emitter;
};

} // namespace tidemark
