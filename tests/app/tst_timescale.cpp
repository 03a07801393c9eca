#include "app/timeline/TimeScale.h"

#include <QTest>

using tidemark::DisplaySettings;
using tidemark::app::TickStep;
using tidemark::app::TimeLabels;
using tidemark::app::TimeScale;

class TestTimeScale : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mapsTimeToPixelLinearly_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("x0");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("x");
        QTest::newRow("left edge") << 0.0 << 1000.0 << 0.0 << 100.0 << 0.0 << 0.0;
        QTest::newRow("right edge") << 0.0 << 1000.0 << 0.0 << 100.0 << 1000.0 << 100.0;
        QTest::newRow("middle, offset axis") << 0.0 << 1000.0 << 50.0 << 100.0 << 500.0 << 100.0;
        QTest::newRow("before the view") << 1000.0 << 2000.0 << 0.0 << 500.0 << 0.0 << -500.0;
        QTest::newRow("epoch ms of post 000")
            << 1538359880000.0 << 1538359910000.0 << 120.0 << 1500.0 << 1538359882000.0 << 220.0;
        QTest::newRow("negative times") << -5000.0 << 5000.0 << 0.0 << 1000.0 << -2500.0 << 250.0;
    }
    void mapsTimeToPixelLinearly()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, x0);
        QFETCH(double, width);
        QFETCH(double, t);
        QFETCH(double, x);
        const TimeScale scale(start, end, x0, width);
        QCOMPARE(scale.mapTimeToX(t), x);
        QCOMPARE(scale.mapXToTime(x), t);
    }

    void roundTripsEveryPixelAndEveryMillisecond_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("width");
        QTest::newRow("1 ms per pixel") << 0.0 << 1920.0 << 1920.0;
        QTest::newRow("zoomed in: 10 pixels per ms") << 1538359882000.0 << 1538359882192.0 << 1920.0;
        QTest::newRow("zoomed out: a day on 1000 px") << 1538352000000.0 << 1538438400000.0 << 1000.0;
        QTest::newRow("odd width") << -777.0 << 12345.0 << 997.0;
    }
    void roundTripsEveryPixelAndEveryMillisecond()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, width);
        const TimeScale scale(start, end, 10.0, width);
        for (double x = 10.0; x <= 10.0 + width; x += 1.0)
            QVERIFY(qAbs(scale.mapTimeToX(scale.mapXToTime(x)) - x) < 0.01); // a hundredth of a pixel
        // whole milliseconds: timeAtX(mapTimeToX(t)) gives t back whenever a millisecond is wider than a pixel
        if (scale.msPerPixel() <= 1.0) {
            for (auto t = static_cast<qint64>(start); t < static_cast<qint64>(end); t += 7)
                QCOMPARE(scale.timeAtX(scale.mapTimeToX(double(t))), t);
        }
    }

    void zoomKeepsTheTimeUnderThePointer_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("factor");
        QTest::newRow("zoom in at the left") << 0.0 << 2.0;
        QTest::newRow("zoom in at the middle") << 400.0 << 4.0;
        QTest::newRow("zoom out at the right") << 800.0 << 0.5;
        QTest::newRow("zoom in a lot") << 123.0 << 1000.0;
    }
    void zoomKeepsTheTimeUnderThePointer()
    {
        QFETCH(double, x);
        QFETCH(double, factor);
        const TimeScale scale(1000.0, 9000.0, 0.0, 800.0);
        const TimeScale zoomed = scale.zoomedAround(x, factor);
        QVERIFY(qAbs(zoomed.mapXToTime(x) - scale.mapXToTime(x)) < 1e-6);
        QVERIFY(qAbs(zoomed.span() - scale.span() / factor) < 1e-6);
    }

    void zoomStopsAtOneMillisecond()
    {
        const TimeScale scale(0.0, 100.0, 0.0, 1000.0);
        QCOMPARE(scale.zoomedAround(500.0, 1e9).span(), TimeScale::kMinSpanMs);
    }

    void dragRightShowsEarlierTimes()
    {
        const TimeScale scale(1000.0, 2000.0, 0.0, 100.0);
        const TimeScale moved = scale.panned(10.0);
        QCOMPARE(moved.start(), 900.0);
        QCOMPARE(moved.end(), 1900.0);
        QCOMPARE(moved.panned(-10.0).start(), 1000.0);
    }

    void fitShowsBothEndsWithAMargin()
    {
        const TimeScale scale = TimeScale(0, 1, 0, 1000).fitted(1000.0, 2000.0, 0.1);
        QCOMPARE(scale.start(), 900.0);
        QCOMPARE(scale.end(), 2100.0);
        const TimeScale single = TimeScale(0, 1, 0, 1000).fitted(5000.0, 5000.0, 0.0);
        QVERIFY(single.start() < 5000.0 && single.end() > 5000.0);
    }

    void picksNiceTickSteps_data()
    {
        QTest::addColumn<double>("msPerPixel");
        QTest::addColumn<int>("format");
        QTest::addColumn<qint64>("stepMs");
        QTest::addColumn<int>("unit");
        const int dt = int(DisplaySettings::TimeFormat::DateTime);
        const int ep = int(DisplaySettings::TimeFormat::EpochMs);
        // minimum 100 px between labelled ticks
        QTest::newRow("0.01 ms/px → 1 ms") << 0.01 << dt << qint64(1) << int(TickStep::Unit::Millisecond);
        QTest::newRow("3 ms/px → 500 ms") << 3.0 << dt << qint64(500) << int(TickStep::Unit::Millisecond);
        QTest::newRow("10 ms/px → 1 s") << 10.0 << dt << qint64(1000) << int(TickStep::Unit::Second);
        QTest::newRow("20 ms/px → 2 s") << 20.0 << dt << qint64(2000) << int(TickStep::Unit::Second);
        QTest::newRow("120 ms/px → 15 s") << 120.0 << dt << qint64(15000) << int(TickStep::Unit::Second);
        QTest::newRow("400 ms/px → 1 min") << 400.0 << dt << qint64(60000) << int(TickStep::Unit::Minute);
        QTest::newRow("20 s/px → 1 h") << 20000.0 << dt << qint64(3600000) << int(TickStep::Unit::Hour);
        QTest::newRow("100 s/px → 3 h") << 100000.0 << dt << qint64(10800000) << int(TickStep::Unit::Hour);
        QTest::newRow("600 s/px → 1 day") << 600000.0 << dt << qint64(86400000) << int(TickStep::Unit::Day);
        QTest::newRow("epoch: 3 ms/px → 500 ms") << 3.0 << ep << qint64(500) << int(TickStep::Unit::Millisecond);
        QTest::newRow("epoch: 120 ms/px → 20 s") << 120.0 << ep << qint64(20000) << int(TickStep::Unit::Second);
        QTest::newRow("epoch: 400 ms/px → 50 s") << 400.0 << ep << qint64(50000) << int(TickStep::Unit::Second);
    }
    void picksNiceTickSteps()
    {
        QFETCH(double, msPerPixel);
        QFETCH(int, format);
        QFETCH(qint64, stepMs);
        QFETCH(int, unit);
        const TickStep step = TimeScale::niceStep(msPerPixel, 100.0, DisplaySettings::TimeFormat(format));
        QCOMPARE(step.ms, stepMs);
        QCOMPARE(int(step.unit), unit);
    }

    void ticksSitOnStepMultiplesAndLocalMidnight()
    {
        // a day in UTC+08:00 on 1000 px: 6 h ticks at local 00/06/12/18
        const TimeLabels labels(DisplaySettings::TimeFormat::DateTime, QStringLiteral("Asia/Shanghai"));
        const qint64 localMidnight = 1538323200000; // 2018-10-01 00:00 +08:00 = 2018-09-30 16:00 UTC
        const TimeScale scale(double(localMidnight) - 1.0, double(localMidnight + 86400000) + 1.0, 0.0, 1000.0);
        const TickStep step {6 * 3600000, TickStep::Unit::Hour};
        const auto ticks = scale.ticks(step, -labels.utcOffsetMs(localMidnight));
        QStringList majors;
        for (const auto& t : ticks) {
            if (t.major)
                majors << labels.tickLabel(t.time, step);
            QVERIFY(t.x >= 0.0 && t.x <= 1000.0);
        }
        QCOMPARE(majors, (QStringList {"Oct 1", "06:00", "12:00", "18:00", "Oct 2"}));
    }

    void labelsCarryTheirUnits_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("zone");
        QTest::addColumn<qint64>("t");
        QTest::addColumn<QString>("exact");
        const int dt = int(DisplaySettings::TimeFormat::DateTime);
        QTest::newRow("epoch ms") << int(DisplaySettings::TimeFormat::EpochMs) << "UTC" << qint64(1538359883999)
                                  << "1538359883999 ms";
        QTest::newRow("date-time in Shanghai") << dt << "Asia/Shanghai" << qint64(1538359883999) << "10:11:23.999";
        QTest::newRow("date-time fixed offset") << dt << "UTC+08:00" << qint64(1538359897000) << "10:11:37.000";
        QTest::newRow("relative") << int(DisplaySettings::TimeFormat::Relative) << "UTC" << qint64(1538359885500)
                                  << "+3.500 s";
        QTest::newRow("no watermark yet") << dt << "UTC" << qint64(tidemark::kMinTimestamp) << "−∞";
        QTest::newRow("end of input") << dt << "UTC" << qint64(tidemark::kMaxTimestamp) << "+∞";
    }
    void labelsCarryTheirUnits()
    {
        QFETCH(int, format);
        QFETCH(QString, zone);
        QFETCH(qint64, t);
        QFETCH(QString, exact);
        const TimeLabels labels(DisplaySettings::TimeFormat(format), zone, 1538359882000);
        QCOMPARE(labels.exact(t), exact);
    }

    void theAxisNamesEveryDateItShows_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("zone");
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<QString>("dates");
        const int dt = int(DisplaySettings::TimeFormat::DateTime);
        // 2024-03-01 00:00:00 UTC = 1709251200000
        QTest::newRow("within a day") << dt << "UTC" << qint64(1709251200000) << qint64(1709337599999) << "2024-03-01";
        QTest::newRow("across midnight") << dt << "UTC" << qint64(1709251200000) << qint64(1709337600000)
                                         << "2024-03-01 – 2024-03-02";
        QTest::newRow("across a leap day")
            << dt << "UTC" << qint64(1709164800000) << qint64(1709337600000) << "2024-02-29 – 2024-03-02";
        QTest::newRow("a UTC day is two Shanghai days")
            << dt << "Asia/Shanghai" << qint64(1709251200000) << qint64(1709337599999) << "2024-03-01 – 2024-03-02";
        QTest::newRow("epoch ms: no date") << int(DisplaySettings::TimeFormat::EpochMs) << "UTC"
                                           << qint64(1709251200000) << qint64(1709337600000) << "";
    }
    void theAxisNamesEveryDateItShows()
    {
        QFETCH(int, format);
        QFETCH(QString, zone);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(QString, dates);
        const TimeLabels labels(DisplaySettings::TimeFormat(format), zone);
        QCOMPARE(labels.datesOf(from, to), dates);
    }

    void durationsNameTheirUnit_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("ms") << qint64(999) << "999 ms";
        QTest::newRow("s") << qint64(10000) << "10 s";
        QTest::newRow("fractional s") << qint64(2500) << "2.500 s";
        QTest::newRow("min") << qint64(120000) << "2 min";
        QTest::newRow("min and s") << qint64(90000) << "1 min 30 s";
        QTest::newRow("h") << qint64(7200000) << "2 h";
        QTest::newRow("negative") << qint64(-1) << "−1 ms";
    }
    void durationsNameTheirUnit()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(TimeLabels::duration(ms), text);
    }
};

QTEST_GUILESS_MAIN(TestTimeScale)
#include "tst_timescale.moc"
