// Window-operator throughput on generated input: 1,000 keys, event time advancing 1 ms per record with up to
// 500 ms of disorder, a bounded-out-of-orderness watermark (maxTs - 500 - 1) after every 200 records.
// Every figure runs the full WindowOperator with its default EventTimeTrigger, no evictor, and the window
// function sum(value); the input is generated before timing starts. Each figure is the median of the
// repetitions, with their spread. Each benchmark prints:
//   engine_<name>_records_per_s            panes kept as Flink keeps them for an incremental function (one
//                                          accumulator per window: PaneStorage::AsFlink, as `tidemark run
//                                          --stream` runs);
//   engine_<name>_all_panes_records_per_s  every pane element kept, as the player keeps them to show them;
//   engine_<name>_fires                    the windows fired, which Flink's own operator must fire too;
//   engine_<name>_vs_reference             the first figure over reference_pass_records_per_s, measured in the
//                                          same run: a pass over the same records that reads each one, finds
//                                          its key's slot for its window and adds the value (what any window
//                                          operator has to touch), so that the ratio compares across machines.
// And an interval join over the same records, every other one to each side, joined by key within ±2 s (about one
// pair a record), the watermark going to both inputs:
//   engine_interval_join_records_per_s     Tidemark's IntervalJoinOperator;
//   engine_interval_join_pairs             the pairs it put out, which Flink's own operator must put out too.
// And a window over a window's results (docs/job-graph.md): a tumbling 1 s sum per key, whose results go on at
// their window's maxTimestamp into a tumbling 10 s max per key, each watermark handed on after the first window's
// timers, as a graph does:
//   engine_window_over_window_records_per_s
//   engine_window_over_window_fires        the second window's firings, which Flink's operators must make too.
// scripts/bench puts Flink's WindowOperator and IntervalJoinOperator on the same records beside them
// (tidemark_bench --write-trace).
#include "BenchRegistry.h"

#include "engine/windowing/IntervalJoinOperator.h"
#include "engine/windowing/WindowOperator.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace tidemark::bench {

namespace {

constexpr KeyId kKeys = 1000;
constexpr DurationMs kDisorderMs = 500;
constexpr std::size_t kWatermarkEvery = 200;

struct GeneratedRecord {
    KeyId key;
    double value;
    Timestamp ts;
};

std::vector<GeneratedRecord> generate(std::size_t count)
{
    std::mt19937_64 rng(20240611);
    std::uniform_int_distribution<KeyId> key(0, kKeys - 1);
    std::uniform_int_distribution<DurationMs> disorder(0, kDisorderMs - 1);
    std::uniform_int_distribution<int> value(0, 99);
    std::vector<GeneratedRecord> records;
    records.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const Timestamp base = 1'700'000'000'000 + static_cast<Timestamp>(i);
        records.push_back({key(rng), static_cast<double>(value(rng)), base - disorder(rng)});
    }
    return records;
}

struct RunResult {
    double recordsPerSecond = 0;
    std::size_t fires = 0;
};

const std::vector<GeneratedRecord>& input(std::size_t count)
{
    static std::vector<GeneratedRecord> records;
    if (records.size() != count)
        records = generate(count);
    return records;
}

// The reference pass: each record's key and 10-second window slot, its value added there, and the largest
// timestamp kept for the watermark every kWatermarkEvery records.
double referencePass(const std::vector<GeneratedRecord>& records)
{
    constexpr std::size_t kSlots = 16;
    std::vector<double> sums(static_cast<std::size_t>(kKeys) * kSlots);
    Timestamp maxTs = kMinTimestamp;
    Timestamp watermark = kMinTimestamp;
    const double start = threadCpuSeconds();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const GeneratedRecord& r = records[i];
        const auto slot = static_cast<std::size_t>((r.ts / 10'000) % Timestamp(kSlots));
        sums[static_cast<std::size_t>(r.key) * kSlots + slot] += r.value;
        maxTs = r.ts > maxTs ? r.ts : maxTs;
        if ((i + 1) % kWatermarkEvery == 0)
            watermark = maxTs - kDisorderMs - 1;
    }
    const double seconds = threadCpuSeconds() - start;
    volatile double keep = sums[static_cast<std::size_t>(watermark) % sums.size()]; // the pass is not optimised away
    (void)keep;
    return static_cast<double>(records.size()) / seconds;
}

// The reference of this run, measured once (the median of the repetitions) and shared by every ratio.
const Figure& reference(const BenchOptions& options)
{
    static std::optional<Figure> measured;
    if (!measured) {
        std::vector<double> samples;
        for (int i = 0; i < options.repetitions; ++i)
            samples.push_back(referencePass(input(options.records)));
        measured = medianFigure("reference_pass_records_per_s", samples, "records/s");
    }
    return *measured;
}

std::size_t firesIn(const std::vector<OperatorOutput>& out)
{
    return static_cast<std::size_t>(std::count_if(
        out.begin(), out.end(), [](const OperatorOutput& o) { return std::holds_alternative<FireEvent>(o); }));
}

RunResult runOnce(const WindowConfig& config, PaneStorage storage, const std::vector<GeneratedRecord>& records)
{
    WindowOperator op(config, 0, storage);
    std::vector<OperatorOutput> out;
    out.reserve(4096);
    std::size_t fires = 0;
    Timestamp maxTs = kMinTimestamp;
    const double start = threadCpuSeconds();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const GeneratedRecord& r = records[i];
        op.processElement(r.key, r.value, true, r.ts, out);
        maxTs = r.ts > maxTs ? r.ts : maxTs;
        if ((i + 1) % kWatermarkEvery == 0) {
            op.processWatermark(maxTs - kDisorderMs - 1, out);
            fires += firesIn(out);
            out.clear();
        }
    }
    op.processWatermark(kMaxTimestamp, out); // end of input: everything still open fires
    fires += firesIn(out);
    const double seconds = threadCpuSeconds() - start;
    return {static_cast<double>(records.size()) / seconds, fires};
}

