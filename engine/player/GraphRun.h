#pragma once

#include "engine/core/Scenario.h"
#include "engine/runtime/GraphPipeline.h"

#include <vector>

namespace tidemark {

// A source's record at its arrival: each source's by its own clock (the scenario's arrival rule), then all of them
// in (time, source, record) order. What GraphRun plays, and what an exported job graph replays.
struct GraphArrival {
    Timestamp time = 0;
    int source = 0;
    std::uint32_t record = 0;
};
std::vector<GraphArrival> graphArrivals(const Scenario& scenario);

// A job graph's scenario run to its end on the event queue, as Player runs a chain (docs/execution-model.md):
// every source's records at their arrivals (each source's own, by the scenario's arrival rule; at equal times in
// source order), every channel's periodic emission, each source's end of input after its last record.
class GraphRun {
public:
    explicit GraphRun(const Scenario& scenario); // precondition: scenario.graph keeps graphViolations
    const std::vector<GraphOutput>& outputs() const { return m_outputs; }
    const GraphPipeline& pipeline() const { return m_pipeline; }
    const JobGraph& graph() const { return *m_scenario.graph; }
    // When source s's last record arrived, in processing time (0 without records).
    Timestamp lastArrival(int source) const { return m_lastArrival[static_cast<std::size_t>(source)]; }

private:
    const Scenario& m_scenario;
    GraphPipeline m_pipeline;
    std::vector<GraphOutput> m_outputs;
    std::vector<Timestamp> m_lastArrival;
};

} // namespace tidemark
