#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// A scenario whose "input" names an event file instead of inline records (docs/scenario-format.md,
// "Input from a file"). Plain values only: engine/io reads the file; the scenario keeps this description
// so that saving it writes the file reference back rather than the records.

// One field of the mapping: a 0-based column index, or a name (CSV header column, or a dotted JSON path).
struct FieldRef {
    std::int32_t index = -1; // >= 0 when the field is chosen by column index
    std::string name; // used when index < 0

    bool isIndex() const { return index >= 0; }
    bool operator==(const FieldRef&) const = default;
};

struct TimestampFormat {
    enum class Unit : std::uint8_t { Milliseconds, Seconds };
    Unit unit = Unit::Milliseconds; // for numeric timestamps
    std::string pattern; // e.g. "yyyy-MM-dd HH:mm:ss.SSS"; empty: numbers in `unit`, or ISO-8601 text
    std::string zone; // IANA zone for `pattern` and for ISO-8601 text without an offset; empty = UTC
    bool operator==(const TimestampFormat&) const = default;
};

struct InputFileSpec {
    enum class Format : std::uint8_t { Csv, Text, Jsonl };
    enum class Header : std::uint8_t { Detect, Present, Absent };

    std::string file; // as written in the scenario: relative to the scenario file's folder
    Format format = Format::Csv;
    std::vector<FieldRef> key; // empty: records have no key (windowAll); several fields: a composite key
    std::optional<FieldRef> value;
    FieldRef ts;
    std::optional<FieldRef> arrival;
    std::optional<FieldRef> channel;
    std::optional<FieldRef> partition; // a Kafka source's partition
    std::optional<FieldRef> offset; // and the record's offset in it
    char delimiter = ','; // CSV only
    Header header = Header::Detect; // CSV only
    TimestampFormat timestamp;
    std::string watermarkWord = "watermark"; // CSV/text: a line "<word><delimiter><ts>" is a watermark record
    bool operator==(const InputFileSpec&) const = default;
};

} // namespace tidemark
