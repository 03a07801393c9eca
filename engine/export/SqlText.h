#pragma once

#include "engine/export/FlinkJob.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob {

// The SQL text and rules a chain's SQL program (FlinkSqlJob.h) and a job graph's (GraphSqlJob.h) share.

// The watermark declaration of the scenario's strategy: "ts - INTERVAL '2.001' SECOND" for
// forBoundedOutOfOrderness(2 s), whose watermark is max − d − 1 where SQL's `ts - INTERVAL 'd'` is max − d.
std::string sqlWatermarkExpression(const WatermarkConfig& watermarks);

// An INTERVAL literal of exactly `ms` milliseconds ("INTERVAL '5' SECOND", "INTERVAL '1.999' SECOND",
// "INTERVAL '-8' HOUR"), or nullopt when it needs more than 99 days.
std::optional<std::string> sqlInterval(DurationMs ms);

namespace detail {

// The aggregate call of a window function over the columns v (the value) and t (the timestamp in milliseconds).
std::string sqlAggregate(const FunctionSpec& function);
// The window TVF over `table` (a quoted name) and its time attribute ts: "TUMBLE(TABLE events, DESCRIPTOR(ts), …)".
std::string sqlWindowCall(const AssignerSpec& assigner, std::string_view table, bool partitionByKey);
// What a SQL window aggregation cannot say of the window, the watermark declaration of the strategy, or the records.
std::optional<std::string> sqlWindowRefusal(const WindowConfig& window, const FlinkRelease& release);
std::optional<std::string> sqlWatermarkRefusal(const WatermarkConfig& watermarks);
std::optional<std::string> sqlRecordsRefusal(const std::vector<InputRecord>& records);
// What the watermark declaration gives of the strategy's watermarks, in words for the program's header and README.
std::string sqlWatermarkMatch(const WatermarkConfig& watermarks);
// The program's lines that keep its window aggregations in one phase when several watermark assigners feed them
// (table.optimizer.agg-phase-strategy): a two-phase plan holds a row that is behind its own assigner's watermark,
// though not the window's, in the local pre-aggregation until that assigner's watermark passes the next slice end,
// by which time the window may have fired without it.
extern const char* const kSqlOnePhaseAggregation;
// Where a SQL job's output differs from Tidemark's: keys hashed by SQL's own partitioner, the assigner's eager
// emission, cumulate windows' slices.
extern const char* const kSqlKeyHashingCaveat;
extern const char* const kSqlEmitsAtOnceCaveat;
extern const char* const kSqlCumulateSlicesCaveat;
// The README of a SQL project: what it is, how to run it, the SQL under `sqlTitle`, the paragraphs of `input`
// (separated by blank lines) and the project's caveats.
std::string sqlReadme(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    std::string_view what, std::string_view sqlTitle, std::string_view sql, std::string_view input);
// The DataStream project made a SQL one: its program and README replaced, the Table API's modules added to its pom;
// false with the reason when the pom has no place for them.
bool toSqlProject(JobProject& project, const std::string& java, const std::string& readme, std::string& refusal);

} // namespace detail

} // namespace tidemark::flinkjob
