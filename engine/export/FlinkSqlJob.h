#pragma once

#include "engine/export/FlinkJob.h"
#include "engine/export/SqlText.h"

#include <optional>
#include <string>

namespace tidemark::flinkjob {

// A scenario written as a Flink SQL job: the same Maven project, replay and data/events.csv as exportJob, whose
// program declares the replayed records as a table with a WATERMARK (the CREATE TABLE a real source would have) and
// runs the window TVF query (TUMBLE, HOP, SESSION, CUMULATE with COUNT/SUM/MIN/MAX/AVG), printing what Tidemark's
// Output dock shows. docs/flink.md ("Flink SQL") says which watermark the scenario matches and what SQL cannot say.

// What Flink SQL cannot say as Tidemark runs the chain, or nullopt. (What no DataStream program can say either is
// exportJob's refusal.)
std::optional<std::string> sqlRefusal(const Scenario& scenario, const FlinkRelease& release);

// The project, or nullopt with the reason in `refusal`.
std::optional<JobProject> exportSqlJob(const Scenario& scenario, const ExportOptions& options, std::string& refusal);

} // namespace tidemark::flinkjob
