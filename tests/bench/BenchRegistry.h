#pragma once

#include <cstddef>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace tidemark::bench {

// One printed line: `name value unit`.
struct Figure {
    std::string name;
    double value = 0.0;
    std::string unit;
};

struct BenchOptions {
    std::size_t records = 1'000'000; // size of the generated input
    int repetitions = 3; // the best of these runs is reported
};

using BenchFunction = std::function<std::vector<Figure>(const BenchOptions&)>;

// Each benchmark file registers its functions at start-up:
//   static const bool registered = registerBenchmark("engine_tumbling", 10, [](const BenchOptions& o) {...});
// Benchmarks run in ascending `order`, then by name; a command line can name the ones to run.
bool registerBenchmark(std::string name, int order, BenchFunction function);

// CPU time of this thread: one core's work, unaffected by other processes competing for the machine.
inline double threadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
inline double threadCpuMs()
{
    return threadCpuSeconds() * 1e3;
}

} // namespace tidemark::bench
