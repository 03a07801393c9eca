#include "engine/cli/RunOptions.h"

#include "engine/cli/OptionWords.h"
#include "engine/io/EventFileHead.h"
#include "engine/io/GuessSpec.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/Timestamps.h"
#include "engine/live/KafkaSource.h"
#include "engine/player/EventQueue.h"

#include <algorithm>
#include <fstream>

namespace tidemark::cli {

using namespace detail;

// Applying the options: the scenario that `tidemark run`'s flags make, or make of a scenario file.

namespace {

struct Failed {
    std::string message;
};

// The events file cannot be read at all: not a usage error, the input's own.
struct InputRefused {
    std::string message;
};

std::string formatName(InputFileSpec::Format f)
{
    for (const auto& n : kFormats) {
        if (n.value == f)
            return std::string(n.name);
    }
    return "csv";
}

// One column or field: a number is a column index, anything else a name (format permitting).
FieldRef fieldRef(std::string_view text, std::string_view field, InputFileSpec::Format format, const char* flag)
{
    FieldRef ref;
    if (allDigits(text)) {
        if (format == InputFileSpec::Format::Jsonl)
            throw Failed {std::string(flag) + ": JSON lines fields are chosen by name, found column "
                + std::string(text) + " for " + std::string(field)};
        const auto v = parseInteger(text);
        if (!v || *v >= (1 << 20))
            throw Failed {std::string(flag) + ": expected a column index below 1048576, found " + excerpt(text)};
        ref.index = static_cast<std::int32_t>(*v);
        return ref;
    }
    if (format == InputFileSpec::Format::Text)
        throw Failed {std::string(flag) + ": text columns are chosen by number, found " + excerpt(text) + " for "
            + std::string(field)};
    if (format == InputFileSpec::Format::Jsonl
        && (text.front() == '.' || text.back() == '.' || text.find("..") != std::string_view::npos))
        throw Failed {std::string(flag) + ": expected a field name or a dotted path like a.b, found " + excerpt(text)};
    ref.name = std::string(text);
    return ref;
}

std::vector<FieldRef> keyRefs(std::string_view text, InputFileSpec::Format format, const char* flag)
{
    std::vector<FieldRef> refs;
    std::size_t start = 0;
    while (true) {
        const std::size_t plus = std::min(text.find('+', start), text.size());
        const std::string_view part = text.substr(start, plus - start);
        if (part.empty())
            throw Failed {std::string(flag) + ": expected fields joined by + like a+b, found " + excerpt(text)};
        refs.push_back(fieldRef(part, "key", format, flag));
        if (plus == text.size())
            break;
        start = plus + 1;
    }
    return refs;
}

bool sameRef(const FieldRef& a, const FieldRef& b)
{
    return a.index == b.index && a.name == b.name;
}

std::string refText(const FieldRef& r)
{
    return r.isIndex() ? std::to_string(r.index) : r.name;
}

// The first lines of an events file, as much as the guesser looks at; empty when it cannot be read (the
// loader says why later).
// The file's first lines, for the layout guess; a file refused at the door (missing, empty, a line over the limit)
// is refused here, before anything is guessed from it.
std::string headOf(const RunOptions& o)
{
    constexpr int kLines = 40;
    io::EventFileHead head = io::readEventFileHead(*o.events, kLines, o.eventsShownAs());
    if (head.refusal)
        throw InputRefused {head.refusal->toString()};
    return std::move(head.text);
}

std::string describeGuess(const InputFileSpec& spec)
{
    std::string text = formatName(spec.format);
    if (spec.format == InputFileSpec::Format::Csv) {
        text += spec.delimiter == '\t' ? std::string(", tab-separated")
                                       : ", delimiter '" + std::string(1, spec.delimiter) + "'";
        text += spec.header == InputFileSpec::Header::Present ? ", with a header line" : ", no header line";
    }
    std::string fields;
    auto add = [&fields](const std::string& name, const std::string& ref) {
        fields += (fields.empty() ? "" : ",") + name + "=" + ref;
    };
    std::string key;
    for (const FieldRef& k : spec.key)
        key += (key.empty() ? "" : "+") + refText(k);
    if (!key.empty())
        add("key", key);
    add("ts", refText(spec.ts));
    if (spec.value)
        add("value", refText(*spec.value));
    if (spec.arrival)
        add("arrival", refText(*spec.arrival));
    if (spec.channel)
        add("channel", refText(*spec.channel));
    text += "; --fields " + fields;
    if (!spec.timestamp.pattern.empty())
        text += " --ts-pattern \"" + spec.timestamp.pattern + "\"";
    else if (spec.timestamp.unit == TimestampFormat::Unit::Seconds)
        text += " --ts-unit s";
    if (!spec.timestamp.zone.empty())
        text += " --ts-zone " + spec.timestamp.zone;
    return text;
}

void applyInput(Scenario& s, std::filesystem::path& inputBase, const RunOptions& o, std::string& guessed)
{
    const bool shapes
        = o.eventsFormat || !o.fields.empty() || o.delimiter || o.header || o.tsUnit || o.tsPattern || o.tsZone;
    if (o.events) {
        if (!s.inputFile && o.fields.empty()) {
            // No mapping given: read the file's first lines the way the app's import dialog does, and say so.
            io::GuessBasis basis;
            InputFileSpec spec = io::guessInputFileSpec(headOf(o), o.eventsShownAs(), &basis);
            if (o.eventsFormat && *o.eventsFormat != spec.format)
                throw Failed {"--events: " + excerpt(o.eventsShownAs()) + " does not read as "
                    + formatName(*o.eventsFormat)
                    + " by itself; give --fields to say which columns hold key, value and ts, like "
                    + std::string(*o.eventsFormat == InputFileSpec::Format::Jsonl ? "--fields key=id,value=temp,ts=time"
                                                                                  : "--fields key=0,ts=1")};
            guessed = o.eventsShownAs() + ": read as " + describeGuess(spec) + " (guessed from its first "
                + std::to_string(basis.lines) + " lines"
                + (basis.setAside > 0 ? ", " + std::to_string(basis.setAside) + " more set aside as of another shape"
                                      : std::string())
                + ")";
            if (!spec.arrival) {
                // made-up processing time: say which, so that it is chosen knowingly
                guessed += "; no arrival column: records arrive " + describeArrivals(o.arrivals.value_or(s.arrivals))
                    + " (--arrivals event-time, N/s or backlog chooses another)";
            }
            s.inputFile = std::move(spec);
        } else if (!s.inputFile) {
            s.inputFile = InputFileSpec {};
            const auto format = o.eventsFormat ? o.eventsFormat : io::formatFromExtension(o.eventsShownAs());
            if (!format)
                throw Failed {"--events: cannot tell the format of " + excerpt(o.eventsShownAs())
                    + " from its extension; give --events-format csv, text or jsonl"};
            s.inputFile->format = *format;
        }
        s.inputFile->file = *o.events;
        s.records.clear();
        inputBase = std::filesystem::path();
    } else if (o.live()) {
        // Lines are read as the scenario's events file is; options only: as the given format and fields, or as
        // the typed-line default (CSV "key,timestamp[,value]").
        if (o.kafka) {
            // Each record is one JSON line (live::KafkaSource): its own timestamp, key, partition and offset by
            // default; --fields may take them from the value instead (ts=value.time, key=columns.0).
            s.inputFile = live::KafkaSource::recordSpec();
        } else if (!s.inputFile) {
            InputFileSpec spec = io::liveLineSpec(s);
            if (o.eventsFormat || !o.fields.empty()) {
                spec = InputFileSpec {};
                spec.format = o.eventsFormat.value_or(InputFileSpec::Format::Csv);
            }
            s.inputFile = std::move(spec);
        }
        s.inputFile->file = o.liveName();
        s.records.clear();
    } else if (shapes && !s.inputFile) {
        throw Failed {"the input options (--events-format, --fields, --delimiter, --header, --ts-…) describe an "
                      "events file; give one with --events FILE"};
    }
    if (!s.inputFile)
        return;
    InputFileSpec& spec = *s.inputFile;
    if (o.eventsFormat)
        spec.format = *o.eventsFormat;
    const bool csv = spec.format == InputFileSpec::Format::Csv;
    for (const auto& [name, text] : o.fields) {
        if (name == "key")
            spec.key = text.empty() ? std::vector<FieldRef> {} : keyRefs(text, spec.format, "--fields");
        else if (name == "ts")
            spec.ts = fieldRef(text, name, spec.format, "--fields");
        else {
            auto& slot = name == "value" ? spec.value : name == "arrival" ? spec.arrival : spec.channel;
            if (text.empty())
                slot.reset();
            else
                slot = fieldRef(text, name, spec.format, "--fields");
        }
    }
    if (spec.ts.index < 0 && spec.ts.name.empty())
        throw Failed {"--fields: missing ts, the column or field of the event timestamp (like ts=1 or ts=time)"};
    if (o.delimiter) {
        if (!csv)
            throw Failed {"--delimiter applies only to csv events, but the format is " + formatName(spec.format)};
        spec.delimiter = *o.delimiter;
    }
    if (o.header) {
        if (!csv)
            throw Failed {std::string(*o.header == InputFileSpec::Header::Present ? "--header" : "--no-header")
                + " applies only to csv events, but the format is " + formatName(spec.format)};
        spec.header = *o.header;
    }
    if (!csv)
        spec.header = InputFileSpec::Header::Detect; // a csv spec's header means nothing to other formats
    if (o.tsPattern) {
        spec.timestamp.pattern = *o.tsPattern;
        spec.timestamp.unit = TimestampFormat::Unit::Milliseconds;
    }
    if (o.tsUnit) {
        if (!spec.timestamp.pattern.empty())
            throw Failed {"--ts-unit applies to numeric timestamps; it cannot be used with a pattern ("
                + excerpt(spec.timestamp.pattern) + ")"};
        spec.timestamp.unit = *o.tsUnit;
    }
    if (o.tsZone)
        spec.timestamp.zone = *o.tsZone;
    // Every field must fit the (possibly new) format.
    const auto recheck = [&](const FieldRef& r, std::string_view name) {
        if (r.isIndex())
            fieldRef(std::to_string(r.index), name, spec.format, "--events-format");
        else
            fieldRef(r.name, name, spec.format, "--events-format");
    };
    for (const FieldRef& k : spec.key)
        recheck(k, "key");
    recheck(spec.ts, "ts");
    if (spec.value)
        recheck(*spec.value, "value");
    if (spec.arrival)
        recheck(*spec.arrival, "arrival");
    if (spec.channel)
        recheck(*spec.channel, "channel");
}

void applyFunction(Scenario& s, const RunOptions& o, bool newScenario)
{
    FunctionSpec& f = s.pipeline.window.function;
    if (!o.function) {
        if (newScenario)
            f = rules::defaultFunctionFor(s.inputFile.value_or(InputFileSpec {}));
        return;
    }
    const std::string_view text = *o.function;
    const auto colon = text.find(':');
    std::string error;
    f.type = *lookup(text.substr(0, colon), kFunctions, &error);
    f.field = "value";
    if (colon == std::string_view::npos)
        return;
    const std::string field(text.substr(colon + 1));
    if (field == "value" || field == "ts") {
        f.field = field;
        return;
    }
    // Any other field is a column or field of the events file: it becomes the records' value.
    if (!s.inputFile)
        throw Failed {"--function: inline records carry value and ts, found " + excerpt(field)
            + "; use value or ts, or run an events file"};
    const FieldRef ref = fieldRef(field, "value", s.inputFile->format, "--function");
    if (s.inputFile->value && !sameRef(*s.inputFile->value, ref)) {
        const bool fromFlags
            = std::any_of(o.fields.begin(), o.fields.end(), [](const auto& p) { return p.first == "value"; });
        if (fromFlags)
            throw Failed {"--function " + std::string(text) + " reads " + excerpt(field)
                + ", but --fields maps value to " + excerpt(refText(*s.inputFile->value)) + "; give one of them"};
    }
    s.inputFile->value = ref;
}

void applyKeyBy(Scenario& s, const RunOptions& o, bool newScenario)
{
    WindowConfig& w = s.pipeline.window;
    if (!o.keyBy) {
        if (newScenario)
            w.keyBy = s.inputFile && !s.inputFile->key.empty() ? std::optional<std::string>("key") : std::nullopt;
        return;
    }
    if (*o.keyBy == "none") {
        w.keyBy.reset();
        return;
    }
    if (!s.inputFile) {
        if (*o.keyBy != "key")
            throw Failed {"--key-by: inline records have their key in \"key\", found " + excerpt(*o.keyBy)
                + "; use --key-by key or none"};
        w.keyBy = "key";
        return;
    }
    const bool keyFromFlags
        = std::any_of(o.fields.begin(), o.fields.end(), [](const auto& p) { return p.first == "key"; });
    if (*o.keyBy == "key" && !s.inputFile->key.empty()) {
        w.keyBy = "key";
        return;
    }
    const std::vector<FieldRef> refs = keyRefs(*o.keyBy, s.inputFile->format, "--key-by");
    const auto& current = s.inputFile->key;
    const bool same
        = current.size() == refs.size() && std::equal(current.begin(), current.end(), refs.begin(), sameRef);
    if (keyFromFlags && !same && !current.empty())
        throw Failed {"--key-by " + *o.keyBy + " and --fields key=… name different keys; give one of them"};
    s.inputFile->key = refs;
    w.keyBy = *o.keyBy;
}

// The flag that set a field of the pipeline, for a rule it breaks: the first of the rule's fields that a flag given
// set, else the flag that would set the first.
std::string flagOf(const rules::Violation& v, const RunOptions& o)
{
    const auto flagFor = [&o](std::string_view path) -> std::pair<std::string, bool> {
        if (path == "pipeline.source.parallelism")
            return o.sourceParallelism ? std::pair {"--source-parallelism", true}
                                       : std::pair {"--parallelism", o.parallelism.has_value()};
        if (path == "pipeline.watermarks.parallelism")
            return {"--parallelism", o.parallelism.has_value()};
        if (path == "pipeline.watermarks.firstChannel")
            return {"--first-channel", o.firstChannel.has_value()};
        if (path == "pipeline.watermarks.partitioning")
            return {"--partitioning", o.partitioning.has_value()};
        if (path == "pipeline.watermarks.strategy")
            return {"--strategy", o.strategy.has_value()};
        if (path == "pipeline.watermarks.maxOutOfOrdernessMs")
            return {"--out-of-orderness", o.outOfOrderness.has_value()};
        if (path == "pipeline.watermarks.periodMs")
            return {"--period", o.period.has_value()};
        if (path == "pipeline.watermarks.idlenessMs")
            return {"--idleness", o.idleness.has_value()};
        if (path == "pipeline.window.parallelism")
            return o.windowParallelism ? std::pair {"--window-parallelism", true}
                                       : std::pair {"--parallelism", o.parallelism.has_value()};
        if (path == "pipeline.window.allowedLatenessMs")
            return {"--lateness", o.lateness.has_value()};
        if (path == "pipeline.window.keyBy")
            return {"--key-by", o.keyBy.has_value()};
        if (path == "pipeline.window.assigner.offsetMs")
            return {"--offset", o.offset.has_value()};
        if (path.starts_with("pipeline.window.trigger"))
            return {"--trigger", o.trigger.has_value()};
        if (path.starts_with("pipeline.source.kafka"))
            return {"--topic", o.kafka.has_value()};
        if (path == "flinkVersion")
            return {"--flink-version", o.flinkVersion.has_value()};
        if (path.starts_with("pipeline.window.assigner"))
            return {o.assigner ? o.assignerFlag : std::string("--tumbling"), o.assigner.has_value()};
        return {"the scenario", false};
    };
    for (const std::string& path : v.paths) {
        if (auto [flag, given] = flagFor(path); given)
            return flag;
    }
    return flagFor(v.path()).first;
}

void applyPipeline(Scenario& s, const RunOptions& o, bool newScenario)
{
    PipelineConfig& p = s.pipeline;
    WatermarkConfig& wm = p.watermarks;
    WindowConfig& w = p.window;
    if (o.assigner) {
        const TimeDomain domain = w.assigner.timeDomain;
        w.assigner = *o.assigner;
        w.assigner.timeDomain = o.assigner->type == AssignerSpec::Type::Global ? TimeDomain::Event : domain;
    } else if (newScenario) {
        throw Failed {
            "no window given: pass --tumbling SIZE, --sliding SIZE/SLIDE, --cumulate MAX/STEP, --session GAP or "
            "--global"};
    }
    if (o.offset) {
        const auto type = w.assigner.type;
        if (type != AssignerSpec::Type::Tumbling && type != AssignerSpec::Type::Sliding
            && type != AssignerSpec::Type::Cumulate)
            throw Failed {"--offset applies to tumbling, sliding and cumulate windows"};
        w.assigner.offsetMs = *o.offset;
    }
    if (o.strategy)
        wm.strategy = *o.strategy;
    if (o.flinkVersion)
        p.flinkVersion = *o.flinkVersion;
    if (o.outOfOrderness)
        wm.maxOutOfOrdernessMs = *o.outOfOrderness;
    if (o.emission)
        wm.emission = *o.emission;
    if (o.period)
        wm.periodMs = *o.period;
    if (o.idleness)
        wm.idlenessMs = *o.idleness;
    if (o.lateness)
        w.allowedLatenessMs = *o.lateness;
    if (o.sideOutput)
        w.lateSideOutput = true;
    if (o.trigger)
        w.trigger = *o.trigger;
    if (o.purging)
        w.purging = true;
    if (o.endOfInput)
        p.endOfInput = *o.endOfInput;
    applyKeyBy(s, o, newScenario);
    applyFunction(s, o, newScenario);

    // env.setParallelism: every operator of the job, the window too unless it is windowAll.
    if (o.parallelism) {
        wm.parallelism = *o.parallelism;
        w.parallelism = *o.parallelism;
    }
    if (o.windowParallelism)
        w.parallelism = *o.windowParallelism;
    if (!w.keyBy && !o.windowParallelism)
        w.parallelism = 1; // env.setParallelism leaves windowAll at one subtask
    if (o.partitioning)
        wm.partitioning = *o.partitioning;
    if (o.sourceParallelism)
        p.sourceParallelism = *o.sourceParallelism;
    else if (wm.partitioning == WatermarkConfig::Partitioning::Forward)
        p.sourceParallelism = wm.parallelism; // forward needs one source subtask per channel
    if (o.kafka) {
        // The readers are the channels; the partition count comes from the broker when the run starts.
        p.kafka = KafkaSourceSpec {*o.topic, 1, o.kafkaWatermarks.value_or(KafkaSourceSpec::Watermarks::PerPartition)};
        if (!o.sourceParallelism)
            p.sourceParallelism = wm.parallelism;
        if (!o.partitioning)
            wm.partitioning = WatermarkConfig::Partitioning::Forward;
        wm.firstChannel = 0;
    }
    if (o.firstChannel)
        wm.firstChannel = *o.firstChannel;
    else if (wm.firstChannel >= wm.parallelism)
        wm.firstChannel = 0; // the scenario's start channel no longer exists at the new parallelism

    if (const auto broken = rules::validate(p))
        throw Failed {flagOf(*broken, o) + ": " + broken->message};
}

} // namespace

AppliedScenario applyRunOptions(std::optional<Scenario> base, std::filesystem::path inputBase, const RunOptions& o)
{
    AppliedScenario result;
    const bool newScenario = !base.has_value();
    Scenario s = newScenario ? Scenario {} : std::move(*base);
    try {
        if (newScenario) {
            s.name = o.events ? std::filesystem::path(o.eventsShownAs()).filename().string()
                : o.live()    ? "live " + o.liveName()
                              : std::string();
            std::string line = "tidemark run";
            for (const auto& a : o.arguments)
                line += " " + a;
            s.description = "Made with: " + line;
        }
        applyInput(s, inputBase, o, result.guessedInput);
        applyPipeline(s, o, newScenario);
        if (o.lenient)
            s.lenient = true;
        if (o.arrivals)
            s.arrivals = *o.arrivals;
        if (o.timeFormat)
            s.display.timeFormat = *o.timeFormat;
    } catch (const Failed& f) {
        result.error = f.message;
        return result;
    } catch (const InputRefused& f) {
        result.inputRefused = f.message;
        return result;
    }
    result.scenario = std::move(s);
    result.inputBase = std::move(inputBase);
    return result;
}

Scenario scenarioForSaving(Scenario s, const std::filesystem::path& inputBase, const std::filesystem::path& outPath)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::absolute(outPath, ec).lexically_normal().parent_path();
    const auto rebase = [&](std::optional<InputFileSpec>& spec) {
        if (!spec)
            return;
        const fs::path file = fs::absolute(inputBase / spec->file, ec).lexically_normal();
        fs::path relative = file.lexically_relative(folder);
        spec->file = (relative.empty() ? file : relative).generic_string();
    };
    rebase(s.inputFile);
    if (s.graph) {
        for (GraphSource& source : s.graph->sources)
            rebase(source.inputFile);
    }
    return s;
}

} // namespace tidemark::cli
