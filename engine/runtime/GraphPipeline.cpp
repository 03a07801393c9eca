#include "engine/runtime/GraphPipeline.h"

#include "engine/runtime/KeyGroupRangeAssignment.h"
#include "engine/windowing/CoGroupWindowFunction.h"
#include "engine/windowing/ProcessFunctions.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace tidemark {

GraphOutputKind kindOf(const GraphOutput& output)
{
    if (const auto* fire = std::get_if<FireEvent>(&output.what))
        return fire->timing == FireTiming::Late ? GraphOutputKind::LateResult : GraphOutputKind::Result;
    if (const auto* late = std::get_if<LateEvent>(&output.what))
        return late->action == LateAction::Dropped ? GraphOutputKind::Dropped : GraphOutputKind::SideOutput;
    if (const auto* join = std::get_if<IntervalJoinOperator::Output>(&output.what)) {
        using K = IntervalJoinOperator::Output::Kind;
        return join->kind == K::Pair ? GraphOutputKind::Result
            : join->kind == K::Late  ? GraphOutputKind::SideOutput
                                     : GraphOutputKind::Dropped;
    }
    return GraphOutputKind::Result; // a process function's record
}

namespace {

using Kind = GraphOperator::Kind;

std::unique_ptr<KeyedProcessFunction> makeFunction(const ProcessFunctionSpec& spec)
{
    switch (spec.type) {
    case ProcessFunctionSpec::Type::EventTimeTimeout:
        return std::make_unique<KeyTimeout>(spec.timeoutMs, TimeDomain::Event);
    case ProcessFunctionSpec::Type::SortUntilWatermark:
        return std::make_unique<SortUntilWatermark>();
    case ProcessFunctionSpec::Type::UnmatchedTimeout:
        return std::make_unique<UnmatchedTimeout>(spec.timeoutMs);
    case ProcessFunctionSpec::Type::RuleTimeout:
        return std::make_unique<RuleTimeout>(spec.timeoutMs);
    case ProcessFunctionSpec::Type::PeriodicCount:
        return std::make_unique<PeriodicCount>(spec.intervalMs);
    case ProcessFunctionSpec::Type::ProcessingTimeTimeout:
        return std::make_unique<KeyTimeout>(spec.timeoutMs, TimeDomain::Processing);
    }
    return nullptr;
}

// Flink's window operator over a window join's tagged union: the window's assigner, trigger, evictor and lateness,
// the join or coGroup as its function, the pane a list (the function is not incremental).
WindowOperator makeWindowJoin(const GraphOperator& op, int subtask)
{
    WindowOperatorParts parts;
    parts.assigner = makeWindowAssigner(op.window.assigner);
    parts.trigger = makeTrigger(op.window.trigger, op.window.purging, parts.assigner->defaultTrigger());
    parts.function = std::make_shared<CoGroupWindowFunction>(
        op.kind == Kind::WindowJoin ? CoGroupWindowFunction::Mode::Join : CoGroupWindowFunction::Mode::CoGroup);
    parts.evictor = makeEvictor(op.window.evictor); // nullptr for none: then Flink's WindowOperator
    parts.allowedLateness = op.window.allowedLatenessMs;
    parts.paneStorage = PaneStorage::AsFlink;
    parts.sortsPaneByTimestamp = op.window.outputOnlyAfterEndOfStream();
    return WindowOperator(std::move(parts), subtask);
}

IntervalJoinOperator makeJoin(const IntervalJoinSpec& j)
{
    return IntervalJoinOperator(
        IntervalJoinOperator::Bounds {j.lowerMs, j.upperMs, j.lowerInclusive, j.upperInclusive}, j.lateSideOutputs);
}

} // namespace

