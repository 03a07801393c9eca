#include "engine/export/GraphJob.h"

#include "engine/export/JobProgram.h"
#include "engine/export/JobTemplates.h"
#include "engine/export/JobText.h"

#include "engine/core/NumberText.h"
#include "engine/player/GraphRun.h"
#include "engine/runtime/SourceOperator.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace tidemark::flinkjob::detail {

namespace {

using Kind = GraphOperator::Kind;
using FunctionType = ProcessFunctionSpec::Type;

const JobGraph& graphOf(const Scenario& s)
{
    return *s.graph;
}

// A record of one source at its arrival (GraphRun's order, graphArrivals), with the generator it reaches.
struct SourceArrival {
    Timestamp arrival;
    int channel;
    int source;
    const InputRecord* record;
};

// Every source's records in the order GraphRun plays them, each source's generators chosen in that order as the
// run chooses them (SourceOperator: the partitioner, or the reader that owns a Kafka record's partition).
std::vector<SourceArrival> arrivalOrder(const Scenario& s)
{
    const JobGraph& g = graphOf(s);
    std::vector<SourceOperator> sources;
    for (const GraphSource& src : g.sources)
        sources.emplace_back(src.watermarks, src.kafka, false, s.pipeline.flinkVersion);
    std::vector<SourceArrival> all;
    for (const GraphArrival& a : graphArrivals(s)) {
        const auto source = static_cast<std::size_t>(a.source);
        const InputRecord& r = g.sources[source].records[a.record];
        all.push_back({a.time, sources[source].channelFor(r), a.source, &r});
    }
    return all;
}

std::vector<SourceSpan> sourceSpans(const Scenario& s, const std::vector<SourceArrival>& order)
{
    std::vector<SourceSpan> spans(graphOf(s).sources.size());
    std::vector<Timestamp> last(spans.size(), 0);
    for (const SourceArrival& a : order) {
        const auto source = static_cast<std::size_t>(a.source);
        ++spans[source].records;
        last[source] = std::max(last[source], a.arrival);
    }
    if (s.pipeline.endOfInput != EndOfInput::None) {
        for (std::size_t i = 0; i < spans.size(); ++i)
            spans[i].end = s.inputEnd(last[i]);
    }
    return spans;
}

} // namespace

std::optional<DurationMs> periodOf(const JobGraph& g)
{
    std::optional<DurationMs> period;
    for (const WatermarkConfig* w : g.generators()) { // one job-wide interval for all of them
        const WatermarkConfig& wm = *w;
        if (wm.strategy == WatermarkConfig::Strategy::Input || wm.emission != WatermarkConfig::Emission::Periodic)
            continue;
        if (period && *period != wm.periodMs)
            return std::nullopt;
        period = wm.periodMs;
    }
    return period.value_or(WatermarkConfig {}.periodMs);
}

std::vector<std::size_t> operatorsAfterInputs(const JobGraph& g)
{
    std::set<std::string> known;
    for (const GraphSource& src : g.sources)
        known.insert(src.name);
    std::vector<std::size_t> order;
    std::vector<bool> placed(g.operators.size(), false);
    for (bool progress = true; progress && order.size() < g.operators.size();) {
        progress = false;
        for (std::size_t o = 0; o < g.operators.size(); ++o) {
            const GraphOperator& op = g.operators[o];
            if (placed[o] || !std::all_of(op.inputs.begin(), op.inputs.end(), [&](const std::string& in) {
                    return known.count(in) > 0;
                }))
                continue;
            order.push_back(o);
            known.insert(op.name);
            placed[o] = progress = true;
        }
    }
    return order;
}

std::vector<SourceSpan> graphSourceSpans(const Scenario& s)
{
    return sourceSpans(s, arrivalOrder(s));
}

ReplayClasses graphReplay(const Scenario& s, const JobProject& project, const ExportOptions& options)
{
    return graphReplayClasses(s, project, options, filledTemplate("GraphEvent-members.java"),
        "                    e.source = f.get(5);\n", "arrival,channel,key,timestamp,value,source");
}

namespace {

// A scenario that is the chain one operator or source of the graph would be: the chain's writer says its parts.
Scenario asChain(const Scenario& s, const WindowConfig* window, const WatermarkConfig* watermarks)
{
    Scenario chain;
    chain.name = s.name;
    chain.keys = s.keys;
    chain.pipeline = s.pipeline;
    if (window)
        chain.pipeline.window = *window;
    if (watermarks)
        chain.pipeline.watermarks = *watermarks;
    return chain;
}

const std::set<std::string>& javaWords()
{
    static const std::set<std::string> words {"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char",
        "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
        "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new",
        "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
        "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false",
        "null", "var", "record", "yield", "events", "env", "args"};
    return words;
}

class GraphProgramWriter {
public:
    GraphProgramWriter(const Scenario& s, const JobProject& project, const ExportOptions& options)
        : m_s(s)
        , m_g(graphOf(s))
        , m_project(project)
        , m_options(options)
        , m_order(arrivalOrder(s))
        , m_spans(sourceSpans(s, m_order))
    { }

