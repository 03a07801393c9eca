#pragma once

#include "engine/io/LoadResult.h"

#include <filesystem>
#include <optional>
#include <string>

namespace tidemark::io {

// The first lines of an events file, which the layout guess and the import dialog's preview read; or why the file
// is refused before a record of it is read: it is missing, a folder or empty, or a line is longer than
// kMaxLineBytes (its length is counted to its end, without keeping it, and what follows is not read).
struct EventFileHead {
    std::string text; // up to the lines asked for, each ending in '\n' (the last one as the file has it)
    std::optional<LoadError> refusal;
};

// `shownAs` names the file in messages (empty: its path).
EventFileHead readEventFileHead(const std::filesystem::path& path, int lines, const std::string& shownAs = {});

// Why the file cannot be read as events before a line of it is: missing, a folder, empty; nullopt when it can.
std::optional<std::string> eventFileRefusal(const std::filesystem::path& path);

} // namespace tidemark::io
