// Running an exported job on a cluster (JobSubmitter, SubmitJobDialog, FlinkRestClient's POSTs) against a fake
// Flink REST API on 127.0.0.1 and a fake `mvn` on the PATH: the multipart upload and the run request as Flink reads
// them, a cluster without jar submission (HTTP 404), Flink's error body on an HTTP 500, a refused connection, no
// answer in time, a failed or missing build, and Cancel. tests/attach/submit_oracle.py runs the real thing.
#include "app/Theme.h"
#include "app/attach/AttachWindow.h"
#include "app/attach/FlinkRest.h"
#include "app/attach/FlinkRestClient.h"
#include "app/attach/JobSubmitter.h"
#include "app/attach/SubmitJobDialog.h"
#include "tests/app/FakeFlinkRest.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <map>

using namespace tidemark::app;
using tidemark::test::Answer;
using tidemark::test::closedPort;
using tidemark::test::FakeFlink;
using tidemark::test::Request;

namespace {

const QByteArray kJarBytes = QByteArrayLiteral("PK\x03\x04 a jar, with \r\n--and a line that looks like a boundary\0!");

// The parts of a multipart/form-data body: headers (lower-case names) and content, by the boundary the request's
// Content-Type names.
struct Part {
    std::map<QByteArray, QByteArray> headers;
    QByteArray content;
};
std::vector<Part> multipartParts(const Request& r)
{
    const QByteArray type = r.headers.count("content-type") ? r.headers.at("content-type") : QByteArray();
    const qsizetype at = type.indexOf("boundary=");
    if (!type.startsWith("multipart/form-data") || at < 0)
        return {};
    QByteArray boundary = type.mid(at + 9);
    if (boundary.startsWith('"'))
        boundary = boundary.mid(1, boundary.size() - 2);
    const QByteArray delimiter = "--" + boundary;
    std::vector<Part> parts;
    qsizetype from = r.body.indexOf(delimiter);
    while (from >= 0) {
        from += delimiter.size();
        if (r.body.mid(from, 2) == "--")
            break; // the closing delimiter
        from += 2; // CRLF
        const qsizetype next = r.body.indexOf("\r\n" + delimiter, from);
        if (next < 0)
            return {};
        const QByteArray raw = r.body.mid(from, next - from);
        const qsizetype headersEnd = raw.indexOf("\r\n\r\n");
        Part p;
        for (const QByteArray& line : raw.left(headersEnd).split('\n')) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                p.headers[line.left(colon).trimmed().toLower()] = line.mid(colon + 1).trimmed();
        }
        p.content = raw.mid(headersEnd + 4);
        parts.push_back(p);
        from = next + 2;
    }
    return parts;
}

RestResult waitFor(const std::function<void(QObject*, std::function<void(const RestResult&)>)>& send)
{
    RestResult out;
    bool done = false;
    QObject context;
    send(&context, [&](const RestResult& r) {
        out = r;
        done = true;
    });
    for (int waited = 0; !done && waited < 10000; waited += 10)
        QTest::qWait(10); // every request is bounded by its timeout
    if (!done)
        out.error = QStringLiteral("no callback");
    return out;
}

