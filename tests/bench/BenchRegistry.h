#pragma once

#include <algorithm>

#include <cstddef>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace tidemark::bench {

// One printed line: `name value unit`, and `min=… max=… n=…` when the value is the median of n runs. This
// machine is shared: a figure means something beside another measured in the same run (scripts/bench).
struct Figure {
    std::string name;
    double value = 0.0;
    std::string unit;
    double min = 0.0;
    double max = 0.0;
    int samples = 0; // > 1: value is the median of this many runs, min and max their spread
};

// The median and the spread of repeated measurements.
Figure medianFigure(std::string name, std::vector<double> samples, std::string unit);
// The 99th percentile of samples (not empty).
inline double p99(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    return samples[std::min(samples.size() - 1, samples.size() * 99 / 100)];
}

struct BenchOptions {
    std::size_t records = 1'000'000; // size of the generated input
    int repetitions = 5; // the engine figures report the median and spread, the others the best of these runs
};

// Writes the engine benchmarks' input (tidemark_bench --write-trace FILE), which scripts/bench hands to Flink's
// own WindowOperator: "TMTRACE1", the record count (int64), then per record int32 key, int64 ts and a double
// value, little-endian.
void writeEngineTrace(const std::string& path, std::size_t records);

using BenchFunction = std::function<std::vector<Figure>(const BenchOptions&)>;

// Each benchmark file registers its functions at start-up:
//   static const bool registered = registerBenchmark("engine_tumbling", 10, [](const BenchOptions& o) {...});
// Benchmarks run in ascending `order`, then by name; a command line can name the ones to run.
bool registerBenchmark(std::string name, int order, BenchFunction function);

// A clock's reading in seconds.
inline double clockSeconds(clockid_t clock)
{
    timespec t {};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
// CPU time of this thread: one core's work, unaffected by other processes competing for the machine.
inline double threadCpuSeconds()
{
    return clockSeconds(CLOCK_THREAD_CPUTIME_ID);
}
inline double threadCpuMs()
{
    return threadCpuSeconds() * 1e3;
}
// Elapsed time: what a caller waits for work spread over threads, which one thread's CPU time leaves out.
inline double wallSeconds()
{
    return clockSeconds(CLOCK_MONOTONIC);
}
inline double wallMs()
{
    return wallSeconds() * 1e3;
}

} // namespace tidemark::bench
