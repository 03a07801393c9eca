// A live run (a Player whose input is open, driven by its clock, appended records and the close of the input)
// is exactly the recorded run of the scenario it ends with: a saved live run replays step for step. Checked
// on seeded random jobs and arrival patterns, as a live source would produce them.
#include "../player/RandomScenario.h"
#include "../player/TraceSteps.h"
#include "engine/player/Player.h"

#include <QTest>

#include <algorithm>

using namespace tidemark;
using namespace tidemark::test;

namespace {

// A job for a live source: tumbling, sliding or session windows (sometimes on processing time, so that
// timers depend on the clock), parallelism 1-3, periodic emission with idleness half of the time.
Scenario liveJob(Dice& d, std::uint64_t seed)
{
    Scenario s;
    s.name = "live " + std::to_string(seed);
    auto& p = s.pipeline;
    auto& wm = p.watermarks;
    wm.parallelism = static_cast<int>(1 + d.below(3));
    p.sourceParallelism = 1;
    wm.strategy = d.pick({WatermarkConfig::Strategy::BoundedOutOfOrderness, WatermarkConfig::Strategy::Monotonous,
        WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness});
    wm.maxOutOfOrdernessMs = d.pick({0, 300, 2000});
    wm.emission = d.chance(85) ? WatermarkConfig::Emission::Periodic : WatermarkConfig::Emission::PerEvent;
    wm.periodMs = d.pick({100, 200, 500});
    wm.idlenessMs = d.chance(50) ? d.pick({300, 1000, 2500}) : 0;
    // Records on chosen channels leave some channels quiet: idleness then shows.
    wm.partitioning = d.chance(40) ? WatermarkConfig::Partitioning::Channel : WatermarkConfig::Partitioning::Rebalance;
    wm.firstChannel = static_cast<int>(d.below(wm.parallelism));

    auto& w = p.window;
    if (d.chance(85))
        w.keyBy = "key";
    else
        w.keyBy.reset();
    w.parallelism = static_cast<int>(1 + d.below(3));
    auto& a = w.assigner;
    switch (d.below(5)) {
    case 0:
    case 1:
        a.type = AssignerSpec::Type::Tumbling;
        a.sizeMs = d.pick({1000, 3000});
        break;
    case 2:
        a.type = AssignerSpec::Type::Sliding;
        a.sizeMs = d.pick({2000, 4000});
        a.slideMs = 1000;
        break;
    case 3:
        a.type = AssignerSpec::Type::Session;
        a.gapMs = d.pick({500, 1500});
        break;
    default:
        a.type = AssignerSpec::Type::Tumbling;
        a.timeDomain = TimeDomain::Processing;
        a.sizeMs = d.pick({500, 2000});
        break;
    }
    w.allowedLatenessMs = d.pick({0, 0, 1000});
    w.lateSideOutput = d.chance(40);
    w.function.type = d.pick({FunctionSpec::Type::Count, FunctionSpec::Type::Sum, FunctionSpec::Type::List});
    p.endOfInput = d.chance(50) ? EndOfInput::MaxWatermark : EndOfInput::None;
    return s;
}

InputRecord liveRecord(Player& player, Dice& d, Timestamp& ts)
{
    const auto& wm = player.scenario().pipeline.watermarks;
    ts += d.below(1200);
    InputRecord r;
    r.channel = wm.partitioning == WatermarkConfig::Partitioning::Channel
        ? static_cast<int>(d.below(std::max(1, wm.parallelism - (d.chance(70) ? 1 : 0))))
        : InputRecord::kNoChannel;
    if (d.chance(5)) {
        r.kind = InputRecord::Kind::Watermark;
        r.ts = ts - 2500;
        return r;
    }
    const char* keys[] = {"a", "b", "0001", "sensor_1"};
    r.key = player.scenario().pipeline.window.keyBy ? player.keys().intern(keys[d.below(4)]) : kNoKey;
    r.hasValue = true;
    r.value = static_cast<double>(d.below(100));
    r.ts = ts - (d.chance(20) ? d.below(5000) : 0);
    return r;
}

// The steps a live run had shown up to its clock at some moment: they may no longer change.
struct Shown {
    Timestamp clock = 0;
    std::vector<StepEntry> steps;
};

struct LiveRun {
    std::unique_ptr<Player> player;
    std::vector<Shown> shown;
    Timestamp closedAt = 0; // what endInput was asked for
    Timestamp expectedEnd = 0; // max(that, just after the clock, last arrival)
};

// Drives an open Player as a live source would: clock ticks at random between records, records one at a time
// or in bursts at random gaps (never at or before the clock), then the close of the input.
LiveRun liveRun(std::uint64_t seed)
{
    Dice d(seed);
    Scenario job = liveJob(d, seed);
    Player::Options options;
    options.openInput = true;
    options.snapshotInterval = static_cast<std::size_t>(1 + d.below(40)); // seeks restore from snapshots too
    LiveRun run;
    run.player = std::make_unique<Player>(std::move(job), options);
    Player& live = *run.player;
    const Timestamp gaps[] = {0, 0, 1, 37, 199, 200, 201, 650, 1500, 4000};
    Timestamp ts = 10'000;
    Timestamp arrival = 0;
    const int records = static_cast<int>(4 + d.below(30));
    for (int i = 0; i < records;) {
        arrival = std::max(arrival + d.pick(gaps), live.clock() + 1);
        for (int tick = 0; tick < 3 && arrival - 1 > live.clock() && d.chance(40); ++tick)
            live.advanceClock(live.clock() + 1 + d.below(arrival - 1 - live.clock()));
        if (d.chance(60))
            live.advanceClock(arrival - 1); // what LiveFeed does before it appends what it read
        if (d.chance(25)) {
            Shown shown {live.clock(), {}};
            for (const StepEntry& e : test::everyStep(live.trace())) {
                if (e.processingTime <= shown.clock)
                    shown.steps.push_back(e);
            }
            run.shown.push_back(std::move(shown));
        }
        const int burst = static_cast<int>(std::min<std::int64_t>(records - i, 1 + (d.chance(30) ? d.below(3) : 0)));
        std::vector<InputRecord> batch;
        for (int k = 0; k < burst; ++k) {
            InputRecord r = liveRecord(live, d, ts);
            r.arrival = arrival;
            batch.push_back(r);
            if (d.chance(50))
                arrival += d.pick(gaps); // a burst read over several reads
        }
        if (batch.size() == 1 && d.chance(50)) {
            std::string error;
            const RecordIndex index = live.appendRecord(batch.front(), &error);
            if (index == kNoRecord)
                qFatal("seed %llu: %s", static_cast<unsigned long long>(seed), error.c_str());
        } else {
            Player::AppendErrors errors;
            if (live.appendRecords(batch, &errors) != batch.size())
                qFatal("seed %llu: %s", static_cast<unsigned long long>(seed), errors.front().second.c_str());
        }
        i += burst;
    }
    if (d.chance(50))
        live.advanceClock(arrival + d.below(3000)); // the source stayed open after its last line
    const Timestamp lastArrival = live.scenario().records.back().arrival;
    switch (d.below(4)) {
    case 0:
        run.closedAt = lastArrival; // closed right after the last line
        break;
    case 1:
        run.closedAt = live.clock(); // at the clock, maybe before the last arrival
        break;
    case 2:
        run.closedAt = std::max(live.clock(), lastArrival) + 1 + d.below(5000); // open a while longer
        break;
    default:
        run.closedAt = 0; // a close reported late: the end is never before what has been recorded
        break;
    }
    run.expectedEnd = std::max({run.closedAt, live.clock() + 1, lastArrival});
    const std::string excess = live.endInput(run.closedAt);
    if (!excess.empty())
        qFatal("seed %llu: %s", static_cast<unsigned long long>(seed), excess.c_str());
    return run;
}

QString fireText(const FireRecord& f)
{
    QString result;
    for (const double v : f.fire.result.list)
        result += QString::number(v) + ",";
    return QStringLiteral("fire step %1 after %2 subtask %3 key %4 [%5,%6) %7 wm %8 n=%9 = %10 [%11]")
        .arg(f.step)
        .arg(f.fire.afterInput)
        .arg(f.fire.subtask)
        .arg(f.fire.key)
        .arg(f.fire.window.start())
        .arg(f.fire.window.end())
        .arg(f.fire.timing == FireTiming::Late ? "late" : "on-time")
        .arg(f.fire.watermark)
        .arg(f.fire.count)
        .arg(f.fire.result.number ? QString::number(*f.fire.result.number) : "-")
        .arg(result);
}

QString lateText(const LateRecord& l)
{
    return QStringLiteral("late step %1 record %2 after %3 subtask %4 key %5 ts %6 value %7 wm %8 %9")
        .arg(l.step)
        .arg(l.record)
        .arg(l.late.afterInput)
        .arg(l.late.subtask)
        .arg(l.late.key)
        .arg(l.late.ts)
        .arg(l.late.value)
        .arg(l.late.watermark)
        .arg(l.late.action == LateAction::Dropped ? "dropped" : "side output");
}

QString stepText(const StepEntry& e)
{
    return QStringLiteral("pt %1 kind %2 subject %3 record %4 channel %5 flags %6")
        .arg(e.processingTime)
        .arg(int(e.kind))
        .arg(e.subject)
        .arg(e.record() == kNoRecord ? -1 : qint64(e.record()))
        .arg(e.channel)
        .arg(e.flags);
}

QString historyText(std::span<const WatermarkPoint> h)
{
    QString s;
    for (const WatermarkPoint& p : h)
        s += QStringLiteral("%1@%2:%3%4/%5 ")
                 .arg(p.step)
                 .arg(p.processingTime)
                 .arg(p.watermark)
                 .arg(p.idle ? "i" : "")
                 .arg(p.minChannel);
    return s;
}

// Outputs in the one order they were produced in (the sequence numbers themselves may differ: a live run
// numbers the outputs it recomputed again).
QStringList outputs(const Trace& t)
{
    QStringList lines;
    t.forEachOutput(
        [&](std::size_t f) { lines << fireText(t.fires()[f]); }, [&](const LateRecord& l) { lines << lateText(l); });
    return lines;
}

} // namespace

