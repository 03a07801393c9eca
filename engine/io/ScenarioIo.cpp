#include "engine/io/ScenarioIo.h"

#include "engine/core/JsonText.h"
#include "engine/io/ScenarioNames.h"

#include "engine/io/EventFile.h"
#include "engine/io/JsonFields.h"
#include "engine/io/JsonTree.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioSchema.h"
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

using namespace detail;
using Kind = JsonNode::Kind;

std::string q(std::string_view s)
{
    return jsonString(s);
}

constexpr int kFormatVersion = 1;
constexpr std::int32_t kMaxColumn = 1 << 20;

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
            schema::read(schema::display(), *d, s.display);
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

    void readPipeline(const JsonNode& node, PipelineConfig& p)
    {
        schema::read(schema::pipeline(), node, p);
        if (p.kafka) {
            // The readers are the watermark channels: what the scenario does not say follows from the source
            // (PipelineRules checks what it does say).
            const JsonNode& wm = *node.member("watermarks");
            if (!wm.member("parallelism"))
                p.watermarks.parallelism = p.sourceParallelism;
            if (!wm.member("partitioning"))
                p.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
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
        if (const auto& keyBy = s.pipeline.window.keyBy; keyBy && spec.key.empty()) {
            fail(o.req("fields"),
                "missing \"key\" in fields (the window is keyed by " + q(*keyBy)
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
            if (const auto& keyBy = s.pipeline.window.keyBy; keyBy && r.key == kNoKey) {
                failRecord(recordAt,
                    "missing \"key\" in record (the window is keyed by " + q(*keyBy)
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
    std::vector<RecordSite> m_sites;
};

// ---- saving ----

std::string fieldRefJson(const FieldRef& f)
{
    return f.isIndex() ? std::to_string(f.index) : q(f.name);
}

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
            o.add("value", jsonNumber(r.value));
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
    if (s.display != DisplaySettings {})
        out += "  \"display\": " + schema::write(schema::display(), s.display, "  ") + ",\n";
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
    out += "  \"pipeline\": " + schema::write(schema::pipeline(), s.pipeline, "  ") + "\n}\n";
    return out;
}

bool looksLikeScenario(std::string_view firstBytes)
{
    return firstBytes.substr(0, kScenarioSniffBytes).find("\"tidemark\"") != std::string_view::npos;
}

} // namespace tidemark::io
