// Event-file loading throughput on generated files: 1,000 keys, timestamps with disorder, a value per record.
// CSV lines look like `sensor-0042,1700000000123,42.125` (about 35 MB per million records), JSON lines like
// `{"id":"sensor-0042","temp":42.125,"time":1700000000123,"site":{"line":7}}` (about 77 MB).
// A file of 16 MiB or more (about 480,000 CSV records, 220,000 JSON lines) is read in two parts on two threads,
// so figures are elapsed time: the caller's CPU time would leave out its wait for the other part. Each is the median of
// the repetitions with its spread, and is printed beside the reference measured in the same run, in the same way:
// load_scan_mb_per_s reads each file and finds its lines (memchr), which any loader has to do, and
// load_<format>_vs_scan is the loader's figure over it.
// load_bare_<format>_mb_per_s is what this machine allows a loader of these files at all: each file read in two
// halves on two threads by a reader that knows the generated format and checks nothing (CSV: the loader's own
// line scan and number readers; JSON lines: simdjson's document stream taking the three fields), each half into
// fresh records of its own, nothing joined. A loader also reports bad lines with their line and column, keeps
// one key table and one vector of records; load_<format>_vs_bare is its figure over this one.
#include "BenchRegistry.h"

#include "engine/io/CsvScan.h"
#include "engine/io/EventFile.h"
#include "engine/io/ShortNumbers.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <future>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace tidemark::bench {
namespace detail = io::detail;

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

// What a load read, summed, so that two readers of one file can be seen to agree.
struct Checksum {
    std::size_t records = 0;
    std::uint64_t ts = 0;
    double value = 0;
    bool operator==(const Checksum&) const = default;
};

Checksum& operator+=(Checksum& sum, const std::vector<InputRecord>& records)
{
    sum.records += records.size();
    for (const InputRecord& r : records) {
        sum.ts += static_cast<std::uint64_t>(r.ts);
        sum.value += r.value;
    }
    return sum;
}

struct LoadRuns {
    std::vector<double> megabytesPerSecond;
    std::vector<double> recordsPerSecond;
    Checksum read;
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
        if (r + 1 == repetitions) // every repetition reads the same records
            all.read += loaded.value->records;
    }
    return all;
}

// The bare reader's keys: the generated ones are short, so a key is its first 16 bytes, in a table of its own
// per half (open addressing, never more than a quarter full).
class BareKeys {
public:
    KeyId intern(std::string_view text)
    {
        if (text.size() > 16)
            throw std::runtime_error("the bare reader takes keys of up to 16 bytes, not " + std::string(text));
        std::array<std::uint64_t, 2> words {};
        std::memcpy(words.data(), text.data(), text.size());
        const std::uint64_t hash = (words[0] * 0x9E3779B97F4A7C15ull ^ words[1]) * 0x9E3779B97F4A7C15ull;
        for (std::size_t i = hash >> 52;; i = (i + 1) & (kSlots - 1)) {
            Slot& s = m_slots[i];
            if (s.id == kNoKey) {
                if (++m_count * 4 > kSlots)
                    throw std::runtime_error("the bare reader takes up to 1,024 keys");
                s = {words, static_cast<KeyId>(m_count - 1)};
            }
            if (s.words == words)
                return s.id;
        }
    }

private:
    static constexpr std::size_t kSlots = 4096;
    struct Slot {
        std::array<std::uint64_t, 2> words {};
        KeyId id = kNoKey;
    };
    std::vector<Slot> m_slots = std::vector<Slot>(kSlots);
    std::size_t m_count = 0;
};

