#include "engine/player/GraphRun.h"

#include "engine/player/RunLimits.h"

#include <algorithm>

namespace tidemark {

std::vector<GraphArrival> graphArrivals(const Scenario& scenario)
{
    const JobGraph& g = *scenario.graph;
    std::vector<GraphArrival> arrivals;
    for (std::size_t s = 0; s < g.sources.size(); ++s) {
        ArrivalClock clock(scenario.arrivals);
        const auto& records = g.sources[s].records;
        for (std::size_t r = 0; r < records.size(); ++r)
            arrivals.push_back(
                GraphArrival {clock.next(records[r]), static_cast<int>(s), static_cast<std::uint32_t>(r)});
    }
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const GraphArrival& a, const GraphArrival& b) {
        return a.time != b.time ? a.time < b.time : a.source < b.source;
    });
    return arrivals;
}

std::span<const GraphOutput> GraphTrace::outputsOf(StepIndex s) const
{
    const std::size_t from = m_steps.at(s).firstOutput;
    return std::span<const GraphOutput>(m_outputs).subspan(from, outputsUpTo(s) - from);
}

StepIndex GraphTrace::stepOfOutput(std::size_t i) const
{
    // the last step whose outputs start at or before i
    const auto it = std::upper_bound(m_steps.begin(), m_steps.end(), i,
        [](std::size_t index, const GraphStep& step) { return index < step.firstOutput; });
    return static_cast<StepIndex>(it - m_steps.begin() - 1);
}

StepIndex GraphTrace::lastStepAt(Timestamp t) const
{
    const auto it = std::upper_bound(m_steps.begin() + 1, m_steps.end(), t,
        [](Timestamp time, const GraphStep& step) { return time < step.processingTime; });
    return static_cast<StepIndex>(it - m_steps.begin() - 1);
}

void GraphTrace::record(StepIndex s, Timestamp now, GraphPipeline& p, const JobGraph& g)
{
    p.takeTimerChanges([&](int stream, int subtask, const ProcessTimerChange& c) {
        m_timerChanges.push_back({s, stream, subtask, c});
    });
    const StreamGraph& streams = p.streams();
    if (m_histories.empty()) { // step 0: lay out the slots, and each source's partitions
        std::size_t slots = static_cast<std::size_t>(p.channelCount());
        for (std::size_t op = 0; op < g.operators.size(); ++op) {
            const int stream = streams.streamOfOperator(static_cast<int>(op));
            const auto width = stream < 0 ? 0U : static_cast<std::size_t>(streams.node(stream).parallelism);
            m_operatorSlot.push_back(slots);
            m_inputSlot.push_back(slots + width);
            slots += width * 3;
        }
        m_histories.resize(slots);
        for (std::size_t src = 0; src < g.sources.size(); ++src) {
            const SourceOperator& source = p.source(static_cast<int>(src));
            const auto partitions = static_cast<std::size_t>(source.partitionCount());
            m_partitionHistories.emplace_back(source.perPartition() ? partitions : 0);
            m_partitionFinished.emplace_back(partitions, kNoStep);
        }
    }
    const auto note = [&](std::size_t slot, Timestamp watermark, int holding, bool idle) {
        auto& h = m_histories[slot];
        if (!h.empty() && h.back().watermark == watermark && h.back().minChannel == holding && h.back().idle == idle)
            return;
        h.push_back(WatermarkPoint {s, now, watermark, static_cast<std::int16_t>(holding), idle});
    };
    for (int c = 0; c < p.channelCount(); ++c)
        note(channelSlot(c), p.channel(c).currentWatermark(), -1, p.channel(c).isIdle());
    for (std::size_t src = 0; src < m_partitionFinished.size(); ++src) {
        const SourceOperator& source = p.source(static_cast<int>(src));
        for (int q = 0; q < source.partitionCount(); ++q) {
            const bool finished = source.partitionFinished(q);
            StepIndex& at = m_partitionFinished[src][static_cast<std::size_t>(q)];
            if (finished && at == kNoStep)
                at = s;
            if (m_partitionHistories[src].empty())
                continue;
            // a finished partition keeps what it had when released, neither idle nor active
            const WatermarkOutputMultiplexer::Output* o = source.laneOutput(q);
            auto& h = m_partitionHistories[src][static_cast<std::size_t>(q)];
            const Timestamp watermark = o ? o->watermark : kMinTimestamp;
            const bool idle = o && o->idle && !finished;
            if (h.empty() || h.back().watermark != watermark || h.back().idle != idle)
                h.push_back(WatermarkPoint {s, now, watermark, -1, idle});
        }
    }
    for (int op = 0; op < static_cast<int>(g.operators.size()); ++op) {
        const int stream = streams.streamOfOperator(op);
        if (stream < 0)
            continue;
        const int inputs = streams.inputCount(stream);
        for (int sub = 0; sub < streams.node(stream).parallelism; ++sub) {
            for (int i = 0; i < inputs; ++i) {
                const StatusWatermarkValve& v = p.inputValve(stream, sub, i);
                note(inputSlot(op, sub, i), v.lastOutputWatermark(), v.firstChannelHoldingMinimum(), v.isIdle());
            }
            const IndexedCombinedWatermarkStatus* c = p.combinedInputs(stream, sub);
            const StatusWatermarkValve& first = p.inputValve(stream, sub, 0);
            if (const WatermarkChannel* a = p.assigner(stream, sub)) // its own watermark, whatever reaches it
                note(operatorSlot(op, sub), a->currentWatermark(), -1, a->isIdle());
            else if (p.sortsInput(stream)) // no channel holds it and nothing marks it idle: its input is kept from it
                note(operatorSlot(op, sub), p.operatorWatermark(op, sub), -1, false);
            else
                note(operatorSlot(op, sub), p.operatorWatermark(op, sub),
                    c ? c->holdingInput() : first.firstChannelHoldingMinimum(), c ? c->isIdle() : first.isIdle());
        }
    }
}

