#pragma once

#include "engine/core/Keys.h"
#include "engine/core/TimeWindow.h"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace tidemark {

// What a window function produced for one firing: a number, for `list` the pane's values in order, or a window
// join's pair or a coGroup's group sizes.
struct WindowResult {
    bool isList = false;
    std::optional<double> number; // empty for min/max/avg of an empty pane (an evictor removed all)
    std::vector<double> list;
    // A window join's pair (the timestamps of its first- and second-input records) or a coGroup's groups (how
    // many records of each input the window holds); then neither number nor list.
    std::optional<std::array<std::int64_t, 2>> sides;
};

enum class FireTiming : std::uint8_t {
    OnTime, // fired by a timer, or by a trigger on an element of a window the watermark has not passed
    Late // fired by a late element accepted within allowed lateness (window.maxTimestamp <= watermark)
};

struct FireEvent {
    std::size_t afterInput = 0; // how many input records had been processed when it happened
    int subtask = 0;
    KeyId key = kNoKey; // kNoKey for windowAll
    TimeWindow window;
    FireTiming timing = FireTiming::OnTime;
    Timestamp watermark = kMinTimestamp; // the operator's current watermark at the firing
    std::size_t count = 0; // elements the function saw
    WindowResult result;
};

enum class LateAction : std::uint8_t { Dropped, SideOutput };

struct LateEvent {
    std::size_t afterInput = 0;
    int subtask = 0;
    KeyId key = kNoKey;
    Timestamp ts = 0;
    bool hasValue = false;
    double value = 0.0;
    Timestamp watermark = kMinTimestamp;
    LateAction action = LateAction::Dropped;
};

} // namespace tidemark
