#include "engine/cli/VerifyCommand.h"

#include "engine/cli/CommandArguments.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/Suggest.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/GraphRun.h"
#include "engine/player/Player.h"
#include "engine/verify/FlinkOracle.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::cli {

const char* verifyUsage()
{
    return "usage: tidemark verify SCENARIO [--oracle-jar JAR] [--format text|jsonl]\n"
           "\n"
           "Plays SCENARIO (a scenario file, or a built-in example by name) in Tidemark and through Apache Flink's\n"
           "own classes (the Flink oracle of the scenario's Flink line: TimestampsAndWatermarksOperator,\n"
           "StatusWatermarkValve and WindowOperator, driven by the same arrivals), and says for every fire and\n"
           "late record whether Flink agrees. A job graph is played through each of its operators (interval and\n"
           "window joins, process functions, connected and broadcast streams, windows over windows), and every\n"
           "operator's output is checked. Needs Java 17.\n"
           "\n"
           "  --oracle-jar JAR       the oracle to run (default: the one installed for the scenario's Flink line,\n"
           "                         or $TIDEMARK_FLINK_ORACLE)\n"
           "  --format text|jsonl    readable lines (default), or one JSON object per output:\n"
           "                         {\"type\":\"verified\",\"agreed\":true,\"output\":{...}}, then \"flink-only\" "
           "lines\n"
           "                         and a \"summary\"\n"
           "  --help                 show this text\n"
           "\n"
           "Exit status: 0 Flink agrees with every output, 1 an output differs, 2 it cannot be checked (no Java, no\n"
           "oracle, a scenario refused, a usage error; the reason on stderr).\n";
}

namespace {

namespace fs = std::filesystem;

constexpr int kDiffers = 1;
constexpr int kCannot = 2;

int cannot(std::ostream& err, const std::string& message)
{
    err << "tidemark verify: " << message << "\n";
    return kCannot;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        if (!l.empty())
            out.push_back(l);
    }
    return out;
}

