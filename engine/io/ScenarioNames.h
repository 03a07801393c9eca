#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Scenario.h"

#include <array>
#include <string_view>

namespace tidemark::io {

// The words scenario files and `tidemark run` flags use for the pipeline's choices: one table each, so
// that the file format and the command line can never drift apart.
template <class E> struct EnumName {
    E value;
    std::string_view name;
};

inline constexpr std::array<EnumName<WatermarkConfig::Strategy>, 4> kStrategies {{
    {WatermarkConfig::Strategy::BoundedOutOfOrderness, "bounded-out-of-orderness"},
    {WatermarkConfig::Strategy::Monotonous, "monotonous"},
    {WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness, "legacy-bounded-out-of-orderness"},
    {WatermarkConfig::Strategy::Input, "input"},
}};
inline constexpr std::array<EnumName<WatermarkConfig::Emission>, 2> kEmits {{
    {WatermarkConfig::Emission::PerEvent, "per-event"},
    {WatermarkConfig::Emission::Periodic, "periodic"},
}};
inline constexpr std::array<EnumName<WatermarkConfig::Partitioning>, 3> kPartitionings {{
    {WatermarkConfig::Partitioning::Rebalance, "rebalance"},
    {WatermarkConfig::Partitioning::Forward, "forward"},
    {WatermarkConfig::Partitioning::Channel, "channel"},
}};
inline constexpr std::array<EnumName<KafkaSourceSpec::Watermarks>, 2> kKafkaWatermarks {{
    {KafkaSourceSpec::Watermarks::PerPartition, "per-partition"},
    {KafkaSourceSpec::Watermarks::AfterSource, "after-source"},
}};
inline constexpr std::array<EnumName<FunctionSpec::Type>, 6> kFunctions {{
    {FunctionSpec::Type::Count, "count"},
    {FunctionSpec::Type::Sum, "sum"},
    {FunctionSpec::Type::Min, "min"},
    {FunctionSpec::Type::Max, "max"},
    {FunctionSpec::Type::Avg, "avg"},
    {FunctionSpec::Type::List, "list"},
}};
// A job graph's operators (docs/job-graph.md) and the process functions they run.
inline constexpr std::array<EnumName<GraphOperator::Kind>, 9> kOperatorKinds {{
    {GraphOperator::Kind::Union, "union"},
    {GraphOperator::Kind::Window, "window"},
    {GraphOperator::Kind::Process, "process"},
    {GraphOperator::Kind::IntervalJoin, "interval-join"},
    {GraphOperator::Kind::CoProcess, "co-process"},
    {GraphOperator::Kind::BroadcastProcess, "broadcast-process"},
    {GraphOperator::Kind::WindowJoin, "window-join"},
    {GraphOperator::Kind::CoGroup, "co-group"},
    {GraphOperator::Kind::Watermarks, "watermarks"},
}};
inline constexpr std::array<EnumName<ProcessFunctionSpec::Type>, 6> kProcessFunctions {{
    {ProcessFunctionSpec::Type::EventTimeTimeout, "event-time-timeout"},
    {ProcessFunctionSpec::Type::SortUntilWatermark, "sort-until-watermark"},
    {ProcessFunctionSpec::Type::UnmatchedTimeout, "unmatched-timeout"},
    {ProcessFunctionSpec::Type::RuleTimeout, "rule-timeout"},
    {ProcessFunctionSpec::Type::PeriodicCount, "periodic-count"},
    {ProcessFunctionSpec::Type::ProcessingTimeTimeout, "processing-time-timeout"},
}};

inline constexpr std::array<EnumName<EndOfInput>, 3> kEndOfInputs {{
    {EndOfInput::None, "none"},
    {EndOfInput::MaxWatermark, "max-watermark"},
    {EndOfInput::Drain, "drain"},
}};
inline constexpr std::array<EnumName<InputFileSpec::Format>, 3> kFormats {{
    {InputFileSpec::Format::Csv, "csv"},
    {InputFileSpec::Format::Text, "text"},
    {InputFileSpec::Format::Jsonl, "jsonl"},
}};
inline constexpr std::array<EnumName<TimestampFormat::Unit>, 2> kUnits {{
    {TimestampFormat::Unit::Milliseconds, "ms"},
    {TimestampFormat::Unit::Seconds, "s"},
}};

inline constexpr std::array<EnumName<AssignerSpec::Type>, 5> kAssigners {{
    {AssignerSpec::Type::Tumbling, "tumbling"},
    {AssignerSpec::Type::Sliding, "sliding"},
    {AssignerSpec::Type::Session, "session"},
    {AssignerSpec::Type::Global, "global"},
    {AssignerSpec::Type::Cumulate, "cumulate"},
}};
inline constexpr std::array<EnumName<TimeDomain>, 2> kTimeDomains {{
    {TimeDomain::Event, "event"},
    {TimeDomain::Processing, "processing"},
}};
inline constexpr std::array<EnumName<TriggerSpec::Type>, 7> kTriggers {{
    {TriggerSpec::Type::Default, "default"},
    {TriggerSpec::Type::EventTime, "event-time"},
    {TriggerSpec::Type::ProcessingTime, "processing-time"},
    {TriggerSpec::Type::Count, "count"},
    {TriggerSpec::Type::ContinuousEventTime, "continuous-event-time"},
    {TriggerSpec::Type::Never, "never"},
    {TriggerSpec::Type::EndOfStream, "end-of-stream"},
}};
inline constexpr std::array<EnumName<EvictorSpec::Type>, 3> kEvictors {{
    {EvictorSpec::Type::Count, "count"},
    {EvictorSpec::Type::Time, "time"},
    {EvictorSpec::Type::Delta, "delta"},
}};
inline constexpr std::array<EnumName<DisplaySettings::TimeFormat>, 4> kTimeFormats {{
    {DisplaySettings::TimeFormat::EpochMs, "epoch-ms"},
    {DisplaySettings::TimeFormat::DateTime, "datetime"},
    {DisplaySettings::TimeFormat::Relative, "relative"},
    {DisplaySettings::TimeFormat::Auto, "auto"},
}};

} // namespace tidemark::io
