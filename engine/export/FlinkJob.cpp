#include "engine/export/FlinkJob.h"

#include "engine/export/LineReader.h"

#include "engine/core/NumberText.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/EventQueue.h"
#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/runtime/Partitioners.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <span>
#include <sstream>

namespace tidemark::flinkjob {

namespace {

using Strategy = WatermarkConfig::Strategy;
using TriggerType = TriggerSpec::Type;
using AssignerType = AssignerSpec::Type;
using Partitioning = WatermarkConfig::Partitioning;

std::string ms(DurationMs d)
{
    return "Duration.ofMillis(" + std::to_string(d) + ")";
}

// A Java string literal.
std::string javaString(std::string_view text)
{
    std::string s = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            s += "\\\"";
            break;
        case '\\':
            s += "\\\\";
            break;
        case '\n':
            s += "\\n";
            break;
        default:
            s += c;
        }
    }
    return s + "\"";
}

// `text` as comment lines of at most `width` characters behind `prefix`; a "*/" cannot end the comment early.
std::string wrapped(std::string_view text, std::string_view prefix, std::size_t width = 112)
{
    std::string clean(text);
    for (std::size_t at; (at = clean.find("*/")) != std::string::npos;)
        clean.replace(at, 2, "* /");
    std::istringstream words(clean);
    std::string out;
    std::string line;
    for (std::string w; words >> w;) {
        if (!line.empty() && prefix.size() + line.size() + 1 + w.size() > width) {
            out.append(prefix).append(line).append("\n");
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    }
    if (!line.empty())
        out.append(prefix).append(line).append("\n");
    return out;
}

// A key as the CSV of data/events.csv holds it: quoted when it has a comma, a quote or surrounding spaces.
std::string csvField(std::string_view text)
{
    const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos
        || (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote)
        return std::string(text);
    std::string s = "\"";
    for (const char c : text)
        s += c == '"' ? std::string("\"\"") : std::string(1, c);
    return s + "\"";
}

std::string className(const std::string& artifactId)
{
    std::string name;
    bool upper = true;
    for (const char c : artifactId) {
        if (c == '-') {
            upper = true;
            continue;
        }
        name += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
        name = "Tidemark" + name;
    return name + "Job";
}

std::string plural(std::size_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

void replaceAll(std::string& text, std::string_view from, std::string_view to)
{
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
        text.replace(at, from.size(), to);
}

// What a job reading a socket cannot say as Tidemark's live run reads it, or nullopt.
std::optional<std::string> socketRefusal(const Scenario& s, const SocketInput& socket)
{
    const WatermarkConfig& wm = s.pipeline.watermarks;
    if (socket.host.empty() || socket.port <= 0 || socket.port > 65535)
        return "a socket needs a host and a port from 1 to 65535, found \"" + socket.host + ":"
            + std::to_string(socket.port) + "\"";
    if (socket.lines.key.size() > 1)
        return "record keys of " + std::to_string(socket.lines.key.size())
            + " fields are not exported yet: key the events by one field";
    if (wm.strategy == Strategy::Input)
        return std::string(
            "the strategy \"input\" takes its watermarks from the data, which a job reading lines from a "
            "socket cannot put between its records");
    if (wm.partitioning == Partitioning::Channel)
        return std::string(
            "the partitioning \"channel\" sends each record to the channel it names; a socket is read by "
            "one source subtask, which a job spreads over the generators with rebalance()");
    if (wm.partitioning == Partitioning::Forward && wm.parallelism > 1)
        return std::string("the partitioning \"forward\" needs as many source subtasks as generators, and a socket is "
                           "read by one source subtask");
    return std::nullopt;
}

// What no DataStream program can say as Tidemark runs it, or nullopt.
std::optional<std::string> refusal(const Scenario& s, const FlinkRelease& release, const ExportOptions& options)
{
    const PipelineConfig& p = s.pipeline;
    const WindowConfig& w = p.window;
    const WatermarkConfig& wm = p.watermarks;
    if (p.kafka && options.socket)
        return "the scenario reads Kafka topic \"" + p.kafka->topic
            + "\", and its job reads that topic with a KafkaSource (leave out --socket)";
    if (options.socket) {
        if (auto why = socketRefusal(s, *options.socket))
            return why;
    }
    // a socket job reads its own records; the scenario's are only Tidemark's
    const std::size_t replayed = options.socket ? 0 : s.records.size();
    for (const InputRecord& r : std::span(s.records).first(replayed)) {
        if (r.isWatermark())
            return std::string("the input carries watermark records, which a DataStream source cannot put between its "
                               "records (export a scenario whose watermarks come from its generators)");
        if (r.key != kNoKey && s.keys.fields(r.key).size() > 1)
            return "record keys of " + std::to_string(s.keys.fields(r.key).size())
                + " fields are not exported yet: key the events by one field";
    }
    if (s.records.empty() && !options.socket)
        return std::string("the scenario has no records to replay");
    if (wm.strategy == Strategy::LegacyBoundedOutOfOrderness && wm.emission == WatermarkConfig::Emission::PerEvent)
        return std::string("the legacy BoundedOutOfOrdernessTimestampExtractor emits only periodically: per-event "
                           "emission needs the strategy \"bounded-out-of-orderness\"");
    if (wm.strategy == Strategy::LegacyBoundedOutOfOrderness && wm.idlenessMs > 0)
        return std::string("the legacy BoundedOutOfOrdernessTimestampExtractor has no withIdleness: idleness needs the "
                           "strategy \"bounded-out-of-orderness\"");
    if (w.assigner.type == AssignerType::Cumulate)
        return std::string("cumulate windows are Flink SQL's CUMULATE window, which no DataStream assigner has: export "
                           "the scenario as a SQL job (--sql)");
    const bool global = w.assigner.type == AssignerType::Global;
    switch (w.trigger.type) {
    case TriggerType::EventTime:
    case TriggerType::ProcessingTime:
    case TriggerType::ContinuousEventTime:
        if (global)
            return std::string("an event-time or processing-time trigger needs time windows, not the global window");
        break;
    case TriggerType::Never:
    case TriggerType::EndOfStream:
        if (!global)
            return std::string("the \"never\" and \"end-of-stream\" triggers are the global window's own");
        if (w.purging)
            return std::string("a purging trigger over the global window's own trigger is not exported");
        break;
    case TriggerType::Default:
        if (global && w.purging)
            return std::string("a purging trigger over the global window's own trigger is not exported");
        break;
    case TriggerType::Count:
        break;
    }
    PipelineConfig asBuilt = p;
    asBuilt.flinkVersion = release.line;
    if (auto refused = refusedByFlinkVersion(asBuilt))
        return refused;
    return std::nullopt;
}

// The records in the order they arrive, each with its arrival time and the channel Tidemark routes it to.
struct Replayed {
    Timestamp arrival;
    int channel;
    const InputRecord* record;
};

std::vector<Replayed> replayOrder(const Scenario& s)
{
    const ArrivalSchedule schedule(s.records, s.defaultArrivalSpacingMs);
    RecordPartitioner partitioner(s.pipeline.watermarks);
    std::vector<Replayed> order;
    order.reserve(schedule.size());
    for (std::size_t k = 0; k < schedule.size(); ++k) {
        const InputRecord& r = s.records[schedule.recordAt(k)];
        order.push_back({schedule.timeAt(k), partitioner.selectChannel(r.channel), &r});
    }
    return order;
}

std::string eventsCsv(const Scenario& s, const std::vector<Replayed>& order)
{
    std::string csv = "arrival,channel,key,timestamp,value\n";
    for (const Replayed& r : order) {
        csv += std::to_string(r.arrival) + "," + std::to_string(r.channel) + ","
            + (r.record->key == kNoKey ? std::string() : csvField(s.keys.name(r.record->key))) + ","
            + std::to_string(r.record->ts) + "," + (r.record->hasValue ? formatNumber(r.record->value) : "") + "\n";
    }
    return csv;
}

// `tidemark run` reading the scenario's topic, as the KafkaSource job does; a value the function reads is the
// record's value.
std::string tidemarkKafkaRun(const Scenario& s, std::string_view scenarioFile, std::string_view bootstrap)
{
    return "tidemark run " + std::string(scenarioFile) + " --kafka " + std::string(bootstrap) + " --topic "
        + s.pipeline.kafka->topic + (io::recordRulesFor(s.pipeline).requireValue ? " --fields value=value" : "");
}

// What --produce writes into the topic, in the order the records arrive (so each partition's in offset order).
std::string recordsCsv(const Scenario& s, const std::vector<Replayed>& order)
{
    std::string csv = "partition,key,timestamp,value\n";
    for (const Replayed& r : order) {
        csv += std::to_string(r.record->partition) + ","
            + (r.record->key == kNoKey ? std::string() : csvField(s.keys.name(r.record->key))) + ","
            + std::to_string(r.record->ts) + "," + (r.record->hasValue ? formatNumber(r.record->value) : "") + "\n";
    }
    return csv;
}

// The release of flink-connector-kafka built for a Flink line: 5.0.0-2.2 is the newest, for Flink 2.2 and on.
std::string kafkaConnectorVersion(const FlinkRelease& release)
{
    return release.line == FlinkVersion {1, 20} ? "3.3.0-1.20" : "5.0.0-2.2";
}

// The Java program, assembled from the parts the scenario uses.
class ProgramWriter {
public:
    ProgramWriter(
        const Scenario& s, const JobProject& project, const ExportOptions& options, const std::vector<Replayed>& order)
        : m_s(s)
        , m_p(s.pipeline)
        , m_w(s.pipeline.window)
        , m_wm(s.pipeline.watermarks)
        , m_project(project)
        , m_options(options)
        , m_order(order)
        , m_class(project.mainClass.substr(project.mainClass.rfind('.') + 1))
    { }

    std::string write()
    {
        // main() first: it decides which classes the program needs.
        std::string body = mainMethod();
        body += classes();
        std::string java = "package tidemark.jobs;\n\n";
        for (const std::string& i : m_imports)
            java += "import " + i + ";\n";
        java += "\n" + header() + "public final class " + m_class + " {\n    private " + m_class + "() {}\n\n" + body
            + "}\n";
        return java;
    }

    // The classes a SQL program shares with this one, and the imports they need.
    ReplayClasses replayParts()
    {
        ReplayClasses parts;
        parts.java = replayClass() + eventClass() + helpers();
        parts.imports.assign(m_imports.begin(), m_imports.end());
        return parts;
    }

private:
    bool windowAll() const { return !m_w.keyBy.has_value(); }
    bool global() const { return m_w.assigner.type == AssignerType::Global; }
    bool processingTime() const { return m_w.assigner.timeDomain == TimeDomain::Processing; }
    std::string windowType()
    {
        if (global()) {
            use("org.apache.flink.streaming.api.windowing.windows.GlobalWindow");
            return "GlobalWindow";
        }
        use("org.apache.flink.streaming.api.windowing.windows.TimeWindow");
        return "TimeWindow";
    }
    void use(std::string name) { m_imports.insert(std::move(name)); }

    std::string header() const
    {
        const std::size_t n = m_order.size();
        std::string h = "/**\n";
        h += headerTitle(m_s, "A Tidemark scenario as a Flink job.", ".");
        h += " *\n";
        h += wrapped("Exported by Tidemark " + m_options.tidemarkVersion
                + (m_options.sourceName.empty() ? "" : " from " + m_options.sourceName) + " for Apache Flink "
                + m_project.release.version + ". Build it with `mvn package`; " + howToRun()
                + " It prints what Tidemark's Output dock shows for the scenario"
                + (m_options.sourceName.empty() ? ""
                                                : " (`"
                            + (m_p.kafka ? tidemarkKafkaRun(m_s, m_options.sourceName, "localhost:9092")
                                         : "tidemark run " + m_options.sourceName)
                            + " --format text` prints the same lines, each followed by what a print sink leaves out)")
                + ".",
            " * ");
        h += " *\n";
        if (m_p.kafka) {
            h += wrapped(kafkaInput(), " * ");
            return h + headerCaveats(m_project.caveats) + " */\n";
        }
        if (m_options.socket) {
            const SocketInput& in = *m_options.socket;
            h += wrapped("The input: lines read from " + in.host + ":" + std::to_string(in.port)
                    + " as they are sent (socketTextStream), each read as Tidemark reads the scenario's events: "
                    + LineReader(in.lines).description() + ". `tidemark run` with --listen PORT --forward " + in.host
                    + ":" + std::to_string(in.port)
                    + " reads the lines typed into `nc 127.0.0.1 PORT` and passes each on to this job, so that both "
                      "see the same lines.",
                " * ");
            return h + headerCaveats(m_project.caveats) + " */\n";
        }
        const Timestamp last = m_order.back().arrival;
        h += wrapped("The input: data/events.csv holds the " + plural(n, "record", "records") + " Tidemark read"
                + (m_s.inputFile ? " from " + m_s.inputFile->file : std::string())
                + ", in the order they arrive, each with "
                + "its arrival time (milliseconds after the start) and the watermark generator Tidemark sends it to. "
                + "The job replays them at those times, so that the generators' periodic emission (every "
                + std::to_string(m_wm.periodMs) + " ms) runs between records as it does in Tidemark; the last record "
                + "comes " + formatNumber(double(last) / 1000.0) + " s after the start.",
            " * ");
        return h + headerCaveats(m_project.caveats) + " */\n";
    }

    std::string mainMethod()
    {
        if (!m_options.socket && !m_p.kafka) {
            use("java.nio.file.Path");
            use("java.util.List");
        }
        use("org.apache.flink.streaming.api.datastream.DataStream");
        use("org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator");
        use("org.apache.flink.streaming.api.environment.StreamExecutionEnvironment");
        const bool endless = m_p.endOfInput == EndOfInput::None;
        const int subtasks = m_w.subtasks();
        std::string m;
        m += "    public static void main(String[] args) throws Exception {\n";
        if (m_p.kafka)
            m += kafkaArguments();
        else if (!m_options.socket)
            m += "        List<Event> events = Event.readAll(args);\n\n";
        m += "        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();\n";
        if (windowAll())
            m += "        // windowAll runs as one subtask, and so does the print sink chained to it.\n";
        else if (subtasks == 1)
            m += "        // The window operator runs as one subtask, and so does the print sink chained to it.\n";
        else
            m += "        // The window operator runs as " + std::to_string(subtasks)
                + " subtasks, and so does the print sink chained to it: \"2> …\" is subtask 1.\n";
        m += "        env.setParallelism(" + std::to_string(subtasks) + ");\n";
        m += "        env.getConfig().setAutoWatermarkInterval(" + std::to_string(m_wm.periodMs) + ");\n\n";
        if (m_p.kafka) {
            m += kafkaSource(m_p.endOfInput == EndOfInput::MaxWatermark);
        } else {
            m += m_options.socket ? socketSource() : replaySource(endless);
            m += "                .assignTimestampsAndWatermarks(" + strategy() + ")\n";
            m += "                .setParallelism(" + std::to_string(m_wm.parallelism) + ");\n\n";
        }
        if (m_w.lateSideOutput) {
            use("org.apache.flink.util.OutputTag");
            m += "        OutputTag<Event> late = new OutputTag<Event>(\"late\") {};\n";
        }
        m += "        SingleOutputStreamOperator<String> fired = timestamped\n";
        if (windowAll()) {
            m += "                .windowAll(" + assigner() + ")\n";
        } else {
            m += "                .keyBy(event -> event.key)\n";
            m += "                .window(" + assigner() + ")\n";
        }
        if (const std::string t = trigger(); !t.empty())
            m += "                .trigger(" + t + ")\n";
        if (const std::string e = evictor(); !e.empty())
            m += "                .evictor(" + e + ")\n";
        if (m_w.allowedLatenessMs > 0) {
            use("java.time.Duration");
            m += "                .allowedLateness(" + ms(m_w.allowedLatenessMs) + ")\n";
        }
        if (m_w.lateSideOutput)
            m += "                .sideOutputLateData(late)\n";
        m += "                " + function() + ";\n";
        m += "        fired.print();\n";
        if (m_w.lateSideOutput) {
            use("org.apache.flink.api.common.typeinfo.Types");
            m += "        fired.getSideOutput(late)\n";
            m += std::string("                .map(event -> \"late (\" + ")
                + (windowAll() ? "" : "event.key + \",\" + ") + "number(event.value) + \")\")\n";
            m += "                .returns(Types.STRING)\n";
            m += "                .print();\n";
        }
        m += "        env.execute(" + javaString(m_project.jobName) + ");\n";
        m += "    }\n";
        return m;
    }

    // The records replayed at their arrival times, each sent to the generator Tidemark sends it to.
    std::string replaySource(bool endless) const
    {
        std::string m;
        if (endless) {
            m += "        // One source subtask replays the records at their arrival times, then stays open: the "
                 "input\n"
                 "        // never ends, as a topic does not.\n";
        } else {
            m += "        // One source subtask replays the records at their arrival times; then the input ends, and\n"
                 "        // Flink's end-of-input watermark fires every window still open.\n";
        }
        const Timestamp inputEnd = m_s.inputEnd(m_order.back().arrival);
        m += "        DataStream<Event> arrivals = env.fromSequence(0, "
            + std::string(endless ? "Long.MAX_VALUE" : "events.size()") + ").setParallelism(1)\n";
        m += "                .flatMap(new Replay(events, "
            + std::string(endless ? "-1" : std::to_string(inputEnd) + "L") + ")).setParallelism(1)\n";
        m += "                .name(\"replay data/events.csv\");\n\n";
        m += "        // Each record goes to the watermark generator Tidemark sends it to (a real rebalance() starts "
             "at a\n"
             "        // random channel); the shuffle also keeps the replay's waiting out of the generators' thread.\n";
        m += "        DataStream<Event> timestamped = arrivals\n";
        m += "                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> "
             "event.channel)\n";
        return m;
    }

    // Lines read from the socket as they are sent, spread over the generators as the scenario partitions them.
    std::string socketSource()
    {
        const SocketInput& in = *m_options.socket;
        std::string m;
        m += "        // One source subtask reads the lines as they are sent; each is read as the scenario's events "
             "are.\n";
        m += "        DataStream<Event> arrivals = env.socketTextStream(" + javaString(in.host) + ", "
            + std::to_string(in.port) + ")\n";
        m += "                .flatMap(new ReadLine()).setParallelism(1)\n";
        m += "                .name(\"read lines\");\n\n";
        m += "        DataStream<Event> timestamped = arrivals\n";
        if (m_wm.partitioning == Partitioning::Rebalance && m_wm.parallelism > 1) {
            m += "                // round robin over the watermark generators, as Tidemark's rebalance (a real one "
                 "starts at a\n"
                 "                // random generator)\n";
            m += "                .rebalance()\n";
        }
        return m;
    }

    // How to build and run the project, for the header.
    std::string howToRun() const
    {
        const std::string jar = m_project.jarPath();
        if (!m_p.kafka)
            return "`java -jar " + jar + "` runs it on a local MiniCluster, `flink run " + jar
                + " /path/to/events.csv` on a cluster.";
        return "`java -jar " + jar + " --produce` writes the scenario's records into topic \"" + m_p.kafka->topic
            + "\" at localhost:9092, and `java -jar " + jar
            + "` runs the job on a local MiniCluster, reading them (--bootstrap HOST:PORT and --topic NAME name "
              "another broker or topic). `flink run "
            + jar
            + " --bootstrap HOST:PORT` runs it on a cluster that has the Kafka connector's jars "
              "(flink-connector-kafka, flink-connector-base and kafka-clients, in target/lib) in its lib folder.";
    }

    // Which reader owns which partition, as the enumerator decides: "reader 0 reads partitions 1 and 3, ...".
    std::string partitionOwners() const
    {
        const KafkaSourceSpec& k = *m_p.kafka;
        const int readers = m_p.sourceParallelism;
        std::string text;
        for (int reader = 0; reader < readers; ++reader) {
            std::vector<int> owned;
            for (int partition = 0; partition < k.partitions; ++partition) {
                if (KafkaSourceEnumerator::splitOwner(k.topic, partition, readers) == reader)
                    owned.push_back(partition);
            }
            std::string list;
            for (std::size_t i = 0; i < owned.size(); ++i)
                list += (i == 0 ? "" : i + 1 == owned.size() ? " and " : ", ") + std::to_string(owned[i]);
            text += (reader == 0                    ? "reader "
                            : reader + 1 == readers ? " and reader "
                                                    : ", reader ")
                + std::to_string(reader)
                + (owned.empty()            ? " reads none"
                        : owned.size() == 1 ? " reads partition " + list
                                            : " reads partitions " + list);
        }
        return text;
    }

public:
    // What the job reads from a topic, for the header and the README.
    std::string kafkaInput() const
    {
        const KafkaSourceSpec& k = *m_p.kafka;
        const bool bounded = m_p.endOfInput == EndOfInput::MaxWatermark;
        const bool perPartition = k.watermarks == KafkaSourceSpec::Watermarks::PerPartition;
        return "The input: topic \"" + k.topic + "\" of " + plural(std::size_t(k.partitions), "partition", "partitions")
            + ", read by a KafkaSource of parallelism " + std::to_string(m_p.sourceParallelism)
            + " from the earliest offsets"
            + (bounded ? " to the latest ones when the job starts (setBounded): each reader finishes a partition's "
                         "split once it has read it to its end, and ends when it has finished all of them, as in "
                         "the scenario"
                    : m_p.endOfInput == EndOfInput::Drain
                    ? "; it never ends by itself: the scenario stops the job with a drain at the end of its input"
                    : "; it never ends, as the scenario's input does not")
            + ". The enumerator spreads the partitions over the readers: " + partitionOwners() + ". "
            + (perPartition
                    ? "The watermark strategy is given to fromSource: each reader runs one generator per partition "
                      "and forwards the minimum over its active partitions, as Tidemark's partition lanes show."
                    : "The source emits no watermarks; a generator chained after each reader makes them, so a "
                      "reader's watermark follows the largest timestamp over all its partitions.")
            + " A record's key is the event's key, its timestamp the event time, and its value the event's number "
              "(none when empty). data/records.csv holds the scenario's "
            + plural(m_order.size(), "record", "records")
            + ", which --produce writes into a new or empty topic, each to its partition with its timestamp.";
    }

private:
    // main()'s first lines: the options, and --produce.
    std::string kafkaArguments() const
    {
        return "        Options options = Options.parse(args);\n"
               "        if (options.produce) {\n"
               "            Produce.records(options);\n"
               "            return;\n"
               "        }\n\n";
    }

    // The topic read by a KafkaSource; the watermark strategy inside the source (per partition) or after it.
    std::string kafkaSource(bool bounded)
    {
        use("org.apache.flink.api.common.eventtime.WatermarkStrategy");
        use("org.apache.flink.connector.kafka.source.KafkaSource");
        use("org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer");
        const KafkaSourceSpec& k = *m_p.kafka;
        const std::string readers = std::to_string(m_p.sourceParallelism);
        std::string m;
        m += "        // Every partition from its earliest offset; "
            + std::string(!bounded ? "the topic is read for as long as the job runs.\n"
                                   : "bounded by the latest offsets when the job starts: a\n"
                                     "        // reader finishes each partition when it has read it to its end, and "
                                     "then ends itself.\n");
        m += "        KafkaSource<Event> source = KafkaSource.<Event>builder()\n";
        m += "                .setBootstrapServers(options.bootstrap)\n";
        m += "                .setTopics(options.topic)\n";
        m += "                .setGroupId(" + javaString(m_project.artifactId) + ")\n";
        m += "                .setStartingOffsets(OffsetsInitializer.earliest())\n";
        if (bounded)
            m += "                .setBounded(OffsetsInitializer.latest())\n";
        m += "                .setDeserializer(new ReadRecord())\n";
        m += "                .build();\n\n";
        if (k.watermarks == KafkaSourceSpec::Watermarks::PerPartition) {
            m += "        // The strategy goes into the source: each of the " + readers
                + " readers runs one generator per partition (split)\n"
                  "        // and forwards the minimum over its active partitions.\n";
            m += "        DataStream<Event> timestamped = env.fromSource(source, " + strategy() + ",\n";
            m += "                        \"Kafka Source\")\n";
            m += "                .setParallelism(" + readers + ");\n\n";
        } else {
            m += "        // The source emits no watermarks; one generator after each of the " + readers
                + " readers, chained to it.\n";
            m += "        DataStream<Event> timestamped = env.fromSource(source, WatermarkStrategy.noWatermarks(), "
                 "\"Kafka Source\")\n";
            m += "                .setParallelism(" + readers + ")\n";
            m += "                .assignTimestampsAndWatermarks(" + strategy() + ")\n";
            m += "                .setParallelism(" + readers + ");\n\n";
        }
        return m;
    }

    // The options, the record reader, the POJO and the producer of a job that reads a topic.
    std::string kafkaClasses()
    {
        for (const char* i :
            {"java.io.IOException", "java.io.InputStream", "java.nio.charset.StandardCharsets", "java.nio.file.Files",
                "java.nio.file.Path", "java.time.Instant", "java.util.ArrayList", "java.util.HashMap", "java.util.List",
                "java.util.Map", "java.util.Properties", "java.util.concurrent.ExecutionException",
                "java.util.concurrent.Future", "java.util.concurrent.TimeUnit", "java.util.concurrent.TimeoutException",
                "org.apache.flink.api.common.typeinfo.TypeInformation",
                "org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema",
                "org.apache.flink.util.Collector", "org.apache.kafka.clients.admin.Admin",
                "org.apache.kafka.clients.admin.Config", "org.apache.kafka.clients.admin.NewTopic",
                "org.apache.kafka.clients.admin.OffsetSpec", "org.apache.kafka.clients.admin.TopicDescription",
                "org.apache.kafka.clients.consumer.ConsumerRecord", "org.apache.kafka.clients.producer.KafkaProducer",
                "org.apache.kafka.clients.producer.ProducerRecord", "org.apache.kafka.clients.producer.RecordMetadata",
                "org.apache.kafka.common.TopicPartition", "org.apache.kafka.common.config.ConfigResource",
                "org.apache.kafka.common.errors.TopicExistsException",
                "org.apache.kafka.common.serialization.StringSerializer"})
            use(i);
        std::string c
            = R"java(    /** --bootstrap HOST:PORT, --topic NAME and --produce, with the scenario's broker and topic as defaults. */
    static final class Options {
        String bootstrap = "localhost:9092";
        String topic = @TOPIC@;
        boolean produce;

        static Options parse(String[] args) {
            Options options = new Options();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--produce")) {
                    options.produce = true;
                } else if ((arg.equals("--bootstrap") || arg.equals("--topic")) && i + 1 < args.length) {
                    if (arg.equals("--bootstrap")) {
                        options.bootstrap = args[++i];
                    } else {
                        options.topic = args[++i];
                    }
                } else {
                    System.err.println("unexpected argument \"" + arg + "\": expected --bootstrap HOST:PORT, "
                            + "--topic NAME or --produce");
                    System.exit(2);
                }
            }
            return options;
        }
    }

    /**
     * A Kafka record as the scenario's event: its key, its timestamp as the event time, its value a number (none
     * when empty). A record it cannot read is reported on stderr with its partition and offset, and skipped.
     */
    public static final class ReadRecord implements KafkaRecordDeserializationSchema<Event> {
        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Event> out) {
            Event event = new Event();
            event.partition = record.partition();
            event.offset = record.offset();
            event.key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
            event.timestamp = record.timestamp();
            String value = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8).trim();
            String problem = null;
@KEYCHECK@            if (problem == null && !value.isEmpty()) {
                try {
                    event.value = Double.valueOf(value);
                } catch (NumberFormatException bad) {
                    problem = "expected a number as the value, found \"" + value + "\"";
                }
            }
            if (problem != null) {
                System.err.println(record.topic() + ", partition " + record.partition() + ", offset " + record.offset()
                        + ": " + problem + "; skipped");
                return;
            }
            out.collect(event);
        }

        @Override
        public TypeInformation<Event> getProducedType() {
            return TypeInformation.of(Event.class);
        }
    }

    /** One record of the topic, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public int partition;
        public long offset;
        public String key; // null when the records have none (windowAll)
        public long timestamp;
        public Double value; // null when the record has none

        public Event() {}
    }

    /**
     * --produce: data/records.csv (or its copy in the jar) into the topic, each record to its partition with its
     * key, timestamp and value. The topic is created with the scenario's partitions and no time-based retention, or
     * must have them, hold no record yet (the job reads a topic from its earliest offsets, and records already there
     * would be read too) and keep records as old as the scenario's.
     */
    static final class Produce {
        static final int PARTITIONS = @PARTITIONS@;
        static final long WAIT_S = 30;
        static final String RETENTION = "retention.ms";

        static void records(Options options) throws IOException, InterruptedException {
            List<String[]> records = readAll();
            Properties config = new Properties();
            config.put("bootstrap.servers", options.bootstrap);
            config.put("request.timeout.ms", "10000");
            config.put("default.api.timeout.ms", "20000");
            String at = "topic \"" + options.topic + "\" at " + options.bootstrap;
            try {
                try (Admin admin = Admin.create(config)) {
                    prepareTopic(admin, options.topic, at, records);
                }
                config.put("key.serializer", StringSerializer.class.getName());
                config.put("value.serializer", StringSerializer.class.getName());
                config.put("max.block.ms", "20000");
                config.put("delivery.timeout.ms", "30000");
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
                    for (String[] r : records) {
                        sent.add(producer.send(new ProducerRecord<>(options.topic, Integer.valueOf(r[0]),
                                Long.valueOf(r[2]), r[1].isEmpty() ? null : r[1], r[3].isEmpty() ? null : r[3])));
                    }
                    producer.flush();
                    for (Future<RecordMetadata> f : sent) {
                        f.get(WAIT_S, TimeUnit.SECONDS);
                    }
                }
            } catch (ExecutionException | TimeoutException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                System.err.println(at + ": " + cause.getMessage());
                System.exit(1);
            }
            System.err.println("wrote " + records.size() + (records.size() == 1 ? " record" : " records") + " to " + at);
        }

        private static void prepareTopic(Admin admin, String topic, String at, List<String[]> records)
                throws ExecutionException, InterruptedException, TimeoutException {
            try {
                // Time-based retention goes by the records' own timestamps, and a scenario's are often from 1970:
                // with the broker's default (7 days) they would be deleted at its next retention check, minutes
                // from now, and the job would find the topic empty.
                admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)
                                .configs(Map.of(RETENTION, "-1"))))
                        .all()
                        .get(WAIT_S, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            TopicDescription described =
                    admin.describeTopics(List.of(topic)).allTopicNames().get(WAIT_S, TimeUnit.SECONDS).get(topic);
            if (described.partitions().size() != PARTITIONS) {
                System.err.println(at + " has " + described.partitions().size() + " partitions, the scenario "
                        + PARTITIONS + ": give another topic with --topic");
                System.exit(1);
            }
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (int p = 0; p < PARTITIONS; p++) {
                ends.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            long held = 0;
            for (var end : admin.listOffsets(ends).all().get(WAIT_S, TimeUnit.SECONDS).values()) {
                held += end.offset();
            }
            if (held > 0) {
                System.err.println(at + " holds " + held + " records already, which the job would read too: "
                        + "delete the topic or give another with --topic");
                System.exit(1);
            }
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config =
                    admin.describeConfigs(List.of(resource)).all().get(WAIT_S, TimeUnit.SECONDS).get(resource);
            long retention = Long.parseLong(config.get(RETENTION).value());
            long oldest = Long.MAX_VALUE;
            for (String[] r : records) {
                oldest = Math.min(oldest, Long.parseLong(r[2]));
            }
            if (retention >= 0 && oldest < System.currentTimeMillis() - retention) {
                System.err.println(at + " deletes records older than " + RETENTION + "=" + retention + " ms by their "
                        + "timestamps, and the scenario's go back to " + Instant.ofEpochMilli(oldest)
                        + ": the broker would delete them at its next retention check. Set " + RETENTION
                        + "=-1 on the topic, or give a new one with --topic (--produce creates it so)");
                System.exit(1);
            }
        }

        /** partition,key,timestamp,value per line after the header; a key may be quoted as in CSV. */
        static List<String[]> readAll() throws IOException {
            Path local = Path.of("data", "records.csv");
            String file = local.toString();
            List<String> lines;
            if (Files.exists(local)) {
                lines = Files.readAllLines(local, StandardCharsets.UTF_8);
            } else {
                try (InputStream packed = Produce.class.getResourceAsStream("records.csv")) {
                    if (packed == null) {
                        throw new IOException("no data/records.csv here and none in the jar");
                    }
                    lines = new String(packed.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                    file = "records.csv in the jar";
                }
            }
            List<String[]> records = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != 4) {
                    throw new IOException(file + ":" + (i + 1) + ": expected partition,key,timestamp,value, found "
                            + f.size() + " fields");
                }
                records.add(f.toArray(new String[0]));
            }
            return records;
        }

)java";
        c += csvFieldsMethod(',', false) + "    }\n\n";
        replaceAll(c, "@TOPIC@", javaString(m_p.kafka->topic));
        replaceAll(c, "@PARTITIONS@", std::to_string(m_p.kafka->partitions));
        replaceAll(c, "@KEYCHECK@",
            windowAll() ? ""
                        : "            if (event.key == null) { // keyBy needs one\n"
                          "                problem = \"the record has no key\";\n"
                          "            }\n");
        return c;
    }

    std::string timestampAssigner() const { return ".withTimestampAssigner((event, previous) -> event.timestamp)"; }

    std::string strategy()
    {
        use("org.apache.flink.api.common.eventtime.WatermarkStrategy");
        std::string s;
        const std::string indent = "\n                        ";
        const bool perEvent = m_wm.emission == WatermarkConfig::Emission::PerEvent;
        switch (m_wm.strategy) {
        case Strategy::LegacyBoundedOutOfOrderness:
            use("java.time.Duration");
            use("org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor");
            // A periodic assigner in 1.20, a WatermarkStrategy in 2.x: the same source text for both.
            return "new BoundedOutOfOrdernessTimestampExtractor<Event>(" + ms(m_wm.maxOutOfOrdernessMs) + ") {" + indent
                + "    @Override" + indent + "    public long extractTimestamp(Event event) {" + indent
                + "        return event.timestamp;" + indent + "    }" + indent + "}";
        case Strategy::BoundedOutOfOrderness:
            use("java.time.Duration");
            if (perEvent) {
                use("org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks");
                s = "WatermarkStrategy" + indent + ".<Event>forGenerator(context -> new EveryEvent(" + indent
                    + "        new BoundedOutOfOrdernessWatermarks<>(" + ms(m_wm.maxOutOfOrdernessMs) + ")))";
            } else {
                s = "WatermarkStrategy" + indent + ".<Event>forBoundedOutOfOrderness(" + ms(m_wm.maxOutOfOrdernessMs)
                    + ")";
            }
            break;
        case Strategy::Monotonous:
            if (perEvent) {
                use("org.apache.flink.api.common.eventtime.AscendingTimestampsWatermarks");
                s = "WatermarkStrategy" + indent
                    + ".<Event>forGenerator(context -> new EveryEvent(new AscendingTimestampsWatermarks<>()))";
            } else {
                s = "WatermarkStrategy" + indent + ".<Event>forMonotonousTimestamps()";
            }
            break;
        case Strategy::Input:
            s = "WatermarkStrategy" + indent + ".<Event>noWatermarks()";
            break;
        }
        s += indent + timestampAssigner();
        if (m_wm.idlenessMs > 0) {
            use("java.time.Duration");
            s += indent + ".withIdleness(" + ms(m_wm.idlenessMs) + ")";
        }
        return s;
    }

    std::string assigner()
    {
        const AssignerSpec& a = m_w.assigner;
        const bool proc = processingTime();
        const std::string offset = a.offsetMs != 0 ? ", " + ms(a.offsetMs) : std::string();
        const std::string pkg = "org.apache.flink.streaming.api.windowing.assigners.";
        std::string cls;
        std::string call;
        switch (a.type) {
        case AssignerType::Tumbling:
            cls = proc ? "TumblingProcessingTimeWindows" : "TumblingEventTimeWindows";
            call = cls + ".of(" + ms(a.sizeMs) + offset + ")";
            break;
        case AssignerType::Sliding:
            cls = proc ? "SlidingProcessingTimeWindows" : "SlidingEventTimeWindows";
            call = cls + ".of(" + ms(a.sizeMs) + ", " + ms(a.slideMs) + offset + ")";
            break;
        case AssignerType::Session:
            cls = proc ? "ProcessingTimeSessionWindows" : "EventTimeSessionWindows";
            call = cls + ".withGap(" + ms(a.gapMs) + ")";
            break;
        case AssignerType::Global:
            use(pkg + "GlobalWindows");
            return m_w.trigger.type == TriggerType::EndOfStream ? "GlobalWindows.createWithEndOfStreamTrigger()"
                                                                : "GlobalWindows.create()";
        case AssignerType::Cumulate:
            return {}; // refusal() keeps it to the SQL export
        }
        use("java.time.Duration");
        use(pkg + cls);
        return call;
    }

    // The trigger call's argument, or empty to keep the assigner's own.
    std::string trigger()
    {
        const std::string pkg = "org.apache.flink.streaming.api.windowing.triggers.";
        std::string t;
        switch (m_w.trigger.type) {
        case TriggerType::Default:
            if (!m_w.purging)
                return {};
            t = processingTime() ? "ProcessingTimeTrigger.create()" : "EventTimeTrigger.create()";
            use(pkg + (processingTime() ? "ProcessingTimeTrigger" : "EventTimeTrigger"));
            break;
        case TriggerType::EventTime:
            use(pkg + "EventTimeTrigger");
            t = "EventTimeTrigger.create()";
            break;
        case TriggerType::ProcessingTime:
            use(pkg + "ProcessingTimeTrigger");
            t = "ProcessingTimeTrigger.create()";
            break;
        case TriggerType::Count:
            use(pkg + "CountTrigger");
            t = "CountTrigger.of(" + std::to_string(m_w.trigger.count) + ")";
            break;
        case TriggerType::ContinuousEventTime:
            use("java.time.Duration");
            use(pkg + "ContinuousEventTimeTrigger");
            t = "ContinuousEventTimeTrigger.of(" + ms(m_w.trigger.intervalMs) + ")";
            break;
        case TriggerType::Never:
        case TriggerType::EndOfStream:
            return {}; // the global window's own (refusal() keeps them to it)
        }
        if (m_w.purging) {
            use(pkg + "PurgingTrigger");
            return "PurgingTrigger.of(" + t + ")";
        }
        return t;
    }

    std::string evictor()
    {
        const EvictorSpec& e = m_w.evictor;
        const std::string pkg = "org.apache.flink.streaming.api.windowing.evictors.";
        const std::string after = e.evictAfter ? "true" : "false";
        switch (e.type) {
        case EvictorSpec::Type::None:
            return {};
        case EvictorSpec::Type::Count:
            use(pkg + "CountEvictor");
            return "CountEvictor.of(" + std::to_string(e.maxCount) + ", " + after + ")";
        case EvictorSpec::Type::Time:
            use("java.time.Duration");
            use(pkg + "TimeEvictor");
            return "TimeEvictor.of(" + ms(e.keepMs) + ", " + after + ")";
        case EvictorSpec::Type::Delta:
            use(pkg + "DeltaEvictor");
            return "DeltaEvictor.of(" + formatNumber(e.threshold) + ", (Event a, Event b) -> Math.abs(valueOf(a) - "
                + "valueOf(b)), " + after + ")";
        }
        return {};
    }

    // What a function reads from each record, as Java: the timestamp or the value (0 when it has none).
    std::string field(std::string_view record) const
    {
        return m_w.function.field == "ts" ? std::string(record) + ".timestamp" : "valueOf(" + std::string(record) + ")";
    }
    std::string fieldWord() const { return m_w.function.field == "ts" ? "timestamps" : "values"; }

    std::string function()
    {
        using F = FunctionSpec::Type;
        switch (m_w.function.type) {
        case F::List:
            m_functionClass = m_w.function.field == "ts" ? "ListTimestamps" : "ListValues";
            return ".process(new " + m_functionClass + "())";
        case F::Count:
            m_aggregateClass = "CountRecords";
            break;
        case F::Sum:
            m_aggregateClass = m_w.function.field == "ts" ? "SumTimestamps" : "SumValues";
            break;
        case F::Min:
            m_aggregateClass = m_w.function.field == "ts" ? "MinTimestamp" : "MinValue";
            break;
        case F::Max:
            m_aggregateClass = m_w.function.field == "ts" ? "MaxTimestamp" : "MaxValue";
            break;
        case F::Avg:
            m_aggregateClass = m_w.function.field == "ts" ? "AverageTimestamp" : "AverageValue";
            break;
        }
        return ".aggregate(new " + m_aggregateClass + "(), new WithKey())";
    }

    std::string classes()
    {
        use("java.io.Serializable");
        std::string c;
        c += "\n" + listFunction() + aggregateFunction() + perEventGenerator();
        if (m_p.kafka)
            c += kafkaClasses();
        else if (m_options.socket)
            c += LineReader(m_options.socket->lines).javaClass(m_imports) + socketEventClass();
        else
            c += replayClass() + eventClass();
        c += helpers();
        return c;
    }

    std::string listFunction()
    {
        if (m_functionClass.empty())
            return {};
        use("java.util.ArrayList");
        use("org.apache.flink.util.Collector");
        const std::string win = windowType();
        std::string c
            = "    /** The " + fieldWord() + " of a window's records, in the order the window holds them. */\n";
        if (windowAll()) {
            use("org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction");
            c += "    public static final class " + m_functionClass
                + " extends ProcessAllWindowFunction<Event, String, " + win + "> {\n";
            c += "        @Override\n";
            c += "        public void process(Context context, Iterable<Event> records, Collector<String> out) {\n";
        } else {
            use("org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction");
            c += "    public static final class " + m_functionClass
                + " extends ProcessWindowFunction<Event, String, "
                  "String, "
                + win + "> {\n";
            c += "        @Override\n";
            c += "        public void process(String key, Context context, Iterable<Event> records, "
                 "Collector<String> out) {\n";
        }
        c += "            List<String> " + fieldWord() + " = new ArrayList<>();\n";
        c += "            for (Event record : records) {\n";
        c += "                " + fieldWord() + ".add(number(" + field("record") + "));\n";
        c += "            }\n";
        c += std::string("            out.collect(\"(") + (windowAll() ? "" : "\" + key + \",")
            + "[\" + String.join(\",\", " + fieldWord() + ") + \"])\");\n";
        c += "        }\n    }\n\n";
        return c;
    }

    std::string aggregateFunction()
    {
        if (m_aggregateClass.empty())
            return {};
        use("org.apache.flink.api.common.functions.AggregateFunction");
        using F = FunctionSpec::Type;
        const std::string f = field("record");
        std::string c;
        switch (m_w.function.type) {
        case F::Count:
            c += "    /** How many records the window holds. */\n";
            c += "    public static final class CountRecords implements AggregateFunction<Event, Long, String> {\n";
            c += "        @Override\n        public Long createAccumulator() {\n            return 0L;\n        }\n\n";
            c += "        @Override\n        public Long add(Event record, Long count) {\n            return count + "
                 "1;\n"
                 "        }\n\n";
            c += "        @Override\n        public String getResult(Long count) {\n            return "
                 "Long.toString(count);\n"
                 "        }\n\n";
            c += "        @Override\n        public Long merge(Long a, Long b) {\n            return a + b;\n        "
                 "}\n";
            c += "    }\n\n";
            break;
        case F::Sum:
            c += "    /** The sum of the window's " + fieldWord() + ". */\n";
            c += "    public static final class " + m_aggregateClass
                + " implements AggregateFunction<Event, Double, String> {\n";
            c += "        @Override\n        public Double createAccumulator() {\n            return 0.0;\n        "
                 "}\n\n";
            c += "        @Override\n        public Double add(Event record, Double sum) {\n            return sum + "
                + f + ";\n        }\n\n";
            c += "        @Override\n        public String getResult(Double sum) {\n            return number(sum);\n"
                 "        }\n\n";
            c += "        @Override\n        public Double merge(Double a, Double b) {\n            return a + b;\n"
                 "        }\n";
            c += "    }\n\n";
            break;
        case F::Min:
        case F::Max:
        case F::Avg: {
            // One accumulator for the three: how many, and the running min, max or sum; null for an empty window.
            const bool avg = m_w.function.type == F::Avg;
            const bool min = m_w.function.type == F::Min;
            const std::string start = avg ? "0.0" : min ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
            const std::string combine
                = avg ? "acc[1] + " + f : (min ? "Math.min(acc[1], " : "Math.max(acc[1], ") + f + ")";
            const std::string what = avg ? "The average of" : min ? "The least of" : "The greatest of";
            c += "    /** " + what + " the window's " + fieldWord() + " (null when an evictor emptied it). */\n";
            c += "    public static final class " + m_aggregateClass
                + " implements AggregateFunction<Event, double[], String> {\n";
            c += "        @Override\n        public double[] createAccumulator() {\n            return new double[] "
                 "{0, "
                + start + "}; // count, "
                + (avg        ? "sum"
                        : min ? "min"
                              : "max")
                + "\n        }\n\n";
            c += "        @Override\n        public double[] add(Event record, double[] acc) {\n"
                 "            return new double[] {acc[0] + 1, "
                + combine + "};\n        }\n\n";
            c += "        @Override\n        public String getResult(double[] acc) {\n            return acc[0] == 0 ? "
                 "\"null\" : number("
                + std::string(avg ? "acc[1] / acc[0]" : "acc[1]") + ");\n        }\n\n";
            c += "        @Override\n        public double[] merge(double[] a, double[] b) {\n"
                 "            return new double[] {a[0] + b[0], "
                + std::string(avg ? "a[1] + b[1]"
                        : min     ? "Math.min(a[1], b[1])"
                                  : "Math.max(a[1], b[1])")
                + "};\n        }\n";
            c += "    }\n\n";
            break;
        }
        case F::List:
            break;
        }
        use("org.apache.flink.util.Collector");
        const std::string win = windowType();
        c += "    /** The printed line: the key with the window's result, as Flink prints a Tuple2. */\n";
        if (windowAll()) {
            use("org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction");
            c += "    public static final class WithKey extends ProcessAllWindowFunction<String, String, " + win
                + "> {\n";
            c += "        @Override\n";
            c += "        public void process(Context context, Iterable<String> result, Collector<String> out) {\n";
            c += "            out.collect(\"(\" + result.iterator().next() + \")\");\n";
        } else {
            use("org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction");
            c += "    public static final class WithKey extends ProcessWindowFunction<String, String, String, " + win
                + "> {\n";
            c += "        @Override\n";
            c += "        public void process(String key, Context context, Iterable<String> result, "
                 "Collector<String> out) {\n";
            c += "            out.collect(\"(\" + key + \",\" + result.iterator().next() + \")\");\n";
        }
        c += "        }\n    }\n\n";
        return c;
    }

    std::string perEventGenerator()
    {
        if (m_wm.emission != WatermarkConfig::Emission::PerEvent || m_wm.strategy == Strategy::Input)
            return {};
        use("org.apache.flink.api.common.eventtime.WatermarkGenerator");
        use("org.apache.flink.api.common.eventtime.WatermarkOutput");
        return "    /** Emits the watermark after every record, and on the periodic timer as well. */\n"
               "    public static final class EveryEvent implements WatermarkGenerator<Event> {\n"
               "        private final WatermarkGenerator<Event> generator;\n\n"
               "        EveryEvent(WatermarkGenerator<Event> generator) {\n"
               "            this.generator = generator;\n"
               "        }\n\n"
               "        @Override\n"
               "        public void onEvent(Event event, long timestamp, WatermarkOutput output) {\n"
               "            generator.onEvent(event, timestamp, output);\n"
               "            generator.onPeriodicEmit(output);\n"
               "        }\n\n"
               "        @Override\n"
               "        public void onPeriodicEmit(WatermarkOutput output) {\n"
               "            generator.onPeriodicEmit(output);\n"
               "        }\n"
               "    }\n\n";
    }

    std::string replayClass()
    {
        use("org.apache.flink.api.common.functions.FlatMapFunction");
        use("org.apache.flink.util.Collector");
        return "    /**\n"
               "     * Emits record i at its arrival time, counted from the first number the source hands it. Past "
               "the\n"
               "     * last record it waits for the end of input (inputEndMs), or, when the input never ends, keeps "
               "the\n"
               "     * source open a second per number. Its first line on stderr marks the start of the replay's "
               "clock,\n"
               "     * which comes after the cluster's start-up.\n"
               "     */\n"
               "    public static final class Replay implements FlatMapFunction<Long, Event> {\n"
               "        private final List<Event> events;\n"
               "        private final long inputEndMs;\n"
               "        private transient boolean started;\n"
               "        private transient long startNanos;\n\n"
               "        Replay(List<Event> events, long inputEndMs) {\n"
               "            this.events = events;\n"
               "            this.inputEndMs = inputEndMs;\n"
               "        }\n\n"
               "        @Override\n"
               "        public void flatMap(Long index, Collector<Event> out) throws InterruptedException {\n"
               "            if (!started) {\n"
               "                started = true;\n"
               "                startNanos = System.nanoTime();\n"
               "                String records = events.size() == 1 ? \" record\" : \" records\";\n"
               "                System.err.println(\"replaying \" + events.size() + records + \" at their arrival "
               "times\");\n"
               "            }\n"
               "            if (index < events.size()) {\n"
               "                Event event = events.get(index.intValue());\n"
               "                waitUntil(event.arrival);\n"
               "                out.collect(event);\n"
               "            } else if (inputEndMs >= 0) {\n"
               "                waitUntil(inputEndMs);\n"
               "            } else {\n"
               "                Thread.sleep(1000);\n"
               "            }\n"
               "        }\n\n"
               "        private void waitUntil(long ms) throws InterruptedException {\n"
               "            long wait = ms - (System.nanoTime() - startNanos) / 1_000_000;\n"
               "            if (wait > 0) {\n"
               "                Thread.sleep(wait);\n"
               "            }\n"
               "        }\n"
               "    }\n\n";
    }

    std::string eventClass()
    {
        use("java.io.IOException");
        use("java.io.InputStream");
        use("java.nio.charset.StandardCharsets");
        use("java.nio.file.Files");
        use("java.util.ArrayList");
        return "    /** One record of data/events.csv, a POJO for Flink's serializer. */\n"
               "    public static class Event implements Serializable {\n"
               "        public long arrival; // processing time in ms after the start\n"
               "        public int channel; // the watermark generator Tidemark sends it to\n"
               "        public String key;\n"
               "        public long timestamp;\n"
               "        public Double value; // null when the record has none\n\n"
               "        public Event() {}\n\n"
               "        /**\n"
               "         * The records of the file args[0] names; without one, of data/events.csv in the working "
               "folder\n"
               "         * (java -jar in the project), else of the copy mvn package puts into the jar: a job "
               "submitted\n"
               "         * through the REST API runs main() on the JobManager, which has no file of the client's.\n"
               "         */\n"
               "        static List<Event> readAll(String[] args) throws IOException {\n"
               "            if (args.length > 0) {\n"
               "                return readAll(Path.of(args[0]));\n"
               "            }\n"
               "            Path local = Path.of(\"data\", \"events.csv\");\n"
               "            if (Files.exists(local)) {\n"
               "                return readAll(local);\n"
               "            }\n"
               "            try (InputStream packed = Event.class.getResourceAsStream(\"events.csv\")) {\n"
               "                if (packed == null) {\n"
               "                    throw new IOException(\n"
               "                            \"no data/events.csv here and none in the jar: give the events file as the "
               "first argument\");\n"
               "                }\n"
               "                String text = new String(packed.readAllBytes(), StandardCharsets.UTF_8);\n"
               "                return parse(text.lines().toList(), \"events.csv in the jar\");\n"
               "            }\n"
               "        }\n\n"
               "        static List<Event> readAll(Path file) throws IOException {\n"
               "            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());\n"
               "        }\n\n"
               "        /** The header line, then arrival,channel,key,timestamp,value; a key may be quoted as in CSV. "
               "*/\n"
               "        static List<Event> parse(List<String> lines, String file) throws IOException {\n"
               "            List<Event> events = new ArrayList<>();\n"
               "            for (int i = 1; i < lines.size(); i++) {\n"
               "                List<String> f = fields(lines.get(i));\n"
               "                if (f.size() != 5) {\n"
               "                    throw new IOException(file + \":\" + (i + 1) + \": expected arrival,channel,key,"
               "timestamp,value, found \"\n"
               "                            + f.size() + \" fields\");\n"
               "                }\n"
               "                Event e = new Event();\n"
               "                try {\n"
               "                    e.arrival = Long.parseLong(f.get(0));\n"
               "                    e.channel = Integer.parseInt(f.get(1));\n"
               "                    e.key = f.get(2);\n"
               "                    e.timestamp = Long.parseLong(f.get(3));\n"
               "                    e.value = f.get(4).isEmpty() ? null : Double.valueOf(f.get(4));\n"
               "                } catch (NumberFormatException bad) {\n"
               "                    throw new IOException(file + \":\" + (i + 1) + \": \" + bad.getMessage(), bad);\n"
               "                }\n"
               "                events.add(e);\n"
               "            }\n"
               "            return events;\n"
               "        }\n\n"
            + csvFieldsMethod(',', false) + "    }\n\n";
    }

    std::string socketEventClass()
    {
        return "    /** One record read from the socket, a POJO for Flink's serializer. */\n"
               "    public static class Event implements Serializable {\n"
               "        public String key; // null when the records have none (windowAll)\n"
               "        public long timestamp;\n"
               "        public Double value; // null when the record has none\n\n"
               "        public Event() {}\n"
               "    }\n\n";
    }

    std::string helpers()
    {
        use("java.math.BigDecimal");
        return "    static double valueOf(Event record) {\n"
               "        return record.value == null ? 0.0 : record.value;\n"
               "    }\n\n"
               "    static String number(Double value) {\n"
               "        return value == null ? \"null\" : number(value.doubleValue());\n"
               "    }\n\n"
               "    /** A number as Tidemark prints it: 20 rather than 20.0; otherwise the shorter of 0.0001 and "
               "1e-04. */\n"
               "    static String number(double value) {\n"
               "        if (Double.isNaN(value) || Double.isInfinite(value)) {\n"
               "            return \"null\";\n"
               "        }\n"
               "        if (value == Math.rint(value) && Math.abs(value) < 0x1p63) {\n"
               "            return Long.toString((long) value);\n"
               "        }\n"
               "        BigDecimal shortest = new BigDecimal(Double.toString(value)).stripTrailingZeros();\n"
               "        String plain = shortest.toPlainString();\n"
               "        String digits = shortest.unscaledValue().abs().toString();\n"
               "        int exponent = digits.length() - 1 - shortest.scale();\n"
               "        String scientific = (value < 0 ? \"-\" : \"\") + digits.charAt(0)\n"
               "                + (digits.length() > 1 ? \".\" + digits.substring(1) : \"\") + (exponent < 0 ? \"e-\" "
               ": "
               "\"e+\")\n"
               "                + (Math.abs(exponent) < 10 ? \"0\" : \"\") + Math.abs(exponent);\n"
               "        return scientific.length() < plain.length() ? scientific : plain;\n"
               "    }\n";
    }

    const Scenario& m_s;
    const PipelineConfig& m_p;
    const WindowConfig& m_w;
    const WatermarkConfig& m_wm;
    const JobProject& m_project;
    const ExportOptions& m_options;
    const std::vector<Replayed>& m_order;
    std::string m_class;
    std::set<std::string> m_imports;
    std::string m_functionClass; // a ProcessWindowFunction that lists, or empty
    std::string m_aggregateClass; // an AggregateFunction, or empty
};

