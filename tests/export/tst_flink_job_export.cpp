// The Flink-job export in process: the generated project against reviewed golden files, each pipeline setting
// said in Java, the refusals, the records file, Flink versions, and `tidemark export-job` writing and asking
// before it replaces. That the generated programs compile, run and print what Tidemark prints is the round trip's
// part (roundtrip.py, label oracle).

#include "engine/cli/ExportJobCommand.h"
#include "engine/export/FlinkJob.h"
#include "engine/export/FlinkSqlJob.h"
#include "engine/io/ScenarioIo.h"
#include "tests/cli/TidemarkRun.h"
#include "tests/export/ProjectGolden.h"
#include "tests/golden/GoldenFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <string>

using namespace tidemark;

namespace {

QString sourceDir()
{
    return test::settingOr("TIDEMARK_SOURCE_DIR", QStringLiteral(TIDEMARK_DEFAULT_SOURCE_DIR));
}

Scenario loadExample(const QString& name)
{
    const auto loaded = io::loadScenarioFile((test::examplesDir(sourceDir()) + "/" + name + ".json").toStdString());
    if (!loaded)
        qFatal("%s", loaded.errorText().c_str());
    return *loaded.value;
}

Scenario loadGraphExample(const QString& name)
{
    io::LoadOptions load;
    load.jobGraphs = true;
    const auto loaded
        = io::loadScenarioFile((test::examplesDir(sourceDir()) + "/graphs/" + name + ".json").toStdString(), load);
    if (!loaded)
        qFatal("%s", loaded.errorText().c_str());
    return *loaded.value;
}

Scenario parse(const char* json)
{
    io::LoadOptions load;
    load.jobGraphs = true; // the chain's files load as they always did
    const auto loaded = io::parseScenario(json, "inline.json", ".", load);
    if (!loaded)
        qFatal("%s", loaded.errorText().c_str());
    return *loaded.value;
}

flinkjob::ExportOptions options(const std::string& sourceName, const char* release = "2.3")
{
    flinkjob::ExportOptions o;
    std::string error;
    o.release = flinkjob::FlinkRelease::parse(release, error);
    o.sourceName = sourceName;
    o.tidemarkVersion = "(test)";
    return o;
}

const flinkjob::ProjectFile* file(const flinkjob::JobProject& project, const std::string& suffix)
{
    for (const auto& f : project.files) {
        if (f.path.ends_with(suffix))
            return &f;
    }
    return nullptr;
}

QStringList goldenMismatches(const flinkjob::JobProject& project, const QString& folder)
{
    return test::projectGoldenMismatches(project, sourceDir(), folder);
}

QString program(const flinkjob::JobProject& project)
{
    const auto* f = file(project, ".java");
    return f ? QString::fromStdString(f->content) : QString();
}

const char* const kBoundedOneSecond = R"("strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 1000)";

// A scenario around one window setting: five records of key "k", one a second.
Scenario withWindow(const char* windowJson, const char* watermarksJson = kBoundedOneSecond)
{
    const std::string json = std::string(R"({"tidemark": 1, "input": {"records": [
        {"key": "k", "value": 1, "ts": 1000}, {"key": "k", "value": 2, "ts": 2000}, {"key": "k", "value": 3, "ts": 7000},
        {"key": "k", "value": 4, "ts": 3000}, {"key": "k", "value": 5, "ts": 12000}]},
        "pipeline": {"watermarks": {)")
        + watermarksJson + R"(}, "window": {)" + windowJson + "}}}";
    return parse(json.c_str());
}

// Three records of topic "clicks" (4 partitions) read by 3 source readers into 1-second windows that sum.
Scenario kafkaScenario(const std::string& watermarks, const std::string& endOfInput)
{
    const std::string json = R"({"tidemark": 1, "input": {"records": [
        {"key": "a,b", "value": 1.5, "ts": 100, "partition": 3}, {"key": "c", "value": 4, "ts": 2500, "partition": 1},
        {"key": "c", "value": -2, "ts": 900, "partition": 3}]},
        "pipeline": {"source": {"parallelism": 3, "kafka": {"topic": "clicks", "partitions": 4, "watermarks": ")"
        + watermarks + R"("}}, "endOfInput": ")" + endOfInput + R"(", "watermarks": {"strategy": "monotonous"},
        "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "sum"}}}})";
    return parse(json.c_str());
}

} // namespace

