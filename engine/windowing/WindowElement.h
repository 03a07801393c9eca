#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Time.h"

#include <cstdint>

namespace tidemark {

// Flink's StreamRecord without timestamp reports Long.MIN_VALUE; the engine uses the same marker.
inline constexpr Timestamp kNoTimestamp = kMinTimestamp;

// One element of a window pane, as the window state keeps it (Flink keeps StreamRecords in the
// evicting operator; the timestamp is kept always so that the pane can be shown).
struct PaneElement {
    double value = 0.0;
    Timestamp ts = kNoTimestamp;
    bool hasValue = false;
    // Which input of a window join or coGroup the element came through (Flink's TaggedUnion: one or two); 0
    // elsewhere.
    std::uint8_t side = 0;

    bool hasTimestamp() const { return ts != kNoTimestamp; }
};

// An element as the assigner and the trigger see it.
struct WindowElement {
    KeyId key = kNoKey;
    double value = 0.0;
    bool hasValue = false;
    Timestamp ts = kNoTimestamp;
    std::uint8_t side = 0; // PaneElement::side

    PaneElement pane() const { return {value, ts, hasValue, side}; }
};

} // namespace tidemark
