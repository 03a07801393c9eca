// A scenario with a large event file opens in the background: the run it records is the run a synchronous
// load records, the window can stop it, and a run too large for the memory free is refused with the command
// that streams it.
#include "app/MainWindow.h"
#include "app/document/Loading.h"
#include "app/document/RunLoader.h"
#include "app/document/Session.h"
#include "app/panels/LoadProgress.h"

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <memory>
#include <random>

using namespace tidemark;
using namespace tidemark::app;

namespace {

// `records` CSV lines (1,000 keys, disorder up to 2 s) and a scenario reading them: per-event watermarks from
// 3 channels, 5 s tumbling sums, arrivals 1 ms apart. Returns the scenario's path.
QString writeScenario(const QTemporaryDir& dir, int records, const char* badLine = nullptr)
{
    const QString events = dir.filePath(QStringLiteral("events.csv"));
    std::FILE* f = std::fopen(events.toLocal8Bit().constData(), "wb");
    std::mt19937 rng(17);
    for (int i = 0; i < records; ++i) {
        if (badLine && i == records / 2)
            std::fprintf(f, "%s\n", badLine);
        std::fprintf(f, "sensor-%04u,%lld,%u.%03u\n", static_cast<unsigned>(rng() % 1000),
            1'700'000'000'000LL + i * 30LL - static_cast<long long>(rng() % 2000), static_cast<unsigned>(rng() % 100),
            static_cast<unsigned>(rng() % 1000));
    }
    std::fclose(f);
    const QString scenario = dir.filePath(QStringLiteral("big.json"));
    QFile s(scenario);
    if (!s.open(QIODevice::WriteOnly))
        return {};
    s.write(R"({"tidemark": 1, "defaultArrivalSpacingMs": 1,
  "input": {"file": "events.csv", "format": "csv", "fields": {"key": 0, "ts": 1, "value": 2}},
  "pipeline": {
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 2000, "emit": "per-event",
                   "parallelism": 3},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000},
               "function": {"type": "sum", "field": "value"}}}})");
    return scenario;
}

// A loader and what it says at the end of a load.
struct WatchedLoader {
    RunLoader loader;
    QSignalSpy loaded {&loader, &RunLoader::loaded};
    QSignalSpy failed {&loader, &RunLoader::failed};
    QSignalSpy cancelled {&loader, &RunLoader::cancelled};

    // Waits (bounded) for one of the last three signals.
    bool waitForEnd()
    {
        return QTest::qWaitFor(
            [&] { return !loader.isBusy() && loaded.size() + failed.size() + cancelled.size() > 0; }, 60'000);
    }
    QString failure() const { return failed.isEmpty() ? QString() : failed.front().front().toString(); }
};

} // namespace

