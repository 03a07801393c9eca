#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tidemark {

// Records refer to keys by a dense id so that keyed state can live in flat tables.
using KeyId = std::uint32_t;
inline constexpr KeyId kNoKey = 0xFFFFFFFFu;

// Java's String.hashCode over UTF-16 code units of a UTF-8 string (int wrap-around).
std::int32_t javaStringHashCode(std::string_view utf8);

// The hash Flink's KeyGroupStreamPartitioner sees for a key made of the given fields: a String's
// hashCode for one field (Tuple1<String> hashes like its field), Tuple.hashCode (31 * h + field) for more.
std::int32_t javaKeyHashCode(std::span<const std::string> fields);

// Interns keys; the display form of a composite key is "(a,b)" as Flink prints a Tuple.
class KeyTable {
public:
    KeyId intern(std::span<const std::string> fields);
    KeyId intern(std::string_view single);

    std::size_t size() const { return m_names.size(); }
    const std::string& name(KeyId id) const { return m_names[id]; }
    std::int32_t javaHash(KeyId id) const { return m_hashes[id]; }
    const std::vector<std::string>& fields(KeyId id) const { return m_fields[id]; }
    KeyId find(std::string_view name) const;

private:
    std::vector<std::string> m_names;
    std::vector<std::vector<std::string>> m_fields;
    std::vector<std::int32_t> m_hashes;
    std::unordered_map<std::string, KeyId> m_index;
};

} // namespace tidemark
