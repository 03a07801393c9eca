#include "engine/output/OutputFormat.h"

#include "engine/player/TimeFormat.h"
#include "engine/runtime/KafkaSplitEnds.h"

#include <cmath>
#include <cstdio>

namespace tidemark::output {

std::string keyJson(KeyId key, const KeyTable& keys)
{
    return key == kNoKey || key >= keys.size() ? std::string("null") : jsonString(keys.name(key));
}

std::string keyText(KeyId key, const KeyTable& keys)
{
    return key == kNoKey || key >= keys.size() ? std::string() : keys.name(key);
}

namespace {

// The key as print() writes it in front of the result, "alice,"; nothing under windowAll.
std::string keyPart(KeyId key, const KeyTable& keys)
{
    return key == kNoKey || key >= keys.size() ? std::string() : keyText(key, keys) + ",";
}

std::string subtaskPrefix(int subtask, int sinkSubtasks)
{
    return printPrefix({}, subtask, sinkSubtasks);
}

std::string valueText(const LateEvent& late)
{
    return late.hasValue ? formatNumber(late.value) : std::string("null");
}

// A window join's pair or a coGroup's group sizes, "1000,1800".
std::string sidesText(const std::array<std::int64_t, 2>& sides)
{
    return std::to_string(sides[0]) + "," + std::to_string(sides[1]);
}

} // namespace

const char* stepKindName(StepKind k)
{
    switch (k) {
    case StepKind::Start:
        return "start";
    case StepKind::EventArrival:
        return "event";
    case StepKind::WatermarkArrival:
        return "watermark";
    case StepKind::PeriodicEmit:
        return "periodic";
    case StepKind::ProcessingTimer:
        return "timer";
    case StepKind::EndOfInput:
        return "end-of-input";
    }
    return "?";
}

std::string_view timingName(FireTiming timing)
{
    return timing == FireTiming::Late ? "late" : "on-time";
}

std::string_view actionName(LateAction action)
{
    return action == LateAction::Dropped ? "dropped" : "side-output";
}

std::string resultText(const WindowResult& r)
{
    if (r.sides)
        return "[" + sidesText(*r.sides) + "]";
    if (!r.isList)
        return r.number ? formatNumber(*r.number) : std::string("null");
    std::string s = "[";
    for (std::size_t i = 0; i < r.list.size(); ++i) {
        if (i)
            s += ',';
        s += formatNumber(r.list[i]);
    }
    return s + "]";
}

TextTimes::TextTimes(const TimeFormatter& times)
{
    if (times.format() != DisplaySettings::TimeFormat::EpochMs)
        m_times = times;
}

TextTimes TextTimes::forReading(const TimeFormatter& times)
{
    TextTimes t(times);
    t.m_namedExtremes = true;
    return t;
}

std::string TextTimes::time(Timestamp t) const
{
    if (!m_times && m_namedExtremes && (t == kMinTimestamp || t == kMaxTimestamp))
        return t == kMinTimestamp ? "Long.MIN_VALUE" : "Long.MAX_VALUE";
    return m_times ? m_times->timestamp(t) : std::to_string(t);
}

std::string TextTimes::window(Timestamp start, Timestamp end) const
{
    return m_times ? m_times->window(start, end)
                   : std::string("[").append(std::to_string(start)).append(",").append(std::to_string(end)).append(")");
}

OutputLines outputLines(const Trace& trace, const Scenario& scenario)
{
    const KeyTable& keys = scenario.keys;
    const int sinkSubtasks = scenario.pipeline.window.subtasks();
    const TextTimes times(scenarioTimes(scenario));
    OutputLines lines;
    trace.forEachOutput(
        [&](std::size_t fire) {
            lines.json.push_back(fireJson(trace.fires()[fire].fire, keys));
            lines.text.push_back(fireText(trace.fires()[fire].fire, keys, sinkSubtasks, times));
        },
        [&](const LateRecord& late) {
            lines.json.push_back(lateJson(late.late, keys));
            lines.text.push_back(lateText(late.late, keys, sinkSubtasks, times));
        });
    return lines;
}

std::string fireJson(const FireEvent& fire, const KeyTable& keys)
{
    std::string s = "{\"type\":\"fire\",\"afterInput\":" + std::to_string(fire.afterInput)
        + ",\"subtask\":" + std::to_string(fire.subtask) + ",\"key\":" + keyJson(fire.key, keys) + ",\"window\":";
    s += fire.window.isGlobal() ? std::string("null")
                                : std::string("[")
                                      .append(std::to_string(fire.window.start()))
                                      .append(",")
                                      .append(std::to_string(fire.window.end()))
                                      .append("]");
    s += ",\"timing\":\"";
    s += timingName(fire.timing);
    s += "\",\"watermark\":" + std::to_string(fire.watermark) + ",\"count\":" + std::to_string(fire.count)
        + ",\"result\":" + resultText(fire.result) + "}";
    return s;
}

std::string lateJson(const LateEvent& late, const KeyTable& keys)
{
    std::string s = "{\"type\":\"late\",\"afterInput\":" + std::to_string(late.afterInput) + ",\"subtask\":"
        + std::to_string(late.subtask) + ",\"key\":" + keyJson(late.key, keys) + ",\"ts\":" + std::to_string(late.ts)
        + ",\"value\":" + valueText(late) + ",\"watermark\":" + std::to_string(late.watermark) + ",\"action\":\"";
    s += actionName(late.action);
    return s + "\"}";
}

std::string printedResult(const FireEvent& fire, const KeyTable& keys)
{
    // a window join's pair or a coGroup's groups print as the Tuple3 the exported job collects
    if (fire.result.sides)
        return "(" + keyPart(fire.key, keys) + sidesText(*fire.result.sides) + ")";
    return "(" + keyPart(fire.key, keys) + resultText(fire.result) + ")";
}

std::string printedFire(const FireEvent& fire, const KeyTable& keys, int sinkSubtasks)
{
    return subtaskPrefix(fire.subtask, sinkSubtasks) + printedResult(fire, keys);
}

std::string printedLate(const LateEvent& late, const KeyTable& keys, int sinkSubtasks)
{
    return subtaskPrefix(late.subtask, sinkSubtasks) + "late (" + keyPart(late.key, keys) + valueText(late) + ")";
}

std::string printIdentifier(std::string_view identifier, int subtask, int sinkSubtasks)
{
    std::string id(identifier);
    if (sinkSubtasks > 1)
        id += (id.empty() ? "" : ":") + std::to_string(subtask + 1);
    return id;
}

std::string printPrefix(std::string_view identifier, int subtask, int sinkSubtasks)
{
    const std::string id = printIdentifier(identifier, subtask, sinkSubtasks);
    return id.empty() ? id : id + "> ";
}

std::string fireText(const FireEvent& fire, const KeyTable& keys, int sinkSubtasks, const TextTimes& times)
{
    return fireText(fire, keys, subtaskPrefix(fire.subtask, sinkSubtasks), times);
}

std::string lateText(const LateEvent& late, const KeyTable& keys, int sinkSubtasks, const TextTimes& times)
{
    return lateText(late, keys, subtaskPrefix(late.subtask, sinkSubtasks), times);
}

std::string fireText(const FireEvent& fire, const KeyTable& keys, std::string_view prefix, const TextTimes& times)
{
    std::string s = std::string(prefix) + printedResult(fire, keys) + " window ";
    s += fire.window.isGlobal() ? std::string("global") : times.window(fire.window.start(), fire.window.end());
    s.append(" ").append(timingName(fire.timing));
    return s + ", watermark " + times.time(fire.watermark);
}

std::string lateText(const LateEvent& late, const KeyTable& keys, std::string_view prefix, const TextTimes& times)
{
    std::string s = std::string(prefix) + "late (" + keyPart(late.key, keys) + valueText(late) + ")" + " ts "
        + times.time(late.ts);
    s.append(" ").append(actionName(late.action));
    return s + ", watermark " + times.time(late.watermark);
}

namespace {

// ,"<name>":[the indices for which `has` holds]
template <class Has> void appendIndices(std::string& s, const char* name, int count, Has has)
{
    s.append(",\"").append(name).append("\":[");
    bool first = true;
    for (int i = 0; i < count; ++i) {
        if (has(i)) {
            s.append(first ? "" : ",").append(std::to_string(i));
            first = false;
        }
    }
    s += "]";
}

// ,"<wm>":[w0,w1,…],"<idle>":[indices of the idle ones, of those not `gone`]
template <class History, class Gone>
void appendWatermarks(
    std::string& s, const char* wm, const char* idle, int count, History history, StepIndex step, Gone gone)
{
    s.append(",\"").append(wm).append("\":[");
    for (int i = 0; i < count; ++i)
        s.append(i ? "," : "").append(std::to_string(Trace::at(history(i), step).watermark));
    s += "]";
    appendIndices(s, idle, count, [&](int i) { return !gone(i) && Trace::at(history(i), step).idle; });
}

} // namespace

std::string stepJson(const Trace& trace, StepIndex step, const Scenario& scenario)
{
    const StepEntry& e = trace.step(step);
    std::string s = "{\"type\":\"step\",\"step\":" + std::to_string(step)
        + ",\"processingTime\":" + std::to_string(e.processingTime) + ",\"kind\":\"" + stepKindName(e.kind) + "\"";
    if (const RecordIndex r = e.record(); r != kNoRecord) {
        s += ",\"record\":" + std::to_string(r + 1);
        if (e.kind == StepKind::EventArrival && r < scenario.records.size())
            s += ",\"key\":" + keyJson(scenario.records[r].key, scenario.keys);
        s += ",\"ts\":" + std::to_string(r < scenario.records.size() ? scenario.records[r].ts : 0);
    }
    if (e.kind == StepKind::PeriodicEmit)
        s += ",\"channel\":" + std::to_string(e.subject);
    else if (e.kind == StepKind::EventArrival || e.kind == StepKind::WatermarkArrival)
        s += ",\"channel\":" + (e.channel >= 0 ? std::to_string(e.channel) : std::string("null"));
    if (e.kind == StepKind::ProcessingTimer)
        s += ",\"subtask\":" + std::to_string(e.subject);
    s += ",\"afterInput\":" + std::to_string(trace.inputsProcessed(step));
    appendWatermarks(
        s, "channelWatermarks", "idleChannels", trace.channelCount(), [&](int c) { return trace.channelWatermarks(c); },
        step, [](int) { return false; });
    // a finished partition keeps the watermark it had when its reader released it, and is neither idle nor active
    const auto finished = [&](int p) { return trace.partitionFinished(p, step); };
    if (trace.hasPartitionWatermarks()) {
        appendWatermarks(
            s, "partitionWatermarks", "idlePartitions", trace.partitionCount(),
            [&](int p) { return trace.partitionWatermarks(p); }, step, finished);
    }
    if (KafkaSplitEnds::applies(scenario.pipeline))
        appendIndices(s, "finishedPartitions", trace.partitionCount(), finished);
    s += ",\"operatorWatermarks\":[";
    for (int t = 0; t < trace.subtaskCount(); ++t) {
        const WatermarkPoint& p = Trace::at(trace.subtaskWatermarks(t), step);
        s.append(t ? "," : "").append(std::to_string(p.watermark));
    }
    return s + "]}";
}

std::string stepText(const Trace& trace, StepIndex step, const Scenario& scenario, const TextTimes& times)
{
    const StepEntry& e = trace.step(step);
    std::string s = "step " + std::to_string(step) + " at " + TimeFormatter::processingTime(e.processingTime) + ": ";
    const RecordIndex r = e.record();
    switch (e.kind) {
    case StepKind::Start:
        s += "start";
        break;
    case StepKind::EventArrival: {
        const InputRecord& rec = scenario.records[r];
        s += "event record #" + std::to_string(r + 1) + " (";
        if (rec.key != kNoKey && rec.key < scenario.keys.size())
            s += "key " + scenario.keys.name(rec.key) + ", ";
        s += "ts " + times.time(rec.ts) + ") on channel " + std::to_string(e.channel);
        break;
    }
    case StepKind::WatermarkArrival:
        s += "watermark record #" + std::to_string(r + 1) + " (" + times.time(scenario.records[r].ts) + ") on "
            + (e.channel >= 0 ? "channel " + std::to_string(e.channel) : std::string("every channel"));
        break;
    case StepKind::PeriodicEmit:
        s += "periodic emission on channel " + std::to_string(e.subject);
        break;
    case StepKind::ProcessingTimer:
        s += "processing-time timer of subtask " + std::to_string(e.subject);
        break;
    case StepKind::EndOfInput:
        s += "end of input";
        break;
    }
    s += "; operator watermark " + times.time(Trace::at(trace.subtaskWatermarks(0), step).watermark);
    return s;
}

} // namespace tidemark::output