    std::string write()
    {
        std::string body = mainMethod();
        body += classes();
        return javaSourceFile(m_imports, header(), m_project.mainClass, body);
    }

private:
    void use(std::string name) { m_imports.insert(std::move(name)); }
    void use(const std::vector<std::string>& names) { m_imports.insert(names.begin(), names.end()); }

    std::string header() const
    {
        std::string h = "/**\n" + headerTitle(m_s, "A Tidemark job graph as a Flink job.", ".") + " *\n";
        h += wrapped("Exported by Tidemark " + m_options.tidemarkVersion
                + (m_options.sourceName.empty() ? "" : " from " + m_options.sourceName) + " for Apache Flink "
                + m_project.release.version + ". Build it with `mvn package`; `java -jar " + m_project.jarPath()
                + "` runs it on a local MiniCluster. Each operator prints its output as print(\"name\") does"
                + (m_options.sourceName.empty() ? ""
                                                : " (`tidemark run " + m_options.sourceName
                            + " --format text` prints the same lines, each followed by what a print sink leaves out)")
                + ".",
            " * ");
        h += " *\n";
        h += wrapped("The input: " + inputText(), " * ");
        return h + headerCaveats(m_project.caveats) + " */\n";
    }

public:
    // Where the sources' records come from, for the header and the README.
    std::string inputText() const
    {
        std::string replayed;
        std::string topics;
        std::size_t replays = 0;
        for (const GraphSource& src : m_g.sources) {
            if (!src.kafka) {
                ++replays;
                continue;
            }
            const bool bounded = m_s.pipeline.endOfInput == EndOfInput::MaxWatermark;
            topics += " " + src.name + " reads topic \"" + src.kafka->topic + "\" of "
                + plural(std::size_t(src.kafka->partitions), "partition", "partitions") + " with a KafkaSource of "
                + plural(std::size_t(src.watermarks.parallelism), "reader", "readers") + " from the earliest offsets"
                + (bounded ? " to the latest ones when the job starts (setBounded)" : "") + ", "
                + (src.kafka->perPartition()
                        ? "its watermark strategy given to fromSource (one generator per partition in each reader)."
                        : "a generator after each reader.");
        }
        if (replays > 0)
            replayed = "data/events.csv holds the records of the "
                + (replays == m_g.sources.size() ? plural(replays, "source", "sources")
                                                 : plural(replays, "replayed source", "replayed sources"))
                + " in the order they arrive, each with its arrival time (milliseconds after the start), the "
                  "watermark generator Tidemark sends it to and its source. One replay per source emits them at those "
                  "times, on one clock.";
        if (topics.empty())
            return replayed;
        return (replayed.empty() ? std::string("each") : replayed + " Each")
            + " source that reads a Kafka topic reads it as the scenario says:" + topics
            + " data/records.csv holds their records, which --produce writes into new or empty topics, each to its "
              "partition with its timestamp.";
    }

private:
    std::string mainMethod()
    {
        use("java.util.List");
        use("org.apache.flink.streaming.api.datastream.DataStream");
        use("org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator");
        use("org.apache.flink.streaming.api.environment.StreamExecutionEnvironment");
        std::string m;
        m += "    public static void main(String[] args) throws Exception {\n";
        if (readsKafka(m_s)) {
            m += "        Options options = Options.parse(args);\n"
                 "        if (options.produce) {\n"
                 "            Produce.records(options);\n"
                 "            return;\n"
                 "        }\n";
            m += replaysSources(m_s)
                ? "        List<Event> events = Event.readAll(options.rest.toArray(new String[0]));\n\n"
                : "\n";
        } else {
            m += "        List<Event> events = Event.readAll(args);\n\n";
        }
        m += "        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();\n";
        m += "        // Each operator says its own parallelism; its print sink has the same, so \"name:2> …\" is "
             "subtask 1.\n";
        m += "        env.setParallelism(1);\n";
        m += "        env.getConfig().setAutoWatermarkInterval(" + std::to_string(*periodOf(m_g)) + ");\n\n";
        for (std::size_t i = 0; i < m_g.sources.size(); ++i)
            m += source(static_cast<int>(i));
        for (const std::size_t o : operatorsAfterInputs(m_g))
            m += operatorCode(m_g.operators[o]);
        m += "        env.execute(" + javaString(m_project.jobName) + ");\n";
        m += "    }\n";
        return m;
    }