GraphRun::GraphRun(const Scenario& scenario, std::size_t maxSnapshots)
    : m_scenario(scenario)
    , m_arrivals(graphArrivals(scenario))
    , m_maxSnapshots(std::max<std::size_t>(2, maxSnapshots))
{
    const JobGraph& g = *scenario.graph;
    m_arrivalsOfSource.resize(g.sources.size());
    std::vector<Timestamp> lastArrival(g.sources.size(), 0);
    std::vector<Timestamp> times;
    times.reserve(m_arrivals.size());
    for (std::size_t k = 0; k < m_arrivals.size(); ++k) {
        const auto source = static_cast<std::size_t>(m_arrivals[k].source);
        m_arrivalsOfSource[source].push_back(static_cast<std::uint32_t>(k));
        lastArrival[source] = std::max(lastArrival[source], m_arrivals[k].time);
        times.push_back(m_arrivals[k].time);
    }
    m_schedule = ArrivalSchedule(times, scenario.arrivals.spacingMs);
    const Timestamp last = scenario.inputEnd(*std::max_element(lastArrival.begin(), lastArrival.end()));
    // Periodic emission runs on past the last record as in a chain (runHorizon), as long as the longest tail of
    // any source asks; a run that would emit beyond the budget is refused as a chain's is.
    m_horizon = last;
    const std::vector<const WatermarkConfig*> emitters = g.generators();
    for (const WatermarkConfig* w : emitters)
        m_horizon = std::max(m_horizon, runHorizon(*w, last));
    for (const WatermarkConfig* w : emitters) {
        if (auto excess = periodicEmissionExcess(*w, m_horizon, m_arrivals.size(), kRecordedRunBudget))
            throw RunRefusedError(*excess);
    }

    m_end = std::make_unique<State>(
        State {GraphPipeline(g, scenario.keys, scenario.pipeline.flinkVersion, scenario.pipeline.endOfInput),
            EventQueue(), 0});
    m_end->pipeline.recordTimerChanges(true);
    // A bounded topic ends split by split (KafkaSplitEnds): where each split finishes is known from the records.
    m_splitEnds.resize(g.sources.size());
    std::vector<GraphOutput> none; // before the first happening: no window can fire yet
    for (std::size_t s = 0; s < g.sources.size(); ++s) {
        const PipelineConfig source
            = g.sources[s].chainSource(scenario.pipeline.endOfInput, scenario.pipeline.flinkVersion);
        if (KafkaSplitEnds::applies(source)) {
            KafkaSplitEnds& ends = m_splitEnds[s].emplace(source);
            for (const std::uint32_t k : m_arrivalsOfSource[s]) {
                const InputRecord& r = g.sources[s].records[m_arrivals[k].record];
                if (!r.isWatermark())
                    ends.note(m_arrivals[k].record, m_arrivals[k].time, r.partition);
            }
            ends.seal();
        }
        m_end->pipeline.start(
            static_cast<int>(s), m_splitEnds[s] ? m_splitEnds[s]->atStart() : std::span<const int>(), none);
    }
    EventQueue& queue = m_end->queue;
    queue.setHorizon(m_horizon);
    const EndOfInput end = scenario.pipeline.endOfInput;
    if (inputEnds(end)) {
        // A bounded source ends after its own last record; a drained job stops every source at once.
        for (std::size_t s = 0; s < g.sources.size(); ++s) {
            const Timestamp at = end == EndOfInput::Drain ? last : scenario.inputEnd(lastArrival[s]);
            queue.schedule(at, EventQueue::Kind::EndOfInput, static_cast<std::uint32_t>(s));
        }
    }
    // Each channel's first periodic emission; and the steps the run foresees (its arrivals and periodic emissions),
    // over which the copies of its state are spread from the start, so that about m_maxSnapshots are taken rather
    // than thinned from many more.
    std::uint64_t foreseen = m_arrivals.size();
    for (int c = 0; c < m_end->pipeline.periodicTimerCount(); ++c) {
        const DurationMs period = m_end->pipeline.timerWatermarks(c).periodMs;
        if (period <= 0)
            continue;
        queue.schedule(period, EventQueue::Kind::PeriodicEmit, static_cast<std::uint32_t>(c));
        foreseen += static_cast<std::uint64_t>(std::max<Timestamp>(m_horizon, 0) / period);
    }
    while (static_cast<std::uint64_t>(m_snapshotInterval) * m_maxSnapshots < foreseen)
        m_snapshotInterval *= 2;

    m_trace.m_steps.push_back(GraphStep {});
    m_trace.record(0, 0, m_end->pipeline, g);
    // the run keeps what its timers do; a copy replaying a step of it need not
    const auto snapshot = [this] {
        m_snapshots.push_back(std::make_unique<State>(*m_end));
        m_snapshots.back()->pipeline.recordTimerChanges(false);
    };
    snapshot();
    std::uint32_t arrivalsDone = 0;
    for (;;) {
        const auto firstOutput = static_cast<std::uint32_t>(m_trace.m_outputs.size());
        const auto next = m_end->queue.peek(m_schedule);
        if (!next)
            break;
        step(*m_end, m_trace.m_outputs);
        const StepIndex s = m_end->step;
        const bool arrival = next->kind == EventQueue::Kind::Arrival;
        arrivalsDone += arrival ? 1 : 0;
        m_trace.m_steps.push_back(GraphStep {next->kind, next->time, next->subject,
            static_cast<std::int16_t>(arrival ? m_end->pipeline.lastRecordChannel() : -1), arrivalsDone, firstOutput});
        m_trace.record(s, next->time, m_end->pipeline, g);
        if (s % m_snapshotInterval == 0) {
            if (m_snapshots.size() == m_maxSnapshots) {
                // keep every other one, twice as far apart: at most m_maxSnapshots copies, however long the run
                std::erase_if(m_snapshots, [&](const auto& k) { return k->step % (2 * m_snapshotInterval) != 0; });
                m_snapshotInterval *= 2;
            }
            if (s % m_snapshotInterval == 0)
                snapshot();
        }
    }
}