class TestLivePlayer : public QObject {
    Q_OBJECT

    static void seeds()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 1; seed <= 80; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

private slots:
    void aLiveRunIsTheRecordedRunOfTheScenarioItEndsWith_data() { seeds(); }
    void aLiveRunIsTheRecordedRunOfTheScenarioItEndsWith()
    {
        QFETCH(quint64, seed);
        LiveRun run = liveRun(seed);
        Player& live = *run.player;
        QVERIFY(!live.inputOpen());
        const Scenario& ended = live.scenario();
        const Timestamp lastArrival = ended.records.back().arrival;
        // The end is kept only when it is after the last arrival (else the input ends there anyway).
        QCOMPARE(ended.inputEndMs,
            run.expectedEnd > lastArrival ? std::optional<Timestamp>(run.expectedEnd) : std::optional<Timestamp>());

        Player fresh(ended);
        const Trace& a = live.trace();
        const Trace& b = fresh.trace();
        QCOMPARE(a.stepCount(), b.stepCount());
        for (StepIndex s = 0; s < a.stepCount(); ++s) {
            if (stepText(a.step(s)) != stepText(b.step(s)))
                QFAIL(qPrintable(
                    QStringLiteral("step %1: live %2, fresh %3").arg(s).arg(stepText(a.step(s)), stepText(b.step(s)))));
        }
        QCOMPARE(outputs(a), outputs(b));
        QCOMPARE(a.channelCount(), b.channelCount());
        for (int c = 0; c < a.channelCount(); ++c)
            QCOMPARE(historyText(a.channelWatermarks(c)), historyText(b.channelWatermarks(c)));
        for (int s = 0; s < a.subtaskCount(); ++s)
            QCOMPARE(historyText(a.subtaskWatermarks(s)), historyText(b.subtaskWatermarks(s)));
        for (std::size_t r = 0; r < ended.records.size(); ++r) {
            QCOMPARE(a.placements()[r].arrivalStep, b.placements()[r].arrivalStep);
            QCOMPARE(a.placements()[r].subtask, b.placements()[r].subtask);
        }

        // The full state (every window, timer and queued happening) at a sample of steps, reached by seeking.
        Dice dice(seed * 31 + 7);
        const StepIndex last = live.lastStep();
        std::vector<StepIndex> sample {0, last, last / 2};
        for (int k = 0; k < 12; ++k)
            sample.push_back(static_cast<StepIndex>(dice.below(last + 1)));
        for (const StepIndex step : sample) {
            live.seek(step);
            fresh.seek(step);
            QCOMPARE(QString::fromStdString(live.canonicalState()), QString::fromStdString(fresh.canonicalState()));
        }
    }

