#include "engine/live/LiveSource.h"

#include <poll.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <thread>

namespace tidemark::live {

namespace {

constexpr std::size_t kReadBytes = 64 * 1024;

std::string durationText(Timestamp ms)
{
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

} // namespace

LiveSource::LiveSource()
    : m_opened(std::chrono::steady_clock::now())
{ }

LiveSource::~LiveSource() = default;

Timestamp LiveSource::now() const
{
    const auto since = std::chrono::steady_clock::now() - m_opened;
    return std::chrono::duration_cast<std::chrono::milliseconds>(since).count();
}

bool LiveSource::poll(int timeoutMs, std::vector<LiveEvent>& out)
{
    if (m_ended)
        return false;
    if (m_stopRequested)
        stop(out);
    else
        pollOnce(timeoutMs, out);
    if (!m_ended) {
        // Wait out the millisecond: a line read from now on is read after it, so the run may go up to it.
        LiveEvent clock;
        clock.kind = LiveEvent::Kind::Clock;
        clock.at = now();
        while (now() == clock.at)
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        out.push_back(std::move(clock));
    }
    return !m_ended;
}

void LiveSource::end(std::vector<LiveEvent>& out, std::string why, bool failed)
{
    out.push_back({LiveEvent::Kind::Ended, now(), 1, std::move(why), 0, failed});
    m_ended = true;
}

void LiveSource::notice(std::vector<LiveEvent>& out, Timestamp at, std::string text, int client)
{
    out.push_back({LiveEvent::Kind::Notice, at, client, std::move(text), 0, false});
}

void LiveSource::split(
    LineSplitter& splitter, std::string_view bytes, Timestamp at, int client, std::vector<LiveEvent>& out)
{
    splitter.feed(
        bytes,
        [&](std::string_view line) {
            out.push_back({LiveEvent::Kind::Line, at, client, std::string(line), 0, false});
        },
        [&](std::uint64_t length) {
            out.push_back({LiveEvent::Kind::TooLong, at, client, {}, length, false});
        });
}

// ---------------------------------------------------------------------------------------------------------

SocketSource::SocketSource(Endpoint peer, Options options)
    : m_peer(std::move(peer))
    , m_options(options)
    , m_splitter(kMaxLineBytes)
{ }

bool SocketSource::connect(std::vector<LiveEvent>& out)
{
    std::string error;
    auto socket = Socket::connect(m_peer, m_options.connectTimeoutMs, error, [this] { return stopRequested(); });
    if (!socket) {
        // SocketTextStreamFunction lets the connect exception fail the job, first attempt or reconnection alike.
        end(out, error, true);
        return false;
    }
    m_socket = std::move(*socket);
    notice(out, now(), (m_everConnected ? "reconnected to " : "connected to ") + m_peer.toString());
    m_everConnected = true;
    return true;
}

void SocketSource::pollOnce(int timeoutMs, std::vector<LiveEvent>& out)
{
    if (!m_socket.valid()) {
        if (m_reconnectAt && now() < *m_reconnectAt) {
            pollfd none {};
            ::poll(&none, 0, static_cast<int>(std::min<Timestamp>(timeoutMs, *m_reconnectAt - now())));
            return;
        }
        m_reconnectAt.reset();
        if (!connect(out))
            return;
    }
    pollfd p {m_socket.fd(), POLLIN, 0};
    if (::poll(&p, 1, timeoutMs) <= 0)
        return;
    std::array<char, kReadBytes> buffer;
    for (int reads = 0; reads < 16; ++reads) {
        const Socket::ReadResult r = m_socket.read(buffer.data(), buffer.size());
        const Timestamp at = now();
        if (r.bytes > 0)
            split(m_splitter, std::string_view(buffer.data(), r.bytes), at, 1, out);
        if (r.closed && !r.error.empty()) {
            // A read that fails is no end of stream: Flink's reading loop throws, and the job fails, without a
            // retry and without the trailing data.
            m_socket.close();
            end(out, "the connection to " + m_peer.toString() + " broke: " + r.error, true);
            return;
        }
        if (r.closed) {
            m_socket.close();
            ++m_closes;
            const std::string why = m_peer.toString() + " closed the connection";
            if (m_options.maxRetries == -1 || m_closes < m_options.maxRetries) {
                notice(out, at,
                    why + "; reconnecting in " + std::to_string(m_options.retryDelayMs) + " ms (retry "
                        + std::to_string(m_closes)
                        + (m_options.maxRetries == -1 ? "" : " of " + std::to_string(m_options.maxRetries - 1)) + ")");
                m_reconnectAt = at + m_options.retryDelayMs;
                return;
            }
            if (m_splitter.holdsPartialLine())
                split(m_splitter, "\n", at, 1, out); // Flink's trailing data, once reading is over
            end(out, why, false);
            return;
        }
        if (r.bytes < buffer.size())
            return;
    }
}

void SocketSource::stop(std::vector<LiveEvent>& out)
{
    // Flink collects the trailing data once the reading loop is over, whichever way it ended.
    const Timestamp at = now();
    if (m_splitter.holdsPartialLine())
        split(m_splitter, "\n", at, 1, out);
    m_socket.close();
    end(out, "stopped", false);
}

// ---------------------------------------------------------------------------------------------------------

std::unique_ptr<ListenSource> ListenSource::open(const Endpoint& at, Options options, std::string& error)
{
    auto listener = Socket::listen(at, error);
    if (!listener)
        return nullptr;
    Endpoint bound = at;
    bound.port = listener->localPort();
    return std::unique_ptr<ListenSource>(new ListenSource(bound, std::move(*listener), options));
}

ListenSource::ListenSource(Endpoint at, Socket listener, Options options)
    : m_at(std::move(at))
    , m_listener(std::move(listener))
    , m_options(options)
{ }

std::string ListenSource::connectionName(int client) const
{
    return m_at.toString() + " client " + std::to_string(client);
}

void ListenSource::pollOnce(int timeoutMs, std::vector<LiveEvent>& out)
{
    std::vector<pollfd> fds;
    if (m_acceptPausedUntil && now() >= *m_acceptPausedUntil)
        m_acceptPausedUntil.reset();
    fds.push_back({m_acceptPausedUntil ? -1 : m_listener.fd(), POLLIN, 0}); // -1: poll leaves it out
    for (const auto& c : m_clients)
        fds.push_back({c->socket.fd(), POLLIN, 0});
    int wait = timeoutMs;
    if (m_options.untilIdleMs && m_clients.empty() && m_lastLeftAt)
        wait = static_cast<int>(std::clamp<Timestamp>(*m_lastLeftAt + *m_options.untilIdleMs - now(), 0, timeoutMs));
    const int ready = ::poll(fds.data(), static_cast<nfds_t>(fds.size()), wait);
    if (ready > 0 && (fds[0].revents & POLLIN)) {
        std::string peer;
        int acceptError = 0;
        while (auto client = m_listener.accept(peer, &acceptError)) {
            const Timestamp at = now();
            if (static_cast<int>(m_clients.size()) >= m_options.maxClients) {
                notice(out, at,
                    "refused a connection from " + peer + ": " + std::to_string(m_options.maxClients)
                        + " clients are connected already");
                continue;
            }
            auto c = std::make_unique<Client>();
            c->id = m_nextClient++;
            c->peer = peer;
            c->socket = std::move(*client);
            c->splitter = LineSplitter(kMaxLineBytes);
            notice(out, at, "client " + std::to_string(c->id) + " connected from " + peer, c->id);
            m_clients.push_back(std::move(c));
            fds.push_back({m_clients.back()->socket.fd(), POLLIN, 0});
            fds.back().revents = POLLIN; // read what it may have sent already
        }
        if (acceptError != 0) {
            notice(out, now(), std::string("cannot take a new connection now: ") + std::strerror(acceptError));
            m_acceptPausedUntil = now() + 1000;
        }
    }
    std::array<char, kReadBytes> buffer;
    for (std::size_t i = m_clients.size(); i-- > 0;) {
        if (!(fds[i + 1].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        Client& c = *m_clients[i];
        for (int reads = 0; reads < 16; ++reads) {
            const Socket::ReadResult r = c.socket.read(buffer.data(), buffer.size());
            const Timestamp at = now();
            if (r.bytes > 0) {
                const std::size_t before = out.size();
                split(c.splitter, std::string_view(buffer.data(), r.bytes), at, c.id, out);
                c.lines += out.size() - before;
            }
            if (r.closed) {
                closeClient(i, at, r.error, out);
                break;
            }
            if (r.bytes < buffer.size())
                break;
        }
    }
    if (m_options.untilIdleMs && m_clients.empty() && m_lastLeftAt && now() >= *m_lastLeftAt + *m_options.untilIdleMs)
        end(out, "every client has closed and none came for " + durationText(*m_options.untilIdleMs), false);
}

void ListenSource::closeClient(std::size_t index, Timestamp at, const std::string& why, std::vector<LiveEvent>& out)
{
    Client& c = *m_clients[index];
    if (c.splitter.holdsPartialLine()) {
        split(c.splitter, "\n", at, c.id, out);
        ++c.lines;
    }
    notice(out, at,
        "client " + std::to_string(c.id) + " (" + c.peer + ") "
            + (why.empty() ? "closed its connection" : "lost its connection: " + why) + " after "
            + std::to_string(c.lines) + (c.lines == 1 ? " line" : " lines"),
        c.id);
    m_clients.erase(m_clients.begin() + static_cast<std::ptrdiff_t>(index));
    m_lastLeftAt = at;
}

void ListenSource::stop(std::vector<LiveEvent>& out)
{
    const Timestamp at = now();
    while (!m_clients.empty())
        closeClient(m_clients.size() - 1, at, {}, out);
    m_listener.close();
    end(out, "stopped", false);
}

} // namespace tidemark::live
