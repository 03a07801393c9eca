#pragma once

#include "engine/player/GraphPicture.h"

#include <optional>
#include <vector>

namespace tidemark {

// Why a record that reached an interval join was, or was not, paired: Flink's IntervalJoinOperator pairs it with
// every record of its key on the other input whose timestamp lies within the bounds from its own (right − left in
// [lower, upper]), unless one of the two is late (below the join's event time when it comes: not buffered, dropped
// or sent to the late side output) or the other came after the record left the buffer (its cleanup time reached).
// Read from the run's own outputs: a pair is a pair the operator made, a late record one it put out as late.
struct JoinRecordWhy {
    GraphPicture::Arrived record;
    int input = 0; // 0: the left input, 1: the right
    // The record itself was late when it came: dropped, or to the late side output.
    bool late = false;
    bool toSideOutput = false;
    // The other input's timestamps it pairs with, both inclusive (the bounds applied; empty when from > to).
    Timestamp from = 0;
    Timestamp to = 0;

    struct Partner {
        GraphPicture::Arrived record;
        enum class Fate : std::uint8_t {
            Paired, // the operator paired the two at `pairedAt`
            Late, // it came late itself: joined nothing
            Missed, // it came after this record had left the buffer, or this record was late
        };
        Fate fate = Fate::Paired;
        StepIndex pairedAt = kNoStep;
    };
    // The other input's records of its key within [from, to], in the order they came.
    std::vector<Partner> partners;
    // Of its key on the other input outside [from, to], the closest before and after, and the bounds that would
    // take it in (between(lower, upper), as the job writes them).
    struct Outside {
        GraphPicture::Arrived record;
        DurationMs lower = 0;
        DurationMs upper = 0;
    };
    std::optional<Outside> closestBefore;
    std::optional<Outside> closestAfter;
};

// `arrived` indexes picture.arrivedAt(stream, input); nullopt when stream is not an interval join.
std::optional<JoinRecordWhy> explainJoinRecord(
    const GraphRun& run, const GraphPicture& picture, int stream, int input, std::size_t arrived);

} // namespace tidemark
