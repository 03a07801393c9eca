#include "engine/player/GraphPicture.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tidemark {

bool GraphPicture::At::holds(int stream, int input) const
{
    return std::any_of(blocker.begin(), blocker.end(),
        [&](const HoldLink& l) { return l.stream == stream && (input < 0 || l.input == input); });
}

GraphPicture::GraphPicture(const GraphRun& run)
    : m_run(run)
    , m_counted(run.graph().operators.size())
{
    const StreamGraph& streams = run.pipeline().streams();
    for (int stream = streams.sourceCount(); stream < streams.streamCount(); ++stream) {
        if (streams.edgesFrom(stream).empty())
            m_sinks.push_back(stream);
    }
    const auto& outputs = run.outputs();
    for (std::uint32_t i = 0; i < outputs.size(); ++i) {
        auto& lists = m_counted[static_cast<std::size_t>(outputs[i].op)];
        switch (kindOf(outputs[i])) {
        case GraphOutputKind::Result:
            lists[0].push_back(i);
            break;
        case GraphOutputKind::LateResult: // a late fire is a result, and a late record's doing
            lists[0].push_back(i);
            lists[1].push_back(i);
            break;
        case GraphOutputKind::SideOutput:
            lists[1].push_back(i);
            break;
        case GraphOutputKind::Dropped:
            lists[2].push_back(i);
            break;
        }
    }
}

std::vector<GraphPicture::Timer> GraphPicture::timers(const GraphPipeline& state, int stream, int subtask)
{
    std::vector<Timer> out;
    if (state.streams().node(stream).source >= 0)
        return out; // a source sets no timers
    const int parallelism = state.streams().node(stream).parallelism;
    for (int s = subtask < 0 ? 0 : subtask; s < (subtask < 0 ? parallelism : subtask + 1); ++s) {
        for (const TimerInfo& t : state.processTimers(stream, s))
            out.push_back({s, t.key, t.ts, t.domain});
    }
    // each subtask's come in firing order; several subtasks' are merged by time
    if (subtask < 0 && parallelism > 1)
        std::stable_sort(out.begin(), out.end(), [](const Timer& a, const Timer& b) { return a.ts < b.ts; });
    return out;
}

std::optional<Timestamp> GraphPicture::forwardedTimestamp(const GraphOutput& o, const GraphPipeline& elements)
{
    if (const auto* fire = std::get_if<FireEvent>(&o.what))
        return fire->window.isGlobal() ? o.watermark : fire->window.maxTimestamp();
    if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&o.what)) {
        if (join->kind == IntervalJoinOperator::Output::Kind::Pair)
            return join->timestamp;
        return std::nullopt;
    }
    if (const auto* process = std::get_if<ProcessOutput>(&o.what)) {
        if (process->timestamp)
            return process->timestamp;
        return process->number ? std::nullopt : std::optional<Timestamp>(elements.element(process->value).ts);
    }
    return std::nullopt;
}

std::vector<GraphPicture::Arrived> GraphPicture::arrivedAt(int stream, int input) const
{
    std::vector<Arrived> out;
    forEachArrival([&](int to, int in, const Arrived& arrived) {
        if (to == stream && in == input)
            out.push_back(arrived);
    });
    return out;
}

std::vector<GraphPicture::TimerLife> GraphPicture::timerLives(int stream, int subtask) const
{
    std::vector<TimerLife> lives;
    const int op = m_run.pipeline().streams().node(stream).op;
    if (op < 0)
        return lives;
    const GraphTrace& trace = m_run.trace();
    const auto history = trace.operatorWatermarks(op, subtask);
    // the lives still open, by what tells a timer apart (Flink keeps one per key, time and domain)
    std::map<std::tuple<KeyId, Timestamp, TimeDomain>, std::size_t> open;
    for (const GraphTimerChange& c : trace.timerChanges()) {
        if (c.stream != stream || c.subtask != subtask)
            continue;
        const auto id = std::make_tuple(c.change.key, c.change.ts, c.change.domain);
        if (c.change.kind == ProcessTimerChange::Kind::Registered) {
            open[id] = lives.size();
            lives.push_back({c.change.key, c.change.ts, c.change.domain, c.step, kNoStep, false,
                history.empty() ? kMinTimestamp : Trace::at(history, c.step).watermark});
            continue;
        }
        const auto it = open.find(id);
        if (it == open.end())
            continue; // not recorded as registered: cannot happen, and is no life to draw
        lives[it->second].ended = c.step;
        lives[it->second].fired = c.change.kind == ProcessTimerChange::Kind::Fired;
        open.erase(it);
    }
    return lives;
}

