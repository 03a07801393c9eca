#pragma once

#include "engine/core/Scenario.h"

#include <optional>
#include <string>

namespace tidemark::test {

// Where two scenarios differ, as a readable path ("pipeline.window.allowedLatenessMs: 1000 vs 2000"), or nullopt
// when they are the same: the round trips of the scenario tests and the scenario fuzz target compare with it. Every
// field is compared as the scenario schema describes it (engine/io/ScenarioSchema.h); records by key text, not by
// KeyId.
std::optional<std::string> scenarioDifference(const Scenario& a, const Scenario& b);

} // namespace tidemark::test
