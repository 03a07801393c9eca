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

void InternalTimerService::throwEndlessFiring() const
{
    throw EndlessFiringError("more than " + std::to_string(kMaxChainedFirings)
        + " firings in one watermark advance: the scenario does not terminate (the trigger keeps "
          "registering timers the watermark "
        + std::to_string(m_watermark) + " has already passed, as a continuous-event-time trigger on "
        + "the global window does at the end of input)");
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