    // A Java variable for a stream's name: "paid-per-10s" → paidPer10s, unique in the program.
    std::string variable(const std::string& name)
    {
        std::string id;
        bool upper = false;
        for (const char c : name) {
            const unsigned char u = static_cast<unsigned char>(c);
            if (!std::isalnum(u)) {
                upper = !id.empty();
                continue;
            }
            id += upper ? char(std::toupper(u)) : c;
            upper = false;
        }
        if (id.empty() || std::isdigit(static_cast<unsigned char>(id.front())) || javaWords().count(id))
            id = "stream"
                + (id.empty() ? std::string() : std::string(1, char(std::toupper(id.front()))) + id.substr(1));
        std::string unique = id;
        for (int n = 2; m_taken.count(unique); ++n)
            unique = id + std::to_string(n);
        m_taken.insert(unique);
        m_vars[name] = unique;
        return unique;
    }

    // The WatermarkStrategy of a source or an assigner as a chain's source would say it, with the classes and
    // imports it needs.
    std::string strategyOf(const WatermarkConfig& watermarks)
    {
        const Scenario chain = asChain(m_s, nullptr, &watermarks);
        std::vector<std::string> imports;
        auto [strategy, generator] = strategyParts(chain, m_project, m_options, imports);
        use(imports);
        if (!generator.empty())
            m_classes.emplace("EveryEvent", generator);
        return strategy;
    }

    std::string source(int i)
    {
        const GraphSource& src = m_g.sources[static_cast<std::size_t>(i)];
        if (src.kafka)
            return kafkaSource(src);
        const std::size_t count = m_spans[static_cast<std::size_t>(i)].records;
        const Timestamp end = m_spans[static_cast<std::size_t>(i)].end;
        const std::string strategy = strategyOf(src.watermarks);
        const std::string var = variable(src.name);
        const int generators = src.watermarks.parallelism;
        std::string m;
        m += commentLines(src.name + ": " + plural(count, "record", "records") + " replayed at their arrival times, "
                + (end < 0 ? "then the source stays open: its input never ends"
                           : "then its input ends (at " + std::to_string(end) + " ms)")
                + "; " + plural(std::size_t(generators), "watermark generator", "watermark generators")
                + ", each record to the one Tidemark sends it to.",
            "        // ");
        m += "        DataStream<Event> " + var + " = env.fromSequence(0, "
            + (end < 0 ? std::string("Long.MAX_VALUE") : std::to_string(count)) + ").setParallelism(1)\n";
        m += "                .flatMap(new Replay(Event.of(events, " + javaString(src.name) + "), "
            + (end < 0 ? std::string("-1") : std::to_string(end) + "L") + ", events.size())).setParallelism(1)\n";
        m += "                .name(" + javaString("replay " + src.name) + ")\n";
        m += "                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> "
             "event.channel)\n";
        m += "                .assignTimestampsAndWatermarks(" + strategy + ")\n";
        m += "                .setParallelism(" + std::to_string(generators) + ")\n";
        m += "                .name(" + javaString(src.name) + ");\n\n";
        return m;
    }

    // A source that reads a topic: a KafkaSource of its readers, the strategy inside it (per partition) or after it.
    std::string kafkaSource(const GraphSource& src)
    {
        use("org.apache.flink.api.common.eventtime.WatermarkStrategy");
        use("org.apache.flink.connector.kafka.source.KafkaSource");
        use("org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer");
        const std::string strategy = strategyOf(src.watermarks);
        const bool bounded = m_s.pipeline.endOfInput == EndOfInput::MaxWatermark;
        const bool keyed
            = std::any_of(src.records.begin(), src.records.end(), [](const InputRecord& r) { return r.key != kNoKey; });
        const std::string var = variable(src.name);
        const std::string topic = variable(src.name + " topic");
        const std::string readers = std::to_string(src.watermarks.parallelism);
        const std::string eachReader
            = src.watermarks.parallelism == 1 ? std::string("its one reader") : "each of its " + readers + " readers";
        std::string m;
        m += commentLines(src.name + ": topic \"" + src.kafka->topic + "\" ("
                + plural(std::size_t(src.kafka->partitions), "partition", "partitions") + "), every partition from "
                + "its earliest offset, "
                + (bounded ? "bounded by the latest offsets when the job starts: a reader finishes each partition "
                             "when it has read it to its end, and then ends itself."
                           : "read for as long as the job runs."),
            "        // ");
        m += "        KafkaSource<Event> " + topic + " = KafkaSource.<Event>builder()\n";
        m += "                .setBootstrapServers(options.bootstrap)\n";
        m += "                .setTopics(options.topic(" + javaString(src.name) + "))\n";
        m += "                .setGroupId(" + javaString(m_project.artifactId + "-" + src.name) + ")\n";
        m += "                .setStartingOffsets(OffsetsInitializer.earliest())\n";
        if (bounded)
            m += "                .setBounded(OffsetsInitializer.latest())\n";
        m += "                .setDeserializer(new ReadRecord(" + javaString(src.name) + ", "
            + (keyed ? "true" : "false") + "))\n";
        m += "                .build();\n";
        if (src.kafka->perPartition()) {
            m += "        // The strategy goes into the source: " + eachReader
                + " runs one generator per partition (split) and\n        // forwards the minimum over its active "
                  "partitions.\n";
            m += "        DataStream<Event> " + var + " = env.fromSource(" + topic + ", " + strategy + ",\n";
            m += "                        " + javaString(src.name) + ")\n";
            m += "                .setParallelism(" + readers + ");\n\n";
        } else {
            m += "        // The source emits no watermarks; a generator after " + eachReader + ", chained to it.\n";
            m += "        DataStream<Event> " + var + " = env.fromSource(" + topic
                + ", WatermarkStrategy.noWatermarks(), " + javaString("read " + src.name) + ")\n";
            m += "                .setParallelism(" + readers + ")\n";
            m += "                .assignTimestampsAndWatermarks(" + strategy + ")\n";
            m += "                .setParallelism(" + readers + ")\n";
            m += "                .name(" + javaString(src.name) + ");\n\n";
        }
        return m;
    }

