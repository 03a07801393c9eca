#include "engine/compare/ComparisonIo.h"

#include "engine/core/JsonText.h"
#include "engine/io/Installation.h"
#include "engine/io/JsonTree.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/Suggest.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <system_error>
#include <vector>

namespace tidemark::compare {

namespace {

namespace fs = std::filesystem;
using io::Loaded;
using io::LoadError;
using io::detail::JsonNode;
using Kind = JsonNode::Kind;

constexpr int kFormatVersion = 1;

std::string q(std::string_view s)
{
    return jsonString(s);
}

std::string describe(const JsonNode& n)
{
    return io::detail::describeValue(n);
}

// A file's text, or why it cannot be read (`what` names it: "comparison", "scenario").
std::optional<std::string> readText(const fs::path& path, std::string_view what, std::string& error)
{
    return io::detail::readEditedFile(path, what, {}, error);
}

// Where the JSON value starting at `start` ends (one past its last byte). The text is valid JSON: it parsed.
std::size_t valueEnd(std::string_view text, std::size_t start)
{
    const auto stringEnd = [&](std::size_t i) {
        for (++i; i < text.size(); ++i) {
            if (text[i] == '\\')
                ++i;
            else if (text[i] == '"')
                return i + 1;
        }
        return text.size();
    };
    if (start >= text.size())
        return text.size();
    const char c = text[start];
    if (c == '"')
        return stringEnd(start);
    if (c == '{' || c == '[') {
        int depth = 0;
        for (std::size_t i = start; i < text.size();) {
            const char ch = text[i];
            if (ch == '"') {
                i = stringEnd(i);
                continue;
            }
            if (ch == '{' || ch == '[')
                ++depth;
            else if ((ch == '}' || ch == ']') && --depth == 0)
                return i + 1;
            ++i;
        }
        return text.size();
    }
    std::size_t i = start;
    while (i < text.size() && std::strchr(",}] \t\r\n", text[i]) == nullptr)
        ++i;
    return i;
}

// The byte offset of a 1-based line and column (code points, as io::detail::lineColumnAt counts them).
std::size_t offsetAt(std::string_view text, std::uint32_t line, std::uint32_t column)
{
    std::size_t pos = 0;
    for (std::uint32_t l = 1; l < line && pos < text.size(); ++pos) {
        if (text[pos] == '\n')
            ++l;
    }
    std::uint32_t col = 1;
    for (; pos < text.size() && text[pos] != '\n'; ++pos) {
        const auto c = static_cast<unsigned char>(text[pos]);
        if ((c & 0xC0) == 0x80 || c == '\r')
            continue;
        if (col == column)
            break;
        ++col;
    }
    return pos;
}

// A comparison file's problem, at an offset of its text.
struct Failure {
    std::size_t offset = 0;
    std::string message;
};

// The scenario text with a run's "set" merged over it, and where each piece of it came from, so that the
// scenario reader's messages can point into the file the offending text is in.
class MergedScenario {
public:
    MergedScenario(std::string_view scenario, std::string_view settings)
        : m_scenario(scenario)
        , m_settings(settings)
    { }

    // Merges `set` (an object of the comparison file) over `root` (the scenario's top-level object).
    std::optional<Failure> merge(const JsonNode& root, const JsonNode& set)
    {
        if (set.kind != Kind::Object) {
            return Failure {set.offset,
                "expected an object of scenario settings for \"set\" (merged over the scenario, e.g. "
                "{\"pipeline\": {\"window\": {\"allowedLatenessMs\": 0}}}), found "
                    + describe(set)};
        }
        if (auto failure = mergeObject(root, set))
            return failure;
        build();
        return std::nullopt;
    }

    const std::string& text() const { return m_text; }

