#pragma once

#include <QString>

namespace tidemark::app {

// `tidemark attach URL [--job ID] [--polls N] [--interval-ms MS] [--format text|jsonl]`: without a display, reads a
// running Flink cluster's REST API with the client the app uses. Without --job it lists the jobs; with one it
// prints each poll's watermarks per vertex and subtask. Exit status 0 when done (the polls made, or the job
// ended), 1 when the cluster cannot be read (a refused connection, an HTTP error, no such job), 2 for a usage
// error. Runs its own QCoreApplication; called from main() before any other Qt object exists.
int attachCommand(int argc, char** argv);

struct AttachSample;

// Prints one poll as `tidemark attach --job` does (text, or one {"type":"poll",…} line), on stdout.
void printAttachPoll(const AttachSample& sample, const QString& jobId, bool jsonl);

} // namespace tidemark::app
