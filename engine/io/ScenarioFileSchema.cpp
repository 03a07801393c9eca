#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioSchema.h"
#include "engine/io/SchemaFields.h"
#include "engine/io/Timestamps.h"

#include <algorithm>
#include <limits>

namespace tidemark::io::schema {

// The scenario file around its pipeline: the top-level fields, the lesson, the input's event file or inline
// records, and the checks between the input and the pipeline.

using detail::JsonNode;

namespace {

std::string q(std::string_view s)
{
    return jsonString(s);
}

using Kind = JsonNode::Kind;

// Columns of a CSV or text file: far more than any file has, few enough for a column number to be plainly wrong.
constexpr std::int32_t kMaxColumn = 1 << 20;

// An integer of 0 or more: a scenario-level duration (the pipeline's are PipelineRules'), a record's channel,
// partition or offset.
std::int64_t nonNegativeValue(const JsonNode& n, std::string_view key)
{
    const auto v = detail::asInt64(n, key);
    if (v < 0)
        detail::fail(n, "expected a non-negative " + q(key) + ", found " + std::to_string(v));
    return v;
}

template <class T> Field<T> nonNegative(std::string_view key, std::int64_t T::*member)
{
    Field<T> f = integer(key, member);
    f.read = [member, key](const JsonNode& n, T& v) { v.*member = nonNegativeValue(n, key); };
    return f;
}

// A field of the arrival rule, which the file keeps at the top level (defaultArrivalSpacingMs came first), of
// `least` or more.
Field<Scenario> arrivalField(std::string_view key, std::int64_t ArrivalRule::*member, std::int64_t least)
{
    Field<Scenario> f;
    f.key = key;
    f.read = [member, key, least](const JsonNode& n, Scenario& s) {
        const auto v = detail::asInt64(n, key);
        if (v < least)
            detail::fail(
                n, "expected " + q(key) + " of " + std::to_string(least) + " or more, found " + std::to_string(v));
        s.arrivals.*member = v;
    };
    f.write = [member](const Scenario& s, std::string_view) -> std::optional<std::string> {
        return std::to_string(s.arrivals.*member);
    };
    return f;
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

// "[a, b]" of a list, the item itself when it is one.
std::string listOrOne(const std::vector<std::string>& items)
{
    if (items.size() == 1)
        return items.front();
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + items[i];
    return out + "]";
}

// A column or field of an event file: a number (CSV, text) or a name (CSV, JSON lines, dotted into objects).
FieldRef readFieldRef(const JsonNode& n, std::string_view name, InputFileSpec::Format format)
{
    FieldRef ref;
    if (n.kind == Kind::Number) {
        const auto index = detail::asInt64(n, name);
        if (format == InputFileSpec::Format::Jsonl)
            detail::expected(n, "a field name (JSON lines fields are chosen by name)", name);
        if (index < 0 || index >= kMaxColumn)
            detail::expected(n, "a column index between 0 and " + std::to_string(kMaxColumn - 1), name);
        ref.index = static_cast<std::int32_t>(index);
    } else if (n.kind == Kind::String) {
        if (format == InputFileSpec::Format::Text)
            detail::expected(n, "a column index (text columns are chosen by number)", name);
        if (n.text.empty())
            detail::expected(n, "a column or field name", name);
        if (format == InputFileSpec::Format::Jsonl
            && (n.text.front() == '.' || n.text.back() == '.' || n.text.find("..") != std::string::npos))
            detail::expected(n, "a field name or a dotted path like \"a.b\"", name);
        ref.name = n.text;
    } else {
        detail::expected(n,
            format == InputFileSpec::Format::Csv        ? "a column index or a column name"
                : format == InputFileSpec::Format::Text ? "a column index"
                                                        : "a field name",
            name);
    }
    return ref;
}

std::string fieldRefJson(const FieldRef& f)
{
    return f.isIndex() ? std::to_string(f.index) : q(f.name);
}

Field<InputFileSpec> fieldRef(std::string_view key, std::optional<FieldRef> InputFileSpec::*member)
{
    Field<InputFileSpec> f;
    f.key = key;
    f.read = [member, key](const JsonNode& n, InputFileSpec& s) { s.*member = readFieldRef(n, key, s.format); };
    f.write = [member](const InputFileSpec& s, std::string_view) -> std::optional<std::string> {
        return s.*member ? std::optional(fieldRefJson(*(s.*member))) : std::nullopt;
    };
    return f;
}

// The input's "fields": which column or field feeds each part of a record (members of InputFileSpec itself).
const Schema<InputFileSpec>& fieldRefs()
{
    // built once: the fields below are made on the first call only
    static const Schema<InputFileSpec> s = [] {
        using F = InputFileSpec;
        Field<F> key;
        key.key = "key";
        key.read = [](const JsonNode& n, F& f) {
            if (n.kind == Kind::Array) {
                if (n.items.empty())
                    detail::expected(n, "at least one field", "key");
                for (const auto& item : n.items)
                    f.key.push_back(readFieldRef(item, "key", f.format));
            } else if (n.kind != Kind::Null) {
                f.key.push_back(readFieldRef(n, "key", f.format));
            }
        };
        key.write = [](const F& f, std::string_view) -> std::optional<std::string> {
            if (f.key.empty())
                return std::nullopt;
            std::vector<std::string> refs;
            for (const FieldRef& r : f.key)
                refs.push_back(fieldRefJson(r));
            return listOrOne(refs);
        };
        Field<F> ts;
        ts.key = "ts";
        ts.read = [](const JsonNode& n, F& f) { f.ts = readFieldRef(n, "ts", f.format); };
        ts.write = [](const F& f, std::string_view) -> std::optional<std::string> { return fieldRefJson(f.ts); };
        return named<F>("fields", Layout::Inline,
            {
                key,
                fieldRef("value", &F::value),
                needed(ts),
                fieldRef("arrival", &F::arrival),
                fieldRef("channel", &F::channel),
                fieldRef("partition", &F::partition),
                fieldRef("offset", &F::offset),
            });
    }();
    return s;
}

const Schema<TimestampFormat>& timestampFormat()
{
    // built once: the fields below are made on the first call only
    static const Schema<TimestampFormat> s = [] {
        using T = TimestampFormat;
        // A pattern reads dates; the unit is for numeric timestamps only, so it is written only without one.
        Field<T> pattern = text("pattern", &T::pattern);
        pattern.read = [](const JsonNode& n, T& t) {
            t.pattern = detail::asString(n, "pattern");
            std::string error;
            if (!TimestampPattern::compile(t.pattern, &error))
                detail::fail(n, error);
        };
        pattern = omittedWhen(pattern, [](const T& t) { return t.pattern.empty(); });
        Field<T> unit = choice("unit", &T::unit, kUnits);
        unit.read = [](const JsonNode& n, T& t) {
            t.unit = detail::asEnum(n, "unit", kUnits);
            if (!t.pattern.empty())
                detail::fail(n, "\"unit\" applies to numeric timestamps; it cannot be used with \"pattern\"");
        };
        unit = omittedWhen(unit, [](const T& t) { return !t.pattern.empty(); });
        Field<T> zone = text("zone", &T::zone);
        zone.read = [](const JsonNode& n, T& t) {
            t.zone = detail::asString(n, "zone");
            detail::checkZone(n, t.zone);
        };
        zone = omittedWhen(zone, [](const T& t) { return t.zone.empty(); });
        return named<T>("timestamp", Layout::Inline, {pattern, unit, zone});
    }();
    return s;
}

// The input's two forms: inline records, or an event file.
void readRecords(const JsonNode& node, Scenario& s);
void checkRecords(const JsonNode& records, const Scenario& s);
void checkFileFields(const JsonNode& input, const Scenario& s);

RecordEntry entryOf(const KeyTable& keys, const InputRecord& r)
{
    RecordEntry e {r, {}};
    if (r.key != kNoKey)
        e.key = keys.fields(r.key);
    return e;
}

} // namespace

std::string writeInput(const KeyTable& keys, const std::vector<InputRecord>& records,
    const std::optional<InputFileSpec>& file, std::string_view indent)
{
    if (file)
        return write(inputFile(), *file, indent);
    std::vector<std::string> items;
    items.reserve(records.size());
    for (const InputRecord& r : records)
        items.push_back(write(record(), entryOf(keys, r), ""));
    return "{\"records\": " + itemLines(items, indent) + "}";
}

std::string inputDifference(const InputOf& a, const InputOf& b, const std::string& path)
{
    const auto form = [](const InputOf& in) { return in.file ? "an event file" : "inline records"; };
    if (a.file.has_value() != b.file.has_value())
        return path + ": " + form(a) + " vs " + form(b);
    if (a.file)
        return difference(inputFile(), *a.file, *b.file, path + ".").value_or("");
    for (std::size_t i = 0; i < std::min(a.records.size(), b.records.size()); ++i) {
        if (auto d = difference(record(), entryOf(a.keys, a.records[i]), entryOf(b.keys, b.records[i]),
                path + ".records[" + std::to_string(i) + "]."))
            return *d;
    }
    if (a.records.size() != b.records.size())
        return path + ".records: " + std::to_string(a.records.size()) + " vs " + std::to_string(b.records.size())
            + " records";
    return {};
}

const Schema<InputFileSpec>& inputFile()
{
    // built once: the fields below are made on the first call only
    static const Schema<InputFileSpec> s = [] {
        using F = InputFileSpec;
        const auto csv = [](const F& f) { return f.format == F::Format::Csv; };
        Field<F> file = text("file", &F::file);
        file.read = [](const JsonNode& n, F& f) {
            f.file = detail::asString(n, "file");
            if (f.file.empty())
                detail::fail(n, "expected a file name for \"file\", found \"\"");
        };
        Field<F> fields;
        fields.key = "fields";
        fields.read = [](const JsonNode& n, F& f) { read(fieldRefs(), n, f); };
        fields.write = [](const F& f, std::string_view indent) -> std::optional<std::string> {
            return write(fieldRefs(), f, indent);
        };
        fields.differ = [](const F& a, const F& b) { return difference(fieldRefs(), a, b, "fields.").value_or(""); };
        Field<F> delimiter;
        delimiter.key = "delimiter";
        delimiter.read = [](const JsonNode& n, F& f) {
            const auto& text = detail::asString(n, "delimiter");
            if (text.size() != 1 || text[0] == '"' || text[0] == '\n' || text[0] == '\r'
                || static_cast<unsigned char>(text[0]) >= 0x80)
                detail::expected(n, "a single ASCII character other than a quote or line end", "delimiter");
            f.delimiter = text[0];
        };
        delimiter.write = [](const F& f, std::string_view) -> std::optional<std::string> {
            return q(std::string_view(&f.delimiter, 1));
        };
        Field<F> header;
        header.key = "header";
        header.read = [](const JsonNode& n, F& f) {
            f.header = detail::asBool(n, "header") ? F::Header::Present : F::Header::Absent;
        };
        header.write = [](const F& f, std::string_view) -> std::optional<std::string> {
            if (f.header == F::Header::Detect)
                return std::nullopt;
            return std::string(f.header == F::Header::Present ? "true" : "false");
        };
        for (Field<F>* csvOnly : {&delimiter, &header}) {
            csvOnly->applies = csv;
            csvOnly->misplaced
                = [key = csvOnly->key](const F&) { return q(key) + " applies only to \"format\": \"csv\""; };
        }
        Field<F> watermarkWord = text("watermarkWord", &F::watermarkWord);
        watermarkWord.read = [](const JsonNode& n, F& f) {
            f.watermarkWord = detail::asString(n, "watermarkWord");
            if (f.watermarkWord.empty()
                || f.watermarkWord.find_first_of(std::string(" \t\"") + f.delimiter) != std::string::npos)
                detail::expected(n, "a word without spaces, quotes or the delimiter", "watermarkWord");
        };
        watermarkWord.applies = [](const F& f) { return f.format != F::Format::Jsonl; };
        watermarkWord.misplaced = [](const F&) {
            return std::string("\"watermarkWord\" applies only to csv and text (JSON lines use {\"watermark\": ts})");
        };
        watermarkWord = omittedWhen(watermarkWord, [](const F& f) { return f.watermarkWord == F {}.watermarkWord; });
        return named<F>("input", Layout::Inline,
            {
                needed(file, "or \"records\""),
                choice("format", &F::format, kFormats),
                needed(fields),
                delimiter,
                header,
                omittedWhen(object("timestamp", &F::timestamp, timestampFormat()),
                    [](const F& f) {
                        const TimestampFormat d;
                        return f.timestamp.unit == d.unit && f.timestamp.pattern.empty() && f.timestamp.zone.empty();
                    }),
                watermarkWord,
            },
            "format");
    }();
    return s;
}

const Schema<LessonMarker>& lessonMarker()
{
    // built once: the fields below are made on the first call only
    static const Schema<LessonMarker> s = [] {
        using M = LessonMarker;
        Field<M> step;
        step.key = "step";
        step.read = [](const JsonNode& n, M& m) {
            const std::int64_t v = detail::asInt64(n, "step");
            if (v < 0 || v > std::int64_t(0xFFFFFFFE))
                detail::fail(n, "expected a step of 0 or more for \"step\", found " + std::to_string(v));
            m.step = std::uint32_t(v);
        };
        step.write = [](const M& m, std::string_view) -> std::optional<std::string> { return std::to_string(m.step); };
        return Schema<M> {
            [](const M&) { return std::string("a lesson marker"); },
            Layout::Inline,
            std::nullopt,
            "lesson marker",
            {
                needed(step, "the step the note belongs to"),
                needed(text("note", &M::note), "what to say at this step"),
                omittedWhen(flag("predict", &M::predict), [](const M& m) { return !m.predict; }),
            },
        };
    }();
    return s;
}

const Schema<RecordEntry>& record()
{
    // built once: the fields below are made on the first call only
    static const Schema<RecordEntry> s = [] {
        using E = RecordEntry;
        const auto watermark = [](const E& e) { return e.record.isWatermark(); };
        const auto event = [](const E& e) { return !e.record.isWatermark(); };
        // An integer member of the record, left out of the file at its "none" value.
        const auto part = [](std::string_view key, auto InputRecord::*member, auto none, bool nonNegative) {
            Field<E> f;
            f.key = key;
            f.read = [member, key, nonNegative](const JsonNode& n, E& e) {
                using V = std::remove_reference_t<decltype(e.record.*member)>;
                const std::int64_t v = detail::asInt64(n, key);
                if (v < std::numeric_limits<V>::min() || v > std::numeric_limits<V>::max())
                    detail::asInt(n, key); // says what an int holds
                e.record.*member = static_cast<V>(nonNegative ? nonNegativeValue(n, key) : v);
            };
            f.write = [member, none](const E& e, std::string_view) -> std::optional<std::string> {
                if (e.record.*member == none)
                    return std::nullopt;
                return std::to_string(e.record.*member);
            };
            return f;
        };
        Field<E> wm;
        wm.key = "watermark";
        wm.read = [](const JsonNode& n, E& e) { e.record.ts = detail::asInt64(n, "watermark"); };
        wm.write
            = [](const E& e, std::string_view) -> std::optional<std::string> { return std::to_string(e.record.ts); };
        Field<E> key;
        key.key = "key";
        key.read = [](const JsonNode& n, E& e) {
            e.key.clear();
            if (n.kind == Kind::String || n.kind == Kind::Number) {
                e.key.push_back(n.text);
            } else if (n.kind == Kind::Array && !n.items.empty()) {
                // A composite key, like keyBy(0, 1) over a tuple.
                for (const auto& field : n.items) {
                    if (field.kind != Kind::String && field.kind != Kind::Number)
                        detail::expected(field, "a string or a number", "key");
                    e.key.push_back(field.text);
                }
            } else {
                detail::expected(n, "a string, a number or a list of them", "key");
            }
        };
        key.write = [](const E& e, std::string_view) -> std::optional<std::string> {
            if (e.key.empty())
                return std::nullopt;
            std::vector<std::string> texts;
            for (const std::string& k : e.key)
                texts.push_back(q(k));
            return listOrOne(texts);
        };
        Field<E> value;
        value.key = "value";
        value.read = [](const JsonNode& n, E& e) {
            e.record.value = detail::asFiniteNumber(n, "value");
            e.record.hasValue = true;
        };
        value.write = [](const E& e, std::string_view) -> std::optional<std::string> {
            return e.record.hasValue ? std::optional(detail::jsonNumber(e.record.value)) : std::nullopt;
        };
        Field<E> ts;
        ts.key = "ts";
        ts.read = [](const JsonNode& n, E& e) { e.record.ts = detail::asInt64(n, "ts"); };
        ts.write = wm.write;
        Field<E> arrival = part("arrival", &InputRecord::arrival, InputRecord::kNoArrival, false);
        const auto readArrival = arrival.read;
        arrival.read = [readArrival](const JsonNode& n, E& e) {
            readArrival(n, e);
            if (e.record.arrival == InputRecord::kNoArrival)
                detail::fail(n, "expected an \"arrival\" above -9223372036854775808, found " + n.text);
        };
        return Schema<E> {
            [](const E& e) { return std::string(e.record.isWatermark() ? "watermark record" : "record"); },
            Layout::Inline,
            std::nullopt,
            "record",
            {
                needed(when(wm, watermark)),
                when(key, event),
                when(value, event),
                needed(when(ts, event), "the event timestamp in ms"),
                arrival,
                part("channel", &InputRecord::channel, InputRecord::kNoChannel, true),
                when(part("partition", &InputRecord::partition, InputRecord::kNoPartition, true), event),
                when(part("offset", &InputRecord::offset, InputRecord::kNoOffset, true), event),
            },
        };
    }();
    return s;
}

const Schema<Scenario>& scenario()
{
    // built once: the fields below are made on the first call only
    static const Schema<Scenario> s = [] {
        using S = Scenario;
        Field<S> version;
        version.key = "tidemark";
        version.read = [](const JsonNode& n, S& sc) {
            const auto v = detail::asInt64(n, "tidemark");
            if (v > kFormatVersion) {
                detail::fail(n,
                    "this file is scenario format " + std::to_string(v) + ", but this version of Tidemark reads format "
                        + std::to_string(kFormatVersion) + "; open it with a newer Tidemark");
            }
            if (v < 1)
                detail::fail(n, "expected format version 1 for \"tidemark\", found " + std::to_string(v));
            sc.version = static_cast<int>(v);
        };
        version.write
            = [](const S&, std::string_view) -> std::optional<std::string> { return std::to_string(kFormatVersion); };
        Field<S> flink;
        flink.key = "flinkVersion";
        flink.read = [](const JsonNode& n, S& sc) {
            const std::string name = detail::asString(n, "flinkVersion");
            const auto parsed = FlinkVersion::parse(name);
            if (!parsed) {
                detail::fail(n,
                    "expected " + FlinkVersion::supportedNames()
                        + " for \"flinkVersion\" (the Flink release line the scenario follows), found " + q(name));
            }
            sc.pipeline.flinkVersion = *parsed;
        };
        flink.write = [](const S& sc, std::string_view) -> std::optional<std::string> {
            if (sc.pipeline.flinkVersion == kNewestFlinkVersion)
                return std::nullopt;
            return q(sc.pipeline.flinkVersion.name());
        };
        Field<S> inputEnd;
        inputEnd.key = "inputEndMs";
        inputEnd.read = [](const JsonNode& n, S& sc) { sc.inputEndMs = nonNegativeValue(n, "inputEndMs"); };
        inputEnd.write = [](const S& sc, std::string_view) -> std::optional<std::string> {
            return sc.inputEndMs ? std::optional(std::to_string(*sc.inputEndMs)) : std::nullopt;
        };
        Field<S> lesson;
        lesson.key = "lesson";
        lesson.read = [](const JsonNode& n, S& sc) {
            if (n.kind != Kind::Array)
                detail::expected(n, "an array of markers", "lesson");
            for (const JsonNode& item : n.items) {
                LessonMarker m;
                read(lessonMarker(), item, m);
                if (!sc.lesson.empty() && sc.lesson.back().step >= m.step)
                    detail::fail(*item.member("step"),
                        "expected the markers in step order, one per step: step " + std::to_string(m.step)
                            + " comes after " + std::to_string(sc.lesson.back().step));
                sc.lesson.push_back(std::move(m));
            }
        };
        lesson.write = [](const S& sc, std::string_view indent) -> std::optional<std::string> {
            if (sc.lesson.empty())
                return std::nullopt;
            std::vector<std::string> items;
            for (const LessonMarker& m : sc.lesson)
                items.push_back(write(lessonMarker(), m, ""));
            return itemLines(items, indent);
        };
        lesson.differ = [](const S& a, const S& b) -> std::string {
            for (std::size_t i = 0; i < std::min(a.lesson.size(), b.lesson.size()); ++i) {
                if (auto d = difference(lessonMarker(), a.lesson[i], b.lesson[i], "[" + std::to_string(i) + "]."))
                    return "lesson" + *d;
            }
            if (a.lesson.size() != b.lesson.size())
                return "lesson: " + std::to_string(a.lesson.size()) + " vs " + std::to_string(b.lesson.size())
                    + " markers";
            return {};
        };
        Field<S> input;
        input.key = "input";
        input.read = [](const JsonNode& n, S& sc) { readInput(n, sc); };
        input.write = [](const S& sc, std::string_view indent) -> std::optional<std::string> {
            return writeInput(sc.keys, sc.records, sc.inputFile, indent);
        };
        input.differ = [](const S& a, const S& b) -> std::string {
            return inputDifference({a.keys, a.records, a.inputFile}, {b.keys, b.records, b.inputFile}, "input");
        };
        input.readLast = true;
        Field<S> pipelineField;
        pipelineField.key = "pipeline";
        pipelineField.read = [](const JsonNode& n, S& sc) {
            PipelineConfig& p = sc.pipeline;
            read(pipeline(), n, p);
            if (p.kafka) {
                // The readers are the watermark channels: what the scenario does not say follows from the source
                // (PipelineRules checks what it does say).
                const JsonNode& wm = *n.member("watermarks");
                if (!wm.member("parallelism"))
                    p.watermarks.parallelism = p.sourceParallelism;
                if (!wm.member("partitioning"))
                    p.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
            }
        };
        pipelineField.write = [](const S& sc, std::string_view indent) -> std::optional<std::string> {
            return write(pipeline(), sc.pipeline, indent);
        };
        pipelineField.differ = [](const S& a, const S& b) {
            return difference(pipeline(), a.pipeline, b.pipeline, "pipeline.").value_or("");
        };
        Schema<S> schema = named<S>("scenario", Layout::Block,
            {
                needed(version, "the scenario format version, 1"),
                text("name", &S::name),
                text("description", &S::description),
                flink,
                omittedWhen(object("display", &S::display, display()),
                    [](const S& sc) { return sc.display == DisplaySettings {}; }),
                omittedWhen(flag("lenient", &S::lenient), [](const S& sc) { return !sc.lenient; }),
                omittedWhen(arrivalField("defaultArrivalSpacingMs", &ArrivalRule::spacingMs, 0),
                    [](const S& sc) { return sc.arrivals.spacingMs == ArrivalRule::kDefaultSpacingMs; }),
                omittedWhen(arrivalField("eventTimeArrivalSpeedup", &ArrivalRule::eventTimeSpeedup, 1),
                    [](const S& sc) { return !sc.arrivals.atEventTime(); }),
                inputEnd,
                lesson,
                needed(input),
                needed(pipelineField),
            });
        // Every rule of the pipeline before the input, whose checks take the pipeline as given.
        schema.settled = [](const JsonNode& node, const S& sc) {
            if (const auto broken = rules::validate(sc.pipeline))
                detail::fail(nodeOf(node, *broken), broken->message);
        };
        return schema;
    }();
    return s;
}

namespace {

void readRecords(const JsonNode& node, Scenario& s)
{
    if (node.kind != Kind::Array)
        detail::expected(node, "an array", "records");
    s.records.reserve(node.items.size());
    for (const auto& item : node.items) {
        if (item.kind != Kind::Object)
            detail::expected(item, "a record object", {});
        RecordEntry e;
        if (item.member("watermark"))
            e.record.kind = InputRecord::Kind::Watermark;
        read(record(), item, e);
        if (!e.key.empty())
            e.record.key = s.keys.intern(std::span<const std::string>(e.key));
        s.records.push_back(e.record);
    }
}

// What needs a record's key and value, as a missing one is reported: the chain's window, or what the reader says.
std::string keyNeededBy(const Scenario& s)
{
    if (!s.keyNeededBy.empty())
        return s.keyNeededBy;
    return "the window is keyed by " + q(s.pipeline.window.keyBy.value_or("key"))
        + "; use \"keyBy\": null for windowAll";
}

std::string valueNeededBy(const Scenario& s)
{
    if (!s.valueNeededBy.empty())
        return s.valueNeededBy;
    return "the window function " + q(detail::enumName(s.pipeline.window.function.type, kFunctions)) + " reads it";
}

// Checks between inline records and the pipeline (records read from a file are checked by the loader against
// the same RecordRules, see rules::recordRulesFor).
void checkRecords(const JsonNode& records, const Scenario& s)
{
    const auto& w = s.pipeline.watermarks;
    const RecordRules rules = rules::recordRulesFor(s.pipeline);
    for (std::size_t i = 0; i < s.records.size(); ++i) {
        const auto& r = s.records[i];
        const JsonNode& item = records.items[i];
        const auto at = [&item](std::string_view key) {
            const JsonNode* n = item.member(key);
            return n ? n->offset : item.offset;
        };
        if (const auto& kafka = s.pipeline.kafka) {
            const std::string topic = "topic " + q(kafka->topic) + " has " + std::to_string(kafka->partitions)
                + " partition" + (kafka->partitions == 1 ? "" : "s");
            if (r.isWatermark()) {
                detail::fail(item.offset,
                    "a Kafka source carries no watermark records: its readers make the watermarks (" + topic + ")");
            }
            if (r.channel != InputRecord::kNoChannel) {
                detail::fail(at("channel"),
                    "\"channel\" has no place with a Kafka source: a record goes to the reader of its "
                    "\"partition\"");
            }
            if (r.partition == InputRecord::kNoPartition)
                detail::fail(item.offset, "missing \"partition\" in record (" + topic + ")");
            if (r.partition >= kafka->partitions) {
                detail::fail(at("partition"),
                    "expected \"partition\" between 0 and " + std::to_string(kafka->partitions - 1) + " (" + topic
                        + "), found " + std::to_string(r.partition));
            }
        } else if (r.partition != InputRecord::kNoPartition || r.offset != InputRecord::kNoOffset) {
            detail::fail(at(r.partition != InputRecord::kNoPartition ? "partition" : "offset"),
                "a record's partition and offset need a Kafka source (\"pipeline\": {\"source\": {\"kafka\": …}})");
        }
        const auto channelBelow = [&](std::int32_t limit, std::string_view setting) {
            if (r.channel >= limit) {
                detail::fail(at("channel"),
                    "expected \"channel\" between 0 and " + std::to_string(limit - 1) + " (" + std::string(setting)
                        + " is " + std::to_string(limit) + "), found " + std::to_string(r.channel));
            }
        };
        if (r.isWatermark()) {
            channelBelow(w.parallelism, "watermarks.parallelism");
            continue;
        }
        if (s.pipeline.window.keyBy && r.key == kNoKey)
            detail::fail(item.offset, "missing \"key\" in record (" + keyNeededBy(s) + ")");
        if (rules.requireValue && !r.hasValue)
            detail::fail(item.offset, "missing \"value\" in record (" + valueNeededBy(s) + ")");
        if (rules.requireChannel && r.channel == InputRecord::kNoChannel)
            detail::fail(item.offset, "missing \"channel\" in record (partitioning is \"channel\")");
        if (w.partitioning == WatermarkConfig::Partitioning::Forward)
            channelBelow(s.pipeline.sourceParallelism, "source.parallelism");
        else
            channelBelow(w.parallelism, "watermarks.parallelism");
    }
}

// What the pipeline needs of an event file's fields.
void checkFileFields(const JsonNode& input, const Scenario& s)
{
    const InputFileSpec& spec = *s.inputFile;
    const JsonNode& fields = *input.member("fields");
    if (s.pipeline.window.keyBy && spec.key.empty())
        detail::fail(fields, "missing \"key\" in fields (" + keyNeededBy(s) + ")");
    const RecordRules rules = rules::recordRulesFor(s.pipeline);
    if (rules.requireValue && !spec.value)
        detail::fail(fields, "missing \"value\" in fields (" + valueNeededBy(s) + ")");
    if (rules.requireChannel && !spec.channel)
        detail::fail(fields, "missing \"channel\" in fields (partitioning is \"channel\")");
}

} // namespace

void readInput(const JsonNode& n, Scenario& sc)
{
    if (n.kind != Kind::Object)
        detail::expected(n, "an object", "input");
    if (n.member("records")) {
        const detail::Obj o(n, "input", {"records"});
        readRecords(*n.member("records"), sc);
        checkRecords(*n.member("records"), sc);
        return;
    }
    InputFileSpec spec;
    read(inputFile(), n, spec);
    sc.inputFile = std::move(spec);
    checkFileFields(n, sc);
}

template void read(const Schema<Scenario>&, const JsonNode&, Scenario&);
template std::string write(const Schema<Scenario>&, const Scenario&, std::string_view);
template std::optional<std::string> difference(
    const Schema<Scenario>&, const Scenario&, const Scenario&, std::string_view);

} // namespace tidemark::io::schema
