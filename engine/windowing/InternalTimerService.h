#pragma once

#include "engine/core/Keys.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/TimerQueue.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tidemark {

// A watermark advance that would never end: the triggers it fires keep registering timers it has already
// passed (a ContinuousEventTimeTrigger on the global window meeting the end-of-input watermark; Flink loops
// there). Thrown after InternalTimerService::kMaxChainedFirings such firings; the job fails, as a Flink job
// that is stopped would. The bound is the one the Flink oracle uses (tests/flink-oracle).
class EndlessFiringError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A registered timer, for inspection.
struct TimerInfo {
    TimeDomain domain = TimeDomain::Event;
    Timestamp ts = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    std::uint64_t sequence = 0; // registration order; breaks ties between equal timestamps
};

// The timers of one (key, window namespace): the set that keeps a (timestamp, key, window) registered at
// most once per domain, as Flink's timer queues dedupe. It lives in the operator's state of that namespace,
// so that registering looks nothing up; InternalTimerService is the only one to change it.
class NamespaceTimers {
public:
    NamespaceTimers() = default;
    NamespaceTimers(const NamespaceTimers& other);
    NamespaceTimers& operator=(const NamespaceTimers& other);
    NamespaceTimers(NamespaceTimers&&) noexcept = default;
    NamespaceTimers& operator=(NamespaceTimers&&) noexcept = default;
    ~NamespaceTimers() = default;

    bool empty() const { return m_size == 0; }
    int size() const { return m_size; } // of both domains

private:
    friend class InternalTimerService;

    struct Slot {
        Timestamp ts = 0;
        std::uint32_t tagged = 0; // registration id << 1, low bit set for processing time

        static Slot make(Timestamp ts, std::uint32_t id, TimeDomain domain)
        {
            if (id > 0x7FFFFFFFu)
                throw std::length_error("more than 2^31 timers registered at once");
            return {ts, (id << 1) | (domain == TimeDomain::Processing ? 1u : 0u)};
        }
        std::uint32_t id() const { return tagged >> 1; }
        TimeDomain domain() const { return (tagged & 1u) != 0 ? TimeDomain::Processing : TimeDomain::Event; }
    };

    int find(Timestamp ts, TimeDomain domain) const;
    Slot at(int i) const
    {
        if (i < kInline)
            return {m_ts[static_cast<std::size_t>(i)], m_tagged[static_cast<std::size_t>(i)]};
        return (*m_overflow)[static_cast<std::size_t>(i - kInline)];
    }
    void add(const Slot& slot);
    void remove(int i);
    void set(int i, const Slot& slot);

    // Almost always at most two timers (trigger time and cleanup time), kept inline in 40 bytes (timestamps
    // and tags in separate arrays, so that no padding is stored); more go to the heap.
    static constexpr int kInline = 2;
    std::array<Timestamp, kInline> m_ts {};
    std::array<std::uint32_t, kInline> m_tagged {};
    std::unique_ptr<std::vector<Slot>> m_overflow; // slots kInline.. when there are more
    int m_size = 0;
};

// Flink's InternalTimerService (InternalTimerServiceImpl) for the windows of one operator: event-time and
// processing-time timers on (timestamp, key, window), the watermark and the processing-time clock.
//
// Due timers fire in timestamp order; timers with equal timestamps fire in the order they were registered
// (Flink's heap order is history-dependent and unspecified; this is the documented replacement). A
// re-registered timer counts as registered anew. A deleted timer alone at its timestamp leaves the queue at
// once; one among others stays queued, marked dead, and is skipped when it comes up. Deleting never searches
// the queue.
//
// A value type: copying it copies every timer.
class InternalTimerService {
public:
    // Firings, in one watermark advance, of timers registered during that same advance, beyond which the
    // advance fails with EndlessFiringError. Timers registered before it do not count: flushing a million
    // open windows at the end of input is fine.
    static constexpr std::uint64_t kMaxChainedFirings = 200000;

