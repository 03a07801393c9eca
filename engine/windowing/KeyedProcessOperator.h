#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Time.h"
#include "engine/windowing/InternalTimerService.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace tidemark {

// What a KeyedProcessFunction puts out: a value the function chooses (an id the caller understands), for the key,
// at the timestamp Flink's TimestampedCollector gives it: the record's in processElement, the timer's in an
// event-time onTimer, none in a processing-time onTimer.
struct ProcessOutput {
    KeyId key = kNoKey;
    std::uint32_t value = 0;
    std::optional<Timestamp> timestamp;
    // A number the function computed (a count) and puts out in place of a record: then `value` means nothing.
    std::optional<double> number;
};

// A change to a process function's timers: registered (a timer not registered yet), deleted while registered, or
// fired. What a run records for the picture of each timer's life (GraphTrace::timerChanges).
struct ProcessTimerChange {
    enum class Kind : std::uint8_t { Registered, Deleted, Fired };
    Kind kind = Kind::Registered;
    TimeDomain domain = TimeDomain::Event;
    KeyId key = kNoKey;
    Timestamp ts = 0;
};

class KeyedProcessFunction;
class KeyedCoProcessFunction;

// Flink's KeyedProcessOperator: a KeyedProcessFunction called for each record of a key and for each of the key's
// timers that comes due, with Flink's timer rules (InternalTimerService): a timer is registered at most once per
// key, timestamp and time domain; an event-time timer fires when a watermark reaches it (before the watermark is
// forwarded), a processing-time one when the clock does; timers due together fire in timestamp order, then in the
// order they were registered. A plain value (the function is cloned with it).
class KeyedProcessOperator {
public:
    explicit KeyedProcessOperator(std::unique_ptr<KeyedProcessFunction> function);
    KeyedProcessOperator(const KeyedProcessOperator& other);
    KeyedProcessOperator& operator=(const KeyedProcessOperator& other);
    KeyedProcessOperator(KeyedProcessOperator&&) noexcept;
    KeyedProcessOperator& operator=(KeyedProcessOperator&&) noexcept;
    ~KeyedProcessOperator();

    // processElement; `ts` empty for a record without a timestamp. As KeyedCoProcessOperator, processElement1.
    void processElement(KeyId key, std::uint32_t element, std::optional<Timestamp> ts, std::vector<ProcessOutput>& out);
    // KeyedCoProcessOperator#processElement2: a record of the second input (the function is a KeyedCoProcessFunction);
    // as CoBroadcastWithKeyedOperator, a broadcast record, whose `value` a broadcast function reads.
    void processElement2(KeyId key, std::uint32_t element, std::optional<Timestamp> ts, std::vector<ProcessOutput>& out,
        std::optional<double> value = std::nullopt);
    // processWatermark: the event-time timers at or before `watermark` fire; the caller then forwards it.
    void processWatermark(Timestamp watermark, std::vector<ProcessOutput>& out);
    // The processing-time clock moves to `now`: the processing-time timers at or before it fire.
    void advanceProcessingTime(Timestamp now, std::vector<ProcessOutput>& out);
    // Moves the clock without firing timers: the clock a record is processed with (timers due then fire in their
    // own happening, docs/execution-model.md). Never backwards.
    void setCurrentProcessingTime(Timestamp now)
    {
        m_timers.setCurrentProcessingTime(std::max(now, m_timers.currentProcessingTime()));
    }
    // The processing-time timers registered since the last call and registered still, their times in order: what
    // the caller has not scheduled yet. Scheduling each timer as it is registered is scheduling every registered
    // timer after each happening (docs/execution-model.md, rule 4) without going over all of them each time.
    std::vector<Timestamp> takeNewProcessingTimers();

    // Whether to keep the changes to its timers for timerChanges() (off: a copy replaying a run keeps none).
    void recordTimerChanges(bool on) { m_recordChanges = on; }
    // The changes since the last clearTimerChanges, in the order they happened.
    const std::vector<ProcessTimerChange>& timerChanges() const { return m_changes; }
    void clearTimerChanges() { m_changes.clear(); }

    // The timers registered for `key`, in no particular order.
    std::vector<TimerInfo> timersOf(KeyId key) const;
    // Every key's registered timers, of both domains, in the order they would fire (timestamp, then registration).
    std::vector<TimerInfo> timers() const;