    std::string keyed(const std::string& stream) const { return m_vars.at(stream) + ".keyBy(event -> event.key)"; }

    // The operator's output stream, its parallelism set and named, and print("name") of the same parallelism.
    std::string finish(const GraphOperator& op, int parallelism, const std::string& var)
    {
        const std::string p = std::to_string(parallelism);
        return "                .setParallelism(" + p + ")\n                .name(" + javaString(op.name) + ");\n"
            + "        " + var + ".print(" + javaString(op.name) + ").setParallelism(" + p + ");\n";
    }

    // A late side output printed as Tidemark prints it: `late (key,value)` of a window, `late left (key,ts)`.
    std::string printLate(const std::string& var, const std::string& tag, const std::string& line,
        const std::string& name, int parallelism)
    {
        use("org.apache.flink.api.common.typeinfo.Types");
        const std::string p = std::to_string(parallelism);
        return "        " + var + ".getSideOutput(" + tag + ")\n                .map(event -> " + line
            + ")\n                .returns(Types.STRING)\n                .setParallelism(" + p
            + ")\n                .print(" + javaString(name) + ").setParallelism(" + p + ");\n";
    }

    std::string lateTag(const std::string& var, const std::string& suffix, const std::string& name)
    {
        use("org.apache.flink.util.OutputTag");
        const std::string tag = var + suffix;
        m_taken.insert(tag);
        return "        OutputTag<Event> " + tag + " = new OutputTag<Event>(" + javaString(name) + ") {};\n";
    }

    std::string operatorCode(const GraphOperator& op)
    {
        const std::string var = variable(op.name);
        std::string m = commentLines(op.name + ": " + describe(op), "        // ");
        switch (op.kind) {
        case Kind::Union: {
            m += "        DataStream<Event> " + var + " = " + m_vars.at(op.inputs.front()) + ".union(";
            for (std::size_t i = 1; i < op.inputs.size(); ++i)
                m += (i > 1 ? ", " : "") + m_vars.at(op.inputs[i]);
            return m + ");\n\n";
        }
        case Kind::Window:
            return m + windowCode(op, var);
        case Kind::IntervalJoin:
            return m + joinCode(op, var);
        case Kind::WindowJoin:
        case Kind::CoGroup:
            return m + windowJoinCode(op, var);
        case Kind::Process:
        case Kind::CoProcess:
        case Kind::BroadcastProcess:
            return m + processCode(op, var);
        case Kind::Watermarks:
            return m + assignerCode(op, var);
        }
        return m;
    }

    std::string describe(const GraphOperator& op) const
    {
        std::string inputs;
        for (std::size_t i = 0; i < op.inputs.size(); ++i)
            inputs += (i == 0 ? "" : i + 1 == op.inputs.size() ? " and " : ", ") + op.inputs[i];
        switch (op.kind) {
        case Kind::Union:
            return "the union of " + inputs + " (no operator: the next one reads all their channels).";
        case Kind::Window:
            return "a window over " + inputs + "; its results are stamped with the window's maxTimestamp() (end - 1).";
        case Kind::IntervalJoin:
            return "the interval join of " + inputs + "; a pair carries the larger of the two timestamps.";
        case Kind::WindowJoin:
            return "the window join of " + inputs
                + " (Flink runs it as one window operator over both, each record tagged with its side); a pair "
                  "carries the window's maxTimestamp() (end - 1).";
        case Kind::CoGroup:
            return "the coGroup of " + inputs
                + " (one window operator over both, each record tagged with its side): each side's record count per "
                  "key and window, at the window's maxTimestamp() (end - 1).";
        case Kind::Process:
            return "a KeyedProcessFunction over " + inputs + "; what a timer emits carries the timer's time.";
        case Kind::CoProcess:
            return "a KeyedCoProcessFunction over " + inputs + " (connected, both keyed).";
        case Kind::BroadcastProcess:
            return "a KeyedBroadcastProcessFunction: " + op.inputs.front() + " keyed, " + op.inputs.back()
                + " broadcast to every subtask.";
        case Kind::Watermarks:
            return "watermarks assigned anew after " + inputs
                + ": its records go on as they came, and what reaches it from upstream of watermarks and idleness "
                  "is dropped (but the end of input's Long.MAX_VALUE).";
        }
        return {};
    }

