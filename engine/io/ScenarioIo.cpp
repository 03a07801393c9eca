#include "engine/io/ScenarioIo.h"

#include "engine/core/JsonText.h"
#include "engine/io/ScenarioNames.h"

#include "engine/io/EventFile.h"
#include "engine/io/JsonTree.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/Suggest.h"
#include "engine/io/Timestamps.h"
#include "engine/player/RunLimits.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <system_error>
#include <utility>

namespace tidemark::io {

std::string LoadError::toString() const
{
    // Problems with the file as a whole (it cannot be opened) have no line.
    if (where.line == 0)
        return where.file + ": " + message;
    return where.file + ':' + std::to_string(where.line) + ':' + std::to_string(where.column) + ": " + message;
}

namespace {

using detail::JsonNode;
using Kind = JsonNode::Kind;

constexpr int kFormatVersion = 1;
constexpr std::int32_t kMaxColumn = 1 << 20;

// Thrown inside the reader only; parseScenario turns it into a LoadError.
struct ScenarioFailure {
    std::size_t offset;
    std::string message;
};

[[noreturn]] void fail(std::size_t offset, std::string message)
{
    throw ScenarioFailure {offset, std::move(message)};
}

[[noreturn]] void fail(const JsonNode& at, std::string message)
{
    fail(at.offset, std::move(message));
}

std::string q(std::string_view s)
{
    return jsonString(s);
}

std::string describe(const JsonNode& n)
{
    return detail::describeValue(n);
}

[[noreturn]] void expected(const JsonNode& at, std::string_view what, std::string_view name)
{
    std::string m = "expected ";
    m += what;
    if (!name.empty()) {
        m += " for ";
        m += q(name);
    }
    m += ", found ";
    m += describe(at);
    fail(at, std::move(m));
}

std::int64_t asInt64(const JsonNode& n, std::string_view name)
{
    if (n.kind == Kind::Number) {
        if (n.numberKind == JsonNode::NumberKind::Int64)
            return n.int64;
        if (n.numberKind == JsonNode::NumberKind::UInt64 || n.numberKind == JsonNode::NumberKind::OutOfRange) {
            bool integral = n.text.find_first_of(".eE") == std::string::npos;
            if (integral)
                expected(n, "an integer between -9223372036854775808 and 9223372036854775807", name);
        }
    }
    expected(n, "an integer", name);
}

int asInt(const JsonNode& n, std::string_view name)
{
    const std::int64_t v = asInt64(n, name);
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
        expected(n, "an integer between -2147483648 and 2147483647", name);
    return static_cast<int>(v);
}

double asFiniteNumber(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::Number)
        expected(n, "a number", name);
    if (n.numberKind == JsonNode::NumberKind::OutOfRange || !std::isfinite(n.number))
        expected(n, "a finite number", name);
    return n.number;
}

bool asBool(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::Bool)
        expected(n, "true or false", name);
    return n.boolean;
}

const std::string& asString(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::String)
        expected(n, "a string", name);
    return n.text;
}

template <class E, std::size_t N>
E asEnum(const JsonNode& n, std::string_view name, const std::array<EnumName<E>, N>& names)
{
    std::string what = "one of";
    for (std::size_t i = 0; i < N; ++i) {
        what += i ? ", " : " ";
        what += q(names[i].name);
    }
    if (n.kind == Kind::String) {
        for (const auto& e : names) {
            if (e.name == n.text)
                return e.value;
        }
    }
    expected(n, what, name);
}

template <class E, std::size_t N> std::string_view enumName(E value, const std::array<EnumName<E>, N>& names)
{
    for (const auto& e : names) {
        if (e.value == value)
            return e.name;
    }
    return names[0].name;
}

constexpr std::array<EnumName<AssignerSpec::Type>, 5> kAssigners {{
    {AssignerSpec::Type::Tumbling, "tumbling"},
    {AssignerSpec::Type::Sliding, "sliding"},
    {AssignerSpec::Type::Session, "session"},
    {AssignerSpec::Type::Global, "global"},
    {AssignerSpec::Type::Cumulate, "cumulate"},
}};
constexpr std::array<EnumName<TimeDomain>, 2> kTimeDomains {{
    {TimeDomain::Event, "event"},
    {TimeDomain::Processing, "processing"},
}};
constexpr std::array<EnumName<TriggerSpec::Type>, 7> kTriggers {{
    {TriggerSpec::Type::Default, "default"},
    {TriggerSpec::Type::EventTime, "event-time"},
    {TriggerSpec::Type::ProcessingTime, "processing-time"},
    {TriggerSpec::Type::Count, "count"},
    {TriggerSpec::Type::ContinuousEventTime, "continuous-event-time"},
    {TriggerSpec::Type::Never, "never"},
    {TriggerSpec::Type::EndOfStream, "end-of-stream"},
}};
constexpr std::array<EnumName<EvictorSpec::Type>, 3> kEvictors {{
    {EvictorSpec::Type::Count, "count"},
    {EvictorSpec::Type::Time, "time"},
    {EvictorSpec::Type::Delta, "delta"},
}};
constexpr std::array<EnumName<DisplaySettings::TimeFormat>, 4> kTimeFormats {{
    {DisplaySettings::TimeFormat::EpochMs, "epoch-ms"},
    {DisplaySettings::TimeFormat::DateTime, "datetime"},
    {DisplaySettings::TimeFormat::Relative, "relative"},
    {DisplaySettings::TimeFormat::Auto, "auto"},
}};

// One JSON object of the scenario: checks that it is an object, that no key is repeated and that every
// key is one this place knows, then hands out its members.
class Obj {
public:
    Obj(const JsonNode& node, std::string_view context, std::initializer_list<std::string_view> known)
        : m_node(node)
        , m_context(context)
    {
        if (node.kind != Kind::Object)
            expected(node, "an object", context);
        for (std::size_t i = 0; i < node.keys.size(); ++i) {
            const auto& key = node.keys[i];
            for (std::size_t j = 0; j < i; ++j) {
                if (node.keys[j].name == key.name)
                    fail(key.offset, "duplicate key " + q(key.name) + " in " + std::string(context));
            }
            bool isKnown = false;
            for (const auto k : known)
                isKnown = isKnown || k == key.name;
            if (!isKnown) {
                const std::vector<std::string_view> candidates(known);
                std::string m = "unknown key " + q(key.name) + " in " + std::string(context);
                const auto best = detail::closestWord(key.name, candidates);
                if (!best.empty())
                    m += "; did you mean " + q(best) + "?";
                fail(key.offset, std::move(m));
            }
        }
    }

    const JsonNode* opt(std::string_view name) const { return m_node.member(name); }

    const JsonNode& req(std::string_view name, std::string_view hint = {}) const
    {
        if (const auto* n = m_node.member(name))
            return *n;
        std::string m = "missing " + q(name) + " in " + std::string(m_context);
        if (!hint.empty()) {
            m += " (";
            m += hint;
            m += ')';
        }
        fail(m_node, std::move(m));
    }

    bool has(std::string_view name) const { return m_node.member(name) != nullptr; }
    const JsonNode& node() const { return m_node; }

    std::int64_t int64(std::string_view name, std::int64_t fallback) const
    {
        const auto* n = opt(name);
        return n ? asInt64(*n, name) : fallback;
    }
    int integer(std::string_view name, int fallback) const
    {
        const auto* n = opt(name);
        return n ? asInt(*n, name) : fallback;
    }
    bool boolean(std::string_view name, bool fallback) const
    {
        const auto* n = opt(name);
        return n ? asBool(*n, name) : fallback;
    }
    std::string string(std::string_view name, std::string fallback) const
    {
        const auto* n = opt(name);
        return n ? asString(*n, name) : std::move(fallback);
    }

private:
    const JsonNode& m_node;
    std::string_view m_context;
};

