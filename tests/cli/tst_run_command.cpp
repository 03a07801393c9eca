// `tidemark run` end to end, in process: what it prints and how it exits.
#include "TidemarkRun.h"
#include "engine/cli/RunCommand.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/OutputFormat.h"
#include "tests/support/OrdersCsv.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace tidemark;

namespace {

using Run = test::TidemarkRun;

Run run(const QStringList& arguments)
{
    return test::tidemarkRun(arguments);
}

// Post 000's first eleven lines at parallelism 1 (key 0001, 3 s tumbling windows, bounded out-of-orderness
// 10 s, periodic emission every 200 ms, a record every second); value = the line number.
const char* kPost000 = R"({ "tidemark": 1, "name": "post 000, parallelism 1",
  "input": { "records": [
    {"key": "0001", "value": 1, "ts": 1538359882000}, {"key": "0001", "value": 2, "ts": 1538359886000},
    {"key": "0001", "value": 3, "ts": 1538359892000}, {"key": "0001", "value": 4, "ts": 1538359893000},
    {"key": "0001", "value": 5, "ts": 1538359894000}, {"key": "0001", "value": 6, "ts": 1538359896000},
    {"key": "0001", "value": 7, "ts": 1538359897000}, {"key": "0001", "value": 8, "ts": 1538359899000},
    {"key": "0001", "value": 9, "ts": 1538359891000}, {"key": "0001", "value": 10, "ts": 1538359903000},
    {"key": "0001", "value": 11, "ts": 1538359890000} ] },
  "pipeline": {
    "source": {"parallelism": 1},
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 10000,
                   "emit": "periodic", "periodMs": 200, "parallelism": 1, "partitioning": "rebalance"},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 3000},
               "allowedLatenessMs": 0, "function": {"type": "list", "field": "value"}, "parallelism": 1},
    "endOfInput": "none" } })";

// windowAll, averages, and the end-of-input watermark.
const char* kWindowAllAverage = R"({ "tidemark": 1, "name": "average of everything",
  "input": { "records": [ {"value": 1, "ts": 100}, {"value": 2, "ts": 200}, {"value": 4, "ts": 1500} ] },
  "pipeline": {
    "watermarks": {"strategy": "monotonous", "emit": "per-event"},
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 1000},
               "function": {"type": "avg", "field": "value"}},
    "endOfInput": "max-watermark" } })";

QString examples()
{
    return qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples/";
}

// A global window with a continuous event-time trigger meeting the end-of-input watermark: Flink would
// fire it without end.
// Orders joined with payments that stop after 2 s, the pairs counted per 10 s (docs/job-graph.md).
const char* kJoinStalls = R"({"tidemark": 1,
 "sources": {
   "orders": {"input": {"records": [{"key": "o1", "ts": 1000}, {"key": "o2", "ts": 2000}, {"key": "o3", "ts": 4000},
                                    {"key": "o4", "ts": 9000}, {"key": "o5", "ts": 14000}]},
              "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}},
   "payments": {"input": {"records": [{"key": "o1", "ts": 1800}, {"key": "o2", "ts": 2500}, {"key": "o3", "ts": 8500}]},
                "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}}},
 "operators": [
   {"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"], "between": {"lowerMs": 0, "upperMs": 5000}},
   {"type": "window", "name": "paid-per-10s", "inputs": ["paid"],
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}]})";

const char* kEndless = R"({ "tidemark": 1, "input": {"records": [{"key": "a", "value": 1, "ts": 1000}]},
  "pipeline": {"watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0},
    "window": {"assigner": {"type": "global"}, "trigger": {"type": "continuous-event-time", "intervalMs": 1000},
               "function": {"type": "count"}},
    "endOfInput": "max-watermark"}})";

} // namespace

class TestRunCommand : public QObject {
    Q_OBJECT