GraphPipeline::GraphPipeline(const JobGraph& graph, const KeyTable& keys, FlinkVersion version, EndOfInput end)
    : m_graph(graph)
    , m_keys(keys)
    , m_streams(graph)
{
    for (std::size_t s = 0; s < graph.sources.size(); ++s) {
        const GraphSource& src = graph.sources[s];
        m_firstChannel.push_back(static_cast<int>(m_channelSource.size()));
        m_sources.emplace_back(src.watermarks, src.kafka, end == EndOfInput::MaxWatermark, version);
        m_channelSource.insert(
            m_channelSource.end(), static_cast<std::size_t>(m_sources.back().channelCount()), static_cast<int>(s));
    }
    m_openInputs.assign(static_cast<std::size_t>(m_streams.streamCount()), 0);
    m_sortsInput.assign(static_cast<std::size_t>(m_streams.streamCount()), false);
    for (int st = 0; st < m_streams.streamCount(); ++st) {
        if (st < m_streams.sourceCount())
            m_openInputs[static_cast<std::size_t>(st)] = 1;
        else
            m_sortsInput[static_cast<std::size_t>(st)]
                = graph.operators[static_cast<std::size_t>(m_streams.node(st).op)].outputOnlyAfterEndOfStream();
        for (const StreamGraph::Edge& e : m_streams.edgesFrom(st))
            ++m_openInputs[static_cast<std::size_t>(e.to)];
    }
    m_subtasks.resize(static_cast<std::size_t>(m_streams.streamCount()));
    m_maxParallelism.resize(static_cast<std::size_t>(m_streams.streamCount()), 0);
    for (int st = m_streams.sourceCount(); st < m_streams.streamCount(); ++st) {
        const StreamGraph::Node& n = m_streams.node(st);
        const GraphOperator& op = graph.operators[static_cast<std::size_t>(n.op)];
        m_maxParallelism[static_cast<std::size_t>(st)]
            = KeyGroupRangeAssignment::computeDefaultMaxParallelism(n.parallelism);
        for (int s = 0; s < n.parallelism; ++s) {
            Subtask sub;
            for (int i = 0; i < m_streams.inputCount(st); ++i)
                sub.valves.emplace_back(m_streams.inputChannels(st, i));
            if (m_streams.inputCount(st) > 1)
                sub.combined.emplace(m_streams.inputCount(st), version);
            switch (op.kind) {
            case Kind::Window:
                sub.op.emplace<WindowOperator>(op.window, s, PaneStorage::AsFlink);
                if (op.window.usesProcessingTime())
                    m_timed.emplace_back(st, s);
                break;
            case Kind::WindowJoin:
            case Kind::CoGroup:
                sub.op.emplace<WindowOperator>(makeWindowJoin(op, s));
                if (op.window.usesProcessingTime())
                    m_timed.emplace_back(st, s);
                break;
            case Kind::Process:
            case Kind::CoProcess:
            case Kind::BroadcastProcess:
                sub.op.emplace<KeyedProcessOperator>(makeFunction(op.process));
                if (op.process.processingTime())
                    m_timed.emplace_back(st, s);
                break;
            case Kind::IntervalJoin:
                sub.op.emplace<IntervalJoinOperator>(makeJoin(op.join));
                break;
            case Kind::Watermarks:
                sub.op.emplace<WatermarkChannel>(op.watermarks);
                m_assigners.emplace_back(st, s);
                break;
            case Kind::Union:
                break;
            }
            m_subtasks[static_cast<std::size_t>(st)].push_back(std::move(sub));
        }
    }
    m_rebalance.resize(static_cast<std::size_t>(m_streams.streamCount()));
    for (int st = 0; st < m_streams.streamCount(); ++st) {
        for (const StreamGraph::Edge& e : m_streams.edgesFrom(st)) {
            auto& partitioners = m_rebalance[static_cast<std::size_t>(st)].emplace_back();
            if (e.partitioner != StreamGraph::Partitioner::Rebalance)
                continue;
            const GraphOperator& reader = graph.operators[static_cast<std::size_t>(m_streams.node(e.to).op)];
            partitioners.assign(static_cast<std::size_t>(m_streams.node(st).parallelism),
                RebalancePartitioner(m_streams.node(e.to).parallelism, reader.watermarks.firstChannel));
        }
    }
}

std::uint32_t GraphPipeline::addElement(const GraphElement& e)
{
    if (m_elementCount == m_elements->size()) // else a copy replaying: the log already holds it
        m_elements->push_back(e);
    return m_elementCount++;
}

