#include "engine/runtime/StreamGraph.h"

#include "engine/core/JsonText.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace tidemark {

namespace {

using Kind = GraphOperator::Kind;

std::string quoted(const std::string& s)
{
    return jsonString(s);
}

std::string operatorPath(std::size_t o)
{
    return "operators." + std::to_string(o);
}

bool isKeyed(const GraphOperator& op)
{
    return op.kind == Kind::IntervalJoin || op.runsProcessFunction() || op.joinsInWindows()
        || (op.kind == Kind::Window && op.window.keyBy.has_value());
}

// What a window emits cannot be read on when it is a list (the window's pane, not one value).
bool emitsValues(const GraphOperator& op)
{
    return op.kind != Kind::Window || op.window.function.type != FunctionSpec::Type::List;
}

// What a Flink user calls an operator that joins two streams.
const char* joinWords(Kind kind)
{
    return kind == Kind::IntervalJoin ? "interval join" : kind == Kind::WindowJoin ? "window join" : "coGroup";
}

std::string inputCountRule(Kind kind)
{
    switch (kind) {
    case Kind::Union:
        return "a union needs two or more streams (DataStream.union(other, …)); to read one stream, name it directly";
    case Kind::IntervalJoin:
        return "an interval join reads two streams, the left one first (keyedLeft.intervalJoin(keyedRight))";
    case Kind::BroadcastProcess:
        return "a broadcast process function reads a keyed stream, then the broadcast one "
               "(keyed.connect(rules.broadcast(descriptor)).process(f))";
    case Kind::CoProcess:
        return "a co-process function reads two connected streams, the first one first "
               "(keyedFirst.connect(keyedSecond).process(f))";
    case Kind::WindowJoin:
        return "a window join reads two streams, the first one first (first.join(second))";
    case Kind::CoGroup:
        return "a coGroup reads two streams, the first one first (first.coGroup(second))";
    default:
        return "reads one stream; to read several, name a union of them";
    }
}

// The operator type that runs a kind of process function, as the scenario names it.
const char* functionOperator(Kind kind)
{
    switch (kind) {
    case Kind::CoProcess:
        return "\"co-process\" operator (a KeyedCoProcessFunction of two connected inputs)";
    case Kind::BroadcastProcess:
        return "\"broadcast-process\" operator (a KeyedBroadcastProcessFunction, a keyed and a broadcast input)";
    default:
        return "\"process\" operator (a KeyedProcessFunction of one input)";
    }
}

std::size_t expectedInputs(Kind kind)
{
    return kind == Kind::Window || kind == Kind::Process || kind == Kind::Union || kind == Kind::Watermarks
        ? 1
        : 2; // a union: two or more
}

StreamGraph::Partitioner partitionerOf(const GraphOperator& op, std::size_t input)
{
    using P = StreamGraph::Partitioner;
    if (op.broadcastInput(input))
        return P::Broadcast;
    if (op.kind == Kind::Watermarks)
        return op.watermarks.partitioning == WatermarkConfig::Partitioning::Forward ? P::Forward : P::Rebalance;
    return P::Hash;
}

class Names {
public:
    explicit Names(const JobGraph& g)
        : m_graph(g)
    {
        for (std::size_t s = 0; s < g.sources.size(); ++s)
            m_byName.emplace(g.sources[s].name, Ref {static_cast<int>(s), -1});
        for (std::size_t o = 0; o < g.operators.size(); ++o)
            m_byName.emplace(g.operators[o].name, Ref {-1, static_cast<int>(o)});
    }
    struct Ref {
        int source = -1;
        int op = -1;
    };
    const Ref* find(const std::string& name) const
    {
        const auto it = m_byName.find(name);
        return it == m_byName.end() ? nullptr : &it->second;
    }
    std::string known() const
    {
        std::string s;
        for (const auto& src : m_graph.sources)
            s += (s.empty() ? "" : ", ") + quoted(src.name);
        for (const auto& op : m_graph.operators)
            s += (s.empty() ? "" : ", ") + quoted(op.name);
        return s;
    }

private:
    const JobGraph& m_graph;
    std::multimap<std::string, Ref> m_byName;
};

// The operators `o` reads through, found depth first; the first name met twice on the way closes a cycle.
bool findCycle(const JobGraph& g, const Names& names, int o, std::vector<int>& path)
{
    if (std::find(path.begin(), path.end(), o) != path.end()) {
        path.push_back(o);
        return true;
    }
    path.push_back(o);
    for (const std::string& in : g.operators[static_cast<std::size_t>(o)].inputs) {
        const auto* ref = names.find(in);
        if (ref && ref->op >= 0 && findCycle(g, names, ref->op, path))
            return true;
    }
    path.pop_back();
    return false;
}

// The streams behind `name`, a union expanded into its inputs (in their order).
void expand(const JobGraph& g, const Names& names, const std::string& name, std::vector<Names::Ref>& out, int depth = 0)
{
    const auto* ref = names.find(name);
    if (!ref || depth > static_cast<int>(g.operators.size()))
        return;
    if (ref->op >= 0 && g.operators[static_cast<std::size_t>(ref->op)].kind == Kind::Union) {
        for (const std::string& in : g.operators[static_cast<std::size_t>(ref->op)].inputs)
            expand(g, names, in, out, depth + 1);
        return;
    }
    out.push_back(*ref);
}

// The streams whose records `name` carries: unions expanded, and an assigner (watermarks) looked through, since it
// hands its records on as they came. What the rules on a record's key, value and timestamp read.
void origins(
    const JobGraph& g, const Names& names, const std::string& name, std::vector<Names::Ref>& out, int depth = 0)
{
    std::vector<Names::Ref> behind;
    expand(g, names, name, behind);
    for (const Names::Ref& r : behind) {
        const bool assigner = r.op >= 0 && g.operators[static_cast<std::size_t>(r.op)].kind == Kind::Watermarks;
        if (!assigner || depth > static_cast<int>(g.operators.size())) {
            out.push_back(r);
            continue;
        }
        for (const std::string& in : g.operators[static_cast<std::size_t>(r.op)].inputs)
            origins(g, names, in, out, depth + 1);
    }
}

// Whether an assigner's records carry a key: when none of its inputs is a windowAll's results.
bool keyedThrough(const JobGraph& g, const Names& names, const GraphOperator& op)
{
    std::vector<Names::Ref> behind;
    for (const std::string& in : op.inputs)
        origins(g, names, in, behind);
    return std::none_of(behind.begin(), behind.end(), [&](const Names::Ref& r) {
        return r.op >= 0 && g.operators[static_cast<std::size_t>(r.op)].kind == Kind::Window
            && !g.operators[static_cast<std::size_t>(r.op)].window.keyBy;
    });
}

// Why assigner `o` may not read what it reads, or may not stand where it stands; empty when it may.
std::optional<GraphViolation> assignerRule(
    const JobGraph& g, const Names& names, const std::vector<std::set<int>>& above, std::size_t o)
{
    const GraphOperator& op = g.operators[o];
    const std::string at = operatorPath(o);
    const std::string self = quoted(op.name);
    if (op.watermarks.partitioning == WatermarkConfig::Partitioning::Channel)
        return GraphViolation {at + ".watermarks.partitioning",
            "records between operators name no channel: an assigner's records come by \"forward\" (from the "
            "subtask of the same index) or \"rebalance\" (round robin)"};
    for (std::size_t i = 0; i < op.inputs.size(); ++i) {
        const std::string inPath = at + ".inputs." + std::to_string(i);
        std::vector<Names::Ref> behind;
        expand(g, names, op.inputs[i], behind);
        for (const Names::Ref& r : behind) {
            if (r.source >= 0)
                return GraphViolation {inPath,
                    self + " reads source " + quoted(g.sources[static_cast<std::size_t>(r.source)].name)
                        + " directly: a source's watermarks are its own \"watermarks\" (fromSource, or "
                          "assignTimestampsAndWatermarks right after it); an assigner here re-assigns what an "
                          "operator puts out"};
            if (r.op < 0)
                continue;
            const GraphOperator& up = g.operators[static_cast<std::size_t>(r.op)];
            if (op.watermarks.partitioning == WatermarkConfig::Partitioning::Forward
                && up.subtasks() != op.watermarks.parallelism)
                return GraphViolation {at + ".watermarks.partitioning",
                    "Flink refuses it: \"Forward partitioning does not allow change of parallelism. Upstream "
                    "operation: "
                        + up.name + " parallelism: " + std::to_string(up.subtasks()) + ", downstream operation: "
                        + op.name + " parallelism: " + std::to_string(op.watermarks.parallelism)
                        + " You must use another partitioning strategy, such as broadcast, rebalance, shuffle or "
                          "global.\"; give it parallelism "
                        + std::to_string(up.subtasks()) + ", or \"rebalance\""};
        }
    }
    if (!above[o].empty()) {
        const std::string window = quoted(g.operators[static_cast<std::size_t>(*above[o].begin())].name);
        return GraphViolation {at + ".inputs",
            self + " reads what comes of " + window
                + ", a window that emits only after its input has ended: its task starts when that window's "
                  "blocking exchange is done, so its periodic emission and idleness would run on a clock Tidemark "
                  "does not model; assign the watermarks before "
                + window};
    }
    for (const GraphOperator& reader : g.operators) {
        for (const std::string& in : reader.inputs) {
            std::vector<Names::Ref> read;
            expand(g, names, in, read);
            if (reader.kind != Kind::Union && std::any_of(read.begin(), read.end(), [&](const Names::Ref& r) {
                    return r.op == static_cast<int>(o);
                }))
                return std::nullopt;
        }
    }
    return GraphViolation {at,
        "nothing reads " + self
            + ": an assigner passes its records on unchanged, so print shows nothing of it; name it among the inputs "
              "of the operator whose event time it should drive"};
}

// For each operator, the windows that emit only at the end of their input (outputOnlyAfterEndOfStream) it reads
// from, directly or through other operators.
std::vector<std::set<int>> endOfStreamWindowsAbove(const JobGraph& g, const Names& names)
{
    std::vector<std::set<int>> above(g.operators.size());
    // grows until nothing changes: at most once per operator and window (a cycle is refused on its own)
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t o = 0; o < g.operators.size(); ++o) {
            for (const std::string& in : g.operators[o].inputs) {
                std::vector<Names::Ref> behind;
                expand(g, names, in, behind);
                for (const Names::Ref& r : behind) {
                    if (r.op < 0)
                        continue;
                    std::set<int> add = above[static_cast<std::size_t>(r.op)];
                    if (g.operators[static_cast<std::size_t>(r.op)].outputOnlyAfterEndOfStream())
                        add.insert(r.op);
                    for (const int w : add)
                        grew |= above[o].insert(w).second;
                }
            }
        }
    }
    return above;
}

