#include "engine/player/TimeFormat.h"

#include <QTest>

using namespace tidemark;

class TestTimeFormat : public QObject {
    Q_OBJECT

private slots:
    void epochMillisecondsAlwaysCarryTheirUnit()
    {
        const TimeFormatter f;
        QCOMPARE(f.timestamp(4999), std::string("4999 ms"));
        QCOMPARE(f.timestamp(-1), std::string("\u22121 ms"));
        QCOMPARE(f.timestamp(kMinTimestamp), std::string("\u2212\u221e"));
        QCOMPARE(f.timestamp(kMaxTimestamp), std::string("+\u221e"));
        QCOMPARE(f.window(0, 5000), std::string("[0, 5000) ms"));
    }

    void dateTimeUsesTheZoneOffsetOfTheInstant_data()
    {
        QTest::addColumn<QString>("zone");
        QTest::addColumn<qint64>("t");
        QTest::addColumn<QString>("time");
        QTest::addColumn<QString>("date");
        QTest::newRow("post 000 in Shanghai") << "Asia/Shanghai" << qint64(1538359897000) << "10:11:37.000"
                                              << "2018-10-01 10:11:37.000";
        QTest::newRow("fixed offset") << "UTC+08:00" << qint64(1538359896999) << "10:11:36.999"
                                      << "2018-10-01 10:11:36.999";
        QTest::newRow("UTC") << "UTC" << qint64(0) << "00:00:00.000"
                             << "1970-01-01 00:00:00.000";
        QTest::newRow("before the epoch") << "UTC" << qint64(-1) << "23:59:59.999"
                                          << "1969-12-31 23:59:59.999";
        QTest::newRow("Berlin summer") << "Europe/Berlin" << qint64(1719835200000) << "14:00:00.000"
                                       << "2024-07-01 14:00:00.000";
        QTest::newRow("Berlin winter") << "Europe/Berlin" << qint64(1704110400000) << "13:00:00.000"
                                       << "2024-01-01 13:00:00.000";
    }
    void dateTimeUsesTheZoneOffsetOfTheInstant()
    {
        QFETCH(QString, zone);
        QFETCH(qint64, t);
        QFETCH(QString, time);
        QFETCH(QString, date);
        DisplaySettings d;
        d.timeFormat = DisplaySettings::TimeFormat::DateTime;
        d.zone = zone.toStdString();
        const TimeFormatter f(d);
        QCOMPARE(QString::fromStdString(f.timestamp(t)), time);
        QCOMPARE(QString::fromStdString(f.dateTime(t)), date);
    }

    void wholeSecondWindowsDropTheMilliseconds()
    {
        DisplaySettings d;
        d.timeFormat = DisplaySettings::TimeFormat::DateTime;
        d.zone = "Asia/Shanghai";
        const TimeFormatter f(d);
        QCOMPARE(f.window(1538359881000, 1538359884000), std::string("[10:11:21, 10:11:24)"));
        QCOMPARE(f.window(1538359881500, 1538359884000), std::string("[10:11:21.500, 10:11:24.000)"));
        QCOMPARE(f.axisLabel(1538359881000), std::string("UTC+08:00"));
    }

    void runsThatCrossMidnightShowTheDate()
    {
        DisplaySettings d;
        d.timeFormat = DisplaySettings::TimeFormat::DateTime;
        d.zone = "UTC+08:00";
        TimeFormatter f(d);
        // 2024-03-01 23:59:59.999 and 2024-03-02 00:00:00.000 local time: one millisecond, two days.
        const Timestamp before = 1709308799999;
        f.showDatesAcross(1709280000000, before);
        QVERIFY(!f.showsDates());
        QCOMPARE(f.timestamp(before), std::string("23:59:59.999"));
        f.showDatesAcross(1709280000000, before + 1);
        QVERIFY(f.showsDates());
        QCOMPARE(f.timestamp(before), std::string("2024-03-01 23:59:59.999"));
        QCOMPARE(f.timestamp(before + 1), std::string("2024-03-02 00:00:00.000"));
        QCOMPARE(f.dateTime(before), std::string("2024-03-01 23:59:59.999"));
        QCOMPARE(f.window(before + 1 - 3000, before + 1), std::string("[2024-03-01 23:59:57, 2024-03-02 00:00:00)"));
    }

