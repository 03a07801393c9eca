#include "engine/player/EventQueue.h"
#include "engine/player/StepList.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <string>

using namespace tidemark;

namespace {

// A run as the event queue makes it: arrivals at random times, processing timers, and every channel's
// periodic timer (period and phases drawn), each emission quiet or not by chance. The steps are kept one by
// one beside the list, with what pushQuiet was given, so the list can be checked against them.
struct Recorded {
    StepList list;
    std::vector<StepEntry> steps;
    std::vector<bool> quiet;
    std::vector<std::vector<PeriodicTimer>> next; // for quiet steps: the timers pushQuiet was given
    DurationMs period = 0;

    void add(const StepEntry& e, bool isQuiet, std::vector<PeriodicTimer> timers)
    {
        steps.push_back(e);
        quiet.push_back(isQuiet);
        if (isQuiet)
            list.pushQuiet(e.processingTime, e.channel, timers, period);
        else
            list.push(e);
        next.push_back(std::move(timers));
    }
};

Recorded record(std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    const auto below = [&](std::int64_t n) { return static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n)); };
    Recorded r;
    static constexpr DurationMs kPeriods[] = {1, 7, 200, 1000};
    r.period = kPeriods[below(4)];
    const int channels = 1 + static_cast<int>(below(4));
    const int quietPercent = static_cast<int>(below(101));
    std::vector<Timestamp> arrivals;
    for (int i = 0, n = static_cast<int>(below(40)); i < n; ++i)
        arrivals.push_back(below(60 * r.period + 1));
    const ArrivalSchedule schedule(arrivals, 1000);
    EventQueue queue;
    for (int c = 0; c < channels; ++c) // in phase, or not
        queue.schedule(r.period + (below(2) == 0 ? 0 : below(r.period)), EventQueue::Kind::PeriodicEmit,
            static_cast<std::uint32_t>(c));
    queue.setHorizon(70 * r.period);
    r.add(StepEntry {}, false, {});
    while (queue.peek(schedule) && r.steps.size() < 3000) {
        const EventQueue::Entry e = queue.pop(schedule);
        StepEntry s;
        s.processingTime = e.time;
        s.subject = e.subject;
        switch (e.kind) {
        case EventQueue::Kind::Arrival:
            s.kind = StepKind::EventArrival;
            s.channel = static_cast<std::int16_t>(below(channels));
            if (below(4) == 0)
                queue.schedule(e.time + below(3 * r.period), EventQueue::Kind::ProcessingTimer, 0);
            r.add(s, false, {});
            break;
        case EventQueue::Kind::PeriodicEmit: {
            queue.schedule(e.time + r.period, EventQueue::Kind::PeriodicEmit, e.subject);
            s.kind = StepKind::PeriodicEmit;
            s.channel = static_cast<std::int16_t>(e.subject);
            const bool isQuiet = below(100) < quietPercent;
            if (!isQuiet)
                s.flags = kStepChannelWatermark;
            std::vector<PeriodicTimer> timers;
            queue.periodicTimers(timers, e.subject);
            r.add(s, isQuiet, std::move(timers));
            break;
        }
        case EventQueue::Kind::ProcessingTimer:
            s.kind = StepKind::ProcessingTimer;
            r.add(s, false, {});
            break;
        case EventQueue::Kind::EndOfInput:
            break;
        }
    }
    return r;
}

std::string where(std::uint64_t seed, std::size_t step)
{
    return "seed " + std::to_string(seed) + ", step " + std::to_string(step);
}

// Every step, as the list rebuilds it, is the one that was added; and the lookups agree with a plain scan.
void checkAgainstSteps(const StepList& list, const Recorded& r, std::size_t size, std::uint64_t seed)
{
    QCOMPARE(list.size(), size);
    std::vector<StepIndex> stored;
    for (std::size_t s = 0; s < size; ++s) {
        const auto step = static_cast<StepIndex>(s);
        QVERIFY2(list.at(step) == r.steps[s], where(seed, s).c_str());
        const auto run = list.quietRunAt(step);
        QVERIFY2(run.has_value() == r.quiet[s], where(seed, s).c_str());
        if (run) {
            QVERIFY(run->first <= step && step < run->first + run->count && run->first + run->count <= size);
            for (StepIndex k = run->first; k < run->first + run->count; ++k)
                QVERIFY2(r.quiet[k], where(seed, k).c_str());
        } else {
            stored.push_back(step);
        }
    }
    std::mt19937_64 rng(seed * 31 + size);
    for (int probe = 0; probe < 40 && size > 0; ++probe) {
        const auto from = static_cast<StepIndex>(rng() % size);
        const auto to = static_cast<StepIndex>(from + rng() % (size - from));
        std::vector<StepIndex> visited;
        list.forEachStored(from, to, [&](StepIndex s, const StepEntry& e) {
            visited.push_back(s);
            return e == r.steps[s];
        });
        std::vector<StepIndex> expected;
        std::copy_if(stored.begin(), stored.end(), std::back_inserter(expected),
            [&](StepIndex s) { return s >= from && s <= to; });
        QCOMPARE(visited, expected);

        const auto arrival = [](StepIndex, const StepEntry& e) { return e.kind == StepKind::EventArrival; };
        StepIndex last = kNoStep;
        for (StepIndex s = 0; s <= from; ++s) {
            if (!r.quiet[s] && arrival(s, r.steps[s]))
                last = s;
        }
        QCOMPARE(list.lastStoredWhere(from, arrival), last);

        const Timestamp t = r.steps[from].processingTime + static_cast<Timestamp>(rng() % 3) - 1;
        const auto firstAt = std::find_if(r.steps.begin(), r.steps.begin() + static_cast<std::ptrdiff_t>(size),
            [&](const StepEntry& e) { return e.processingTime >= t; });
        QCOMPARE(list.firstAtOrAfter(t), static_cast<StepIndex>(firstAt - r.steps.begin()));
    }
}

} // namespace

