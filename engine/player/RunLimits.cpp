#include "engine/player/RunLimits.h"

#include "engine/player/TimeFormat.h"

#include <algorithm>

namespace tidemark {

namespace {

// 158000000 -> "158,000,000"
std::string grouped(std::uint64_t n)
{
    std::string digits = std::to_string(n);
    for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

// A long span of processing time in the largest unit that keeps it readable: "3.2 years", "23 days".
std::string span(Timestamp ms)
{
    constexpr double kDay = 86'400'000.0;
    const double days = static_cast<double>(ms) / kDay;
    auto oneDecimal = [](double v) {
        const auto tenths = static_cast<std::int64_t>(v * 10 + 0.5);
        return std::to_string(tenths / 10) + (tenths % 10 != 0 ? "." + std::to_string(tenths % 10) : "");
    };
    if (days >= 365.25)
        return oneDecimal(days / 365.25) + " years";
    if (days >= 1)
        return oneDecimal(days) + " days";
    return oneDecimal(static_cast<double>(ms) / 3'600'000.0) + " hours";
}

} // namespace

Timestamp runHorizon(const WatermarkConfig& watermarks, Timestamp lastArrival)
{
    // Saturating sums of non-negative durations: a horizon past Long.MAX_VALUE is Long.MAX_VALUE.
    auto add = [](Timestamp a, DurationMs b) { return a > kMaxTimestamp - b ? kMaxTimestamp : a + b; };
    const DurationMs period = std::max<DurationMs>(0, watermarks.periodMs);
    DurationMs tail = period;
    if (watermarks.idlenessMs > 0)
        tail = add(add(add(watermarks.idlenessMs, period), period), period);
    return add(lastArrival, tail);
}

std::uint64_t periodicEmissions(const WatermarkConfig& watermarks, Timestamp horizon)
{
    if (watermarks.periodMs <= 0 || horizon < watermarks.periodMs)
        return 0;
    return static_cast<std::uint64_t>(horizon / watermarks.periodMs);
}

std::optional<std::string> periodicEmissionExcess(
    const WatermarkConfig& watermarks, Timestamp horizon, std::size_t records, const PeriodicEmissionBudget& budget)
{
    const std::uint64_t emissions = periodicEmissions(watermarks, horizon);
    const std::uint64_t allowed = budget.allowed(records);
    if (emissions <= allowed)
        return std::nullopt;
    return "the records' arrivals span " + span(horizon) + " of processing time: a periodic watermark every "
        + std::to_string(watermarks.periodMs) + " ms makes that " + grouped(emissions)
        + " emissions per channel, more than the " + grouped(allowed) + " a run of " + grouped(records)
        + " records may take (" + std::to_string(budget.perRecord) + " per record, at least " + grouped(budget.atLeast)
        + "); give the records closer \"arrival\" times or a longer \"periodMs\"";
}

std::uint64_t windowsPerRecord(const AssignerSpec& assigner)
{
    if (assigner.type == AssignerSpec::Type::Cumulate && assigner.stepMs > 0 && assigner.sizeMs > 0)
        return static_cast<std::uint64_t>(assigner.sizeMs / assigner.stepMs);
    if (assigner.type != AssignerSpec::Type::Sliding || assigner.slideMs <= 0 || assigner.sizeMs <= 0)
        return 1;
    const auto size = static_cast<std::uint64_t>(assigner.sizeMs);
    const auto slide = static_cast<std::uint64_t>(assigner.slideMs);
    return size / slide + (size % slide != 0 ? 1 : 0);
}

std::uint64_t firingsPerWindow(const WindowConfig& window)
{
    const AssignerSpec& a = window.assigner;
    if (window.trigger.type != TriggerSpec::Type::ContinuousEventTime)
        return 1;
    const bool fixedSize = a.type == AssignerSpec::Type::Tumbling || a.type == AssignerSpec::Type::Sliding
        || a.type == AssignerSpec::Type::Cumulate;
    if (!fixedSize || a.sizeMs <= 0 || window.trigger.intervalMs <= 0)
        return 0;
    const auto size = static_cast<std::uint64_t>(a.sizeMs);
    const auto interval = static_cast<std::uint64_t>(window.trigger.intervalMs);
    return size / interval + (size % interval != 0 ? 1 : 0);
}

std::optional<std::string> windowSettingsExcess(const WindowConfig& window)
{
    const AssignerSpec& a = window.assigner;
    // the shortest step that stays within `limit` pieces of the window's size
    const auto shortest = [&](std::uint64_t limit) {
        return TimeFormatter::duration((a.sizeMs + DurationMs(limit) - 1) / DurationMs(limit));
    };
    const std::string size = TimeFormatter::duration(a.sizeMs);
    if (const std::uint64_t windows = windowsPerRecord(a);
        windows > kMaxWindowsPerRecord && a.type == AssignerSpec::Type::Cumulate) {
        return "cumulate windows of up to " + size + " every " + TimeFormatter::duration(a.stepMs)
            + " put a record into up to " + grouped(windows) + " windows, each with its own state and timers: more "
            + "than the " + grouped(kMaxWindowsPerRecord) + " windows per record a run may take; give a step of at "
            + "least " + shortest(kMaxWindowsPerRecord) + " for windows of up to " + size + ", or shorter windows";
    }
    if (const std::uint64_t windows = windowsPerRecord(a); windows > kMaxWindowsPerRecord) {
        return "sliding windows of " + size + " every " + TimeFormatter::duration(a.slideMs) + " put every record into "
            + grouped(windows) + " windows, each with its own state and timers: more than the "
            + grouped(kMaxWindowsPerRecord) + " windows per record a run may take; give a slide of at least "
            + shortest(kMaxWindowsPerRecord) + " for windows of " + size + ", or shorter windows";
    }
    if (const std::uint64_t firings = firingsPerWindow(window); firings > kMaxFiringsPerWindow) {
        return "a continuous-event-time trigger every " + TimeFormatter::duration(window.trigger.intervalMs)
            + " fires each window of " + size + " up to " + grouped(firings) + " times: more than the "
            + grouped(kMaxFiringsPerWindow) + " firings per window a run may take; give an interval of at least "
            + shortest(kMaxFiringsPerWindow) + " for windows of " + size + ", or shorter windows";
    }
    return std::nullopt;
}

std::optional<std::string> kafkaStrategyRefusal(const PipelineConfig& pipeline)
{
    if (!pipeline.kafka || !pipeline.kafka->perPartition()
        || pipeline.watermarks.strategy != WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness)
        return std::nullopt;
    return "\"legacy-bounded-out-of-orderness\" makes no watermark per partition: Flink gives every split of a reader "
           "the one BoundedOutOfOrdernessTimestampExtractor; use \"bounded-out-of-orderness\", or \"watermarks\": "
           "\"after-source\" in the Kafka source";
}

std::optional<std::string> upFrontRefusal(const PipelineConfig& pipeline)
{
    if (auto refused = refusedByFlinkVersion(pipeline))
        return refused;
    if (auto refused = kafkaStrategyRefusal(pipeline))
        return refused;
    return windowSettingsExcess(pipeline.window);
}

} // namespace tidemark
