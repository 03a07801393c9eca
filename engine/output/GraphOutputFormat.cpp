#include "engine/output/GraphOutputFormat.h"

#include "engine/core/JsonText.h"
#include "engine/player/TimeFormat.h"

namespace tidemark::output {

namespace {

using JoinOutput = IntervalJoinOperator::Output;

// A join's record late for its side: to its side's late output, or dropped.
LateAction lateAction(const JoinOutput& j)
{
    return j.kind == JoinOutput::Kind::Late ? LateAction::SideOutput : LateAction::Dropped;
}

// The timestamp Flink gives a join pair or a process function's output (none for a processing-time timer's).
std::optional<Timestamp> stampedAt(const GraphOutput& o)
{
    if (const auto* j = std::get_if<JoinOutput>(&o.what))
        return j->timestamp;
    return std::get<ProcessOutput>(o.what).timestamp;
}

std::string_view sideName(IntervalJoinOperator::Side side)
{
    return side == IntervalJoinOperator::Side::Left ? "left" : "right";
}

// The printed record: a join's pair (key,leftTs,rightTs), a late or dropped side's record (key,ts), a record a
// process function emits (key,ts[,value]), a number it computed (key,number).
std::string printed(const GraphOutput& o, const GraphRun& run, const KeyTable& keys)
{
    if (const auto* j = std::get_if<JoinOutput>(&o.what)) {
        if (j->kind == JoinOutput::Kind::Pair) {
            return "(" + keyText(j->key, keys) + "," + std::to_string(run.pipeline().element(j->left).ts) + ","
                + std::to_string(run.pipeline().element(j->right).ts) + ")";
        }
        const std::uint32_t id = j->side == IntervalJoinOperator::Side::Left ? j->left : j->right;
        return "late " + std::string(sideName(j->side)) + " (" + keyText(j->key, keys) + ","
            + std::to_string(run.pipeline().element(id).ts) + ")";
    }
    const auto& p = std::get<ProcessOutput>(o.what);
    if (p.number)
        return "(" + keyText(p.key, keys) + "," + formatNumber(*p.number) + ")";
    const GraphElement& e = run.pipeline().element(p.value);
    std::string s = "(" + keyText(p.key, keys) + "," + std::to_string(e.ts);
    if (e.hasValue)
        s += "," + formatNumber(e.value);
    return s + ")";
}

std::string json(const GraphOutput& o, const GraphRun& run, const KeyTable& keys, const std::string& name)
{
    const std::string head = "{\"operator\":" + jsonString(name) + ",";
    if (const auto* f = std::get_if<FireEvent>(&o.what))
        return head + fireJson(*f, keys).substr(1);
    if (const auto* l = std::get_if<LateEvent>(&o.what))
        return head + lateJson(*l, keys).substr(1);
    const std::string common
        = "\"afterInput\":" + std::to_string(o.afterInput) + ",\"subtask\":" + std::to_string(o.subtask);
    if (const auto* j = std::get_if<JoinOutput>(&o.what)) {
        if (j->kind == JoinOutput::Kind::Pair) {
            return head + "\"type\":\"pair\"," + common + ",\"key\":" + keyJson(j->key, keys)
                + ",\"left\":" + std::to_string(run.pipeline().element(j->left).ts)
                + ",\"right\":" + std::to_string(run.pipeline().element(j->right).ts)
                + ",\"ts\":" + std::to_string(j->timestamp) + ",\"watermark\":" + std::to_string(o.watermark) + "}";
        }
        return head + "\"type\":\"late\"," + common + ",\"key\":" + keyJson(j->key, keys) + ",\"side\":\""
            + std::string(sideName(j->side)) + "\",\"ts\":" + std::to_string(j->timestamp) + ",\"watermark\":"
            + std::to_string(o.watermark) + ",\"action\":\"" + std::string(actionName(lateAction(*j))) + "\"}";
    }
    const auto& p = std::get<ProcessOutput>(o.what);
    if (p.number) // a number the function computed: no record of the input
        return head + "\"type\":\"output\"," + common + ",\"key\":" + keyJson(p.key, keys)
            + ",\"record\":null,\"value\":" + formatNumber(*p.number)
            + ",\"ts\":" + (p.timestamp ? std::to_string(*p.timestamp) : "null")
            + ",\"watermark\":" + std::to_string(o.watermark) + "}";
    const GraphElement& e = run.pipeline().element(p.value);
    return head + "\"type\":\"output\"," + common + ",\"key\":" + keyJson(p.key, keys) + ",\"record\":"
        + std::to_string(e.ts) + ",\"value\":" + (e.hasValue ? formatNumber(e.value) : "null") + ",\"ts\":"
        + (p.timestamp ? std::to_string(*p.timestamp) : "null") + ",\"watermark\":" + std::to_string(o.watermark) + "}";
}

std::string text(
    const GraphOutput& o, const GraphRun& run, const KeyTable& keys, const std::string& prefix, const TextTimes& times)
{
    if (const auto* f = std::get_if<FireEvent>(&o.what))
        return fireText(*f, keys, prefix, times);
    if (const auto* l = std::get_if<LateEvent>(&o.what))
        return lateText(*l, keys, prefix, times);
    std::string s = prefix + printed(o, run, keys);
    if (const auto* j = std::get_if<JoinOutput>(&o.what); j && j->kind != JoinOutput::Kind::Pair)
        s.append(" ").append(actionName(lateAction(*j)));
    else if (const auto at = stampedAt(o))
        s += " at " + times.time(*at);
    else
        s += " without timestamp";
    return s + ", watermark " + times.time(o.watermark);
}

// The operator subtasks in operator order (unions have none), with their operator's parallelism.
template <class Each> void forEachOperatorSubtask(const GraphRun& run, Each&& each)
{
    const StreamGraph& streams = run.pipeline().streams();
    for (int op = 0; op < static_cast<int>(run.graph().operators.size()); ++op) {
        const int stream = streams.streamOfOperator(op);
        if (stream < 0)
            continue;
        const int width = streams.node(stream).parallelism;
        for (int s = 0; s < width; ++s)
            each(op, s, width);
    }
}

// The chain's kind of step a graph's step is (for its name: one set of names for both).
StepKind stepKind(const GraphRun& run, const GraphStep& e)
{
    switch (e.kind) {
    case EventQueue::Kind::Arrival: {
        const GraphArrival& a = run.arrivals()[e.subject];
        return run.graph().sources[static_cast<std::size_t>(a.source)].records[a.record].isWatermark()
            ? StepKind::WatermarkArrival
            : StepKind::EventArrival;
    }
    case EventQueue::Kind::PeriodicEmit:
        return StepKind::PeriodicEmit;
    case EventQueue::Kind::ProcessingTimer:
        return StepKind::ProcessingTimer;
    case EventQueue::Kind::EndOfInput:
        return StepKind::EndOfInput;
    }
    return StepKind::Start;
}

// A watermark history's value at a step, per channel or operator subtask, as JSON objects keyed by name.
template <class History>
void appendByName(std::string& s, std::string_view field, const std::vector<std::string>& names,
    const std::vector<int>& widths, History&& history, bool idle)
{
    s += ",\"" + std::string(field) + "\":{";
    bool first = true;
    for (std::size_t n = 0; n < names.size(); ++n) {
        std::string values;
        for (int i = 0; i < widths[n]; ++i) {
            const WatermarkPoint& p = history(n, i);
            if (!idle)
                values.append(i ? "," : "").append(std::to_string(p.watermark));
            else if (p.idle)
                values.append(values.empty() ? "" : ",").append(std::to_string(i));
        }
        if (idle && values.empty())
            continue;
        s.append(first ? "" : ",").append(jsonString(names[n])).append(":[").append(values).append("]");
        first = false;
    }
    s += "}";
}

// A Kafka source's partitions, by source name, as a chain's step line has them: each one's watermark where they are
// made per partition ("partitionWatermarks", "idlePartitions"), and a bounded topic's finished ones.
void appendPartitions(std::string& s, const GraphRun& run, StepIndex step)
{
    const GraphTrace& t = run.trace();
    const auto& sources = run.graph().sources;
    // `field`: for each source `include` takes, its partitions' `values`; a source whose list is empty is left out
    // unless `keepEmpty`. Written only when some source is taken.
    const auto each = [&](const char* field, auto&& include, bool keepEmpty, auto&& values) {
        std::string all;
        bool taken = false;
        for (int src = 0; src < static_cast<int>(sources.size()); ++src) {
            if (!include(src))
                continue;
            taken = true;
            std::string list;
            for (int q = 0; q < t.partitionCount(src); ++q)
                values(src, q, list);
            if (list.empty() && !keepEmpty)
                continue;
            all.append(all.empty() ? "" : ",")
                .append(jsonString(sources[static_cast<std::size_t>(src)].name))
                .append(":[")
                .append(list)
                .append("]");
        }
        if (taken)
            s.append(",\"").append(field).append("\":{").append(all).append("}");
    };
    const auto perPartition = [&](int src) { return t.hasPartitionWatermarks(src); };
    const auto bounded = [&](int src) {
        return sources[static_cast<std::size_t>(src)].kafka
            && run.scenario().pipeline.endOfInput == EndOfInput::MaxWatermark;
    };
    const auto indexIf = [](bool yes, int q, std::string& list) {
        if (yes)
            list.append(list.empty() ? "" : ",").append(std::to_string(q));
    };
    each("partitionWatermarks", perPartition, true, [&](int src, int q, std::string& list) {
        list.append(q ? "," : "").append(std::to_string(Trace::at(t.partitionWatermarks(src, q), step).watermark));
    });
    each("idlePartitions", perPartition, false, [&](int src, int q, std::string& list) {
        indexIf(Trace::at(t.partitionWatermarks(src, q), step).idle, q, list);
    });
    each("finishedPartitions", bounded, false,
        [&](int src, int q, std::string& list) { indexIf(t.partitionFinished(src, q, step), q, list); });
}

// The assigner's subtask whose periodic timer `timer` is, if it is one (GraphPipeline::periodicEmit's numbering).
struct AssignerTimer {
    int op = 0;
    int subtask = 0;
    int subtasks = 1;
};
std::optional<AssignerTimer> assignerOfTimer(const GraphRun& run, std::uint32_t timer)
{
    const GraphPipeline& p = run.pipeline();
    const auto assigner = p.assignerOfTimer(static_cast<int>(timer));
    if (!assigner)
        return std::nullopt;
    const StreamGraph::Node& node = p.streams().node(assigner->first);
    return AssignerTimer {node.op, assigner->second, node.parallelism};
}

} // namespace

std::string graphStepText(const GraphRun& run, StepIndex step, const TextTimes& times)
{
    const GraphStep& e = run.trace().step(step);
    const JobGraph& g = run.graph();
    std::string s = "step " + std::to_string(step) + " at " + TimeFormatter::processingTime(e.processingTime) + ": ";
    switch (e.kind) {
    case EventQueue::Kind::Arrival: {
        const GraphArrival& a = run.arrivals()[e.subject];
        const GraphSource& src = g.sources[static_cast<std::size_t>(a.source)];
        const InputRecord& rec = src.records[a.record];
        s += src.name + " " + std::string(stepKindName(stepKind(run, e))) + " record #" + std::to_string(a.record + 1)
            + " (";
        if (rec.isWatermark()) {
            s += times.time(rec.ts) + ") on "
                + (rec.channel != InputRecord::kNoChannel ? "channel " + std::to_string(rec.channel)
                                                          : std::string("every channel"));
            break;
        }
        if (rec.key != kNoKey && rec.key < run.scenario().keys.size())
            s += "key " + run.scenario().keys.name(rec.key) + ", ";
        s += "ts " + times.time(rec.ts) + (src.kafka ? ", partition " + std::to_string(rec.partition) : "") + ") on "
            + src.channelName(e.channel);
        break;
    }
    case EventQueue::Kind::PeriodicEmit: {
        if (const auto a = assignerOfTimer(run, e.subject)) {
            s += "periodic emission on "
                + printIdentifier(g.operators[static_cast<std::size_t>(a->op)].name, a->subtask, a->subtasks);
            break;
        }
        const int source = run.pipeline().sourceOfChannel(static_cast<int>(e.subject));
        const GraphSource& src = g.sources[static_cast<std::size_t>(source)];
        s += "periodic emission on " + src.name + " "
            + src.channelName(run.pipeline().localChannel(static_cast<int>(e.subject)));
        break;
    }
    case EventQueue::Kind::ProcessingTimer: {
        const auto [stream, subtask] = run.pipeline().timedSubtask(static_cast<int>(e.subject));
        const StreamGraph::Node& node = run.pipeline().streams().node(stream);
        s += "processing-time timers of "
            + printIdentifier(g.operators[static_cast<std::size_t>(node.op)].name, subtask, node.parallelism);
        break;
    }
    case EventQueue::Kind::EndOfInput:
        s += "end of input of " + g.sources[e.subject].name;
        break;
    }
    std::string ops;
    forEachOperatorSubtask(run, [&](int op, int sub, int width) {
        const WatermarkPoint& p = Trace::at(run.trace().operatorWatermarks(op, sub), step);
        ops += (ops.empty() ? "; " : ", ") + printIdentifier(g.operators[static_cast<std::size_t>(op)].name, sub, width)
            + " " + (p.idle ? "idle at " : "") + times.time(p.watermark);
    });
    return s + ops;
}

std::string graphStepJson(const GraphRun& run, StepIndex step)
{
    const GraphStep& e = run.trace().step(step);
    const JobGraph& g = run.graph();
    const GraphPipeline& p = run.pipeline();
    std::string s = "{\"type\":\"step\",\"step\":" + std::to_string(step) + ",\"processingTime\":"
        + std::to_string(e.processingTime) + ",\"kind\":\"" + std::string(stepKindName(stepKind(run, e))) + "\"";
    if (e.kind == EventQueue::Kind::Arrival) {
        const GraphArrival& a = run.arrivals()[e.subject];
        const InputRecord& rec = g.sources[static_cast<std::size_t>(a.source)].records[a.record];
        s += ",\"source\":" + jsonString(g.sources[static_cast<std::size_t>(a.source)].name)
            + ",\"record\":" + std::to_string(a.record + 1);
        if (!rec.isWatermark() && rec.key != kNoKey && rec.key < run.scenario().keys.size())
            s += ",\"key\":" + jsonString(run.scenario().keys.name(rec.key));
        s += ",\"ts\":" + std::to_string(rec.ts);
        if (e.channel >= 0)
            s += ",\"channel\":" + std::to_string(e.channel);
    } else if (const auto a
        = e.kind == EventQueue::Kind::PeriodicEmit ? assignerOfTimer(run, e.subject) : std::nullopt) {
        s += ",\"operator\":" + jsonString(g.operators[static_cast<std::size_t>(a->op)].name)
            + ",\"subtask\":" + std::to_string(a->subtask);
    } else if (e.kind == EventQueue::Kind::PeriodicEmit) {
        const int source = p.sourceOfChannel(static_cast<int>(e.subject));
        s += ",\"source\":" + jsonString(g.sources[static_cast<std::size_t>(source)].name)
            + ",\"channel\":" + std::to_string(p.localChannel(static_cast<int>(e.subject)));
    } else if (e.kind == EventQueue::Kind::EndOfInput) {
        s += ",\"source\":" + jsonString(g.sources[e.subject].name);
    } else if (e.kind == EventQueue::Kind::ProcessingTimer) {
        const auto [stream, subtask] = p.timedSubtask(static_cast<int>(e.subject));
        s += ",\"operator\":" + jsonString(g.operators[static_cast<std::size_t>(p.streams().node(stream).op)].name)
            + ",\"subtask\":" + std::to_string(subtask);
    }
    s += ",\"afterInput\":" + std::to_string(e.arrivalsDone);
    std::vector<std::string> sources;
    std::vector<int> channels;
    for (const GraphSource& src : g.sources) {
        sources.push_back(src.name);
        channels.push_back(src.watermarks.parallelism);
    }
    const auto channel = [&](std::size_t source, int c) -> const WatermarkPoint& {
        return Trace::at(run.trace().channelWatermarks(p.channelOf(static_cast<int>(source), c)), step);
    };
    appendByName(s, "channelWatermarks", sources, channels, channel, false);
    appendByName(s, "idleChannels", sources, channels, channel, true);
    appendPartitions(s, run, step);
    std::vector<std::string> operators;
    std::vector<int> subtasks;
    std::vector<int> ops;
    forEachOperatorSubtask(run, [&](int op, int sub, int width) {
        if (sub == 0) {
            operators.push_back(g.operators[static_cast<std::size_t>(op)].name);
            subtasks.push_back(width);
            ops.push_back(op);
        }
    });
    const auto subtask = [&](std::size_t n, int sub) -> const WatermarkPoint& {
        return Trace::at(run.trace().operatorWatermarks(ops[n], sub), step);
    };
    appendByName(s, "operatorWatermarks", operators, subtasks, subtask, false);
    appendByName(s, "idleOperators", operators, subtasks, subtask, true);
    return s + "}";
}

OutputLines graphOutputLines(const GraphRun& run, const Scenario& scenario)
{
    const TextTimes times(scenarioTimes(scenario));
    OutputLines lines;
    for (std::size_t i = 0; i < run.outputs().size(); ++i) {
        const GraphOutput& o = run.outputs()[i];
        lines.json.push_back(json(o, run, scenario.keys, run.graph().operators[static_cast<std::size_t>(o.op)].name));
        lines.text.push_back(graphOutputText(run, scenario, i, times));
    }
    return lines;
}

std::string graphOutputText(const GraphRun& run, const Scenario& scenario, std::size_t i, const TextTimes& times)
{
    const GraphOutput& o = run.outputs()[i];
    const GraphOperator& op = run.graph().operators[static_cast<std::size_t>(o.op)];
    const int subtasks = run.pipeline().streams().node(run.pipeline().streams().streamOfOperator(o.op)).parallelism;
    return text(o, run, scenario.keys, printPrefix(op.name, o.subtask, subtasks), times);
}

} // namespace tidemark::output
