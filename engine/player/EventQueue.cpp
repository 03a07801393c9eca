#include "engine/player/EventQueue.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

ArrivalSchedule::ArrivalSchedule(const std::vector<Timestamp>& explicitArrivals, DurationMs defaultSpacingMs)
    : m_spacing(defaultSpacingMs)
{
    m_arrival.reserve(explicitArrivals.size());
    ArrivalClock clock(m_spacing);
    for (const Timestamp a : explicitArrivals)
        m_arrival.push_back(clock.next(a));
    m_order.resize(m_arrival.size());
    for (std::uint32_t i = 0; i < m_order.size(); ++i)
        m_order[i] = i;
    const auto earlier = [this](std::uint32_t a, std::uint32_t b) { return m_arrival[a] < m_arrival[b]; };
    if (!std::is_sorted(m_order.begin(), m_order.end(), earlier)) // most inputs arrive in file order
        std::stable_sort(m_order.begin(), m_order.end(), earlier);
    m_last = m_order.empty() ? 0 : m_arrival[m_order.back()];
}

Timestamp ArrivalSchedule::resolveAppended(Timestamp explicitArrival) const
{
    Timestamp t = explicitArrival;
    if (t == kMinTimestamp)
        t = m_arrival.empty() ? 0 : javaAdd(m_arrival.back(), m_spacing);
    return m_arrival.empty() ? t : std::max(t, m_last);
}

void ArrivalSchedule::append(Timestamp arrival)
{
    if (!m_arrival.empty() && arrival < m_last)
        throw std::invalid_argument("an appended record cannot arrive before the latest arrival");
    m_order.push_back(static_cast<std::uint32_t>(m_arrival.size()));
    m_arrival.push_back(arrival);
    m_last = arrival;
}

void EventQueue::schedule(Timestamp time, Kind kind, std::uint32_t subject)
{
    m_heap.push_back(Entry {time, m_nextSeq++, kind, subject});
    std::push_heap(m_heap.begin(), m_heap.end(), later);
}

bool EventQueue::isScheduled(Timestamp time, Kind kind, std::uint32_t subject) const
{
    return std::any_of(m_heap.begin(), m_heap.end(),
        [&](const Entry& e) { return e.time == time && e.kind == kind && e.subject == subject; });
}

std::optional<Timestamp> EventQueue::nextScheduled(Kind kind, std::uint32_t subject) const
{
    std::optional<Timestamp> earliest;
    for (const Entry& e : m_heap) {
        if (e.kind == kind && e.subject == subject && (!earliest || e.time < *earliest))
            earliest = e.time;
    }
    return earliest;
}

void EventQueue::rescheduleEndOfInput(Timestamp time)
{
    for (Entry& e : m_heap) {
        if (e.kind == Kind::EndOfInput)
            e.time = time;
    }
    std::make_heap(m_heap.begin(), m_heap.end(), later);
}

EventQueue::Entry EventQueue::pop(const ArrivalSchedule& arrivals)
{
    const auto next = peek(arrivals);
    if (!next)
        throw std::logic_error("EventQueue::pop on an exhausted queue");
    if (next->kind == Kind::Arrival) {
        ++m_nextArrival;
    } else {
        std::pop_heap(m_heap.begin(), m_heap.end(), later);
        m_heap.pop_back();
    }
    return *next;
}

void EventQueue::periodicTimers(std::vector<PeriodicTimer>& out, std::uint32_t except) const
{
    const std::size_t first = out.size();
    for (const Entry& e : m_heap) {
        if (e.kind == Kind::PeriodicEmit && e.subject != except)
            out.push_back(PeriodicTimer {e.time, static_cast<std::int16_t>(e.subject), e.seq});
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
        [](const PeriodicTimer& a, const PeriodicTimer& b) {
            return a.time != b.time ? a.time < b.time : a.seq < b.seq;
        });
}

std::string EventQueue::dump() const
{
    static constexpr const char* kNames[] = {"arrival", "end-of-input", "periodic", "pt-timer"};
    std::vector<Entry> sorted = m_heap;
    std::sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return later(b, a); });
    std::string s = "queue next-arrival=" + std::to_string(m_nextArrival) + " horizon=" + std::to_string(m_horizon)
        + " next-seq=" + std::to_string(m_nextSeq) + "\n";
    for (const Entry& e : sorted) {
        s += "  " + std::to_string(e.time) + " #" + std::to_string(e.seq) + " " + kNames[static_cast<int>(e.kind)] + " "
            + std::to_string(e.subject) + "\n";
    }
    return s;
}

} // namespace tidemark
