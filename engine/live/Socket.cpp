#include "engine/live/Socket.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

namespace tidemark::live {

namespace {

struct AddrInfoFree {
    void operator()(addrinfo* a) const { freeaddrinfo(a); }
};
using AddrInfo = std::unique_ptr<addrinfo, AddrInfoFree>;

AddrInfo resolve(const Endpoint& e, bool passive, std::string& error)
{
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(e.port);
    if (const int rc = getaddrinfo(e.host.c_str(), port.c_str(), &hints, &found); rc != 0) {
        error = "cannot find host \"" + e.host + "\": " + gai_strerror(rc);
        return nullptr;
    }
    return AddrInfo(found);
}

bool setNonBlocking(int fd)
{
    const int flags = fcntl(fd, F_GETFL, 0);
    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

std::string describe(const sockaddr* a)
{
    char host[NI_MAXHOST] = {};
    char port[NI_MAXSERV] = {};
    const socklen_t len = a->sa_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
    if (getnameinfo(a, len, host, sizeof host, port, sizeof port, NI_NUMERICHOST | NI_NUMERICSERV) != 0)
        return "?";
    Endpoint e {host, static_cast<std::uint16_t>(std::atoi(port))};
    return e.toString();
}

} // namespace

Socket::Socket(Socket&& other) noexcept
    : m_fd(other.m_fd)
{
    other.m_fd = -1;
}

Socket& Socket::operator=(Socket&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

Socket::~Socket()
{
    close();
}

void Socket::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

std::optional<Socket> Socket::connect(
    const Endpoint& to, int timeoutMs, std::string& error, const std::function<bool()>& cancelled)
{
    const AddrInfo addresses = resolve(to, false, error);
    if (!addresses)
        return std::nullopt;
    std::string lastError = "no address";
    for (const addrinfo* a = addresses.get(); a; a = a->ai_next) {
        Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (!s.valid() || !setNonBlocking(s.m_fd)) {
            lastError = std::strerror(errno);
            continue;
        }
        int rc = ::connect(s.m_fd, a->ai_addr, a->ai_addrlen);
        if (rc != 0 && errno == EINPROGRESS) {
            // wait in slices, so that a stop asked for meanwhile is not kept waiting for the whole timeout
            int waited = 0;
            rc = 0;
            while (rc == 0 && waited < timeoutMs && !(cancelled && cancelled())) {
                pollfd p {s.m_fd, POLLOUT, 0};
                const int slice = std::min(100, timeoutMs - waited);
                rc = ::poll(&p, 1, slice);
                if (rc < 0 && errno == EINTR)
                    rc = 0;
                waited += slice;
            }
            if (rc <= 0) {
                lastError = cancelled && cancelled() ? std::string("stopped while connecting")
                    : rc < 0                         ? std::string(std::strerror(errno))
                                                     : "no answer within " + std::to_string(timeoutMs / 1000) + " s";
                continue;
            }
            int soError = 0;
            socklen_t len = sizeof soError;
            getsockopt(s.m_fd, SOL_SOCKET, SO_ERROR, &soError, &len);
            rc = soError == 0 ? 0 : -1;
            errno = soError;
        }
        if (rc != 0) {
            lastError = errno == ECONNREFUSED
                ? "connection refused: nothing listens there (start the peer first, e.g. nc -lk "
                    + std::to_string(to.port) + ")"
                : std::strerror(errno);
            continue;
        }
        const int one = 1;
        setsockopt(s.m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        return s;
    }
    error = "cannot connect to " + to.toString() + ": " + lastError;
    return std::nullopt;
}

std::optional<Socket> Socket::listen(const Endpoint& at, std::string& error)
{
    const AddrInfo addresses = resolve(at, true, error);
    if (!addresses)
        return std::nullopt;
    std::string lastError = "no address";
    for (const addrinfo* a = addresses.get(); a; a = a->ai_next) {
        Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (!s.valid()) {
            lastError = std::strerror(errno);
            continue;
        }
        const int one = 1;
        setsockopt(s.m_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (::bind(s.m_fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(s.m_fd, 16) != 0 || !setNonBlocking(s.m_fd)) {
            lastError = errno == EADDRINUSE ? "the port is in use (is another program listening on it?)"
                                            : std::strerror(errno);
            continue;
        }
        return s;
    }
    error = "cannot listen on " + at.toString() + ": " + lastError;
    return std::nullopt;
}

std::optional<Socket> Socket::accept(std::string& peer, int* error)
{
    sockaddr_storage from {};
    socklen_t len = sizeof from;
    const int fd = ::accept4(m_fd, reinterpret_cast<sockaddr*>(&from), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
        const bool none = errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED;
        if (error)
            *error = none ? 0 : errno;
        return std::nullopt;
    }
    peer = describe(reinterpret_cast<const sockaddr*>(&from));
    return Socket(fd);
}

Socket::ReadResult Socket::read(char* buffer, std::size_t size)
{
    ReadResult r;
    for (;;) {
        const ssize_t got = ::recv(m_fd, buffer, size, 0);
        if (got > 0) {
            r.bytes = static_cast<std::size_t>(got);
            return r;
        }
        if (got == 0) {
            r.closed = true;
            return r;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            r.closed = true;
            r.error = std::strerror(errno);
        }
        return r;
    }
}

std::optional<std::size_t> Socket::write(std::string_view bytes)
{
    for (;;) {
        const ssize_t sent = ::send(m_fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (sent >= 0)
            return static_cast<std::size_t>(sent);
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return 0;
        return std::nullopt;
    }
}

std::uint16_t Socket::localPort() const
{
    sockaddr_storage a {};
    socklen_t len = sizeof a;
    if (getsockname(m_fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        return 0;
    if (a.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6*>(&a)->sin6_port);
    return ntohs(reinterpret_cast<const sockaddr_in*>(&a)->sin_port);
}

} // namespace tidemark::live
