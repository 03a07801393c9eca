#pragma once

#include "engine/core/Keys.h"
#include "engine/windowing/WindowAssigner.h"

#include <simdjson.h>

#include <memory>

namespace tidemark::conformance {

// The window assigner a case's window spec names: tumbling / sliding / session / global, event or
// processing time, optional stagger, dynamic gap rules and the test-only PointSessionWindows.
// `keys` resolves key ids for gap rules. Throws std::invalid_argument when the parameters are invalid.
std::shared_ptr<const WindowAssigner> makeAssigner(
    simdjson::dom::element spec, std::shared_ptr<const KeyTable> keys = nullptr);

// WindowOperatorTest.PointSessionWindows: an element whose value is `pointValue` gets the zero-length
// window [ts, ts); every other element the session window [ts, ts + gap).
class PointSessionWindows final : public WindowAssigner {
public:
    PointSessionWindows(DurationMs gap, double pointValue);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return true; }
    bool isMerging() const override { return true; }
    std::string describe() const override { return "PointSessionWindows"; }

private:
    DurationMs m_gap;
    double m_pointValue;
};

} // namespace tidemark::conformance