    // Where an offset of the merged text comes from: the comparison file (true) or the scenario, and where.
    std::pair<bool, std::size_t> origin(std::size_t offset) const
    {
        for (const Piece& p : m_pieces) {
            if (offset < p.mergedStart + p.length || &p == &m_pieces.back()) {
                const std::size_t into = p.synthetic ? 0 : std::min(offset - p.mergedStart, p.length);
                return {p.fromSettings, p.sourceStart + into};
            }
        }
        return {false, offset};
    }

private:
    // Replaces scenario text [at, at + removed) with settings text [from, from + length), after `comma`.
    struct Edit {
        std::size_t at = 0;
        std::size_t removed = 0;
        std::size_t from = 0;
        std::size_t length = 0;
        bool comma = false;
    };
    struct Piece {
        std::size_t mergedStart = 0;
        std::size_t length = 0;
        bool fromSettings = false;
        std::size_t sourceStart = 0;
        bool synthetic = false; // a comma put between members: every offset in it maps to sourceStart
    };

    // Objects merge member by member; any other value replaces the scenario's. An object that names its "type"
    // (assigner, trigger, evictor, function) replaces the scenario's too: the type decides which keys belong.
    std::optional<Failure> mergeObject(const JsonNode& target, const JsonNode& set)
    {
        bool hasMembers = !target.keys.empty();
        const std::size_t closing = valueEnd(m_scenario, target.offset) - 1;
        for (std::size_t i = 0; i < set.keys.size(); ++i) {
            const auto& key = set.keys[i];
            for (std::size_t j = 0; j < i; ++j) {
                if (set.keys[j].name == key.name)
                    return Failure {key.offset, "duplicate key " + q(key.name) + " in \"set\""};
            }
            const JsonNode& value = set.items[i];
            const JsonNode* current = target.member(key.name);
            if (current && current->kind == Kind::Object && value.kind == Kind::Object && !value.member("type")) {
                if (auto failure = mergeObject(*current, value))
                    return failure;
            } else if (current) {
                m_edits.push_back({current->offset, valueEnd(m_scenario, current->offset) - current->offset,
                    value.offset, valueEnd(m_settings, value.offset) - value.offset, false});
            } else {
                m_edits.push_back(
                    {closing, 0, key.offset, valueEnd(m_settings, value.offset) - key.offset, hasMembers});
                hasMembers = true;
            }
        }
        return std::nullopt;
    }

    void append(bool fromSettings, std::size_t start, std::size_t length)
    {
        if (length == 0)
            return;
        m_pieces.push_back({m_text.size(), length, fromSettings, start, false});
        m_text.append((fromSettings ? m_settings : m_scenario).substr(start, length));
    }

    void build()
    {
        std::stable_sort(m_edits.begin(), m_edits.end(), [](const Edit& x, const Edit& y) { return x.at < y.at; });
        std::size_t done = 0;
        for (const Edit& e : m_edits) {
            append(false, done, e.at - done);
            if (e.comma) {
                m_pieces.push_back({m_text.size(), 1, true, e.from, true});
                m_text += ',';
            }
            append(true, e.from, e.length);
            done = e.at + e.removed;
        }
        append(false, done, m_scenario.size() - done);
    }

    std::string_view m_scenario;
    std::string_view m_settings;
    std::vector<Edit> m_edits;
    std::string m_text;
    std::vector<Piece> m_pieces;
};

class ComparisonReader {
public:
    ComparisonReader(
        std::string_view text, const std::string& fileName, const fs::path& baseDir, const io::LoadOptions& options)
        : m_text(text)
        , m_fileName(fileName)
        , m_baseDir(baseDir)
        , m_options(options)
    { }

    Loaded<Comparison> run()
    {
        Loaded<Comparison> result;
        const auto tree = io::detail::parseJsonTree(m_text);
        if (!tree.ok) {
            result.errors.push_back(errorAt(tree.errorOffset, tree.errorMessage));
            return result;
        }
        Comparison c;
        if (auto failure = readTop(tree.root, c)) {
            result.errors.push_back(errorAt(failure->offset, failure->message));
            return result;
        }
        for (const char* side : {"a", "b"}) {
            auto loaded = readRun(*tree.root.member(side));
            if (!loaded.ok()) {
                result.errors = std::move(loaded.errors);
                return result;
            }
            (side[0] == 'a' ? c.a : c.b) = std::move(*loaded.value);
        }
        result.value = std::move(c);
        return result;
    }

private:
    LoadError errorAt(std::size_t offset, std::string message) const
    {
        const auto lc = io::detail::lineColumnAt(m_text, offset);
        return LoadError(m_fileName, lc.line, lc.column, std::move(message));
    }