int GraphPipeline::subtaskFor(int stream, KeyId key) const
{
    const int p = m_streams.node(stream).parallelism;
    if (p == 1 || key == kNoKey)
        return 0;
    return KeyGroupRangeAssignment::assignKeyToParallelOperator(
        m_keys.javaHash(key), m_maxParallelism[static_cast<std::size_t>(stream)], p);
}

void GraphPipeline::processRecord(int source, const InputRecord& record, Timestamp now, std::vector<GraphOutput>& out)
{
    m_now = now;
    ++m_inputs;
    SourceOperator& src = m_sources[static_cast<std::size_t>(source)];
    WatermarkItems items;
    m_lastRecordChannel = -1;
    if (record.isWatermark()) {
        for (int c = 0; c < src.channelCount(); ++c) {
            if (record.channel != InputRecord::kNoChannel && record.channel != c)
                continue;
            items.clear();
            src.onWatermarkRecord(c, record.ts, items);
            emitWatermarkItems(source, c, items, out);
        }
        return;
    }
    const int c = src.channelFor(record);
    m_lastRecordChannel = c;
    // Flink forwards the record before the generator sees it.
    emitElement(source, c, addElement(GraphElement {record.key, record.hasValue, record.value, record.ts}), out);
    src.onEvent(c, record, now, items);
    emitWatermarkItems(source, c, items, out);
}

void GraphPipeline::periodicEmit(int timer, Timestamp now, std::vector<GraphOutput>& out)
{
    m_now = now;
    if (const auto assigner = assignerOfTimer(timer)) { // TimestampsAndWatermarksOperator#onProcessingTime
        const auto [stream, s] = *assigner;
        auto& a = std::get<WatermarkChannel>(subtask(stream, s).op);
        WatermarkItems items;
        if (a.ended() || a.periodicEmitChangesNothing())
            return;
        a.onPeriodicEmit(now, items);
        emitWatermarkItems(stream, s, items, out);
        return;
    }
    const int channel = timer;
    const int source = sourceOfChannel(channel);
    const int c = localChannel(channel);
    SourceOperator& src = m_sources[static_cast<std::size_t>(source)];
    WatermarkItems items;
    if (src.channel(c).ended() || !src.periodicEmit(c, now, items))
        return;
    emitWatermarkItems(source, c, items, out);
}

const WatermarkConfig& GraphPipeline::timerWatermarks(int timer) const
{
    if (const auto assigner = assignerOfTimer(timer))
        return m_graph.operators[static_cast<std::size_t>(m_streams.node(assigner->first).op)].watermarks;
    return m_graph.sources[static_cast<std::size_t>(sourceOfChannel(timer))].watermarks;
}

void GraphPipeline::endOfInput(int source, Timestamp now, std::vector<GraphOutput>& out)
{
    m_now = now;
    SourceOperator& src = m_sources[static_cast<std::size_t>(source)];
    for (int c = 0; c < src.channelCount(); ++c) {
        WatermarkItems items;
        if (src.endChannel(c, now, items))
            emitWatermarkItems(source, c, items, out);
    }
    if (!ended(source))
        endStream(source, out);
}

void GraphPipeline::start(int source, std::span<const int> splitsAtStart, std::vector<GraphOutput>& out)
{
    SourceOperator& src = m_sources[static_cast<std::size_t>(source)];
    for (int c = 0; c < src.channelCount(); ++c) {
        WatermarkItems items;
        if (src.endsAtStart(c) && src.endChannel(c, 0, items))
            emitWatermarkItems(source, c, items, out);
    }
    for (const int partition : splitsAtStart)
        finishSplit(source, partition, 0, out);
}

void GraphPipeline::finishSplit(int source, int partition, Timestamp now, std::vector<GraphOutput>& out)
{
    m_now = now;
    SourceOperator& src = m_sources[static_cast<std::size_t>(source)];
    WatermarkItems items;
    const int reader = src.finishSplit(partition, now, items);
    if (reader < 0)
        return;
    emitWatermarkItems(source, reader, items, out);
    if (src.ended() && !ended(source))
        endStream(source, out);
}

