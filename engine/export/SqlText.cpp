#include "engine/export/SqlText.h"

#include "engine/core/NumberText.h"
#include "engine/export/JobTemplates.h"
#include "engine/export/JobText.h"

#include <algorithm>

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

// Which of the scenario's watermarks the declaration gives, in words for the program's header and the README.
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
