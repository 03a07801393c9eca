#include "app/document/OutputExport.h"

#include "app/document/GraphDocument.h"
#include "app/document/Session.h"

#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"

#include <QSaveFile>

#include <string>

namespace tidemark::app {

namespace {

// A CSV cell: quoted when it holds the delimiter, a quote or a line break.
std::string csvCell(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

// The JSON text of a field as a cell: the same characters, a null left empty.
std::string csvValue(const std::string& jsonText)
{
    return jsonText == "null" ? std::string() : csvCell(jsonText);
}

std::string keyCell(KeyId key, const KeyTable& keys)
{
    return key == kNoKey || key >= keys.size() ? std::string() : csvCell(keys.name(key));
}

constexpr const char* kCsvHeader
    = "type,afterInput,subtask,key,windowStart,windowEnd,timing,watermark,count,result,ts,value,action,printed\n";
// A job graph's: the step that made the output, the operator and subtask, and the line its print() writes.
constexpr const char* kGraphCsvHeader = "step,operator,subtask,printed\n";

std::string fireCsv(const FireEvent& f, const KeyTable& keys, int sinkSubtasks)
{
    const bool global = f.window.isGlobal();
    std::string row = "fire," + std::to_string(f.afterInput) + ',' + std::to_string(f.subtask) + ','
        + keyCell(f.key, keys) + ',' + (global ? std::string() : std::to_string(f.window.start())) + ','
        + (global ? std::string() : std::to_string(f.window.end())) + ',';
    row.append(output::timingName(f.timing));
    row += ',' + std::to_string(f.watermark) + ',' + std::to_string(f.count) + ','
        + csvValue(output::resultText(f.result)) + ",,,," + csvCell(output::printedFire(f, keys, sinkSubtasks)) + '\n';
    return row;
}

std::string lateCsv(const LateEvent& l, const KeyTable& keys, int sinkSubtasks)
{
    std::string row = "late," + std::to_string(l.afterInput) + ',' + std::to_string(l.subtask) + ','
        + keyCell(l.key, keys) + ",,,," + std::to_string(l.watermark) + ",,," + std::to_string(l.ts) + ','
        + (l.hasValue ? formatNumber(l.value) : std::string()) + ',';
    row.append(output::actionName(l.action));
    row += ',' + csvCell(output::printedLate(l, keys, sinkSubtasks)) + '\n';
    return row;
}

} // namespace

bool writeOutputs(const Session& session, const QString& path, OutputExportFormat format, QString* error)
{
    // QSaveFile: a failed export leaves the file that was there before intact
    QSaveFile file(path);
    const auto fail = [&] {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail();
    const bool jsonl = format == OutputExportFormat::JsonLines;
    const KeyTable& keys = session.scenario().keys;
    const int sinkSubtasks = session.scenario().pipeline.window.subtasks();
    std::string buffer = jsonl ? std::string() : std::string(kCsvHeader);
    bool written = true;
    const auto flush = [&](std::size_t atLeast) {
        if (buffer.size() < atLeast)
            return;
        written = written && file.write(buffer.data(), qint64(buffer.size())) == qint64(buffer.size());
        buffer.clear();
    };
    constexpr std::size_t kChunk = std::size_t(1) << 16;
    const auto writeFire = [&](std::size_t i) {
        const FireEvent& f = session.trace().fires()[i].fire;
        buffer += jsonl ? output::fireJson(f, keys) + '\n' : fireCsv(f, keys, sinkSubtasks);
        flush(kChunk);
    };
    const auto writeLate = [&](const LateRecord& l) {
        buffer += jsonl ? output::lateJson(l.late, keys) + '\n' : lateCsv(l.late, keys, sinkSubtasks);
        flush(kChunk);
    };
    // the one order they were produced in, as `tidemark run` prints them
    if (session.hasRun())
        session.trace().forEachOutput(writeFire, writeLate);
    if (session.hasGraph()) {
        // a job graph's: its JSON lines as `tidemark run --format json` writes them, or each printed line behind its
        // operator and subtask
        const GraphDocument& graph = session.graph();
        const auto& outputs = graph.run().outputs();
        if (jsonl) {
            const output::OutputLines lines = output::graphOutputLines(graph.run(), graph.scenario());
            for (const std::string& line : lines.json) {
                buffer += line + '\n';
                flush(kChunk);
            }
        } else {
            buffer = std::string(kGraphCsvHeader);
            for (std::size_t i = 0; i < outputs.size(); ++i) {
                buffer += std::to_string(graph.run().trace().stepOfOutput(i)) + ','
                    + csvCell(graph.streamName(graph.streams().streamOfOperator(outputs[i].op))) + ','
                    + std::to_string(outputs[i].subtask) + ',' + csvCell(graph.outputText(i)) + '\n';
                flush(kChunk);
            }
        }
    }
    flush(0);
    if (!written || !file.commit())
        return fail();
    return true;
}

} // namespace tidemark::app
