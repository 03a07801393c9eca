#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/InputFileSpec.h"
#include "engine/core/Scenario.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob {

// A scenario written as a runnable Flink job: a Maven project whose DataStream program is the scenario's
// pipeline, and whose print() lines are what Tidemark's Output dock shows (docs/flink.md). Plain C++, so that
// `tidemark export-job` and File ▸ Export ▸ Flink Job… write the same files.

// A Flink release to build against: the line Tidemark follows for it and the Maven version.
struct FlinkRelease {
    FlinkVersion line;
    std::string version; // "1.20.5"

    // The release a line is built and tested against by default (the oracle's, tests/flink-oracle/pom.xml).
    static FlinkRelease tested(FlinkVersion line);
    // "1.20", "2.3" (the tested release of that line) or a full release of a line Tidemark follows, "1.20.1";
    // nullopt with the reason in `error` otherwise.
    static std::optional<FlinkRelease> parse(std::string_view text, std::string& error);
};

// One file of the project, its path relative to the project's folder.
struct ProjectFile {
    std::string path;
    std::string content;
};

struct JobProject {
    std::string artifactId; // "post000-parallelism3"
    std::string mainClass; // "tidemark.jobs.Post000Parallelism3Job"
    std::string jobName; // the name env.execute gives the job on a cluster
    FlinkRelease release;
    std::vector<ProjectFile> files; // pom.xml, README.md, data/events.csv, the program
    // Where this job's output can differ from Tidemark's, one sentence each (also in the program's header).
    std::vector<std::string> caveats;
    // The Kafka topics a job's KafkaSources read (and `java -jar … --produce` writes the records into): a chain's
    // one, a graph's one per source that reads a topic; empty for a job that replays its records or reads a socket.
    std::vector<std::string> kafkaTopics;
    // "topic clicks", "topics clicks and views", for a sentence about them.
    std::string topicsText() const;

    // target/<artifactId>.jar, which `java -jar` and `flink run` take.
    std::string jarPath() const { return "target/" + artifactId + ".jar"; }
};

// A live source instead of the records: the job reads lines from host:port with socketTextStream, each read as
// `lines` says (the scenario's events file, or the typed-line default of a live run, io::liveLineSpec).
struct SocketInput {
    std::string host;
    int port = 0;
    InputFileSpec lines;
};

struct ExportOptions {
    std::optional<FlinkRelease> release; // default: the tested release of the scenario's line
    std::string sourceName; // what the header says it was exported from: "post000-parallelism3.json"
    std::string artifactId; // the project's name; default: from sourceName (artifactIdFor)
    std::string tidemarkVersion;
    std::string jobName; // the name env.execute gives the job; default: the scenario's name, else artifactId
    std::optional<SocketInput> socket; // read a socket instead of replaying the records
};

// The project, or nullopt with the reason in `refusal` when no DataStream program says the scenario as Tidemark
// runs it (a composite key, watermarks carried in the data, a trigger the assigner's windows cannot take, …).
std::optional<JobProject> exportJob(const Scenario& scenario, const ExportOptions& options, std::string& refusal);

// The project's files that already exist in `folder` (paths relative to it): what writing would replace.
std::vector<std::string> existingFiles(const JobProject& project, const std::filesystem::path& folder);
// Writes the project's files into `folder`, creating it and its subfolders; false with the reason (the path and
// what the system said) in `error`. Files of the folder that are not the project's stay as they are.
bool writeProject(const JobProject& project, const std::filesystem::path& folder, std::string& error);

// What the DataStream and the SQL program share (FlinkSqlJob.cpp): the Replay source of data/events.csv, the Event
// POJO and number(), which prints a number as Tidemark does; with the imports they need.
struct ReplayClasses {
    std::vector<std::string> imports;
    std::string java;
};
ReplayClasses replayClasses(const Scenario& scenario, const JobProject& project, const ExportOptions& options);
// The Java method `static List<String> fields(String line)` of a nested class: the fields of a CSV line between
// `delimiter`s, a field in double quotes holding delimiters and "" for a quote; with `refuseOpenQuote`, a quote
// left open is an IllegalArgumentException. The records file of a replay and a socket's CSV lines are read with it.
std::string csvFieldsMethod(char delimiter, bool refuseOpenQuote);
// A Java string literal, and `text` as comment lines of at most 112 characters behind `prefix`.
std::string javaStringLiteral(std::string_view text);
std::string commentLines(std::string_view text, std::string_view prefix);
// The program header's first lines (the title, or `untitled` for a scenario without a name, then its description)
// and its last (what the job does not reproduce), shared by the DataStream and the SQL program.
std::string headerTitle(const Scenario& scenario, std::string_view untitled, std::string_view titleSuffix);
std::string headerCaveats(const std::vector<std::string>& caveats);

// "post000-parallelism3" from "…/post000-parallelism3.json": lower case letters, digits and dashes.
std::string artifactIdFor(std::string_view sourceName);

} // namespace tidemark::flinkjob
