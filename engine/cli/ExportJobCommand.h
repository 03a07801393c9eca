#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob {
struct JobProject;
}

namespace tidemark::cli {

// `tidemark export-job SCENARIO --out DIR [--flink-version V] [--force]`: writes the scenario as a runnable Flink
// job, a Maven project whose print() lines are what `tidemark run SCENARIO --format text` prints (docs/flink.md).
// argv[0] is the program; argv[1] may be "export-job". Returns 0 when the project was written, 1 when the scenario
// cannot be loaded or said as a Flink job, or the folder cannot be written (the reason on stderr), 2 for a usage
// error.
int exportJobCommand(int argc, char** argv);
// The same, writing to the given streams (tests).
int exportJobCommand(int argc, char** argv, std::ostream& out, std::ostream& err);
// The same over the arguments after "export-job", handing back the project it wrote (`--submit` builds and runs it).
int exportJobCommand(
    const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err, flinkjob::JobProject* written);

const char* exportJobUsage();

} // namespace tidemark::cli