std::vector<std::string> caveats(const Scenario& s, const std::vector<Replayed>& order, const ExportOptions& options)
{
    const PipelineConfig& p = s.pipeline;
    std::vector<std::string> c;
    if (options.socket) {
        c.push_back(
            "The lines arrive when they are sent, on this job's wall clock as in Tidemark's live run: whether a "
            "periodic emission falls between two lines, and how the generators interleave, is each side's own "
            "timing. Compare the fires as a set.");
        if (p.watermarks.parallelism > 1 && p.watermarks.partitioning == Partitioning::Rebalance)
            c.push_back("rebalance() starts its round robin at a random generator, Tidemark's at firstChannel ("
                + std::to_string(p.watermarks.firstChannel) + ").");
        if (p.endOfInput == EndOfInput::None)
            c.push_back("When the peer closes the connection the source ends, and Flink's end-of-input watermark fires "
                        "every window still open; the scenario's input never ends (endOfInput \"none\"), so Tidemark "
                        "fires none of them. Set endOfInput to \"max-watermark\" to see the same in Tidemark.");
    }
    // a job reading a topic reads it at the broker's pace, not at the scenario's arrival times
    const bool replays = !options.socket && !p.kafka;
    if (p.kafka) {
        c.push_back("The records come as fast as the broker serves them, not at the scenario's arrival times: when a "
                    "periodic emission falls between two of them, and how the partitions and readers interleave, is "
                    "this job's timing. Compare its fires as a set with those of `"
            + tidemarkKafkaRun(s, "SCENARIO", "BOOTSTRAP") + "`, which reads the same topic.");
    }
    if (p.watermarks.parallelism > 1 && replays) {
        c.push_back("The interleaving of " + std::to_string(p.watermarks.parallelism)
            + " parallel watermark generators: each record reaches the generator Tidemark sends it to, but when each "
              "generator's periodic emission runs, and in which order the window operator hears from them, is this "
              "job's wall clock and network. Compare its fires with Tidemark's as a set, not line by line.");
    } else if (p.window.subtasks() > 1 && !p.kafka) {
        c.push_back("The order of lines between print subtasks: the " + std::to_string(p.window.subtasks())
            + " subtasks print from threads of their own, so lines of different subtasks may come in another order "
              "than Tidemark's; each subtask's lines keep theirs.");
    }
    if (p.endOfInput == EndOfInput::None && p.kafka)
        c.push_back("The topic is read without end, as the scenario's input never ends: the job keeps running after "
                    "the last record, and windows still open then never fire. Stop it with Ctrl+C (or flink cancel).");
    else if (p.endOfInput == EndOfInput::Drain && p.kafka)
        c.push_back("The scenario stops the job with a drain when its input ends (endOfInput \"drain\"): every reader "
                    "ends then, and the final watermark fires what is still open. This job reads the topic without "
                    "end: on a cluster stop it the same way, with flink stop --drain JOB_ID, once it has read the "
                    "records; Ctrl+C (or flink cancel) stops it without the final watermark.");
    else if (p.endOfInput == EndOfInput::None && !options.socket)
        c.push_back("The input never ends, as in the scenario: the job keeps running after the last record, as a job "
                    "reading a topic does, and windows still open then never fire. Stop it with Ctrl+C (or flink "
                    "cancel).");
    if (p.watermarks.idlenessMs > 0)
        c.push_back("Idleness (" + std::to_string(p.watermarks.idlenessMs)
            + " ms) runs on the job's wall clock: a generator that hears nothing for that long turns idle at a "
              "periodic "
              "emission a few milliseconds away from Tidemark's.");
    const bool procWindows = p.window.assigner.type != AssignerSpec::Type::Global
        && p.window.assigner.timeDomain == TimeDomain::Processing;
    if (procWindows || p.window.trigger.type == TriggerSpec::Type::ProcessingTime)
        c.push_back("Processing time: the job's windows and timers follow its wall clock since the epoch, Tidemark's "
                    "follow the scenario's processing time from 0, so the windows start at other times.");
    if (p.watermarks.emission == WatermarkConfig::Emission::Periodic && replays) {
        for (std::size_t k = 1; k < order.size(); ++k) {
            const DurationMs gap = order[k].arrival - order[k - 1].arrival;
            if (gap < p.watermarks.periodMs) {
                c.push_back("Records that arrive less than " + std::to_string(p.watermarks.periodMs)
                    + " ms apart (the first at " + std::to_string(order[k].arrival)
                    + " ms): whether a periodic emission falls between them is this job's timing.");
                break;
            }
        }
    }
    return c;
}

