#include "WatermarkTestSupport.h"

#include "engine/watermark/TimestampsAndWatermarksOperator.h"
#include "engine/watermark/WatermarkGenerator.h"

#include <QTest>

#include <functional>
#include <memory>

using namespace tidemark;

Q_DECLARE_METATYPE(std::shared_ptr<tidemark::WatermarkGenerator>)

namespace {

Timestamp probe(WatermarkGenerator& generator)
{
    RecordingOutput out;
    generator.onPeriodicEmit(out);
    if (out.items.size() != 1 || !out.items.front().isWatermark())
        throw std::runtime_error("expected exactly one watermark from onPeriodicEmit");
    return out.items.front().watermark;
}

void feed(WatermarkGenerator& generator, const QList<qint64>& timestamps)
{
    RecordingOutput out;
    for (const qint64 ts : timestamps)
        generator.onEvent(ts, out);
}

} // namespace

class TestWatermarkGenerators : public QObject {
    Q_OBJECT

private slots:
    void firstPeriodicWatermarkIsExactlyLongMinValue_data()
    {
        QTest::addColumn<std::shared_ptr<WatermarkGenerator>>("generator");
        QTest::newRow("bounded, d = 0") << std::shared_ptr<WatermarkGenerator>(
            std::make_shared<BoundedOutOfOrdernessWatermarks>(0));
        QTest::newRow("bounded, d = 10") << std::shared_ptr<WatermarkGenerator>(
            std::make_shared<BoundedOutOfOrdernessWatermarks>(10));
        QTest::newRow("bounded, d = Long.MAX_VALUE")
            << std::shared_ptr<WatermarkGenerator>(std::make_shared<BoundedOutOfOrdernessWatermarks>(kMaxTimestamp));
        QTest::newRow("monotonous") << std::shared_ptr<WatermarkGenerator>(
            std::make_shared<AscendingTimestampsWatermarks>());
        QTest::newRow("legacy bounded, d = 10")
            << std::shared_ptr<WatermarkGenerator>(std::make_shared<BoundedOutOfOrdernessTimestampExtractor>(10));
        QTest::newRow("legacy ascending")
            << std::shared_ptr<WatermarkGenerator>(std::make_shared<AscendingTimestampExtractor>());
    }
    void firstPeriodicWatermarkIsExactlyLongMinValue()
    {
        QFETCH(std::shared_ptr<WatermarkGenerator>, generator);
        QCOMPARE(probe(*generator), kMinTimestamp);
        QCOMPARE(probe(*generator), kMinTimestamp); // probing has no effect of its own
    }

    void boundedSubtractsDelayPlusOneWhileLegacySubtractsDelay_data()
    {
        QTest::addColumn<QList<qint64>>("events");
        QTest::addColumn<qint64>("delay");
        QTest::addColumn<qint64>("bounded");
        QTest::addColumn<qint64>("legacy");
        QTest::newRow("one event") << QList<qint64> {10000} << qint64(2000) << qint64(7999) << qint64(8000);
        QTest::newRow("out of order: the max counts")
            << QList<qint64> {12345, 12300, 12340, 12280} << qint64(10) << qint64(12334) << qint64(12335);
        QTest::newRow("zero delay") << QList<qint64> {5000} << qint64(0) << qint64(4999) << qint64(5000);
        QTest::newRow("negative timestamps") << QList<qint64> {-3000} << qint64(1000) << qint64(-4001) << qint64(-4000);
        QTest::newRow("Long.MAX_VALUE event")
            << QList<qint64> {kMaxTimestamp} << qint64(10) << qint64(kMaxTimestamp - 11) << qint64(kMaxTimestamp - 10);
    }
    void boundedSubtractsDelayPlusOneWhileLegacySubtractsDelay()
    {
        QFETCH(QList<qint64>, events);
        QFETCH(qint64, delay);
        QFETCH(qint64, bounded);
        QFETCH(qint64, legacy);

        BoundedOutOfOrdernessWatermarks modern(delay);
        BoundedOutOfOrdernessTimestampExtractor old(delay);
        feed(modern, events);
        feed(old, events);
        QCOMPARE(modern.currentWatermark(), bounded);
        QCOMPARE(probe(modern), bounded);
        QCOMPARE(old.currentWatermark(), legacy);
        QCOMPARE(probe(old), legacy);
    }

