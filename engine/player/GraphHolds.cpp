#include "engine/player/GraphHolds.h"

#include "engine/core/NumberText.h"
#include "engine/player/RunLimits.h"

#include <algorithm>

namespace tidemark {

namespace {

// The first step at or after `from` at which an operator subtask's event time stands above `held`.
std::optional<StepIndex> passes(const GraphRun& run, int op, int subtask, Timestamp held, StepIndex from)
{
    // an operator's event time never goes back: the history is ordered by step and by watermark both
    const auto history = run.trace().operatorWatermarks(op, subtask);
    const auto after = std::lower_bound(
        history.begin(), history.end(), from, [](const WatermarkPoint& p, StepIndex s) { return p.step < s; });
    const auto above
        = std::partition_point(after, history.end(), [held](const WatermarkPoint& p) { return p.watermark <= held; });
    return above == history.end() ? std::nullopt : std::optional<StepIndex>(above->step);
}

// The smallest of 1, 2, 5 × 10^k ms above `d`.
DurationMs roundAbove(DurationMs d)
{
    for (DurationMs decade = 1;; decade *= 10) {
        for (const DurationMs m : {1, 2, 5}) {
            if (m * decade > d)
                return m * decade;
        }
    }
}

class Holds {
public:
    Holds(const GraphHolds& holds, const GraphRun& run, const GraphPipeline& state, StepIndex step,
        const TimeFormatter& times)
        : m_holds(holds)
        , m_run(run)
        , m_p(state)
        , m_step(step)
        , m_g(run.graph())
        , m_times(times)
    { }

    // The operator subtask whose hold is being explained, and where its event time stands.
    void explaining(int op, int subtask)
    {
        m_op = op;
        m_subtask = subtask;
        m_held = m_p.operatorWatermark(op, subtask);
    }

    std::string time(Timestamp t) const
    {
        if (t == kMinTimestamp)
            return "Long.MIN_VALUE";
        if (t == kMaxTimestamp)
            return "Long.MAX_VALUE";
        return m_times.timestamp(t);
    }

    // Why stream `stream`'s subtask (or, for a source, channel) `s` stands where it does: each link of its hold
    // path, then why the last one stands where it is.
    std::string explain(int stream, int s) const
    {
        const std::vector<HoldLink> path = holdPath(m_p, stream, s);
        std::string text;
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
            text += at(path[i])
                + (m_p.combinedInputs(path[i].stream, path[i].index)
                        ? " ← input " + std::to_string(path[i].input + 1) + ", "
                        : std::string(" ← "));
        return text + origin(path.back());
    }

private:
    std::string self(const HoldLink& l) const
    {
        const StreamGraph::Node& node = m_p.streams().node(l.stream);
        const std::string& name = m_g.operators[static_cast<std::size_t>(node.op)].name;
        return name + (node.parallelism > 1 ? " (subtask " + std::to_string(l.index) + ")" : "");
    }
    std::string at(const HoldLink& l) const
    {
        return self(l) + " at " + time(m_p.operatorWatermark(m_p.streams().node(l.stream).op, l.index));
    }

    // Where a hold starts: a source channel, an assigner, or an operator input that follows no channel.
    std::string origin(const HoldLink& l) const
    {
        const StreamGraph::Node& node = m_p.streams().node(l.stream);
        if (node.source >= 0)
            return sourceChannel(node.source, l.index);
        if (const WatermarkChannel* a = m_p.assigner(l.stream, l.index)) {
            // its watermarks are its own: nothing upstream holds it but the records it has (not) had
            const std::string here = self(l) + " at " + time(a->currentWatermark());
            if (a->ended())
                return here + ": its input has ended";
            if (a->isIdle())
                return here + ": idle (withIdleness on it)";
            if (a->config().strategy == WatermarkConfig::Strategy::Input)
                return here
                    + ": it makes no watermarks (strategy input, as noWatermarks()), so it holds every operator "
                      "after it until its input ends";
            if (const auto maxSeen = a->maxTimestampSeen())
                return here + " (its largest timestamp " + m_times.timestamp(*maxSeen)
                    + "): it assigns its own watermarks from the records that reach it";
            return here + ": it assigns its own watermarks from the records that reach it, and none has come yet";
        }
        if (l.input < 0)
            return self(l) + ": every input is idle";
        if (m_p.sortsInput(l.stream) && !m_p.ended(l.stream))
            return at(l)
                + ": it emits only after its input has ended (the global window's end-of-stream trigger), "
                  "so Flink runs it in batch mode, its input sorted, and no watermark reaches it before then";
        if (m_p.inputValve(l.stream, l.index, l.input).isIdle())
            return at(l) + ", its input " + std::to_string(l.input + 1) + " idle";
        return at(l);
    }