// The project's pom. `packedFile` (a file of data/) rides in the jar: the records a replay job replays, or those
// --produce writes; a job reading a topic needs the Kafka connector.
std::string pomXml(const JobProject& project, std::string_view packedFile, bool kafka)
{
    const std::string records = !packedFile.empty() ? "        <!-- data/" + std::string(packedFile)
            + (kafka ? " rides in the jar too: the job's produce option, run outside the project,\n"
                       "             writes the records from there. -->\n"
                     : " rides in the jar too: a cluster that runs main() itself (a job submitted\n"
                       "             through the REST API) reads the records from there. -->\n")
            + "        <resources>\n"
              "            <resource>\n"
              "                <directory>data</directory>\n"
              "                <targetPath>tidemark/jobs</targetPath>\n"
              "                <includes>\n"
              "                    <include>"
            + std::string(packedFile)
            + "</include>\n"
              "                </includes>\n"
              "            </resource>\n"
              "        </resources>\n"
                                                    : std::string();
    const std::string connector = kafka
        ? "        <!-- Not on a cluster's class path: flink run needs these and kafka-clients (target/lib) in "
          "Flink's lib. -->\n"
          "        <dependency>\n"
          "            <groupId>org.apache.flink</groupId>\n"
          "            <artifactId>flink-connector-kafka</artifactId>\n"
          "            <version>"
            + kafkaConnectorVersion(project.release)
            + "</version>\n"
              "        </dependency>\n"
              "        <dependency>\n"
              "            <groupId>org.apache.flink</groupId>\n"
              "            <artifactId>flink-connector-base</artifactId>\n"
              "            <version>${flink.version}</version>\n"
              "        </dependency>\n"
        : std::string();
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"\n"
           "         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
           "         xsi:schemaLocation=\"http://maven.apache.org/POM/4.0.0 "
           "http://maven.apache.org/xsd/maven-4.0.0.xsd\">\n"
           "    <modelVersion>4.0.0</modelVersion>\n\n"
           "    <groupId>tidemark.jobs</groupId>\n"
           "    <artifactId>"
        + project.artifactId
        + "</artifactId>\n"
          "    <version>1.0</version>\n"
          "    <packaging>jar</packaging>\n\n"
          "    <properties>\n"
          "        <flink.version>"
        + project.release.version
        + "</flink.version>\n"
          "        <maven.compiler.release>17</maven.compiler.release>\n"
          "        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n"
          "        <project.build.outputTimestamp>2024-01-01T00:00:00Z</project.build.outputTimestamp>\n"
          "    </properties>\n\n"
          "    <!-- A cluster has Flink's classes already: flink run loads them from there (Flink's own classes come\n"
          "         first), and java -jar from target/lib, which the jar's Class-Path names. -->\n"
          "    <dependencies>\n"
          "        <dependency>\n"
          "            <groupId>org.apache.flink</groupId>\n"
          "            <artifactId>flink-streaming-java</artifactId>\n"
          "            <version>${flink.version}</version>\n"
          "        </dependency>\n"
          "        <dependency>\n"
          "            <groupId>org.apache.flink</groupId>\n"
          "            <artifactId>flink-clients</artifactId>\n"
          "            <version>${flink.version}</version>\n"
          "        </dependency>\n"
        + connector
        + "    </dependencies>\n\n"
          "    <build>\n"
          "        <finalName>"
        + project.artifactId + "</finalName>\n" + records
        + "        <plugins>\n"
          "            <plugin>\n"
          "                <groupId>org.apache.maven.plugins</groupId>\n"
          "                <artifactId>maven-resources-plugin</artifactId>\n"
          "                <version>3.3.1</version>\n"
          "            </plugin>\n"
          "            <plugin>\n"
          "                <groupId>org.apache.maven.plugins</groupId>\n"
          "                <artifactId>maven-compiler-plugin</artifactId>\n"
          "                <version>3.11.0</version>\n"
          "            </plugin>\n"
          "            <plugin>\n"
          "                <groupId>org.apache.maven.plugins</groupId>\n"
          "                <artifactId>maven-surefire-plugin</artifactId>\n"
          "                <version>3.2.5</version>\n"
          "            </plugin>\n"
          "            <plugin>\n"
          "                <groupId>org.apache.maven.plugins</groupId>\n"
          "                <artifactId>maven-dependency-plugin</artifactId>\n"
          "                <version>3.6.1</version>\n"
          "                <executions>\n"
          "                    <execution>\n"
          "                        <id>copy-dependencies</id>\n"
          "                        <phase>prepare-package</phase>\n"
          "                        <goals>\n"
          "                            <goal>copy-dependencies</goal>\n"
          "                        </goals>\n"
          "                        <configuration>\n"
          "                            <outputDirectory>${project.build.directory}/lib</outputDirectory>\n"
          "                            <includeScope>runtime</includeScope>\n"
          "                        </configuration>\n"
          "                    </execution>\n"
          "                </executions>\n"
          "            </plugin>\n"
          "            <plugin>\n"
          "                <groupId>org.apache.maven.plugins</groupId>\n"
          "                <artifactId>maven-jar-plugin</artifactId>\n"
          "                <version>3.3.0</version>\n"
          "                <configuration>\n"
          "                    <archive>\n"
          "                        <manifest>\n"
          "                            <mainClass>"
        + project.mainClass
        + "</mainClass>\n"
          "                            <addClasspath>true</addClasspath>\n"
          "                            <classpathPrefix>lib/</classpathPrefix>\n"
          "                        </manifest>\n"
          "                    </archive>\n"
          "                </configuration>\n"
          "            </plugin>\n"
          "        </plugins>\n"
          "    </build>\n"
          "</project>\n";
}

