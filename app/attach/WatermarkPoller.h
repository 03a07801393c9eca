#pragma once

#include "app/attach/FlinkRest.h"
#include "app/attach/PollHistory.h"

#include <QObject>
#include <QString>

#include <map>

class QTimer;

namespace tidemark::app {

class FlinkRestClient;

// Follows one job's watermarks through the REST API. A poll reads the job (its state and vertices), then for
// each vertex the Watermarks tab's answer (`/jobs/:id/vertices/:vid/watermarks`) and, where the metrics exist, the
// per-input watermarks of a task with several inputs and a source's output watermark. The requests of a poll
// go one after another and the next poll starts `interval` after the last answer, so a slow cluster is never
// asked twice at once. Polling stops at the first error, when the job ends, or after `maxPolls`.
class WatermarkPoller : public QObject {
    Q_OBJECT

public:
    WatermarkPoller(FlinkRestClient* client, const QString& jobId, QObject* parent = nullptr);

    QString jobId() const { return m_jobId; }
    QString jobName() const { return m_jobName; }
    void setIntervalMs(int ms) { m_intervalMs = ms; }
    int intervalMs() const { return m_intervalMs; }
    // 0: until stopped.
    void setMaxPolls(int polls) { m_maxPolls = polls; }
    int polls() const { return m_polls; }
    bool isRunning() const { return m_running; }
    // The job's state at the last answer: RUNNING, or the state it ended in (FINISHED, FAILED, …).
    QString lastJobState() const { return m_lastJobState; }

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    void sampled(const tidemark::app::AttachSample& sample);
    // Polling stopped: `message` says why (an error, or the job ended); empty after maxPolls or stop().
    void stopped(const QString& message, bool error);

private:
    struct VertexProbe {
        // Its metric ids are listed until a per-input or output watermark turns up, at most kProbes times: a task
        // that is still deploying has registered no metrics yet.
        static constexpr int kProbes = 10;
        int probes = 0;
        bool found = false;
        std::map<int, std::map<int, QString>> inputs; // subtask → input → metric id
        std::map<int, QString> outputs; // a source: subtask → currentOutputWatermark metric id
    };

    void poll();
    void readVertex(std::size_t index);
    void readExtras(std::size_t index);
    void finishPoll();
    void fail(const QString& message);
    void end(const QString& message, bool error);

    FlinkRestClient* m_client;
    QString m_jobId;
    QString m_jobName;
    QString m_lastJobState;
    QTimer* m_timer;
    int m_intervalMs = 1000;
    int m_maxPolls = 0;
    int m_polls = 0;
    bool m_running = false;
    int m_generation = 0;
    FlinkJobDetails m_job;
    AttachSample m_sample;
    std::map<QString, VertexProbe> m_probes;
};

} // namespace tidemark::app
