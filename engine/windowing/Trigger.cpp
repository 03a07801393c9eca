#include "engine/windowing/Trigger.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

namespace {

constexpr int kCountSlot = 0;
constexpr int kFireTimeSlot = 0;

std::int64_t sumReducer(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(javaAdd(a, b));
}
std::int64_t minReducer(std::int64_t a, std::int64_t b)
{
    return std::min(a, b);
}

} // namespace

void Trigger::onMerge(const TimeWindow&, OnMergeContext&) const
{
    throw std::logic_error("This trigger does not support merging.");
}

// EventTimeTrigger ------------------------------------------------------------------------------------

TriggerResult EventTimeTrigger::onElement(const WindowElement&, const TimeWindow& window, TriggerContext& ctx) const
{
    if (window.maxTimestamp() <= ctx.currentWatermark())
        return TriggerResult::Fire; // the watermark is already past the window: fire at once
    ctx.registerEventTimeTimer(window.maxTimestamp());
    return TriggerResult::Continue;
}

TriggerResult EventTimeTrigger::onEventTime(Timestamp time, const TimeWindow& window, TriggerContext&) const
{
    return time == window.maxTimestamp() ? TriggerResult::Fire : TriggerResult::Continue;
}

TriggerResult EventTimeTrigger::onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Continue;
}

void EventTimeTrigger::onMerge(const TimeWindow& window, OnMergeContext& ctx) const
{
    // Only a window the watermark has not passed needs the timer; otherwise onElement fires it right away,
    // and registering here as well would fire it twice.
    if (window.maxTimestamp() > ctx.currentWatermark())
        ctx.registerEventTimeTimer(window.maxTimestamp());
}

void EventTimeTrigger::clear(const TimeWindow& window, TriggerContext& ctx) const
{
    ctx.deleteEventTimeTimer(window.maxTimestamp());
}

// ProcessingTimeTrigger -------------------------------------------------------------------------------

TriggerResult ProcessingTimeTrigger::onElement(
    const WindowElement&, const TimeWindow& window, TriggerContext& ctx) const
{
    ctx.registerProcessingTimeTimer(window.maxTimestamp());
    return TriggerResult::Continue;
}

TriggerResult ProcessingTimeTrigger::onEventTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Continue;
}

TriggerResult ProcessingTimeTrigger::onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Fire;
}

void ProcessingTimeTrigger::onMerge(const TimeWindow& window, OnMergeContext& ctx) const
{
    if (window.maxTimestamp() > ctx.currentProcessingTime())
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
}

void ProcessingTimeTrigger::clear(const TimeWindow& window, TriggerContext& ctx) const
{
    ctx.deleteProcessingTimeTimer(window.maxTimestamp());
}

// CountTrigger ----------------------------------------------------------------------------------------

CountTrigger::CountTrigger(std::int64_t maxCount)
    : m_maxCount(maxCount)
{ }

TriggerResult CountTrigger::onElement(const WindowElement&, const TimeWindow&, TriggerContext& ctx) const
{
    const std::int64_t count = sumReducer(ctx.state(kCountSlot).value_or(0), 1);
    ctx.setState(kCountSlot, count);
    if (count >= m_maxCount) {
        ctx.clearState(kCountSlot);
        return TriggerResult::Fire;
    }
    return TriggerResult::Continue;
}

TriggerResult CountTrigger::onEventTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Continue;
}

TriggerResult CountTrigger::onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Continue;
}

void CountTrigger::onMerge(const TimeWindow&, OnMergeContext& ctx) const
{
    ctx.mergeState(kCountSlot, sumReducer);
}

void CountTrigger::clear(const TimeWindow&, TriggerContext& ctx) const
{
    ctx.clearState(kCountSlot);
}

std::string CountTrigger::describe() const
{
    return "CountTrigger(" + std::to_string(m_maxCount) + ")";
}

// ContinuousEventTimeTrigger --------------------------------------------------------------------------

ContinuousEventTimeTrigger::ContinuousEventTimeTrigger(DurationMs interval)
    : m_interval(interval)
{
    if (interval <= 0)
        throw std::invalid_argument(
            "ContinuousEventTimeTrigger interval must be > 0, found " + std::to_string(interval));
}

