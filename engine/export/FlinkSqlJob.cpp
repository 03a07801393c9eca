#include "engine/export/FlinkSqlJob.h"

#include "engine/core/NumberText.h"
#include "engine/export/GraphSqlJob.h"
#include "engine/export/JobTemplates.h"
#include "engine/export/JobText.h"

#include <cstdlib>
#include <set>

namespace tidemark::flinkjob {

namespace {

using AssignerType = AssignerSpec::Type;
using Strategy = WatermarkConfig::Strategy;
using Function = FunctionSpec::Type;

// The largest count a unit of a day-time INTERVAL literal takes without a leading precision (Calcite's default 2).
constexpr DurationMs kMaxLeading = 99;

std::string threeDigits(DurationMs v)
{
    std::string s = std::to_string(v);
    return std::string(3 - s.size(), '0') + s;
}

std::string twoDigits(DurationMs v)
{
    return v < 10 ? "0" + std::to_string(v) : std::to_string(v);
}

bool windowAll(const Scenario& s)
{
    return !s.pipeline.window.keyBy.has_value();
}

} // namespace

std::string detail::sqlAggregate(const FunctionSpec& f)
{
    const bool ts = f.field == "ts";
    switch (f.type) {
    case Function::Count:
        return "COUNT(*)";
    case Function::Sum:
        // Tidemark and the DataStream job add doubles; SUM over BIGINT would add longs.
        return ts ? "SUM(CAST(t AS DOUBLE))" : "SUM(v)";
    case Function::Min:
        return ts ? "MIN(t)" : "MIN(v)";
    case Function::Max:
        return ts ? "MAX(t)" : "MAX(v)";
    case Function::Avg:
        // AVG over BIGINT divides as longs do.
        return ts ? "AVG(CAST(t AS DOUBLE))" : "AVG(v)";
    case Function::List:
        break;
    }
    return {};
}

std::string detail::sqlWindowCall(const AssignerSpec& a, std::string_view table, bool partitionByKey)
{
    const std::string offset = a.offsetMs != 0 ? ", " + *sqlInterval(a.offsetMs) : std::string();
    const std::string from = "TABLE " + std::string(table);
    switch (a.type) {
    case AssignerType::Tumbling:
        return "TUMBLE(" + from + ", DESCRIPTOR(ts), " + *sqlInterval(a.sizeMs) + offset + ")";
    case AssignerType::Sliding:
        return "HOP(" + from + ", DESCRIPTOR(ts), " + *sqlInterval(a.slideMs) + ", " + *sqlInterval(a.sizeMs) + offset
            + ")";
    case AssignerType::Cumulate:
        return "CUMULATE(" + from + ", DESCRIPTOR(ts), " + *sqlInterval(a.stepMs) + ", " + *sqlInterval(a.sizeMs)
            + offset + ")";
    case AssignerType::Session:
        return "SESSION(" + from + (partitionByKey ? " PARTITION BY `key`" : "") + ", DESCRIPTOR(ts), "
            + *sqlInterval(a.gapMs) + ")";
    case AssignerType::Global:
        break;
    }
    return {};
}

namespace {

std::vector<std::string> queryLines(const Scenario& s)
{
    const std::string key = windowAll(s) ? "" : "`key`, ";
    return {"SELECT " + key + "window_start, window_end, " + detail::sqlAggregate(s.pipeline.window.function)
            + " AS `result`",
        "FROM TABLE(", "    " + detail::sqlWindowCall(s.pipeline.window.assigner, "events", !windowAll(s)) + ")",
        "GROUP BY " + key + "window_start, window_end"};
}

// Which of the scenario's watermarks the declaration gives, in words for the program's header and the README.
} // namespace

const char* const detail::kSqlOnePhaseAggregation
    = R"java(        // One phase, as the window operator Tidemark shows: a two-phase plan pre-aggregates each assigner's
        // rows and flushes them when that assigner's own watermark passes a slice's end, so a row behind its
        // assigner's watermark, though not the window's, would reach the window after it fired.
        tableEnv.getConfig().set("table.optimizer.agg-phase-strategy", "ONE_PHASE");
)java";
const char* const detail::kSqlKeyHashingCaveat
    = "Which subtask holds a key: SQL hashes the grouping key its own way, not as keyBy does, so the job prints from "
      "one subtask, without Tidemark's subtask prefixes, and lines of different keys may come in another order.";
