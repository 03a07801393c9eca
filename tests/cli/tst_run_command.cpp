// `tidemark run` end to end, in process: what it prints and how it exits.
#include "engine/cli/OutputFormat.h"
#include "engine/cli/RunCommand.h"

#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace tidemark;

namespace {

struct Run {
    int exitCode = 0;
    QStringList out;
    QString err;
};

Run run(const QStringList& arguments)
{
    std::vector<std::string> storage {"tidemark", "run"};
    for (const QString& a : arguments)
        storage.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& s : storage)
        argv.push_back(s.data());
    std::ostringstream out;
    std::ostringstream err;
    Run r;
    r.exitCode = cli::runCommand(static_cast<int>(argv.size()), argv.data(), out, err);
    r.out = QString::fromStdString(out.str()).split('\n', Qt::SkipEmptyParts);
    r.err = QString::fromStdString(err.str());
    return r;
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

} // namespace

class TestRunCommand : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString write(const QString& name, const char* text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return path;
    }

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

    void textPrintsLikeFlinksPrintSink()
    {
        const Run r = run({write("p000.json", kPost000), "--format", "text"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.size(), 4);
        QCOMPARE(
            r.out[0], QString("1> (0001,[1]) window [1538359881000,1538359884000) on-time, watermark 1538359883999"));
        QCOMPARE(
            r.out[2], QString("1> (0001,[3,9]) window [1538359890000,1538359893000) on-time, watermark 1538359892999"));
        QCOMPARE(r.out[3], QString("1> late (0001,11) ts 1538359890000 dropped, watermark 1538359892999"));
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
        QVERIFY(r.out.join('\n').contains("Record at 1538359890000 ms is too late for window [1538359890000, "
                                          "1538359893000) ms: its cleanup time 1538359892999 ms ≤ watermark "
                                          "1538359892999 ms — dropped."));
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
    }
    void numbersPrintAsIntegersOrShortestRoundTrip()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(cli::formatNumber(value)), text);
    }
};

QTEST_GUILESS_MAIN(TestRunCommand)
#include "tst_run_command.moc"
