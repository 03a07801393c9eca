#pragma once

#include "engine/export/FlinkJob.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark::flinkjob::detail {

// A job graph's scenario (docs/job-graph.md) as a DataStream program: one replay per source, sharing one clock;
// each source's watermark generators; the operators wired as the graph names them, each printed as
// print("name") prints. The parts exportJob assembles into the project.

// What no DataStream program says as Tidemark runs the graph, or nullopt.
std::optional<std::string> graphRefusal(
    const Scenario& scenario, const FlinkRelease& release, const ExportOptions& options);
// data/events.csv: every source's records in the order they arrive (each source by its own clock, at equal times
// in source order, as GraphRun), with the generator each reaches and the source's name.
std::string graphEventsCsv(const Scenario& scenario);
// Where the job's output can differ from Tidemark's, one sentence each.
std::vector<std::string> graphCaveats(const Scenario& scenario);
// The chain's rules for a source's generators and a window (FlinkJob.cpp), which a graph's keep too: what no
// DataStream program says, or nullopt.
std::optional<std::string> watermarkRefusal(const WatermarkConfig& watermarks);
std::optional<std::string> windowRefusal(const WindowConfig& window, const FlinkRelease& release);

std::string graphJavaProgram(const Scenario& scenario, const JobProject& project, const ExportOptions& options);

} // namespace tidemark::flinkjob::detail
