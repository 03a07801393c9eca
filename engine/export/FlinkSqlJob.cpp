#include "engine/export/FlinkSqlJob.h"

#include "engine/core/NumberText.h"
#include "engine/export/GraphSqlJob.h"
#include "engine/export/JobText.h"

#include <cstdlib>
#include <set>

namespace tidemark::flinkjob {

namespace {

using AssignerType = AssignerSpec::Type;
using Strategy = WatermarkConfig::Strategy;
using Function = FunctionSpec::Type;

bool windowAll(const Scenario& s)
{
    return !s.pipeline.window.keyBy.has_value();
}

std::vector<std::string> queryLines(const Scenario& s)
{
    const std::string key = windowAll(s) ? "" : "`key`, ";
    return {"SELECT " + key + "window_start, window_end, " + detail::sqlAggregate(s.pipeline.window.function)
            + " AS `result`",
        "FROM TABLE(", "    " + detail::sqlWindowCall(s.pipeline.window.assigner, "events", !windowAll(s)) + ")",
        "GROUP BY " + key + "window_start, window_end"};
}

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
    // The DataStream project gives the pom, data/events.csv, the replay and the caveats, none of which depend on the
    // windows; CUMULATE has no DataStream assigner, so it is asked for the tumbling window of the largest size.
    const auto dataStreamAssigner = [](AssignerSpec& a) {
        if (a.type == AssignerType::Cumulate) {
            a.type = AssignerType::Tumbling;
            a.offsetMs = 0;
        }
    };
    Scenario asDataStream = s;
    if (s.graph) {
        for (GraphOperator& op : asDataStream.graph->operators)
            dataStreamAssigner(op.window.assigner);
        auto project = exportJob(asDataStream, options, refusal);
        if (!project || !detail::toGraphSqlProject(s, *project, options, refusal))
            return std::nullopt;
        return project;
    }
    dataStreamAssigner(asDataStream.pipeline.window.assigner);
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
    m += detail::verbatimComment(createTable, "     *   ");
    m += "     */\n";
    m += "    static final String QUERY = " + detail::javaJoinedLines(query, "            ") + ";\n\n";
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
} // namespace tidemark::flinkjob
