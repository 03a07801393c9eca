#include "WindowSpecs.h"

#include "ConformanceCase.h"

#include "engine/windowing/Trigger.h"

#include <stdexcept>
#include <string>

namespace tidemark::conformance {

PointSessionWindows::PointSessionWindows(DurationMs gap, double pointValue)
    : m_gap(gap)
    , m_pointValue(pointValue)
{ }

void PointSessionWindows::assignWindows(
    const WindowElement& element, AssignerContext&, std::vector<TimeWindow>& out) const
{
    if (element.hasValue && element.value == m_pointValue)
        out.emplace_back(element.ts, element.ts);
    else
        out.emplace_back(element.ts, javaAdd(element.ts, m_gap));
}

std::shared_ptr<const Trigger> PointSessionWindows::defaultTrigger() const
{
    return std::make_shared<EventTimeTrigger>();
}

namespace {

DurationMs field(simdjson::dom::element spec, std::string_view name, DurationMs fallback = 0)
{
    return has(spec, name) ? int64Of(at(spec, name)) : fallback;
}

struct GapRule {
    std::string key;
    bool hasValue = false;
    double value = 0;
    DurationMs gap = 0;
};

} // namespace

std::shared_ptr<const WindowAssigner> makeAssigner(simdjson::dom::element spec, std::shared_ptr<const KeyTable> keys)
{
    const std::string type = stringOf(at(spec, "type"));
    const bool event = !has(spec, "timeDomain") || stringOf(at(spec, "timeDomain")) == "event";
    if (type == "tumbling") {
        const WindowStagger stagger = has(spec, "stagger") && stringOf(at(spec, "stagger")) == "natural"
            ? WindowStagger::Natural
            : WindowStagger::Aligned;
        if (event)
            return std::make_shared<TumblingEventTimeWindows>(field(spec, "size"), field(spec, "offset"), stagger);
        return std::make_shared<TumblingProcessingTimeWindows>(field(spec, "size"), field(spec, "offset"), stagger);
    }
    if (type == "sliding") {
        if (event)
            return std::make_shared<SlidingEventTimeWindows>(
                field(spec, "size"), field(spec, "slide"), field(spec, "offset"));
        return std::make_shared<SlidingProcessingTimeWindows>(
            field(spec, "size"), field(spec, "slide"), field(spec, "offset"));
    }
    if (type == "session") {
        if (has(spec, "pointSessionValue"))
            return std::make_shared<PointSessionWindows>(field(spec, "gap"), numberOf(at(spec, "pointSessionValue")));
        if (has(spec, "gapRules")) {
            // A dynamic gap: the first rule whose key (and value, if given) matches decides.
            std::vector<GapRule> rules;
            for (simdjson::dom::element r : at(spec, "gapRules").get_array()) {
                GapRule rule;
                rule.key = keyText(at(r, "key"));
                rule.hasValue = has(r, "value");
                rule.value = rule.hasValue ? numberOf(at(r, "value")) : 0.0;
                rule.gap = int64Of(at(r, "gap"));
                rules.push_back(rule);
            }
            if (!keys)
                throw std::invalid_argument("gap rules need the key table");
            SessionGapExtractor extractor = [rules, keys](const WindowElement& e) -> DurationMs {
                const std::string& name = keys->name(e.key);
                for (const GapRule& rule : rules) {
                    if (rule.key == name && (!rule.hasValue || (e.hasValue && e.value == rule.value)))
                        return rule.gap;
                }
                throw std::runtime_error("no gap rule matches key " + name);
            };
            if (event)
                return std::make_shared<EventTimeSessionWindows>(std::move(extractor));
            return std::make_shared<ProcessingTimeSessionWindows>(std::move(extractor));
        }
        if (event)
            return std::make_shared<EventTimeSessionWindows>(field(spec, "gap"));
        return std::make_shared<ProcessingTimeSessionWindows>(field(spec, "gap"));
    }
    if (type == "global")
        return std::make_shared<GlobalWindows>();
    if (type == "cumulate") {
        return std::make_shared<CumulativeWindowAssigner>(field(spec, "size"), field(spec, "step"),
            field(spec, "offset"), event ? TimeDomain::Event : TimeDomain::Processing);
    }
    throw std::invalid_argument("unknown window type \"" + type + "\"");
}

} // namespace tidemark::conformance
