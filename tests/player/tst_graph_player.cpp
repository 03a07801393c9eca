// A job graph's recorded run and the cursor on it (GraphRun's trace and copies of its state, GraphPlayer): every
// step's outputs and watermarks recorded as the run had them, and a seek or a step back giving the state a run
// stepped forward to that step had.

#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/GraphHolds.h"
#include "engine/player/GraphPicture.h"
#include "engine/player/GraphPlayer.h"

#include <QTest>

#include <random>

using namespace tidemark;

namespace {

io::Loaded<Scenario> load(const std::filesystem::path& path)
{
    io::LoadOptions options;
    options.jobGraphs = true;
    return io::loadScenarioFile(path.string(), options);
}

io::Loaded<Scenario> parse(const std::string& json)
{
    io::LoadOptions options;
    options.jobGraphs = true;
    return io::parseScenario(json, "graph.json", ".", options);
}

// What a view reads of one step's state: every operator subtask's event time and idleness, every channel's
// watermark, the records processed and the elements made.
std::vector<Timestamp> fingerprint(const GraphPlayer& p)
{
    const GraphPipeline& s = p.state();
    const StreamGraph& streams = s.streams();
    std::vector<Timestamp> f {static_cast<Timestamp>(s.inputs())};
    for (int c = 0; c < s.channelCount(); ++c)
        f.push_back(s.channel(c).currentWatermark());
    for (int op = 0; op < static_cast<int>(p.run().graph().operators.size()); ++op) {
        const int stream = streams.streamOfOperator(op);
        for (int sub = 0; stream >= 0 && sub < streams.node(stream).parallelism; ++sub) {
            f.push_back(s.operatorWatermark(op, sub));
            const auto* combined = s.combinedInputs(stream, sub);
            f.push_back(combined ? combined->isIdle() : s.inputValve(stream, sub, 0).isIdle());
        }
    }
    return f;
}

// Orders on two channels and payments on one, joined and counted per second: long enough that the run keeps far
// fewer copies of its state than it has snapshot intervals at the first spacing.
std::string longJoin(int orders)
{
    std::string o;
    std::string p;
    for (int i = 0; i < orders; ++i) {
        const std::string key = "\"k" + std::to_string(i % 7) + "\"";
        o += (i ? "," : "") + std::string("{\"key\":") + key + ",\"ts\":" + std::to_string(i * 300) + "}";
        if (i % 3 == 0)
            p += (i ? "," : "") + std::string("{\"key\":") + key + ",\"ts\":" + std::to_string(i * 300 + 100) + "}";
    }
    return R"({"tidemark": 1, "defaultArrivalSpacingMs": 400,
     "sources": {
       "orders": {"input": {"records": [)"
        + o + R"(]}, "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 500,
                    "parallelism": 2}},
       "payments": {"input": {"records": [)"
        + p + R"(]}, "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}}},
     "operators": [
       {"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"], "parallelism": 2,
        "between": {"lowerMs": 0, "upperMs": 1000}},
       {"type": "window", "name": "per-second", "inputs": ["paid"],
        "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "count"}}}],
     "endOfInput": "max-watermark"})";
}

} // namespace

class GraphPlayerTest : public QObject {
    Q_OBJECT

private slots:
    void everyOutputBelongsToTheStepThatMadeIt()
    {
        const auto examples = io::graphExamples();
        QVERIFY(!examples.empty());
        std::size_t outputs = 0;
        for (const io::Example& e : examples) {
            const auto loaded = load(e.path);
            QVERIFY2(loaded.ok(), loaded.errorText().c_str());
            const GraphRun run(*loaded.value);
            const GraphTrace& t = run.trace();
            outputs += run.outputs().size();
            std::size_t seen = 0;
            for (StepIndex s = 0; s < t.stepCount(); ++s) {
                for (const GraphOutput& o : t.outputsOf(s)) {
                    QCOMPARE(&o, &run.outputs()[seen]);
                    QCOMPARE(t.stepOfOutput(seen), s);
                    // an output's afterInput is the records processed by its step
                    QCOMPARE(o.afterInput, std::size_t(t.step(s).arrivalsDone));
                    ++seen;
                }
            }
            QCOMPARE(seen, run.outputs().size());
            QCOMPARE(
                std::size_t(t.step(static_cast<StepIndex>(t.stepCount() - 1)).arrivalsDone), run.arrivals().size());
        }
        QVERIFY(outputs > 0);
    }

