#pragma once

#include "engine/player/GraphRun.h"
#include "engine/player/Player.h"

#include <memory>
#include <optional>
#include <vector>

namespace tidemark {

// A job graph's recorded run and a cursor on it, as Player is for a chain: one step forward takes the state on by
// one happening; a step back or a seek rebuilds it from the nearest copy the run kept (GraphRun::stateAfter, at
// most one snapshot interval of replay). The views of a graph read the trace for any step and state() for the
// current one.
class GraphPlayer {
public:
    // scenario outlives the player; precondition as GraphRun's. `maxSnapshots` as GraphRun's (the app's player keeps
    // GraphRun::kSeekingSnapshots).
    explicit GraphPlayer(const Scenario& scenario, std::size_t maxSnapshots = GraphRun::kMaxSnapshots);
    const GraphRun& run() const { return m_run; }
    const GraphTrace& trace() const { return m_run.trace(); }
    StepIndex current() const { return m_state->step; }
    StepIndex lastStep() const { return static_cast<StepIndex>(m_run.stepCount() - 1); }
    // Every operator, channel and element as they stood after current().
    const GraphPipeline& state() const { return m_state->pipeline; }

    // A step forward keeps the state it leaves, so that the step back after it (or after a seek) is a move, not a
    // replay; a second step back replays from the nearest copy.
    bool stepForward(); // false at the end
    bool stepBack(); // false at step 0
    void seek(StepIndex step); // clamped to [0, lastStep()]

    // The next (previous) step after (before) current() with a happening of that kind, as Player's: a fire is any
    // operator's result (a window's fire, a join's pair, a process function's record; LateFire: a window's re-fire
    // for a late record), a late record one dropped or sent to a side output, by a window or a join. A watermark or
    // status change is no output: those kinds find nothing here.
    std::optional<StepIndex> nextStepWith(Happening happening) const;
    std::optional<StepIndex> previousStepWith(Happening happening) const;

private:
    GraphRun m_run;
    std::unique_ptr<GraphRun::State> m_state;
    std::unique_ptr<GraphRun::State> m_previous; // the state one step before m_state's, when kept
};

} // namespace tidemark
