#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"
#include "engine/watermark/ProgressiveTimestampsAndWatermarks.h"
#include "engine/watermark/TimestampsAndWatermarksOperator.h"
#include "engine/watermark/WatermarkGenerator.h"
#include "engine/watermark/WatermarkOutput.h"

#include <optional>
#include <string_view>
#include <variant>

namespace tidemark {

// One of the built-in generators, held by value (no heap, trivially snapshot by copy).
class BuiltinWatermarkGenerator final : public WatermarkGenerator {
public:
    using Variant = std::variant<BoundedOutOfOrdernessWatermarks, AscendingTimestampsWatermarks,
        BoundedOutOfOrdernessTimestampExtractor, AscendingTimestampExtractor, NoWatermarksGenerator>;

    template <class Generator, class... Args>
    explicit BuiltinWatermarkGenerator(std::in_place_type_t<Generator> type, Args&&... args)
        : m_generator(type, std::forward<Args>(args)...)
    { }

    // strategy bounded-out-of-orderness | monotonous | legacy-bounded-out-of-orderness | input
    static BuiltinWatermarkGenerator forStrategy(WatermarkConfig::Strategy strategy, DurationMs maxOutOfOrdernessMs);

    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override;
    void onPeriodicEmit(WatermarkOutput& output) override;
    void advanceClock(Timestamp processingTime) override;

    // What the next onPeriodicEmit would emit; empty for a generator that emits nothing (input).
    std::optional<Timestamp> pendingWatermark() const;
    const Variant& variant() const { return m_generator; }

private:
    Variant m_generator;
};

// The generator a WatermarkConfig describes: a built-in generator, wrapped in WatermarksWithIdleness
// when idlenessMs > 0.
class StrategyWatermarkGenerator final : public WatermarkGenerator {
public:
    explicit StrategyWatermarkGenerator(const WatermarkConfig& config);

    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override;
    void onPeriodicEmit(WatermarkOutput& output) override;
    void advanceClock(Timestamp processingTime) override;

    // Activity for the idleness timer that is not an event of the generator (a watermark record).
    void noteActivity();

    const BuiltinWatermarkGenerator& builtin() const;
    // Empty without withIdleness.
    const IdlenessTimer* idlenessTimer() const;

private:
    using Variant = std::variant<BuiltinWatermarkGenerator, WatermarksWithIdleness<BuiltinWatermarkGenerator>>;
    static Variant make(const WatermarkConfig& config);

    Variant m_generator;
};

// The watermarks a source reader makes for its splits (fromSource(source, strategy, …)).
using SourceReaderWatermarks = ProgressiveTimestampsAndWatermarks<StrategyWatermarkGenerator>;

// One parallel instance ("channel" c of P) of the watermark assigner: Flink's
// TimestampsAndWatermarksOperator with the generator the scenario's WatermarkConfig describes, or, for a source
// with per-split watermarks, the source reader itself (forSourceReader: one generator per split it was given).
// A plain value: copying it is a complete snapshot.
//
// Every call appends what the channel forwards downstream (to every window subtask's valve) to `out`,
// in order: watermarks (strictly increasing), IDLE, and ACTIVE right before the first watermark
// forwarded after IDLE. Calls that forward nothing append nothing.
class WatermarkChannel {
public:
    explicit WatermarkChannel(const WatermarkConfig& config);
    // A source reader of `version`'s Flink, with no split yet.
    static WatermarkChannel forSourceReader(const WatermarkConfig& config, FlinkVersion version);

    // Source reader only: a split it was given (an AddSplitEvent), before any record of it.
    void addSplit(std::string_view split);
    // Source reader only: a split it has finished (releaseOutputForSplit): its output is dropped, without a combine.
    void releaseSplit(std::string_view split);
    // Source reader only: an event record of `split` at processing time `now`, forwarded already; with per-event
    // emission the split's generator also emits.
    void onSplitEvent(std::string_view split, Timestamp eventTimestamp, Timestamp processingTime, WatermarkItems& out);

    // An event record with timestamp `eventTimestamp`. The caller has already forwarded the record to
    // its window subtask (Flink forwards the record before the generator sees it). Only updates the
    // generator (a periodic generator emits nothing here); with emit: per-event the caller then calls
    // onPeriodicEmit in the same step, as onRecord does.
    void onEvent(Timestamp eventTimestamp, WatermarkItems& out);
    // onEvent, then, with emit: per-event, onPeriodicEmit at `processingTime`: the assigner's whole processElement
    // after the record has gone on.
    void onRecord(Timestamp eventTimestamp, Timestamp processingTime, WatermarkItems& out);

