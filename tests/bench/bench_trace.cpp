// The player on a generated run: 1,000 keys, one record per millisecond of processing time, event time
// advancing 1 ms per record with up to 500 ms of disorder, bounded out-of-orderness 500 ms with periodic
// emission every 200 ms, 10 s tumbling windows with 1 s of allowed lateness, a sum per window.
// Recording is timed in elapsed time (the best of the repetitions), as is its reference: a run of 2^20 records or
// more fills its record columns on a second thread, whose work and whose wait one thread's CPU time leaves out.
// The rest is timed in this thread's CPU time: seeks and steps back are its work alone, and the quiet emissions'
// figure is a difference between two runs whose second threads do the same work.
#include "BenchRegistry.h"
#include "GeneratedScenario.h"

#include "engine/player/Player.h"

#include <algorithm>
#include <ctime>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace tidemark::bench {

// `spacingMs` apart in processing time: 1 ms, or more for the quiet emissions' figure.
Scenario generatedScenario(std::size_t count, Timestamp spacingMs)
{
    Scenario s;
    s.name = "generated";
    auto& p = s.pipeline;
    p.watermarks.maxOutOfOrdernessMs = 500;
    p.watermarks.periodMs = 200;
    p.window.assigner.sizeMs = 10'000;
    p.window.allowedLatenessMs = 1000;
    p.window.function.type = FunctionSpec::Type::Sum;
    std::vector<KeyId> keys;
    for (int k = 0; k < 1000; ++k)
        keys.push_back(s.keys.intern(std::string("k").append(std::to_string(k))));
    std::mt19937_64 rng(4242);
    s.records.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        InputRecord r;
        r.key = keys[rng() % keys.size()];
        r.hasValue = true;
        r.value = static_cast<double>(rng() % 100);
        r.ts = 1'700'000'000'000 + static_cast<Timestamp>(i) - static_cast<Timestamp>(rng() % 500);
        r.arrival = static_cast<Timestamp>(i) * spacingMs;
        s.records.push_back(r);
    }
    return s;
}

namespace {

std::vector<Figure> traceFigures(const BenchOptions& options)
{
    const Scenario scenario = generatedScenario(options.records);
    double best = 1e300;
    std::unique_ptr<Player> player;
    for (int i = 0; i < std::max(1, options.repetitions); ++i) {
        player.reset();
        Scenario copy = scenario;
        const double start = wallMs();
        player = std::make_unique<Player>(std::move(copy));
        best = std::min(best, wallMs() - start);
    }
    const double bytes = static_cast<double>(player->trace().memoryBytes() + player->snapshotBytes());
    // And as the app holds the run: with the lanes its timeline reads first (one per watermark channel, with their
    // columns) built ahead.
    double withLanes = 0;
    {
        Player::Options asTheApp;
        asTheApp.lanesAhead = {LaneKind::Channel};
        const Player run(Scenario(scenario), asTheApp);
        withLanes = static_cast<double>(run.trace().memoryBytes() + run.snapshotBytes());
    }

    std::mt19937_64 rng(7);
    const StepIndex last = player->lastStep();
    std::vector<double> seeks;
    std::vector<double> stepBacks;
    for (int i = 0; i < 300; ++i) {
        const auto target = static_cast<StepIndex>(rng() % (last + 1));
        double start = threadCpuMs();
        player->seek(target);
        seeks.push_back(threadCpuMs() - start);
        start = threadCpuMs();
        player->stepBack();
        stepBacks.push_back(threadCpuMs() - start);
    }
    // The reference measured beside it: a pass over the same records that finds each one's key slot and adds
    // its value (what any run must do per record), in ms.
    double referenceMs = 1e300;
    for (int i = 0; i < std::max(1, options.repetitions); ++i) {
        std::vector<double> sums(scenario.keys.size(), 0.0);
        const double start = wallMs();
        for (const InputRecord& r : scenario.records)
            sums[r.key] += r.value + static_cast<double>(r.ts & 1);
        referenceMs = std::min(referenceMs, wallMs() - start);
        if (sums.empty() || sums[0] < 0)
            throw std::runtime_error("the reference pass summed nothing");
    }
    // The same records 200 ms apart (one periodic emission after each, which moves the watermark) and 1 s apart
    // (four more, which move nothing: the trace keeps them as runs). The runs do the same work but for those,
    // so the difference over the steps added is what a quiet emission costs, in time and in bytes. The bytes are
    // the trace's: both runs hold their snapshots to the same budget, and how near each comes to it depends on
    // where the spacing's doublings fall, not on the emissions (15 MB against 8 MB at 1M records, which made a
    // quiet emission look like it saved 1.7 bytes).
    const auto recorded = [&](Timestamp spacingMs) {
        struct Recorded {
            double ms = 1e300;
            double steps = 0;
            double bytes = 0;
        } r;
        for (int i = 0; i < std::max(1, options.repetitions); ++i) {
            Scenario copy = generatedScenario(options.records, spacingMs);
            const double start = threadCpuMs();
            const Player run(std::move(copy));
            r.ms = std::min(r.ms, threadCpuMs() - start);
            r.steps = static_cast<double>(run.trace().stepCount());
            r.bytes = static_cast<double>(run.trace().memoryBytes());
        }
        return r;
    };
    const auto loud = recorded(200);
    const auto quiet = recorded(1000);
    const double added = std::max(1.0, quiet.steps - loud.steps);
    // Time may come out negative on a noisy machine, bytes may not: the runs are the same but for the emissions.
    if (quiet.bytes < loud.bytes)
        throw std::runtime_error("the run with quiet emissions holds fewer bytes ("
            + std::to_string(static_cast<long long>(quiet.bytes)) + ") than the one without ("
            + std::to_string(static_cast<long long>(loud.bytes)) + "): the two runs differ in more than those");
    return {
        {"trace_run_" + std::to_string(options.records / 1000) + "k_ms", best, "ms"},
        {"trace_reference_pass_ms", referenceMs, "ms"},
        {"trace_run_vs_reference", best / referenceMs, "x"},
        {"seek_p99_ms", p99(seeks), "ms"},
        {"step_back_p99_ms", p99(stepBacks), "ms"},
        {"trace_bytes_per_record", bytes / static_cast<double>(options.records), "B"},
        {"trace_with_lanes_bytes_per_record", withLanes / static_cast<double>(options.records), "B"},
        {"trace_steps", static_cast<double>(player->trace().stepCount()), "steps"},
        {"trace_quiet_emission_ns", (quiet.ms - loud.ms) * 1e6 / added, "ns"},
        {"trace_quiet_emission_vs_step", (quiet.ms - loud.ms) / added / (loud.ms / loud.steps), "x"},
        {"trace_quiet_emission_bytes", (quiet.bytes - loud.bytes) / added, "B"},
        {"trace_snapshots", static_cast<double>(player->snapshotCount()), "snapshots"},
        {"trace_snapshots_taken", static_cast<double>(player->snapshotsTaken()), "snapshots"},
    };
}

const bool registered = registerBenchmark("trace", 50, traceFigures);

} // namespace

} // namespace tidemark::bench
