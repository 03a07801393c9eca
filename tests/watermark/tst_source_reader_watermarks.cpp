// A Kafka source reader's watermarks (ProgressiveTimestampsAndWatermarks over the scenario's own strategy): one
// generator per partition, the minimum over the partitions that are not idle, and the reader's output going IDLE
// only when its main output is idle too. Each expectation is derived by hand in its comment, from Flink's rules
// (WatermarksWithIdleness#checkIfIdle: the first check starts the clock, idle once now - start > timeout).

#include "WatermarkTestSupport.h"

#include "engine/watermark/ProgressiveTimestampsAndWatermarks.h"
#include "engine/watermark/WatermarkChannel.h"

#include <QTest>

using namespace tidemark;

namespace {

WatermarkConfig bounded(DurationMs delay, DurationMs idleness = 0)
{
    WatermarkConfig c;
    c.strategy = WatermarkConfig::Strategy::BoundedOutOfOrderness;
    c.maxOutOfOrdernessMs = delay;
    c.idlenessMs = idleness;
    return c;
}

using Reader = ProgressiveTimestampsAndWatermarks<StrategyWatermarkGenerator>;

// Steps "add:<split>", "<split>@<now>:<ts>" (a record), "p<now>" (the periodic timer); what each step forwarded,
// "-" for nothing.
QStringList run(Reader& reader, const QStringList& steps)
{
    QStringList result;
    for (const QString& step : steps) {
        WatermarkItems out;
        if (step.startsWith(QLatin1String("add:"))) {
            reader.addSplit(step.mid(4).toStdString());
        } else if (step.startsWith(QLatin1Char('p'))) {
            reader.onPeriodicEmit(step.mid(1).toLongLong(), out);
        } else {
            const QString split = step.section(QLatin1Char('@'), 0, 0);
            const QString rest = step.section(QLatin1Char('@'), 1);
            reader.onSplitRecord(split.toStdString(), rest.section(QLatin1Char(':'), 1).toLongLong(),
                rest.section(QLatin1Char(':'), 0, 0).toLongLong(), out);
        }
        result << (out.empty() ? QStringLiteral("-") : describe(out));
    }
    return result;
}

QStringList ticks(int from, int to, int every = 200)
{
    QStringList t;
    for (int now = from; now <= to; now += every)
        t << QStringLiteral("p%1").arg(now);
    return t;
}

} // namespace

class TestSourceReaderWatermarks : public QObject {
    Q_OBJECT

private slots:
    void aSilentPartitionHoldsItsReaderAtMinimum()
    {
        // topic-1 never sends: its generator stays at Long.MIN_VALUE, and so does the minimum. The main generator
        // emits Long.MIN_VALUE on every tick (dropped), which keeps the reader from going idle: nothing at all.
        for (const FlinkVersion line : {FlinkVersion {1, 20}, FlinkVersion {2, 3}}) {
            Reader reader(StrategyWatermarkGenerator(bounded(1000)), line);
            QStringList steps {"add:topic-0", "add:topic-1", "topic-0@100:10000"};
            steps << ticks(200, 10000);
            const QStringList out = run(reader, steps);
            QCOMPARE(out.filter(QRegularExpression(QStringLiteral("^[^-]"))), QStringList {});
            QCOMPARE(reader.splits().holdingBack()->id, std::string("topic-1"));
            QCOMPARE(reader.currentWatermark(), kMinTimestamp);
        }
    }

    void withIdlenessTheSilentPartitionIsLeftOut()
    {
        // withIdleness(3 s), ticks every 200 ms from 200:
        //  * topic-1 (no record): its first check at 200 starts its clock; idle once now - 200 > 3000, at 3400;
        //  * topic-0 (one record at 100): the check at 200 sees the record, the one at 400 starts the clock; idle
        //    once now - 400 > 3000, at 3600;
        //  * the main generator (no record): idle at 3400, like topic-1.
        // At 3400 topic-1 goes idle first (splits run before the main output), so the minimum is topic-0's
        // 10000 - 1000 - 1 = 8999: the reader forwards it. At 3600 topic-0 is idle too, and so is the main
        // output: the reader goes IDLE (in Flink 2.x the all-idle maximum is 8999 again, which is no rise).
        for (const FlinkVersion line : {FlinkVersion {1, 20}, FlinkVersion {2, 3}}) {
            Reader reader(StrategyWatermarkGenerator(bounded(1000, 3000)), line);
            QStringList steps {"add:topic-0", "add:topic-1", "topic-0@100:10000"};
            steps << ticks(200, 4000);
            const QStringList out = run(reader, steps);
            const auto at = [&out](int now) { return out[3 + (now - 200) / 200]; };
            for (int now = 200; now <= 3200; now += 200)
                QCOMPARE(at(now), QStringLiteral("-"));
            QCOMPARE(at(3400), QStringLiteral("8999"));
            QCOMPARE(at(3600), QStringLiteral("IDLE"));
            QCOMPARE(at(3800), QStringLiteral("-"));
            QVERIFY(reader.isIdle());

            // topic-1 comes back with 20000: its next tick un-idles it, and the minimum is topic-0's 8999 (idle
            // still, left out) versus topic-1's 18999: the reader forwards ACTIVE and 18999.
            const QStringList back = run(reader, {"topic-1@4100:20000", "p4200"});
            QCOMPARE(back, (QStringList {"-", "ACTIVE 18999"}));
        }
    }