    // A timer that came due, handed to the operator to fire.
    struct InternalTimer {
        Timestamp ts = 0;
        std::uint64_t sequence = 0;
        KeyId key = kNoKey;
        TimeWindow window;
        TimeDomain domain = TimeDomain::Event;
        std::uint32_t id = 0; // which registration: tells the timer that came due from one registered since
    };

    Timestamp currentWatermark() const { return m_watermark; }
    Timestamp currentProcessingTime() const { return m_processingTime; }
    // Moves the processing-time clock without firing timers.
    void setCurrentProcessingTime(Timestamp now) { m_processingTime = now; }
    // Whether `timers` holds a timer at `ts` of `domain`.
    static bool holds(const NamespaceTimers& timers, Timestamp ts, TimeDomain domain)
    {
        return timers.find(ts, domain) >= 0;
    }

    // Registering a timer that is registered already is a no-op; deleting one that is not, too. Each returns
    // whether it changed anything.
    bool registerTimer(NamespaceTimers& timers, KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain);
    bool deleteTimer(NamespaceTimers& timers, Timestamp ts, TimeDomain domain);
    void registerEventTimeTimer(NamespaceTimers& timers, KeyId key, const TimeWindow& window, Timestamp ts)
    {
        registerTimer(timers, key, window, ts, TimeDomain::Event);
    }
    void registerProcessingTimeTimer(NamespaceTimers& timers, KeyId key, const TimeWindow& window, Timestamp ts)
    {
        registerTimer(timers, key, window, ts, TimeDomain::Processing);
    }
    bool deleteEventTimeTimer(NamespaceTimers& timers, Timestamp ts)
    {
        return deleteTimer(timers, ts, TimeDomain::Event);
    }
    bool deleteProcessingTimeTimer(NamespaceTimers& timers, Timestamp ts)
    {
        return deleteTimer(timers, ts, TimeDomain::Processing);
    }

    // Sets the watermark (visible to every trigger that fires), then hands every due event-time timer to
    // `onEventTime(const InternalTimer&)`, also those registered meanwhile.
    template <typename OnTimer> void advanceWatermark(Timestamp watermark, OnTimer&& onEventTime)
    {
        m_watermark = watermark;
        // Timers registered from here on are registered by the triggers this advance fires; when they are
        // due too they fire in the same advance, and a trigger that always does so never lets it end.
        m_firstChained = m_nextSequence;
        m_chained = 0;
        InternalTimer timer;
        while (!m_eventTimers.empty() && m_eventTimers.top().ts <= watermark) {
            if (poll(m_eventTimers, TimeDomain::Event, timer))
                onEventTime(timer);
        }
        pruneDeletedTimers();
    }

    // Sets the processing-time clock, then hands every processing-time timer <= now to
    // `onProcessingTime(const InternalTimer&)`.
    template <typename OnTimer> void advanceProcessingTime(Timestamp now, OnTimer&& onProcessingTime)
    {
        m_processingTime = now;
        InternalTimer timer;
        while (!m_processingTimers.empty() && m_processingTimers.top().ts <= now) {
            if (poll(m_processingTimers, TimeDomain::Processing, timer))
                onProcessingTime(timer);
        }
        pruneDeletedTimers();
    }

    // Takes a due timer out of the timers of its namespace, as it fires; false when that namespace no
    // longer holds this very registration. Throws EndlessFiringError past kMaxChainedFirings.
    bool claim(NamespaceTimers& timers, const InternalTimer& timer);

    // Drops dead timers from the heads of the queues, so that the next timers reported are live ones.
    void pruneDeletedTimers();

    std::optional<Timestamp> nextEventTimer() const;
    std::optional<Timestamp> nextProcessingTimer() const;

    // Appends the timers of one domain that `timers` holds for (key, window), in no particular order.
    void appendTimers(const NamespaceTimers& timers, TimeDomain domain, KeyId key, const TimeWindow& window,
        std::vector<TimerInfo>& out) const;

private:
    // What a queued timer is for: kept beside the queues so that queue entries stay small. A deleted timer
    // stays queued with `live` cleared, so that it is skipped without a state lookup when it comes up.
    struct Registration {
        KeyId key = kNoKey;
        bool live = false;
        std::uint32_t bucket = 0; // where its queue keeps it (TimerQueue::push)
        TimeWindow window;
        std::uint64_t sequence = 0;
    };

