#include "engine/io/ScenarioSchema.h"

#include <algorithm>
#include <type_traits>

namespace tidemark::io::schema {

using detail::JsonNode;

namespace {

std::string q(std::string_view s)
{
    return jsonString(s);
}

// ---- building fields ----

// A field whose value reads and writes through a member of T: `readValue` from JSON, `writeValue` to it.
template <class T, class M, class Read, class Write>
Field<T> memberField(std::string_view key, M T::*member, Read readValue, Write writeValue)
{
    Field<T> f;
    f.key = key;
    f.read = [member, readValue, key](const JsonNode& n, T& v) { v.*member = readValue(n, key); };
    f.write = [member, writeValue](
                  const T& v, std::string_view) -> std::optional<std::string> { return writeValue(v.*member); };
    return f;
}

template <class T> Field<T> integer(std::string_view key, std::int64_t T::*member)
{
    return memberField(
        key, member, [](const JsonNode& n, std::string_view k) { return detail::asInt64(n, k); },
        [](std::int64_t v) { return std::to_string(v); });
}

template <class T> Field<T> integer(std::string_view key, int T::*member)
{
    return memberField(
        key, member, [](const JsonNode& n, std::string_view k) { return detail::asInt(n, k); },
        [](int v) { return std::to_string(v); });
}

template <class T> Field<T> number(std::string_view key, double T::*member)
{
    return memberField(
        key, member, [](const JsonNode& n, std::string_view k) { return detail::asFiniteNumber(n, k); },
        [](double v) { return detail::jsonNumber(v); });
}

template <class T> Field<T> flag(std::string_view key, bool T::*member)
{
    return memberField(
        key, member, [](const JsonNode& n, std::string_view k) { return detail::asBool(n, k); },
        [](bool v) { return std::string(v ? "true" : "false"); });
}

template <class T> Field<T> text(std::string_view key, std::string T::*member)
{
    return memberField(
        key, member, [](const JsonNode& n, std::string_view k) { return detail::asString(n, k); },
        [](const std::string& v) { return q(v); });
}

template <class T, class E, std::size_t N>
Field<T> choice(std::string_view key, E T::*member, const std::array<EnumName<E>, N>& names)
{
    return memberField(
        key, member, [&names](const JsonNode& n, std::string_view k) { return detail::asEnum(n, k, names); },
        [&names](E v) { return q(detail::enumName(v, names)); });
}

// A nested object, described by its own schema.
template <class T, class S> Field<T> object(std::string_view key, S T::*member, const Schema<S>& schema)
{
    Field<T> f;
    f.key = key;
    f.read = [member, &schema](const JsonNode& n, T& v) { read(schema, n, v.*member); };
    f.write = [member, &schema, key](const T& v, std::string_view indent) -> std::optional<std::string> {
        // a wrapped object hangs its later lines under its first field, after `"key": {`
        const std::string hanging = schema.layout == Layout::Wrapped
            ? std::string(indent.size() + q(key).size() + 3, ' ')
            : std::string(indent);
        return write(schema, v.*member, hanging);
    };
    f.differ = [member, &schema, key](const T& a, const T& b) {
        return difference(schema, a.*member, b.*member, std::string(key) + ".").value_or("");
    };
    return f;
}

// Modifiers, in the style of a builder: object(...) | when(...) etc. read badly in C++, so plain functions.
template <class T> Field<T> when(Field<T> f, std::type_identity_t<std::function<bool(const T&)>> applies)
{
    f.applies = std::move(applies);
    return f;
}

template <class T> Field<T> needed(Field<T> f, std::string_view hint = {})
{
    f.required = [](const T&) { return true; };
    if (!hint.empty())
        f.hint = [hint](const T&) { return std::string(hint); };
    return f;
}

// Left out of the file while `omit` holds (a trigger that is the assigner's default).
template <class T> Field<T> omittedWhen(Field<T> f, std::type_identity_t<std::function<bool(const T&)>> omit)
{
    auto write = std::move(f.write);
    f.write = [write, omit](const T& v, std::string_view indent) -> std::optional<std::string> {
        return omit(v) ? std::nullopt : write(v, indent);
    };
    return f;
}

template <class T> Field<T> onNewLine(Field<T> f)
{
    f.newLine = true;
    return f;
}

bool isBounded(const WatermarkConfig& w)
{
    return w.strategy == WatermarkConfig::Strategy::BoundedOutOfOrderness
        || w.strategy == WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness;
}

template <class T> bool applies(const Field<T>& f, const T& v)
{
    return !f.applies || f.applies(v);
}

// ---- the format's pipeline ----

using A = AssignerSpec;
using Trig = TriggerSpec;
using Ev = EvictorSpec;

const Schema<KafkaSourceSpec>& kafka()
{
    static const Schema<KafkaSourceSpec> s {
        [](const KafkaSourceSpec&) { return std::string("kafka"); },
        Layout::Inline,
        std::nullopt,
        "kafka",
        {
            needed(text("topic", &KafkaSourceSpec::topic),
                "the topic's name, which decides the readers of its partitions"),
            needed(integer("partitions", &KafkaSourceSpec::partitions), "how many partitions the topic has"),
            choice("watermarks", &KafkaSourceSpec::watermarks, kKafkaWatermarks),
        },
    };
    return s;
}

const Schema<WatermarkConfig>& watermarks()
{
    // built once: the fields below are made on the first call only
    static const Schema<WatermarkConfig> s = [] {
        using W = WatermarkConfig;
        Field<W> maxOutOfOrderness = integer("maxOutOfOrdernessMs", &W::maxOutOfOrdernessMs);
        maxOutOfOrderness.required = [](const W& w) { return isBounded(w); };
        maxOutOfOrderness.hint
            = [](const W& w) { return "needed by the strategy " + q(detail::enumName(w.strategy, kStrategies)); };
        return Schema<W> {
            [](const W&) { return std::string("watermarks"); },
            Layout::Inline,
            std::nullopt,
            "watermarks",
            {
                needed(choice("strategy", &W::strategy, kStrategies)),
                maxOutOfOrderness,
                choice("emit", &W::emission, kEmits),
                integer("periodMs", &W::periodMs),
                integer("idlenessMs", &W::idlenessMs),
                integer("parallelism", &W::parallelism),
                choice("partitioning", &W::partitioning, kPartitionings),
                integer("firstChannel", &W::firstChannel),
            },
        };
    }();
    return s;
}

const Schema<AssignerSpec>& assigner()
{
    const auto is = [](std::initializer_list<A::Type> types) {
        const std::vector<A::Type> list(types);
        return std::function<bool(const A&)>(
            [list](const A& a) { return std::find(list.begin(), list.end(), a.type) != list.end(); });
    };
    static const Schema<A> s {
        [](const A& a) { return std::string(detail::enumName(a.type, kAssigners)) + " assigner"; },
        Layout::Inline,
        "type",
        "assigner",
        {
            choice("type", &A::type, kAssigners),
            needed(when(integer("sizeMs", &A::sizeMs), is({A::Type::Tumbling, A::Type::Sliding}))),
            needed(when(integer("maxSizeMs", &A::sizeMs), is({A::Type::Cumulate}))),
            needed(when(integer("slideMs", &A::slideMs), is({A::Type::Sliding}))),
            needed(when(integer("stepMs", &A::stepMs), is({A::Type::Cumulate}))),
            when(integer("offsetMs", &A::offsetMs), is({A::Type::Tumbling, A::Type::Sliding, A::Type::Cumulate})),
            needed(when(integer("gapMs", &A::gapMs), is({A::Type::Session}))),
            when(choice("timeDomain", &A::timeDomain, kTimeDomains),
                [](const A& a) { return a.type != A::Type::Global; }),
        },
    };
    return s;
}

const Schema<TriggerSpec>& trigger()
{
    static const Schema<Trig> s {
        [](const Trig& t) {
            switch (t.type) {
            case Trig::Type::Count:
                return std::string("count trigger");
            case Trig::Type::ContinuousEventTime:
                return std::string("continuous-event-time trigger");
            default:
                return std::string("trigger");
            }
        },
        Layout::Inline,
        "type",
        "trigger",
        {
            choice("type", &Trig::type, kTriggers),
            needed(when(integer("count", &Trig::count), [](const Trig& t) { return t.type == Trig::Type::Count; })),
            needed(when(integer("intervalMs", &Trig::intervalMs),
                [](const Trig& t) { return t.type == Trig::Type::ContinuousEventTime; })),
        },
    };
    return s;
}

const Schema<EvictorSpec>& evictor()
{
    static const Schema<Ev> s {
        [](const Ev& e) { return std::string(detail::enumName(e.type, kEvictors)) + " evictor"; },
        Layout::Inline,
        "type",
        "evictor",
        {
            choice("type", &Ev::type, kEvictors),
            needed(when(integer("maxCount", &Ev::maxCount), [](const Ev& e) { return e.type == Ev::Type::Count; })),
            needed(when(integer("keepMs", &Ev::keepMs), [](const Ev& e) { return e.type == Ev::Type::Time; })),
            needed(when(number("threshold", &Ev::threshold), [](const Ev& e) { return e.type == Ev::Type::Delta; })),
            when(flag("evictAfter", &Ev::evictAfter), [](const Ev& e) { return e.type != Ev::Type::None; }),
        },
    };
    return s;
}

const Schema<FunctionSpec>& function()
{
    // built once: the fields below are made on the first call only
    static const Schema<FunctionSpec> s = [] {
        Field<FunctionSpec> field = text("field", &FunctionSpec::field);
        field.read = [](const JsonNode& n, FunctionSpec& f) {
            f.field = detail::asString(n, "field");
            if (f.field != "value" && f.field != "ts")
                detail::expected(n, "\"value\" or \"ts\"", "field");
        };
        return Schema<FunctionSpec> {
            [](const FunctionSpec&) { return std::string("function"); },
            Layout::Inline,
            std::nullopt,
            "function",
            {
                needed(choice("type", &FunctionSpec::type, kFunctions)),
                field,
            },
        };
    }();
    return s;
}

const Schema<WindowConfig>& window()
{
    // built once: the fields below are made on the first call only
    static const Schema<WindowConfig> s = [] {
        using W = WindowConfig;
        Field<W> keyBy;
        keyBy.key = "keyBy";
        keyBy.read = [](const JsonNode& n, W& w) {
            if (n.kind == JsonNode::Kind::Null)
                w.keyBy.reset();
            else
                w.keyBy = detail::asString(n, "keyBy");
        };
        keyBy.write = [](const W& w, std::string_view) -> std::optional<std::string> {
            return w.keyBy ? q(*w.keyBy) : std::string("null");
        };
        return Schema<W> {
            [](const W&) { return std::string("window"); },
            Layout::Wrapped,
            std::nullopt,
            "window",
            {
                keyBy,
                onNewLine(needed(object("assigner", &W::assigner, assigner()))),
                onNewLine(omittedWhen(object("trigger", &W::trigger, trigger()),
                    [](const W& w) { return w.trigger.type == Trig::Type::Default; })),
                onNewLine(omittedWhen(object("evictor", &W::evictor, evictor()),
                    [](const W& w) { return w.evictor.type == Ev::Type::None; })),
                onNewLine(flag("purging", &W::purging)),
                integer("allowedLatenessMs", &W::allowedLatenessMs),
                flag("lateSideOutput", &W::lateSideOutput),
                onNewLine(needed(object("function", &W::function, function()))),
                integer("parallelism", &W::parallelism),
            },
        };
    }();
    return s;
}

// The pipeline's "source" object holds two of PipelineConfig's own fields.
const Schema<PipelineConfig>& source()
{
    // built once: the fields below are made on the first call only
    static const Schema<PipelineConfig> s = [] {
        using P = PipelineConfig;
        Field<P> kafkaField;
        kafkaField.key = "kafka";
        kafkaField.read = [](const JsonNode& n, P& p) {
            KafkaSourceSpec k;
            read(kafka(), n, k);
            p.kafka = std::move(k);
        };
        kafkaField.write = [](const P& p, std::string_view indent) -> std::optional<std::string> {
            if (!p.kafka)
                return std::nullopt;
            return write(kafka(), *p.kafka, indent);
        };
        kafkaField.differ = [](const P& a, const P& b) -> std::string {
            if (a.kafka.has_value() != b.kafka.has_value())
                return std::string("kafka: ") + (a.kafka ? "a Kafka source" : "none") + " vs "
                    + (b.kafka ? "a Kafka source" : "none");
            return a.kafka ? difference(kafka(), *a.kafka, *b.kafka, "kafka.").value_or("") : std::string();
        };
        return Schema<P> {
            [](const P&) { return std::string("source"); },
            Layout::Inline,
            std::nullopt,
            "source",
            {
                integer("parallelism", &P::sourceParallelism),
                kafkaField,
            },
        };
    }();
    return s;
}

} // namespace

const Schema<PipelineConfig>& pipeline()
{
    // built once: the fields below are made on the first call only
    static const Schema<PipelineConfig> s = [] {
        using P = PipelineConfig;
        // "source" is not a member of its own: the object reads and writes the pipeline's source fields
        Field<P> sourceField;
        sourceField.key = "source";
        sourceField.read = [](const JsonNode& n, P& p) { read(source(), n, p); };
        sourceField.write = [](const P& p, std::string_view indent) -> std::optional<std::string> {
            return write(source(), p, indent);
        };
        sourceField.differ = [](const P& a, const P& b) { return difference(source(), a, b, "source.").value_or(""); };
        return Schema<P> {
            [](const P&) { return std::string("pipeline"); },
            Layout::Block,
            std::nullopt,
            "pipeline",
            {
                sourceField,
                needed(object("watermarks", &P::watermarks, watermarks())),
                needed(object("window", &P::window, window())),
                choice("endOfInput", &P::endOfInput, kEndOfInputs),
            },
        };
    }();
    return s;
}

const Schema<DisplaySettings>& display()
{
    // built once: the fields below are made on the first call only
    static const Schema<DisplaySettings> s = [] {
        using D = DisplaySettings;
        Field<D> zone = text("zone", &D::zone);
        zone.read = [](const JsonNode& n, D& d) {
            d.zone = detail::asString(n, "zone");
            detail::checkZone(n, d.zone);
        };
        return Schema<D> {
            [](const D&) { return std::string("display"); },
            Layout::Inline,
            std::nullopt,
            "display",
            {
                choice("time", &D::timeFormat, kTimeFormats),
                zone,
            },
        };
    }();
    return s;
}

// ---- walking a schema ----

template <class T> void read(const Schema<T>& schema, const JsonNode& node, T& value)
{
    if (schema.discriminator) {
        if (node.kind != JsonNode::Kind::Object)
            detail::expected(node, "an object", schema.name);
        const auto* typeNode = node.member(*schema.discriminator);
        if (!typeNode)
            detail::fail(node, "missing " + q(*schema.discriminator) + " in " + std::string(schema.name));
        schema.fields.front().read(*typeNode, value);
    }
    std::vector<std::string_view> known;
    for (const Field<T>& f : schema.fields) {
        if (applies(f, value))
            known.push_back(f.key);
    }
    const std::string context = schema.context(value);
    const detail::Obj o(node, context, known);
    for (std::size_t i = schema.discriminator ? 1 : 0; i < schema.fields.size(); ++i) {
        const Field<T>& f = schema.fields[i];
        if (!applies(f, value))
            continue;
        if (f.required && f.required(value))
            f.read(o.req(f.key, f.hint ? f.hint(value) : std::string()), value);
        else if (const auto* n = o.opt(f.key))
            f.read(*n, value);
    }
}

template <class T> std::string write(const Schema<T>& schema, const T& value, std::string_view indent)
{
    const std::string inner = schema.layout == Layout::Block ? std::string(indent) + "  " : std::string(indent);
    std::string out = schema.layout == Layout::Block ? "{\n" : "{";
    bool first = true;
    for (const Field<T>& f : schema.fields) {
        if (!applies(f, value))
            continue;
        const auto text = f.write(value, inner);
        if (!text)
            continue;
        if (schema.layout == Layout::Block)
            out += (first ? "" : ",\n") + inner;
        else if (!first)
            out += schema.layout == Layout::Wrapped && f.newLine ? ",\n" + inner : std::string(", ");
        out += q(f.key) + ": " + *text;
        first = false;
    }
    out += schema.layout == Layout::Block ? "\n" + std::string(indent) + "}" : std::string("}");
    return out;
}

template <class T>
std::optional<std::string> difference(const Schema<T>& schema, const T& a, const T& b, std::string_view prefix)
{
    for (const Field<T>& f : schema.fields) {
        if (!applies(f, a) && !applies(f, b))
            continue;
        if (f.differ) { // a nested object: the path of the field inside it
            if (std::string d = f.differ(a, b); !d.empty())
                return std::string(prefix) + d;
            continue;
        }
        const auto ta = applies(f, a) ? f.write(a, "") : std::nullopt;
        const auto tb = applies(f, b) ? f.write(b, "") : std::nullopt;
        if (ta != tb)
            return std::string(prefix) + std::string(f.key) + ": " + ta.value_or("(none)") + " vs "
                + tb.value_or("(none)");
    }
    return std::nullopt;
}

template void read(const Schema<PipelineConfig>&, const JsonNode&, PipelineConfig&);
template void read(const Schema<DisplaySettings>&, const JsonNode&, DisplaySettings&);
template std::string write(const Schema<PipelineConfig>&, const PipelineConfig&, std::string_view);
template std::string write(const Schema<DisplaySettings>&, const DisplaySettings&, std::string_view);
template std::optional<std::string> difference(
    const Schema<PipelineConfig>&, const PipelineConfig&, const PipelineConfig&, std::string_view);
template std::optional<std::string> difference(
    const Schema<DisplaySettings>&, const DisplaySettings&, const DisplaySettings&, std::string_view);

} // namespace tidemark::io::schema