    test::ScratchFiles m_files;
    QString write(const QString& name, const QByteArray& text) { return m_files.write(name, text); }

private slots:
    void jsonlPrintsEveryFireAndDropInOrder()
    {
        const Run r = run({write("p000.json", kPost000), "--format", "jsonl"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        // Worked out from the rules: a window [s, s+3000) fires once the largest timestamp seen reaches
        // s + 2999 + 10001 and the next periodic emission (at the same processing time) forwards it.
        const QStringList expected = {
            R"({"type":"fire","afterInput":5,"subtask":0,"key":"0001","window":[1538359881000,1538359884000],"timing":"on-time","watermark":1538359883999,"count":1,"result":[1]})",
            R"({"type":"fire","afterInput":7,"subtask":0,"key":"0001","window":[1538359884000,1538359887000],"timing":"on-time","watermark":1538359886999,"count":1,"result":[2]})",
            R"({"type":"fire","afterInput":10,"subtask":0,"key":"0001","window":[1538359890000,1538359893000],"timing":"on-time","watermark":1538359892999,"count":2,"result":[3,9]})",
            R"({"type":"late","afterInput":11,"subtask":0,"key":"0001","ts":1538359890000,"value":11,"watermark":1538359892999,"action":"dropped"})",
        };
        QCOMPARE(r.out, expected);
    }

    // Flink's printed part as the print sink writes it; the window, timestamps and watermarks beside it as the app
    // shows them (these epoch milliseconds are dates of 2018: times of day, UTC), or as numbers when asked.
    void textPrintsLikeFlinksPrintSink()
    {
        const Run r = run({write("p000.json", kPost000), "--format", "text"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.size(), 4);
        QCOMPARE(r.out[0], QString("(0001,[1]) window [02:11:21, 02:11:24) on-time, watermark 02:11:23.999"));
        QCOMPARE(r.out[2], QString("(0001,[3,9]) window [02:11:30, 02:11:33) on-time, watermark 02:11:32.999"));
        QCOMPARE(r.out[3], QString("late (0001,11) ts 02:11:30.000 dropped, watermark 02:11:32.999"));

        const Run numbers = run({write("p000.json", kPost000), "--format", "text", "--time-format", "epoch-ms"});
        QCOMPARE(numbers.exitCode, 0);
        QCOMPARE(numbers.out[0],
            QString("(0001,[1]) window [1538359881000,1538359884000) on-time, watermark 1538359883999"));
        QCOMPARE(numbers.out[3], QString("late (0001,11) ts 1538359890000 dropped, watermark 1538359892999"));
        const Run steps = run({write("p000.json", kPost000), "--steps", "--time-format", "relative"});
        QVERIFY2(steps.out.join('\n').contains("(key 0001, ts +0 ms) on channel 0"), qPrintable(steps.out.join('\n')));
        const Run bad = run({write("p000.json", kPost000), "--time-format", "iso"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("epoch-ms"), qPrintable(bad.err));
    }

    void windowAllHasANullKeyAndAveragesPrintShortest()
    {
        const Run r = run({write("avg.json", kWindowAllAverage), "--format", "jsonl"});
        QCOMPARE(r.exitCode, 0);
        const QStringList expected = {
            R"({"type":"fire","afterInput":3,"subtask":0,"key":null,"window":[0,1000],"timing":"on-time","watermark":1499,"count":2,"result":1.5})",
            R"({"type":"fire","afterInput":3,"subtask":0,"key":null,"window":[1000,2000],"timing":"on-time","watermark":9223372036854775807,"count":1,"result":4})",
        };
        QCOMPARE(r.out, expected);
    }

    void aGraphsStepsComeBeforeTheOutputsTheyMadeAndExplainFollowsItsHolds()
    {
        const QString graph = write("stalls.json", kJoinStalls);
        const Run plain = run({graph, "--format", "jsonl"});
        QCOMPARE(plain.exitCode, 0);
        const Run r = run({graph, "--format", "jsonl", "--steps"});
        QCOMPARE(r.exitCode, 0);
        // the outputs are the plain run's, each after the step that made it (the step's afterInput is its own)
        QStringList outputs;
        qsizetype lastStep = 0;
        int afterInput = -1;
        for (const QString& line : r.out) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o["type"] == "step") {
                QCOMPARE(o["step"].toInteger(), ++lastStep);
                afterInput = o["afterInput"].toInt();
                QVERIFY(o["operatorWatermarks"].toObject().contains("paid-per-10s"));
            } else {
                QCOMPARE(o["afterInput"].toInt(), afterInput);
                outputs << line;
            }
        }
        QCOMPARE(outputs, plain.out);
        QVERIFY(lastStep > 8); // 8 arrivals and periodic emissions

        // In words: a step names its source and record, then every operator's event time; with --explain, each
        // hold that the step changed. The silent payments source is named only once it has fallen silent.
        const Run text = run({graph, "--steps", "--explain"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("step 1 at 0.000 s: orders event record #1 (key o1, ts 1000) on channel 0; paid "
                                   "-9223372036854775808, paid-per-10s -9223372036854775808"),
            qPrintable(text.out.join('\n')));
        const qsizetype silent = text.out.indexOf(QRegularExpression("^# paid at .*payments.*no record since "
                                                                     "processing time 2.000 s.*"));
        QVERIFY2(silent > 0, qPrintable(text.out.join('\n')));
        qsizetype stepLine = silent;
        while (!text.out[stepLine].startsWith("step "))
            --stepLine;
        // orders' record at 3 s moves its generator past payments' 8499; its periodic emission sends that on
        QVERIFY2(text.out[stepLine].contains(" at 3.000 s: periodic emission on orders channel 0; paid 8499"),
            qPrintable(text.out[stepLine]));
        const Run refused = run({graph, "--tumbling", "5s"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("options that change the job apply to a chain"), qPrintable(refused.err));
    }

    // A graph saved elsewhere keeps each source's form: the event file referenced from the new folder, the inline
    // records inline; the saved graph prints what the original printed.
    void aSavedGraphKeepsItsSourcesEventFilesAndRunsTheSame()
    {
        write("orders.csv", "o1,1000\no2,2000\no3,4000\no4,9000\no5,14000\n");
        std::string json = kJoinStalls;
        const std::string inlineOrders = json.substr(json.find("{\"records\": [{\"key\": \"o1\", \"ts\": 1000}"),
            json.find("]}", json.find("o5")) + 2 - json.find("{\"records\": [{\"key\": \"o1\", \"ts\": 1000}"));
        json.replace(json.find(inlineOrders), inlineOrders.size(),
            R"({"file": "orders.csv", "format": "csv", "header": false, "fields": {"key": 0, "ts": 1}})");
        const QString graph = write("from-file.json", QByteArray::fromStdString(json));
        const Run first = run({graph, "--format", "jsonl"});
        QCOMPARE(first.err, QString());
        QCOMPARE(first.exitCode, 0);
        QVERIFY(!first.out.isEmpty());

        QVERIFY(QDir().mkpath(m_files.path("graphs/saved")));
        const QString out = m_files.path("graphs/saved/graph.json");
        QCOMPARE(run({graph, "--save-scenario", out}).exitCode, 0);
        QFile saved(out);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(saved.readAll());
        QVERIFY2(text.contains(R"("file": "../../orders.csv")"), qPrintable(text));
        QVERIFY2(text.contains(R"({"key": "o3", "ts": 8500})"), qPrintable(text)); // payments stay inline
        const Run again = run({out, "--format", "jsonl"});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(again.out, first.out);
    }

    void stepsAddOneLinePerStep()
    {
        const Run r = run({write("p000.json", kPost000), "--format", "jsonl", "--steps"});
        QCOMPARE(r.exitCode, 0);
        const auto steps = r.out.filter(R"({"type":"step")");
        // 11 arrivals at 0 … 10 s and periodic emissions every 200 ms up to the horizon 10.2 s.
        QCOMPARE(steps.size(), 11 + 51);
        QVERIFY(steps.front().startsWith(
            R"({"type":"step","step":1,"processingTime":0,"kind":"event","record":1,"key":"0001","ts":1538359882000,"channel":0,"afterInput":1,)"));
        // A step line comes before the outputs it produced.
        qsizetype fire = 0;
        while (fire < r.out.size() && !r.out[fire].startsWith(R"({"type":"fire")"))
            ++fire;
        QVERIFY(fire > 0 && fire < r.out.size());
        QVERIFY(r.out[fire - 1].contains(R"("kind":"periodic")"));
    }

    void explainNarratesEveryStep()
    {
        const Run r = run({write("p000.json", kPost000), "--explain"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.filter(QRegularExpression(R"(^\[step \d+, )")).size(), 62);
        // no display setting: epoch milliseconds read as date-times in UTC
        QVERIFY(r.out.join('\n').contains("Record at 02:11:30.000 is too late for window [02:11:30, 02:11:33): its "
                                          "cleanup time 02:11:32.999 ≤ watermark 02:11:32.999 — dropped."));
    }

    void anInvalidScenarioReportsWhereAndExitsWithOne()
    {
        const QString path
            = write("bad.json", "{ \"tidemark\": 1,\n  \"input\": { \"records\": [ {\"key\": 1, } ] } }");
        const Run r = run({path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(path + ":2:"), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void usageErrorsExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("no scenario") << QStringList {};
        QTest::newRow("unknown format") << QStringList {"x.json", "--format", "xml"};
        QTest::newRow("format without value") << QStringList {"x.json", "--format"};
        QTest::newRow("unknown option") << QStringList {"x.json", "--fast"};
        QTest::newRow("two scenarios") << QStringList {"x.json", "y.json"};
    }
    void usageErrorsExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("usage: tidemark run SCENARIO.json"));
    }

    void helpPrintsUsageAndSucceeds()
    {
        const Run r = run({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.front().startsWith("usage: tidemark run"));
    }

    void numbersPrintAsIntegersOrShortestRoundTrip_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("integral") << 20.0 << "20";
        QTest::newRow("negative") << -3.0 << "-3";
        QTest::newRow("half") << 1.5 << "1.5";
        QTest::newRow("third") << 1.0 / 3.0 << "0.3333333333333333";
        QTest::newRow("tenth") << 0.1 << "0.1";
        QTest::newRow("large") << 1e300 << "1e+300";
        QTest::newRow("epoch ms") << 1538359882000.0 << "1538359882000";
        // A sum that rounded to Long.MIN_VALUE is still a long: every digit, as the oracle prints it.
        QTest::newRow("the smallest long") << -9223372036854775808.0 << "-9223372036854775808";
        QTest::newRow("beyond a long") << 9223372036854775808.0 << "9223372036854775808";
    }
    void numbersPrintAsIntegersOrShortestRoundTrip()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatNumber(value)), text);
    }

    void aRunFromFlagsGivesTheScenariosOutput()
    {
        // Post 000 at parallelism 3, written as flags instead of a scenario.
        const Run fromFlags = run({"--events", examples() + "post000-kafka-lines.csv", "--fields", "key=0,ts=1",
            "--no-header", "--tumbling", "3s", "--out-of-orderness", "10s", "--parallelism", "3", "--lateness", "2s",
            "--function", "list:ts", "--format", "jsonl"});
        QCOMPARE(fromFlags.err, QString());
        QCOMPARE(fromFlags.exitCode, 0);
        const Run fromScenario = run({examples() + "post000-parallelism3.json", "--format", "jsonl"});
        QCOMPARE(fromScenario.exitCode, 0);
        QCOMPARE(fromFlags.out.size(), 6);
        QCOMPARE(fromFlags.out, fromScenario.out);
    }

    void anEventsFileWithoutFieldsIsReadAsGuessedAndSaysSo()
    {
        const QString file = examples() + "late-orders.csv";
        const Run guessed = run({"--events", file, "--tumbling", "5s", "--function", "sum:value", "--format", "jsonl"});
        QCOMPARE(guessed.exitCode, 0);
        QCOMPARE(guessed.err,
            "tidemark run: " + file
                + ": read as csv, delimiter ',', with a header line; --fields key=shop,ts=time,value=amount (guessed "
                  "from its first 10 lines); no arrival column: records arrive one record every 1 s of processing time "
                  "(--arrivals event-time, N/s or backlog chooses another)\n");
        const Run given = run({"--events", file, "--fields", "key=shop,ts=time,value=amount", "--header", "--tumbling",
            "5s", "--function", "sum:value", "--format", "jsonl"});
        QCOMPARE(given.exitCode, 0);
        QCOMPARE(given.err, QString());
        QVERIFY(!guessed.out.isEmpty());
        QCOMPARE(guessed.out, given.out);
    }

    void flagsOverrideTheScenario()
    {
        const Run overridden = run({examples() + "post000-parallelism3.json", "--lateness", "0", "--format", "jsonl"});
        QCOMPARE(overridden.exitCode, 0);
        const Run expected = run({examples() + "post000-parallelism3-lateness0.json", "--format", "jsonl"});
        QCOMPARE(overridden.out, expected.out);
        const Run original = run({examples() + "post000-parallelism3.json", "--format", "jsonl"});
        QVERIFY(overridden.out != original.out);
    }

    void aSavedScenarioRunsTheSame()
    {
        const QString out = m_files.path("saved/run.json");
        QVERIFY(QDir().mkpath(m_files.path("saved")));
        const Run first = run({"--events", examples() + "post002-temps.jsonl", "--fields", "key=id,value=temp,ts=time",
            "--tumbling", "5s", "--out-of-orderness", "2s", "--lateness", "1s", "--end-of-input", "max-watermark",
            "--save-scenario", out, "--format", "jsonl"});
        QCOMPARE(first.err, QString());
        QCOMPARE(first.exitCode, 0);
        QVERIFY(!first.out.isEmpty());
        QFile saved(out);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(saved.readAll());
        // The events file stays a file, referenced from the saved scenario's folder.
        const QString relative = QDir(m_files.path("saved")).relativeFilePath(examples() + "post002-temps.jsonl");
        QVERIFY2(text.contains("\"file\": \"" + relative + "\""), qPrintable(text));
        QVERIFY(!text.contains("\"records\""));
        const Run again = run({out, "--format", "jsonl"});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(again.out, first.out);
        // Saving what was saved changes nothing.
        const QString twice = m_files.path("saved/twice.json");
        QCOMPARE(run({out, "--save-scenario", twice}).exitCode, 0);
        QFile second(twice);
        QVERIFY(second.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(second.readAll()), text);
    }

    void lenientRunsReportSkippedLinesOnStderr_data()
    {
        QTest::addColumn<QString>("streaming");
        QTest::newRow("recorded") << "--no-stream";
        QTest::newRow("streamed") << "--stream";
    }
    void lenientRunsReportSkippedLinesOnStderr()
    {
        QFETCH(QString, streaming);
        QByteArray csv;
        for (int i = 0; i < 50; ++i) {
            if (i % 2 == 1)
                csv += "a,1O" + QByteArray::number(i) + "\n"; // a letter O for a zero
            else
                csv += "a," + QByteArray::number(i * 100) + "\n";
        }
        const QString path = m_files.path("bad.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(csv);
        f.close();
        const QStringList common {"--events", path, "--fields", "key=0,ts=1", "--tumbling", "1s", "--end-of-input",
            "max-watermark", "--format", "jsonl", streaming};
        const Run strict = run(common);
        QCOMPARE(strict.exitCode, 1);
        QVERIFY2(
            strict.err.startsWith(path + ":2:3: expected an integer timestamp, found \"1O1\""), qPrintable(strict.err));

        const Run lenient = run(common + QStringList {"--lenient"});
        QCOMPARE(lenient.exitCode, 0);
        QCOMPARE(lenient.out.size(), 5); // 25 good records in [0,1000) … [4000,5000)
        const QStringList lines = lenient.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 20 + 1);
        QCOMPARE(lines[0], QString("tidemark run: skipped 25 bad lines of " + path + " (lenient); the first 20:"));
        QCOMPARE(lines[1], QString("  " + path + ":2:3: expected an integer timestamp, found \"1O1\""));
        QCOMPARE(lines[20], QString("  " + path + ":40:3: expected an integer timestamp, found \"1O39\""));
        QCOMPARE(lines[21], QString("  ... and 5 more"));
    }

    void streamingPrintsWhatTheRecordedRunPrints_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& f : QDir(examples()).entryList({"*.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << examples() + f;
    }
    // (in epoch milliseconds: a streamed run cannot know before it prints whether its records are dates)
    void streamingPrintsWhatTheRecordedRunPrints()
    {
        QFETCH(QString, path);
        const Run recorded = run({path, "--no-stream", "--time-format", "epoch-ms"});
        const Run streamed = run({path, "--stream", "--time-format", "epoch-ms"});
        QCOMPARE(recorded.exitCode, 0);
        QCOMPARE(streamed.exitCode, 0);
        QCOMPARE(streamed.out, recorded.out);
        QCOMPARE(streamed.err, recorded.err);
    }

    void aRunThatNeverEndsFailsTheJob_data()
    {
        QTest::addColumn<QString>("streaming");
        QTest::newRow("recorded") << "--no-stream";
        QTest::newRow("streamed") << "--stream";
    }
    void aRunThatNeverEndsFailsTheJob()
    {
        QFETCH(QString, streaming);
        const QString path = write("endless.json", kEndless);
        const Run r = run({path, streaming});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(path
                     + ": the job failed at step 2: more than 200000 firings in one watermark advance: the "
                       "scenario does not terminate"),
            qPrintable(r.err));
    }

    void arrivalsYearsApartAreRefusedWithWhatToChange()
    {
        const QString path = write("years.json", R"({ "tidemark": 1, "name": "years apart",
          "input": { "records": [ {"key": "a", "value": 1, "ts": 1000, "arrival": 0},
                                  {"key": "a", "value": 2, "ts": 9000, "arrival": 100000000000} ] },
          "pipeline": { "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0},
                        "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000},
                                   "function": {"type": "count"}},
                        "endOfInput": "max-watermark" } })");
        const Run r = run({path, "--no-stream"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith(path
                     + ": the records' arrivals span 3.2 years of processing time: a periodic watermark every "
                       "200 ms makes that 500,000,001 emissions per channel"),
            qPrintable(r.err));
    }

    void arrivalsGoingBackBeyondTheLookAheadStopAStreamedRun()
    {
        // 70,000 lines one second apart, then one arriving at 0: more than the streamed run looks ahead.
        QByteArray csv;
        for (int i = 0; i < 70000; ++i)
            csv += "a," + QByteArray::number(i * 10) + "," + QByteArray::number(i * 1000) + "\n";
        csv += "a,5,0\n";
        const QString path = m_files.path("back.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(csv);
        f.close();
        const QStringList common {"--events", path, "--fields", "key=0,ts=1,arrival=2", "--tumbling", "1s"};
        const Run streamed = run(common + QStringList {"--stream"});
        QCOMPARE(streamed.exitCode, 1);
        QCOMPARE(streamed.err,
            path
                + ":70001: the record arrives at 0, before the record of line 4464 (arrival 4463000) that was already "
                  "played: a streamed run looks only 65536 records ahead for earlier arrivals; sort the file by "
                  "arrival, or run it with --no-stream\n");
        const Run recorded = run(common);
        QCOMPARE(recorded.exitCode, 0);
    }

    void optionsThatDoNotFitExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("keyed without a key")
            << QStringList {"POST000", "--fields", "key="}
            << "tidemark run: the options make an invalid job: missing \"key\" in fields (the window is keyed by "
               "\"key\"; use \"keyBy\": null for windowAll)\n";
    }
    void optionsThatDoNotFitExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        arguments.replaceInStrings("POST000", examples() + "post000-parallelism3.json");
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, message + "(tidemark run --help lists the options)\n");
        QVERIFY(r.out.isEmpty());
    }

    // The job's rules for each record hold while the events file loads: a channel the job does not have
    // stops the load at that line, before anything runs (the app refuses it with the same message).
    void aRecordOnAChannelOutOfRangeIsALoadError()
    {
        const QString scenario = write("two-channels.json",
            R"({"tidemark": 1, "input": {"file": "channels.csv", "format": "csv", "header": false,
                  "fields": {"key": 0, "ts": 1, "channel": 2}},
                "pipeline": {"watermarks": {"strategy": "monotonous", "parallelism": 2, "partitioning": "channel"},
                             "window": {"assigner": {"type": "tumbling", "sizeMs": 1000},
                                        "function": {"type": "count"}}}})");
        write("channels.csv", "a,1000,0\na,2000,1\na,3000,5\n");
        const Run r = run({scenario});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, m_files.path("channels.csv") + ":3:8: expected a channel between 0 and 1, found 5\n");
        // at a parallelism that has channel 5 the same file loads and runs
        QCOMPARE(run({scenario, "--parallelism", "6"}).exitCode, 0);
    }

    void aMissingEventsFileExitsWithOne()
    {
        const Run r = run({"--events", m_files.path("nothing.csv"), "--fields", "ts=0", "--global"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QString(m_files.path("nothing.csv") + ": cannot open it: no such file\n"));
    }

    // `tidemark run FILE.csv` runs the file as `tidemark FILE.csv` opens it: as events, its layout guessed.
    void anEventsFileGivenAsTheScenarioRunsAsEvents()
    {
        const QString file = examples() + "late-orders.csv";
        const Run asEvents = run({"--events", file, "--tumbling", "5s", "--format", "jsonl"});
        const Run positional = run({file, "--tumbling", "5s", "--format", "jsonl"});
        QCOMPARE(positional.exitCode, 0);
        QVERIFY(!positional.out.isEmpty());
        QCOMPARE(positional.out, asEvents.out);
        QCOMPARE(positional.err, asEvents.err);
        const Run both = run({file, "--events", file, "--tumbling", "5s"});
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("is an events file, and --events gives another"), qPrintable(both.err));
    }

    // A file that cannot hold a record is refused before anything is guessed from it, with exit status 1.
    void badInputIsRefusedAtTheDoor_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("contents"); // null: the file is not there
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << "missing.csv" << QByteArray() << ": cannot open it: no such file\n";
        QTest::newRow("empty") << "empty.csv" << QByteArray("")
                               << ": it is empty (0 bytes): an events file holds one record per line\n";
        QTest::newRow("a 10 MB line") << "one-line.csv" << QByteArray(10'000'000, 'a')
                                      << ":1:1: expected a line of at most 1048576 bytes, found one of 10000000\n";
        QTest::newRow("a header only") << "header.csv" << QByteArray("user,amount,time\n")
                                       << ": no records: it holds a header line only (give --no-header if it is a "
                                          "record)\n";
    }

    void badInputIsRefusedAtTheDoor()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, contents);
        QFETCH(QString, message);
        const QString file = contents.isNull() ? m_files.path(name) : write(name, contents);
        for (const QStringList& args :
            {QStringList {file, "--tumbling", "5s"}, QStringList {"--events", file, "--tumbling", "5s"}}) {
            const Run r = run(args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.endsWith(file + message), qPrintable(r.err));
            QVERIFY(!r.err.contains("--help"));
        }
    }

    // Orders with bad lines near the top (every fourth line, as a broken export writes them): the layout is still
    // decided by the lines that parse, the run skips the bad ones with --lenient and without it stops at the first.
    void badLinesNearTheTopDoNotDecideTheLayout()
    {
        const QString file = write("orders-bad-top.csv", test::ordersCsv(60, [](int i) { return i % 3 == 2; }).text);
        const Run lenient = run({file, "--tumbling", "5s", "--lenient", "--format", "jsonl"});
        QCOMPARE(lenient.exitCode, 0);
        QVERIFY2(lenient.err.startsWith("tidemark run: " + file
                     + ": read as csv, delimiter ',', with a header line; --fields "
                       "key=user_id,ts=event_time,value=amount (guessed from its first 31 lines, 9 more set aside "
                       "as of another shape); no arrival column"),
            qPrintable(lenient.err));
        QVERIFY2(lenient.err.contains("skipped 20 bad lines"), qPrintable(lenient.err));
        QVERIFY(!lenient.out.isEmpty());
        const Run strict = run({file, "--tumbling", "5s"});
        QCOMPARE(strict.exitCode, 1);
        QVERIFY2(strict.err.endsWith(file + ":5:9: expected column 2 \"event_time\" (ts), found the end of the line\n"),
            qPrintable(strict.err));
    }

    // Without an arrival column the records' processing time is made up: the run says which, and --arrivals chooses
    // it: at event time (a late record with the one before it), N a second, or all at once as a backlog.
    void theArrivalScheduleIsSaidAndChosen()
    {
        const QString file = write("arrivals.csv", "key,ts\na,1000\na,4000\na,2500\na,9000\n");
        const auto arrivalsOf = [&](const QString& schedule, const char* said) {
            const Run r = run({file, "--tumbling", "5s", "--arrivals", schedule, "--steps", "--format", "jsonl"});
            if (r.exitCode != 0 || !r.err.contains(QString::fromUtf8(said)))
                qWarning("%s", qPrintable(r.err));
            QList<qint64> times;
            for (const QString& line : r.out) {
                const QJsonObject step = QJsonDocument::fromJson(line.toUtf8()).object();
                if (step.value("kind").toString() == "event")
                    times << step.value("processingTime").toInteger();
            }
            return times;
        };
        using Times = QList<qint64>;
        QCOMPARE(arrivalsOf("event-time", "records arrive at their event time, as they happened"),
            (Times {0, 3000, 3000, 8000}));
        QCOMPARE(arrivalsOf("event-time:2", "at their event time, replayed 2× faster"), (Times {0, 1500, 1500, 4000}));
        QCOMPARE(arrivalsOf("4/s", "one record every 250 ms of processing time"), (Times {0, 250, 500, 750}));
        QCOMPARE(arrivalsOf("backlog", "all at once, at processing time 0 (a backlog)"), (Times {0, 0, 0, 0}));
        QCOMPARE(arrivalsOf("2s", "one record every 2 s"), (Times {0, 2000, 4000, 6000}));
        // the choice is kept by --save-scenario, and a saved scenario plays it again
        const QString saved = m_files.path("arrivals.json");
        QCOMPARE(run({file, "--tumbling", "5s", "--arrivals", "event-time:2", "--save-scenario", saved}).exitCode, 0);
        QFile savedFile(saved);
        QVERIFY(savedFile.open(QIODevice::ReadOnly));
        QVERIFY(savedFile.readAll().contains("\"eventTimeArrivalSpeedup\": 2"));
        const Run replayed = run({saved, "--steps", "--format", "jsonl"});
        QVERIFY(replayed.out.join('\n').contains("\"processingTime\":4000"));
        for (const char* bad : {"-1s", "event-time:0", "event-time:x", "0/s", "fast"}) {
            const Run refused = run({file, "--arrivals", bad});
            QCOMPARE(refused.exitCode, 2);
            QVERIFY2(refused.err.contains("--arrivals: expected"), qPrintable(refused.err));
        }
    }

    // --lenient on a file whose every line is bad is not an empty success.
    void aLenientRunWithNoGoodLineFails()
    {
        const QString file = write("all-bad.csv", "user,time\na,x\nb,y\n");
        const Run r = run({file, "--fields", "key=0,ts=1", "--header", "--tumbling", "5s", "--lenient"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.endsWith(file + ": no records: every line that is not a header was skipped as bad\n"),
            qPrintable(r.err));
    }

    // Standard input and pipes are read once: the layout is guessed from a copy, and no record is lost.
    // Every example's events file, piped: with the scenario's own mapping, and with the layout guessed.
    void everyExampleEventFileReadsTheSameThroughStandardInput()
    {
        int compared = 0;
        for (const QString& name : QDir(examples()).entryList({QStringLiteral("*.json")}, QDir::Files)) {
            const QString scenario = examples() + name;
            const auto loaded = io::loadScenarioFileWithoutInput(scenario.toStdString());
            QVERIFY2(loaded.ok(), qPrintable(name));
            if (!loaded.value->inputFile)
                continue;
            const QString events = examples() + QString::fromStdString(loaded.value->inputFile->file);
            QFile file(events);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(events));
            const QByteArray bytes = file.readAll();

            // the scenario's mapping (its fields) on the piped records
            const Run fromFile = run({scenario});
            const Run piped
                = test::tidemarkRunWithStdin({scenario, QStringLiteral("--events"), QStringLiteral("-")}, bytes);
            QCOMPARE(fromFile.exitCode, 0);
            QVERIFY2(!fromFile.out.isEmpty(), qPrintable(name));
            QCOMPARE(piped.exitCode, 0);
            QCOMPARE(piped.out, fromFile.out);

            // no mapping: guessed from the first lines of the copy as from the file's
            const QStringList job {QStringLiteral("--tumbling"), QStringLiteral("3s"), QStringLiteral("--end-of-input"),
                QStringLiteral("max-watermark")};
            const Run guessedFile = run(QStringList {QStringLiteral("--events"), events} + job);
            const Run guessedPipe = test::tidemarkRunWithStdin(
                QStringList {QStringLiteral("--events"), QStringLiteral("-")} + job, bytes);
            QCOMPARE(guessedPipe.exitCode, guessedFile.exitCode);
            QCOMPARE(guessedPipe.out, guessedFile.out);
            ++compared;
        }
        QVERIFY2(compared >= 10, qPrintable(QString::number(compared)));
    }

    void aBadLineOnStandardInputIsNamedAsStdin()
    {
        const Run r = test::tidemarkRunWithStdin(
            {QStringLiteral("--events"), QStringLiteral("-"), QStringLiteral("--events-format"), QStringLiteral("csv"),
                QStringLiteral("--fields"), QStringLiteral("key=0,ts=1"), QStringLiteral("--tumbling"),
                QStringLiteral("3s")},
            "a,1000\nb,later\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("stdin:2:3: ")), qPrintable(r.err));
    }

    void aRunFromStandardInputSavesItsRecordsInTheScenario()
    {
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("piped.json"));
        const QStringList job {QStringLiteral("--events"), QStringLiteral("/dev/stdin"), QStringLiteral("--tumbling"),
            QStringLiteral("3s"), QStringLiteral("--end-of-input"), QStringLiteral("max-watermark")};
        const Run piped = test::tidemarkRunWithStdin(
            job + QStringList {QStringLiteral("--save-scenario"), saved}, "k,1000,1\nk,2000,2\nj,4000,3\n");
        QCOMPARE(piped.exitCode, 0);
        QCOMPARE(piped.out.size(), 2);
        // the copy of standard input is gone; the saved scenario holds the records and runs alike
        const Run replayed = run({saved});
        QCOMPARE(replayed.exitCode, 0);
        QCOMPARE(replayed.out, piped.out);
    }
};

QTEST_GUILESS_MAIN(TestRunCommand)
#include "tst_run_command.moc"
