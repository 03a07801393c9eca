#pragma once

#include "engine/windowing/KeyedProcessOperator.h"

#include <map>
#include <vector>

namespace tidemark {

// The KeyedProcessFunctions a scenario can name, each written as a Flink user would write it (the Java twin of each
// is in the Flink oracle, tests/flink-oracle, ProcessFunctions.java). Their outputs' values are record ids.

// Each key's one armed timer and the record it emits when it fires (the ValueState<Long> of the timer and the
// ValueState of the record the timeout functions keep): the part the timeout functions share. Event-time timers are
// armed from the record's timestamp, processing-time ones from the clock (timerService().currentProcessingTime()).
class KeyDeadlines {
public:
    explicit KeyDeadlines(TimeDomain domain = TimeDomain::Event)
        : m_domain(domain)
    { }
    // Arms the key's timer `afterMs` after the current record's timestamp (or the clock), deleting the one armed
    // before.
    void arm(KeyedProcessOperator::Context& ctx, DurationMs afterMs, std::uint32_t element);
    // Deletes the key's timer, if one is armed.
    void disarm(KeyedProcessOperator::Context& ctx);
    // The key's timer fired: its record goes out (at the timer's time), and nothing is armed.
    void fire(KeyedProcessOperator::Context& ctx);

private:
    struct Armed {
        Timestamp at = 0;
        std::uint32_t element = 0;
    };
    TimeDomain m_domain;
    std::map<KeyId, Armed> m_armed;
};

// "No second record for this key within N ms" of event time (the event-time timeout) or of processing time (the
// processing-time timeout), the Java's EventTimeTimeout and ProcessingTimeTimeout. Each record of a key arms a timer
// N ms after its timestamp, or after the clock as it arrives, deleting the one armed before (ValueState<Long>); when
// the timer fires the key has been silent for N ms: the last record's id goes out, at the timer's time in event time
// and without a timestamp in processing time (Flink erases it there). An event-time record out of order arms an
// earlier timer, as the Java does; a processing-time timer fires however the watermark stands.
class KeyTimeout final : public KeyedProcessFunction {
public:
    KeyTimeout(DurationMs timeoutMs, TimeDomain domain);
    std::unique_ptr<KeyedProcessFunction> clone() const override;
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) override;

private:
    DurationMs m_timeoutMs;
    KeyDeadlines m_deadlines;
};

// Buffer and sort until the watermark passes: a record at or below the current watermark is late and dropped; the
// others wait in a per-key buffer (MapState<Long, List>) with an event-time timer at their timestamp, and go out,
// at that time, in the order they came, when a watermark reaches it. The output is in timestamp order per key.
class SortUntilWatermark final : public KeyedProcessFunction {
public:
    std::unique_ptr<KeyedProcessFunction> clone() const override;
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) override;

private:
    std::map<KeyId, std::map<Timestamp, std::vector<std::uint32_t>>> m_buffers;
};

// A running count per key, emitted every N ms of event time: each record of a key adds one, and, when none is armed,
// arms an event-time timer at the end of the N ms period its timestamp falls in (a tumbling window's maxTimestamp:
// TimeWindow.getWindowStartWithOffset(ts, 0, N) + N - 1). When it fires, the key's count so far goes out, at the
// timer's time; the key's next record arms the next one. A key without records arms nothing, so the end of input's
// Long.MAX_VALUE watermark ends it (a timer re-armed from onTimer would fire without end there).
class PeriodicCount final : public KeyedProcessFunction {
public:
    explicit PeriodicCount(DurationMs intervalMs);
    std::unique_ptr<KeyedProcessFunction> clone() const override;
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) override;

private:
    struct KeyCount {
        std::int64_t count = 0; // ValueState<Long> "count"
        bool armed = false; // ValueState<Long> "armed" is set
    };
    DurationMs m_intervalMs;
    std::map<KeyId, KeyCount> m_counts;
};

// "No payment within N ms of the order" (keyed.connect(payments).process): an order of a key not yet paid arms an
// event-time timer at its timestamp + N (deleting one armed before); a payment of the key marks it paid and deletes
// the timer. When the timer fires, the order has gone unpaid for N ms: it goes out, at the timer's time. An order
// after the key's payment arms nothing.
class UnmatchedTimeout final : public KeyedCoProcessFunction {
public:
    explicit UnmatchedTimeout(DurationMs timeoutMs);
    std::unique_ptr<KeyedProcessFunction> clone() const override;
    void processElement1(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void processElement2(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) override;

private:
    DurationMs m_timeoutMs;
    KeyDeadlines m_deadlines;
    std::map<KeyId, bool> m_paid;
};

// A KeyedBroadcastProcessFunction: the timeout of EventTimeTimeout, set by a broadcast rules stream. Each keyed record
// arms an event-time timer at its timestamp + the timeout in force (deleting the one armed before); a broadcast
// record sets the timeout to its value, in every subtask (broadcast state, MapState "rules"); when a timer fires the
// key's last record goes out at the timer's time.
class RuleTimeout final : public KeyedCoProcessFunction {
public:
    explicit RuleTimeout(DurationMs initialTimeoutMs);
    std::unique_ptr<KeyedProcessFunction> clone() const override;
    void processElement1(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    // processBroadcastElement
    void processElement2(std::uint32_t element, KeyedProcessOperator::Context& ctx) override;
    void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) override;

private:
    DurationMs m_timeoutMs;
    KeyDeadlines m_deadlines;
};

} // namespace tidemark