    void flink2MovesAnAllIdleReaderToTheHighestPartition()
    {
        // Two partitions with per-event emission, then both idle: Flink 2.x (FLINK-38454) combines them at the
        // highest, 1.20 stays at the minimum they had while active.
        //   topic-0@100:5000 -> 4999 (topic-1 still at MIN: nothing); topic-1@150:2000 -> min(4999, 1999) = 1999.
        //   Idleness 1000, ticks from 200. Per-event emission runs each split's onPeriodicEmit right after its
        //   record (docs/execution-model.md), and that check takes in the record's activity; so the first tick
        //   (200) starts both splits' clocks, as it does the main output's: all three idle at 1400 (1400 - 200 >
        //   1000). The splits go first: 2.x forwards the maximum, 4999, then the main output completes the IDLE;
        //   1.20 forwards IDLE only.
        WatermarkConfig c = bounded(0, 1000);
        c.emission = WatermarkConfig::Emission::PerEvent;
        for (const FlinkVersion line : {FlinkVersion {1, 20}, FlinkVersion {2, 3}}) {
            Reader reader(StrategyWatermarkGenerator(c), line, true);
            QStringList steps {"add:topic-0", "add:topic-1", "topic-0@100:5000", "topic-1@150:2000"};
            steps << ticks(200, 1600);
            const QStringList out = run(reader, steps);
            QCOMPARE(out[2], QStringLiteral("-"));
            QCOMPARE(out[3], QStringLiteral("1999"));
            const auto at = [&out](int now) { return out[4 + (now - 200) / 200]; };
            for (int now = 200; now <= 1200; now += 200)
                QCOMPARE(at(now), QStringLiteral("-"));
            QCOMPARE(at(1400), line.major >= 2 ? QStringLiteral("4999 IDLE") : QStringLiteral("IDLE"));
            QCOMPARE(at(1600), QStringLiteral("-"));
            QCOMPARE(reader.currentWatermark(), line.major >= 2 ? 4999 : 1999);
        }
    }

    void aReaderWithoutPartitionsSaysNothingUnlessItsMainOutputGoesIdle()
    {
        // No split: the multiplexer has no output and reports nothing. Without idleness the main generator keeps
        // the reader active and silent; with withIdleness(1 s) its first check (200) starts the clock and at 1400
        // (1400 - 200 > 1000) the reader goes IDLE, once.
        for (const FlinkVersion line : {FlinkVersion {1, 20}, FlinkVersion {2, 3}}) {
            Reader silent(StrategyWatermarkGenerator(bounded(1000)), line);
            QCOMPARE(run(silent, ticks(200, 3000)).filter(QRegularExpression(QStringLiteral("^[^-]"))), QStringList {});
            QVERIFY(!silent.isIdle());

            Reader idle(StrategyWatermarkGenerator(bounded(1000, 1000)), line);
            const QStringList out = run(idle, ticks(200, 3000));
            QCOMPARE(out.indexOf(QStringLiteral("IDLE")), (1400 - 200) / 200);
            QCOMPARE(out.count(QStringLiteral("IDLE")), 1);
        }
    }

    void aRecordOfASplitNotGivenIsAnError()
    {
        Reader reader(StrategyWatermarkGenerator(bounded(0)), FlinkVersion {2, 3});
        WatermarkItems out;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reader.onSplitRecord("topic-9", 1, 0, out));
    }
};

QTEST_APPLESS_MAIN(TestSourceReaderWatermarks)
#include "tst_source_reader_watermarks.moc"
