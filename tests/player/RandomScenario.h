#pragma once

// Seeded random scenarios for the player's property tests: windows of every kind, lateness, sessions,
// parallelism, idleness, watermark records, explicit and default arrivals.
#include "ScenarioBuilder.h"

#include <cstdint>
#include <random>

namespace tidemark::test {

class Dice {
public:
    explicit Dice(std::uint64_t seed)
        : m_rng(seed)
    { }
    // Uniform in [0, n); the engine of std::mt19937_64 is specified, so runs repeat everywhere.
    std::int64_t below(std::int64_t n) { return static_cast<std::int64_t>(m_rng() % static_cast<std::uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
    template <class T, std::size_t N> T pick(const T (&options)[N]) { return options[below(N)]; }

private:
    std::mt19937_64 m_rng;
};

// `monotoneArrivals`: arrivals never decrease in file order, so any suffix of the records can be appended
// live and give the same run.
inline Scenario randomScenario(std::uint64_t seed, bool monotoneArrivals = false)
{
    Dice d(seed);
    Scenario s;
    s.name = "random " + std::to_string(seed);
    auto& p = s.pipeline;
    const int parallelism = static_cast<int>(1 + d.below(3));
    p.sourceParallelism = 1;
    auto& wm = p.watermarks;
    wm.parallelism = parallelism;
    wm.strategy = d.pick({WatermarkConfig::Strategy::BoundedOutOfOrderness,
        WatermarkConfig::Strategy::BoundedOutOfOrderness, WatermarkConfig::Strategy::Monotonous,
        WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness, WatermarkConfig::Strategy::Input});
    wm.maxOutOfOrdernessMs = d.pick({0, 500, 2000});
    wm.emission = d.chance(30) ? WatermarkConfig::Emission::PerEvent : WatermarkConfig::Emission::Periodic;
    wm.periodMs = d.pick({100, 200, 500});
    wm.idlenessMs = d.chance(30) ? d.pick({300, 1000}) : 0;
    wm.partitioning = d.chance(30) ? WatermarkConfig::Partitioning::Channel : WatermarkConfig::Partitioning::Rebalance;
    wm.firstChannel = static_cast<int>(d.below(parallelism));

    auto& w = p.window;
    const bool keyed = d.chance(80);
    if (keyed)
        w.keyBy = "key";
    else
        w.keyBy.reset();
    w.parallelism = static_cast<int>(1 + d.below(3));
    auto& a = w.assigner;
    switch (d.below(6)) {
    case 0:
    case 1:
        a.type = AssignerSpec::Type::Tumbling;
        a.sizeMs = d.pick({1000, 2000, 5000});
        a.offsetMs = d.chance(20) ? 300 : 0;
        break;
    case 2:
        a.type = AssignerSpec::Type::Sliding;
        a.sizeMs = d.pick({2000, 4000});
        a.slideMs = d.pick({1000, 2000});
        break;
    case 3:
        a.type = AssignerSpec::Type::Session;
        a.gapMs = d.pick({500, 1500});
        break;
    case 4:
        a.type = AssignerSpec::Type::Global;
        w.trigger.type = d.chance(50) ? TriggerSpec::Type::Count : TriggerSpec::Type::ContinuousEventTime;
        w.trigger.count = 1 + d.below(3);
        w.trigger.intervalMs = 1500;
        break;
    default:
        a.type = AssignerSpec::Type::Tumbling;
        a.timeDomain = TimeDomain::Processing;
        a.sizeMs = d.pick({1000, 3000});
        break;
    }
    if (a.type != AssignerSpec::Type::Global && d.chance(25)) {
        w.trigger.type = d.chance(50) ? TriggerSpec::Type::Count : TriggerSpec::Type::ContinuousEventTime;
        w.trigger.count = 2;
        w.trigger.intervalMs = 700;
    }
    w.purging = d.chance(15);
    w.allowedLatenessMs = d.pick({0, 0, 1000, 3000});
    w.lateSideOutput = d.chance(40);
    w.function.type = d.pick({FunctionSpec::Type::Count, FunctionSpec::Type::Sum, FunctionSpec::Type::Min,
        FunctionSpec::Type::Max, FunctionSpec::Type::Avg, FunctionSpec::Type::List});
    if (d.chance(15)) {
        w.evictor.type = EvictorSpec::Type::Count;
        w.evictor.maxCount = 2;
        w.evictor.evictAfter = d.chance(50);
    }
    p.endOfInput = d.chance(50) ? EndOfInput::MaxWatermark : EndOfInput::None;
    // A continuous trigger on the global window fires every interval up to Long.MAX_VALUE at end of input
    // (Flink would spin there too); keep such jobs unbounded.
    if (a.type == AssignerSpec::Type::Global && w.trigger.type == TriggerSpec::Type::ContinuousEventTime)
        p.endOfInput = EndOfInput::None;

    const char* keys[] = {"a", "b", "c", "0001", "sensor_1"};
    const int n = static_cast<int>(8 + d.below(35));
    Timestamp ts = 10'000;
    Timestamp arrival = 0;
    bool explicitArrivals = d.chance(50);
    for (int i = 0; i < n; ++i) {
        ts += d.below(1500);
        const Timestamp eventTs = ts - (d.chance(25) ? d.below(6000) : 0);
        Timestamp at = InputRecord::kNoArrival;
        if (explicitArrivals) {
            arrival += d.chance(20) ? 0 : d.below(1200);
            at = monotoneArrivals || d.chance(85) ? arrival : arrival - d.below(500);
            at = std::max<Timestamp>(0, at);
        }
        const int channel = wm.partitioning == WatermarkConfig::Partitioning::Channel
            ? static_cast<int>(d.below(parallelism))
            : InputRecord::kNoChannel;
        if (d.chance(7)) {
            s.records.push_back(
                watermark(eventTs - 3000, at, d.chance(50) ? static_cast<int>(d.below(parallelism)) : -1));
        } else {
            const std::string key = keyed ? keys[d.below(5)] : std::string();
            s.records.push_back(event(s, key, eventTs, static_cast<double>(d.below(100)), at, channel));
        }
    }
    return s;
}

} // namespace tidemark::test
