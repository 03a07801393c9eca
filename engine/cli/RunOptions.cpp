#include "engine/cli/RunOptions.h"

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

namespace {

std::string excerpt(std::string_view s)
{
    return io::detail::quotedExcerpt(s, 60);
}

struct Unit {
    std::string_view name;
    std::int64_t ms;
};
constexpr std::array<Unit, 5> kUnits {{{"ms", 1}, {"s", 1000}, {"min", 60'000}, {"h", 3'600'000}, {"d", 86'400'000}}};

template <class E> using Named = io::EnumName<E>;

constexpr const auto& kStrategies = io::kStrategies;
constexpr const auto& kEmits = io::kEmits;
constexpr const auto& kPartitionings = io::kPartitionings;
constexpr const auto& kFormats = io::kFormats;
constexpr const auto& kTsUnits = io::kUnits;
constexpr const auto& kEndOfInputs = io::kEndOfInputs;
constexpr const auto& kFunctions = io::kFunctions;
constexpr std::array<Named<TriggerSpec::Type>, 7> kTriggers {{
    {TriggerSpec::Type::Default, "default"},
    {TriggerSpec::Type::EventTime, "event-time"},
    {TriggerSpec::Type::ProcessingTime, "processing-time"},
    {TriggerSpec::Type::Count, "count:N"},
    {TriggerSpec::Type::ContinuousEventTime, "continuous-event-time:INTERVAL"},
    {TriggerSpec::Type::Never, "never"},
    {TriggerSpec::Type::EndOfStream, "end-of-stream"},
}};

// "a, b or c"
template <class E, std::size_t N> std::string alternatives(const std::array<Named<E>, N>& names)
{
    std::string s;
    for (std::size_t i = 0; i < N; ++i) {
        s += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
        s += names[i].name;
    }
    return s;
}

// "; did you mean X?" for a typo (at most 2 edits, fewer than the word's length) or the start of a name.
std::string suggestion(std::string_view text, std::span<const std::string_view> words)
{
    std::string_view best;
    std::size_t bestDistance = 3;
    for (const std::string_view w : words) {
        const std::string_view name = w.substr(0, w.find(':'));
        if (text.size() >= 3 && name.starts_with(text))
            return "; did you mean " + std::string(w) + "?";
        const std::size_t d = io::detail::editDistance(text, name);
        if (d < bestDistance && d < text.size()) {
            bestDistance = d;
            best = w;
        }
    }
    return best.empty() ? std::string() : "; did you mean " + std::string(best) + "?";
}

template <class E, std::size_t N>
std::optional<E> lookup(std::string_view text, const std::array<Named<E>, N>& names, std::string* error)
{
    std::array<std::string_view, N> words;
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i].name == text)
            return names[i].value;
        words[i] = names[i].name;
    }
    *error = "expected " + alternatives(names) + ", found " + excerpt(text) + suggestion(text, words);
    return std::nullopt;
}

std::optional<std::int64_t> parseInteger(std::string_view text)
{
    std::int64_t v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size() || text.empty())
        return std::nullopt;
    return v;
}

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

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
    return lenient || events || live() || eventsFormat || !fields.empty() || delimiter || header || tsUnit || tsPattern
        || tsZone || assigner || offset || strategy || flinkVersion || outOfOrderness || emission || period || idleness
        || lateness || sideOutput || parallelism || windowParallelism || sourceParallelism || partitioning
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

    int integer(int minimum, int maximum)
    {
        const std::string range = maximum == std::numeric_limits<int>::max()
            ? "an integer of " + std::to_string(minimum) + " or more"
            : "an integer between " + std::to_string(minimum) + " and " + std::to_string(maximum);
        const std::string_view text = value(": " + range);
        const auto v = parseInteger(text);
        if (!v || *v < minimum || *v > maximum)
            fail("expected " + range + ", found " + excerpt(text));
        return static_cast<int>(*v);
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

    bool flag(std::string_view a, RunOptions& o)
    {
        if (a == "--format") {
            const std::string_view v = value(": jsonl or text");
            if (v == "jsonl")
                o.jsonl = true;
            else if (v == "text")
                o.jsonl = false;
            else if (v == "csv")
                throw Usage("--format is the output format (jsonl or text); give the events file's format with "
                            "--events-format csv");
            else
                throw Usage("unknown format " + excerpt(v) + ": expected jsonl or text");
        } else if (a == "--explain") {
            noValue();
            o.explain = true;
        } else if (a == "--steps") {
            noValue();
            o.steps = true;
        } else if (a == "--stream") {
            noValue();
            o.streaming = RunOptions::Streaming::Always;
        } else if (a == "--no-stream") {
            noValue();
            o.streaming = RunOptions::Streaming::Never;
        } else if (a == "--save-scenario") {
            o.saveScenarioPath = std::string(value(": the file to write"));
        } else if (a == "--lenient") {
            noValue();
            o.lenient = true;
        } else if (a == "--events") {
            o.events = std::string(value(": the event file to run"));
            if (o.events->empty())
                fail("expected a file name, found \"\"");
        } else if (a == "--socket") {
            o.socket = std::string(value(": HOST:PORT to read lines from, as socketTextStream(host, port)"));
        } else if (a == "--socket-retries") {
            const std::string_view text = value(": how often to reconnect after the peer closes (-1: for ever)");
            const auto n = parseInteger(text);
            if (!n || *n < -1)
                fail("expected -1 (for ever), 0 (never) or a number of closes, found " + excerpt(text));
            o.socketRetries = *n;
        } else if (a == "--listen") {
            o.listen = std::string(value(": [HOST:]PORT to listen on, as nc -lk PORT"));
        } else if (a == "--until-idle") {
            const std::string_view text = value(": seconds without a client before the run ends, like 5 or 1500ms");
            const auto seconds = parseInteger(text);
            std::string error;
            const auto d = seconds ? std::optional<DurationMs>(*seconds * 1000) : parseDuration(text, &error);
            if (!d)
                fail("expected a number of seconds or a duration like 1500ms, found " + excerpt(text));
            if (*d < 0 || (seconds && (*seconds < 0 || *seconds > 1'000'000'000)))
                fail("expected a number of seconds of 0 or more, found " + excerpt(text));
            o.untilIdle = *d;
        } else if (a == "--kafka") {
            o.kafka = std::string(value(": the Kafka bootstrap servers, HOST:PORT[,HOST:PORT…]"));
            if (o.kafka->empty())
                fail("expected HOST:PORT, found \"\"");
        } else if (a == "--topic") {
            o.topic = std::string(value(": the Kafka topic to read"));
            if (o.topic->empty())
                fail("expected a topic name, found \"\"");
        } else if (a == "--from") {
            const std::string_view text = value(": earliest, latest or an epoch-ms timestamp");
            if (text == "latest") {
                o.kafkaFromLatest = true;
            } else if (text != "earliest") {
                const auto t = parseInteger(text);
                if (!t || *t < 0)
                    fail("expected earliest, latest or an epoch-ms timestamp of 0 or more, found " + excerpt(text));
                o.kafkaFromTimestamp = *t;
            }
        } else if (a == "--max-records") {
            const std::string_view text = value(": how many records to read before the run ends");
            const auto n = parseInteger(text);
            if (!n || *n < 1)
                fail("expected a number of records of 1 or more, found " + excerpt(text));
            o.maxRecords = static_cast<std::uint64_t>(*n);
        } else if (a == "--kafka-watermarks") {
            const std::string_view text = value(": per-partition or after-source");
            if (text == "per-partition")
                o.kafkaWatermarks = KafkaSourceSpec::Watermarks::PerPartition;
            else if (text == "after-source")
                o.kafkaWatermarks = KafkaSourceSpec::Watermarks::AfterSource;
            else
                fail("expected per-partition or after-source, found " + excerpt(text));
        } else if (a == "--forward") {
            o.forward = std::string(value(": HOST:PORT where a Flink job's socketTextStream reads the same lines"));
        } else if (a == "--events-format") {
            o.eventsFormat = choice(kFormats);
        } else if (a == "--fields") {
            fields(value(": a mapping like key=0,ts=1"), o);
        } else if (a == "--delimiter") {
            const std::string_view v = value(": one character, like , or ; or tab");
            if (v == "tab" || v == "\\t" || v == "\t")
                o.delimiter = '\t';
            else if (v.size() == 1 && v[0] != '"' && v[0] != '\n' && v[0] != '\r'
                && static_cast<unsigned char>(v[0]) < 0x80)
                o.delimiter = v[0];
            else
                fail("expected a single ASCII character other than a quote (or tab), found " + excerpt(v));
        } else if (a == "--header") {
            noValue();
            o.header = InputFileSpec::Header::Present;
        } else if (a == "--no-header") {
            noValue();
            o.header = InputFileSpec::Header::Absent;
        } else if (a == "--ts-unit") {
            o.tsUnit = choice(kTsUnits);
        } else if (a == "--ts-pattern") {
            const std::string_view v = value(": a pattern like 'yyyy-MM-dd HH:mm:ss.SSS'");
            std::string error;
            if (!io::TimestampPattern::compile(v, &error))
                fail(error);
            o.tsPattern = std::string(v);
        } else if (a == "--ts-zone") {
            const std::string_view v = value(": a time zone like Asia/Shanghai");
            std::string error;
            if (!io::TimeZone::load(v, &error))
                fail(error);
            o.tsZone = std::string(v);
        } else if (a == "--tumbling") {
            AssignerSpec s;
            s.type = AssignerSpec::Type::Tumbling;
            s.sizeMs = duration(true, true);
            setAssigner(o, s);
        } else if (a == "--sliding") {
            const std::string_view v = value(": SIZE/SLIDE like 10s/5s");
            const auto slash = v.find('/');
            if (slash == std::string_view::npos)
                fail("expected SIZE/SLIDE like 10s/5s, found " + excerpt(v));
            AssignerSpec s;
            s.type = AssignerSpec::Type::Sliding;
            for (const bool size : {true, false}) {
                const std::string_view part = size ? v.substr(0, slash) : v.substr(slash + 1);
                std::string error;
                const auto d = parseDuration(part, &error);
                if (!d)
                    fail(std::string(size ? "size: " : "slide: ") + error);
                (size ? s.sizeMs : s.slideMs) = *d;
            }
            setAssigner(o, s);
        } else if (a == "--cumulate") {
            const std::string_view v = value(": MAX/STEP like 1h/10min (Flink SQL's CUMULATE window)");
            const auto slash = v.find('/');
            if (slash == std::string_view::npos)
                fail("expected MAX/STEP like 1h/10min, found " + excerpt(v));
            AssignerSpec s;
            s.type = AssignerSpec::Type::Cumulate;
            for (const bool max : {true, false}) {
                const std::string_view part = max ? v.substr(0, slash) : v.substr(slash + 1);
                std::string error;
                const auto d = parseDuration(part, &error);
                if (!d)
                    fail(std::string(max ? "max size: " : "step: ") + error);
                (max ? s.sizeMs : s.stepMs) = *d;
            }
            setAssigner(o, s);
        } else if (a == "--session") {
            AssignerSpec s;
            s.type = AssignerSpec::Type::Session;
            s.gapMs = duration(true, true);
            setAssigner(o, s);
        } else if (a == "--global") {
            noValue();
            AssignerSpec s;
            s.type = AssignerSpec::Type::Global;
            setAssigner(o, s);
        } else if (a == "--offset") {
            o.offset = duration(true, true);
        } else if (a == "--strategy") {
            o.strategy = choice(kStrategies);
        } else if (a == "--flink-version") {
            const std::string_view v = value(": the Flink release line, " + FlinkVersion::supportedNames());
            o.flinkVersion = FlinkVersion::parse(v);
            if (!o.flinkVersion)
                fail("expected " + FlinkVersion::supportedNames() + ", found " + excerpt(v));
        } else if (a == "--out-of-orderness") {
            o.outOfOrderness = duration(true, true);
        } else if (a == "--emit") {
            o.emission = choice(kEmits);
        } else if (a == "--period") {
            o.period = duration(true, true);
        } else if (a == "--idleness") {
            o.idleness = duration(true, true);
        } else if (a == "--lateness") {
            o.lateness = duration(true, true);
        } else if (a == "--side-output") {
            noValue();
            o.sideOutput = true;
        } else if (a == "--parallelism") {
            o.parallelism = fieldInteger("pipeline.watermarks.parallelism");
        } else if (a == "--window-parallelism") {
            o.windowParallelism = fieldInteger("pipeline.window.parallelism");
        } else if (a == "--source-parallelism") {
            o.sourceParallelism = fieldInteger("pipeline.source.parallelism");
        } else if (a == "--partitioning") {
            o.partitioning = choice(kPartitionings);
        } else if (a == "--first-channel") {
            o.firstChannel = fieldInteger("pipeline.watermarks.firstChannel");
        } else if (a == "--key-by") {
            o.keyBy = std::string(value(": a field, or none for windowAll"));
            if (o.keyBy->empty())
                fail("expected a field, or none for windowAll, found \"\"");
        } else if (a == "--function") {
            o.function = std::string(value(": count, sum:FIELD, min:FIELD, max:FIELD, avg:FIELD or list[:FIELD]"));
            checkFunction(*o.function);
        } else if (a == "--trigger") {
            o.trigger = trigger(value(": " + alternatives(kTriggers)));
        } else if (a == "--purging") {
            noValue();
            o.purging = true;
        } else if (a == "--end-of-input") {
            o.endOfInput = choice(kEndOfInputs);
        } else {
            return false;
        }
        return true;
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
            if (!n || *n < 1)
                fail("expected count:N with N of 1 or more, found " + excerpt(text));
            t.count = *n;
            return t;
        }
        if (name == "continuous-event-time") {
            t.type = TriggerSpec::Type::ContinuousEventTime;
            std::string error;
            const auto d = parseDuration(argument, &error);
            if (!d || *d <= 0)
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

// ---------------------------------------------------------------------------------------------------------
// Applying the options

namespace {

struct Failed {
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
std::string headOf(const std::string& path)
{
    constexpr int kLines = 40;
    std::ifstream in(path, std::ios::binary);
    std::string head;
    std::string line;
    for (int i = 0; i < kLines && std::getline(in, line); ++i)
        head += line + "\n";
    return head;
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
            InputFileSpec spec = io::guessInputFileSpec(headOf(*o.events), o.eventsShownAs());
            if (o.eventsFormat && *o.eventsFormat != spec.format)
                throw Failed {"--events: " + excerpt(o.eventsShownAs()) + " does not read as "
                    + formatName(*o.eventsFormat)
                    + " by itself; give --fields to say which columns hold key, value and ts, like "
                    + std::string(*o.eventsFormat == InputFileSpec::Format::Jsonl ? "--fields key=id,value=temp,ts=time"
                                                                                  : "--fields key=0,ts=1")};
            guessed = o.eventsShownAs() + ": read as " + describeGuess(spec) + " (guessed from its first lines)";
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
        if (newScenario) {
            // Without --function: the values listed when there are values, else how many records.
            f.type = s.inputFile && s.inputFile->value ? FunctionSpec::Type::List : FunctionSpec::Type::Count;
            f.field = "value";
        }
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
    } catch (const Failed& f) {
        result.error = f.message;
        return result;
    }
    result.scenario = std::move(s);
    result.inputBase = std::move(inputBase);
    return result;
}

Scenario scenarioForSaving(Scenario s, const std::filesystem::path& inputBase, const std::filesystem::path& outPath)
{
    if (!s.inputFile)
        return s;
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path file = fs::absolute(inputBase / s.inputFile->file, ec).lexically_normal();
    const fs::path folder = fs::absolute(outPath, ec).lexically_normal().parent_path();
    fs::path relative = file.lexically_relative(folder);
    s.inputFile->file = (relative.empty() ? file : relative).generic_string();
    return s;
}

} // namespace tidemark::cli
