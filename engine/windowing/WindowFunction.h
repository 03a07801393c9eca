#pragma once

#include "engine/core/Output.h"
#include "engine/core/PipelineConfig.h"
#include "engine/windowing/WindowElement.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tidemark {

// The user function of a window (Flink's ProcessWindowFunction over the pane, or an incremental
// aggregate — same observable results). Called with the whole pane in state order at every FIRE; it appends
// zero or more results (each becomes one FireEvent). Immutable and shareable.
class WindowFunction {
public:
    virtual ~WindowFunction() = default;
    virtual void apply(KeyId key, const TimeWindow& window, std::span<const PaneElement> pane,
        std::vector<WindowResult>& results) const = 0;
    virtual std::string describe() const = 0;
};

// count / sum / min / max / avg over the value or the timestamp of each element, or `list`: the pane's
// values (or timestamps) in order. One result per firing. Elements without a value count as 0.
class BuiltinWindowFunction final : public WindowFunction {
public:
    explicit BuiltinWindowFunction(FunctionSpec spec); // throws std::invalid_argument on an unknown field
    void apply(KeyId key, const TimeWindow& window, std::span<const PaneElement> pane,
        std::vector<WindowResult>& results) const override;
    std::string describe() const override;

private:
    double read(const PaneElement& e) const { return m_readTimestamp ? static_cast<double>(e.ts) : e.value; }

    FunctionSpec m_spec;
    bool m_readTimestamp = false;
};

std::shared_ptr<const WindowFunction> makeWindowFunction(const FunctionSpec& spec);

} // namespace tidemark
