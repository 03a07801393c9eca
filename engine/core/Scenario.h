#pragma once

#include "engine/core/ArrivalRule.h"
#include "engine/core/InputFileSpec.h"
#include "engine/core/JobGraph.h"
#include "engine/core/Keys.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Record.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// How times are shown to people (narration, the timeline's axis, text output).
struct DisplaySettings {
    // Auto: date-times when the event times are plainly epoch milliseconds, raw milliseconds otherwise
    // (resolvedDisplay in engine/player/TimeFormat.h decides, from the records).
    enum class TimeFormat : std::uint8_t { EpochMs, DateTime, Relative, Auto };
    TimeFormat timeFormat = TimeFormat::Auto;
    std::string zone = "UTC"; // IANA zone name for DateTime
    bool operator==(const DisplaySettings&) const = default;
};

// A lesson's marker: a note on one step of the run. Presenter mode walks the markers with Page Down / Page Up.
// `predict`: the class guesses first — the outcome of the next fire after the marker (its window, result,
// and whether it fires at all) stays hidden until the presenter reveals it.
struct LessonMarker {
    std::uint32_t step = 0;
    std::string note;
    bool predict = false;
    bool operator==(const LessonMarker&) const = default;
};

// A scenario: the pipeline plus its input records (scenario format v1, docs/scenario-format.md).
struct Scenario {
    int version = 1;
    std::string name;
    std::string description;
    PipelineConfig pipeline;
    DisplaySettings display;
    KeyTable keys;
    std::vector<InputRecord> records;
    // When records without an "arrival" arrive (defaultArrivalSpacingMs, eventTimeArrivalSpeedup).
    ArrivalRule arrivals;
    // Set when the records were read from an event file; saving writes this reference, not the records.
    std::optional<InputFileSpec> inputFile;
    // Skip bad lines of the event file (counted and reported) instead of stopping at the first one.
    bool lenient = false;
    // When the input ended, in processing time, if later than the last arrival: a recorded live source ends
    // when it closed or the recording stopped, and periodic emission ran until then. Without it the input
    // ends at its last arrival.
    std::optional<Timestamp> inputEndMs;
    // While records are read, what needs their key and their value, as a record without one is reported; empty: the
    // chain's window. A job graph's source names the operator that reads it so.
    std::string keyNeededBy;
    std::string valueNeededBy;
    // A job of several streams (docs/job-graph.md): its sources hold the records, and `records`, `inputFile` and
    // the pipeline's source, watermarks and window play no part; the pipeline's flinkVersion and endOfInput do.
    std::optional<JobGraph> graph;
    // The lesson's markers, sorted by step, at most one per step (docs/scenario-format.md, "lesson").
    std::vector<LessonMarker> lesson;

    // The processing time at which the input ends, given its last arrival.
    Timestamp inputEnd(Timestamp lastArrival) const
    {
        return inputEndMs && *inputEndMs > lastArrival ? *inputEndMs : lastArrival;
    }
};

} // namespace tidemark
