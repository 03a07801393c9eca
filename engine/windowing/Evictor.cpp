#include "engine/windowing/Evictor.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace tidemark {

void PositionedEvictor::evictBefore(std::vector<PaneElement>& elements, const TimeWindow& window) const
{
    if (!m_evictAfter)
        evict(elements, window);
}

void PositionedEvictor::evictAfter(std::vector<PaneElement>& elements, const TimeWindow& window) const
{
    if (m_evictAfter)
        evict(elements, window);
}

namespace {
std::string position(bool after)
{
    return after ? ", after the function" : "";
}
} // namespace

CountEvictor::CountEvictor(std::int64_t maxCount, bool evictAfter)
    : PositionedEvictor(evictAfter)
    , m_maxCount(maxCount)
{
    if (maxCount < 0)
        throw std::invalid_argument("CountEvictor maxCount must be >= 0, found " + std::to_string(maxCount));
}

void CountEvictor::evict(std::vector<PaneElement>& elements, const TimeWindow&) const
{
    const auto size = static_cast<std::int64_t>(elements.size());
    if (size <= m_maxCount)
        return;
    elements.erase(elements.begin(), elements.begin() + (size - m_maxCount));
}

std::string CountEvictor::describe() const
{
    return "CountEvictor(" + std::to_string(m_maxCount) + position(isEvictAfter()) + ")";
}

TimeEvictor::TimeEvictor(DurationMs windowSize, bool evictAfter)
    : PositionedEvictor(evictAfter)
    , m_windowSize(windowSize)
{ }

void TimeEvictor::evict(std::vector<PaneElement>& elements, const TimeWindow&) const
{
    // Flink looks at the first element only to decide whether the pane has timestamps at all.
    if (elements.empty() || !elements.front().hasTimestamp())
        return;
    Timestamp maxTs = kMinTimestamp;
    for (const PaneElement& e : elements) {
        // Flink reads every element's timestamp here and fails the job (IllegalStateException) at one
        // without: a pane that mixes elements with and without timestamps cannot be evicted by time.
        if (!e.hasTimestamp())
            throw std::runtime_error("TimeEvictor: a record in the window has no timestamp, though the first one "
                                     "has (records without timestamp cannot be evicted by time)");
        maxTs = std::max(maxTs, e.ts);
    }
    const Timestamp cutoff = javaSub(maxTs, m_windowSize);
    std::erase_if(elements, [cutoff](const PaneElement& e) { return e.ts <= cutoff; });
}

std::string TimeEvictor::describe() const
{
    return "TimeEvictor(" + std::to_string(m_windowSize) + " ms" + position(isEvictAfter()) + ")";
}

DeltaEvictor::DeltaEvictor(double threshold, DeltaFunction delta, bool evictAfter, std::string deltaDescription)
    : PositionedEvictor(evictAfter)
    , m_threshold(threshold)
    , m_delta(std::move(delta))
    , m_deltaDescription(std::move(deltaDescription))
{
    if (!m_delta)
        throw std::invalid_argument("DeltaEvictor needs a delta function");
}

void DeltaEvictor::evict(std::vector<PaneElement>& elements, const TimeWindow&) const
{
    if (elements.empty())
        return;
    const PaneElement last = elements.back();
    std::erase_if(elements, [&](const PaneElement& e) { return m_delta(e, last) >= m_threshold; });
}

std::string DeltaEvictor::describe() const
{
    std::ostringstream s;
    s << "DeltaEvictor(" << m_threshold << ", " << m_deltaDescription << position(isEvictAfter()) << ")";
    return s.str();
}

std::shared_ptr<const Evictor> makeEvictor(const EvictorSpec& spec)
{
    switch (spec.type) {
    case EvictorSpec::Type::None:
        return nullptr;
    case EvictorSpec::Type::Count:
        return std::make_shared<CountEvictor>(spec.maxCount, spec.evictAfter);
    case EvictorSpec::Type::Time:
        return std::make_shared<TimeEvictor>(spec.keepMs, spec.evictAfter);
    case EvictorSpec::Type::Delta:
        return std::make_shared<DeltaEvictor>(
            spec.threshold,
            [](const PaneElement& e, const PaneElement& last) { return std::fabs(last.value - e.value); },
            spec.evictAfter, "|last.value - value|");
    }
    throw std::invalid_argument("unknown evictor type");
}

} // namespace tidemark
