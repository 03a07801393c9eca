#include "engine/windowing/KeyedProcessOperator.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

namespace {

// Flink's VoidNamespace: a process function's timers are the key's alone.
const TimeWindow kVoidNamespace(0, 0);

} // namespace

KeyedProcessOperator::KeyedProcessOperator(std::unique_ptr<KeyedProcessFunction> function)
    : m_function(std::move(function))
{ }

KeyedProcessOperator::KeyedProcessOperator(const KeyedProcessOperator& other)
    : m_function(other.m_function->clone())
    , m_timers(other.m_timers)
    , m_keyTimers(other.m_keyTimers)
    , m_newProcessingTimers(other.m_newProcessingTimers)
    , m_recordChanges(other.m_recordChanges)
    , m_changes(other.m_changes)
{ }

KeyedProcessOperator& KeyedProcessOperator::operator=(const KeyedProcessOperator& other)
{
    if (this != &other)
        *this = KeyedProcessOperator(other);
    return *this;
}

KeyedProcessOperator::KeyedProcessOperator(KeyedProcessOperator&&) noexcept = default;
KeyedProcessOperator& KeyedProcessOperator::operator=(KeyedProcessOperator&&) noexcept = default;
KeyedProcessOperator::~KeyedProcessOperator() = default;

void KeyedProcessOperator::processElement(
    KeyId key, std::uint32_t element, std::optional<Timestamp> ts, std::vector<ProcessOutput>& out)
{
    Context ctx(*this, key, ts, out);
    m_function->processElement(element, ctx);
}

void KeyedProcessOperator::processElement2(KeyId key, std::uint32_t element, std::optional<Timestamp> ts,
    std::vector<ProcessOutput>& out, std::optional<double> value)
{
    KeyedCoProcessFunction* function = m_function->asCoProcessFunction();
    if (!function)
        throw std::logic_error("processElement2 on a process function of one input");
    Context ctx(*this, key, ts, out);
    ctx.m_value = value;
    function->processElement2(element, ctx);
}

void KeyedProcessOperator::processWatermark(Timestamp watermark, std::vector<ProcessOutput>& out)
{
    m_timers.advanceWatermark(
        watermark, [&](const InternalTimerService::InternalTimer& timer) { onTimer(timer, out); });
}

void KeyedProcessOperator::advanceProcessingTime(Timestamp now, std::vector<ProcessOutput>& out)
{
    m_timers.advanceProcessingTime(now, [&](const InternalTimerService::InternalTimer& timer) { onTimer(timer, out); });
}

void KeyedProcessOperator::onTimer(const InternalTimerService::InternalTimer& timer, std::vector<ProcessOutput>& out)
{
    const auto it = m_keyTimers.find(timer.key);
    if (it == m_keyTimers.end() || !m_timers.claim(it->second, timer))
        return;
    noteChange(ProcessTimerChange::Kind::Fired, timer.domain, timer.key, timer.ts);
    const bool eventTime = timer.domain == TimeDomain::Event;
    // onEventTime: setAbsoluteTimestamp(timer); onProcessingTime: eraseTimestamp()
    Context ctx(*this, timer.key, eventTime ? std::optional<Timestamp>(timer.ts) : std::nullopt, out);
    m_function->onTimer(timer.ts, timer.domain, ctx);
}

std::vector<TimerInfo> KeyedProcessOperator::timersOf(KeyId key) const
{
    std::vector<TimerInfo> out;
    const auto it = m_keyTimers.find(key);
    if (it == m_keyTimers.end())
        return out;
    for (const TimeDomain domain : {TimeDomain::Event, TimeDomain::Processing})
        m_timers.appendTimers(it->second, domain, key, kVoidNamespace, out);
    return out;
}

std::vector<TimerInfo> KeyedProcessOperator::timers() const
{
    std::vector<TimerInfo> out;
    for (const auto& [key, timers] : m_keyTimers) {
        for (const TimeDomain domain : {TimeDomain::Event, TimeDomain::Processing})
            m_timers.appendTimers(timers, domain, key, kVoidNamespace, out);
    }
    std::sort(out.begin(), out.end(),
        [](const TimerInfo& a, const TimerInfo& b) { return a.ts != b.ts ? a.ts < b.ts : a.sequence < b.sequence; });
    return out;
}

std::vector<Timestamp> KeyedProcessOperator::takeNewProcessingTimers()
{
    std::vector<Timestamp> times;
    for (const auto& [key, ts] : m_newProcessingTimers) {
        const auto it = m_keyTimers.find(key);
        if (it != m_keyTimers.end() && InternalTimerService::holds(it->second, ts, TimeDomain::Processing))
            times.push_back(ts);
    }
    m_newProcessingTimers.clear();
    std::sort(times.begin(), times.end());
    return times;
}

KeyedProcessOperator::Context::Context(
    KeyedProcessOperator& op, KeyId key, std::optional<Timestamp> timestamp, std::vector<ProcessOutput>& out)
    : m_op(op)
    , m_key(key)
    , m_timestamp(timestamp)
    , m_out(out)
{ }

Timestamp KeyedProcessOperator::Context::currentWatermark() const
{
    return m_op.m_timers.currentWatermark();
}

Timestamp KeyedProcessOperator::Context::currentProcessingTime() const
{
    return m_op.m_timers.currentProcessingTime();
}

void KeyedProcessOperator::registerTimer(KeyId key, Timestamp ts, TimeDomain domain)
{
    if (!m_timers.registerTimer(timersOfKey(key), key, kVoidNamespace, ts, domain))
        return; // registered already: Flink's queue keeps one
    if (domain == TimeDomain::Processing)
        m_newProcessingTimers.emplace_back(key, ts);
    noteChange(ProcessTimerChange::Kind::Registered, domain, key, ts);
}

void KeyedProcessOperator::deleteTimer(KeyId key, Timestamp ts, TimeDomain domain)
{
    if (m_timers.deleteTimer(timersOfKey(key), ts, domain))
        noteChange(ProcessTimerChange::Kind::Deleted, domain, key, ts);
}

void KeyedProcessOperator::Context::registerEventTimeTimer(Timestamp ts)
{
    m_op.registerTimer(m_key, ts, TimeDomain::Event);
}

void KeyedProcessOperator::Context::registerProcessingTimeTimer(Timestamp ts)
{
    m_op.registerTimer(m_key, ts, TimeDomain::Processing);
}

void KeyedProcessOperator::Context::deleteEventTimeTimer(Timestamp ts)
{
    m_op.deleteTimer(m_key, ts, TimeDomain::Event);
}

void KeyedProcessOperator::Context::deleteProcessingTimeTimer(Timestamp ts)
{
    m_op.deleteTimer(m_key, ts, TimeDomain::Processing);
}

void KeyedProcessOperator::Context::collect(std::uint32_t value)
{
    m_out.push_back({m_key, value, m_timestamp, std::nullopt});
}

void KeyedProcessOperator::Context::collectNumber(double number)
{
    m_out.push_back({m_key, 0, m_timestamp, number});
}

} // namespace tidemark