    void theHistoriesAreWhatEachStepLeft()
    {
        // Stepping forward one happening at a time, each operator subtask's event time, each input valve's and each
        // channel's watermark are the recorded histories' values at that step.
        for (const io::Example& e : io::graphExamples()) {
            const auto loaded = load(e.path);
            QVERIFY(loaded.ok());
            GraphPlayer player(*loaded.value);
            const GraphTrace& t = player.trace();
            const StreamGraph& streams = player.state().streams();
            std::size_t moves = 0;
            do {
                const StepIndex s = player.current();
                const GraphPipeline& p = player.state();
                for (int c = 0; c < p.channelCount(); ++c)
                    QCOMPARE(Trace::at(t.channelWatermarks(c), s).watermark, p.channel(c).currentWatermark());
                for (int op = 0; op < static_cast<int>(player.run().graph().operators.size()); ++op) {
                    const int stream = streams.streamOfOperator(op);
                    for (int sub = 0; stream >= 0 && sub < streams.node(stream).parallelism; ++sub) {
                        const WatermarkPoint& w = Trace::at(t.operatorWatermarks(op, sub), s);
                        QCOMPARE(w.watermark, p.operatorWatermark(op, sub));
                        moves += w.step == s && s > 0;
                        for (int i = 0; i < streams.inputCount(stream); ++i)
                            QCOMPARE(Trace::at(t.inputWatermarks(op, sub, i), s).watermark,
                                p.inputValve(stream, sub, i).lastOutputWatermark());
                    }
                }
            } while (player.stepForward());
            QCOMPARE(player.current(), player.lastStep());
            QVERIFY2(moves > 0, e.name.c_str()); // some operator's event time moved
        }
    }

    void aSeekOrAStepBackGivesTheStateSteppingForwardReached()
    {
        const auto loaded = parse(longJoin(4000));
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        GraphPlayer player(*loaded.value);
        const StepIndex last = player.lastStep();
        // far more steps than copies: the run kept at most kMaxSnapshots, twice as far apart or more
        QVERIFY(last > GraphRun::kMaxSnapshots * 256);
        QVERIFY(player.run().snapshotCount() <= GraphRun::kMaxSnapshots);
        QVERIFY(player.run().snapshotInterval() > 256);

        std::vector<std::vector<Timestamp>> forward;
        do
            forward.push_back(fingerprint(player));
        while (player.stepForward());
        QCOMPARE(forward.size(), std::size_t(last) + 1);
        QVERIFY(forward.front() != forward.back());

        std::mt19937 random(17);
        std::uniform_int_distribution<StepIndex> anyStep(0, last);
        for (int i = 0; i < 200; ++i) {
            const StepIndex s = anyStep(random);
            player.seek(s);
            QCOMPARE(player.current(), s);
            QVERIFY2(fingerprint(player) == forward[s], qPrintable(QStringLiteral("seek to step %1").arg(s)));
            // the first step back takes the state the seek kept; a second one replays from a copy
            for (int back = 1; back <= 2 && player.stepBack(); ++back)
                QVERIFY2(fingerprint(player) == forward[s - back],
                    qPrintable(QStringLiteral("%1 back from %2").arg(back).arg(s)));
            if (player.stepForward())
                QVERIFY(fingerprint(player) == forward[player.current()]);
        }
        player.seek(last + 10);
        QCOMPARE(player.current(), last);
        player.seek(0);
        QVERIFY(fingerprint(player) == forward[0]);
        QVERIFY(!player.stepBack());
    }