// Why operator `o` may not read stream `r` beside the results of a window that emits only at the end of its
// input; empty when it may. Such a window's results go on through a blocking exchange, and the tasks after it are
// scheduled by its end: a stream read beside them, or another such window's results, would reach the reader when
// the scheduler lets it, which no arrival time says.
std::optional<std::string> endOfStreamMix(
    const JobGraph& g, const std::vector<std::set<int>>& above, std::size_t o, const Names::Ref& r)
{
    for (const int w : above[o]) {
        if (r.op == w || (r.op >= 0 && above[static_cast<std::size_t>(r.op)].count(w)))
            continue;
        const std::string& other = r.op >= 0 ? g.operators[static_cast<std::size_t>(r.op)].name
                                             : g.sources[static_cast<std::size_t>(r.source)].name;
        const std::string window = quoted(g.operators[static_cast<std::size_t>(w)].name);
        return quoted(g.operators[o].name) + " reads " + quoted(other) + " beside what comes of " + window
            + ", a window that emits only after its input has ended (the global window's end-of-stream trigger): "
              "Flink runs it in batch mode and hands its results on through a blocking exchange, so when "
            + quoted(other) + "'s records reach " + quoted(g.operators[o].name)
            + " depends on when Flink's scheduler starts the tasks on either side of that exchange, which Tidemark "
              "does not model; read "
            + window + "'s results alone, or combine the streams before " + window;
    }
    return std::nullopt;
}

} // namespace

