// The SQL export in process: a cumulate scenario against reviewed golden files, the watermark declaration that
// matches each strategy, the INTERVAL literals, and every refusal with its reason. That the programs compile, run
// and print what Tidemark prints is the round trip's part (roundtrip.py --sql, label oracle).

#include "engine/export/FlinkSqlJob.h"
#include "engine/io/ScenarioIo.h"
#include "tests/cli/TidemarkRun.h"
#include "tests/export/ProjectGolden.h"
#include "tests/golden/GoldenFile.h"

#include <QFileInfo>
#include <QTest>

#include <string>

using namespace tidemark;

namespace {

QString sourceDir()
{
    return test::settingOr("TIDEMARK_SOURCE_DIR", QStringLiteral(TIDEMARK_DEFAULT_SOURCE_DIR));
}

Scenario parse(const std::string& json)
{
    io::LoadOptions graphs;
    graphs.jobGraphs = true;
    const auto loaded = io::parseScenario(json, "inline.json", ".", graphs);
    if (!loaded)
        qFatal("%s", loaded.errorText().c_str());
    return *loaded.value;
}

flinkjob::ExportOptions options(const std::string& sourceName)
{
    flinkjob::ExportOptions o;
    std::string error;
    o.release = flinkjob::FlinkRelease::parse("2.3", error);
    o.sourceName = sourceName;
    o.tidemarkVersion = "(test)";
    return o;
}

// Three records of key "k" under the given watermarks and window members.
Scenario withPipeline(const std::string& watermarks, const std::string& window)
{
    return parse(R"({"tidemark": 1, "input": {"records": [{"key": "k", "value": 1, "ts": 1000},
        {"key": "k", "value": 2, "ts": 2000}, {"key": "k", "value": 3, "ts": 7000}]},
        "pipeline": {"watermarks": {)"
        + watermarks + R"(}, "window": {"keyBy": "key", )" + window + "}}}");
}

const std::string kBounded = R"("strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 1000)";
const std::string kTumblingCount = R"("assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"})";

Scenario load(const QString& pathInSource)
{
    io::LoadOptions graphs;
    graphs.jobGraphs = true;
    const auto loaded = io::loadScenarioFile((sourceDir() + pathInSource).toStdString(), graphs);
    if (!loaded)
        qFatal("%s", loaded.errorText().c_str());
    return *loaded.value;
}

QStringList goldenMismatches(const flinkjob::JobProject& project, const QString& folder)
{
    return test::projectGoldenMismatches(project, sourceDir(), folder);
}

QString program(const flinkjob::JobProject& project)
{
    for (const auto& f : project.files) {
        if (f.path.ends_with(".java"))
            return QString::fromStdString(f.content);
    }
    return {};
}

} // namespace

