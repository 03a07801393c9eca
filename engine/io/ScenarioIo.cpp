#include "engine/io/ScenarioIo.h"

#include "engine/core/JsonText.h"
#include "engine/io/ScenarioNames.h"

#include "engine/io/EventFile.h"
#include "engine/io/JsonFields.h"
#include "engine/io/JsonTree.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioSchema.h"
#include "engine/io/Suggest.h"
#include "engine/io/Timestamps.h"
#include "engine/player/RunLimits.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <system_error>
#include <utility>

namespace tidemark::io {

std::string LoadError::toString() const
{
    // Problems with the file as a whole (it cannot be opened) have no line.
    if (where.line == 0)
        return where.file + ": " + message;
    return where.file + ':' + std::to_string(where.line) + ':' + std::to_string(where.column) + ": " + message;
}

namespace {

using namespace detail;
using Kind = JsonNode::Kind;

class ScenarioReader {
public:
    ScenarioReader(std::string_view text, const std::string& fileName, const std::filesystem::path& baseDir,
        const LoadOptions& options, bool readInputFile)
        : m_text(text)
        , m_fileName(fileName)
        , m_baseDir(baseDir)
        , m_options(options)
        , m_readInputFile(readInputFile)
    { }

    Loaded<Scenario> run()
    {
        Loaded<Scenario> result;
        const auto tree = detail::parseJsonTree(m_text);
        if (!tree.ok) {
            result.errors.push_back(errorAt(tree.errorOffset, tree.errorMessage));
            return result;
        }
        Scenario scenario;
        const JsonNode* inputFileNode = nullptr;
        try {
            if (tree.root.kind == Kind::Object && tree.root.member("sources")) {
                if (!m_options.jobGraphs) {
                    detail::fail(tree.root.offset,
                        "this is a job graph (docs/job-graph.md): `tidemark run " + m_fileName
                            + "` runs it, `tidemark verify` checks it against Flink, `tidemark compare` compares two "
                              "and `tidemark export-job` writes it as a Flink job; the app opens one source and one "
                              "window operator (a chain) for now");
                }
                readGraph(tree.root, scenario, result);
                if (!result.errors.empty() && !result.skippedLines)
                    return result;
                result.value = std::move(scenario);
                return result;
            }
            inputFileNode = readScenario(tree.root, scenario);
        } catch (const ScenarioFailure& f) {
            result.errors.push_back(errorAt(f.offset, f.message));
            return result;
        } catch (const GraphInputFailed&) {
            return result;
        }
        if (inputFileNode && m_readInputFile) {
            LoadOptions fileOptions = m_options;
            if (!fileOptions.lenient)
                fileOptions.lenient = scenario.lenient;
            auto loaded = loadScenarioInput(std::move(scenario), m_baseDir, fileOptions);
            if (const auto unopened = unopenedFile(loaded))
                loaded.errors.front() = errorAt(inputFileNode->offset, *unopened);
            return loaded;
        }
        result.value = std::move(scenario);
        return result;
    }

private:
    LoadError errorAt(std::size_t offset, std::string message) const
    {
        const auto lc = detail::lineColumnAt(m_text, offset);
        return LoadError(m_fileName, lc.line, lc.column, std::move(message));
    }

    // When a load failed because the event file itself could not be opened (its error has no line): what to say at
    // the scenario's "file" value, naming the file there as the loader's error did in front.
    static std::optional<std::string> unopenedFile(const Loaded<Scenario>& loaded)
    {
        if (loaded.ok() || loaded.errors.empty() || loaded.errors.front().where.line != 0)
            return std::nullopt;
        return loaded.errors.front().where.file + ": " + loaded.errors.front().message;
    }

    // Returns the "file" node when the input names an event file, nullptr for inline records.
    const JsonNode* readScenario(const JsonNode& root, Scenario& s) const
    {
        if (root.kind != Kind::Object)
            expected(root, "a scenario object", {});
        schema::read(schema::scenario(), root, s);
        const JsonNode& input = *root.member("input");
        if (const JsonNode* records = input.member("records")) {
            detail::LineCounter lines(m_text);
            for (std::size_t i = 0; i < s.records.size(); ++i)
                s.records[i].sourceLine = lines.lineAt(records->items[i].offset);
            return nullptr;
        }
        return input.member("file");
    }

