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
    std::stable_sort(m_order.begin(), m_order.end(),
        [this](std::uint32_t a, std::uint32_t b) { return m_arrival[a] < m_arrival[b]; });
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

namespace {
// std heap algorithms build a max-heap; "greater" puts the earliest (time, seq) on top.
bool later(const EventQueue::Entry& a, const EventQueue::Entry& b)
{
    return a.time != b.time ? a.time > b.time : a.seq > b.seq;
}
} // namespace

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

std::optional<EventQueue::Entry> EventQueue::peek(const ArrivalSchedule& arrivals) const
{
    std::optional<Entry> next;
    if (m_nextArrival < arrivals.size())
        next = Entry {arrivals.timeAt(m_nextArrival), m_nextArrival, Kind::Arrival, arrivals.recordAt(m_nextArrival)};
    // Arrivals were all inserted before anything else, so they win ties on time.
    if (!m_heap.empty() && (!next || m_heap.front().time < next->time))
        next = m_heap.front();
    if (next && next->time > m_horizon)
        return std::nullopt;
    return next;
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
