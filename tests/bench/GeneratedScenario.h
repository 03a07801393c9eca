#pragma once

#include "engine/core/Scenario.h"

#include <cstddef>

namespace tidemark::bench {

// The player's and the graphs' generated run (bench_trace.cpp): 1,000 keys, one record per `spacingMs` of
// processing time, event time advancing 1 ms per record with up to 500 ms of disorder, bounded out-of-orderness
// 500 ms with periodic emission every 200 ms, 10 s tumbling windows with 1 s of allowed lateness, a sum per window.
Scenario generatedScenario(std::size_t count, Timestamp spacingMs = 1);

// The graphs' join (bench_graph.cpp): the generated run's records as two sources, "left" and "right" (every other
// record, so both sides hold every key), with the chain's watermarks, and an interval join "join" of them within
// ±2 s (about a pair per record).
JobGraph generatedJoin(const Scenario& chain);

} // namespace tidemark::bench