    // A job graph's scenario: each source's input read as a chain's, its event file loaded (unless left unread);
    // the first source whose file fails to load stops it, with the file's errors in `result`.
    void readGraph(const JsonNode& root, Scenario& s, Loaded<Scenario>& result) const
    {
        schema::readGraph(root, s, [&](const JsonNode& input, Scenario& source) {
            schema::readInput(input, source);
            if (const JsonNode* records = input.member("records")) {
                detail::LineCounter lines(m_text);
                for (std::size_t i = 0; i < source.records.size(); ++i)
                    source.records[i].sourceLine = lines.lineAt(records->items[i].offset);
            }
            if (!source.inputFile || !m_readInputFile)
                return;
            // the source carries the scenario's "lenient", which the loader takes unless the options say
            auto loaded = loadScenarioInput(std::move(source), m_baseDir, m_options);
            if (!loaded.ok()) {
                if (const auto unopened = unopenedFile(loaded))
                    detail::fail(*input.member("file"), *unopened);
                result.errors = std::move(loaded.errors);
                throw GraphInputFailed();
            }
            result.skippedLines += loaded.skippedLines;
            result.errors.insert(result.errors.end(), loaded.errors.begin(), loaded.errors.end());
            source = std::move(*loaded.value);
        });
    }
    struct GraphInputFailed { };

    std::string_view m_text;
    const std::string& m_fileName;
    std::filesystem::path m_baseDir;
    const LoadOptions& m_options;
    bool m_readInputFile;
};

} // namespace

InputFileSpec liveLineSpec(const Scenario& s)
{
    if (s.inputFile)
        return *s.inputFile;
    InputFileSpec spec;
    spec.format = InputFileSpec::Format::Csv;
    spec.header = InputFileSpec::Header::Absent;
    FieldRef key;
    key.index = 0;
    FieldRef ts;
    ts.index = 1;
    if (s.pipeline.window.keyBy) {
        spec.key = {key};
        spec.ts = ts;
    } else {
        ts.index = 0;
        spec.ts = ts;
    }
    const bool values
        = std::any_of(s.records.begin(), s.records.end(), [](const InputRecord& r) { return r.hasValue; });
    if (values) {
        FieldRef value;
        value.index = spec.ts.index + 1;
        spec.value = value;
    }
    return spec;
}

Loaded<Scenario> parseScenario(std::string_view json, const std::string& fileName, const std::filesystem::path& baseDir,
    const LoadOptions& options)
{
    return ScenarioReader(json, fileName, baseDir, options, true).run();
}

Loaded<Scenario> parseScenarioWithoutInput(std::string_view json, const std::string& fileName, bool jobGraphs)
{
    LoadOptions options;
    options.jobGraphs = jobGraphs;
    return ScenarioReader(json, fileName, {}, options, false).run();
}

namespace {

// The text of a scenario file, or the reason it cannot be read in `failure`.
std::optional<std::string> readScenarioText(const std::filesystem::path& path, Loaded<Scenario>& failure)
{
    std::string error;
    auto text = detail::readEditedFile(path, "scenario", "put the records in an event file (\"input.file\")", error);
    if (!text)
        failure.errors.push_back(LoadError(path.string(), 0, 0, error));
    return text;
}

} // namespace

Loaded<Scenario> loadScenarioFile(const std::filesystem::path& path, const LoadOptions& options)
{
    Loaded<Scenario> failure;
    const auto text = readScenarioText(path, failure);
    return text ? parseScenario(*text, path.string(), path.parent_path(), options) : failure;
}

Loaded<Scenario> loadScenarioFileWithoutInput(const std::filesystem::path& path, bool jobGraphs)
{
    Loaded<Scenario> failure;
    const auto text = readScenarioText(path, failure);
    return text ? parseScenarioWithoutInput(*text, path.string(), jobGraphs) : failure;
}

Loaded<Scenario> loadScenarioInput(Scenario scenario, const std::filesystem::path& baseDir, const LoadOptions& options)
{
    Loaded<Scenario> result;
    if (!scenario.inputFile) {
        result.value = std::move(scenario);
        return result;
    }
    LoadOptions fileOptions = options;
    if (!fileOptions.lenient)
        fileOptions.lenient = scenario.lenient;
    const std::filesystem::path file = baseDir / scenario.inputFile->file;
    auto loaded = loadEventFile(
        file, *scenario.inputFile, scenario.keys, fileOptions, rules::recordRulesFor(scenario.pipeline));
    result.errors = std::move(loaded.errors);
    result.skippedLines = loaded.skippedLines;
    if (!loaded.ok())
        return result;
    scenario.records = std::move(loaded.value->records);
    result.value = std::move(scenario);
    return result;
}

std::string saveScenario(const Scenario& s)
{
    return schema::write(s.graph ? schema::graphScenario() : schema::scenario(), s, "") + "\n";
}

bool looksLikeScenario(std::string_view firstBytes)
{
    return firstBytes.substr(0, kScenarioSniffBytes).find("\"tidemark\"") != std::string_view::npos;
}

bool isScenarioPath(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(
        extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (extension != ".json")
        return false;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return true;
    std::string head(kScenarioSniffBytes, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    return looksLikeScenario(head);
}

std::optional<std::string> scenarioRulesRefusal(const Scenario& scenario)
{
    // the one home of the rules is the reader: the scenario written out as a file would be, then read back
    const Loaded<Scenario> checked = parseScenarioWithoutInput(saveScenario(scenario), "scenario", true);
    if (checked)
        return std::nullopt;
    return checked.errors.front().message;
}

} // namespace tidemark::io
