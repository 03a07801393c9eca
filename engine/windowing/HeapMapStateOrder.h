#pragma once

#include "engine/core/Time.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tidemark {

// The order in which Flink's heap state backend iterates a MapState with Long keys: a java.util.HashMap's. The
// interval join walks the other side's buffer in this order, so it is the order of the pairs one record joins.
//  * A key's bucket is (h ^ h >>> 16) & (capacity − 1), h = Long.hashCode (the key xor its upper 32 bits); buckets
//    are walked in index order, and a bucket's keys in the order they were put (a key put again stays where it is;
//    one removed and put again goes last).
//  * The table starts at 16 buckets and doubles when it holds more than 3/4 of its capacity, or when a bucket
//    reaches nine keys while it has fewer than 64 buckets; a doubling keeps each bucket's order. It never shrinks,
//    but HeapMapState drops a map whose last key is removed, and the next put starts a new one.
//  * A bucket that reaches nine keys in a table of 64 or more becomes a tree in Java, whose walk follows where each
//    key was inserted in the tree; here it keeps put order, and `treeBins()` counts such buckets.
// A plain value.
class HeapMapStateOrder {
public:
    // Puts `key`; false when it was there already.
    bool put(Timestamp key);
    // Removes `key`; false when it was not there.
    bool remove(Timestamp key);
    // Every key, in the HashMap's iteration order.
    std::vector<Timestamp> keys() const;
    // Calls `visit(key)` for every key in that order, without a copy of them (an interval join walks them for
    // each record).
    template <class Visit> void forEachKey(Visit visit) const
    {
        for (const auto& bucket : m_buckets) {
            for (const Timestamp key : bucket)
                visit(key);
        }
    }
    std::size_t capacity() const { return m_buckets.size(); }
    // Buckets that Java would have made trees of (their keys' order may differ from Java's).
    int treeBins() const;

private:
    static std::uint32_t spreadHash(Timestamp key);
    std::size_t bucketOf(Timestamp key) const;
    void resize();

    std::vector<std::vector<Timestamp>> m_buckets; // empty until the first put
    std::vector<bool> m_tree; // by bucket: Java made it a tree (kept until the map is dropped)
    std::size_t m_size = 0;
};

} // namespace tidemark
