#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Time.h"
#include "engine/watermark/TimestampsAndWatermarksOperator.h"
#include "engine/watermark/WatermarkOutput.h"
#include "engine/watermark/WatermarkOutputMultiplexer.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tidemark {

// The watermarks of one source reader (a SourceOperator subtask of a FLIP-27 source, env.fromSource(source,
// strategy, …)): Flink's ProgressiveTimestampsAndWatermarks with its SplitLocalOutputs and IdlenessManager.
//  * Every split gets its own copy of `Generator` when it is added (an AddSplitEvent): a record of the split goes
//    to that generator's onEvent, writing to the split's immediate output of the WatermarkOutputMultiplexer; the
//    periodic timer calls each split's onPeriodicEmit, writing to its deferred output, in the order the splits
//    were added, then combines once.
//  * The reader's main output has a generator of its own, which sees only records that come through the main
//    output (a source that is not split-aware; a Kafka reader emits through its splits only). On the timer it runs
//    after the splits.
//  * The reader's output goes IDLE only when the main output and the splits' combined output are both idle; both
//    start idle, and the main generator's periodic emit makes the main output active even when what it emits
//    (Long.MIN_VALUE before any record) is dropped. So a reader whose main generator is not wrapped in
//    withIdleness never goes idle, with splits or without.
//  * Downstream, WatermarkToDataOutput (the never-backwards WatermarkEmitter) forwards watermarks and
//    IDLE/ACTIVE.
// A plain value: copying it copies every generator and output (a snapshot).
template <class Generator> class ProgressiveTimestampsAndWatermarks {
public:
    // `perEventEmission`: after each record, the generator's onPeriodicEmit also runs, into the same (immediate)
    // output, as a generator that emits on every event does.
    ProgressiveTimestampsAndWatermarks(Generator prototype, FlinkVersion version, bool perEventEmission = false)
        : m_prototype(prototype)
        , m_main(std::move(prototype))
        , m_splits(version)
        , m_perEventEmission(perEventEmission)
    { }

    // SplitLocalOutputs#createOutputForSplit: idempotent.
    void addSplit(std::string_view split)
    {
        if (m_splits.registerNewOutput(split))
            m_splitGenerators.emplace_back(std::string(split), m_prototype);
    }

    // SplitLocalOutputs#releaseOutputForSplit, when the reader has finished the split: no combine.
    void releaseSplit(std::string_view split)
    {
        m_splits.unregisterOutput(split);
        std::erase_if(m_splitGenerators, [split](const auto& g) { return g.first == split; });
    }

    // A record of `split` (added before) with event timestamp `timestamp`, at processing time `now`. The caller
    // has forwarded the record: the generator sees it after it went out (SourceOutputWithWatermarks#collect).
    void onSplitRecord(std::string_view split, Timestamp timestamp, Timestamp now, WatermarkItems& out)
    {
        Generator& generator = splitGenerator(split);
        generator.advanceClock(now);
        IdlenessAwareOutput splitLocal(*this, m_splitLocalIdle, out);
        auto immediate = m_splits.immediateOutput(split, splitLocal);
        generator.onEvent(timestamp, immediate);
        if (m_perEventEmission)
            generator.onPeriodicEmit(immediate);
    }

    // A record through the reader's main output.
    void onMainRecord(Timestamp timestamp, Timestamp now, WatermarkItems& out)
    {
        m_main.advanceClock(now);
        IdlenessAwareOutput main(*this, m_mainIdle, out);
        m_main.onEvent(timestamp, main);
        if (m_perEventEmission)
            m_main.onPeriodicEmit(main);
    }

    // The periodic timer (every autoWatermarkInterval), at processing time `now`.
    void onPeriodicEmit(Timestamp now, WatermarkItems& out)
    {
        if (m_ended)
            return;
        IdlenessAwareOutput splitLocal(*this, m_splitLocalIdle, out);
        for (auto& [split, generator] : m_splitGenerators) {
            generator.advanceClock(now);
            auto deferred = m_splits.deferredOutput(split);
            generator.onPeriodicEmit(deferred);
        }
        m_splits.onPeriodicEmit(splitLocal);
        m_main.advanceClock(now);
        IdlenessAwareOutput main(*this, m_mainIdle, out);
        m_main.onPeriodicEmit(main);
    }

    // The reader reached the end of its bounded input: SourceOperatorStreamTask#advanceToEndOfEventTime emits
    // Long.MAX_VALUE straight into the task's output, not through WatermarkToDataOutput, so nothing marks the output
    // active first, and RecordWriterOutput drops a watermark while the status it announced is IDLE: an idle reader
    // never forwards it (FLINK-40499, open). SourceOperator#finish then stops the periodic emits, with no last one.
    void onEndOfInput(WatermarkItems& out)
    {
        m_ended = true;
        if (!m_emitter.isIdle())
            m_emitter.emitWatermark(kMaxTimestamp, out);
    }
    bool ended() const { return m_ended; }

    // ---- read-only state, for narration and inspection ----
    const WatermarkOutputMultiplexer& splits() const { return m_splits; }
    const std::vector<std::pair<std::string, Generator>>& splitGenerators() const { return m_splitGenerators; }
    const Generator& mainGenerator() const { return m_main; }
    bool mainOutputIdle() const { return m_mainIdle; }
    bool splitOutputIdle() const { return m_splitLocalIdle; }
    // What the reader forwarded last (Long.MIN_VALUE before the first watermark), and whether it is IDLE.
    Timestamp currentWatermark() const { return m_emitter.currentWatermark(); }
    bool isIdle() const { return m_emitter.isIdle(); }

private:
    // IdlenessManager.IdlenessAwareWatermarkOutput: a watermark makes its side active (even one the emitter
    // drops); IDLE reaches the reader's output only when both sides are idle.
    class IdlenessAwareOutput final : public WatermarkOutput {
    public:
        IdlenessAwareOutput(ProgressiveTimestampsAndWatermarks& owner, bool& idle, WatermarkItems& out)
            : m_owner(owner)
            , m_idle(idle)
            , m_out(out)
        { }
        void emitWatermark(Timestamp watermark) override
        {
            m_idle = false;
            m_owner.m_emitter.emitWatermark(watermark, m_out);
        }
        void markIdle() override
        {
            m_idle = true;
            if (m_owner.m_mainIdle && m_owner.m_splitLocalIdle)
                m_owner.m_emitter.markIdle(m_out);
        }
        void markActive() override
        {
            m_idle = false;
            m_owner.m_emitter.markActive(m_out);
        }

    private:
        ProgressiveTimestampsAndWatermarks& m_owner;
        bool& m_idle;
        WatermarkItems& m_out;
    };

    Generator& splitGenerator(std::string_view split)
    {
        for (auto& [id, generator] : m_splitGenerators) {
            if (id == split)
                return generator;
        }
        throw std::invalid_argument("a record of split \"" + std::string(split) + "\", which the reader was not given");
    }

    Generator m_prototype;
    Generator m_main;
    std::vector<std::pair<std::string, Generator>> m_splitGenerators; // in the order the splits were added
    WatermarkOutputMultiplexer m_splits;
    WatermarkEmitter m_emitter; // WatermarkToDataOutput
    bool m_mainIdle = true;
    bool m_splitLocalIdle = true;
    bool m_perEventEmission;
    bool m_ended = false;
};

} // namespace tidemark
