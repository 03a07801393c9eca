#pragma once

#include "engine/core/ArrivalRule.h"
#include "engine/core/Record.h"
#include "engine/core/Time.h"
#include "engine/player/StepList.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tidemark {

// The arrival rule (ArrivalRule), one record at a time in input order: an explicit arrival (not kMinTimestamp),
// else by the rule from the previous record's (0 for the first). ArrivalSchedule resolves a whole input with it,
// and a streamed run each record as it comes.
class ArrivalClock {
public:
    explicit ArrivalClock(ArrivalRule rule)
        : m_rule(rule)
    { }
    Timestamp next(Timestamp explicitArrival, Timestamp eventTime, bool watermark)
    {
        if (explicitArrival != kMinTimestamp)
            m_previous = explicitArrival;
        else if (!m_rule.atEventTime())
            m_previous = m_first ? 0 : javaAdd(m_previous, m_rule.spacingMs);
        else if (!watermark)
            m_previous = std::max(m_previous, atEventTime(eventTime));
        m_first = false;
        return m_previous;
    }
    Timestamp next(const InputRecord& r) { return next(r.arrival, r.ts, r.isWatermark()); }

private:
    // The first event record placed by its event time sets the origin; a watermark record comes with the previous
    // record (its value is not a time at which anything happened).
    Timestamp atEventTime(Timestamp eventTime)
    {
        if (!m_origin) {
            m_origin = true;
            m_originEventTime = eventTime;
            m_originArrival = m_previous;
        }
        if (eventTime <= m_originEventTime)
            return m_originArrival;
        const auto elapsed = static_cast<std::uint64_t>(javaSub(eventTime, m_originEventTime));
        return javaAdd(
            m_originArrival, static_cast<Timestamp>(elapsed / static_cast<std::uint64_t>(m_rule.eventTimeSpeedup)));
    }

    ArrivalRule m_rule;
    Timestamp m_previous = 0;
    bool m_first = true;
    bool m_origin = false;
    Timestamp m_originEventTime = 0;
    Timestamp m_originArrival = 0;
};

// The rule in words, for the CLI's guess line, the comparison and the import dialog's summary: "one record every
// 1 s of processing time", "all at once, at processing time 0 (a backlog)", "at their event time, 10× faster".
std::string describeArrivals(const ArrivalRule& rule);

// When each input record arrives (docs/execution-model.md, "Arrivals"): an explicit `arrival`, else by the
// scenario's ArrivalRule (ArrivalClock). Records are taken in
// (arrival, file index) order. Shared by every copy of the queue: snapshots only copy a cursor into it.
class ArrivalSchedule {
public:
    ArrivalSchedule() = default;
    // `explicitArrivals[i]` is record i's `arrival`, or kMinTimestamp when it has none.
    ArrivalSchedule(const std::vector<Timestamp>& explicitArrivals, DurationMs defaultSpacingMs);
    // The same, from each record's `arrival` and, for a rule at event time, its timestamp.
    ArrivalSchedule(std::span<const InputRecord> records, ArrivalRule rule);

    std::size_t size() const { return m_arrival.size(); }
    // The k-th record to arrive (file index) and its arrival time.
    std::uint32_t recordAt(std::size_t k) const { return m_inFileOrder ? static_cast<std::uint32_t>(k) : m_order[k]; }
    Timestamp timeAt(std::size_t k) const { return m_arrival[recordAt(k)]; }
    Timestamp arrivalOf(std::uint32_t record) const { return m_arrival[record]; }
    // The latest arrival (0 when there are no records).
    Timestamp lastArrival() const { return m_last; }

    // The arrival a record appended now would get: its explicit one, else previous + spacing; never
    // before lastArrival() (a live record comes after everything already scheduled). A live record has its
    // arrival, so the spacing is all a rule at event time needs here.
    Timestamp resolveAppended(Timestamp explicitArrival) const;
    // Appends a record arriving at `arrival` (>= lastArrival()).
    void append(Timestamp arrival);

private:
    template <class Next> void resolve(std::size_t records, Next next);