// A scenario-level duration (not the pipeline's, whose rules are PipelineRules'): 0 or more.
DurationMs nonNegativeDuration(const Obj& o, std::string_view name, DurationMs fallback)
{
    const auto* n = o.opt(name);
    if (!n)
        return fallback;
    const auto v = asInt64(*n, name);
    if (v < 0)
        fail(*n, "expected a non-negative " + q(name) + ", found " + std::to_string(v));
    return v;
}

// The JSON node a field path of PipelineRules names ("pipeline.window.parallelism"), or the nearest object around
// it that the file has (the field may be a default, or set from another field).
const JsonNode& nodeAt(const JsonNode& root, std::string_view path, bool* whole = nullptr)
{
    const JsonNode* at = &root;
    bool found = true;
    while (!path.empty()) {
        const auto dot = path.find('.');
        const JsonNode* next = at->member(path.substr(0, dot));
        if (!next) {
            found = false;
            break;
        }
        at = next;
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    if (whole)
        *whole = found;
    return *at;
}

// Where a rule's violation is shown: the first of its fields the file has, else around the first.
const JsonNode& nodeOf(const JsonNode& root, const rules::Violation& v)
{
    for (const std::string& path : v.paths) {
        bool whole = false;
        const JsonNode& n = nodeAt(root, path, &whole);
        if (whole)
            return n;
    }
    return nodeAt(root, v.path());
}

// Where a record sits in the file, for checks that need the whole pipeline first.
struct RecordSite {
    std::size_t recordOffset = 0;
    std::size_t channelOffset = 0;
    std::size_t partitionOffset = 0;
    std::size_t offsetOffset = 0;
};

class ScenarioReader {
public:
    ScenarioReader(std::string_view text, const std::string& fileName, const std::filesystem::path& baseDir,
        const LoadOptions& options, bool readInputFile)
        : m_text(text)
        , m_fileName(fileName)
        , m_baseDir(baseDir)
        , m_options(options)
        , m_readInputFile(readInputFile)
    { }

    Loaded<Scenario> run()
    {
        Loaded<Scenario> result;
        const auto tree = detail::parseJsonTree(m_text);
        if (!tree.ok) {
            result.errors.push_back(errorAt(tree.errorOffset, tree.errorMessage));
            return result;
        }
        Scenario scenario;
        const JsonNode* inputFileNode = nullptr;
        try {
            inputFileNode = readScenario(tree.root, scenario);
        } catch (const ScenarioFailure& f) {
            result.errors.push_back(errorAt(f.offset, f.message));
            return result;
        }
        if (inputFileNode && m_readInputFile) {
            LoadOptions fileOptions = m_options;
            if (!fileOptions.lenient)
                fileOptions.lenient = scenario.lenient;
            auto loaded = loadScenarioInput(std::move(scenario), m_baseDir, fileOptions);
            if (!loaded.ok() && !loaded.errors.empty() && loaded.errors.front().where.line == 0) {
                // The file itself could not be opened: point at the scenario's "file" value, naming the file
                // there as the loader's error did in front.
                const LoadError& opened = loaded.errors.front();
                auto e = errorAt(inputFileNode->offset, opened.where.file + ": " + opened.message);
                loaded.errors.front() = std::move(e);
            }
            return loaded;
        }
        result.value = std::move(scenario);
        return result;
    }

private:
    LoadError errorAt(std::size_t offset, std::string message) const
    {
        const auto lc = detail::lineColumnAt(m_text, offset);
        return LoadError(m_fileName, lc.line, lc.column, std::move(message));
    }

    const JsonNode* readScenario(const JsonNode& root, Scenario& s)
    {
        if (root.kind != Kind::Object)
            expected(root, "a scenario object", {});
        const Obj top(root, "scenario",
            {"tidemark", "name", "description", "flinkVersion", "input", "pipeline", "display", "lenient",
                "defaultArrivalSpacingMs", "inputEndMs", "lesson"});
        const auto& version = top.req("tidemark", "the scenario format version, 1");
        const auto v = asInt64(version, "tidemark");
        if (v > kFormatVersion) {
            fail(version,
                "this file is scenario format " + std::to_string(v) + ", but this version of Tidemark reads format "
                    + std::to_string(kFormatVersion) + "; open it with a newer Tidemark");
        }
        if (v < 1)
            fail(version, "expected format version 1 for \"tidemark\", found " + std::to_string(v));
        s.version = static_cast<int>(v);
        s.name = top.string("name", "");
        s.description = top.string("description", "");
        s.lenient = top.boolean("lenient", false);
        s.defaultArrivalSpacingMs = nonNegativeDuration(top, "defaultArrivalSpacingMs", s.defaultArrivalSpacingMs);
        if (top.opt("inputEndMs"))
            s.inputEndMs = nonNegativeDuration(top, "inputEndMs", 0);
        if (const auto* d = top.opt("display"))
            readDisplay(*d, s.display);
        if (const auto* l = top.opt("lesson"))
            readLesson(*l, s.lesson);
        readPipeline(top.req("pipeline"), s.pipeline);
        const JsonNode* flink = top.opt("flinkVersion");
        if (flink) {
            const std::string name = asString(*flink, "flinkVersion");
            const auto parsed = FlinkVersion::parse(name);
            if (!parsed) {
                fail(*flink,
                    "expected " + FlinkVersion::supportedNames()
                        + " for \"flinkVersion\" (the Flink release line the "
                          "scenario follows), found "
                        + q(name));
            }
            s.pipeline.flinkVersion = *parsed;
        }
        if (const auto broken = rules::validate(s.pipeline))
            fail(nodeOf(root, *broken), broken->message);
        const JsonNode* fileNode = readInput(top.req("input"), s);
        if (!fileNode)
            validateRecords(s);
        return fileNode;
    }

    // "lesson": [{"step": 95, "note": "…", "predict": true}, …], in step order, one marker per step.
    void readLesson(const JsonNode& node, std::vector<LessonMarker>& lesson)
    {
        if (node.kind != Kind::Array)
            expected(node, "an array of markers", "lesson");
        for (const JsonNode& item : node.items) {
            const Obj o(item, "a lesson marker", {"step", "note", "predict"});
            const JsonNode& stepNode = o.req("step", "the step the note belongs to");
            const std::int64_t step = asInt64(stepNode, "step");
            if (step < 0 || step > std::int64_t(0xFFFFFFFE))
                fail(stepNode, "expected a step of 0 or more for \"step\", found " + std::to_string(step));
            if (!lesson.empty() && std::int64_t(lesson.back().step) >= step)
                fail(stepNode,
                    "expected the markers in step order, one per step: step " + std::to_string(step) + " comes after "
                        + std::to_string(lesson.back().step));
            LessonMarker m;
            m.step = std::uint32_t(step);
            m.note = asString(o.req("note", "what to say at this step"), "note");
            m.predict = o.boolean("predict", false);
            lesson.push_back(std::move(m));
        }
    }

    void readDisplay(const JsonNode& node, DisplaySettings& d)
    {
        const Obj o(node, "display", {"time", "zone"});
        if (const auto* t = o.opt("time"))
            d.timeFormat = asEnum(*t, "time", kTimeFormats);
        if (const auto* z = o.opt("zone")) {
            d.zone = asString(*z, "zone");
            checkZone(*z, d.zone);
        }
    }

    static void checkZone(const JsonNode& at, const std::string& zone)
    {
        std::string error;
        if (!TimeZone::load(zone, &error))
            fail(at, error);
    }

    void readPipeline(const JsonNode& node, PipelineConfig& p)
    {
        const Obj o(node, "pipeline", {"source", "watermarks", "window", "endOfInput"});
        if (const auto* src = o.opt("source")) {
            const Obj so(*src, "source", {"parallelism", "kafka"});
            p.sourceParallelism = so.integer("parallelism", p.sourceParallelism);
            if (const auto* k = so.opt("kafka"))
                p.kafka = readKafka(*k);
        }
        readWatermarks(o.req("watermarks"), p.watermarks);
        readWindow(o.req("window"), p.window);
        if (const auto* e = o.opt("endOfInput"))
            p.endOfInput = asEnum(*e, "endOfInput", kEndOfInputs);

        auto& w = p.watermarks;
        if (p.kafka) {
            // The readers are the watermark channels: what the scenario does not say follows from the source
            // (PipelineRules checks what it does say).
            const JsonNode& wm = o.req("watermarks");
            if (!wm.member("parallelism"))
                w.parallelism = p.sourceParallelism;
            if (!wm.member("partitioning"))
                w.partitioning = WatermarkConfig::Partitioning::Forward;
        }
    }

    static KafkaSourceSpec readKafka(const JsonNode& node)
    {
        const Obj o(node, "kafka", {"topic", "partitions", "watermarks"});
        KafkaSourceSpec k;
        k.topic = asString(o.req("topic", "the topic's name, which decides the readers of its partitions"), "topic");
        k.partitions = asInt(o.req("partitions", "how many partitions the topic has"), "partitions");
        if (const auto* w = o.opt("watermarks"))
            k.watermarks = asEnum(*w, "watermarks", kKafkaWatermarks);
        return k;
    }

    void readWatermarks(const JsonNode& node, WatermarkConfig& w)
    {
        const Obj o(node, "watermarks",
            {"strategy", "maxOutOfOrdernessMs", "emit", "periodMs", "idlenessMs", "parallelism", "partitioning",
                "firstChannel"});
        w.strategy = asEnum(o.req("strategy"), "strategy", kStrategies);
        const bool bounded = w.strategy == WatermarkConfig::Strategy::BoundedOutOfOrderness
            || w.strategy == WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness;
        if (bounded) {
            const std::string hint = "needed by the strategy " + std::string(q(enumName(w.strategy, kStrategies)));
            w.maxOutOfOrdernessMs = asInt64(o.req("maxOutOfOrdernessMs", hint), "maxOutOfOrdernessMs");
        } else {
            w.maxOutOfOrdernessMs = o.int64("maxOutOfOrdernessMs", w.maxOutOfOrdernessMs);
        }
        if (const auto* e = o.opt("emit"))
            w.emission = asEnum(*e, "emit", kEmits);
        w.periodMs = o.int64("periodMs", w.periodMs);
        w.idlenessMs = o.int64("idlenessMs", w.idlenessMs);
        w.parallelism = o.integer("parallelism", w.parallelism);
        if (const auto* part = o.opt("partitioning"))
            w.partitioning = asEnum(*part, "partitioning", kPartitionings);
        w.firstChannel = o.integer("firstChannel", w.firstChannel);
    }

    void readWindow(const JsonNode& node, WindowConfig& w)
    {
        const Obj o(node, "window",
            {"keyBy", "assigner", "trigger", "purging", "allowedLatenessMs", "lateSideOutput", "function", "evictor",
                "parallelism"});
        if (const auto* k = o.opt("keyBy")) {
            if (k->kind == Kind::Null) {
                w.keyBy.reset();
            } else {
                w.keyBy = asString(*k, "keyBy");
            }
        }
        m_keyed = w.keyBy.has_value();
        if (w.keyBy)
            m_keyByName = *w.keyBy;
        readAssigner(o.req("assigner"), w.assigner);
        if (const auto* t = o.opt("trigger"))
            readTrigger(*t, w.trigger);
        w.purging = o.boolean("purging", false);
        w.allowedLatenessMs = o.int64("allowedLatenessMs", w.allowedLatenessMs);
        w.lateSideOutput = o.boolean("lateSideOutput", false);
        readFunction(o.req("function"), w.function);
        if (const auto* e = o.opt("evictor"))
            readEvictor(*e, w.evictor);
        w.parallelism = o.integer("parallelism", w.parallelism);
    }

    void readAssigner(const JsonNode& node, AssignerSpec& a)
    {
        if (node.kind != Kind::Object)
            expected(node, "an object", "assigner");
        const auto* typeNode = node.member("type");
        if (!typeNode)
            fail(node, "missing \"type\" in assigner");
        a.type = asEnum(*typeNode, "type", kAssigners);
        switch (a.type) {
        case AssignerSpec::Type::Tumbling: {
            const Obj o(node, "tumbling assigner", {"type", "sizeMs", "offsetMs", "timeDomain"});
            a.sizeMs = asInt64(o.req("sizeMs"), "sizeMs");
            a.offsetMs = o.int64("offsetMs", a.offsetMs);
            readTimeDomain(o, a);
            break;
        }
        case AssignerSpec::Type::Sliding: {
            const Obj o(node, "sliding assigner", {"type", "sizeMs", "slideMs", "offsetMs", "timeDomain"});
            a.sizeMs = asInt64(o.req("sizeMs"), "sizeMs");
            a.slideMs = asInt64(o.req("slideMs"), "slideMs");
            a.offsetMs = o.int64("offsetMs", a.offsetMs);
            readTimeDomain(o, a);
            break;
        }
        case AssignerSpec::Type::Session: {
            const Obj o(node, "session assigner", {"type", "gapMs", "timeDomain"});
            a.gapMs = asInt64(o.req("gapMs"), "gapMs");
            readTimeDomain(o, a);
            break;
        }
        case AssignerSpec::Type::Global: {
            const Obj o(node, "global assigner", {"type"});
            break;
        }
        case AssignerSpec::Type::Cumulate: {
            const Obj o(node, "cumulate assigner", {"type", "maxSizeMs", "stepMs", "offsetMs", "timeDomain"});
            a.sizeMs = asInt64(o.req("maxSizeMs"), "maxSizeMs");
            a.stepMs = asInt64(o.req("stepMs"), "stepMs");
            a.offsetMs = o.int64("offsetMs", a.offsetMs);
            readTimeDomain(o, a);
            break;
        }
        }
    }

    static void readTimeDomain(const Obj& o, AssignerSpec& a)
    {
        if (const auto* d = o.opt("timeDomain"))
            a.timeDomain = asEnum(*d, "timeDomain", kTimeDomains);
    }

    static void readTrigger(const JsonNode& node, TriggerSpec& t)
    {
        if (node.kind != Kind::Object)
            expected(node, "an object", "trigger");
        const auto* typeNode = node.member("type");
        if (!typeNode)
            fail(node, "missing \"type\" in trigger");
        t.type = asEnum(*typeNode, "type", kTriggers);
        switch (t.type) {
        case TriggerSpec::Type::Count: {
            const Obj o(node, "count trigger", {"type", "count"});
            t.count = asInt64(o.req("count"), "count");
            break;
        }
        case TriggerSpec::Type::ContinuousEventTime: {
            const Obj o(node, "continuous-event-time trigger", {"type", "intervalMs"});
            t.intervalMs = asInt64(o.req("intervalMs"), "intervalMs");
            break;
        }
        default: {
            const Obj o(node, "trigger", {"type"});
            break;
        }
        }
    }

    static void readEvictor(const JsonNode& node, EvictorSpec& e)
    {
        if (node.kind != Kind::Object)
            expected(node, "an object", "evictor");
        const auto* typeNode = node.member("type");
        if (!typeNode)
            fail(node, "missing \"type\" in evictor");
        e.type = asEnum(*typeNode, "type", kEvictors);
        switch (e.type) {
        case EvictorSpec::Type::Count: {
            const Obj o(node, "count evictor", {"type", "maxCount", "evictAfter"});
            e.maxCount = asInt64(o.req("maxCount"), "maxCount");
            e.evictAfter = o.boolean("evictAfter", false);
            break;
        }
        case EvictorSpec::Type::Time: {
            const Obj o(node, "time evictor", {"type", "keepMs", "evictAfter"});
            e.keepMs = asInt64(o.req("keepMs"), "keepMs");
            e.evictAfter = o.boolean("evictAfter", false);
            break;
        }
        case EvictorSpec::Type::Delta: {
            const Obj o(node, "delta evictor", {"type", "threshold", "evictAfter"});
            e.threshold = asFiniteNumber(o.req("threshold"), "threshold");
            e.evictAfter = o.boolean("evictAfter", false);
            break;
        }
        case EvictorSpec::Type::None:
            break;
        }
    }

    static void readFunction(const JsonNode& node, FunctionSpec& f)
    {
        const Obj o(node, "function", {"type", "field"});
        f.type = asEnum(o.req("type"), "type", kFunctions);
        if (const auto* field = o.opt("field")) {
            f.field = asString(*field, "field");
            if (f.field != "value" && f.field != "ts")
                expected(*field, "\"value\" or \"ts\"", "field");
        }
    }

    // Returns the "file" node when the input names an event file, nullptr for inline records.
    const JsonNode* readInput(const JsonNode& node, Scenario& s)
    {
        if (node.kind != Kind::Object)
            expected(node, "an object", "input");
        if (const auto* records = node.member("records")) {
            const Obj o(node, "input", {"records"});
            readRecords(*records, s);
            return nullptr;
        }
        const Obj o(node, "input",
            {"file", "format", "fields", "delimiter", "header", "timestamp", "watermarkWord", "records"});
        const auto& fileNode = o.req("file", "or \"records\"");
        InputFileSpec spec;
        spec.file = asString(fileNode, "file");
        if (spec.file.empty())
            fail(fileNode, "expected a file name for \"file\", found \"\"");
        spec.format = asEnum(o.req("format"), "format", kFormats);
        const bool csv = spec.format == InputFileSpec::Format::Csv;
        for (const auto* csvOnly : {"delimiter", "header"}) {
            if (!csv && o.has(csvOnly)) {
                fail(node.keys[keyIndex(node, csvOnly)].offset, q(csvOnly) + " applies only to \"format\": \"csv\"");
            }
        }
        if (const auto* d = o.opt("delimiter")) {
            const auto& text = asString(*d, "delimiter");
            if (text.size() != 1 || text[0] == '"' || text[0] == '\n' || text[0] == '\r'
                || static_cast<unsigned char>(text[0]) >= 0x80)
                expected(*d, "a single ASCII character other than a quote or line end", "delimiter");
            spec.delimiter = text[0];
        }
        if (const auto* h = o.opt("header"))
            spec.header = asBool(*h, "header") ? InputFileSpec::Header::Present : InputFileSpec::Header::Absent;
        if (const auto* w = o.opt("watermarkWord")) {
            if (spec.format == InputFileSpec::Format::Jsonl) {
                fail(node.keys[keyIndex(node, "watermarkWord")].offset,
                    "\"watermarkWord\" applies only to csv and text (JSON lines use {\"watermark\": ts})");
            }
            spec.watermarkWord = asString(*w, "watermarkWord");
            if (spec.watermarkWord.empty()
                || spec.watermarkWord.find_first_of(std::string(" \t\"") + spec.delimiter) != std::string::npos)
                expected(*w, "a word without spaces, quotes or the delimiter", "watermarkWord");
        }
        if (const auto* t = o.opt("timestamp"))
            readTimestampFormat(*t, spec.timestamp);
        readFields(o.req("fields"), spec);
        if (m_keyed && spec.key.empty()) {
            fail(o.req("fields"),
                "missing \"key\" in fields (the window is keyed by " + q(m_keyByName)
                    + "; use \"keyBy\": null for windowAll)");
        }
        const RecordRules rules = recordRulesFor(s.pipeline);
        if (rules.requireValue && !spec.value) {
            fail(o.req("fields"),
                "missing \"value\" in fields (the window function "
                    + q(enumName(s.pipeline.window.function.type, kFunctions)) + " reads it)");
        }
        if (rules.requireChannel && !spec.channel)
            fail(o.req("fields"), "missing \"channel\" in fields (partitioning is \"channel\")");
        s.inputFile = std::move(spec);
        return &fileNode;
    }

    static std::size_t keyIndex(const JsonNode& node, std::string_view name)
    {
        for (std::size_t i = 0; i < node.keys.size(); ++i) {
            if (node.keys[i].name == name)
                return i;
        }
        return 0;
    }

    static void readTimestampFormat(const JsonNode& node, TimestampFormat& t)
    {
        const Obj o(node, "timestamp", {"unit", "pattern", "zone"});
        if (const auto* u = o.opt("unit"))
            t.unit = asEnum(*u, "unit", kUnits);
        if (const auto* p = o.opt("pattern")) {
            t.pattern = asString(*p, "pattern");
            if (o.has("unit"))
                fail(*o.opt("unit"), "\"unit\" applies to numeric timestamps; it cannot be used with \"pattern\"");
            std::string error;
            if (!TimestampPattern::compile(t.pattern, &error))
                fail(*p, error);
        }
        if (const auto* z = o.opt("zone")) {
            t.zone = asString(*z, "zone");
            checkZone(*z, t.zone);
        }
    }

    static FieldRef readFieldRef(const JsonNode& n, std::string_view name, InputFileSpec::Format format)
    {
        FieldRef ref;
        if (n.kind == Kind::Number) {
            const auto index = asInt64(n, name);
            if (format == InputFileSpec::Format::Jsonl)
                expected(n, "a field name (JSON lines fields are chosen by name)", name);
            if (index < 0 || index >= kMaxColumn)
                expected(n, "a column index between 0 and " + std::to_string(kMaxColumn - 1), name);
            ref.index = static_cast<std::int32_t>(index);
        } else if (n.kind == Kind::String) {
            if (format == InputFileSpec::Format::Text)
                expected(n, "a column index (text columns are chosen by number)", name);
            if (n.text.empty())
                expected(n, "a column or field name", name);
            if (format == InputFileSpec::Format::Jsonl
                && (n.text.front() == '.' || n.text.back() == '.' || n.text.find("..") != std::string::npos))
                expected(n, "a field name or a dotted path like \"a.b\"", name);
            ref.name = n.text;
        } else {
            expected(n,
                format == InputFileSpec::Format::Csv        ? "a column index or a column name"
                    : format == InputFileSpec::Format::Text ? "a column index"
                                                            : "a field name",
                name);
        }
        return ref;
    }

    static void readFields(const JsonNode& node, InputFileSpec& spec)
    {
        const Obj o(node, "fields", {"key", "value", "ts", "arrival", "channel", "partition", "offset"});
        if (const auto* k = o.opt("key")) {
            if (k->kind == Kind::Array) {
                if (k->items.empty())
                    expected(*k, "at least one field", "key");
                for (const auto& item : k->items)
                    spec.key.push_back(readFieldRef(item, "key", spec.format));
            } else if (k->kind != Kind::Null) {
                spec.key.push_back(readFieldRef(*k, "key", spec.format));
            }
        }
        spec.ts = readFieldRef(o.req("ts"), "ts", spec.format);
        if (const auto* v = o.opt("value"))
            spec.value = readFieldRef(*v, "value", spec.format);
        if (const auto* a = o.opt("arrival"))
            spec.arrival = readFieldRef(*a, "arrival", spec.format);
        if (const auto* c = o.opt("channel"))
            spec.channel = readFieldRef(*c, "channel", spec.format);
        if (const auto* n = o.opt("partition"))
            spec.partition = readFieldRef(*n, "partition", spec.format);
        if (const auto* n = o.opt("offset"))
            spec.offset = readFieldRef(*n, "offset", spec.format);
    }

    void readRecords(const JsonNode& node, Scenario& s)
    {
        if (node.kind != Kind::Array)
            expected(node, "an array", "records");
        s.records.reserve(node.items.size());
        m_sites.reserve(node.items.size());
        std::vector<std::string> keyFields(1);
        for (const auto& item : node.items) {
            if (item.kind != Kind::Object)
                expected(item, "a record object", {});
            InputRecord r;
            RecordSite site;
            site.recordOffset = item.offset;
            r.sourceLine = detail::lineColumnAt(m_text, item.offset).line;
            if (const auto* wm = item.member("watermark")) {
                const Obj o(item, "watermark record", {"watermark", "channel", "arrival"});
                r.kind = InputRecord::Kind::Watermark;
                r.ts = asInt64(*wm, "watermark");
            } else {
                const Obj o(item, "record", {"key", "value", "ts", "arrival", "channel", "partition", "offset"});
                r.ts = asInt64(o.req("ts", "the event timestamp in ms"), "ts");
                if (const auto* k = o.opt("key")) {
                    keyFields.clear();
                    if (k->kind == Kind::String || k->kind == Kind::Number) {
                        keyFields.push_back(k->text);
                    } else if (k->kind == Kind::Array && !k->items.empty()) {
                        // A composite key, like keyBy(0, 1) over a tuple.
                        for (const auto& field : k->items) {
                            if (field.kind != Kind::String && field.kind != Kind::Number)
                                expected(field, "a string or a number", "key");
                            keyFields.push_back(field.text);
                        }
                    } else {
                        expected(*k, "a string, a number or a list of them", "key");
                    }
                    r.key = s.keys.intern(std::span<const std::string>(keyFields));
                }
                if (const auto* v = o.opt("value")) {
                    r.value = asFiniteNumber(*v, "value");
                    r.hasValue = true;
                }
            }
            if (const auto* a = item.member("arrival")) {
                r.arrival = asInt64(*a, "arrival");
                if (r.arrival == InputRecord::kNoArrival)
                    fail(*a, "expected an \"arrival\" above -9223372036854775808, found " + a->text);
            }
            if (const auto* c = item.member("channel")) {
                r.channel = asInt(*c, "channel");
                site.channelOffset = c->offset;
                if (r.channel < 0)
                    fail(*c, "expected a non-negative \"channel\", found " + std::to_string(r.channel));
            }
            if (const auto* n = item.member("partition")) {
                r.partition = asInt(*n, "partition");
                site.partitionOffset = n->offset;
                if (r.partition < 0)
                    fail(*n, "expected a non-negative \"partition\", found " + std::to_string(r.partition));
            }
            if (const auto* n = item.member("offset")) {
                r.offset = asInt64(*n, "offset");
                site.offsetOffset = n->offset;
                if (r.offset < 0)
                    fail(*n, "expected a non-negative \"offset\", found " + std::to_string(r.offset));
            }
            s.records.push_back(r);
            m_sites.push_back(site);
        }
    }

    // Checks between inline records and the pipeline (records read from a file are checked by the loader
    // against the same RecordRules, see recordRulesFor).
    void validateRecords(const Scenario& s) const
    {
        const auto& w = s.pipeline.watermarks;
        const auto& f = s.pipeline.window.function;
        const bool needsValue
            = f.field == "value" && f.type != FunctionSpec::Type::Count && f.type != FunctionSpec::Type::List;
        for (std::size_t i = 0; i < s.records.size(); ++i) {
            const auto& r = s.records[i];
            const std::size_t recordAt = m_sites[i].recordOffset;
            const std::size_t channelAt = m_sites[i].channelOffset;
            const auto failRecord = [](std::size_t offset, const std::string& message) { fail(offset, message); };
            if (const auto& kafka = s.pipeline.kafka) {
                const std::string topic = "topic " + q(kafka->topic) + " has " + std::to_string(kafka->partitions)
                    + " partition" + (kafka->partitions == 1 ? "" : "s");
                if (r.isWatermark()) {
                    failRecord(recordAt,
                        "a Kafka source carries no watermark records: its readers make the watermarks (" + topic + ")");
                }
                if (r.channel != InputRecord::kNoChannel) {
                    failRecord(channelAt,
                        "\"channel\" has no place with a Kafka source: a record goes to the reader of its "
                        "\"partition\"");
                }
                if (r.partition == InputRecord::kNoPartition)
                    failRecord(recordAt, "missing \"partition\" in record (" + topic + ")");
                if (r.partition >= kafka->partitions) {
                    failRecord(m_sites[i].partitionOffset,
                        "expected \"partition\" between 0 and " + std::to_string(kafka->partitions - 1) + " (" + topic
                            + "), found " + std::to_string(r.partition));
                }
            } else if (r.partition != InputRecord::kNoPartition || r.offset != InputRecord::kNoOffset) {
                failRecord(
                    r.partition != InputRecord::kNoPartition ? m_sites[i].partitionOffset : m_sites[i].offsetOffset,
                    "a record's partition and offset need a Kafka source (\"pipeline\": {\"source\": {\"kafka\": …}})");
            }
            if (r.isWatermark()) {
                if (r.channel >= w.parallelism) {
                    failRecord(channelAt,
                        "expected \"channel\" between 0 and " + std::to_string(w.parallelism - 1)
                            + " (watermarks.parallelism is " + std::to_string(w.parallelism) + "), found "
                            + std::to_string(r.channel));
                }
                continue;
            }
            if (m_keyed && r.key == kNoKey) {
                failRecord(recordAt,
                    "missing \"key\" in record (the window is keyed by " + q(m_keyByName)
                        + "; use \"keyBy\": null for windowAll)");
            }
            if (needsValue && !r.hasValue) {
                failRecord(recordAt,
                    "missing \"value\" in record (the window function " + q(enumName(f.type, kFunctions))
                        + " reads it)");
            }
            switch (w.partitioning) {
            case WatermarkConfig::Partitioning::Channel:
                if (r.channel == InputRecord::kNoChannel) {
                    failRecord(recordAt, "missing \"channel\" in record (partitioning is \"channel\")");
                }
                if (r.channel >= w.parallelism) {
                    failRecord(channelAt,
                        "expected \"channel\" between 0 and " + std::to_string(w.parallelism - 1)
                            + " (watermarks.parallelism is " + std::to_string(w.parallelism) + "), found "
                            + std::to_string(r.channel));
                }
                break;
            case WatermarkConfig::Partitioning::Forward:
                if (r.channel >= s.pipeline.sourceParallelism) {
                    failRecord(channelAt,
                        "expected \"channel\" between 0 and " + std::to_string(s.pipeline.sourceParallelism - 1)
                            + " (source.parallelism is " + std::to_string(s.pipeline.sourceParallelism) + "), found "
                            + std::to_string(r.channel));
                }
                break;
            case WatermarkConfig::Partitioning::Rebalance:
                if (r.channel >= w.parallelism) {
                    failRecord(channelAt,
                        "expected \"channel\" between 0 and " + std::to_string(w.parallelism - 1)
                            + " (watermarks.parallelism is " + std::to_string(w.parallelism) + "), found "
                            + std::to_string(r.channel));
                }
                break;
            }
        }
    }

    std::string_view m_text;
    const std::string& m_fileName;
    std::filesystem::path m_baseDir;
    const LoadOptions& m_options;
    bool m_readInputFile;
    bool m_keyed = true;
    std::string m_keyByName = "key";
    std::vector<RecordSite> m_sites;
};

// ---- saving ----

std::string number(double v)
{
    if (!std::isfinite(v))
        return "null";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string fieldRefJson(const FieldRef& f)
{
    return f.isIndex() ? std::to_string(f.index) : q(f.name);
}

class JsonOut {
public:
    // Members of one object, written on one line ("k": v, ...).
    JsonOut& add(std::string_view key, std::string_view rawValue)
    {
        if (!m_text.empty())
            m_text += ", ";
        m_text += q(key);
        m_text += ": ";
        m_text += rawValue;
        return *this;
    }
    JsonOut& add(std::string_view key, std::int64_t v) { return add(key, std::to_string(v)); }
    JsonOut& str(std::string_view key, std::string_view v) { return add(key, q(v)); }
    JsonOut& flag(std::string_view key, bool v) { return add(key, v ? "true" : "false"); }
    std::string object() const { return "{" + m_text + "}"; }

private:
    std::string m_text;
};

std::string recordJson(const Scenario& s, const InputRecord& r)
{
    JsonOut o;
    if (r.isWatermark()) {
        o.add("watermark", r.ts);
    } else {
        if (r.key != kNoKey) {
            const auto& fields = s.keys.fields(r.key);
            if (fields.size() == 1) {
                o.str("key", fields.front());
            } else {
                std::string list = "[";
                for (std::size_t i = 0; i < fields.size(); ++i)
                    list += (i ? ", " : "") + q(fields[i]);
                o.add("key", list + "]");
            }
        }
        if (r.hasValue)
            o.add("value", number(r.value));
        o.add("ts", r.ts);
    }
    if (r.arrival != InputRecord::kNoArrival)
        o.add("arrival", r.arrival);
    if (r.channel != InputRecord::kNoChannel)
        o.add("channel", std::int64_t(r.channel));
    if (r.partition != InputRecord::kNoPartition)
        o.add("partition", std::int64_t(r.partition));
    if (r.offset != InputRecord::kNoOffset)
        o.add("offset", r.offset);
    return o.object();
}

std::string inputFileJson(const InputFileSpec& f)
{
    JsonOut o;
    o.str("file", f.file).str("format", enumName(f.format, kFormats));
    JsonOut fields;
    if (f.key.size() == 1) {
        fields.add("key", fieldRefJson(f.key.front()));
    } else if (f.key.size() > 1) {
        std::string list = "[";
        for (std::size_t i = 0; i < f.key.size(); ++i)
            list += (i ? ", " : "") + fieldRefJson(f.key[i]);
        fields.add("key", list + "]");
    }
    if (f.value)
        fields.add("value", fieldRefJson(*f.value));
    fields.add("ts", fieldRefJson(f.ts));
    if (f.arrival)
        fields.add("arrival", fieldRefJson(*f.arrival));
    if (f.channel)
        fields.add("channel", fieldRefJson(*f.channel));
    if (f.partition)
        fields.add("partition", fieldRefJson(*f.partition));
    if (f.offset)
        fields.add("offset", fieldRefJson(*f.offset));
    o.add("fields", fields.object());
    if (f.format == InputFileSpec::Format::Csv) {
        o.str("delimiter", std::string_view(&f.delimiter, 1));
        if (f.header != InputFileSpec::Header::Detect)
            o.flag("header", f.header == InputFileSpec::Header::Present);
    }
    const TimestampFormat defaults;
    if (f.timestamp.unit != defaults.unit || !f.timestamp.pattern.empty() || !f.timestamp.zone.empty()) {
        JsonOut t;
        if (!f.timestamp.pattern.empty())
            t.str("pattern", f.timestamp.pattern);
        else
            t.str("unit", enumName(f.timestamp.unit, kUnits));
        if (!f.timestamp.zone.empty())
            t.str("zone", f.timestamp.zone);
        o.add("timestamp", t.object());
    }
    if (f.format != InputFileSpec::Format::Jsonl && f.watermarkWord != "watermark")
        o.str("watermarkWord", f.watermarkWord);
    return o.object();
}

std::string assignerJson(const AssignerSpec& a)
{
    JsonOut o;
    o.str("type", enumName(a.type, kAssigners));
    switch (a.type) {
    case AssignerSpec::Type::Tumbling:
        o.add("sizeMs", a.sizeMs).add("offsetMs", a.offsetMs);
        break;
    case AssignerSpec::Type::Sliding:
        o.add("sizeMs", a.sizeMs).add("slideMs", a.slideMs).add("offsetMs", a.offsetMs);
        break;
    case AssignerSpec::Type::Session:
        o.add("gapMs", a.gapMs);
        break;
    case AssignerSpec::Type::Global:
        return o.object();
    case AssignerSpec::Type::Cumulate:
        o.add("maxSizeMs", a.sizeMs).add("stepMs", a.stepMs).add("offsetMs", a.offsetMs);
        break;
    }
    o.str("timeDomain", enumName(a.timeDomain, kTimeDomains));
    return o.object();
}

std::string triggerJson(const TriggerSpec& t)
{
    JsonOut o;
    o.str("type", enumName(t.type, kTriggers));
    if (t.type == TriggerSpec::Type::Count)
        o.add("count", t.count);
    if (t.type == TriggerSpec::Type::ContinuousEventTime)
        o.add("intervalMs", t.intervalMs);
    return o.object();
}

std::string evictorJson(const EvictorSpec& e)
{
    JsonOut o;
    o.str("type", enumName(e.type, kEvictors));
    if (e.type == EvictorSpec::Type::Count)
        o.add("maxCount", e.maxCount);
    if (e.type == EvictorSpec::Type::Time)
        o.add("keepMs", e.keepMs);
    if (e.type == EvictorSpec::Type::Delta)
        o.add("threshold", number(e.threshold));
    o.flag("evictAfter", e.evictAfter);
    return o.object();
}

// ---- comparing ----

template <class T> std::string show(const T& v)
{
    if constexpr (std::is_enum_v<T>)
        return std::to_string(static_cast<int>(v));
    else if constexpr (std::is_same_v<T, bool>)
        return v ? "true" : "false";
    else if constexpr (std::is_arithmetic_v<T>)
        return std::is_floating_point_v<T> ? number(static_cast<double>(v)) : std::to_string(v);
    else if constexpr (std::is_same_v<T, std::string>)
        return q(v);
    else if constexpr (std::is_same_v<T, std::optional<std::string>>)
        return v ? q(*v) : "null";
    else
        return "…";
}

class Differ {
public:
    template <class T> void check(std::string_view path, const T& a, const T& b)
    {
        if (!m_first && !(a == b))
            m_first = std::string(path) + ": " + show(a) + " vs " + show(b);
    }
    void checkRef(std::string_view path, const FieldRef& a, const FieldRef& b)
    {
        check(path, a.index, b.index);
        check(path, a.name, b.name);
    }
    void checkRef(std::string_view path, const std::optional<FieldRef>& a, const std::optional<FieldRef>& b)
    {
        check(std::string(path) + " present", a.has_value(), b.has_value());
        if (a && b)
            checkRef(path, *a, *b);
    }
    std::optional<std::string> m_first;
};

void comparePipelines(Differ& d, const PipelineConfig& a, const PipelineConfig& b)
{
    d.check("flinkVersion", a.flinkVersion.name(), b.flinkVersion.name());
    d.check("pipeline.source.parallelism", a.sourceParallelism, b.sourceParallelism);
    d.check("pipeline.source.kafka present", a.kafka.has_value(), b.kafka.has_value());
    if (a.kafka && b.kafka) {
        d.check("pipeline.source.kafka.topic", a.kafka->topic, b.kafka->topic);
        d.check("pipeline.source.kafka.partitions", a.kafka->partitions, b.kafka->partitions);
        d.check("pipeline.source.kafka.watermarks", a.kafka->watermarks, b.kafka->watermarks);
    }
    const auto &wa = a.watermarks, &wb = b.watermarks;
    d.check("pipeline.watermarks.strategy", wa.strategy, wb.strategy);
    d.check("pipeline.watermarks.maxOutOfOrdernessMs", wa.maxOutOfOrdernessMs, wb.maxOutOfOrdernessMs);
    d.check("pipeline.watermarks.emit", wa.emission, wb.emission);
    d.check("pipeline.watermarks.periodMs", wa.periodMs, wb.periodMs);
    d.check("pipeline.watermarks.idlenessMs", wa.idlenessMs, wb.idlenessMs);
    d.check("pipeline.watermarks.parallelism", wa.parallelism, wb.parallelism);
    d.check("pipeline.watermarks.partitioning", wa.partitioning, wb.partitioning);
    d.check("pipeline.watermarks.firstChannel", wa.firstChannel, wb.firstChannel);
    const auto &xa = a.window, &xb = b.window;
    d.check("pipeline.window.keyBy", xa.keyBy, xb.keyBy);
    d.check("pipeline.window.assigner.type", xa.assigner.type, xb.assigner.type);
    d.check("pipeline.window.assigner.timeDomain", xa.assigner.timeDomain, xb.assigner.timeDomain);
    d.check("pipeline.window.assigner.sizeMs", xa.assigner.sizeMs, xb.assigner.sizeMs);
    d.check("pipeline.window.assigner.slideMs", xa.assigner.slideMs, xb.assigner.slideMs);
    d.check("pipeline.window.assigner.offsetMs", xa.assigner.offsetMs, xb.assigner.offsetMs);
    d.check("pipeline.window.assigner.gapMs", xa.assigner.gapMs, xb.assigner.gapMs);
    d.check("pipeline.window.trigger.type", xa.trigger.type, xb.trigger.type);
    d.check("pipeline.window.trigger.count", xa.trigger.count, xb.trigger.count);
    d.check("pipeline.window.trigger.intervalMs", xa.trigger.intervalMs, xb.trigger.intervalMs);
    d.check("pipeline.window.purging", xa.purging, xb.purging);
    d.check("pipeline.window.allowedLatenessMs", xa.allowedLatenessMs, xb.allowedLatenessMs);
    d.check("pipeline.window.lateSideOutput", xa.lateSideOutput, xb.lateSideOutput);
    d.check("pipeline.window.function.type", xa.function.type, xb.function.type);
    d.check("pipeline.window.function.field", xa.function.field, xb.function.field);
    d.check("pipeline.window.evictor.type", xa.evictor.type, xb.evictor.type);
    d.check("pipeline.window.evictor.maxCount", xa.evictor.maxCount, xb.evictor.maxCount);
    d.check("pipeline.window.evictor.keepMs", xa.evictor.keepMs, xb.evictor.keepMs);
    d.check("pipeline.window.evictor.threshold", xa.evictor.threshold, xb.evictor.threshold);
    d.check("pipeline.window.evictor.evictAfter", xa.evictor.evictAfter, xb.evictor.evictAfter);
    d.check("pipeline.window.parallelism", xa.parallelism, xb.parallelism);
    d.check("pipeline.endOfInput", a.endOfInput, b.endOfInput);
}

void compareInputFiles(Differ& d, const InputFileSpec& a, const InputFileSpec& b)
{
    d.check("input.file", a.file, b.file);
    d.check("input.format", a.format, b.format);
    d.check("input.fields.key count", a.key.size(), b.key.size());
    for (std::size_t i = 0; i < std::min(a.key.size(), b.key.size()); ++i)
        d.checkRef("input.fields.key[" + std::to_string(i) + "]", a.key[i], b.key[i]);
    d.checkRef("input.fields.value", a.value, b.value);
    d.checkRef("input.fields.ts", a.ts, b.ts);
    d.checkRef("input.fields.arrival", a.arrival, b.arrival);
    d.checkRef("input.fields.channel", a.channel, b.channel);
    d.checkRef("input.fields.partition", a.partition, b.partition);
    d.checkRef("input.fields.offset", a.offset, b.offset);
    d.check("input.delimiter", a.delimiter, b.delimiter);
    d.check("input.header", a.header, b.header);
    d.check("input.timestamp.unit", a.timestamp.unit, b.timestamp.unit);
    d.check("input.timestamp.pattern", a.timestamp.pattern, b.timestamp.pattern);
    d.check("input.timestamp.zone", a.timestamp.zone, b.timestamp.zone);
    d.check("input.watermarkWord", a.watermarkWord, b.watermarkWord);
}

} // namespace

InputFileSpec liveLineSpec(const Scenario& s)
{
    if (s.inputFile)
        return *s.inputFile;
    InputFileSpec spec;
    spec.format = InputFileSpec::Format::Csv;
    spec.header = InputFileSpec::Header::Absent;
    FieldRef key;
    key.index = 0;
    FieldRef ts;
    ts.index = 1;
    if (s.pipeline.window.keyBy) {
        spec.key = {key};
        spec.ts = ts;
    } else {
        ts.index = 0;
        spec.ts = ts;
    }
    const bool values
        = std::any_of(s.records.begin(), s.records.end(), [](const InputRecord& r) { return r.hasValue; });
    if (values) {
        FieldRef value;
        value.index = spec.ts.index + 1;
        spec.value = value;
    }
    return spec;
}

RecordRules recordRulesFor(const PipelineConfig& p)
{
    RecordRules rules;
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

Loaded<Scenario> parseScenario(std::string_view json, const std::string& fileName, const std::filesystem::path& baseDir,
    const LoadOptions& options)
{
    return ScenarioReader(json, fileName, baseDir, options, true).run();
}

Loaded<Scenario> parseScenarioWithoutInput(std::string_view json, const std::string& fileName)
{
    const LoadOptions options;
    return ScenarioReader(json, fileName, {}, options, false).run();
}

namespace {

// The text of a scenario file, or the reason it cannot be read in `failure`.
std::optional<std::string> readScenarioText(const std::filesystem::path& path, Loaded<Scenario>& failure)
{
    std::string error;
    auto text = detail::readEditedFile(path, "scenario", "put the records in an event file (\"input.file\")", error);
    if (!text)
        failure.errors.push_back(LoadError(path.string(), 0, 0, error));
    return text;
}

} // namespace

Loaded<Scenario> loadScenarioFile(const std::filesystem::path& path, const LoadOptions& options)
{
    Loaded<Scenario> failure;
    const auto text = readScenarioText(path, failure);
    return text ? parseScenario(*text, path.string(), path.parent_path(), options) : failure;
}

Loaded<Scenario> loadScenarioFileWithoutInput(const std::filesystem::path& path)
{
    Loaded<Scenario> failure;
    const auto text = readScenarioText(path, failure);
    return text ? parseScenarioWithoutInput(*text, path.string()) : failure;
}

Loaded<Scenario> loadScenarioInput(Scenario scenario, const std::filesystem::path& baseDir, const LoadOptions& options)
{
    Loaded<Scenario> result;
    if (!scenario.inputFile) {
        result.value = std::move(scenario);
        return result;
    }
    LoadOptions fileOptions = options;
    if (!fileOptions.lenient)
        fileOptions.lenient = scenario.lenient;
    const std::filesystem::path file = baseDir / scenario.inputFile->file;
    auto loaded
        = loadEventFile(file, *scenario.inputFile, scenario.keys, fileOptions, recordRulesFor(scenario.pipeline));
    result.errors = std::move(loaded.errors);
    result.skippedLines = loaded.skippedLines;
    if (!loaded.ok())
        return result;
    scenario.records = std::move(loaded.value->records);
    result.value = std::move(scenario);
    return result;
}

std::string saveScenario(const Scenario& s)
{
    std::string out = "{\n";
    out += "  \"tidemark\": " + std::to_string(kFormatVersion) + ",\n";
    out += "  \"name\": " + q(s.name) + ",\n";
    out += "  \"description\": " + q(s.description) + ",\n";
    if (s.pipeline.flinkVersion != kNewestFlinkVersion)
        out += "  \"flinkVersion\": " + q(s.pipeline.flinkVersion.name()) + ",\n";
    const DisplaySettings defaultDisplay;
    if (s.display.timeFormat != defaultDisplay.timeFormat || s.display.zone != defaultDisplay.zone) {
        JsonOut d;
        d.str("time", enumName(s.display.timeFormat, kTimeFormats)).str("zone", s.display.zone);
        out += "  \"display\": " + d.object() + ",\n";
    }
    if (s.lenient)
        out += "  \"lenient\": true,\n";
    if (s.defaultArrivalSpacingMs != Scenario {}.defaultArrivalSpacingMs)
        out += "  \"defaultArrivalSpacingMs\": " + std::to_string(s.defaultArrivalSpacingMs) + ",\n";
    if (s.inputEndMs)
        out += "  \"inputEndMs\": " + std::to_string(*s.inputEndMs) + ",\n";
    if (!s.lesson.empty()) {
        out += "  \"lesson\": [";
        for (std::size_t i = 0; i < s.lesson.size(); ++i) {
            JsonOut m;
            m.add("step", std::int64_t(s.lesson[i].step)).str("note", s.lesson[i].note);
            if (s.lesson[i].predict)
                m.flag("predict", true);
            out += (i ? ",\n    " : "\n    ") + m.object();
        }
        out += "\n  ],\n";
    }
    if (s.inputFile) {
        out += "  \"input\": " + inputFileJson(*s.inputFile) + ",\n";
    } else {
        out += "  \"input\": {\"records\": [";
        for (std::size_t i = 0; i < s.records.size(); ++i) {
            out += i ? ",\n    " : "\n    ";
            out += recordJson(s, s.records[i]);
        }
        out += s.records.empty() ? "]},\n" : "\n  ]},\n";
    }
    const auto& p = s.pipeline;
    out += "  \"pipeline\": {\n";
    out += "    \"source\": {\"parallelism\": " + std::to_string(p.sourceParallelism);
    if (p.kafka) {
        JsonOut kafka;
        kafka.str("topic", p.kafka->topic)
            .add("partitions", std::int64_t(p.kafka->partitions))
            .str("watermarks", enumName(p.kafka->watermarks, kKafkaWatermarks));
        out += ", \"kafka\": " + kafka.object();
    }
    out += "},\n";
    const auto& w = p.watermarks;
    JsonOut wm;
    wm.str("strategy", enumName(w.strategy, kStrategies))
        .add("maxOutOfOrdernessMs", w.maxOutOfOrdernessMs)
        .str("emit", enumName(w.emission, kEmits))
        .add("periodMs", w.periodMs)
        .add("idlenessMs", w.idlenessMs)
        .add("parallelism", std::int64_t(w.parallelism))
        .str("partitioning", enumName(w.partitioning, kPartitionings))
        .add("firstChannel", std::int64_t(w.firstChannel));
    out += "    \"watermarks\": " + wm.object() + ",\n";
    const auto& x = p.window;
    out += "    \"window\": {\"keyBy\": " + (x.keyBy ? q(*x.keyBy) : std::string("null")) + ",\n";
    out += "               \"assigner\": " + assignerJson(x.assigner) + ",\n";
    if (x.trigger.type != TriggerSpec::Type::Default)
        out += "               \"trigger\": " + triggerJson(x.trigger) + ",\n";
    if (x.evictor.type != EvictorSpec::Type::None)
        out += "               \"evictor\": " + evictorJson(x.evictor) + ",\n";
    JsonOut rest;
    rest.flag("purging", x.purging)
        .add("allowedLatenessMs", x.allowedLatenessMs)
        .flag("lateSideOutput", x.lateSideOutput);
    const std::string restText = rest.object();
    out += "               " + restText.substr(1, restText.size() - 2) + ",\n";
    JsonOut fn;
    fn.str("type", enumName(x.function.type, kFunctions)).str("field", x.function.field);
    out += "               \"function\": " + fn.object() + ", \"parallelism\": " + std::to_string(x.parallelism)
        + "},\n";
    out += "    \"endOfInput\": " + q(enumName(p.endOfInput, kEndOfInputs)) + "\n";
    out += "  }\n}\n";
    return out;
}

std::optional<std::string> scenarioDifference(const Scenario& a, const Scenario& b)
{
    Differ d;
    d.check("tidemark", a.version, b.version);
    d.check("name", a.name, b.name);
    d.check("description", a.description, b.description);
    d.check("display.time", a.display.timeFormat, b.display.timeFormat);
    d.check("display.zone", a.display.zone, b.display.zone);
    d.check("lenient", a.lenient, b.lenient);
    d.check("defaultArrivalSpacingMs", a.defaultArrivalSpacingMs, b.defaultArrivalSpacingMs);
    d.check("inputEndMs", a.inputEndMs.value_or(-1), b.inputEndMs.value_or(-1));
    d.check("lesson", a.lesson == b.lesson, true);
    comparePipelines(d, a.pipeline, b.pipeline);
    d.check("input is a file", a.inputFile.has_value(), b.inputFile.has_value());
    if (a.inputFile && b.inputFile)
        compareInputFiles(d, *a.inputFile, *b.inputFile);
    d.check("input.records count", a.records.size(), b.records.size());
    for (std::size_t i = 0; i < std::min(a.records.size(), b.records.size()) && !d.m_first; ++i) {
        const auto& ra = a.records[i];
        const auto& rb = b.records[i];
        const std::string at = "input.records[" + std::to_string(i) + "].";
        d.check(at + "kind", ra.kind, rb.kind);
        const auto keyText = [](const Scenario& s, KeyId k) {
            return k == kNoKey ? std::optional<std::string>() : std::optional<std::string>(s.keys.name(k));
        };
        d.check(at + "key", keyText(a, ra.key), keyText(b, rb.key));
        if (ra.key != kNoKey && rb.key != kNoKey)
            d.check(at + "key hash", a.keys.javaHash(ra.key), b.keys.javaHash(rb.key));
        d.check(at + "hasValue", ra.hasValue, rb.hasValue);
        if (ra.hasValue && rb.hasValue)
            d.check(at + "value", ra.value, rb.value);
        d.check(at + "ts", ra.ts, rb.ts);
        d.check(at + "arrival", ra.arrival, rb.arrival);
        d.check(at + "channel", ra.channel, rb.channel);
        d.check(at + "partition", ra.partition, rb.partition);
        d.check(at + "offset", ra.offset, rb.offset);
    }
    return d.m_first;
}

bool looksLikeScenario(std::string_view firstBytes)
{
    return firstBytes.substr(0, kScenarioSniffBytes).find("\"tidemark\"") != std::string_view::npos;
}

} // namespace tidemark::io
