#include "engine/windowing/ProcessFunctions.h"

#include "engine/core/TimeWindow.h"

namespace tidemark {

KeyTimeout::KeyTimeout(DurationMs timeoutMs, TimeDomain domain)
    : m_timeoutMs(timeoutMs)
    , m_deadlines(domain)
{ }

std::unique_ptr<KeyedProcessFunction> KeyTimeout::clone() const
{
    return std::make_unique<KeyTimeout>(*this);
}

void KeyDeadlines::arm(KeyedProcessOperator::Context& ctx, DurationMs afterMs, std::uint32_t element)
{
    disarm(ctx);
    const bool clock = m_domain == TimeDomain::Processing;
    const Timestamp at
        = javaAdd(clock ? ctx.currentProcessingTime() : ctx.timestamp().value_or(kMinTimestamp), afterMs);
    if (clock)
        ctx.registerProcessingTimeTimer(at);
    else
        ctx.registerEventTimeTimer(at);
    m_armed[ctx.currentKey()] = {at, element};
}

void KeyDeadlines::disarm(KeyedProcessOperator::Context& ctx)
{
    const auto armed = m_armed.find(ctx.currentKey());
    if (armed == m_armed.end())
        return;
    if (m_domain == TimeDomain::Processing)
        ctx.deleteProcessingTimeTimer(armed->second.at);
    else
        ctx.deleteEventTimeTimer(armed->second.at);
    m_armed.erase(armed);
}

void KeyDeadlines::fire(KeyedProcessOperator::Context& ctx)
{
    const auto armed = m_armed.find(ctx.currentKey());
    if (armed == m_armed.end())
        return;
    ctx.collect(armed->second.element);
    m_armed.erase(armed);
}

void KeyTimeout::processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx)
{
    m_deadlines.arm(ctx, m_timeoutMs, element);
}

void KeyTimeout::onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context& ctx)
{
    m_deadlines.fire(ctx);
}

PeriodicCount::PeriodicCount(DurationMs intervalMs)
    : m_intervalMs(intervalMs)
{ }

std::unique_ptr<KeyedProcessFunction> PeriodicCount::clone() const
{
    return std::make_unique<PeriodicCount>(*this);
}

void PeriodicCount::processElement(std::uint32_t, KeyedProcessOperator::Context& ctx)
{
    KeyCount& k = m_counts[ctx.currentKey()];
    ++k.count;
    if (!k.armed) {
        const Timestamp ts = ctx.timestamp().value_or(kMinTimestamp);
        ctx.registerEventTimeTimer(javaSub(javaAdd(TimeWindow::startWithOffset(ts, 0, m_intervalMs), m_intervalMs), 1));
        k.armed = true;
    }
}

void PeriodicCount::onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context& ctx)
{
    KeyCount& k = m_counts[ctx.currentKey()];
    ctx.collectNumber(static_cast<double>(k.count));
    k.armed = false;
}

std::unique_ptr<KeyedProcessFunction> SortUntilWatermark::clone() const
{
    return std::make_unique<SortUntilWatermark>(*this);
}

void SortUntilWatermark::processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx)
{
    const Timestamp ts = ctx.timestamp().value_or(kMinTimestamp);
    if (ts <= ctx.currentWatermark())
        return; // late: dropped
    m_buffers[ctx.currentKey()][ts].push_back(element);
    ctx.registerEventTimeTimer(ts);
}

void SortUntilWatermark::onTimer(Timestamp ts, TimeDomain, KeyedProcessOperator::Context& ctx)
{
    const auto key = m_buffers.find(ctx.currentKey());
    if (key == m_buffers.end())
        return;
    const auto at = key->second.find(ts);
    if (at == key->second.end())
        return;
    for (const std::uint32_t element : at->second)
        ctx.collect(element);
    key->second.erase(at);
    if (key->second.empty())
        m_buffers.erase(key);
}

UnmatchedTimeout::UnmatchedTimeout(DurationMs timeoutMs)
    : m_timeoutMs(timeoutMs)
{ }

std::unique_ptr<KeyedProcessFunction> UnmatchedTimeout::clone() const
{
    return std::make_unique<UnmatchedTimeout>(*this);
}

void UnmatchedTimeout::processElement1(std::uint32_t element, KeyedProcessOperator::Context& ctx)
{
    if (!m_paid.count(ctx.currentKey()))
        m_deadlines.arm(ctx, m_timeoutMs, element);
}

void UnmatchedTimeout::processElement2(std::uint32_t, KeyedProcessOperator::Context& ctx)
{
    m_paid[ctx.currentKey()] = true;
    m_deadlines.disarm(ctx);
}

void UnmatchedTimeout::onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context& ctx)
{
    m_deadlines.fire(ctx);
}

RuleTimeout::RuleTimeout(DurationMs initialTimeoutMs)
    : m_timeoutMs(initialTimeoutMs)
{ }

std::unique_ptr<KeyedProcessFunction> RuleTimeout::clone() const
{
    return std::make_unique<RuleTimeout>(*this);
}

void RuleTimeout::processElement1(std::uint32_t element, KeyedProcessOperator::Context& ctx)
{
    m_deadlines.arm(ctx, m_timeoutMs, element);
}

void RuleTimeout::processElement2(std::uint32_t, KeyedProcessOperator::Context& ctx)
{
    // the Java reads the rule as a long: (long) value
    if (const auto v = ctx.value())
        m_timeoutMs = static_cast<DurationMs>(*v);
}

void RuleTimeout::onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context& ctx)
{
    m_deadlines.fire(ctx);
}

} // namespace tidemark