std::string readme(
    const Scenario& s, const JobProject& project, const ExportOptions& options, const std::vector<Replayed>& order)
{
    const std::string& program = project.files.back().path; // the program, written just before
    std::string r = "# " + (s.name.empty() ? project.artifactId : s.name) + "\n\n";
    r += wrapped("A Flink job exported by Tidemark " + options.tidemarkVersion
            + (options.sourceName.empty() ? "" : " from `" + options.sourceName + "`")
            + ": the scenario's pipeline as a DataStream program (`" + program + "`) for Apache Flink "
            + project.release.version + " and Java 17.",
        "");
    r += "\n```sh\n";
    r += "mvn package                     # " + project.jarPath() + ", with Flink's jars in target/lib/\n";
    if (s.pipeline.kafka) {
        const std::string jar = project.jarPath();
        r += "java -jar " + jar + " --produce   # writes data/records.csv into topic " + s.pipeline.kafka->topic
            + " at localhost:9092\n";
        r += "java -jar " + jar + "             # runs it on a local MiniCluster, reading that topic\n";
        r += "java -jar " + jar + " --bootstrap HOST:PORT --topic NAME   # another broker or topic\n";
        r += "flink run " + jar
            + " --bootstrap HOST:PORT   # on a cluster with the connector's jars (target/lib) in lib/\n";
    } else if (options.socket) {
        const std::string at = options.socket->host + ":" + std::to_string(options.socket->port);
        const std::string port = std::to_string(options.socket->port);
        r += "nc -lk " + port + "                    # a server the job reads from: type lines here, or instead\n";
        r += "tidemark run " + (options.sourceName.empty() ? std::string("SCENARIO") : options.sourceName)
            + " --listen 9000 --forward " + at + "   # (then type into `nc 127.0.0.1 9000`)\n";
        r += "java -jar " + project.jarPath() + "   # runs it on a local MiniCluster, reading " + at + "\n";
        r += "flink run " + project.jarPath() + "   # on a cluster, whose task manager connects to " + at + "\n";
    } else {
        r += "java -jar " + project.jarPath() + "   # runs it on a local MiniCluster, reading data/events.csv\n";
        r += "flink run " + project.jarPath()
            + "   # on a cluster: main() reads the copy of data/events.csv in the jar\n";
    }
    r += "```\n\n";
    r += wrapped("It prints what Tidemark's Output dock shows for the scenario, one line per firing, as Flink's print "
                 "sink writes it"
            + std::string(options.sourceName.empty() ? "."
                                                     : ": `tidemark run " + options.sourceName
                        + " --format text` prints the same lines, each followed by the window, its timing and the "
                          "watermark."),
        "");
    r += "\n";
    if (s.pipeline.kafka) {
        r += wrapped(ProgramWriter(s, project, options, order).kafkaInput(), "");
        r += "\n";
        r += wrapped("`"
                + tidemarkKafkaRun(s, options.sourceName.empty() ? "SCENARIO" : options.sourceName, "localhost:9092")
                + " --format text` reads the same topic with the scenario's pipeline.",
            "");
    } else if (options.socket) {
        r += wrapped("The job reads lines from " + options.socket->host + ":" + std::to_string(options.socket->port)
                + " as they are sent (`socketTextStream`), each as Tidemark reads the scenario's events: "
                + LineReader(options.socket->lines).description()
                + ". A line it cannot read is reported on stderr and skipped. With `tidemark run … --listen 9000 "
                  "--forward` Tidemark reads the lines you type and passes each on to the job, so that both see the "
                  "same lines; the job ends when the connection closes.",
            "");
    } else {
        r += wrapped(
            "`data/events.csv` holds the records Tidemark read, in the order they arrive, with their arrival times "
            "(milliseconds after the start) and the watermark generator each one reaches. The job replays them "
            "at those times.",
            "");
    }
    if (!project.caveats.empty()) {
        r += "\nWhat the job does not reproduce:\n\n";
        for (const std::string& c : project.caveats)
            r += "-" + wrapped(c, "  ").substr(1);
    }
    return r;
}

} // namespace

