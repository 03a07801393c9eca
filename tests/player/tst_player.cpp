#include "RandomScenario.h"
#include "ScenarioBuilder.h"
#include "TraceSteps.h"
#include "engine/player/Player.h"
#include "engine/player/RunLimits.h"

#include <QTest>

#include <algorithm>
#include <array>
#include <limits>
#include <set>
#include <tuple>

using namespace tidemark;
using namespace tidemark::test;

namespace {

// The message of a run the player refuses up front, or "" when it plays the run.
std::string refusalOf(const Scenario& s)
{
    try {
        Player player(s);
        return {};
    } catch (const RunRefusedError& e) {
        return e.what();
    }
}

} // namespace

class TestPlayer : public QObject {
    Q_OBJECT

private slots:
    void everyFireIsFoundUnderItsWindowInStepOrder()
    {
        std::size_t checked = 0;
        for (std::uint64_t seed = 1; seed <= 60; ++seed) {
            const Player player(randomScenario(seed));
            const Trace& t = player.trace();
            std::size_t grouped = 0;
            const FiredWindow* previous = nullptr;
            for (const FiredWindow& w : t.firedWindows()) {
                // in window order: (start, subtask, key, end), each window once
                const auto order = [](const FiredWindow& f) {
                    return std::make_tuple(f.window.start(), f.subtask, f.key, f.window.end());
                };
                QVERIFY(previous == nullptr || order(*previous) < order(w));
                previous = &w;
                const auto fires = t.firesOfWindow(w.subtask, w.key, w.window);
                QCOMPARE(fires.size(), std::size_t(w.fireCount));
                grouped += fires.size();
                for (std::size_t i = 0; i < fires.size(); ++i) {
                    const FireEvent& f = t.fires()[fires[i]].fire;
                    QVERIFY(f.subtask == w.subtask && f.key == w.key && f.window == w.window);
                    QVERIFY(i == 0 || fires[i - 1] < fires[i]);
                }
                QCOMPARE(t.fires()[fires.front()].step, w.firstFire);
                QCOMPARE(t.fires()[fires.back()].step, w.lastFire);
            }
            QCOMPARE(grouped, t.fires().size()); // every fire in exactly one window's group
            QVERIFY(t.firesOfWindow(0, kNoKey, TimeWindow(kMinTimestamp, kMinTimestamp + 1)).empty());
            checked += t.fires().size();
        }
        QVERIFY(checked > 100); // the seeds fire
    }

    void post000FiresItsFirstWindowAfterTheFifthRecordAtParallelismOne()
    {
        Player player(post000(1, 0, false));
        const auto fires = player.trace().fires();
        QVERIFY(!fires.empty());
        const FireEvent& f = fires.front().fire;
        QCOMPARE(f.window, TimeWindow(1538359881000, 1538359884000));
        QCOMPARE(f.afterInput, std::size_t(5));
        QCOMPARE(f.watermark, 1538359894000 - 10000 - 1);
        QCOMPARE(f.count, std::size_t(1));
        // Record 5 arrives at 4 s; the periodic emission due at the same time runs right after the arrival
        // (arrivals were queued first) and carries the watermark that fires the window.
        const StepEntry& step = player.trace().step(fires.front().step);
        QCOMPARE(step.kind, StepKind::PeriodicEmit);
        QCOMPARE(step.processingTime, 4000);
        const StepEntry& before = player.trace().step(fires.front().step - 1);
        QCOMPARE(before.kind, StepKind::EventArrival);
        QCOMPARE(before.record(), RecordIndex(4));
    }

    void post000FiresItsFirstWindowAfterTheSeventhRecordAtParallelismThree()
    {
        Player player(post000(3, 0, false));
        const auto fires = player.trace().fires();
        QVERIFY(!fires.empty());
        QCOMPARE(fires.front().fire.window, TimeWindow(1538359881000, 1538359884000));
        QCOMPARE(fires.front().fire.afterInput, std::size_t(7));
    }

    void windowAllIgnoresTheKeysRecordsCarry()
    {
        // 16 records alternating keys a and b, one every 625 ms of event time, into 5 s tumbling windows.
        // windowAll keys every record with NullByteKeySelector: one fire per window, for no key, counting both.
        Scenario s;
        s.pipeline.watermarks.strategy = WatermarkConfig::Strategy::Monotonous;
        s.pipeline.watermarks.emission = WatermarkConfig::Emission::PerEvent;
        s.pipeline.window.keyBy.reset();
        s.pipeline.window.assigner.type = AssignerSpec::Type::Tumbling;
        s.pipeline.window.assigner.sizeMs = 5000;
        s.pipeline.window.function.type = FunctionSpec::Type::Sum;
        s.pipeline.window.function.field = "value";
        s.pipeline.endOfInput = EndOfInput::MaxWatermark;
        for (int i = 0; i < 16; ++i)
            s.records.push_back(test::event(s, i % 2 == 0 ? "a" : "b", i * 625, 1));
        Player player(s);
        const auto fires = player.trace().fires();
        QCOMPARE(fires.size(), std::size_t(2));
        for (const auto& f : fires) {
            QCOMPARE(f.fire.key, kNoKey);
            QCOMPARE(f.fire.count, std::size_t(8));
            QCOMPARE(f.fire.subtask, 0);
        }
        QCOMPARE(fires[0].fire.window, TimeWindow(0, 5000));
        QCOMPARE(fires[1].fire.window, TimeWindow(5000, 10000));
        // the picture agrees: every record is in the one lane of windowAll
        QCOMPARE(player.trace().laneCount(LaneKind::Key), std::size_t(1));
    }