    std::string assignerCode(const GraphOperator& op, const std::string& var)
    {
        std::string m = "        DataStream<Event> " + var + " = " + m_vars.at(op.inputs.front()) + "\n";
        if (op.watermarks.partitioning == WatermarkConfig::Partitioning::Forward) {
            m += "                .forward()\n";
        } else {
            use("org.apache.flink.api.common.functions.Partitioner");
            m_classes.emplace("RoundRobin", filledTemplate("GraphRoundRobin.java"));
            m += "                // rebalance(), each upstream subtask starting at subtask "
                + std::to_string(op.watermarks.firstChannel) + " as in Tidemark\n";
            m += "                .partitionCustom(new RoundRobin(" + std::to_string(op.watermarks.firstChannel)
                + "), (Event event) -> 0)\n";
        }
        m += "                .assignTimestampsAndWatermarks(" + strategyOf(op.watermarks) + ")\n";
        m += "                .setParallelism(" + std::to_string(op.watermarks.parallelism) + ")\n";
        m += "                .name(" + javaString(op.name) + ");\n\n";
        return m;
    }

    std::string windowCode(const GraphOperator& op, const std::string& var)
    {
        const WindowConfig& w = op.window;
        const bool all = !w.keyBy.has_value();
        const Scenario chain = asChain(m_s, &w, nullptr);
        std::string m;
        const std::string tag = var + "Late";
        if (w.lateSideOutput)
            m += lateTag(var, "Late", op.name + "-late");
        // The result class the aggregate hands its result to: keyed or not, over the window's type.
        const bool global = w.assigner.type == AssignerSpec::Type::Global;
        const std::string resultClass = std::string(all ? "All" : "Keyed") + (global ? "GlobalResult" : "Result");
        const WindowParts parts = windowParts(chain, m_project, m_options, resultClass, tag);
        use(parts.imports);
        for (const auto& [name, code] : parts.classes)
            m_classes.emplace(name, code);
        const bool list = w.function.type == FunctionSpec::Type::List;
        if (!list)
            m_classes.emplace(resultClass, resultClassCode(resultClass, all, parts.windowType));
        m += "        SingleOutputStreamOperator<" + std::string(list ? "String" : "Event") + "> " + var + " = "
            + m_vars.at(op.inputs.front()) + "\n";
        m += parts.calls;
        m += "                " + parts.function + "\n";
        m += finish(op, w.subtasks(), var);
        if (w.lateSideOutput) {
            m += printLate(var, tag,
                std::string("\"late (\" + ") + (all ? "" : "event.key + \",\" + ") + "number(event.value) + \")\"",
                op.name, w.subtasks());
        }
        return m + "\n";
    }

    std::string resultClassCode(const std::string& name, bool all, const std::string& windowType)
    {
        use("org.apache.flink.util.Collector");
        use(std::string("org.apache.flink.streaming.api.functions.windowing.")
            + (all ? "ProcessAllWindowFunction" : "ProcessWindowFunction"));
        return filledTemplate("GraphWindowResult.java",
            {{"CLASS", name}, {"BASE", all ? "ProcessAllWindowFunction" : "ProcessWindowFunction"},
                {"KEY_TYPE", all ? "" : "String, "}, {"WINDOW", windowType}, {"KEY_PARAM", all ? "" : "String key, "},
                {"KEY", all ? "null" : "key"}});
    }

    std::string joinCode(const GraphOperator& op, const std::string& var)
    {
        const IntervalJoinSpec& j = op.join;
        use("java.time.Duration");
        std::string m;
        if (j.lateSideOutputs) {
            m += lateTag(var, "LeftLate", op.name + "-left-late");
            m += lateTag(var, "RightLate", op.name + "-right-late");
        }
        m += "        SingleOutputStreamOperator<Event> " + var + " = " + keyed(op.inputs[0]) + "\n";
        m += "                .intervalJoin(" + keyed(op.inputs[1]) + ")\n";
        m += "                .between(" + ms(j.lowerMs) + ", " + ms(j.upperMs) + ")\n";
        if (!j.lowerInclusive)
            m += "                .lowerBoundExclusive()\n";
        if (!j.upperInclusive)
            m += "                .upperBoundExclusive()\n";
        if (j.lateSideOutputs) {
            m += "                .sideOutputLeftLateData(" + var + "LeftLate)\n";
            m += "                .sideOutputRightLateData(" + var + "RightLate)\n";
        }
        m += "                .process(new JoinPair())\n";
        m += finish(op, op.parallelism, var);
        if (j.lateSideOutputs) {
            for (const char* side : {"Left", "Right"}) {
                const std::string word = side == std::string("Left") ? "left" : "right";
                m += printLate(var, var + side + "Late",
                    "\"late " + word + " (\" + event.key + \",\" + event.timestamp + \")\"", op.name, op.parallelism);
            }
        }
        useFunction(
            "JoinPair", "GraphJoinPair.java", {"org.apache.flink.streaming.api.functions.co.ProcessJoinFunction"});
        return m + "\n";
    }

