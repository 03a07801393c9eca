#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace tidemark::io::detail {

// The numbers event files are made of, read without std::from_chars's generality: each reads only the plain
// form, and answers false for anything else, which the caller then gives to std::from_chars (so that the
// result and the error message are the same as before). Digits are read eight at a time within a 64-bit
// word (SWAR), never past the text's end.

// Eight ASCII digits, the first at the lowest address; false when one is not a digit.
inline bool readEightDigits(std::uint64_t word, std::uint32_t& out)
{
    constexpr std::uint64_t kZeros = 0x3030303030303030ull;
    constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0ull;
    // Each byte is 0x30..0x39: its high nibble is 3, and adding 6 keeps it 3.
    if ((word & kHigh) != kZeros || ((word + 0x0606060606060606ull) & kHigh) != kZeros)
        return false;
    word -= kZeros;
    word = word * 10 + (word >> 8); // pairs of digits
    word = (((word & 0x000000FF000000FFull) * (100 + (1000000ull << 32)))
               + (((word >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32))))
        >> 32;
    out = static_cast<std::uint32_t>(word);
    return true;
}

// 1 to 16 ASCII digits at p.
inline bool readDigits(const char* p, std::size_t n, std::uint64_t& out)
{
    constexpr std::uint64_t kZeros = 0x3030303030303030ull;
    std::uint32_t high = 0;
    std::uint64_t word = kZeros;
    if (n < 8) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const unsigned d = static_cast<unsigned char>(p[i]) - unsigned('0');
            if (d > 9)
                return false;
            v = v * 10 + d;
        }
        out = v;
        return true;
    }
    if (n == 8) {
        std::memcpy(&word, p, 8);
        if (!readEightDigits(word, high))
            return false;
        out = high;
        return true;
    }
    std::uint64_t first = 0;
    std::memcpy(&first, p, 8);
    if (!readEightDigits(first, high))
        return false;
    // The last eight bytes, those already read turned into zeros.
    std::memcpy(&word, p + n - 8, 8);
    const unsigned seen = static_cast<unsigned>(16 - n) * 8;
    if (seen != 0)
        word = (word & (~std::uint64_t(0) << seen)) | (kZeros >> (64 - seen));
    std::uint32_t low = 0;
    if (!readEightDigits(word, low))
        return false;
    static constexpr std::uint64_t kScale[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    out = std::uint64_t(high) * kScale[n - 8] + low;
    return true;
}

// -?[0-9]{1,16}: cannot overflow.
inline bool readShortInteger(std::string_view text, std::int64_t& out)
{
    const bool negative = !text.empty() && text.front() == '-';
    const std::size_t first = negative ? 1 : 0;
    const std::size_t n = text.size() - first;
    std::uint64_t v = 0;
    if (n == 0 || n > 16 || !readDigits(text.data() + first, n, v))
        return false;
    out = negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
    return true;
}

// -?[0-9]+(\.[0-9]+)? of at most 16 digits: that integer (below 2^53) and the power of ten are exact doubles,
// so one division rounds correctly (Clinger's fast path), to the double std::from_chars gives.
inline bool readShortDecimal(std::string_view text, double& out)
{
    static constexpr double kPowersOfTen[]
        = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16};
    const bool negative = !text.empty() && text.front() == '-';
    std::size_t i = negative ? 1 : 0;
    const std::size_t end = text.size();
    if (end - i == 0 || end - i > 17)
        return false;
    std::uint64_t mantissa = 0;
    std::size_t point = 0; // the position after the point, 0 while there is none
    for (; i < end; ++i) {
        const unsigned d = static_cast<unsigned char>(text[i]) - unsigned('0');
        if (d <= 9) {
            mantissa = mantissa * 10 + d;
        } else if (text[i] == '.' && point == 0 && i > (negative ? 1u : 0u)) {
            point = i + 1;
        } else {
            return false;
        }
    }
    const std::size_t fractionDigits = point == 0 ? 0 : end - point;
    const std::size_t digits = end - (negative ? 1 : 0) - (point == 0 ? 0 : 1);
    if (digits > 16 || mantissa > (std::uint64_t(1) << 53) || (point != 0 && fractionDigits == 0))
        return false;
    const double v = static_cast<double>(mantissa) / kPowersOfTen[fractionDigits];
    out = negative ? -v : v;
    return true;
}

} // namespace tidemark::io::detail
