#include "engine/player/EventQueue.h"

#include "engine/player/TimeFormat.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

std::string describeArrivals(const ArrivalRule& rule)
{
    if (rule.atEventTime())
        return rule.eventTimeSpeedup == 1
            ? std::string("at their event time, as they happened")
            : "at their event time, replayed " + std::to_string(rule.eventTimeSpeedup) + "× faster";
    if (rule.spacingMs == 0)
        return "all at once, at processing time 0 (a backlog)";
    return "one record every " + TimeFormatter::duration(rule.spacingMs) + " of processing time";
}

ArrivalSchedule::ArrivalSchedule(const std::vector<Timestamp>& explicitArrivals, DurationMs defaultSpacingMs)
    : m_spacing(defaultSpacingMs)
{
    ArrivalClock clock(ArrivalRule {.spacingMs = defaultSpacingMs});
    resolve(explicitArrivals.size(), [&](std::size_t i) { return clock.next(explicitArrivals[i], 0, false); });
}

ArrivalSchedule::ArrivalSchedule(std::span<const InputRecord> records, ArrivalRule rule)
    : m_spacing(rule.spacingMs)
{
    ArrivalClock clock(rule);
    resolve(records.size(), [&](std::size_t i) { return clock.next(records[i]); });
}

template <class Next> void ArrivalSchedule::resolve(std::size_t records, Next next)
{
    m_arrival.resize(records);
    for (std::size_t i = 0; i < records; ++i) {
        m_arrival[i] = next(i);
        m_inFileOrder = m_inFileOrder && (i == 0 || m_arrival[i - 1] <= m_arrival[i]);
    }
    if (!m_inFileOrder) {
        m_order.resize(records);
        for (std::uint32_t i = 0; i < m_order.size(); ++i)
            m_order[i] = i;
        std::stable_sort(m_order.begin(), m_order.end(),
            [this](std::uint32_t a, std::uint32_t b) { return m_arrival[a] < m_arrival[b]; });
    }
    m_last = records == 0 ? 0 : m_arrival[recordAt(records - 1)];
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
    if (!m_inFileOrder)
        m_order.push_back(static_cast<std::uint32_t>(m_arrival.size()));
    m_arrival.push_back(arrival);
    m_last = arrival;
}

void EventQueue::schedule(Timestamp time, Kind kind, std::uint32_t subject)
{
    // Sifted by hand, the entry kept in registers: std::push_heap's moves of a freshly built entry stalled on
    // store forwarding, and a sparse input's run is mostly this.
    const Entry e {time, m_nextSeq++, kind, subject};
    std::size_t i = m_heap.size();
    m_heap.emplace_back();
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!later(m_heap[parent], e))
            break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
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
    // peek()'s choice, without going through its optional: copying a freshly built entry stalls on store
    // forwarding, and a sparse input's run is mostly this.
    if (heapFirst(arrivals)) {
        if (m_heap.front().time > m_horizon)
            throw std::logic_error("EventQueue::pop on an exhausted queue");
        const Entry top = m_heap.front();
        // the last entry sifted down from the top
        const Entry last = m_heap.back();
        m_heap.pop_back();
        const std::size_t n = m_heap.size();
        std::size_t i = 0;
        for (std::size_t child = 1; child < n; child = 2 * i + 1) {
            if (child + 1 < n && later(m_heap[child], m_heap[child + 1]))
                ++child;
            if (!later(last, m_heap[child]))
                break;
            m_heap[i] = m_heap[child];
            i = child;
        }
        if (n > 0)
            m_heap[i] = last;
        return top;
    }
    if (m_nextArrival >= arrivals.size() || arrivals.timeAt(m_nextArrival) > m_horizon)
        throw std::logic_error("EventQueue::pop on an exhausted queue");
    const std::size_t k = m_nextArrival++;
    return Entry {arrivals.timeAt(k), k, Kind::Arrival, arrivals.recordAt(k)};
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
