// tidemark_bench: runs the registered benchmarks and prints one line per figure, `name value unit`.
//   tidemark_bench [--records N] [--repetitions N] [--quick] [NAME...]
// NAME selects the benchmarks whose name or figure names start with it (default: all).
#include "BenchRegistry.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::bench {

namespace {

struct Entry {
    std::string name;
    int order = 0;
    BenchFunction function;
};

std::vector<Entry>& registry()
{
    static std::vector<Entry> entries;
    return entries;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

} // namespace

bool registerBenchmark(std::string name, int order, BenchFunction function)
{
    registry().push_back({std::move(name), order, std::move(function)});
    return true;
}

Figure medianFigure(std::string name, std::vector<double> samples, std::string unit)
{
    std::sort(samples.begin(), samples.end());
    Figure f {std::move(name), samples[samples.size() / 2], std::move(unit)};
    f.min = samples.front();
    f.max = samples.back();
    f.samples = static_cast<int>(samples.size());
    return f;
}

} // namespace tidemark::bench

int main(int argc, char** argv)
{
    using namespace tidemark::bench;
    BenchOptions options;
    std::vector<std::string> selected;
    std::string writeTrace;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        auto value = [&](const char* what) -> long long {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "tidemark_bench: %s needs a value\n", what);
                std::exit(2);
            }
            char* end = nullptr;
            const long long v = std::strtoll(argv[++i], &end, 10);
            if (end == nullptr || *end != '\0' || v <= 0) {
                std::fprintf(stderr, "tidemark_bench: %s expects a positive number, found \"%s\"\n", what, argv[i]);
                std::exit(2);
            }
            return v;
        };
        if (arg == "--write-trace") {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "tidemark_bench: --write-trace needs a file\n");
                return 2;
            }
            writeTrace = argv[++i];
        } else if (arg == "--records")
            options.records = static_cast<std::size_t>(value("--records"));
        else if (arg == "--repetitions")
            options.repetitions = static_cast<int>(value("--repetitions"));
        else if (arg == "--quick") {
            options.records = 20'000;
            options.repetitions = 1;
        } else if (arg == "--help" || arg == "-h") {
            std::printf("usage: tidemark_bench [--records N] [--repetitions N] [--quick] [NAME...]\n"
                        "       tidemark_bench [--records N] --write-trace FILE\n");
            return 0;
        } else if (startsWith(arg, "-")) {
            std::fprintf(stderr, "tidemark_bench: unknown option %s\n", argv[i]);
            return 2;
        } else
            selected.emplace_back(arg);
    }

    if (!writeTrace.empty()) {
        try {
            writeEngineTrace(writeTrace, options.records);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "tidemark_bench: %s\n", e.what());
            return 1;
        }
        return 0;
    }
    std::vector<Entry> entries = registry();
    std::sort(entries.begin(), entries.end(),
        [](const Entry& a, const Entry& b) { return a.order != b.order ? a.order < b.order : a.name < b.name; });
    int failures = 0;
    for (const Entry& entry : entries) {
        const bool wanted = selected.empty()
            || std::any_of(selected.begin(), selected.end(),
                [&](const std::string& s) { return startsWith(entry.name, s) || startsWith(s, entry.name); });
        if (!wanted)
            continue;
        try {
            for (const Figure& f : entry.function(options)) {
                if (f.samples > 1)
                    std::printf("%s %.6g %s min=%.6g max=%.6g n=%d\n", f.name.c_str(), f.value, f.unit.c_str(), f.min,
                        f.max, f.samples);
                else if (f.unit == "windows") // a count, compared exactly with Flink's
                    std::printf("%s %.0f %s\n", f.name.c_str(), f.value, f.unit.c_str());
                else
                    std::printf("%s %.6g %s\n", f.name.c_str(), f.value, f.unit.c_str());
                std::fflush(stdout);
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "tidemark_bench: %s failed: %s\n", entry.name.c_str(), e.what());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}
