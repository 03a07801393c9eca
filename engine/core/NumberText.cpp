#include "engine/core/NumberText.h"

#include <charconv>
#include <cmath>

namespace tidemark {

std::string formatNumber(double value)
{
    if (!std::isfinite(value))
        return "null";
    // Doubles with |v| < 2^63 that have no fraction print as the integer they are.
    if (value == std::trunc(value) && std::fabs(value) < 9223372036854775808.0)
        return std::to_string(static_cast<long long>(value));
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

} // namespace tidemark