std::vector<GraphPicture::OpenWindow> GraphPicture::openWindows(
    const GraphPipeline& state, int stream, int subtask, std::size_t limit)
{
    std::vector<OpenWindow> out;
    const WindowOperator* w = state.windowOperator(stream, subtask);
    if (!w || w->stateSize().windows > limit)
        return out;
    for (const WindowStateView& v : w->windows())
        out.push_back({subtask, v.key, v.window, v.elementCount, v.fireCount, v.cleanupTime});
    return out;
}

GraphPicture::At GraphPicture::at(const GraphPipeline& state, StepIndex step) const
{
    const StreamGraph& streams = state.streams();
    const GraphTrace& trace = m_run.trace();
    const std::size_t outputsDone = trace.outputsUpTo(step);
    const auto countBefore = [outputsDone](const std::vector<std::uint32_t>& list) {
        return static_cast<std::size_t>(std::lower_bound(list.begin(), list.end(), outputsDone) - list.begin());
    };
    At at;
    at.vertices.resize(static_cast<std::size_t>(streams.streamCount()));
    for (int stream = 0; stream < streams.streamCount(); ++stream) {
        const StreamGraph::Node& node = streams.node(stream);
        Vertex& v = at.vertices[static_cast<std::size_t>(stream)];
        v.watermark = kMaxTimestamp;
        v.idle = true;
        v.ended = true;
        if (node.source >= 0) {
            for (int c = 0; c < node.parallelism; ++c) {
                const WatermarkChannel& ch = state.channel(state.channelOf(node.source, c));
                v.watermark = std::min(v.watermark, ch.currentWatermark());
                v.idle = v.idle && (ch.isIdle() || ch.ended());
                v.ended = v.ended && ch.ended();
            }
            continue;
        }
        const int inputs = streams.inputCount(stream);
        v.inputs.assign(static_cast<std::size_t>(inputs), Input {kMaxTimestamp, true});
        v.ended = state.ended(stream);
        for (int s = 0; s < node.parallelism; ++s) {
            v.watermark = std::min(v.watermark, state.operatorWatermark(node.op, s));
            bool subtaskIdle = true;
            for (int i = 0; i < inputs; ++i) {
                const StatusWatermarkValve& valve = state.inputValve(stream, s, i);
                Input& in = v.inputs[static_cast<std::size_t>(i)];
                in.watermark = std::min(in.watermark, valve.lastOutputWatermark());
                in.idle = in.idle && valve.isIdle();
                subtaskIdle = subtaskIdle && valve.isIdle();
            }
            if (const WatermarkChannel* a = state.assigner(stream, s))
                subtaskIdle = a->isIdle() || a->ended();
            v.idle = v.idle && subtaskIdle;
        }
        const auto& lists = m_counted[static_cast<std::size_t>(node.op)];
        v.results = countBefore(lists[0]);
        v.late = countBefore(lists[1]);
        v.dropped = countBefore(lists[2]);
    }
    // the slowest sink subtask: where the job's printed time stands
    Timestamp slowest = kMaxTimestamp;
    int slowestSubtask = 0;
    for (const int stream : m_sinks) {
        const StreamGraph::Node& node = streams.node(stream);
        for (int s = 0; s < node.parallelism; ++s) {
            if (const Timestamp wm = state.operatorWatermark(node.op, s); wm < slowest) {
                slowest = wm;
                at.sink = stream;
                slowestSubtask = s;
            }
        }
    }
    if (at.sink >= 0)
        at.blocker = holdPath(state, at.sink, slowestSubtask);
    return at;
}

} // namespace tidemark
