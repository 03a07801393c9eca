#include "app/compare/Comparisons.h"

#include "app/Translations.h"
#include "app/compare/CompareSetupDialog.h"
#include "app/compare/CompareWindow.h"
#include "app/compare/GraphCompareSetupDialog.h"
#include "app/document/Loading.h"
#include "engine/compare/ComparisonIo.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>

namespace tidemark::app {

namespace {

void report(QWidget* parent, const QString& error)
{
    if (error.isEmpty())
        return; // cancelled
    auto* box = new QMessageBox(QMessageBox::Warning,
        QCoreApplication::translate("tidemark::app::Comparisons", "Cannot compare"),
        QCoreApplication::translate("tidemark::app::Comparisons", "These two runs cannot be compared."),
        QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("compareError"));
    box->setInformativeText(error);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace

CompareWindow* openComparison(const compare::Comparison& comparison, QWidget* parent, QString* error, Theme* theme)
{
    auto* window = new CompareWindow(comparison, theme, parent);
    if (!window->isValid()) {
        if (error)
            *error = window->error();
        delete window;
        return nullptr;
    }
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    window->raise();
    window->activateWindow();
    return window;
}

QList<ComparisonInfo> builtInComparisons()
{
    QList<ComparisonInfo> out;
    std::vector<io::Example> all = io::comparisons();
    for (io::Example& e : io::graphComparisons())
        all.push_back(std::move(e));
    for (const io::Example& e : all) {
        const QString path = QString::fromStdString(e.path.string());
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        out.push_back({path, exampleName(o.value(QStringLiteral("name")).toString(QString::fromStdString(e.name))),
            exampleDescription(o.value(QStringLiteral("description")).toString())});
    }
    return out;
}

CompareWindow* openComparisonFile(const QString& path, QWidget* parent, QString* error, Theme* theme)
{
    io::LoadOptions options;
    options.jobGraphs = true; // two job graphs compare as two chains do
    const auto loaded = compare::loadComparisonFile(std::filesystem::path(path.toStdString()), options);
    if (!loaded) {
        if (error)
            *error = errorsText(loaded.errors);
        return nullptr;
    }
    return openComparison(*loaded.value, parent, error, theme);
}

QString findComparisonFile(const QString& fileOrName)
{
    if (QFileInfo::exists(fileOrName)) {
        QFile file(fileOrName);
        if (!fileOrName.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || !file.open(QIODevice::ReadOnly))
            return {};
        const QByteArray head = file.read(qint64(io::kScenarioSniffBytes));
        return compare::looksLikeComparison(std::string_view(head.constData(), std::size_t(head.size()))) ? fileOrName
                                                                                                          : QString();
    }
    // an example's name opens the example, as it always has
    if (io::findExample(fileOrName.toStdString()))
        return {};
    if (const auto found = io::findComparison(fileOrName.toStdString()))
        return QString::fromStdString(found->string());
    return {};
}

CompareWindow* compareWithScenarioFile(
    const Scenario& current, const QString& path, QWidget* parent, QString* error, Theme* theme)
{
    if (!isScenarioFile(path)) {
        if (error)
            *error = QCoreApplication::translate("tidemark::app::Comparisons",
                "%1 is not a scenario: a comparison needs B's pipeline, which an event file does not have.")
                         .arg(QFileInfo(path).fileName());
        return nullptr;
    }
    const LoadOutcome b = loadScenarioFile(path);
    if (!b.ok()) {
        if (error)
            *error = b.error;
        return nullptr;
    }
    compare::Comparison comparison = compare::Comparison::between(current, *b.scenario);
    return openComparison(comparison, parent, error, theme);
}

CompareWindow* askToCompareWithFile(const Scenario& current, QWidget* parent, Theme* theme)
{
    const QString path = QFileDialog::getOpenFileName(parent,
        QCoreApplication::translate("tidemark::app::Comparisons", "Compare with another scenario of the same events"),
        QString(), QCoreApplication::translate("tidemark::app::Comparisons", "Scenarios (*.json);;All files (*)"));
    if (path.isEmpty())
        return nullptr;
    QString error;
    CompareWindow* window = compareWithScenarioFile(current, path, parent, &error, theme);
    if (!window)
        report(parent, error);
    return window;
}

CompareWindow* askToCompareWithChangedSetting(const Scenario& current, QWidget* parent, Theme* theme)
{
    compare::Comparison comparison;
    if (current.graph) {
        GraphCompareSetupDialog dialog(current, parent);
        if (dialog.exec() != QDialog::Accepted)
            return nullptr;
        comparison = dialog.comparison();
    } else {
        CompareSetupDialog dialog(current, parent);
        if (dialog.exec() != QDialog::Accepted)
            return nullptr;
        comparison = dialog.comparison();
    }
    QString error;
    CompareWindow* window = openComparison(comparison, parent, &error, theme);
    if (!window)
        report(parent, error);
    return window;
}

} // namespace tidemark::app
