#include "engine/windowing/InternalTimerService.h"

#include <algorithm>

namespace tidemark {

// NamespaceTimers -------------------------------------------------------------------------------------

NamespaceTimers::NamespaceTimers(const NamespaceTimers& other)
    : m_ts(other.m_ts)
    , m_tagged(other.m_tagged)
    , m_overflow(other.m_overflow ? std::make_unique<std::vector<Slot>>(*other.m_overflow) : nullptr)
    , m_size(other.m_size)
{ }

NamespaceTimers& NamespaceTimers::operator=(const NamespaceTimers& other)
{
    if (this != &other)
        *this = NamespaceTimers(other);
    return *this;
}

int NamespaceTimers::find(Timestamp ts, TimeDomain domain) const
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

void NamespaceTimers::set(int i, const Slot& slot)
{
    if (i < kInline) {
        m_ts[static_cast<std::size_t>(i)] = slot.ts;
        m_tagged[static_cast<std::size_t>(i)] = slot.tagged;
    } else {
        (*m_overflow)[static_cast<std::size_t>(i - kInline)] = slot;
    }
}

void NamespaceTimers::add(const Slot& slot)
{
    if (m_size < kInline) {
        set(m_size, slot);
    } else {
        if (!m_overflow)
            m_overflow = std::make_unique<std::vector<Slot>>();
        m_overflow->push_back(slot);
    }
    ++m_size;
}

void NamespaceTimers::remove(int i)
{
    // Order inside one namespace does not matter: the queues order timers.
    const int last = m_size - 1;
    if (i != last)
        set(i, at(last));
    if (last >= kInline)
        m_overflow->pop_back();
    --m_size;
}

// InternalTimerService --------------------------------------------------------------------------------

void InternalTimerService::registerTimer(
    NamespaceTimers& timers, KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain)
{
    if (timers.find(ts, domain) >= 0)
        return; // (ts, key, window) is registered already
    const std::uint64_t sequence = m_nextSequence++;
    std::uint32_t id = 0;
    if (!m_freeIds.empty()) {
        id = m_freeIds.back();
        m_freeIds.pop_back();
        m_registrations[id] = {key, true, window, sequence};
    } else {
        id = static_cast<std::uint32_t>(m_registrations.size());
        m_registrations.push_back({key, true, window, sequence});
    }
    timers.add(NamespaceTimers::Slot::make(ts, id, domain));
    queue(domain).push(ts, sequence, id);
}

bool InternalTimerService::deleteTimer(NamespaceTimers& timers, Timestamp ts, TimeDomain domain)
{
    const int i = timers.find(ts, domain);
    if (i < 0)
        return false;
    // The queue entry stays and is skipped when it comes up.
    m_registrations[timers.at(i).id()].live = false;
    timers.remove(i);
    m_timersDeleted = true;
    return true;
}

bool InternalTimerService::poll(TimerQueue& queue, TimeDomain domain, InternalTimer& timer)
{
    const TimerQueue::Entry entry = queue.pop();
    const Registration& registration = m_registrations[entry.target];
    timer = {entry.ts, entry.sequence, registration.key, registration.window, domain, entry.target};
    m_freeIds.push_back(entry.target);
    return registration.live;
}

bool InternalTimerService::claim(NamespaceTimers& timers, const InternalTimer& timer)
{
    const int i = timers.find(timer.ts, timer.domain);
    if (i < 0 || timers.at(i).id() != timer.id)
        return false;
    timers.remove(i); // the operator lets the namespace go if nothing else is left in it
    if (timer.domain == TimeDomain::Event && timer.sequence >= m_firstChained && ++m_chained > kMaxChainedFirings) {
        throw EndlessFiringError("more than " + std::to_string(kMaxChainedFirings)
            + " firings in one watermark advance: the scenario does not terminate (the trigger keeps "
              "registering timers the watermark "
            + std::to_string(m_watermark) + " has already passed, as a continuous-event-time trigger on "
            + "the global window does at the end of input)");
    }
    return true;
}

void InternalTimerService::pruneDeletedTimers()
{
    if (!m_timersDeleted)
        return;
    m_timersDeleted = false;
    InternalTimer timer;
    for (TimeDomain domain : {TimeDomain::Event, TimeDomain::Processing}) {
        TimerQueue& q = queue(domain);
        while (!q.empty() && !m_registrations[q.top().target].live)
            poll(q, domain, timer);
    }
}

std::optional<Timestamp> InternalTimerService::nextEventTimer() const
{
    if (m_eventTimers.empty())
        return std::nullopt;
    return m_eventTimers.top().ts;
}

std::optional<Timestamp> InternalTimerService::nextProcessingTimer() const
{
    if (m_processingTimers.empty())
        return std::nullopt;
    return m_processingTimers.top().ts;
}

void InternalTimerService::appendTimers(const NamespaceTimers& timers, TimeDomain domain, KeyId key,
    const TimeWindow& window, std::vector<TimerInfo>& out) const
{
    for (int i = 0; i < timers.m_size; ++i) {
        const NamespaceTimers::Slot slot = timers.at(i);
        if (slot.domain() == domain)
            out.push_back({domain, slot.ts, key, window, m_registrations[slot.id()].sequence});
    }
}

} // namespace tidemark
