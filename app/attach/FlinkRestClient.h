#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace tidemark::app {

// One request to Flink's REST API: the body on success, else a message that says what went wrong.
struct RestResult {
    bool ok = false;
    int httpStatus = 0; // 0 when no HTTP answer came
    QByteArray body;
    QString error;
};

// The HTTP client of `tidemark attach`, File ▸ Attach to Flink… and of submitting a job: requests relative to the
// cluster's REST address, each bounded by a timeout, with a clear message for a bad address, a refused connection,
// no answer in time and an HTTP error (its status and the start of Flink's error body).
class FlinkRestClient : public QObject {
    Q_OBJECT

public:
    explicit FlinkRestClient(QObject* parent = nullptr);

    // "http://HOST:PORT" (a bare HOST:PORT means http). False, with `error` set, for anything else.
    bool setBaseUrl(const QString& url, QString* error = nullptr);
    QUrl baseUrl() const { return m_base; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }

    // GETs `path` ("/jobs/overview", may carry a query); `done` runs once from the event loop, unless `context`
    // is gone by then.
    void get(const QString& path, QObject* context, std::function<void(const RestResult&)> done);
    // POSTs a JSON body (`/jars/:jarid/run`), bounded by `timeoutMs` (0: timeoutMs()).
    void postJson(const QString& path, const QByteArray& json, QObject* context,
        std::function<void(const RestResult&)> done, int timeoutMs = 0);
    // POSTs one file as multipart/form-data under `field` (`/jars/upload`, field "jarfile"), bounded by `timeoutMs`
    // (0: timeoutMs()). A file that cannot be read is an error without any request.
    void uploadFile(const QString& path, const QString& field, const QString& filePath, const QByteArray& contentType,
        QObject* context, std::function<void(const RestResult&)> done, int timeoutMs = 0);
    // Gives up every request under way; their callbacks run with an error (the caller knows it cancelled).
    void abortAll();

private:
    QNetworkRequest request(const QString& path, int timeoutMs) const;
    void finish(QNetworkReply* reply, const QString& what, int timeoutMs, QObject* context,
        std::function<void(const RestResult&)> done);

    QNetworkAccessManager* m_network;
    QUrl m_base;
    int m_timeoutMs = 5000;
};

} // namespace tidemark::app