    // A source channel, or a Kafka source's reader (with per-partition watermarks, the partition holding it).
    std::string sourceChannel(int source, int c) const
    {
        const GraphSource& src = m_g.sources[static_cast<std::size_t>(source)];
        const WatermarkChannel& ch = m_p.channel(m_p.channelOf(source, c));
        const std::string which
            = src.kafka || src.watermarks.parallelism > 1 ? " " + src.channelName(c) : std::string();
        std::string s = src.name + which + " at " + time(ch.currentWatermark());
        if (ch.ended())
            return s + ": it has ended";
        if (ch.isIdle())
            return s + ": idle";
        if (const int q = m_p.source(source).holdingPartition(c); q >= 0)
            return s + " ← " + partition(source, q);
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
        const Timestamp last = m_run.lastArrival(source, m_step);
        return s + silence(source, last, m_run.arrivesAfter(source, m_step), "");
    }

    // Partition q of a Kafka source, inside the reader that holds it back: its split's watermark, from the records
    // of the partition read up to the step.
    std::string partition(int source, int q) const
    {
        const GraphSource& src = m_g.sources[static_cast<std::size_t>(source)];
        const WatermarkOutputMultiplexer::Output* out = m_p.source(source).partitionOutput(q);
        std::string s = "partition " + std::to_string(q) + " at " + time(out ? out->watermark : kMinTimestamp);
        const std::uint32_t done = m_run.trace().step(m_step).arrivalsDone;
        std::optional<Timestamp> largest;
        Timestamp last = 0;
        bool after = false;
        for (std::uint32_t k = 0; k < m_run.arrivals().size(); ++k) {
            const GraphArrival& a = m_run.arrivals()[k];
            if (a.source != source || src.records[a.record].partition != q)
                continue;
            if (k >= done) {
                after = true;
                break;
            }
            last = a.time;
            largest = std::max(largest.value_or(kMinTimestamp), src.records[a.record].ts);
        }
        if (!largest)
            s += ": it has read no record";
        else if (!out || out->watermark == kMinTimestamp)
            s += ": it has sent no watermark yet";
        else
            s += " (its largest timestamp " + m_times.timestamp(*largest) + ")";
        return s + silence(source, largest ? last : kMinTimestamp, after, " in it");
    }

    // When the latest record of a source (or of one of its partitions: `in` " in it") came, kMinTimestamp for none,
    // beside the other sources' latest; when it fell silent while they went on, the idleness that would release
    // the operator.
    std::string silence(int source, Timestamp last, bool arrivesAfter, const std::string& in) const
    {
        Timestamp lastOfAll = 0;
        for (int other = 0; other < static_cast<int>(m_g.sources.size()); ++other)
            lastOfAll = std::max(lastOfAll, m_run.lastArrival(other, m_step));
        const bool none = last == kMinTimestamp;
        if (!none && last >= lastOfAll)
            return (arrivesAfter ? "; its latest record came" : "; its last record came")
                + std::string(" at processing time ") + TimeFormatter::processingTime(last);
        // silent while the others went on: the stall withIdleness is for
        std::string s = none ? "; no record" + in + " yet"
                             : "; no record" + in + " since processing time " + TimeFormatter::processingTime(last);
        s += ", while the others went on to " + TimeFormatter::processingTime(lastOfAll);
        if (m_g.sources[static_cast<std::size_t>(source)].watermarks.idlenessMs <= 0)
            s += " (" + release(source) + ")";
        return s;
    }

    // The idleness that would release the operator from a silent source, and when, from the run with it.
    std::string release(int source) const
    {
        const std::string& name = m_g.sources[static_cast<std::size_t>(source)].name;
        const std::string plain = "withIdleness on " + name + " would leave it out while it is silent";
        const GraphHolds::WithIdleness& with = m_holds.withIdleness(source);
        if (!with.run)
            return plain;
        const std::optional<StepIndex> released = passes(*with.run, m_op, m_subtask, m_held, 0);
        const std::optional<StepIndex> anyway = passes(m_run, m_op, m_subtask, m_held, m_step);
        if (!released || (anyway && *anyway <= *released))
            return plain;
        const DurationMs period = m_g.sources[static_cast<std::size_t>(source)].watermarks.periodMs;
        const std::string records = m_p.source(source).perPartition() ? "the records of a partition" : "its records";
        const std::string longer = with.longestGapMs >= period
            ? "longer than any gap between " + records + " (" + TimeFormatter::duration(with.longestGapMs) + ")"
            : "longer than its emission period (" + TimeFormatter::duration(period) + ")";
        return "withIdleness(" + javaDuration(with.idlenessMs) + ") on " + name + ", " + longer + ", would "
            + (*released <= m_step ? "have released it at step " : "release it at step ") + std::to_string(*released)
            + ", processing time " + TimeFormatter::processingTime(with.run->trace().step(*released).processingTime);
    }