GraphRun::~GraphRun() = default;

const GraphPipeline& GraphRun::pipeline() const
{
    return m_end->pipeline;
}

Timestamp GraphRun::lastArrival(int source, StepIndex step) const
{
    // the source's arrivals are in rank order, and those done by the step are the first arrivalsDone ranks
    const auto& ranks = m_arrivalsOfSource[static_cast<std::size_t>(source)];
    const std::uint32_t done = m_trace.step(step).arrivalsDone;
    const auto it = std::lower_bound(ranks.begin(), ranks.end(), done);
    return it == ranks.begin() ? 0 : m_arrivals[*(it - 1)].time;
}

bool GraphRun::arrivesAfter(int source, StepIndex step) const
{
    const auto& ranks = m_arrivalsOfSource[static_cast<std::size_t>(source)];
    return !ranks.empty() && ranks.back() >= m_trace.step(step).arrivalsDone;
}

std::unique_ptr<GraphRun::State> GraphRun::stateAfter(StepIndex s) const
{
    // the last copy at or before s (they are in step order), then one step at a time
    const auto base = std::upper_bound(
        m_snapshots.begin(), m_snapshots.end(), s, [](StepIndex step, const auto& k) { return step < k->step; });
    auto state = std::make_unique<State>(**(base - 1));
    advanceTo(*state, s);
    return state;
}

