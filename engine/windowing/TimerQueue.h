#pragma once

#include "engine/core/Time.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tidemark {

// The timers of one time domain, popped in (timestamp, sequence) order — sequence being registration order.
// Timers come in large groups with the same timestamp (every key's window ends at the same instant), so
// the queue keeps one bucket per timestamp, its entries already in sequence order, and a 4-ary heap of
// buckets keyed by (timestamp, sequence of the bucket's next entry). Popping from a bucket of equal
// timestamps is then nearly free; a lone timestamp costs what a plain heap entry costs. A value type.
class TimerQueue {
public:
    struct Entry {
        Timestamp ts = 0;
        std::uint64_t sequence = 0;
        std::uint32_t target = 0; // the caller's reference to what the timer is for
    };

    bool empty() const { return m_heap.empty(); }
    Entry top() const
    {
        const Bucket& b = m_buckets[m_heap.front().bucket];
        const Item& item = b.item(b.head);
        return {b.ts, item.sequence, item.target};
    }

    // `sequence` must grow from one push to the next. Returns where the entry went, for remove().
    std::uint32_t push(Timestamp ts, std::uint64_t sequence, std::uint32_t target)
    {
        for (std::uint32_t r : m_recent) {
            if (r != kNone && m_buckets[r].ts == ts) {
                m_buckets[r].add({sequence, target}); // the largest sequence: the bucket stays sorted
                return r;
            }
        }
        std::uint32_t b = 0;
        if (!m_freeBuckets.empty()) {
            b = m_freeBuckets.back();
            m_freeBuckets.pop_back();
        } else {
            b = static_cast<std::uint32_t>(m_buckets.size());
            m_buckets.emplace_back();
        }
        Bucket& bucket = m_buckets[b];
        bucket.ts = ts;
        bucket.head = 0;
        bucket.add({sequence, target});
        m_recent[m_nextRecent] = b;
        m_nextRecent = (m_nextRecent + 1) % m_recent.size();
        if (m_position.size() <= b)
            m_position.resize(b + 1);
        siftUp(m_heap.size(), {ts, sequence, b});
        return b;
    }

    // Takes out the entry `push` put at `bucket` with `sequence`, now, when it is all that is left there (a
    // timestamp of its own, as most session timers have): its place in the heap goes at once instead of
    // being popped from the top later. Returns false, changing nothing, otherwise; the caller then skips the
    // entry when it comes up. The entry must still be queued.
    bool remove(std::uint32_t bucket, std::uint64_t sequence)
    {
        Bucket& b = m_buckets[bucket];
        if (b.size - b.head != 1 || b.item(b.head).sequence != sequence)
            return false;
        const std::size_t at = m_position[bucket];
        release(bucket);
        const Key last = m_heap.back();
        m_heap.pop_back();
        if (at < m_heap.size()) {
            if (at > 0 && last.before(m_heap[(at - 1) / 4]))
                siftUp(at, last);
            else
                siftDown(at, last);
        }
        return true;
    }

    Entry pop()
    {
        const std::uint32_t b = m_heap.front().bucket;
        Bucket& bucket = m_buckets[b];
        const Item item = bucket.item(bucket.head++);
        const Entry entry {bucket.ts, item.sequence, item.target};
        if (bucket.head < bucket.size) {
            siftDown(0, {bucket.ts, bucket.item(bucket.head).sequence, b});
            return entry;
        }
        release(b);
        const Key last = m_heap.back();
        m_heap.pop_back();
        if (!m_heap.empty())
            siftDown(0, last);
        return entry;
    }

private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    struct Item {
        std::uint64_t sequence;
        std::uint32_t target;
    };
    // The first item is kept inline: most timestamps of session timers are unique, and a bucket of one
    // then costs no allocation.
    struct Bucket {
        Timestamp ts = 0;
        std::size_t head = 0;
        std::size_t size = 0;
        Item first {};
        std::vector<Item> more; // items 1.. (kept allocated for reuse)

        const Item& item(std::size_t i) const { return i == 0 ? first : more[i - 1]; }
        void add(const Item& it)
        {
            if (size == 0)
                first = it;
            else
                more.push_back(it);
            ++size;
        }
    };
    struct Key {
        Timestamp ts;
        std::uint64_t sequence;
        std::uint32_t bucket;
        bool before(const Key& o) const { return ts != o.ts ? ts < o.ts : sequence < o.sequence; }
    };

    // An emptied bucket, for reuse.
    void release(std::uint32_t b)
    {
        Bucket& bucket = m_buckets[b];
        bucket.more.clear();
        bucket.size = 0;
        bucket.head = 0;
        m_freeBuckets.push_back(b);
        for (std::uint32_t& r : m_recent) {
            if (r == b)
                r = kNone;
        }
    }

    void place(std::size_t i, const Key& key)
    {
        m_heap[i] = key;
        m_position[key.bucket] = static_cast<std::uint32_t>(i);
    }

    void siftUp(std::size_t i, const Key& key)
    {
        if (i == m_heap.size())
            m_heap.push_back(key);
        while (i > 0) {
            const std::size_t parent = (i - 1) / 4;
            if (!key.before(m_heap[parent]))
                break;
            place(i, m_heap[parent]);
            i = parent;
        }
        place(i, key);
    }

    // Places `key` at position `i` and moves it down.
    void siftDown(std::size_t i, const Key& key)
    {
        const std::size_t n = m_heap.size();
        for (;;) {
            const std::size_t first = 4 * i + 1;
            if (first >= n)
                break;
            std::size_t best = first;
            const std::size_t end = first + 4 < n ? first + 4 : n;
            for (std::size_t c = first + 1; c < end; ++c) {
                if (m_heap[c].before(m_heap[best]))
                    best = c;
            }
            if (!m_heap[best].before(key))
                break;
            place(i, m_heap[best]);
            i = best;
        }
        place(i, key);
    }

    std::vector<Bucket> m_buckets;
    std::vector<std::uint32_t> m_freeBuckets;
    std::vector<Key> m_heap;
    std::vector<std::uint32_t> m_position; // by bucket: where its key is in m_heap (while it is there)
    std::array<std::uint32_t, 4> m_recent {kNone, kNone, kNone, kNone};
    std::size_t m_nextRecent = 0;
};

} // namespace tidemark
