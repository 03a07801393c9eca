#include "engine/core/Keys.h"

namespace tidemark {

namespace {

// Decodes one UTF-8 sequence; invalid bytes count as U+FFFD, as Java's decoder replaces them.
char32_t decodeUtf8(std::string_view s, std::size_t& i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    auto continuation = [&](std::size_t k) { return k < s.size() && (byte(k) & 0xC0) == 0x80; };
    if (b0 < 0x80) {
        ++i;
        return b0;
    }
    if ((b0 & 0xE0) == 0xC0 && continuation(i + 1)) {
        const char32_t c = ((b0 & 0x1Fu) << 6) | (byte(i + 1) & 0x3Fu);
        i += 2;
        return c >= 0x80 ? c : 0xFFFD;
    }
    if ((b0 & 0xF0) == 0xE0 && continuation(i + 1) && continuation(i + 2)) {
        const char32_t c = ((b0 & 0x0Fu) << 12) | ((byte(i + 1) & 0x3Fu) << 6) | (byte(i + 2) & 0x3Fu);
        i += 3;
        return (c >= 0x800 && (c < 0xD800 || c > 0xDFFF)) ? c : 0xFFFD;
    }
    if ((b0 & 0xF8) == 0xF0 && continuation(i + 1) && continuation(i + 2) && continuation(i + 3)) {
        const char32_t c = ((b0 & 0x07u) << 18) | ((byte(i + 1) & 0x3Fu) << 12) | ((byte(i + 2) & 0x3Fu) << 6)
            | (byte(i + 3) & 0x3Fu);
        i += 4;
        return (c >= 0x10000 && c <= 0x10FFFF) ? c : 0xFFFD;
    }
    ++i;
    return 0xFFFD;
}

} // namespace

std::int32_t javaStringHashCode(std::string_view utf8)
{
    std::uint32_t h = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        const char32_t c = decodeUtf8(utf8, i);
        if (c >= 0x10000) { // a surrogate pair: two UTF-16 code units
            const char32_t v = c - 0x10000;
            h = 31u * h + static_cast<std::uint32_t>(0xD800 + (v >> 10));
            h = 31u * h + static_cast<std::uint32_t>(0xDC00 + (v & 0x3FF));
        } else {
            h = 31u * h + static_cast<std::uint32_t>(c);
        }
    }
    return static_cast<std::int32_t>(h);
}

std::int32_t javaKeyHashCode(std::span<const std::string> fields)
{
    if (fields.size() == 1)
        return javaStringHashCode(fields.front());
    // Tuple2.hashCode = 31 * f0.hashCode() + f1.hashCode(); longer tuples continue the same way.
    std::uint32_t h = 0;
    bool first = true;
    for (const auto& f : fields) {
        const auto fh = static_cast<std::uint32_t>(javaStringHashCode(f));
        h = first ? fh : 31u * h + fh;
        first = false;
    }
    return static_cast<std::int32_t>(h);
}

KeyId KeyTable::intern(std::span<const std::string> fields)
{
    std::string name;
    if (fields.size() == 1) {
        name = fields.front();
    } else {
        std::size_t length = fields.size() + 1; // the parentheses and the commas
        for (const auto& f : fields)
            length += f.size();
        name.reserve(length);
        name.push_back('(');
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i)
                name.push_back(',');
            name.append(fields[i].data(), fields[i].size());
        }
        name.push_back(')');
    }
    if (auto it = m_index.find(name); it != m_index.end())
        return it->second;
    const auto id = static_cast<KeyId>(m_names.size());
    m_index.emplace(name, id);
    m_names.push_back(std::move(name));
    m_fields.emplace_back(fields.begin(), fields.end());
    m_hashes.push_back(javaKeyHashCode(fields));
    return id;
}

KeyId KeyTable::intern(std::string_view single)
{
    const std::string field(single);
    return intern(std::span<const std::string>(&field, 1));
}

KeyId KeyTable::find(std::string_view name) const
{
    const auto it = m_index.find(std::string(name));
    return it == m_index.end() ? kNoKey : it->second;
}

} // namespace tidemark
