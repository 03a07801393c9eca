#pragma once

#include "engine/core/FlinkVersion.h"
#include "engine/core/Keys.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Record.h"
#include "engine/runtime/Partitioners.h"
#include "engine/watermark/WatermarkChannel.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// One source of a job and the watermarks made in or right after it: its P parallel instances, the "channels",
// each a TimestampsAndWatermarksOperator after the source (WatermarkChannel) or, for a Kafka source with
// per-partition watermarks, the source reader itself (WatermarkChannel::forSourceReader, one generator per split).
// A record goes to its channel by the source's partitioning, or, from a Kafka topic, to the reader that
// KafkaSourceEnumerator gave its partition; the partitions are given to their readers, in partition order, before
// anything happens. A bounded topic's readers finish split by split (finishSplit, where KafkaSplitEnds says).
//
// What the channels forward goes to the caller, one channel at a time (WatermarkItems), and the caller hands it to
// whatever reads the source: the chain's Pipeline and GraphPipeline (one per source) alike. A plain value.
class SourceOperator {
public:
    // `bounded`: the input ends (endOfInput max-watermark); a bounded topic's readers without a partition end first.
    SourceOperator(const WatermarkConfig& watermarks, const std::optional<KafkaSourceSpec>& kafka, bool bounded,
        FlinkVersion version);

    int channelCount() const { return static_cast<int>(m_channels.size()); }
    // Whether the channels are a Kafka topic's readers with a generator per partition (split) inside each.
    bool perPartition() const { return m_kafka && m_kafka->perPartition(); }
    const WatermarkChannel& channel(int c) const { return m_channels[static_cast<std::size_t>(c)]; }
    const RecordPartitioner& partitioner() const { return m_partitioner; }
    const std::optional<KafkaSourceSpec>& kafka() const { return m_kafka; }

    // Whether channel c ends before the first happening: a reader of a bounded topic that owns no partition (the
    // enumerator tells it at once that no split will come). The caller ends it with endChannel(c, 0, …).
    bool endsAtStart(int c) const;

    // The channel of an event record: its partition's reader, or the partitioner's choice (which moves a
    // rebalance on). Throws std::invalid_argument for a partition the topic does not have.
    int channelFor(const InputRecord& record);
    // Channel c's generator sees an event record (the caller has forwarded it: Flink forwards a record before its
    // generator sees it); with per-event emission the generator emits too.
    void onEvent(int c, const InputRecord& record, Timestamp now, WatermarkItems& items);
    // A watermark record on channel c.
    void onWatermarkRecord(int c, Timestamp ts, WatermarkItems& items);
    // Channel c's periodic timer; false, and nothing asked of the generator, when it could change nothing
    // (WatermarkChannel::periodicEmitChangesNothing).
    bool periodicEmit(int c, Timestamp now, WatermarkItems& items);
    // Channel c's input ends (Long.MAX_VALUE, as a bounded source does); false when it had ended already.
    bool endChannel(int c, Timestamp now, WatermarkItems& items);
    // Whether every channel has ended.
    bool ended() const;

    // ---- a Kafka source ----
    // The reader that owns `partition` (-1 without a Kafka source).
    int readerOfPartition(int partition) const;
    // With per-partition watermarks, the partition's split output inside its reader (its watermark and whether
    // it is idle); nullptr otherwise.
    const WatermarkOutputMultiplexer::Output* partitionOutput(int partition) const;
    // Its generator in the reader; nullptr likewise.
    const StrategyWatermarkGenerator* partitionGenerator(int partition) const;
    // The partition holding reader `channel`'s combined watermark back (the active split with the lowest
    // watermark); -1 when every partition it reads is idle, it reads none, or watermarks are made after the source.
    int holdingPartition(int channel) const;
    int partitionCount() const { return static_cast<int>(m_partitionReader.size()); }
    // The partitions reader `channel` was given, in partition order (empty without a Kafka source).
    const std::vector<int>& readerPartitions(int channel) const
    {
        return m_readerPartitions[static_cast<std::size_t>(channel)];
    }
    // What the partition's lane shows: its split output, or, once finished, what it had when released; nullptr
    // without per-partition watermarks.
    const WatermarkOutputMultiplexer::Output* laneOutput(int partition) const;
    // Whether a bounded KafkaSource's reader has finished the partition's split.
    bool partitionFinished(int partition) const;
    // With per-partition watermarks, the split output of a finished partition as it was when released; nullptr
    // otherwise.
    const WatermarkOutputMultiplexer::Output* releasedOutput(int partition) const;
    // A bounded KafkaSource's reader has finished `partition`'s split (KafkaSplitEnds says when): with per-partition
    // watermarks its output is released, without a combine; a reader with no split left reaches the end of its
    // input and ends as endChannel() ends it (into `items`). Returns that reader, or -1 when none ended.
    int finishSplit(int partition, Timestamp now, WatermarkItems& items);

    // The channels' (and a reader's splits') state as canonical text, one line each, for Pipeline::dump.
    void dump(std::string& s) const;

private:
    // The reader of `partition` with per-partition watermarks; nullptr otherwise.
    const SourceReaderWatermarks* readerOf(int partition) const;

    std::optional<KafkaSourceSpec> m_kafka;
    bool m_bounded = false;
    RecordPartitioner m_partitioner;
    std::vector<WatermarkChannel> m_channels;
    std::vector<int> m_partitionReader; // a Kafka source: the reader of each partition
    std::vector<std::string> m_splitIds; // and its split's id
    std::vector<std::size_t> m_splitIndex; // and its place among its reader's live splits (npos: finished)
    std::vector<std::vector<int>> m_readerPartitions; // each reader's partitions, in partition order
    std::vector<std::vector<int>> m_readerSplits; // each reader's partitions whose splits have not finished
    std::vector<std::optional<WatermarkOutputMultiplexer::Output>> m_released; // by partition, once finished
};

} // namespace tidemark