    // What the function is handed (Flink's Context / OnTimerContext and TimerService).
    class Context {
    public:
        KeyId currentKey() const { return m_key; }
        // The record's timestamp in processElement, the timer's in an event-time onTimer; empty otherwise.
        std::optional<Timestamp> timestamp() const { return m_timestamp; }
        // A broadcast record's value (processBroadcastElement reads its record); empty otherwise.
        std::optional<double> value() const { return m_value; }
        Timestamp currentWatermark() const;
        Timestamp currentProcessingTime() const;
        void registerEventTimeTimer(Timestamp ts);
        void registerProcessingTimeTimer(Timestamp ts);
        void deleteEventTimeTimer(Timestamp ts);
        void deleteProcessingTimeTimer(Timestamp ts);
        void collect(std::uint32_t value);
        // Puts out a number the function computed rather than a record it holds.
        void collectNumber(double number);

    private:
        friend class KeyedProcessOperator;
        Context(
            KeyedProcessOperator& op, KeyId key, std::optional<Timestamp> timestamp, std::vector<ProcessOutput>& out);
        KeyedProcessOperator& m_op;
        KeyId m_key;
        std::optional<Timestamp> m_timestamp; // also what collect() stamps its output with
        std::optional<double> m_value;
        std::vector<ProcessOutput>& m_out;
    };

private:
    void onTimer(const InternalTimerService::InternalTimer& timer, std::vector<ProcessOutput>& out);
    void registerTimer(KeyId key, Timestamp ts, TimeDomain domain);
    void deleteTimer(KeyId key, Timestamp ts, TimeDomain domain);
    void noteChange(ProcessTimerChange::Kind kind, TimeDomain domain, KeyId key, Timestamp ts)
    {
        if (m_recordChanges)
            m_changes.push_back({kind, domain, key, ts});
    }
    NamespaceTimers& timersOfKey(KeyId key) { return m_keyTimers[key]; }

    std::unique_ptr<KeyedProcessFunction> m_function;
    InternalTimerService m_timers;
    std::map<KeyId, NamespaceTimers> m_keyTimers; // VoidNamespace: one set of timers per key
    std::vector<std::pair<KeyId, Timestamp>> m_newProcessingTimers; // since takeNewProcessingTimers
    bool m_recordChanges = false;
    std::vector<ProcessTimerChange> m_changes; // since clearTimerChanges
};

// Flink's KeyedCoProcessOperator (keyed.connect(otherKeyed).process(f)) is the same operator with two inputs: one
// key, one set of timers and state for both, the inputs' watermarks combined before it
// (IndexedCombinedWatermarkStatus).
// So is CoBroadcastWithKeyedOperator (keyed.connect(broadcastStream).process(f)): its second input reaches every
// subtask and has no key; what the function keeps of it (broadcast state) is the subtask's own.
using KeyedCoProcessOperator = KeyedProcessOperator;
using CoBroadcastWithKeyedOperator = KeyedProcessOperator;

// Flink's KeyedProcessFunction: what a process operator does with a key's records and timers. Keyed state is the
// function's own (a value type: cloned with the operator, so that a copied operator is a snapshot).
class KeyedProcessFunction {
public:
    virtual ~KeyedProcessFunction() = default;
    virtual std::unique_ptr<KeyedProcessFunction> clone() const = 0;
    virtual void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) = 0;
    virtual void onTimer(Timestamp ts, TimeDomain domain, KeyedProcessOperator::Context& ctx) = 0;
    // A KeyedCoProcessFunction's second input (processElement is its first); null for a one-input function.
    virtual KeyedCoProcessFunction* asCoProcessFunction() { return nullptr; }
};

// Flink's KeyedCoProcessFunction: records of two inputs of one key, with the timers and state they share.
class KeyedCoProcessFunction : public KeyedProcessFunction {
public:
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) final
    {
        processElement1(element, ctx);
    }
    virtual void processElement1(std::uint32_t element, KeyedProcessOperator::Context& ctx) = 0;
    virtual void processElement2(std::uint32_t element, KeyedProcessOperator::Context& ctx) = 0;
    KeyedCoProcessFunction* asCoProcessFunction() final { return this; }
};

} // namespace tidemark