// An exported project's folder with a fake `mvn` (and `java`) on the PATH: `mvnScript` is the script's body.
class FakeProject {
public:
    explicit FakeProject(const QByteArray& mvnScript, bool withJava = true)
    {
        QDir(m_dir.path()).mkpath(QStringLiteral("project"));
        QDir(m_dir.path()).mkpath(QStringLiteral("bin"));
        QFile pom(folder() + QStringLiteral("/pom.xml"));
        pom.open(QIODevice::WriteOnly);
        pom.write("<project/>\n");
        if (!mvnScript.isEmpty())
            writeTool(QStringLiteral("mvn"), mvnScript);
        if (withJava)
            writeTool(QStringLiteral("java"), "exit 0\n");
        m_oldPath = qgetenv("PATH");
        m_oldJavaHome = qgetenv("JAVA_HOME");
        qputenv("PATH", QFile::encodeName(m_dir.path() + QStringLiteral("/bin")));
        qunsetenv("JAVA_HOME");
    }
    ~FakeProject()
    {
        qputenv("PATH", m_oldPath);
        if (!m_oldJavaHome.isEmpty())
            qputenv("JAVA_HOME", m_oldJavaHome);
    }
    QString folder() const { return m_dir.path() + QStringLiteral("/project"); }
    SubmitTarget target() const
    {
        return {folder(), QStringLiteral("target/job.jar"), QStringLiteral("tidemark.jobs.Job"), QStringLiteral("job")};
    }

private:
    void writeTool(const QString& name, const QByteArray& body)
    {
        QFile f(m_dir.path() + QStringLiteral("/bin/") + name);
        f.open(QIODevice::WriteOnly);
        f.write("#!/bin/sh\n" + body);
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    QTemporaryDir m_dir;
    QByteArray m_oldPath;
    QByteArray m_oldJavaHome;
};

// A build that makes target/job.jar, as mvn package does.
const QByteArray kGoodBuild = "/bin/mkdir -p target && /usr/bin/printf 'PK jar' > target/job.jar\n";

Answer uploaded()
{
    return {200, R"({"filename":"/tmp/flink-web-1/flink-web-upload/5f3c_job.jar","status":"success"})"};
}

// Flink's answer when main() throws: a RestHandlerException with the stack trace and its causes.
const QByteArray kRunFailure
    = R"({"errors":["org.apache.flink.runtime.rest.handler.RestHandlerException: Could not execute application.\n\tat org.apache.flink.runtime.webmonitor.handlers.JarRunHandler.lambda$handleRequest$1(JarRunHandler.java:114)\n\t... 5 more\nCaused by: java.util.concurrent.CompletionException: org.apache.flink.util.FlinkRuntimeException: Could not execute application.\nCaused by: java.nio.file.NoSuchFileException: /home/user/job/data/events.csv\n\t... 12 more\n"]})";

} // namespace

