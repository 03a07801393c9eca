#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tidemark::live {

// A host and a TCP port as a user writes them: "localhost:9000", "127.0.0.1:9000", "[::1]:9000". A port alone
// ("9000") means the loopback address, so that a listening port is reachable from this machine only unless
// a host is named.
struct Endpoint {
    std::string host;
    std::uint16_t port = 0;

    // nullopt with `error` set ("expected HOST:PORT such as localhost:9000, found …"). Port 0 (any free port,
    // which the listener then reports) only for a port to listen on.
    static std::optional<Endpoint> parse(std::string_view text, std::string& error, bool anyPort = false);
    // "127.0.0.1:9000", "[::1]:9000".
    std::string toString() const;
    bool operator==(const Endpoint&) const = default;
};

} // namespace tidemark::live
