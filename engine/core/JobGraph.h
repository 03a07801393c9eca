#pragma once

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
// them as `watermarks.partitioning` says, as in a chain (PipelineConfig::watermarks).
struct GraphSource {
    std::string name;
    WatermarkConfig watermarks;
    std::vector<InputRecord> records;
};

// The KeyedProcessFunctions a graph can name (engine/windowing/ProcessFunctions.h has each one's rule and its Java).
struct ProcessFunctionSpec {
    // UnmatchedTimeout is a KeyedCoProcessFunction, the function of a co-process operator; the others of a process.
    enum class Type : std::uint8_t { EventTimeTimeout, SortUntilWatermark, UnmatchedTimeout };
    Type type = Type::EventTimeTimeout;
    DurationMs timeoutMs = 0; // EventTimeTimeout, UnmatchedTimeout
    bool ofTwoInputs() const { return type == Type::UnmatchedTimeout; }
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
    // otherKeyed).process(f), a KeyedCoProcessOperator.
    enum class Kind : std::uint8_t { Union, Window, Process, IntervalJoin, CoProcess };
    std::string name;
    Kind kind = Kind::Window;
    std::vector<std::string> inputs; // stream names: sources, operators or unions; a join's left one first
    int parallelism = 1; // Process, IntervalJoin, CoProcess (a window's is window.parallelism)
    WindowConfig window; // Window; keyBy null is windowAll
    ProcessFunctionSpec process; // Process, CoProcess
    IntervalJoinSpec join; // IntervalJoin
};

struct JobGraph {
    std::vector<GraphSource> sources;
    std::vector<GraphOperator> operators; // in the file's order
};

} // namespace tidemark