TriggerResult ContinuousEventTimeTrigger::onElement(
    const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const
{
    if (window.maxTimestamp() <= ctx.currentWatermark())
        return TriggerResult::Fire;
    ctx.registerEventTimeTimer(window.maxTimestamp());
    if (!ctx.state(kFireTimeSlot)) {
        // Fire times are aligned to multiples of the interval from 0 (Java %: negative timestamps align
        // one interval late) and never later than the window's end.
        const Timestamp start = javaSub(element.ts, element.ts % m_interval);
        const Timestamp next = std::min(javaAdd(start, m_interval), window.maxTimestamp());
        ctx.registerEventTimeTimer(next);
        ctx.setState(kFireTimeSlot, next);
    }
    return TriggerResult::Continue;
}

TriggerResult ContinuousEventTimeTrigger::onEventTime(
    Timestamp time, const TimeWindow& window, TriggerContext& ctx) const
{
    if (time == window.maxTimestamp())
        return TriggerResult::Fire;
    const std::optional<std::int64_t> fireTime = ctx.state(kFireTimeSlot);
    if (fireTime && *fireTime == time) {
        const Timestamp next = std::min(javaAdd(time, m_interval), window.maxTimestamp());
        ctx.setState(kFireTimeSlot, next);
        ctx.registerEventTimeTimer(next);
        return TriggerResult::Fire;
    }
    return TriggerResult::Continue;
}

TriggerResult ContinuousEventTimeTrigger::onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const
{
    return TriggerResult::Continue;
}

void ContinuousEventTimeTrigger::onMerge(const TimeWindow&, OnMergeContext& ctx) const
{
    ctx.mergeState(kFireTimeSlot, minReducer);
    if (const std::optional<std::int64_t> next = ctx.state(kFireTimeSlot))
        ctx.registerEventTimeTimer(*next);
}

void ContinuousEventTimeTrigger::clear(const TimeWindow&, TriggerContext& ctx) const
{
    // Deletes the pending early-fire timer only; the window-end timer stays (as in Flink).
    if (const std::optional<std::int64_t> fireTime = ctx.state(kFireTimeSlot)) {
        ctx.deleteEventTimeTimer(*fireTime);
        ctx.clearState(kFireTimeSlot);
    }
}

std::string ContinuousEventTimeTrigger::describe() const
{
    return "ContinuousEventTimeTrigger(" + std::to_string(m_interval) + " ms)";
}

// PurgingTrigger --------------------------------------------------------------------------------------

namespace {
TriggerResult purging(TriggerResult r)
{
    return isFire(r) ? TriggerResult::FireAndPurge : r;
}
} // namespace

PurgingTrigger::PurgingTrigger(std::shared_ptr<const Trigger> nested)
    : m_nested(std::move(nested))
{
    if (!m_nested)
        throw std::invalid_argument("PurgingTrigger needs a trigger to wrap");
}

TriggerResult PurgingTrigger::onElement(
    const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const
{
    return purging(m_nested->onElement(element, window, ctx));
}

TriggerResult PurgingTrigger::onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const
{
    return purging(m_nested->onEventTime(time, window, ctx));
}

TriggerResult PurgingTrigger::onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const
{
    return purging(m_nested->onProcessingTime(time, window, ctx));
}

void PurgingTrigger::onMerge(const TimeWindow& window, OnMergeContext& ctx) const
{
    m_nested->onMerge(window, ctx);
}

void PurgingTrigger::clear(const TimeWindow& window, TriggerContext& ctx) const
{
    m_nested->clear(window, ctx);
}

std::string PurgingTrigger::describe() const
{
    return "PurgingTrigger(" + m_nested->describe() + ")";
}

// EndOfStreamTrigger ----------------------------------------------------------------------------------

TriggerResult EndOfStreamTrigger::onElement(const WindowElement&, const TimeWindow& window, TriggerContext& ctx) const
{
    ctx.registerEventTimeTimer(window.maxTimestamp());
    return TriggerResult::Continue;
}

TriggerResult EndOfStreamTrigger::onEventTime(Timestamp time, const TimeWindow& window, TriggerContext&) const
{
    return time == window.maxTimestamp() ? TriggerResult::Fire : TriggerResult::Continue;
}

// Factory ---------------------------------------------------------------------------------------------

std::shared_ptr<const Trigger> makeTrigger(
    const TriggerSpec& spec, bool purging, const std::shared_ptr<const Trigger>& assignerDefault)
{
    std::shared_ptr<const Trigger> trigger;
    switch (spec.type) {
    case TriggerSpec::Type::Default:
        trigger = assignerDefault;
        break;
    case TriggerSpec::Type::EventTime:
        trigger = std::make_shared<EventTimeTrigger>();
        break;
    case TriggerSpec::Type::ProcessingTime:
        trigger = std::make_shared<ProcessingTimeTrigger>();
        break;
    case TriggerSpec::Type::Count:
        trigger = std::make_shared<CountTrigger>(spec.count);
        break;
    case TriggerSpec::Type::ContinuousEventTime:
        trigger = std::make_shared<ContinuousEventTimeTrigger>(spec.intervalMs);
        break;
    case TriggerSpec::Type::Never:
        trigger = std::make_shared<NeverTrigger>();
        break;
    case TriggerSpec::Type::EndOfStream:
        trigger = std::make_shared<EndOfStreamTrigger>();
        break;
    }
    if (!trigger)
        throw std::invalid_argument("no trigger");
    if (purging)
        trigger = std::make_shared<PurgingTrigger>(std::move(trigger));
    return trigger;
}

} // namespace tidemark
