#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tidemark::io {

// Where something is in a text file: 1-based line, and 1-based column counted in characters (UTF-8 code
// points) so that it matches what an editor shows.
struct SourcePosition {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

// How many bad lines a lenient load in the app lists (a file's in the import dialog and the Bad lines tab, a live
// source's); the rest are counted.
inline constexpr std::size_t kListedBadLines = 1000;

// How much of a bad line is kept to be shown beside its error (a file's skipped lines, a live source's).
inline constexpr std::size_t kShownLineBytes = 200;

struct LoadError {
    SourcePosition where;
    std::string message;
    // The line itself, its first kShownLineBytes, where the loader kept it (a lenient load's skipped lines).
    std::string lineText;

    LoadError() = default;
    LoadError(std::string file, std::uint32_t line, std::uint32_t column, std::string text)
        : where {std::move(file), line, column}
        , message(std::move(text))
    { }
    LoadError(SourcePosition position, std::string text)
        : where(std::move(position))
        , message(std::move(text))
    { }

    // "file:line:column: message", the form compilers use, so editors and terminals can jump to it.
    std::string toString() const;
};

// The lines a lenient load skipped: the first ones with where and why, and how many in all.
struct SkippedLines {
    std::vector<LoadError> listed;
    std::uint64_t count = 0;
    bool empty() const { return count == 0; }
};

// The outcome of a load: a value, or the errors that stopped it. A lenient load that skipped bad lines has
// both: the value, and the first skipped lines (at most LoadOptions::maxReportedErrors) in `errors`, with
// `skippedLines` counting all of them.
template <class T> struct Loaded {
    std::optional<T> value;
    std::vector<LoadError> errors;
    std::uint64_t skippedLines = 0;

    bool ok() const { return value.has_value(); }
    explicit operator bool() const { return ok(); }
    // A lenient load's skipped lines (none when the load failed: its errors are why).
    SkippedLines skipped() const { return ok() ? SkippedLines {errors, skippedLines} : SkippedLines {}; }

    // Every error on its own line, ready for stderr.
    std::string errorText() const
    {
        std::string text;
        for (const auto& e : errors) {
            text += e.toString();
            text += '\n';
        }
        return text;
    }
};

// Called while a large file streams in: bytes consumed so far and the file's size (0 when unknown).
using ProgressCallback = std::function<void(std::uint64_t bytesDone, std::uint64_t bytesTotal)>;

// The longest line of events Tidemark reads, from a file or from a live source: a longer one is refused with its
// length. It bounds the memory a line takes; no event a window job is shown with comes near it.
inline constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20; // 1 MiB

// What a line longer than `limit` is told, with its length: the same words from a file and from a live source.
inline std::string lineTooLongMessage(std::size_t limit, std::uint64_t bytes)
{
    return "expected a line of at most " + std::to_string(limit) + " bytes, found one of " + std::to_string(bytes);
}

struct LoadOptions {
    // Overrides the scenario's "lenient" (or the default, strict) when set.
    std::optional<bool> lenient;
    // Lenient loads keep the positions of this many skipped lines; the rest are only counted.
    std::size_t maxReportedErrors = 20;
    // A line longer than this is an error rather than an unbounded allocation.
    std::size_t maxLineBytes = kMaxLineBytes;
    ProgressCallback progress;
    // Asked before each chunk is read: true stops the load, which then fails with "the load was cancelled".
    std::function<bool()> cancelled;
    // What messages call the input ("stdin" for a copy of standard input); empty: its path.
    std::string sourceName;
    // An input of this many bytes or more, whose records are kept (not streamed to a sink), is read in two
    // parts at once on a machine with two cores or more (0: any input, on any machine); the result is the same
    // as reading it whole.
    std::uint64_t twoPartsFromBytes = std::uint64_t(16) << 20;
    // A job graph's scenario (docs/job-graph.md) is read; without this it is refused with a message that says
    // what runs it, so that a front end that shows chains never shows a graph as an empty chain.
    bool jobGraphs = false;
};

} // namespace tidemark::io
