#pragma once

#include "engine/core/Scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tidemark::compare {

// The two runs of a comparison.
enum class RunSide : std::uint8_t { A, B };

// The same events under two pipelines (docs/compare.md). A plain value: a view that compares "this run with
// one setting changed" copies A into B and changes the setting, e.g.
//   auto c = Comparison::between(scenario, scenario);
//   c.b.pipeline.window.allowedLatenessMs = 2000;
struct Comparison {
    std::string name;
    std::string description;
    Scenario a;
    Scenario b;

    static Comparison between(Scenario a, Scenario b)
    {
        Comparison c;
        c.a = std::move(a);
        c.b = std::move(b);
        return c;
    }

    const Scenario& scenario(RunSide side) const { return side == RunSide::A ? a : b; }
};

// Why A and B cannot be compared: they must read the same events (as many records, each of the same kind
// with the same key, timestamp and value; arrivals and channels may differ, they are how the events come).
// The message names the first record that differs; nullopt when they read the same events. Two job graphs read the
// same events when their sources, by name and in order, do; a graph and a chain never do.
std::optional<std::string> eventsDiffer(const Scenario& a, const Scenario& b);

// What each run is, in a few words: what differs between the two pipelines, A's values in `a` and B's in
// `b`, with the names the pipeline editor and the narration use ("parallelism 1" / "parallelism 3",
// "allowed lateness 0 ms" / "allowed lateness 2 s"; several joined by ", "). Identical pipelines are labelled
// "the same pipeline" both.
struct RunLabels {
    std::string a;
    std::string b;

    const std::string& label(RunSide side) const { return side == RunSide::A ? a : b; }
};
RunLabels describeDifference(const Scenario& a, const Scenario& b);

} // namespace tidemark::compare