std::vector<GraphViolation> graphViolations(const JobGraph& g)
{
    std::vector<GraphViolation> v;
    const auto add = [&](std::string path, std::string message) { v.push_back({std::move(path), std::move(message)}); };
    if (g.sources.empty())
        add("sources", "a job graph needs at least one source");
    std::set<std::string> seen;
    for (const GraphSource& s : g.sources) {
        if (s.name.empty())
            add("sources", "a source needs a name, which operators read it by");
        seen.insert(s.name);
    }
    const Names names(g);
    const std::vector<std::set<int>> endOfStreamAbove = endOfStreamWindowsAbove(g, names);
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        const GraphOperator& op = g.operators[o];
        const std::string at = operatorPath(o);
        if (op.name.empty())
            add(at, "an operator needs a \"name\": what print(name) prefixes its output with and others read it by");
        else if (!seen.insert(op.name).second)
            add(at + ".name",
                "a stream named " + quoted(op.name)
                    + " already exists; every source and operator needs a name of its own");
        const std::size_t want = expectedInputs(op.kind);
        if (op.kind == Kind::Union ? op.inputs.size() < 2 : op.inputs.size() != want) {
            add(at + ".inputs",
                quoted(op.name) + " is given " + std::to_string(op.inputs.size()) + " input"
                    + (op.inputs.size() == 1 ? "" : "s") + ": " + inputCountRule(op.kind));
        }
        if (!op.name.empty()) {
            std::vector<int> path;
            if (findCycle(g, names, static_cast<int>(o), path) && path.back() == static_cast<int>(o)) {
                std::string chain;
                for (const int p : path)
                    chain += (chain.empty() ? "" : " → ") + quoted(g.operators[static_cast<std::size_t>(p)].name);
                add(at + ".inputs",
                    "the graph has a cycle: " + chain
                        + " reads its own output; a Flink job graph is acyclic (iterations are not modelled)");
            }
        }
        for (std::size_t i = 0; i < op.inputs.size(); ++i) {
            const std::string& in = op.inputs[i];
            const std::string inPath = at + ".inputs." + std::to_string(i);
            if (!names.find(in)) {
                add(inPath, "unknown stream " + quoted(in) + "; the graph has " + names.known());
                continue;
            }
            std::vector<Names::Ref> behind;
            expand(g, names, in, behind);
            for (const Names::Ref& r : behind) {
                if (const auto mixed = endOfStreamMix(g, endOfStreamAbove, o, r)) {
                    add(inPath, *mixed);
                    break;
                }
            }
            behind.clear(); // what the records carry: an assigner hands on what it read
            origins(g, names, in, behind);
            for (const Names::Ref& r : behind) {
                if (r.op < 0)
                    continue;
                const GraphOperator& up = g.operators[static_cast<std::size_t>(r.op)];
                if (isKeyed(op) && !op.broadcastInput(i) && up.kind == Kind::Window && !up.window.keyBy) {
                    add(inPath,
                        quoted(op.name) + " is keyed, but the results of windowAll " + quoted(up.name)
                            + " carry no key (keyBy would have nothing to read); make " + quoted(up.name)
                            + " keyed or this operator a windowAll");
                } else if ((up.kind == Kind::IntervalJoin || up.joinsInWindows()) && op.kind == Kind::Window
                    && op.window.function.field == "value" && op.window.function.type != FunctionSpec::Type::Count) {
                    add(inPath,
                        "the results of " + std::string(joinWords(up.kind)) + " " + quoted(up.name)
                            + " carry no value for this window's function to read; count them (function count)");
                } else if (up.runsProcessFunction() && up.process.processingTime()) {
                    add(inPath,
                        quoted(up.name)
                            + " emits its records without a timestamp (a processing-time timer's output: Flink "
                              "erases it), on which every operator after it fails (an event-time window: \"Record "
                              "has Long.MIN_VALUE timestamp\"); print it where it is, or time out in event time "
                              "(event-time-timeout)");
                } else if (!emitsValues(up)) {
                    add(inPath,
                        "window " + quoted(up.name)
                            + " emits each pane's list of values, which no operator after it reads here; give it a "
                              "function of one value (count, sum, min, max, avg)");
                }
            }
        }
        if (op.joinsInWindows()) {
            const std::string what = std::string("a ") + joinWords(op.kind);
            if (!op.window.keyBy)
                add(at + ".window.keyBy",
                    what
                        + " is keyed on both inputs (where(key).equalTo(key)); keyBy null (windowAll) has no join "
                          "form");
            if (op.window.lateSideOutput)
                add(at + ".window.lateSideOutput",
                    what
                        + " has no late side output in Flink (JoinedStreams and CoGroupedStreams offer no "
                          "sideOutputLateData): its late records are dropped and counted in numLateRecordsDropped");
            if (op.window.evictor.type == EvictorSpec::Type::Delta)
                add(at + ".window.evictor.type",
                    "a delta evictor reads each record's value, and " + what
                        + " holds its two sides' records tagged (TaggedUnion), whose values no delta function of "
                          "Tidemark's reads; evict by count or time");
            if (op.window.trigger.type == TriggerSpec::Type::Never)
                add(at + ".window.trigger.type", what + " whose trigger never fires puts out nothing; leave it out");
        }
        if (op.kind == Kind::Watermarks && op.inputs.size() == 1 && names.find(op.inputs.front())) {
            if (auto broken = assignerRule(g, names, endOfStreamAbove, o))
                v.push_back(std::move(*broken));
        }
        if (op.runsProcessFunction() && GraphOperator::kindFor(op.process.type) != op.kind) {
            add(at + ".function.type",
                std::string("this function runs in a ") + functionOperator(GraphOperator::kindFor(op.process.type))
                    + ", not in a " + functionOperator(op.kind));
        }
        if (op.runsProcessFunction() || op.kind == Kind::IntervalJoin) {
            if (op.parallelism < 1 || op.parallelism > 128)
                add(at + ".parallelism", "expected a parallelism from 1 to 128 (Flink's default max parallelism)");
        }
        if (op.runsProcessFunction() && op.process.hasTimeout() && op.process.timeoutMs <= 0)
            add(at + ".function.timeoutMs", "expected a timeout of at least 1 ms");
        if (op.runsProcessFunction() && op.process.type == ProcessFunctionSpec::Type::PeriodicCount
            && op.process.intervalMs <= 0)
            add(at + ".function.intervalMs", "expected an interval of at least 1 ms");
        if (op.kind == Kind::IntervalJoin && op.join.lowerMs > op.join.upperMs)
            add(at + ".between.lowerMs",
                "lowerMs " + std::to_string(op.join.lowerMs) + " is above upperMs " + std::to_string(op.join.upperMs)
                    + ": Flink refuses it (\"lowerBound <= upperBound must be fulfilled\")");
    }
    return v;
}

