#include "../cli/TidemarkRun.h"
#include "app/Theme.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/OutputModel.h"
#include "app/models/RecordsModel.h"
#include "app/models/WindowsModel.h"
#include "app/panels/PlayerBar.h"
#include "app/panels/ProgressChart.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

// Every model checked by QAbstractItemModelTester while the cursor walks the whole run, forward and back,
// and while the run is replaced.
class TestModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelsStayConsistentOverAWholeRun_data()
    {
        QTest::addColumn<QString>("resource");
        for (const ExampleInfo& e : builtInExamples())
            QTest::newRow(qPrintable(e.fileName)) << e.path;
    }
    void modelsStayConsistentOverAWholeRun()
    {
        QFETCH(QString, resource);
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        RecordsModel records(&session, &cursor, &theme);
        WindowsModel windows(&session, &cursor, &theme);
        OutputModel output(OutputModel::Kind::Results, &session, &cursor, &theme);
        OutputModel late(OutputModel::Kind::LateRecords, &session, &cursor, &theme);
        QAbstractItemModelTester t1(&records, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&windows, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&output, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&late, QAbstractItemModelTester::FailureReportingMode::QtTest);

        LoadOutcome loaded = loadExample(resource);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(session.setScenario(std::move(*loaded.scenario), QString()).isEmpty());
        QCOMPARE(records.rowCount(), int(session.scenario().records.size()));
        for (int s = 0; s <= cursor.lastStep(); ++s) {
            cursor.setStep(s);
            QCOMPARE(output.rowCount(), int(session.trace().firesInSteps(0, StepIndex(s)).size()));
            QCOMPARE(late.rowCount(), int(session.trace().latesInSteps(0, StepIndex(s)).size()));
            QCOMPARE(windows.rowCount() >= int(session.state().windows.size()), true);
        }
        // at the end every printed line is what the trace fired, in order
        QCOMPARE(output.rowCount(), int(session.trace().fires().size()));
        int pending = 0;
        for (int r = 0; r < records.rowCount(); ++r)
            pending += records.index(r, RecordsModel::Status).data(RecordsModel::StatusRole).toInt()
                == int(RecordStatus::Pending);
        QCOMPARE(pending, 0);
        cursor.setStep(0);
        QCOMPARE(output.rowCount(), 0);
        QCOMPARE(late.rowCount(), 0);
        // a re-run replaces every model's rows
        Scenario again = session.scenario();
        QVERIFY(session.setScenario(std::move(again), QString(), cursor.lastStep() / 2).isEmpty());
        QCOMPARE(cursor.step(), cursor.lastStep() / 2);
    }

    // The Output dock prints what `tidemark run --format text` prints: at the end of every example each Printed
    // cell, of the results and of the late records, is the print part of the corresponding line, in order.
    void thePrintedCellsAreWhatTidemarkRunPrints_data()
    {
        QTest::addColumn<QString>("path");
        for (const ExampleInfo& e : builtInExamples())
            QTest::newRow(qPrintable(e.fileName)) << e.path;
    }
    void thePrintedCellsAreWhatTidemarkRunPrints()
    {
        QFETCH(QString, path);
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        OutputModel results(OutputModel::Kind::Results, &session, &cursor, &theme);
        OutputModel lates(OutputModel::Kind::LateRecords, &session, &cursor, &theme);
        LoadOutcome loaded = loadExample(path);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(session.setScenario(std::move(*loaded.scenario), QString()).isEmpty());
        cursor.setStep(cursor.lastStep());

        const test::TidemarkRun run = test::tidemarkRun({QFileInfo(path).completeBaseName(), "--format", "text"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        // "2> (key,result) window …" and "2> late (key,value) ts …" (no "N> " with one window subtask): the print
        // part ends where the window or the timestamp begins
        static const QRegularExpression line(QStringLiteral(R"(^((\d+> )?(late )?\(.*\)) (window|ts) )"));
        int fire = 0;
        int late = 0;
        for (const QString& text : run.out) {
            const QRegularExpressionMatch m = line.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            OutputModel& model = m.capturedLength(3) > 0 ? lates : results;
            int& row = m.capturedLength(3) > 0 ? late : fire;
            QVERIFY2(row < model.rowCount(), qPrintable(text));
            QCOMPARE(model.index(row, OutputModel::Printed).data().toString(), m.captured(1));
            // an elided cell shows the whole line on hover
            QCOMPARE(model.index(row++, OutputModel::Printed).data(Qt::ToolTipRole).toString(), m.captured(1));
        }
        QCOMPARE(fire, results.rowCount());
        QCOMPARE(late, lates.rowCount());
    }

    // The tables and labels write the date when the records fall on more than one day in the display zone,
    // as the narration does (TimeFormatter::showDatesAcross); a run within one day keeps the short times.
    void timesNameTheDateWhenTheRunCrossesMidnight_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("zone");
        QTest::addColumn<qint64>("first");
        QTest::addColumn<qint64>("last");
        QTest::addColumn<QString>("firstText");
        QTest::addColumn<QString>("window");
        const int dt = int(DisplaySettings::TimeFormat::DateTime);
        // 2024-03-01 00:00:00 UTC = 1709251200000
        QTest::newRow("one day in UTC") << dt << "UTC" << qint64(1709287200000) << qint64(1709323200000)
                                        << "10:00:00.000"
                                        << "[10:00:00, 10:00:01)";
        QTest::newRow("a millisecond across midnight")
            << dt << "UTC" << qint64(1709337599999) << qint64(1709337600000) << "2024-03-01 23:59:59.999"
            << "[2024-03-01 23:59:59, 2024-03-02 00:00:00)";
        QTest::newRow("across midnight in Shanghai only")
            << dt << "Asia/Shanghai" << qint64(1709305200000) << qint64(1709312400000) << "2024-03-01 23:00:00.000"
            << "[2024-03-01 23:00:00, 2024-03-01 23:00:01)";
        QTest::newRow("the same hours within a Shanghai day")
            << dt << "Asia/Shanghai" << qint64(1709251200000) << qint64(1709272800000) << "08:00:00.000"
            << "[08:00:00, 08:00:01)";
        QTest::newRow("epoch ms has no dates") << int(DisplaySettings::TimeFormat::EpochMs) << "UTC"
                                               << qint64(1709337599999) << qint64(1709337600000) << "1709337599999 ms"
                                               << "[1709337599000, 1709337600000) ms";
    }
    void timesNameTheDateWhenTheRunCrossesMidnight()
    {
        QFETCH(int, format);
        QFETCH(QString, zone);
        QFETCH(qint64, first);
        QFETCH(qint64, last);
        QFETCH(QString, firstText);
        QFETCH(QString, window);
        Scenario scenario;
        scenario.display.timeFormat = DisplaySettings::TimeFormat(format);
        scenario.display.zone = zone.toStdString();
        scenario.pipeline.window.assigner.sizeMs = 1000;
        const KeyId key = scenario.keys.intern("a");
        for (qint64 ts : {first, last}) {
            InputRecord r;
            r.key = key;
            r.ts = ts;
            scenario.records.push_back(r);
        }
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        RecordsModel records(&session, &cursor, &theme);
        QVERIFY(session.setScenario(std::move(scenario), QString()).isEmpty());
        QCOMPARE(session.formatTime(first), firstText);
        const Timestamp windowStart = first - first % 1000;
        QCOMPARE(session.formatWindow(TimeWindow(windowStart, windowStart + 1000)), window);
        // the records table's event time column says the same
        QCOMPARE(records.index(0, RecordsModel::EventTime).data().toString(), firstText);
    }

    // A long run has far more fires and late records than the scrubber has pixel columns: every column between
    // the first and the last of them still gets its tick (the ticks are found a column at a time).
    void theScrubberTicksEveryColumnThatHoldsAFireOrALateRecord()
    {
        // every tenth record is 5 s behind: late, and dropped (no allowed lateness)
        Scenario scenario = oneKeyArrivingEvery10Ms(
            20'000, 100, [](int i) { return Timestamp(1'000'000 + i * 10 - (i % 10 == 5 ? 5'000 : 0)); });
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        StepScrubber scrubber(&session, &cursor, &theme);
        scrubber.resize(300, 40);
        QVERIFY(session.setScenario(std::move(scenario), QString()).isEmpty());
        QVERIFY(session.trace().fires().size() > 1'000);
        QVERIFY(session.trace().lates().size() > 1'000);
        const QImage image = scrubber.grab().toImage();
        // the columns holding a pixel of the colour, and whether they run unbroken from the first to the last
        const auto columns = [&image](const QColor& colour) {
            std::vector<int> found;
            for (int x = 0; x < image.width(); ++x) {
                for (int y = 0; y < image.height(); ++y) {
                    if (image.pixelColor(x, y) == colour) {
                        found.push_back(x);
                        break;
                    }
                }
            }
            return found;
        };
        for (const QColor& colour : {theme.colors().fire, theme.colors().dropped}) {
            const std::vector<int> ticks = columns(colour);
            QVERIFY(ticks.size() > 200); // nearly the whole track
            QCOMPARE(ticks.back() - ticks.front() + 1, int(ticks.size()));
        }
    }

    // The progress chart draws, of the records that have arrived by the step (and of those to come), at most
    // two per pixel column: the lowest and the highest event time, so the run's extremes always show.
    void theProgressChartShowsEachColumnsExtremesOfWhatHasArrivedByTheStep()
    {
        std::uint64_t dice = 7;
        Scenario scenario = oneKeyArrivingEvery10Ms(3000, 1000, [&dice](int i) {
            dice = dice * 6364136223846793005ull + 1442695040888963407ull;
            return Timestamp(1'000'000 + i * 10) - static_cast<Timestamp>((dice >> 33) % 400);
        });
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        ProgressChart chart(&session, &cursor, &theme);
        chart.resize(400, 300);
        QVERIFY(session.setScenario(std::move(scenario), QString()).isEmpty());
        const auto series = [&](const QString& name) {
            for (QAbstractSeries* s : chart.chart()->series()) {
                if (s->name() == name)
                    return qobject_cast<QScatterSeries*>(s);
            }
            return static_cast<QScatterSeries*>(nullptr);
        };
        QScatterSeries* arrived = series(QStringLiteral("records"));
        QScatterSeries* pending = series(QStringLiteral("records to come"));
        QVERIFY(arrived && pending);
        const Trace& trace = session.trace();
        const Timestamp origin = session.minEventTime();
        for (const int step : {0, cursor.lastStep() / 3, cursor.lastStep() / 2 + 1, cursor.lastStep()}) {
            cursor.setStep(step);
            // every record as the chart places it, arrived by this step or not
            QSet<QPair<double, double>> before, after;
            double lowest = 1e300, highest = -1e300;
            for (std::size_t r = 0; r < session.scenario().records.size(); ++r) {
                const StepIndex at = trace.placements()[r].arrivalStep;
                const QPair<double, double> p {double(trace.step(at).processingTime) / 1000.0,
                    double(session.scenario().records[r].ts - origin) / 1000.0};
                (at <= StepIndex(step) ? before : after).insert(p);
                if (at <= StepIndex(step)) {
                    lowest = std::min(lowest, p.second);
                    highest = std::max(highest, p.second);
                }
            }
            const auto points = [](const QScatterSeries* s) {
                QSet<QPair<double, double>> out;
                for (const QPointF& p : s->points())
                    out.insert({p.x(), p.y()});
                return out;
            };
            QVERIFY(before.contains(points(arrived)));
            QVERIFY(after.contains(points(pending)));
            QVERIFY2(arrived->count() + pending->count() <= 2 * 2 * chart.width() + 4,
                qPrintable(QStringLiteral("%1 + %2 points").arg(arrived->count()).arg(pending->count())));
            QCOMPARE(arrived->count() == 0, before.isEmpty());
            QCOMPARE(pending->count() == 0, after.isEmpty());
            if (!before.isEmpty()) {
                bool low = false, high = false;
                for (const QPointF& p : arrived->points()) {
                    low = low || p.y() == lowest;
                    high = high || p.y() == highest;
                }
                QVERIFY2(low && high, qPrintable(QStringLiteral("step %1").arg(step)));
            }
        }
    }

private:
    // `count` records of one key, tumbling windows of `windowMs`: the i-th arrives at i * 10 ms with event time
    // tsOf(i) (called in order).
    template <class TsOf> static Scenario oneKeyArrivingEvery10Ms(int count, DurationMs windowMs, TsOf tsOf)
    {
        Scenario scenario;
        scenario.pipeline.window.assigner.sizeMs = windowMs;
        const KeyId key = scenario.keys.intern("a");
        for (int i = 0; i < count; ++i) {
            InputRecord r;
            r.key = key;
            r.ts = tsOf(i);
            r.arrival = i * 10;
            scenario.records.push_back(r);
        }
        return scenario;
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
