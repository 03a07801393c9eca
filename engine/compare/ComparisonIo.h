#pragma once

#include "engine/compare/Comparison.h"
#include "engine/io/LoadResult.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace tidemark::compare {

// Comparison files (docs/compare.md):
//   {"tidemarkComparison": 1, "name": "…", "description": "…",
//    "a": "scenario.json",
//    "b": {"scenario": "scenario.json", "set": {"pipeline": {"window": {"allowedLatenessMs": 2000}}}}}
// A run's "set" is merged over the scenario's own JSON, which the scenario reader then reads, so that every
// rule and message of the scenario format holds. Errors are `file:line:column: message` in the file that
// holds the offending text: the comparison file for a value from "set", the scenario file otherwise.

// Reads a comparison file and the two scenarios it names (relative to its folder), with their events.
io::Loaded<Comparison> loadComparisonFile(const std::filesystem::path& path, const io::LoadOptions& options = {});

// The same from JSON held in memory: `fileName` is used in messages, scenarios are found relative to `baseDir`.
io::Loaded<Comparison> parseComparison(std::string_view json, const std::string& fileName,
    const std::filesystem::path& baseDir, const io::LoadOptions& options = {});

// Two scenario files as A and B, unchanged (`tidemark compare A.json B.json`).
io::Loaded<Comparison> loadComparisonOf(
    const std::filesystem::path& a, const std::filesystem::path& b, const io::LoadOptions& options = {});

// Whether a .json file is a comparison rather than a scenario, from its first bytes (io::kScenarioSniffBytes).
bool looksLikeComparison(std::string_view firstBytes);

} // namespace tidemark::compare
