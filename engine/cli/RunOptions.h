#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Scenario.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::cli {

// A duration as `tidemark run` flags write it: an integer or decimal with a unit `ms`, `s`, `min` or `h`
// (`2s`, `500ms`, `1.5s`, `-8h`), or a plain number of milliseconds. It must come to a whole number of
// milliseconds within the 64-bit range. nullopt with the reason in *error ("expected a duration like 2s or
// 500ms, found \"2 seconds\"").
std::optional<DurationMs> parseDuration(std::string_view text, std::string* error);
// --arrivals' words: "event-time" (as they happened), "event-time:N" (N times faster), "N/s" (N records a second),
// "backlog" (all at once), or a duration between records ("250ms").
std::optional<ArrivalRule> parseArrivals(std::string_view text, std::string* error);
// The shortest way to write a duration in those units ("3s", "1500ms", "-8h").
std::string formatDuration(DurationMs ms);

// Everything `tidemark run` was asked for on its command line. Pipeline and input flags are kept as
// overrides: applied on top of a scenario, or of a new one when only --events is given.
struct RunOptions {
    std::string scenarioPath; // empty: none, the run is made from flags
    bool jsonl = false; // output format
    // --time-format: how the text output writes event times (the scenario's display otherwise: auto)
    std::optional<DisplaySettings::TimeFormat> timeFormat;
    bool explain = false;
    bool steps = false;
    enum class Streaming : std::uint8_t { Auto, Always, Never };
    Streaming streaming = Streaming::Auto;
    std::optional<std::string> saveScenarioPath;
    bool lenient = false;
    // --arrivals: when records without an arrival arrive (parseArrivals)
    std::optional<ArrivalRule> arrivals;

    // --- input ---
    std::optional<std::string> events; // the events file, relative to the working directory
    // What messages call the events when they are read from a copy (standard input, a pipe): "stdin".
    std::optional<std::string> eventsName;
    std::string eventsShownAs() const { return eventsName ? *eventsName : events.value_or(std::string()); }
    std::optional<InputFileSpec::Format> eventsFormat;
    // --fields, per field: (name, raw value); an empty value removes the field.
    std::vector<std::pair<std::string, std::string>> fields;
    std::optional<char> delimiter;
    std::optional<InputFileSpec::Header> header;
    std::optional<TimestampFormat::Unit> tsUnit;
    std::optional<std::string> tsPattern;
    std::optional<std::string> tsZone;

    // --- a live source instead of an events file (docs/live-sources.md) ---
    std::optional<std::string> socket; // --socket HOST:PORT, as socketTextStream(host, port)
    std::optional<std::int64_t> socketRetries; // --socket-retries N: socketTextStream's maxRetry
    std::optional<std::string> listen; // --listen [HOST:]PORT, as nc -lk PORT
    std::optional<DurationMs> untilIdle; // --until-idle SECONDS
    std::optional<std::string> forward; // --forward HOST:PORT
    std::optional<std::string> kafka; // --kafka BOOTSTRAP: a Kafka topic, read with librdkafka
    std::optional<std::string> topic; // --topic T
    bool kafkaFromLatest = false; // --from latest (default earliest)
    std::optional<Timestamp> kafkaFromTimestamp; // --from TIMESTAMP
    std::optional<std::uint64_t> maxRecords; // --max-records N
    std::optional<KafkaSourceSpec::Watermarks> kafkaWatermarks; // --kafka-watermarks per-partition|after-source
    bool live() const { return socket || listen || kafka; }
    // What a live run's source is called: the endpoint, or kafka://BOOTSTRAP/TOPIC.
    std::string liveName() const
    {
        return socket ? *socket : listen ? *listen : kafka ? "kafka://" + *kafka + "/" + topic.value_or("") : "";
    }

    // --- pipeline ---
    std::optional<AssignerSpec> assigner; // --tumbling / --sliding / --session / --global
    std::string assignerFlag; // which of them, for messages
    std::optional<DurationMs> offset;
    std::optional<WatermarkConfig::Strategy> strategy;
    std::optional<FlinkVersion> flinkVersion;
    std::optional<DurationMs> outOfOrderness;
    std::optional<WatermarkConfig::Emission> emission;
    std::optional<DurationMs> period;
    std::optional<DurationMs> idleness;
    std::optional<DurationMs> lateness;
    bool sideOutput = false;
    std::optional<int> parallelism;
    std::optional<int> windowParallelism;
    std::optional<int> sourceParallelism;
    std::optional<WatermarkConfig::Partitioning> partitioning;
    std::optional<int> firstChannel;
    std::optional<std::string> keyBy; // "none" = windowAll
    std::optional<std::string> function; // raw "sum:amount"
    std::optional<TriggerSpec> trigger;
    bool purging = false;
    std::optional<EndOfInput> endOfInput;

    // The flags after `run`, as given (for a saved scenario's description).
    std::vector<std::string> arguments;

    bool hasOverrides() const;
};

struct ParsedArguments {
    std::optional<RunOptions> options; // empty on a usage error, --help, --version or --list-examples
    // Asked for instead of a run: these print and exit 0.
    enum class Info : std::uint8_t { None, Help, Version, ListExamples };
    Info info = Info::None;
    std::string error; // the usage error, without the "tidemark run: " prefix
};

// Parses the arguments after the program name (a leading "run" is skipped). Flags take their value as the
// next argument or after `=` (`--lateness=2s`).
ParsedArguments parseRunArguments(const std::vector<std::string_view>& args);

// The scenario to run: `base` (loaded from the scenario file, or a default one) with the options applied.
// `inputBase` is where base's event file is resolved from; when --events names a file it becomes the
// working directory. On a usage error (a flag that does not fit) `error` says why.
struct AppliedScenario {
    std::optional<Scenario> scenario;
    std::filesystem::path inputBase;
    std::string error;
    // The events file refused before a record was read (missing, empty, a line over the limit): "FILE:…: why".
    std::string inputRefused;
    // Set when --events came without --fields: how the file's first lines were read (io::guessInputFileSpec),
    // one line for stderr so that the guess is never silent.
    std::string guessedInput;
};
AppliedScenario applyRunOptions(
    std::optional<Scenario> base, std::filesystem::path inputBase, const RunOptions& options);

// The scenario as it would be saved to `outPath`: an event file (a chain's or a graph source's) is referenced
// relative to outPath's folder.
Scenario scenarioForSaving(
    Scenario scenario, const std::filesystem::path& inputBase, const std::filesystem::path& outPath);

} // namespace tidemark::cli