    void relativeTimesCountFromTheOrigin()
    {
        DisplaySettings d;
        d.timeFormat = DisplaySettings::TimeFormat::Relative;
        const TimeFormatter f(d, 1000);
        QCOMPARE(f.timestamp(4000), std::string("+3000 ms"));
        QCOMPARE(f.timestamp(999), std::string("\u22121 ms"));
    }

    void durationsPickAReadableUnit_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << "0 ms";
        QTest::newRow("one ms") << qint64(1) << "1 ms";
        QTest::newRow("seconds") << qint64(10000) << "10 s";
        QTest::newRow("fraction") << qint64(2500) << "2.5 s";
        QTest::newRow("minutes") << qint64(120000) << "2 min";
        QTest::newRow("odd") << qint64(1234) << "1.234 s";
    }
    void durationsPickAReadableUnit()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(TimeFormatter::duration(ms)), text);
    }

    void processingTimeIsSecondsSinceTheStart()
    {
        QCOMPARE(TimeFormatter::processingTime(7000), std::string("7.000 s"));
        QCOMPARE(TimeFormatter::processingTime(200), std::string("0.200 s"));
    }

    // "auto" (the default) settles on date-times only for event times that are plainly epoch milliseconds;
    // an explicit choice is kept, and the zone comes along.
    void autoShowsEpochMillisecondsAsDateTimes_data()
    {
        QTest::addColumn<int>("format"); // DisplaySettings::TimeFormat
        QTest::addColumn<QList<qint64>>("times");
        QTest::addColumn<int>("resolved");
        const int autoFormat = int(DisplaySettings::TimeFormat::Auto);
        const int epoch = int(DisplaySettings::TimeFormat::EpochMs);
        const int dateTime = int(DisplaySettings::TimeFormat::DateTime);
        QTest::newRow("values around 1.6e12") << autoFormat << QList<qint64> {1600000000000, 1600000009000} << dateTime;
        QTest::newRow("post 002's small values") << autoFormat << QList<qint64> {1000, 4999} << epoch;
        QTest::newRow("one small value among epoch ones") << autoFormat << QList<qint64> {1600000000000, 5000} << epoch;
        QTest::newRow("the year 2100 and later") << autoFormat << QList<qint64> {4102444800000} << epoch;
        QTest::newRow("no event at all") << autoFormat << QList<qint64> {} << epoch;
        QTest::newRow("epoch-ms asked for") << epoch << QList<qint64> {1600000000000} << epoch;
        QTest::newRow("relative asked for") << int(DisplaySettings::TimeFormat::Relative) << QList<qint64> {1000}
                                            << int(DisplaySettings::TimeFormat::Relative);
    }
    void autoShowsEpochMillisecondsAsDateTimes()
    {
        QFETCH(int, format);
        QFETCH(QList<qint64>, times);
        QFETCH(int, resolved);
        Scenario s;
        s.display.timeFormat = DisplaySettings::TimeFormat(format);
        s.display.zone = "Asia/Shanghai";
        for (qint64 t : times) {
            InputRecord r;
            r.ts = t;
            s.records.push_back(r);
        }
        InputRecord watermark; // watermark records do not count
        watermark.kind = InputRecord::Kind::Watermark;
        watermark.ts = 7;
        s.records.push_back(watermark);
        const DisplaySettings d = resolvedDisplay(s);
        QCOMPARE(int(d.timeFormat), resolved);
        QCOMPARE(d.zone, std::string("Asia/Shanghai"));
        if (d.timeFormat == DisplaySettings::TimeFormat::DateTime)
            QCOMPARE(TimeFormatter(d).timestamp(1600000000000), std::string("20:26:40.000"));
    }
    void anUnsettledAutoReadsAsEpochMilliseconds()
    {
        DisplaySettings d;
        QCOMPARE(int(d.timeFormat), int(DisplaySettings::TimeFormat::Auto));
        QCOMPARE(TimeFormatter(d).timestamp(1600000000000), std::string("1600000000000 ms"));
    }
};

QTEST_GUILESS_MAIN(TestTimeFormat)
#include "tst_time_format.moc"