const char* const detail::kSqlEmitsAtOnceCaveat
    = "SQL's watermark assigner emits at once, not at the next period, when a record raises the watermark by more "
      "than the period: that matters only for records closer together than the period.";
const char* const detail::kSqlCumulateSlicesCaveat
    = "Cumulate windows add up slices: a sum or average of fractions may differ in its last digits.";

std::string detail::sqlWatermarkMatch(const WatermarkConfig& wm)
{
    const std::string d = std::to_string(wm.maxOutOfOrdernessMs);
    switch (wm.strategy) {
    case Strategy::BoundedOutOfOrderness:
        return "forBoundedOutOfOrderness(" + d + " ms) emits max - " + d
            + " - 1; SQL's `ts - INTERVAL 'd'` emits max - d, so the declaration subtracts "
            + std::to_string(wm.maxOutOfOrdernessMs + 1) + " ms and the job's watermarks are the scenario's exactly.";
    case Strategy::Monotonous:
        return "forMonotonousTimestamps() emits max - 1, which SQL declares as `ts - INTERVAL '0.001' SECOND`.";
    case Strategy::LegacyBoundedOutOfOrderness:
        return "The legacy BoundedOutOfOrdernessTimestampExtractor emits max - " + d
            + ", as SQL's `ts - INTERVAL` of the same " + d + " ms does.";
    case Strategy::Input:
        break;
    }
    return {};
}

namespace {

std::vector<std::string> sqlCaveats(const Scenario& s)
{
    std::vector<std::string> c;
    if (!windowAll(s) && s.pipeline.window.subtasks() > 1)
        c.push_back(detail::kSqlKeyHashingCaveat);
    if (s.pipeline.watermarks.emission == WatermarkConfig::Emission::Periodic)
        c.push_back(detail::kSqlEmitsAtOnceCaveat);
    if (s.pipeline.window.assigner.type == AssignerType::Cumulate && s.pipeline.window.function.type != Function::Count)
        c.push_back(detail::kSqlCumulateSlicesCaveat);
    return c;
}

} // namespace

