#include "WatermarkTestSupport.h"

#include "engine/watermark/WatermarkChannel.h"

#include <QTest>

using namespace tidemark;

namespace {

WatermarkConfig config(WatermarkConfig::Strategy strategy, DurationMs delay = 0, DurationMs idleness = 0)
{
    WatermarkConfig c;
    c.strategy = strategy;
    c.maxOutOfOrdernessMs = delay;
    c.idlenessMs = idleness;
    return c;
}

// Runs a channel through steps "e<ts>" (event), "p<now>" (periodic emit), "w<ts>" (watermark record),
// "end<now>" (end of input), returning what each step forwarded, "-" for nothing.
QStringList run(WatermarkChannel& channel, const QStringList& steps)
{
    QStringList result;
    for (const QString& step : steps) {
        WatermarkItems out;
        if (step.startsWith(QLatin1String("end")))
            channel.onEndOfInput(step.mid(3).toLongLong(), out);
        else if (step.startsWith(QLatin1Char('e')))
            channel.onEvent(step.mid(1).toLongLong(), out);
        else if (step.startsWith(QLatin1Char('p')))
            channel.onPeriodicEmit(step.mid(1).toLongLong(), out);
        else if (step.startsWith(QLatin1Char('w')))
            channel.onWatermarkRecord(step.mid(1).toLongLong(), out);
        else
            qFatal("bad step");
        result << (out.empty() ? QStringLiteral("-") : describe(out));
    }
    return result;
}

} // namespace

class TestWatermarkChannel : public QObject {
    Q_OBJECT

private slots:
    void channelForwardsWhatItsStrategyComputes_data()
    {
        using S = WatermarkConfig::Strategy;
        QTest::addColumn<int>("strategy");
        QTest::addColumn<qint64>("delay");
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("bounded: nothing on events, max - d - 1 on the timer")
            << int(S::BoundedOutOfOrderness) << qint64(2000) << QStringList {"p200", "e10000", "p400", "e9000", "p600"}
            << QStringList {"-", "-", "7999", "-", "-"};
        QTest::newRow("per-event emission: event then emit in one step")
            << int(S::BoundedOutOfOrderness) << qint64(0) << QStringList {"e1000", "p0", "e3000", "p0", "e2000", "p0"}
            << QStringList {"-", "999", "-", "2999", "-", "-"};
        QTest::newRow("monotonous: max - 1")
            << int(S::Monotonous) << qint64(0) << QStringList {"e5000", "p200"} << QStringList {"-", "4999"};
        QTest::newRow("legacy: max - d") << int(S::LegacyBoundedOutOfOrderness) << qint64(2000)
                                         << QStringList {"p200", "e10000", "p400"} << QStringList {"-", "-", "8000"};
        QTest::newRow("input: only watermark records move it, never backwards")
            << int(S::Input) << qint64(0) << QStringList {"e5000", "p200", "w4999", "w3000", "w4999", "w6000"}
            << QStringList {"-", "-", "4999", "-", "-", "6000"};
        QTest::newRow("watermark records add to the generator's own")
            << int(S::BoundedOutOfOrderness) << qint64(1000) << QStringList {"e5000", "p200", "w8000", "e9000", "p400"}
            << QStringList {"-", "3999", "8000", "-", "-"};
        // Flink's source task emits MAX_WATERMARK before finish() runs the last periodic emit, so the
        // generator's pending 3999 is never forwarded.
        QTest::newRow("end of input: Long.MAX_VALUE, then a periodic emit that cannot move it")
            << int(S::BoundedOutOfOrderness) << qint64(1000) << QStringList {"e5000", "end1000"}
            << QStringList {"-", QString::number(kMaxTimestamp)};
        QTest::newRow("end of input with strategy input")
            << int(S::Input) << qint64(0) << QStringList {"e5000", "end1000"}
            << QStringList {"-", QString::number(kMaxTimestamp)};
    }
    void channelForwardsWhatItsStrategyComputes()
    {
        QFETCH(int, strategy);
        QFETCH(qint64, delay);
        QFETCH(QStringList, steps);
        QFETCH(QStringList, expected);
        WatermarkChannel channel(config(WatermarkConfig::Strategy(strategy), delay));
        QCOMPARE(run(channel, steps), expected);
    }

