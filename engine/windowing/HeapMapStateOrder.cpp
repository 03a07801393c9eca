#include "engine/windowing/HeapMapStateOrder.h"

#include <algorithm>

namespace tidemark {

namespace {

constexpr std::size_t kInitialCapacity = 16; // HashMap.DEFAULT_INITIAL_CAPACITY
constexpr std::size_t kTreeifyThreshold = 8; // a ninth key in a bucket treeifies it (or resizes a small table)
constexpr std::size_t kMinTreeifyCapacity = 64;
constexpr std::size_t kUntreeifyThreshold = 6;

} // namespace

std::uint32_t HeapMapStateOrder::spreadHash(Timestamp key)
{
    const auto bits = static_cast<std::uint64_t>(key);
    const auto h = static_cast<std::uint32_t>(bits ^ (bits >> 32)); // Long.hashCode
    return h ^ (h >> 16); // HashMap.hash
}

std::size_t HeapMapStateOrder::bucketOf(Timestamp key) const
{
    return spreadHash(key) & (m_buckets.size() - 1);
}

bool HeapMapStateOrder::put(Timestamp key)
{
    if (m_buckets.empty()) {
        m_buckets.resize(kInitialCapacity);
        m_tree.assign(kInitialCapacity, false);
    }
    auto& bucket = m_buckets[bucketOf(key)];
    if (std::find(bucket.begin(), bucket.end(), key) != bucket.end())
        return false;
    bucket.push_back(key);
    // putVal: appending past the eighth node treeifies the bin, or resizes a table below 64 buckets
    const std::size_t index = bucketOf(key);
    if (bucket.size() > kTreeifyThreshold && !m_tree[index]) {
        if (m_buckets.size() < kMinTreeifyCapacity)
            resize();
        else
            m_tree[index] = true;
    }
    if (++m_size > m_buckets.size() / 4 * 3)
        resize();
    return true;
}

bool HeapMapStateOrder::remove(Timestamp key)
{
    if (m_buckets.empty())
        return false;
    auto& bucket = m_buckets[bucketOf(key)];
    const auto it = std::find(bucket.begin(), bucket.end(), key);
    if (it == bucket.end())
        return false;
    bucket.erase(it);
    // HeapMapState#remove drops a map left empty: the next put starts a new HashMap of 16 buckets
    if (--m_size == 0)
        *this = HeapMapStateOrder();
    return true;
}

void HeapMapStateOrder::resize()
{
    // each bucket splits into the same index and index + old capacity, keeping its order
    std::vector<std::vector<Timestamp>> next(m_buckets.size() * 2);
    std::vector<bool> tree(next.size(), false);
    for (std::size_t i = 0; i < m_buckets.size(); ++i) {
        for (const Timestamp key : m_buckets[i])
            next[spreadHash(key) & (next.size() - 1)].push_back(key);
        // TreeNode#split: a tree's halves stay trees unless they are small (UNTREEIFY_THRESHOLD)
        for (const std::size_t half : {i, i + m_buckets.size()})
            tree[half] = m_tree[i] && next[half].size() > kUntreeifyThreshold;
    }
    m_buckets = std::move(next);
    m_tree = std::move(tree);
}

int HeapMapStateOrder::treeBins() const
{
    return static_cast<int>(std::count(m_tree.begin(), m_tree.end(), true));
}

std::vector<Timestamp> HeapMapStateOrder::keys() const
{
    std::vector<Timestamp> out;
    out.reserve(m_size);
    for (const auto& bucket : m_buckets)
        out.insert(out.end(), bucket.begin(), bucket.end());
    return out;
}

} // namespace tidemark
