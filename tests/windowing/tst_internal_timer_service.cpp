#include "engine/windowing/InternalTimerService.h"

#include <QTest>

#include <map>

using namespace tidemark;

namespace {

// The timer service with the per-window timer sets an operator would keep in its window state.
struct Harness {
    InternalTimerService service;
    std::map<TimeWindow, NamespaceTimers> namespaces;
    std::vector<std::pair<Timestamp, TimeWindow>> fired;

    void registerEventTime(const TimeWindow& w, Timestamp ts)
    {
        service.registerEventTimeTimer(namespaces[w], 1, w, ts);
    }
    bool deleteEventTime(const TimeWindow& w, Timestamp ts) { return service.deleteEventTimeTimer(namespaces[w], ts); }

    void advanceWatermark(Timestamp watermark)
    {
        service.advanceWatermark(watermark, [&](const InternalTimerService::InternalTimer& t) {
            if (service.claim(namespaces[t.window], t))
                fired.emplace_back(t.ts, t.window);
        });
    }
};

const TimeWindow a(0, 10);
const TimeWindow b(10, 20);

} // namespace

class TestInternalTimerService : public QObject {
    Q_OBJECT

private slots:
    void aTimerRegisteredTwiceFiresOnce()
    {
        Harness h;
        h.registerEventTime(a, 9);
        h.registerEventTime(a, 9);
        h.advanceWatermark(9);
        QCOMPARE(h.fired.size(), std::size_t(1));
        QVERIFY(h.namespaces[a].empty());
    }

    void dueTimersFireInTimestampThenRegistrationOrder()
    {
        Harness h;
        h.registerEventTime(b, 19);
        h.registerEventTime(a, 9);
        h.registerEventTime(b, 9);
        h.advanceWatermark(100);
        using Fired = std::vector<std::pair<Timestamp, TimeWindow>>;
        QCOMPARE(h.fired, (Fired {{9, a}, {9, b}, {19, b}}));
        QCOMPARE(h.service.currentWatermark(), Timestamp(100));
    }

    void onlyTimersAtOrBeforeTheWatermarkFire()
    {
        Harness h;
        h.registerEventTime(a, 9);
        h.registerEventTime(b, 19);
        h.advanceWatermark(18);
        QCOMPARE(h.fired.size(), std::size_t(1));
        QCOMPARE(h.service.nextEventTimer(), std::optional<Timestamp>(19));
    }

    void aDeletedTimerNeverFires()
    {
        Harness h;
        h.registerEventTime(a, 9);
        QVERIFY(h.deleteEventTime(a, 9));
        QVERIFY(!h.deleteEventTime(a, 9));
        h.service.pruneDeletedTimers();
        QVERIFY(!h.service.nextEventTimer());
        h.advanceWatermark(100);
        QVERIFY(h.fired.empty());
    }

    void aReRegisteredTimerTakesItsNewTurn()
    {
        Harness h;
        h.registerEventTime(a, 9);
        h.registerEventTime(b, 9);
        h.deleteEventTime(a, 9);
        h.registerEventTime(a, 9);
        h.advanceWatermark(9);
        using Fired = std::vector<std::pair<Timestamp, TimeWindow>>;
        QCOMPARE(h.fired, (Fired {{9, b}, {9, a}}));
    }

    void domainsAreKeptApart()
    {
        Harness h;
        NamespaceTimers& timers = h.namespaces[a];
        h.service.registerProcessingTimeTimer(timers, 1, a, 9);
        h.advanceWatermark(100);
        QVERIFY(h.fired.empty());
        std::vector<Timestamp> processing;
        h.service.advanceProcessingTime(9, [&](const InternalTimerService::InternalTimer& t) {
            if (h.service.claim(h.namespaces[t.window], t))
                processing.push_back(t.ts);
        });
        QCOMPARE(processing, std::vector<Timestamp> {9});
        QCOMPARE(h.service.currentProcessingTime(), Timestamp(9));
    }

    void anAdvanceThatKeepsRegisteringDueTimersFails()
    {
        InternalTimerService service;
        NamespaceTimers timers;
        service.registerEventTimeTimer(timers, 1, TimeWindow::global(), 0);
        auto chase = [&](const InternalTimerService::InternalTimer& t) {
            if (service.claim(timers, t))
                service.registerEventTimeTimer(timers, 1, TimeWindow::global(), t.ts + 1);
        };
        QVERIFY_THROWS_EXCEPTION(EndlessFiringError, service.advanceWatermark(kMaxTimestamp, chase));
    }
};

QTEST_APPLESS_MAIN(TestInternalTimerService)
#include "tst_internal_timer_service.moc"
