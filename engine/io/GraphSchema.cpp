// A job graph's scenario (docs/job-graph.md), read with the scenario's own schema pieces: the top level a chain has,
// each source's "input" as a chain's and its "watermarks" as a chain's, each window as a chain's window.
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioNames.h"
#include "engine/io/ScenarioSchema.h"
#include "engine/io/SchemaFields.h"
#include "engine/runtime/StreamGraph.h"

#include <algorithm>

namespace tidemark::io::schema {

using detail::JsonNode;

namespace {

using Op = GraphOperator;
using Fn = ProcessFunctionSpec;

const Schema<Fn>& processFunction()
{
    static const Schema<Fn> s = [] {
        Schema<Fn> schema = named<Fn>("function", Layout::Inline,
            {
                choice("type", &Fn::type, kProcessFunctions),
                needed(when(integer("timeoutMs", &Fn::timeoutMs), [](const Fn& f) { return f.hasTimeout(); }),
                    "how long after a record its timer fires"),
                needed(when(integer("intervalMs", &Fn::intervalMs),
                           [](const Fn& f) { return f.type == Fn::Type::PeriodicCount; }),
                    "how many ms of event time each count covers"),
            },
            "type");
        return schema;
    }();
    return s;
}

const Schema<IntervalJoinSpec>& joinBounds()
{
    using J = IntervalJoinSpec;
    static const Schema<J> s = named<J>("interval join", Layout::Inline,
        {
            needed(integer("lowerMs", &J::lowerMs), "between(lower, upper): the earliest right record, relative"),
            needed(integer("upperMs", &J::upperMs), "between(lower, upper): the latest right record, relative"),
            flag("lowerInclusive", &J::lowerInclusive),
            flag("upperInclusive", &J::upperInclusive),
            flag("lateSideOutputs", &J::lateSideOutputs),
        });
    return s;
}

// A window join's or coGroup's window: a chain's window without its function (the join is the function).
const Schema<WindowConfig>& joinWindow()
{
    static const Schema<WindowConfig> s = [] {
        Schema<WindowConfig> w = window();
        std::erase_if(w.fields, [](const Field<WindowConfig>& f) { return f.key == "function"; });
        return w;
    }();
    return s;
}

Field<Op> inputsField()
{
    Field<Op> f;
    f.key = "inputs";
    f.read = [](const JsonNode& n, Op& op) {
        if (n.kind != JsonNode::Kind::Array)
            detail::expected(n, "an array of stream names", "inputs");
        for (const JsonNode& item : n.items)
            op.inputs.push_back(detail::asString(item, "inputs"));
    };
    f.write = [](const Op& op, std::string_view) -> std::optional<std::string> {
        std::string s = "[";
        for (const std::string& in : op.inputs)
            s += (s.size() > 1 ? ", " : "") + jsonString(in);
        return s + "]";
    };
    return f;
}

const Schema<Op>& graphOperator()
{
    static const Schema<Op> s = [] {
        const auto is
            = [](Op::Kind k) { return std::function<bool(const Op&)>([k](const Op& op) { return op.kind == k; }); };
        Field<Op> join;
        join.key = "between";
        join.read = [](const JsonNode& n, Op& op) { read(joinBounds(), n, op.join); };
        join.write = [](const Op& op, std::string_view indent) -> std::optional<std::string> {
            return write(joinBounds(), op.join, indent);
        };
        Schema<Op> schema {
            [](const Op& op) { return std::string(detail::enumName(op.kind, kOperatorKinds)) + " operator"; },
            Layout::Wrapped,
            "type",
            "operator",
            {
                choice("type", &Op::kind, kOperatorKinds),
                needed(text("name", &Op::name), "what print(name) prefixes its output with, and others read it by"),
                needed(inputsField(), "the names of the streams it reads"),
                omittedWhen(when(integer("parallelism", &Op::parallelism),
                                [](const Op& op) {
                                    return op.kind != Op::Kind::Union && op.kind != Op::Kind::Window
                                        && op.kind != Op::Kind::Watermarks;
                                }),
                    [](const Op& op) { return op.parallelism == 1; }),
                needed(when(join, is(Op::Kind::IntervalJoin))),
                needed(when(object("function", &Op::process, processFunction()),
                    [](const Op& op) { return op.runsProcessFunction(); })),
                onNewLine(needed(when(object("window", &Op::window, window()), is(Op::Kind::Window)))),
                onNewLine(needed(
                    when(object("window", &Op::window, joinWindow()), [](const Op& op) { return op.joinsInWindows(); }),
                    "the window both inputs' records are grouped in, per key")),
                onNewLine(needed(when(object("watermarks", &Op::watermarks, watermarks()), is(Op::Kind::Watermarks)),
                    "the strategy it assigns, as a source's, its parallelism and partitioning")),
            },
        };
        return schema;
    }();
    return s;
}

// The node a graph rule's path names ("operators.2.inputs.1", "operators.0.window.parallelism"), or the nearest
// one the file has.
const JsonNode& nodeAtPath(const JsonNode& root, std::string_view path)
{
    const JsonNode* at = &root;
    while (!path.empty()) {
        const auto dot = path.find('.');
        const std::string_view part = path.substr(0, dot);
        const JsonNode* next = nullptr;
        if (at->kind == JsonNode::Kind::Array) {
            const std::size_t i = static_cast<std::size_t>(std::stoul(std::string(part)));
            next = i < at->items.size() ? &at->items[i] : nullptr;
        } else {
            next = at->member(part);
        }
        if (!next)
            break;
        at = next;
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    return *at;
}

// Calls `visit(op, input)` for each operator input that reads source `src`, directly or through unions.
template <typename Visit> void forEachReader(const JobGraph& g, const GraphSource& src, Visit visit)
{
    std::vector<std::string> names {src.name}; // the source and the unions that hold it
    const auto read = [&](const std::string& in) { return std::find(names.begin(), names.end(), in) != names.end(); };
    for (std::size_t round = 0; round <= g.operators.size(); ++round) { // a union of unions, one level a round
        for (const GraphOperator& op : g.operators) {
            if (op.kind == Op::Kind::Union && std::any_of(op.inputs.begin(), op.inputs.end(), read) && !read(op.name))
                names.push_back(op.name);
        }
    }
    for (const GraphOperator& op : g.operators) {
        for (std::size_t i = 0; op.kind != Op::Kind::Union && i < op.inputs.size(); ++i) {
            if (read(op.inputs[i]))
                visit(op, i);
        }
    }
}

// What a source's records must carry for the operators that read it (directly or through unions): a key when one
// of them is keyed, a value when a window function reads values or the source is a rules stream. As a chain's
// pipeline, for the chain's checks, with the operator that needs each named for the messages.
void recordNeeds(const JobGraph& g, const GraphSource& src, Scenario& one)
{
    PipelineConfig& p = one.pipeline;
    p.watermarks = src.watermarks;
    p.window.keyBy.reset();
    p.window.function.type = FunctionSpec::Type::Count;
    const std::string from = " reads " + jsonString(src.name);
    forEachReader(g, src, [&](const GraphOperator& op, std::size_t input) {
        if (op.broadcastInput(input)) {
            // a rules stream: no key, and each record's value is the rule
            p.window.function = FunctionSpec {FunctionSpec::Type::Sum, "value"};
            one.valueNeededBy = jsonString(op.name) + from + " as its broadcast rules, each record's value a timeout";
        } else if (op.kind != Op::Kind::Window || op.window.keyBy.has_value()) {
            if (!p.window.keyBy)
                one.keyNeededBy = jsonString(op.name) + from + " keyed, by keyBy(event -> event.key)";
            p.window.keyBy = "key";
        }
        if (op.joinsInWindows())
            return; // the join reads keys and timestamps only
        PipelineConfig reader;
        reader.window = op.window;
        if (op.kind == Op::Kind::Window && rules::recordRulesFor(reader).requireValue) {
            p.window.function = op.window.function;
            one.valueNeededBy = "window " + jsonString(op.name) + from + ", and its function "
                + jsonString(detail::enumName(op.window.function.type, kFunctions)) + " reads the value";
        }
    });
}

// The broadcast-process operator that reads `src` on its broadcast side when nothing reads it keyed (whose keys a
// record would need), or null.
const GraphOperator* broadcastOnlyReader(const JobGraph& g, const GraphSource& src)
{
    const GraphOperator* reader = nullptr;
    bool keyed = false;
    forEachReader(g, src, [&](const GraphOperator& op, std::size_t input) {
        if (op.broadcastInput(input))
            reader = &op;
        else
            keyed = keyed || op.kind != Op::Kind::Window || op.window.keyBy.has_value();
    });
    return keyed ? nullptr : reader;
}

// A broadcast side's records carry no key: every subtask reads each one, and processBroadcastElement has no current
// key. A key there most often means a rule meant for one key, which broadcast state does not do by itself.
void refuseKeys(const JsonNode& input, const GraphSource& src, const GraphOperator& op)
{
    const std::string why = " (" + jsonString(src.name) + " is broadcast to every subtask of " + jsonString(op.name)
        + ": processBroadcastElement has no current key, so a rule holds for every key, and Flink refuses "
          "rules.keyBy(...).broadcast(...) with \"Cannot override partitioning for KeyedStream.\"); leave the key "
          "out, or put it in the rule and look it up in the broadcast state";
    if (const JsonNode* fields = input.member("fields"); fields && fields->member("key"))
        detail::fail(*fields->member("key"), "unexpected \"key\" field for a broadcast side's events" + why);
    const JsonNode* records = input.member("records");
    for (std::size_t k = 0; k < src.records.size(); ++k) {
        if (src.records[k].key == kNoKey || src.records[k].isWatermark())
            continue;
        if (records && records->kind == JsonNode::Kind::Array && k < records->items.size()) {
            const JsonNode& record = records->items[k];
            detail::fail(record.member("key") ? *record.member("key") : record,
                "unexpected \"key\" in a record of a broadcast side" + why);
        }
        detail::fail(input, "unexpected keys in the records of a broadcast side" + why);
    }
}

} // namespace

const Schema<Scenario>& graphScenario()
{
    // The top level as a chain's, "input" and "pipeline" aside; then the graph's own parts, whose reading readGraph
    // does (the sources' records are checked against the operators that read them, so they come last).
    static const Schema<Scenario> s = [] {
        Schema<Scenario> s = scenario();
        std::erase_if(s.fields, [](const Field<Scenario>& f) { return f.key == "input" || f.key == "pipeline"; });
        s.settled = {};
        const auto ignore = [](const JsonNode&, Scenario&) {};
        Field<Scenario> sources;
        sources.key = "sources";
        sources.read = ignore;
        sources.write = [](const Scenario& sc, std::string_view indent) -> std::optional<std::string> {
            // each source's object a block, under its name in the file's order
            const std::string at = std::string(indent) + "  ";
            std::string out = "{";
            for (const GraphSource& src : sc.graph->sources) {
                out += (out.size() > 1 ? ",\n" : "\n") + at + jsonString(src.name) + ": {\n" + at
                    + "  \"input\": " + writeInput(sc.keys, src.records, src.inputFile, at + "  ") + ",\n";
                if (src.kafka)
                    out += at + "  \"kafka\": " + write(kafka(), *src.kafka, at + "  ") + ",\n";
                out += at + "  \"watermarks\": " + write(watermarks(), src.watermarks, at + "  ") + "\n" + at + "}";
            }
            return out + "\n" + std::string(indent) + "}";
        };
        sources.differ = [](const Scenario& a, const Scenario& b) -> std::string {
            const auto& as = a.graph->sources;
            const auto& bs = b.graph->sources;
            for (std::size_t i = 0; i < std::min(as.size(), bs.size()); ++i) {
                const std::string at = "sources." + as[i].name + ".";
                if (as[i].name != bs[i].name)
                    return "sources[" + std::to_string(i) + "]: " + jsonString(as[i].name) + " vs "
                        + jsonString(bs[i].name);
                if (as[i].kafka.has_value() != bs[i].kafka.has_value())
                    return at + "kafka: " + (as[i].kafka ? "a Kafka source" : "none") + " vs "
                        + (bs[i].kafka ? "a Kafka source" : "none");
                if (as[i].kafka) {
                    if (auto d = difference(kafka(), *as[i].kafka, *bs[i].kafka, at + "kafka."))
                        return *d;
                }
                if (auto d = difference(watermarks(), as[i].watermarks, bs[i].watermarks, at + "watermarks."))
                    return *d;
                if (std::string d = inputDifference({a.keys, as[i].records, as[i].inputFile},
                        {b.keys, bs[i].records, bs[i].inputFile}, at + "input");
                    !d.empty())
                    return d;
            }
            if (as.size() != bs.size())
                return "sources: " + std::to_string(as.size()) + " vs " + std::to_string(bs.size()) + " sources";
            return {};
        };
        Field<Scenario> operators;
        operators.key = "operators";
        operators.read = ignore;
        operators.write = [](const Scenario& sc, std::string_view indent) -> std::optional<std::string> {
            std::vector<std::string> items;
            for (const GraphOperator& op : sc.graph->operators)
                items.push_back(write(graphOperator(), op, std::string(indent) + "   "));
            return itemLines(items, indent);
        };
        Field<Scenario> end;
        end.key = "endOfInput";
        end.read = [](const JsonNode& n, Scenario& sc) {
            sc.pipeline.endOfInput = detail::asEnum(n, "endOfInput", kEndOfInputs);
        };
        end.write = [](const Scenario& sc, std::string_view) -> std::optional<std::string> {
            return jsonString(detail::enumName(sc.pipeline.endOfInput, kEndOfInputs));
        };
        s.fields.push_back(needed(sources));
        s.fields.push_back(needed(operators));
        s.fields.push_back(end);
        return s;
    }();
    return s;
}

void readGraph(const JsonNode& root, Scenario& sc, const InputReader& loadInput)
{
    const Schema<Scenario>& top = graphScenario();
    read(top, root, sc);
    JobGraph& g = sc.graph.emplace();

    const JsonNode& operators = *root.member("operators");
    if (operators.kind != JsonNode::Kind::Array)
        detail::expected(operators, "an array of operators", "operators");
    for (const JsonNode& item : operators.items) {
        if (item.kind != JsonNode::Kind::Object)
            detail::expected(item, "an operator object", {});
        GraphOperator op;
        read(graphOperator(), item, op);
        g.operators.push_back(std::move(op));
    }

    const JsonNode& sources = *root.member("sources");
    if (sources.kind != JsonNode::Kind::Object)
        detail::expected(sources, "an object of named sources", "sources");
    for (std::size_t i = 0; i < sources.keys.size(); ++i) {
        const JsonNode& node = sources.items[i];
        const std::string& name = sources.keys[i].name;
        const std::string context = "source " + jsonString(name); // Obj keeps a view of it
        const detail::Obj o(node, context, {"input", "kafka", "watermarks"});
        GraphSource src;
        src.name = name;
        const JsonNode& wm = o.req("watermarks", "how the source's watermarks are made");
        read(watermarks(), wm, src.watermarks);
        if (const JsonNode* k = node.member("kafka")) {
            read(kafka(), *k, src.kafka.emplace());
            // a Kafka source's records stay with the reader of their partition (PipelineRules checks a partitioning
            // the file does say)
            if (!wm.member("partitioning"))
                src.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
        }
        o.req("input", "the source's records, inline or an event file");
        g.sources.push_back(std::move(src));
    }

    const auto failAt
        = [&](const std::string& path, const std::string& message) { detail::fail(nodeAtPath(root, path), message); };
    // The parts that are a chain's keep the chain's rules (PipelineRules): a field the rules name under `chainPath`
    // is the same field under `graphPath` here.
    // Each rule's path is the first of the chain's paths it starts with, rewritten to the graph's.
    using Paths = std::vector<std::pair<std::string_view, std::string>>;
    const auto chainRules = [&](PipelineConfig p, const Paths& paths) {
        p.flinkVersion = sc.pipeline.flinkVersion;
        for (const rules::Violation& broken : rules::violations(p)) {
            for (const auto& [chainPath, graphPath] : paths) {
                if (broken.path().starts_with(chainPath))
                    failAt(graphPath + broken.path().substr(chainPath.size()), broken.message);
            }
        }
    };
    for (const GraphSource& src : g.sources) {
        const std::string at = "sources." + src.name + ".";
        chainRules(src.chainSource(sc.pipeline.endOfInput, sc.pipeline.flinkVersion),
            {{"pipeline.watermarks.", at + "watermarks."}, {"pipeline.source.kafka.", at + "kafka."}});
    }
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        const GraphOperator& op = g.operators[o];
        if (op.kind == GraphOperator::Kind::Watermarks) {
            // as a source's generators; how records reach its subtasks is a graph rule (its inputs' parallelism)
            PipelineConfig p;
            p.watermarks = op.watermarks;
            p.sourceParallelism = op.watermarks.parallelism;
            chainRules(p, {{"pipeline.watermarks.", "operators." + std::to_string(o) + ".watermarks."}});
        }
        if (!op.runsWindow())
            continue;
        PipelineConfig p;
        p.window = op.chainWindow();
        chainRules(p, {{"pipeline.window.", "operators." + std::to_string(o) + ".window."}});
    }
    if (const auto broken = graphViolations(g); !broken.empty())
        failAt(broken.front().path, broken.front().message);

    // Each source's records, held to what the operators that read them need.
    for (std::size_t i = 0; i < g.sources.size(); ++i) {
        GraphSource& src = g.sources[i];
        Scenario one;
        recordNeeds(g, src, one);
        one.pipeline.flinkVersion = sc.pipeline.flinkVersion;
        one.pipeline.kafka = src.kafka; // each record's partition, within the topic's
        one.pipeline.sourceParallelism = src.watermarks.parallelism;
        one.arrivals = sc.arrivals;
        one.lenient = sc.lenient;
        one.keys = std::move(sc.keys);
        const JsonNode& input = *sources.items[i].member("input");
        loadInput(input, one);
        sc.keys = std::move(one.keys);
        src.records = std::move(one.records);
        src.inputFile = std::move(one.inputFile);
        if (const GraphOperator* op = broadcastOnlyReader(g, src))
            refuseKeys(input, src, *op);
    }
}

} // namespace tidemark::io::schema