    std::optional<Failure> checkKeys(
        const JsonNode& node, std::string_view context, std::initializer_list<std::string_view> known) const
    {
        for (std::size_t i = 0; i < node.keys.size(); ++i) {
            const auto& key = node.keys[i];
            for (std::size_t j = 0; j < i; ++j) {
                if (node.keys[j].name == key.name)
                    return Failure {key.offset, "duplicate key " + q(key.name) + " in " + std::string(context)};
            }
            if (std::find(known.begin(), known.end(), key.name) == known.end()) {
                const std::vector<std::string_view> candidates(known);
                std::string m = "unknown key " + q(key.name) + " in " + std::string(context);
                const auto best = io::detail::closestWord(key.name, candidates);
                if (!best.empty())
                    m += "; did you mean " + q(best) + "?";
                return Failure {key.offset, std::move(m)};
            }
        }
        return std::nullopt;
    }

    std::optional<Failure> readTop(const JsonNode& root, Comparison& c) const
    {
        if (root.kind != Kind::Object)
            return Failure {root.offset, "expected a comparison object, found " + describe(root)};
        if (auto failure = checkKeys(root, "comparison", {"tidemarkComparison", "name", "description", "a", "b"}))
            return failure;
        const JsonNode* version = root.member("tidemarkComparison");
        if (!version)
            return Failure {root.offset, "missing \"tidemarkComparison\" in comparison (the format version, 1)"};
        if (version->kind != Kind::Number || version->numberKind != JsonNode::NumberKind::Int64)
            return Failure {
                version->offset, "expected an integer for \"tidemarkComparison\", found " + describe(*version)};
        if (version->int64 > kFormatVersion) {
            return Failure {version->offset,
                "this file is comparison format " + std::to_string(version->int64)
                    + ", but this version of Tidemark reads format " + std::to_string(kFormatVersion)
                    + "; open it with a newer Tidemark"};
        }
        if (version->int64 < 1) {
            return Failure {version->offset,
                "expected format version 1 for \"tidemarkComparison\", found " + std::to_string(version->int64)};
        }
        for (auto [name, out] : {std::pair {"name", &c.name}, std::pair {"description", &c.description}}) {
            if (const JsonNode* n = root.member(name)) {
                if (n->kind != Kind::String)
                    return Failure {n->offset, "expected a string for " + q(name) + ", found " + describe(*n)};
                *out = n->text;
            }
        }
        for (const char* side : {"a", "b"}) {
            if (!root.member(side)) {
                return Failure {root.offset,
                    "missing " + q(side) + " in comparison (a scenario file, or {\"scenario\": …, \"set\": {…}})"};
            }
        }
        return std::nullopt;
    }

    // A run: "file.json", or {"scenario": "file.json", "set": {…}}.
    Loaded<Scenario> readRun(const JsonNode& node) const
    {
        Loaded<Scenario> failed;
        const auto fail = [&](std::size_t offset, std::string message) {
            failed.errors.push_back(errorAt(offset, std::move(message)));
            return std::move(failed);
        };
        const JsonNode* file = &node;
        const JsonNode* set = nullptr;
        if (node.kind == Kind::Object) {
            if (auto failure = checkKeys(node, "run", {"scenario", "set"}))
                return fail(failure->offset, failure->message);
            file = node.member("scenario");
            if (!file)
                return fail(node.offset, "missing \"scenario\" in run (the scenario file, relative to this file)");
            set = node.member("set");
        } else if (node.kind != Kind::String) {
            return fail(node.offset,
                "expected a scenario file name or {\"scenario\": …, \"set\": {…}} for a run, found " + describe(node));
        }
        if (file->kind != Kind::String || file->text.empty()) {
            return fail(file->offset,
                "expected a scenario file name for \"scenario\", found "
                    + (file->kind == Kind::String ? std::string("\"\"") : describe(*file)));
        }
        const fs::path path = scenarioPath(file->text);
        auto loaded = set ? loadWithSettings(path, *set) : io::loadScenarioFile(path, m_options);
        if (!loaded.ok() && !loaded.errors.empty() && loaded.errors.front().where.line == 0
            && loaded.errors.front().where.file == path.string()) {
            // The scenario itself could not be opened: point at its name here.
            const LoadError opened = loaded.errors.front();
            loaded.errors.front() = errorAt(file->offset, opened.where.file + ": " + opened.message);
        }
        return loaded;
    }

