#pragma once

#include "engine/compare/Comparison.h"
#include "engine/core/Output.h"
#include "engine/core/Scenario.h"
#include "engine/player/Trace.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark::compare {

// Where a difference shows in one run, and what that run did there.
struct DifferenceSide {
    // The step a view moves this run to (kNoStep: nothing to show in this run) and its processing time. A
    // shared cursor at processing time t shows in each run its last step with processingTime <= t.
    StepIndex step = kNoStep;
    Timestamp processingTime = 0;
    // What the run emitted there, with its own subtask and KeyIds (nothing: the other run's fire or late
    // record has no counterpart here).
    std::optional<FireEvent> fire;
    std::optional<LateEvent> late;

    bool hasStep() const { return step != kNoStep; }
};

// One way in which the outputs of A and B differ.
struct Difference {
    enum class Kind : std::uint8_t {
        // The n-th firing of a window (same key and bounds, any subtask) came after another input record, or
        // at another processing time. `resultDiffers` says whether it also emitted something else.
        FireMoved,
        // The n-th firing of a window came at the same place with another result, count or timing.
        ResultDiffers,
        // The n-th firing of a window happens in one run only (`only`), e.g. a late re-fire that only allowed
        // lateness makes.
        FireOnlyIn,
        // A record is late (dropped or side output) in one run only (`only`); the other run took it into a
        // window. The other side's step is the record's arrival there.
        LateOnlyIn,
        // A record is late in both runs, dropped in one and side output in the other.
        LateActionDiffers,
    };
    Kind kind = Kind::FireMoved;
    RunSide only = RunSide::A; // FireOnlyIn, LateOnlyIn: the run in which it happens
    bool resultDiffers = false; // FireMoved, ResultDiffers: the result or the element count differ
    bool timingDiffers = false; // FireMoved, ResultDiffers: on time in one, late in the other

    // Fires: the window, its key as printed (nullopt under windowAll) and which firing of it (1-based).
    std::optional<std::string> key;
    TimeWindow window;
    std::uint32_t firing = 0;
    // Late records: the record (index into the records of both scenarios, which read the same events).
    RecordIndex record = kNoRecord;

    DifferenceSide a;
    DifferenceSide b;

    const DifferenceSide& side(RunSide s) const { return s == RunSide::A ? a : b; }
};

// Compares two recorded runs of the same events (each played to its end by Player, as `tidemark run`
// does). Fires are matched by window (key text and bounds; the subtask, which changes with parallelism, is
// ignored) and by how many times that window fired before; late records by record index. The differences
// come in the order they happen: by the earliest processing time at which they show, then in A's output
// order, then B's. Throws std::invalid_argument with eventsDiffer's message when A and B read different events.
std::vector<Difference> compareRuns(const Scenario& a, const Trace& traceA, const Scenario& b, const Trace& traceB);

// Plays both runs to their end and compares them: the differences, or nothing and the reason in `error`
// when they cannot be compared (different events, a pipeline the engine refuses, a job that fails).
std::optional<std::vector<Difference>> playAndCompare(const Comparison& comparison, std::string& error);

} // namespace tidemark::compare
