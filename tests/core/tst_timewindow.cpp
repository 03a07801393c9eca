#include "engine/core/TimeWindow.h"

#include <QTest>

using tidemark::Timestamp;
using tidemark::TimeWindow;

class TestTimeWindow : public QObject {
    Q_OBJECT

private slots:
    void windowStartRoundsDownIncludingNegativeTimestamps_data()
    {
        QTest::addColumn<qint64>("ts");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("size");
        QTest::addColumn<qint64>("expected");
        // Rows from TimeWindowTest#testGetWindowStartWithOffset.
        QTest::newRow("size 7, ts -8") << qint64(-8) << qint64(0) << qint64(7) << qint64(-14);
        QTest::newRow("size 7, ts -7") << qint64(-7) << qint64(0) << qint64(7) << qint64(-7);
        QTest::newRow("size 7, ts -1") << qint64(-1) << qint64(0) << qint64(7) << qint64(-7);
        QTest::newRow("size 7, ts 6") << qint64(6) << qint64(0) << qint64(7) << qint64(0);
        QTest::newRow("size 7, ts 7") << qint64(7) << qint64(0) << qint64(7) << qint64(7);
        QTest::newRow("offset 3, ts -10") << qint64(-10) << qint64(3) << qint64(7) << qint64(-11);
        QTest::newRow("offset 3, ts 2") << qint64(2) << qint64(3) << qint64(7) << qint64(-4);
        QTest::newRow("offset 3, ts 3") << qint64(3) << qint64(3) << qint64(7) << qint64(3);
        QTest::newRow("offset -2, ts -12") << qint64(-12) << qint64(-2) << qint64(7) << qint64(-16);
        QTest::newRow("offset -2, ts -2") << qint64(-2) << qint64(-2) << qint64(7) << qint64(-2);
        QTest::newRow("offset -2, ts 4") << qint64(4) << qint64(-2) << qint64(7) << qint64(-2);
        QTest::newRow("offset -2, ts 7") << qint64(7) << qint64(-2) << qint64(7) << qint64(5);
        QTest::newRow("days in UTC+8") << qint64(1470902048450) << qint64(-28800000) << qint64(86400000)
                                       << qint64(1470844800000);
        QTest::newRow("post 003: 5 s window over ...481000")
            << qint64(1607771481000) << qint64(0) << qint64(5000) << qint64(1607771480000);
    }
    void windowStartRoundsDownIncludingNegativeTimestamps()
    {
        QFETCH(qint64, ts);
        QFETCH(qint64, offset);
        QFETCH(qint64, size);
        QFETCH(qint64, expected);
        QCOMPARE(TimeWindow::startWithOffset(ts, offset, size), expected);
    }

    void maxTimestampIsEndMinusOne()
    {
        QCOMPARE(TimeWindow(0, 5000).maxTimestamp(), Timestamp(4999));
        QCOMPARE(TimeWindow::global().maxTimestamp(), tidemark::kMaxTimestamp);
    }

    void touchingWindowsIntersect()
    {
        QVERIFY(TimeWindow(10, 20).intersects(TimeWindow(20, 30)));
        QVERIFY(!TimeWindow(10, 20).intersects(TimeWindow(21, 30)));
        QCOMPARE(TimeWindow(10, 20).cover(TimeWindow(5, 12)), TimeWindow(5, 20));
    }
};

QTEST_APPLESS_MAIN(TestTimeWindow)
#include "tst_timewindow.moc"
