#pragma once

#include "engine/compare/Comparison.h"
#include "engine/player/GraphRun.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tidemark::compare {

// Where the outputs of two job graphs over the same events differ (docs/compare.md → Job graphs), operator by
// operator. Outputs are matched within the operator of the same name by what they are, whatever subtask made them:
// a window's firing by key, bounds and how often the window fired before; a late record by key, timestamp and
// value; an interval join's pair by its two records; a process function's output by key, timestamp and what it
// puts out. Each one's n-th occurrence in A meets the n-th in B.
struct GraphDifference {
    enum class Kind : std::uint8_t {
        Moved, // made after another input record, or at another processing time (`resultDiffers`: and otherwise)
        ResultDiffers, // made at the same place, with another result, count, timing or late action
        OnlyIn, // made in one run only (`only`)
    };
    // Where an output shows in one run: its index in GraphRun::outputs(), its step and processing time.
    struct Side {
        std::optional<std::size_t> output;
        StepIndex step = kNoStep;
        Timestamp processingTime = 0;
    };
    Kind kind = Kind::Moved;
    RunSide only = RunSide::A;
    bool resultDiffers = false;
    std::string op; // the operator's name
    Side a;
    Side b;

    const Side& side(RunSide s) const { return s == RunSide::A ? a : b; }
};

// Compares two recorded graph runs whose sources read the same events (eventsDiffer); the differences come in the
// order they show: by the earliest processing time, then in A's output order, then B's.
std::vector<GraphDifference> compareGraphRuns(const GraphRun& a, const GraphRun& b);

} // namespace tidemark::compare
