#include "engine/export/FlinkJob.h"

#include "engine/export/GraphJob.h"

#include "engine/export/JobProgram.h"
#include "engine/export/JobTemplates.h"
#include "engine/export/JobText.h"
#include "engine/export/LineReader.h"
#include "engine/export/TestedReleases.h"

#include "engine/core/NumberText.h"
#include "engine/io/ScenarioIo.h"
#include "engine/player/EventQueue.h"
#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/runtime/Partitioners.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>

namespace tidemark::flinkjob {

using Strategy = WatermarkConfig::Strategy;
using TriggerType = TriggerSpec::Type;
using AssignerType = AssignerSpec::Type;
using Partitioning = WatermarkConfig::Partitioning;

namespace detail {

std::optional<std::string> watermarkRefusal(const WatermarkConfig& wm)
{
    if (wm.strategy == Strategy::LegacyBoundedOutOfOrderness && wm.emission == WatermarkConfig::Emission::PerEvent)
        return std::string("the legacy BoundedOutOfOrdernessTimestampExtractor emits only periodically: per-event "
                           "emission needs the strategy \"bounded-out-of-orderness\"");
    if (wm.strategy == Strategy::LegacyBoundedOutOfOrderness && wm.idlenessMs > 0)
        return std::string("the legacy BoundedOutOfOrdernessTimestampExtractor has no withIdleness: idleness needs the "
                           "strategy \"bounded-out-of-orderness\"");
    return std::nullopt;
}

std::optional<std::string> windowRefusal(const WindowConfig& w, const FlinkRelease& release)
{
    if (w.assigner.type == AssignerType::Cumulate)
        return std::string("cumulate windows are Flink SQL's CUMULATE window, which no DataStream assigner has: export "
                           "the scenario as a SQL job (--sql)");
    const bool global = w.assigner.type == AssignerType::Global;
    switch (w.trigger.type) {
    case TriggerType::EventTime:
    case TriggerType::ProcessingTime:
    case TriggerType::ContinuousEventTime:
        if (global)
            return std::string("an event-time or processing-time trigger needs time windows, not the global window");
        break;
    case TriggerType::Never:
    case TriggerType::EndOfStream:
        if (!global)
            return std::string("the \"never\" and \"end-of-stream\" triggers are the global window's own");
        if (w.purging)
            return std::string("a purging trigger over the global window's own trigger is not exported");
        break;
    case TriggerType::Default:
        if (global && w.purging)
            return std::string("a purging trigger over the global window's own trigger is not exported");
        break;
    case TriggerType::Count:
        break;
    }
    PipelineConfig asBuilt;
    asBuilt.window = w;
    asBuilt.flinkVersion = release.line;
    return refusedByFlinkVersion(asBuilt);
}

} // namespace detail

namespace {

using namespace detail;

std::string className(const std::string& artifactId)
{
    std::string name;
    bool upper = true;
    for (const char c : artifactId) {
        if (c == '-') {
            upper = true;
            continue;
        }
        name += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
        name = "Tidemark" + name;
    return name + "Job";
}

std::optional<std::string> socketRefusal(const Scenario& s, const SocketInput& socket)
{
    const WatermarkConfig& wm = s.pipeline.watermarks;
    if (socket.host.empty() || socket.port <= 0 || socket.port > 65535)
        return "a socket needs a host and a port from 1 to 65535, found \"" + socket.host + ":"
            + std::to_string(socket.port) + "\"";
    if (socket.lines.key.size() > 1)
        return "record keys of " + std::to_string(socket.lines.key.size())
            + " fields are not exported yet: key the events by one field";
    if (wm.strategy == Strategy::Input)
        return std::string(
            "the strategy \"input\" takes its watermarks from the data, which a job reading lines from a "
            "socket cannot put between its records");
    if (wm.partitioning == Partitioning::Channel)
        return std::string(
            "the partitioning \"channel\" sends each record to the channel it names; a socket is read by "
            "one source subtask, which a job spreads over the generators with rebalance()");
    if (wm.partitioning == Partitioning::Forward && wm.parallelism > 1)
        return std::string("the partitioning \"forward\" needs as many source subtasks as generators, and a socket is "
                           "read by one source subtask");
    return std::nullopt;
}

// What no DataStream program can say as Tidemark runs it, or nullopt.
std::optional<std::string> refusal(const Scenario& s, const FlinkRelease& release, const ExportOptions& options)
{
    const PipelineConfig& p = s.pipeline;
    const WindowConfig& w = p.window;
    const WatermarkConfig& wm = p.watermarks;
    if (p.kafka && options.socket)
        return "the scenario reads Kafka topic \"" + p.kafka->topic
            + "\", and its job reads that topic with a KafkaSource (leave out --socket)";
    if (options.socket) {
        if (auto why = socketRefusal(s, *options.socket))
            return why;
    }
    // a socket job reads its own records; the scenario's are only Tidemark's
    const std::size_t replayed = options.socket ? 0 : s.records.size();
    for (const InputRecord& r : std::span(s.records).first(replayed)) {
        if (r.isWatermark())
            return std::string("the input carries watermark records, which a DataStream source cannot put between its "
                               "records (export a scenario whose watermarks come from its generators)");
        if (r.key != kNoKey && s.keys.fields(r.key).size() > 1)
            return "record keys of " + std::to_string(s.keys.fields(r.key).size())
                + " fields are not exported yet: key the events by one field";
    }
    if (s.records.empty() && !options.socket)
        return std::string("the scenario has no records to replay");
    if (auto why = watermarkRefusal(wm))
        return why;
    if (auto why = windowRefusal(w, release))
        return why;
    PipelineConfig asBuilt = p;
    asBuilt.flinkVersion = release.line;
    if (auto refused = refusedByFlinkVersion(asBuilt))
        return refused;
    return std::nullopt;
}

std::string eventsCsv(const Scenario& s, const std::vector<Replayed>& order)
{
    std::string csv = "arrival,channel,key,timestamp,value\n";
    for (const Replayed& r : order) {
        csv += std::to_string(r.arrival) + "," + std::to_string(r.channel) + ","
            + (r.record->key == kNoKey ? std::string() : csvField(s.keys.name(r.record->key))) + ","
            + std::to_string(r.record->ts) + "," + (r.record->hasValue ? formatNumber(r.record->value) : "") + "\n";
    }
    return csv;
}

// What --produce writes into the topic, in the order the records arrive (so each partition's in offset order).
std::string recordsCsv(const Scenario& s, const std::vector<Replayed>& order)
{
    std::string csv = "partition,key,timestamp,value\n";
    for (const Replayed& r : order) {
        csv += std::to_string(r.record->partition) + ","
            + (r.record->key == kNoKey ? std::string() : csvField(s.keys.name(r.record->key))) + ","
            + std::to_string(r.record->ts) + "," + (r.record->hasValue ? formatNumber(r.record->value) : "") + "\n";
    }
    return csv;
}

const TestedRelease& testedRelease(FlinkVersion line)
{
    for (const TestedRelease& r : kTestedReleases) {
        if (r.line == line)
            return r;
    }
    // every line Tidemark follows has a tested release (cmake/FlinkReleases.cmake)
    throw std::logic_error("no tested release of Flink " + line.name());
}

// The release of flink-connector-kafka built for a Flink line (cmake/FlinkReleases.cmake).
std::string kafkaConnectorVersion(const FlinkRelease& release)
{
    return std::string(testedRelease(release.line).kafkaConnector);
}

// The Java program, assembled from the parts the scenario uses.

std::vector<std::string> caveats(const Scenario& s, const std::vector<Replayed>& order, const ExportOptions& options)
{
    const PipelineConfig& p = s.pipeline;
    std::vector<std::string> c;
    if (options.socket) {
        c.push_back(
            "The lines arrive when they are sent, on this job's wall clock as in Tidemark's live run: whether a "
            "periodic emission falls between two lines, and how the generators interleave, is each side's own "
            "timing. Compare the fires as a set.");
        if (p.watermarks.parallelism > 1 && p.watermarks.partitioning == Partitioning::Rebalance)
            c.push_back("rebalance() starts its round robin at a random generator, Tidemark's at firstChannel ("
                + std::to_string(p.watermarks.firstChannel) + ").");
        if (p.endOfInput == EndOfInput::None)
            c.push_back("When the peer closes the connection the source ends, and Flink's end-of-input watermark fires "
                        "every window still open; the scenario's input never ends (endOfInput \"none\"), so Tidemark "
                        "fires none of them. Set endOfInput to \"max-watermark\" to see the same in Tidemark.");
    }
    // a job reading a topic reads it at the broker's pace, not at the scenario's arrival times
    const bool replays = !options.socket && !p.kafka;
    if (p.kafka) {
        c.push_back("The records come as fast as the broker serves them, not at the scenario's arrival times: when a "
                    "periodic emission falls between two of them, and how the partitions and readers interleave, is "
                    "this job's timing. Compare its fires as a set with those of `"
            + tidemarkKafkaRun(s, "SCENARIO", "BOOTSTRAP") + "`, which reads the same topic.");
    }
    if (p.watermarks.parallelism > 1 && replays) {
        c.push_back("The interleaving of " + std::to_string(p.watermarks.parallelism)
            + " parallel watermark generators: each record reaches the generator Tidemark sends it to, but when each "
              "generator's periodic emission runs, and in which order the window operator hears from them, is this "
              "job's wall clock and network. Compare its fires with Tidemark's as a set, not line by line.");
    } else if (p.window.subtasks() > 1 && !p.kafka) {
        c.push_back("The order of lines between print subtasks: the " + std::to_string(p.window.subtasks())
            + " subtasks print from threads of their own, so lines of different subtasks may come in another order "
              "than Tidemark's; each subtask's lines keep theirs.");
    }
    if (p.endOfInput == EndOfInput::None && p.kafka)
        c.push_back("The topic is read without end, as the scenario's input never ends: the job keeps running after "
                    "the last record, and windows still open then never fire. Stop it with Ctrl+C (or flink cancel).");
    else if (p.endOfInput == EndOfInput::Drain && p.kafka)
        c.push_back("The scenario stops the job with a drain when its input ends (endOfInput \"drain\"): every reader "
                    "ends then, and the final watermark fires what is still open. This job reads the topic without "
                    "end: on a cluster stop it the same way, with flink stop --drain JOB_ID, once it has read the "
                    "records; Ctrl+C (or flink cancel) stops it without the final watermark.");
    else if (p.endOfInput == EndOfInput::None && !options.socket)
        c.push_back("The input never ends, as in the scenario: the job keeps running after the last record, as a job "
                    "reading a topic does, and windows still open then never fire. Stop it with Ctrl+C (or flink "
                    "cancel).");
    if (p.watermarks.idlenessMs > 0)
        c.push_back("Idleness (" + std::to_string(p.watermarks.idlenessMs)
            + " ms) runs on the job's wall clock: a generator that hears nothing for that long turns idle at a "
              "periodic "
              "emission a few milliseconds away from Tidemark's.");
    if (p.window.usesProcessingTime())
        c.push_back(kProcessingTimeWindowsCaveat);
    if (p.watermarks.emission == WatermarkConfig::Emission::Periodic && replays) {
        for (std::size_t k = 1; k < order.size(); ++k) {
            const DurationMs gap = order[k].arrival - order[k - 1].arrival;
            if (gap < p.watermarks.periodMs) {
                c.push_back("Records that arrive less than " + std::to_string(p.watermarks.periodMs)
                    + " ms apart (the first at " + std::to_string(order[k].arrival)
                    + " ms): whether a periodic emission falls between them is this job's timing.");
                break;
            }
        }
    }
    return c;
}

// The project's pom. `packedFile` (a file of data/) rides in the jar: the records a replay job replays, or those
// --produce writes; a job reading a topic needs the Kafka connector.
std::string pomXml(const JobProject& project, std::string_view packedFile, bool kafka)
{
    const std::string records = packedFile.empty()
        ? std::string()
        : filledTemplate("pom-packed-records.xml",
            {{"PACKED_FILE", packedFile},
                {"PACKED_WHY",
                    kafka ? "the job's produce option, run outside the project,\n"
                            "             writes the records from there."
                          : "a cluster that runs main() itself (a job submitted\n"
                            "             through the REST API) reads the records from there."}});
    const std::string connector = kafka
        ? filledTemplate("pom-kafka-dependencies.xml", {{"KAFKA_CONNECTOR", kafkaConnectorVersion(project.release)}})
        : std::string();
    return filledTemplate("pom.xml",
        {{"ARTIFACT_ID", project.artifactId}, {"FLINK_VERSION", project.release.version},
            {"KAFKA_DEPENDENCIES", connector}, {"PACKED_RECORDS", records}, {"MAIN_CLASS", project.mainClass}});
}

std::string readme(
    const Scenario& s, const JobProject& project, const ExportOptions& options, const std::vector<Replayed>& order)
{
    const auto paragraph
        = [](std::string_view name, std::initializer_list<std::pair<std::string_view, std::string_view>> values = {}) {
              return wrapped(filledTemplate(name, values), "");
          };
    const std::string jar = project.jarPath();
    const std::string source = options.sourceName.empty() ? std::string("SCENARIO") : options.sourceName;
    std::string run;
    std::string input;
    if (s.pipeline.kafka) {
        run = filledTemplate("README-run-kafka.md", {{"JAR", jar}, {"TOPIC", s.pipeline.kafka->topic}});
        input = wrapped(detail::kafkaInput(s, project, options, order), "") + "\n"
            + paragraph("README-input-kafka.txt", {{"RUN", tidemarkKafkaRun(s, source, "localhost:9092")}});
    } else if (options.socket) {
        const std::string at = options.socket->host + ":" + std::to_string(options.socket->port);
        run = filledTemplate("README-run-socket.md",
            {{"PORT", std::to_string(options.socket->port)}, {"SOURCE", source}, {"AT", at}, {"JAR", jar}});
        input = paragraph(
            "README-input-socket.txt", {{"AT", at}, {"LINES", LineReader(options.socket->lines).description()}});
    } else if (s.graph && readsKafka(s)) {
        std::string topics;
        for (const GraphSource& src : s.graph->sources) {
            if (src.kafka)
                topics += (topics.empty() ? "" : ", ") + src.kafka->topic;
        }
        run = filledTemplate("README-run-graph-kafka.md", {{"JAR", jar}, {"TOPICS", topics}});
        std::string text = graphInput(s, project, options); // "each source …", or "data/events.csv …"
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
        input = wrapped(text, "");
    } else {
        run = filledTemplate("README-run-replay.md", {{"JAR", jar}});
        input = paragraph(s.graph ? "README-input-graph.txt" : "README-input-replay.txt");
    }
    std::string caveats;
    if (!project.caveats.empty()) {
        caveats = filledTemplate("README-caveats.md");
        for (const std::string& c : project.caveats)
            caveats += "-" + wrapped(c, "  ").substr(1);
    }
    const std::string from = options.sourceName.empty() ? "" : " from `" + options.sourceName + "`";
    const std::string sameLines = options.sourceName.empty()
        ? "."
        : ": `tidemark run " + options.sourceName + " --format text` prints the same lines, each followed by "
            + (s.graph ? "its window or its timestamp, and the operator's watermark."
                       : "the window, its timing and the watermark.");
    return filledTemplate("README.md",
        {{"TITLE", s.name.empty() ? project.artifactId : s.name},
            {"INTRO",
                paragraph("README-intro.txt",
                    {{"VERSION", options.tidemarkVersion}, {"FROM", from},
                        {"PROGRAM", project.files.back().path}, // the program, written just before
                        {"FLINK_VERSION", project.release.version}})},
            {"JAR", jar}, {"RUN", run},
            {"PRINTS",
                paragraph(s.graph ? "README-prints-graph.txt" : "README-prints.txt", {{"SAME_LINES", sameLines}})},
            {"INPUT", input}, {"CAVEATS", caveats}});
}

} // namespace

FlinkRelease FlinkRelease::tested(FlinkVersion line)
{
    // The releases the oracle builds against (cmake/FlinkReleases.cmake); the export round trip runs them.
    return {line, std::string(testedRelease(line).release)};
}

std::optional<FlinkRelease> FlinkRelease::parse(std::string_view text, std::string& error)
{
    const auto line = FlinkVersion::parse(text);
    if (!line) {
        error = "unknown Flink version \"" + std::string(text) + "\": expected " + FlinkVersion::supportedNames()
            + ", or a release of those lines such as " + std::string(kTestedReleases.front().release);
        return std::nullopt;
    }
    if (std::count(text.begin(), text.end(), '.') >= 2)
        return FlinkRelease {*line, std::string(text)};
    return tested(*line);
}

std::vector<std::string> existingFiles(const JobProject& project, const std::filesystem::path& folder)
{
    std::vector<std::string> existing;
    std::error_code ec;
    for (const ProjectFile& f : project.files) {
        if (std::filesystem::exists(folder / f.path, ec))
            existing.push_back(f.path);
    }
    return existing;
}

bool writeProject(const JobProject& project, const std::filesystem::path& folder, std::string& error)
{
    for (const ProjectFile& f : project.files) {
        const std::filesystem::path path = folder / f.path;
        std::error_code ec;
        std::filesystem::create_directories(path.parent_path(), ec);
        if (ec) {
            error = path.parent_path().string() + ": cannot create the folder: " + ec.message();
            return false;
        }
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << f.content;
        out.close();
        if (!out) {
            error = path.string() + ": cannot write the file: " + std::strerror(errno);
            return false;
        }
    }
    return true;
}

std::string artifactIdFor(std::string_view sourceName)
{
    std::string stem(sourceName);
    if (const auto slash = stem.find_last_of("/\\"); slash != std::string::npos)
        stem.erase(0, slash + 1);
    if (const auto dot = stem.rfind('.'); dot != std::string::npos && dot > 0)
        stem.erase(dot);
    std::string id;
    for (const char c : stem) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            id += char(std::tolower(u));
        else if (!id.empty() && id.back() != '-')
            id += '-';
    }
    while (!id.empty() && id.back() == '-')
        id.pop_back();
    return id.empty() ? std::string("tidemark-job") : id;
}

std::string JobProject::topicsText() const
{
    std::string text = kafkaTopics.size() == 1 ? "topic " : "topics ";
    for (std::size_t i = 0; i < kafkaTopics.size(); ++i)
        text += (i == 0 ? "" : i + 1 == kafkaTopics.size() ? " and " : ", ") + kafkaTopics[i];
    return text;
}

std::optional<JobProject> exportJob(const Scenario& scenario, const ExportOptions& options, std::string& refusalText)
{
    const FlinkRelease release = options.release.value_or(FlinkRelease::tested(scenario.pipeline.flinkVersion));
    if (auto why = scenario.graph ? graphRefusal(scenario, release, options) : refusal(scenario, release, options)) {
        refusalText = *why;
        return std::nullopt;
    }
    JobProject project;
    project.artifactId
        = options.artifactId.empty() ? artifactIdFor(options.sourceName) : artifactIdFor(options.artifactId);
    project.mainClass = "tidemark.jobs." + className(project.artifactId);
    project.jobName = !options.jobName.empty() ? options.jobName
        : scenario.name.empty()                ? project.artifactId
                                               : scenario.name;
    project.release = release;
    if (scenario.graph) {
        project.caveats = graphCaveats(scenario);
        const std::string program = graphJavaProgram(scenario, project, options);
        // main() reads the replayed sources' records (from the jar on a cluster); --produce writes the topics'
        const bool replays = replaysSources(scenario);
        project.files.push_back(
            {"pom.xml", pomXml(project, replays ? "events.csv" : "records.csv", readsKafka(scenario))});
        if (replays)
            project.files.push_back({"data/events.csv", graphEventsCsv(scenario)});
        if (readsKafka(scenario))
            project.files.push_back({"data/records.csv", graphRecordsCsv(scenario)});
        for (const GraphSource& src : scenario.graph->sources) {
            if (src.kafka)
                project.kafkaTopics.push_back(src.kafka->topic);
        }
        project.files.push_back({"src/main/java/tidemark/jobs/" + className(project.artifactId) + ".java", program});
        project.files.push_back({"README.md", readme(scenario, project, options, {})});
        return project;
    }
    const std::vector<Replayed> order = replayOrder(scenario);
    project.caveats = caveats(scenario, order, options);
    const std::string program = detail::javaProgram(scenario, project, options, order);
    const bool kafka = scenario.pipeline.kafka.has_value();
    if (kafka)
        project.kafkaTopics = {scenario.pipeline.kafka->topic};
    const std::string packed = kafka ? "records.csv" : options.socket ? "" : "events.csv";
    project.files.push_back({"pom.xml", pomXml(project, packed, kafka)});
    if (kafka)
        project.files.push_back({"data/records.csv", recordsCsv(scenario, order)});
    else if (!options.socket)
        project.files.push_back({"data/events.csv", eventsCsv(scenario, order)});
    project.files.push_back({"src/main/java/tidemark/jobs/" + className(project.artifactId) + ".java", program});
    // The README names the program, so it comes last.
    project.files.push_back({"README.md", readme(scenario, project, options, order)});
    return project;
}

ReplayClasses replayClasses(const Scenario& scenario, const JobProject& project, const ExportOptions& options)
{
    const std::vector<Replayed> order = replayOrder(scenario);
    return detail::replayParts(scenario, project, options, order);
}

std::string csvFieldsMethod(char delimiter, bool refuseOpenQuote)
{
    const std::string d = delimiter == '\t' ? std::string("\\t")
        : delimiter == '\''                 ? std::string("\\'")
        : delimiter == '\\'                 ? std::string("\\\\")
                                            : std::string(1, delimiter);
    return "        private static List<String> fields(String line) {\n"
           "            List<String> fields = new ArrayList<>();\n"
           "            StringBuilder field = new StringBuilder();\n"
           "            boolean quoted = false;\n"
           "            for (int i = 0; i < line.length(); i++) {\n"
           "                char c = line.charAt(i);\n"
           "                if (quoted && c == '\"' && i + 1 < line.length() && line.charAt(i + 1) == '\"') {\n"
           "                    field.append(c);\n"
           "                    i++;\n"
           "                } else if (c == '\"') {\n"
           "                    quoted = !quoted;\n"
           "                } else if (c == '"
        + d
        + "' && !quoted) {\n"
          "                    fields.add(field.toString());\n"
          "                    field.setLength(0);\n"
          "                } else {\n"
          "                    field.append(c);\n"
          "                }\n"
          "            }\n"
        + std::string(refuseOpenQuote ? "            if (quoted) {\n"
                                        "                throw new IllegalArgumentException(\"a quoted field does not "
                                        "end on its line\");\n"
                                        "            }\n"
                                      : "")
        + "            fields.add(field.toString());\n"
          "            return fields;\n"
          "        }\n";
}

std::string javaStringLiteral(std::string_view text)
{
    return javaString(text);
}

std::string headerTitle(const Scenario& scenario, std::string_view untitled, std::string_view titleSuffix)
{
    std::string h
        = wrapped(scenario.name.empty() ? std::string(untitled) : scenario.name + std::string(titleSuffix), " * ");
    if (!scenario.description.empty())
        h += " *\n" + wrapped(scenario.description, " * ");
    return h;
}

std::string headerCaveats(const std::vector<std::string>& caveats)
{
    if (caveats.empty())
        return {};
    std::string h = " *\n * What this job does not reproduce:\n";
    for (const std::string& c : caveats)
        h += " * -" + wrapped(c, " *   ").substr(4);
    return h;
}

std::string commentLines(std::string_view text, std::string_view prefix)
{
    return wrapped(text, prefix);
}

} // namespace tidemark::flinkjob
