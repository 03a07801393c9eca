#pragma once

// Every step of a recorded run, quiet periodic emissions rebuilt one by one, for tests that compare runs.
#include "engine/player/Trace.h"

#include <vector>

namespace tidemark::test {

inline std::vector<StepEntry> everyStep(const Trace& trace)
{
    std::vector<StepEntry> steps;
    steps.reserve(trace.stepCount());
    for (StepIndex s = 0; s < trace.stepCount(); ++s)
        steps.push_back(trace.step(s));
    return steps;
}

} // namespace tidemark::test