void GraphPipeline::endStream(int stream, std::vector<GraphOutput>& out)
{
    m_openInputs[static_cast<std::size_t>(stream)] = 0;
    for (const StreamGraph::Edge& e : m_streams.edgesFrom(stream)) {
        if (--m_openInputs[static_cast<std::size_t>(e.to)] > 0)
            continue;
        if (sortsInput(e.to)) {
            for (int s = 0; s < m_streams.node(e.to).parallelism; ++s) { // subtask by subtask
                if (const auto highest = subtask(e.to, s).sorting.release())
                    advance(e.to, s, *highest, out);
            }
        }
        for (int s = 0; s < m_streams.node(e.to).parallelism; ++s) {
            // an assigner's finish(): one more onPeriodicEmit, after the Long.MAX_VALUE its input ended with
            if (auto* a = std::get_if<WatermarkChannel>(&subtask(e.to, s).op)) {
                WatermarkItems items;
                a->onFinish(m_now, items);
                emitWatermarkItems(e.to, s, items, out);
            }
        }
        endStream(e.to, out);
    }
}

void GraphPipeline::emitElement(int stream, int upstream, std::uint32_t id, std::vector<GraphOutput>& out)
{
    const auto& edges = m_streams.edgesFrom(stream);
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const StreamGraph::Edge& e = edges[k];
        switch (e.partitioner) {
        case StreamGraph::Partitioner::Hash:
            deliverElement(e.to, subtaskFor(e.to, element(id).key), e.side, id, out);
            break;
        case StreamGraph::Partitioner::Broadcast:
            for (int s = 0; s < m_streams.node(e.to).parallelism; ++s)
                deliverElement(e.to, s, e.side, id, out);
            break;
        case StreamGraph::Partitioner::Forward:
            deliverElement(e.to, upstream, e.side, id, out);
            break;
        case StreamGraph::Partitioner::Rebalance:
            deliverElement(e.to,
                m_rebalance[static_cast<std::size_t>(stream)][k][static_cast<std::size_t>(upstream)].selectChannel(),
                e.side, id, out);
            break;
        }
    }
}

// `input` is the operator's input as the file names it (a window join's side).
void GraphPipeline::deliverElement(int stream, int s, int input, std::uint32_t id, std::vector<GraphOutput>& out)
{
    const GraphElement e = element(id);
    Subtask& sub = subtask(stream, s);
    if (auto* w = std::get_if<WindowOperator>(&sub.op)) {
        const GraphOperator& op = m_graph.operators[static_cast<std::size_t>(m_streams.node(stream).op)];
        std::vector<OperatorOutput> produced;
        // the clock at the record's arrival: a processing-time assigner places it by it; timers due then fire in
        // their own happening (docs/execution-model.md, rule 4)
        w->setCurrentProcessingTime(std::max(m_now, w->currentProcessingTime()));
        w->processElement(
            WindowElement {op.window.operatorKey(e.key), e.value, e.hasValue, e.ts, static_cast<std::uint8_t>(input)},
            produced);
        windowOutputs(stream, s, produced, out);
    } else if (auto* p = std::get_if<KeyedProcessOperator>(&sub.op)) {
        std::vector<ProcessOutput> produced;
        p->setCurrentProcessingTime(m_now);
        if (input == 0)
            p->processElement(e.key, id, e.ts, produced);
        else
            p->processElement2(e.key, id, e.ts, produced, e.hasValue ? std::optional<double>(e.value) : std::nullopt);
        processOutputs(stream, s, produced, out);
    } else if (auto* j = std::get_if<IntervalJoinOperator>(&sub.op)) {
        std::vector<IntervalJoinOperator::Output> produced;
        const auto side = input == 0 ? IntervalJoinOperator::Side::Left : IntervalJoinOperator::Side::Right;
        j->processElement(side, e.key, id, e.ts, produced);
        joinOutputs(stream, s, produced, out);
    } else if (std::holds_alternative<WatermarkChannel>(sub.op)) {
        // TimestampsAndWatermarksOperator#processElement: the record goes on first, its timestamp kept (the
        // strategy's timestamp assigner is the record's own), then the generator sees it
        emitElement(stream, s, id, out);
        WatermarkItems items;
        std::get<WatermarkChannel>(sub.op).onRecord(e.ts, m_now, items);
        emitWatermarkItems(stream, s, items, out);
    }
}

