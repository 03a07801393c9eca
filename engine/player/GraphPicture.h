#pragma once

#include "engine/player/GraphHolds.h"
#include "engine/player/GraphRun.h"

#include <array>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace tidemark {

// What a picture of a job graph shows at one step, as Flink's job graph would if its vertices showed their event
// time together: each stream's watermark (a source's lowest channel, an operator's lowest subtask), its inputs'
// valves, what its operator has put out so far (results, late, dropped), and the chain of holds that keeps the
// job's slowest sink where it is (holdPath from that sink's slowest subtask).
class GraphPicture {
public:
    explicit GraphPicture(const GraphRun& run); // run outlives it

    struct Input {
        Timestamp watermark = kMinTimestamp; // the lowest of its subtasks' valves
        bool idle = false; // on every subtask
    };
    struct Vertex {
        Timestamp watermark = kMinTimestamp;
        bool idle = false; // every subtask (a source's every channel) idle or ended
        bool ended = false; // every subtask (channel) has seen the end of its input
        std::vector<Input> inputs; // an operator's, in its inputs' order
        std::size_t results = 0; // a window's fires, a join's pairs, a process function's records
        std::size_t late = 0; // re-fired for a late record, or sent to the late side output
        std::size_t dropped = 0;
    };
    struct At {
        std::vector<Vertex> vertices; // by stream (StreamGraph numbering)
        int sink = -1; // the stream of the slowest sink (-1: every sink has reached the end of event time)
        std::vector<HoldLink> blocker; // holdPath from its slowest subtask
        // Whether the link holds the sink: the stream on the blocker path, and (input >= 0) that input of it.
        bool holds(int stream, int input = -1) const;
    };
    // `state` is the run's state after `step` (GraphRun::stateAfter, GraphPlayer::state).
    At at(const GraphPipeline& state, StepIndex step) const;

    // A process function's timers registered and not yet fired or deleted in `state`, every subtask's, in the order
    // they fire; an event-time one fires when its subtask's event time reaches `ts`, a processing-time one when the
    // clock does. Asked for apart from at(): a function of a million keys has as many timers, which a seek need not
    // gather.
    struct Timer {
        int subtask = 0;
        KeyId key = kNoKey;
        Timestamp ts = 0;
        TimeDomain domain = TimeDomain::Event;
    };
    // `subtask` -1: every subtask's.
    static std::vector<Timer> timers(const GraphPipeline& state, int stream, int subtask = -1);
    // A process function's timer from its registration to its end, as the run recorded it (GraphTrace::timerChanges).
    struct TimerLife {
        KeyId key = kNoKey;
        Timestamp ts = 0;
        TimeDomain domain = TimeDomain::Event;
        StepIndex registered = 0;
        StepIndex ended = kNoStep; // the step it fired or was deleted at; kNoStep: registered at the end of the run
        bool fired = false;
        Timestamp eventTimeAtRegistration = kMinTimestamp; // its subtask's event time after the registering step
        bool waitsAt(StepIndex step) const { return registered <= step && step < ended; }
    };
    // Every timer one process subtask registered in the run, in the order they were registered (a timer
    // registered again after it ended is a life of its own); none for another operator.
    std::vector<TimerLife> timerLives(int stream, int subtask) const;
    // What reached an operator's input over the run, in step order: a source's records as they arrived, or what the
    // operator before it put out that goes on (forwardedTimestamp), with its key.
    struct Arrived {
        Timestamp ts = 0;
        KeyId key = kNoKey;
        StepIndex step = 0;
    };
    std::vector<Arrived> arrivedAt(int stream, int input) const;
    // The same for every operator input at once: f(stream, input, arrived) in step order.
    template <class F> void forEachArrival(F&& f) const;
    // The timestamp an output carries on to the operators that read it: a window's result at its end − 1 (the
    // watermark for the global window), a join's pair at the later record's, a process function's record at the
    // time Flink stamps it; none for what goes to a side output or is dropped.
    static std::optional<Timestamp> forwardedTimestamp(const GraphOutput& o, const GraphPipeline& elements);
    // The key an output carries on.
    static KeyId outputKey(const GraphOutput& o)
    {
        return std::visit([](const auto& what) { return what.key; }, o.what);
    }

    // A window operator's subtask's windows still open in `state` (assigned, not yet purged or cleaned up), by key and
    // window; none beyond `limit` windows (too many to show apart), and none for another operator.
    struct OpenWindow {
        int subtask = 0;
        KeyId key = kNoKey;
        TimeWindow window;
        std::uint64_t elements = 0;
        std::uint32_t fired = 0; // how often it has fired so far (it stays open for allowed lateness)
        std::optional<Timestamp> cleanupTime; // when its state is dropped (WindowOperator.cleanupTime); none: never
    };
    static std::vector<OpenWindow> openWindows(const GraphPipeline& state, int stream, int subtask, std::size_t limit);

    // The streams no edge leaves: what the job prints.
    const std::vector<int>& sinks() const { return m_sinks; }

private:
    const GraphRun& m_run;
    std::vector<int> m_sinks;
    // by operator, by kind (result, late, dropped): the indices in the trace's outputs, ascending
    std::vector<std::array<std::vector<std::uint32_t>, 3>> m_counted;
};

template <class F> void GraphPicture::forEachArrival(F&& f) const
{
    const GraphTrace& trace = m_run.trace();
    const GraphPipeline& end = m_run.pipeline();
    const StreamGraph& streams = end.streams();
    const auto reach = [&](int from, const Arrived& arrived) {
        for (const StreamGraph::Edge& e : streams.edgesFrom(from))
            f(e.to, e.input, arrived);
    };
    for (StepIndex s = 1; s < trace.stepCount(); ++s) {
        const GraphStep& step = trace.step(s);
        if (step.kind == EventQueue::Kind::Arrival && step.channel >= 0) {
            const GraphArrival& a = m_run.arrivals()[step.subject];
            const InputRecord& r = m_run.graph().sources[static_cast<std::size_t>(a.source)].records[a.record];
            reach(a.source, {r.ts, r.key, s});
        }
        // what the step's operators put out reaches the inputs after them in the same step (handed on at once)
        for (const GraphOutput& o : trace.outputsOf(s)) {
            if (const auto ts = forwardedTimestamp(o, end))
                reach(streams.streamOfOperator(o.op), {*ts, outputKey(o), s});
        }
    }
}

} // namespace tidemark