    void theStepsUpToTheClockNeverChangeAsTheInputGrows_data() { seeds(); }
    void theStepsUpToTheClockNeverChangeAsTheInputGrows()
    {
        QFETCH(quint64, seed);
        const LiveRun run = liveRun(seed);
        const Trace& t = run.player->trace();
        // What a live view showed up to its clock is what the finished run shows: records come after the clock.
        for (const Shown& s : run.shown) {
            QVERIFY(s.steps.size() <= t.stepCount());
            for (std::size_t k = 0; k < s.steps.size(); ++k)
                QCOMPARE(stepText(t.step(static_cast<StepIndex>(k))), stepText(s.steps[k]));
        }
    }

    void theInputEndsWhenItClosedNotAtTheLastArrival()
    {
        // Two channels, every record on channel 0: channel 1 holds the watermark back until idleness marks it
        // idle (2 s without records, checked every 200 ms). Closed 5 s after the last line, the window fires
        // on the busy channel's watermark first; ended at the last line, it would fire only on Long.MAX_VALUE.
        Scenario job;
        job.pipeline.watermarks.parallelism = 2;
        job.pipeline.watermarks.partitioning = WatermarkConfig::Partitioning::Channel;
        job.pipeline.watermarks.idlenessMs = 2000;
        job.pipeline.window.assigner.sizeMs = 1000;
        job.pipeline.window.function.type = FunctionSpec::Type::Count;
        job.pipeline.endOfInput = EndOfInput::MaxWatermark;
        Player::Options open;
        open.openInput = true;
        Player live(job, open);
        InputRecord r = test::event(job, "a", 100, 1, 1000, 0);
        r.key = live.keys().intern("a");
        QVERIFY(live.appendRecord(r) != kNoRecord);
        r.ts = 5000;
        r.arrival = 1500;
        QVERIFY(live.appendRecord(r) != kNoRecord);
        QVERIFY(live.advanceClock(3000).empty());
        QVERIFY(live.endInput(6500).empty());
        QCOMPARE(live.scenario().inputEndMs, std::optional<Timestamp>(6500));
        QCOMPARE(live.trace().fires().size(), std::size_t(2));
        const FireEvent& first = live.trace().fires().front().fire;
        QCOMPARE(first.window.start(), Timestamp(0));
        QCOMPARE(first.watermark, Timestamp(4999)); // channel 1 idle: the watermark is channel 0's
        QCOMPARE(live.trace().fires().back().fire.watermark, kMaxTimestamp); // [5000, 6000) at the end of input

        Scenario atLastLine = live.scenario();
        atLastLine.inputEndMs.reset();
        const Player closedAtOnce(atLastLine);
        QCOMPARE(closedAtOnce.trace().fires().front().fire.watermark, kMaxTimestamp);
        QVERIFY(outputs(closedAtOnce.trace()) != outputs(live.trace()));
    }

