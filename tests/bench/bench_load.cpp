// Event-file loading throughput on generated files: 1,000 keys, timestamps with disorder, a value per record.
// CSV lines look like `sensor-0042,1700000000123,42.125` (about 35 MB per million records), JSON lines like
// `{"id":"sensor-0042","temp":42.125,"time":1700000000123,"site":{"line":7}}` (about 77 MB).
// A file of 16 MiB or more (about 480,000 CSV records, 220,000 JSON lines) is read in two parts on two threads,
// so figures are elapsed time: the caller's CPU time would leave out its wait for the other part. Each is the median of
// the repetitions with its spread, and is printed beside the reference measured in the same run, in the same way:
// load_scan_mb_per_s reads each file and finds its lines (memchr), which any loader has to do, and
// load_<format>_vs_scan is the loader's figure over it.
#include "BenchRegistry.h"

#include "engine/io/EventFile.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace tidemark::bench {

namespace {

struct Files {
    std::filesystem::path dir;
    std::filesystem::path csv;
    std::filesystem::path jsonl;

    explicit Files(std::size_t records)
        : dir(std::filesystem::temp_directory_path() / ("tidemark-bench-load-" + std::to_string(::getpid())))
        , csv(dir / "events.csv")
        , jsonl(dir / "events.jsonl")
    {
        std::filesystem::create_directories(dir);
        std::ofstream c(csv, std::ios::binary);
        std::ofstream j(jsonl, std::ios::binary);
        std::mt19937_64 rng(20240611);
        std::uniform_int_distribution<int> key(0, 999);
        std::uniform_int_distribution<int> disorder(0, 1999);
        std::uniform_int_distribution<int> value(0, 99999);
        char line[192];
        for (std::size_t i = 0; i < records; ++i) {
            const int k = key(rng);
            const long long ts = 1'700'000'000'000LL + static_cast<long long>(i) * 3 - disorder(rng);
            const double v = value(rng) / 8.0;
            int n = std::snprintf(line, sizeof line, "sensor-%04d,%lld,%.3f\n", k, ts, v);
            c.write(line, n);
            n = std::snprintf(line, sizeof line,
                "{\"id\":\"sensor-%04d\",\"temp\":%.3f,\"time\":%lld,\"site\":{\"line\":%d}}\n", k, v, ts, k % 13);
            j.write(line, n);
        }
        if (!c || !j)
            throw std::runtime_error("cannot write the generated event files under " + dir.string());
    }
    ~Files()
    {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    Files(const Files&) = delete;
    Files& operator=(const Files&) = delete;
};

struct LoadRuns {
    std::vector<double> megabytesPerSecond;
    std::vector<double> recordsPerSecond;
};

LoadRuns runs(int repetitions, const std::filesystem::path& path, const io::EventFileSpec& spec, std::size_t expected)
{
    LoadRuns all;
    for (int r = 0; r < repetitions; ++r) {
        KeyTable keys;
        const double start = wallSeconds();
        const auto loaded = io::loadEventFile(path, spec, keys);
        const double seconds = std::max(wallSeconds() - start, 1e-9);
        if (!loaded.ok())
            throw std::runtime_error(loaded.errorText());
        if (loaded.value->records.size() != expected)
            throw std::runtime_error("loaded " + std::to_string(loaded.value->records.size()) + " records of "
                + std::to_string(expected) + " from " + path.string());
        all.megabytesPerSecond.push_back(static_cast<double>(loaded.value->bytes) / 1e6 / seconds);
        all.recordsPerSecond.push_back(static_cast<double>(loaded.value->records.size()) / seconds);
    }
    return all;
}

// The reference: the file read in 1 MiB blocks and its lines found, nothing parsed.
double scanMegabytesPerSecond(const std::filesystem::path& path, std::size_t expectedLines)
{
    std::vector<char> block(std::size_t(1) << 20);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        throw std::runtime_error("cannot read " + path.string());
    std::size_t lines = 0;
    std::size_t bytes = 0;
    const double start = wallSeconds();
    for (std::size_t n; (n = std::fread(block.data(), 1, block.size(), f)) > 0;) {
        bytes += n;
        for (const char* p = block.data(); (p = static_cast<const char*>(std::memchr(p, '\n', block.data() + n - p)));
             ++p)
            ++lines;
    }
    const double seconds = std::max(wallSeconds() - start, 1e-9);
    std::fclose(f);
    if (lines != expectedLines)
        throw std::runtime_error("found " + std::to_string(lines) + " lines in " + path.string());
    return static_cast<double>(bytes) / 1e6 / seconds;
}

FieldRef column(int index)
{
    FieldRef f;
    f.index = index;
    return f;
}

FieldRef named(const char* name)
{
    FieldRef f;
    f.name = name;
    return f;
}

const bool registered = registerBenchmark("load", 50, [](const BenchOptions& options) {
    const Files files(options.records);

    io::EventFileSpec csv;
    csv.format = io::EventFileSpec::Format::Csv;
    csv.key = {column(0)};
    csv.ts = column(1);
    csv.value = column(2);
    const LoadRuns c = runs(options.repetitions, files.csv, csv, options.records);

    io::EventFileSpec jsonl;
    jsonl.format = io::EventFileSpec::Format::Jsonl;
    jsonl.key = {named("id")};
    jsonl.ts = named("time");
    jsonl.value = named("temp");
    const LoadRuns j = runs(options.repetitions, files.jsonl, jsonl, options.records);

    std::vector<double> scan;
    for (int r = 0; r < options.repetitions; ++r) {
        scan.push_back(scanMegabytesPerSecond(files.csv, options.records));
        scan.push_back(scanMegabytesPerSecond(files.jsonl, options.records));
    }
    const Figure reference = medianFigure("load_scan_mb_per_s", scan, "MB/s");
    const Figure csvFigure = medianFigure("load_csv_mb_per_s", c.megabytesPerSecond, "MB/s");
    const Figure jsonlFigure = medianFigure("load_jsonl_mb_per_s", j.megabytesPerSecond, "MB/s");
    // Records per second: the slower of the two formats.
    const Figure csvRecords = medianFigure("load_records_per_s", c.recordsPerSecond, "records/s");
    const Figure jsonlRecords = medianFigure("load_records_per_s", j.recordsPerSecond, "records/s");
    return std::vector<Figure> {reference, csvFigure, jsonlFigure,
        csvRecords.value < jsonlRecords.value ? csvRecords : jsonlRecords,
        {"load_csv_vs_scan", csvFigure.value / reference.value, "x"},
        {"load_jsonl_vs_scan", jsonlFigure.value / reference.value, "x"}};
});

} // namespace

} // namespace tidemark::bench
