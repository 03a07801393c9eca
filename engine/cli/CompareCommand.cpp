#include "engine/cli/CompareCommand.h"

#include "engine/cli/CommandArguments.h"
#include "engine/cli/CompareFormat.h"
#include "engine/compare/ComparisonIo.h"
#include "engine/compare/RunDifferences.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/Suggest.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/player/GraphRun.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tidemark::cli {

const char* compareUsage()
{
    return "usage: tidemark compare A.json B.json [--format text|jsonl]\n"
           "       tidemark compare COMPARISON.json [--format text|jsonl]\n"
           "       tidemark compare NAME [--format text|jsonl]\n"
           "       tidemark compare --list\n"
           "\n"
           "Plays the same events under two pipelines, A and B, to their end and prints what differs between\n"
           "their outputs, in the order it happens: a window that fires on another record or at another time\n"
           "(fire moved), a firing only one run makes (e.g. a late re-fire with allowed lateness), a window whose\n"
           "result or element count differs, a record that is late (dropped or side output) in one run only, or\n"
           "dropped in one and side output in the other. Fires are matched by key, window and how often the\n"
           "window fired before, whatever subtask runs them; late records by their place in the input.\n"
           "\n"
           "A and B are scenario files, or built-in examples by name (tidemark run --list-examples); two job\n"
           "graphs compare operator by operator, each output matched in the operator of the same name. A\n"
           "comparison file names both, each a scenario with settings changed (docs/compare.md); NAME is a\n"
           "built-in comparison (tidemark compare --list), such as post000-parallelism.\n"
           "Both runs must read the same events; they are refused otherwise.\n"
           "\n"
           "Output: a line for each run first (\"A: parallelism 1\"), then one line per difference.\n"
           "  --format text|jsonl   readable lines (default), or one JSON object per line: {\"type\":\"runs\",...}\n"
           "                        first, then {\"type\":\"fire-moved\",...}, \"result-differs\", \"fire-only\",\n"
           "                        \"late-only\", \"late-action\"; each names the step and processing time in A\n"
           "                        and B where it shows\n"
           "\n"
           "Exit status: 0 the outputs do not differ, 1 they differ, 2 a usage error or input that cannot be\n"
           "compared (file:line:column: message on stderr).\n"
           "\n"
           "  --list                list the built-in comparisons and where they are installed\n"
           "  --version             print the version\n"
           "  --help                show this text\n";
}

namespace {

namespace fs = std::filesystem;

constexpr int kDiffer = 1;
constexpr int kTrouble = 2;

int usageError(std::ostream& err, const std::string& message)
{
    err << "tidemark compare: " << message << "\n(tidemark compare --help shows the usage)\n";
    return kTrouble;
}

struct CompareArguments {
    std::vector<std::string> files;
    bool jsonl = false;
    bool help = false;
    bool version = false;
    bool list = false;
};

// The arguments, or the usage error in `error`.
std::optional<CompareArguments> parseArguments(const std::vector<std::string_view>& args, std::string& error)
{
    CompareArguments parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--help" || a == "-h") {
            parsed.help = true;
        } else if (a == "--version") {
            parsed.version = true;
        } else if (a == "--list") {
            parsed.list = true;
        } else if (a == "--format" || a.starts_with("--format=")) {
            std::string_view value;
            if (a == "--format") {
                if (i + 1 == args.size()) {
                    error = "--format needs a value: text or jsonl";
                    return std::nullopt;
                }
                value = args[++i];
            } else {
                value = a.substr(9);
            }
            if (value != "text" && value != "jsonl") {
                error = "unknown format " + io::detail::quotedExcerpt(value) + ": expected text or jsonl";
                return std::nullopt;
            }
            parsed.jsonl = value == "jsonl";
        } else if (a.size() > 1 && a.starts_with("-")) {
            error = "unknown option " + io::detail::quotedExcerpt(a);
            return std::nullopt;
        } else {
            parsed.files.emplace_back(a);
        }
    }
    return parsed;
}

bool isFile(const std::string& path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

// The first bytes of a file, to tell a comparison from a scenario.
std::string head(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    std::string text(io::kScenarioSniffBytes, '\0');
    file.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(std::max<std::streamsize>(0, file.gcount())));
    return text;
}

// A scenario named on the command line: a file, else a built-in example of that name.
std::string scenarioPath(const std::string& name)
{
    std::error_code ec;
    if (!fs::exists(name, ec)) {
        if (const auto example = io::findExample(name))
            return example->string();
    }
    return name;
}

// Comparison files may name job graphs: two graphs compare as two chains do.
io::LoadOptions comparisonOptions()
{
    io::LoadOptions options;
    options.jobGraphs = true;
    return options;
}

int listComparisons(std::ostream& out, std::ostream& err)
{
    const auto comparisons = io::comparisons();
    const auto graphs = io::graphComparisons();
    if (comparisons.empty()) {
        err << "tidemark compare: no built-in comparisons in " << io::comparisonsDirectory().string()
            << " (is Tidemark installed completely?)\n";
        return kTrouble;
    }
    std::size_t width = 0;
    for (const auto* list : {&comparisons, &graphs}) {
        for (const auto& c : *list)
            width = std::max(width, c.name.size());
    }
    const auto print = [&](const std::vector<io::Example>& list) {
        for (const auto& c : list) {
            const auto loaded = compare::loadComparisonFile(c.path, comparisonOptions());
            out << c.name << std::string(width + 3 - c.name.size(), ' ') << (loaded.ok() ? loaded.value->name : "")
                << "\n";
        }
    };
    print(comparisons);
    if (!graphs.empty()) {
        out << "\nJob graphs (docs/compare.md → Job graphs):\n";
        print(graphs);
    }
    out << "\n(" << io::comparisonsDirectory().string() << ")\n";
    return 0;
}

