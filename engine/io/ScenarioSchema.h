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
const Schema<DisplaySettings>& display();
const Schema<InputFileSpec>& inputFile();
const Schema<LessonMarker>& lessonMarker();
const Schema<RecordEntry>& record();

} // namespace tidemark::io::schema