    // Window [0, 5000) (maxTimestamp 4999), d = 2000: with the legacy extractor an event at 6999 already
    // fires it, so an event at exactly 4999 (d behind the max) arriving next is late; with the -1 it is not.
    void legacyExtractorFiresAWindowOneMillisecondEarlier_data()
    {
        QTest::addColumn<qint64>("maxSeen");
        QTest::addColumn<bool>("boundedFires");
        QTest::addColumn<bool>("legacyFires");
        QTest::newRow("max 6998") << qint64(6998) << false << false;
        QTest::newRow("max 6999 = end - 1 + d") << qint64(6999) << false << true;
        QTest::newRow("max 7000 = end + d") << qint64(7000) << true << true;
    }
    void legacyExtractorFiresAWindowOneMillisecondEarlier()
    {
        QFETCH(qint64, maxSeen);
        QFETCH(bool, boundedFires);
        QFETCH(bool, legacyFires);
        constexpr Timestamp windowMaxTimestamp = 4999;
        BoundedOutOfOrdernessWatermarks modern(2000);
        BoundedOutOfOrdernessTimestampExtractor old(2000);
        feed(modern, {maxSeen});
        feed(old, {maxSeen});
        QCOMPARE(probe(modern) >= windowMaxTimestamp, boundedFires);
        QCOMPARE(probe(old) >= windowMaxTimestamp, legacyFires);
    }

    void monotonousGeneratorEmitsMaxMinusOne()
    {
        AscendingTimestampsWatermarks generator;
        feed(generator, {12345, 12340});
        QCOMPARE(probe(generator), Timestamp(12344));
    }

    void legacyExtractorDoesNotUnderflowOnLongMinEvents()
    {
        BoundedOutOfOrdernessTimestampExtractor extractor(10);
        feed(extractor, {kMinTimestamp, kMinTimestamp + 2});
        QCOMPARE(probe(extractor), kMinTimestamp);
        QCOMPARE(extractor.currentMaxTimestamp(), kMinTimestamp + 10);
        feed(extractor, {kMaxTimestamp});
        QCOMPARE(probe(extractor), kMaxTimestamp - 10);
    }

    void legacyAscendingExtractorCountsViolationsWithoutMovingBack()
    {
        AscendingTimestampExtractor extractor;
        feed(extractor, {100, 50, 100, 120});
        QCOMPARE(extractor.violations(), std::uint64_t(1));
        QCOMPARE(extractor.currentTimestamp(), Timestamp(120));
        QCOMPARE(probe(extractor), Timestamp(119));
    }

