#pragma once

#include <iosfwd>

namespace tidemark::cli {

// `tidemark run SCENARIO.json [--format jsonl|text] [--explain] [--steps]`: plays the scenario to its end
// without a display and prints every output in the order it happens (fires and late records; with --steps
// every step of the event queue; with --explain the narration of every step).
// argv[0] is the program; argv[1] may be "run". Returns the exit code: 0 ok, 1 invalid scenario (each
// error as `file:line:column: message` on stderr) or a job failure, 2 usage error (usage on stderr).
int runCommand(int argc, char** argv);
// The same, writing to the given streams (tests).
int runCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

// The usage text (what --help prints).
const char* runUsage();

} // namespace tidemark::cli
