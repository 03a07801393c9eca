// Stepping back and seeking restore real state: after any sequence of moves, the full state at step N
// equals that of a fresh run stepped forward to N. Checked on seeded random scenarios.
#include "RandomScenario.h"
#include "TraceSteps.h"
#include "engine/player/Player.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::test;

namespace {

std::vector<std::string> freshStates(const Scenario& s)
{
    Player::Options noSnapshots;
    noSnapshots.snapshotInterval = 1u << 30;
    Player fresh(s, noSnapshots);
    std::vector<std::string> states {fresh.canonicalState()};
    while (fresh.step())
        states.push_back(fresh.canonicalState());
    return states;
}

QString outputs(const Trace& t)
{
    QString s;
    for (const FireRecord& f : t.fires()) {
        s += QStringLiteral("fire %1 %2 %3 [%4,%5) %6 n=%7\n")
                 .arg(f.step)
                 .arg(f.fire.subtask)
                 .arg(f.fire.key)
                 .arg(f.fire.window.start())
                 .arg(f.fire.window.end())
                 .arg(f.fire.watermark)
                 .arg(f.fire.count);
    }
    for (const LateRecord& l : t.lates())
        s += QStringLiteral("late %1 %2 %3\n").arg(l.step).arg(l.record).arg(l.late.ts);
    return s;
}

} // namespace

class TestPlayerSeek : public QObject {
    Q_OBJECT

private slots:
    void theStateAfterAnySeeksEqualsAFreshRun_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 1; seed <= 60; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void theStateAfterAnySeeksEqualsAFreshRun()
    {
        QFETCH(quint64, seed);
        const Scenario s = randomScenario(seed);
        const std::vector<std::string> reference = freshStates(s);

        Player::Options tight;
        tight.snapshotInterval = 1 + seed % 7;
        tight.snapshotBudgetBytes = 40'000; // forces thinning on the longer runs
        Player player(s, tight);
        QCOMPARE(player.trace().stepCount(), reference.size());
        const auto last = player.lastStep();
        Dice dice(seed * 7919 + 3);
        const Happening happenings[] = {Happening::Fire, Happening::LateFire, Happening::AnyFire, Happening::LateRecord,
            Happening::AnyLate, Happening::OperatorWatermark, Happening::ChannelStatus};
        for (int move = 0; move < 60; ++move) {
            switch (dice.below(8)) {
            case 0:
            case 1:
                player.seek(static_cast<StepIndex>(dice.below(last + 1)));
                break;
            case 2:
                player.stepBack();
                break;
            case 3:
                player.step();
                break;
            case 4:
                player.runUntil(dice.below(player.trace().step(last).processingTime + 1));
                break;
            case 5:
                player.jumpToNext(dice.pick(happenings));
                break;
            case 6:
                player.jumpToPrevious(dice.pick(happenings));
                break;
            default:
                if (dice.chance(50))
                    player.runToEnd();
                else
                    player.rewind();
                break;
            }
            QCOMPARE(QString::fromStdString(player.canonicalState()),
                QString::fromStdString(reference[player.currentStep()]));
        }
    }

    void snapshotsAreThinnedToStayUnderTheMemoryCap()
    {
        Player::Options tight;
        tight.snapshotInterval = 1;
        tight.snapshotBudgetBytes = 30'000;
        Player player(randomScenario(11), tight);
        QVERIFY(player.snapshotBytes() <= tight.snapshotBudgetBytes || player.snapshotCount() == 1);
        QVERIFY(player.snapshotCount() < player.trace().stepCount());
    }

