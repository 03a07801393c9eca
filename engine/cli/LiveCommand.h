#pragma once

#include "engine/cli/RunOptions.h"
#include "engine/core/Scenario.h"

#include <iosfwd>
#include <string>

namespace tidemark::cli {

// `tidemark run … --socket HOST:PORT` and `--listen [HOST:]PORT`: reads lines from a live source into a run
// that grows in real time, printing each output as it happens, until the source ends (the peer closes, every
// client has gone for --until-idle, Ctrl+C). `scenario.inputFile` says how a line is read (its `file` names
// the source). With --save-scenario the run is written at the end with every arrival, for replay.
int playLive(Scenario scenario, const RunOptions& options, std::ostream& out, std::ostream& err);

} // namespace tidemark::cli
