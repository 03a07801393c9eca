#pragma once

#include <QString>

namespace tidemark::app {

class Session;

enum class OutputExportFormat { Csv, JsonLines };

// Writes every output of the session's whole run, in the order it happened (File ▸ Export ▸ Outputs).
// JSON lines are exactly the lines `tidemark run --format jsonl` prints for the same run. CSV has one column
// per field of those lines (window split into windowStart and windowEnd, then the printed text), each with
// the same text as in the JSON; a null is an empty cell. Returns false, with the reason in `error` when
// given, if the file cannot be written; an existing file is only replaced by a completely written one. A job graph's
// JSON lines are `tidemark run`'s for the graph; its CSV has the step, operator, subtask and printed line of each.
bool writeOutputs(const Session& session, const QString& path, OutputExportFormat format, QString* error = nullptr);

} // namespace tidemark::app