    std::string windowJoinCode(const GraphOperator& op, const std::string& var)
    {
        const WindowConfig w = op.chainWindow();
        const Scenario chain = asChain(m_s, &w, nullptr);
        const WindowParts parts = windowParts(chain, m_project, m_options, "", "");
        use(parts.imports);
        // the chain's window calls, keyed on both sides: where(...).equalTo(...) in place of keyBy(...)
        std::string calls = parts.calls;
        const std::string keyBy = "                .keyBy(event -> event.key)\n";
        calls.replace(calls.find(keyBy), keyBy.size(),
            "                .where(event -> event.key)\n                .equalTo(event -> event.key)\n");
        const bool join = op.kind == Kind::WindowJoin;
        std::string m
            = "        // 1.20's apply() is declared to return a DataStream; it is a SingleOutputStreamOperator\n";
        m += "        SingleOutputStreamOperator<Event> " + var + " = ((SingleOutputStreamOperator<Event>) "
            + m_vars.at(op.inputs[0]) + "\n";
        m += std::string("                .") + (join ? "join" : "coGroup") + "(" + m_vars.at(op.inputs[1]) + ")\n";
        m += calls;
        m += std::string("                .apply(new ") + (join ? "WindowPair" : "GroupSizes") + "()))\n";
        m += "                .setParallelism(" + std::to_string(w.subtasks()) + ")\n";
        m += "                .name(" + javaString(op.name + " window") + ")\n";
        m += "                .process(new Stamped())\n";
        if (join)
            useFunction("WindowPair", "GraphWindowPair.java", {"org.apache.flink.api.common.functions.JoinFunction"});
        else
            useFunction(
                "GroupSizes", "GraphGroupSizes.java", {"org.apache.flink.api.common.functions.CoGroupFunction"});
        useFunction("Stamped", "GraphStamped.java", {"org.apache.flink.streaming.api.functions.ProcessFunction"});
        return m + finish(op, w.subtasks(), var) + "\n";
    }

    std::string processCode(const GraphOperator& op, const std::string& var)
    {
        const ProcessFunctionSpec& f = op.process;
        const std::string timeout = std::to_string(f.timeoutMs) + "L";
        std::string m = "        SingleOutputStreamOperator<Event> " + var + " = " + keyed(op.inputs[0]) + "\n";
        const std::string state = "org.apache.flink.api.common.state.";
        switch (f.type) {
        case FunctionType::EventTimeTimeout:
            m += "                .process(new EventTimeTimeout(" + timeout + "))\n";
            useFunction("EventTimeTimeout", "GraphEventTimeTimeout.java",
                {"org.apache.flink.streaming.api.functions.KeyedProcessFunction", state + "ValueState",
                    state + "ValueStateDescriptor"});
            break;
        case FunctionType::ProcessingTimeTimeout:
            m += "                .process(new ProcessingTimeTimeout(" + timeout + "))\n";
            useFunction("ProcessingTimeTimeout", "GraphProcessingTimeTimeout.java",
                {"org.apache.flink.streaming.api.functions.KeyedProcessFunction", state + "ValueState",
                    state + "ValueStateDescriptor"});
            break;
        case FunctionType::SortUntilWatermark:
            m += "                .process(new SortUntilWatermark())\n";
            useFunction("SortUntilWatermark", "GraphSortUntilWatermark.java",
                {"org.apache.flink.streaming.api.functions.KeyedProcessFunction", state + "MapState",
                    state + "MapStateDescriptor", "org.apache.flink.api.common.typeinfo.Types", "java.util.ArrayList"});
            break;
        case FunctionType::PeriodicCount:
            m += "                .process(new PeriodicCount(" + std::to_string(f.intervalMs) + "L))\n";
            useFunction("PeriodicCount", "GraphPeriodicCount.java",
                {"org.apache.flink.streaming.api.functions.KeyedProcessFunction", state + "ValueState",
                    state + "ValueStateDescriptor", "org.apache.flink.streaming.api.windowing.windows.TimeWindow"});
            break;
        case FunctionType::UnmatchedTimeout:
            m += "                .connect(" + keyed(op.inputs[1]) + ")\n";
            m += "                .process(new UnmatchedTimeout(" + timeout + "))\n";
            useFunction("UnmatchedTimeout", "GraphUnmatchedTimeout.java",
                {"org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction", state + "ValueState",
                    state + "ValueStateDescriptor"});
            break;
        case FunctionType::RuleTimeout:
            m += "                .connect(" + m_vars.at(op.inputs[1]) + ".broadcast(RuleTimeout.RULES))\n";
            m += "                .process(new RuleTimeout(" + timeout + "))\n";
            useFunction("RuleTimeout", "GraphRuleTimeout.java",
                {"org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction", state + "ValueState",
                    state + "ValueStateDescriptor", state + "MapStateDescriptor"});
            break;
        }
        return m + finish(op, op.parallelism, var) + "\n";
    }

