#pragma once

#include "engine/player/GraphRun.h"
#include "engine/player/TimeFormat.h"

#include <string>
#include <vector>

namespace tidemark {

// What holds each operator of a job graph where its event time stands at the end of a run (`tidemark run GRAPH
// --explain`), followed upstream from input to input until a source channel: the input that holds a join or a
// connected operator (the lower of the two, IndexedCombinedWatermarkStatus), the channel that holds that input's
// valve (StatusWatermarkValve, the lowest), the upstream subtask or source channel behind it, and there why it is
// where it is (no watermark sent, its largest timestamp, idle, ended). One line per operator subtask:
//   paid-per-10s at 8499 ms ← paid at 8499 ms ← input 2, payments at 8499 ms (its largest timestamp 8500 ms); no
//   record since processing time 2.000 s, while the others went on to 5.000 s (withIdleness on payments would …)
struct GraphHold {
    int op = 0;
    int subtask = 0;
    Timestamp watermark = kMinTimestamp;
    std::string text;
};
std::vector<GraphHold> graphHolds(const GraphRun& run, const TimeFormatter& times);
// The same after step `step`, from the state then (GraphRun::stateAfter): a record "not since" counts only the
// arrivals up to that step.
std::vector<GraphHold> graphHolds(
    const GraphRun& run, const GraphPipeline& state, StepIndex step, const TimeFormatter& times);

} // namespace tidemark
