#pragma once

#include "engine/export/FlinkJob.h"
#include "engine/export/JobText.h"

#include <string>
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

} // namespace tidemark::flinkjob::detail
