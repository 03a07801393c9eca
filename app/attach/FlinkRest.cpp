#include "app/attach/FlinkRest.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

namespace tidemark::app {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::FlinkRest)
};

std::optional<QJsonDocument> parse(const QByteArray& body, QString* error)
{
    QJsonParseError parseError;
    QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (doc.isNull()) {
        if (error)
            *error = Text::tr("the answer is not JSON (%1): %2").arg(parseError.errorString(), errorBodyExcerpt(body));
        return std::nullopt;
    }
    return doc;
}

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

// A metrics answer: a list of {"id", "value"} objects.
std::optional<QJsonArray> parseMetricList(const QByteArray& body, QString* error)
{
    const auto doc = parse(body, error);
    if (!doc)
        return std::nullopt;
    if (!doc->isArray()) {
        fail(error, Text::tr("the metrics answer is not a list: %1").arg(errorBodyExcerpt(body)));
        return std::nullopt;
    }
    return doc->array();
}

// Flink writes longs as JSON numbers in job answers and as strings in metric answers.
std::optional<qint64> toLong(const QJsonValue& v)
{
    if (v.isString()) {
        bool ok = false;
        const qint64 n = v.toString().toLongLong(&ok);
        return ok ? std::optional<qint64>(n) : std::nullopt;
    }
    if (v.isDouble())
        return static_cast<qint64>(v.toDouble());
    return std::nullopt;
}

} // namespace

std::optional<std::vector<FlinkJob>> parseJobsOverview(const QByteArray& body, QString* error)
{
    const auto doc = parse(body, error);
    if (!doc)
        return std::nullopt;
    if (!doc->isObject() || !doc->object().value(QStringLiteral("jobs")).isArray()) {
        fail(error, Text::tr("the jobs overview has no \"jobs\" list: %1").arg(errorBodyExcerpt(body)));
        return std::nullopt;
    }
    std::vector<FlinkJob> jobs;
    for (const QJsonValue& v : doc->object().value(QStringLiteral("jobs")).toArray()) {
        const QJsonObject o = v.toObject();
        FlinkJob job;
        job.id = o.value(QStringLiteral("jid")).toString();
        job.name = o.value(QStringLiteral("name")).toString();
        job.state = o.value(QStringLiteral("state")).toString();
        job.startTime = toLong(o.value(QStringLiteral("start-time"))).value_or(0);
        if (job.id.isEmpty()) {
            fail(error, Text::tr("a job in the overview has no \"jid\""));
            return std::nullopt;
        }
        jobs.push_back(job);
    }
    return jobs;
}

std::optional<FlinkJobDetails> parseJobDetails(const QByteArray& body, QString* error)
{
    const auto doc = parse(body, error);
    if (!doc)
        return std::nullopt;
    const QJsonObject o = doc->object();
    if (!doc->isObject() || !o.value(QStringLiteral("vertices")).isArray()) {
        fail(error, Text::tr("the job's answer has no \"vertices\" list: %1").arg(errorBodyExcerpt(body)));
        return std::nullopt;
    }
    FlinkJobDetails job;
    job.id = o.value(QStringLiteral("jid")).toString();
    job.name = o.value(QStringLiteral("name")).toString();
    job.state = o.value(QStringLiteral("state")).toString();
    for (const QJsonValue& v : o.value(QStringLiteral("vertices")).toArray()) {
        const QJsonObject vo = v.toObject();
        FlinkVertexInfo vertex;
        vertex.id = vo.value(QStringLiteral("id")).toString();
        vertex.name = vo.value(QStringLiteral("name")).toString();
        vertex.parallelism = static_cast<int>(toLong(vo.value(QStringLiteral("parallelism"))).value_or(0));
        vertex.status = vo.value(QStringLiteral("status")).toString();
        if (vertex.id.isEmpty() || vertex.parallelism <= 0) {
            fail(error, Text::tr("a vertex of the job has no id or parallelism"));
            return std::nullopt;
        }
        job.vertices.push_back(vertex);
    }
    return job;
}

