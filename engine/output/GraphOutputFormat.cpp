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

} // namespace

OutputLines graphOutputLines(const GraphRun& run, const Scenario& scenario)
{
    const TextTimes times(scenarioTimes(scenario));
    OutputLines lines;
    for (const GraphOutput& o : run.outputs()) {
        const GraphOperator& op = run.graph().operators[static_cast<std::size_t>(o.op)];
        const int subtasks = run.pipeline().streams().node(run.pipeline().streams().streamOfOperator(o.op)).parallelism;
        lines.json.push_back(json(o, run, scenario.keys, op.name));
        lines.text.push_back(text(o, run, scenario.keys, printPrefix(op.name, o.subtask, subtasks), times));
    }
    return lines;
}

} // namespace tidemark::output
