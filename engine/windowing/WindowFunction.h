#pragma once

#include "engine/core/Output.h"
#include "engine/core/PipelineConfig.h"
#include "engine/windowing/WindowElement.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tidemark {

// What Flink's ReducingState / AggregatingState keeps for an incremental function: the pane folded into
// one value, so that adding an element and firing cost the same whatever the pane holds. One number is
// enough for each built-in function: the sum (sum, avg), the minimum or the maximum; count and avg use
// `count` too.
struct PaneAccumulator {
    std::uint64_t count = 0; // elements added; 0 == Flink's "null" state
    double value = 0.0;
};

// The user function of a window (Flink's ProcessWindowFunction over the pane, or an incremental
// aggregate — same observable results). Called with the whole pane in state order at every FIRE; it appends
// zero or more results (each becomes one FireEvent). Immutable and shareable.
class WindowFunction {
public:
    virtual ~WindowFunction() = default;
    virtual void apply(KeyId key, const TimeWindow& window, std::span<const PaneElement> pane,
        std::vector<WindowResult>& results) const = 0;
    virtual std::string describe() const = 0;
    // How many records the user's function saw for each result it makes of a pane of `pane` (FireEvent::count).
    virtual std::size_t recordsPerResult(std::size_t pane) const { return pane; }
};

// count / sum / min / max / avg over the value or the timestamp of each element, or `list`: the pane's
// values (or timestamps) in order. One result per firing. Elements without a value count as 0.
class BuiltinWindowFunction final : public WindowFunction {
public:
    explicit BuiltinWindowFunction(FunctionSpec spec); // throws std::invalid_argument on an unknown field
    void apply(KeyId key, const TimeWindow& window, std::span<const PaneElement> pane,
        std::vector<WindowResult>& results) const override;
    std::string describe() const override;

    // count / sum / min / max / avg can be computed from a PaneAccumulator (list cannot): the same results
    // as apply() over the elements folded in, in the order they were folded.
    bool isIncremental() const { return m_spec.type != FunctionSpec::Type::List; }
    void accumulate(PaneAccumulator& acc, const PaneElement& e) const
    {
        const double v = read(e);
        switch (m_spec.type) {
        case FunctionSpec::Type::Min:
            acc.value = acc.count == 0 ? v : std::min(acc.value, v);
            break;
        case FunctionSpec::Type::Max:
            acc.value = acc.count == 0 ? v : std::max(acc.value, v);
            break;
        default:
            acc.value += v; // sum and avg; count ignores it
            break;
        }
        ++acc.count;
    }
    // Folds `from` after everything already in `into` (Flink's AggregateFunction.merge).
    void merge(PaneAccumulator& into, const PaneAccumulator& from) const;
    void applyAccumulated(const PaneAccumulator& acc, std::vector<WindowResult>& results) const;

private:
    double read(const PaneElement& e) const { return m_readTimestamp ? static_cast<double>(e.ts) : e.value; }

    FunctionSpec m_spec;
    bool m_readTimestamp = false;
};

std::shared_ptr<const WindowFunction> makeWindowFunction(const FunctionSpec& spec);

} // namespace tidemark