class TestRunLoader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void backgroundLoadRecordsTheRunASynchronousLoadRecords()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, 20'000);
        WatchedLoader w;
        QSignalSpy progress(&w.loader, &RunLoader::progressChanged);
        w.loader.loadScenario(path, path);
        QVERIFY(w.loader.isBusy());
        QVERIFY(w.waitForEnd());
        QCOMPARE(w.failed.size(), 0);
        QCOMPARE(w.loaded.size(), 1);
        QVERIFY(!progress.isEmpty());
        RunLoader::Result result = w.loader.takeResult();
        QCOMPARE(result.documentPath, path);
        QVERIFY(result.shell.records.empty()); // the player holds them

        const LoadOutcome sync = loadScenarioFile(path);
        QVERIFY2(sync.ok(), qPrintable(sync.error));
        const Player expected(*sync.scenario);
        const Player& got = *result.player;
        QCOMPARE(got.scenario().records.size(), std::size_t(20'000));
        QCOMPARE(got.trace().stepCount(), expected.trace().stepCount());
        QCOMPARE(got.trace().fires().size(), expected.trace().fires().size());
        QVERIFY(!got.trace().fires().empty());
        for (std::size_t i = 0; i < expected.trace().fires().size(); ++i) {
            const auto& a = got.trace().fires()[i];
            const auto& b = expected.trace().fires()[i];
            QCOMPARE(a.step, b.step);
            QCOMPARE(a.fire.window.start(), b.fire.window.start());
            QCOMPARE(a.fire.key, b.fire.key);
            QCOMPARE(a.fire.result.number, b.fire.result.number);
        }
    }

    void aBadLineIsTheErrorTheSynchronousLoadGives()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, 2'000, "sensor-0001,soon,1.5");
        WatchedLoader w;
        w.loader.loadScenario(path, path);
        QVERIFY(w.waitForEnd());
        QCOMPARE(w.loaded.size(), 0);
        QCOMPARE(w.failed.size(), 1);
        const LoadOutcome sync = loadScenarioFile(path);
        QVERIFY(!sync.ok());
        QCOMPARE(w.failure(), sync.error);
        QVERIFY(sync.error.contains(QStringLiteral("events.csv:1001:")));
    }

    void aRunTooLargeForTheFreeMemoryIsRefusedWithTheStreamingCommand()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, 20'000);
        WatchedLoader w;
        w.loader.assumeFreeMemory(std::uint64_t(1) << 20);
        w.loader.loadScenario(path, path);
        QVERIFY(w.waitForEnd());
        QCOMPARE(w.loaded.size(), 0);
        QCOMPARE(w.failed.size(), 1);
        const QString message = w.failure();
        QVERIFY2(message.contains(QStringLiteral("big.json is too large to step through")), qPrintable(message));
        const QString count = QLocale().toString(20'000);
        QVERIFY2(message.contains(QStringLiteral("about %1 records").arg(count)), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("tidemark run \"%1\"").arg(path)), qPrintable(message));
    }

    // A 10M-record run sets up ~300 MB of per-record arrays before its first step; judged as growth, that
    // projected 46 GiB from its first 65,000 records and refused a run that fits in 1 GB.
    void theRecordingsSetUpIsTakenOnceAndOnlyItsGrowthIsProjected()
    {
        constexpr std::uint64_t MB = 1 << 20;
        constexpr std::uint64_t total = 10'000'000;
        RecordingGrowth growth(100 * MB);
        const auto first = growth.report(400 * MB, 65'000, total);
        QCOMPARE(first.grown, 300 * MB);
        QVERIFY(!first.toCome); // the baseline: nothing to project from yet
        QVERIFY(!growth.report(401 * MB, 65'000, total).toCome); // no record more taken
        const auto later = growth.report(402 * MB, 130'000, total);
        QCOMPARE(later.grown, 302 * MB);
        QVERIFY(later.toCome);
        // 2 MB per 65,000 records, for the 9,870,000 to come: about 304 MB, not 300 MB × 153.
        QCOMPARE(qRound64(*later.toCome / double(MB)), qint64(304));
        // A run that does grow with its records is still projected to its end.
        RecordingGrowth steady(100 * MB);
        steady.report(110 * MB, 1'000, 100'000);
        const auto projected = steady.report(120 * MB, 2'000, 100'000);
        QCOMPARE(qRound64(*projected.toCome / double(MB)), qint64(980));
    }

    void aScenarioAlreadyReadHasOnlyItsRunRecordedAndAnEventFileIsToldHowToStream()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, 5'000);
        LoadOutcome read = loadScenarioFile(path);
        QVERIFY(read.ok());
        const std::size_t records = read.scenario->records.size();
        const QString events = dir.filePath(QStringLiteral("events.csv"));
        {
            WatchedLoader w;
            w.loader.recordScenario(*read.scenario, events);
            QVERIFY(w.waitForEnd());
            QCOMPARE(w.loaded.size(), 1);
            const RunLoader::Result result = w.loader.takeResult();
            QVERIFY(result.documentPath.isEmpty()); // not saved yet
            QCOMPARE(result.player->scenario().records.size(), records);
        }
        WatchedLoader w;
        w.loader.assumeFreeMemory(std::uint64_t(1) << 20);
        w.loader.recordScenario(std::move(*read.scenario), events);
        QVERIFY(w.waitForEnd());
        QCOMPARE(w.failed.size(), 1);
        const QString message = w.failure();
        QVERIFY2(message.startsWith(QStringLiteral("events.csv is too large")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("tidemark run --events FILE")), qPrintable(message));
    }

    void cancellingStopsTheLoadAndReportsNoRun()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, 400'000);
        WatchedLoader w;
        w.loader.loadScenario(path, path);
        w.loader.cancel();
        QVERIFY(w.waitForEnd());
        QCOMPARE(w.cancelled.size(), 1);
        QCOMPARE(w.loaded.size(), 0);
        QCOMPARE(w.failed.size(), 0);
    }

    void theWindowOpensALargeScenarioInTheBackgroundAndShowsItsProgress()
    {
        QTemporaryDir dir;
        // over kBackgroundLoadBytes: about 30 bytes a line
        const int records = static_cast<int>(kBackgroundLoadBytes / 28);
        const QString path = writeScenario(dir, records);
        QVERIFY(scenarioReadBytes(path) >= kBackgroundLoadBytes);
        MainWindow window;
        window.openExample(defaultExample());
        const std::size_t before = window.session()->scenario().records.size();
        QVERIFY(window.openFile(path));
        QVERIFY(window.loader()->isBusy());
        QCOMPARE(window.session()->scenario().records.size(), before); // the run shown stays meanwhile
        auto* progress = window.findChild<LoadProgress*>(QStringLiteral("loadProgress"));
        QVERIFY(progress);
        QVERIFY(window.finishLoading());
        QCOMPARE(window.session()->scenario().records.size(), std::size_t(records));
        QCOMPARE(window.session()->filePath(), path);
        QVERIFY(progress->isHidden());
    }

    void openingAnotherFileAbandonsTheLoadUnderWay()
    {
        QTemporaryDir dir;
        const int records = static_cast<int>(kBackgroundLoadBytes / 28);
        const QString path = writeScenario(dir, records);
        MainWindow window;
        QVERIFY(window.openFile(path));
        QVERIFY(window.loader()->isBusy());
        QVERIFY(window.openExample(defaultExample()));
        QVERIFY(!window.loader()->isBusy());
        const std::size_t example = window.session()->scenario().records.size();
        QTest::qWait(200); // whatever the abandoned load still posts is dropped
        QCOMPARE(window.session()->scenario().records.size(), example);
        QVERIFY(window.session()->filePath().isEmpty());
    }
};

QTEST_MAIN(TestRunLoader)
#include "tst_run_loader.moc"