    void channelExposesTheFormulaOfItsNextWatermark()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 10000));
        QVERIFY(!channel.maxTimestampSeen().has_value());
        QCOMPARE(channel.pendingWatermark(), std::optional<Timestamp>(kMinTimestamp));
        QCOMPARE(channel.currentWatermark(), kMinTimestamp);

        // 10:11:37.000 and an earlier event
        run(channel, {"e36697000", "e36690000"});
        QCOMPARE(channel.maxTimestampSeen(), std::optional<Timestamp>(36697000));
        QCOMPARE(channel.pendingWatermarkLag(), std::optional<DurationMs>(10001));
        QCOMPARE(channel.pendingWatermark(), std::optional<Timestamp>(36697000 - 10000 - 1));
        QCOMPARE(channel.currentWatermark(), kMinTimestamp); // nothing forwarded yet
        QCOMPARE(channel.eventsSeen(), std::uint64_t(2));

        run(channel, {"p200"});
        QCOMPARE(channel.currentWatermark(), Timestamp(36686999));

        WatermarkChannel legacy(config(WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness, 10000));
        QCOMPARE(legacy.pendingWatermarkLag(), std::optional<DurationMs>(10000));
        WatermarkChannel input(config(WatermarkConfig::Strategy::Input));
        QVERIFY(!input.pendingWatermark().has_value());
        QVERIFY(!input.pendingWatermarkLag().has_value());
    }

    // Period 200 ms, idleness 1000 ms, last event before the check at 200: the check at 200 sees
    // activity and resets, the one at 400 starts the timer, 1400 is exactly the timeout, 1600 is idle.
    void channelGoesIdleAtTheFirstCheckStrictlyAfterTheTimeout()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 0, 1000));
        const QStringList steps {"e5000", "p200", "p400", "p600", "p1400", "p1600", "p1800"};
        QCOMPARE(run(channel, steps), (QStringList {"-", "4999", "-", "-", "-", "IDLE", "-"}));
        QVERIFY(channel.isIdle());
        QCOMPARE(channel.idlenessTimer()->startOfInactivity(), std::optional<Timestamp>(400));
        QCOMPARE(channel.idlenessTimer()->idleTimeout(), DurationMs(1000));
    }

    void idleChannelSendsActiveOnlyWithAWatermarkThatAdvances()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 0, 1000));
        run(channel, {"e5000", "p200", "p400", "p1600"});
        QVERIFY(channel.isIdle());
        // A late event does not raise the watermark: the output stays IDLE.
        QCOMPARE(run(channel, {"e3000", "p1800"}), (QStringList {"-", "-"}));
        QVERIFY(channel.isIdle());
        QCOMPARE(run(channel, {"e7000", "p2000"}), (QStringList {"-", "ACTIVE 6999"}));
        QVERIFY(!channel.isIdle());
    }

    void watermarkRecordCountsAsActivityAndWakesAnIdleChannel()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::Input, 0, 1000));
        QCOMPARE(run(channel, {"w100", "p200", "p400", "p1401"}), (QStringList {"100", "-", "-", "IDLE"}));
        QCOMPARE(run(channel, {"w200", "p1600", "p1800"}), (QStringList {"ACTIVE 200", "-", "-"}));
        QCOMPARE(channel.idlenessTimer()->startOfInactivity(), std::optional<Timestamp>(1800));
    }

    void endOfInputOnAnIdleChannelReactivatesItFirst()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 0, 100));
        run(channel, {"e5000", "p200", "p400", "p600"});
        QVERIFY(channel.isIdle());
        // Long.MAX_VALUE makes it active. The periodic emit of finish() right after finds the stream idle
        // but WatermarksWithIdleness still remembers having marked it idle (only an event resets that),
        // so it does not mark it again.
        QCOMPARE(run(channel, {"end700"}), (QStringList {QStringLiteral("ACTIVE %1").arg(kMaxTimestamp)}));
    }

    void endOfInputCanStillMarkAQuietChannelIdleAfterLongMax()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 0, 100));
        run(channel, {"e5000", "p200", "p400"}); // the check at 400 starts the inactivity timer
        QVERIFY(!channel.isIdle());
        QCOMPARE(run(channel, {"end600"}), (QStringList {QStringLiteral("%1 IDLE").arg(kMaxTimestamp)}));
    }

    void channelCopyIsACompleteSnapshot()
    {
        WatermarkChannel channel(config(WatermarkConfig::Strategy::BoundedOutOfOrderness, 0, 1000));
        run(channel, {"e5000", "p200", "p400"});
        const WatermarkChannel snapshot = channel;
        const QStringList rest {"e6000", "p600", "p800", "p1800", "p2000"};
        const QStringList fromOriginal = run(channel, rest);
        WatermarkChannel restored = snapshot;
        QCOMPARE(run(restored, rest), fromOriginal);
        QCOMPARE(snapshot.currentWatermark(), Timestamp(4999));
        QCOMPARE(snapshot.maxTimestampSeen(), std::optional<Timestamp>(5000));
        QCOMPARE(channel.maxTimestampSeen(), std::optional<Timestamp>(6000));
    }
};

QTEST_APPLESS_MAIN(TestWatermarkChannel)
#include "tst_watermark_channel.moc"
