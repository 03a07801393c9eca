#pragma once

#include "engine/core/Scenario.h"
#include "engine/io/LoadResult.h"

#include <QList>
#include <QString>

#include <cstdint>
#include <optional>

namespace tidemark::app {

// A scenario read from disk or from the built-in examples, or the message saying why not
// ("file:line:column: expected …, found …").
struct LoadOutcome {
    std::optional<Scenario> scenario;
    QString error;
    io::SkippedLines skipped; // bad lines of its event file, when it is read leniently
    bool ok() const { return scenario.has_value(); }
};

struct ExampleInfo {
    QString path; // …/share/tidemark/examples/post000-parallelism3.json
    QString fileName; // "post000-parallelism3.json"
    QString name;
    QString description;
};

// The built-in examples (installed in share/tidemark/examples, io::examplesDirectory), sorted by file name.
QList<ExampleInfo> builtInExamples();
// The built-in job graphs (share/tidemark/examples/graphs), sorted by file name.
QList<ExampleInfo> builtInGraphExamples();
// The example `tidemark` opens with no arguments: post 000 at parallelism 3.
QString defaultExample();

// A scenario and its event file, read by the same engine functions as `tidemark run PATH` reads them
// (io::loadScenarioFileWithoutInput, then io::loadScenarioInput with the job's record rules), so that every
// load error is the same, with the same message. A chain or a job graph (the session runs either).
LoadOutcome loadScenarioFile(const QString& path);
LoadOutcome loadExample(const QString& path);
// Scenario JSON from memory, the same way; an "input.file" is read next to `baseDir` (a folder).
LoadOutcome parseScenarioText(const QByteArray& json, const QString& fileName, const QString& baseDir);

// Load errors as the user reads them: one "file:line:column: …" per line.
QString errorsText(const std::vector<io::LoadError>& errors);

// File ▸ Open's filter: scenarios and every extension the loader reads (io::kEventFileExtensions), so that the
// dialog never hides a file it could open.
QString openFileFilter();

// The bytes opening a scenario file reads: its event file's size, or its own when it is large itself (records
// inline); 0 when it cannot be told. A large one is loaded in the background (RunLoader).
std::uint64_t scenarioReadBytes(const QString& path);
// From this size on, a scenario's event file is read and its run recorded in the background.
inline constexpr std::uint64_t kBackgroundLoadBytes = std::uint64_t(16) << 20;
// From this many records on, an event file read through the import dialog has its run recorded in the
// background (about what kBackgroundLoadBytes holds).
inline constexpr std::size_t kBackgroundRecordCount = 500'000;

// Whether a path looks like a scenario (JSON with "tidemark") rather than an event file.
bool isScenarioFile(const QString& path);

} // namespace tidemark::app