FlinkRelease FlinkRelease::tested(FlinkVersion line)
{
    // The releases the oracle builds against (tests/flink-oracle/pom.xml); the export round trip runs them.
    if (line == FlinkVersion {1, 20})
        return {line, "1.20.5"};
    return {line, std::to_string(line.major) + "." + std::to_string(line.minor) + ".0"};
}

std::optional<FlinkRelease> FlinkRelease::parse(std::string_view text, std::string& error)
{
    const auto line = FlinkVersion::parse(text);
    if (!line) {
        error = "unknown Flink version \"" + std::string(text) + "\": expected " + FlinkVersion::supportedNames()
            + ", or a release of those lines such as 1.20.5";
        return std::nullopt;
    }
    if (std::count(text.begin(), text.end(), '.') >= 2)
        return FlinkRelease {*line, std::string(text)};
    return tested(*line);
}

std::vector<std::string> existingFiles(const JobProject& project, const std::filesystem::path& folder)
{
    std::vector<std::string> existing;
    std::error_code ec;
    for (const ProjectFile& f : project.files) {
        if (std::filesystem::exists(folder / f.path, ec))
            existing.push_back(f.path);
    }
    return existing;
}

bool writeProject(const JobProject& project, const std::filesystem::path& folder, std::string& error)
{
    for (const ProjectFile& f : project.files) {
        const std::filesystem::path path = folder / f.path;
        std::error_code ec;
        std::filesystem::create_directories(path.parent_path(), ec);
        if (ec) {
            error = path.parent_path().string() + ": cannot create the folder: " + ec.message();
            return false;
        }
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << f.content;
        out.close();
        if (!out) {
            error = path.string() + ": cannot write the file: " + std::strerror(errno);
            return false;
        }
    }
    return true;
}

