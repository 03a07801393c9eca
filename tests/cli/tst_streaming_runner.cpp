// The streaming path of `tidemark run` gives exactly the Player's outputs, in the same order, on every
// built-in example and on seeded random scenarios; arrivals that go back are played in place within the
// look-ahead and refused beyond it; a run that would fire without end fails in both paths.
#include "../player/RandomScenario.h"

#include "engine/cli/StreamingRunner.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/Player.h"

#include <QDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::cli;

namespace {

struct Outcome {
    std::vector<std::string> lines;
    std::optional<std::uint64_t> failedStep;
    std::string failure;
};

Outcome recorded(const Scenario& scenario)
{
    Outcome o;
    const Player player(scenario);
    const Trace& t = player.trace();
    t.forEachOutput(
        [&](std::size_t f) { o.lines.push_back(output::fireJson(t.fires()[f].fire, player.scenario().keys)); },
        [&](const LateRecord& l) { o.lines.push_back(output::lateJson(l.late, player.scenario().keys)); });
    if (player.failure()) {
        o.failedStep = player.failure()->step;
        o.failure = player.failure()->message;
    }
    return o;
}

Outcome streamed(const Scenario& scenario, std::size_t lookAhead = StreamingRunner::kDefaultLookAhead,
    std::optional<StreamingRunner::OrderError>* orderError = nullptr)
{
    Outcome o;
    StreamingRunner runner(
        scenario.pipeline, scenario.keys, scenario.arrivals,
        [&](const OperatorOutput& out) {
            if (const auto* f = std::get_if<FireEvent>(&out))
                o.lines.push_back(output::fireJson(*f, scenario.keys));
            else
                o.lines.push_back(output::lateJson(std::get<LateEvent>(out), scenario.keys));
        },
        lookAhead);
    if (KafkaSplitEnds::applies(scenario.pipeline)) {
        SplitEndsPass pass(scenario.pipeline, scenario.arrivals);
        for (const InputRecord& r : scenario.records)
            pass.add(r);
        runner.setSplitEnds(pass.finish());
    }
    for (const InputRecord& r : scenario.records) {
        if (!runner.push(r))
            break;
    }
    if (!runner.stopped())
        runner.finish();
    if (runner.failure()) {
        o.failedStep = runner.failure()->step;
        o.failure = runner.failure()->message;
    }
    if (orderError)
        *orderError = runner.orderError();
    return o;
}

QString describe(const Outcome& o)
{
    QString s;
    for (const auto& l : o.lines)
        s += QString::fromStdString(l) + "\n";
    if (o.failedStep)
        s += QString("failed at %1: %2\n").arg(*o.failedStep).arg(QString::fromStdString(o.failure));
    return s;
}

QString examplesDir()
{
    return qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples";
}

Scenario endlessScenario()
{
    Scenario s;
    s.pipeline.window.assigner.type = AssignerSpec::Type::Global;
    s.pipeline.window.trigger.type = TriggerSpec::Type::ContinuousEventTime;
    s.pipeline.window.trigger.intervalMs = 1000;
    s.pipeline.window.function.type = FunctionSpec::Type::Count;
    s.pipeline.endOfInput = EndOfInput::MaxWatermark;
    s.records.push_back(test::event(s, "a", 1000, 1));
    s.records.push_back(test::event(s, "a", 2500, 2));
    return s;
}

// One reader of topic "clicks", 3 partitions: partition 0 with one record, partition 1 with two, partition 2 empty.
const char* const kBoundedTopic = R"({"tidemark": 1, "input": {"records": [
    {"key": "a", "ts": 1000, "partition": 0, "arrival": 0}, {"key": "a", "ts": 7000, "partition": 1, "arrival": 0},
    {"key": "a", "ts": 8000, "partition": 1, "arrival": 3000}]},
    "pipeline": {"source": {"parallelism": 1, "kafka": {"topic": "clicks", "partitions": 3}},
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}},
    "endOfInput": "max-watermark"}})";

} // namespace

