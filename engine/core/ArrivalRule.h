#pragma once

#include "engine/core/Time.h"

#include <cstdint>

namespace tidemark {

// When records without an explicit `arrival` arrive, in processing time (docs/execution-model.md, "Arrivals").
// A file of events says when each happened, rarely when a job would have read it, so this is a choice:
// - spacing: each record `spacingMs` after the one before (0: all at once, a backlog read at start);
// - at event time: each record when it happened, replayed `eventTimeSpeedup` times faster, counted from the
//   first such record; a record whose event time lies before the previous arrival (a late one) arrives with it.
struct ArrivalRule {
    static constexpr DurationMs kDefaultSpacingMs = 1000;

    DurationMs spacingMs = kDefaultSpacingMs;
    std::int64_t eventTimeSpeedup = 0; // 0: by spacing; n >= 1: at event time, n times faster

    bool atEventTime() const { return eventTimeSpeedup > 0; }
    bool operator==(const ArrivalRule&) const = default;
};

} // namespace tidemark