bool GraphRun::advance(State& state) const
{
    std::vector<GraphOutput> dropped;
    return step(state, dropped);
}

void GraphRun::advanceTo(State& state, StepIndex s) const
{
    std::vector<GraphOutput> dropped; // one buffer for the whole replay
    while (state.step < s && step(state, dropped))
        dropped.clear();
}

bool GraphRun::step(State& rt, std::vector<GraphOutput>& out) const
{
    const JobGraph& g = *m_scenario.graph;
    if (!rt.queue.peek(m_schedule))
        return false;
    const EventQueue::Entry e = rt.queue.pop(m_schedule);
    ++rt.step;
    GraphPipeline& p = rt.pipeline;
    switch (e.kind) {
    case EventQueue::Kind::Arrival: {
        const GraphArrival& a = m_arrivals[e.subject];
        p.processRecord(a.source, g.sources[static_cast<std::size_t>(a.source)].records[a.record], e.time, out);
        if (const auto& ends = m_splitEnds[static_cast<std::size_t>(a.source)]) {
            for (const int partition : ends->after(a.record))
                p.finishSplit(a.source, partition, e.time, out);
        }
        break;
    }
    case EventQueue::Kind::PeriodicEmit: {
        const int c = static_cast<int>(e.subject);
        p.periodicEmit(c, e.time, out);
        rt.queue.schedule(javaAdd(e.time, p.timerWatermarks(c).periodMs), EventQueue::Kind::PeriodicEmit, e.subject);
        break;
    }
    case EventQueue::Kind::EndOfInput:
        p.endOfInput(static_cast<int>(e.subject), e.time, out);
        break;
    case EventQueue::Kind::ProcessingTimer:
        p.processingTimer(static_cast<int>(e.subject), e.time, out);
        break;
    }
    // Rule 4 of the execution model, as a chain's window subtasks: each timed subtask's registered processing-time
    // timers become happenings at their time (at once when already due), one per subtask and time, up to the
    // horizon; each is scheduled after the happening that registered it.
    for (int t = 0; t < p.timedSubtaskCount(); ++t) {
        for (const Timestamp ts : p.takeNewProcessingTimers(t)) {
            const Timestamp at = std::max(ts, e.time);
            if (at <= m_horizon
                && !rt.queue.isScheduled(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(t)))
                rt.queue.schedule(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(t));
        }
    }
    return true;
}

} // namespace tidemark
