#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/io/EventFileContents.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::rules {

// The one home of every limit and cross-field rule of a pipeline. The scenario reader, the command-line flags,
// the pipeline editor and the import dialog all ask here, and point the answer at their own place for the field
// (file:line:column, --flag, the editor's widget). Defaults are the default-constructed structs' own
// (engine/core/PipelineConfig.h): a front end that needs one reads it from there, never writes the number again.

// Flink's default max parallelism, the key groups of a job (KeyGroupRangeAssignment): Tidemark runs no more
// subtasks than that anywhere.
inline constexpr int kMaxParallelism = 128;
// A Kafka topic's partitions, far above what a lesson shows.
inline constexpr int kMaxKafkaPartitions = 10'000;

// A field by its path in the scenario file, "pipeline.window.parallelism", and the bounds of its value.
struct NumberLimit {
    std::string_view path;
    std::int64_t min = 0;
    std::int64_t max = 0;
};
// The bounds of every number whose bounds do not depend on another field: a spin box or a flag takes its range
// from here.
std::span<const NumberLimit> numberLimits();
// The limit of one path of numberLimits() (any other path is a programming error, and throws).
const NumberLimit& limitOf(std::string_view path);

// A rule the pipeline breaks: the fields to point at, by path (a front end points at the first it can show), and
// why, in the words every front end shows.
struct Violation {
    std::vector<std::string> paths;
    std::string message;
    const std::string& path() const { return paths.front(); }
};

// Every rule `pipeline` breaks, in the order a scenario file lists its fields. Settings derived from others (a
// Kafka source's watermark channels are its readers) are filled in by the front end first.
std::vector<Violation> violations(const PipelineConfig& pipeline);
// The first of them; nullopt when the pipeline keeps every rule.
std::optional<Violation> validate(const PipelineConfig& pipeline);

// What the pipeline requires of every record (a value, a channel in range, a partition), for loading its events.
io::RecordRules recordRulesFor(const PipelineConfig& pipeline);

// The window function an events file gets when none is chosen (tidemark run without --function, the import
// dialog): the values listed when its records have one, else how many records a window holds.
FunctionSpec defaultFunctionFor(const InputFileSpec& events);

} // namespace tidemark::rules