int verify(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err)
{
    std::string scenarioArg;
    std::string jarArg;
    bool jsonl = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const auto value = [&](std::string_view name) -> std::optional<std::string> {
            if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=')
                return std::string(a.substr(name.size() + 1));
            if (a == name && i + 1 < args.size())
                return std::string(args[++i]);
            return std::nullopt;
        };
        if (a == "--help" || a == "-h") {
            out << verifyUsage();
            return 0;
        } else if (a.starts_with("--oracle-jar")) {
            const auto v = value("--oracle-jar");
            if (!v)
                return cannot(err, "--oracle-jar needs the oracle's jar\n(tidemark verify --help shows the usage)");
            jarArg = *v;
        } else if (a.starts_with("--format")) {
            const auto v = value("--format");
            if (!v || (*v != "text" && *v != "jsonl"))
                return cannot(err, "--format takes text or jsonl\n(tidemark verify --help shows the usage)");
            jsonl = *v == "jsonl";
        } else if (a.size() > 1 && a.starts_with("-")) {
            return cannot(
                err, "unknown option " + io::detail::quotedExcerpt(a) + "\n(tidemark verify --help shows the usage)");
        } else if (!scenarioArg.empty()) {
            return cannot(err, "one scenario at a time\n(tidemark verify --help shows the usage)");
        } else {
            scenarioArg = std::string(a);
        }
    }
    if (scenarioArg.empty())
        return cannot(err,
            "name the scenario to verify (a file, or a built-in example by name)\n(tidemark verify "
            "--help shows the usage)");

    fs::path path = scenarioArg;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        if (const auto example = io::findExample(scenarioArg))
            path = *example;
    }
    io::LoadOptions options;
    options.jobGraphs = true;
    const auto loaded = io::loadScenarioFile(path, options);
    if (!loaded) {
        err << loaded.errorText();
        return kCannot;
    }
    const FlinkVersion line = loaded.value->pipeline.flinkVersion;
    const bool graph = loaded.value->graph.has_value();

    // The JSON lines are compared; the text lines (the same outputs in the same order) are what people read.
    output::OutputLines ours;
    try {
        if (graph) {
            const GraphRun run(*loaded.value);
            ours = output::graphOutputLines(run, *loaded.value);
        } else {
            const Player player(*loaded.value);
            ours = output::outputLines(player.trace(), player.scenario());
        }
    } catch (const std::exception& e) { // the run is refused up front, as `tidemark run` refuses it
        return cannot(err, path.string() + ": " + e.what());
    }

    const auto java = verify::findJava();
    if (!java)
        return cannot(err, verify::javaMissingMessage());
    fs::path jar = jarArg;
    if (jar.empty()) {
        const char* env = std::getenv("TIDEMARK_FLINK_ORACLE");
        jar = env && *env ? fs::path(env) : verify::installedOracleJar(line);
    }
    if (!fs::is_regular_file(jar, ec))
        return cannot(err,
            "no Flink " + line.name() + " oracle at " + jar.string()
                + ": Tidemark built with -DTIDEMARK_ORACLE=ON installs it there (so does its Debian package); or "
                  "build it with `mvn -f tests/flink-oracle/pom.xml package"
                + (line.major >= 2 ? " -Pflink-2" : "") + "` and give its jar with --oracle-jar");

    // The release the jar runs, for the summary: the jar given may be of another line than the scenario's.
    const verify::ProcessResult version
        = verify::runProcess({java->string(), "-jar", jar.string(), "--version"}, std::chrono::minutes(1));
    std::string flinkName = "Flink " + line.name();
    if (version.exitCode == 0 && version.out.starts_with("flink ")) {
        flinkName = "Flink " + version.out.substr(6);
        while (!flinkName.empty() && (flinkName.back() == '\n' || flinkName.back() == '\r'))
            flinkName.pop_back();
    }
    // A graph is played by the oracle's --graph, which wires Flink's operators in their test harnesses as the graph
    // says and prints every operator's outputs as `tidemark run` prints a graph's.
    std::vector<std::string> command {java->string(), "-jar", jar.string(), path.string()};
    if (graph)
        command.insert(command.end() - 1, "--graph");
    const verify::ProcessResult flink = verify::runProcess(command, std::chrono::minutes(5));
    if (!flink.started)
        return cannot(err, flink.error);
    if (flink.timedOut)
        return cannot(err, "Flink did not finish within 5 minutes");
    const std::vector<std::string> theirs = lines(flink.out);
    if (flink.exitCode != 0
        || std::any_of(theirs.begin(), theirs.end(), [](const std::string& l) { return l.starts_with("#ERROR"); })) {
        std::string why = flink.err.empty() ? flink.out : flink.err;
        while (!why.empty() && why.back() == '\n')
            why.pop_back();
        return cannot(err, "Flink refused the scenario: " + why);
    }

    const verify::OutputAgreement a = verify::compareOutputs(ours.json, theirs);
    const std::vector<std::string>& outputs = ours.json;
    const std::vector<std::string>& readable = ours.text;
    std::string summary;
    if (outputs.empty() && a.flinkOnly.empty())
        summary = flinkName + " agrees: neither Tidemark nor Flink outputs anything for this scenario";
    else if (a.complete())
        summary = flinkName
            + (outputs.size() == 1 ? " agrees with the one output"
                                   : " agrees with all " + std::to_string(outputs.size()) + " outputs");
    else
        summary = flinkName + " agrees with " + std::to_string(a.agreedCount()) + " of "
            + std::to_string(outputs.size()) + " outputs"
            + (a.flinkOnly.empty() ? "" : "; " + std::to_string(a.flinkOnly.size()) + " only in Flink");
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        if (jsonl)
            out << "{\"type\":\"verified\",\"agreed\":" << (a.agreed[i] ? "true" : "false")
                << ",\"output\":" << outputs[i] << "}\n";
        else
            out << (a.agreed[i] ? "agreed   " : "DIFFERS  ") << readable[i] << "\n";
    }
    for (const std::string& l : a.flinkOnly) {
        if (jsonl)
            out << "{\"type\":\"flink-only\",\"output\":" << l << "}\n";
        else
            out << "only in Flink: " << l << "\n";
    }
    if (jsonl)
        out << "{\"type\":\"summary\",\"flink\":\"" << flinkName.substr(6) << "\",\"outputs\":" << outputs.size()
            << ",\"agreed\":" << a.agreedCount() << ",\"flinkOnly\":" << a.flinkOnly.size() << "}\n";
    else
        out << summary << "\n";
    out << std::flush;
    return a.complete() ? 0 : kDiffers;
}

} // namespace

int verifyCommand(int argc, char** argv)
{
    return verifyCommand(argc, argv, std::cout, std::cerr);
}

int verifyCommand(int argc, char** argv, std::ostream& out, std::ostream& err)
{
    return verify(argumentsAfter("verify", argc, argv), out, err);
}

} // namespace tidemark::cli
