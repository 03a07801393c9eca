#include "engine/export/GraphSqlJob.h"

#include "engine/export/GraphJob.h"
#include "engine/export/JobTemplates.h"
#include "engine/export/JobText.h"
#include "engine/export/SqlText.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob::detail {

namespace {

using Kind = GraphOperator::Kind;
using AssignerType = AssignerSpec::Type;

// A name as a SQL identifier: in backticks, a backtick doubled.
std::string sqlName(std::string_view name)
{
    std::string q = "`";
    for (const char c : name)
        q += c == '`' ? std::string("``") : std::string(1, c);
    return q + "`";
}

// The columns of a stream in SQL: a source's or union's records (`key`, v, t, ts), a window's results (`key`, v and
// ts, its window_time: no t), a join's pairs (`key`, lt, rt: no time attribute a window can read).
enum class Shape : std::uint8_t { Records, Results, Pairs };

// The SQL form of a job graph: its tables, views and printed views, built once the graph has passed refusal().
class GraphSql {
public:
    explicit GraphSql(const Scenario& s)
        : m_s(s)
        , m_g(*s.graph)
        , m_order(operatorsAfterInputs(m_g))
    {
        for (const GraphSource& src : m_g.sources)
            m_shape[src.name] = Shape::Records;
    }

    std::optional<std::string> refusal(const FlinkRelease& release)
    {
        // what the graph does first, then how its sources declare their time
        for (const std::size_t o : m_order) {
            const GraphOperator& op = m_g.operators[o];
            if (auto why = operatorRefusal(op, release))
                return why;
            m_shape[op.name] = op.kind == Kind::Union ? Shape::Records
                : op.kind == Kind::Window             ? Shape::Results
                                                      : Shape::Pairs;
        }
        bool perEvent = false;
        bool periodic = false;
        for (const GraphSource& src : m_g.sources) {
            if (src.kafka)
                return "the SQL export replays the graph's records; source \"" + src.name + "\" reads Kafka topic \""
                    + src.kafka->topic
                    + "\", and a graph whose sources read topics is exported as a DataStream "
                      "program with a KafkaSource each (leave out --sql)";
            if (auto why = sqlWatermarkRefusal(src.watermarks))
                return "source \"" + src.name + "\": " + *why;
            if (auto why = sqlRecordsRefusal(src.records))
                return "source \"" + src.name + "\": " + *why;
            (src.watermarks.emission == WatermarkConfig::Emission::PerEvent ? perEvent : periodic) = true;
        }
        if (perEvent && periodic)
            return std::string("some sources emit a watermark after every record and some periodically, and SQL's "
                               "watermark assigners share one interval (pipeline.auto-watermark-interval, 0 for every "
                               "record): give the sources one emission");
        return std::nullopt;
    }

    // The tables as real sources declare them, then a view per operator: what a SQL client would run.
    std::string statements() const
    {
        std::string sql;
        for (const GraphSource& src : m_g.sources) {
            sql += "CREATE TABLE " + sqlName(src.name)
                + " (\n    `key` STRING,\n    v DOUBLE,\n    t BIGINT,\n    ts AS TO_TIMESTAMP_LTZ(t, 3),\n    "
                  "WATERMARK FOR ts AS "
                + sqlWatermarkExpression(src.watermarks) + "\n) WITH (...);\n\n";
        }
        for (const std::size_t o : m_order) {
            const GraphOperator& op = m_g.operators[o];
            sql += "CREATE TEMPORARY VIEW " + sqlName(op.name) + " AS\n";
            const std::vector<std::string> lines = query(op);
            for (std::size_t i = 0; i < lines.size(); ++i)
                sql += lines[i] + (i + 1 < lines.size() ? "\n" : ";\n\n");
        }
        sql += "-- the job prints each view's rows (a union's aside) as print(\"name\") prints the operator's output\n";
        return sql;
    }