StreamGraph::StreamGraph(const JobGraph& g)
    : m_sources(static_cast<int>(g.sources.size()))
{
    const Names names(g);
    for (const GraphSource& s : g.sources)
        m_nodes.push_back(
            Node {s.name, static_cast<int>(&s - g.sources.data()), -1, std::max(1, s.watermarks.parallelism), true});
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        const GraphOperator& op = g.operators[o];
        if (op.kind == Kind::Union) {
            m_streamOfOperator.push_back(-1);
            continue;
        }
        m_streamOfOperator.push_back(static_cast<int>(m_nodes.size()));
        Node n;
        n.name = op.name;
        n.op = static_cast<int>(o);
        n.parallelism = op.subtasks();
        // an assigner's records go on as they came: keyed when all its inputs' are
        n.keyed = op.kind == Kind::Watermarks ? keyedThrough(g, names, op)
                                              : op.kind != Kind::Window || op.window.keyBy.has_value();
        m_nodes.push_back(std::move(n));
    }
    m_out.resize(m_nodes.size());
    m_inputChannels.resize(m_nodes.size());
    const auto streamOf = [&](const Names::Ref& r) {
        return r.source >= 0 ? r.source : m_streamOfOperator[static_cast<std::size_t>(r.op)];
    };
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        const int to = m_streamOfOperator[o];
        if (to < 0)
            continue;
        // A window join's two inputs are one union in Flink: one input, whose channels are both sides'.
        const bool tagged = g.operators[o].joinsInWindows();
        int channels = 0;
        for (std::size_t i = 0; i < g.operators[o].inputs.size(); ++i) {
            std::vector<Names::Ref> behind;
            expand(g, names, g.operators[o].inputs[i], behind);
            for (const Names::Ref& r : behind) {
                const int from = streamOf(r);
                const Edge e {from, to, tagged ? 0 : static_cast<int>(i), channels, partitionerOf(g.operators[o], i),
                    static_cast<int>(i)};
                m_out[static_cast<std::size_t>(from)].push_back(e);
                channels += e.forward() ? 1 : node(from).parallelism;
            }
            if (!tagged) {
                m_inputChannels[static_cast<std::size_t>(to)].push_back(channels);
                channels = 0;
            }
        }
        if (tagged)
            m_inputChannels[static_cast<std::size_t>(to)].push_back(channels);
    }
}

int StreamGraph::inputChannels(int stream, int input) const
{
    return m_inputChannels[static_cast<std::size_t>(stream)][static_cast<std::size_t>(input)];
}

int StreamGraph::inputCount(int stream) const
{
    return static_cast<int>(m_inputChannels[static_cast<std::size_t>(stream)].size());
}

} // namespace tidemark
