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
// Output i of the run as its text line, alone (the app writes the lines it shows, not the whole run's).
std::string graphOutputText(const GraphRun& run, const Scenario& scenario, std::size_t i, const TextTimes& times);

// A step of a graph's run (with --steps): the happening (a source's record, a channel's periodic emission, a
// source's end of input, an operator subtask's processing-time timers), then every operator's event time after it (each
// subtask's, "name:2" from subtask index 1 of several; idle when every input is), as a chain's step line gives its
// operator's. "record" is the 1-based record number within its source.
//   step 6 at 1.000 s: orders event record #2 (key o2, ts 2000) on channel 0; paid 999, paid-per-10s 999
//   {"type":"step","step":6,"processingTime":1000,"kind":"event","source":"orders","record":2,"key":"o2",
//    "ts":2000,"channel":0,"afterInput":3,"channelWatermarks":{"orders":[1999],"payments":[999]},
//    "idleChannels":{},"operatorWatermarks":{"paid":[999],"paid-per-10s":[999]},"idleOperators":{}}
std::string graphStepText(const GraphRun& run, StepIndex step, const TextTimes& times = {});
std::string graphStepJson(const GraphRun& run, StepIndex step);

} // namespace tidemark::output