class TestStreamingRunner : public QObject {
    Q_OBJECT

private slots:
    void everyExampleStreamsAsThePlayerPlaysIt_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = QDir(examplesDir()).entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 15);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << examplesDir() + "/" + f;
    }
    void everyExampleStreamsAsThePlayerPlaysIt()
    {
        QFETCH(QString, path);
        auto loaded = io::loadScenarioFile(path.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Outcome a = recorded(*loaded.value);
        const Outcome b = streamed(*loaded.value);
        QVERIFY(!a.lines.empty());
        QCOMPARE(describe(b), describe(a));
    }

    // A bounded topic's readers finish their splits after their partitions' last records, as the Player has them
    // do: the first pass over the input finds where.
    void aBoundedTopicStreamsAsThePlayerPlaysIt()
    {
        const auto loaded = io::parseScenario(kBoundedTopic, "bounded.json", ".");
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Outcome a = recorded(*loaded.value);
        const Outcome b = streamed(*loaded.value);
        // [0, 5000) fires at 200 ms: partitions 0 (read to its end) and 2 (empty) hold reader 0 back no more
        QVERIFY2(describe(a).contains("\"window\":[0,5000],\"timing\":\"on-time\",\"watermark\":6999"),
            qPrintable(describe(a)));
        QCOMPARE(describe(b), describe(a));
    }

    void randomScenariosStreamAsThePlayerPlaysThem()
    {
        int withOutput = 0;
        for (std::uint64_t seed = 1; seed <= 600; ++seed) {
            const Scenario s = test::randomScenario(seed);
            const Outcome a = recorded(s);
            const Outcome b = streamed(s);
            withOutput += a.lines.empty() ? 0 : 1;
            if (describe(a) != describe(b))
                QFAIL(
                    qPrintable(QString("seed %1:\nplayer:\n%2streamed:\n%3").arg(seed).arg(describe(a), describe(b))));
        }
        QVERIFY(withOutput > 300); // the comparison is not vacuous
    }

    void aShortLookAheadPlaysInPlaceOrRefusesButNeverReorders()
    {
        // With a look-ahead of a few records, arrivals that go back further are refused; whatever does run
        // to the end must give the Player's output.
        int refused = 0;
        int equal = 0;
        for (std::uint64_t seed = 1; seed <= 300; ++seed) {
            const Scenario s = test::randomScenario(seed);
            std::optional<StreamingRunner::OrderError> order;
            const Outcome b = streamed(s, 2, &order);
            if (order) {
                ++refused;
                QVERIFY(order->arrival < order->playedArrival);
                continue;
            }
            QCOMPARE(describe(b), describe(recorded(s)));
            ++equal;
        }
        QVERIFY(refused > 0);
        QVERIFY(equal > 0);
    }

    void anArrivalThatGoesBackWithinTheLookAheadIsPlayedInPlace()
    {
        Scenario s;
        s.pipeline.window.assigner.sizeMs = 1000;
        s.pipeline.window.function.type = FunctionSpec::Type::List;
        s.pipeline.watermarks.emission = WatermarkConfig::Emission::PerEvent;
        // Line 4 arrives before lines 2 and 3: two records back.
        s.records = {test::event(s, "a", 100, 1, 0), test::event(s, "a", 1500, 2, 3000),
            test::event(s, "a", 1600, 3, 3500), test::event(s, "a", 200, 4, 2000), test::event(s, "a", 2500, 5, 4000)};
        for (std::uint32_t i = 0; i < s.records.size(); ++i)
            s.records[i].sourceLine = i + 1;
        const Outcome a = recorded(s);
        QCOMPARE(a.lines.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(a.lines[0]).contains("\"result\":[1,4]"));
        QVERIFY(QString::fromStdString(a.lines[1]).contains("\"result\":[2,3]"));
        QCOMPARE(describe(streamed(s, 2)), describe(a));

        std::optional<StreamingRunner::OrderError> order;
        const Outcome refused = streamed(s, 1, &order);
        QVERIFY(order.has_value());
        QCOMPARE(order->line, 4u);
        QCOMPARE(order->arrival, 2000);
        QCOMPARE(order->playedLine, 2u);
        QCOMPARE(order->playedArrival, 3000);
        QCOMPARE(refused.lines.size(), std::size_t(1)); // [0,1000) fired before line 4 came
    }

    void equalArrivalsKeepFileOrder()
    {
        Scenario s;
        s.pipeline.window.assigner.sizeMs = 1000;
        s.pipeline.window.function.type = FunctionSpec::Type::List;
        s.pipeline.endOfInput = EndOfInput::MaxWatermark;
        s.records
            = {test::event(s, "a", 100, 1, 500), test::event(s, "a", 150, 2, 500), test::event(s, "a", 120, 3, 500)};
        const Outcome a = recorded(s);
        QCOMPARE(a.lines.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(a.lines[0]).contains("\"result\":[1,2,3]"));
        QCOMPARE(describe(streamed(s, 1)), describe(a));
    }

    void noRecordsStillRunTheEndOfInput()
    {
        Scenario s;
        s.pipeline.endOfInput = EndOfInput::MaxWatermark;
        QCOMPARE(describe(streamed(s)), describe(recorded(s)));
    }

    void endlessFiringFailsTheJobInBothPaths()
    {
        const Scenario s = endlessScenario();
        const Outcome a = recorded(s);
        const Outcome b = streamed(s);
        QVERIFY(a.failedStep.has_value());
        QVERIFY2(QString::fromStdString(a.failure).startsWith(
                     "more than 200000 firings in one watermark advance: the scenario does not terminate"),
            a.failure.c_str());
        QCOMPARE(describe(b), describe(a));
    }

    void aLongButFiniteFlushIsNotCutShort()
    {
        // 250,000 windows (one per key) fire on one watermark, more than the endless-firing bound: their
        // timers were registered before the advance, so all of them fire.
        Scenario s;
        s.pipeline.window.assigner.sizeMs = 1000;
        s.pipeline.window.function.type = FunctionSpec::Type::Count;
        s.pipeline.watermarks.strategy = WatermarkConfig::Strategy::Input;
        s.pipeline.watermarks.periodMs = 0;
        s.arrivals.spacingMs = 0;
        constexpr int kWindows = 250'000;
        std::size_t fires = 0;
        StreamingRunner runner(s.pipeline, s.keys, s.arrivals,
            [&](const OperatorOutput& o) { fires += std::holds_alternative<FireEvent>(o) ? 1 : 0; });
        for (int i = 0; i < kWindows; ++i)
            QVERIFY(runner.push(test::event(s, "k" + std::to_string(i), 500, 1)));
        QVERIFY(runner.push(test::watermark(kMaxTimestamp)));
        QVERIFY(runner.finish());
        QVERIFY(!runner.failure());
        QCOMPARE(fires, std::size_t(kWindows));
    }

    // The streamed run learns the number of records as they come, so it checks the budget at each periodic
    // emission: a gap too long stops it with the numbers instead of running for minutes.
    void aGapTooLongForTheBudgetStopsTheStreamedRun()
    {
        Scenario s = test::post000(1, 0, false);
        s.records.back().arrival = 10'000'000; // 50,000 periods at 200 ms
        std::vector<std::string> lines;
        StreamingRunner runner(
            s.pipeline, s.keys, s.arrivals, [&](const OperatorOutput&) { lines.emplace_back(); },
            StreamingRunner::kDefaultLookAhead, PeriodicEmissionBudget {1'000, 20});
        for (const InputRecord& r : s.records)
            QVERIFY(runner.push(r));
        QVERIFY(!runner.finish());
        QVERIFY(runner.refusal().has_value());
        QVERIFY(!runner.failure());
        QVERIFY2(runner.refusal()->find("1,001 emissions per channel") != std::string::npos, runner.refusal()->c_str());
        QVERIFY(runner.stepsRun() < 1'100);
        // Within the budget the same run goes to its end.
        StreamingRunner roomy(
            s.pipeline, s.keys, s.arrivals, [](const OperatorOutput&) {}, StreamingRunner::kDefaultLookAhead,
            PeriodicEmissionBudget {100'000, 20});
        for (const InputRecord& r : s.records)
            QVERIFY(roomy.push(r));
        QVERIFY(roomy.finish());
        QVERIFY(!roomy.refusal());
    }

    void slidingWindowsOfMillionsPerRecordAreRefusedBeforeTheFirstRecord()
    {
        Scenario s = test::post000(1, 0, false);
        s.pipeline.window.assigner.type = AssignerSpec::Type::Sliding;
        s.pipeline.window.assigner.sizeMs = 3'600'000;
        s.pipeline.window.assigner.slideMs = 1;
        std::size_t outputs = 0;
        StreamingRunner runner(s.pipeline, s.keys, s.arrivals, [&](const OperatorOutput&) { ++outputs; });
        QVERIFY(runner.refusal().has_value());
        QVERIFY2(runner.refusal()->find("3,600,000 windows") != std::string::npos, runner.refusal()->c_str());
        QVERIFY(!runner.push(s.records.front()));
        QVERIFY(!runner.finish());
        QCOMPARE(runner.inputsProcessed(), std::uint64_t(0));
        QCOMPARE(outputs, std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestStreamingRunner)
#include "tst_streaming_runner.moc"
