#pragma once

// A fake Flink REST endpoint on 127.0.0.1 for the attach and submit tests: it reads each request whole (headers
// and a Content-Length body), answers it from a route as Flink's REST API would, one request per connection, and
// records what it was sent. And a loopback port that nothing listens on.

#include <QByteArray>
#include <QHostAddress>
#include <QString>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>

#include <functional>
#include <map>
#include <vector>

namespace tidemark::test {

struct Request {
    QByteArray method;
    QString path;
    std::map<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
};

struct Answer {
    int status = 200;
    QByteArray body;
};

// An HTTP server on 127.0.0.1 that reads each request whole (headers and Content-Length body) and answers it from
// `route`, as Flink's REST endpoint would; one request per connection. It records what it was sent.
class FakeFlink : public QObject {
public:
    using Route = std::function<Answer(const Request&)>;

    explicit FakeFlink(Route route)
        : m_route(std::move(route))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    const std::vector<Request>& requests() const { return m_requests; }
    // The paths (with their queries) of the requests, in the order they came.
    QStringList paths() const
    {
        QStringList paths;
        for (const Request& r : m_requests)
            paths << r.path;
        return paths;
    }

private:
    void read(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        Request r;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        const QList<QByteArray> first = lines.front().trimmed().split(' ');
        r.method = first.value(0);
        r.path = QString::fromLatin1(first.value(1));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                r.headers[lines[i].left(colon).trimmed().toLower()] = lines[i].mid(colon + 1).trimmed();
        }
        const qsizetype length = r.headers.count("content-length") ? r.headers["content-length"].toLongLong() : 0;
        if (buffer.size() < end + 4 + length)
            return; // the body is still coming
        r.body = buffer.mid(end + 4, length);
        m_buffers.erase(socket);
        m_requests.push_back(r);
        const Answer a = m_route(r);
        const QByteArray reason = a.status == 200 ? "OK"
            : a.status == 404                     ? "Not Found"
            : a.status == 400                     ? "Bad Request"
            : a.status == 500                     ? "Internal Server Error"
                                                  : "Error";
        socket->write("HTTP/1.1 " + QByteArray::number(a.status) + ' ' + reason
            + "\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: "
            + QByteArray::number(a.body.size()) + "\r\nConnection: close\r\n\r\n" + a.body);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    Route m_route;
    std::map<QTcpSocket*, QByteArray> m_buffers;
    std::vector<Request> m_requests;
};

// A port on 127.0.0.1 that nothing listens on: taken from the system, then given back.
inline quint16 closedPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

} // namespace tidemark::test
