#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tidemark {

// Where the readers of a bounded KafkaSource (setBounded; endOfInput max-watermark) finish their splits, in a run
// whose records are all known (docs/execution-model.md, "A Kafka source"). Read in flink-connector-kafka's
// KafkaPartitionSplitReader (3.3 to 5.0) and Flink's SourceReaderBase (1.20 and 2.x alike):
//  * a split whose partition holds no record is found empty when the reader is given it, and finishes with the
//    reader's first fetch: right after the reader's first record, or at once when no partition of the reader
//    holds a record (its consumer then has nothing to poll);
//  * a split finishes in the fetch that reads its partition's last record (the consumer's position reaches the
//    stopping offset); each record here is a fetch of its own, so right after that record;
//  * SourceReaderBase#finishCurrentFetch releases a finished split's watermark output (releaseOutputForSplit,
//    without a combine), and a reader whose splits have all finished reaches the end of its input.
// The poll timeout (10 s) would finish a reader's empty splits before a first record that comes later; that is
// not shown apart, since until its first record every split of the reader is at Long.MIN_VALUE or idle.
class KafkaSplitEnds {
public:
    // Whether `config` reads a bounded topic: a Kafka source with endOfInput max-watermark.
    static bool applies(const PipelineConfig& config);

    KafkaSplitEnds() = default;
    explicit KafkaSplitEnds(const PipelineConfig& config);

    // Every event record, in any order: its index in the input, its arrival and its partition. Records are played
    // in (arrival, index) order.
    void note(std::uint64_t index, Timestamp arrival, int partition);
    // After the last note(): where each split finishes.
    void seal();

    // The partitions whose splits finish before the first step (every partition of a reader without a record), in
    // partition order.
    const std::vector<int>& atStart() const { return m_atStart; }
    // The partitions whose splits finish right after record `index`, in partition order (none for most records).
    std::span<const int> after(std::uint64_t index) const;

private:
    using PlayOrder = std::pair<Timestamp, std::uint64_t>; // (arrival, index)

    std::vector<int> m_readerOf; // by partition
    int m_readers = 0;
    std::vector<std::optional<PlayOrder>> m_last; // each partition's last record
    std::vector<std::optional<PlayOrder>> m_first; // each reader's first record
    std::vector<int> m_atStart;
    // the splits that finish after a record, sorted by (record index, partition), as two parallel arrays
    std::vector<std::uint64_t> m_afterRecord;
    std::vector<int> m_afterPartition;
};

} // namespace tidemark
