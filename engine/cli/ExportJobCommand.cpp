#include "engine/cli/ExportJobCommand.h"

#include "engine/cli/CommandArguments.h"
#include "engine/export/FlinkJob.h"
#include "engine/export/FlinkSqlJob.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/Suggest.h"
#include "engine/live/Endpoint.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::cli {

namespace {

constexpr const char* kUsageText
    = "usage: tidemark export-job SCENARIO --out DIR [--flink-version V] [--force] [--job-name NAME] [--sql]\n"
      "                           [--socket HOST:PORT]\n"
      "                           [--submit URL [--offline] [--polls N] [--interval-ms MS] [--timeout-ms MS]\n"
      "                            [--format text|jsonl]]\n"
      "\n"
      "Writes SCENARIO (a scenario file, or a built-in example by name) as a runnable Apache Flink job: a Maven\n"
      "project for Java 17 whose DataStream program is the scenario's pipeline (watermark strategy, idleness,\n"
      "auto-watermark interval, parallelism, keyBy or windowAll, the window assigner, trigger, evictor,\n"
      "allowed lateness, late side output and function) over the scenario's records, replayed at their\n"
      "arrival times, or over lines read from a socket (--socket). Its print() lines are what `tidemark run\n"
      "SCENARIO --format text` prints. A job graph (docs/job-graph.md) becomes the whole job: one replay per\n"
      "source with its own watermarks, its unions, windows, interval joins and process functions, each\n"
      "operator printed behind print(\"name\"). Build and run it with\n"
      "\n"
      "  cd DIR && mvn package && java -jar target/NAME.jar   # on a local MiniCluster\n"
      "  flink run DIR/target/NAME.jar                        # on a cluster: the jar carries the records\n"
      "\n"
      "The program's header and the project's README say what a real job does not reproduce (the\n"
      "interleaving of parallel watermark generators, idleness on the wall clock, an input that never ends).\n"
      "\n"
      "  --out DIR              the project's folder (created if missing)\n"
      "  --flink-version V      the Flink release to build against: 1.20 or 2.3 (the tested releases,\n"
      "                         @RELEASES@) or a release of those lines such as 1.20.1; default: the\n"
      "                         scenario's flinkVersion\n"
      "  --force                replace the project's files if DIR holds them already (other files stay)\n"
      "  --job-name NAME        the job's name on the cluster (env.execute); default: the scenario's name\n"
      "  --sql                  a Flink SQL program instead: the records as a table with a WATERMARK, and the\n"
      "                         window TVF query (TUMBLE, HOP, SESSION, CUMULATE; count, sum, min, max, avg).\n"
      "                         What SQL cannot say (allowed lateness, triggers, evictors, side outputs,\n"
      "                         list functions, idleness, the global window) is refused with the reason.\n"
      "                         A job graph becomes SQL views: unions, windows (a window over a window\n"
      "                         through window_time), interval and window joins; process functions and\n"
      "                         coGroups have no SQL form and are refused\n"
      "  --socket HOST:PORT     read lines from HOST:PORT as they are sent (socketTextStream) instead of\n"
      "                         replaying the records, each read as `tidemark run SCENARIO --socket` reads it\n"
      "                         (the scenario's events file format and fields, or csv key,ts[,value]); serve\n"
      "                         them with `nc -lk PORT`, or with `tidemark run SCENARIO --listen 9000\n"
      "                         --forward HOST:PORT` so that Tidemark and the job read the same lines\n"
      "  --help                 show this text\n"
      "\n"
      "A scenario that reads a Kafka topic (pipeline.source.kafka) becomes a job whose KafkaSource reads that\n"
      "topic, with the watermark strategy inside the source (per partition) or after it as the scenario says;\n"
      "`java -jar target/NAME.jar --produce` writes the scenario's records into the topic, each to its\n"
      "partition with its timestamp, and both take --bootstrap HOST:PORT (default localhost:9092) and\n"
      "--topic NAME.\n"
      "\n"
      "Run on a cluster: --submit URL (http://HOST:PORT, the JobManager's REST address) builds the project\n"
      "(mvn -q -B package; --offline adds -o), uploads the jar (POST /jars/upload), runs it (POST\n"
      "/jars/ID/run; main() then runs on the JobManager and reads the records packed into the jar) and\n"
      "follows the job's watermarks as `tidemark attach URL --job ID` does: --polls N (default 30),\n"
      "--interval-ms MS (default 1000), until the job ends; --timeout-ms MS bounds each request (default\n"
      "5000; the upload and the run get at least 60 s). A cluster without jar submission\n"
      "(web.submit.enable: false) is told so, with the `flink run` command that runs the jar instead. Exit\n"
      "status with --submit: 0 submitted and followed, 1 when the build, the upload, the run or the job\n"
      "failed, 2 a usage error.\n"
      "\n"
      "Exit status: 0 written, 1 the scenario cannot be loaded or said as a Flink job, or DIR cannot be\n"
      "written (the reason on stderr), 2 a usage error.\n";

} // namespace