class TestSubmit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theUploadIsOneMultipartFileFieldNamedJarfile()
    {
        FakeFlink flink([](const Request&) { return uploaded(); });
        QTemporaryDir dir;
        const QString jar = dir.filePath(QStringLiteral("post000-parallelism3.jar"));
        QFile f(jar);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kJarBytes);
        f.close();
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        const RestResult r = waitFor([&](QObject* context, auto done) {
            client.uploadFile(QStringLiteral("/jars/upload"), QStringLiteral("jarfile"), jar,
                QByteArrayLiteral("application/x-java-archive"), context, done);
        });
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(parseJarUpload(r.body, nullptr).value_or(QString()), QStringLiteral("5f3c_job.jar"));
        QCOMPARE(flink.requests().size(), std::size_t(1));
        const Request& request = flink.requests().front();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QStringLiteral("/jars/upload"));
        const auto parts = multipartParts(request);
        QCOMPARE(parts.size(), std::size_t(1));
        QCOMPARE(parts[0].headers.at("content-disposition"),
            QByteArray(R"(form-data; name="jarfile"; filename="post000-parallelism3.jar")"));
        QCOMPARE(parts[0].headers.at("content-type"), QByteArray("application/x-java-archive"));
        QCOMPARE(parts[0].content, kJarBytes);
    }

    void aJarThatCannotBeReadIsSaidWithoutARequest()
    {
        FakeFlink flink([](const Request&) { return uploaded(); });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        const RestResult r = waitFor([&](QObject* context, auto done) {
            client.uploadFile(QStringLiteral("/jars/upload"), QStringLiteral("jarfile"),
                QStringLiteral("/nonexistent/job.jar"), "application/x-java-archive", context, done);
        });
        QVERIFY(!r.ok);
        QVERIFY2(r.error.startsWith(QStringLiteral("Cannot read ")), qPrintable(r.error));
        QVERIFY(flink.requests().empty());
    }

    void theRunPostsTheEntryClassAsJson()
    {
        FakeFlink flink([](const Request&) { return Answer {200, R"({"jobid":"8c1f0a"})"}; });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        const RestResult r = waitFor([&](QObject* context, auto done) {
            client.postJson(QStringLiteral("/jars/5f3c_job.jar/run"),
                R"({"entryClass":"tidemark.jobs.Job","programArgsList":[]})", context, done);
        });
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(parseJarRun(r.body, nullptr).value_or(QString()), QStringLiteral("8c1f0a"));
        const Request& request = flink.requests().front();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QStringLiteral("/jars/5f3c_job.jar/run"));
        QCOMPARE(request.headers.at("content-type"), QByteArray("application/json"));
        QCOMPARE(QJsonDocument::fromJson(request.body).object().value(QStringLiteral("entryClass")).toString(),
            QStringLiteral("tidemark.jobs.Job"));
    }

    void theAnswersOfUploadAndRunAreReadAsFlinkWritesThem()
    {
        QString error;
        QCOMPARE(parseJarUpload(R"({"filename":"C:\\tmp\\flink-web-upload\\a_b.jar","status":"success"})", &error)
                     .value_or(QString()),
            QStringLiteral("a_b.jar"));
        QVERIFY(!parseJarUpload(R"({"status":"failure"})", &error));
        QVERIFY2(error.contains(QStringLiteral("names no uploaded jar")), qPrintable(error));
        QVERIFY(!parseJarRun(R"({})", &error));
        QVERIFY2(error.contains(QStringLiteral("names no job")), qPrintable(error));
        QVERIFY(!parseJarRun("<html>", &error));
        QVERIFY2(error.contains(QStringLiteral("not JSON")), qPrintable(error));
    }

    void aSubmissionBuildsUploadsAndRuns()
    {
        FakeProject project(kGoodBuild);
        FakeFlink flink([](const Request& r) {
            if (r.path == QLatin1String("/jars/upload"))
                return uploaded();
            if (r.path == QLatin1String("/jars/5f3c_job.jar/run"))
                return Answer {200, R"({"jobid":"8c1f0a"})"};
            return Answer {404, R"({"errors":["Not found: )" + r.path.toUtf8() + R"("]})"};
        });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy stages(&submitter, &JobSubmitter::stageChanged);
        QSignalSpy submitted(&submitter, &JobSubmitter::submitted);
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!submitted.isEmpty() || !failed.isEmpty(), 10000);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(submitted.front().front().toString(), QStringLiteral("8c1f0a"));
        QCOMPARE(submitter.jarId(), QStringLiteral("5f3c_job.jar"));
        QList<JobSubmitter::Stage> seen;
        for (const auto& s : stages)
            seen << s.front().value<JobSubmitter::Stage>();
        QCOMPARE(seen,
            (QList<JobSubmitter::Stage> {JobSubmitter::Stage::Build, JobSubmitter::Stage::Upload,
                JobSubmitter::Stage::Run, JobSubmitter::Stage::Submitted}));
        QCOMPARE(flink.requests().size(), std::size_t(2));
        // no program arguments: main() reads the records packed into the jar
        const QJsonObject run = QJsonDocument::fromJson(flink.requests()[1].body).object();
        QCOMPARE(run.value(QStringLiteral("entryClass")).toString(), QStringLiteral("tidemark.jobs.Job"));
        QVERIFY(run.value(QStringLiteral("programArgsList")).toArray().isEmpty());
    }

    void aClusterWithoutJarSubmissionIsToldWithTheFlinkRunCommand_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("said");
        // web.submit.enable: false, as Flink 1.20 and 2.3 answer an upload then
        QTest::newRow("upload not allowed") << 400 << QByteArray(R"({"errors":["POST request not allowed"]})")
                                            << QStringLiteral("HTTP 400 Bad Request from POST /jars/upload: POST "
                                                              "request not allowed");
        QTest::newRow("no /jars handler") << 404 << QByteArray(R"({"errors":["Not found: /jars/upload"]})")
                                          << QStringLiteral("HTTP 404 Not Found from POST /jars/upload: Not found: "
                                                            "/jars/upload");
    }

    void aClusterWithoutJarSubmissionIsToldWithTheFlinkRunCommand()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, said);
        FakeProject project(kGoodBuild);
        FakeFlink flink([&](const Request&) { return Answer {status, body}; });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        const QString message = failed.front().front().toString();
        QVERIFY2(message.contains(QStringLiteral("does not take jars through its REST API")), qPrintable(message));
        QVERIFY2(message.contains(said), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("web.submit.enable")), qPrintable(message));
        const QString jar = QDir(project.folder()).absoluteFilePath(QStringLiteral("target/job.jar"));
        QVERIFY2(message.contains(QStringLiteral("flink run -m 127.0.0.1:%1 ").arg(QUrl(flink.url()).port())
                     + QDir::toNativeSeparators(jar)),
            qPrintable(message));
        QCOMPARE(submitter.stage(), JobSubmitter::Stage::Failed);
    }

    void anHttp500GivesFlinksErrorAndItsCause()
    {
        FakeProject project(kGoodBuild);
        FakeFlink flink([](const Request& r) {
            return r.path == QLatin1String("/jars/upload") ? uploaded() : Answer {500, kRunFailure};
        });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        QCOMPARE(failed.front().front().toString(),
            QStringLiteral("The cluster did not start the job: HTTP 500 Internal Server Error from POST "
                           "/jars/5f3c_job.jar/run: org.apache.flink.runtime.rest.handler.RestHandlerException: Could "
                           "not execute application. (caused by java.nio.file.NoSuchFileException: "
                           "/home/user/job/data/events.csv)"));
    }

    void aRefusedConnectionIsSaid()
    {
        FakeProject project(kGoodBuild);
        FlinkRestClient client;
        const quint16 port = closedPort();
        QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        QCOMPARE(failed.front().front().toString(),
            QStringLiteral("Cannot upload the jar: Cannot connect to 127.0.0.1:%1: connection refused. Is the Flink "
                           "cluster running, and is this its REST port (rest.port, 8081 by default)?")
                .arg(port));
    }

    void anUploadWithoutAnswerGivesUpInTime()
    {
        FakeProject project(kGoodBuild);
        QTcpServer silent; // accepts, reads, never writes
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())));
        JobSubmitter submitter(&client, project.target());
        submitter.setRequestTimeoutMs(400);
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        QElapsedTimer clock;
        clock.start();
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        const QString message = failed.front().front().toString();
        QVERIFY2(message.contains(QStringLiteral("No answer from 127.0.0.1:%1 to POST /jars/upload within 0.4 s")
                                      .arg(silent.serverPort())),
            qPrintable(message));
        QVERIFY(clock.elapsed() < 5000);
    }

    void aFailedBuildShowsTheEndOfMavensOutput()
    {
        FakeProject project("i=1; while [ $i -le 60 ]; do echo \"[ERROR] line $i\"; i=$((i+1)); done; exit 1\n");
        FakeFlink flink([](const Request&) { return uploaded(); });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        QSignalSpy lines(&submitter, &JobSubmitter::buildOutput);
        submitter.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        const QString message = failed.front().front().toString();
        QVERIFY2(message.startsWith(QStringLiteral("The build failed: mvn -q -B package exited with status 1. The end "
                                                   "of Maven's output:\n")),
            qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("[ERROR] line 60")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("[ERROR] line 21\n")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("[ERROR] line 20\n")), qPrintable(message)); // the last 40 lines
        QCOMPARE(lines.size(), 60);
        QVERIFY(flink.requests().empty());
    }

    void missingMavenOrJavaIsSaid()
    {
        {
            FakeProject project(QByteArray(), true); // java, no mvn
            FlinkRestClient client;
            QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:8081")));
            JobSubmitter submitter(&client, project.target());
            QSignalSpy failed(&submitter, &JobSubmitter::failed);
            submitter.start();
            QCOMPARE(failed.size(), 1);
            const QString message = failed.front().front().toString();
            QVERIFY2(message.startsWith(QStringLiteral("Maven (mvn) is not installed")), qPrintable(message));
            QVERIFY2(
                message.contains(QStringLiteral("apt install maven openjdk-17-jdk-headless")), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("flink run -m 127.0.0.1:8081 ")), qPrintable(message));
        }
        {
            FakeProject project(kGoodBuild, false); // mvn, no java
            FlinkRestClient client;
            QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:8081")));
            JobSubmitter submitter(&client, project.target());
            QSignalSpy failed(&submitter, &JobSubmitter::failed);
            submitter.start();
            QCOMPARE(failed.size(), 1);
            QVERIFY2(failed.front().front().toString().startsWith(QStringLiteral("Java is not installed")),
                qPrintable(failed.front().front().toString()));
        }
    }

    void cancelStopsTheBuildAtOnce()
    {
        FakeProject project("exec /bin/sleep 30\n");
        FakeFlink flink([](const Request&) { return uploaded(); });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(flink.url()));
        JobSubmitter submitter(&client, project.target());
        QSignalSpy failed(&submitter, &JobSubmitter::failed);
        submitter.start();
        QCOMPARE(submitter.stage(), JobSubmitter::Stage::Build);
        QTest::qWait(200);
        QElapsedTimer clock;
        clock.start();
        submitter.cancel();
        QCOMPARE(submitter.stage(), JobSubmitter::Stage::Cancelled);
        QTest::qWait(300); // the killed build's end is not taken for a result
        QVERIFY(failed.isEmpty());
        QVERIFY(flink.requests().empty());
        QVERIFY(clock.elapsed() < 2000);
    }

    void theDialogStaysResponsiveAndCancelWorks()
    {
        FakeProject project("exec /bin/sleep 30\n");
        Theme theme;
        SubmitJobDialog dialog(project.target(), &theme);
        dialog.setUrl(QStringLiteral("http://127.0.0.1:%1").arg(closedPort()));
        dialog.show();
        QVERIFY(dialog.start());
        auto* close = dialog.findChild<QPushButton*>(QStringLiteral("closeOrCancel"));
        QCOMPARE(close->text(), QStringLiteral("Cancel"));
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start(20);
        QTest::qWait(400);
        QVERIFY2(ticks >= 5, "the event loop ran while Maven builds");
        QTest::mouseClick(close, Qt::LeftButton);
        QCOMPARE(dialog.submitter()->stage(), JobSubmitter::Stage::Cancelled);
        QVERIFY(dialog.isVisible()); // it says so, and stays
        QCOMPARE(dialog.statusText(), QStringLiteral("Cancelled."));
        QCOMPARE(close->text(), QStringLiteral("Close"));
        QCOMPARE(dialog.findChild<QPushButton*>(QStringLiteral("buildAndRun"))->text(), QStringLiteral("&Try Again"));
        saveScreenshot(dialog, QStringLiteral("submit-cancelled.png"));
    }

    void theDialogRefusesABadAddress()
    {
        FakeProject project(kGoodBuild);
        Theme theme;
        SubmitJobDialog dialog(project.target(), &theme);
        dialog.setUrl(QStringLiteral("ftp://somewhere"));
        QVERIFY(!dialog.start());
        QVERIFY2(dialog.statusText().contains(QStringLiteral("is not the address of a Flink REST API")),
            qPrintable(dialog.statusText()));
        QCOMPARE(dialog.submitter()->stage(), JobSubmitter::Stage::Idle);
    }

    void theDialogFollowsTheSubmittedJobInAnAttachWindow()
    {
        FakeProject project("echo '[INFO] building'\n" + kGoodBuild);
        int jobReads = 0;
        FakeFlink flink([&jobReads](const Request& r) {
            if (r.path == QLatin1String("/jars/upload"))
                return uploaded();
            if (r.path == QLatin1String("/jars/5f3c_job.jar/run"))
                return Answer {200, R"({"jobid":"8c1f0a"})"};
            if (r.path == QLatin1String("/jobs/8c1f0a")) {
                ++jobReads;
                return Answer {200,
                    R"({"jid":"8c1f0a","name":"job","state":"RUNNING","vertices":[{"id":"v1","name":"Window(SlidingEventTimeWindows(10000, 5000), EventTimeTrigger, Max, WithKey) -> Sink: Print to Std. Out","parallelism":1,"status":"RUNNING"}]})"};
            }
            if (r.path.endsWith(QLatin1String("/watermarks")))
                return Answer {200, R"([{"id":"0.currentInputWatermark","value":"6999"}])"};
            if (r.path.endsWith(QLatin1String("/metrics")))
                return Answer {200, "[]"};
            return Answer {404, R"({"errors":["Not found"]})"};
        });
        Theme theme;
        QWidget parent;
        SubmitJobDialog dialog(project.target(), &theme, &parent);
        dialog.setUrl(flink.url());
        dialog.show();
        QVERIFY(dialog.start());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.attachWindow() != nullptr, 10000);
        QCOMPARE(dialog.submitter()->jobId(), QStringLiteral("8c1f0a"));
        QTRY_VERIFY_WITH_TIMEOUT(jobReads > 0, 5000);
        QVERIFY2(dialog.statusText().contains(QStringLiteral("job 8c1f0a runs on")), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("submitSteps"))->text().count(QStringLiteral("✓")), 3);
        QTest::qWait(300);
        saveScreenshot(dialog, QStringLiteral("submit-done.png"));
        saveScreenshot(*dialog.attachWindow(), QStringLiteral("submit-attached.png"));
        dialog.attachWindow()->close();
    }

private:
    // With TIDEMARK_SCREENSHOT_DIR set, the widget as drawn (to look at); otherwise nothing.
    static void saveScreenshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("TIDEMARK_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(QDir(dir).filePath(name)));
    }
};

QTEST_MAIN(TestSubmit)
#include "tst_submit.moc"
