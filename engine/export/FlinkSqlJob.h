#pragma once

#include "engine/export/FlinkJob.h"

#include <optional>
#include <string>

namespace tidemark::flinkjob {

// A scenario written as a Flink SQL job: the same Maven project, replay and data/events.csv as exportJob, whose
// program declares the replayed records as a table with a WATERMARK (the CREATE TABLE a real source would have) and
// runs the window TVF query (TUMBLE, HOP, SESSION, CUMULATE with COUNT/SUM/MIN/MAX/AVG), printing what Tidemark's
// Output dock shows. docs/flink.md ("Flink SQL") says which watermark the scenario matches and what SQL cannot say.

// What Flink SQL cannot say as Tidemark runs the scenario, or nullopt. (What no DataStream program can say either is
// exportJob's refusal.)
std::optional<std::string> sqlRefusal(const Scenario& scenario);

// The project, or nullopt with the reason in `refusal`.
std::optional<JobProject> exportSqlJob(const Scenario& scenario, const ExportOptions& options, std::string& refusal);

// The watermark declaration of the scenario's strategy: "ts - INTERVAL '2.001' SECOND" for
// forBoundedOutOfOrderness(2 s), whose watermark is max − d − 1 where SQL's `ts - INTERVAL 'd'` is max − d.
std::string sqlWatermarkExpression(const WatermarkConfig& watermarks);

// An INTERVAL literal of exactly `ms` milliseconds ("INTERVAL '5' SECOND", "INTERVAL '1.999' SECOND",
// "INTERVAL '-8' HOUR"), or nullopt when it needs more than 99 days.
std::optional<std::string> sqlInterval(DurationMs ms);

} // namespace tidemark::flinkjob
