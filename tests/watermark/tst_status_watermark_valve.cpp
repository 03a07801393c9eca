#include "WatermarkTestSupport.h"

#include "engine/watermark/StatusWatermarkValve.h"

#include <QTest>

using namespace tidemark;

namespace {

// Feeds "c:ts" (watermark ts on channel c), "c:idle", "c:active"; returns each step's output, "-" if none.
QStringList feed(StatusWatermarkValve& valve, const QStringList& steps)
{
    QStringList result;
    for (const QString& step : steps) {
        const auto parts = step.split(QLatin1Char(':'));
        const int channel = parts.at(0).toInt();
        WatermarkItems out;
        if (parts.at(1) == QLatin1String("idle"))
            valve.inputWatermarkStatus(channel, WatermarkStatus::Idle, out);
        else if (parts.at(1) == QLatin1String("active"))
            valve.inputWatermarkStatus(channel, WatermarkStatus::Active, out);
        else
            valve.inputWatermark(channel, parts.at(1).toLongLong(), out);
        result << (out.empty() ? QStringLiteral("-") : describe(out));
    }
    return result;
}

} // namespace

class TestStatusWatermarkValve : public QObject {
    Q_OBJECT

private slots:
    void valveOutputsTheMinimumOverActiveAlignedChannels_data()
    {
        QTest::addColumn<int>("channels");
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("nothing until every channel has reported")
            << 3 << QStringList {"0:5000", "1:7000", "0:9000", "2:6000"} << QStringList {"-", "-", "-", "6000"};
        QTest::newRow("only strict increases are forwarded")
            << 2 << QStringList {"0:10", "1:10", "1:20", "0:15", "0:20"} << QStringList {"-", "10", "-", "15", "20"};
        QTest::newRow("a channel's own watermark never goes back")
            << 2 << QStringList {"0:10", "1:20", "0:5", "1:8", "0:30"} << QStringList {"-", "10", "-", "-", "20"};
        QTest::newRow("an idle channel no longer holds the others back")
            << 3 << QStringList {"0:15", "1:10", "2:idle", "1:18", "0:20"} << QStringList {"-", "-", "10", "15", "18"};
        QTest::newRow("the channel holding the minimum goes idle: the next minimum is released")
            << 3 << QStringList {"0:25", "1:10", "2:17", "1:idle", "2:idle"}
            << QStringList {"-", "-", "10", "17", "25"};
        QTest::newRow("all idle: the max of all is flushed, then IDLE; ACTIVE when one resumes")
            << 3 << QStringList {"0:10", "1:5", "2:3", "0:idle", "1:idle", "2:idle", "1:active"}
            << QStringList {"-", "-", "3", "-", "-", "10 IDLE", "ACTIVE"};
        QTest::newRow("all idle, the last one behind the output: IDLE without a flush")
            << 3 << QStringList {"0:10", "1:20", "2:30", "0:idle", "0:active", "2:idle", "1:idle", "0:idle"}
            << QStringList {"-", "-", "10", "20", "-", "-", "-", "IDLE"};
        QTest::newRow("watermarks on an idle channel are ignored")
            << 1 << QStringList {"0:25", "0:idle", "0:50", "0:active", "0:50"}
            << QStringList {"25", "IDLE", "-", "ACTIVE", "50"};
        QTest::newRow("a channel resuming below the output is unaligned until it catches up")
            << 3 << QStringList {"0:10", "1:7", "2:3", "2:idle", "2:active", "2:5", "2:9", "1:12"}
            << QStringList {"-", "-", "3", "7", "-", "-", "-", "9"};
        QTest::newRow("only unaligned channels active: no watermark and no IDLE")
            << 3 << QStringList {"0:10", "1:7", "2:idle", "2:active", "0:idle", "1:idle"}
            << QStringList {"-", "-", "7", "-", "-", "-"};
    }
    void valveOutputsTheMinimumOverActiveAlignedChannels()
    {
        QFETCH(int, channels);
        QFETCH(QStringList, steps);
        QFETCH(QStringList, expected);
        StatusWatermarkValve valve(channels);
        QCOMPARE(feed(valve, steps), expected);
    }

    void valveTellsWhichChannelsHoldTheOutputBack()
    {
        StatusWatermarkValve valve(3);
        QCOMPARE(valve.channelsHoldingMinimum(), (std::vector<int> {0, 1, 2})); // all at Long.MIN_VALUE
        feed(valve, {"0:5000", "2:4000"});
        QCOMPARE(valve.channelsHoldingMinimum(), std::vector<int> {1});
        QCOMPARE(valve.alignedMinimum(), std::optional<Timestamp>(kMinTimestamp));
        feed(valve, {"1:4000"});
        QCOMPARE(valve.lastOutputWatermark(), Timestamp(4000));
        QCOMPARE(valve.channelsHoldingMinimum(), (std::vector<int> {1, 2}));
        feed(valve, {"2:idle"});
        QCOMPARE(valve.channelsHoldingMinimum(), std::vector<int> {1});
        QVERIFY(!valve.channel(2).aligned);
        QCOMPARE(valve.channel(2).status, WatermarkStatus::Idle);
        feed(valve, {"1:idle", "0:idle"});
        QVERIFY(valve.isIdle());
        QCOMPARE(valve.channelsHoldingMinimum(), std::vector<int> {});
        QVERIFY(!valve.alignedMinimum().has_value());
        QCOMPARE(valve.lastOutputWatermark(), Timestamp(5000));
    }

    void resumedChannelReportsItsAlignment()
    {
        StatusWatermarkValve valve(2);
        feed(valve, {"0:7", "1:10", "0:idle"});
        QCOMPARE(valve.lastOutputWatermark(), Timestamp(10));
        feed(valve, {"0:active"});
        QVERIFY(valve.channel(0).isActive());
        QVERIFY(!valve.channel(0).aligned);
        QCOMPARE(valve.channelsHoldingMinimum(), std::vector<int> {1});
        feed(valve, {"0:9"});
        QVERIFY(!valve.channel(0).aligned);
        QCOMPARE(valve.channel(0).watermark, Timestamp(9));
        feed(valve, {"0:10"});
        QVERIFY(valve.channel(0).aligned);
    }

    void valveCopyIsACompleteSnapshot()
    {
        StatusWatermarkValve valve(2);
        feed(valve, {"0:10", "1:20", "0:idle"});
        const StatusWatermarkValve snapshot = valve;
        const QStringList rest {"0:active", "1:30", "0:40", "1:idle"};
        const auto fromOriginal = feed(valve, rest);
        StatusWatermarkValve restored = snapshot;
        QCOMPARE(feed(restored, rest), fromOriginal);
        QCOMPARE(snapshot.lastOutputWatermark(), Timestamp(20));
        QCOMPARE(valve.lastOutputWatermark(), Timestamp(40));
    }

    void valveRejectsAnEmptyInput() { QVERIFY_THROWS_EXCEPTION(std::invalid_argument, StatusWatermarkValve(0)); }
};

QTEST_APPLESS_MAIN(TestStatusWatermarkValve)
#include "tst_status_watermark_valve.moc"