const char* exportJobUsage()
{
    // the tested releases of the lines Tidemark follows (cmake/FlinkReleases.cmake), "1.20.5 and 2.3.0"
    static const std::string text = [] {
        std::string releases;
        for (std::size_t i = 0; i < std::size(kSupportedFlinkVersions); ++i) {
            releases += i == 0 ? "" : i + 1 == std::size(kSupportedFlinkVersions) ? " and " : ", ";
            releases += flinkjob::FlinkRelease::tested(kSupportedFlinkVersions[i]).version;
        }
        std::string usage = kUsageText;
        const auto at = usage.find("@RELEASES@");
        return usage.replace(at, std::string_view("@RELEASES@").size(), releases);
    }();
    return text.c_str();
}

namespace {

namespace fs = std::filesystem;

constexpr int kFailed = 1;
constexpr int kUsage = 2;

int usageError(std::ostream& err, const std::string& message)
{
    err << "tidemark export-job: " << message << "\n(tidemark export-job --help shows the usage)\n";
    return kUsage;
}

struct Arguments {
    std::string scenario;
    std::string out;
    std::optional<flinkjob::FlinkRelease> release;
    std::string jobName;
    std::optional<live::Endpoint> socket;
    bool force = false;
    bool help = false;
    bool sql = false;
};

std::optional<Arguments> parseArguments(const std::vector<std::string_view>& args, std::string& error)
{
    Arguments parsed;
    const auto value = [&](std::size_t& i, std::string_view name) -> std::optional<std::string_view> {
        const std::string_view a = args[i];
        if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=')
            return a.substr(name.size() + 1);
        if (i + 1 == args.size()) {
            error = std::string(name) + " needs a value";
            return std::nullopt;
        }
        return args[++i];
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--help" || a == "-h") {
            parsed.help = true;
        } else if (a == "--force") {
            parsed.force = true;
        } else if (a == "--sql") {
            parsed.sql = true;
        } else if (a == "--out" || a.starts_with("--out=")) {
            const auto v = value(i, "--out");
            if (!v)
                return std::nullopt;
            parsed.out = std::string(*v);
        } else if (a == "--socket" || a.starts_with("--socket=")) {
            const auto v = value(i, "--socket");
            if (!v)
                return std::nullopt;
            parsed.socket = live::Endpoint::parse(*v, error);
            if (!parsed.socket) {
                error = "--socket: " + error;
                return std::nullopt;
            }
        } else if (a == "--job-name" || a.starts_with("--job-name=")) {
            const auto v = value(i, "--job-name");
            if (!v)
                return std::nullopt;
            parsed.jobName = std::string(*v);
        } else if (a == "--flink-version" || a.starts_with("--flink-version=")) {
            const auto v = value(i, "--flink-version");
            if (!v)
                return std::nullopt;
            parsed.release = flinkjob::FlinkRelease::parse(*v, error);
            if (!parsed.release)
                return std::nullopt;
        } else if (a.size() > 1 && a.starts_with("-")) {
            error = "unknown option " + io::detail::quotedExcerpt(a);
            return std::nullopt;
        } else if (!parsed.scenario.empty()) {
            error = "one scenario at a time: " + io::detail::quotedExcerpt(a) + " is a second one";
            return std::nullopt;
        } else {
            parsed.scenario = std::string(a);
        }
    }
    return parsed;
}