    void theHoldsAtAStepCountOnlyTheRecordsArrivedByThen()
    {
        // orders-payments-join-stalls: payments sends its last record at 2 s. Before that step the join waits on
        // sources that are still sending; at the end, payments is the silent one that holds it.
        const auto examples = io::graphExamples();
        const auto stalls = std::find_if(examples.begin(), examples.end(),
            [](const io::Example& e) { return e.name == "orders-payments-join-stalls"; });
        QVERIFY(stalls != examples.end());
        const auto loaded = load(stalls->path);
        QVERIFY(loaded.ok());
        GraphPlayer player(*loaded.value);
        const GraphHolds holds(player.run(), scenarioTimes(*loaded.value));
        player.seek(3);
        const std::vector<GraphHold> early = holds.at(player.state(), player.current());
        QVERIFY(!early.empty());
        QVERIFY2(early.front().text.find("its latest record came at processing time 0.000 s") != std::string::npos,
            early.front().text.c_str());
        player.seek(player.lastStep());
        const std::vector<GraphHold> end = holds.at(player.state(), player.current());
        QVERIFY2(end.front().text.find("payments") != std::string::npos
                && end.front().text.find("no record since processing time 2.000 s") != std::string::npos,
            end.front().text.c_str());
        // the player's holds at the end are the run's
        const std::vector<GraphHold> run = graphHolds(player.run(), scenarioTimes(*loaded.value));
        QCOMPARE(run.size(), end.size());
        for (std::size_t i = 0; i < run.size(); ++i)
            QCOMPARE(run[i].text, end[i].text);
    }

    void thePictureFollowsTheSlowestSinkToTheSilentSource()
    {
        // orders-payments-join-stalls at its end: the count per 10 s (the sink) at 8499 ← the join, held by its
        // input 2 ← payments' one channel, silent since 2 s; orders has gone on past 10 s.
        const auto loaded = load(io::examplesDirectory() / "graphs" / "orders-payments-join-stalls.json");
        QVERIFY2(loaded.ok(), loaded.errors.empty() ? "" : loaded.errors.front().message.c_str());
        GraphPlayer player(*loaded.value);
        const GraphPicture picture(player.run());
        const StreamGraph& streams = player.state().streams();
        const int orders = 0;
        const int payments = 1;
        const int paid = streams.streamOfOperator(0);
        const int perTenSeconds = streams.streamOfOperator(1);
        QCOMPARE(picture.sinks(), std::vector<int> {perTenSeconds});

        player.seek(player.lastStep());
        const GraphPicture::At end = picture.at(player.state(), player.current());
        QCOMPARE(end.sink, perTenSeconds);
        const std::vector<HoldLink> expected {{perTenSeconds, 0, 0}, {paid, 0, 1}, {payments, 0, 0}};
        QCOMPARE(end.blocker, expected);
        QVERIFY(end.holds(paid, 1));
        QVERIFY(!end.holds(paid, 0));
        QVERIFY(!end.holds(orders));
        QCOMPARE(end.vertices[std::size_t(payments)].watermark, Timestamp(8499));
        QVERIFY(end.vertices[std::size_t(orders)].watermark >= 15999);
        QCOMPARE(end.vertices[std::size_t(paid)].inputs.size(), std::size_t(2));
        QCOMPARE(end.vertices[std::size_t(paid)].inputs[1].watermark, Timestamp(8499));
        QCOMPARE(end.vertices[std::size_t(paid)].watermark, Timestamp(8499));
        QCOMPARE(end.vertices[std::size_t(perTenSeconds)].results, std::size_t(0)); // [0, 10 s) never fires
        QCOMPARE(end.vertices[std::size_t(paid)].results, std::size_t(3)); // three orders paid

        // at step 0 nothing has sent a watermark: the first input of the join holds it, on orders' channel
        const GraphPicture::At start = picture.at(player.run().stateAfter(0)->pipeline, 0);
        QCOMPARE(start.blocker.back().stream, orders);
        QCOMPARE(start.vertices[std::size_t(paid)].results, std::size_t(0));
    }

