#include "engine/windowing/WindowFunction.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

BuiltinWindowFunction::BuiltinWindowFunction(FunctionSpec spec)
    : m_spec(std::move(spec))
{
    if (m_spec.field == "ts")
        m_readTimestamp = true;
    else if (m_spec.field != "value")
        throw std::invalid_argument(
            "window function field must be \"value\" or \"ts\", found \"" + m_spec.field + "\"");
}

void BuiltinWindowFunction::apply(
    KeyId, const TimeWindow&, std::span<const PaneElement> pane, std::vector<WindowResult>& results) const
{
    WindowResult r;
    switch (m_spec.type) {
    case FunctionSpec::Type::Count:
        r.number = static_cast<double>(pane.size());
        break;
    case FunctionSpec::Type::Sum: {
        double sum = 0.0;
        for (const PaneElement& e : pane)
            sum += read(e);
        r.number = sum;
        break;
    }
    case FunctionSpec::Type::Min:
    case FunctionSpec::Type::Max:
        for (const PaneElement& e : pane) {
            const double v = read(e);
            if (!r.number)
                r.number = v;
            else
                r.number = m_spec.type == FunctionSpec::Type::Min ? std::min(*r.number, v) : std::max(*r.number, v);
        }
        break;
    case FunctionSpec::Type::Avg:
        if (!pane.empty()) {
            double sum = 0.0;
            for (const PaneElement& e : pane)
                sum += read(e);
            r.number = sum / static_cast<double>(pane.size());
        }
        break;
    case FunctionSpec::Type::List:
        r.isList = true;
        r.list.reserve(pane.size());
        for (const PaneElement& e : pane)
            r.list.push_back(read(e));
        break;
    }
    results.push_back(std::move(r));
}

void BuiltinWindowFunction::merge(PaneAccumulator& into, const PaneAccumulator& from) const
{
    if (from.count == 0)
        return;
    if (into.count == 0) {
        into = from;
        return;
    }
    switch (m_spec.type) {
    case FunctionSpec::Type::Min:
        into.value = std::min(into.value, from.value);
        break;
    case FunctionSpec::Type::Max:
        into.value = std::max(into.value, from.value);
        break;
    default:
        into.value += from.value;
        break;
    }
    into.count += from.count;
}

void BuiltinWindowFunction::applyAccumulated(const PaneAccumulator& acc, std::vector<WindowResult>& results) const
{
    WindowResult r;
    switch (m_spec.type) {
    case FunctionSpec::Type::Count:
        r.number = static_cast<double>(acc.count);
        break;
    case FunctionSpec::Type::Sum:
        r.number = acc.value;
        break;
    case FunctionSpec::Type::Min:
    case FunctionSpec::Type::Max:
        if (acc.count > 0)
            r.number = acc.value;
        break;
    case FunctionSpec::Type::Avg:
        if (acc.count > 0)
            r.number = acc.value / static_cast<double>(acc.count);
        break;
    case FunctionSpec::Type::List:
        throw std::logic_error("a list function needs the pane's elements, not an accumulator");
    }
    results.push_back(std::move(r));
}

std::string BuiltinWindowFunction::describe() const
{
    const char* name = "list";
    switch (m_spec.type) {
    case FunctionSpec::Type::Count:
        name = "count";
        break;
    case FunctionSpec::Type::Sum:
        name = "sum";
        break;
    case FunctionSpec::Type::Min:
        name = "min";
        break;
    case FunctionSpec::Type::Max:
        name = "max";
        break;
    case FunctionSpec::Type::Avg:
        name = "avg";
        break;
    case FunctionSpec::Type::List:
        break;
    }
    return std::string(name) + "(" + m_spec.field + ")";
}

std::shared_ptr<const WindowFunction> makeWindowFunction(const FunctionSpec& spec)
{
    return std::make_shared<BuiltinWindowFunction>(spec);
}

} // namespace tidemark