    void aCloseBeforeTheClockEndsTheInputJustAfterIt()
    {
        Scenario job;
        job.pipeline.window.function.type = FunctionSpec::Type::Count;
        Player::Options open;
        open.openInput = true;
        Player live(job, open);
        InputRecord r = test::event(job, "a", 100, 1, 300);
        r.key = live.keys().intern("a");
        QVERIFY(live.appendRecord(r) != kNoRecord);
        QVERIFY(live.advanceClock(2000).empty());
        QCOMPARE(live.clock(), Timestamp(2000));
        // Periodic emission already ran to 2000 (its step there is recorded): the input ends after that.
        QVERIFY(live.endInput(900).empty());
        QCOMPARE(live.scenario().inputEndMs, std::optional<Timestamp>(2001));
        QCOMPARE(live.trace().step(live.lastStep()).processingTime, Timestamp(2200)); // one period of tail
    }

    void aRecordIsNeverPlacedBeforeTheClock()
    {
        Scenario job;
        Player::Options open;
        open.openInput = true;
        Player live(job, open);
        QVERIFY(live.advanceClock(1000).empty());
        InputRecord r = test::event(job, "a", 100, 1, 400);
        r.key = live.keys().intern("a");
        QVERIFY(live.appendRecord(r) != kNoRecord);
        // The steps to 1000 are recorded already: the record arrives after them, and runs when the clock gets there.
        const Timestamp arrival = live.scenario().records.back().arrival;
        QCOMPARE(arrival, Timestamp(1001));
        QCOMPARE(live.trace().placements().back().arrivalStep, kNoStep);
        QVERIFY(live.advanceClock(arrival).empty());
        const StepIndex arrivalStep = live.trace().placements().back().arrivalStep;
        QVERIFY(arrivalStep != kNoStep);
        QCOMPARE(live.trace().step(arrivalStep).processingTime, arrival);
        QVERIFY(live.endInput(arrival).empty());
        QCOMPARE(outputs(live.trace()), outputs(Player(live.scenario()).trace()));
    }
};

QTEST_GUILESS_MAIN(TestLivePlayer)
#include "tst_live_player.moc"
