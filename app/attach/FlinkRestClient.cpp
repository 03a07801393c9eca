#include "app/attach/FlinkRestClient.h"

#include "app/attach/FlinkRest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QHttpMultiPart>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace tidemark::app {

FlinkRestClient::FlinkRestClient(QObject* parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{ }

bool FlinkRestClient::setBaseUrl(const QString& url, QString* error)
{
    QString text = url.trimmed();
    if (!text.contains(QStringLiteral("://")))
        text.prepend(QStringLiteral("http://"));
    const QUrl parsed(text, QUrl::StrictMode);
    const bool fine = parsed.isValid()
        && (parsed.scheme() == QLatin1String("http") || parsed.scheme() == QLatin1String("https"))
        && !parsed.host().isEmpty() && parsed.userInfo().isEmpty() && !parsed.hasQuery() && !parsed.hasFragment()
        && (parsed.path().isEmpty() || parsed.path() == QLatin1String("/"));
    if (!fine) {
        if (error)
            *error = tr("\"%1\" is not the address of a Flink REST API: write it as http://HOST:PORT (the "
                        "JobManager's rest.port, 8081 by default).")
                         .arg(url);
        return false;
    }
    m_base = parsed.adjusted(QUrl::StripTrailingSlash);
    m_base.setPath(QString());
    // a cluster on this machine is reached directly, whatever proxy the environment names
    const QHostAddress host(m_base.host());
    const bool loopback = host.isLoopback() || m_base.host() == QLatin1String("localhost");
    m_network->setProxy(loopback ? QNetworkProxy(QNetworkProxy::NoProxy) : QNetworkProxy(QNetworkProxy::DefaultProxy));
    return true;
}

QNetworkRequest FlinkRestClient::request(const QString& path, int timeoutMs) const
{
    QUrl url = m_base;
    const qsizetype q = path.indexOf(QLatin1Char('?'));
    url.setPath(q < 0 ? path : path.left(q));
    if (q >= 0)
        url.setQuery(path.mid(q + 1));
    QNetworkRequest request(url);
    request.setTransferTimeout(timeoutMs > 0 ? timeoutMs : m_timeoutMs);
    request.setRawHeader("Accept", "application/json");
    return request;
}

void FlinkRestClient::get(const QString& path, QObject* context, std::function<void(const RestResult&)> done)
{
    finish(m_network->get(request(path, 0)), QStringLiteral("GET ") + path, m_timeoutMs, context, std::move(done));
}

void FlinkRestClient::postJson(const QString& path, const QByteArray& json, QObject* context,
    std::function<void(const RestResult&)> done, int timeoutMs)
{
    QNetworkRequest r = request(path, timeoutMs);
    r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    finish(m_network->post(r, json), QStringLiteral("POST ") + path, timeoutMs > 0 ? timeoutMs : m_timeoutMs, context,
        std::move(done));
}

void FlinkRestClient::uploadFile(const QString& path, const QString& field, const QString& filePath,
    const QByteArray& contentType, QObject* context, std::function<void(const RestResult&)> done, int timeoutMs)
{
    auto* file = new QFile(filePath);
    if (!file->open(QIODevice::ReadOnly)) {
        RestResult r;
        r.error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(filePath), file->errorString());
        delete file;
        // from the event loop, as an answer would come
        QTimer::singleShot(0, context, [done = std::move(done), r] { done(r); });
        return;
    }
    auto* multipart = new QHttpMultiPart(QHttpMultiPart::FormDataType);
    QHttpPart part;
    // Flink keeps the upload under the name the client gives, and takes only names ending in .jar
    const QString name = QFileInfo(filePath).fileName().replace(QLatin1Char('"'), QLatin1Char('_'));
    part.setHeader(QNetworkRequest::ContentDispositionHeader,
        QStringLiteral("form-data; name=\"%1\"; filename=\"%2\"").arg(field, name));
    part.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    part.setBodyDevice(file);
    file->setParent(multipart);
    multipart->append(part);
    QNetworkReply* reply = m_network->post(request(path, timeoutMs), multipart);
    multipart->setParent(reply);
    finish(reply, QStringLiteral("POST ") + path, timeoutMs > 0 ? timeoutMs : m_timeoutMs, context, std::move(done));
}

void FlinkRestClient::abortAll()
{
    for (QNetworkReply* reply : m_network->findChildren<QNetworkReply*>()) {
        if (reply->isRunning())
            reply->abort();
    }
}

void FlinkRestClient::finish(QNetworkReply* reply, const QString& what, int timeoutMs, QObject* context,
    std::function<void(const RestResult&)> done)
{
    const QString where = m_base.authority();
    connect(reply, &QNetworkReply::finished, context, [reply, done = std::move(done), where, what, timeoutMs] {
        reply->deleteLater();
        RestResult r;
        r.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->isOpen())
            r.body = reply->readAll();
        if (r.httpStatus >= 400) {
            r.error = tr("HTTP %1 %2 from %3: %4")
                          .arg(r.httpStatus)
                          .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString(), what,
                              errorBodyExcerpt(r.body));
        } else {
            switch (reply->error()) {
            case QNetworkReply::NoError:
                r.ok = true;
                break;
            case QNetworkReply::ConnectionRefusedError:
                r.error = tr("Cannot connect to %1: connection refused. Is the Flink cluster running, and is this "
                             "its REST port (rest.port, 8081 by default)?")
                              .arg(where);
                break;
            case QNetworkReply::HostNotFoundError:
                r.error = tr("Cannot connect to %1: host not found.").arg(where);
                break;
            case QNetworkReply::OperationCanceledError: // the transfer timeout cancels the request
            case QNetworkReply::TimeoutError:
                r.error = tr("No answer from %1 to %2 within %3 s.").arg(where, what).arg(timeoutMs / 1000.0);
                break;
            default:
                r.error = tr("%1 at %2 failed: %3").arg(what, where, reply->errorString());
                break;
            }
        }
        done(r);
    });
}

} // namespace tidemark::app
