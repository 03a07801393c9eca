#include "engine/runtime/KafkaSplitEnds.h"

#include "engine/runtime/KafkaSourceEnumerator.h"

#include <algorithm>

namespace tidemark {

bool KafkaSplitEnds::applies(const PipelineConfig& config)
{
    return config.kafka && config.endOfInput == EndOfInput::MaxWatermark;
}

KafkaSplitEnds::KafkaSplitEnds(const PipelineConfig& config)
    : m_readers(std::max(1, config.watermarks.parallelism))
{
    if (!config.kafka)
        return;
    for (int p = 0; p < config.kafka->partitions; ++p)
        m_readerOf.push_back(KafkaSourceEnumerator::splitOwner(config.kafka->topic, p, m_readers));
    m_last.resize(m_readerOf.size());
    m_first.resize(static_cast<std::size_t>(m_readers));
}

void KafkaSplitEnds::note(std::uint64_t index, Timestamp arrival, int partition)
{
    if (partition < 0 || partition >= static_cast<int>(m_readerOf.size()))
        return; // the loader refuses such a record; nothing of it to finish
    const PlayOrder at {arrival, index};
    auto& last = m_last[static_cast<std::size_t>(partition)];
    if (!last || *last < at)
        last = at;
    auto& first = m_first[static_cast<std::size_t>(m_readerOf[static_cast<std::size_t>(partition)])];
    if (!first || at < *first)
        first = at;
}

void KafkaSplitEnds::seal()
{
    m_atStart.clear();
    std::vector<std::pair<std::uint64_t, int>> after;
    for (int p = 0; p < static_cast<int>(m_readerOf.size()); ++p) {
        const auto& first = m_first[static_cast<std::size_t>(m_readerOf[static_cast<std::size_t>(p)])];
        if (const auto& last = m_last[static_cast<std::size_t>(p)])
            after.emplace_back(last->second, p); // read to its end
        else if (first)
            after.emplace_back(first->second, p); // empty: with its reader's first fetch
        else
            m_atStart.push_back(p); // its reader has nothing to poll
    }
    std::sort(after.begin(), after.end());
    m_afterRecord.clear();
    m_afterPartition.clear();
    for (const auto& [record, partition] : after) {
        m_afterRecord.push_back(record);
        m_afterPartition.push_back(partition);
    }
}

std::span<const int> KafkaSplitEnds::after(std::uint64_t index) const
{
    const auto [lo, hi] = std::equal_range(m_afterRecord.begin(), m_afterRecord.end(), index);
    return std::span<const int>(m_afterPartition)
        .subspan(static_cast<std::size_t>(lo - m_afterRecord.begin()), static_cast<std::size_t>(hi - lo));
}

} // namespace tidemark