class TestStepList : public QObject {
    Q_OBJECT

private slots:
    void everyStepIsRebuiltAsItWasAdded()
    {
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const Recorded r = record(seed);
            checkAgainstSteps(r.list, r, r.steps.size(), seed);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void quietEmissionsBetweenTwoStoredStepsAreOneRun()
    {
        // The channels' timers come back in the order the queue had them: a stretch of quiet emissions is
        // never cut in two, whatever the phases of the channels.
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const Recorded r = record(seed);
            std::size_t stretches = 0;
            for (std::size_t s = 0; s < r.steps.size(); ++s)
                stretches += r.quiet[s] && (s == 0 || !r.quiet[s - 1]) ? 1 : 0;
            QVERIFY2(r.list.quietRunCount() == stretches, ("seed " + std::to_string(seed)).c_str());
        }
    }

    void aRunOfQuietEmissionsTakesAFewBytesWhateverItsLength()
    {
        StepList list;
        list.push(StepEntry {});
        const std::vector<PeriodicTimer> others {{200, 1, 1}, {200, 2, 2}};
        list.pushQuiet(200, 0, others, 200);
        const std::size_t oneEmission = list.memoryBytes();
        EventQueue queue;
        for (std::uint32_t c = 0; c < 3; ++c)
            queue.schedule(200, EventQueue::Kind::PeriodicEmit, c);
        StepList many;
        many.push(StepEntry {});
        const ArrivalSchedule none;
        for (int i = 0; i < 300000; ++i) {
            const EventQueue::Entry e = queue.pop(none);
            queue.schedule(e.time + 200, EventQueue::Kind::PeriodicEmit, e.subject);
            std::vector<PeriodicTimer> timers;
            queue.periodicTimers(timers, e.subject);
            many.pushQuiet(e.time, static_cast<std::int16_t>(e.subject), timers, 200);
        }
        QCOMPARE(many.size(), std::size_t(300001));
        QCOMPARE(many.quietRunCount(), std::size_t(1));
        QVERIFY(many.memoryBytes() <= oneEmission + 64);
        const StepEntry last = many.at(300000);
        QCOMPARE(last.kind, StepKind::PeriodicEmit);
        QCOMPARE(last.processingTime, Timestamp(100000 * 200));
        QCOMPARE(last.channel, std::int16_t(2));
        QCOMPARE(many.at(4).channel, std::int16_t(0));
        QCOMPARE(many.at(4).processingTime, Timestamp(400));
    }

    void anEmissionTheRunDidNotForeseeStartsARunOfItsOwn()
    {
        // Channel 1's timer was due next, but channel 0 fired again (a channel whose timer went away): the list
        // keeps what happened, not what it foresaw.
        StepList list;
        list.push(StepEntry {});
        list.pushQuiet(200, 0, std::vector<PeriodicTimer> {{200, 1, 1}}, 200);
        list.pushQuiet(400, 0, std::vector<PeriodicTimer> {}, 200);
        list.pushQuiet(600, 0, std::vector<PeriodicTimer> {}, 200);
        QCOMPARE(list.size(), std::size_t(4));
        QCOMPARE(list.quietRunCount(), std::size_t(2));
        QCOMPARE(list.at(2).processingTime, Timestamp(400));
        QCOMPARE(list.at(2).channel, std::int16_t(0));
        QCOMPARE(list.at(3).processingTime, Timestamp(600));
        QCOMPARE(list.quietRunAt(3)->first, StepIndex(2));
        QCOMPARE(list.quietRunAt(3)->count, StepIndex(2));
    }

    void truncatingKeepsTheStepsBeforeAndRecordsOnFromThere()
    {
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            const Recorded r = record(seed);
            std::mt19937_64 rng(seed);
            const std::size_t cut = 1 + rng() % r.steps.size();
            StepList list = r.list;
            list.truncate(cut);
            checkAgainstSteps(list, r, cut, seed);
            // a run recorded again from the cut on, as Player::rerunFrom does
            for (std::size_t s = cut; s < r.steps.size(); ++s) {
                if (r.quiet[s])
                    list.pushQuiet(r.steps[s].processingTime, r.steps[s].channel, r.next[s], r.period);
                else
                    list.push(r.steps[s]);
            }
            checkAgainstSteps(list, r, r.steps.size(), seed);
            if (QTest::currentTestFailed())
                return;
        }
    }
};

QTEST_GUILESS_MAIN(TestStepList)
#include "tst_step_list.moc"