    void anEndOfStreamWindowFiresAsBatchExecutionSortsItsInput()
    {
        // The global window with its end-of-stream trigger emits only at the end of input, so Flink runs it in batch
        // mode: its input sorted by key and timestamp. Each window lists its values by timestamp, equal ones as they
        // came; the keys fire at the same time, Long.MAX_VALUE, in an order Flink leaves open (here: as they came).
        Scenario s;
        s.pipeline.watermarks.strategy = WatermarkConfig::Strategy::Monotonous;
        s.pipeline.window.assigner.type = AssignerSpec::Type::Global;
        s.pipeline.window.trigger.type = TriggerSpec::Type::EndOfStream;
        s.pipeline.window.function.type = FunctionSpec::Type::List;
        s.pipeline.window.function.field = "value";
        s.pipeline.endOfInput = EndOfInput::MaxWatermark;
        const std::vector<std::tuple<const char*, Timestamp, double>> records {
            {"qq", 50, 1}, {"p", 7, 2}, {"qq", 9, 3}, {"\xc3\xa9", 3, 4}, {"p", 1, 5}, {"b", 8, 6}, {"p", 1, 7}};
        for (const auto& [key, ts, value] : records)
            s.records.push_back(test::event(s, key, ts, value));
        const auto listed = [](const Scenario& scenario) {
            Player player(scenario);
            std::vector<std::pair<std::string, std::vector<double>>> fires;
            for (const auto& f : player.trace().fires())
                fires.emplace_back(scenario.keys.name(f.fire.key), f.fire.result.list);
            return fires;
        };
        using Fires = std::vector<std::pair<std::string, std::vector<double>>>;
        QCOMPARE(listed(s), (Fires {{"qq", {3, 1}}, {"p", {5, 7, 2}}, {"\xc3\xa9", {4}}, {"b", {6}}}));

        // A purging trigger around it is not the end-of-stream trigger: the operator runs as a stream, in arrival
        // order.
        s.pipeline.window.purging = true;
        QCOMPARE(listed(s), (Fires {{"qq", {1, 3}}, {"p", {2, 5, 7}}, {"\xc3\xa9", {4}}, {"b", {6}}}));
    }

    void stepsRunInProcessingTimeOrder()
    {
        Player player(post000(1, 0, true));
        const auto steps = test::everyStep(player.trace());
        for (std::size_t i = 1; i < steps.size(); ++i)
            QVERIFY(steps[i - 1].processingTime <= steps[i].processingTime);
        QCOMPARE(steps.front().kind, StepKind::Start);
        QVERIFY(player.atStart());
        QVERIFY(player.runToEnd());
        QVERIFY(player.atEnd());
        QVERIFY(!player.step());
    }

    void semanticJumpsLandOnTheStepsThatDidIt()
    {
        Player player(post000(1, 2000, true));
        const Trace& t = player.trace();
        const StepIndex firstFire = t.fires().front().step;
        QCOMPARE(player.nextStepWith(Happening::Fire), std::optional<StepIndex>(firstFire));
        QVERIFY(!player.previousStepWith(Happening::Fire));
        QVERIFY(player.jumpToNext(Happening::Fire));
        QCOMPARE(player.currentStep(), firstFire);
        QCOMPARE(player.state().windows.front().status, WindowStatus::InAllowedLateness);

        // The first late re-fire comes from record 11 (10:11:30, within the 2 s of allowed lateness): the first late
        // record of any kind, before the first drop.
        QCOMPARE(player.nextStepWith(Happening::AnyLate), player.nextStepWith(Happening::LateFire));
        QVERIFY(player.nextStepWith(Happening::AnyLate) < player.nextStepWith(Happening::LateRecord));
        QVERIFY(player.jumpToNext(Happening::LateFire));
        QCOMPARE(player.currentStep(), t.placements()[10].arrivalStep);
        QCOMPARE(player.currentDetail().fires.size(), std::size_t(1));
        QCOMPARE(player.currentDetail().fires.front().timing, FireTiming::Late);

        // The first drop is record 21, once the watermark reached the cleanup time 10:11:34.999.
        QVERIFY(player.jumpToNext(Happening::LateRecord));
        QCOMPARE(player.currentStep(), t.placements()[20].arrivalStep);
        QCOMPARE(player.currentDetail().lates.front().action, LateAction::Dropped);
        QVERIFY(!player.jumpToNext(Happening::AnyFire)); // no fire after the drops
        QCOMPARE(player.currentStep(), t.placements()[20].arrivalStep);

        QVERIFY(player.jumpToPrevious(Happening::OperatorWatermark));
        const StepDetail& d = player.currentDetail();
        QVERIFY(d.subtasks.front().watermarkAfter > d.subtasks.front().watermarkBefore);
        QCOMPARE(d.subtasks.front().watermarkAfter, 1538359905000 - 10001);
        QVERIFY(player.jumpToPrevious(Happening::AnyFire));
        QCOMPARE(player.currentDetail().fires.front().timing, FireTiming::Late);
    }

