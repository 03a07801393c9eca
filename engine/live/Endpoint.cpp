#include "engine/live/Endpoint.h"

#include <charconv>

namespace tidemark::live {

namespace {

constexpr std::string_view kLoopback = "127.0.0.1";

std::optional<std::uint16_t> parsePort(std::string_view text, bool anyPort)
{
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc {} || end != text.data() + text.size() || (value == 0 && !anyPort) || value > 65535)
        return std::nullopt;
    return static_cast<std::uint16_t>(value);
}

} // namespace

std::optional<Endpoint> Endpoint::parse(std::string_view text, std::string& error, bool anyPort)
{
    const auto fail = [&](const std::string& why) -> std::optional<Endpoint> {
        error = "expected HOST:PORT such as localhost:9000 (or a port alone for this machine), found \""
            + std::string(text) + "\"" + (why.empty() ? "" : ": " + why);
        return std::nullopt;
    };
    Endpoint e;
    std::string_view portText;
    if (text.starts_with('[')) {
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':')
            return fail("an IPv6 address is written [::1]:9000");
        e.host = std::string(text.substr(1, close - 1));
        portText = text.substr(close + 2);
    } else if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        if (text.find(':') != colon)
            return fail("an IPv6 address is written in brackets, [::1]:9000");
        e.host = std::string(text.substr(0, colon));
        portText = text.substr(colon + 1);
    } else {
        portText = text;
    }
    if (e.host.empty())
        e.host = std::string(kLoopback);
    const auto port = parsePort(portText, anyPort);
    if (!port)
        return fail(anyPort ? "the port must be a number from 0 (any free port) to 65535"
                            : "the port must be a number from 1 to 65535");
    e.port = *port;
    return e;
}

std::string Endpoint::toString() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

} // namespace tidemark::live
