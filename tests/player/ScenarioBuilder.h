#pragma once

// Builds scenarios in code for the player tests: the shape of a scenario file without the file.
#include "engine/core/Scenario.h"

#include <cstdint>
#include <string>

namespace tidemark::test {

inline InputRecord event(Scenario& s, const std::string& key, Timestamp ts, double value = 0,
    Timestamp arrival = InputRecord::kNoArrival, int channel = InputRecord::kNoChannel)
{
    InputRecord r;
    r.kind = InputRecord::Kind::Event;
    r.key = key.empty() ? kNoKey : s.keys.intern(key);
    r.hasValue = true;
    r.value = value;
    r.ts = ts;
    r.arrival = arrival;
    r.channel = channel;
    return r;
}

inline InputRecord watermark(
    Timestamp wm, Timestamp arrival = InputRecord::kNoArrival, int channel = InputRecord::kNoChannel)
{
    InputRecord r;
    r.kind = InputRecord::Kind::Watermark;
    r.ts = wm;
    r.arrival = arrival;
    r.channel = channel;
    return r;
}

// Post 000 (the blog's Kafka/socket lines "0001,<ts>"): key 0001, 3 s tumbling windows, bounded
// out-of-orderness 10 s, periodic emission every 200 ms, one record per second of processing time.
inline Scenario post000(int parallelism, DurationMs allowedLateness, bool withLateTail)
{
    Scenario s;
    s.name = "post 000";
    s.display.timeFormat = DisplaySettings::TimeFormat::DateTime;
    s.display.zone = "Asia/Shanghai";
    auto& p = s.pipeline;
    p.sourceParallelism = 1;
    p.watermarks.strategy = WatermarkConfig::Strategy::BoundedOutOfOrderness;
    p.watermarks.maxOutOfOrdernessMs = 10000;
    p.watermarks.emission = WatermarkConfig::Emission::Periodic;
    p.watermarks.periodMs = 200;
    p.watermarks.parallelism = parallelism;
    p.window.keyBy = "key";
    p.window.assigner.type = AssignerSpec::Type::Tumbling;
    p.window.assigner.sizeMs = 3000;
    p.window.allowedLatenessMs = allowedLateness;
    p.window.function.type = FunctionSpec::Type::List;
    p.window.function.field = "ts";
    p.window.parallelism = parallelism;
    const std::int64_t head[] = {1538359882000, 1538359886000, 1538359892000, 1538359893000, 1538359894000,
        1538359896000, 1538359897000, 1538359899000, 1538359891000, 1538359903000};
    const std::int64_t tail[]
        = {1538359890000, 1538359903000, 1538359890000, 1538359891000, 1538359892000, 1538359904000, 1538359890000,
            1538359891000, 1538359892000, 1538359905000, 1538359890000, 1538359891000, 1538359892000};
    for (const auto ts : head)
        s.records.push_back(event(s, "0001", ts, static_cast<double>(ts)));
    if (withLateTail) {
        for (const auto ts : tail)
            s.records.push_back(event(s, "0001", ts, static_cast<double>(ts)));
    }
    return s;
}

} // namespace tidemark::test