    void aQuietChannelTurnsIdleAndActiveAgain()
    {
        Scenario s;
        auto& p = s.pipeline;
        p.watermarks.parallelism = 2;
        p.watermarks.partitioning = WatermarkConfig::Partitioning::Channel;
        p.watermarks.maxOutOfOrdernessMs = 0;
        p.watermarks.idlenessMs = 1000;
        p.window.assigner.sizeMs = 5000;
        p.window.function.type = FunctionSpec::Type::Count;
        s.records.push_back(tidemark::test::event(s, "a", 1000, 1, 0, 0));
        s.records.push_back(tidemark::test::event(s, "a", 2000, 1, 100, 1));
        s.records.push_back(tidemark::test::event(s, "a", 7000, 1, 3000, 0)); // channel 1 has been quiet for 2.9 s
        s.records.push_back(tidemark::test::event(s, "a", 8000, 1, 3500, 1)); // channel 1 speaks again
        Player player(std::move(s));
        const auto idle = player.nextStepWith(Happening::ChannelStatus);
        QVERIFY(idle);
        QVERIFY(player.seek(*idle));
        QCOMPARE(player.trace().step(*idle).kind, StepKind::PeriodicEmit);
        // Idleness is declared on the first periodic check more than 1 s after the check that started the
        // quiet period (0.4 s): at 1.6 s, channel 0 first, then channel 1 in the same millisecond.
        QCOMPARE(player.now(), 1600);
        QVERIFY(player.state().channels[0].idle);
        QVERIFY(!player.state().channels[1].idle);
        QCOMPARE(player.currentDetail().channels.front().inactiveSince, Timestamp(400));
        QVERIFY(player.jumpToNext(Happening::ChannelStatus));
        QCOMPARE(player.now(), 1600);
        QVERIFY(player.state().channels[1].idle);
        QVERIFY(player.state().subtasks[0].idle);
        QVERIFY(player.jumpToNext(Happening::ChannelStatus)); // the third record's watermark makes channel 0 active
        QCOMPARE(player.now(), 3000);
        QVERIFY(!player.state().channels[0].idle);
        // With channel 1 idle, channel 0 alone moves the operator watermark: the first window fires in the same
        // step, before channel 1 speaks again.
        QCOMPARE(player.currentDetail().fires.size(), std::size_t(1));
        QCOMPARE(player.currentDetail().fires.front().window, TimeWindow(0, 5000));
        QCOMPARE(player.currentDetail().fires.front().count, std::size_t(2));
        QVERIFY(player.currentStep() < player.trace().placements()[3].arrivalStep);
    }

    // Topic "clicks" puts partition 0 on reader 1 of 2 (KafkaSourceEnumerator: start index 1).
    static Scenario kafkaScenario(int partitions, int readers)
    {
        Scenario s;
        auto& p = s.pipeline;
        p.sourceParallelism = readers;
        p.kafka = KafkaSourceSpec {"clicks", partitions, KafkaSourceSpec::Watermarks::PerPartition};
        p.watermarks.parallelism = readers;
        p.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
        p.watermarks.maxOutOfOrdernessMs = 0;
        p.window.assigner.sizeMs = 5000;
        p.window.function.type = FunctionSpec::Type::Count;
        p.endOfInput = EndOfInput::MaxWatermark;
        return s;
    }

    static void addClick(Scenario& s, int partition, Timestamp ts, Timestamp arrival)
    {
        InputRecord r = tidemark::test::event(s, "a", ts, 1, arrival);
        r.partition = partition;
        s.records.push_back(r);
    }

    // A lane lists its records by timestamp, and records with the same timestamp in record order; timestamps
    // spread far on both sides of zero (a span wider than 2^32) and repeated many times.
    void aLanesRecordsAreInTimestampOrderAndTiesInRecordOrder()
    {
        checkLanesInTimestampOrder({-4'000'000'000'000, -1, 0, 7, 999, 86'400'000, 5'000'000'000'000});
    }

    // The same within a span a 32-bit distance holds (sorted by narrower keys), digits in every radix pass.
    void aNarrowSpanOfTimestampsIsSortedTheSameWay()
    {
        checkLanesInTimestampOrder({-2'000'000'000, -1, 0, 7, 999, 86'400'000, 2'000'000'000});
    }

