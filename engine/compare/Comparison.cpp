#include "engine/compare/Comparison.h"

#include "engine/core/NumberText.h"
#include "engine/io/JsonFields.h"
#include "engine/io/ScenarioNames.h"
#include "engine/player/EventQueue.h"
#include "engine/player/TimeFormat.h"

#include <algorithm>
#include <vector>

namespace tidemark::compare {

namespace {

std::string duration(DurationMs d)
{
    return TimeFormatter::duration(d);
}

// A record as people name it: "key 0001, ts 1538359894000, value 3", or "watermark 4999".
std::string recordText(const Scenario& s, const InputRecord& r)
{
    if (r.isWatermark())
        return "watermark " + std::to_string(r.ts);
    std::string text;
    if (r.key != kNoKey && r.key < s.keys.size())
        text = "key " + s.keys.name(r.key) + ", ";
    text += "ts " + std::to_string(r.ts);
    if (r.hasValue)
        text += ", value " + formatNumber(r.value);
    return text;
}

// "record 5", with where it is in the events file `file` the records came from: "record 5
// (post000-kafka-lines.csv:5)".
std::string recordName(const std::optional<InputFileSpec>& file, const InputRecord& r, std::size_t index)
{
    std::string name = "record " + std::to_string(index + 1);
    if (file && r.sourceLine > 0)
        name += " (" + file->file + ":" + std::to_string(r.sourceLine) + ")";
    return name;
}

std::optional<std::string> keyText(const Scenario& s, KeyId key)
{
    if (key == kNoKey || key >= s.keys.size())
        return std::nullopt;
    return s.keys.name(key);
}

bool sameEvent(const Scenario& a, const InputRecord& ra, const Scenario& b, const InputRecord& rb)
{
    return ra.kind == rb.kind && ra.ts == rb.ts && keyText(a, ra.key) == keyText(b, rb.key)
        && ra.hasValue == rb.hasValue && (!ra.hasValue || ra.value == rb.value);
}

// The labels of both runs, built up one differing setting at a time.
class Labels {
public:
    void add(std::string a, std::string b)
    {
        m_a.push_back(std::move(a));
        m_b.push_back(std::move(b));
    }
    template <class T, class Name> void check(const T& a, const T& b, Name name)
    {
        if (!(a == b))
            add(name(a), name(b));
    }
    // Each of `other`'s labels, named with `prefix` ("payments idleness 2 s").
    void addAll(const Labels& other, const std::string& prefix)
    {
        for (std::size_t i = 0; i < other.m_a.size(); ++i)
            add(prefix + other.m_a[i], prefix + other.m_b[i]);
    }
    RunLabels done() const
    {
        if (m_a.empty())
            return {"the same pipeline", "the same pipeline"};
        return {join(m_a), join(m_b)};
    }

private:
    static std::string join(const std::vector<std::string>& parts)
    {
        std::string s;
        for (const auto& p : parts)
            s += (s.empty() ? "" : ", ") + p;
        return s;
    }
    std::vector<std::string> m_a;
    std::vector<std::string> m_b;
};

std::string strategyName(WatermarkConfig::Strategy s)
{
    switch (s) {
    case WatermarkConfig::Strategy::BoundedOutOfOrderness:
        return "forBoundedOutOfOrderness";
    case WatermarkConfig::Strategy::Monotonous:
        return "forMonotonousTimestamps";
    case WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness:
        return "BoundedOutOfOrdernessTimestampExtractor";
    case WatermarkConfig::Strategy::Input:
        return "watermarks from the input";
    }
    return "?";
}

std::string partitioningName(WatermarkConfig::Partitioning p)
{
    switch (p) {
    case WatermarkConfig::Partitioning::Rebalance:
        return "rebalance";
    case WatermarkConfig::Partitioning::Forward:
        return "forward";
    case WatermarkConfig::Partitioning::Channel:
        return "channels from the records";
    }
    return "?";
}

std::string assignerName(const AssignerSpec& a)
{
    std::string s;
    switch (a.type) {
    case AssignerSpec::Type::Tumbling:
        s = "tumbling " + duration(a.sizeMs);
        break;
    case AssignerSpec::Type::Sliding:
        s = "sliding " + duration(a.sizeMs) + " every " + duration(a.slideMs);
        break;
    case AssignerSpec::Type::Session:
        s = "session gap " + duration(a.gapMs);
        break;
    case AssignerSpec::Type::Cumulate:
        s = "cumulate up to " + duration(a.sizeMs) + " every " + duration(a.stepMs);
        break;
    case AssignerSpec::Type::Global:
        return "global window";
    }
    if (a.offsetMs != 0)
        s += " offset " + duration(a.offsetMs);
    if (a.timeDomain == TimeDomain::Processing)
        s += " in processing time";
    return s;
}

std::string triggerName(const TriggerSpec& t)
{
    switch (t.type) {
    case TriggerSpec::Type::Default:
        return "the assigner's default trigger";
    case TriggerSpec::Type::EventTime:
        return "EventTimeTrigger";
    case TriggerSpec::Type::ProcessingTime:
        return "ProcessingTimeTrigger";
    case TriggerSpec::Type::Count:
        return "CountTrigger " + std::to_string(t.count);
    case TriggerSpec::Type::ContinuousEventTime:
        return "ContinuousEventTimeTrigger " + duration(t.intervalMs);
    case TriggerSpec::Type::Never:
        return "a trigger that never fires";
    case TriggerSpec::Type::EndOfStream:
        return "a trigger at the end of the stream";
    }
    return "?";
}

std::string functionName(const FunctionSpec& f)
{
    switch (f.type) {
    case FunctionSpec::Type::Count:
        return "count";
    case FunctionSpec::Type::Sum:
        return "sum of " + f.field;
    case FunctionSpec::Type::Min:
        return "min of " + f.field;
    case FunctionSpec::Type::Max:
        return "max of " + f.field;
    case FunctionSpec::Type::Avg:
        return "average of " + f.field;
    case FunctionSpec::Type::List:
        return "list of " + f.field;
    }
    return "?";
}

std::string evictorName(const EvictorSpec& e)
{
    std::string s;
    switch (e.type) {
    case EvictorSpec::Type::None:
        return "no evictor";
    case EvictorSpec::Type::Count:
        s = "CountEvictor " + std::to_string(e.maxCount);
        break;
    case EvictorSpec::Type::Time:
        s = "TimeEvictor " + duration(e.keepMs);
        break;
    case EvictorSpec::Type::Delta:
        s = "DeltaEvictor " + formatNumber(e.threshold);
        break;
    }
    return e.evictAfter ? s + " after the function" : s;
}

bool sameAssigner(const AssignerSpec& a, const AssignerSpec& b)
{
    return a.type == b.type && a.timeDomain == b.timeDomain && a.sizeMs == b.sizeMs && a.slideMs == b.slideMs
        && a.stepMs == b.stepMs && a.offsetMs == b.offsetMs && a.gapMs == b.gapMs;
}

void compareAssigners(Labels& l, const AssignerSpec& a, const AssignerSpec& b)
{
    if (sameAssigner(a, b))
        return;
    // Another kind of window is named whole; the same kind by the settings that differ.
    if (a.type != b.type || a.type == AssignerSpec::Type::Global) {
        l.add(assignerName(a), assignerName(b));
        return;
    }
    const auto named = [](std::string what) { return [what](DurationMs d) { return what + " " + duration(d); }; };
    l.check(a.sizeMs, b.sizeMs, named("window size"));
    l.check(a.slideMs, b.slideMs, named("slide"));
    l.check(a.stepMs, b.stepMs, named("cumulate step"));
    l.check(a.gapMs, b.gapMs, named("session gap"));
    l.check(a.offsetMs, b.offsetMs, named("window offset"));
    l.check(a.timeDomain, b.timeDomain, [](TimeDomain d) {
        return d == TimeDomain::Event ? std::string("event-time windows") : std::string("processing-time windows");
    });
}

void compareWatermarks(Labels& l, const PipelineConfig& a, const PipelineConfig& b)
{
    const WatermarkConfig& wa = a.watermarks;
    const WatermarkConfig& wb = b.watermarks;
    // env.setParallelism(N) sets both; name it once when each run has one parallelism throughout.
    const bool oneEach = wa.parallelism == a.window.parallelism && wb.parallelism == b.window.parallelism;
    const auto number = [](std::string what) { return [what](int n) { return what + " " + std::to_string(n); }; };
    if (oneEach) {
        l.check(wa.parallelism, wb.parallelism, number("parallelism"));
    } else {
        l.check(wa.parallelism, wb.parallelism, number("watermark parallelism"));
        l.check(a.window.parallelism, b.window.parallelism, number("window parallelism"));
    }
    l.check(a.sourceParallelism, b.sourceParallelism, number("source parallelism"));
    l.check(wa.partitioning, wb.partitioning, partitioningName);
    l.check(wa.firstChannel, wb.firstChannel, number("round robin from channel"));
    l.check(wa.strategy, wb.strategy, strategyName);
    l.check(wa.maxOutOfOrdernessMs, wb.maxOutOfOrdernessMs,
        [](DurationMs d) { return "max out-of-orderness " + duration(d); });
    l.check(wa.emission, wb.emission, [](WatermarkConfig::Emission e) {
        return e == WatermarkConfig::Emission::PerEvent ? std::string("watermarks per event")
                                                        : std::string("periodic watermarks");
    });
    l.check(wa.periodMs, wb.periodMs, [](DurationMs d) { return "auto-watermark interval " + duration(d); });
    l.check(wa.idlenessMs, wb.idlenessMs,
        [](DurationMs d) { return d == 0 ? std::string("no idleness") : "idleness " + duration(d); });
}

void compareWindows(Labels& l, const WindowConfig& a, const WindowConfig& b)
{
    l.check(a.keyBy, b.keyBy,
        [](const std::optional<std::string>& k) { return k ? "keyBy " + *k : std::string("windowAll"); });
    compareAssigners(l, a.assigner, b.assigner);
    if (!(a.trigger.type == b.trigger.type && a.trigger.count == b.trigger.count
            && a.trigger.intervalMs == b.trigger.intervalMs))
        l.add(triggerName(a.trigger), triggerName(b.trigger));
    l.check(a.purging, b.purging, [](bool p) { return p ? std::string("PurgingTrigger") : std::string("no purging"); });
    l.check(a.allowedLatenessMs, b.allowedLatenessMs, [](DurationMs d) { return "allowed lateness " + duration(d); });
    l.check(a.lateSideOutput, b.lateSideOutput,
        [](bool s) { return s ? std::string("late side output") : std::string("no late side output"); });
    if (!(a.function.type == b.function.type && a.function.field == b.function.field))
        l.add(functionName(a.function), functionName(b.function));
    const EvictorSpec& ea = a.evictor;
    const EvictorSpec& eb = b.evictor;
    if (!(ea.type == eb.type && ea.maxCount == eb.maxCount && ea.keepMs == eb.keepMs && ea.threshold == eb.threshold
            && ea.evictAfter == eb.evictAfter))
        l.add(evictorName(ea), evictorName(eb));
}

// How the same records come: explicit arrivals and channels, the first that differs (`source` names a graph's source).
void compareRecordArrivals(
    Labels& l, const std::vector<InputRecord>& as, const std::vector<InputRecord>& bs, const std::string& source = {})
{
    const std::size_t n = std::min(as.size(), bs.size());
    for (std::size_t i = 0; i < n; ++i) {
        const InputRecord& ra = as[i];
        const InputRecord& rb = bs[i];
        const std::string record = "record " + std::to_string(i + 1) + (source.empty() ? "" : " of " + source);
        if (ra.arrival != rb.arrival) {
            const auto at = [&](Timestamp t) {
                return t == InputRecord::kNoArrival ? record + " at the default spacing"
                                                    : record + " arrives at " + TimeFormatter::processingTime(t);
            };
            l.add(at(ra.arrival), at(rb.arrival));
            return;
        }
        if (ra.channel != rb.channel) {
            const auto on = [&](std::int32_t c) {
                return c == InputRecord::kNoChannel ? record + " on no named channel"
                                                    : record + " on channel " + std::to_string(c);
            };
            l.add(on(ra.channel), on(rb.channel));
            return;
        }
    }
}

// How the same events come: the arrival rule, explicit arrivals and channels, and when the input ends.
void compareArrivals(Labels& l, const Scenario& a, const Scenario& b)
{
    l.check(a.arrivals, b.arrivals, [](const ArrivalRule& r) { return "records arrive " + describeArrivals(r); });
    l.check(a.inputEndMs, b.inputEndMs, [](const std::optional<Timestamp>& t) {
        return t ? "input ends at " + TimeFormatter::processingTime(*t) : std::string("input ends at the last record");
    });
    if (!a.graph) {
        compareRecordArrivals(l, a.records, b.records);
        return;
    }
    for (std::size_t i = 0; i < std::min(a.graph->sources.size(), b.graph->sources.size()); ++i) {
        compareRecordArrivals(l, a.graph->sources[i].records, b.graph->sources[i].records, a.graph->sources[i].name);
    }
}

// Two graphs' sources (by position: they read the same events) and operators (by name), each label named by its
// source or operator.
// The differences of two sources' or two assigners' watermarks, as a chain's.
void compareGenerators(Labels& l, const WatermarkConfig& a, const WatermarkConfig& b)
{
    PipelineConfig pa;
    PipelineConfig pb;
    pa.watermarks = a;
    pb.watermarks = b;
    pa.window.parallelism = a.parallelism; // their parallelism is their generators'
    pb.window.parallelism = b.parallelism;
    compareWatermarks(l, pa, pb);
}

void compareGraphs(Labels& l, const JobGraph& a, const JobGraph& b)
{
    for (std::size_t i = 0; i < std::min(a.sources.size(), b.sources.size()); ++i) {
        Labels one;
        compareGenerators(one, a.sources[i].watermarks, b.sources[i].watermarks);
        l.addAll(one, a.sources[i].name + " ");
    }
    for (const GraphOperator& oa : a.operators) {
        const auto ob = std::find_if(
            b.operators.begin(), b.operators.end(), [&](const GraphOperator& o) { return o.name == oa.name; });
        if (ob == b.operators.end()) {
            l.add(oa.name, "no " + oa.name);
            continue;
        }
        Labels one;
        if (oa.kind != ob->kind) {
            const auto kind
                = [](const GraphOperator& o) { return std::string(io::detail::enumName(o.kind, io::kOperatorKinds)); };
            one.add(kind(oa), kind(*ob));
        } else if (oa.inputs != ob->inputs) {
            const auto reads = [](const GraphOperator& o) {
                std::string s = "reads ";
                for (std::size_t i = 0; i < o.inputs.size(); ++i)
                    s += (i ? ", " : "") + o.inputs[i];
                return s;
            };
            one.add(reads(oa), reads(*ob));
        } else if (oa.runsWindow()) {
            compareWindows(one, oa.chainWindow(), ob->chainWindow());
        } else if (oa.kind == GraphOperator::Kind::Watermarks) {
            compareGenerators(one, oa.watermarks, ob->watermarks);
        } else {
            const IntervalJoinSpec& ja = oa.join;
            const IntervalJoinSpec& jb = ob->join;
            const auto between = [](const IntervalJoinSpec& j) {
                return "between(" + duration(j.lowerMs) + ", " + duration(j.upperMs) + ")"
                    + (j.lowerInclusive ? "" : " lowerBoundExclusive()")
                    + (j.upperInclusive ? "" : " upperBoundExclusive()")
                    + (j.lateSideOutputs ? " late side outputs" : "");
            };
            if (oa.kind == GraphOperator::Kind::IntervalJoin && between(ja) != between(jb))
                one.add(between(ja), between(jb));
            if (oa.runsProcessFunction()
                && (oa.process.timeoutMs != ob->process.timeoutMs || oa.process.intervalMs != ob->process.intervalMs
                    || oa.process.type != ob->process.type)) {
                const auto function = [](const ProcessFunctionSpec& f) {
                    return f.hasTimeout()                                    ? "timeout " + duration(f.timeoutMs)
                        : f.type == ProcessFunctionSpec::Type::PeriodicCount ? "count every " + duration(f.intervalMs)
                                                                             : std::string("sort until the watermark");
                };
                one.add(function(oa.process), function(ob->process));
            }
            one.check(oa.parallelism, ob->parallelism, [](int n) { return "parallelism " + std::to_string(n); });
        }
        l.addAll(one, oa.name + " ");
    }
    for (const GraphOperator& ob : b.operators) {
        if (std::none_of(
                a.operators.begin(), a.operators.end(), [&](const GraphOperator& o) { return o.name == ob.name; }))
            l.add("no " + ob.name, ob.name);
    }
}

// One run's records: a chain's, or a graph source's, with the events file they came from (if any).
struct Events {
    const Scenario& scenario;
    const std::vector<InputRecord>& records;
    const std::optional<InputFileSpec>& file;
};

// The first record that differs between two lists of the same events; `source` names a graph's source.
std::optional<std::string> recordsDiffer(const Events& ea, const Events& eb, const std::string& source)
{
    const Scenario& a = ea.scenario;
    const Scenario& b = eb.scenario;
    const std::vector<InputRecord>& as = ea.records;
    const std::vector<InputRecord>& bs = eb.records;
    const std::string of = source.empty() ? "" : " of " + source;
    const std::size_t n = std::min(as.size(), bs.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (!sameEvent(a, as[i], b, bs[i])) {
            return "A and B do not read the same events: " + recordName(ea.file, as[i], i) + of + " is "
                + recordText(a, as[i]) + " in A but " + recordText(b, bs[i]) + " in B";
        }
    }
    if (as.size() != bs.size()) {
        const bool aLonger = as.size() > bs.size();
        const Events& longer = aLonger ? ea : eb;
        const InputRecord& extra = longer.records[n];
        return "A and B do not read the same events: " + (source.empty() ? "A" : source + " in A") + " reads "
            + std::to_string(as.size()) + " records and " + (source.empty() ? "B " : "in B ")
            + std::to_string(bs.size()) + "; " + recordName(longer.file, extra, n) + of + " ("
            + recordText(longer.scenario, extra) + ") is only in " + (aLonger ? "A" : "B");
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> eventsDiffer(const Scenario& a, const Scenario& b)
{
    if (a.graph.has_value() != b.graph.has_value())
        return std::string("A and B are not the same kind of job: ")
            + (a.graph ? "A is a job graph and B" : "B is a job graph and A")
            + " a chain (one source, one window operator); compare two graphs or two chains";
    if (!a.graph)
        return recordsDiffer({a, a.records, a.inputFile}, {b, b.records, b.inputFile}, {});
    const auto& as = a.graph->sources;
    const auto& bs = b.graph->sources;
    for (std::size_t i = 0; i < std::max(as.size(), bs.size()); ++i) {
        if (i >= as.size() || i >= bs.size() || as[i].name != bs[i].name) {
            const auto name = [&](const std::vector<GraphSource>& v) {
                return i < v.size() ? "\"" + v[i].name + "\"" : std::string("none");
            };
            return "A and B do not read the same sources: source " + std::to_string(i + 1) + " is " + name(as)
                + " in A and " + name(bs) + " in B";
        }
        if (auto d
            = recordsDiffer({a, as[i].records, as[i].inputFile}, {b, bs[i].records, bs[i].inputFile}, as[i].name))
            return d;
    }
    return std::nullopt;
}

RunLabels describeDifference(const Scenario& a, const Scenario& b)
{
    Labels l;
    l.check(
        a.pipeline.flinkVersion, b.pipeline.flinkVersion, [](const FlinkVersion& v) { return "Flink " + v.name(); });
    if (a.graph && b.graph) {
        compareGraphs(l, *a.graph, *b.graph);
    } else {
        compareWatermarks(l, a.pipeline, b.pipeline);
        compareWindows(l, a.pipeline.window, b.pipeline.window);
    }
    l.check(a.pipeline.endOfInput, b.pipeline.endOfInput, [](EndOfInput e) {
        return e == EndOfInput::None ? std::string("unbounded input")
            : e == EndOfInput::Drain ? std::string("input drained at its end")
                                     : std::string("bounded input");
    });
    compareArrivals(l, a, b);
    return l.done();
}

} // namespace tidemark::compare