    std::string program(const JobProject& project, const ExportOptions& options) const
    {
        const ReplayClasses replay = graphReplay(m_s, project, options);
        std::set<std::string> imports(replay.imports.begin(), replay.imports.end());
        for (const char* i : {"java.io.Serializable", "java.time.ZoneOffset", "java.util.List",
                 "org.apache.flink.api.common.typeinfo.Types", "org.apache.flink.streaming.api.datastream.DataStream",
                 "org.apache.flink.streaming.api.environment.StreamExecutionEnvironment",
                 "org.apache.flink.table.api.DataTypes", "org.apache.flink.table.api.Schema",
                 "org.apache.flink.table.api.bridge.java.StreamTableEnvironment", "org.apache.flink.types.Row"})
            imports.insert(i);
        return javaSourceFile(
            imports, header(project, options), project.mainClass, mainMethod(project) + helpers() + "\n" + replay.java);
    }

    // What each source's declaration gives, sources of the same strategy named together.
    std::string watermarkParagraph() const
    {
        std::vector<std::pair<std::string, std::string>> said; // (sources, what their declaration gives)
        for (const GraphSource& src : m_g.sources) {
            const std::string match = sqlWatermarkMatch(src.watermarks);
            const auto same = std::find_if(said.begin(), said.end(), [&](const auto& s) { return s.second == match; });
            if (same == said.end())
                said.emplace_back(sqlName(src.name), match);
            else
                same->first += ", " + sqlName(src.name);
        }
        std::string p;
        for (const auto& [sources, match] : said)
            p += (p.empty() ? "" : " ") + sources + ": " + match;
        return p;
    }

    std::vector<std::string> caveats() const
    {
        std::vector<std::string> c;
        if (maxParallelism() > 1)
            c.push_back(kSqlKeyHashingCaveat);
        if (std::any_of(m_g.sources.begin(), m_g.sources.end(),
                [](const GraphSource& src) { return src.watermarks.emission == WatermarkConfig::Emission::Periodic; }))
            c.push_back(kSqlEmitsAtOnceCaveat);
        if (std::any_of(m_g.operators.begin(), m_g.operators.end(), [](const GraphOperator& op) {
                return op.kind == Kind::Window && op.window.assigner.type == AssignerType::Cumulate
                    && op.window.function.type != FunctionSpec::Type::Count;
            }))
            c.push_back(kSqlCumulateSlicesCaveat);
        if (std::any_of(m_g.operators.begin(), m_g.operators.end(),
                [](const GraphOperator& op) { return op.kind == Kind::IntervalJoin; }))
            c.push_back("A row behind the watermark: the DataStream interval join drops it as late (Tidemark shows it "
                        "dropped), where SQL's interval join has no late rows and still pairs it with the other "
                        "side's rows it has not cleaned up yet.");
        return c;
    }

private:
    std::optional<std::string> operatorRefusal(const GraphOperator& op, const FlinkRelease& release) const
    {
        const std::string named = "\"" + op.name + "\"";
        // what each input is; a window or join needs its inputs' time attribute
        for (const std::string& in : op.inputs) {
            const Shape shape = m_shape.at(in);
            if (shape == Shape::Pairs)
                return "operator " + named + " reads the pairs of join \"" + in
                    + "\": a SQL join's rows keep both sides' time attributes, and none is the larger timestamp a "
                      "DataStream pair carries, so this export writes a join's pairs for printing only";
            if (shape == Shape::Results && op.kind != Kind::Window)
                return "operator " + named + " reads the results of window \"" + in
                    + "\": this export writes a window over a window's results (through window_time), not a union "
                      "or join of them";
            if (shape == Shape::Results && op.window.function.field == "ts"
                && op.window.function.type != FunctionSpec::Type::Count)
                return "window " + named + " aggregates the timestamp of window \"" + in
                    + "\"'s results, which SQL holds as window_time, not as milliseconds";
        }
        switch (op.kind) {
        case Kind::Union:
            return std::nullopt;
        case Kind::Window:
            if (auto why = sqlWindowRefusal(op.window, release))
                return "window " + named + ": " + *why;
            return std::nullopt;
        case Kind::IntervalJoin:
            if (op.join.lateSideOutputs)
                return "interval join " + named
                    + ": a SQL interval join has no late side outputs (it has no late rows: see the caveats of an "
                      "export without them)";
            for (const DurationMs bound : {op.join.lowerMs, op.join.upperMs}) {
                if (!sqlInterval(bound))
                    return "interval join " + named + ": a bound of " + std::to_string(bound)
                        + " ms needs more than 99 days, which this export does not write as a SQL INTERVAL";
            }
            return std::nullopt;
        case Kind::WindowJoin:
            if (op.window.assigner.type == AssignerType::Session)
                return "window join " + named
                    + ": this export writes SQL window joins over tumbling, sliding and cumulate windows";
            if (auto why = sqlWindowRefusal(op.chainWindow(), release))
                return "window join " + named + ": " + *why;
            return std::nullopt;
        case Kind::CoGroup:
            return "coGroup " + named
                + " has no SQL form: a SQL join pairs rows, it does not hand a function each side's rows of a window";
        case Kind::Process:
        case Kind::CoProcess:
        case Kind::BroadcastProcess:
            return "operator " + named
                + " runs a process function, whose state and timers Flink SQL has no statement for: export the "
                  "graph as a DataStream job (leave out --sql)";
        case Kind::Watermarks:
            return "operator " + named
                + " assigns watermarks after an operator: Flink SQL declares watermarks on a table's time "
                  "attribute only (WATERMARK FOR), not on a query's rows; export the graph as a DataStream job "
                  "(leave out --sql)";
        }
        return std::nullopt;
    }

