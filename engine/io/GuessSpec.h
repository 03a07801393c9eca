#pragma once

#include "engine/core/InputFileSpec.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io {

// Guesses how an event file is written from its first lines, so that opening a file needs no typing in the
// common cases: the format (by content, then by the name's extension), the CSV delimiter (`,` `;` tab `|`),
// whether the first line is a header, which fields are the key, timestamp, value, arrival and channel, and
// how timestamps are written (epoch milliseconds, 10-digit epoch seconds, ISO-8601, or a date pattern).
//
// Header names are used when there is a header (`time`, `orderTime` → timestamp; `user`, `sensor` → key;
// `amount`, `temp` → value; `arrival` → arrival; `partition` with small integers → channel); otherwise the
// data decides: dates or epoch-like numbers are the timestamp, text is the key, a remaining number the value.
// Among the plausible guesses the first one that io::parseEventText reads without an error is returned;
// when none does (an empty file, a header alone, lines of different shapes) the best guess is returned
// anyway, and parsing it reports what is wrong. `fileName` is used for the extension and becomes `file`.
//
// A few bad lines do not decide the layout: the guess rests on the lines of the shape most lines share (the same
// number of fields, or JSON objects); `basis`, when given, says how many lines that is and how many were set aside.
struct GuessBasis {
    std::size_t lines = 0;
    std::size_t setAside = 0;
};
InputFileSpec guessInputFileSpec(std::string_view head, std::string_view fileName, GuessBasis* basis = nullptr);

// The extensions that name an event file's format: the one table for the loader and every file dialog.
struct EventFileExtension {
    std::string_view extension; // without the dot, lower case
    InputFileSpec::Format format;
};
inline constexpr std::array<EventFileExtension, 8> kEventFileExtensions {{
    {"csv", InputFileSpec::Format::Csv},
    {"tsv", InputFileSpec::Format::Csv},
    {"jsonl", InputFileSpec::Format::Jsonl},
    {"ndjson", InputFileSpec::Format::Jsonl},
    {"json", InputFileSpec::Format::Jsonl},
    {"txt", InputFileSpec::Format::Text},
    {"text", InputFileSpec::Format::Text},
    {"log", InputFileSpec::Format::Text},
}};
// The format a file's extension names, case-insensitively.
std::optional<InputFileSpec::Format> formatFromExtension(std::string_view fileName);

// A CSV line's fields at `delimiter`: double quotes around a field allow the delimiter inside it, "" is a quote.
std::vector<std::string> splitCsv(std::string_view line, char delimiter);

} // namespace tidemark::io
