#pragma once

#include "engine/core/Keys.h"
#include "engine/io/EventFileContents.h"
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

// Streams the file in chunks (memory stays bounded by the longest line, whatever the file size).
// Strict (default): the first bad line stops the load with "FILE:LINE:COLUMN: expected …, found …".
// Lenient (options.lenient): bad lines are skipped, counted and the first ones reported.
Loaded<EventFileContents> loadEventFile(const std::filesystem::path& path, const EventFileSpec& spec, KeyTable& keys,
    const LoadOptions& options = {}, const RecordRules& rules = {});

// The same, handing records to `sink` in batches instead of keeping them (contents.records stays empty):
// memory stays bounded whatever the file size.
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
    using Outcome = LineOutcome;
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
