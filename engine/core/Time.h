#pragma once

#include <cstdint>
#include <limits>

namespace tidemark {

// Event time and processing time are Java longs in milliseconds, as in Flink.
using Timestamp = std::int64_t;
using DurationMs = std::int64_t;

// Long.MIN_VALUE: "no watermark yet" / "no timestamp".
inline constexpr Timestamp kMinTimestamp = std::numeric_limits<Timestamp>::min();
// Long.MAX_VALUE: the end-of-input watermark (Watermark.MAX_WATERMARK).
inline constexpr Timestamp kMaxTimestamp = std::numeric_limits<Timestamp>::max();

// Java long arithmetic wraps on overflow and several Flink rules rely on it (the cleanup-time guard,
// generator start values). Signed overflow is undefined in C++, so do it in unsigned arithmetic.
constexpr Timestamp javaAdd(Timestamp a, Timestamp b)
{
    return static_cast<Timestamp>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

constexpr Timestamp javaSub(Timestamp a, Timestamp b)
{
    return static_cast<Timestamp>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

} // namespace tidemark
