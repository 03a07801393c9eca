#include "app/document/FlinkVerification.h"

#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"
#include "engine/verify/FlinkOracle.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace tidemark::app {

FlinkVerification::FlinkVerification(Session* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    // Another run (a new scenario, a setting changed, a line typed) is not the one Flink was asked about.
    connect(m_session, &Session::runReplaced, this, [this] {
        cancel();
        clear();
    });
    connect(m_session, &Session::runExtended, this, [this] {
        cancel();
        clear();
    });
}

FlinkVerification::~FlinkVerification()
{
    cancel();
}

FlinkVerification::Mark FlinkVerification::fireMark(std::size_t i) const
{
    return i < m_fires.size() ? m_fires[i] : Mark::Unchecked;
}

FlinkVerification::Mark FlinkVerification::lateMark(std::size_t i) const
{
    return i < m_lates.size() ? m_lates[i] : Mark::Unchecked;
}

FlinkVerification::Mark FlinkVerification::graphOutputMark(std::size_t i) const
{
    return i < m_graphOutputs.size() ? m_graphOutputs[i] : Mark::Unchecked;
}

void FlinkVerification::clear()
{
    m_state = State::None;
    m_summary.clear();
    m_fires.clear();
    m_lates.clear();
    m_graphOutputs.clear();
    m_flinkOnly.clear();
    m_agrees = false;
    Q_EMIT changed();
}

void FlinkVerification::fail(const QString& why)
{
    m_state = State::Failed;
    m_summary = why;
    Q_EMIT changed();
}

void FlinkVerification::cancel()
{
    if (!m_process)
        return;
    m_process->disconnect(this);
    m_process->kill();
    m_process->waitForFinished(3000);
    m_process->deleteLater();
    m_process = nullptr;
    if (m_state == State::Running)
        clear();
}

void FlinkVerification::start()
{
    cancel();
    clear();
    const bool graph = m_session->hasGraph();
    if (!graph && !m_session->hasRun())
        return;
    const auto java = verify::findJava();
    if (!java)
        return fail(tr("Cannot verify with Flink: %1").arg(QString::fromStdString(verify::javaMissingMessage())));
    // The run as it is, records inline (an edited or typed run need not match any file).
    Scenario scenario = graph ? m_session->graph().scenario() : m_session->scenario();
    scenario.inputFile.reset();
    if (scenario.graph) {
        for (GraphSource& source : scenario.graph->sources)
            source.inputFile.reset();
    }
    const FlinkVersion line = scenario.pipeline.flinkVersion;
    QString jar = qEnvironmentVariable("TIDEMARK_FLINK_ORACLE");
    if (jar.isEmpty())
        jar = QString::fromStdString(verify::installedOracleJar(line).string());
    if (!QFile::exists(jar))
        return fail(tr("Cannot verify with Flink: no Flink %1 oracle is installed (%2).")
                        .arg(QString::fromStdString(line.name()), jar));

    m_dir = std::make_unique<QTemporaryDir>();
    const QString path = m_dir->filePath(QStringLiteral("scenario.json"));
    QFile file(path);
    const QByteArray json = QByteArray::fromStdString(io::saveScenario(scenario));
    if (!m_dir->isValid() || !file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        return fail(tr("Cannot verify with Flink: %1 cannot be written.").arg(path));
    file.close();

    m_state = State::Running;
    m_summary = tr("Running the scenario through Flink %1…").arg(QString::fromStdString(line.name()));
    m_flinkName = tr("Flink %1").arg(QString::fromStdString(line.name()));
    // First the release the oracle runs (for the summary: a jar given may be of another line), then the run.
    const QString javaPath = QString::fromStdString(java->string());
    m_process = new QProcess(this);
    // a graph is played by the oracle's --graph, as `tidemark verify` plays it
    QStringList run {QStringLiteral("-jar"), jar, path};
    if (graph)
        run.insert(2, QStringLiteral("--graph"));
    connect(m_process, &QProcess::finished, this, [this, javaPath, run] {
        QProcess* version = m_process;
        const QString said = QString::fromUtf8(version->readAllStandardOutput()).trimmed();
        if (said.startsWith(QLatin1String("flink ")))
            m_flinkName = tr("Flink %1").arg(said.mid(6));
        version->deleteLater();
        m_process = new QProcess(this);
        connect(m_process, &QProcess::finished, this, &FlinkVerification::finish);
        watchStart();
        m_process->start(javaPath, run);
    });
    watchStart();
    m_process->start(javaPath, {QStringLiteral("-jar"), jar, QStringLiteral("--version")});
    Q_EMIT changed();
}

void FlinkVerification::watchStart()
{
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        m_process->deleteLater();
        m_process = nullptr;
        fail(tr("Cannot verify with Flink: java could not be started."));
    });
}

void FlinkVerification::finish()
{
    QProcess* process = m_process;
    m_process = nullptr;
    process->deleteLater();
    const QString out = QString::fromUtf8(process->readAllStandardOutput());
    const QString err = QString::fromUtf8(process->readAllStandardError()).trimmed();
    std::vector<std::string> flink;
    for (const QString& l : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (l.startsWith(QLatin1String("#ERROR")))
            return fail(tr("Flink refused the scenario: %1").arg(l.section(QLatin1Char(':'), 1).trimmed()));
        flink.push_back(l.toStdString());
    }
    if (process->exitStatus() != QProcess::NormalExit || process->exitCode() != 0)
        return fail(tr("Flink refused the scenario: %1").arg(err.right(400)));

    // Tidemark's outputs in the order they were produced, as `tidemark run --format jsonl` prints them.
    std::vector<std::string> ours;
    if (m_session->hasGraph()) {
        const GraphDocument& g = m_session->graph();
        ours = output::graphOutputLines(g.run(), g.scenario()).json;
    } else {
        ours = output::outputLines(m_session->trace(), m_session->scenario()).json;
    }
    const verify::OutputAgreement a = verify::compareOutputs(ours, flink);
    std::size_t output = 0;
    const auto mark = [&a, &output] { return a.agreed[output++] ? Mark::Agreed : Mark::Differs; };
    if (m_session->hasGraph()) {
        m_graphOutputs.assign(ours.size(), Mark::Unchecked);
        for (Mark& m : m_graphOutputs)
            m = mark();
    } else {
        const Trace& trace = m_session->trace();
        m_fires.assign(trace.fires().size(), Mark::Unchecked);
        m_lates.assign(trace.lates().size(), Mark::Unchecked);
        std::size_t late = 0;
        trace.forEachOutput(
            [&](std::size_t fire) { m_fires[fire] = mark(); }, [&](const LateRecord&) { m_lates[late++] = mark(); });
    }
    m_flinkOnly = a.flinkOnly;
    m_agrees = a.complete();
    m_state = State::Done;
    const std::size_t n = ours.size();
    if (n == 0 && a.flinkOnly.empty())
        m_summary = tr("%1 agrees: neither Tidemark nor Flink outputs anything.").arg(m_flinkName);
    else if (a.complete())
        m_summary = n == 1 ? tr("%1 agrees with the one output.").arg(m_flinkName)
                           : tr("%1 agrees with all %2 outputs.").arg(m_flinkName).arg(n);
    else
        m_summary = tr("%1 agrees with %2 of %3 outputs; %4 only in Flink.")
                        .arg(m_flinkName)
                        .arg(a.agreedCount())
                        .arg(n)
                        .arg(a.flinkOnly.size());
    Q_EMIT changed();
}

} // namespace tidemark::app
