#include "engine/core/NumberText.h"

#include <charconv>
#include <cmath>

namespace tidemark {

std::string formatNumber(double value)
{
    if (!std::isfinite(value))
        return "null";
    // Doubles within a long that have no fraction print as the integer they are, every digit exact.
    if (value == std::trunc(value) && value >= -9223372036854775808.0 && value < 9223372036854775808.0)
        return std::to_string(static_cast<long long>(value));
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

std::string javaDuration(long long milliseconds)
{
    return "Duration.ofMillis(" + std::to_string(milliseconds) + ")";
}

} // namespace tidemark
