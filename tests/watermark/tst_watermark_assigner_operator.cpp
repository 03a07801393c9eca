// Flink SQL's WatermarkAssignerOperator driven as Flink's WatermarkAssignerOperatorTest drives it (flink-table-
// runtime/src/test/java/org/apache/flink/table/runtime/operators/wmassigners/WatermarkAssignerOperatorTest.java):
// its BoundedOutOfOrderWatermarkGenerator(0, 1) is the clause `ts - INTERVAL '0.001' SECOND`, a delay of 1 ms; the
// harness's setProcessingTime(t) fires each timer due by t with the clock at t. Then what sets it apart from the
// DataStream assigner, each derived by hand below. Every expected output here is also what Flink 1.20's operator put
// out for the same input in Flink's own test harness, run once by hand.

#include "engine/watermark/WatermarkAssignerOperator.h"

#include <QStringList>
#include <QTest>

using namespace tidemark;

namespace {

// The harness: rows (their rowtime), upstream watermarks and the clock, and what came out, written as Flink's
// harness output reads — "W 3", "IDLE", "ACTIVE" — rows left out, as the test's filterOutRecords does.
class Harness {
public:
    explicit Harness(const WatermarkAssignerOperator::Settings& settings)
        : m_op(settings, 0)
    { }
    void element(Timestamp rowtime)
    {
        m_op.processElement(rowtime, m_items);
        drain();
    }
    void watermark(Timestamp wm)
    {
        m_op.processWatermark(wm, m_items);
        drain();
    }
    // setProcessingTime(t): every timer due by t fires, each seeing the clock at t (so it registers the next one
    // after t: one firing per call, as in Flink's TestProcessingTimeService)
    void setProcessingTime(Timestamp t)
    {
        while (m_op.nextTimer() && *m_op.nextTimer() <= t)
            m_op.onProcessingTime(t, m_items);
        drain();
    }
    const QStringList& out() const { return m_out; }

private:
    void drain()
    {
        for (const WatermarkItem& i : m_items)
            m_out << (i.isWatermark() ? QStringLiteral("W %1").arg(i.watermark)
                    : i.isIdle()      ? QStringLiteral("IDLE")
                                      : QStringLiteral("ACTIVE"));
        m_items.clear();
    }
    WatermarkAssignerOperator m_op;
    WatermarkItems m_items;
    QStringList m_out;
};

WatermarkAssignerOperator::Settings settings(DurationMs delay, DurationMs interval, DurationMs idle)
{
    WatermarkAssignerOperator::Settings s;
    s.delayMs = delay;
    s.autoWatermarkIntervalMs = interval;
    s.idleTimeoutMs = idle;
    return s;
}

} // namespace

