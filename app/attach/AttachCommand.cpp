#include "app/attach/AttachCommand.h"

#include "app/attach/FlinkRest.h"
#include "app/attach/FlinkRestClient.h"
#include "app/attach/WatermarkPoller.h"
#include "app/attach/WebUiWatermarksModel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

namespace tidemark::app {

namespace {

const char* kUsage
    = "usage: tidemark attach URL [--job ID] [--polls N] [--interval-ms MS] [--timeout-ms MS] [--format text|jsonl]\n"
      "\n"
      "Reads a running Flink cluster through its REST API (URL: http://HOST:PORT, the JobManager's rest.port).\n"
      "Without --job it lists the cluster's jobs. With --job it polls the job N times (default 10), MS apart\n"
      "(default 1000), and prints each vertex's per-subtask watermarks as Flink's Web UI shows them on the\n"
      "vertex's Watermarks tab: currentInputWatermark (\"No Watermark\" before the first), the per-input\n"
      "watermarks of a task with several inputs, a source's output watermark, and the vertex's low watermark\n"
      "with the subtask that holds it. Each request gives up after --timeout-ms (default 5000).\n"
      "\n"
      "--format text (default) or jsonl: one {\"type\":\"job\",...} line per job, one {\"type\":\"poll\",...}\n"
      "line per poll, and {\"type\":\"end\",...} when the job ends before the polls are done.\n"
      "\n"
      "Exit status: 0 when done (also when the job ended), 1 when the cluster cannot be read (connection\n"
      "refused, no answer, an HTTP error, no such job), 2 for a usage error.\n";

struct Options {
    QString url;
    QString job;
    int polls = 10;
    int intervalMs = 1000;
    int timeoutMs = 5000;
    bool jsonl = false;
};

int usageError(const std::string& message)
{
    std::fprintf(stderr, "tidemark attach: %s\n%s", message.c_str(), kUsage);
    return 2;
}

std::optional<int> parseInt(const char* text, int low, int high)
{
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used != std::strlen(text) || v < low || v > high)
            return std::nullopt;
        return static_cast<int>(v);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

QString jsonString(const QString& s)
{
    const QByteArray array = QJsonDocument(QJsonArray {s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

// Longs are written digit for digit: a JSON double cannot hold Long.MIN_VALUE or 1700000000001 exactly enough.
QString jsonLong(std::optional<qint64> v)
{
    return v ? QString::number(*v) : QStringLiteral("null");
}

void print(const QString& line)
{
    std::fputs(line.toUtf8().constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

QString text(Timestamp t)
{
    return QString::fromStdString(webUiWatermarkText(t));
}

void printPoll(const AttachSample& sample, const QString& jobId, bool jsonl)
{
    if (jsonl) {
        QStringList vertices;
        for (const WebUiVertex& v : sample.vertices) {
            QStringList subtasks;
            for (const WebUiSubtask& s : v.subtasks) {
                QString o = QStringLiteral("{\"subtask\":%1,\"currentInputWatermark\":%2")
                                .arg(s.subtask)
                                .arg(jsonLong(s.currentInputWatermark));
                if (!s.inputWatermarks.empty()) {
                    QStringList inputs;
                    for (Timestamp t : s.inputWatermarks)
                        inputs << QString::number(t);
                    o += QStringLiteral(",\"inputWatermarks\":[%1]").arg(inputs.join(QLatin1Char(',')));
                }
                if (s.currentOutputWatermark)
                    o += QStringLiteral(",\"currentOutputWatermark\":%1").arg(*s.currentOutputWatermark);
                subtasks << o + QLatin1Char('}');
            }
            const int holding = webUiHoldingSubtask(v);
            vertices << QStringLiteral("{\"id\":%1,\"name\":%2,\"parallelism\":%3,\"lowWatermark\":%4,"
                                       "\"holdingSubtask\":%5,\"subtasks\":[%6]}")
                            .arg(jsonString(QString::fromStdString(v.id)), jsonString(QString::fromStdString(v.name)))
                            .arg(v.parallelism)
                            .arg(jsonLong(webUiLowWatermark(v)),
                                holding < 0 ? QStringLiteral("null")
                                            : QString::number(v.subtasks[std::size_t(holding)].subtask),
                                subtasks.join(QLatin1Char(',')));
        }
        print(QStringLiteral("{\"type\":\"poll\",\"poll\":%1,\"timeMs\":%2,\"job\":%3,\"state\":%4,\"vertices\":[%5]}")
                  .arg(sample.poll)
                  .arg(sample.wallTimeMs)
                  .arg(jsonString(jobId), jsonString(sample.jobState), vertices.join(QLatin1Char(','))));
        return;
    }
    print(QStringLiteral("poll %1 at %2: job %3 %4")
              .arg(sample.poll)
              .arg(QDateTime::fromMSecsSinceEpoch(sample.wallTimeMs).toString(Qt::ISODateWithMs), jobId,
                  sample.jobState));
    for (const WebUiVertex& v : sample.vertices) {
        const auto low = webUiLowWatermark(v);
        const bool listed = std::any_of(v.subtasks.begin(), v.subtasks.end(),
            [](const WebUiSubtask& s) { return s.currentInputWatermark.has_value(); });
        if (!listed) {
            QStringList outputs;
            for (const WebUiSubtask& s : v.subtasks) {
                if (s.currentOutputWatermark)
                    outputs << QStringLiteral("%1: %2").arg(s.subtask).arg(text(*s.currentOutputWatermark));
            }
            print(QStringLiteral("  %1 (%2 subtasks): no input watermark reported%3")
                      .arg(QString::fromStdString(v.name))
                      .arg(v.parallelism)
                      .arg(outputs.isEmpty()
                              ? QString()
                              : QStringLiteral("; output watermarks %1").arg(outputs.join(QStringLiteral(", ")))));
            continue;
        }
        print(
            QStringLiteral("  %1 (%2 subtasks): low watermark %3 — %4")
                .arg(QString::fromStdString(v.name))
                .arg(v.parallelism)
                .arg(low ? QString::number(*low) : QStringLiteral("none"), WebUiWatermarksModel::lowWatermarkNote(v)));
        for (const WebUiSubtask& s : v.subtasks) {
            const QString note = WebUiWatermarksModel::subtaskNote(v, s);
            print(QStringLiteral("    subtask %1: %2%3")
                      .arg(s.subtask)
                      .arg(s.currentInputWatermark ? text(*s.currentInputWatermark) : QStringLiteral("(not reported)"),
                          note.isEmpty() ? QString() : QStringLiteral("  ") + note));
        }
    }
}

} // namespace

void printAttachPoll(const AttachSample& sample, const QString& jobId, bool jsonl)
{
    printPoll(sample, jobId, jsonl);
}

int attachCommand(int argc, char** argv)
{
    Options o;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (a == "--job" || a == "--polls" || a == "--interval-ms" || a == "--timeout-ms" || a == "--format") {
            if (!hasValue)
                return usageError(a + " needs a value");
            const char* v = argv[++i];
            if (a == "--job") {
                o.job = QString::fromLocal8Bit(v);
            } else if (a == "--format") {
                if (std::strcmp(v, "text") != 0 && std::strcmp(v, "jsonl") != 0)
                    return usageError("--format is text or jsonl, not \"" + std::string(v) + "\"");
                o.jsonl = std::strcmp(v, "jsonl") == 0;
            } else {
                const bool polls = a == "--polls";
                const auto n = polls ? parseInt(v, 1, 1000000) : parseInt(v, a == "--interval-ms" ? 10 : 100, 3600000);
                if (!n)
                    return usageError(a + " is " + (polls ? "a count from 1 to 1000000" : "a number of milliseconds")
                        + ", not \"" + v + "\"");
                (polls ? o.polls : a == "--interval-ms" ? o.intervalMs : o.timeoutMs) = *n;
            }
        } else if (a.starts_with("-")) {
            return usageError("unknown option " + a);
        } else if (o.url.isEmpty()) {
            o.url = QString::fromLocal8Bit(argv[i]);
        } else {
            return usageError("one URL only, not also \"" + a + "\"");
        }
    }
    if (o.url.isEmpty())
        return usageError("the cluster's REST address is missing (http://HOST:PORT)");

    QCoreApplication app(argc, argv);
    FlinkRestClient client;
    client.setTimeoutMs(o.timeoutMs);
    QString error;
    if (!client.setBaseUrl(o.url, &error))
        return usageError(error.toStdString());

    int status = 0;
    if (o.job.isEmpty()) {
        client.get(QStringLiteral("/jobs/overview"), &app, [&](const RestResult& r) {
            QString why = r.error;
            const auto jobs = r.ok ? parseJobsOverview(r.body, &why) : std::nullopt;
            if (!jobs) {
                std::fprintf(stderr, "tidemark attach: %s\n", qPrintable(why));
                status = 1;
            } else if (o.jsonl) {
                for (const FlinkJob& j : *jobs)
                    print(QStringLiteral("{\"type\":\"job\",\"id\":%1,\"name\":%2,\"state\":%3,\"startTime\":%4}")
                              .arg(jsonString(j.id), jsonString(j.name), jsonString(j.state))
                              .arg(j.startTime));
            } else if (jobs->empty()) {
                print(QStringLiteral("no jobs"));
            } else {
                for (const FlinkJob& j : *jobs)
                    print(QStringLiteral("%1  %2  %3").arg(j.id, j.state.leftJustified(9), j.name));
            }
            QCoreApplication::exit(status);
        });
        QCoreApplication::exec();
        return status;
    }

    WatermarkPoller poller(&client, o.job);
    poller.setIntervalMs(o.intervalMs);
    poller.setMaxPolls(o.polls);
    QObject::connect(&poller, &WatermarkPoller::sampled, &app,
        [&](const AttachSample& sample) { printPoll(sample, o.job, o.jsonl); });
    QObject::connect(&poller, &WatermarkPoller::stopped, &app, [&](const QString& message, bool failed) {
        if (!message.isEmpty()) {
            std::fprintf(stderr, "tidemark attach: %s\n", qPrintable(message));
            if (!failed && o.jsonl)
                print(QStringLiteral("{\"type\":\"end\",\"job\":%1,\"polls\":%2,\"message\":%3}")
                          .arg(jsonString(o.job))
                          .arg(poller.polls())
                          .arg(jsonString(message)));
        }
        status = failed ? 1 : 0;
        QCoreApplication::exit(status);
    });
    poller.start();
    QCoreApplication::exec();
    return status;
}

} // namespace tidemark::app
