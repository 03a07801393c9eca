// Comparing two runs of the same events: which differences are found and where they point, the labels of the
// runs, comparison files with settings changed, and `tidemark compare` end to end, in process.
#include "engine/cli/CompareCommand.h"
#include "engine/cli/CompareFormat.h"
#include "engine/compare/Comparison.h"
#include "engine/compare/ComparisonIo.h"
#include "engine/compare/RunDifferences.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/Player.h"
#include "tests/cli/TidemarkRun.h"

#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>
#include <string>
#include <vector>

using namespace tidemark;
using compare::Difference;
using compare::RunSide;

namespace {

// Key "a", 5 s tumbling windows listing the values, bounded out-of-orderness with the watermark emitted in the
// step of each record (per event), a record every second from 0: record n arrives at (n - 1) s. `window` adds
// window settings after a comma.
std::string scenarioJson(const std::string& records, int outOfOrdernessMs, const std::string& window = {})
{
    return R"({"tidemark": 1, "input": {"records": [)" + records + R"(]},
  "pipeline": {
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": )"
        + std::to_string(outOfOrdernessMs) + R"(, "emit": "per-event"},
    "window": {"assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "list"})"
        + (window.empty() ? std::string() : ", " + window) + "}}}\n";
}

// Records of key "a" with the given timestamps; the value is the record's number (1-based).
std::string records(std::initializer_list<int> timestamps)
{
    std::string s;
    int n = 0;
    for (const int ts : timestamps) {
        if (n++ > 0)
            s += ", ";
        s += R"({"key": "a", "value": )" + std::to_string(n) + R"(, "ts": )" + std::to_string(ts) + "}";
    }
    return s;
}

// The same with another window function: "sum", "max", …
std::string withFunction(std::string json, const std::string& function)
{
    const std::string list = R"({"type": "list"})";
    return json.replace(json.find(list), list.size(), R"({"type": ")" + function + R"("})");
}

Scenario parsed(const std::string& json)
{
    auto loaded = io::parseScenario(json, "test.json", {});
    if (!loaded.ok())
        qFatal("test scenario does not load: %s", loaded.errorText().c_str());
    return std::move(*loaded.value);
}

std::vector<Difference> differences(const Scenario& a, const Scenario& b)
{
    std::string error;
    const auto found = compare::playAndCompare(compare::Comparison::between(a, b), error);
    if (!found)
        qFatal("the runs cannot be compared: %s", error.c_str());
    return *found;
}

// What `tidemark compare ARGUMENTS…` printed, through the function the executable dispatches `compare` to.
using Compared = test::TidemarkRun;
Compared tidemarkCompare(const QStringList& arguments)
{
    return test::tidemarkCommand("compare", cli::compareCommand, arguments);
}

// Post 000's parallelism-1 example, inline and cut down: the fires of 3 s windows with bounded
// out-of-orderness 10 s, periodic emission every 200 ms.
const char* kParallel = R"({"tidemark": 1, "name": "small post 000",
  "input": {"records": [{"key": "0001", "ts": 1538359882000}, {"key": "0001", "ts": 1538359886000},
                        {"key": "0001", "ts": 1538359892000}]},
  "pipeline": {
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 10000, "parallelism": 1},
    "window": {"keyBy": null,
               "assigner": {"type": "tumbling", "sizeMs": 3000, "offsetMs": 0},
               "function": {"type": "list", "field": "ts"},
               "parallelism": 1}}}
)";

