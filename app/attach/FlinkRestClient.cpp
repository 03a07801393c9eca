#include "app/attach/FlinkRestClient.h"

#include "app/attach/FlinkRest.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>

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

void FlinkRestClient::get(const QString& path, QObject* context, std::function<void(const RestResult&)> done)
{
    QUrl url = m_base;
    const qsizetype q = path.indexOf(QLatin1Char('?'));
    url.setPath(q < 0 ? path : path.left(q));
    if (q >= 0)
        url.setQuery(path.mid(q + 1));
    QNetworkRequest request(url);
    request.setTransferTimeout(m_timeoutMs);
    request.setRawHeader("Accept", "application/json");
    QNetworkReply* reply = m_network->get(request);
    const QString where = m_base.authority();
    const int timeoutMs = m_timeoutMs;
    connect(reply, &QNetworkReply::finished, context, [reply, done = std::move(done), where, path, timeoutMs] {
        reply->deleteLater();
        RestResult r;
        r.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->isOpen())
            r.body = reply->readAll();
        if (r.httpStatus >= 400) {
            r.error = tr("HTTP %1 %2 from GET %3: %4")
                          .arg(r.httpStatus)
                          .arg(reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString(), path,
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
                r.error = tr("No answer from %1 to GET %2 within %3 s.").arg(where, path).arg(timeoutMs / 1000.0);
                break;
            default:
                r.error = tr("GET %1 from %2 failed: %3").arg(path, where, reply->errorString());
                break;
            }
        }
        done(r);
    });
}

} // namespace tidemark::app