    void negativeDelayIsRejected()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BoundedOutOfOrdernessWatermarks(-1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BoundedOutOfOrdernessTimestampExtractor(-1));
    }

    // checkIfIdle at the given processing times (ms), with activity before the checks marked '*'.
    void idlenessTimerDeclaresIdleOnlyStrictlyAfterTimeoutSinceTheFirstQuietCheck_data()
    {
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QList<bool>>("expected");
        // timeout 1000 ms throughout
        QTest::newRow("first check only starts the timer") << QStringList {"100"} << QList<bool> {false};
        QTest::newRow("exactly the timeout is not idle") << QStringList {"100", "1100"} << QList<bool> {false, false};
        QTest::newRow("one ms past the timeout is idle") << QStringList {"100", "1101"} << QList<bool> {false, true};
        QTest::newRow("stays idle") << QStringList {"100", "1101", "1102", "5000"}
                                    << QList<bool> {false, true, true, true};
        QTest::newRow("activity resets; the next quiet check restarts")
            << QStringList {"100", "*1200", "1300", "2300", "2301"} << QList<bool> {false, false, false, false, true};
        QTest::newRow("processing time 0 can start the timer")
            << QStringList {"0", "1001"} << QList<bool> {false, true};
    }
    void idlenessTimerDeclaresIdleOnlyStrictlyAfterTimeoutSinceTheFirstQuietCheck()
    {
        QFETCH(QStringList, steps);
        QFETCH(QList<bool>, expected);
        IdlenessTimer timer(1000);
        QList<bool> actual;
        for (QString step : steps) {
            if (step.startsWith(QLatin1Char('*'))) {
                timer.activity();
                step.remove(0, 1);
            }
            actual << timer.checkIfIdle(step.toLongLong());
        }
        QCOMPARE(actual, expected);
    }

    void withIdlenessMarksIdleOnceAndDelegatesOtherwise()
    {
        WatermarksWithIdleness<BoundedOutOfOrdernessWatermarks> generator(BoundedOutOfOrdernessWatermarks(0), 1000);
        RecordingOutput out;
        generator.onEvent(5000, out);
        for (const Timestamp now : {200, 400, 1400, 1401, 1600}) {
            generator.advanceClock(now);
            generator.onPeriodicEmit(out);
        }
        // 200: activity -> reset, delegate; 400: starts the timer, delegate; 1400: not yet; 1401: idle.
        QCOMPARE(describe(out.items), QStringLiteral("4999 4999 4999 IDLE"));
        QVERIFY(generator.isIdleNow());

        out.items.clear();
        generator.onEvent(6000, out);
        QVERIFY(!generator.isIdleNow());
        generator.advanceClock(1800);
        generator.onPeriodicEmit(out);
        QCOMPARE(describe(out.items), QStringLiteral("5999"));
    }

    void zeroIdleTimeoutIsRejected()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
            (WatermarksWithIdleness<AscendingTimestampsWatermarks>(AscendingTimestampsWatermarks(), 0)));
    }

    void emitterNeverGoesBackwardsAndNeverForwardsLongMin()
    {
        WatermarkEmitter emitter;
        WatermarkItems out;
        for (const Timestamp ts :
            {kMinTimestamp, Timestamp(12), Timestamp(17), Timestamp(10), Timestamp(17), Timestamp(18)})
            emitter.emitWatermark(ts, out);
        QCOMPARE(describe(out), QStringLiteral("12 17 18"));
        QCOMPARE(emitter.currentWatermark(), Timestamp(18));
    }

    void emitterForwardsIdleOnceAndActiveRightBeforeTheNextForwardedWatermark()
    {
        WatermarkEmitter emitter;
        WatermarkItems out;
        emitter.emitWatermark(100, out);
        emitter.markIdle(out);
        emitter.markIdle(out);
        emitter.emitWatermark(90, out); // not forwarded: stays idle, no ACTIVE
        QVERIFY(emitter.isIdle());
        emitter.emitWatermark(100, out);
        QVERIFY(emitter.isIdle());
        emitter.emitWatermark(101, out);
        QVERIFY(!emitter.isIdle());
        QCOMPARE(describe(out), QStringLiteral("100 IDLE ACTIVE 101"));
    }

    void operatorForwardsTheRecordBeforeTheWatermarkItCauses()
    {
        // A punctuated generator: emits the event's timestamp from onEvent.
        struct Punctuated final : WatermarkGenerator {
            void onEvent(Timestamp ts, WatermarkOutput& out) override { out.emitWatermark(ts); }
            void onPeriodicEmit(WatermarkOutput&) override { }
        };
        TimestampsAndWatermarksOperator<Punctuated> op {Punctuated()};
        WatermarkItems out;
        QStringList log;
        for (const Timestamp ts : {4, 2, 7}) {
            op.processElement(
                ts, [&] { log << QStringLiteral("record %1").arg(ts); }, out);
            log << describe(out);
            out.clear();
        }
        QCOMPARE(log, (QStringList {"record 4", "4", "record 2", "", "record 7", "7"}));
    }

    void operatorSwallowsUpstreamWatermarksExceptLongMax()
    {
        TimestampsAndWatermarksOperator<BoundedOutOfOrdernessWatermarks> op {BoundedOutOfOrdernessWatermarks(0)};
        WatermarkItems out;
        op.processWatermark(42, out);
        op.processWatermarkStatus(WatermarkStatus::Idle);
        op.onPeriodicEmit(50, out); // Long.MIN_VALUE: never forwarded
        QVERIFY(out.empty());
        op.processWatermark(kMaxTimestamp, out);
        QCOMPARE(describe(out), QString::number(kMaxTimestamp));
    }

    void operatorCopyIsAnIndependentSnapshot()
    {
        TimestampsAndWatermarksOperator<WatermarksWithIdleness<BoundedOutOfOrdernessWatermarks>> op {
            WatermarksWithIdleness<BoundedOutOfOrdernessWatermarks>(BoundedOutOfOrdernessWatermarks(10), 100)};
        WatermarkItems out;
        op.onEvent(1000, out);
        op.onPeriodicEmit(200, out);
        const auto snapshot = op;
        op.onEvent(5000, out);
        op.onPeriodicEmit(400, out);
        QCOMPARE(op.emitter().currentWatermark(), Timestamp(4989));
        QCOMPARE(snapshot.emitter().currentWatermark(), Timestamp(989));
        QCOMPARE(snapshot.generator().inner().maxTimestamp(), Timestamp(1000));
        // Replaying the same step from the snapshot gives the same output as the original did.
        auto replay = snapshot;
        WatermarkItems replayed;
        replay.onEvent(5000, replayed);
        replay.onPeriodicEmit(400, replayed);
        QCOMPARE(describe(replayed), QStringLiteral("4989"));
    }
};

QTEST_APPLESS_MAIN(TestWatermarkGenerators)
#include "tst_watermark_generators.moc"
