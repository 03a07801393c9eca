#include "ScenarioBuilder.h"
#include "engine/player/Player.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::test;

class TestPlayer : public QObject {
    Q_OBJECT

private slots:
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

    void stepsRunInProcessingTimeOrder()
    {
        Player player(post000(1, 0, true));
        const auto steps = player.trace().steps();
        for (std::size_t i = 1; i < steps.size(); ++i)
            QVERIFY(steps[i - 1].processingTime <= steps[i].processingTime);
        QCOMPARE(steps.front().kind, StepKind::Start);
        QVERIFY(player.atStart());
        QVERIFY(player.runToEnd());
        QVERIFY(player.atEnd());
        QVERIFY(!player.step());
    }
};

QTEST_GUILESS_MAIN(TestPlayer)
#include "tst_player.moc"
