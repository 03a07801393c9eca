#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/Scenario.h"
#include "engine/io/Schema.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::schema {

// The scenario format, described once (Schema.h): reading, writing and comparing a scenario all walk these
// descriptions, so a new field is one line in ScenarioSchema.cpp (the pipeline) or ScenarioFileSchema.cpp (the
// file around it), and a line of docs/scenario-format.md. Values are left to the rule table (PipelineRules);
// defaults are the structs' own.

// The scenario file's format version, under "tidemark".
inline constexpr int kFormatVersion = 1;

// One inline record as the file has it: the key's texts beside the record (the reader interns them into the
// scenario's key table, the writer takes them from it).
struct RecordEntry {
    InputRecord record;
    std::vector<std::string> key;
};

// The whole file: its top-level fields, the input (inline records or an event file) and the pipeline.
const Schema<Scenario>& scenario();
const Schema<PipelineConfig>& pipeline();
const Schema<WatermarkConfig>& watermarks();
// A Kafka source's topic: a chain's pipeline.source.kafka, a graph source's kafka.
const Schema<KafkaSourceSpec>& kafka();
const Schema<WindowConfig>& window();
// A job graph's scenario (docs/job-graph.md): the top level a chain's has, but "sources", "operators" and
// "endOfInput" in place of "input" and "pipeline". `loadInput` reads one source's "input" into the scenario it is
// handed (records inline, or an event file), which holds the pipeline the source's records must suit.
using InputReader = std::function<void(const detail::JsonNode& input, Scenario& source)>;
void readGraph(const detail::JsonNode& root, Scenario& scenario, const InputReader& loadInput);
// The top of a job graph's file: as a chain's, with "sources", "operators" and "endOfInput" written (readGraph reads
// them, in the order their checks need).
const Schema<Scenario>& graphScenario();
// An "input" as JSON text: the event file's reference when the records came from one, else the records inline.
std::string writeInput(const KeyTable& keys, const std::vector<InputRecord>& records,
    const std::optional<InputFileSpec>& file, std::string_view indent);
// Where two inputs differ, as "PATH.records[3].ts: 1000 vs 2000" (the form, the event file's fields, or the first
// record that differs, keys by their text), or "" when they do not.
struct InputOf {
    const KeyTable& keys;
    const std::vector<InputRecord>& records;
    const std::optional<InputFileSpec>& file;
};
std::string inputDifference(const InputOf& a, const InputOf& b, const std::string& path);
// The "input" of a chain: inline records (checked against the scenario's pipeline) or an event file (its fields
// checked likewise; the records left for the caller to load).
void readInput(const detail::JsonNode& input, Scenario& scenario);
const Schema<DisplaySettings>& display();
const Schema<InputFileSpec>& inputFile();
const Schema<LessonMarker>& lessonMarker();
const Schema<RecordEntry>& record();

} // namespace tidemark::io::schema