    // A large run fills the trace's record columns beside the recording, and builds the lanes asked for ahead
    // beside the fired windows' index: its lanes of every kind are those of the same run with the columns filled
    // first and the lanes built when asked (keys, watermark records left out, Kafka partitions).
    void recordColumnsAndLanesBuiltBesideTheRunAreThoseBuiltWhenAsked()
    {
        Scenario keyed;
        keyed.pipeline.window.assigner.sizeMs = 1000;
        Scenario topic = kafkaScenario(3, 2);
        Dice dice(11);
        for (int i = 0; i < 3000; ++i) {
            const std::string key = "k" + std::to_string(dice.below(40));
            const Timestamp ts = i + static_cast<Timestamp>(dice.below(500));
            if (i % 50 == 7)
                keyed.records.push_back(tidemark::test::watermark(i - 600, i));
            else
                keyed.records.push_back(tidemark::test::event(keyed, key, ts, 1, i));
            InputRecord r = tidemark::test::event(topic, key, ts, 1, i);
            r.partition = static_cast<int>(dice.below(3));
            topic.records.push_back(r);
        }
        for (const Scenario& s : {keyed, topic}) {
            Player::Options apart, inLine;
            apart.recordColumnsApartFrom = 0;
            apart.lanesAhead = {LaneKind::Channel, LaneKind::Partition, LaneKind::Key};
            inLine.recordColumnsApartFrom = std::numeric_limits<std::size_t>::max();
            const Player a(s, apart), b(s, inLine);
            std::size_t compared = 0;
            for (const LaneKind kind :
                {LaneKind::All, LaneKind::Channel, LaneKind::Subtask, LaneKind::Key, LaneKind::Partition}) {
                QCOMPARE(a.trace().laneCount(kind), b.trace().laneCount(kind));
                for (std::uint32_t lane = 0; lane < a.trace().laneCount(kind); ++lane) {
                    const auto x = a.trace().recordsInRange(kind, lane, kMinTimestamp, kMaxTimestamp);
                    const auto y = b.trace().recordsInRange(kind, lane, kMinTimestamp, kMaxTimestamp);
                    QCOMPARE(
                        std::vector<RecordIndex>(x.begin(), x.end()), std::vector<RecordIndex>(y.begin(), y.end()));
                    const Trace::LaneColumns cx = a.trace().laneColumns(kind, lane);
                    const Trace::LaneColumns cy = b.trace().laneColumns(kind, lane);
                    QVERIFY(std::ranges::equal(cx.ts, cy.ts));
                    QVERIFY(std::ranges::equal(cx.arrival, cy.arrival));
                    compared += x.size();
                }
            }
            QVERIFY(compared > 5000); // every event record in two lane kinds at least
        }
    }