    TimerQueue& queue(TimeDomain domain) { return domain == TimeDomain::Event ? m_eventTimers : m_processingTimers; }
    // Pops the head of `queue` into `timer`; false when it was deleted after it was queued.
    bool poll(TimerQueue& queue, TimeDomain domain, InternalTimer& timer);
    [[noreturn]] void throwEndlessFiring() const;

    Timestamp m_watermark = kMinTimestamp;
    Timestamp m_processingTime = 0; // a fresh job's clock; the caller advances it
    std::uint64_t m_nextSequence = 0;
    std::uint64_t m_firstChained = 0; // the first sequence registered during the current watermark advance
    std::uint64_t m_chained = 0;
    bool m_timersDeleted = false; // a queue head may be a deleted timer

    TimerQueue m_eventTimers;
    TimerQueue m_processingTimers;
    std::vector<Registration> m_registrations; // indexed by registration id
    std::vector<std::uint32_t> m_freeIds;
};

// The per-record and per-timer paths, inline so that the operator's loops do not pay a call for each.

inline int NamespaceTimers::find(Timestamp ts, TimeDomain domain) const
{
    const std::uint32_t bit = domain == TimeDomain::Processing ? 1u : 0u;
    const int inlined = std::min(m_size, kInline);
    for (int i = 0; i < inlined; ++i) {
        const auto at = static_cast<std::size_t>(i);
        if (m_ts[at] == ts && (m_tagged[at] & 1u) == bit)
            return i;
    }
    for (int i = kInline; i < m_size; ++i) {
        const Slot& s = (*m_overflow)[static_cast<std::size_t>(i - kInline)];
        if (s.ts == ts && s.domain() == domain)
            return i;
    }
    return -1;
}

inline bool InternalTimerService::registerTimer(
    NamespaceTimers& timers, KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain)
{
    if (timers.find(ts, domain) >= 0)
        return false; // (ts, key, window) is registered already
    const std::uint64_t sequence = m_nextSequence++;
    std::uint32_t id = 0;
    if (!m_freeIds.empty()) {
        id = m_freeIds.back();
        m_freeIds.pop_back();
    } else {
        id = static_cast<std::uint32_t>(m_registrations.size());
        m_registrations.emplace_back();
    }
    timers.add(NamespaceTimers::Slot::make(ts, id, domain));
    m_registrations[id] = {key, true, queue(domain).push(ts, sequence, id), window, sequence};
    return true;
}

inline bool InternalTimerService::deleteTimer(NamespaceTimers& timers, Timestamp ts, TimeDomain domain)
{
    const int i = timers.find(ts, domain);
    if (i < 0)
        return false;
    const std::uint32_t id = timers.at(i).id();
    Registration& registration = m_registrations[id];
    registration.live = false;
    timers.remove(i);
    // A timer alone at its timestamp leaves the queue now; otherwise its entry stays and is skipped when it
    // comes up.
    if (queue(domain).remove(registration.bucket, registration.sequence))
        m_freeIds.push_back(id);
    else
        m_timersDeleted = true;
    return true;
}

inline bool InternalTimerService::poll(TimerQueue& queue, TimeDomain domain, InternalTimer& timer)
{
    const TimerQueue::Entry entry = queue.pop();
    const Registration& registration = m_registrations[entry.target];
    timer = {entry.ts, entry.sequence, registration.key, registration.window, domain, entry.target};
    m_freeIds.push_back(entry.target);
    return registration.live;
}

inline bool InternalTimerService::claim(NamespaceTimers& timers, const InternalTimer& timer)
{
    const int i = timers.find(timer.ts, timer.domain);
    if (i < 0 || timers.at(i).id() != timer.id)
        return false;
    timers.remove(i); // the operator lets the namespace go if nothing else is left in it
    if (timer.domain == TimeDomain::Event && timer.sequence >= m_firstChained && ++m_chained > kMaxChainedFirings)
        throwEndlessFiring();
    return true;
}

} // namespace tidemark
