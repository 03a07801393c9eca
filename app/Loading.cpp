#include "app/Loading.h"

#include "engine/io/EventFile.h"
#include "engine/io/GuessSpec.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace tidemark::app {

QString errorsText(const std::vector<io::LoadError>& errors)
{
    QStringList lines;
    for (const auto& e : errors)
        lines << QString::fromStdString(e.toString());
    return lines.join(QLatin1Char('\n'));
}

QList<ExampleInfo> builtInExamples()
{
    QList<ExampleInfo> out;
    for (const io::Example& e : io::examples()) {
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
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return true; // let the scenario loader report why it cannot be read
    const QByteArray head = f.read(qint64(io::kScenarioSniffBytes));
    return io::looksLikeScenario(std::string_view(head.constData(), std::size_t(head.size())));
}

LoadOutcome parseScenarioText(const QByteArray& json, const QString& fileName, const QString& baseDir)
{
    LoadOutcome out;
    const std::string name = fileName.toStdString();
    io::Loaded<Scenario> parsed
        = io::parseScenarioWithoutInput(std::string_view(json.constData(), std::size_t(json.size())), name);
    if (!parsed) {
        out.error = errorsText(parsed.errors);
        return out;
    }
    Scenario scenario = std::move(*parsed.value);
    if (scenario.inputFile && !scenario.inputFile->file.empty()) {
        const QString inputName = QString::fromStdString(scenario.inputFile->file);
        const QString inputPath = QDir(baseDir).filePath(inputName);
        QFile input(inputPath);
        if (!input.open(QIODevice::ReadOnly)) {
            out.error = QCoreApplication::translate("tidemark::app::Loading", "%1: cannot read the input file %2: %3")
                            .arg(fileName, inputPath, input.errorString());
            return out;
        }
        const QByteArray text = input.readAll();
        io::LoadOptions options;
        options.lenient = scenario.lenient;
        io::Loaded<io::EventFileContents> events
            = io::parseEventText(std::string_view(text.constData(), std::size_t(text.size())), inputName.toStdString(),
                *scenario.inputFile, scenario.keys, options);
        if (!events) {
            out.error = errorsText(events.errors);
            return out;
        }
        scenario.records = std::move(events.value->records);
    }
    out.scenario = std::move(scenario);
    return out;
}

LoadOutcome loadScenarioFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        LoadOutcome out;
        out.error = QCoreApplication::translate("tidemark::app::Loading", "%1: cannot open: %2")
                        .arg(path, file.errorString());
        return out;
    }
    return parseScenarioText(file.readAll(), QFileInfo(path).fileName(), QFileInfo(path).absolutePath());
}

LoadOutcome loadExample(const QString& path)
{
    return loadScenarioFile(path);
}

} // namespace tidemark::app
