#include "engine/export/JobProgram.h"

#include "engine/export/JobTemplates.h"
#include "engine/export/LineReader.h"

#include "engine/core/NumberText.h"
#include "engine/io/ScenarioIo.h"
#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/runtime/Partitioners.h"

#include <algorithm>
#include <set>
#include <span>

namespace tidemark::flinkjob::detail {

namespace {

using Strategy = WatermarkConfig::Strategy;
using TriggerType = TriggerSpec::Type;
using AssignerType = AssignerSpec::Type;
using Partitioning = WatermarkConfig::Partitioning;

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
    { }

    std::string write()
    {
        // main() first: it decides which classes the program needs.
        std::string body = mainMethod();
        body += classes();
        return javaSourceFile(m_imports, header(), m_project.mainClass, body);
    }

    // A job graph's window operator: its calls, function and classes (the result class is the graph's own).
    WindowParts windowParts(std::string_view resultClass, std::string_view lateTag)
    {
        WindowParts parts;
        parts.calls = windowCalls(lateTag);
        parts.function = function(resultClass);
        if (!m_functionClass.empty())
            parts.classes.emplace_back(m_functionClass, listFunction());
        if (!m_aggregateClass.empty())
            parts.classes.emplace_back(m_aggregateClass, aggregateClass());
        parts.windowType = windowType();
        parts.imports.assign(m_imports.begin(), m_imports.end());
        return parts;
    }

