#pragma once

#include <iosfwd>

namespace tidemark::cli {

// `tidemark compare A.json B.json | COMPARISON.json | NAME [--format text|jsonl]`: plays the same events under
// two pipelines to their end without a display and prints what each run is, then every difference between
// their outputs in the order it happens (docs/compare.md).
// argv[0] is the program; argv[1] may be "compare". Returns the exit code, as diff(1) does: 0 the outputs do
// not differ, 1 they differ, 2 a usage error or input that cannot be compared (each error on stderr, as
// `file:line:column: message` where it comes from a file).
int compareCommand(int argc, char** argv);
// The same, writing to the given streams (tests).
int compareCommand(int argc, char** argv, std::ostream& out, std::ostream& err);

// The usage text (what --help prints).
const char* compareUsage();

} // namespace tidemark::cli
