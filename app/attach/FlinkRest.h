#pragma once

#include "engine/core/Time.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace tidemark::app {

// The shapes of Flink's REST answers that attaching reads, parsed without any network (tests feed canned
// answers). Each parser returns nothing and sets `error` when the body is not the shape Flink sends.

struct FlinkJob {
    QString id; // "jid"
    QString name;
    QString state; // RUNNING, FINISHED, CANCELED, FAILED, …
    qint64 startTime = 0; // epoch ms
};

struct FlinkVertexInfo {
    QString id;
    QString name;
    int parallelism = 0;
    QString status;
};

struct FlinkJobDetails {
    QString id;
    QString name;
    QString state;
    std::vector<FlinkVertexInfo> vertices;
};

// `GET /jobs/overview`: {"jobs":[{"jid","name","state","start-time",…}]}.
std::optional<std::vector<FlinkJob>> parseJobsOverview(const QByteArray& body, QString* error);
// `GET /jobs/:jobid`: {"jid","name","state","vertices":[{"id","name","parallelism","status"}]}.
std::optional<FlinkJobDetails> parseJobDetails(const QByteArray& body, QString* error);
// `GET /jobs/:jobid/vertices/:vertexid/watermarks` (and `…/metrics?get=…`): [{"id":"0.currentInputWatermark",
// "value":"1700000000000"}, …] as metric id → value. Values are Java longs written as strings.
std::optional<std::map<QString, qint64>> parseMetricValues(const QByteArray& body, QString* error);
// `GET /jobs/:jobid/vertices/:vertexid/metrics`: [{"id":…}, …] as the ids.
std::optional<std::vector<QString>> parseMetricIds(const QByteArray& body, QString* error);

// A subtask's currentInputWatermark from the watermarks answer ("0.currentInputWatermark"); none when absent.
std::optional<Timestamp> subtaskInputWatermark(const std::map<QString, qint64>& values, int subtask);

// The per-input watermark metrics among a vertex's metric ids: "<subtask>.<operator>.currentInput<N>Watermark"
// (Flink registers them on the head operator of a task with several inputs). Per subtask, N → metric id.
std::map<int, std::map<int, QString>> inputWatermarkMetrics(const std::vector<QString>& ids);

// A job state after which nothing more runs (Flink's JobStatus.isGloballyTerminalState, and SUSPENDED).
bool isTerminalJobState(const QString& state);

// The `errors` list of a Flink error body ({"errors":["…"]}) joined, else the body's first 200 characters. An
// error that carries a stack trace is said by its first line and the deepest "Caused by:", which names what the
// user's program or the cluster ran into.
QString errorBodyExcerpt(const QByteArray& body);

// `POST /jars/upload`: {"filename":"/…/flink-web-upload/<uuid>_job.jar","status":"success"} as the jar's id, the
// file's name, which `/jars/:jarid/run` takes.
std::optional<QString> parseJarUpload(const QByteArray& body, QString* error);
// `POST /jars/:jarid/run`: {"jobid":"…"}.
std::optional<QString> parseJarRun(const QByteArray& body, QString* error);

} // namespace tidemark::app
