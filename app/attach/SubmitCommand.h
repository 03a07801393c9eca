#pragma once

#include <functional>
#include <iosfwd>
#include <string_view>
#include <vector>

namespace tidemark::flinkjob {
struct JobProject;
}

namespace tidemark::app {

// The export that writes the project before it is submitted, handed in by main() (the CLI's `export-job`, which
// the app does not include): it takes the arguments after "export-job" and the streams for its report, and hands
// back the project it wrote; `usage` is its --help text.
struct JobExporter {
    std::function<int(
        const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err, flinkjob::JobProject* written)>
        run;
    const char* usage = "";
};

// `tidemark export-job SCENARIO --out DIR --submit URL [--offline] [--polls N] [--interval-ms MS] [--timeout-ms MS]
// [--format text|jsonl] [export-job's options]`: exports the job as `tidemark export-job` does, builds it, uploads
// and runs it on the cluster through its REST API (JobSubmitter), then follows it as `tidemark attach URL --job ID`
// does until the polls are done or the job ends. Exit status 0 when the job was submitted and followed, 1 when the
// export, the build, the upload or the run failed, the cluster could not be read, or the job failed; 2 for a usage
// error. Runs its own QCoreApplication; called from main() before any other Qt object exists.
int submitCommand(int argc, char** argv, const JobExporter& exporter);

// Whether an `export-job` command line asks for --submit (main() sends it here then).
bool wantsSubmit(int argc, char** argv);

} // namespace tidemark::app