    void useFunction(const std::string& name, std::string_view file, std::initializer_list<std::string> imports)
    {
        use("org.apache.flink.util.Collector");
        for (const std::string& i : imports)
            use(i);
        m_classes.emplace(name, filledTemplate(file));
    }

    std::string classes()
    {
        use("java.io.Serializable");
        std::string c = "\n";
        for (const auto& [name, code] : m_classes)
            c += code;
        const ReplayClasses replay = graphReplay(m_s, m_project, m_options);
        use(replay.imports);
        return c + replay.java + (readsKafka(m_s) ? "\n" + kafkaClasses() : std::string());
    }

    // The options, the record reader and the producer of a job whose sources read topics.
    std::string kafkaClasses()
    {
        if (!readsKafka(m_s))
            return {};
        use(kafkaImports());
        use("java.util.LinkedHashMap");
        std::string topics;
        std::string partitions;
        for (const GraphSource& src : m_g.sources) {
            if (!src.kafka)
                continue;
            topics += "            options.topics.put(" + javaString(src.name) + ", " + javaString(src.kafka->topic)
                + ");\n";
            partitions += std::string(partitions.empty() ? "" : ", ") + "Map.entry(" + javaString(src.name) + ", "
                + std::to_string(src.kafka->partitions) + ")";
        }
        return filledTemplate("GraphKafka.java",
            {{"TOPICS", topics}, {"PARTITIONS", partitions},
                {"PREPARE_TOPIC", filledTemplate("KafkaPrepareTopic.java")},
                {"READ_RECORDS", kafkaReadRecords("partition,key,timestamp,value,source", 5)},
                {"READ_VALUE", kafkaReadValue("keyed && event.key == null")},
                {"SEND", kafkaSend("options.topic(r[4])")}, {"CSV_FIELDS", csvFieldsMethod(',', false)}});
    }

    const Scenario& m_s;
    const JobGraph& m_g;
    const JobProject& m_project;
    const ExportOptions& m_options;
    std::vector<SourceArrival> m_order;
    std::vector<SourceSpan> m_spans; // by source
    std::set<std::string> m_imports;
    std::map<std::string, std::string> m_classes; // the program's classes by name, each written once
    std::map<std::string, std::string> m_vars; // stream name → Java variable
    std::set<std::string> m_taken;
};

} // namespace

std::optional<std::string> graphRefusal(const Scenario& s, const FlinkRelease& release, const ExportOptions& options)
{
    const JobGraph& g = graphOf(s);
    if (options.socket)
        return std::string("a job graph's sources replay their own records; --socket reads one stream of lines, for a "
                           "chain");
    if (s.pipeline.endOfInput == EndOfInput::Drain)
        return std::string("a drained job graph (endOfInput \"drain\") is stopped with flink stop --drain at its end, "
                           "which a replayed job cannot time: export it with \"max-watermark\" or \"none\"");
    if (!periodOf(g))
        return std::string("the sources and assigners emit watermarks at different periods, and a Flink job has "
                           "one auto-watermark interval (pipeline.auto-watermark-interval): give them one periodMs");
    std::size_t records = 0;
    for (const GraphSource& src : g.sources) {
        records += src.records.size();
        for (const InputRecord& r : src.records) {
            if (r.isWatermark())
                return "source \"" + src.name
                    + "\" carries watermark records, which a DataStream source cannot put between its records";
            if (r.key != kNoKey && s.keys.fields(r.key).size() > 1)
                return "record keys of " + std::to_string(s.keys.fields(r.key).size())
                    + " fields are not exported yet: key the events by one field";
        }
        if (auto why = watermarkRefusal(src.watermarks))
            return "source \"" + src.name + "\": " + *why;
    }
    for (const GraphOperator& op : g.operators) {
        if (op.kind != GraphOperator::Kind::Watermarks)
            continue;
        if (auto why = watermarkRefusal(op.watermarks))
            return "assigner \"" + op.name + "\": " + *why;
    }
    if (records == 0)
        return std::string("the graph's sources have no records to replay");
    for (const GraphOperator& op : g.operators) {
        if (!op.runsWindow())
            continue;
        if (auto why = windowRefusal(op.chainWindow(), release))
            return "window \"" + op.name + "\": " + *why;
    }
    return std::nullopt;
}