    // A source's WatermarkStrategy, and the per-event generator's class when it needs one (else empty).
    std::pair<std::string, std::string> strategyParts(std::vector<std::string>& imports)
    {
        std::pair<std::string, std::string> parts {strategy(), perEventGenerator()};
        imports.insert(imports.end(), m_imports.begin(), m_imports.end());
        return parts;
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
    void use(const std::vector<std::string>& names) { m_imports.insert(names.begin(), names.end()); }

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
        m += windowCalls("late");
        m += "                " + function("WithKey") + ";\n";
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
    // keyBy (or windowAll) through sideOutputLateData(lateTag), one call a line.
    std::string windowCalls(std::string_view lateTag)
    {
        std::string m;
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
            m += "                .sideOutputLateData(" + std::string(lateTag) + ")\n";
        return m;
    }

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
        const bool perPartition = k.perPartition();
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
        if (k.perPartition()) {
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
        use(kafkaImports());
        return filledTemplate("Kafka.java",
            {{"TOPIC", javaString(m_p.kafka->topic)}, {"PARTITIONS", std::to_string(m_p.kafka->partitions)},
                {"READ_VALUE", kafkaReadValue(windowAll() ? "" : "event.key == null")},
                {"SEND", kafkaSend("options.topic")}, {"PREPARE_TOPIC", filledTemplate("KafkaPrepareTopic.java")},
                {"READ_RECORDS", kafkaReadRecords("partition,key,timestamp,value", 4)},
                {"CSV_FIELDS", csvFieldsMethod(',', false)}});
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

    // The window's function; an aggregate hands its result to `resultClass`, which prints it with the key.
    std::string function(std::string_view resultClass)
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
        return ".aggregate(new " + m_aggregateClass + "(), new " + std::string(resultClass) + "())";
    }

    std::string classes()
    {
        use("java.io.Serializable");
        std::string c;
        c += "\n" + listFunction() + aggregateClass() + withKeyClass() + perEventGenerator();
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

    std::string aggregateClass()
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
        return c;
    }

    // The chain's printed line of an aggregate: its result with the key.
    std::string withKeyClass()
    {
        if (m_aggregateClass.empty())
            return {};
        use("org.apache.flink.util.Collector");
        const std::string win = windowType();
        std::string c;
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
        return filledTemplate("EveryEvent.java");
    }

    std::string replayClass()
    {
        use("java.util.concurrent.atomic.AtomicLong");
        use("org.apache.flink.api.common.functions.FlatMapFunction");
        use("org.apache.flink.util.Collector");
        return filledTemplate("Replay.java");
    }

public:
    // The records' POJO; `moreFields`, `moreColumns` (code after the value is read) and `columns` for a graph's.
    std::string eventClass(std::string_view moreFields = "", std::string_view moreColumns = "",
        std::string_view columns = "arrival,channel,key,timestamp,value")
    {
        use("java.io.IOException");
        use("java.io.InputStream");
        use("java.nio.charset.StandardCharsets");
        use("java.nio.file.Files");
        use("java.nio.file.Path");
        use("java.util.ArrayList");
        use("java.util.List");
        return filledTemplate("Event.java",
            {{"CSV_FIELDS", csvFieldsMethod(',', false)}, {"MORE_FIELDS", moreFields}, {"MORE_COLUMNS", moreColumns},
                {"COLUMN_COUNT", std::to_string(std::count(columns.begin(), columns.end(), ',') + 1)},
                {"COLUMNS", columns}});
    }

    // What a graph's program shares with the chain's: the replay, the POJO with the graph's fields, number().
    ReplayClasses graphClasses(std::string_view moreFields, std::string_view moreColumns, std::string_view columns)
    {
        ReplayClasses parts;
        parts.java = replayClass() + eventClass(moreFields, moreColumns, columns) + helpers();
        parts.imports.assign(m_imports.begin(), m_imports.end());
        return parts;
    }

private:
    std::string socketEventClass() { return filledTemplate("SocketEvent.java"); }

    std::string helpers()
    {
        use("java.math.BigDecimal");
        return filledTemplate("Helpers.java");
    }

    const Scenario& m_s;
    const PipelineConfig& m_p;
    const WindowConfig& m_w;
    const WatermarkConfig& m_wm;
    const JobProject& m_project;
    const ExportOptions& m_options;
    const std::vector<Replayed>& m_order;
    std::set<std::string> m_imports;
    std::string m_functionClass; // a ProcessWindowFunction that lists, or empty
    std::string m_aggregateClass; // an AggregateFunction, or empty
};

} // namespace

std::string javaProgram(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order)
{
    return ProgramWriter(scenario, project, options, order).write();
}

std::string kafkaInput(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order)
{
    return ProgramWriter(scenario, project, options, order).kafkaInput();
}

ReplayClasses replayParts(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    const std::vector<Replayed>& order)
{
    return ProgramWriter(scenario, project, options, order).replayParts();
}

WindowParts windowParts(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    std::string_view resultClass, std::string_view lateTag)
{
    static const std::vector<Replayed> none;
    return ProgramWriter(scenario, project, options, none).windowParts(resultClass, lateTag);
}

std::pair<std::string, std::string> strategyParts(const Scenario& scenario, const JobProject& project,
    const ExportOptions& options, std::vector<std::string>& imports)
{
    static const std::vector<Replayed> none;
    return ProgramWriter(scenario, project, options, none).strategyParts(imports);
}

ReplayClasses graphReplayClasses(const Scenario& scenario, const JobProject& project, const ExportOptions& options,
    std::string_view moreFields, std::string_view moreColumns, std::string_view columns)
{
    static const std::vector<Replayed> none;
    return ProgramWriter(scenario, project, options, none).graphClasses(moreFields, moreColumns, columns);
}

const std::vector<std::string>& kafkaImports()
{
    static const std::vector<std::string> imports {"java.io.IOException", "java.io.InputStream",
        "java.nio.charset.StandardCharsets", "java.nio.file.Files", "java.nio.file.Path", "java.time.Instant",
        "java.util.ArrayList", "java.util.HashMap", "java.util.List", "java.util.Map", "java.util.Properties",
        "java.util.concurrent.ExecutionException", "java.util.concurrent.Future", "java.util.concurrent.TimeUnit",
        "java.util.concurrent.TimeoutException", "org.apache.flink.api.common.typeinfo.TypeInformation",
        "org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema",
        "org.apache.flink.util.Collector", "org.apache.kafka.clients.admin.Admin",
        "org.apache.kafka.clients.admin.Config", "org.apache.kafka.clients.admin.NewTopic",
        "org.apache.kafka.clients.admin.OffsetSpec", "org.apache.kafka.clients.admin.TopicDescription",
        "org.apache.kafka.clients.consumer.ConsumerRecord", "org.apache.kafka.clients.producer.KafkaProducer",
        "org.apache.kafka.clients.producer.ProducerRecord", "org.apache.kafka.clients.producer.RecordMetadata",
        "org.apache.kafka.common.TopicPartition", "org.apache.kafka.common.config.ConfigResource",
        "org.apache.kafka.common.errors.TopicExistsException",
        "org.apache.kafka.common.serialization.StringSerializer"};
    return imports;
}

std::string kafkaReadValue(std::string_view noKey)
{
    return filledTemplate("KafkaReadValue.java",
        {{"KEYCHECK",
            noKey.empty() ? std::string()
                          : "            if (" + std::string(noKey)
                    + ") { // keyBy needs one\n"
                      "                problem = \"the record has no key\";\n"
                      "            }\n"}});
}

std::string kafkaSend(std::string_view topicOfRecord)
{
    return filledTemplate("KafkaSend.java", {{"TOPIC_OF_RECORD", topicOfRecord}});
}

std::string kafkaReadRecords(std::string_view columns, int count)
{
    return filledTemplate(
        "KafkaReadRecords.java", {{"RECORD_COLUMNS", columns}, {"RECORD_COLUMN_COUNT", std::to_string(count)}});
}

} // namespace tidemark::flinkjob::detail