Figure measureOne(const std::string& name, const WindowConfig& config, PaneStorage storage, const BenchOptions& options,
    std::size_t& fires)
{
    std::vector<double> samples;
    for (int i = 0; i < options.repetitions; ++i) {
        const RunResult r = runOnce(config, storage, input(options.records));
        samples.push_back(r.recordsPerSecond);
        fires = r.fires;
    }
    if (fires == 0)
        throw std::runtime_error("no window fired: the benchmark input is wrong");
    return medianFigure(name, samples, "records/s");
}

std::vector<Figure> measure(const std::string& name, const WindowConfig& config, const BenchOptions& options)
{
    std::size_t fires = 0;
    std::size_t allPanesFires = 0;
    std::vector<Figure> figures {
        measureOne("engine_" + name + "_records_per_s", config, PaneStorage::AsFlink, options, fires),
        measureOne(
            "engine_" + name + "_all_panes_records_per_s", config, PaneStorage::Elements, options, allPanesFires),
    };
    if (fires != allPanesFires)
        throw std::runtime_error(
            "the two pane modes fired " + std::to_string(fires) + " and " + std::to_string(allPanesFires) + " windows");
    figures.push_back({"engine_" + name + "_fires", static_cast<double>(fires), "windows"});
    figures.push_back({"engine_" + name + "_vs_reference", figures[0].value / reference(options).value, "x"});
    return figures;
}

const bool referenceFigure = registerBenchmark(
    "reference_pass_records_per_s", 9, [](const BenchOptions& o) { return std::vector<Figure> {reference(o)}; });

WindowConfig baseConfig()
{
    WindowConfig c;
    c.function.type = FunctionSpec::Type::Sum;
    c.function.field = "value";
    return c;
}

const bool tumbling = registerBenchmark("engine_tumbling_records_per_s", 10, [](const BenchOptions& o) {
    WindowConfig c = baseConfig();
    c.assigner.type = AssignerSpec::Type::Tumbling;
    c.assigner.sizeMs = 10'000;
    c.allowedLatenessMs = 1'000;
    return measure("tumbling", c, o);
});

const bool sliding = registerBenchmark("engine_sliding10_records_per_s", 11, [](const BenchOptions& o) {
    WindowConfig c = baseConfig();
    c.assigner.type = AssignerSpec::Type::Sliding;
    c.assigner.sizeMs = 10'000;
    c.assigner.slideMs = 1'000; // 10 windows per record
    return measure("sliding10", c, o);
});

const bool session = registerBenchmark("engine_session_records_per_s", 12, [](const BenchOptions& o) {
    WindowConfig c = baseConfig();
    c.assigner.type = AssignerSpec::Type::Session;
    c.assigner.gapMs = 2'000; // a key sees a record about every second: sessions of a few records
    return measure("session", c, o);
});

// One timed pass of the interval join: {records a second, pairs}.
std::pair<double, std::size_t> joinOnce(const std::vector<GeneratedRecord>& records)
{
    using Join = IntervalJoinOperator;
    Join op(Join::Bounds {-2'000, 2'000, true, true}, false);
    std::vector<Join::Output> out;
    out.reserve(4096);
    std::size_t pairs = 0;
    Timestamp maxTs = kMinTimestamp;
    const double start = threadCpuSeconds();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const GeneratedRecord& r = records[i];
        op.processElement(
            i % 2 == 0 ? Join::Side::Left : Join::Side::Right, r.key, static_cast<std::uint32_t>(i), r.ts, out);
        for (const Join::Output& o : out)
            pairs += o.kind == Join::Output::Kind::Pair ? 1 : 0;
        out.clear();
        maxTs = r.ts > maxTs ? r.ts : maxTs;
        if ((i + 1) % kWatermarkEvery == 0)
            op.processWatermark(maxTs - kDisorderMs - 1); // both inputs at once: the combined watermark
    }
    op.processWatermark(kMaxTimestamp);
    const double seconds = threadCpuSeconds() - start;
    return {static_cast<double>(records.size()) / seconds, pairs};
}

