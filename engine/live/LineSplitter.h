#pragma once

#include "engine/io/LoadResult.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tidemark::live {

// Cuts a byte stream into lines as Flink's SocketTextStreamFunction does with its default delimiter: a line
// ends at '\n', and one '\r' before it is dropped. A line longer than the limit is not kept whole: it is
// reported once and its bytes are dropped up to its end, so memory stays bounded by the limit.
class LineSplitter {
public:
    static constexpr std::size_t kDefaultMaxLineBytes = io::kMaxLineBytes;

    explicit LineSplitter(std::size_t maxLineBytes = kDefaultMaxLineBytes)
        : m_max(maxLineBytes)
    { }

    // Feeds bytes; onLine(std::string_view line) for each complete line, onTooLong(std::uint64_t bytes) for each
    // over-long one (its length, counted to its end), in order.
    template <class OnLine, class OnTooLong> void feed(std::string_view bytes, OnLine&& onLine, OnTooLong&& onTooLong)
    {
        while (!bytes.empty()) {
            const std::size_t nl = bytes.find('\n');
            const std::string_view part = bytes.substr(0, nl);
            if (m_skipping) {
                m_skipped += part.size();
            } else if (m_partial.size() + part.size() > m_max) {
                m_skipping = true;
                m_skipped = m_partial.size() + part.size();
                m_partial.clear();
            } else if (nl != std::string_view::npos && m_partial.empty()) {
                onLine(withoutCr(part)); // the common case: no copy
            } else {
                m_partial.append(part);
                if (nl != std::string_view::npos)
                    onLine(withoutCr(m_partial));
            }
            if (nl == std::string_view::npos)
                return;
            if (m_skipping)
                onTooLong(m_skipped);
            m_partial.clear();
            m_skipping = false;
            m_skipped = 0;
            bytes.remove_prefix(nl + 1);
        }
    }

    std::size_t maxLineBytes() const { return m_max; }
    bool holdsPartialLine() const { return m_skipping || !m_partial.empty(); }

private:
    static std::string_view withoutCr(std::string_view line)
    {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        return line;
    }

    std::size_t m_max;
    std::string m_partial;
    bool m_skipping = false;
    std::uint64_t m_skipped = 0;
};

} // namespace tidemark::live
