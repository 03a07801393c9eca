#include "engine/io/PipelineRules.h"

#include "engine/core/FlinkVersion.h"
#include "engine/core/JsonText.h"
#include "engine/io/JsonFields.h"
#include "engine/io/ScenarioNames.h"
#include "engine/player/RunLimits.h"

#include <array>
#include <limits>
#include <stdexcept>

namespace tidemark::rules {

namespace {

constexpr std::int64_t kNoMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kNoMin = std::numeric_limits<std::int64_t>::min();

constexpr std::array kLimits {
    NumberLimit {"pipeline.source.parallelism", 1, kMaxParallelism},
    NumberLimit {"pipeline.source.kafka.partitions", 1, kMaxKafkaPartitions},
    NumberLimit {"pipeline.watermarks.maxOutOfOrdernessMs", 0, kNoMax},
    NumberLimit {"pipeline.watermarks.periodMs", 0, kNoMax},
    NumberLimit {"pipeline.watermarks.idlenessMs", 0, kNoMax},
    NumberLimit {"pipeline.watermarks.parallelism", 1, kMaxParallelism},
    // below watermarks.parallelism as well (a rule across fields)
    NumberLimit {"pipeline.watermarks.firstChannel", 0, kMaxParallelism - 1},
    NumberLimit {"pipeline.window.assigner.sizeMs", 1, kNoMax},
    NumberLimit {"pipeline.window.assigner.slideMs", 1, kNoMax},
    NumberLimit {"pipeline.window.assigner.gapMs", 1, kNoMax},
    NumberLimit {"pipeline.window.assigner.maxSizeMs", 1, kNoMax},
    NumberLimit {"pipeline.window.assigner.stepMs", 1, kNoMax},
    // within the size or slide in absolute value as well
    NumberLimit {"pipeline.window.assigner.offsetMs", kNoMin, kNoMax},
    NumberLimit {"pipeline.window.trigger.count", 1, kNoMax},
    NumberLimit {"pipeline.window.trigger.intervalMs", 1, kNoMax},
    NumberLimit {"pipeline.window.allowedLatenessMs", 0, kNoMax},
    NumberLimit {"pipeline.window.evictor.maxCount", 0, kNoMax},
    NumberLimit {"pipeline.window.evictor.keepMs", 0, kNoMax},
    NumberLimit {"pipeline.window.parallelism", 1, kMaxParallelism},
};

std::string q(std::string_view s)
{
    return jsonString(s);
}

std::string_view keyOf(std::string_view path)
{
    return path.substr(path.rfind('.') + 1);
}

// The words of a limit, as the scenario format has always said them: durations are "positive" or "non-negative",
// other unbounded numbers "of at least", bounded ones "between".
std::string outOfLimit(const NumberLimit& limit, std::int64_t value)
{
    const std::string key = q(keyOf(limit.path));
    const std::string found = ", found " + std::to_string(value);
    if (limit.max != kNoMax)
        return "expected " + key + " between " + std::to_string(limit.min) + " and " + std::to_string(limit.max)
            + found;
    if (keyOf(limit.path).ends_with("Ms") && limit.min == 1)
        return "expected a positive " + key + found;
    if (keyOf(limit.path).ends_with("Ms") && limit.min == 0)
        return "expected a non-negative " + key + found;
    return "expected " + key + " of at least " + std::to_string(limit.min) + found;
}

class Checker {
public:
    void within(std::string_view path, std::int64_t value)
    {
        const NumberLimit& limit = limitOf(path);
        if (value < limit.min || value > limit.max)
            add({std::string(path)}, outOfLimit(limit, value));
    }
    void add(std::vector<std::string> paths, std::string message)
    {
        m_found.push_back(Violation {std::move(paths), std::move(message)});
    }
    std::vector<Violation> take() { return std::move(m_found); }

private:
    std::vector<Violation> m_found;
};

// Flink's tumbling and sliding assigners refuse an offset whose absolute value reaches the size or slide.
void offsetWithin(Checker& c, const AssignerSpec& a, DurationMs limit, std::string_view limitName)
{
    if (limit > 0 && (a.offsetMs >= limit || a.offsetMs <= -limit)) {
        c.add({"pipeline.window.assigner.offsetMs"},
            "expected \"offsetMs\" between " + std::to_string(-(limit - 1)) + " and " + std::to_string(limit - 1)
                + " (less than " + q(limitName) + " in absolute value), found " + std::to_string(a.offsetMs));
    }
}

void checkAssigner(Checker& c, const AssignerSpec& a)
{
    switch (a.type) {
    case AssignerSpec::Type::Tumbling:
        c.within("pipeline.window.assigner.sizeMs", a.sizeMs);
        // TumblingEventTimeWindows.of refuses |offset| >= size.
        offsetWithin(c, a, a.sizeMs, "sizeMs");
        break;
    case AssignerSpec::Type::Sliding:
        c.within("pipeline.window.assigner.sizeMs", a.sizeMs);
        c.within("pipeline.window.assigner.slideMs", a.slideMs);
        // SlidingEventTimeWindows.of refuses |offset| >= slide.
        offsetWithin(c, a, a.slideMs, "slideMs");
        break;
    case AssignerSpec::Type::Session:
        c.within("pipeline.window.assigner.gapMs", a.gapMs);
        break;
    case AssignerSpec::Type::Global:
        break;
    case AssignerSpec::Type::Cumulate:
        c.within("pipeline.window.assigner.maxSizeMs", a.sizeMs);
        c.within("pipeline.window.assigner.stepMs", a.stepMs);
        // Flink's CumulativeSliceAssigner refuses a maxSize that is not a multiple of the step; it takes any offset.
        if (a.sizeMs > 0 && a.stepMs > 0 && a.sizeMs % a.stepMs != 0) {
            c.add({"pipeline.window.assigner.maxSizeMs"},
                "expected \"maxSizeMs\" to be a multiple of \"stepMs\" " + std::to_string(a.stepMs)
                    + " (Flink's CUMULATE window requires it), found " + std::to_string(a.sizeMs));
        }
        break;
    }
}

void checkWindow(Checker& c, const WindowConfig& w)
{
    if (w.keyBy && w.keyBy->empty())
        c.add({"pipeline.window.keyBy"}, "expected a field name or null for \"keyBy\", found \"\"");
    checkAssigner(c, w.assigner);
    if (w.trigger.type == TriggerSpec::Type::Count)
        c.within("pipeline.window.trigger.count", w.trigger.count);
    if (w.trigger.type == TriggerSpec::Type::ContinuousEventTime)
        c.within("pipeline.window.trigger.intervalMs", w.trigger.intervalMs);
    c.within("pipeline.window.allowedLatenessMs", w.allowedLatenessMs);
    if (w.evictor.type == EvictorSpec::Type::Count)
        c.within("pipeline.window.evictor.maxCount", w.evictor.maxCount);
    if (w.evictor.type == EvictorSpec::Type::Time)
        c.within("pipeline.window.evictor.keepMs", w.evictor.keepMs);
    c.within("pipeline.window.parallelism", w.parallelism);
    if (!w.keyBy && w.parallelism != 1) {
        c.add({"pipeline.window.parallelism"},
            "expected \"parallelism\" 1 for a window without \"keyBy\" (windowAll runs as one subtask), found "
                + std::to_string(w.parallelism));
    }
}

} // namespace

std::span<const NumberLimit> numberLimits()
{
    return kLimits;
}

const NumberLimit& limitOf(std::string_view path)
{
    for (const NumberLimit& l : kLimits) {
        if (l.path == path)
            return l;
    }
    throw std::logic_error("no limit for " + std::string(path));
}

std::vector<Violation> violations(const PipelineConfig& p)
{
    Checker c;
    c.within("pipeline.source.parallelism", p.sourceParallelism);
    if (p.kafka) {
        if (p.kafka->topic.empty())
            c.add({"pipeline.source.kafka.topic"}, "expected a topic name, found \"\"");
        c.within("pipeline.source.kafka.partitions", p.kafka->partitions);
    }

    const WatermarkConfig& w = p.watermarks;
    c.within("pipeline.watermarks.maxOutOfOrdernessMs", w.maxOutOfOrdernessMs);
    c.within("pipeline.watermarks.periodMs", w.periodMs);
    c.within("pipeline.watermarks.idlenessMs", w.idlenessMs);
    c.within("pipeline.watermarks.parallelism", w.parallelism);
    if (w.firstChannel < 0 || w.firstChannel >= w.parallelism) {
        c.add({"pipeline.watermarks.firstChannel"},
            "expected \"firstChannel\" between 0 and " + std::to_string(std::int64_t(w.parallelism) - 1)
                + " (watermarks.parallelism is " + std::to_string(w.parallelism) + "), found "
                + std::to_string(w.firstChannel));
    }

    checkWindow(c, p.window);

    if (p.kafka) {
        // The readers are the watermark channels.
        if (w.parallelism != p.sourceParallelism) {
            c.add({"pipeline.watermarks.parallelism"},
                "expected \"parallelism\" " + std::to_string(p.sourceParallelism)
                    + ": the watermarks of a Kafka source are made in or right after its readers (source.parallelism "
                    + std::to_string(p.sourceParallelism) + "), found " + std::to_string(w.parallelism));
        }
        if (w.partitioning != WatermarkConfig::Partitioning::Forward) {
            c.add({"pipeline.watermarks.partitioning"},
                "expected \"partitioning\" \"forward\": a Kafka source's records stay with the reader of their "
                "partition, found "
                    + q(io::detail::enumName(w.partitioning, io::kPartitionings)));
        }
        if (w.firstChannel != 0)
            c.add({"pipeline.watermarks.firstChannel"}, "\"firstChannel\" is for rebalance, not for a Kafka source");
        if (auto refused = kafkaStrategyRefusal(p))
            c.add({"pipeline.watermarks.strategy"}, std::move(*refused));
    }
    if (w.partitioning == WatermarkConfig::Partitioning::Forward && p.sourceParallelism != w.parallelism) {
        c.add({"pipeline.source.parallelism", "pipeline.watermarks.partitioning"},
            "\"forward\" partitioning needs source.parallelism equal to watermarks.parallelism ("
                + std::to_string(w.parallelism) + "), found " + std::to_string(p.sourceParallelism));
    }
    if (auto refused = refusedByFlinkVersion(p))
        c.add({"pipeline.window.assigner", "flinkVersion"}, std::move(*refused));
    return c.take();
}

std::optional<Violation> validate(const PipelineConfig& pipeline)
{
    auto all = violations(pipeline);
    if (all.empty())
        return std::nullopt;
    return std::move(all.front());
}

FunctionSpec defaultFunctionFor(const InputFileSpec& events)
{
    FunctionSpec f;
    f.type = events.value ? FunctionSpec::Type::List : FunctionSpec::Type::Count;
    f.field = "value";
    return f;
}

io::RecordRules recordRulesFor(const PipelineConfig& p)
{
    io::RecordRules rules;
    const auto& f = p.window.function;
    rules.requireValue
        = f.field == "value" && f.type != FunctionSpec::Type::Count && f.type != FunctionSpec::Type::List;
    const auto& w = p.watermarks;
    rules.watermarkChannelLimit = w.parallelism;
    rules.requireChannel = w.partitioning == WatermarkConfig::Partitioning::Channel;
    rules.channelLimit = w.partitioning == WatermarkConfig::Partitioning::Forward ? p.sourceParallelism : w.parallelism;
    if (p.kafka) {
        rules.partitionLimit = p.kafka->partitions;
    }
    return rules;
}

} // namespace tidemark::rules