void GraphPipeline::emitWatermarkItems(
    int stream, int upstream, const WatermarkItems& items, std::vector<GraphOutput>& out)
{
    // Each thing the channel emitted reaches every reader (operators in order, subtasks in index order) before
    // the next: an ACTIVE and the watermark after it are two broadcasts, not one.
    for (const WatermarkItem& item : items) {
        for (const StreamGraph::Edge& e : m_streams.edgesFrom(stream)) {
            const int channel = e.channelOf(upstream);
            const bool sorted = sortsInput(e.to);
            for (int s = 0; s < m_streams.node(e.to).parallelism; ++s) {
                if (!e.reaches(upstream, s))
                    continue;
                WatermarkItems valveOut;
                Subtask& sub = subtask(e.to, s);
                sub.valves[static_cast<std::size_t>(e.input)].input(channel, item, valveOut);
                for (const WatermarkItem& v : valveOut) {
                    if (sorted)
                        sub.sorting.keep(v);
                    else
                        inputItem(e.to, s, e.input, v, out);
                }
            }
        }
    }
}

void GraphPipeline::inputItem(int stream, int s, int input, const WatermarkItem& item, std::vector<GraphOutput>& out)
{
    Subtask& sub = subtask(stream, s);
    if (auto* a = std::get_if<WatermarkChannel>(&sub.op)) {
        // TimestampsAndWatermarksOperator ignores upstream's statuses, and its watermarks but Long.MAX_VALUE
        if (item.isWatermark()) {
            WatermarkItems items;
            a->onUpstreamWatermark(item.watermark, items);
            emitWatermarkItems(stream, s, items, out);
        }
        return;
    }
    if (!sub.combined) {
        // AbstractStreamOperator#processWatermark / processWatermarkStatus of a one-input operator.
        if (item.isWatermark())
            advance(stream, s, item.watermark, out);
        else
            emitWatermarkItems(stream, s, WatermarkItems {item}, out);
        return;
    }
    WatermarkItems combined;
    if (item.isWatermark())
        sub.combined->processWatermark(input, item.watermark, combined);
    else
        sub.combined->processWatermarkStatus(
            input, item.isIdle() ? WatermarkStatus::Idle : WatermarkStatus::Active, combined);
    for (const WatermarkItem& c : combined) {
        if (c.isWatermark())
            advance(stream, s, c.watermark, out);
        else
            emitWatermarkItems(stream, s, WatermarkItems {c}, out);
    }
}

void GraphPipeline::advance(int stream, int s, Timestamp watermark, std::vector<GraphOutput>& out)
{
    Subtask& sub = subtask(stream, s);
    if (auto* w = std::get_if<WindowOperator>(&sub.op)) {
        std::vector<OperatorOutput> produced;
        w->processWatermark(watermark, produced);
        windowOutputs(stream, s, produced, out);
    } else if (auto* p = std::get_if<KeyedProcessOperator>(&sub.op)) {
        std::vector<ProcessOutput> produced;
        p->processWatermark(watermark, produced);
        processOutputs(stream, s, produced, out);
    } else if (auto* j = std::get_if<IntervalJoinOperator>(&sub.op)) {
        j->processWatermark(watermark);
    }
    // Forwarded after the timers it fired, as Flink does.
    emitWatermarkItems(stream, s, WatermarkItems {WatermarkItem::mark(watermark)}, out);
}

void GraphPipeline::recordTimerChanges(bool on)
{
    for (auto& subtasks : m_subtasks) {
        for (Subtask& sub : subtasks) {
            if (auto* p = std::get_if<KeyedProcessOperator>(&sub.op))
                p->recordTimerChanges(on);
        }
    }
}

