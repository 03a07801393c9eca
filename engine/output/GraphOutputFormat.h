#pragma once

#include "engine/output/OutputFormat.h"
#include "engine/player/GraphRun.h"

namespace tidemark::output {

// A job graph's outputs in the order the operators produced them, as `tidemark run` prints them: each behind the
// prefix of Flink's print(name) on that operator ("join> ", "join:2> " from subtask index 1 of several), in JSON
// (the chain's objects with "operator" first) and as text (docs/job-graph.md, "Output"):
//   per-minute> (ana,3) window [60000,120000) on-time, watermark 119999
//   join> (ana,1000,1500) at 1500, watermark 999
//   join> late right (ana,200) side-output, watermark 999
//   timeouts> (ana,1000,20) at 301000, watermark 301000
// A process function's output is the record it emits, (key,ts[,value]), at the timestamp Flink gives it.
OutputLines graphOutputLines(const GraphRun& run, const Scenario& scenario);

} // namespace tidemark::output