class TestWatermarkAssignerOperator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // testWatermarkAssignerWithIdleSource's input (interval 50 ms, idle timeout 1000 ms: a timer every 50 ms), with
    // what Flink 1.20's operator puts out for it in its own test harness (run once by hand to settle it): the
    // timer at 50 finds rows since the last check, so the idle clock starts again at 51; the first timer at or after
    // 51 + 1000 marks it idle — the one due at 1051, which fires at 1052 — and each periodic emission moves the next
    // one 50 ms on from the clock at which it ran.
    void anIdleSourceIsMarkedIdleAndActiveAgainByItsNextRow()
    {
        Harness h(settings(1, 50, 1000));
        h.element(1);
        h.element(2);
        h.watermark(2); // ignored
        h.element(3);
        h.element(4);
        h.setProcessingTime(51); // the timer at 50: 3 is emitted, 50 ms after the last periodic emission (at open, 0)
        QCOMPARE(h.out(), (QStringList {"W 3"}));
        h.setProcessingTime(1001); // the timer at 101 sees 1001: no row since 51, but only 950 ms ago
        QCOMPARE(h.out(), (QStringList {"W 3"}));
        h.setProcessingTime(1052); // the timer at 1051
        QCOMPARE(h.out(), (QStringList {"W 3", "IDLE"}));
        h.element(4);
        h.element(5);
        h.element(6);
        h.element(7);
        h.element(8);
        h.setProcessingTime(1060); // no timer due: the next is at 1102
        QCOMPARE(h.out(), (QStringList {"W 3", "IDLE", "ACTIVE"}));
        h.setProcessingTime(1102);
        QCOMPARE(h.out(), (QStringList {"W 3", "IDLE", "ACTIVE", "W 7"}));
    }

    // testWatermarkAssignerOperator: the ignored upstream watermark, watermarks only from the timer while they move
    // by less than the interval, and Long.MAX_VALUE forwarded.
    void upstreamWatermarksAreIgnoredButTheEndOfInput()
    {
        Harness h(settings(1, 50, 0));
        h.element(1);
        h.element(2);
        h.watermark(2);
        h.element(3);
        h.element(4);
        QVERIFY(h.out().isEmpty()); // 3 − 0 is not more than 50
        for (Timestamp t = 10; t <= 50; t += 10)
            h.setProcessingTime(t);
        QCOMPARE(h.out(), (QStringList {"W 3"}));
        for (const Timestamp ts : {4, 5, 6, 7, 8})
            h.element(ts);
        for (Timestamp t = 60; t <= 100; t += 10)
            h.setProcessingTime(t);
        QCOMPARE(h.out(), (QStringList {"W 3", "W 7"}));
        h.watermark(kMaxTimestamp);
        QCOMPARE(h.out().back(), QStringLiteral("W %1").arg(kMaxTimestamp));
    }

    // ts - INTERVAL '5' SECOND is max − 5000, where the DataStream bound gives max − 5000 − 1; and a row that
    // moves it by more than the interval emits it at once: 12000 − 5000 = 7000 − 0 > 200.
    void theClauseGivesTheLargestTimestampMinusTheDelayAtOnceWhenItMovesFarEnough()
    {
        Harness h(settings(5000, 200, 0));
        h.element(12000);
        QCOMPARE(h.out(), (QStringList {"W 7000"}));
        h.element(12100); // 7100 − 7000 is not more than 200: the timer's
        QCOMPARE(h.out(), (QStringList {"W 7000"}));
        h.setProcessingTime(200);
        QCOMPARE(h.out(), (QStringList {"W 7000", "W 7100"}));
        h.element(11000); // out of order: the largest stays
        h.setProcessingTime(400);
        QCOMPARE(h.out(), (QStringList {"W 7000", "W 7100"}));
    }

    // It starts from 0, not Long.MIN_VALUE: a watermark at or below 0 is never emitted (rows in the first
    // seconds after the epoch, or a delay larger than their timestamps).
    void nothingAtOrBelowZeroIsEmitted()
    {
        Harness h(settings(5000, 200, 0));
        h.element(1000);
        h.element(5000);
        h.setProcessingTime(1000);
        QVERIFY(h.out().isEmpty());
        h.element(5001);
        h.setProcessingTime(1200);
        QCOMPARE(h.out(), (QStringList {"W 1"}));
    }

    // calculateProcessingTimeTimerInterval.
    void theTimerRunsAtTheFinerOfTheTwoPeriods()
    {
        QCOMPARE(WatermarkAssignerOperator::timerInterval(200, 0), DurationMs(200));
        QCOMPARE(WatermarkAssignerOperator::timerInterval(0, 1000), DurationMs(1000));
        QCOMPARE(WatermarkAssignerOperator::timerInterval(50, 1000), DurationMs(50)); // 5 × 50 < 1000
        QCOMPARE(WatermarkAssignerOperator::timerInterval(200, 1000), DurationMs(40)); // a fifth of 200
        QCOMPARE(WatermarkAssignerOperator::timerInterval(2, 3), DurationMs(1)); // at least 1 ms
        QVERIFY(!WatermarkAssignerOperator({0, 0, 0}, 0).nextTimer());
    }

    // Without an interval a row emits whenever the watermark moves (current − last > 0).
    void withoutAnIntervalEveryAdvanceIsEmittedAtOnce()
    {
        Harness h(settings(0, 0, 0));
        h.element(5);
        h.element(5);
        h.element(6);
        QCOMPARE(h.out(), (QStringList {"W 5", "W 6"}));
    }
};

QTEST_APPLESS_MAIN(TestWatermarkAssignerOperator)
#include "tst_watermark_assigner_operator.moc"