std::string artifactIdFor(std::string_view sourceName)
{
    std::string stem(sourceName);
    if (const auto slash = stem.find_last_of("/\\"); slash != std::string::npos)
        stem.erase(0, slash + 1);
    if (const auto dot = stem.rfind('.'); dot != std::string::npos && dot > 0)
        stem.erase(dot);
    std::string id;
    for (const char c : stem) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            id += char(std::tolower(u));
        else if (!id.empty() && id.back() != '-')
            id += '-';
    }
    while (!id.empty() && id.back() == '-')
        id.pop_back();
    return id.empty() ? std::string("tidemark-job") : id;
}

std::optional<JobProject> exportJob(const Scenario& scenario, const ExportOptions& options, std::string& refusalText)
{
    const FlinkRelease release = options.release.value_or(FlinkRelease::tested(scenario.pipeline.flinkVersion));
    if (auto why = refusal(scenario, release, options)) {
        refusalText = *why;
        return std::nullopt;
    }
    JobProject project;
    project.artifactId
        = options.artifactId.empty() ? artifactIdFor(options.sourceName) : artifactIdFor(options.artifactId);
    project.mainClass = "tidemark.jobs." + className(project.artifactId);
    project.jobName = !options.jobName.empty() ? options.jobName
        : scenario.name.empty()                ? project.artifactId
                                               : scenario.name;
    project.release = release;
    const std::vector<Replayed> order = replayOrder(scenario);
    project.caveats = caveats(scenario, order, options);
    const std::string program = ProgramWriter(scenario, project, options, order).write();
    const bool kafka = scenario.pipeline.kafka.has_value();
    if (kafka)
        project.kafkaTopic = scenario.pipeline.kafka->topic;
    const std::string packed = kafka ? "records.csv" : options.socket ? "" : "events.csv";
    project.files.push_back({"pom.xml", pomXml(project, packed, kafka)});
    if (kafka)
        project.files.push_back({"data/records.csv", recordsCsv(scenario, order)});
    else if (!options.socket)
        project.files.push_back({"data/events.csv", eventsCsv(scenario, order)});
    project.files.push_back({"src/main/java/tidemark/jobs/" + className(project.artifactId) + ".java", program});
    // The README names the program, so it comes last.
    project.files.push_back({"README.md", readme(scenario, project, options, order)});
    return project;
}

