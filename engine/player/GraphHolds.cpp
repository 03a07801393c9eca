#include "engine/player/GraphHolds.h"

#include <algorithm>

namespace tidemark {

namespace {

class Holds {
public:
    Holds(const GraphRun& run, const GraphPipeline& state, StepIndex step, const TimeFormatter& times)
        : m_run(run)
        , m_p(state)
        , m_step(step)
        , m_g(run.graph())
        , m_times(times)
    { }

    std::string time(Timestamp t) const
    {
        if (t == kMinTimestamp)
            return "Long.MIN_VALUE";
        if (t == kMaxTimestamp)
            return "Long.MAX_VALUE";
        return m_times.timestamp(t);
    }

    // Why stream `stream`'s subtask (or, for a source, channel) `s` stands where it does.
    std::string explain(int stream, int s, int depth = 0) const
    {
        const StreamGraph& graph = m_p.streams();
        const StreamGraph::Node& node = graph.node(stream);
        if (node.source >= 0)
            return sourceChannel(node.source, s);
        const std::string& name = m_g.operators[static_cast<std::size_t>(node.op)].name;
        const std::string self = name + (node.parallelism > 1 ? " (subtask " + std::to_string(s) + ")" : "");
        int input = 0;
        if (const IndexedCombinedWatermarkStatus* c = m_p.combinedInputs(stream, s)) {
            input = c->holdingInput();
            if (input < 0)
                return self + ": every input is idle";
        }
        const StatusWatermarkValve& valve = m_p.inputValve(stream, s, input);
        const std::string at = self + " at " + time(m_p.operatorWatermark(node.op, s));
        if (valve.isIdle())
            return at + ", its input " + std::to_string(input + 1) + " idle";
        const std::vector<int> holding = valve.channelsHoldingMinimum();
        if (holding.empty() || depth > graph.streamCount())
            return at;
        const int channel = holding.front();
        for (int from = 0; from < graph.streamCount(); ++from) {
            for (const StreamGraph::Edge& e : graph.edgesFrom(from)) {
                const int width = graph.node(from).parallelism;
                if (e.to != stream || e.input != input || channel < e.firstChannel || channel >= e.firstChannel + width)
                    continue;
                std::string via
                    = m_p.combinedInputs(stream, s) ? " ← input " + std::to_string(input + 1) + ", " : " ← ";
                return at + via + explain(from, channel - e.firstChannel, depth + 1);
            }
        }
        return at;
    }

private:
    std::string sourceChannel(int source, int c) const
    {
        const GraphSource& src = m_g.sources[static_cast<std::size_t>(source)];
        const WatermarkChannel& ch = m_p.channel(m_p.channelOf(source, c));
        std::string s = src.name + (src.watermarks.parallelism > 1 ? " channel " + std::to_string(c) : "") + " at "
            + time(ch.currentWatermark());
        if (ch.ended())
            return s + ": it has ended";
        if (ch.isIdle())
            return s + ": idle";
        const auto maxSeen = ch.maxTimestampSeen();
        if (ch.currentWatermark() == kMinTimestamp) {
            if (src.watermarks.strategy == WatermarkConfig::Strategy::Input)
                s += ": it makes no watermarks (strategy input, as noWatermarks()), so it holds every operator after "
                     "it";
            else if (!maxSeen)
                s += ": it has read no record";
            else
                s += ": it has sent no watermark yet";
        } else if (maxSeen) {
            s += " (its largest timestamp " + m_times.timestamp(*maxSeen) + ")";
        }
        Timestamp lastOfAll = 0;
        for (int other = 0; other < static_cast<int>(m_g.sources.size()); ++other)
            lastOfAll = std::max(lastOfAll, m_run.lastArrival(other, m_step));
        const Timestamp last = m_run.lastArrival(source, m_step);
        if (last >= lastOfAll)
            return s + (m_run.arrivesAfter(source, m_step) ? "; its latest record came" : "; its last record came")
                + " at processing time " + TimeFormatter::processingTime(last);
        // silent while the others went on: the stall withIdleness is for
        s += "; no record since processing time " + TimeFormatter::processingTime(last)
            + ", while the others went on to " + TimeFormatter::processingTime(lastOfAll);
        if (src.watermarks.idlenessMs <= 0)
            s += " (withIdleness on " + src.name + " would leave it out while it is silent)";
        return s;
    }

    const GraphRun& m_run;
    const GraphPipeline& m_p;
    StepIndex m_step;
    const JobGraph& m_g;
    const TimeFormatter& m_times;
};

} // namespace

std::vector<GraphHold> graphHolds(const GraphRun& run, const TimeFormatter& times)
{
    return graphHolds(run, run.pipeline(), static_cast<StepIndex>(run.stepCount() - 1), times);
}

std::vector<GraphHold> graphHolds(
    const GraphRun& run, const GraphPipeline& state, StepIndex step, const TimeFormatter& times)
{
    const Holds holds(run, state, step, times);
    const StreamGraph& graph = state.streams();
    std::vector<GraphHold> out;
    for (int stream = graph.sourceCount(); stream < graph.streamCount(); ++stream) {
        const StreamGraph::Node& node = graph.node(stream);
        for (int s = 0; s < node.parallelism; ++s)
            out.push_back({node.op, s, state.operatorWatermark(node.op, s), holds.explain(stream, s)});
    }
    return out;
}

} // namespace tidemark