    // And within a span below 2^24 ms (four and a half hours), sorted in two passes of 12 bits.
    void aSpanOfHoursIsSortedTheSameWay() { checkLanesInTimestampOrder({0, 1, 7, 999, 65'536, 4'000'000, 16'000'000}); }

    void aBoundedTopicsReaderWithoutAPartitionHasFinishedBeforeAnythingHappens()
    {
        Scenario s = kafkaScenario(1, 2);
        addClick(s, 0, 1000, 0);
        addClick(s, 0, 1500, 2000); // partition 0's last record: reader 1 finishes its split after it
        const Player player(std::move(s));
        const Trace& t = player.trace();
        // Reader 0 reads nothing: a bounded KafkaSource tells it there are no splits, and it forwards +∞ at once.
        QCOMPARE(Trace::at(t.channelWatermarks(0), 0).watermark, kMaxTimestamp);
        QCOMPARE(Trace::at(t.channelWatermarks(1), 0).watermark, kMinTimestamp);
        QCOMPARE(Trace::at(t.subtaskWatermarks(0), 0).watermark, kMinTimestamp);
        // So reader 1's first periodic emit (1000 − 0 − 1) moves the operator watermark on its own.
        const StepIndex tick = t.firstStepAtOrAfter(200) + 1; // reader 0's tick comes first, and does nothing
        QCOMPARE(t.step(tick).kind, StepKind::PeriodicEmit);
        QCOMPARE(t.step(tick).subject, 1u);
        QCOMPARE(Trace::at(t.subtaskWatermarks(0), tick).watermark, Timestamp(999));
        QCOMPARE(t.placements()[0].channel, std::int16_t(1));
        QCOMPARE(t.recordsInRange(LaneKind::Partition, 0, kMinTimestamp, kMaxTimestamp).size(), std::size_t(2));
        // After its last record the partition's split finishes, reader 1 has none left and forwards +∞.
        const StepIndex last = t.placements()[1].arrivalStep;
        QCOMPARE(t.partitionFinishedAt(0), last);
        QCOMPARE(Trace::at(t.channelWatermarks(1), last).watermark, kMaxTimestamp);
        QCOMPARE(Trace::at(t.subtaskWatermarks(0), last).watermark, kMaxTimestamp);
        QCOMPARE(t.fires().size(), std::size_t(1));
        QCOMPARE(t.fires().front().step, last);
    }

    // KafkaPartitionSplitReader finishes a split in the fetch that reads its partition's last record, and an empty
    // partition's with the reader's first fetch; SourceReaderBase then releases the split's output, so it holds the
    // reader back no more.
    void aBoundedTopicsFinishedPartitionHoldsItsReaderBackNoMore()
    {
        Scenario s = kafkaScenario(3, 1); // one reader, three partitions; partition 2 holds no record
        addClick(s, 0, 1000, 0); // partition 0's only record
        addClick(s, 1, 7000, 0);
        addClick(s, 1, 8000, 3000);
        const Player player(std::move(s));
        const Trace& t = player.trace();
        const StepIndex first = t.placements()[0].arrivalStep;
        QCOMPARE(t.partitionFinishedAt(0), first);
        QCOMPARE(t.partitionFinishedAt(2), first); // with the reader's first fetch
        QCOMPARE(t.partitionFinishedAt(1), t.placements()[2].arrivalStep);
        // At 200 ms only partition 1 is left: the reader's watermark is its 6999, and [0, 5000) fires with the
        // record of partition 0, which held the reader at 999 until it finished.
        QCOMPARE(t.fires().size(), std::size_t(2));
        QCOMPARE(t.fires()[0].fire.window, TimeWindow(0, 5000));
        QCOMPARE(t.fires()[0].fire.watermark, Timestamp(6999));
        QCOMPARE(t.step(t.fires()[0].step).processingTime, Timestamp(200));
        // Partition 0's history stays at what it had when it was released.
        QCOMPARE(t.partitionWatermarks(0).back().watermark, kMinTimestamp);
        // After partition 1's last record the reader has no split left: +∞, and [5000, 10000) fires with two.
        QCOMPARE(t.fires()[1].fire.window, TimeWindow(5000, 10000));
        QCOMPARE(t.fires()[1].fire.count, std::size_t(2));
        QCOMPARE(t.fires()[1].fire.watermark, kMaxTimestamp);
        QCOMPARE(t.fires()[1].step, t.placements()[2].arrivalStep);
    }

    // A record appended to a bounded topic's run is its partition's last now: the split finishes after it instead,
    // and a reader that had nothing to read reads it.
    void aRecordAppendedToABoundedTopicMovesWhereItsSplitFinishes()
    {
        Scenario s = kafkaScenario(3, 1);
        addClick(s, 0, 1000, 0);
        addClick(s, 1, 7000, 0);
        addClick(s, 1, 8000, 3000);
        Player player(std::move(s));
        QCOMPARE(player.trace().partitionFinishedAt(0), player.trace().placements()[0].arrivalStep);
        player.seek(player.lastStep());
        InputRecord more;
        more.key = player.keys().intern("a");
        more.ts = 2000;
        more.partition = 0; // arrives after the last record, at 4 s
        std::string error;
        const RecordIndex r = player.appendRecord(more, &error);
        QVERIFY2(r != kNoRecord, error.c_str());
        const Trace& t = player.trace();
        QCOMPARE(t.partitionFinishedAt(0), t.placements()[r].arrivalStep);
        QCOMPARE(t.partitionFinishedAt(2), t.placements()[0].arrivalStep); // still with the reader's first fetch
        // partition 0 now holds the reader at 999 until its new last record (at 4 s): [0, 5000) fires then
        QCOMPARE(t.fires().front().fire.window, TimeWindow(0, 5000));
        QCOMPARE(t.fires().front().fire.count, std::size_t(2));
        QCOMPARE(t.fires().front().step, t.placements()[r].arrivalStep);
        QVERIFY(player.currentStep() <= player.lastStep());
    }

    void anIdleReaderDropsTheFinalWatermarkSoItsWindowsNeverFire_data()
    {
        QTest::addColumn<bool>("idleAtTheEnd");
        QTest::newRow("idle when the input ends") << true;
        QTest::newRow("active when the input ends") << false;
    }
    void anIdleReaderDropsTheFinalWatermarkSoItsWindowsNeverFire()
    {
        QFETCH(bool, idleAtTheEnd);
        Scenario s = kafkaScenario(1, 1);
        s.pipeline.endOfInput = EndOfInput::Drain; // the job is stopped: every reader ends then, idle or not
        s.pipeline.watermarks.idlenessMs = 500;
        InputRecord r = tidemark::test::event(s, "a", 1000, 1, 0);
        r.partition = 0;
        s.records.push_back(r);
        if (idleAtTheEnd)
            s.inputEndMs = 3000; // the topic ends long after its partition and the reader went idle (at 1.0 s)
        const Player player(std::move(s));
        const Trace& t = player.trace();
        const auto partition = t.partitionWatermarks(0);
        QCOMPARE(partition.back().idle, idleAtTheEnd);
        if (idleAtTheEnd) {
            // The split's idleness check starts at 0.4 s (the record at 0 counted at 0.2 s): idle at 1.0 s, and so is
            // the reader, whose own output has been idle since 0.8 s.
            QCOMPARE(partition.back().processingTime, Timestamp(1000));
            QVERIFY(t.channelWatermarks(0).back().idle);
            // SourceOperatorStreamTask emits Long.MAX_VALUE into an output that announced IDLE: it is dropped.
            QVERIFY(t.fires().empty());
            QCOMPARE(t.subtaskWatermarks(0).back().watermark, Timestamp(999));
        } else {
            QCOMPARE(t.fires().size(), std::size_t(1));
            QCOMPARE(t.fires().front().fire.watermark, kMaxTimestamp);
        }
    }

    void quietPeriodicEmissionsAreKeptAsRunsAndEachIsTheOneTheQueueRan()
    {
        // Three readers, a record every 5 s: between two records, every channel's timer fires 25 times and
        // moves nothing after its first firing.
        Scenario s;
        auto& p = s.pipeline;
        p.watermarks.parallelism = 3;
        p.watermarks.maxOutOfOrdernessMs = 0;
        p.window.assigner.sizeMs = 10'000;
        p.window.function.type = FunctionSpec::Type::Count;
        for (int i = 0; i < 40; ++i)
            s.records.push_back(tidemark::test::event(s, "k" + std::to_string(i % 3), 1000 * i, 1, 5000 * i));
        const DurationMs period = p.watermarks.periodMs;
        Player player(std::move(s));
        const Trace& trace = player.trace();
        QVERIFY(trace.stepCount() > 40 * 3 * 24);
        StepIndex quiet = 0;
        std::set<StepIndex> runs;
        std::size_t stretches = 0;
        bool previousQuiet = false;
        for (StepIndex step = 1; step < trace.stepCount(); ++step) {
            const StepEntry e = trace.step(step);
            const auto run = trace.quietRunAt(step);
            const bool isQuiet = e.kind == StepKind::PeriodicEmit && !e.changesSomething();
            QCOMPARE(run.has_value(), isQuiet);
            stretches += isQuiet && !previousQuiet ? 1 : 0;
            previousQuiet = isQuiet;
            if (!run)
                continue;
            ++quiet;
            runs.insert(run->first);
            // What the trace rebuilds is what the queue ran: the same time, and that channel's next timer a
            // period later in the state after it.
            if (step % 7 == 0 || step == run->first || step == run->first + run->count - 1) {
                QVERIFY(player.seek(step));
                QCOMPARE(player.now(), e.processingTime);
                // (none after the run's end: the queue holds it beyond the horizon)
                const Timestamp next = player.state().channels[static_cast<std::size_t>(e.channel)].nextPeriodicEmit;
                const Timestamp end = trace.step(StepIndex(trace.stepCount() - 1)).processingTime;
                QCOMPARE(next, e.processingTime + period > end ? kMaxTimestamp : e.processingTime + period);
                QCOMPARE(player.currentDetail().entry, e);
            }
        }
        QVERIFY(quiet > trace.stepCount() * 9 / 10);
        QCOMPARE(runs.size(), stretches); // a stretch of quiet emissions is one run
        // the whole trace, histories and windows included, in less than half of what its steps took one by one
        QVERIFY(trace.memoryBytes() < std::size_t(trace.stepCount()) * sizeof(StepEntry) / 2);
        // Jumps and the granularity of changes pass over them.
        QVERIFY(player.seek(0));
        QVERIFY(player.jumpToNext(Happening::Arrival));
        QVERIFY(player.jumpToNext(Happening::Arrival));
        QCOMPARE(player.now(), Timestamp(5000));
        QVERIFY(player.jumpToPrevious(Happening::VisibleChange));
        QVERIFY(trace.step(player.currentStep()).changesSomething());
        QVERIFY(player.now() < 5000);
    }

    void aRecordArrivingOnAPeriodMultipleIsFollowedByTheEmissionDueThen()
    {
        // Record 5 arrives at 4 s, a multiple of the 200 ms period: arrivals run first, so right after it the
        // periodic emission due at 4 s is still pending and is the next one, not 4.2 s.
        Player player(post000(1, 0, false));
        const StepIndex arrival = player.trace().placements()[4].arrivalStep;
        QVERIFY(player.seek(arrival));
        QCOMPARE(player.now(), 4000);
        QCOMPARE(player.state().channels[0].nextPeriodicEmit, Timestamp(4000));
        QVERIFY(player.step());
        QCOMPARE(player.trace().step(player.currentStep()).kind, StepKind::PeriodicEmit);
        QCOMPARE(player.now(), 4000);
        QCOMPARE(player.state().channels[0].nextPeriodicEmit, Timestamp(4200));
        QVERIFY(player.seek(0));
        QCOMPARE(player.state().channels[0].nextPeriodicEmit, Timestamp(200));
    }

    void runUntilStopsAtTheLastHappeningNotAfterTheTime()
    {
        Player player(post000(1, 0, false));
        QVERIFY(player.runUntil(2500));
        QCOMPARE(player.now(), 2400);
        QVERIFY(player.trace().step(player.currentStep() + 1).processingTime > 2500);
        QVERIFY(!player.runUntil(2500));
    }

    void periodicEmissionBudgetAllowsExactlyItsCount_data()
    {
        QTest::addColumn<qint64>("horizon");
        QTest::addColumn<int>("records");
        QTest::addColumn<bool>("refused");
        // 200 ms periods, a budget of 1,000 emissions per channel or 20 per record
        QTest::newRow("at the floor") << qint64(200'000) << 2 << false;
        QTest::newRow("one past the floor") << qint64(200'200) << 2 << true;
        QTest::newRow("one period short of it") << qint64(200'199) << 2 << false;
        QTest::newRow("per record, at it") << qint64(200 * 2'000) << 100 << false;
        QTest::newRow("per record, past it") << qint64(200 * 2'001) << 100 << true;
        QTest::newRow("the end of time") << qint64(kMaxTimestamp) << 100 << true;
    }
    void periodicEmissionBudgetAllowsExactlyItsCount()
    {
        QFETCH(qint64, horizon);
        QFETCH(int, records);
        QFETCH(bool, refused);
        WatermarkConfig wm;
        wm.periodMs = 200;
        const auto excess = periodicEmissionExcess(wm, horizon, static_cast<std::size_t>(records), {1'000, 20});
        QCOMPARE(excess.has_value(), refused);
        if (refused)
            QVERIFY2(excess->find("emissions per channel") != std::string::npos, excess->c_str());
    }

    void theHorizonOfALastArrivalNearTheEndOfTimeDoesNotWrap()
    {
        WatermarkConfig wm;
        wm.periodMs = 200;
        QCOMPARE(runHorizon(wm, 1000), Timestamp(1200));
        QCOMPARE(runHorizon(wm, kMaxTimestamp - 100), kMaxTimestamp);
        wm.idlenessMs = 1000;
        QCOMPARE(runHorizon(wm, 1000), Timestamp(2600));
        wm.idlenessMs = kMaxTimestamp - 10;
        QCOMPARE(runHorizon(wm, 0), kMaxTimestamp);
    }

    // Arrivals 23 days apart at a 200 ms period would be ten million steps to record: refused at once, with
    // the numbers and what to change.
    void aRunWhoseArrivalsSpanTooLongIsRefusedUpFront()
    {
        Scenario s = post000(1, 0, false);
        s.records.back().arrival = 2'000'000'000;
        const std::string message = refusalOf(s);
        QVERIFY2(!message.empty(), "the run was not refused");
        QVERIFY2(message.find("23.1 days") != std::string::npos, message.c_str());
        QVERIFY2(message.find("10,000,001 emissions per channel") != std::string::npos, message.c_str());
        QVERIFY2(message.find("\"periodMs\"") != std::string::npos, message.c_str());
        s.records.back().arrival = 20'000'000; // 100,000 emissions: fine
        Player player(s);
        QVERIFY(!player.trace().fires().empty());
    }

    // A window loading a large file shows how far the recording has got, and can stop it.
    void recordingReportsItsProgressAndStopsWhenAsked()
    {
        Scenario s = post000(1, 0, false);
        s.records.back().arrival = 40'000'000; // 200,000 periodic emissions: a few progress calls
        std::vector<std::size_t> done;
        Player::Options options;
        options.progress = [&](std::size_t recordsDone, std::size_t records) {
            done.push_back(recordsDone);
            return records == s.records.size();
        };
        const Player full(s, options);
        QVERIFY(done.size() >= 2);
        QVERIFY(std::is_sorted(done.begin(), done.end()));
        QVERIFY(done.back() <= s.records.size());
        QCOMPARE(full.trace().stepCount(), Player(s).trace().stepCount());

        int calls = 0;
        options.progress = [&](std::size_t, std::size_t) { return ++calls < 2; };
        QVERIFY_THROWS_EXCEPTION(Player::RunCancelled, Player(s, options));
        QCOMPARE(calls, 2);
    }

    void slidingWindowsThatPutARecordIntoMillionsOfWindowsAreRefusedUpFront()
    {
        Scenario s = post000(1, 0, false);
        s.pipeline.window.assigner.type = AssignerSpec::Type::Sliding;
        s.pipeline.window.assigner.sizeMs = 3'600'000;
        s.pipeline.window.assigner.slideMs = 1;
        const std::string message = refusalOf(s);
        QVERIFY2(!message.empty(), "the run was not refused");
        QVERIFY2(message.find("3,600,000 windows") != std::string::npos, message.c_str());
        QVERIFY2(message.find("a slide of at least 360 ms") != std::string::npos, message.c_str());
        s.pipeline.window.assigner.slideMs = 360; // 10,000 windows per record: the most a run may take
        QCOMPARE(windowsPerRecord(s.pipeline.window.assigner), std::uint64_t(10'000));
        Player player(s);
        QVERIFY(player.atStart());
    }

    void aContinuousTriggerThatFiresAWindowMillionsOfTimesIsRefusedUpFront()
    {
        Scenario s = post000(1, 0, false);
        s.pipeline.window.assigner.sizeMs = 3'600'000;
        s.pipeline.window.trigger.type = TriggerSpec::Type::ContinuousEventTime;
        s.pipeline.window.trigger.intervalMs = 1;
        const std::string message = refusalOf(s);
        QVERIFY2(!message.empty(), "the run was not refused");
        QVERIFY2(message.find("up to 3,600,000 times") != std::string::npos, message.c_str());
        QVERIFY2(message.find("an interval of at least 360 ms") != std::string::npos, message.c_str());
        s.pipeline.window.trigger.intervalMs = 360;
        QCOMPARE(firingsPerWindow(s.pipeline.window), std::uint64_t(10'000));
        Player player(s);
        QVERIFY(!player.trace().fires().empty());
        // on the global window no bound follows from the settings: the operator's per-advance limit stays
        s.pipeline.window.assigner.type = AssignerSpec::Type::Global;
        QCOMPARE(firingsPerWindow(s.pipeline.window), std::uint64_t(0));
    }

    void aLiveRecordArrivingTooLateIsRefusedAndChangesNothing()
    {
        Player::Options options;
        options.periodicBudget = {1'000, 20};
        Scenario s = post000(1, 0, false);
        Player player(s, options);
        const std::size_t steps = player.trace().stepCount();
        const std::size_t records = player.scenario().records.size();
        InputRecord late = test::event(s, "0001", 1538359900000, 1, 10'000'000);
        std::string error;
        QCOMPARE(player.appendRecord(late, &error), kNoRecord);
        QVERIFY2(error.find("emissions per channel") != std::string::npos, error.c_str());
        QCOMPARE(player.trace().stepCount(), steps);
        QCOMPARE(player.scenario().records.size(), records);
        late.arrival = InputRecord::kNoArrival; // one spacing after the last record: fine
        QVERIFY(player.appendRecord(late, &error) != kNoRecord);
    }

private:
    static void checkLanesInTimestampOrder(const std::array<Timestamp, 7>& spread)
    {
        Scenario s;
        s.pipeline.window.assigner.sizeMs = 1000;
        for (int k = 0; k < 3; ++k)
            s.keys.intern("k" + std::to_string(k));
        Dice dice(3);
        for (int i = 0; i < 5000; ++i) {
            InputRecord r;
            r.key = static_cast<KeyId>(dice.below(3));
            r.ts = spread[dice.below(7)] + static_cast<Timestamp>(dice.below(3)) * (dice.below(2) ? 1 : 65536);
            r.arrival = i;
            s.records.push_back(r);
        }
        const Player player(s);
        const Trace& t = player.trace();
        for (const LaneKind kind : {LaneKind::All, LaneKind::Key}) {
            for (std::uint32_t lane = 0; lane < t.laneCount(kind); ++lane) {
                std::vector<RecordIndex> expected;
                for (RecordIndex r = 0; r < s.records.size(); ++r) {
                    if (kind == LaneKind::All || s.records[r].key == lane)
                        expected.push_back(r);
                }
                std::stable_sort(expected.begin(), expected.end(),
                    [&](RecordIndex a, RecordIndex b) { return s.records[a].ts < s.records[b].ts; });
                const auto got = t.recordsInRange(kind, lane, kMinTimestamp, kMaxTimestamp);
                QCOMPARE(std::vector<RecordIndex>(got.begin(), got.end()), expected);
                // the lane's columns: the same records, each one's timestamp and arrival step beside it
                const Trace::LaneColumns columns = t.laneColumns(kind, lane);
                QCOMPARE(std::vector<RecordIndex>(columns.records.begin(), columns.records.end()), expected);
                QCOMPARE(columns.ts.size(), expected.size());
                QCOMPARE(columns.arrival.size(), expected.size());
                for (std::size_t i = 0; i < expected.size(); ++i) {
                    QCOMPARE(columns.ts[i], s.records[expected[i]].ts);
                    QCOMPARE(columns.arrival[i], t.placements()[expected[i]].arrivalStep);
                }
                // a range [from, to) is the part of the lane within it
                const auto middle = t.recordsInRange(kind, lane, 0, 999);
                QCOMPARE(std::size_t(std::count_if(expected.begin(), expected.end(),
                             [&](RecordIndex r) { return s.records[r].ts >= 0 && s.records[r].ts < 999; })),
                    middle.size());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestPlayer)
#include "tst_player.moc"
