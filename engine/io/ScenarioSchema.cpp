#include "engine/io/ScenarioSchema.h"
#include "engine/io/SchemaFields.h"

#include <algorithm>

namespace tidemark::io::schema {

using detail::JsonNode;

namespace {

std::string q(std::string_view s)
{
    return jsonString(s);
}

bool isBounded(const WatermarkConfig& w)
{
    return w.strategy == WatermarkConfig::Strategy::BoundedOutOfOrderness
        || w.strategy == WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness;
}

// ---- the format's pipeline ----

using A = AssignerSpec;
using Trig = TriggerSpec;
using Ev = EvictorSpec;

} // namespace

const Schema<KafkaSourceSpec>& kafka()
{
    static const Schema<KafkaSourceSpec> s = named<KafkaSourceSpec>("kafka", Layout::Inline,
        {
            needed(text("topic", &KafkaSourceSpec::topic),
                "the topic's name, which decides the readers of its partitions"),
            needed(integer("partitions", &KafkaSourceSpec::partitions), "how many partitions the topic has"),
            choice("watermarks", &KafkaSourceSpec::watermarks, kKafkaWatermarks),
        });
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
        return named<W>("watermarks", Layout::Inline,
            {
                needed(choice("strategy", &W::strategy, kStrategies)),
                maxOutOfOrderness,
                choice("emit", &W::emission, kEmits),
                integer("periodMs", &W::periodMs),
                integer("idlenessMs", &W::idlenessMs),
                integer("parallelism", &W::parallelism),
                choice("partitioning", &W::partitioning, kPartitionings),
                integer("firstChannel", &W::firstChannel),
            });
    }();
    return s;
}

namespace {

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
        return named<FunctionSpec>("function", Layout::Inline,
            {
                needed(choice("type", &FunctionSpec::type, kFunctions)),
                field,
            });
    }();
    return s;
}

} // namespace

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
        return named<W>("window", Layout::Wrapped,
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
            });
    }();
    return s;
}

namespace {

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
        return named<P>("source", Layout::Inline,
            {
                integer("parallelism", &P::sourceParallelism),
                kafkaField,
            });
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
        return named<P>("pipeline", Layout::Block,
            {
                sourceField,
                needed(object("watermarks", &P::watermarks, watermarks())),
                needed(object("window", &P::window, window())),
                choice("endOfInput", &P::endOfInput, kEndOfInputs),
            });
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
        return named<D>("display", Layout::Inline,
            {
                choice("time", &D::timeFormat, kTimeFormats),
                zone,
            });
    }();
    return s;
}

} // namespace tidemark::io::schema
