#include "engine/io/ColumnSplitter.h"

#include <algorithm>
#include <cstring>

namespace tidemark::io::detail {

bool ColumnSplitter::splitCsv(std::string_view line, char delimiter, std::size_t maxColumn, LineFailure& failure)
{
    m_columns.clear();
    std::size_t pos = 0;
    std::size_t index = 0;
    for (;;) {
        Slot s;
        s.type = Slot::Type::Text;
        s.offset = static_cast<std::uint32_t>(pos);
        std::size_t next;
        if (pos < line.size() && line[pos] == '"') {
            std::size_t i = pos + 1;
            bool escaped = false;
            for (;;) {
                const auto* quote = static_cast<const char*>(std::memchr(line.data() + i, '"', line.size() - i));
                if (!quote) {
                    failure
                        = {pos, "expected a closing quote for the field that starts here, found the end of the line"};
                    return false;
                }
                i = static_cast<std::size_t>(quote - line.data());
                if (i + 1 < line.size() && line[i + 1] == '"') {
                    escaped = true;
                    i += 2;
                    continue;
                }
                break;
            }
            std::string_view inner = line.substr(pos + 1, i - pos - 1);
            if (escaped) {
                if (m_unescaped.size() <= index)
                    m_unescaped.resize(index + 1);
                auto& out = m_unescaped[index];
                out.clear();
                for (std::size_t k = 0; k < inner.size(); ++k) {
                    out += inner[k];
                    if (inner[k] == '"')
                        ++k;
                }
                inner = out;
            }
            s.text = inner;
            next = i + 1;
            if (next < line.size() && line[next] != delimiter) {
                failure = {next,
                    "expected " + q(std::string_view(&delimiter, 1)) + " after the closing quote, found "
                        + q(line.substr(next, 1))};
                return false;
            }
        } else {
            const auto* d = static_cast<const char*>(std::memchr(line.data() + pos, delimiter, line.size() - pos));
            next = d ? static_cast<std::size_t>(d - line.data()) : line.size();
            s.text = line.substr(pos, next - pos);
        }
        m_columns.push_back(s);
        if (next >= line.size() || index >= maxColumn + 2)
            break;
        pos = next + 1;
        ++index;
    }
    return true;
}

bool ColumnSplitter::takeScanned(const CsvScanLine& scanned, std::string_view line, std::size_t maxColumn)
{
    // splitCsv keeps at most maxColumn + 3 columns, the last one cut at its delimiter.
    const std::size_t kept = maxColumn + 3;
    if (scanned.quoted || kept > CsvScanLine::kMaxDelimiters)
        return false;
    m_columns.clear();
    const std::size_t columns = std::min(scanned.delimiterCount + 1, kept);
    for (std::size_t i = 0; i < columns; ++i) {
        Slot s;
        s.type = Slot::Type::Text;
        s.text = scanned.field(line, i);
        s.offset = static_cast<std::uint32_t>(s.text.data() - line.data());
        m_columns.push_back(s);
    }
    return true;
}

void ColumnSplitter::splitText(std::string_view line, std::size_t maxColumn)
{
    m_columns.clear();
    std::size_t pos = 0;
    while (m_columns.size() <= maxColumn + 2) {
        while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
            ++pos;
        if (pos >= line.size())
            break;
        const std::size_t start = pos;
        while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t')
            ++pos;
        Slot s;
        s.type = Slot::Type::Text;
        s.text = line.substr(start, pos - start);
        s.offset = static_cast<std::uint32_t>(start);
        m_columns.push_back(s);
    }
}

} // namespace tidemark::io::detail
