#include "engine/cli/RunOptions.h"

#include "engine/cli/OptionWords.h"

#include "engine/live/Endpoint.h"
#include "engine/live/KafkaSource.h"

#include "engine/io/GuessSpec.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/ScenarioNames.h"
#include "engine/io/Suggest.h"
#include "engine/io/Timestamps.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <span>
#include <utility>

namespace tidemark::cli {

using namespace detail;

// ---------------------------------------------------------------------------------------------------------
// Durations

std::optional<DurationMs> parseDuration(std::string_view text, std::string* error)
{
    const auto fail = [&](std::string message) -> std::optional<DurationMs> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    const std::string like = "expected a duration like 2s or 500ms, found " + excerpt(text);
    std::string_view s = text;
    bool negative = false;
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    std::size_t i = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
        ++i;
    const std::string_view whole = s.substr(0, i);
    std::string_view fraction;
    if (i < s.size() && s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        fraction = s.substr(start, i - start);
        if (fraction.empty())
            return fail(like);
    }
    if (whole.empty() && fraction.empty())
        return fail(like);
    const std::string_view unitText = s.substr(i);
    std::int64_t unit = 1;
    if (!unitText.empty()) {
        const auto it = std::find_if(kUnits.begin(), kUnits.end(), [&](const Unit& u) { return u.name == unitText; });
        if (it == kUnits.end()) {
            const bool word = std::all_of(
                unitText.begin(), unitText.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
            return fail(word ? like + " (units: ms, s, min, h, d)" : like);
        }
        unit = it->ms;
    }
    const std::string range
        = "expected a duration within the range of a 64-bit millisecond count, found " + excerpt(text);
    std::uint64_t wholeValue = 0;
    if (!whole.empty()) {
        const auto r = std::from_chars(whole.data(), whole.data() + whole.size(), wholeValue);
        if (r.ec != std::errc())
            return fail(range);
    }
    // Fractions are exact: 1.5s is 1500 ms, 1.0005s is not a whole number of milliseconds.
    std::uint64_t fractionMs = 0;
    if (!fraction.empty()) {
        std::string_view digits = fraction;
        while (!digits.empty() && digits.back() == '0')
            digits.remove_suffix(1);
        if (digits.size() > 9)
            return fail("expected a whole number of milliseconds, found " + excerpt(text));
        std::uint64_t f = 0, scale = 1;
        for (const char c : digits) {
            f = f * 10 + static_cast<std::uint64_t>(c - '0');
            scale *= 10;
        }
        const std::uint64_t scaled = f * static_cast<std::uint64_t>(unit);
        if (scaled % scale != 0)
            return fail("expected a whole number of milliseconds, found " + excerpt(text));
        fractionMs = scaled / scale;
    }
    std::uint64_t total = 0;
    if (__builtin_mul_overflow(wholeValue, static_cast<std::uint64_t>(unit), &total)
        || __builtin_add_overflow(total, fractionMs, &total))
        return fail(range);
    const std::uint64_t limit = static_cast<std::uint64_t>(kMaxTimestamp) + (negative ? 1 : 0);
    if (total > limit)
        return fail(range);
    return negative ? static_cast<DurationMs>(0 - total) : static_cast<DurationMs>(total);
}

std::optional<ArrivalRule> parseArrivals(std::string_view text, std::string* error)
{
    const auto fail = [&](std::string message) -> std::optional<ArrivalRule> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    const std::string like = "expected event-time, event-time:N (N times faster), N/s, backlog or a duration like "
                             "250ms, found "
        + excerpt(text);
    const auto whole = [](std::string_view digits) -> std::optional<std::int64_t> {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        if (ec != std::errc {} || end != digits.data() + digits.size() || n < 1)
            return std::nullopt;
        return n;
    };
    ArrivalRule rule;
    if (text == "backlog") {
        rule.spacingMs = 0;
        return rule;
    }
    if (text == "event-time") {
        rule.eventTimeSpeedup = 1;
        return rule;
    }
    if (text.starts_with("event-time:")) {
        const auto n = whole(text.substr(11));
        if (!n)
            return fail("expected how many times faster than event time, a whole number of 1 or more, found "
                + excerpt(text.substr(11)));
        rule.eventTimeSpeedup = *n;
        return rule;
    }
    if (text.ends_with("/s")) {
        const auto n = whole(text.substr(0, text.size() - 2));
        if (!n || *n > 1000)
            return fail("expected a number of records a second from 1 to 1000, found " + excerpt(text));
        rule.spacingMs = 1000 / *n;
        return rule;
    }
    std::string ignored;
    const auto d = parseDuration(text, &ignored);
    if (!d || *d < 0)
        return fail(like);
    rule.spacingMs = *d;
    return rule;
}

std::string formatDuration(DurationMs ms)
{
    if (ms == 0)
        return "0ms";
    for (auto it = kUnits.rbegin(); it != kUnits.rend(); ++it) {
        if (ms % it->ms == 0 && ms != kMinTimestamp)
            return std::to_string(ms / it->ms) + std::string(it->name);
    }
    return std::to_string(ms) + "ms";
}

bool RunOptions::hasOverrides() const
{
    return lenient || arrivals || events || live() || eventsFormat || !fields.empty() || delimiter || header || tsUnit
        || tsPattern || tsZone || assigner || offset || strategy || flinkVersion || outOfOrderness || emission || period
        || idleness || lateness || sideOutput || parallelism || windowParallelism || sourceParallelism || partitioning
        || firstChannel || keyBy || function || trigger || purging || endOfInput;
}

// ---------------------------------------------------------------------------------------------------------
// Arguments

namespace {

class ArgumentReader {
public:
    explicit ArgumentReader(const std::vector<std::string_view>& args)
        : m_args(args)
    { }

    ParsedArguments run()
    {
        ParsedArguments result;
        RunOptions o;
        for (const auto a : m_args)
            o.arguments.emplace_back(a);
        try {
            for (m_i = 0; m_i < m_args.size(); ++m_i) {
                std::string_view a = m_args[m_i];
                m_inline.reset();
                if (a.starts_with("--") && a.find('=') != std::string_view::npos) {
                    m_inline = a.substr(a.find('=') + 1);
                    a = a.substr(0, a.find('='));
                }
                m_flag = std::string(a);
                if (a == "--help" || a == "-h" || a == "--version" || a == "--list-examples") {
                    result.info = a == "--version" ? ParsedArguments::Info::Version
                        : a == "--list-examples"   ? ParsedArguments::Info::ListExamples
                                                   : ParsedArguments::Info::Help;
                    return result;
                }
                if (!flag(a, o)) {
                    if (a.size() > 1 && a[0] == '-')
                        throw Usage("unknown option " + std::string(a));
                    if (!o.scenarioPath.empty())
                        throw Usage("more than one scenario given: " + o.scenarioPath + " and " + std::string(a));
                    o.scenarioPath = a;
                }
            }
            if (o.scenarioPath.empty() && !o.events && !o.live())
                throw Usage("no scenario given: pass SCENARIO.json, or --events FILE with the window to run");
            checkLive(o);
            if (o.streaming == RunOptions::Streaming::Always && (o.steps || o.explain))
                throw Usage(std::string(o.steps ? "--steps" : "--explain")
                    + " needs the whole run in memory; it cannot be combined with --stream");
        } catch (const Usage& u) {
            result.error = u.message;
            return result;
        }
        result.options = std::move(o);
        return result;
    }

private:
    struct Usage {
        explicit Usage(std::string text)
            : message(std::move(text))
        { }
        std::string message;
    };

    [[noreturn]] void fail(const std::string& message) const { throw Usage(m_flag + ": " + message); }

    // The live-source flags that only make sense together.
    static void checkLive(const RunOptions& o)
    {
        if (int(o.socket.has_value()) + int(o.listen.has_value()) + int(o.kafka.has_value()) > 1)
            throw Usage("--socket, --listen and --kafka are three sources; give one of them");
        const char* source = o.socket ? "--socket" : o.listen ? "--listen" : "--kafka";
        if (o.live() && o.events)
            throw Usage(std::string(source) + " and --events are two inputs; give one of them");
        if (o.kafka && !o.topic)
            throw Usage("--kafka BOOTSTRAP needs --topic, the topic to read");
        if (!o.kafka && (o.topic || o.kafkaFromLatest || o.kafkaFromTimestamp || o.maxRecords || o.kafkaWatermarks))
            throw Usage("--topic, --from, --max-records and --kafka-watermarks apply to --kafka BOOTSTRAP");
        if (o.kafka && o.eventsFormat)
            throw Usage("--kafka reads each record as JSON (docs/live-sources.md, \"A Kafka topic\"); "
                        "--events-format does not apply");
        if (o.socketRetries && !o.socket)
            throw Usage("--socket-retries applies to --socket HOST:PORT");
        if ((o.untilIdle || o.forward) && !o.listen)
            throw Usage(std::string(o.untilIdle ? "--until-idle" : "--forward") + " applies to --listen PORT");
        if (o.live() && o.streaming == RunOptions::Streaming::Always)
            throw Usage("a live source is recorded as it comes; it cannot be combined with --stream");
        for (const auto* endpoint : {&o.socket, &o.listen, &o.forward}) {
            if (!*endpoint)
                continue;
            std::string error;
            const char* flag = endpoint == &o.socket ? "--socket" : endpoint == &o.listen ? "--listen" : "--forward";
            if (!live::Endpoint::parse(**endpoint, error, endpoint != &o.socket))
                throw Usage(std::string(flag) + ": " + error);
        }
    }

    std::string_view value()
    {
        if (m_inline)
            return *m_inline;
        if (m_i + 1 >= m_args.size())
            throw Usage(m_flag + " needs a value" + m_hint);
        return m_args[++m_i];
    }
    std::string_view value(std::string hint)
    {
        m_hint = std::move(hint);
        const auto v = value();
        m_hint.clear();
        return v;
    }
    void noValue() const
    {
        if (m_inline)
            throw Usage(m_flag + " takes no value, found " + excerpt(*m_inline));
    }

    DurationMs duration(bool allowNegative, bool allowZero)
    {
        const std::string_view text = value(": a duration like 2s or 500ms");
        std::string error;
        const auto d = parseDuration(text, &error);
        if (!d)
            fail(error);
        if (*d < 0 && !allowNegative)
            fail("expected a duration of 0 or more, found " + excerpt(text));
        if (*d == 0 && !allowZero)
            fail("expected a duration above 0, found " + excerpt(text));
        return *d;
    }

    // A whole number for a field of the pipeline: only its form is checked here, its bounds by the rule table
    // (PipelineRules) once the pipeline is whole, in the words a scenario file gets.
    int fieldInteger(std::string_view path)
    {
        const rules::NumberLimit& limit = rules::limitOf(path);
        const std::string range
            = "an integer between " + std::to_string(limit.min) + " and " + std::to_string(limit.max);
        const std::string_view text = value(": " + range);
        const auto v = parseInteger(text);
        if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
            fail("expected " + range + ", found " + excerpt(text));
        return static_cast<int>(*v);
    }

    template <class E, std::size_t N> E choice(const std::array<Named<E>, N>& names)
    {
        const std::string_view text = value(": " + alternatives(names));
        std::string error;
        const auto v = lookup(text, names, &error);
        if (!v)
            fail(error);
        return *v;
    }

    void setAssigner(RunOptions& o, AssignerSpec a)
    {
        if (o.assigner)
            throw Usage(m_flag + " and " + o.assignerFlag + " both choose the window; give one of them");
        o.assigner = a;
        o.assignerFlag = m_flag;
    }

    // Every flag of `tidemark run` and what it does with its value: one line a flag, looked up by name.
    using Apply = void (*)(ArgumentReader& r, RunOptions& o);
    struct Flag {
        std::string_view name;
        Apply apply;
    };
    static std::span<const Flag> flags()
    {
        static const Flag table[] = {
            {"--format",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": jsonl or text");
                    if (v == "jsonl")
                        o.jsonl = true;
                    else if (v == "text")
                        o.jsonl = false;
                    else if (v == "csv")
                        throw Usage("--format is the output format (jsonl or text); give the events file's format with "
                                    "--events-format csv");
                    else
                        throw Usage("unknown format " + excerpt(v) + ": expected jsonl or text");
                }},
            {"--time-format", [](ArgumentReader& r, RunOptions& o) { o.timeFormat = r.choice(io::kTimeFormats); }},
            {"--explain",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.explain = true;
                }},
            {"--steps",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.steps = true;
                }},
            {"--stream",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.streaming = RunOptions::Streaming::Always;
                }},
            {"--no-stream",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.streaming = RunOptions::Streaming::Never;
                }},
            {"--save-scenario",
                [](ArgumentReader& r, RunOptions& o) {
                    o.saveScenarioPath = std::string(r.value(": the file to write"));
                }},
            {"--lenient",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.lenient = true;
                }},
            {"--arrivals",
                [](ArgumentReader& r, RunOptions& o) {
                    std::string error;
                    o.arrivals
                        = parseArrivals(r.value(": event-time, event-time:N, N/s, backlog or a duration"), &error);
                    if (!o.arrivals)
                        r.fail(error);
                }},
            {"--events",
                [](ArgumentReader& r, RunOptions& o) {
                    o.events = std::string(r.value(": the event file to run"));
                    if (o.events->empty())
                        r.fail("expected a file name, found \"\"");
                }},
            {"--socket",
                [](ArgumentReader& r, RunOptions& o) {
                    o.socket = std::string(r.value(": HOST:PORT to read lines from, as socketTextStream(host, port)"));
                }},
            {"--socket-retries",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view text
                        = r.value(": how often to reconnect after the peer closes (-1: for ever)");
                    const auto n = parseInteger(text);
                    if (!n || *n < -1)
                        r.fail("expected -1 (for ever), 0 (never) or a number of closes, found " + excerpt(text));
                    o.socketRetries = *n;
                }},
            {"--listen",
                [](ArgumentReader& r, RunOptions& o) {
                    o.listen = std::string(r.value(": [HOST:]PORT to listen on, as nc -lk PORT"));
                }},
            {"--until-idle",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view text
                        = r.value(": seconds without a client before the run ends, like 5 or 1500ms");
                    const auto seconds = parseInteger(text);
                    std::string error;
                    const auto d = seconds ? std::optional<DurationMs>(*seconds * 1000) : parseDuration(text, &error);
                    if (!d)
                        r.fail("expected a number of seconds or a duration like 1500ms, found " + excerpt(text));
                    if (*d < 0 || (seconds && (*seconds < 0 || *seconds > 1'000'000'000)))
                        r.fail("expected a number of seconds of 0 or more, found " + excerpt(text));
                    o.untilIdle = *d;
                }},
            {"--kafka",
                [](ArgumentReader& r, RunOptions& o) {
                    o.kafka = std::string(r.value(": the Kafka bootstrap servers, HOST:PORT[,HOST:PORT…]"));
                    if (o.kafka->empty())
                        r.fail("expected HOST:PORT, found \"\"");
                }},
            {"--topic",
                [](ArgumentReader& r, RunOptions& o) {
                    o.topic = std::string(r.value(": the Kafka topic to read"));
                    if (o.topic->empty())
                        r.fail("expected a topic name, found \"\"");
                }},
            {"--from",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view text = r.value(": earliest, latest or an epoch-ms timestamp");
                    if (text == "latest") {
                        o.kafkaFromLatest = true;
                    } else if (text != "earliest") {
                        const auto t = parseInteger(text);
                        if (!t || *t < 0)
                            r.fail("expected earliest, latest or an epoch-ms timestamp of 0 or more, found "
                                + excerpt(text));
                        o.kafkaFromTimestamp = *t;
                    }
                }},
            {"--max-records",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view text = r.value(": how many records to read before the run ends");
                    const auto n = parseInteger(text);
                    if (!n || *n < 1)
                        r.fail("expected a number of records of 1 or more, found " + excerpt(text));
                    o.maxRecords = static_cast<std::uint64_t>(*n);
                }},
            {"--kafka-watermarks",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view text = r.value(": per-partition or after-source");
                    if (text == "per-partition")
                        o.kafkaWatermarks = KafkaSourceSpec::Watermarks::PerPartition;
                    else if (text == "after-source")
                        o.kafkaWatermarks = KafkaSourceSpec::Watermarks::AfterSource;
                    else
                        r.fail("expected per-partition or after-source, found " + excerpt(text));
                }},
            {"--forward",
                [](ArgumentReader& r, RunOptions& o) {
                    o.forward
                        = std::string(r.value(": HOST:PORT where a Flink job's socketTextStream reads the same lines"));
                }},
            {"--events-format", [](ArgumentReader& r, RunOptions& o) { o.eventsFormat = r.choice(kFormats); }},
            {"--fields", [](ArgumentReader& r, RunOptions& o) { r.fields(r.value(": a mapping like key=0,ts=1"), o); }},
            {"--delimiter",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": one character, like , or ; or tab");
                    if (v == "tab" || v == "\\t" || v == "\t")
                        o.delimiter = '\t';
                    else if (v.size() == 1 && v[0] != '"' && v[0] != '\n' && v[0] != '\r'
                        && static_cast<unsigned char>(v[0]) < 0x80)
                        o.delimiter = v[0];
                    else
                        r.fail("expected a single ASCII character other than a quote (or tab), found " + excerpt(v));
                }},
            {"--header",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.header = InputFileSpec::Header::Present;
                }},
            {"--no-header",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.header = InputFileSpec::Header::Absent;
                }},
            {"--ts-unit", [](ArgumentReader& r, RunOptions& o) { o.tsUnit = r.choice(kTsUnits); }},
            {"--ts-pattern",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": a pattern like 'yyyy-MM-dd HH:mm:ss.SSS'");
                    std::string error;
                    if (!io::TimestampPattern::compile(v, &error))
                        r.fail(error);
                    o.tsPattern = std::string(v);
                }},
            {"--ts-zone",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": a time zone like Asia/Shanghai");
                    std::string error;
                    if (!io::TimeZone::load(v, &error))
                        r.fail(error);
                    o.tsZone = std::string(v);
                }},
            {"--tumbling",
                [](ArgumentReader& r, RunOptions& o) {
                    AssignerSpec s;
                    s.type = AssignerSpec::Type::Tumbling;
                    s.sizeMs = r.duration(true, true);
                    r.setAssigner(o, s);
                }},
            {"--sliding",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": SIZE/SLIDE like 10s/5s");
                    const auto slash = v.find('/');
                    if (slash == std::string_view::npos)
                        r.fail("expected SIZE/SLIDE like 10s/5s, found " + excerpt(v));
                    AssignerSpec s;
                    s.type = AssignerSpec::Type::Sliding;
                    for (const bool size : {true, false}) {
                        const std::string_view part = size ? v.substr(0, slash) : v.substr(slash + 1);
                        std::string error;
                        const auto d = parseDuration(part, &error);
                        if (!d)
                            r.fail(std::string(size ? "size: " : "slide: ") + error);
                        (size ? s.sizeMs : s.slideMs) = *d;
                    }
                    r.setAssigner(o, s);
                }},
            {"--cumulate",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": MAX/STEP like 1h/10min (Flink SQL's CUMULATE window)");
                    const auto slash = v.find('/');
                    if (slash == std::string_view::npos)
                        r.fail("expected MAX/STEP like 1h/10min, found " + excerpt(v));
                    AssignerSpec s;
                    s.type = AssignerSpec::Type::Cumulate;
                    for (const bool max : {true, false}) {
                        const std::string_view part = max ? v.substr(0, slash) : v.substr(slash + 1);
                        std::string error;
                        const auto d = parseDuration(part, &error);
                        if (!d)
                            r.fail(std::string(max ? "max size: " : "step: ") + error);
                        (max ? s.sizeMs : s.stepMs) = *d;
                    }
                    r.setAssigner(o, s);
                }},
            {"--session",
                [](ArgumentReader& r, RunOptions& o) {
                    AssignerSpec s;
                    s.type = AssignerSpec::Type::Session;
                    s.gapMs = r.duration(true, true);
                    r.setAssigner(o, s);
                }},
            {"--global",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    AssignerSpec s;
                    s.type = AssignerSpec::Type::Global;
                    r.setAssigner(o, s);
                }},
            {"--offset", [](ArgumentReader& r, RunOptions& o) { o.offset = r.duration(true, true); }},
            {"--strategy", [](ArgumentReader& r, RunOptions& o) { o.strategy = r.choice(kStrategies); }},
            {"--flink-version",
                [](ArgumentReader& r, RunOptions& o) {
                    const std::string_view v = r.value(": the Flink release line, " + FlinkVersion::supportedNames());
                    o.flinkVersion = FlinkVersion::parse(v);
                    if (!o.flinkVersion)
                        r.fail("expected " + FlinkVersion::supportedNames() + ", found " + excerpt(v));
                }},
            {"--out-of-orderness", [](ArgumentReader& r, RunOptions& o) { o.outOfOrderness = r.duration(true, true); }},
            {"--emit", [](ArgumentReader& r, RunOptions& o) { o.emission = r.choice(kEmits); }},
            {"--period", [](ArgumentReader& r, RunOptions& o) { o.period = r.duration(true, true); }},
            {"--idleness", [](ArgumentReader& r, RunOptions& o) { o.idleness = r.duration(true, true); }},
            {"--lateness", [](ArgumentReader& r, RunOptions& o) { o.lateness = r.duration(true, true); }},
            {"--side-output",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.sideOutput = true;
                }},
            {"--parallelism",
                [](ArgumentReader& r, RunOptions& o) {
                    o.parallelism = r.fieldInteger("pipeline.watermarks.parallelism");
                }},
            {"--window-parallelism",
                [](ArgumentReader& r, RunOptions& o) {
                    o.windowParallelism = r.fieldInteger("pipeline.window.parallelism");
                }},
            {"--source-parallelism",
                [](ArgumentReader& r, RunOptions& o) {
                    o.sourceParallelism = r.fieldInteger("pipeline.source.parallelism");
                }},
            {"--partitioning", [](ArgumentReader& r, RunOptions& o) { o.partitioning = r.choice(kPartitionings); }},
            {"--first-channel",
                [](ArgumentReader& r, RunOptions& o) {
                    o.firstChannel = r.fieldInteger("pipeline.watermarks.firstChannel");
                }},
            {"--key-by",
                [](ArgumentReader& r, RunOptions& o) {
                    o.keyBy = std::string(r.value(": a field, or none for windowAll"));
                    if (o.keyBy->empty())
                        r.fail("expected a field, or none for windowAll, found \"\"");
                }},
            {"--function",
                [](ArgumentReader& r, RunOptions& o) {
                    o.function
                        = std::string(r.value(": count, sum:FIELD, min:FIELD, max:FIELD, avg:FIELD or list[:FIELD]"));
                    r.checkFunction(*o.function);
                }},
            {"--trigger",
                [](ArgumentReader& r, RunOptions& o) {
                    o.trigger = r.trigger(r.value(": " + alternatives(kTriggers)));
                }},
            {"--purging",
                [](ArgumentReader& r, RunOptions& o) {
                    r.noValue();
                    o.purging = true;
                }},
            {"--end-of-input", [](ArgumentReader& r, RunOptions& o) { o.endOfInput = r.choice(kEndOfInputs); }},
        };
        return table;
    }

    bool flag(std::string_view a, RunOptions& o)
    {
        for (const Flag& f : flags()) {
            if (f.name == a) {
                f.apply(*this, o);
                return true;
            }
        }
        return false;
    }

    void fields(std::string_view text, RunOptions& o)
    {
        static constexpr std::array<std::string_view, 5> kNames {"key", "value", "ts", "arrival", "channel"};
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t comma = std::min(text.find(',', start), text.size());
            const std::string_view item = text.substr(start, comma - start);
            start = comma + 1;
            const auto eq = item.find('=');
            if (eq == std::string_view::npos)
                fail("expected FIELD=COLUMN like key=0,ts=1 or key=id,ts=time, found " + excerpt(item));
            const std::string_view name = item.substr(0, eq);
            if (std::find(kNames.begin(), kNames.end(), name) == kNames.end()) {
                std::string message
                    = "unknown field " + excerpt(name) + ": expected key, value, ts, arrival or channel";
                fail(message + suggestion(name, kNames));
            }
            for (const auto& [n, v] : o.fields) {
                if (n == name)
                    fail("field " + excerpt(name) + " is given twice");
            }
            const std::string_view ref = item.substr(eq + 1);
            if (ref.empty() && name == "ts")
                fail("expected a column or field for ts, found \"\"");
            if (name != "key" && ref.find('+') != std::string_view::npos)
                fail("only key may combine fields with +, found " + excerpt(item));
            o.fields.emplace_back(std::string(name), std::string(ref));
            if (comma == text.size())
                break;
        }
    }

    void checkFunction(std::string_view text) const
    {
        const auto colon = text.find(':');
        const std::string_view type = text.substr(0, colon);
        std::string error;
        const auto t = lookup(type, kFunctions, &error);
        if (!t)
            fail(error);
        if (colon != std::string_view::npos) {
            const std::string_view field = text.substr(colon + 1);
            if (field.empty())
                fail("expected a field after " + excerpt(std::string(type) + ":") + ", found \"\"");
            if (*t == FunctionSpec::Type::Count)
                fail("count reads no field, found " + excerpt(text));
        } else if (*t != FunctionSpec::Type::Count && *t != FunctionSpec::Type::List) {
            fail(std::string(type) + " needs the field it reads, like " + std::string(type) + ":value");
        }
    }

    TriggerSpec trigger(std::string_view text) const
    {
        const auto colon = text.find(':');
        const std::string_view name = text.substr(0, colon);
        const std::string_view argument = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
        TriggerSpec t;
        if (name == "count") {
            t.type = TriggerSpec::Type::Count;
            const auto n = parseInteger(argument);
            if (!n) // a count below 1 is the rule table's to refuse, in a scenario file's words
                fail("expected count:N with N of 1 or more, found " + excerpt(text));
            t.count = *n;
            return t;
        }
        if (name == "continuous-event-time") {
            t.type = TriggerSpec::Type::ContinuousEventTime;
            std::string error;
            const auto d = parseDuration(argument, &error);
            if (!d) // an interval of 0 or less is the rule table's to refuse
                fail(
                    "expected continuous-event-time:INTERVAL with an interval above 0 like 1s, found " + excerpt(text));
            t.intervalMs = *d;
            return t;
        }
        std::string error;
        const auto type = lookup(text, kTriggers, &error);
        if (!type || *type == TriggerSpec::Type::Count || *type == TriggerSpec::Type::ContinuousEventTime)
            fail(error);
        t.type = *type;
        return t;
    }

    const std::vector<std::string_view>& m_args;
    std::size_t m_i = 0;
    std::optional<std::string_view> m_inline;
    std::string m_flag;
    std::string m_hint;
};

} // namespace

ParsedArguments parseRunArguments(const std::vector<std::string_view>& args)
{
    std::vector<std::string_view> rest = args;
    if (!rest.empty() && rest.front() == "run")
        rest.erase(rest.begin());
    return ArgumentReader(rest).run();
}

} // namespace tidemark::cli