class TestFlinkJobExport : public QObject {
    Q_OBJECT

private slots:
    void anExampleBecomesTheReviewedProject_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("keyed list, 3 generators, lateness, endless") << "post000-parallelism3";
        QTest::newRow("sum, late side output") << "late-side-output";
        QTest::newRow("windowAll sum, input that ends") << "keyed-vs-windowall-all";
        QTest::newRow("a KafkaSource job, per-partition watermarks, a topic that never ends")
            << "kafka-partition-stalls";
    }
    void anExampleBecomesTheReviewedProject()
    {
        QFETCH(QString, example);
        std::string refusal;
        const auto project
            = flinkjob::exportJob(loadExample(example), options(example.toStdString() + ".json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->files.size(), std::size_t(4));
        QXmlStreamReader pom(QByteArray::fromStdString(file(*project, "pom.xml")->content)); // Maven's parser is strict
        while (!pom.atEnd())
            pom.readNext();
        QVERIFY2(!pom.hasError(), qPrintable(pom.errorString()));
        const QStringList mismatches = goldenMismatches(*project, example);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    }

    // export-job --socket: the job reads lines from the socket as Tidemark reads the scenario's events file.
    void aSocketJobReadsLinesAsTheScenarioReadsItsEvents_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("text columns, legacy extractor, 8 window subtasks") << "post001-delay3s";
        QTest::newRow("CSV with a header, named columns, a zoned pattern") << "offset-days-utc8";
        QTest::newRow("JSON lines, allowed lateness") << "post002-allowed-lateness";
    }
    void aSocketJobReadsLinesAsTheScenarioReadsItsEvents()
    {
        QFETCH(QString, example);
        const Scenario scenario = loadExample(example);
        flinkjob::ExportOptions o = options(example.toStdString() + ".json");
        o.socket = flinkjob::SocketInput {"127.0.0.1", 9999, io::liveLineSpec(scenario)};
        std::string refusal;
        const auto project = flinkjob::exportJob(scenario, o, refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->files.size(), std::size_t(3)); // no records file: the lines come from the socket
        QVERIFY(!file(*project, "events.csv"));
        QVERIFY(!QString::fromStdString(file(*project, "pom.xml")->content).contains("events.csv"));
        QVERIFY(program(*project).contains("env.socketTextStream(\"127.0.0.1\", 9999)"));
        QStringList mismatches;
        for (const auto& f : project->files) {
            const QString golden
                = sourceDir() + "/tests/export/golden/socket-" + example + "/" + QString::fromStdString(f.path);
            if (const auto mismatch = test::compareWithGoldenFile(QByteArray::fromStdString(f.content), golden,
                    "socket-" + example + "-" + QFileInfo(QString::fromStdString(f.path)).fileName()))
                mismatches << *mismatch;
        }
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    }

    void aSocketJobRefusesWhatOneSourceSubtaskCannotFeed_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("reason");
        QTest::newRow("records naming their channel")
            << "idle-channel-stalls"
            << "the partitioning \"channel\" sends each record to the channel it names";
        QTest::newRow("no port") << "post002-allowed-lateness"
                                 << "a host and a port from 1 to 65535";
    }
    void aSocketJobRefusesWhatOneSourceSubtaskCannotFeed()
    {
        QFETCH(QString, example);
        QFETCH(QString, reason);
        const Scenario scenario = loadExample(example);
        flinkjob::ExportOptions o = options(example.toStdString() + ".json");
        o.socket = flinkjob::SocketInput {
            "127.0.0.1", QTest::currentDataTag() == QByteArray("no port") ? 0 : 9999, io::liveLineSpec(scenario)};
        std::string refusal;
        QVERIFY(!flinkjob::exportJob(scenario, o, refusal));
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }

    void eachWindowSettingIsSaidInJava_data()
    {
        QTest::addColumn<QString>("window");
        QTest::addColumn<QStringList>("snippets");
        QTest::newRow("sliding with offset, count evictor, avg")
            << R"("keyBy": "key", "assigner": {"type": "sliding", "sizeMs": 6000, "slideMs": 2000, "offsetMs": 500},
                  "evictor": {"type": "count", "maxCount": 2, "evictAfter": true},
                  "function": {"type": "avg", "field": "value"})"
            << QStringList {"SlidingEventTimeWindows.of(Duration.ofMillis(6000), Duration.ofMillis(2000), "
                            "Duration.ofMillis(500))",
                   ".evictor(CountEvictor.of(2, true))", ".aggregate(new AverageValue(), new WithKey())",
                   "acc[0] == 0 ? \"null\" : number(acc[1] / acc[0])"};
        QTest::newRow("sessions, lateness, side output, count")
            << R"("keyBy": "key", "assigner": {"type": "session", "gapMs": 2500}, "allowedLatenessMs": 1500,
                  "lateSideOutput": true, "function": {"type": "count"}, "parallelism": 4)"
            << QStringList {"EventTimeSessionWindows.withGap(Duration.ofMillis(2500))",
                   ".allowedLateness(Duration.ofMillis(1500))", ".sideOutputLateData(late)",
                   "fired.getSideOutput(late)", "env.setParallelism(4);", "new CountRecords()"};
        QTest::newRow("purging continuous trigger, min of timestamps")
            << R"("keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 10000},
                  "trigger": {"type": "continuous-event-time", "intervalMs": 2000}, "purging": true,
                  "function": {"type": "min", "field": "ts"})"
            << QStringList {".trigger(PurgingTrigger.of(ContinuousEventTimeTrigger.of(Duration.ofMillis(2000))))",
                   "new MinTimestamp()", "Math.min(acc[1], record.timestamp)"};
        QTest::newRow("global window, count trigger, windowAll max")
            << R"("keyBy": null, "assigner": {"type": "global"}, "trigger": {"type": "count", "count": 3},
                  "function": {"type": "max", "field": "value"})"
            << QStringList {".windowAll(GlobalWindows.create())", ".trigger(CountTrigger.of(3))",
                   "extends ProcessAllWindowFunction<String, String, GlobalWindow>", "out.collect(\"(\" + result"};
        QTest::newRow("end-of-stream, list of values, time evictor")
            << R"("keyBy": "key", "assigner": {"type": "global"}, "trigger": {"type": "end-of-stream"},
                  "evictor": {"type": "time", "keepMs": 3000, "evictAfter": false},
                  "function": {"type": "list", "field": "value"})"
            << QStringList {".window(GlobalWindows.createWithEndOfStreamTrigger())",
                   ".evictor(TimeEvictor.of(Duration.ofMillis(3000), false))", "new ListValues()",
                   "values.add(number(valueOf(record)));"};
        QTest::newRow("delta evictor, processing-time tumbling with offset")
            << R"("keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000, "offsetMs": -1000,
                                                 "timeDomain": "processing"},
                  "evictor": {"type": "delta", "threshold": 2.5, "evictAfter": false},
                  "function": {"type": "sum"})"
            << QStringList {"TumblingProcessingTimeWindows.of(Duration.ofMillis(5000), Duration.ofMillis(-1000))",
                   "DeltaEvictor.of(2.5, (Event a, Event b) -> Math.abs(valueOf(a) - valueOf(b)), false)",
                   "new SumValues()"};
    }
    void eachWindowSettingIsSaidInJava()
    {
        QFETCH(QString, window);
        QFETCH(QStringList, snippets);
        std::string refusal;
        const auto project = flinkjob::exportJob(withWindow(window.toUtf8().constData()), options("w.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const QString java = program(*project);
        for (const QString& s : snippets)
            QVERIFY2(java.contains(s), qPrintable("missing: " + s + "\n" + java));
    }

    void eachWatermarkSettingIsSaidInJava_data()
    {
        QTest::addColumn<QString>("watermarks");
        QTest::addColumn<QStringList>("snippets");
        QTest::newRow("bounded, per event, idleness")
            << R"("strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 3000, "emit": "per-event",
                  "idlenessMs": 5000, "periodMs": 100)"
            << QStringList {".<Event>forGenerator(context -> new EveryEvent(",
                   "new BoundedOutOfOrdernessWatermarks<>(Duration.ofMillis(3000))",
                   ".withIdleness(Duration.ofMillis(5000))", "setAutoWatermarkInterval(100);",
                   "generator.onPeriodicEmit(output);"};
        QTest::newRow("monotonous, periodic")
            << R"("strategy": "monotonous")" << QStringList {".<Event>forMonotonousTimestamps()"};
        QTest::newRow("legacy extractor")
            << R"("strategy": "legacy-bounded-out-of-orderness", "maxOutOfOrdernessMs": 2000)"
            << QStringList {"new BoundedOutOfOrdernessTimestampExtractor<Event>(Duration.ofMillis(2000))",
                   "public long extractTimestamp(Event event)"};
        QTest::newRow("watermarks only from the input, none carried")
            << R"("strategy": "input")" << QStringList {".<Event>noWatermarks()"};
        QTest::newRow("three generators, dealt out from channel 2")
            << R"("strategy": "monotonous", "parallelism": 3, "firstChannel": 2)"
            << QStringList {".partitionCustom((Integer channel, int channels) -> channel, (Event event) -> "
                            "event.channel)",
                   ".setParallelism(3);"};
    }
    void eachWatermarkSettingIsSaidInJava()
    {
        QFETCH(QString, watermarks);
        QFETCH(QStringList, snippets);
        std::string refusal;
        const auto project = flinkjob::exportJob(withWindow(R"("keyBy": "key", "assigner": {"type": "tumbling",
            "sizeMs": 5000}, "function": {"type": "count"})",
                                                     watermarks.toUtf8().constData()),
            options("w.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const QString java = program(*project);
        for (const QString& s : snippets)
            QVERIFY2(java.contains(s), qPrintable("missing: " + s + "\n" + java));
    }

    void whatNoJobCanSayIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("release");
        QTest::addColumn<QString>("reason");
        const QString window = R"("window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000},
                                             "function": {"type": "count"}})";
        QTest::newRow("watermark records")
            << R"({"tidemark": 1, "input": {"records": [{"key": "a", "ts": 1}, {"watermark": 10}]},
                  "pipeline": {"watermarks": {"strategy": "input"}, )"
                + window + "}}"
            << "2.3"
            << "watermark records";
        QTest::newRow("legacy extractor with idleness")
            << R"({"tidemark": 1, "input": {"records": [{"key": "a", "ts": 1}]}, "pipeline": {"watermarks":
                  {"strategy": "legacy-bounded-out-of-orderness", "maxOutOfOrdernessMs": 5, "idlenessMs": 100}, )"
                + window + "}}"
            << "1.20"
            << "has no withIdleness";
        QTest::newRow("never on time windows")
            << R"({"tidemark": 1, "input": {"records": [{"key": "a", "ts": 1}]}, "pipeline": {"watermarks":
                  {"strategy": "monotonous"}, "window": {"keyBy": "key", "assigner": {"type": "tumbling",
                  "sizeMs": 5000}, "trigger": {"type": "never"}, "function": {"type": "count"}}}})"
            << "2.3"
            << "global window's own";
        QTest::newRow("more sliding windows a record than Flink 2 allows")
            << R"({"tidemark": 1, "flinkVersion": "1.20", "input": {"records": [{"key": "a", "ts": 1}]},
                  "pipeline": {"watermarks": {"strategy": "monotonous"}, "window": {"keyBy": "key", "assigner":
                  {"type": "sliding", "sizeMs": 100000000, "slideMs": 1}, "function": {"type": "count"}}}})"
            << "2.3"
            << "size / slide <= 10000000";
    }
    void whatNoJobCanSayIsRefusedWithTheReason()
    {
        QFETCH(QString, json);
        QFETCH(QString, release);
        QFETCH(QString, reason);
        std::string refusal;
        const auto project = flinkjob::exportJob(
            parse(json.toUtf8().constData()), options("r.json", release.toUtf8().constData()), refusal);
        QVERIFY(!project);
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }

    void theRecordsFileHoldsTheArrivalOrderAndEachRecordsChannel()
    {
        // Explicit arrivals out of file order; round robin over 2 generators from channel 1; a key with a comma.
        // (An ordinary literal: Qt 6.4's moc misreads an escaped quote inside a raw string.)
        const Scenario s = parse("{\"tidemark\": 1, \"input\": {\"records\": ["
                                 "{\"key\": \"a\", \"value\": 1.5, \"ts\": 100, \"arrival\": 3000},"
                                 "{\"key\": \"b,c\", \"ts\": 200, \"arrival\": 1000},"
                                 "{\"key\": \"say \\\"hi\\\"\", \"value\": -2, \"ts\": 300}]},"
                                 "\"pipeline\": {\"watermarks\": {\"strategy\": \"monotonous\", \"parallelism\": 2,"
                                 "\"firstChannel\": 1}, \"window\": {\"keyBy\": \"key\", \"assigner\": {\"type\":"
                                 "\"tumbling\", \"sizeMs\": 1000}, \"function\": {\"type\": \"count\"}}}}");
        std::string refusal;
        const auto project = flinkjob::exportJob(s, options("r.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const auto* csv = file(*project, "data/events.csv");
        QVERIFY(csv);
        // Record 3 has no arrival: the one before it in the file (1000) plus the default 1000 ms, so it comes
        // second, and the round robin from channel 1 deals the three out as 1, 0, 1.
        QCOMPARE(QString::fromStdString(csv->content),
            QStringLiteral("arrival,channel,key,timestamp,value\n"
                           "1000,1,\"b,c\",200,\n"
                           "2000,0,\"say \"\"hi\"\"\",300,-2\n"
                           "3000,1,a,100,1.5\n"));
    }

    // A job graph: one replay per source on one clock, each operator wired as the graph names its inputs and printed
    // behind print("name"); the reviewed project of two examples.
    void aGraphExampleBecomesTheReviewedProject_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("an interval join, then windowAll, idleness") << "orders-payments-join-with-idleness";
        QTest::newRow("connected streams, an event-time timeout") << "orders-unpaid-timeout";
        QTest::newRow("a window join and a coGroup") << "orders-payments-window-join";
        QTest::newRow("two topics, a KafkaSource each") << "two-topics-silent-partition";
    }
    void aGraphExampleBecomesTheReviewedProject()
    {
        QFETCH(QString, example);
        std::string refusal;
        const auto project
            = flinkjob::exportJob(loadGraphExample(example), options(example.toStdString() + ".json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->files.size(), std::size_t(4));
        const QStringList mismatches = goldenMismatches(*project, example);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    }

    void eachGraphOperatorIsSaidInJava_data()
    {
        QTest::addColumn<QString>("operators");
        QTest::addColumn<QStringList>("java");
        QTest::newRow("a union into a keyed window with a late side output")
            << R"([{"type": "union", "name": "both", "inputs": ["a", "b"]},
                  {"type": "window", "name": "per-5s", "inputs": ["both"], "window": {"keyBy": "key", "parallelism": 2,
                   "assigner": {"type": "tumbling", "sizeMs": 5000}, "lateSideOutput": true,
                   "function": {"type": "sum"}}}])"
            << QStringList {"DataStream<Event> both = a.union(b);", ".keyBy(event -> event.key)",
                   ".aggregate(new SumValues(), new KeyedResult())", ".sideOutputLateData(per5sLate)",
                   "per5s.print(\"per-5s\").setParallelism(2);", "per5s.getSideOutput(per5sLate)",
                   "\"late (\" + event.key + \",\" + number(event.value) + \")\""};
        QTest::newRow("an interval join with exclusive bounds and late side outputs, a window over its pairs")
            << R"([{"type": "interval-join", "name": "paid", "inputs": ["a", "b"], "parallelism": 3,
                   "between": {"lowerMs": -1000, "upperMs": 2000, "lowerInclusive": false, "upperInclusive": false,
                   "lateSideOutputs": true}},
                  {"type": "window", "name": "count", "inputs": ["paid"], "window": {"keyBy": null,
                   "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}])"
            << QStringList {"a.keyBy(event -> event.key)\n                .intervalJoin(b.keyBy(event -> event.key))",
                   ".between(Duration.ofMillis(-1000), Duration.ofMillis(2000))", ".lowerBoundExclusive()",
                   ".upperBoundExclusive()", ".sideOutputLeftLateData(paidLeftLate)",
                   ".sideOutputRightLateData(paidRightLate)", ".process(new JoinPair())", ".setParallelism(3)",
                   "\"late left (\" + event.key", "paid\n                .windowAll(",
                   ".aggregate(new CountRecords(), new AllResult())", "class JoinPair extends ProcessJoinFunction"};
        QTest::newRow("both process functions, one after the other")
            << R"([{"type": "process", "name": "sorted", "inputs": ["a"], "function": {"type": "sort-until-watermark"}},
                  {"type": "process", "name": "quiet", "inputs": ["sorted"],
                   "function": {"type": "event-time-timeout", "timeoutMs": 5000}}])"
            << QStringList {".process(new SortUntilWatermark())", "sorted.keyBy(event -> event.key)",
                   ".process(new EventTimeTimeout(5000L))", "quiet.print(\"quiet\")",
                   "class SortUntilWatermark extends KeyedProcessFunction<String, Event, Event>"};
        QTest::newRow("a processing-time timeout")
            << R"([{"type": "process", "name": "quiet", "inputs": ["a"],
                   "function": {"type": "processing-time-timeout", "timeoutMs": 1500}}])"
            << QStringList {".process(new ProcessingTimeTimeout(1500L))",
                   "long at = ctx.timerService().currentProcessingTime() + timeoutMs;",
                   "ctx.timerService().registerProcessingTimeTimer(at);",
                   "out.collect(Event.fromTimer(last, Long.MIN_VALUE));"};
        QTest::newRow("a periodic count")
            << R"([{"type": "process", "name": "counts", "inputs": ["a"], "parallelism": 2,
                   "function": {"type": "periodic-count", "intervalMs": 5000}}])"
            << QStringList {".process(new PeriodicCount(5000L))", "counts.print(\"counts\").setParallelism(2);",
                   "TimeWindow.getWindowStartWithOffset(ctx.timestamp(), 0, intervalMs) + intervalMs - 1"};
        QTest::newRow("a window join with allowed lateness, a coGroup with two subtasks")
            << R"([{"type": "window-join", "name": "paid", "inputs": ["a", "b"],
                   "window": {"assigner": {"type": "sliding", "sizeMs": 4000, "slideMs": 2000},
                   "allowedLatenessMs": 1000}},
                  {"type": "co-group", "name": "groups", "inputs": ["a", "b"],
                   "window": {"assigner": {"type": "session", "gapMs": 1500}, "parallelism": 2,
                   "evictor": {"type": "count", "maxCount": 2}}}])"
            << QStringList {"((SingleOutputStreamOperator<Event>) a\n                .join(b)\n"
                            "                .where(event -> event.key)\n"
                            "                .equalTo(event -> event.key)\n"
                            "                .window(SlidingEventTimeWindows.of(Duration.ofMillis(4000), "
                            "Duration.ofMillis(2000)))\n"
                            "                .allowedLateness(Duration.ofMillis(1000))\n"
                            "                .apply(new WindowPair()))",
                   ".coGroup(b)", ".window(EventTimeSessionWindows.withGap(Duration.ofMillis(1500)))",
                   ".evictor(CountEvictor.of(2, false))",
                   ".apply(new GroupSizes()))\n                .setParallelism(2)\n", ".process(new Stamped())",
                   "groups.print(\"groups\").setParallelism(2);",
                   "class WindowPair implements JoinFunction<Event, Event, Event>",
                   "class GroupSizes implements CoGroupFunction<Event, Event, Event>",
                   "result.timestamp = ctx.timestamp();"};
        QTest::newRow("connected streams and a broadcast side")
            << R"([{"type": "co-process", "name": "unpaid", "inputs": ["a", "b"],
                   "function": {"type": "unmatched-timeout", "timeoutMs": 3000}},
                  {"type": "broadcast-process", "name": "silent", "inputs": ["unpaid", "b"],
                   "function": {"type": "rule-timeout", "timeoutMs": 4000}}])"
            << QStringList {".connect(b.keyBy(event -> event.key))", ".process(new UnmatchedTimeout(3000L))",
                   "unpaid.keyBy(event -> event.key)\n                .connect(b.broadcast(RuleTimeout.RULES))",
                   ".process(new RuleTimeout(4000L))",
                   "class RuleTimeout extends KeyedBroadcastProcessFunction<String, Event, Event, Event>"};
        QTest::newRow("watermarks assigned anew, by forward and by rebalance")
            << R"([{"type": "process", "name": "p", "inputs": ["a"], "parallelism": 2,
                   "function": {"type": "event-time-timeout", "timeoutMs": 3000}},
                  {"type": "watermarks", "name": "chained", "inputs": ["p"],
                   "watermarks": {"strategy": "monotonous", "parallelism": 2, "partitioning": "forward"}},
                  {"type": "watermarks", "name": "spread", "inputs": ["p"],
                   "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 500,
                                  "idlenessMs": 2000, "parallelism": 3, "firstChannel": 2}},
                  {"type": "window", "name": "w1", "inputs": ["chained"],
                   "window": {"assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "count"}}},
                  {"type": "window", "name": "w2", "inputs": ["spread"],
                   "window": {"assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "count"}}}])"
            << QStringList {"DataStream<Event> chained = p\n                .forward()\n"
                            "                .assignTimestampsAndWatermarks(WatermarkStrategy\n",
                   "DataStream<Event> spread = p\n", ".partitionCustom(new RoundRobin(2), (Event event) -> 0)\n",
                   ".withIdleness(Duration.ofMillis(2000)))\n                .setParallelism(3)\n"
                   "                .name(\"spread\");",
                   "class RoundRobin implements Partitioner<Integer>"};
    }
    void eachGraphOperatorIsSaidInJava()
    {
        QFETCH(QString, operators);
        QFETCH(QStringList, java);
        const std::string json = R"({"tidemark": 1, "sources": {
            "a": {"input": {"records": [{"key": "k", "ts": 1000, "value": 1}, {"key": "k", "ts": 2000, "value": 2}]},
                  "watermarks": {"strategy": "monotonous"}},
            "b": {"input": {"records": [{"key": "k", "ts": 1500, "value": 3}]},
                  "watermarks": {"strategy": "monotonous"}}},
            "operators": )"
            + operators.toStdString() + R"(, "endOfInput": "max-watermark"})";
        std::string refusal;
        const auto project = flinkjob::exportJob(parse(json.c_str()), options("g.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const QString java1 = program(*project);
        for (const QString& piece : java)
            QVERIFY2(java1.contains(piece), qPrintable("no \"" + piece + "\" in:\n" + java1));
        // one replay per source, each ending after its own last record, on the clock they share
        QVERIFY(java1.contains("new Replay(Event.of(events, \"a\"), 1000L, events.size())"));
        QVERIFY(java1.contains("new Replay(Event.of(events, \"b\"), 0L, events.size())"));
    }

    void aGraphsRecordsFileHoldsEachSourcesArrivalsAndGenerators()
    {
        // Each source on its own clock (records without arrival 1000 ms apart from 0); at equal times in source
        // order; b's two generators dealt out round robin from channel 0.
        const Scenario s = parse(R"({"tidemark": 1, "sources": {
            "a": {"input": {"records": [{"key": "x", "ts": 10}, {"key": "y", "ts": 20, "value": 2.5}]},
                  "watermarks": {"strategy": "monotonous"}},
            "b": {"input": {"records": [{"key": "x", "ts": 5, "arrival": 500}, {"key": "z", "ts": 6}]},
                  "watermarks": {"strategy": "monotonous", "parallelism": 2}}},
            "operators": [{"type": "interval-join", "name": "j", "inputs": ["a", "b"],
                           "between": {"lowerMs": 0, "upperMs": 10}}]})");
        std::string refusal;
        const auto project = flinkjob::exportJob(s, options("g.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(QString::fromStdString(file(*project, "data/events.csv")->content),
            QStringLiteral("arrival,channel,key,timestamp,value,source\n"
                           "0,0,x,10,,a\n"
                           "500,0,x,5,,b\n"
                           "1000,0,y,20,2.5,a\n"
                           "1500,1,z,6,,b\n"));
    }

    void whatNoGraphJobCanSayIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("watermarksA");
        QTest::addColumn<QString>("endOfInput");
        QTest::addColumn<QString>("reason");
        QTest::newRow("two auto-watermark intervals") << R"("strategy": "monotonous", "periodMs": 100)"
                                                      << "none"
                                                      << "one auto-watermark interval";
        QTest::newRow("a drain") << R"("strategy": "monotonous")"
                                 << "drain"
                                 << "endOfInput \"drain\"";
        QTest::newRow("the legacy extractor with idleness")
            << R"("strategy": "legacy-bounded-out-of-orderness", "maxOutOfOrdernessMs": 5, "idlenessMs": 100)"
            << "none"
            << "source \"a\": the legacy BoundedOutOfOrdernessTimestampExtractor has no withIdleness";
    }
    void whatNoGraphJobCanSayIsRefusedWithTheReason()
    {
        QFETCH(QString, watermarksA);
        QFETCH(QString, endOfInput);
        QFETCH(QString, reason);
        const std::string json = R"({"tidemark": 1, "sources": {
            "a": {"input": {"records": [{"key": "k", "ts": 1000}]}, "watermarks": {)"
            + watermarksA.toStdString() + R"(}},
            "b": {"input": {"records": [{"key": "k", "ts": 1500}]}, "watermarks": {"strategy": "monotonous"}}},
            "operators": [{"type": "union", "name": "u", "inputs": ["a", "b"]},
                          {"type": "window", "name": "w", "inputs": ["u"], "window": {"keyBy": "key",
                           "assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}}}],
            "endOfInput": )"
            + ("\"" + endOfInput.toStdString() + "\"}");
        std::string refusal;
        QVERIFY(!flinkjob::exportJob(parse(json.c_str()), options("g.json", "1.20"), refusal));
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }

    // A graph's source that reads a topic is a KafkaSource of its readers, as a chain's: the strategy inside it (per
    // partition) or after it, bounded when the input ends; --produce writes its records into its topic, and the
    // replayed sources keep data/events.csv.
    void aGraphsKafkaSourceBecomesAKafkaSource_data()
    {
        QTest::addColumn<QString>("watermarks");
        QTest::addColumn<QString>("endOfInput");
        QTest::addColumn<QString>("calls");
        QTest::newRow("per partition, open")
            << "per-partition"
            << "none"
            << "DataStream<Event> clicks = env.fromSource(clicksTopic, WatermarkStrategy";
        QTest::newRow("after the source, bounded") << "after-source"
                                                   << "max-watermark"
                                                   << "                .setBounded(OffsetsInitializer.latest())\n";
    }
    void aGraphsKafkaSourceBecomesAKafkaSource()
    {
        QFETCH(QString, watermarks);
        QFETCH(QString, endOfInput);
        QFETCH(QString, calls);
        std::string json = R"({"tidemark": 1, "sources": {
            "clicks": {"input": {"records": [{"key": "k", "ts": 1000, "partition": 0},
                                             {"key": "k", "ts": 1500, "partition": 1}]},
                       "kafka": {"topic": "clicks", "partitions": 2, "watermarks": "WATERMARKS"},
                       "watermarks": {"strategy": "monotonous", "parallelism": 2}},
            "views": {"input": {"records": [{"key": "k", "ts": 1200}]}, "watermarks": {"strategy": "monotonous"}}},
            "operators": [{"type": "union", "name": "u", "inputs": ["clicks", "views"]},
                          {"type": "window", "name": "w", "inputs": ["u"], "window": {"keyBy": "key",
                           "assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}}}],
            "endOfInput": "END"})";
        json.replace(json.find("WATERMARKS"), 10, watermarks.toStdString());
        json.replace(json.find("END"), 3, endOfInput.toStdString());
        std::string refusal;
        const auto project = flinkjob::exportJob(parse(json.c_str()), options("g.json", "1.20"), refusal);
        QVERIFY2(project, refusal.c_str());
        const std::string& program = file(*project, "src/main/java/tidemark/jobs/GJob.java")->content;
        QVERIFY2(program.find(calls.toStdString()) != std::string::npos, program.c_str());
        QVERIFY(program.find("                .setTopics(options.topic(\"clicks\"))\n") != std::string::npos);
        QVERIFY(program.find("options.topics.put(\"clicks\", \"clicks\");") != std::string::npos);
        QVERIFY(program.find("Event.readAll(options.rest.toArray(new String[0]))") != std::string::npos);
        // the topic's records for --produce, the replayed source's for its replay
        QCOMPARE(QString::fromStdString(file(*project, "data/records.csv")->content),
            QStringLiteral("partition,key,timestamp,value,source\n"
                           "0,k,1000,,clicks\n"
                           "1,k,1500,,clicks\n"));
        QCOMPARE(QString::fromStdString(file(*project, "data/events.csv")->content),
            QStringLiteral("arrival,channel,key,timestamp,value,source\n"
                           "0,0,k,1200,,views\n"));
        QVERIFY(file(*project, "pom.xml")->content.find("flink-connector-kafka") != std::string::npos);
        QVERIFY(file(*project, "README.md")->content.find("--topic SOURCE=NAME") != std::string::npos);
        // SQL replays every source's records: a graph that reads a topic is refused there, with the reason
        std::string sqlRefusal;
        QVERIFY(!flinkjob::exportSqlJob(parse(json.c_str()), options("g.json", "1.20"), sqlRefusal));
        QVERIFY2(
            sqlRefusal.find("source \"clicks\" reads Kafka topic \"clicks\"") != std::string::npos, sqlRefusal.c_str());
    }

    // A Kafka scenario's job reads its topic with a KafkaSource of the source's parallelism; the strategy goes
    // into fromSource (one generator per partition) or after it, as the scenario says.
    void aKafkaScenarioBecomesAKafkaSourceJob_data()
    {
        QTest::addColumn<QString>("watermarks");
        QTest::addColumn<QString>("endOfInput");
        QTest::addColumn<QString>("release");
        QTest::addColumn<QStringList>("said");
        QTest::addColumn<QStringList>("unsaid");
        QTest::newRow("per partition, unbounded, 2.3")
            << "per-partition"
            << "none"
            << "2.3"
            << QStringList {"env.fromSource(source, WatermarkStrategy\n                        "
                            ".<Event>forMonotonousTimestamps()",
                   "\"Kafka Source\")\n                .setParallelism(3);", ".setTopics(options.topic)",
                   "String topic = \"clicks\";", "static final int PARTITIONS = 4;",
                   "<artifactId>flink-connector-kafka</artifactId>\n            <version>5.0.0-2.2</version>",
                   "reader 0 reads partitions 0 and 3, reader 1 reads partition 1 and reader 2 reads partition 2"}
            << QStringList {"setBounded", "assignTimestampsAndWatermarks", "data/events.csv"};
        QTest::newRow("after the source, bounded, 1.20")
            << "after-source"
            << "max-watermark"
            << "1.20"
            << QStringList {"env.fromSource(source, WatermarkStrategy.noWatermarks(), \"Kafka Source\")\n"
                            "                .setParallelism(3)\n                .assignTimestampsAndWatermarks(",
                   ".setBounded(OffsetsInitializer.latest())",
                   "<artifactId>flink-connector-kafka</artifactId>\n            <version>3.3.0-1.20</version>",
                   "a generator chained after each reader"}
            << QStringList {"fromSource(source, WatermarkStrategy\n"};
    }
    void aKafkaScenarioBecomesAKafkaSourceJob()
    {
        QFETCH(QString, watermarks);
        QFETCH(QString, endOfInput);
        QFETCH(QString, release);
        QFETCH(QStringList, said);
        QFETCH(QStringList, unsaid);
        std::string refusal;
        const auto project = flinkjob::exportJob(kafkaScenario(watermarks.toStdString(), endOfInput.toStdString()),
            options("k.json", qPrintable(release)), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->kafkaTopics, std::vector<std::string>({"clicks"}));
        QString all;
        for (const auto& f : project->files)
            all += QString::fromStdString(f.content);
        for (const QString& s : said)
            QVERIFY2(all.contains(s), qPrintable(s));
        for (const QString& s : unsaid)
            QVERIFY2(!all.contains(s), qPrintable(s));
    }

    // What --produce writes: the records in arrival order, each with its partition, key, timestamp and value.
    void theTopicsRecordsFileHoldsEachRecordsPartition()
    {
        std::string refusal;
        const auto project = flinkjob::exportJob(kafkaScenario("per-partition", "none"), options("k.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const auto* csv = file(*project, "data/records.csv");
        QVERIFY(csv);
        QCOMPARE(QString::fromStdString(csv->content),
            QStringLiteral("partition,key,timestamp,value\n"
                           "3,\"a,b\",100,1.5\n"
                           "1,c,2500,4\n"
                           "3,c,900,-2\n"));
        QVERIFY(QString::fromStdString(file(*project, "pom.xml")->content).contains("<include>records.csv</include>"));
    }

    void aKafkaJobReadsItsTopicNotASocket()
    {
        const Scenario scenario = loadExample("kafka-partition-stalls");
        flinkjob::ExportOptions o = options("kafka-partition-stalls.json");
        o.socket = flinkjob::SocketInput {"127.0.0.1", 9999, io::liveLineSpec(scenario)};
        std::string refusal;
        QVERIFY(!flinkjob::exportJob(scenario, o, refusal));
        QVERIFY2(QString::fromStdString(refusal).contains("reads that topic with a KafkaSource (leave out --socket)"),
            refusal.c_str());
    }

    void theHeaderSaysWhatTheJobDoesNotReproduce()
    {
        std::string refusal;
        const auto project = flinkjob::exportJob(
            loadExample("idle-channel-with-idleness"), options("idle-channel-with-idleness.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->caveats.size(), std::size_t(3)); // two generators, endless input, idleness
        const QString java = program(*project);
        QVERIFY(java.contains(" * What this job does not reproduce:\n * - The interleaving of 2 parallel watermark"));
        QVERIFY(java.contains("Idleness (2000 ms) runs on the job's wall clock"));
        QVERIFY(java.contains("env.fromSequence(0, Long.MAX_VALUE)"));

        const auto ends = flinkjob::exportJob(loadExample("sliding-windows"), options("sliding-windows.json"), refusal);
        QVERIFY(ends);
        QVERIFY(ends->caveats.empty());
        QVERIFY(program(*ends).contains("env.fromSequence(0, events.size())"));
        QVERIFY(!program(*ends).contains("What this job does not reproduce"));
    }

    void aFlinkVersionNamesTheReleaseBuiltAgainst_data()
    {
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("release"); // empty: refused
        QTest::newRow("1.20 line") << "1.20"
                                   << "1.20.5";
        QTest::newRow("2.3 line") << "2.3"
                                  << "2.3.0";
        QTest::newRow("a 1.20 release") << "1.20.1"
                                        << "1.20.1";
        QTest::newRow("not a line Tidemark follows") << "1.18"
                                                     << "";
        QTest::newRow("not a version") << "latest"
                                       << "";
    }
    void aFlinkVersionNamesTheReleaseBuiltAgainst()
    {
        QFETCH(QString, given);
        QFETCH(QString, release);
        std::string error;
        const auto parsed = flinkjob::FlinkRelease::parse(given.toStdString(), error);
        if (release.isEmpty()) {
            QVERIFY(!parsed);
            QVERIFY2(QString::fromStdString(error).contains("such as 1.20.5"), error.c_str());
        } else {
            QVERIFY2(parsed, error.c_str());
            QCOMPARE(QString::fromStdString(parsed->version), release);
        }
    }

    void theProjectIsNamedAfterItsFile()
    {
        QCOMPARE(flinkjob::artifactIdFor("dir/My Scenario (v2).json"), std::string("my-scenario-v2"));
        QCOMPARE(flinkjob::artifactIdFor(""), std::string("tidemark-job"));
        std::string refusal;
        const auto project
            = flinkjob::exportJob(loadExample("post002-allowed-lateness"), options("2nd try.json"), refusal);
        QVERIFY(project);
        QCOMPARE(
            project->mainClass, std::string("tidemark.jobs.Tidemark2ndTryJob")); // a class name cannot start with 2
        QCOMPARE(project->jarPath(), std::string("target/2nd-try.jar"));
    }

    void exportJobWritesTheProjectAndAsksBeforeReplacingIt()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("job");
        auto r = test::tidemarkCommand("export-job", &cli::exportJobCommand,
            {"post002-allowed-lateness", "--out", out, "--flink-version", "1.20"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("  src/main/java/tidemark/jobs/Post002AllowedLatenessJob.java"));
        const QByteArray pom = test::readWholeFile(out + "/pom.xml");
        QVERIFY(pom.contains("<flink.version>1.20.5</flink.version>"));
        QVERIFY(pom.contains("<mainClass>tidemark.jobs.Post002AllowedLatenessJob</mainClass>"));

        // A file of the user's in the folder stays; the project's own are replaced only with --force.
        QFile mine(out + "/notes.txt");
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("mine");
        mine.close();
        QFile edited(out + "/README.md");
        QVERIFY(edited.open(QIODevice::WriteOnly | QIODevice::Truncate));
        edited.write("edited");
        edited.close();
        r = test::tidemarkCommand("export-job", &cli::exportJobCommand, {"post002-allowed-lateness", "--out", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains("holds pom.xml and 3 more of the project's files already; give --force"), qPrintable(r.err));
        QCOMPARE(test::readWholeFile(out + "/README.md"), QByteArray("edited"));
        r = test::tidemarkCommand(
            "export-job", &cli::exportJobCommand, {"post002-allowed-lateness", "--out", out, "--force"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(test::readWholeFile(out + "/README.md").startsWith("# Post 002"));
        QCOMPARE(test::readWholeFile(out + "/notes.txt"), QByteArray("mine"));
        QVERIFY(test::readWholeFile(out + "/pom.xml").contains("<flink.version>2.3.0</flink.version>"));
    }

    void exportJobSaysWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no folder") << QStringList {"post002-allowed-lateness"} << 2 << "--out DIR names the folder";
        QTest::newRow("no scenario") << QStringList {"--out", "x"} << 2 << "name the scenario to export";
        QTest::newRow("unknown option") << QStringList {"post002-allowed-lateness", "--sq"} << 2 << "unknown option";
        QTest::newRow("unknown version") << QStringList {"post002-allowed-lateness", "--out", "x", "--flink-version",
            "3"} << 2 << "unknown Flink version \"3\"";
        QTest::newRow("missing file") << QStringList {"no-such.json", "--out", "x"} << 1 << "no-such.json";
        QTest::newRow("socket without a port") << QStringList {"post002-allowed-lateness", "--out", "x", "--socket",
            "localhost"} << 2 << "--socket: expected HOST:PORT";
        QTest::newRow("socket and SQL") << QStringList {"sliding-windows", "--out", "x", "--socket", "127.0.0.1:9000",
            "--sql"} << 1 << "a job reading a socket is exported as a DataStream program";
        const QString graph = test::examplesDir(sourceDir()) + "/graphs/orders-unpaid-timeout.json";
        QTest::newRow("a graph as SQL") << QStringList {graph, "--out", "x", "--sql"} << 1
                                        << "operator \"unpaid\" runs a process function, whose state and timers "
                                           "Flink SQL has no statement for";
        QTest::newRow("a graph reading a socket") << QStringList {graph, "--out", "x", "--socket", "127.0.0.1:9000"}
                                                  << 1 << "a job graph's sources replay their own records";
    }
    void exportJobSaysWhatIsWrong()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QDir::setCurrent(dir.path());
        const auto r = test::tidemarkCommand("export-job", &cli::exportJobCommand, arguments);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(dir.filePath("x"))); // nothing written
    }
};

QTEST_GUILESS_MAIN(TestFlinkJobExport)
#include "tst_flink_job_export.moc"
