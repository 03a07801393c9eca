#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Keys.h"
#include "engine/core/Time.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tidemark {

// The job a scenario describes, field for field as the scenario format v1 names them
// (docs/scenario-format.md). Plain values only: the engine builds its objects from this.

enum class TimeDomain : std::uint8_t { Event, Processing };

struct AssignerSpec {
    // Cumulate is Flink SQL's CUMULATE window (there is no DataStream assigner for it).
    enum class Type : std::uint8_t { Tumbling, Sliding, Session, Global, Cumulate };
    Type type = Type::Tumbling;
    TimeDomain timeDomain = TimeDomain::Event;
    DurationMs sizeMs = 5000; // Cumulate: the largest window, "maxSizeMs" in the scenario
    DurationMs slideMs = 0;
    DurationMs stepMs = 0; // Cumulate: each window is this much longer than the one before
    DurationMs offsetMs = 0;
    DurationMs gapMs = 0;

    bool isEventTime() const { return type != Type::Global && timeDomain == TimeDomain::Event; }
};

struct TriggerSpec {
    // Default = the assigner's own default trigger (event-time, processing-time, or never for global).
    enum class Type : std::uint8_t {
        Default,
        EventTime,
        ProcessingTime,
        Count,
        ContinuousEventTime,
        Never,
        EndOfStream
    };
    Type type = Type::Default;
    std::int64_t count = 0; // Count
    DurationMs intervalMs = 0; // ContinuousEventTime
};

struct EvictorSpec {
    enum class Type : std::uint8_t { None, Count, Time, Delta };
    Type type = Type::None;
    std::int64_t maxCount = 0; // Count
    DurationMs keepMs = 0; // Time
    double threshold = 0.0; // Delta: evict elements with |last.value - element.value| >= threshold
    bool evictAfter = false;
};

struct FunctionSpec {
    enum class Type : std::uint8_t { Count, Sum, Min, Max, Avg, List };
    Type type = Type::List;
    std::string field = "value"; // "value" or "ts": what the function reads from each element
};

struct WatermarkConfig {
    enum class Strategy : std::uint8_t { BoundedOutOfOrderness, Monotonous, LegacyBoundedOutOfOrderness, Input };
    enum class Emission : std::uint8_t { PerEvent, Periodic };
    enum class Partitioning : std::uint8_t { Rebalance, Forward, Channel };

    Strategy strategy = Strategy::BoundedOutOfOrderness;
    DurationMs maxOutOfOrdernessMs = 0;
    Emission emission = Emission::Periodic; // "emit" in the scenario; not named emit, which Qt reserves
    DurationMs periodMs = 200; // pipeline.auto-watermark-interval
    DurationMs idlenessMs = 0; // 0 = withIdleness not used
    int parallelism = 1;
    Partitioning partitioning = Partitioning::Rebalance;
    int firstChannel = 0; // where round robin starts (Flink picks it at random)
};

struct WindowConfig {
    std::optional<std::string> keyBy = std::string("key"); // nullopt = windowAll
    AssignerSpec assigner;
    TriggerSpec trigger;
    bool purging = false;
    DurationMs allowedLatenessMs = 0;
    bool lateSideOutput = false;
    FunctionSpec function;
    EvictorSpec evictor;
    int parallelism = 1;

    // The key the window operator sees for a record keyed `recordKey`: windowAll has no keyBy, and Flink keys
    // every record with NullByteKeySelector, so a key the record carries plays no part.
    KeyId operatorKey(KeyId recordKey) const { return keyBy ? recordKey : kNoKey; }
    // The window operator's subtasks (and so the print sink's after it): windowAll runs as one, as Flink's
    // forceNonParallel() makes it.
    int subtasks() const { return keyBy ? std::max(1, parallelism) : 1; }
    // How many keys the window operator sees when the records carry `recordKeys`: none under windowAll.
    std::size_t operatorKeyCount(std::size_t recordKeys) const { return keyBy ? recordKeys : 0; }
    // Whether the window operator registers processing-time timers: a processing-time assigner's windows (their
    // firing and their cleanup) or a processing-time trigger's.
    bool usesProcessingTime() const
    {
        return (assigner.type != AssignerSpec::Type::Global && assigner.timeDomain == TimeDomain::Processing)
            || trigger.type == TriggerSpec::Type::ProcessingTime;
    }
    // A window operator that emits only at the end of input: the global window with its end-of-stream trigger
    // (WindowOperator#getOperatorAttributes: outputOnlyAfterEndOfStream; a PurgingTrigger around it is not one).
    // Flink runs such an operator in batch mode: its input sorted by key and timestamp (SortingDataInput), so each
    // window holds its elements by timestamp.
    bool outputOnlyAfterEndOfStream() const
    {
        return assigner.type == AssignerSpec::Type::Global && trigger.type == TriggerSpec::Type::EndOfStream
            && !purging;
    }
};

// How the input ends (docs/scenario-format.md, "endOfInput"):
//  * None: never (a topic that stays open);
//  * MaxWatermark: the source is bounded and ends when its input does; a bounded KafkaSource (setBounded) ends
//    each partition's split once it has read the partition to its end, and a reader once all its splits have
//    ended (KafkaSplitEnds);
//  * Drain: the job is stopped at the end of the input with `flink stop --drain`: every source ends at once. For
//    a source that is not split this is the same as MaxWatermark; a topic read live ends this way.
enum class EndOfInput : std::uint8_t { None, MaxWatermark, Drain };

// The input ends at some point (its end of input is a happening of the run).
constexpr bool inputEnds(EndOfInput e)
{
    return e != EndOfInput::None;
}

// A Kafka topic read by Flink's KafkaSource (env.fromSource): each record carries its partition, the enumerator
// gives each partition to one source reader (KafkaSourceEnumerator::splitOwner), and the watermarks are made
//  * PerPartition: inside each reader, one generator per partition (split), combined into the reader's watermark
//    (fromSource(kafkaSource, strategy, …)), the reader being the watermark channel; or
//  * AfterSource: by a generator after each reader (fromSource(kafkaSource, noWatermarks(), …)
//    .assignTimestampsAndWatermarks(strategy)), chained to it (forward).
// Either way the channels are the source's readers: watermarks.parallelism == source parallelism.
struct KafkaSourceSpec {
    enum class Watermarks : std::uint8_t { PerPartition, AfterSource };
    std::string topic = "events";
    int partitions = 1;
    Watermarks watermarks = Watermarks::PerPartition;
    // Whether each reader runs one generator per partition (split) and forwards their minimum.
    bool perPartition() const { return watermarks == Watermarks::PerPartition; }
    bool operator==(const KafkaSourceSpec&) const = default;
};

struct PipelineConfig {
    FlinkVersion flinkVersion = kNewestFlinkVersion; // the scenario's "flinkVersion"
    int sourceParallelism = 1;
    std::optional<KafkaSourceSpec> kafka; // "source": {"kafka": …}; empty: a source whose records are not split
    WatermarkConfig watermarks;
    WindowConfig window;
    EndOfInput endOfInput = EndOfInput::None;
};

} // namespace tidemark
