#pragma once

#include "engine/core/Keys.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::detail {

// The loader's memo of single-field keys it has interned: open addressing over a power-of-two table with the
// text kept in one arena, so that a repeated key costs a short hash and one compare (std::unordered_map's
// prime modulo and node walk were the largest cost of a CSV line). A key's first 16 bytes are kept in its slot:
// a key no longer than that (most are) is compared there, without a second cache line in the arena.
class KeyCache {
public:
    // What a lookup of one text needs, computed once for the find and the add that may follow it.
    struct Probe {
        std::uint64_t hash = 0;
        std::uint64_t head0 = 0; // the text's first 16 bytes, zero-padded
        std::uint64_t head1 = 0;
    };

    static Probe probe(std::string_view text)
    {
        static_assert(std::endian::native == std::endian::little, "a short key's second head drops its low bytes");
        const std::size_t n = text.size();
        const char* p = text.data();
        Probe q;
        if (n >= 16) {
            q.head0 = word(p);
            q.head1 = word(p + 8);
        } else if (n >= 8) {
            q.head0 = word(p);
            // the last 8 bytes, shifted down past those of the first word they overlap
            q.head1 = n == 8 ? 0 : word(p + n - 8) >> (8 * (16 - n));
        } else {
            for (std::size_t i = 0; i < n; ++i)
                q.head0 |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        }
        q.hash = hash(text);
        return q;
    }

    // kNoKey when the text has not been seen.
    KeyId find(std::string_view text, const Probe& q) const
    {
        if (m_slots.empty())
            return kNoKey;
        for (std::size_t i = q.hash & m_mask;; i = (i + 1) & m_mask) {
            const Entry& e = m_slots[i];
            if (e.id == kNoKey)
                return kNoKey;
            if (e.head0 == q.head0 && e.head1 == q.head1 && e.length == text.size()
                && (text.size() <= 16 || same(m_text.data() + e.offset, text)))
                return e.id;
        }
    }

    void add(std::string_view text, const Probe& q, KeyId id)
    {
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        Entry e {q.head0, q.head1, m_text.size(), static_cast<std::uint32_t>(text.size()), id};
        m_text.append(text);
        place(e, q.hash);
        ++m_count;
    }

private:
    static std::uint64_t hash(std::string_view text)
    {
        constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
        std::uint64_t h = text.size() * kMul;
        const std::size_t n = text.size();
        if (n >= 8) {
            // Whole words, the last one overlapping the one before it (a load, not a copy of the tail).
            for (std::size_t i = 0; i + 8 < n; i += 8)
                h = mix(h, word(text.data() + i));
            h = mix(h, word(text.data() + n - 8));
        } else {
            std::uint64_t tail = 0;
            for (std::size_t i = 0; i < n; ++i)
                tail |= std::uint64_t(static_cast<unsigned char>(text[i])) << (8 * i);
            h = mix(h, tail);
        }
        // A full avalanche at the end: the table's index is the low bits, which a multiply alone leaves blind
        // to the high bytes, where keys such as "sensor-0042" and "sensor-0043" differ.
        h ^= h >> 33;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 33;
        h *= 0xC4CEB9FE1A85EC53ull;
        return h ^ (h >> 33);
    }

    static std::uint64_t word(const char* p)
    {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        return w;
    }

    static std::uint64_t mix(std::uint64_t h, std::uint64_t w)
    {
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        return h ^ (h >> 29);
    }

    static bool same(const char* known, std::string_view text)
    {
        const std::size_t n = text.size();
        if (n < 8)
            return std::memcmp(known, text.data(), n) == 0;
        for (std::size_t i = 0; i + 8 < n; i += 8) {
            if (word(known + i) != word(text.data() + i))
                return false;
        }
        return word(known + n - 8) == word(text.data() + n - 8);
    }

    struct Entry {
        std::uint64_t head0 = 0;
        std::uint64_t head1 = 0;
        std::size_t offset = 0; // of the text in m_text
        std::uint32_t length = 0;
        KeyId id = kNoKey;
    };

    void place(const Entry& e, std::uint64_t hash)
    {
        std::size_t i = hash & m_mask;
        while (m_slots[i].id != kNoKey)
            i = (i + 1) & m_mask;
        m_slots[i] = e;
    }

    void grow()
    {
        std::vector<Entry> old(std::max<std::size_t>(64, m_slots.size() * 2));
        old.swap(m_slots);
        m_mask = m_slots.size() - 1;
        for (const Entry& e : old) {
            if (e.id != kNoKey)
                place(e, hash(std::string_view(m_text).substr(e.offset, e.length)));
        }
    }

    std::vector<Entry> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_count = 0;
    std::string m_text;
};
} // namespace tidemark::io::detail