const bool intervalJoin = registerBenchmark("engine_interval_join_records_per_s", 12, [](const BenchOptions& o) {
    std::vector<double> samples;
    std::size_t pairs = 0;
    for (int i = 0; i < o.repetitions; ++i) {
        const auto [rate, n] = joinOnce(input(o.records));
        samples.push_back(rate);
        pairs = n;
    }
    if (pairs == 0)
        throw std::runtime_error("the interval join put out no pair: the benchmark input is wrong");
    return std::vector<Figure> {medianFigure("engine_interval_join_records_per_s", samples, "records/s"),
        Figure {"engine_interval_join_pairs", static_cast<double>(pairs), "pairs"}};
});

// One timed pass of the window over a window: {records a second, the second window's firings}.
std::pair<double, std::size_t> windowOverWindowOnce(const std::vector<GeneratedRecord>& records)
{
    WindowConfig first = baseConfig();
    first.assigner.type = AssignerSpec::Type::Tumbling;
    first.assigner.sizeMs = 1'000;
    WindowConfig second = baseConfig();
    second.assigner.type = AssignerSpec::Type::Tumbling;
    second.assigner.sizeMs = 10'000;
    second.function.type = FunctionSpec::Type::Max;
    WindowOperator perSecond(first, 0, PaneStorage::AsFlink);
    WindowOperator busiest(second, 0, PaneStorage::AsFlink);
    std::vector<OperatorOutput> results;
    std::vector<OperatorOutput> fired;
    std::size_t fires = 0;
    const auto advance = [&](Timestamp watermark) {
        perSecond.processWatermark(watermark, results);
        for (const OperatorOutput& o : results) {
            if (const auto* f = std::get_if<FireEvent>(&o))
                busiest.processElement(f->key, f->result.number.value_or(0.0), true, f->window.maxTimestamp(), fired);
        }
        results.clear();
        busiest.processWatermark(watermark, fired);
        fires += static_cast<std::size_t>(std::count_if(
            fired.begin(), fired.end(), [](const OperatorOutput& o) { return std::holds_alternative<FireEvent>(o); }));
        fired.clear();
    };
    Timestamp maxTs = kMinTimestamp;
    const double start = threadCpuSeconds();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const GeneratedRecord& r = records[i];
        perSecond.processElement(r.key, r.value, true, r.ts, results);
        results.clear(); // late records only: nothing fires on an element
        maxTs = r.ts > maxTs ? r.ts : maxTs;
        if ((i + 1) % kWatermarkEvery == 0)
            advance(maxTs - kDisorderMs - 1);
    }
    advance(kMaxTimestamp);
    const double seconds = threadCpuSeconds() - start;
    return {static_cast<double>(records.size()) / seconds, fires};
}

const bool windowOverWindow
    = registerBenchmark("engine_window_over_window_records_per_s", 12, [](const BenchOptions& o) {
          std::vector<double> samples;
          std::size_t fires = 0;
          for (int i = 0; i < o.repetitions; ++i) {
              const auto [rate, n] = windowOverWindowOnce(input(o.records));
              samples.push_back(rate);
              fires = n;
          }
          if (fires == 0)
              throw std::runtime_error("the window over a window never fired: the benchmark input is wrong");
          return std::vector<Figure> {medianFigure("engine_window_over_window_records_per_s", samples, "records/s"),
              Figure {"engine_window_over_window_fires", static_cast<double>(fires), "windows"}};
      });

// Peak resident set size of the process so far (VmHWM), taken right after the engine figures and before
// the benchmarks of other parts (order > 13), so that it is the engine's (input records included).
const bool peakRss = registerBenchmark("engine_peak_rss_mb", 13, [](const BenchOptions&) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0) {
            const double kb = std::stod(line.substr(6));
            return std::vector<Figure> {{"engine_peak_rss_mb", kb / 1024.0, "MB"}};
        }
    }
    throw std::runtime_error("/proc/self/status has no VmHWM line");
});

} // namespace

void writeEngineTrace(const std::string& path, std::size_t count)
{
    static_assert(std::endian::native == std::endian::little, "the trace is written as this machine holds it");
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    const auto put = [&out](const auto& v) { out.write(reinterpret_cast<const char*>(&v), sizeof v); };
    out.write("TMTRACE1", 8);
    put(static_cast<std::int64_t>(count));
    for (const GeneratedRecord& r : input(count)) {
        put(static_cast<std::int32_t>(r.key));
        put(static_cast<std::int64_t>(r.ts));
        put(r.value);
    }
    if (!out)
        throw std::runtime_error(path + ": cannot write the trace");
}

} // namespace tidemark::bench
