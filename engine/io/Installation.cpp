#include "engine/io/Installation.h"

#include "engine/io/ScenarioIo.h"

#include <algorithm>
#include <fstream>
#include <system_error>

// Set by engine/io/CMakeLists.txt from project(VERSION) and GNUInstallDirs.
#ifndef TIDEMARK_VERSION
#error "TIDEMARK_VERSION must be defined by the build"
#endif
#ifndef TIDEMARK_DATA_FROM_BIN
#error "TIDEMARK_DATA_FROM_BIN (the data folder relative to the executable's) must be defined by the build"
#endif

namespace tidemark::io {

namespace fs = std::filesystem;

std::string_view version()
{
    return TIDEMARK_VERSION;
}

fs::path examplesDirectory()
{
    std::error_code ec;
    // /proc/self/exe is the executable itself, with every symbolic link on the way resolved
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path bin = ec ? fs::current_path(ec) : exe.parent_path();
    return (bin / TIDEMARK_DATA_FROM_BIN / "tidemark" / "examples").lexically_normal();
}

namespace {

// The .json files of `folder` (only the scenarios among them when `scenarios`), sorted by name.
std::vector<Example> jsonFilesIn(const fs::path& folder, bool scenarios)
{
    std::vector<Example> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (!entry.is_regular_file(ec) || entry.path().extension() != ".json")
            continue;
        if (scenarios) {
            std::ifstream file(entry.path(), std::ios::binary);
            std::string head(kScenarioSniffBytes, '\0');
            file.read(head.data(), std::streamsize(head.size()));
            head.resize(std::size_t(file.gcount()));
            if (!looksLikeScenario(head))
                continue;
        }
        out.push_back({entry.path(), entry.path().stem().string()});
    }
    std::sort(out.begin(), out.end(), [](const Example& a, const Example& b) { return a.name < b.name; });
    return out;
}

} // namespace

std::vector<Example> examples()
{
    return jsonFilesIn(examplesDirectory(), true);
}

fs::path graphExamplesDirectory()
{
    return examplesDirectory() / "graphs";
}

std::vector<Example> graphExamples()
{
    return jsonFilesIn(graphExamplesDirectory(), true);
}

namespace {

std::optional<fs::path> findByName(const std::vector<Example>& candidates, std::string_view name)
{
    std::string_view stem = name;
    if (stem.ends_with(".json"))
        stem.remove_suffix(5);
    for (const Example& e : candidates) {
        if (e.name == stem)
            return e.path;
    }
    return std::nullopt;
}

} // namespace

std::optional<fs::path> findExample(std::string_view name)
{
    if (auto chain = findByName(examples(), name))
        return chain;
    return findByName(graphExamples(), name);
}

fs::path comparisonsDirectory()
{
    return examplesDirectory() / "comparisons";
}

std::vector<Example> comparisons()
{
    return jsonFilesIn(comparisonsDirectory(), false);
}

fs::path graphComparisonsDirectory()
{
    return comparisonsDirectory() / "graphs";
}

std::vector<Example> graphComparisons()
{
    return jsonFilesIn(graphComparisonsDirectory(), false);
}

std::optional<fs::path> findComparison(std::string_view name)
{
    if (auto chains = findByName(comparisons(), name))
        return chains;
    return findByName(graphComparisons(), name);
}

} // namespace tidemark::io