class TestFlinkSqlExport : public QObject {
    Q_OBJECT

private slots:
    void aCumulateScenarioBecomesTheReviewedProject()
    {
        const QString path = sourceDir() + "/tests/export/scenarios/sql-cumulate-sum.json";
        const auto loaded = io::loadScenarioFile(path.toStdString());
        QVERIFY2(loaded, loaded.errorText().c_str());
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(*loaded.value, options("sql-cumulate-sum.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QCOMPARE(project->files.size(), std::size_t(4));
        const QStringList mismatches = goldenMismatches(*project, "sql-cumulate-sum");
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    }

    // A job graph with a union, an interval join and a window join: each source a table, each operator a view;
    // tests/export/golden/graph-joins-in-sql holds the project, reviewed by hand.
    void aJobGraphBecomesTheReviewedSqlProject()
    {
        const Scenario s = load("/tests/export/scenarios/graph-joins-in-sql.json");
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(s, options("graph-joins-in-sql.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const QStringList mismatches = goldenMismatches(*project, "graph-joins-in-sql");
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    }

    // The second window reads the first one's results at window_time, their maxTimestamp() (end - 1), as the
    // DataStream window reads a result's timestamp; every result a DOUBLE, as the DataStream job's are.
    void aWindowOverAWindowReadsTheFirstOnesWindowTime()
    {
        const Scenario s = load("/resources/examples/graphs/window-over-window.json");
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(s, options("window-over-window.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        const QString java = program(*project);
        QVERIFY(java.contains("\"SELECT `key`, window_time AS ts, CAST(COUNT(*) AS DOUBLE) AS v\""));
        QVERIFY(java.contains("TUMBLE(TABLE `views`, DESCRIPTOR(ts), INTERVAL '10' SECOND)"));
        QVERIFY(java.contains("TUMBLE(TABLE `per-10s`, DESCRIPTOR(ts), INTERVAL '1' MINUTE)"));
        QVERIFY(java.contains("\"SELECT `key`, window_time AS ts, CAST(MAX(v) AS DOUBLE) AS v\""));
        QVERIFY(java.contains("print(tableEnv, \"`per-10s`\", \"per-10s\", false);"));
        QVERIFY(java.contains("print(tableEnv, \"`busiest-10s-per-minute`\", \"busiest-10s-per-minute\", false);"));
        QVERIFY(java.contains("table(\"ts - INTERVAL '1.001' SECOND\")"));
    }

    // CUMULATE has no DataStream assigner, so the DataStream project under the SQL one is asked for the tumbling
    // window of the largest size, as for a chain; the SQL program keeps the CUMULATE.
    void aGraphsCumulateWindowIsWrittenAsCumulate()
    {
        Scenario s = load("/resources/examples/graphs/window-over-window.json");
        AssignerSpec& a = s.graph->operators.front().window.assigner;
        a.type = AssignerSpec::Type::Cumulate;
        a.sizeMs = 20000;
        a.stepMs = 10000;
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(s, options("cumulate.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QVERIFY(program(*project).contains(
            "CUMULATE(TABLE `views`, DESCRIPTOR(ts), INTERVAL '10' SECOND, INTERVAL '20' SECOND)"));
        QVERIFY(!flinkjob::exportJob(s, options("cumulate.json"), refusal)); // no DataStream assigner
        QVERIFY2(refusal.find("--sql") != std::string::npos, refusal.c_str());
    }

    void whatSqlCannotSayOfAGraphIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reason");
        QTest::newRow("a process function") << "/resources/examples/graphs/orders-unpaid-timeout.json"
                                            << "operator \"unpaid\" runs a process function";
        QTest::newRow("a coGroup") << "/resources/examples/graphs/orders-payments-window-join.json"
                                   << "coGroup \"orders-and-payments\" has no SQL form";
        QTest::newRow("a window over a join's pairs") << "/resources/examples/graphs/orders-payments-join-stalls.json"
                                                      << "reads the pairs of join \"paid\"";
        QTest::newRow("broadcast rules") << "/resources/examples/graphs/rules-with-idleness.json"
                                         << "runs a process function";
    }
    void whatSqlCannotSayOfAGraphIsRefusedWithTheReason()
    {
        QFETCH(QString, file);
        QFETCH(QString, reason);
        const Scenario s = load(file);
        std::string refusal;
        QVERIFY(!flinkjob::exportSqlJob(s, options("g.json"), refusal));
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }

    void aGraphsLateSideOutputsIdlenessAndMixedEmissionsAreRefused_data()
    {
        QTest::addColumn<QString>("orders");
        QTest::addColumn<QString>("join");
        QTest::addColumn<QString>("reason");
        const QString perEvent = R"({"strategy": "monotonous", "emit": "per-event"})";
        const QString periodic = R"({"strategy": "monotonous", "emit": "periodic", "periodMs": 200})";
        QTest::newRow("late side outputs")
            << perEvent << R"("between": {"lowerMs": 0, "upperMs": 1000, "lateSideOutputs": true})"
            << "a SQL interval join has no late side outputs";
        QTest::newRow("per-event beside periodic") << periodic << R"("between": {"lowerMs": 0, "upperMs": 1000})"
                                                   << "give the sources one emission";
        QTest::newRow("idleness") << R"({"strategy": "monotonous", "periodMs": 200, "idlenessMs": 1000})"
                                  << R"("between": {"lowerMs": 0, "upperMs": 1000})"
                                  << "source \"orders\": SQL's idle timeout";
    }
    void aGraphsLateSideOutputsIdlenessAndMixedEmissionsAreRefused()
    {
        QFETCH(QString, orders);
        QFETCH(QString, join);
        QFETCH(QString, reason);
        const Scenario s = parse(R"({"tidemark": 1, "sources": {
            "orders": {"input": {"records": [{"key": "o1", "ts": 1000}]}, "watermarks": )"
            + orders.toStdString() + R"(},
            "payments": {"input": {"records": [{"key": "o1", "ts": 1500}]},
                         "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
            "operators": [{"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"], )"
            + join.toStdString() + "}]}");
        std::string refusal;
        QVERIFY(!flinkjob::exportSqlJob(s, options("j.json"), refusal));
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }

    void theWatermarkDeclarationMatchesTheStrategy_data()
    {
        QTest::addColumn<QString>("watermarks");
        QTest::addColumn<QString>("declared");
        // forBoundedOutOfOrderness(d) is max - d - 1, SQL's ts - INTERVAL 'd' is max - d
        QTest::newRow("bounded 1 s: max - 1001") << QString::fromStdString(kBounded) << "ts - INTERVAL '1.001' SECOND";
        QTest::newRow("bounded 0: max - 1") << R"("strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0)"
                                            << "ts - INTERVAL '0.001' SECOND";
        QTest::newRow("monotonous: max - 1") << R"("strategy": "monotonous")"
                                             << "ts - INTERVAL '0.001' SECOND";
        QTest::newRow("legacy 2 s: max - 2000")
            << R"("strategy": "legacy-bounded-out-of-orderness", "maxOutOfOrdernessMs": 2000)"
            << "ts - INTERVAL '2' SECOND";
        QTest::newRow("legacy 0: max") << R"("strategy": "legacy-bounded-out-of-orderness", "maxOutOfOrdernessMs": 0)"
                                       << "ts";
        QTest::newRow("bounded 1 h: max - 1 h - 1 ms")
            << R"("strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 3600000)"
            << "ts - INTERVAL '0 01:00:00.001' DAY TO SECOND(3)";
    }
    void theWatermarkDeclarationMatchesTheStrategy()
    {
        QFETCH(QString, watermarks);
        QFETCH(QString, declared);
        const Scenario s = withPipeline(watermarks.toStdString(), kTumblingCount);
        QCOMPARE(QString::fromStdString(flinkjob::sqlWatermarkExpression(s.pipeline.watermarks)), declared);
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(s, options("w.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QVERIFY(program(*project).contains(".watermark(\"ts\", \"" + declared + "\")"));
    }

    void intervalsAreExactMilliseconds_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("literal");
        QTest::newRow("0") << qint64(0) << "INTERVAL '0' SECOND";
        QTest::newRow("1 ms") << qint64(1) << "INTERVAL '0.001' SECOND";
        QTest::newRow("5 s") << qint64(5000) << "INTERVAL '5' SECOND";
        QTest::newRow("99 s") << qint64(99000) << "INTERVAL '99' SECOND";
        QTest::newRow("100 s") << qint64(100000) << "INTERVAL '0 00:01:40.000' DAY TO SECOND(3)";
        QTest::newRow("-8 h") << qint64(-8 * 3600000) << "INTERVAL '-8' HOUR";
        QTest::newRow("1 day") << qint64(86400000) << "INTERVAL '1' DAY";
        QTest::newRow("99 days") << qint64(99LL * 86400000) << "INTERVAL '99' DAY";
        QTest::newRow("99 days + 1 ms") << qint64(99LL * 86400000 + 1) << "INTERVAL '99 00:00:00.001' DAY TO SECOND(3)";
    }
    void intervalsAreExactMilliseconds()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, literal);
        const auto got = flinkjob::sqlInterval(ms);
        QVERIFY(got);
        QCOMPARE(QString::fromStdString(*got), literal);
    }
    void anIntervalBeyond99DaysIsNotWritten()
    {
        QVERIFY(!flinkjob::sqlInterval(100LL * 86400000 + 1));
        QVERIFY(!flinkjob::sqlInterval(std::numeric_limits<std::int64_t>::min()));
    }

    void eachWindowIsItsTvf_data()
    {
        QTest::addColumn<QString>("window");
        QTest::addColumn<QString>("query");
        QTest::newRow("tumbling")
            << R"("assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"})"
            << "TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND)";
        QTest::newRow("sliding is HOP(slide, size)")
            << R"("assigner": {"type": "sliding", "sizeMs": 10000, "slideMs": 5000}, "function": {"type": "sum"})"
            << "HOP(TABLE events, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)";
        QTest::newRow("session partitioned by the key")
            << R"("assigner": {"type": "session", "gapMs": 3000}, "function": {"type": "max", "field": "ts"})"
            << "SESSION(TABLE events PARTITION BY `key`, DESCRIPTOR(ts), INTERVAL '3' SECOND)";
        QTest::newRow("cumulate is CUMULATE(step, max size)")
            << R"("assigner": {"type": "cumulate", "maxSizeMs": 6000, "stepMs": 2000}, "function": {"type": "avg"})"
            << "CUMULATE(TABLE events, DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND)";
        QTest::newRow("an offset is the last argument")
            << R"("assigner": {"type": "tumbling", "sizeMs": 86400000, "offsetMs": -28800000}, "function":
                 {"type": "count"})"
            << "TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' DAY, INTERVAL '-8' HOUR)";
        QTest::newRow("sum of timestamps as doubles")
            << R"("assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "sum", "field": "ts"})"
            << "SUM(CAST(t AS DOUBLE)) AS `result`";
    }
    void eachWindowIsItsTvf()
    {
        QFETCH(QString, window);
        QFETCH(QString, query);
        std::string refusal;
        const auto project
            = flinkjob::exportSqlJob(withPipeline(kBounded, window.toStdString()), options("q.json"), refusal);
        QVERIFY2(project, refusal.c_str());
        QVERIFY2(program(*project).contains(query), qPrintable(program(*project)));
    }

    void whatSqlCannotSayIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("watermarks");
        QTest::addColumn<QString>("window");
        QTest::addColumn<QString>("reason");
        const QString bounded = QString::fromStdString(kBounded);
        const QString tumbling = R"("assigner": {"type": "tumbling", "sizeMs": 5000}, )";
        QTest::newRow("allowed lateness")
            << bounded << tumbling + R"("allowedLatenessMs": 1000, "function": {"type": "count"})"
            << "no allowed lateness";
        QTest::newRow("side output") << bounded << tumbling + R"("lateSideOutput": true, "function": {"type": "count"})"
                                     << "no late side output";
        QTest::newRow("count trigger") << bounded
                                       << tumbling
                + R"("trigger": {"type": "count", "count": 2}, "function": {"type": "count"})"
                                       << "fires each window once";
        QTest::newRow("evictor") << bounded
                                 << tumbling
                + R"("evictor": {"type": "count", "maxCount": 1}, "function": {"type": "count"})"
                                 << "no evictors";
        QTest::newRow("list") << bounded << tumbling + R"("function": {"type": "list"})"
                              << "lists a window's records";
        QTest::newRow("global") << bounded << R"("assigner": {"type": "global"}, "trigger": {"type": "count",
            "count": 2}, "function": {"type": "count"})"
                                << "no global window";
        QTest::newRow("idleness") << bounded + R"(, "idlenessMs": 500)" << QString::fromStdString(kTumblingCount)
                                  << "idle-timeout";
        QTest::newRow("hop not a multiple")
            << bounded << R"("assigner": {"type": "sliding", "sizeMs": 5000, "slideMs": 2000}, "function":
            {"type": "count"})"
            << "multiple of the slide";
        QTest::newRow("processing time") << bounded << R"("assigner": {"type": "tumbling", "sizeMs": 5000, "timeDomain":
            "processing"}, "function": {"type": "count"})"
                                         << "processing-time windows";
    }
    void aKafkaScenarioIsLeftToTheDataStreamExport()
    {
        const Scenario s = parse(R"({"tidemark": 1, "input": {"records": [{"key": "k", "ts": 1000, "partition": 1}]},
            "pipeline": {"source": {"parallelism": 2, "kafka": {"topic": "clicks", "partitions": 2}},
            "watermarks": {"strategy": "monotonous"}, "window": {"keyBy": "key", )"
            + kTumblingCount + "}}}");
        std::string refusal;
        QVERIFY(!flinkjob::exportSqlJob(s, options("k.json"), refusal));
        QVERIFY2(QString::fromStdString(refusal).contains("Kafka topic \"clicks\" is exported as a DataStream program "
                                                          "with a KafkaSource (leave out --sql)"),
            refusal.c_str());
    }

    void whatSqlCannotSayIsRefusedWithTheReason()
    {
        QFETCH(QString, watermarks);
        QFETCH(QString, window);
        QFETCH(QString, reason);
        std::string refusal;
        const auto project = flinkjob::exportSqlJob(
            withPipeline(watermarks.toStdString(), window.toStdString()), options("r.json"), refusal);
        QVERIFY(!project);
        QVERIFY2(QString::fromStdString(refusal).contains(reason), refusal.c_str());
    }
    // Flink 1.20's slicing windows count a window's records only when its end lies on the slice grid from the
    // epoch (FLINK-36664): an offset is exported for 1.20 only when it is a multiple of the slice.
    void flink120TakesOnlyOffsetsOnTheSliceGrid_data()
    {
        QTest::addColumn<QString>("window");
        QTest::addColumn<bool>("exported");
        QTest::newRow("tumbling -8 h of a day")
            << R"("assigner": {"type": "tumbling", "sizeMs": 86400000, "offsetMs": -28800000})" << false;
        QTest::newRow("hop offset 1 s, slide 5 s")
            << R"("assigner": {"type": "sliding", "sizeMs": 10000, "slideMs": 5000, "offsetMs": 1000})" << false;
        QTest::newRow("cumulate offset 3 s, step 2 s")
            << R"("assigner": {"type": "cumulate", "maxSizeMs": 6000, "stepMs": 2000, "offsetMs": 3000})" << false;
        QTest::newRow("cumulate offset 2 s, step 2 s")
            << R"("assigner": {"type": "cumulate", "maxSizeMs": 6000, "stepMs": 2000, "offsetMs": 2000})" << true;
    }
    void flink120TakesOnlyOffsetsOnTheSliceGrid()
    {
        QFETCH(QString, window);
        QFETCH(bool, exported);
        flinkjob::ExportOptions o = options("o.json");
        std::string refusal;
        o.release = flinkjob::FlinkRelease::parse("1.20", refusal);
        const Scenario s = withPipeline(kBounded, (window + R"(, "function": {"type": "count"})").toStdString());
        const auto project = flinkjob::exportSqlJob(s, o, refusal);
        QCOMPARE(project.has_value(), exported);
        if (!exported)
            QVERIFY2(refusal.find("FLINK-36664") != std::string::npos, refusal.c_str());
        // Flink 2.x takes each of them
        QVERIFY2(flinkjob::exportSqlJob(s, options("o.json"), refusal), refusal.c_str());
    }

    void eventTimesAtOrBelowZeroAreRefused()
    {
        const Scenario s = parse(R"({"tidemark": 1, "input": {"records": [{"key": "k", "ts": 0}]},
            "pipeline": {"watermarks": {"strategy": "monotonous"}, "window": {"assigner": {"type": "tumbling",
            "sizeMs": 5000}, "function": {"type": "count"}}}})");
        std::string refusal;
        QVERIFY(!flinkjob::exportSqlJob(s, options("z.json"), refusal));
        QVERIFY2(refusal.find("starts at 0") != std::string::npos, refusal.c_str());
    }
    void theDataStreamExportSendsCumulateToSql()
    {
        const Scenario s = withPipeline(kBounded,
            R"("assigner": {"type": "cumulate", "maxSizeMs": 6000, "stepMs": 2000}, "function": {"type": "count"})");
        std::string refusal;
        QVERIFY(!flinkjob::exportJob(s, options("c.json"), refusal));
        QVERIFY2(refusal.find("--sql") != std::string::npos, refusal.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFlinkSqlExport)
#include "tst_flink_sql_export.moc"