    // The view's query, a line per clause.
    std::vector<std::string> query(const GraphOperator& op) const
    {
        switch (op.kind) {
        case Kind::Union: {
            std::vector<std::string> q;
            for (std::size_t i = 0; i < op.inputs.size(); ++i)
                q.push_back(
                    std::string(i == 0 ? "" : "UNION ALL ") + "SELECT `key`, v, t, ts FROM " + sqlName(op.inputs[i]));
            return q;
        }
        case Kind::Window: {
            const WindowConfig& w = op.window;
            const bool keyed = w.keyBy.has_value();
            const std::string key = keyed ? "`key`" : "CAST(NULL AS STRING) AS `key`";
            // every result a DOUBLE, as the DataStream job's results are: an average over BIGINT would divide as
            // longs do
            // window_start and window_end stay out of the view: a window over it adds its own
            return {"SELECT " + key + ", window_time AS ts, CAST(" + sqlAggregate(w.function) + " AS DOUBLE) AS v",
                "FROM TABLE(", "    " + sqlWindowCall(w.assigner, sqlName(op.inputs.front()), keyed) + ")",
                std::string("GROUP BY ") + (keyed ? "`key`, " : "") + "window_start, window_end, window_time"};
        }
        case Kind::IntervalJoin: {
            const IntervalJoinSpec& j = op.join;
            const auto bound = [](DurationMs ms) {
                return ms == 0 ? std::string("L.ts")
                    : ms > 0   ? "L.ts + " + *sqlInterval(ms)
                               : "L.ts - " + *sqlInterval(-ms);
            };
            return {"SELECT L.`key`, L.t AS lt, R.t AS rt", "FROM " + sqlName(op.inputs[0]) + " AS L",
                "JOIN " + sqlName(op.inputs[1]) + " AS R ON L.`key` = R.`key`",
                std::string("    AND R.ts ") + (j.lowerInclusive ? ">=" : ">") + " " + bound(j.lowerMs) + " AND R.ts "
                    + (j.upperInclusive ? "<=" : "<") + " " + bound(j.upperMs)};
        }
        case Kind::WindowJoin: {
            const auto side = [&](std::size_t i) {
                return "(SELECT * FROM TABLE(" + sqlWindowCall(op.window.assigner, sqlName(op.inputs[i]), true) + "))";
            };
            return {"SELECT L.`key`, L.t AS lt, R.t AS rt", "FROM " + side(0) + " AS L", "JOIN " + side(1) + " AS R",
                "    ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`key` = R.`key`"};
        }
        case Kind::CoGroup:
        case Kind::Process:
        case Kind::CoProcess:
        case Kind::BroadcastProcess:
        case Kind::Watermarks:
            break;
        }
        return {};
    }

