#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Record.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// A job of several streams (docs/job-graph.md): named sources, each with its own records and watermarks, and
// operators that read named streams. Plain values, field for field as the scenario file names them; the engine
// builds its objects from this (GraphPipeline) after the rules (graphViolations) have passed.

// A source and the watermark generators behind it: one per channel (watermarks.parallelism), records spread over
// them as `watermarks.partitioning` says, as in a chain (PipelineConfig::watermarks). A Kafka source's channels are
// its readers, each record going to the reader of its partition, as a chain's (PipelineConfig::kafka).
struct GraphSource {
    std::string name;
    WatermarkConfig watermarks;
    std::optional<KafkaSourceSpec> kafka;
    std::vector<InputRecord> records;
    // Set when the records were read from an event file; saving writes this reference, not the records.
    std::optional<InputFileSpec> inputFile;
    // What its channel c is called where a user reads it: a Kafka source's reader, another source's channel.
    std::string channelName(int c) const { return (kafka ? "reader " : "channel ") + std::to_string(c); }
    // The source as a chain's pipeline holds one (its parallelism the channels'), for the chain's rules and what
    // works on a chain's source (SourceOperator, KafkaSplitEnds); its window is left as it comes.
    PipelineConfig chainSource(EndOfInput end, FlinkVersion version) const
    {
        PipelineConfig p;
        p.flinkVersion = version;
        p.sourceParallelism = watermarks.parallelism;
        p.kafka = kafka;
        p.watermarks = watermarks;
        p.endOfInput = end;
        return p;
    }
};

// The KeyedProcessFunctions a graph can name (engine/windowing/ProcessFunctions.h has each one's rule and its Java).
struct ProcessFunctionSpec {
    // UnmatchedTimeout is a KeyedCoProcessFunction, the function of a co-process operator; the others of a process.
    // RuleTimeout is a KeyedBroadcastProcessFunction, the function of a broadcast-process operator.
    // PeriodicCount emits a key's running count at the end of each intervalMs period of event time it had records in.
    // ProcessingTimeTimeout is EventTimeTimeout on the processing-time clock: it fires however the watermark stands.
    enum class Type : std::uint8_t {
        EventTimeTimeout,
        SortUntilWatermark,
        UnmatchedTimeout,
        RuleTimeout,
        PeriodicCount,
        ProcessingTimeTimeout
    };
    Type type = Type::EventTimeTimeout;
    DurationMs timeoutMs = 0; // the timeouts; RuleTimeout: until a rule sets another
    DurationMs intervalMs = 0; // PeriodicCount
    // Whether the function is timed by timeoutMs (all but the sort and the count).
    bool hasTimeout() const { return type != Type::SortUntilWatermark && type != Type::PeriodicCount; }
    // Whether its timers are processing-time ones: what it emits then carries no timestamp (eraseTimestamp()).
    bool processingTime() const { return type == Type::ProcessingTimeTimeout; }
};

// KeyedStream.intervalJoin(other).between(lowerMs, upperMs), bounds made exclusive by lowerBoundExclusive() /
// upperBoundExclusive(); sideOutputLeftLateData / sideOutputRightLateData when lateSideOutputs.
struct IntervalJoinSpec {
    DurationMs lowerMs = 0;
    DurationMs upperMs = 0;
    bool lowerInclusive = true;
    bool upperInclusive = true;
    bool lateSideOutputs = false;
};

struct GraphOperator {
    // Union: no operator, a stream whose channels are all its inputs' (DataStream.union). CoProcess: keyed.connect(
    // otherKeyed).process(f), a KeyedCoProcessOperator. BroadcastProcess: keyed.connect(other.broadcast(rules))
    // .process(f), a CoBroadcastWithKeyedOperator: its second input goes to every subtask. WindowJoin and CoGroup:
    // first.join(second) / first.coGroup(second) .where(key).equalTo(key).window(...), which Flink builds as a
    // window operator over the union of its two inputs, each record tagged with its side (CoGroupedStreams).
    // Watermarks: stream.assignTimestampsAndWatermarks(strategy) after an operator, a TimestampsAndWatermarksOperator
    // reached by forward or rebalance partitioning: its records pass unchanged, and it makes watermarks of its own.
    enum class Kind : std::uint8_t {
        Union,
        Window,
        Process,
        IntervalJoin,
        CoProcess,
        BroadcastProcess,
        WindowJoin,
        CoGroup,
        Watermarks
    };
    // The kind of process operator that runs a kind of process function.
    static Kind kindFor(ProcessFunctionSpec::Type f)
    {
        using T = ProcessFunctionSpec::Type;
        return f == T::UnmatchedTimeout ? Kind::CoProcess
            : f == T::RuleTimeout       ? Kind::BroadcastProcess
                                        : Kind::Process;
    }
    bool runsProcessFunction() const
    {
        return kind == Kind::Process || kind == Kind::CoProcess || kind == Kind::BroadcastProcess;
    }
    // A window operator runs it: a window, or a window join or coGroup (`window` holds its settings).
    bool runsWindow() const { return kind == Kind::Window || joinsInWindows(); }
    bool joinsInWindows() const { return kind == Kind::WindowJoin || kind == Kind::CoGroup; }
    // A window operator that emits only after its input has ended (WindowConfig::outputOnlyAfterEndOfStream): Flink
    // runs it in batch mode, its input sorted, and hands its results on through a blocking exchange.
    bool outputOnlyAfterEndOfStream() const { return runsWindow() && window.outputOnlyAfterEndOfStream(); }
    // `window` as a chain's window holds it, for the chain's rules and writers: a window join's has no function of
    // its own (the join is the function), so they see a count.
    WindowConfig chainWindow() const
    {
        WindowConfig w = window;
        if (joinsInWindows())
            w.function = FunctionSpec {FunctionSpec::Type::Count, "value"};
        return w;
    }
    // Whether input `input` is a broadcast one (every subtask reads all of it, without a key).
    bool broadcastInput(std::size_t input) const { return kind == Kind::BroadcastProcess && input == 1; }
    std::string name;
    Kind kind = Kind::Window;
    std::vector<std::string> inputs; // stream names: sources, operators or unions; a join's left one first
    // The operator's subtasks (a window's window.subtasks(), an assigner's watermarks.parallelism).
    int subtasks() const
    {
        return runsWindow() ? window.subtasks() : kind == Kind::Watermarks ? watermarks.parallelism : parallelism;
    }
    int parallelism = 1; // Process, IntervalJoin, CoProcess (a window's is window.parallelism)
    WindowConfig window; // Window (keyBy null is windowAll), WindowJoin and CoGroup (keyed, its function unused)
    ProcessFunctionSpec process; // Process, CoProcess
    IntervalJoinSpec join; // IntervalJoin
    // Watermarks: the strategy as a source's, its parallelism the assigner's subtasks and its partitioning how
    // records reach them (forward or rebalance from firstChannel).
    WatermarkConfig watermarks;
};

struct JobGraph {
    std::vector<GraphSource> sources;
    std::vector<GraphOperator> operators; // in the file's order

    // Every watermark generator's settings: each source's, then each assigner's (in the operators' order). What the
    // job-wide emission interval and the run's horizon are taken over.
    std::vector<const WatermarkConfig*> generators() const
    {
        std::vector<const WatermarkConfig*> all;
        for (const GraphSource& s : sources)
            all.push_back(&s.watermarks);
        for (const GraphOperator& op : operators) {
            if (op.kind == GraphOperator::Kind::Watermarks)
                all.push_back(&op.watermarks);
        }
        return all;
    }
};

} // namespace tidemark
