#pragma once

#include "engine/core/Scenario.h"
#include "engine/player/EventQueue.h"
#include "engine/player/StepList.h"
#include "engine/player/Trace.h"
#include "engine/runtime/GraphPipeline.h"
#include "engine/runtime/KafkaSplitEnds.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace tidemark {

// A source's record at its arrival: each source's by its own clock (the scenario's arrival rule), then all of them
// in (time, source, record) order. What GraphRun plays, and what an exported job graph replays.
struct GraphArrival {
    Timestamp time = 0;
    int source = 0;
    std::uint32_t record = 0;
};
std::vector<GraphArrival> graphArrivals(const Scenario& scenario);

// One happening of a job graph's run: step n (n >= 1) is the n-th, step 0 the state before any.
struct GraphStep {
    EventQueue::Kind kind = EventQueue::Kind::Arrival;
    Timestamp processingTime = 0;
    // Arrival: its rank in graphArrivals; PeriodicEmit: the periodic timer (GraphPipeline's numbering: source
    // channels, then assigner subtasks); EndOfInput: the
    // source; ProcessingTimer: the timed subtask.
    std::uint32_t subject = 0;
    std::int16_t channel = -1; // Arrival: the source channel an event record went to (-1: a watermark record's)
    std::uint32_t arrivalsDone = 0; // arrivals processed up to and including this step
    std::uint32_t firstOutput = 0; // its outputs are outputs()[firstOutput, the next step's firstOutput)
};

// A change to a process function's timers (set, deleted, fired) on one subtask, with the step that made it.
struct GraphTimerChange {
    StepIndex step = 0;
    std::int32_t stream = 0;
    std::int32_t subtask = 0;
    ProcessTimerChange change;
};

// The recorded run of a job graph, as Trace is a chain's: every step, every output with the step that made it,
// and watermark histories (WatermarkPoint: the value from its step on) for each source channel, each operator
// input's valve and each operator subtask's event time. What a view reads to draw any step without running.
class GraphTrace {
public:
    std::size_t stepCount() const { return m_steps.size(); } // steps 0 … stepCount() − 1
    const GraphStep& step(StepIndex s) const { return m_steps.at(s); }
    const std::vector<GraphOutput>& outputs() const { return m_outputs; }
    std::span<const GraphOutput> outputsOf(StepIndex s) const;
    // How many outputs the steps up to and including s made: outputs()[0, outputsUpTo(s)).
    std::size_t outputsUpTo(StepIndex s) const
    {
        return s + 1 < m_steps.size() ? m_steps[s + 1].firstOutput : m_outputs.size();
    }
    // The step that produced outputs()[i].
    StepIndex stepOfOutput(std::size_t i) const;
    // The last step at or before processing time t (0 when none is: steps come in processing-time order).
    StepIndex lastStepAt(Timestamp t) const;
    // Every change to a process function's timers, in step order (a step's in the order they happened).
    const std::vector<GraphTimerChange>& timerChanges() const { return m_timerChanges; }

    // A source channel's watermark (idle: marked idle by its generator, or ended).
    std::span<const WatermarkPoint> channelWatermarks(int channel) const { return m_histories[channelSlot(channel)]; }
    // An operator input's valve: its output watermark, the channel holding the minimum and whether it is idle.
    std::span<const WatermarkPoint> inputWatermarks(int op, int subtask, int input) const
    {
        return m_histories[inputSlot(op, subtask, input)];
    }
    // An operator subtask's event time; idle when every input is; minChannel: for two inputs the input holding the
    // combination (IndexedCombinedWatermarkStatus), else the channel holding the valve.
    std::span<const WatermarkPoint> operatorWatermarks(int op, int subtask) const
    {
        return m_histories[operatorSlot(op, subtask)];
    }

    // A Kafka source's partitions (none for another source): with per-partition watermarks, each one's split output
    // in its reader (a finished one keeps what it had when its reader released it); and, for a bounded topic, the
    // step at which its reader finished its split (kNoStep: never).
    int partitionCount(int source) const
    {
        return static_cast<int>(m_partitionFinished[static_cast<std::size_t>(source)].size());
    }
    bool hasPartitionWatermarks(int source) const
    {
        return !m_partitionHistories[static_cast<std::size_t>(source)].empty();
    }
    std::span<const WatermarkPoint> partitionWatermarks(int source, int partition) const
    {
        return m_partitionHistories[static_cast<std::size_t>(source)][static_cast<std::size_t>(partition)];
    }
    bool partitionFinished(int source, int partition, StepIndex s) const
    {
        return m_partitionFinished[static_cast<std::size_t>(source)][static_cast<std::size_t>(partition)] <= s;
    }

private:
    friend class GraphRun;

