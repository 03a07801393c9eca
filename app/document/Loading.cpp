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
LoadOutcome withInput(io::Loaded<Scenario> parsed, const std::filesystem::path& baseDir)
{
    LoadOutcome out;
    io::LoadOptions options;
    options.maxReportedErrors = io::kListedBadLines; // the Bad lines tab lists them
    if (parsed)
        parsed = io::loadScenarioInput(std::move(*parsed.value), baseDir, options);
    if (!parsed) {
        out.error = errorsText(parsed.errors);
        return out;
    }
    out.skipped = parsed.skipped();
    out.scenario = std::move(*parsed.value);
    return out;
}

std::filesystem::path fsPath(const QString& path)
{
    return std::filesystem::path(path.toStdString());
}

} // namespace

LoadOutcome parseScenarioText(const QByteArray& json, const QString& fileName, const QString& baseDir)
{
    return withInput(io::parseScenarioWithoutInput(
                         std::string_view(json.constData(), std::size_t(json.size())), fileName.toStdString(), true),
        fsPath(baseDir));
}

LoadOutcome loadScenarioFile(const QString& path)
{
    // as `tidemark run PATH` loads it: the same functions, the same path in the messages
    const std::filesystem::path file = fsPath(path);
    return withInput(io::loadScenarioFileWithoutInput(file, true), file.parent_path());
}

std::uint64_t scenarioReadBytes(const QString& path)
{
    const std::filesystem::path file = fsPath(path);
    // A scenario holding its records inline is as large as they are: not parsed here once more
    std::error_code ec;
    if (const auto own = std::filesystem::file_size(file, ec); !ec && own >= kBackgroundLoadBytes)
        return static_cast<std::uint64_t>(own);
    const auto parsed = io::loadScenarioFileWithoutInput(file);
    if (!parsed || !parsed.value->inputFile)
        return 0;
    const auto size = std::filesystem::file_size(file.parent_path() / parsed.value->inputFile->file, ec);
    return ec ? 0 : static_cast<std::uint64_t>(size);
}

LoadOutcome loadExample(const QString& path)
{
    return loadScenarioFile(path);
}

} // namespace tidemark::app
