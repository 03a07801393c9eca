#include "app/Desktop.h"
#include "app/MainWindow.h"
#include "app/Translations.h"
#include "app/attach/AttachCommand.h"
#include "app/attach/SubmitCommand.h"
#include "app/compare/CompareWindow.h"
#include "app/compare/ComparisonRuns.h"
#include "app/compare/Comparisons.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/timeline/AnimationExport.h"
#include "engine/cli/CompareCommand.h"
#include "engine/cli/ExportJobCommand.h"
#include "engine/cli/RunCommand.h"
#include "engine/cli/VerifyCommand.h"
#include "engine/io/Installation.h"
#include "engine/live/Endpoint.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPointer>
#include <QSettings>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

struct StartOptions {
    QCommandLineOption presenter {QStringLiteral("presenter"),
        QCoreApplication::translate("main", "Start in presenter mode (full screen, large type).")};
    QCommandLineOption step {
        QStringLiteral("step"), QCoreApplication::translate("main", "Start at this step."), QStringLiteral("n")};
    QCommandLineOption firstFire {QStringLiteral("first-fire"),
        QCoreApplication::translate("main", "Start at the first step that fires a window.")};
    QCommandLineOption lang {QStringLiteral("lang"),
        QCoreApplication::translate(
            "main", "Use this language (zh_CN, en) instead of the system's or the one chosen in View ▸ Language."),
        QStringLiteral("language")};
    QCommandLineOption listen {QStringLiteral("listen"),
        QCoreApplication::translate("main",
            "Listen on this port (as nc -lk PORT; HOST:PORT to accept other machines) and show the lines that "
            "arrive as a live run of FILE's pipeline."),
        QStringLiteral("[host:]port")};
    QCommandLineOption socket {QStringLiteral("socket"),
        QCoreApplication::translate("main",
            "Read lines from this server socket, as Flink's socketTextStream(host, port), as a live run of FILE's "
            "pipeline."),
        QStringLiteral("host:port")};
    QCommandLineOption compare {QStringLiteral("compare"),
        QCoreApplication::translate("main",
            "Compare FILE (A) with this scenario of the same events (B): both timelines, one cursor over processing "
            "time, and where their outputs differ. FILE may also be a comparison file or a built-in comparison's "
            "name, without this option. --screenshot then draws the compare window."),
        QStringLiteral("other.json")};
    QCommandLineOption screenshot {QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Draw the window once, save it as a PNG image to this file, and quit."),
        QStringLiteral("file.png")};
    QCommandLineOption exportAnimation {QStringLiteral("export-animation"),
        QCoreApplication::translate("main",
            "Write the run as an animation, one HTML page that plays every step (as File ▸ Export ▸ Animation), to "
            "this file, and quit."),
        QStringLiteral("page.html")};
};

// Every option of the window, on `parser`. Built twice: once untranslated to see whether a window is wanted at
// all, then again once the translator is in place, so that --help speaks the user's language.
StartOptions addStartOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QCoreApplication::translate("main",
        "See Apache Flink's event time at work: open FILE, a scenario (.json) or an event file, or a built-in "
        "example by its name, or with no FILE the example of post 000 at parallelism 3.\n"
        "\n"
        "Without a display:\n"
        "  tidemark run SCENARIO.json [options]    play a scenario to its end and print what Flink outputs\n"
        "  tidemark run --list-examples            the built-in examples\n"
        "  tidemark run --help                     every option of tidemark run\n"
        "  tidemark compare A.json B.json          where two pipelines' outputs differ\n"
        "  tidemark compare --help                 every option of tidemark compare\n"
        "  tidemark export-job SCENARIO --out DIR  write the scenario as a runnable Flink job (Maven project)\n"
        "  tidemark export-job --help              every option of tidemark export-job\n"
        "  tidemark verify SCENARIO                check every output against Apache Flink (needs Java 17)\n"
        "  tidemark attach URL [--job ID]          follow a running Flink job's watermarks through its REST API"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
        QCoreApplication::translate("main", "A scenario (.json), an event file, or a built-in example's name."),
        QStringLiteral("[FILE]"));
    StartOptions options;
    parser.addOptions({options.presenter, options.step, options.firstFire, options.lang, options.listen, options.socket,
        options.compare, options.screenshot, options.exportAnimation});
    return options;
}

