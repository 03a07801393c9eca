#include "app/attach/WatermarkPoller.h"

#include "app/attach/FlinkRestClient.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QStringList>
#include <QTimer>

#include <set>

namespace tidemark::app {

WatermarkPoller::WatermarkPoller(FlinkRestClient* client, const QString& jobId, QObject* parent)
    : QObject(parent)
    , m_client(client)
    , m_jobId(jobId)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &WatermarkPoller::poll);
}

void WatermarkPoller::start()
{
    if (m_running)
        return;
    m_running = true;
    m_timer->start(0);
}

void WatermarkPoller::stop()
{
    if (!m_running)
        return;
    end(QString(), false);
}

void WatermarkPoller::end(const QString& message, bool error)
{
    m_running = false;
    ++m_generation; // answers still on their way belong to no poll now
    m_timer->stop();
    Q_EMIT stopped(message, error);
}

void WatermarkPoller::fail(const QString& message)
{
    end(message, true);
}

void WatermarkPoller::poll()
{
    if (!m_running)
        return;
    m_sample = AttachSample();
    m_sample.poll = m_polls + 1;
    m_sample.wallTimeMs = QDateTime::currentMSecsSinceEpoch();
    m_client->get(QStringLiteral("/jobs/%1").arg(m_jobId), this, [this, gen = m_generation](const RestResult& r) {
        if (gen != m_generation)
            return;
        if (!r.ok) {
            fail(r.error);
            return;
        }
        QString error;
        auto job = parseJobDetails(r.body, &error);
        if (!job) {
            fail(tr("GET /jobs/%1: %2").arg(m_jobId, error));
            return;
        }
        m_jobName = job->name;
        m_lastJobState = job->state;
        if (isTerminalJobState(job->state)) {
            end(tr("The job \"%1\" has ended (%2). What was polled is kept.").arg(job->name, job->state), false);
            return;
        }
        m_job = std::move(*job);
        m_sample.jobState = m_job.state;
        readVertex(0);
    });
}

void WatermarkPoller::readVertex(std::size_t index)
{
    if (index == m_job.vertices.size()) {
        finishPoll();
        return;
    }
    const FlinkVertexInfo& info = m_job.vertices[index];
    const QString base = QStringLiteral("/jobs/%1/vertices/%2").arg(m_jobId, info.id);
    m_client->get(
        base + QStringLiteral("/watermarks"), this, [this, index, base, gen = m_generation](const RestResult& r) {
            if (gen != m_generation)
                return;
            QString error;
            const auto values = r.ok ? parseMetricValues(r.body, &error) : std::nullopt;
            if (!values) {
                fail(r.ok ? tr("GET %1/watermarks: %2").arg(base, error) : r.error);
                return;
            }
            const FlinkVertexInfo& info = m_job.vertices[index];
            WebUiVertex vertex;
            vertex.id = info.id.toStdString();
            vertex.name = info.name.toStdString();
            vertex.parallelism = info.parallelism;
            vertex.source = info.name.startsWith(QLatin1String("Source: "));
            for (int s = 0; s < info.parallelism; ++s) {
                WebUiSubtask subtask;
                subtask.subtask = s;
                subtask.currentInputWatermark = subtaskInputWatermark(*values, s);
                vertex.subtasks.push_back(subtask);
            }
            m_sample.vertices.push_back(std::move(vertex));

            VertexProbe& probe = m_probes[info.id];
            if (probe.found || probe.probes >= VertexProbe::kProbes) {
                readExtras(index);
                return;
            }
            // Which per-input and source-output watermark metrics the vertex has (until some are found).
            m_client->get(
                base + QStringLiteral("/metrics"), this, [this, index, base, gen = m_generation](const RestResult& r) {
                    if (gen != m_generation)
                        return;
                    QString error;
                    const auto ids = r.ok ? parseMetricIds(r.body, &error) : std::nullopt;
                    if (!ids) {
                        fail(r.ok ? tr("GET %1/metrics: %2").arg(base, error) : r.error);
                        return;
                    }
                    const FlinkVertexInfo& info = m_job.vertices[index];
                    VertexProbe& probe = m_probes[info.id];
                    ++probe.probes;
                    probe.inputs = inputWatermarkMetrics(*ids);
                    if (info.name.startsWith(QLatin1String("Source: "))) {
                        // a source's generator output, when the task holds one operator that reports it
                        static const QRegularExpression output(
                            QStringLiteral("^(\\d+)\\.([^.]+)\\.currentOutputWatermark$"));
                        std::set<QString> operators;
                        std::map<int, QString> found;
                        for (const QString& id : *ids) {
                            const auto m = output.match(id);
                            if (m.hasMatch()) {
                                operators.insert(m.captured(2));
                                found[m.captured(1).toInt()] = id;
                            }
                        }
                        if (operators.size() == 1)
                            probe.outputs = found;
                    }
                    probe.found = !probe.inputs.empty() || !probe.outputs.empty();
                    readExtras(index);
                });
        });
}

void WatermarkPoller::readExtras(std::size_t index)
{
    const FlinkVertexInfo& info = m_job.vertices[index];
    const VertexProbe& probe = m_probes[info.id];
    QStringList ids;
    for (const auto& [subtask, inputs] : probe.inputs)
        for (const auto& [input, id] : inputs)
            ids << id;
    for (const auto& [subtask, id] : probe.outputs)
        ids << id;
    ids.removeIf([](const QString& id) { return id.contains(QLatin1Char(',')); }); // the list's separator
    if (ids.isEmpty()) {
        readVertex(index + 1);
        return;
    }
    const QString path
        = QStringLiteral("/jobs/%1/vertices/%2/metrics?get=%3").arg(m_jobId, info.id, ids.join(QLatin1Char(',')));
    m_client->get(path, this, [this, index, gen = m_generation](const RestResult& r) {
        if (gen != m_generation)
            return;
        QString error;
        const auto values = r.ok ? parseMetricValues(r.body, &error) : std::nullopt;
        if (!values) {
            fail(r.ok ? error : r.error);
            return;
        }
        const VertexProbe& probe = m_probes[m_job.vertices[index].id];
        WebUiVertex& vertex = m_sample.vertices.back();
        for (WebUiSubtask& s : vertex.subtasks) {
            if (const auto it = probe.inputs.find(s.subtask); it != probe.inputs.end()) {
                for (const auto& [input, id] : it->second) {
                    const auto v = values->find(id);
                    if (v == values->end())
                        break; // not reported (yet): no partial list
                    s.inputWatermarks.push_back(v->second);
                }
                if (s.inputWatermarks.size() != it->second.size())
                    s.inputWatermarks.clear();
            }
            if (const auto it = probe.outputs.find(s.subtask); it != probe.outputs.end()) {
                if (const auto v = values->find(it->second); v != values->end())
                    s.currentOutputWatermark = v->second;
            }
        }
        readVertex(index + 1);
    });
}

void WatermarkPoller::finishPoll()
{
    ++m_polls;
    Q_EMIT sampled(m_sample);
    if (!m_running)
        return; // a receiver stopped it
    if (m_maxPolls > 0 && m_polls >= m_maxPolls) {
        end(QString(), false);
        return;
    }
    m_timer->start(m_intervalMs);
}

} // namespace tidemark::app
