#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/WindowElement.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tidemark {

enum class TriggerResult : std::uint8_t { Continue, Fire, Purge, FireAndPurge };

constexpr bool isFire(TriggerResult r)
{
    return r == TriggerResult::Fire || r == TriggerResult::FireAndPurge;
}
constexpr bool isPurge(TriggerResult r)
{
    return r == TriggerResult::Purge || r == TriggerResult::FireAndPurge;
}

// Per-(key, window) trigger state has this many numeric slots; each is empty or holds one long, like
// Flink's ValueState<Long> / ReducingState<Long> partitioned state under a trigger's descriptors.
inline constexpr int kTriggerStateSlots = 2;

// Everything a trigger may touch. Always scoped to the current key and window, exactly like Flink's
// Trigger.TriggerContext: a trigger object itself keeps no state.
class TriggerContext {
public:
    virtual Timestamp currentWatermark() const = 0;
    virtual Timestamp currentProcessingTime() const = 0;
    virtual void registerEventTimeTimer(Timestamp time) = 0;
    virtual void deleteEventTimeTimer(Timestamp time) = 0;
    virtual void registerProcessingTimeTimer(Timestamp time) = 0;
    virtual void deleteProcessingTimeTimer(Timestamp time) = 0;

    // slot in [0, kTriggerStateSlots)
    virtual std::optional<std::int64_t> state(int slot) const = 0;
    virtual void setState(int slot, std::int64_t value) = 0;
    virtual void clearState(int slot) = 0;

protected:
    ~TriggerContext() = default;
};

using StateReducer = std::int64_t (*)(std::int64_t, std::int64_t);

class OnMergeContext : public TriggerContext {
public:
    // OnMergeContext.mergePartitionedState: moves the slot of every merged window into this window's slot,
    // combining the values with `reduce` (the merged windows lose it).
    virtual void mergeState(int slot, StateReducer reduce) = 0;

protected:
    ~OnMergeContext() = default;
};

// Flink's Trigger. Immutable and shareable; implementable outside the engine.
class Trigger {
public:
    virtual ~Trigger() = default;

    virtual TriggerResult onElement(
        const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const = 0;
    virtual TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const = 0;
    virtual TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const = 0;
    virtual bool canMerge() const { return false; }
    // Only called when canMerge(); the default rejects the merge as Flink's Trigger.onMerge does.
    virtual void onMerge(const TimeWindow& window, OnMergeContext& ctx) const;
    virtual void clear(const TimeWindow& window, TriggerContext& ctx) const = 0;
    virtual std::string describe() const = 0;
};

class EventTimeTrigger final : public Trigger {
public:
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override;
    void clear(const TimeWindow& window, TriggerContext& ctx) const override;
    std::string describe() const override { return "EventTimeTrigger"; }
};

class ProcessingTimeTrigger final : public Trigger {
public:
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override;
    void clear(const TimeWindow& window, TriggerContext& ctx) const override;
    std::string describe() const override { return "ProcessingTimeTrigger"; }
};

// CountTrigger.of(n): counts in state slot 0 (a sum-reducing state, so merged windows add their counts).
class CountTrigger final : public Trigger {
public:
    explicit CountTrigger(std::int64_t maxCount);
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override;
    void clear(const TimeWindow& window, TriggerContext& ctx) const override;
    std::string describe() const override;

private:
    std::int64_t m_maxCount;
};

// ContinuousEventTimeTrigger.of(interval): fires at the window end and every `interval` of event time
// (aligned to multiples of the interval from 0); the next fire time lives in a min-reducing state slot 0.
class ContinuousEventTimeTrigger final : public Trigger {
public:
    explicit ContinuousEventTimeTrigger(DurationMs interval); // throws std::invalid_argument unless interval > 0
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override;
    void clear(const TimeWindow& window, TriggerContext& ctx) const override;
    std::string describe() const override;

private:
    DurationMs m_interval;
};

// PurgingTrigger.of(t): t's decisions with FIRE turned into FIRE_AND_PURGE.
class PurgingTrigger final : public Trigger {
public:
    explicit PurgingTrigger(std::shared_ptr<const Trigger> nested);
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    bool canMerge() const override { return m_nested->canMerge(); }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override;
    void clear(const TimeWindow& window, TriggerContext& ctx) const override;
    std::string describe() const override;

private:
    std::shared_ptr<const Trigger> m_nested;
};

// GlobalWindows' default: never fires.
class NeverTrigger final : public Trigger {
public:
    TriggerResult onElement(const WindowElement&, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Continue;
    }
    TriggerResult onEventTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Continue;
    }
    TriggerResult onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Continue;
    }
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow&, OnMergeContext&) const override { }
    void clear(const TimeWindow&, TriggerContext&) const override { }
    std::string describe() const override { return "NeverTrigger"; }
};

// GlobalWindows.createWithEndOfStreamTrigger(): fires once, when the watermark reaches Long.MAX_VALUE.
class EndOfStreamTrigger final : public Trigger {
public:
    TriggerResult onElement(const WindowElement& element, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext& ctx) const override;
    TriggerResult onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Continue;
    }
    void clear(const TimeWindow&, TriggerContext&) const override { }
    std::string describe() const override { return "EndOfStreamTrigger"; }
};

// The trigger a scenario describes: `spec` (Default = the assigner's default), wrapped in PurgingTrigger
// when `purging`. Throws std::invalid_argument on bad parameters.
std::shared_ptr<const Trigger> makeTrigger(
    const TriggerSpec& spec, bool purging, const std::shared_ptr<const Trigger>& assignerDefault);

} // namespace tidemark