// One half of a generated file, [from, to) (whole lines), read in 4 MiB blocks into fresh records.
std::vector<InputRecord> bareHalf(const std::filesystem::path& path, bool json, std::uint64_t from, std::uint64_t to)
{
    constexpr std::size_t kBlock = std::size_t(4) << 20;
    std::vector<char> buffer(kBlock + simdjson::SIMDJSON_PADDING);
    std::vector<InputRecord> records;
    records.reserve(static_cast<std::size_t>(to - from) / 16); // more than the lines: only what is written is mapped
    BareKeys keys;
    simdjson::ondemand::parser parser;
    struct File {
        int fd;
        ~File() { ::close(fd); }
    };
    const File file {::open(path.c_str(), O_RDONLY)};
    if (file.fd < 0)
        throw std::runtime_error("cannot read " + path.string());
    std::size_t kept = 0; // a partial line carried over to the front of the buffer
    for (std::uint64_t at = from; at < to;) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock - kept, to - at));
        const ssize_t got = ::pread(file.fd, buffer.data() + kept, want, static_cast<off_t>(at));
        if (got <= 0)
            throw std::runtime_error("cannot read " + path.string());
        at += static_cast<std::uint64_t>(got);
        const std::size_t size = kept + static_cast<std::size_t>(got);
        const std::string_view text(buffer.data(), size);
        const std::size_t lines = text.rfind('\n') + 1; // the block's whole lines
        if (json) {
            simdjson::ondemand::document_stream docs = parser.iterate_many(buffer.data(), lines, kBlock);
            for (auto doc : docs) {
                InputRecord r;
                for (auto field : doc.get_object()) {
                    const std::string_view name = field.unescaped_key();
                    if (name == "id")
                        r.key = keys.intern(field.value().get_string());
                    else if (name == "time")
                        r.ts = field.value().get_int64();
                    else if (name == "temp")
                        r.value = field.value().get_double();
                }
                r.hasValue = true;
                records.push_back(r);
            }
        } else {
            detail::scanCsvLines(buffer.data(), lines, ',', [&](const detail::CsvScanLine& line) {
                InputRecord r;
                r.key = keys.intern(line.field(line.text, 0));
                detail::readShortInteger(line.field(line.text, 1), r.ts);
                detail::readShortDecimal(line.field(line.text, 2), r.value);
                r.hasValue = true;
                records.push_back(r);
                return true;
            });
        }
        kept = size - lines;
        std::memmove(buffer.data(), buffer.data() + lines, kept);
    }
    return records;
}

// The file read by bareHalf in two halves at once, split after the first newline past its middle.
double bareMegabytesPerSecond(const std::filesystem::path& path, bool json, const Checksum& expected)
{
    const std::uint64_t size = std::filesystem::file_size(path);
    std::uint64_t split = size / 2;
    {
        std::ifstream in(path, std::ios::binary);
        in.seekg(static_cast<std::streamoff>(split));
        for (char c = 0; in.get(c) && c != '\n';)
            ++split;
        ++split;
    }
    const double start = wallSeconds();
    auto second = std::async(std::launch::async, [&] { return bareHalf(path, json, split, size); });
    const std::vector<InputRecord> first = bareHalf(path, json, 0, split);
    const std::vector<InputRecord> rest = second.get();
    const double seconds = std::max(wallSeconds() - start, 1e-9);
    Checksum read;
    read += first;
    read += rest;
    if (!(read == expected))
        throw std::runtime_error("the bare reader's " + std::to_string(read.records) + " records of " + path.string()
            + " are not the loader's " + std::to_string(expected.records)
            + " (their count, timestamps or values differ)");
    return static_cast<double>(size) / 1e6 / seconds;
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
    std::vector<double> bareCsv;
    std::vector<double> bareJsonl;
    for (int r = 0; r < options.repetitions; ++r) {
        scan.push_back(scanMegabytesPerSecond(files.csv, options.records));
        scan.push_back(scanMegabytesPerSecond(files.jsonl, options.records));
        bareCsv.push_back(bareMegabytesPerSecond(files.csv, false, c.read));
        bareJsonl.push_back(bareMegabytesPerSecond(files.jsonl, true, j.read));
    }
    const Figure reference = medianFigure("load_scan_mb_per_s", scan, "MB/s");
    const Figure csvBare = medianFigure("load_bare_csv_mb_per_s", bareCsv, "MB/s");
    const Figure jsonlBare = medianFigure("load_bare_jsonl_mb_per_s", bareJsonl, "MB/s");
    const Figure csvFigure = medianFigure("load_csv_mb_per_s", c.megabytesPerSecond, "MB/s");
    const Figure jsonlFigure = medianFigure("load_jsonl_mb_per_s", j.megabytesPerSecond, "MB/s");
    // Records per second: the slower of the two formats.
    const Figure csvRecords = medianFigure("load_records_per_s", c.recordsPerSecond, "records/s");
    const Figure jsonlRecords = medianFigure("load_records_per_s", j.recordsPerSecond, "records/s");
    return std::vector<Figure> {reference, csvFigure, jsonlFigure,
        csvRecords.value < jsonlRecords.value ? csvRecords : jsonlRecords,
        {"load_csv_vs_scan", csvFigure.value / reference.value, "x"},
        {"load_jsonl_vs_scan", jsonlFigure.value / reference.value, "x"}, csvBare, jsonlBare,
        {"load_csv_vs_bare", csvFigure.value / csvBare.value, "x"},
        {"load_jsonl_vs_bare", jsonlFigure.value / jsonlBare.value, "x"}};
});

} // namespace

} // namespace tidemark::bench
