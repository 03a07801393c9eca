#include "app/document/Loading.h"

#include "engine/io/GuessSpec.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <filesystem>

namespace tidemark::app {

QString errorsText(const std::vector<io::LoadError>& errors)
{
    QStringList lines;
    for (const auto& e : errors)
        lines << QString::fromStdString(e.toString());
    return lines.join(QLatin1Char('\n'));
}

namespace {

QList<ExampleInfo> examplesOf(const std::vector<io::Example>& examples)
{
    QList<ExampleInfo> out;
    for (const io::Example& e : examples) {
        const QString path = QString::fromStdString(e.path.string());
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        const QString fileName = QFileInfo(path).fileName();
        out.push_back({path, fileName, o.value(QStringLiteral("name")).toString(fileName),
            o.value(QStringLiteral("description")).toString()});
    }
    return out;
}

} // namespace

QList<ExampleInfo> builtInExamples()
{
    return examplesOf(io::examples());
}

QList<ExampleInfo> builtInGraphExamples()
{
    return examplesOf(io::graphExamples());
}

QString defaultExample()
{
    return QString::fromStdString((io::examplesDirectory() / "post000-parallelism3.json").string());
}

QString openFileFilter()
{
    QStringList patterns;
    for (const auto& e : io::kEventFileExtensions)
        patterns << QStringLiteral("*.") + QString::fromLatin1(e.extension.data(), qsizetype(e.extension.size()));
    return QCoreApplication::translate("tidemark::app::Loading", "Scenarios and event files (%1);;All files (*)")
        .arg(patterns.join(QLatin1Char(' ')));
}

bool isScenarioFile(const QString& path)
{
    return io::isScenarioPath(std::filesystem::path(path.toStdString()));
}

namespace {

// The second half of what `tidemark run` does with a scenario: its event file read with the rules of the job
// (io::loadScenarioInput), so that a bad line is the same load error, with the same message, in both.
io::LoadOptions appLoadOptions()
{
    io::LoadOptions options;
    options.maxReportedErrors = io::kListedBadLines; // the Bad lines tab lists them
    options.jobGraphs = true;
    return options;
}

LoadOutcome outcomeOf(io::Loaded<Scenario> loaded)
{
    LoadOutcome out;
    if (!loaded) {
        out.error = errorsText(loaded.errors);
        return out;
    }
    out.skipped = loaded.skipped();
    out.scenario = std::move(*loaded.value);
    return out;
}

LoadOutcome withInput(io::Loaded<Scenario> parsed, const std::filesystem::path& baseDir)
{
    if (parsed)
        parsed = io::loadScenarioInput(std::move(*parsed.value), baseDir, appLoadOptions());
    return outcomeOf(std::move(parsed));
}

std::filesystem::path fsPath(const QString& path)
{
    return std::filesystem::path(path.toStdString());
}

} // namespace

LoadOutcome parseScenarioText(const QByteArray& json, const QString& fileName, const QString& baseDir)
{
    const std::string_view text(json.constData(), std::size_t(json.size()));
    io::Loaded<Scenario> parsed = io::parseScenarioWithoutInput(text, fileName.toStdString(), true);
    // a job graph's sources read their event files as it is parsed, each with the rules of what reads it
    if (parsed && parsed.value->graph)
        return outcomeOf(io::parseScenario(text, fileName.toStdString(), fsPath(baseDir), appLoadOptions()));
    return withInput(std::move(parsed), fsPath(baseDir));
}

LoadOutcome loadScenarioFile(const QString& path)
{
    // as `tidemark run PATH` loads it: the same functions, the same path in the messages
    const std::filesystem::path file = fsPath(path);
    io::Loaded<Scenario> parsed = io::loadScenarioFileWithoutInput(file, true);
    if (parsed && parsed.value->graph)
        return outcomeOf(io::loadScenarioFile(file, appLoadOptions()));
    return withInput(std::move(parsed), file.parent_path());
}

std::uint64_t scenarioReadBytes(const QString& path)
{
    const std::filesystem::path file = fsPath(path);
    // A scenario holding its records inline is as large as they are: not parsed here once more
    std::error_code ec;
    if (const auto own = std::filesystem::file_size(file, ec); !ec && own >= kBackgroundLoadBytes)
        return static_cast<std::uint64_t>(own);
    const auto parsed = io::loadScenarioFileWithoutInput(file, true);
    if (!parsed)
        return 0;
    // a chain's event file, or every event file of a job graph's sources
    std::vector<std::string> inputs;
    if (parsed.value->inputFile)
        inputs.push_back(parsed.value->inputFile->file);
    if (parsed.value->graph) {
        for (const GraphSource& source : parsed.value->graph->sources) {
            if (source.inputFile)
                inputs.push_back(source.inputFile->file);
        }
    }
    std::uint64_t bytes = 0;
    for (const std::string& input : inputs) {
        const auto size = std::filesystem::file_size(file.parent_path() / input, ec);
        bytes += ec ? 0 : static_cast<std::uint64_t>(size);
    }
    return bytes;
}

LoadOutcome loadExample(const QString& path)
{
    return loadScenarioFile(path);
}

} // namespace tidemark::app
