// A live source kept open for hours, as a class leaves `nc` connected: post 001's job with 4 watermark channels
// and idleness, a line a second, the reader's clock ticking ten times a second in between. The run grows at its
// end on every tick; the reference is the same run recorded in one go from the scenario it ends with, so the
// ratio says what growing live costs over recording.
#include "BenchRegistry.h"

#include "engine/player/Player.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tidemark::bench {

namespace {

Scenario liveJob()
{
    Scenario s;
    s.name = "live";
    auto& p = s.pipeline;
    p.watermarks.strategy = WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness;
    p.watermarks.periodMs = 200;
    p.watermarks.idlenessMs = 5000;
    p.watermarks.parallelism = 4;
    p.window.keyBy = "key";
    p.window.assigner.sizeMs = 3000;
    p.window.function.type = FunctionSpec::Type::Count;
    return s;
}

} // namespace

const bool live = registerBenchmark("live_hours", 60, [](const BenchOptions& o) {
    // 1,000,000 records (the default input size) make 8 simulated hours; --quick a few minutes.
    const double hours = std::max(0.05, 8.0 * static_cast<double>(o.records) / 1e6);
    const auto endMs = static_cast<Timestamp>(hours * 3'600'000.0);
    double liveMs = 1e300;
    double recordedMs = 1e300;
    std::size_t bytes = 0;
    std::size_t steps = 0;
    for (int rep = 0; rep < o.repetitions; ++rep) {
        Player::Options open;
        open.openInput = true;
        const double start = threadCpuMs();
        Player player(liveJob(), open);
        const KeyId word = player.keys().intern(std::string_view("a"));
        Timestamp ts = 1'634'091'720'000;
        for (Timestamp t = 0; t < endMs; t += 1000) {
            for (int tick = 1; tick < 10; ++tick)
                player.advanceClock(t + tick * 100);
            InputRecord r;
            r.key = word;
            r.ts = ts;
            ts += 1000;
            r.arrival = t + 1000;
            player.appendRecord(r);
        }
        player.endInput(endMs + 1000);
        liveMs = std::min(liveMs, threadCpuMs() - start);
        bytes = player.trace().memoryBytes() + player.snapshotBytes();
        steps = player.trace().stepCount();

        const double again = threadCpuMs();
        const Player recorded(player.scenario());
        recordedMs = std::min(recordedMs, threadCpuMs() - again);
        if (recorded.trace().stepCount() != steps)
            throw std::runtime_error("the live run and its replay differ in steps");
    }
    return std::vector<Figure> {{"live_ms_per_hour", liveMs / hours, "ms"},
        {"live_recorded_ms_per_hour", recordedMs / hours, "ms"}, {"live_vs_recorded_ratio", liveMs / recordedMs, "x"},
        {"live_bytes_per_hour", static_cast<double>(bytes) / hours, "B"},
        {"live_steps_per_hour", static_cast<double>(steps) / hours, "steps"}};
});

} // namespace tidemark::bench
