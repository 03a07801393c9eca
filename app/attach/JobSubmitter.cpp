#include "app/attach/JobSubmitter.h"

#include "app/attach/FlinkRest.h"
#include "app/attach/FlinkRestClient.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>

namespace tidemark::app {

namespace {

constexpr int kTailLines = 40;

QString shellQuoted(const QString& path)
{
    static const QString plain = QStringLiteral("+-./:=@_");
    const bool safe
        = std::all_of(path.begin(), path.end(), [](QChar c) { return c.isLetterOrNumber() || plain.contains(c); });
    if (safe && !path.isEmpty())
        return path;
    QString quoted = path;
    quoted.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// A REST API without the jar handlers: Flink answers an upload with HTTP 400 "POST request not allowed" (its
// FileUploadHandler takes files only for routes that accept them; seen with web.submit.enable: false on 1.20 and 2.3),
// and any other /jars request with 404.
bool refusesJars(const RestResult& r)
{
    return r.httpStatus == 404
        || (r.httpStatus == 400
            && (r.body.contains("POST request not allowed") || r.body.contains("File upload not allowed")));
}

} // namespace

JobSubmitter::JobSubmitter(FlinkRestClient* client, const SubmitTarget& target, QObject* parent)
    : QObject(parent)
    , m_client(client)
    , m_target(target)
    , m_buildTimer(new QTimer(this))
{
    m_buildTimer->setSingleShot(true);
    connect(m_buildTimer, &QTimer::timeout, this, [this] {
        if (!m_maven)
            return;
        ++m_generation; // its finished signal is not a build result
        m_maven->kill();
        fail(tr("Maven did not finish the build within %1 s, so it was stopped. The end of its output:\n%2")
                 .arg(m_buildTimeoutMs / 1000)
                 .arg(buildOutputTail()));
    });
}

QString JobSubmitter::findTool(const QString& name)
{
    QString found = QStandardPaths::findExecutable(name);
    if (found.isEmpty() && name == QLatin1String("java")) {
        const QString home = qEnvironmentVariable("JAVA_HOME");
        if (!home.isEmpty())
            found = QStandardPaths::findExecutable(name, {QDir(home).filePath(QStringLiteral("bin"))});
    }
    return found;
}

QString JobSubmitter::buildOutputTail() const
{
    return m_buildLines.isEmpty() ? tr("(Maven printed nothing)") : m_buildLines.join(QLatin1Char('\n'));
}

QString JobSubmitter::flinkRunCommand() const
{
    const QString jar = QDir(QFileInfo(m_target.folder).absoluteFilePath()).filePath(m_target.jarPath);
    return QStringLiteral("flink run -m %1 %2")
        .arg(m_client->baseUrl().authority(), shellQuoted(QDir::toNativeSeparators(jar)));
}

void JobSubmitter::start()
{
    if (m_stage == Stage::Build || m_stage == Stage::Upload || m_stage == Stage::Run)
        return;
    ++m_generation;
    m_jarId.clear();
    m_jobId.clear();
    m_buildLines.clear();
    m_partialLine.clear();
    const QDir folder(m_target.folder);
    if (!folder.exists(QStringLiteral("pom.xml"))) {
        fail(tr("%1 holds no pom.xml: export the job there first.").arg(QDir::toNativeSeparators(m_target.folder)));
        return;
    }
    build();
}

void JobSubmitter::cancel()
{
    if (m_stage != Stage::Build && m_stage != Stage::Upload && m_stage != Stage::Run)
        return;
    const Stage was = m_stage;
    ++m_generation;
    m_buildTimer->stop();
    if (m_maven && m_maven->state() != QProcess::NotRunning) {
        m_maven->kill();
        m_maven->waitForFinished(2000); // a killed process ends at once; its end is not a build result
    }
    m_client->abortAll();
    setStage(Stage::Cancelled,
        was == Stage::Run ? tr("Cancelled. The cluster may have started the job already: File ▸ Attach to Flink… or "
                               "`tidemark attach %1` lists its jobs.")
                                .arg(m_client->baseUrl().toString())
                          : tr("Cancelled."));
}

void JobSubmitter::build()
{
    const QString mvn = findTool(QStringLiteral("mvn"));
    if (mvn.isEmpty()) {
        fail(tr("Maven (mvn) is not installed, and it builds the job: install Maven 3.8 or later and a JDK 17 "
                "(on Debian: apt install maven openjdk-17-jdk-headless), or build the project elsewhere and run "
                "it with:\n  %1")
                 .arg(flinkRunCommand()));
        return;
    }
    if (findTool(QStringLiteral("java")).isEmpty()) {
        fail(tr("Java is not installed, and Maven needs it to build the job: install a JDK 17 (on Debian: apt "
                "install openjdk-17-jdk-headless)."));
        return;
    }
    QStringList arguments {QStringLiteral("-q"), QStringLiteral("-B")};
    if (m_offline)
        arguments << QStringLiteral("-o");
    arguments << QStringLiteral("package");
    setStage(Stage::Build,
        tr("Building the job: mvn %1 in %2…")
            .arg(arguments.join(QLatin1Char(' ')), QDir::toNativeSeparators(m_target.folder)));

    if (m_maven)
        m_maven->deleteLater();
    m_maven = new QProcess(this);
    m_maven->setProgram(mvn);
    m_maven->setArguments(arguments);
    m_maven->setWorkingDirectory(m_target.folder);
    m_maven->setProcessChannelMode(QProcess::MergedChannels);
    m_maven->setStandardInputFile(QProcess::nullDevice());
    const int generation = m_generation;
    connect(m_maven, &QProcess::readyRead, this, &JobSubmitter::readBuildOutput);
    connect(m_maven, &QProcess::errorOccurred, this, [this, generation](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart || generation != m_generation)
            return;
        m_buildTimer->stop();
        fail(tr("Cannot start Maven (%1): %2").arg(m_maven->program(), m_maven->errorString()));
    });
    connect(m_maven, &QProcess::finished, this, [this, generation](int code, QProcess::ExitStatus status) {
        if (generation != m_generation)
            return;
        m_buildTimer->stop();
        readBuildOutput();
        if (!m_partialLine.isEmpty())
            m_buildLines << QString::fromLocal8Bit(m_partialLine);
        if (status != QProcess::NormalExit || code != 0) {
            fail(tr("The build failed: mvn %1 exited with status %2. The end of Maven's output:\n%3")
                     .arg(m_maven->arguments().join(QLatin1Char(' ')))
                     .arg(status == QProcess::NormalExit ? QString::number(code) : tr("a crash"))
                     .arg(buildOutputTail()));
            return;
        }
        if (!QFileInfo::exists(QDir(m_target.folder).filePath(m_target.jarPath))) {
            fail(tr("The build ended without %1.").arg(QDir::toNativeSeparators(m_target.jarPath)));
            return;
        }
        upload();
    });
    m_buildTimer->start(m_buildTimeoutMs);
    m_maven->start();
}

void JobSubmitter::readBuildOutput()
{
    if (!m_maven)
        return;
    m_partialLine += m_maven->readAll();
    qsizetype newline;
    while ((newline = m_partialLine.indexOf('\n')) >= 0) {
        QString line = QString::fromLocal8Bit(m_partialLine.left(newline));
        m_partialLine.remove(0, newline + 1);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        m_buildLines << line;
        while (m_buildLines.size() > kTailLines)
            m_buildLines.removeFirst();
        Q_EMIT buildOutput(line);
    }
}

void JobSubmitter::upload()
{
    const QString jar = QDir(m_target.folder).filePath(m_target.jarPath);
    setStage(Stage::Upload, tr("Uploading %1 to %2…").arg(QFileInfo(jar).fileName(), m_client->baseUrl().toString()));
    const int generation = m_generation;
    m_client->uploadFile(
        QStringLiteral("/jars/upload"), QStringLiteral("jarfile"), jar, QByteArrayLiteral("application/x-java-archive"),
        this,
        [this, generation](const RestResult& r) {
            if (generation != m_generation)
                return;
            if (refusesJars(r)) {
                fail(tr("The cluster at %1 does not take jars through its REST API (%2): web.submit.enable is false "
                        "there, or its REST API has no /jars handlers. Run the jar with Flink's client instead:\n  %3")
                         .arg(m_client->baseUrl().toString(), r.error, flinkRunCommand()));
                return;
            }
            QString why = r.error;
            const auto jarId = r.ok ? parseJarUpload(r.body, &why) : std::nullopt;
            if (!jarId) {
                fail(tr("Cannot upload the jar: %1").arg(why));
                return;
            }
            m_jarId = *jarId;
            run();
        },
        m_requestTimeoutMs);
}

void JobSubmitter::run()
{
    setStage(Stage::Run, tr("Starting %1 on the cluster (main() runs on the JobManager)…").arg(m_target.mainClass));
    // No program arguments: main() reads the records packed into the jar, since the JobManager has no file of ours.
    const QJsonObject body {
        {QStringLiteral("entryClass"), m_target.mainClass}, {QStringLiteral("programArgsList"), QJsonArray()}};
    const int generation = m_generation;
    m_client->postJson(
        QStringLiteral("/jars/%1/run").arg(m_jarId), // the last part of a path Flink chose, so one path segment
        QJsonDocument(body).toJson(QJsonDocument::Compact), this,
        [this, generation](const RestResult& r) {
            if (generation != m_generation)
                return;
            QString why = r.error;
            const auto job = r.ok ? parseJarRun(r.body, &why) : std::nullopt;
            if (!job) {
                fail(tr("The cluster did not start the job: %1").arg(why));
                return;
            }
            m_jobId = *job;
            setStage(Stage::Submitted, tr("Submitted: job %1 (%2).").arg(m_jobId, m_target.jobName));
            Q_EMIT submitted(m_jobId);
        },
        m_requestTimeoutMs);
}

void JobSubmitter::setStage(Stage stage, const QString& text)
{
    m_stage = stage;
    Q_EMIT stageChanged(stage, text);
}

void JobSubmitter::fail(const QString& message)
{
    setStage(Stage::Failed, message);
    Q_EMIT failed(message);
}

} // namespace tidemark::app