ReplayClasses replayClasses(const Scenario& scenario, const JobProject& project, const ExportOptions& options)
{
    const std::vector<Replayed> order = replayOrder(scenario);
    return ProgramWriter(scenario, project, options, order).replayParts();
}

std::string csvFieldsMethod(char delimiter, bool refuseOpenQuote)
{
    const std::string d = delimiter == '\t' ? std::string("\\t")
        : delimiter == '\''                 ? std::string("\\'")
        : delimiter == '\\'                 ? std::string("\\\\")
                                            : std::string(1, delimiter);
    return "        private static List<String> fields(String line) {\n"
           "            List<String> fields = new ArrayList<>();\n"
           "            StringBuilder field = new StringBuilder();\n"
           "            boolean quoted = false;\n"
           "            for (int i = 0; i < line.length(); i++) {\n"
           "                char c = line.charAt(i);\n"
           "                if (quoted && c == '\"' && i + 1 < line.length() && line.charAt(i + 1) == '\"') {\n"
           "                    field.append(c);\n"
           "                    i++;\n"
           "                } else if (c == '\"') {\n"
           "                    quoted = !quoted;\n"
           "                } else if (c == '"
        + d
        + "' && !quoted) {\n"
          "                    fields.add(field.toString());\n"
          "                    field.setLength(0);\n"
          "                } else {\n"
          "                    field.append(c);\n"
          "                }\n"
          "            }\n"
        + std::string(refuseOpenQuote ? "            if (quoted) {\n"
                                        "                throw new IllegalArgumentException(\"a quoted field does not "
                                        "end on its line\");\n"
                                        "            }\n"
                                      : "")
        + "            fields.add(field.toString());\n"
          "            return fields;\n"
          "        }\n";
}

std::string javaStringLiteral(std::string_view text)
{
    return javaString(text);
}

std::string headerTitle(const Scenario& scenario, std::string_view untitled, std::string_view titleSuffix)
{
    std::string h
        = wrapped(scenario.name.empty() ? std::string(untitled) : scenario.name + std::string(titleSuffix), " * ");
    if (!scenario.description.empty())
        h += " *\n" + wrapped(scenario.description, " * ");
    return h;
}

std::string headerCaveats(const std::vector<std::string>& caveats)
{
    if (caveats.empty())
        return {};
    std::string h = " *\n * What this job does not reproduce:\n";
    for (const std::string& c : caveats)
        h += " * -" + wrapped(c, " *   ").substr(4);
    return h;
}

std::string commentLines(std::string_view text, std::string_view prefix)
{
    return wrapped(text, prefix);
}

} // namespace tidemark::flinkjob
