#pragma once

// The other ends of the live sources, in the test itself: a server a SocketSource connects to (on its own
// thread, as `nc -lk` would be), a client of a ListenSource or a reader of a LineForwarder. 127.0.0.1 only;
// every wait has a deadline, so a broken source fails a test instead of hanging it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>

namespace tidemark::test {

using SteadyClock = std::chrono::steady_clock;

inline std::int64_t msBetween(SteadyClock::time_point from, SteadyClock::time_point to)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}

// One connected TCP socket, blocking, with writes and reads bounded by a few seconds.
class Peer {
public:
    explicit Peer(int fd = -1)
        : m_fd(fd)
    {
        if (m_fd >= 0) {
            const timeval five {5, 0};
            setsockopt(m_fd, SOL_SOCKET, SO_SNDTIMEO, &five, sizeof five);
        }
    }
    Peer(Peer&& o) noexcept
        : m_fd(o.m_fd)
    {
        o.m_fd = -1;
    }
    Peer& operator=(Peer&& o) noexcept
    {
        std::swap(m_fd, o.m_fd);
        return *this;
    }
    ~Peer() { close(); }

    // A client of 127.0.0.1:port (a listening socket takes it into its backlog before any accept).
    static Peer connect(std::uint16_t port)
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) {
            ::close(fd);
            return Peer();
        }
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        return Peer(fd);
    }

    bool valid() const { return m_fd >= 0; }

    // All of `bytes`, or false (the other end went, or did not read for 5 s).
    bool send(std::string_view bytes)
    {
        while (!bytes.empty()) {
            const ssize_t n = ::send(m_fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

    // What arrives within `timeoutMs`, stopping early once `enough` bytes are there; `closed` when the other
    // end closed.
    std::string receive(std::size_t enough, int timeoutMs, bool* closed = nullptr)
    {
        std::string got;
        const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeoutMs);
        while (got.size() < enough) {
            const auto left = msBetween(SteadyClock::now(), deadline);
            pollfd p {m_fd, POLLIN, 0};
            if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0)
                break;
            char buffer[4096];
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                if (closed)
                    *closed = true;
                break;
            }
            got.append(buffer, static_cast<std::size_t>(n));
        }
        return got;
    }

    void close()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

    // Closes with a reset (RST) instead of an orderly end of stream: the connection breaks.
    void reset()
    {
        const linger hard {1, 0};
        setsockopt(m_fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
        close();
    }

private:
    int m_fd = -1;
};

// A listening socket on 127.0.0.1 and a free port; port() is 0 when it could not be made.
inline int listenOnLoopback(std::uint16_t& port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_port = 0;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0 || ::listen(fd, 8) != 0
        || getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        if (fd >= 0)
            ::close(fd);
        port = 0;
        return -1;
    }
    port = ntohs(a.sin_port);
    return fd;
}

// A port nothing listens on (it was free a moment ago): connecting to it is refused.
inline std::uint16_t closedPort()
{
    std::uint16_t port = 0;
    const int fd = listenOnLoopback(port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

// A server on its own thread: accepts `connections` connections one after the other and runs the script on
// each; the listening socket closes once the last one is accepted, so that a further connection is refused.
class TestServer {
public:
    using Script = std::function<void(Peer& peer, int connection)>;

    TestServer(int connections, Script script)
    {
        m_listener = listenOnLoopback(m_port);
        if (m_listener < 0)
            return;
        m_thread = std::thread([this, connections, script = std::move(script)] {
            for (int c = 0; c < connections; ++c) {
                pollfd p {m_listener, POLLIN, 0};
                if (::poll(&p, 1, 5000) <= 0)
                    break; // nobody came: the test fails on its own deadline
                Peer peer(::accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC));
                if (c + 1 == connections) {
                    ::close(m_listener);
                    m_listener = -1;
                }
                script(peer, c);
                m_accepted = c + 1;
            }
        });
    }
    ~TestServer()
    {
        join();
        if (m_listener >= 0)
            ::close(m_listener);
    }
    TestServer(const TestServer&) = delete;
    TestServer& operator=(const TestServer&) = delete;

    std::uint16_t port() const { return m_port; }
    // Waits for the scripts to finish (each is bounded: a blocked send gives up after 5 s).
    void join()
    {
        if (m_thread.joinable())
            m_thread.join();
    }
    int accepted() const { return m_accepted; }

private:
    std::uint16_t m_port = 0;
    int m_listener = -1;
    std::atomic<int> m_accepted {0};
    std::thread m_thread;
};

inline void pauseMs(int ms)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// Text written by one thread and read by another while it is written (a run's stderr watched for a port).
class SharedText : public std::streambuf {
public:
    std::string text() const
    {
        const std::lock_guard lock(m_mutex);
        return m_text;
    }

protected:
    int_type overflow(int_type c) override
    {
        if (c != traits_type::eof()) {
            const std::lock_guard lock(m_mutex);
            m_text.push_back(static_cast<char>(c));
        }
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        const std::lock_guard lock(m_mutex);
        m_text.append(s, static_cast<std::size_t>(n));
        return n;
    }

private:
    mutable std::mutex m_mutex;
    std::string m_text;
};

} // namespace tidemark::test
