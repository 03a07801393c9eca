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

    // An entry left alone in its bucket (a timestamp of its own, mostly) is taken out at once, wherever the
    // bucket is in the heap; one that shares its bucket stays (its caller skips it). Against a sorted reference, with
    // pushes, pops and removals mixed, and copies of the queue taken midway popping what the original would.
    void anEntryLeftAloneInItsBucketIsRemovedAndTheRestStillPopInOrder()
    {
        std::mt19937 rng(11);
        std::size_t removed = 0;
        std::size_t kept = 0;
        for (int round = 0; round < 50; ++round) {
            TimerQueue q;
            struct Pending {
                Timestamp ts;
                std::uint64_t sequence;
                std::uint32_t bucket;
                bool dead;
            };
            std::vector<Pending> pending;
            std::uint64_t sequence = 0;
            const auto next = [&pending]() {
                return std::min_element(pending.begin(), pending.end(), [](const Pending& a, const Pending& b) {
                    return std::tie(a.ts, a.sequence) < std::tie(b.ts, b.sequence);
                });
            };
            for (int step = 0; step < 3000; ++step) {
                const unsigned what = rng() % 6;
                if (what < 3 || pending.empty()) {
                    // Wide timestamps, most of them alone, some shared.
                    const Timestamp ts = static_cast<Timestamp>(rng() % (round % 2 == 0 ? 5000 : 30));
                    const std::uint32_t bucket = q.push(ts, sequence, static_cast<std::uint32_t>(sequence));
                    pending.push_back({ts, sequence, bucket, false});
                    ++sequence;
                } else if (what < 5) {
                    Pending& victim = pending[rng() % pending.size()];
                    if (victim.dead)
                        continue;
                    // Alone in its bucket: every queued entry of that bucket is still pending (dead or not).
                    const bool alone = std::count_if(pending.begin(), pending.end(), [&](const Pending& p) {
                        return p.bucket == victim.bucket;
                    }) == 1;
                    if (q.remove(victim.bucket, victim.sequence)) {
                        QVERIFY(alone);
                        pending.erase(pending.begin() + (&victim - pending.data()));
                        ++removed;
                    } else {
                        QVERIFY(!alone);
                        victim.dead = true; // still queued
                        ++kept;
                    }
                } else {
                    const auto expected = next();
                    const TimerQueue::Entry e = q.pop();
                    QCOMPARE(e.ts, expected->ts);
                    QCOMPARE(e.sequence, expected->sequence);
                    pending.erase(expected);
                }
                if (step == 1500) {
                    TimerQueue copy = q;
                    std::vector<std::uint64_t> fromCopy;
                    while (!copy.empty())
                        fromCopy.push_back(copy.pop().sequence);
                    std::vector<Pending> sorted = pending;
                    std::sort(sorted.begin(), sorted.end(), [](const Pending& a, const Pending& b) {
                        return std::tie(a.ts, a.sequence) < std::tie(b.ts, b.sequence);
                    });
                    QCOMPARE(fromCopy.size(), sorted.size());
                    for (std::size_t i = 0; i < sorted.size(); ++i)
                        QCOMPARE(fromCopy[i], sorted[i].sequence);
                }
            }
            while (!q.empty()) {
                const auto expected = next();
                QCOMPARE(q.pop().sequence, expected->sequence);
                pending.erase(expected);
            }
            QVERIFY(pending.empty());
        }
        QVERIFY(removed > 1000);
        QVERIFY(kept > 1000);
    }
};

QTEST_APPLESS_MAIN(TestTimerQueue)
#include "tst_timer_queue.moc"
