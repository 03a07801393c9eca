#include "app/Desktop.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Ran {
    int exitCode = -1;
    QString out;
    QString err;
    bool crashed = false;
};

// Runs a program to its end (at most 60 s) with `environment`, as a user's shell would.
Ran runProgram(const QString& program, const QStringList& arguments,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
    const QString& workingDirectory = QString())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    p.start(program, arguments);
    Ran ran;
    if (!p.waitForStarted(10000)) {
        ran.err = program + QStringLiteral(": ") + p.errorString();
        return ran;
    }
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        ran.err = program + QStringLiteral(": still running after 60 s");
        return ran;
    }
    ran.crashed = p.exitStatus() != QProcess::NormalExit;
    ran.exitCode = p.exitCode();
    ran.out = QString::fromUtf8(p.readAllStandardOutput());
    ran.err = QString::fromUtf8(p.readAllStandardError());
    return ran;
}

// The environment of a terminal with no display at all: no X, no Wayland, no Qt platform chosen.
QProcessEnvironment withoutDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return env;
}

QString readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

// This build installed into a fresh prefix, checked as the desktop, a software centre, `man` and a user's shell
// read it. The Debian package of the same files is checked on a fresh Debian root by scripts/check-fresh-machine.
class TestInstall : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_prefix.isValid());
        const Ran install = runProgram(QStringLiteral(TIDEMARK_CMAKE),
            {QStringLiteral("--install"), QStringLiteral(TIDEMARK_BUILD_DIR), QStringLiteral("--prefix"),
                m_prefix.path()});
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
    }

    void installsEveryFileWhereTheDesktopLooksForIt()
    {
        const QString id = QStringLiteral(TIDEMARK_APP_ID);
        for (const QString& file :
            {QStringLiteral("bin/tidemark"), QStringLiteral("share/applications/%1.desktop").arg(id),
                QStringLiteral("share/metainfo/%1.metainfo.xml").arg(id),
                QStringLiteral("share/man/man1/tidemark.1.gz"),
                QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(id),
                QStringLiteral("share/doc/tidemark/copyright"), QStringLiteral("share/doc/tidemark/changelog.gz")})
            QVERIFY2(QFile::exists(installed(file)), qPrintable(file + QStringLiteral(" is not installed")));
        QVERIFY(QFileInfo(installed(QStringLiteral("bin/tidemark"))).isExecutable());
    }

    void installsEveryExampleWithTheFilesItReads()
    {
        const QDir source(qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + QStringLiteral("/resources/examples"));
        const QStringList filters {
            QStringLiteral("*.json"), QStringLiteral("*.csv"), QStringLiteral("*.jsonl"), QStringLiteral("*.txt")};
        const QStringList expected = source.entryList(filters, QDir::Files, QDir::Name);
        QVERIFY(expected.size() > 20);
        QCOMPARE(QDir(installed(QStringLiteral("share/tidemark/examples"))).entryList(filters, QDir::Files, QDir::Name),
            expected);
        // and the job graphs, in their folder
        const QStringList graphs = QDir(source.filePath(QStringLiteral("graphs")))
                                       .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(graphs.size() >= 6);
        QCOMPARE(QDir(installed(QStringLiteral("share/tidemark/examples/graphs")))
                     .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name),
            graphs);
    }

    void theIconIsInstalledAtEverySizeTheThemeLooksUp()
    {
        for (const int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
            const QString file = QStringLiteral("share/icons/hicolor/%1x%1/apps/%2.png")
                                     .arg(size)
                                     .arg(QStringLiteral(TIDEMARK_APP_ID));
            const QImage image(installed(file));
            QVERIFY2(!image.isNull(), qPrintable(file));
            QCOMPARE(image.size(), QSize(size, size));
            QVERIFY(image.hasAlphaChannel());
            // drawn, not blank: the centre holds the window band, a corner stays transparent
            QCOMPARE(image.pixelColor(0, 0).alpha(), 0);
            QVERIFY(image.pixelColor(size / 2, size / 2).alpha() > 200);
        }
    }

    void theWindowIconIsTheSameDrawing()
    {
        const QIcon icon = tidemark::app::applicationIcon();
        QVERIFY(!icon.isNull());
        QVERIFY(icon.availableSizes().contains(QSize(256, 256)));
        QCOMPARE(tidemark::app::desktopFileName(), QStringLiteral(TIDEMARK_APP_ID));
    }

    void theDesktopEntryIsValidAndOpensFiles()
    {
        const QString file
            = installed(QStringLiteral("share/applications/%1.desktop").arg(QStringLiteral(TIDEMARK_APP_ID)));
        const Ran check = runProgram(QStringLiteral(TIDEMARK_DESKTOP_FILE_VALIDATE), {file});
        QVERIFY2(
            check.exitCode == 0 && !check.out.contains(QStringLiteral("error:")), qPrintable(check.out + check.err));
        const QString text = readFile(file);
        for (const QString& line : {QStringLiteral("Exec=tidemark %F"),
                 QStringLiteral("Categories=Education;Development;"), QStringLiteral("Icon=" TIDEMARK_APP_ID),
                 QStringLiteral("Name[zh_CN]="), QStringLiteral("Comment[zh_CN]=")})
            QVERIFY2(text.contains(line), qPrintable(line));
    }

    void theMetainfoIsValidAndNamesThisVersion()
    {
        const QString file
            = installed(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(QStringLiteral(TIDEMARK_APP_ID)));
        const Ran check = runProgram(
            QStringLiteral(TIDEMARK_APPSTREAMCLI), {QStringLiteral("validate"), QStringLiteral("--no-net"), file});
        QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
        const QString text = readFile(file);
        QVERIFY(text.contains(QStringLiteral("<release version=\"" TIDEMARK_PROJECT_VERSION "\"")));
        QVERIFY(text.contains(QStringLiteral("<content_rating type=\"oars-1.1\"/>")));
        QVERIFY(
            text.contains(QStringLiteral("<launchable type=\"desktop-id\">" TIDEMARK_APP_ID ".desktop</launchable>")));
    }

    void theManualPageCoversTheAppAndTidemarkRunWithoutWarnings()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        const Ran man = runProgram(QStringLiteral(TIDEMARK_MAN),
            {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"), QStringLiteral("-l"),
                installed(QStringLiteral("share/man/man1/tidemark.1.gz"))},
            env);
        QVERIFY2(man.exitCode == 0, qPrintable(man.err));
        QVERIFY2(man.err.trimmed().isEmpty(), qPrintable(man.err)); // groff's warnings
        const QString page = man.out;
        for (const QString& part :
            {QStringLiteral("SYNOPSIS"), QStringLiteral("TIDEMARK RUN"), QStringLiteral("--presenter"),
                QStringLiteral("--screenshot"), QStringLiteral("Tidemark " TIDEMARK_PROJECT_VERSION)})
            QVERIFY2(page.contains(part), qPrintable(part));
        // every option `tidemark run --help` lists is in the page: it is made from that text
        const Ran help
            = runProgram(installed(QStringLiteral("bin/tidemark")), {QStringLiteral("run"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        const QRegularExpression option(QStringLiteral("^  (--[a-z-]+)"), QRegularExpression::MultilineOption);
        int options = 0;
        for (auto it = option.globalMatch(help.out); it.hasNext(); ++options) {
            const QString name = it.next().captured(1);
            QVERIFY2(page.contains(name), qPrintable(name + QStringLiteral(" is missing from the manual page")));
        }
        QVERIFY(options > 30);
    }

    void helpAndVersionNeedNoDisplay()
    {
        const QString tidemark = installed(QStringLiteral("bin/tidemark"));
        const QString version = QStringLiteral("Tidemark " TIDEMARK_PROJECT_VERSION "\n");
        for (const QStringList& args : {QStringList {QStringLiteral("--version")}, QStringList {QStringLiteral("-v")},
                 QStringList {QStringLiteral("run"), QStringLiteral("--version")}}) {
            const Ran ran = runProgram(tidemark, args, withoutDisplay());
            QVERIFY2(!ran.crashed && ran.exitCode == 0, qPrintable(args.join(' ') + QStringLiteral(": ") + ran.err));
            QCOMPARE(ran.out, version);
        }
        const Ran help = runProgram(tidemark, {QStringLiteral("--help")}, withoutDisplay());
        QVERIFY2(!help.crashed && help.exitCode == 0, qPrintable(help.err));
        QVERIFY(help.out.contains(QStringLiteral("tidemark run SCENARIO.json")));
        QVERIFY(help.out.contains(QStringLiteral("--presenter")));
        const Ran runHelp = runProgram(tidemark, {QStringLiteral("run"), QStringLiteral("--help")}, withoutDisplay());
        QCOMPARE(runHelp.exitCode, 0);
        QVERIFY(runHelp.out.startsWith(QStringLiteral("usage: tidemark run")));
    }

    void aMistypedOptionIsAnErrorNotACrash()
    {
        const Ran ran
            = runProgram(installed(QStringLiteral("bin/tidemark")), {QStringLiteral("--presentr")}, withoutDisplay());
        QVERIFY(!ran.crashed);
        QCOMPARE(ran.exitCode, 1);
        QVERIFY2(ran.err.contains(QStringLiteral("presentr")), qPrintable(ran.err));
    }

    void theInstalledProgramRunsAnExampleByItsName()
    {
        // from a folder that has no examples in it: they are found beside the installed program
        QTemporaryDir elsewhere;
        const Ran ran = runProgram(installed(QStringLiteral("bin/tidemark")),
            {QStringLiteral("run"), QStringLiteral("post002-allowed-lateness"), QStringLiteral("--format"),
                QStringLiteral("jsonl")},
            withoutDisplay(), elsewhere.path());
        QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
        QCOMPARE(ran.out,
            readFile(qEnvironmentVariable("TIDEMARK_SOURCE_DIR")
                + QStringLiteral("/tests/golden/post002-allowed-lateness.expected.jsonl")));

        const Ran list = runProgram(installed(QStringLiteral("bin/tidemark")),
            {QStringLiteral("run"), QStringLiteral("--list-examples")}, withoutDisplay(), elsewhere.path());
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.out.contains(QStringLiteral("post000-parallelism3 ")));
        // the job graphs, listed apart (the app opens chains only) and run by name as the chains are
        QVERIFY2(list.out.contains(QStringLiteral("\nJob graphs")), qPrintable(list.out));
        QVERIFY(list.out.contains(QStringLiteral("orders-payments-window-join ")));
        const Ran graph = runProgram(installed(QStringLiteral("bin/tidemark")),
            {QStringLiteral("run"), QStringLiteral("orders-payments-window-join")}, withoutDisplay(), elsewhere.path());
        QCOMPARE(graph.exitCode, 0);
        QVERIFY2(graph.out.startsWith(QStringLiteral("paid> (o1,1000,1800) window [0,5000) on-time")),
            qPrintable(graph.out + graph.err));
        QVERIFY2(list.out.contains(QDir(m_prefix.path()).canonicalPath() + QStringLiteral("/share/tidemark/examples")),
            qPrintable(list.out));

        const Ran missing = runProgram(installed(QStringLiteral("bin/tidemark")),
            {QStringLiteral("run"), QStringLiteral("post999-no-such-example")}, withoutDisplay(), elsewhere.path());
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(QStringLiteral("post999-no-such-example")), qPrintable(missing.err));
    }

    void theInstalledWindowOpensTheDefaultExample()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_prefix.filePath(QStringLiteral("config")));
        const QString shot = m_prefix.filePath(QStringLiteral("window.png"));
        const Ran ran
            = runProgram(installed(QStringLiteral("bin/tidemark")), {QStringLiteral("--screenshot"), shot}, env);
        // --screenshot fails when the example cannot be opened: a picture of an error box is no screenshot
        QVERIFY2(!ran.crashed && ran.exitCode == 0, qPrintable(ran.err));
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 400 && image.height() > 300);
    }

    // With -DTIDEMARK_ORACLE=ON the installation holds one Flink oracle per line, with only what it loads, and the
    // installed program finds it by itself: Flink confirms installed examples on each line, one read from Kafka.
    void theInstalledProgramVerifiesWithTheOracleItInstalled()
    {
        const QStringList lines = QStringLiteral(TIDEMARK_ORACLE_LINES).split(u',', Qt::SkipEmptyParts);
        QProcessEnvironment env = withoutDisplay();
        env.remove(QStringLiteral("TIDEMARK_FLINK_ORACLE"));
        QTemporaryDir work;
        for (const QString& line : lines.isEmpty() ? QStringList {QStringLiteral("2.3")} : lines) {
            const QString oracle
                = installed(QStringLiteral("share/tidemark/flink-oracle/flink-%1/flink-oracle.jar").arg(line));
            QCOMPARE(QFile::exists(oracle), !lines.isEmpty());
            const QString scenario = work.filePath(QStringLiteral("post002-flink-%1.json").arg(line));
            writeForFlinkLine(QStringLiteral("post002-allowed-lateness"), line, scenario);
            const Ran ran = runProgram(
                installed(QStringLiteral("bin/tidemark")), {QStringLiteral("verify"), scenario}, env, work.path());
            if (lines.isEmpty()) {
                // without it, the reason names where the installed program looked
                QCOMPARE(ran.exitCode, 2);
                const QString lookedAt = QDir(m_prefix.path()).canonicalPath()
                    + QStringLiteral("/share/tidemark/flink-oracle/flink-%1/flink-oracle.jar").arg(line);
                QVERIFY2(ran.err.contains(QStringLiteral("no Flink %1 oracle at ").arg(line) + lookedAt)
                        || ran.err.contains(QStringLiteral("openjdk-17-jre-headless")),
                    qPrintable(ran.err));
                continue;
            }
            QVERIFY2(ran.exitCode == 0, qPrintable(ran.out + ran.err));
            QVERIFY2(ran.out.contains(QRegularExpression(QStringLiteral("^Flink %1\\.[0-9]+ agrees with all 6 outputs$")
                                                             .arg(QRegularExpression::escape(line)),
                         QRegularExpression::MultilineOption)),
                qPrintable(ran.out));

            // a Kafka source's splits come from the connector's enumerator, installed beside the oracle
            const QString kafka = work.filePath(QStringLiteral("kafka-flink-%1.json").arg(line));
            writeForFlinkLine(QStringLiteral("kafka-partition-stalls"), line, kafka);
            const Ran kafkaRan = runProgram(
                installed(QStringLiteral("bin/tidemark")), {QStringLiteral("verify"), kafka}, env, work.path());
            QVERIFY2(kafkaRan.exitCode == 0, qPrintable(kafkaRan.out + kafkaRan.err));
            QVERIFY2(kafkaRan.out.contains(
                         QRegularExpression(QStringLiteral("^Flink %1\\.[0-9]+ agrees with all [0-9]+ outputs$")
                                                .arg(QRegularExpression::escape(line)),
                             QRegularExpression::MultilineOption)),
                qPrintable(kafkaRan.out));

            // the test frameworks, the MiniCluster's RPC and the web UI are for the tests only
            const QStringList libs = QDir(QFileInfo(oracle).dir().filePath(QStringLiteral("lib")))
                                         .entryList({QStringLiteral("*.jar")}, QDir::Files);
            QVERIFY2(libs.size() > 10, qPrintable(libs.join(u' ')));
            for (const QString& unwanted : {QStringLiteral("junit-"), QStringLiteral("testcontainers-"),
                     QStringLiteral("flink-runtime-web-"), QStringLiteral("flink-rpc-akka")}) {
                for (const QString& lib : libs)
                    QVERIFY2(!lib.startsWith(unwanted), qPrintable(lib + QStringLiteral(" is installed")));
            }
        }
    }

private:
    QString installed(const QString& relative) const { return m_prefix.filePath(relative); }

    // The installed example `name` as a scenario of Flink `line`, written to `path`, reading the installed input.
    void writeForFlinkLine(const QString& name, const QString& line, const QString& path) const
    {
        const QString examples = installed(QStringLiteral("share/tidemark/examples/"));
        QJsonObject scenario
            = QJsonDocument::fromJson(readFile(examples + name + QStringLiteral(".json")).toUtf8()).object();
        QJsonObject input = scenario.value(QStringLiteral("input")).toObject();
        input.insert(QStringLiteral("file"), examples + input.value(QStringLiteral("file")).toString());
        scenario.insert(QStringLiteral("input"), input);
        scenario.insert(QStringLiteral("flinkVersion"), line);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(scenario).toJson());
    }

    QTemporaryDir m_prefix;
};

QTEST_MAIN(TestInstall)
#include "tst_install.moc"
