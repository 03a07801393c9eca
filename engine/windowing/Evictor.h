#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/WindowElement.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tidemark {

// Flink's Evictor as EvictingWindowOperator applies it: on every FIRE the pane goes through evictBefore,
// the function sees what is left, then evictAfter; the window state is replaced by what remains.
// `elements` is the pane in insertion order; an evictor removes elements in place.
class Evictor {
public:
    virtual ~Evictor() = default;
    virtual void evictBefore(std::vector<PaneElement>& elements, const TimeWindow& window) const = 0;
    virtual void evictAfter(std::vector<PaneElement>& elements, const TimeWindow& window) const = 0;
    virtual std::string describe() const = 0;
};

// Shared "before or after the function" switch of Flink's CountEvictor / TimeEvictor / DeltaEvictor.
class PositionedEvictor : public Evictor {
public:
    explicit PositionedEvictor(bool evictAfter)
        : m_evictAfter(evictAfter)
    { }
    void evictBefore(std::vector<PaneElement>& elements, const TimeWindow& window) const override;
    void evictAfter(std::vector<PaneElement>& elements, const TimeWindow& window) const override;
    bool isEvictAfter() const { return m_evictAfter; }

protected:
    virtual void evict(std::vector<PaneElement>& elements, const TimeWindow& window) const = 0;

private:
    bool m_evictAfter;
};

// CountEvictor.of(n): keeps the newest n elements (removes the oldest size - n).
class CountEvictor final : public PositionedEvictor {
public:
    CountEvictor(std::int64_t maxCount, bool evictAfter);
    std::string describe() const override;

protected:
    void evict(std::vector<PaneElement>& elements, const TimeWindow& window) const override;

private:
    std::int64_t m_maxCount;
};

// TimeEvictor.of(keep): removes elements with ts <= max(ts) - keep; nothing when the first element has
// no timestamp.
class TimeEvictor final : public PositionedEvictor {
public:
    TimeEvictor(DurationMs windowSize, bool evictAfter);
    std::string describe() const override;

protected:
    void evict(std::vector<PaneElement>& elements, const TimeWindow& window) const override;

private:
    DurationMs m_windowSize;
};

// DeltaFunction.getDelta(oldDataPoint = element, newDataPoint = last element of the pane).
using DeltaFunction = std::function<double(const PaneElement& element, const PaneElement& last)>;

// DeltaEvictor.of(threshold, f): removes elements with f(element, last) >= threshold.
class DeltaEvictor final : public PositionedEvictor {
public:
    DeltaEvictor(double threshold, DeltaFunction delta, bool evictAfter, std::string deltaDescription);
    std::string describe() const override;

protected:
    void evict(std::vector<PaneElement>& elements, const TimeWindow& window) const override;

private:
    double m_threshold;
    DeltaFunction m_delta;
    std::string m_deltaDescription;
};

// nullptr for EvictorSpec::Type::None. The scenario's delta evictor measures |last.value - element.value|.
std::shared_ptr<const Evictor> makeEvictor(const EvictorSpec& spec);

} // namespace tidemark