// --help, --version and a command line that does not parse only print, so they need no display.
bool wantsWindow(int argc, char** argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    addStartOptions(parser);
    return parser.parse(arguments)
        && !(parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))
            || parser.isSet(QStringLiteral("version")));
}

// The language --lang names, read before the parser so that the translator is in place for its texts.
QString languageArgument(const QStringList& arguments)
{
    QString language;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            language = arguments[i + 1];
        else if (arguments[i].startsWith(QLatin1String("--lang=")))
            language = arguments[i].mid(7);
    }
    return language;
}

// A FILE that is no file but a built-in example's name opens that example.
QString resolveFile(const QString& file)
{
    if (QFileInfo::exists(file))
        return file;
    if (const auto example = tidemark::io::findExample(file.toStdString()))
        return QString::fromStdString(example->string());
    return file; // the loader says that it cannot be opened, and why
}

} // namespace

int main(int argc, char** argv)
{
    // `tidemark run …`, `compare …`, `export-job …` and `verify …` are dispatched before any Qt object exists, so they
    // need no display.
    if (argc >= 2 && std::strcmp(argv[1], "run") == 0)
        return tidemark::cli::runCommand(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "compare") == 0)
        return tidemark::cli::compareCommand(argc, argv);
    // `tidemark attach …` reads a Flink cluster's REST API with Qt Network, in a QCoreApplication of its own.
    if (argc >= 2 && std::strcmp(argv[1], "attach") == 0)
        return tidemark::app::attachCommand(argc, argv);
    // `export-job … --submit URL` builds the job and runs it on a cluster through its REST API, with Qt Network.
    if (argc >= 2 && std::strcmp(argv[1], "export-job") == 0 && tidemark::app::wantsSubmit(argc, argv))
        return tidemark::app::submitCommand(argc, argv,
            {[](const auto& args, std::ostream& out, std::ostream& err, tidemark::flinkjob::JobProject* written) {
                 return tidemark::cli::exportJobCommand(args, out, err, written);
             },
                tidemark::cli::exportJobUsage()});
    if (argc >= 2 && std::strcmp(argv[1], "export-job") == 0)
        return tidemark::cli::exportJobCommand(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "verify") == 0)
        return tidemark::cli::verifyCommand(argc, argv);

    const bool window = wantsWindow(argc, argv);
    const std::unique_ptr<QCoreApplication> app
        = window ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Tidemark"));
    QCoreApplication::setApplicationName(QStringLiteral("Tidemark"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(tidemark::io::version()));

    const QString language = languageArgument(QCoreApplication::arguments());
    const QString loaded = tidemark::app::installTranslators(tidemark::app::startupLanguage(language));
    if (!language.isEmpty() && language != QLatin1String("en") && loaded.isEmpty())
        std::fprintf(stderr, "tidemark: no translation for \"%s\" (available: en, %s); using English\n",
            qPrintable(language), qPrintable(tidemark::app::translatedLanguages().join(QStringLiteral(", "))));

    QCommandLineParser parser;
    const auto options = addStartOptions(parser);
    parser.process(*app); // prints --help, --version or the error, and exits, before any window exists
    if (!window)
        return 0;

    QGuiApplication::setDesktopFileName(tidemark::app::desktopFileName());
    QGuiApplication::setWindowIcon(tidemark::app::applicationIcon());
    // Fusion draws the same everywhere and follows the QPalette we set (Qt 6.4 has no colour-scheme API).
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    tidemark::app::MainWindow mainWindow;
    // the first start fills the screen (a projector's too); later starts come back as they were left
    if (QSettings().contains(QStringLiteral("geometry")))
        mainWindow.show();
    else
        mainWindow.showMaximized();
    const QStringList files = parser.positionalArguments();
    // FILE may be a comparison (a file, or a built-in comparison's name): the main window shows its run A
    const QString comparisonFile = files.isEmpty() ? QString() : tidemark::app::findComparisonFile(files.front());
    QPointer<tidemark::app::CompareWindow> compareWindow;
    bool opened = false;
    if (!comparisonFile.isEmpty()) {
        if (parser.isSet(options.compare)) {
            std::fprintf(stderr, "tidemark: --compare: %s is a comparison already\n", qPrintable(files.front()));
            return 2;
        }
        QString error;
        compareWindow = tidemark::app::openComparisonFile(comparisonFile, &mainWindow, &error, mainWindow.theme());
        if (!compareWindow) {
            std::fprintf(stderr, "tidemark: %s\n", qPrintable(error));
            return 1;
        }
        mainWindow.openScenario(compareWindow->runs()->session(tidemark::compare::RunSide::A)->scenario(), QString());
        opened = true;
    } else {
        opened = files.isEmpty() ? mainWindow.openExample(tidemark::app::defaultExample())
                                 : mainWindow.openFiles(QStringList {resolveFile(files.front())} + files.mid(1));
    }
    // A large file opens in the background; what the command line asks of its run waits for it.
    const bool asksOfTheRun = parser.isSet(options.compare) || parser.isSet(options.listen)
        || parser.isSet(options.socket) || parser.isSet(options.step) || parser.isSet(options.firstFire)
        || parser.isSet(options.screenshot) || parser.isSet(options.exportAnimation);
    if (opened && asksOfTheRun)
        opened = mainWindow.finishLoading();
    if (opened && parser.isSet(options.compare)) {
        QString error;
        compareWindow = tidemark::app::compareWithScenarioFile(mainWindow.session()->scenario(),
            resolveFile(parser.value(options.compare)), &mainWindow, &error, mainWindow.theme());
        if (!compareWindow) {
            std::fprintf(stderr, "tidemark: --compare: %s\n", qPrintable(error));
            return 1;
        }
    }
    for (const QCommandLineOption* liveOption : {&options.listen, &options.socket}) {
        if (!opened || !parser.isSet(*liveOption))
            continue;
        std::string why;
        const bool listen = liveOption == &options.listen;
        const auto at = tidemark::live::Endpoint::parse(parser.value(*liveOption).toStdString(), why, listen);
        tidemark::app::LiveSourceRequest request;
        request.kind
            = listen ? tidemark::app::LiveSourceRequest::Kind::Listen : tidemark::app::LiveSourceRequest::Kind::Connect;
        QString error = QString::fromStdString(why);
        if (at) {
            request.host = QString::fromStdString(at->host);
            request.port = at->port;
        }
        if (!at || !mainWindow.startLiveSource(request, &error)) {
            std::fprintf(stderr, "tidemark: --%s: %s\n", listen ? "listen" : "socket", qPrintable(error));
            return 1;
        }
    }
    if (parser.isSet(options.step))
        mainWindow.cursor()->setStep(parser.value(options.step).toInt());
    if (parser.isSet(options.firstFire))
        mainWindow.cursor()->jumpTo(tidemark::Happening::AnyFire);
    if (parser.isSet(options.presenter))
        mainWindow.setPresenterMode(true);
    if (parser.isSet(options.screenshot)) {
        if (!opened)
            return 1; // a picture of an error box is no screenshot; the error itself is on stderr
        const QString target = parser.value(options.screenshot);
        QTimer::singleShot(0, &mainWindow, [&mainWindow, compareWindow, target] {
            QCoreApplication::processEvents(); // layouts settle before the picture is taken
            QWidget* shown = compareWindow ? static_cast<QWidget*>(compareWindow.data()) : &mainWindow;
            const bool saved = shown->grab().save(target, "PNG");
            if (!saved)
                std::fprintf(stderr, "tidemark: cannot write %s\n", qPrintable(target));
            QCoreApplication::exit(saved ? 0 : 1);
        });
    }
    if (parser.isSet(options.exportAnimation)) {
        if (!opened)
            return 1;
        const QString target = parser.value(options.exportAnimation);
        mainWindow.showNormal();
        mainWindow.resize(1600, 1000); // the same frames on any screen, an offscreen one too
        QTimer::singleShot(0, &mainWindow, [&mainWindow, target] {
            QCoreApplication::processEvents(); // the timeline has its size before the frames are drawn
            tidemark::app::AnimationOptions animation;
            animation.granularity = mainWindow.cursor()->granularity();
            QString error;
            const bool written = tidemark::app::writeAnimationPage(
                                     mainWindow.picture(), *mainWindow.cursor(), target, animation, &error)
                == tidemark::app::AnimationExportResult::Written;
            if (!written)
                std::fprintf(stderr, "tidemark: %s\n", qPrintable(error));
            QCoreApplication::exit(written ? 0 : 1);
        });
    }
    return QCoreApplication::exec();
}
