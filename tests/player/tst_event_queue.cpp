#include "engine/player/EventQueue.h"

#include <QTest>

using namespace tidemark;

namespace {
std::vector<EventQueue::Entry> drain(EventQueue& q, const ArrivalSchedule& a)
{
    std::vector<EventQueue::Entry> out;
    while (q.peek(a))
        out.push_back(q.pop(a));
    return out;
}
} // namespace

class TestEventQueue : public QObject {
    Q_OBJECT

private slots:
    void recordsWithoutArrivalAreSpacedFromThePreviousOne()
    {
        const ArrivalSchedule a({kMinTimestamp, kMinTimestamp, 5000, kMinTimestamp}, 1000);
        QCOMPARE(a.arrivalOf(0), 0);
        QCOMPARE(a.arrivalOf(1), 1000);
        QCOMPARE(a.arrivalOf(2), 5000);
        QCOMPARE(a.arrivalOf(3), 6000);
        QCOMPARE(a.lastArrival(), 6000);
    }

    void arrivalsAtEqualTimesKeepFileOrder()
    {
        const ArrivalSchedule a({3000, 1000, 3000, 1000}, 1000);
        QCOMPARE(a.recordAt(0), 1u);
        QCOMPARE(a.recordAt(1), 3u);
        QCOMPARE(a.recordAt(2), 0u);
        QCOMPARE(a.recordAt(3), 2u);
    }

    void anArrivalPrecedesEveryOtherHappeningAtTheSameTime()
    {
        const ArrivalSchedule a({200, 400}, 1000);
        EventQueue q;
        q.schedule(200, EventQueue::Kind::PeriodicEmit, 0);
        q.schedule(400, EventQueue::Kind::PeriodicEmit, 0);
        const auto order = drain(q, a);
        QCOMPARE(order.size(), std::size_t(4));
        QCOMPARE(order[0].kind, EventQueue::Kind::Arrival);
        QCOMPARE(order[0].time, 200);
        QCOMPARE(order[1].kind, EventQueue::Kind::PeriodicEmit);
        QCOMPARE(order[2].kind, EventQueue::Kind::Arrival);
        QCOMPARE(order[2].subject, 1u);
        QCOMPARE(order[3].time, 400);
    }

    void equalTimesRunInInsertionOrder()
    {
        const ArrivalSchedule a;
        EventQueue q;
        q.schedule(600, EventQueue::Kind::ProcessingTimer, 2);
        q.schedule(600, EventQueue::Kind::PeriodicEmit, 1);
        q.schedule(500, EventQueue::Kind::PeriodicEmit, 0);
        q.schedule(600, EventQueue::Kind::ProcessingTimer, 0);
        const auto order = drain(q, a);
        QCOMPARE(order.size(), std::size_t(4));
        QCOMPARE(order[0].time, 500);
        QCOMPARE(order[1].subject, 2u);
        QCOMPARE(order[1].kind, EventQueue::Kind::ProcessingTimer);
        QCOMPARE(order[2].kind, EventQueue::Kind::PeriodicEmit);
        QCOMPARE(order[3].subject, 0u);
    }

    void happeningsAfterTheHorizonWaitUntilItMoves()
    {
        ArrivalSchedule a({0}, 1000);
        EventQueue q;
        q.setHorizon(1000);
        q.schedule(1000, EventQueue::Kind::PeriodicEmit, 0);
        q.schedule(1200, EventQueue::Kind::PeriodicEmit, 0);
        QCOMPARE(drain(q, a).size(), std::size_t(2));
        QVERIFY(!q.peek(a));
        a.append(1200);
        q.setHorizon(1400);
        const auto rest = drain(q, a);
        QCOMPARE(rest.size(), std::size_t(2));
        QCOMPARE(rest[0].kind, EventQueue::Kind::Arrival); // the appended record wins the tie at 1200
        QCOMPARE(rest[1].kind, EventQueue::Kind::PeriodicEmit);
    }

    void endOfInputMovesWithoutLosingItsPlace()
    {
        const ArrivalSchedule a;
        EventQueue q;
        q.schedule(1000, EventQueue::Kind::EndOfInput, 0);
        q.schedule(3000, EventQueue::Kind::PeriodicEmit, 0);
        q.rescheduleEndOfInput(3000);
        const auto order = drain(q, a);
        QCOMPARE(order[0].kind, EventQueue::Kind::EndOfInput);
        QCOMPARE(order[0].time, 3000);
    }

    void anAppendedRecordNeverArrivesBeforeTheLatest()
    {
        ArrivalSchedule a({5000, 1000}, 1000);
        QCOMPARE(a.resolveAppended(kMinTimestamp), 5000); // previous (1000) + 1000 would be before 5000
        QCOMPARE(a.resolveAppended(7000), 7000);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, a.append(4000));
    }

    // Whether the file arrives in its own order (no order kept) or not, an appended record arrives last.
    void anAppendedRecordArrivesLastInEitherOrder()
    {
        for (const std::vector<Timestamp>& arrivals :
            {std::vector<Timestamp> {1000, 1000, 5000}, std::vector<Timestamp> {5000, 1000, 1000}}) {
            ArrivalSchedule a(arrivals, 1000);
            a.append(6000);
            QCOMPARE(a.size(), std::size_t(4));
            QCOMPARE(a.recordAt(3), 3u);
            QCOMPARE(a.timeAt(3), 6000);
            QCOMPARE(a.lastArrival(), 6000);
            QCOMPARE(a.timeAt(0), 1000);
            QCOMPARE(a.recordAt(2), arrivals.front() == 5000 ? 0u : 2u);
        }
    }

    void aCopyIsAnIndependentSnapshot()
    {
        const ArrivalSchedule a({0, 100}, 1000);
        EventQueue q;
        q.schedule(50, EventQueue::Kind::PeriodicEmit, 0);
        q.pop(a);
        EventQueue copy = q;
        QCOMPARE(q.pop(a).kind, EventQueue::Kind::PeriodicEmit);
        QVERIFY(q.dump() != copy.dump());
        QCOMPARE(copy.arrivalsTaken(), std::size_t(1));
        QCOMPARE(copy.pop(a).kind, EventQueue::Kind::PeriodicEmit);
        QCOMPARE(q.dump(), copy.dump());
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "tst_event_queue.moc"