int exportJob(
    const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err, flinkjob::JobProject* written)
{
    std::string error;
    const auto parsed = parseArguments(args, error);
    if (!parsed)
        return usageError(err, error);
    if (parsed->help) {
        out << exportJobUsage();
        return 0;
    }
    if (parsed->scenario.empty())
        return usageError(err, "name the scenario to export (a file, or a built-in example by name)");
    if (parsed->out.empty())
        return usageError(err, "--out DIR names the folder to write the project to");

    fs::path path = parsed->scenario;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        if (const auto example = io::findExample(parsed->scenario))
            path = *example;
    }
    io::LoadOptions load;
    load.jobGraphs = true; // written as a DataStream job with one replay per source
    const auto loaded = io::loadScenarioFile(path, load);
    if (!loaded) {
        err << loaded.errorText();
        return kFailed;
    }
    flinkjob::ExportOptions options;
    options.release = parsed->release;
    options.sourceName = path.filename().string();
    options.tidemarkVersion = std::string(io::version());
    options.jobName = parsed->jobName;
    if (parsed->socket)
        options.socket
            = flinkjob::SocketInput {parsed->socket->host, parsed->socket->port, io::liveLineSpec(*loaded.value)};
    const auto project = parsed->sql ? flinkjob::exportSqlJob(*loaded.value, options, error)
                                     : flinkjob::exportJob(*loaded.value, options, error);
    if (!project) {
        err << "tidemark export-job: " << path.string() << ": not exported: " << error << "\n";
        return kFailed;
    }
    const fs::path folder = parsed->out;
    if (const auto existing = flinkjob::existingFiles(*project, folder); !existing.empty() && !parsed->force) {
        err << "tidemark export-job: " << folder.string() << " holds " << existing.front()
            << (existing.size() > 1 ? " and " + std::to_string(existing.size() - 1) + " more of the project's files"
                                    : std::string())
            << " already; give --force to replace them\n";
        return kFailed;
    }
    if (!flinkjob::writeProject(*project, folder, error)) {
        err << "tidemark export-job: " << error << "\n";
        return kFailed;
    }
    out << "Wrote " << folder.string() << ": a Flink " << project->release.version << (parsed->sql ? " SQL" : "")
        << " job (" << project->mainClass << ")\n";
    for (const flinkjob::ProjectFile& f : project->files)
        out << "  " << f.path << "\n";
    out << "Build and run it on a local MiniCluster:\n  cd " << folder.string() << " && mvn package && java -jar "
        << project->jarPath() << "\n";
    if (!project->kafkaTopics.empty())
        out << "It reads " << project->topicsText()
            << " at localhost:9092 (--bootstrap HOST:PORT for another broker); java -jar " << project->jarPath()
            << " --produce writes the scenario's records into " << (project->kafkaTopics.size() == 1 ? "it" : "them")
            << ".\n";
    if (!project->caveats.empty()) {
        out << "What it does not reproduce:\n";
        for (const std::string& c : project->caveats)
            out << "  - " << c << "\n";
    }
    if (written)
        *written = *project;
    return 0;
}

} // namespace

int exportJobCommand(int argc, char** argv)
{
    return exportJobCommand(argc, argv, std::cout, std::cerr);
}

int exportJobCommand(int argc, char** argv, std::ostream& out, std::ostream& err)
{
    return exportJob(argumentsAfter("export-job", argc, argv), out, err, nullptr);
}

int exportJobCommand(
    const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err, flinkjob::JobProject* written)
{
    return exportJob(args, out, err, written);
}

} // namespace tidemark::cli
