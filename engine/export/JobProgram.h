#pragma once

#include "engine/export/FlinkJob.h"
#include "engine/export/JobText.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tidemark::flinkjob::detail {

// The job's Java program: main() with the scenario's pipeline as DataStream calls, and the classes it needs.
std::string javaProgram(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order);
// How the program reads the scenario's Kafka topic, in a sentence (the README says it too).
std::string kafkaInput(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order);
// The classes a SQL program shares with the DataStream one, and the imports they need.
ReplayClasses replayParts(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order);

// What a job graph's program takes from the chain's for one window operator (scenario.pipeline.window): from keyBy
// (or windowAll) through sideOutputLateData(lateTag), one call a line; the function call, an aggregate handing its
// result to `resultClass`; the classes the function needs (name and code: two windows of a graph may share one); the
// window type and the imports.
struct WindowParts {
    std::string calls;
    std::string function;
    std::vector<std::pair<std::string, std::string>> classes;
    std::string windowType; // "TimeWindow", "GlobalWindow"
    std::vector<std::string> imports;
};
WindowParts windowParts(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    std::string_view resultClass, std::string_view lateTag);
// A source's WatermarkStrategy (scenario.pipeline.watermarks) and the per-event generator class it needs (or empty);
// its imports are added to `imports`.
std::pair<std::string, std::string> strategyParts(const Scenario& scenario, const JobProject& project,
    const ExportOptions& options, std::vector<std::string>& imports);
// The replay, the records' POJO with a graph's `moreFields` and `moreColumns` (read after the value) under the
// header `columns`, and number(), with their imports.
ReplayClasses graphReplayClasses(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    std::string_view moreFields, std::string_view moreColumns, std::string_view columns);

// What a chain's and a graph's job that read topics share: the imports of their Kafka classes, and readAll() of
// --produce over data/records.csv, whose lines have `count` columns named `columns`.
const std::vector<std::string>& kafkaImports();
std::string kafkaReadRecords(std::string_view columns, int count);
// The part of a record reader that reads its value and reports what it cannot read; a record for which the Java
// condition `noKey` holds has no key where keyBy needs one (empty: a key is never needed).
std::string kafkaReadValue(std::string_view noKey);
// --produce's sending of the records, in the order they arrive (each partition's in offset order), record r to the
// topic the Java expression `topicOfRecord` names.
std::string kafkaSend(std::string_view topicOfRecord);

} // namespace tidemark::flinkjob::detail
