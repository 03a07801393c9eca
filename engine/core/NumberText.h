#pragma once

#include <string>

namespace tidemark {

// A double as Tidemark writes it everywhere a user compares it with Flink (printed outputs, JSON lines, the
// tables, the narration): integral values as integers ("20", not "20.0" or "2e+01"), others as the shortest
// text that reads back to the same double (std::to_chars); NaN and infinities as null.
std::string formatNumber(double value);

// A duration in milliseconds as Java code writes it: `Duration.ofMillis(d)` (the exported jobs, the settings the
// explanations suggest).
std::string javaDuration(long long milliseconds);

} // namespace tidemark