std::vector<Timestamp> GraphPipeline::takeNewProcessingTimers(int timed)
{
    const auto [stream, s] = m_timed[static_cast<std::size_t>(timed)];
    if (const auto* w = std::get_if<WindowOperator>(&subtask(stream, s).op)) {
        // a window's every pending timer, as a chain's window subtask (Player::schedulePendingTimers); asked after
        // every happening, so a window without one answers at once
        std::vector<Timestamp> times;
        if (!w->nextProcessingTimer())
            return times;
        for (const TimerInfo& t : w->timers(TimeDomain::Processing))
            times.push_back(t.ts);
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        return times;
    }
    return std::get<KeyedProcessOperator>(subtask(stream, s).op).takeNewProcessingTimers();
}

void GraphPipeline::processingTimer(int timed, Timestamp now, std::vector<GraphOutput>& out)
{
    m_now = now;
    const auto [stream, s] = m_timed[static_cast<std::size_t>(timed)];
    if (auto* w = std::get_if<WindowOperator>(&subtask(stream, s).op)) {
        std::vector<OperatorOutput> produced;
        w->advanceProcessingTime(now, produced);
        windowOutputs(stream, s, produced, out);
        return;
    }
    std::vector<ProcessOutput> produced;
    std::get<KeyedProcessOperator>(subtask(stream, s).op).advanceProcessingTime(now, produced);
    processOutputs(stream, s, produced, out);
}

Timestamp GraphPipeline::operatorWatermark(int op, int s) const
{
    const int stream = m_streams.streamOfOperator(op);
    const Subtask& sub = m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(s)];
    if (const auto* a = std::get_if<WatermarkChannel>(&sub.op))
        return a->currentWatermark();
    if (sub.combined)
        return sub.combined->combinedWatermark();
    if (sortsInput(stream)) // what reached the operator, not its valve
        return std::get<WindowOperator>(sub.op).currentWatermark();
    return sub.valves.front().lastOutputWatermark();
}

void GraphPipeline::windowOutputs(
    int stream, int s, const std::vector<OperatorOutput>& produced, std::vector<GraphOutput>& out)
{
    const int op = m_streams.node(stream).op;
    for (const OperatorOutput& o : produced) {
        out.push_back(GraphOutput {op, s, m_inputs, operatorWatermark(op, s), {}});
        std::visit(
            [&](auto v) {
                v.afterInput = m_inputs;
                out.back().what = v;
            },
            o);
        if (const auto* fire = std::get_if<FireEvent>(&o)) {
            const bool number = !fire->result.isList && fire->result.number.has_value();
            emitElement(stream, s,
                addElement(
                    GraphElement {fire->key, number, number ? *fire->result.number : 0.0, fire->window.maxTimestamp()}),
                out);
        }
    }
}

void GraphPipeline::processOutputs(
    int stream, int s, const std::vector<ProcessOutput>& produced, std::vector<GraphOutput>& out)
{
    const int op = m_streams.node(stream).op;
    for (const ProcessOutput& o : produced) {
        out.push_back(GraphOutput {op, s, m_inputs, operatorWatermark(op, s), o});
        // a record the function held goes on as it came, at the output's timestamp; a number it computed goes on as
        // the value of a record of the key
        GraphElement e = o.number ? GraphElement {o.key, true, *o.number, 0} : element(o.value);
        e.ts = o.timestamp.value_or(kMinTimestamp); // a processing-time timer's output has none (Long.MIN_VALUE)
        emitElement(stream, s, addElement(e), out);
    }
}

void GraphPipeline::joinOutputs(
    int stream, int s, const std::vector<IntervalJoinOperator::Output>& produced, std::vector<GraphOutput>& out)
{
    const int op = m_streams.node(stream).op;
    for (const IntervalJoinOperator::Output& o : produced) {
        out.push_back(GraphOutput {op, s, m_inputs, operatorWatermark(op, s), o});
        if (o.kind == IntervalJoinOperator::Output::Kind::Pair)
            emitElement(stream, s, addElement(GraphElement {o.key, false, 0.0, o.timestamp}), out);
    }
}

} // namespace tidemark
