#pragma once

// The narration of a whole run as one text, one line per step: "[step @ processing time] sentences". A periodic
// emission where nothing happened is left out: it says nothing a reader needs, and long runs have thousands.

#include "engine/player/Narration.h"
#include "engine/player/Player.h"

#include <string>

namespace tidemark::test {

inline std::string narratedRun(const Player& player)
{
    const Trace& trace = player.trace();
    const Narrator narrator(player.scenario());
    std::string text;
    for (StepIndex s = 0; s < trace.stepCount(); ++s) {
        const StepEntry& e = trace.step(s);
        if (e.kind == StepKind::PeriodicEmit && e.flags == 0)
            continue;
        text += '[' + std::to_string(s) + " @ " + TimeFormatter::processingTime(e.processingTime) + "] "
            + narrator.narrate(player.detailAt(s), trace).text() + '\n';
    }
    return text;
}

} // namespace tidemark::test