    void aJumpLandsOnTheNextStepThatPutsOutThatKind()
    {
        // totals-at-end-of-input: the window per 10 s fires at the end of input, and drops bob's record at 3 s there
        const auto loaded = load(io::examplesDirectory() / "graphs" / "totals-at-end-of-input.json");
        QVERIFY(loaded.ok());
        GraphPlayer player(*loaded.value);
        const GraphTrace& trace = player.run().trace();
        std::optional<StepIndex> firstFire;
        std::optional<StepIndex> firstDrop;
        for (std::size_t i = 0; i < trace.outputs().size(); ++i) {
            const auto& what = trace.outputs()[i].what;
            if (!firstFire && std::holds_alternative<FireEvent>(what))
                firstFire = trace.stepOfOutput(i);
            if (!firstDrop && std::holds_alternative<LateEvent>(what))
                firstDrop = trace.stepOfOutput(i);
        }
        QVERIFY(firstFire && firstDrop);
        QCOMPARE(player.nextStepWith(Happening::AnyFire), firstFire);
        QCOMPARE(player.nextStepWith(Happening::LateRecord), firstDrop);
        QCOMPARE(player.nextStepWith(Happening::LateFire), std::optional<StepIndex>()); // no allowed lateness
        QCOMPARE(player.previousStepWith(Happening::AnyFire), std::optional<StepIndex>());
        player.seek(player.lastStep());
        QCOMPARE(player.nextStepWith(Happening::AnyFire), std::optional<StepIndex>());
        QVERIFY(player.previousStepWith(Happening::AnyFire) >= firstFire);
        // arrivals: the first is step 1's or later, none before step 1
        player.seek(0);
        const auto arrival = player.nextStepWith(Happening::Arrival);
        QVERIFY(arrival);
        QCOMPARE(trace.step(*arrival).kind, EventQueue::Kind::Arrival);
        QCOMPARE(player.previousStepWith(Happening::Arrival), std::optional<StepIndex>());
    }

    void thePictureCountsOutputsUpToItsStepOnly()
    {
        const auto examples = io::graphExamples();
        QVERIFY(!examples.empty());
        for (const io::Example& e : examples) {
            const auto loaded = load(e.path);
            QVERIFY(loaded.ok());
            GraphPlayer player(*loaded.value);
            const GraphPicture picture(player.run());
            const auto& outputs = player.run().outputs();
            for (StepIndex s = 0; s <= player.lastStep(); s += std::max<StepIndex>(1, player.lastStep() / 7)) {
                player.seek(s);
                const GraphPicture::At at = picture.at(player.state(), s);
                std::size_t counted = 0;
                for (const auto& v : at.vertices)
                    counted += v.results + v.late + v.dropped;
                std::size_t made = 0; // outputs up to the step; a late fire counts twice
                for (std::size_t i = 0; i < outputs.size() && player.run().trace().stepOfOutput(i) <= s; ++i) {
                    const auto* fire = std::get_if<FireEvent>(&outputs[i].what);
                    made += fire != nullptr && fire->timing == FireTiming::Late ? 2 : 1;
                }
                QCOMPARE(counted, made);
                // the blocker starts at the slowest sink and every link is one of its streams
                if (at.sink >= 0) {
                    QCOMPARE(at.blocker.front().stream, at.sink);
                    for (const HoldLink& l : at.blocker)
                        QVERIFY(l.stream >= 0 && l.stream < int(at.vertices.size()));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(GraphPlayerTest)
#include "tst_graph_player.moc"
