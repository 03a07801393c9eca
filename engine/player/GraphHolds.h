#pragma once

#include "engine/player/GraphRun.h"
#include "engine/player/TimeFormat.h"

#include <memory>
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
//
// A source that fell silent while the others went on, and has no idleness, gets the setting that would release the
// operator, found by running the graph again with it: withIdleness of the smallest round duration longer than every
// gap between the source's records (so that it would not go idle while it sends), and the step at which the
// operator's event time would pass where it is held ("… would release it at step 212, processing time 4.200 s").
// One link of a hold, from the held operator upstream: a stream's subtask (for a source, its channel) and, for an
// operator, the input that holds it (-1: every input is idle). The last link is where the hold starts.
struct HoldLink {
    int stream = 0;
    int index = 0;
    int input = 0;
    bool operator==(const HoldLink&) const = default;
};

// The links from stream `stream`'s subtask (or channel) `index` to what holds it, as the state stands: the input
// holding a two-input operator, the channel holding that input's valve, the upstream subtask behind it, until a
// source channel, an assigner (its watermarks are its own), an idle input or an input sorted until it ends.
std::vector<HoldLink> holdPath(const GraphPipeline& state, int stream, int index);

struct GraphHold {
    int op = 0;
    int subtask = 0;
    Timestamp watermark = kMinTimestamp;
    std::string text;
    std::vector<HoldLink> path; // holdPath of the operator subtask
};

class GraphHolds {
public:
    GraphHolds(const GraphRun& run, TimeFormatter times);
    ~GraphHolds();
    GraphHolds(const GraphHolds&) = delete;
    GraphHolds& operator=(const GraphHolds&) = delete;

    // Every operator subtask's hold after step `step`, from the state then (GraphRun::stateAfter): a record "not
    // since" counts only the arrivals up to that step.
    std::vector<GraphHold> at(const GraphPipeline& state, StepIndex step) const;
    // At the end of the run.
    std::vector<GraphHold> atEnd() const;

    // The run with withIdleness on source `source` (computed once, when first asked), and the timeout it has.
    struct WithIdleness {
        DurationMs idlenessMs = 0;
        DurationMs longestGapMs = 0; // between the source's records (of one partition, perPartition)
        Scenario scenario;
        std::unique_ptr<GraphRun> run; // nullptr: the run was refused
    };
    const WithIdleness& withIdleness(int source) const;

private:
    const GraphRun& m_run;
    TimeFormatter m_times;
    mutable std::vector<std::unique_ptr<WithIdleness>> m_withIdleness; // by source
};

// GraphHolds(run, times).atEnd().
std::vector<GraphHold> graphHolds(const GraphRun& run, const TimeFormatter& times);

} // namespace tidemark
