#pragma once

#include "engine/core/Scenario.h"
#include "engine/io/EventFile.h"
#include "engine/io/LoadResult.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tidemark::io {

// Scenario format v1 (docs/scenario-format.md). Errors name the offending value's position:
// "scenario.json:12:20: expected an integer for \"sizeMs\", found \"5s\"".

// Reads a scenario file. An "input.file" is resolved relative to the scenario file's folder and loaded.
Loaded<Scenario> loadScenarioFile(const std::filesystem::path& path, const LoadOptions& options = {});

// Parses scenario JSON held in memory. `fileName` is only used in messages; an "input.file" is resolved
// relative to `baseDir`.
Loaded<Scenario> parseScenario(std::string_view json, const std::string& fileName, const std::filesystem::path& baseDir,
    const LoadOptions& options = {});

// Same, but leaves an "input.file" unread (records stay empty): for tools that only need the pipeline.
Loaded<Scenario> parseScenarioWithoutInput(std::string_view json, const std::string& fileName, bool jobGraphs = false);
// The same from a file: the pipeline and inline records, the event file left for loadScenarioInput.
Loaded<Scenario> loadScenarioFileWithoutInput(const std::filesystem::path& path, bool jobGraphs = false);

// Loads the event file `scenario.inputFile` names (relative to baseDir) into scenario.records/keys.
// For scenarios built in code (e.g. from command-line flags); a no-op success without an input file.
Loaded<Scenario> loadScenarioInput(
    Scenario scenario, const std::filesystem::path& baseDir, const LoadOptions& options = {});

// How a typed line or a live source's line is read: as the scenario's events file is, or, when its records are
// inline, as CSV "key,timestamp[,value]" (no key under windowAll; a value when the records have values).
InputFileSpec liveLineSpec(const Scenario& scenario);

// Why a scenario changed in memory (a job graph's setting edited) breaks a rule a scenario file is held to: the
// first rule's message, as reading it from a file would give it (without the file's line and column); nullopt when
// it keeps them all. Its event files are not read again.
std::optional<std::string> scenarioRulesRefusal(const Scenario& scenario);

// Scenario JSON text, a chain's or a job graph's; parseScenario(saveScenario(s)) gives back s. A scenario (or a
// graph's source) whose records came from a file saves the file reference, not the records.
std::string saveScenario(const Scenario& scenario);

// Whether a .json file is a scenario rather than JSON-lines events, from its first bytes: a scenario names
// its format version under "tidemark" near the top. kScenarioSniffBytes is enough to tell.
inline constexpr std::size_t kScenarioSniffBytes = 4096;
bool looksLikeScenario(std::string_view firstBytes);

// Whether the file opens as a scenario rather than as events: a .json file that looks like one (a .json file that
// cannot be read counts as a scenario, so that the scenario loader says why). The app and `tidemark run` both ask.
bool isScenarioPath(const std::filesystem::path& path);

} // namespace tidemark::io
