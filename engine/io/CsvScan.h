#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tidemark::io::detail {

// Finds the lines of a block of CSV text and the delimiters on each, 64 bytes at a time: each byte class
// (newline, delimiter, quote) becomes a bit mask and the set bits are visited in order, where a memchr per
// line and another per field would each pay a call and a restart.

struct CsvScanLine {
    static constexpr std::size_t kMaxDelimiters = 64;

    std::string_view text; // without its '\n'
    bool quoted = false; // holds a '"': only the full CSV splitter may read it
    std::span<const std::uint32_t> delimiters; // offsets in text of the first kMaxDelimiters delimiters
    std::size_t delimiterCount = 0; // all of them, those beyond kMaxDelimiters included

    // Field i (below kMaxDelimiters) of `line`, which is `text` or the start of it (without a trailing '\r').
    std::string_view field(std::string_view line, std::size_t i) const
    {
        const std::size_t start = i == 0 ? 0 : delimiters[i - 1] + 1;
        const std::size_t stop = i < delimiterCount ? delimiters[i] : line.size();
        return line.substr(start, stop - start);
    }
};

struct ByteMasks {
    std::uint64_t newline = 0;
    std::uint64_t delimiter = 0;
    std::uint64_t quote = 0;
};

// Bit i is set where p[i] is of the class; reads exactly 64 bytes.
inline ByteMasks classify64(const char* p, char delimiter)
{
    ByteMasks m;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    const __m128i delim = _mm_set1_epi8(delimiter);
    const __m128i quote = _mm_set1_epi8('"');
    for (int i = 0; i < 4; ++i) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
        const auto bits = [&](__m128i c) {
            return std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, c)))) << (16 * i);
        };
        m.newline |= bits(newline);
        m.delimiter |= bits(delim);
        m.quote |= bits(quote);
    }
#else
    for (int i = 0; i < 64; ++i) {
        const std::uint64_t bit = std::uint64_t(1) << i;
        m.newline |= p[i] == '\n' ? bit : 0;
        m.delimiter |= p[i] == delimiter ? bit : 0;
        m.quote |= p[i] == '"' ? bit : 0;
    }
#endif
    return m;
}

// Calls onLine(const CsvScanLine&) for each line of data[0, size), which must end with '\n' and stay readable
// up to 63 bytes past its end (the loader's buffer has simdjson's padding there). The delimiter must not be
// '\n' or '"'. Stops after a line for which onLine returns false; returns the bytes consumed.
template <class OnLine> std::size_t scanCsvLines(const char* data, std::size_t size, char delimiter, OnLine&& onLine)
{
    std::array<std::uint32_t, CsvScanLine::kMaxDelimiters> delimiters;
    std::size_t count = 0;
    bool quoted = false;
    std::size_t lineStart = 0;
    for (std::size_t block = 0; block < size; block += 64) {
        const ByteMasks m = classify64(data + block, delimiter);
        const std::size_t left = size - block;
        const std::uint64_t inside = left >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << left) - 1;
        std::uint64_t events = (m.newline | m.delimiter | m.quote) & inside;
        while (events != 0) {
            const std::size_t pos = block + static_cast<std::size_t>(std::countr_zero(events));
            events &= events - 1;
            const char c = data[pos];
            if (c == '\n') {
                CsvScanLine line;
                line.text = std::string_view(data + lineStart, pos - lineStart);
                line.quoted = quoted;
                line.delimiters = std::span<const std::uint32_t>(
                    delimiters.data(), count < delimiters.size() ? count : delimiters.size());
                line.delimiterCount = count;
                if (!onLine(static_cast<const CsvScanLine&>(line)))
                    return pos + 1;
                lineStart = pos + 1;
                count = 0;
                quoted = false;
            } else if (c == '"') {
                quoted = true;
            } else {
                if (count < delimiters.size())
                    delimiters[count] = static_cast<std::uint32_t>(pos - lineStart);
                ++count;
            }
        }
    }
    return lineStart;
}

} // namespace tidemark::io::detail
