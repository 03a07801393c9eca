#pragma once

#include "engine/io/EventFile.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

// The first bytes of a fuzz input choose the loader's settings, the rest is the file, so that one target
// explores strict and lenient loads, headers, delimiters and timestamp forms.
inline tidemark::io::EventFileSpec fuzzSpec(tidemark::io::EventFileSpec::Format format, const std::uint8_t*& data,
    std::size_t& size, tidemark::io::LoadOptions& options)
{
    using namespace tidemark;
    io::EventFileSpec spec;
    spec.format = format;
    const std::uint8_t a = size > 0 ? data[0] : 0;
    const std::uint8_t b = size > 1 ? data[1] : 0;
    const std::size_t used = size < 2 ? size : 2;
    data += used;
    size -= used;
    options.lenient = (a & 1) != 0;
    options.maxLineBytes = 1 << 16; // keep the fuzzer's memory small; the limit itself gets exercised
    const bool named
        = format == io::EventFileSpec::Format::Jsonl || (format == io::EventFileSpec::Format::Csv && (a & 2) != 0);
    const auto field = [&](int index, const char* name) {
        FieldRef f;
        if (named)
            f.name = name;
        else
            f.index = index;
        return f;
    };
    spec.ts = field(b & 3, (a & 4) ? "meta.time" : "ts");
    if (a & 8)
        spec.key = {field((b >> 2) & 3, "id")};
    if (a & 16)
        spec.key = {field(0, "id"), field(2, "k2")};
    if (a & 32)
        spec.value = field((b >> 4) & 3, "v");
    if (a & 64)
        spec.channel = field(3, "ch");
    if (b & 64)
        spec.arrival = field(1, "arr");
    if (format == io::EventFileSpec::Format::Csv) {
        spec.delimiter = (b & 128) ? ';' : ',';
        spec.header = (a & 128) ? io::EventFileSpec::Header::Present : io::EventFileSpec::Header::Detect;
    }
    switch ((b >> 2) & 3) {
    case 1:
        spec.timestamp.unit = TimestampFormat::Unit::Seconds;
        break;
    case 2:
        spec.timestamp.pattern = "yyyy-MM-dd HH:mm:ss.SSS";
        spec.timestamp.zone = "Europe/Berlin";
        break;
    case 3:
        spec.timestamp.zone = "Australia/Sydney";
        break;
    default:
        break;
    }
    return spec;
}

// Runs one loader on the input and checks what a load promises: either a value or errors, never both
// missing; strict loads fail with exactly one error; every record carries the line it came from.
inline int fuzzLoad(tidemark::io::EventFileSpec::Format format, const std::uint8_t* data, std::size_t size)
{
    using namespace tidemark;
    io::LoadOptions options;
    const auto spec = fuzzSpec(format, data, size, options);
    KeyTable keys;
    io::RecordRules rules;
    rules.channelLimit = 4;
    rules.watermarkChannelLimit = 4;
    const auto r = io::parseEventText(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz", spec, keys, options, rules);
    if (!r.ok()) {
        if (r.errors.size() != 1)
            __builtin_trap();
        (void)r.errors.front().toString();
        return 0;
    }
    if (!*options.lenient && !r.errors.empty())
        __builtin_trap();
    if (r.errors.size() > options.maxReportedErrors || r.errors.size() > r.skippedLines)
        __builtin_trap();
    for (const auto& rec : r.value->records) {
        if (rec.sourceLine == 0 || rec.sourceLine > r.value->lines)
            __builtin_trap();
        if (rec.key != kNoKey && rec.key >= keys.size())
            __builtin_trap();
    }
    return 0;
}

// The whole-input load (block scans, plain-line fast paths) against EventLineParser, which reads each line
// by the general path alone: the same records, bit for bit, and the same errors.
inline bool sameRecord(const tidemark::InputRecord& a, const tidemark::KeyTable& aKeys, const tidemark::InputRecord& b,
    const tidemark::KeyTable& bKeys)
{
    const auto keyName = [](const tidemark::KeyTable& keys, tidemark::KeyId id) {
        return id == tidemark::kNoKey ? std::string("\x01none") : keys.name(id);
    };
    return a.kind == b.kind && keyName(aKeys, a.key) == keyName(bKeys, b.key) && a.hasValue == b.hasValue
        && std::memcmp(&a.value, &b.value, sizeof a.value) == 0 && a.ts == b.ts && a.arrival == b.arrival
        && a.channel == b.channel && a.partition == b.partition && a.offset == b.offset && a.sourceLine == b.sourceLine;
}

inline int fuzzLoadAgainstLines(tidemark::io::EventFileSpec::Format format, const std::uint8_t* data, std::size_t size)
{
    using namespace tidemark;
    io::LoadOptions options;
    const auto spec = fuzzSpec(format, data, size, options);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    io::RecordRules rules;
    rules.channelLimit = 4;
    rules.watermarkChannelLimit = 4;
    KeyTable wholeKeys;
    const auto whole = io::parseEventText(text, "fuzz", spec, wholeKeys, options, rules);

    KeyTable lineKeys;
    io::EventLineParser parser("fuzz", spec, lineKeys, rules);
    std::vector<InputRecord> records;
    std::vector<std::string> errors;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        if (end - start > options.maxLineBytes)
            return 0; // the whole load refuses such a line on its own terms
        const auto outcome = parser.parse(text.substr(start, end - start));
        if (outcome.record)
            records.push_back(*outcome.record);
        if (outcome.error)
            errors.push_back(outcome.error->toString());
        start = end + 1;
    }
    if (parser.specError())
        return 0;
    const bool lenient = *options.lenient;
    if (!whole.ok()) {
        if (lenient || errors.empty() || whole.errors.front().toString() != errors.front())
            __builtin_trap();
        return 0;
    }
    if (!lenient && !errors.empty())
        __builtin_trap();
    // A header the mapping cannot use ends even a lenient CSV load there (after what it skipped before it);
    // the line parser goes on to refuse each line after it.
    if (spec.format == io::EventFileSpec::Format::Csv && whole.value->records.empty() && whole.skippedLines >= 1
        && whole.skippedLines <= errors.size() && (whole.skippedLines < errors.size() || !records.empty())) {
        for (std::size_t i = 0; i < whole.errors.size(); ++i) {
            if (whole.errors[i].toString() != errors[i])
                __builtin_trap();
        }
        // The line the whole load stopped at was its header.
        const std::string& last = errors[whole.skippedLines - 1];
        if (last.find("in the header") == std::string::npos && last.find("closing quote") == std::string::npos)
            __builtin_trap();
        return 0;
    }
    if (whole.value->records.size() != records.size() || whole.skippedLines != errors.size())
        __builtin_trap();
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!sameRecord(whole.value->records[i], wholeKeys, records[i], lineKeys))
            __builtin_trap();
    }
    for (std::size_t i = 0; i < whole.errors.size(); ++i) {
        if (whole.errors[i].toString() != errors[i])
            __builtin_trap();
    }
    return 0;
}
