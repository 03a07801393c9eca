#include "engine/windowing/TimerQueue.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <tuple>

using namespace tidemark;

class TestTimerQueue : public QObject {
    Q_OBJECT

private slots:
    void equalTimestampsPopInRegistrationOrder()
    {
        TimerQueue q;
        q.push(20, 0, 100);
        q.push(10, 1, 101);
        q.push(20, 2, 102);
        q.push(10, 3, 103);
        std::vector<std::uint32_t> order;
        while (!q.empty())
            order.push_back(q.pop().target);
        QCOMPARE(order, (std::vector<std::uint32_t> {101, 103, 100, 102}));
    }

    // Against a sorted reference, with pushes interleaved with pops (timers registered while firing).
    void popsInTimestampThenSequenceOrderUnderRandomUse()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 50; ++round) {
            TimerQueue q;
            std::vector<std::tuple<Timestamp, std::uint64_t>> pending;
            std::uint64_t sequence = 0;
            for (int step = 0; step < 2000; ++step) {
                if (rng() % 3 != 0 || q.empty()) {
                    const Timestamp ts = static_cast<Timestamp>(rng() % 40);
                    q.push(ts, sequence, static_cast<std::uint32_t>(sequence));
                    pending.emplace_back(ts, sequence);
                    ++sequence;
                } else {
                    const auto expected = *std::min_element(pending.begin(), pending.end());
                    QCOMPARE(q.top().ts, std::get<0>(expected));
                    const TimerQueue::Entry e = q.pop();
                    QCOMPARE(e.ts, std::get<0>(expected));
                    QCOMPARE(e.sequence, std::get<1>(expected));
                    QCOMPARE(e.target, static_cast<std::uint32_t>(e.sequence));
                    pending.erase(std::find(pending.begin(), pending.end(), expected));
                }
            }
            while (!q.empty()) {
                const auto expected = *std::min_element(pending.begin(), pending.end());
                QCOMPARE(q.pop().sequence, std::get<1>(expected));
                pending.erase(std::find(pending.begin(), pending.end(), expected));
            }
            QVERIFY(pending.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestTimerQueue)
#include "tst_timer_queue.moc"