    // The periodic timer fired at `processingTime` (every periodMs); with idleness this is also the
    // idleness check, measured on this processing time.
    void onPeriodicEmit(Timestamp processingTime, WatermarkItems& out);

    // A watermark record carried in the input and routed to this channel: a punctuation, emitted through
    // the never-backwards emitter (for strategy `input` the only thing that moves watermarks; for the
    // others in addition to the generator's own). It does not touch the generator's max timestamp. With
    // idleness it counts as activity (as a punctuated generator's onEvent would).
    void onWatermarkRecord(Timestamp watermark, WatermarkItems& out);

    // End of input of a bounded source (endOfInput: max-watermark), in Flink's order: the source task
    // emits Long.MAX_VALUE first (StreamTask.endData -> advanceToEndOfEventTime), which this operator
    // forwards (ACTIVE first if idle); then finishOperators calls finish(), whose extra onPeriodicEmit
    // can no longer move the watermark (with idleness it may still mark the output IDLE).
    // A source reader ends as SourceReaderWatermarks::onEndOfInput says, and emits nothing after.
    void onEndOfInput(Timestamp processingTime, WatermarkItems& out);
    // An assigner after an operator (not a source reader): a watermark its input valve hands it. Swallowed but
    // Long.MAX_VALUE, forwarded through the emitter (ACTIVE first if idle), as TimestampsAndWatermarksOperator does.
    void onUpstreamWatermark(Timestamp watermark, WatermarkItems& out);
    // Its input has ended: finish(), one more onPeriodicEmit (which can still move the watermark when no
    // Long.MAX_VALUE reached it); it emits nothing after.
    void onFinish(Timestamp processingTime, WatermarkItems& out);
    // onEndOfInput (or onFinish) has run.
    bool ended() const { return m_ended; }
    // Whether onPeriodicEmit would now forward nothing and change nothing: a generator without idleness (which
    // counts the checks) whose next watermark is not above the one forwarded. A source reader always answers
    // false. Lets a run skip the quiet emissions that make up most of a sparse input's steps.
    bool periodicEmitChangesNothing() const;

    // ---- read-only state, for narration and inspection ----
    const WatermarkConfig& config() const { return m_config; }
    // The last watermark forwarded (Long.MIN_VALUE before the first).
    Timestamp currentWatermark() const;
    // True after IDLE was forwarded and until the next ACTIVE.
    bool isIdle() const;
    // The source reader's splits, generators and combined output; nullptr for an assigner after the source.
    const SourceReaderWatermarks* sourceReader() const { return std::get_if<SourceReaderWatermarks>(&m_impl); }
    // The largest event timestamp this channel has seen; empty before its first event.
    std::optional<Timestamp> maxTimestampSeen() const { return m_maxTimestampSeen; }
    // What the generator's next periodic emit would give (before the never-backwards check), e.g.
    // max 10:11:37.000 - 10 s - 1 ms; empty for strategy `input`.
    std::optional<Timestamp> pendingWatermark() const;
    // Milliseconds subtracted from the max timestamp: d + 1 (bounded), 1 (monotonous), d (legacy).
    std::optional<DurationMs> pendingWatermarkLag() const;
    // The idleness timer when idlenessMs > 0 (startOfInactivity(), idleTimeout()), else nullptr; a source reader
    // has one per split (sourceReader()).
    const IdlenessTimer* idlenessTimer() const;
    std::uint64_t eventsSeen() const { return m_eventsSeen; }

private:
    using Assigner = TimestampsAndWatermarksOperator<StrategyWatermarkGenerator>;
    WatermarkChannel(const WatermarkConfig& config, SourceReaderWatermarks reader);
    Assigner& assigner();
    SourceReaderWatermarks& reader();

    WatermarkConfig m_config;
    std::variant<Assigner, SourceReaderWatermarks> m_impl;
    std::optional<Timestamp> m_maxTimestampSeen;
    std::uint64_t m_eventsSeen = 0;
    bool m_ended = false;
};

} // namespace tidemark
