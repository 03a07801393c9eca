#include "app/Loading.h"
#include "app/MainWindow.h"
#include "app/Session.h"
#include "app/TimeCursor.h"
#include "app/Translations.h"
#include "engine/cli/RunCommand.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QStyleFactory>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
    // `tidemark run …` is dispatched before any Qt object exists, so it needs no display.
    if (argc >= 2 && std::strcmp(argv[1], "run") == 0)
        return tidemark::cli::runCommand(argc, argv);

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tidemark"));
    QApplication::setApplicationName(QStringLiteral("Tidemark"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    // Fusion draws the same everywhere and follows the QPalette we set (Qt 6.4 has no colour-scheme API).
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    // The translator must be in place before the first tr() (the options' help below), so --lang is read here
    // by hand; the parser then accepts it like any other option.
    QString language;
    const QStringList arguments = QApplication::arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            language = arguments[i + 1];
        else if (arguments[i].startsWith(QLatin1String("--lang=")))
            language = arguments[i].mid(7);
    }
    const QString loaded = tidemark::app::installTranslators(tidemark::app::startupLanguage(language));
    if (!language.isEmpty() && language != QLatin1String("en") && loaded.isEmpty())
        std::fprintf(stderr, "tidemark: no translation for \"%s\" (available: en, %s); using English\n",
            qPrintable(language), qPrintable(tidemark::app::translatedLanguages().join(QStringLiteral(", "))));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "See Apache Flink's event time at work."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"), QApplication::translate("main", "A scenario (.json) or an event file to open."));
    const QCommandLineOption presenter(QStringLiteral("presenter"),
        QApplication::translate("main", "Start in presenter mode (full screen, large type)."));
    const QCommandLineOption step(
        QStringLiteral("step"), QApplication::translate("main", "Start at this step."), QStringLiteral("n"));
    const QCommandLineOption firstFire(
        QStringLiteral("first-fire"), QApplication::translate("main", "Start at the first step that fires a window."));
    const QCommandLineOption lang(QStringLiteral("lang"),
        QApplication::translate("main",
            "Use this language (zh_CN, en) instead of the system's or the one chosen in "
            "View ▸ Language."),
        QStringLiteral("language"));
    parser.addOptions({presenter, step, firstFire, lang});
    parser.process(app);

    tidemark::app::MainWindow window;
    // the first start fills the screen (a projector's too); later starts come back as they were left
    if (QSettings().contains(QStringLiteral("geometry")))
        window.show();
    else
        window.showMaximized();
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        window.openExample(tidemark::app::defaultExample());
    else
        window.openFile(files.front());
    if (parser.isSet(step))
        window.cursor()->setStep(parser.value(step).toInt());
    if (parser.isSet(firstFire) && window.session()->hasRun()) {
        if (const auto fire = window.session()->player().nextStepWith(tidemark::Happening::AnyFire))
            window.cursor()->setStep(int(*fire));
    }
    if (parser.isSet(presenter))
        window.setPresenterMode(true);
    return QApplication::exec();
}
