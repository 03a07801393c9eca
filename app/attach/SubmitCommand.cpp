#include "app/attach/SubmitCommand.h"

#include "app/attach/AttachCommand.h"
#include "app/attach/FlinkRestClient.h"
#include "app/attach/JobSubmitter.h"
#include "app/attach/WatermarkPoller.h"
#include "engine/export/FlinkJob.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::app {

namespace {

struct Options {
    QString url;
    bool offline = false;
    int polls = 30;
    int intervalMs = 1000;
    int timeoutMs = 5000;
    bool jsonl = false;
    std::string out; // export-job's --out, the project's folder
    std::vector<std::string_view> exportArgs; // what export-job itself reads
};

int usageError(const std::string& message)
{
    std::fprintf(stderr, "tidemark export-job: %s\n(tidemark export-job --help shows the usage)\n", message.c_str());
    return 2;
}

std::optional<int> parseInt(std::string_view text, int low, int high)
{
    try {
        std::size_t used = 0;
        const std::string s(text);
        const long long v = std::stoll(s, &used);
        if (used != s.size() || v < low || v > high)
            return std::nullopt;
        return static_cast<int>(v);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void printLine(const QString& line, bool toStderr = false)
{
    std::FILE* f = toStderr ? stderr : stdout;
    std::fputs(line.toUtf8().constData(), f);
    std::fputc('\n', f);
    std::fflush(f);
}

void printJson(const QJsonObject& o)
{
    printLine(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
}

// Splits the command line into what --submit takes and what export-job takes; an error message, or none.
std::optional<std::string> parse(int argc, char** argv, Options& o)
{
    for (int i = 2; i < argc; ++i) {
        const std::string_view a = argv[i];
        const auto eq = a.find('=');
        const std::string_view name = a.starts_with("--") && eq != std::string_view::npos ? a.substr(0, eq) : a;
        const bool takesValue = name == "--submit" || name == "--polls" || name == "--interval-ms"
            || name == "--timeout-ms" || name == "--format";
        if (name == "--offline") {
            o.offline = true;
            continue;
        }
        if (!takesValue) {
            o.exportArgs.push_back(a);
            if ((a == "--out") && i + 1 < argc) {
                o.out = argv[i + 1];
            } else if (a.starts_with("--out=")) {
                o.out = std::string(a.substr(6));
            }
            continue;
        }
        std::string_view v;
        if (eq != std::string_view::npos && name != a) {
            v = a.substr(eq + 1);
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            return std::string(name) + " needs a value";
        }
        if (name == "--submit") {
            o.url = QString::fromLocal8Bit(v.data(), qsizetype(v.size()));
        } else if (name == "--format") {
            if (v != "text" && v != "jsonl")
                return "--format is text or jsonl, not \"" + std::string(v) + "\"";
            o.jsonl = v == "jsonl";
        } else {
            const bool polls = name == "--polls";
            const auto n = polls ? parseInt(v, 1, 1000000) : parseInt(v, name == "--interval-ms" ? 10 : 100, 3600000);
            if (!n)
                return std::string(name) + " is " + (polls ? "a count from 1 to 1000000" : "a number of milliseconds")
                    + ", not \"" + std::string(v) + "\"";
            (polls ? o.polls : name == "--interval-ms" ? o.intervalMs : o.timeoutMs) = *n;
        }
    }
    if (o.url.isEmpty())
        return std::string("--submit needs the cluster's REST address (http://HOST:PORT)");
    return std::nullopt;
}

} // namespace

bool wantsSubmit(int argc, char** argv)
{
    for (int i = 2; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--submit" || a.starts_with("--submit="))
            return true;
    }
    return false;
}

int submitCommand(int argc, char** argv, const JobExporter& exporter)
{
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(exporter.usage, stdout);
            return 0;
        }
    }
    Options o;
    if (const auto error = parse(argc, argv, o))
        return usageError(*error);

    QCoreApplication app(argc, argv);
    FlinkRestClient client;
    client.setTimeoutMs(o.timeoutMs);
    QString urlError;
    if (!client.setBaseUrl(o.url, &urlError))
        return usageError("--submit: " + urlError.toStdString());

    // The project first, exactly as export-job writes it; with jsonl its report goes to stderr, out of the way.
    flinkjob::JobProject project;
    const int exported = exporter.run(o.exportArgs, o.jsonl ? std::cerr : std::cout, std::cerr, &project);
    std::cout.flush();
    if (exported != 0)
        return exported;
    if (!project.kafkaTopics.empty()) {
        // main() would run on the JobManager without the broker's address, and a cluster has no Kafka connector
        printLine(QStringLiteral("tidemark export-job: --submit: the job reads Kafka %1, which needs the "
                                 "broker's address and the Kafka connector on the cluster: run flink run %2 "
                                 "--bootstrap HOST:PORT on a cluster with flink-connector-kafka, flink-connector-base "
                                 "and kafka-clients (from target/lib) in its lib folder")
                      .arg(QString::fromStdString(project.topicsText()),
                          QDir(QString::fromStdString(o.out)).filePath(QString::fromStdString(project.jarPath()))),
            true);
        return 1;
    }

    SubmitTarget target;
    target.folder = QString::fromStdString(o.out);
    target.jarPath = QString::fromStdString(project.jarPath());
    target.mainClass = QString::fromStdString(project.mainClass);
    target.jobName = QString::fromStdString(project.jobName);
    JobSubmitter submitter(&client, target);
    submitter.setOffline(o.offline);
    submitter.setRequestTimeoutMs(std::max(o.timeoutMs, 60000));

    int status = 0;
    QObject::connect(
        &submitter, &JobSubmitter::stageChanged, &app, [&](JobSubmitter::Stage stage, const QString& text) {
            if (stage != JobSubmitter::Stage::Failed)
                printLine(text, o.jsonl);
        });
    QObject::connect(&submitter, &JobSubmitter::failed, &app, [&](const QString& message) {
        printLine(QStringLiteral("tidemark export-job: ") + message, true);
        status = 1;
        QCoreApplication::exit(status);
    });
    std::unique_ptr<WatermarkPoller> follow;
    QObject::connect(&submitter, &JobSubmitter::submitted, &app, [&](const QString& jobId) {
        if (o.jsonl)
            printJson({{QStringLiteral("type"), QStringLiteral("submitted")}, {QStringLiteral("job"), jobId},
                {QStringLiteral("jar"), submitter.jarId()}, {QStringLiteral("name"), target.jobName},
                {QStringLiteral("url"), client.baseUrl().toString()}});
        else
            printLine(QStringLiteral("Following it as tidemark attach %1 --job %2 does:")
                          .arg(client.baseUrl().toString(), jobId));
        follow = std::make_unique<WatermarkPoller>(&client, jobId);
        follow->setIntervalMs(o.intervalMs);
        follow->setMaxPolls(o.polls);
        QObject::connect(follow.get(), &WatermarkPoller::sampled, &app,
            [&, jobId](const AttachSample& sample) { printAttachPoll(sample, jobId, o.jsonl); });
        QObject::connect(
            follow.get(), &WatermarkPoller::stopped, &app, [&, jobId](const QString& message, bool failed) {
                const QString state = follow->lastJobState();
                if (!message.isEmpty()) {
                    printLine(QStringLiteral("tidemark export-job: ") + message, true);
                    if (!failed && o.jsonl)
                        printJson({{QStringLiteral("type"), QStringLiteral("end")}, {QStringLiteral("job"), jobId},
                            {QStringLiteral("polls"), follow->polls()}, {QStringLiteral("state"), state},
                            {QStringLiteral("message"), message}});
                }
                status = failed || state == QLatin1String("FAILED") ? 1 : 0;
                QCoreApplication::exit(status);
            });
        follow->start();
    });
    // from the event loop: a failure at once (no Maven) must find the loop running to end it
    QTimer::singleShot(0, &submitter, &JobSubmitter::start);
    QCoreApplication::exec();
    return status;
}

} // namespace tidemark::app
