#pragma once

#include "engine/core/PipelineConfig.h"

#include <cstdint>

namespace tidemark {

// Flink's RebalancePartitioner with a fixed start: the k-th record (k = 0, 1, ...) goes to channel
// (firstChannel + k) mod n. Flink starts at a random channel r and sends the first record to
// (r + 1) mod n; firstChannel is that first channel. A plain value (copy = snapshot).
class RebalancePartitioner {
public:
    explicit RebalancePartitioner(int numberOfChannels, int firstChannel = 0);

    // The channel of the next record; advances the round robin.
    int selectChannel();
    // The channel the next record will go to, without advancing.
    int nextChannel() const { return m_next; }
    int numberOfChannels() const { return m_numberOfChannels; }

private:
    int m_numberOfChannels;
    int m_next;
};

// How event records reach the P watermark channels (docs/execution-model.md, "Channel of an event
// record"), built from the scenario's WatermarkConfig:
//  * rebalance: round robin from firstChannel, counting event records only;
//  * channel: the record's `channel` field, required, 0 <= channel < P;
//  * forward: the record's `channel` names its source subtask (default 0), which feeds the channel of
//    the same index (source.parallelism == P is checked by whoever validates the scenario).
// Watermark records are not partitioned: they go to their `channel` if they name one, else to every
// channel in index order.
class RecordPartitioner {
public:
    static constexpr std::int32_t kNoChannel = -1; // InputRecord::kNoChannel

    explicit RecordPartitioner(const WatermarkConfig& config);

    // The channel of the next event record, whose `channel` field is `recordChannel` (kNoChannel if
    // absent). Throws std::invalid_argument for a missing or out-of-range channel where one is needed
    // (scenario validation reports these with their file position before a run starts).
    int selectChannel(std::int32_t recordChannel);

    WatermarkConfig::Partitioning partitioning() const { return m_partitioning; }
    int numberOfChannels() const { return m_rebalance.numberOfChannels(); }
    const RebalancePartitioner& rebalance() const { return m_rebalance; }

private:
    WatermarkConfig::Partitioning m_partitioning;
    RebalancePartitioner m_rebalance;
};

} // namespace tidemark
