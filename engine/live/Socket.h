#pragma once

#include "engine/live/Endpoint.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tidemark::live {

// A TCP socket (POSIX), closed when this goes. Reads and writes never block: the live sources wait in poll().
class Socket {
public:
    Socket() = default;
    Socket(Socket&& other) noexcept;
    Socket& operator=(Socket&& other) noexcept;
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    ~Socket();

    // Connects within `timeoutMs`, giving up early when `cancelled` says so (checked every 100 ms); nullopt
    // with `error` set ("connection refused: nothing listens there …").
    static std::optional<Socket> connect(
        const Endpoint& to, int timeoutMs, std::string& error, const std::function<bool()>& cancelled = {});
    // Listens on `at` (port 0: any free port, see localPort()).
    static std::optional<Socket> listen(const Endpoint& at, std::string& error);

    // A waiting connection of a listening socket, and who it is from ("127.0.0.1:53422"); nullopt when none,
    // with `error` set (errno) when accepting failed for another reason than that (out of descriptors).
    std::optional<Socket> accept(std::string& peer, int* error = nullptr);

    struct ReadResult {
        std::size_t bytes = 0;
        bool closed = false; // the peer closed its side (or the connection broke: `error`)
        std::string error;
    };
    ReadResult read(char* buffer, std::size_t size);
    // Writes what the socket takes now; returns how many bytes, or nullopt when the connection broke.
    std::optional<std::size_t> write(std::string_view bytes);

    int fd() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    std::uint16_t localPort() const;
    void close();

private:
    explicit Socket(int fd)
        : m_fd(fd)
    { }
    int m_fd = -1;
};

} // namespace tidemark::live