    // Relative to the comparison file's folder; a name that is no file there may be a built-in example's.
    fs::path scenarioPath(const std::string& name) const
    {
        const fs::path path = (m_baseDir / name).lexically_normal();
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            if (const auto example = io::findExample(name))
                return *example;
        }
        return path;
    }

    Loaded<Scenario> loadWithSettings(const fs::path& path, const JsonNode& set) const
    {
        // The scenario as it is must be valid first: its own errors are its own file's.
        auto plain = io::loadScenarioFileWithoutInput(path, m_options.jobGraphs);
        if (!plain.ok())
            return plain;
        Loaded<Scenario> failed;
        std::string why;
        const auto scenarioText = readText(path, "scenario", why);
        if (!scenarioText) {
            failed.errors.push_back(LoadError(path.string(), 0, 0, why));
            return failed;
        }
        const auto tree = io::detail::parseJsonTree(*scenarioText);
        if (!tree.ok) {
            // It parsed a moment ago: the file changed in between.
            failed.errors.push_back(LoadError(path.string(), 0, 0, "the scenario file changed while it was read"));
            return failed;
        }
        MergedScenario merged(*scenarioText, m_text);
        if (auto failure = merged.merge(tree.root, set)) {
            failed.errors.push_back(errorAt(failure->offset, failure->message));
            return failed;
        }
        const std::string name = path.string();
        auto loaded = io::parseScenario(merged.text(), name, path.parent_path(), m_options);
        for (LoadError& e : loaded.errors) {
            if (e.where.file != name || e.where.line == 0)
                continue; // the events file's own errors, or the file as a whole
            const auto [fromSettings, offset] = merged.origin(offsetAt(merged.text(), e.where.line, e.where.column));
            const auto lc = io::detail::lineColumnAt(fromSettings ? m_text : std::string_view(*scenarioText), offset);
            e = LoadError(fromSettings ? m_fileName : name, lc.line, lc.column, std::move(e.message));
        }
        return loaded;
    }

    std::string_view m_text;
    std::string m_fileName;
    fs::path m_baseDir;
    io::LoadOptions m_options;
};

} // namespace

Loaded<Comparison> parseComparison(
    std::string_view json, const std::string& fileName, const fs::path& baseDir, const io::LoadOptions& options)
{
    return ComparisonReader(json, fileName, baseDir, options).run();
}

Loaded<Comparison> loadComparisonFile(const fs::path& path, const io::LoadOptions& options)
{
    std::string why;
    const auto text = readText(path, "comparison", why);
    if (!text) {
        Loaded<Comparison> failed;
        failed.errors.push_back(LoadError(path.string(), 0, 0, why));
        return failed;
    }
    return parseComparison(*text, path.string(), path.parent_path(), options);
}

Loaded<Comparison> loadComparisonOf(const fs::path& a, const fs::path& b, const io::LoadOptions& options)
{
    Loaded<Comparison> result;
    Comparison c;
    for (const auto& [path, out] : {std::pair {&a, &c.a}, std::pair {&b, &c.b}}) {
        auto loaded = io::loadScenarioFile(*path, options);
        if (!loaded.ok()) {
            result.errors = std::move(loaded.errors);
            return result;
        }
        *out = std::move(*loaded.value);
    }
    result.value = std::move(c);
    return result;
}

bool looksLikeComparison(std::string_view firstBytes)
{
    return firstBytes.substr(0, io::kScenarioSniffBytes).find("\"tidemarkComparison\"") != std::string_view::npos;
}

} // namespace tidemark::compare