    std::size_t channelSlot(int c) const { return static_cast<std::size_t>(c); }
    std::size_t operatorSlot(int op, int subtask) const
    {
        return m_operatorSlot[static_cast<std::size_t>(op)] + static_cast<std::size_t>(subtask);
    }
    std::size_t inputSlot(int op, int subtask, int input) const
    {
        return m_inputSlot[static_cast<std::size_t>(op)] + static_cast<std::size_t>(subtask) * 2
            + static_cast<std::size_t>(input);
    }
    // Appends a point to every history the step changed, and the timer changes it made.
    void record(StepIndex s, Timestamp now, GraphPipeline& p, const JobGraph& g);

    std::vector<GraphStep> m_steps;
    std::vector<GraphOutput> m_outputs;
    std::vector<GraphTimerChange> m_timerChanges;
    std::vector<std::vector<WatermarkPoint>> m_histories; // channels, then per operator its subtasks and inputs
    std::vector<std::vector<std::vector<WatermarkPoint>>> m_partitionHistories; // by source, by partition
    std::vector<std::vector<StepIndex>> m_partitionFinished; // by source, by partition
    std::vector<std::size_t> m_operatorSlot; // by operator
    std::vector<std::size_t> m_inputSlot; // by operator: subtask s, input i at + 2s + i
};

// A job graph's scenario run to its end on the event queue, as Player runs a chain (docs/execution-model.md):
// every source's records at their arrivals (each source's own, by the scenario's arrival rule; at equal times in
// source order), every channel's periodic emission, each source's end of input after its last record. It records
// the run (trace()) and copies of its state along the way, from which stateAfter() rebuilds any step.
class GraphRun {
public:
    // precondition: scenario.graph keeps graphViolations. `maxSnapshots`: the copies of its state it keeps at most.
    explicit GraphRun(const Scenario& scenario, std::size_t maxSnapshots = kMaxSnapshots);
    ~GraphRun();
    GraphRun(const GraphRun&) = delete;
    GraphRun& operator=(const GraphRun&) = delete;

    const std::vector<GraphOutput>& outputs() const { return m_trace.outputs(); }
    const GraphTrace& trace() const { return m_trace; }
    // The state at the end of the run.
    const GraphPipeline& pipeline() const;
    const JobGraph& graph() const { return *m_scenario.graph; }
    const Scenario& scenario() const { return m_scenario; }
    const std::vector<GraphArrival>& arrivals() const { return m_arrivals; }
    // When source s's last record arrived, in processing time (0 without records), in the whole run or up to step
    // `step`.
    Timestamp lastArrival(int source) const { return lastArrival(source, static_cast<StepIndex>(stepCount() - 1)); }
    Timestamp lastArrival(int source, StepIndex step) const;
    // Whether source s has records still to arrive after step `step`.
    bool arrivesAfter(int source, StepIndex step) const;
    std::size_t stepCount() const { return m_trace.stepCount(); }

    // The state at one step: the pipeline, and the queue of the happenings to come. A plain value.
    struct State {
        GraphPipeline pipeline;
        EventQueue queue;
        StepIndex step = 0;
    };
    // The state after step s (0: before the first happening), replayed from the nearest copy before it. Elements
    // are numbered as in the whole run, so the outputs up to s read theirs from it as from pipeline().
    std::unique_ptr<State> stateAfter(StepIndex s) const;
    // Takes a state one step on, as the recorded run went (its outputs are the trace's); false at the end.
    bool advance(State& state) const;
    // Takes a state on to step s (or the end), as advance() step by step.
    void advanceTo(State& state, StepIndex s) const;
    // The copies of the state kept (at most maxSnapshots, evenly spread) and the steps between two of them. 32:
    // with 64, page faults (mostly the copies) took 17 % of the graph benchmark (docs/benchmarks.md).
    std::size_t snapshotCount() const { return m_snapshots.size(); }
    StepIndex snapshotInterval() const { return m_snapshotInterval; }
    static constexpr std::size_t kMaxSnapshots = 32;
    // What a player the user seeks in keeps: a step or a seek is a replay of at most 1/256 of the run (a 1M-record
    // join seeks within 10 ms, docs/benchmarks.md 2026-12-07), for copies of a state that holds only its operators'
    // open buffers (the elements are shared).
    static constexpr std::size_t kSeekingSnapshots = 256;

private:
    // Runs one happening; false when the queue is empty.
    bool step(State& state, std::vector<GraphOutput>& out) const;

    const Scenario& m_scenario;
    std::vector<GraphArrival> m_arrivals;
    ArrivalSchedule m_schedule;
    std::vector<std::vector<std::uint32_t>> m_arrivalsOfSource; // by source: ranks in m_arrivals
    std::vector<std::optional<KafkaSplitEnds>> m_splitEnds; // by source: a bounded topic's
    Timestamp m_horizon = 0;
    GraphTrace m_trace;
    std::unique_ptr<State> m_end;
    std::vector<std::unique_ptr<State>> m_snapshots; // at steps 0, interval, 2 × interval, …
    StepIndex m_snapshotInterval = 256;
    std::size_t m_maxSnapshots = kMaxSnapshots;
};

} // namespace tidemark
