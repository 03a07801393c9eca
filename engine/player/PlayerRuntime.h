#pragma once

// What the player runs and keeps, for the player's own sources (Player.cpp records and seeks; PlayerState.cpp
// tells what a step changed and what the state at a step is).

#include "engine/player/Player.h"
#include "engine/runtime/Pipeline.h"

#include <cstddef>

namespace tidemark {

struct Player::Runtime {
    Pipeline pipeline;
    EventQueue queue;
    std::size_t inputs = 0; // input records processed so far
};

struct Player::Snapshot {
    StepIndex step = 0;
    Runtime runtime;
    std::size_t bytes = 0;
    std::size_t work = 0; // the multiple of the replay work (replayWork) it was taken for
};

} // namespace tidemark