// The comparison the files name, or the messages that say why there is none (usage errors are marked).
struct Resolved {
    std::optional<compare::Comparison> comparison;
    std::string usage; // a usage error
    std::string errors; // load errors, one a line
};

Resolved resolve(const std::vector<std::string>& files)
{
    Resolved r;
    const auto loaded = [&r](io::Loaded<compare::Comparison> l) {
        if (l.ok())
            r.comparison = std::move(*l.value);
        else
            r.errors = l.errorText();
        return std::move(r);
    };
    if (files.size() == 2) {
        std::vector<std::string> paths;
        for (const std::string& f : files) {
            paths.push_back(scenarioPath(f));
            if (isFile(paths.back()) && compare::looksLikeComparison(head(paths.back()))) {
                r.usage = f + " is a comparison file: give it alone (tidemark compare " + f + ")";
                return r;
            }
        }
        return loaded(compare::loadComparisonOf(paths[0], paths[1], comparisonOptions()));
    }
    const std::string& name = files.front();
    const std::string alone = ": name a second scenario to compare it with (tidemark compare A.json B.json), or a "
                              "comparison file";
    if (isFile(name)) {
        const std::string text = head(name);
        if (!compare::looksLikeComparison(text) && io::looksLikeScenario(text)) {
            r.usage = name + " is a scenario" + alone;
            return r;
        }
        return loaded(compare::loadComparisonFile(name, comparisonOptions()));
    }
    if (const auto builtIn = io::findComparison(name))
        return loaded(compare::loadComparisonFile(*builtIn, comparisonOptions()));
    if (io::findExample(name)) {
        r.usage = name + " is a built-in example" + alone;
        return r;
    }
    std::error_code ec;
    if (fs::exists(name, ec)) {
        r.usage = name + " is not a file";
        return r;
    }
    r.usage = "no file or built-in comparison " + io::detail::quotedExcerpt(name)
        + " (tidemark compare --list lists the built-in ones)";
    return r;
}

// Two job graphs over the same events: each run to its end, then where their outputs differ, each side quoted as
// `tidemark run` prints it.
int compareGraphs(const compare::Comparison& c, bool jsonl, std::ostream& out, std::ostream& err)
{
    if (const auto differ = compare::eventsDiffer(c.a, c.b)) {
        err << "tidemark compare: " << *differ << "\n";
        return kTrouble;
    }
    std::string text;
    try {
        const GraphRun a(c.a);
        const GraphRun b(c.b);
        const output::OutputLines linesA = output::graphOutputLines(a, c.a);
        const output::OutputLines linesB = output::graphOutputLines(b, c.b);
        const std::vector<compare::GraphDifference> differences = compare::compareGraphRuns(a, b);
        const compare::RunLabels labels = compare::describeDifference(c.a, c.b);
        text = (jsonl ? runsJson(labels) : runsText(labels)) + "\n";
        for (const compare::GraphDifference& d : differences) {
            text += (jsonl ? graphDifferenceJson(d, linesA.json, linesB.json)
                           : graphDifferenceText(d, linesA.text, linesB.text))
                + "\n";
        }
        if (differences.empty() && !jsonl)
            text += "no differences\n";
        out << text << std::flush;
        return differences.empty() ? 0 : kDiffer;
    } catch (const std::exception& e) { // a job that fails as Flink's would (RunLimits)
        err << "tidemark compare: " << e.what() << "\n";
        return kTrouble;
    }
}

int compare(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    std::string error;
    const auto parsed = parseArguments(args, error);
    if (!parsed)
        return usageError(err, error);
    if (parsed->help) {
        out << compareUsage();
        return 0;
    }
    if (parsed->version) {
        out << "Tidemark " << io::version() << "\n";
        return 0;
    }
    if (parsed->list)
        return listComparisons(out, err);
    if (parsed->files.empty() || parsed->files.size() > 2) {
        return usageError(err,
            parsed->files.empty() ? "nothing to compare: name two scenarios, a comparison file or a built-in comparison"
                                  : "too many files: name two scenarios, or one comparison");
    }

    Resolved resolved = resolve(parsed->files);
    if (!resolved.usage.empty())
        return usageError(err, resolved.usage);
    if (!resolved.comparison) {
        err << resolved.errors;
        return kTrouble;
    }
    const compare::Comparison& c = *resolved.comparison;
    if (c.a.graph || c.b.graph)
        return compareGraphs(c, parsed->jsonl, out, err);
    const auto differences = compare::playAndCompare(c, error);
    if (!differences) {
        err << "tidemark compare: " << error << "\n";
        return kTrouble;
    }
    const compare::RunLabels labels = compare::describeDifference(c.a, c.b);
    std::string text = (parsed->jsonl ? runsJson(labels) : runsText(labels)) + "\n";
    for (const compare::Difference& d : *differences)
        text += (parsed->jsonl ? differenceJson(d) : differenceText(d, c.a, c.b)) + "\n";
    if (differences->empty() && !parsed->jsonl)
        text += "no differences\n";
    out << text << std::flush;
    return differences->empty() ? 0 : kDiffer;
}

} // namespace

int compareCommand(int argc, char** argv)
{
    return compareCommand(argc, argv, std::cout, std::cerr);
}

int compareCommand(int argc, char** argv, std::ostream& out, std::ostream& err)
{
    return compare(argumentsAfter("compare", argc, argv), out, err);
}

} // namespace tidemark::cli