    int maxParallelism() const
    {
        int p = 1;
        for (const GraphOperator& op : m_g.operators)
            p = std::max(p, op.subtasks());
        return p;
    }

    bool perEvent() const { return m_g.sources.front().watermarks.emission == WatermarkConfig::Emission::PerEvent; }

    std::string header(const JobProject& project, const ExportOptions& options) const
    {
        std::string h = "/**\n" + headerTitle(m_s, "A Tidemark job graph as a Flink SQL job.", ", in Flink SQL.");
        h += " *\n";
        h += commentLines("Exported by Tidemark " + options.tidemarkVersion
                + (options.sourceName.empty() ? "" : " from " + options.sourceName) + " for Apache Flink "
                + project.release.version + ". Build it with `mvn package`; `java -jar " + project.jarPath()
                + "` runs it on a local MiniCluster. Each operator's view prints its rows as print(\"name\") prints "
                  "the operator's output"
                + (options.sourceName.empty()
                        ? ""
                        : " (`tidemark run " + options.sourceName + " --format text` prints the same lines)")
                + ".",
            " * ");
        h += " *\n";
        h += commentLines("The input: data/events.csv holds the records of the sources in the order they arrive, each "
                          "with its arrival time, the watermark assigner Tidemark sends it to and its source. One "
                          "replay per source emits them at those times, on one clock, and declares them as the "
                          "source's table with the WATERMARK a CREATE TABLE of a real source would have (the comment "
                          "on main shows it). "
                + watermarkParagraph()
                + (perEvent() ? " The sources emit a watermark after every record: with an auto-watermark interval "
                                "of 0, SQL's watermark assigners emit each rise at once."
                              : ""),
            " * ");
        return h + headerCaveats(project.caveats) + " */\n";
    }