    std::vector<Timestamp> m_arrival; // by file index
    // Most inputs arrive in file order: then no order is kept (at 10M records, 40 MB and a pass less).
    bool m_inFileOrder = true;
    std::vector<std::uint32_t> m_order; // file indices in arrival order, unless m_inFileOrder
    Timestamp m_last = 0;
    DurationMs m_spacing = 1000;
};

// The deterministic event queue: happenings ordered by (processing time, insertion sequence).
//
// All arrivals are inserted first, in file order, so at equal processing time an arrival always precedes
// every other happening; they are therefore not stored but read through a cursor into the
// ArrivalSchedule. Everything else (end of input, periodic emission, processing-time timers) lives in a
// small heap with its own insertion sequence. Happenings after the horizon stay queued but never run,
// so extending the horizon (appending a record) lets them run exactly as a fresh run would.
// A plain value: copying it is a snapshot.
class EventQueue {
public:
    enum class Kind : std::uint8_t { Arrival, EndOfInput, PeriodicEmit, ProcessingTimer };

    struct Entry {
        Timestamp time = 0;
        std::uint64_t seq = 0; // arrivals: the arrival rank; others: insertion order after all arrivals
        Kind kind = Kind::Arrival;
        std::uint32_t subject = 0; // Arrival: record index; PeriodicEmit: channel; ProcessingTimer: subtask

        friend bool operator==(const Entry&, const Entry&) = default;
    };

    // Inserts a non-arrival happening (after every arrival and every earlier insertion).
    void schedule(Timestamp time, Kind kind, std::uint32_t subject);
    // True if a happening of this kind, subject and time is queued.
    bool isScheduled(Timestamp time, Kind kind, std::uint32_t subject) const;
    // The earliest queued time of a non-arrival happening of this kind and subject, if any (ignores the
    // horizon).
    std::optional<Timestamp> nextScheduled(Kind kind, std::uint32_t subject) const;
    // Moves the (single) queued end of input to `time`, keeping its place among equal times.
    void rescheduleEndOfInput(Timestamp time);

    void setHorizon(Timestamp horizon) { m_horizon = horizon; }
    Timestamp horizon() const { return m_horizon; }

    // The next happening with time <= horizon, if any. Inline: a sparse input's run is mostly queue work.
    std::optional<Entry> peek(const ArrivalSchedule& arrivals) const
    {
        if (heapFirst(arrivals))
            return m_heap.front().time > m_horizon ? std::nullopt : std::optional<Entry>(m_heap.front());
        if (m_nextArrival >= arrivals.size() || arrivals.timeAt(m_nextArrival) > m_horizon)
            return std::nullopt;
        return Entry {arrivals.timeAt(m_nextArrival), m_nextArrival, Kind::Arrival, arrivals.recordAt(m_nextArrival)};
    }
    // Removes and returns peek(); precondition: peek() has a value.
    Entry pop(const ArrivalSchedule& arrivals);

    // The queued periodic emissions of every channel but `except`, in the order they will run (ignores the
    // horizon), appended to `out`.
    void periodicTimers(std::vector<PeriodicTimer>& out, std::uint32_t except) const;

    std::size_t arrivalsTaken() const { return m_nextArrival; }
    std::size_t pendingCount() const { return m_heap.size(); }
    // Every queued non-arrival happening in run order, plus the cursor and horizon (for state dumps).
    std::string dump() const;
    std::size_t memoryBytes() const { return sizeof(*this) + m_heap.capacity() * sizeof(Entry); }

    // std heap algorithms build a max-heap; "later" puts the earliest (time, seq) on top.
    static bool later(const Entry& a, const Entry& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }

private:
    // Whether the next happening is the heap's rather than the next arrival's (if any): arrivals were all
    // inserted before anything else, so they win ties on time.
    bool heapFirst(const ArrivalSchedule& arrivals) const
    {
        return !m_heap.empty()
            && (m_nextArrival >= arrivals.size() || m_heap.front().time < arrivals.timeAt(m_nextArrival));
    }

    std::vector<Entry> m_heap; // min-heap on (time, seq)
    std::size_t m_nextArrival = 0;
    std::uint64_t m_nextSeq = 0;
    Timestamp m_horizon = kMaxTimestamp;
};

} // namespace tidemark
