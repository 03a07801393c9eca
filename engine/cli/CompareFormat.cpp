#include "engine/cli/CompareFormat.h"

#include "engine/output/OutputFormat.h"
#include "engine/player/TimeFormat.h"

namespace tidemark::cli {

using compare::Difference;
using compare::DifferenceSide;
using compare::RunSide;

namespace {

const char* runName(RunSide side)
{
    return side == RunSide::A ? "A" : "B";
}

std::string windowText(const TimeWindow& w)
{
    return w.isGlobal() ? std::string("the global window")
                        : "window [" + std::to_string(w.start()) + "," + std::to_string(w.end()) + ")";
}

std::string windowJson(const TimeWindow& w)
{
    return w.isGlobal() ? std::string("null") : "[" + std::to_string(w.start()) + "," + std::to_string(w.end()) + "]";
}

std::string keyJson(const std::optional<std::string>& key)
{
    return key ? jsonString(*key) : std::string("null");
}

// "(step 25 at 4.000 s)"
std::string where(const DifferenceSide& s)
{
    return "(step " + std::to_string(s.step) + " at " + TimeFormatter::processingTime(s.processingTime) + ")";
}

// What one run did, in the manner of `tidemark run --format text`, and where.
std::string sideText(const DifferenceSide& s, const Scenario& scenario)
{
    const int sinkSubtasks = scenario.pipeline.window.subtasks();
    if (s.fire) {
        const FireEvent& f = *s.fire;
        std::string text
            = output::printedFire(f, scenario.keys, sinkSubtasks) + " count " + std::to_string(f.count) + ", ";
        text.append(output::timingName(f.timing));
        return text + ", watermark " + std::to_string(f.watermark) + ", after input " + std::to_string(f.afterInput)
            + " " + where(s);
    }
    if (s.late) {
        const LateEvent& l = *s.late;
        std::string text = output::printedLate(l, scenario.keys, sinkSubtasks) + " ";
        text.append(output::actionName(l.action));
        return text + ", watermark " + std::to_string(l.watermark) + ", after input " + std::to_string(l.afterInput)
            + " " + where(s);
    }
    return s.hasStep() ? "accepted " + where(s) : std::string("accepted");
}

std::string sideJson(const DifferenceSide& s)
{
    if (!s.hasStep())
        return "null";
    std::string json
        = "{\"step\":" + std::to_string(s.step) + ",\"processingTime\":" + std::to_string(s.processingTime);
    if (s.fire) {
        const FireEvent& f = *s.fire;
        json += ",\"afterInput\":" + std::to_string(f.afterInput) + ",\"subtask\":" + std::to_string(f.subtask)
            + ",\"timing\":\"";
        json.append(output::timingName(f.timing));
        json += "\",\"watermark\":" + std::to_string(f.watermark) + ",\"count\":" + std::to_string(f.count)
            + ",\"result\":" + output::resultText(f.result);
    } else if (s.late) {
        const LateEvent& l = *s.late;
        json += ",\"afterInput\":" + std::to_string(l.afterInput) + ",\"subtask\":" + std::to_string(l.subtask)
            + ",\"watermark\":" + std::to_string(l.watermark) + ",\"action\":\"";
        json.append(output::actionName(l.action));
        json += "\"";
    }
    return json + "}";
}

// The late record a difference is about, from whichever run has it late.
const LateEvent& lateOf(const Difference& d)
{
    return d.a.late ? *d.a.late : *d.b.late;
}

std::string headline(const Difference& d)
{
    const auto also = [&](std::string s) {
        if (d.resultDiffers)
            s += s.empty() ? "result differs" : ", result differs";
        if (d.timingDiffers)
            s += s.empty() ? "timing differs" : ", timing differs";
        return s;
    };
    switch (d.kind) {
    case Difference::Kind::FireMoved:
        return also("fire moved");
    case Difference::Kind::ResultDiffers:
        return also("");
    case Difference::Kind::FireOnlyIn:
        return std::string("fire only in ") + runName(d.only);
    case Difference::Kind::LateOnlyIn:
        return std::string("late only in ") + runName(d.only);
    case Difference::Kind::LateActionDiffers:
        return "late action differs";
    }
    return "?";
}

std::string subject(const Difference& d)
{
    if (d.kind == Difference::Kind::LateOnlyIn || d.kind == Difference::Kind::LateActionDiffers) {
        const LateEvent& l = lateOf(d);
        std::string s = "record " + std::to_string(d.record + 1) + " (";
        if (d.key)
            s += "key " + *d.key + ", ";
        s += "ts " + std::to_string(l.ts);
        if (l.hasValue)
            s += ", value " + formatNumber(l.value);
        return s + ")";
    }
    std::string s = ordinal(d.firing) + " firing of " + windowText(d.window);
    return d.key ? s + " for key " + *d.key : s;
}

const char* typeName(Difference::Kind k)
{
    switch (k) {
    case Difference::Kind::FireMoved:
        return "fire-moved";
    case Difference::Kind::ResultDiffers:
        return "result-differs";
    case Difference::Kind::FireOnlyIn:
        return "fire-only";
    case Difference::Kind::LateOnlyIn:
        return "late-only";
    case Difference::Kind::LateActionDiffers:
        return "late-action";
    }
    return "?";
}

// One side of a graph difference: the output line and where it came, or nothing when the output is not in it.
std::string graphSideText(const compare::GraphDifference::Side& s, const std::vector<std::string>& lines)
{
    return *s.output < lines.size() ? lines[*s.output] + " (step " + std::to_string(s.step) + " at "
            + TimeFormatter::processingTime(s.processingTime) + ")"
                                    : std::string("?");
}

std::string graphSideJson(const compare::GraphDifference::Side& s, const std::vector<std::string>& lines)
{
    if (!s.output || *s.output >= lines.size())
        return "null";
    return "{\"step\":" + std::to_string(s.step) + ",\"processingTime\":" + std::to_string(s.processingTime)
        + ",\"output\":" + lines[*s.output] + "}";
}

} // namespace

std::string graphDifferenceText(
    const compare::GraphDifference& d, const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    using K = compare::GraphDifference::Kind;
    std::string text = d.kind == K::OnlyIn ? std::string("only in ") + runName(d.only)
        : d.kind == K::Moved               ? std::string(d.resultDiffers ? "moved, result differs" : "moved")
                                           : std::string("differs");
    text += ": " + d.op;
    if (d.a.output)
        text += "; A: " + graphSideText(d.a, a);
    if (d.b.output)
        text += "; B: " + graphSideText(d.b, b);
    return text;
}

std::string graphDifferenceJson(
    const compare::GraphDifference& d, const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    using K = compare::GraphDifference::Kind;
    std::string json = std::string("{\"type\":\"")
        + (d.kind == K::OnlyIn       ? "only"
                : d.kind == K::Moved ? "moved"
                                     : "result-differs")
        + "\"";
    if (d.kind == K::OnlyIn)
        json += std::string(",\"run\":\"") + (d.only == RunSide::A ? "a" : "b") + "\"";
    json += ",\"operator\":" + jsonString(d.op);
    if (d.kind != K::OnlyIn)
        json += std::string(",\"resultDiffers\":") + (d.resultDiffers ? "true" : "false");
    return json + ",\"a\":" + graphSideJson(d.a, a) + ",\"b\":" + graphSideJson(d.b, b) + "}";
}

std::string ordinal(std::uint32_t n)
{
    const std::uint32_t lastTwo = n % 100;
    const char* suffix = "th";
    if (lastTwo < 11 || lastTwo > 13) {
        switch (n % 10) {
        case 1:
            suffix = "st";
            break;
        case 2:
            suffix = "nd";
            break;
        case 3:
            suffix = "rd";
            break;
        default:
            break;
        }
    }
    return std::to_string(n) + suffix;
}

std::string runsText(const compare::RunLabels& labels)
{
    return "A: " + labels.a + "\nB: " + labels.b;
}

std::string runsJson(const compare::RunLabels& labels)
{
    return "{\"type\":\"runs\",\"a\":{\"label\":" + jsonString(labels.a) + "},\"b\":{\"label\":" + jsonString(labels.b)
        + "}}";
}

std::string differenceText(const Difference& d, const Scenario& a, const Scenario& b)
{
    std::string s = headline(d) + ": " + subject(d);
    const bool oneSide = d.kind == Difference::Kind::FireOnlyIn;
    if (!oneSide || d.only == RunSide::A)
        s += "; A: " + sideText(d.a, a);
    if (!oneSide || d.only == RunSide::B)
        s += "; B: " + sideText(d.b, b);
    return s;
}

std::string differenceJson(const Difference& d)
{
    std::string s = "{\"type\":\"";
    s += typeName(d.kind);
    s += "\"";
    if (d.kind == Difference::Kind::FireOnlyIn || d.kind == Difference::Kind::LateOnlyIn)
        s += std::string(",\"run\":\"") + (d.only == RunSide::A ? "a" : "b") + "\"";
    if (d.kind == Difference::Kind::LateOnlyIn || d.kind == Difference::Kind::LateActionDiffers) {
        const LateEvent& l = lateOf(d);
        s += ",\"record\":" + std::to_string(d.record + 1) + ",\"key\":" + keyJson(d.key)
            + ",\"ts\":" + std::to_string(l.ts) + ",\"value\":" + (l.hasValue ? formatNumber(l.value) : "null");
    } else {
        s += ",\"key\":" + keyJson(d.key) + ",\"window\":" + windowJson(d.window)
            + ",\"firing\":" + std::to_string(d.firing);
        if (d.kind != Difference::Kind::FireOnlyIn) {
            s += std::string(",\"resultDiffers\":") + (d.resultDiffers ? "true" : "false")
                + ",\"timingDiffers\":" + (d.timingDiffers ? "true" : "false");
        }
    }
    return s + ",\"a\":" + sideJson(d.a) + ",\"b\":" + sideJson(d.b) + "}";
}

} // namespace tidemark::cli
