#pragma once

#include "engine/export/FlinkJob.h"

#include <string>

namespace tidemark::flinkjob::detail {

// A job graph's scenario as a Flink SQL program (docs/flink.md, "Flink SQL"): each source a table of its replayed
// records with the WATERMARK its generators' strategy has; each union, window, interval join and window join a view
// over the tables and views it reads, a window over a window reading the first one's window_time; each view but a
// union printed as print("name") prints the operator's output.

// `project`, the graph's DataStream project (exportJob), made the SQL one: its program, README, pom and caveats.
// False with the reason in `refusal` when Flink SQL cannot say the graph as Tidemark runs it (a process function, a
// coGroup, a window over a join's pairs, idleness, …).
bool toGraphSqlProject(
    const Scenario& scenario, JobProject& project, const ExportOptions& options, std::string& refusal);

} // namespace tidemark::flinkjob::detail