    // A long run foresees the spacing its budget allows and takes its snapshots at it from early on, rather
    // than copying twice as many and thinning them later; seeking in it still restores the exact state.
    void aLongRunTakesItsSnapshotsAtTheSpacingItsBudgetAllows()
    {
        Scenario s;
        s.pipeline.watermarks.maxOutOfOrdernessMs = 50;
        s.pipeline.watermarks.periodMs = 20;
        s.pipeline.window.assigner.sizeMs = 1000;
        s.pipeline.window.function.type = FunctionSpec::Type::Sum;
        for (int k = 0; k < 50; ++k)
            s.keys.intern("k" + std::to_string(k));
        Dice dice(5);
        for (int i = 0; i < 20'000; ++i) {
            InputRecord r;
            r.key = static_cast<KeyId>(dice.below(50));
            r.hasValue = true;
            r.value = static_cast<double>(dice.below(10));
            r.ts = 10'000 + i - static_cast<Timestamp>(dice.below(40));
            r.arrival = i;
            s.records.push_back(r);
        }
        Player::Options options;
        options.snapshotInterval = 8;
        options.snapshotBudgetBytes = 1'000'000;
        Player player(s, options);
        QVERIFY2(player.snapshotCount() >= 8, "the budget must hold several snapshots, or there is nothing to space");
        QVERIFY(player.snapshotBytes() <= options.snapshotBudgetBytes);
        // Thinning alone takes about twice what it keeps; foresight a few more than it keeps, dropped early.
        QVERIFY2(player.snapshotsTaken() <= player.snapshotCount() + player.snapshotCount() / 4 + 4,
            qPrintable(QStringLiteral("%1 taken, %2 kept").arg(player.snapshotsTaken()).arg(player.snapshotCount())));

        Player::Options noSnapshots;
        noSnapshots.snapshotInterval = 1u << 30;
        Player fresh(s, noSnapshots);
        std::vector<StepIndex> targets;
        for (int i = 0; i < 12; ++i)
            targets.push_back(static_cast<StepIndex>(dice.below(player.lastStep() + 1)));
        std::sort(targets.begin(), targets.end());
        for (const StepIndex target : targets) {
            while (fresh.currentStep() < target)
                fresh.step();
            player.seek(target);
            QCOMPARE(QString::fromStdString(player.canonicalState()), QString::fromStdString(fresh.canonicalState()));
        }
    }

    void theRecordedOutputsDoNotDependOnSnapshots_data() { theStateAfterAnySeeksEqualsAFreshRun_data(); }
    void theRecordedOutputsDoNotDependOnSnapshots()
    {
        QFETCH(quint64, seed);
        const Scenario s = randomScenario(seed);
        Player::Options a;
        a.snapshotInterval = 1;
        Player::Options b;
        b.snapshotInterval = 1000;
        QCOMPARE(outputs(Player(s, a).trace()), outputs(Player(s, b).trace()));
    }

    void appendingRecordsLiveGivesTheSameRunAsHavingThemFromTheStart_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 100; seed < 150; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void appendingRecordsLiveGivesTheSameRunAsHavingThemFromTheStart()
    {
        QFETCH(quint64, seed);
        const Scenario full = randomScenario(seed, true);
        const std::vector<std::string> reference = freshStates(full);
        const std::size_t appended = std::min<std::size_t>(1 + seed % 4, full.records.size() - 1);
        Scenario partial = full;
        partial.records.resize(full.records.size() - appended);
        Player::Options options;
        options.snapshotInterval = 3;
        Player live(partial, options);
        Dice dice(seed);
        for (std::size_t i = full.records.size() - appended; i < full.records.size(); ++i) {
            live.seek(static_cast<StepIndex>(dice.below(live.lastStep() + 1)));
            const StepIndex at = live.currentStep();
            const std::string stateBefore = live.canonicalState();
            const std::vector<StepEntry> before = test::everyStep(live.trace());
            std::string error;
            const RecordIndex index = live.appendRecord(full.records[i], &error);
            QCOMPARE(index, RecordIndex(i));
            QVERIFY2(error.empty(), error.c_str());
            // Nothing that happened before the new record's arrival changes.
            const Timestamp arrival = live.scenario().records[i].arrival;
            for (std::size_t k = 0; k < before.size() && before[k].processingTime < arrival; ++k) {
                if (before[k].kind == StepKind::EndOfInput)
                    break;
                QCOMPARE(live.trace().step(static_cast<StepIndex>(k)).kind, before[k].kind);
                QCOMPARE(live.trace().step(static_cast<StepIndex>(k)).subject, before[k].subject);
                QCOMPARE(live.trace().step(static_cast<StepIndex>(k)).flags, before[k].flags);
            }
            if (before[at].processingTime < arrival && before[at].kind != StepKind::EndOfInput) {
                // The position and the pipeline's state stay; only the queue learns of the later horizon.
                QCOMPARE(live.currentStep(), at);
                const std::string after = live.canonicalState();
                QCOMPARE(after.substr(0, after.find("queue ")), stateBefore.substr(0, stateBefore.find("queue ")));
            }
        }
        QCOMPARE(live.trace().stepCount(), reference.size());
        for (StepIndex step = 0; step < reference.size(); step += 1 + static_cast<StepIndex>(dice.below(5))) {
            live.seek(step);
            QCOMPARE(QString::fromStdString(live.canonicalState()), QString::fromStdString(reference[step]));
        }
        QCOMPARE(outputs(live.trace()), outputs(Player(full).trace()));
    }
};

QTEST_GUILESS_MAIN(TestPlayerSeek)
#include "tst_player_seek.moc"
