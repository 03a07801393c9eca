#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/Keys.h"
#include "engine/core/Record.h"
#include "engine/io/LoadResult.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io {

// Event files: CSV, whitespace-separated text and JSON lines (docs/scenario-format.md, "Event files").
using EventFileSpec = InputFileSpec;

struct EventFileContents {
    std::vector<InputRecord> records; // in file order; sourceLine set on each
    std::uint64_t bytes = 0; // bytes read
    std::uint64_t lines = 0; // lines read, blank and comment lines included
    bool headerSkipped = false; // CSV: the first line was a header
};

// Checks that depend on the pipeline the records will feed; a record that breaks one is a bad line.
struct RecordRules {
    bool requireValue = false; // the window function reads "value"
    bool requireChannel = false; // partitioning "channel"
    std::int32_t channelLimit = -1; // event records' channel must be below this (-1: no limit)
    std::int32_t watermarkChannelLimit = -1; // watermark records' channel must be below this
    std::int32_t partitionLimit = -1; // >= 0: a Kafka source with this many partitions; every record needs one
};

// Streams the file in chunks (memory stays bounded by the longest line, whatever the file size).
// Strict (default): the first bad line stops the load with "FILE:LINE:COLUMN: expected …, found …".
// Lenient (options.lenient): bad lines are skipped, counted and the first ones reported.
Loaded<EventFileContents> loadEventFile(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options = {}, const RecordRules& rules = {});

// The same, handing records to `sink` in batches instead of keeping them (contents.records stays empty):
// memory stays bounded whatever the file size.
using RecordSink = std::function<void(std::span<const InputRecord>)>;
Loaded<EventFileContents> streamEventFile(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options, const RecordRules& rules, const RecordSink& sink);

// The same over text in memory; `fileName` is only used in messages.
Loaded<EventFileContents> parseEventText(std::string_view text, const std::string& fileName, const EventFileSpec& spec,
    KeyTable& keys, const LoadOptions& options = {}, const RecordRules& rules = {});

// Reads an event stream a line at a time, by the same rules as an event file: a live source (a socket, a
// client of a listening port). Lines are numbered from 1 in the order given; a CSV header, when the spec has
// one, is the first line. Memory holds one line, whatever the stream's length.
class EventLineParser {
public:
    EventLineParser(std::string sourceName, const EventFileSpec& spec, KeyTable& keys, const RecordRules& rules = {});
    ~EventLineParser();
    EventLineParser(const EventLineParser&) = delete;
    EventLineParser& operator=(const EventLineParser&) = delete;

    // What the spec itself gets wrong (a bad timestamp pattern, columns by name without a header), found before
    // any line; every line is then refused.
    const std::optional<LoadError>& specError() const { return m_specError; }

    // One line, without its '\n' (a trailing '\r' is dropped). Neither a record nor an error: a blank line, a
    // comment or the header.
    struct Outcome {
        std::optional<InputRecord> record; // sourceLine set
        std::optional<LoadError> error; // "source:line:column: expected …"
    };
    Outcome parse(std::string_view line);
    // Counts a line that never reached parse() (longer than the source's limit) and returns its error.
    LoadError skip(std::string message);
    std::uint32_t linesRead() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
    std::optional<LoadError> m_specError;
};

} // namespace tidemark::io