std::optional<std::string> sqlInterval(DurationMs ms)
{
    if (ms == kMinTimestamp)
        return std::nullopt; // no positive counterpart to write
    const std::string sign = ms < 0 ? "-" : "";
    const DurationMs a = ms < 0 ? -ms : ms;
    const auto whole = [&](DurationMs unit, const char* name) -> std::optional<std::string> {
        if (a % unit == 0 && a / unit <= kMaxLeading)
            return "INTERVAL '" + sign + std::to_string(a / unit) + "' " + name;
        return std::nullopt;
    };
    for (const auto& [unit, name] : {std::pair<DurationMs, const char*> {86'400'000, "DAY"}, {3'600'000, "HOUR"},
             {60'000, "MINUTE"}, {1'000, "SECOND"}}) {
        if (a != 0 || unit == 1'000) {
            if (auto literal = whole(unit, name))
                return literal;
        }
    }
    if (a / 1000 <= kMaxLeading)
        return "INTERVAL '" + sign + std::to_string(a / 1000) + "." + threeDigits(a % 1000) + "' SECOND";
    const DurationMs days = a / 86'400'000;
    if (days > kMaxLeading)
        return std::nullopt;
    return "INTERVAL '" + sign + std::to_string(days) + " " + twoDigits(a / 3'600'000 % 24) + ":"
        + twoDigits(a / 60'000 % 60) + ":" + twoDigits(a / 1000 % 60) + "." + threeDigits(a % 1000)
        + "' DAY TO SECOND(3)";
}

std::string sqlWatermarkExpression(const WatermarkConfig& wm)
{
    DurationMs delay = 0;
    switch (wm.strategy) {
    case Strategy::BoundedOutOfOrderness:
        delay = javaAdd(wm.maxOutOfOrdernessMs, 1);
        break;
    case Strategy::Monotonous:
        delay = 1;
        break;
    case Strategy::LegacyBoundedOutOfOrderness:
        delay = wm.maxOutOfOrdernessMs;
        break;
    case Strategy::Input:
        return {};
    }
    if (delay == 0)
        return "ts";
    const auto literal = sqlInterval(delay);
    return literal ? "ts - " + *literal : std::string();
}

std::optional<std::string> detail::sqlWindowRefusal(const WindowConfig& w, const FlinkRelease& release)
{
    const AssignerSpec& a = w.assigner;
    if (a.type == AssignerType::Global)
        return std::string("Flink SQL has no global window: its window TVFs are TUMBLE, HOP, SESSION and CUMULATE");
    if (a.timeDomain == TimeDomain::Processing)
        return std::string("processing-time windows run on the job's wall clock, which a replay cannot match: export "
                           "event-time windows to SQL");
    if (w.function.type == Function::List)
        return std::string("a SQL window aggregation has no function that lists a window's records in the order "
                           "Tidemark shows them: choose count, sum, min, max or avg");
    if (w.trigger.type != TriggerSpec::Type::Default && w.trigger.type != TriggerSpec::Type::EventTime)
        return std::string("a SQL window aggregation fires each window once, when the watermark passes its end: it has "
                           "no count, continuous, processing-time or custom triggers");
    if (w.purging)
        return std::string("a SQL window aggregation has no PurgingTrigger");
    if (w.allowedLatenessMs > 0)
        return std::string("a SQL window aggregation has no allowed lateness: a window fires once and late records are "
                           "dropped");
    if (w.lateSideOutput)
        return std::string("a SQL query has no late side output: late records are dropped");
    if (w.evictor.type != EvictorSpec::Type::None)
        return std::string("a SQL window aggregation has no evictors");
    if (a.type == AssignerType::Sliding && a.sizeMs % a.slideMs != 0)
        return "HOP needs a size that is a multiple of the slide (Flink's HoppingSliceAssigner), found size "
            + std::to_string(a.sizeMs) + " ms and slide " + std::to_string(a.slideMs) + " ms";
    if (a.offsetMs != 0 && release.line.major < 2) {
        // Flink 1.20's slicing window operators move buffered records into window state only when the watermark
        // crosses a multiple of the slice from the epoch (TimeWindowUtil#getNextTriggerWatermark leaves the offset
        // out; FLINK-36664, fixed in 2.x): a window ending off that grid has fired before its records are counted.
        const bool tumbling = a.type == AssignerType::Tumbling;
        const DurationMs slice = tumbling ? a.sizeMs : a.type == AssignerType::Sliding ? a.slideMs : a.stepMs;
        const char* sliceName = tumbling ? "size" : a.type == AssignerType::Sliding ? "slide" : "step";
        if (a.offsetMs % slice != 0)
            return "Flink " + release.line.name() + "'s SQL windows lose the records of a window whose offset ("
                + std::to_string(a.offsetMs) + " ms) is not a multiple of its " + sliceName
                + " (FLINK-36664, fixed in Flink 2.x): export it for Flink 2.3 (--flink-version 2.3), or as a "
                  "DataStream "
                  "job";
    }
    for (const DurationMs d : {a.sizeMs, a.slideMs, a.stepMs, a.gapMs, a.offsetMs}) {
        if (!sqlInterval(d))
            return "an interval of " + std::to_string(d)
                + " ms needs more than 99 days, which this export does not "
                  "write as a SQL INTERVAL";
    }
    return std::nullopt;
}

std::optional<std::string> detail::sqlWatermarkRefusal(const WatermarkConfig& wm)
{
    if (wm.strategy == Strategy::Input)
        return std::string("a SQL table needs a WATERMARK declaration for its windows: the strategy \"input\" (only "
                           "watermark records) has none");
    if (wm.idlenessMs > 0)
        return std::string("SQL's idle timeout (table.exec.source.idle-timeout) is checked by the watermark assigner "
                           "on its own timer, not as WatermarksWithIdleness decides it: export a scenario without "
                           "idleness");
    if (sqlWatermarkExpression(wm).empty())
        return std::string("the out-of-orderness needs more than 99 days, which this export does not write as a SQL "
                           "INTERVAL");
    return std::nullopt;
}

std::optional<std::string> detail::sqlRecordsRefusal(const std::vector<InputRecord>& records)
{
    for (const InputRecord& r : records) {
        if (!r.isWatermark() && r.ts <= 0)
            return "a record has the event time " + std::to_string(r.ts)
                + ": SQL's watermark assigner starts at 0 and emits no watermark at or below it, so event times must "
                  "be above 0 for its windows to fire as Tidemark's do";
    }
    return std::nullopt;
}

std::optional<std::string> sqlRefusal(const Scenario& s, const FlinkRelease& release)
{
    if (auto why = detail::sqlWindowRefusal(s.pipeline.window, release))
        return why;
    if (auto why = detail::sqlWatermarkRefusal(s.pipeline.watermarks))
        return why;
    return detail::sqlRecordsRefusal(s.records);
}

std::optional<JobProject> exportSqlJob(const Scenario& s, const ExportOptions& options, std::string& refusal)
{
    if (s.graph) {
        auto project = exportJob(s, options, refusal);
        if (!project || !detail::toGraphSqlProject(s, *project, options, refusal))
            return std::nullopt;
        return project;
    }
    // The DataStream project gives the pom, data/events.csv, the replay and the caveats, none of which depend on the
    // window; CUMULATE has no DataStream assigner, so it is asked for the tumbling window of the largest size.
    Scenario asDataStream = s;
    if (s.pipeline.window.assigner.type == AssignerType::Cumulate) {
        AssignerSpec& a = asDataStream.pipeline.window.assigner;
        a.type = AssignerType::Tumbling;
        a.offsetMs = 0;
    }
    if (options.socket) {
        refusal = "the SQL export replays the scenario's records; a job reading a socket is exported as a DataStream "
                  "program (leave out --sql)";
        return std::nullopt;
    }
    if (s.pipeline.kafka) {
        refusal = "the SQL export replays the scenario's records; a scenario that reads Kafka topic \""
            + s.pipeline.kafka->topic + "\" is exported as a DataStream program with a KafkaSource (leave out --sql)";
        return std::nullopt;
    }
    auto project = exportJob(asDataStream, options, refusal);
    if (!project)
        return std::nullopt;
    if (auto why = sqlRefusal(s, project->release)) {
        refusal = *why;
        return std::nullopt;
    }
    for (std::string& c : sqlCaveats(s))
        project->caveats.push_back(std::move(c));

    const WatermarkConfig& wm = s.pipeline.watermarks;
    const bool perEvent = wm.emission == WatermarkConfig::Emission::PerEvent;
    const bool endless = s.pipeline.endOfInput == EndOfInput::None;
    const std::string cls = project->mainClass.substr(project->mainClass.rfind('.') + 1);
    const std::string watermark = sqlWatermarkExpression(wm);
    const std::vector<std::string> query = queryLines(s);

    // The events' end as the DataStream program replays them: the Replay class takes the same arguments.
    std::size_t records = 0;
    Timestamp lastArrival = 0;
    for (const ProjectFile& f : project->files) {
        if (f.path != "data/events.csv")
            continue;
        std::size_t at = f.content.find('\n');
        while (at != std::string::npos && at + 1 < f.content.size()) {
            ++records;
            lastArrival = std::max<Timestamp>(lastArrival, std::strtoll(f.content.c_str() + at + 1, nullptr, 10));
            at = f.content.find('\n', at + 1);
        }
    }
    const Timestamp inputEnd = s.inputEnd(lastArrival);

    const ReplayClasses replay = replayClasses(s, *project, options);
    std::set<std::string> imports(replay.imports.begin(), replay.imports.end());
    for (const char* i : {"java.io.Serializable", "java.nio.file.Path", "java.time.ZoneOffset", "java.util.List",
             "org.apache.flink.api.common.typeinfo.Types", "org.apache.flink.streaming.api.datastream.DataStream",
             "org.apache.flink.streaming.api.environment.StreamExecutionEnvironment",
             "org.apache.flink.table.api.DataTypes", "org.apache.flink.table.api.Schema",
             "org.apache.flink.table.api.bridge.java.StreamTableEnvironment", "org.apache.flink.types.Row"})
        imports.insert(i);

    std::string h = "/**\n";
    h += headerTitle(s, "A Tidemark scenario as a Flink SQL job.", ", in Flink SQL.");
    h += " *\n";
    h += commentLines("Exported by Tidemark " + options.tidemarkVersion
            + (options.sourceName.empty() ? "" : " from " + options.sourceName) + " for Apache Flink "
            + project->release.version + ". Build it with `mvn package`; `java -jar " + project->jarPath()
            + "` runs it on a local MiniCluster. It prints what Tidemark's Output dock shows for the scenario"
            + (options.sourceName.empty() ? "" : " (`tidemark run " + options.sourceName + " --format text`)") + ".",
        " * ");
    h += " *\n";
    h += commentLines("The records of data/events.csv are replayed at their arrival times, each to the watermark "
                      "assigner Tidemark sends it to, as the DataStream export does, and declared as the table events "
                      "with the WATERMARK a CREATE TABLE of a real source would have (the comment on QUERY shows it). "
            + detail::sqlWatermarkMatch(wm)
            + (perEvent ? " The scenario emits a watermark after every record: with an auto-watermark interval of 0, "
                          "SQL's watermark assigner emits each rise at once."
                        : ""),
        " * ");
    h += headerCaveats(project->caveats) + " */\n";

    const std::string key = windowAll(s) ? "" : "    `key` STRING,\n";
    std::string createTable = "CREATE TABLE events (\n" + key
        + "    v DOUBLE,\n    t BIGINT,\n    ts AS TO_TIMESTAMP_LTZ(t, 3),\n    WATERMARK FOR ts AS " + watermark
        + "\n) WITH (...)";

    std::string m;
    m += "    /**\n     * The table as a real source declares it; this job declares the same columns and watermark on "
         "the\n     * replayed records (the Schema in main):\n     *\n";
    std::size_t from = 0;
    for (std::size_t nl; (nl = createTable.find('\n', from)) != std::string::npos || from < createTable.size();) {
        const std::string line = createTable.substr(from, nl == std::string::npos ? std::string::npos : nl - from);
        m += "     *   " + line + "\n";
        if (nl == std::string::npos)
            break;
        from = nl + 1;
    }
    m += "     */\n";
    m += "    static final String QUERY = String.join(\"\\n\",\n";
    for (std::size_t i = 0; i < query.size(); ++i)
        m += "            " + javaStringLiteral(query[i]) + (i + 1 < query.size() ? ",\n" : ");\n\n");
    m += "    public static void main(String[] args) throws Exception {\n";
    m += "        List<Event> events = Event.readAll(args);\n\n";
    m += "        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();\n";
    m += "        // The window aggregation runs as " + std::to_string(s.pipeline.window.subtasks())
        + (s.pipeline.window.subtasks() == 1 ? " subtask" : " subtasks") + ".\n";
    m += "        env.setParallelism(" + std::to_string(s.pipeline.window.subtasks()) + ");\n";
    if (perEvent)
        m += "        // 0: SQL's watermark assigner emits every rise of the watermark at once (per-event emission).\n";
    m += "        env.getConfig().setAutoWatermarkInterval(" + std::to_string(perEvent ? 0 : wm.periodMs) + ");\n";
    m += "        StreamTableEnvironment tableEnv = StreamTableEnvironment.create(env);\n";
    m += "        // Windows of TIMESTAMP_LTZ follow the session's time zone: UTC aligns them to the epoch, as "
         "Tidemark's.\n";
    m += "        tableEnv.getConfig().setLocalTimeZone(ZoneOffset.UTC);\n";
    if (wm.parallelism > 1)
        m += detail::kSqlOnePhaseAggregation;
    m += "\n";
    m += "        DataStream<Event> arrivals = env.fromSequence(0, "
        + std::string(endless ? "Long.MAX_VALUE" : "events.size()") + ").setParallelism(1)\n";
    m += "                .flatMap(new Replay(events, " + std::string(endless ? "-1" : std::to_string(inputEnd) + "L")
        + ")).setParallelism(1)\n";
    m += "                .name(\"replay data/events.csv\");\n\n";
    m += "        // Each record goes to the watermark assigner Tidemark sends it to; SQL's assigner runs at the "
         "parallelism\n        // of its input.\n";
    m += "        DataStream<Row> rows = arrivals\n";
    m += "                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> "
         "event.channel)\n";
    m += std::string("                .map(event -> Row.of(") + (windowAll(s) ? "" : "event.key, ")
        + "event.value, event.timestamp))\n";
    m += std::string("                .returns(Types.ROW_NAMED(new String[] {") + (windowAll(s) ? "" : "\"key\", ")
        + "\"v\", \"t\"}, " + (windowAll(s) ? "" : "Types.STRING, ") + "Types.DOUBLE, Types.LONG))\n";
    m += "                .setParallelism(" + std::to_string(wm.parallelism) + ");\n";
    m += "        tableEnv.createTemporaryView(\"events\", rows, Schema.newBuilder()\n";
    if (!windowAll(s))
        m += "                .column(\"key\", DataTypes.STRING())\n";
    m += "                .column(\"v\", DataTypes.DOUBLE())\n";
    m += "                .column(\"t\", DataTypes.BIGINT())\n";
    m += "                .columnByExpression(\"ts\", \"TO_TIMESTAMP_LTZ(t, 3)\")\n";
    m += "                .watermark(\"ts\", " + javaStringLiteral(watermark) + ")\n";
    m += "                .build());\n\n";
    m += "        // One print subtask: \"(key,result)\" as the Output dock shows it.\n";
    m += "        tableEnv.toDataStream(tableEnv.sqlQuery(QUERY))\n";
    m += std::string("                .map(row -> \"(\" + ") + (windowAll(s) ? "" : "row.getField(\"key\") + \",\" + ")
        + "number(((Number) row.getField(\"result\")).doubleValue()) + \")\")\n";
    m += "                .returns(Types.STRING)\n";
    m += "                .setParallelism(1)\n";
    m += "                .print()\n";
    m += "                .setParallelism(1);\n";
    const std::string jobName = !options.jobName.empty() ? options.jobName
        : s.name.empty()                                 ? project->artifactId
                                                         : s.name + " (SQL)";
    m += "        env.execute(" + javaStringLiteral(jobName) + ");\n";
    m += "    }\n\n";

    const std::string java = detail::javaSourceFile(imports, h, project->mainClass, m + replay.java);

    std::string sqlText = createTable + ";\n\n";
    for (const std::string& q : query)
        sqlText += q + "\n";
    const std::string program = "src/main/java/tidemark/jobs/" + cls + ".java";
    const std::string readme = detail::sqlReadme(s, *project, options,
        "the scenario's window as a window TVF query (`" + program + "`)", "The query", sqlText,
        detail::sqlWatermarkMatch(wm) + "\n\n"
            + "`data/events.csv` holds the records Tidemark read, in the order they arrive, with their arrival times "
              "and the watermark assigner each one reaches; the job replays them at those times and declares them "
              "as the table `events`.");
    if (!detail::toSqlProject(*project, java, readme, refusal))
        return std::nullopt;
    return project;
}

std::string detail::sqlReadme(const Scenario& s, const JobProject& project, const ExportOptions& options,
    std::string_view what, std::string_view sqlTitle, std::string_view sql, std::string_view input)
{
    std::string readme = "# " + (s.name.empty() ? project.artifactId : s.name) + " in Flink SQL\n\n";
    readme += commentLines("A Flink SQL job exported by Tidemark " + options.tidemarkVersion
            + (options.sourceName.empty() ? "" : " from `" + options.sourceName + "`") + ": " + std::string(what)
            + " for Apache Flink " + project.release.version + " and Java 17.",
        "");
    readme += "\n```sh\nmvn package\njava -jar " + project.jarPath() + "   # on a local MiniCluster\n```\n\n";
    readme += std::string(sqlTitle) + ":\n\n```sql\n" + std::string(sql) + "```\n\n";
    // paragraphs of `input`, each wrapped
    std::size_t from = 0;
    while (from < input.size()) {
        const std::size_t end = std::min(input.find("\n\n", from), input.size());
        readme += (from == 0 ? "" : "\n") + commentLines(input.substr(from, end - from), "");
        from = end + 2;
    }
    if (!project.caveats.empty()) {
        readme += "\nWhat the job does not reproduce:\n\n";
        for (const std::string& c : project.caveats)
            readme += "-" + commentLines(c, "  ").substr(1);
    }
    return readme;
}

bool detail::toSqlProject(JobProject& project, const std::string& java, const std::string& readme, std::string& refusal)
{
    for (ProjectFile& f : project.files) {
        if (f.path.ends_with(".java")) {
            f.content = java;
        } else if (f.path == "README.md") {
            f.content = readme;
        } else if (f.path == "pom.xml") {
            std::string deps;
            for (const char* artifact :
                {"flink-table-api-java-bridge", "flink-table-planner-loader", "flink-table-runtime"}) {
                deps += filledTemplate("pom-table-dependency.xml", {{"ARTIFACT", artifact}});
            }
            const auto end = f.content.find("    </dependencies>");
            const auto props = f.content.find("    </properties>");
            if (end == std::string::npos || props == std::string::npos) {
                refusal = "the DataStream project's pom.xml has no dependencies to add the Table API to";
                return false;
            }
            f.content.insert(end, deps);
            f.content.insert(props, filledTemplate("pom-table-property.xml"));
        }
    }
    return true;
}

} // namespace tidemark::flinkjob