std::string graphEventsCsv(const Scenario& s)
{
    const JobGraph& g = graphOf(s);
    std::string csv = "arrival,channel,key,timestamp,value,source\n";
    for (const SourceArrival& a : arrivalOrder(s)) {
        const InputRecord& r = *a.record;
        if (g.sources[static_cast<std::size_t>(a.source)].kafka)
            continue; // read from its topic (graphRecordsCsv)
        csv += std::to_string(a.arrival) + "," + std::to_string(a.channel) + ","
            + (r.key == kNoKey ? std::string() : csvField(s.keys.name(r.key))) + "," + std::to_string(r.ts) + ","
            + (r.hasValue ? formatNumber(r.value) : "") + ","
            + csvField(g.sources[static_cast<std::size_t>(a.source)].name) + "\n";
    }
    return csv;
}

bool replaysSources(const Scenario& s)
{
    const auto& sources = graphOf(s).sources;
    return std::any_of(sources.begin(), sources.end(), [](const GraphSource& src) { return !src.kafka; });
}

bool readsKafka(const Scenario& s)
{
    const auto& sources = graphOf(s).sources;
    return std::any_of(sources.begin(), sources.end(), [](const GraphSource& src) { return src.kafka.has_value(); });
}

std::string graphRecordsCsv(const Scenario& s)
{
    const JobGraph& g = graphOf(s);
    std::string csv = "partition,key,timestamp,value,source\n";
    for (const SourceArrival& a : arrivalOrder(s)) {
        const InputRecord& r = *a.record;
        const GraphSource& src = g.sources[static_cast<std::size_t>(a.source)];
        if (!src.kafka)
            continue;
        csv += std::to_string(r.partition) + "," + (r.key == kNoKey ? std::string() : csvField(s.keys.name(r.key)))
            + "," + std::to_string(r.ts) + "," + (r.hasValue ? formatNumber(r.value) : "") + "," + csvField(src.name)
            + "\n";
    }
    return csv;
}

std::vector<std::string> graphCaveats(const Scenario& s)
{
    const JobGraph& g = graphOf(s);
    std::vector<std::string> c;
    if (replaysSources(s)) {
        c.push_back("The interleaving of the sources and their generators: each record reaches the generator Tidemark "
                    "sends it to at its arrival time, but when each generator's periodic emission runs, and in which "
                    "order an operator hears from its inputs, is this job's wall clock and threads. Compare each "
                    "operator's lines with Tidemark's as a set.");
        c.push_back("The replays share one clock within one JVM (a local MiniCluster); on a cluster of several task "
                    "managers each one's replays start their own clock.");
    }
    DurationMs idle = 0;
    for (const GraphSource& src : g.sources)
        idle = std::max(idle, src.watermarks.idlenessMs);
    if (idle > 0)
        c.push_back("Idleness runs on the job's wall clock: a generator that hears nothing for its idle timeout turns "
                    "idle at a periodic emission a few milliseconds away from Tidemark's.");
    if (std::any_of(g.operators.begin(), g.operators.end(),
            [](const GraphOperator& op) { return op.runsProcessFunction() && op.process.processingTime(); }))
        c.push_back("Processing-time timers run on the job's wall clock, from each record's arrival: one due within a "
                    "few milliseconds of another record's arrival may fire before it or after, and the job's end cuts "
                    "off those due after it (Tidemark's run ends one emission period after the input).");
    if (std::any_of(g.operators.begin(), g.operators.end(),
            [](const GraphOperator& op) { return op.runsWindow() && op.window.usesProcessingTime(); }))
        c.push_back(kProcessingTimeWindowsCaveat);
    std::string topics;
    for (const GraphSource& src : g.sources) {
        if (src.kafka)
            topics += (topics.empty() ? "" : ", ") + src.name;
    }
    if (!topics.empty())
        c.push_back("The sources that read a topic (" + topics
            + ") read it as fast as the broker serves it, not at the scenario's arrival times: when a periodic "
              "emission falls between two records and how the partitions and readers interleave"
            + std::string(replaysSources(s) ? ", with each other and with the replayed sources," : "")
            + " are this job's timing. Compare the lines with those of `tidemark run` as a set: with per-partition "
              "watermarks and each partition's records in time order no record can be late, however they "
              "interleave.");
    if (s.pipeline.endOfInput == EndOfInput::None)
        c.push_back("The input never ends, as in the scenario: the job keeps running after the last record, and "
                    "windows and timers still waiting then never fire. Stop it with Ctrl+C (or flink cancel).");
    return c;
}

std::string graphJavaProgram(const Scenario& scenario, const JobProject& project, const ExportOptions& options)
{
    return GraphProgramWriter(scenario, project, options).write();
}

std::string graphInput(const Scenario& scenario, const JobProject& project, const ExportOptions& options)
{
    return GraphProgramWriter(scenario, project, options).inputText();
}

} // namespace tidemark::flinkjob::detail