    const GraphHolds& m_holds;
    const GraphRun& m_run;
    const GraphPipeline& m_p;
    StepIndex m_step;
    const JobGraph& m_g;
    const TimeFormatter& m_times;
    int m_op = 0;
    int m_subtask = 0;
    Timestamp m_held = kMinTimestamp;
};

} // namespace

std::vector<HoldLink> holdPath(const GraphPipeline& state, int stream, int index)
{
    const StreamGraph& graph = state.streams();
    std::vector<HoldLink> path;
    for (;;) {
        path.push_back({stream, index, 0});
        if (graph.node(stream).source >= 0 || state.assigner(stream, index) != nullptr)
            return path;
        int input = 0;
        if (const IndexedCombinedWatermarkStatus* c = state.combinedInputs(stream, index)) {
            input = c->holdingInput();
            path.back().input = input;
            if (input < 0)
                return path;
        }
        if (state.sortsInput(stream) && !state.ended(stream))
            return path;
        const StatusWatermarkValve& valve = state.inputValve(stream, index, input);
        const int channel = valve.isIdle() ? -1 : valve.firstChannelHoldingMinimum();
        if (channel < 0 || static_cast<int>(path.size()) > graph.streamCount())
            return path;
        // the upstream stream whose subtask (or source channel) arrives on that channel
        const StreamGraph::Edge* behind = nullptr;
        for (int from = 0; from < graph.streamCount() && behind == nullptr; ++from) {
            for (const StreamGraph::Edge& e : graph.edgesFrom(from)) {
                const int width = e.forward() ? 1 : graph.node(from).parallelism;
                if (e.to == stream && e.input == input && channel >= e.firstChannel
                    && channel < e.firstChannel + width) {
                    behind = &e;
                    break;
                }
            }
        }
        if (behind == nullptr)
            return path;
        index = behind->forward() ? index : channel - behind->firstChannel;
        stream = behind->from;
    }
}

GraphHolds::GraphHolds(const GraphRun& run, TimeFormatter times)
    : m_run(run)
    , m_times(std::move(times))
    , m_withIdleness(run.graph().sources.size())
{ }

GraphHolds::~GraphHolds() = default;

const GraphHolds::WithIdleness& GraphHolds::withIdleness(int source) const
{
    auto& slot = m_withIdleness[static_cast<std::size_t>(source)];
    if (slot)
        return *slot;
    slot = std::make_unique<WithIdleness>();
    WithIdleness& w = *slot;
    // the longest wait between two of its records (of one partition, where each has its own idleness timer), or
    // its emission period when it sends less than two
    const GraphSource& src = m_run.graph().sources[static_cast<std::size_t>(source)];
    const bool partitions = src.kafka && src.kafka->perPartition(); // an idleness timer per partition
    std::vector<Timestamp> previous(partitions ? static_cast<std::size_t>(src.kafka->partitions) : 1, kMinTimestamp);
    for (const GraphArrival& a : m_run.arrivals()) {
        if (a.source != source)
            continue;
        const int q = partitions ? src.records[a.record].partition : 0;
        if (q < 0 || static_cast<std::size_t>(q) >= previous.size())
            continue;
        Timestamp& before = previous[static_cast<std::size_t>(q)];
        if (before != kMinTimestamp)
            w.longestGapMs = std::max(w.longestGapMs, a.time - before);
        before = a.time;
    }
    const WatermarkConfig& watermarks = src.watermarks;
    w.idlenessMs = roundAbove(std::max(w.longestGapMs, watermarks.periodMs));
    w.scenario = m_run.scenario();
    w.scenario.graph->sources[static_cast<std::size_t>(source)].watermarks.idlenessMs = w.idlenessMs;
    try {
        w.run = std::make_unique<GraphRun>(w.scenario);
    } catch (const RunRefusedError&) {
        w.run.reset(); // the run with it is beyond the budget: the plain advice stands
    }
    return w;
}

std::vector<GraphHold> GraphHolds::at(const GraphPipeline& state, StepIndex step) const
{
    Holds holds(*this, m_run, state, step, m_times);
    const StreamGraph& graph = state.streams();
    std::vector<GraphHold> out;
    for (int stream = graph.sourceCount(); stream < graph.streamCount(); ++stream) {
        const StreamGraph::Node& node = graph.node(stream);
        for (int s = 0; s < node.parallelism; ++s) {
            holds.explaining(node.op, s);
            out.push_back({node.op, s, state.operatorWatermark(node.op, s), holds.explain(stream, s),
                holdPath(state, stream, s)});
        }
    }
    return out;
}

std::vector<GraphHold> GraphHolds::atEnd() const
{
    return at(m_run.pipeline(), static_cast<StepIndex>(m_run.stepCount() - 1));
}

std::vector<GraphHold> graphHolds(const GraphRun& run, const TimeFormatter& times)
{
    return GraphHolds(run, times).atEnd();
}

} // namespace tidemark