std::optional<std::map<QString, qint64>> parseMetricValues(const QByteArray& body, QString* error)
{
    const auto metrics = parseMetricList(body, error);
    if (!metrics)
        return std::nullopt;
    std::map<QString, qint64> values;
    for (const QJsonValue& v : *metrics) {
        const QJsonObject o = v.toObject();
        const QString id = o.value(QStringLiteral("id")).toString();
        const auto value = toLong(o.value(QStringLiteral("value")));
        if (id.isEmpty() || !value) {
            fail(error,
                Text::tr("a metric has no id or no integer value: %1")
                    .arg(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact))));
            return std::nullopt;
        }
        values[id] = *value;
    }
    return values;
}

std::optional<std::vector<QString>> parseMetricIds(const QByteArray& body, QString* error)
{
    const auto metrics = parseMetricList(body, error);
    if (!metrics)
        return std::nullopt;
    std::vector<QString> ids;
    for (const QJsonValue& v : *metrics)
        ids.push_back(v.toObject().value(QStringLiteral("id")).toString());
    return ids;
}

std::optional<Timestamp> subtaskInputWatermark(const std::map<QString, qint64>& values, int subtask)
{
    const auto it = values.find(QStringLiteral("%1.currentInputWatermark").arg(subtask));
    if (it == values.end())
        return std::nullopt;
    return it->second;
}

std::map<int, std::map<int, QString>> inputWatermarkMetrics(const std::vector<QString>& ids)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)\\..+\\.currentInput(\\d+)Watermark$"));
    std::map<int, std::map<int, QString>> out;
    for (const QString& id : ids) {
        const auto m = pattern.match(id);
        if (m.hasMatch())
            out[m.captured(1).toInt()][m.captured(2).toInt()] = id;
    }
    return out;
}

bool isTerminalJobState(const QString& state)
{
    static const QStringList terminal {
        QStringLiteral("FINISHED"), QStringLiteral("CANCELED"), QStringLiteral("FAILED"), QStringLiteral("SUSPENDED")};
    return terminal.contains(state);
}

QString errorBodyExcerpt(const QByteArray& body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject() && doc.object().value(QStringLiteral("errors")).isArray()) {
        QStringList errors;
        for (const QJsonValue& e : doc.object().value(QStringLiteral("errors")).toArray()) {
            // Flink appends a stack trace, and wraps what it did not expect in "<Exception on server side:"
            QStringList lines = e.toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            if (!lines.isEmpty() && lines.front().startsWith(QLatin1String("<Exception on server side:")))
                lines.removeFirst();
            if (lines.isEmpty())
                continue;
            QString text = lines.front().trimmed();
            for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
                const QString line = it->trimmed();
                if (line.startsWith(QLatin1String("Caused by: "))) {
                    const QString cause = line.mid(11);
                    if (!text.contains(cause))
                        text += Text::tr(" (caused by %1)").arg(cause);
                    break;
                }
            }
            if (!errors.contains(text))
                errors << text;
        }
        return errors.join(QStringLiteral("; "));
    }
    QString text = QString::fromUtf8(body).simplified();
    if (text.size() > 200)
        text = text.left(200) + QStringLiteral("…");
    return text.isEmpty() ? Text::tr("(empty body)") : text;
}

std::optional<QString> parseJarUpload(const QByteArray& body, QString* error)
{
    const auto doc = parse(body, error);
    if (!doc)
        return std::nullopt;
    const QJsonObject o = doc->object();
    const QString file = o.value(QStringLiteral("filename")).toString();
    if (o.value(QStringLiteral("status")).toString() != QLatin1String("success") || file.isEmpty()) {
        fail(error, Text::tr("the upload's answer names no uploaded jar: %1").arg(errorBodyExcerpt(body)));
        return std::nullopt;
    }
    return file.section(QLatin1Char('/'), -1).section(QLatin1Char('\\'), -1);
}

std::optional<QString> parseJarRun(const QByteArray& body, QString* error)
{
    const auto doc = parse(body, error);
    if (!doc)
        return std::nullopt;
    const QString job = doc->object().value(QStringLiteral("jobid")).toString();
    if (job.isEmpty()) {
        fail(error, Text::tr("the run's answer names no job: %1").arg(errorBodyExcerpt(body)));
        return std::nullopt;
    }
    return job;
}

} // namespace tidemark::app