    std::string mainMethod(const JobProject& project) const
    {
        const std::vector<SourceSpan> spans = graphSourceSpans(m_s);
        std::string m;
        m += "    /**\n     * The tables and views as a SQL client declares them; main declares the same on the "
             "replays:\n     *\n";
        m += verbatimComment(statements(), "     *   ");
        m += "     */\n";
        m += "    public static void main(String[] args) throws Exception {\n";
        m += "        List<Event> events = Event.readAll(args);\n\n";
        m += "        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();\n";
        m += "        // SQL's operators run as "
            + plural(static_cast<std::size_t>(maxParallelism()), "subtask", "subtasks") + "; each print has one.\n";
        m += "        env.setParallelism(" + std::to_string(maxParallelism()) + ");\n";
        if (perEvent())
            m += "        // 0: SQL's watermark assigners emit every rise of the watermark at once (per-event "
                 "emission).\n";
        m += "        env.getConfig().setAutoWatermarkInterval(" + std::to_string(perEvent() ? 0 : *periodOf(m_g))
            + ");\n";
        m += "        StreamTableEnvironment tableEnv = StreamTableEnvironment.create(env);\n";
        m += "        // Windows of TIMESTAMP_LTZ follow the session's time zone: UTC aligns them to the epoch, as "
             "Tidemark's.\n";
        m += "        tableEnv.getConfig().setLocalTimeZone(ZoneOffset.UTC);\n";
        int assigners = 0;
        for (const GraphSource& src : m_g.sources)
            assigners += src.watermarks.parallelism;
        if (assigners > 1)
            m += kSqlOnePhaseAggregation;
        m += "\n";
        for (std::size_t i = 0; i < m_g.sources.size(); ++i) {
            const GraphSource& src = m_g.sources[i];
            const SourceSpan& span = spans[i];
            m += commentLines(src.name + ": " + plural(span.records, "record", "records")
                    + " replayed at their arrival times, "
                    + (span.end < 0 ? "then the source stays open: its input never ends"
                                    : "then its input ends (at " + std::to_string(span.end) + " ms)")
                    + "; "
                    + plural(std::size_t(src.watermarks.parallelism), "watermark assigner", "watermark assigners")
                    + ", each record to the one Tidemark sends it to.",
                "        // ");
            m += "        tableEnv.createTemporaryView(" + javaString(sqlName(src.name)) + ",\n";
            m += "                replayed(env, events, " + javaString(src.name) + ", "
                + (span.end < 0 ? std::string("Long.MAX_VALUE") : std::to_string(span.records) + "L") + ", "
                + (span.end < 0 ? std::string("-1") : std::to_string(span.end) + "L") + ", "
                + std::to_string(src.watermarks.parallelism) + "),\n";
            m += "                table(" + javaString(sqlWatermarkExpression(src.watermarks)) + "));\n\n";
        }
        for (const std::size_t o : m_order) {
            const GraphOperator& op = m_g.operators[o];
            m += commentLines(op.name + ": " + describe(op), "        // ");
            m += "        tableEnv.createTemporaryView(" + javaString(sqlName(op.name)) + ", tableEnv.sqlQuery("
                + javaJoinedLines(query(op), "                ") + "));\n";
            if (op.kind != Kind::Union)
                m += "        print(tableEnv, " + javaString(sqlName(op.name)) + ", " + javaString(op.name) + ", "
                    + (op.kind == Kind::Window ? "false" : "true") + ");\n";
            m += "\n";
        }
        m += "        env.execute(" + javaString(project.jobName) + ");\n";
        m += "    }\n\n";
        return m;
    }

    static std::string describe(const GraphOperator& op)
    {
        switch (op.kind) {
        case Kind::Union:
            return "the union of its inputs' rows (UNION ALL): the next operator reads all their channels.";
        case Kind::Window:
            return "a window aggregation; each result carries window_time, the window's maxTimestamp() (end - 1), "
                   "as its time attribute, which a window over it reads.";
        case Kind::IntervalJoin:
            return "an interval join: R's time within L's bounds, as between(lower, upper) says of the right record.";
        case Kind::WindowJoin:
            return "a window join: the rows of one key in the same window of both sides, paired when the window "
                   "fires.";
        case Kind::CoGroup:
        case Kind::Process:
        case Kind::CoProcess:
        case Kind::BroadcastProcess:
        case Kind::Watermarks:
            break;
        }
        return {};
    }

    static std::string helpers() { return filledTemplate("GraphSqlHelpers.java"); }

    const Scenario& m_s;
    const JobGraph& m_g;
    std::vector<std::size_t> m_order; // the operators, each after those it reads
    std::map<std::string, Shape> m_shape; // by stream name, as refusal() found them
};

} // namespace

bool toGraphSqlProject(const Scenario& s, JobProject& project, const ExportOptions& options, std::string& refusal)
{
    GraphSql sql(s);
    if (auto why = sql.refusal(project.release)) {
        refusal = *why;
        return false;
    }
    for (std::string& c : sql.caveats())
        project.caveats.push_back(std::move(c));
    const std::string cls = project.mainClass.substr(project.mainClass.rfind('.') + 1);
    const std::string readme = sqlReadme(s, project, options,
        "the job graph's operators as SQL views over its sources' tables (`src/main/java/tidemark/jobs/" + cls
            + ".java`)",
        "The statements", sql.statements(),
        sql.watermarkParagraph() + "\n\n"
            + "`data/events.csv` holds the records of the sources in the order they arrive, with their arrival times, "
              "the watermark assigner each one reaches and its source; the job replays them at those times and "
              "declares each source's records as its table.");
    return toSqlProject(project, sql.program(project, options), readme, refusal);
}

} // namespace tidemark::flinkjob::detail