// Orders joined with their payments within [0, UPPER] ms, the pairs counted per 10 s; payments fall silent after
// two records, so the count waits for them unless the payments source goes idle (IDLE ms).
std::string graphJson(int outOfOrdernessMs, int idlenessMs, int upperMs = 5000)
{
    std::string s = R"({"tidemark": 1,
 "sources": {
   "orders": {"input": {"records": [{"key": "o1", "ts": 1000}, {"key": "o2", "ts": 2000}, {"key": "o3", "ts": 9000},
                                    {"key": "o4", "ts": 14000}, {"key": "o5", "ts": 21000}]},
              "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": OOO}},
   "payments": {"input": {"records": [{"key": "o1", "ts": 1500}, {"key": "o2", "ts": 2600}]},
                "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0, "idlenessMs": IDLE}}},
 "operators": [
   {"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"],
    "between": {"lowerMs": 0, "upperMs": UPPER}},
   {"type": "window", "name": "paid-per-10s", "inputs": ["paid"],
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}],
 "endOfInput": "none"})";
    for (const auto& [name, value] : {std::pair {"OOO", outOfOrdernessMs}, {"IDLE", idlenessMs}, {"UPPER", upperMs}})
        s.replace(s.find(name), std::string_view(name).size(), std::to_string(value));
    return s;
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const std::string& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void identicalPipelinesHaveNoDifferencesAndExitZero()
    {
        const QString a = write("same.json", scenarioJson(records({1000, 6000, 2000}), 0));
        const Compared r = tidemarkCompare({a, a});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringList({"A: the same pipeline", "B: the same pipeline", "no differences"}));
        const Compared jsonl = tidemarkCompare({a, a, "--format", "jsonl"});
        QCOMPARE(jsonl.exitCode, 0);
        QCOMPARE(jsonl.out,
            QStringList(R"({"type":"runs","a":{"label":"the same pipeline"},"b":{"label":"the same pipeline"}})"));
    }

    void aFireOnALaterRecordIsMovedAndPointsAtBothSteps()
    {
        // Window [0,5000) fires when the watermark reaches 4999: at ts 6000 with out-of-orderness 0 (record 2,
        // 1 s), at ts 8000 with 2 s (6000 - 2000 - 1 = 3999 is not enough; record 3, 2 s).
        const Scenario a = parsed(scenarioJson(records({1000, 6000, 8000}), 0));
        const Scenario b = parsed(scenarioJson(records({1000, 6000, 8000}), 2000));
        const Player pa(a);
        const Player pb(b);
        const auto found = compare::compareRuns(a, pa.trace(), b, pb.trace());
        QCOMPARE(found.size(), std::size_t(1));
        const Difference& d = found.front();
        QCOMPARE(d.kind, Difference::Kind::FireMoved);
        QVERIFY(!d.resultDiffers);
        QCOMPARE(d.key, std::optional<std::string>("a"));
        QCOMPARE(d.window, TimeWindow(0, 5000));
        QCOMPARE(d.firing, 1u);
        QCOMPARE(d.a.fire->afterInput, std::size_t(2));
        QCOMPARE(d.b.fire->afterInput, std::size_t(3));
        QCOMPARE(d.a.processingTime, 1000);
        QCOMPARE(d.b.processingTime, 2000);
        // the steps are those that fired, in each run's own trace
        QCOMPARE(pa.trace().step(d.a.step).processingTime, 1000);
        QVERIFY(pa.trace().step(d.a.step).flags & kStepFire);
        QCOMPARE(pa.trace().fires().front().step, d.a.step);
        QCOMPARE(pb.trace().fires().front().step, d.b.step);
        QCOMPARE(compare::describeDifference(a, b).a, std::string("max out-of-orderness 0 ms"));
        QCOMPARE(compare::describeDifference(a, b).b, std::string("max out-of-orderness 2 s"));
        // Steps: record 1 at 0 is step 1, the periodic timers at 200 … 800 ms steps 2 to 5, record 2 at 1 s step 6,
        // its timer step 7, 1.2 … 1.8 s steps 8 to 11, record 3 at 2 s step 12.
        QCOMPARE(d.a.step, StepIndex(6));
        QCOMPARE(d.b.step, StepIndex(12));
        QCOMPARE(cli::differenceText(d, a, b),
            std::string("fire moved: 1st firing of window [0,5000) for key a; A: (a,[1]) count 1, on-time, watermark "
                        "5999, after input 2 (step 6 at 1.000 s); B: (a,[1]) count 1, on-time, watermark 5999, after "
                        "input 3 (step 12 at 2.000 s)"));
    }

    void aLateReFireExistsOnlyWithAllowedLateness()
    {
        // ts 2000 comes after the watermark 5999 passed [0,5000): without lateness the window is gone and the
        // record dropped; with 2 s the window is kept until 4999 + 2000 = 6999 and the record re-fires it.
        const std::string events = records({1000, 6000, 2000});
        const Scenario a = parsed(scenarioJson(events, 0, R"("allowedLatenessMs": 0)"));
        const Scenario b = parsed(scenarioJson(events, 0, R"("allowedLatenessMs": 2000)"));
        const auto found = differences(a, b);
        QCOMPARE(found.size(), std::size_t(2));
        // record 3 at 2 s: dropped in A, taken in B, where it re-fires the window (A's order first at one time)
        QCOMPARE(found[0].kind, Difference::Kind::LateOnlyIn);
        QCOMPARE(found[0].only, RunSide::A);
        QCOMPARE(found[0].record, RecordIndex(2));
        QCOMPARE(found[0].a.late->action, LateAction::Dropped);
        QCOMPARE(found[0].a.processingTime, 2000);
        QVERIFY(found[0].b.hasStep()); // where B took the record in
        QCOMPARE(found[0].b.processingTime, 2000);
        QVERIFY(!found[0].b.late);
        QCOMPARE(found[1].kind, Difference::Kind::FireOnlyIn);
        QCOMPARE(found[1].only, RunSide::B);
        QCOMPARE(found[1].firing, 2u);
        QCOMPARE(found[1].b.fire->timing, FireTiming::Late);
        QCOMPARE(found[1].b.fire->count, std::size_t(2));
        QCOMPARE(found[1].b.fire->afterInput, std::size_t(3));
        QVERIFY(!found[1].a.hasStep());
        QCOMPARE(compare::describeDifference(a, b).a, std::string("allowed lateness 0 ms"));
        QCOMPARE(compare::describeDifference(a, b).b, std::string("allowed lateness 2 s"));
    }

    void aDifferentResultAtTheSamePlaceIsReportedAsSuch()
    {
        const std::string events = records({1000, 3000, 4000, 6000});
        const Scenario a = parsed(withFunction(scenarioJson(events, 0), "sum"));
        const Scenario b = parsed(withFunction(scenarioJson(events, 0), "max"));
        const auto found = differences(a, b);
        QCOMPARE(found.size(), std::size_t(1));
        const Difference& d = found.front();
        QCOMPARE(d.kind, Difference::Kind::ResultDiffers);
        QVERIFY(d.resultDiffers);
        QVERIFY(!d.timingDiffers);
        QCOMPARE(d.a.fire->afterInput, std::size_t(4));
        QCOMPARE(d.b.fire->afterInput, std::size_t(4));
        QCOMPARE(*d.a.fire->result.number, 6.0); // 1 + 2 + 3
        QCOMPARE(*d.b.fire->result.number, 3.0);
        QCOMPARE(compare::describeDifference(a, b).a, std::string("sum of value"));
        // record 4 (ts 6000, watermark 5999) arrives at 3 s, step 18 (6 steps a second after the first)
        QCOMPARE(cli::differenceJson(d),
            std::string(R"({"type":"result-differs","key":"a","window":[0,5000],"firing":1,"resultDiffers":true,)"
                        R"("timingDiffers":false,"a":{"step":18,"processingTime":3000,"afterInput":4,"subtask":0,)"
                        R"("timing":"on-time","watermark":5999,"count":3,"result":6},"b":{"step":18,)"
                        R"("processingTime":3000,"afterInput":4,"subtask":0,"timing":"on-time","watermark":5999,)"
                        R"("count":3,"result":3}})"));
    }

    void aRecordDroppedInOneRunAndSideOutputInTheOtherDiffersInAction()
    {
        const std::string events = records({1000, 6000, 2000});
        const Scenario a = parsed(scenarioJson(events, 0));
        const Scenario b = parsed(scenarioJson(events, 0, R"("lateSideOutput": true)"));
        const auto found = differences(a, b);
        QCOMPARE(found.size(), std::size_t(1));
        const Difference& d = found.front();
        QCOMPARE(d.kind, Difference::Kind::LateActionDiffers);
        QCOMPARE(d.record, RecordIndex(2));
        QCOMPARE(d.a.late->action, LateAction::Dropped);
        QCOMPARE(d.b.late->action, LateAction::SideOutput);
        QCOMPARE(cli::differenceText(d, a, b),
            std::string("late action differs: record 3 (key a, ts 2000, value 3); A: late (a,3) dropped, watermark "
                        "5999, after input 3 (step 12 at 2.000 s); B: late (a,3) side-output, watermark 5999, after "
                        "input 3 (step 12 at 2.000 s)"));
        QCOMPARE(compare::describeDifference(a, b).b, std::string("late side output"));
    }

    void aRecordLateOnlyWithLessOutOfOrdernessIsLateInOneRunOnly()
    {
        // ts 3000 after ts 9000: late at out-of-orderness 0 (watermark 8999 passed [0,5000)), on time at 10 s
        const std::string events = records({1000, 9000, 3000});
        const Scenario a = parsed(scenarioJson(events, 0));
        const Scenario b = parsed(scenarioJson(events, 10000));
        const auto found = differences(a, b);
        QCOMPARE(found.size(), std::size_t(2)); // also: [0,5000) fires after input 2 in A, never in B
        QCOMPARE(found[0].kind, Difference::Kind::FireOnlyIn);
        QCOMPARE(found[0].only, RunSide::A);
        QCOMPARE(found[1].kind, Difference::Kind::LateOnlyIn);
        QCOMPARE(found[1].only, RunSide::A);
        QCOMPARE(found[1].record, RecordIndex(2));
        QCOMPARE(found[1].a.late->watermark, 8999);
    }

    void runsThatReadOtherEventsAreRefusedNamingTheFirstRecord()
    {
        const Scenario a = parsed(scenarioJson(records({1000, 6000}), 0));
        const Scenario b = parsed(scenarioJson(records({1000, 7000}), 0));
        const auto why = compare::eventsDiffer(a, b);
        QVERIFY(why);
        QCOMPARE(*why,
            std::string("A and B do not read the same events: record 2 is key a, ts 6000, value 2 in A but key a, ts "
                        "7000, value 2 in B"));
        const Scenario shorter = parsed(scenarioJson(records({1000}), 0));
        QCOMPARE(*compare::eventsDiffer(a, shorter),
            std::string("A and B do not read the same events: A reads 2 records and B 1; record 2 (key a, ts 6000, "
                        "value 2) is only in A"));
        const Player pa(a);
        const Player pb(b);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, compare::compareRuns(a, pa.trace(), b, pb.trace()));

        const Compared r = tidemarkCompare({write("six.json", scenarioJson(records({1000, 6000}), 0)),
            write("seven.json", scenarioJson(records({1000, 7000}), 0))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err,
            QString("tidemark compare: A and B do not read the same events: record 2 is key a, ts 6000, value 2 in A "
                    "but key a, ts 7000, value 2 in B\n"));
    }

    void labelsNameEachParallelismAndTheSamePipeline()
    {
        const Scenario one = parsed(kParallel);
        Scenario three = one;
        three.pipeline.watermarks.parallelism = 3;
        three.pipeline.window.parallelism = 3;
        QCOMPARE(compare::describeDifference(one, three).a, std::string("parallelism 1"));
        QCOMPARE(compare::describeDifference(one, three).b, std::string("parallelism 3"));
        Scenario channels = one;
        channels.pipeline.watermarks.parallelism = 3;
        channels.pipeline.watermarks.idlenessMs = 5000;
        QCOMPARE(compare::describeDifference(one, channels).a, std::string("watermark parallelism 1, no idleness"));
        QCOMPARE(compare::describeDifference(one, channels).b, std::string("watermark parallelism 3, idleness 5 s"));
        Scenario sliding = one;
        sliding.pipeline.window.assigner = {AssignerSpec::Type::Sliding, TimeDomain::Event, 6000, 3000, 0, 0};
        QCOMPARE(compare::describeDifference(one, sliding).b, std::string("sliding 6 s every 3 s"));
        QCOMPARE(compare::describeDifference(one, one).a, std::string("the same pipeline"));
    }

    void aComparisonFileMergesSettingsOverTheScenario()
    {
        write("base.json",
            scenarioJson(records({1000, 6000, 2000}), 0,
                R"("allowedLatenessMs": 0, "trigger": {"type": "event-time"}, "parallelism": 1)"));
        const QString file = write("merge.json", R"({"tidemarkComparison": 1, "name": "merged",
  "a": "base.json",
  "b": {"scenario": "base.json", "set": {"pipeline": {
      "window": {"allowedLatenessMs": 2000, "lateSideOutput": true,
                 "assigner": {"type": "sliding", "sizeMs": 10000, "slideMs": 5000}},
      "source": {"parallelism": 1}},
    "name": "lateness 2 s"}}})");
        const auto loaded = compare::loadComparisonFile(file.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const compare::Comparison& c = *loaded.value;
        QCOMPARE(c.name, std::string("merged"));
        QCOMPARE(c.a.pipeline.window.allowedLatenessMs, 0);
        QCOMPARE(c.b.pipeline.window.allowedLatenessMs, 2000);
        QVERIFY(c.b.pipeline.window.lateSideOutput);
        // an object naming its type replaces the scenario's; other objects merge member by member
        QCOMPARE(c.b.pipeline.window.assigner.type, AssignerSpec::Type::Sliding);
        QCOMPARE(c.b.pipeline.window.assigner.slideMs, 5000);
        QCOMPARE(c.b.pipeline.window.trigger.type, TriggerSpec::Type::EventTime);
        QCOMPARE(c.b.pipeline.watermarks.emission, WatermarkConfig::Emission::PerEvent);
        QCOMPARE(c.b.name, std::string("lateness 2 s"));
        QCOMPARE(c.b.records.size(), std::size_t(3));
    }

    void anInvalidSettingIsReportedAtItsPlaceInTheComparisonFile()
    {
        write("valid.json", scenarioJson(records({1000, 6000}), 0, R"("parallelism": 2)"));
        // line 3, column 88 is the -5; line 4, column 41 the misspelt key
        const QString negative = write("negative.json", R"({"tidemarkComparison": 1,
  "a": "valid.json",
  "b": {"scenario": "valid.json", "set": {"pipeline": {"window": {"allowedLatenessMs": -5}}}}}
)");
        Compared r = tidemarkCompare({negative});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, negative + ":3:88: expected a non-negative \"allowedLatenessMs\", found -5\n");

        const QString misspelt = write("misspelt.json", R"({"tidemarkComparison": 1,
  "a": "valid.json",
  "b": {"scenario": "valid.json",
        "set": {"pipeline": {"window": {"allowedLatnessMs": 0}}}}}
)");
        r = tidemarkCompare({misspelt});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err,
            misspelt + ":4:41: unknown key \"allowedLatnessMs\" in window; did you mean \"allowedLatenessMs\"?\n");

        // windowAll from "set" makes the scenario's own "parallelism": 2 invalid: that one is in the scenario
        const QString windowAll = write("windowall.json", R"({"tidemarkComparison": 1, "a": "valid.json",
  "b": {"scenario": "valid.json", "set": {"pipeline": {"window": {"keyBy": null}}}}})");
        r = tidemarkCompare({windowAll});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err,
            m_dir.filePath("valid.json")
                + ":4:111: expected \"parallelism\" 1 for a window without \"keyBy\" (windowAll runs as one "
                  "subtask), found 2\n");
    }

    void aComparisonFileWithoutASettingsObjectOrScenarioIsExplained()
    {
        write("valid.json", scenarioJson(records({1000}), 0));
        const QString notObject = write("setnumber.json",
            R"({"tidemarkComparison": 1, "a": "valid.json", "b": {"scenario": "valid.json", "set": 3}})");
        Compared r = tidemarkCompare({notObject});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(notObject + ":1:85: expected an object of scenario settings for \"set\""),
            qPrintable(r.err));
        const QString missing = write("missing.json", R"({"tidemarkComparison": 1, "a": "valid.json",
  "b": "nowhere.json"})");
        r = tidemarkCompare({missing});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(
            r.err, missing + ":2:8: " + m_dir.filePath("nowhere.json") + ": cannot open the scenario: no such file\n");
        const QString noB = write("nob.json", R"({"tidemarkComparison": 1, "a": "valid.json"})");
        r = tidemarkCompare({noB});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(noB + ":1:1: missing \"b\" in comparison"), qPrintable(r.err));
        const QString newer = write("newer.json", R"({"tidemarkComparison": 2, "a": "valid.json", "b": "valid.json"})");
        r = tidemarkCompare({newer});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(":1:24: this file is comparison format 2"), qPrintable(r.err));
    }

    void usageErrorsExitTwoAndSayWhy_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("nothing") << QStringList() << "nothing to compare";
        QTest::newRow("three files") << QStringList({"a.json", "b.json", "c.json"}) << "too many files";
        QTest::newRow("unknown option") << QStringList({"--lateness", "2s"}) << "unknown option \"--lateness\"";
        QTest::newRow("csv") << QStringList({"a.json", "b.json", "--format", "csv"}) << "unknown format \"csv\"";
        QTest::newRow("format without value") << QStringList({"a.json", "--format"}) << "--format needs a value";
        QTest::newRow("unknown name") << QStringList({"no-such-comparison"})
                                      << "no file or built-in comparison \"no-such-comparison\"";
    }
    void usageErrorsExitTwoAndSayWhy()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Compared r = tidemarkCompare(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("tidemark compare: " + message), qPrintable(r.err));
    }

    void oneScenarioAloneIsAUsageError()
    {
        const QString a = write("alone.json", scenarioJson(records({1000}), 0));
        const Compared r = tidemarkCompare({a});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.startsWith("tidemark compare: " + a + " is a scenario: name a second scenario"), qPrintable(r.err));
        const Compared example = tidemarkCompare({"post002-allowed-lateness"});
        QCOMPARE(example.exitCode, 2);
        QVERIFY2(example.err.startsWith("tidemark compare: post002-allowed-lateness is a built-in example: name a "
                                        "second scenario"),
            qPrintable(example.err));
    }

    void helpPrintsTheUsageAndExitsZero()
    {
        const Compared r = tidemarkCompare({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.front().startsWith("usage: tidemark compare A.json B.json"));
        QCOMPARE(r.out.join('\n') + '\n', QString(cli::compareUsage()).replace("\n\n", "\n"));
    }

    void differencesExitOneAndComeAfterTheRuns()
    {
        const QString a = write("lateness0.json", scenarioJson(records({1000, 6000, 2000}), 0));
        const QString b
            = write("lateness2.json", scenarioJson(records({1000, 6000, 2000}), 0, R"("allowedLatenessMs": 2000)"));
        const Compared r = tidemarkCompare({a, b, "--format=jsonl"});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out.size(), 3);
        QCOMPARE(r.out[0],
            QString(R"({"type":"runs","a":{"label":"allowed lateness 0 ms"},"b":{"label":"allowed lateness 2 s"}})"));
        QVERIFY2(r.out[1].startsWith(
                     R"({"type":"late-only","run":"a","record":3,"key":"a","ts":2000,"value":3,"a":{"step":)"),
            qPrintable(r.out[1]));
        QVERIFY2(r.out[2].startsWith(
                     R"({"type":"fire-only","run":"b","key":"a","window":[0,5000],"firing":2,"a":null,"b":{"step":)"),
            qPrintable(r.out[2]));
    }

    void theBuiltInComparisonsAreListed()
    {
        const Compared r = tidemarkCompare({"--list"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.size() >= 3, qPrintable(r.err));
        // the names in one column, the comparisons of job graphs after the chains'
        QCOMPARE(r.out[0], QString("post000-parallelism        Post 000: parallelism 1 vs 3"));
        QCOMPARE(r.out[1], QString("post002-lateness           Post 002: allowed lateness 0 vs 2 s"));
        const qsizetype graphs = r.out.indexOf("Job graphs (docs/compare.md → Job graphs):");
        QVERIFY2(graphs > 1, qPrintable(r.out.join('\n')));
        QVERIFY(r.out[graphs + 1].startsWith("orders-payments-idleness   Orders joined with payments: "));
        QVERIFY(r.out.back().endsWith("/share/tidemark/examples/comparisons)"));
    }

    // Two job graphs compare operator by operator; each difference quotes what `tidemark run` prints for it. With
    // idleness the silent payments source lets the count fire (at orders' periodic emission at 3 s, after o4 raised
    // orders' watermark to 13999 and payments went idle 500 ms after its last record at 1 s); without it, never.
    void twoGraphsCompareOperatorByOperator()
    {
        const QString stalls = write("stalls.json", graphJson(0, 0));
        const QString idle = write("idle.json", graphJson(0, 500));
        const Compared r = tidemarkCompare({stalls, idle});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out,
            QStringList({"A: payments no idleness", "B: payments idleness 500 ms",
                "only in B: paid-per-10s; B: paid-per-10s> (2) window [0,10000) on-time, watermark 13999 (step 35 at "
                "3.000 s)"}));

        // With 5 s out-of-orderness orders' watermark passes 9999 only with o5 (21000 - 5001), the next record: the
        // same count, one record and 1 s later.
        const Compared moved = tidemarkCompare({idle, write("late.json", graphJson(5000, 500)), "--format", "jsonl"});
        QCOMPARE(moved.exitCode, 1);
        QCOMPARE(moved.out.size(), 2);
        QCOMPARE(moved.out[1],
            QString(R"({"type":"moved","operator":"paid-per-10s","resultDiffers":false,)"
                    R"("a":{"step":35,"processingTime":3000,"output":{"operator":"paid-per-10s","type":"fire",)"
                    R"("afterInput":6,"subtask":0,"key":null,"window":[0,10000],"timing":"on-time","watermark":13999,)"
                    R"("count":2,"result":2}},"b":{"step":46,"processingTime":4000,"output":{"operator":)"
                    R"("paid-per-10s","type":"fire","afterInput":7,"subtask":0,"key":null,"window":[0,10000],)"
                    R"("timing":"on-time","watermark":15999,"count":2,"result":2}}})"));

        // Payment o2 comes 600 ms after its order: outside between(0, 550 ms) there is no pair, and the count that
        // fires at the same place is 1.
        const Compared narrower = tidemarkCompare({idle, write("narrow.json", graphJson(0, 500, 550))});
        QCOMPARE(narrower.exitCode, 1);
        QCOMPARE(narrower.out,
            QStringList({"A: paid between(0 ms, 5 s)", "B: paid between(0 ms, 550 ms)",
                "only in A: paid; A: paid> (o2,2000,2600) at 2600, watermark 999 (step 12 at 1.000 s)",
                "differs: paid-per-10s; A: paid-per-10s> (2) window [0,10000) on-time, watermark 13999 (step 35 at "
                "3.000 s); B: paid-per-10s> (1) window [0,10000) on-time, watermark 13999 (step 35 at 3.000 s)"}));

        const Compared same = tidemarkCompare({idle, idle});
        QCOMPARE(same.exitCode, 0);
        QCOMPARE(same.out.last(), QString("no differences"));
    }

    // A graph's labels name the source or operator each difference belongs to.
    void aGraphsLabelsNameTheSourceOrOperator()
    {
        const auto graph = [](const std::string& json) {
            io::LoadOptions options;
            options.jobGraphs = true;
            auto loaded = io::parseScenario(json, "graph.json", {}, options);
            if (!loaded.ok())
                qFatal("test graph does not load: %s", loaded.errorText().c_str());
            return std::move(*loaded.value);
        };
        const Scenario a = graph(graphJson(0, 0));
        const auto labels = compare::describeDifference(a, graph(graphJson(1000, 500, 2000)));
        QCOMPARE(
            labels.a, std::string("orders max out-of-orderness 0 ms, payments no idleness, paid between(0 ms, 5 s)"));
        QCOMPARE(labels.b,
            std::string("orders max out-of-orderness 1 s, payments idleness 500 ms, paid between(0 ms, 2 s)"));
        std::string other = graphJson(0, 0);
        other.replace(other.find(R"("inputs": ["paid"])"), 18, R"("inputs": ["orders"])");
        const auto reads = compare::describeDifference(a, graph(other));
        QCOMPARE(reads.a, std::string("paid-per-10s reads paid"));
        QCOMPARE(reads.b, std::string("paid-per-10s reads orders"));
        QCOMPARE(compare::describeDifference(a, a).a, std::string("the same pipeline"));
        // an assigner after the join: its watermarks, as a source's
        const auto restamped = [&](std::string_view watermarks) {
            std::string g = graphJson(0, 0);
            g.replace(g.find(R"("inputs": ["paid"])"), 18, R"("inputs": ["restamped"])");
            g.insert(g.find(R"(   {"type": "window")"),
                R"(   {"type": "watermarks", "name": "restamped", "inputs": ["paid"], "watermarks": {)"
                    + std::string(watermarks) + "}},\n");
            return graph(g);
        };
        const auto assigners = compare::describeDifference(restamped(R"("strategy": "monotonous")"),
            restamped(R"("strategy": "monotonous", "partitioning": "forward")"));
        QCOMPARE(assigners.a, std::string("restamped rebalance"));
        QCOMPARE(assigners.b, std::string("restamped forward"));
    }

    void graphsThatReadOtherEventsOrAChainAreRefused()
    {
        std::string other = graphJson(0, 500);
        other.replace(other.find(R"("ts": 2600)"), 10, R"("ts": 2700)");
        const Compared r = tidemarkCompare({write("a.json", graphJson(0, 500)), write("b.json", other)});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err,
            QString(
                "tidemark compare: A and B do not read the same events: record 2 of payments is key o2, ts 2600 in A "
                "but key o2, ts 2700 in B\n"));
        // a source read from an events file is named with the file and line
        const auto fromFile = [&](const QString& name, const std::string& csv) {
            write(name + ".csv", csv);
            std::string json = graphJson(0, 500);
            const std::size_t from = json.find(R"({"records": [{"key": "o1")");
            const std::size_t to = json.find("]}", from) + 2;
            json.replace(from, to - from,
                R"({"file": ")" + name.toStdString()
                    + R"(.csv", "format": "csv", "header": false, "fields": {"key": 0, "ts": 1}})");
            return write(name + ".json", json);
        };
        const Compared files = tidemarkCompare(
            {fromFile("orders-a", "o1,1000\no2,2000\no3,9000\n"), fromFile("orders-b", "o1,1000\no2,2000\no3,9500\n")});
        QCOMPARE(files.exitCode, 2);
        QCOMPARE(files.err,
            QString("tidemark compare: A and B do not read the same events: record 3 (orders-a.csv:3) of orders is key "
                    "o3, ts 9000 in A but key o3, ts 9500 in B\n"));
        const Compared chain
            = tidemarkCompare({write("graph.json", graphJson(0, 0)), write("chain.json", std::string(kParallel))});
        QCOMPARE(chain.exitCode, 2);
        QVERIFY2(chain.err.contains("A is a job graph and B a chain"), qPrintable(chain.err));
    }

    void ordinalsReadAsWords()
    {
        QCOMPARE(cli::ordinal(1), std::string("1st"));
        QCOMPARE(cli::ordinal(2), std::string("2nd"));
        QCOMPARE(cli::ordinal(3), std::string("3rd"));
        QCOMPARE(cli::ordinal(4), std::string("4th"));
        QCOMPARE(cli::ordinal(11), std::string("11th"));
        QCOMPARE(cli::ordinal(12), std::string("12th"));
        QCOMPARE(cli::ordinal(13), std::string("13th"));
        QCOMPARE(cli::ordinal(21), std::string("21st"));
        QCOMPARE(cli::ordinal(112), std::string("112th"));
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
