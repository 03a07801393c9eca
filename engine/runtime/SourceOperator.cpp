#include "engine/runtime/SourceOperator.h"

#include "engine/runtime/KafkaSourceEnumerator.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

namespace {

std::string idlenessText(const IdlenessTimer* t)
{
    if (!t)
        return {};
    return " idle-start=" + (t->startOfInactivity() ? std::to_string(*t->startOfInactivity()) : "-")
        + " activity=" + std::to_string(t->hasActivitySinceLastCheck());
}

} // namespace

SourceOperator::SourceOperator(
    const WatermarkConfig& watermarks, const std::optional<KafkaSourceSpec>& kafka, bool bounded, FlinkVersion version)
    : m_kafka(kafka)
    , m_bounded(bounded)
    , m_partitioner(watermarks)
{
    const int p = std::max(1, watermarks.parallelism);
    m_channels.reserve(static_cast<std::size_t>(p));
    for (int c = 0; c < p; ++c)
        m_channels.push_back(
            perPartition() ? WatermarkChannel::forSourceReader(watermarks, version) : WatermarkChannel(watermarks));
    if (!kafka)
        return;
    m_readerPartitions.resize(static_cast<std::size_t>(p));
    m_readerSplits.resize(static_cast<std::size_t>(p));
    for (int partition = 0; partition < kafka->partitions; ++partition) {
        const int reader = KafkaSourceEnumerator::splitOwner(kafka->topic, partition, p);
        auto& owned = m_readerPartitions[static_cast<std::size_t>(reader)];
        m_partitionReader.push_back(reader);
        m_splitIds.push_back(KafkaSourceEnumerator::splitId(kafka->topic, partition));
        m_splitIndex.push_back(owned.size());
        owned.push_back(partition);
        m_readerSplits[static_cast<std::size_t>(reader)].push_back(partition);
        if (perPartition())
            m_channels[static_cast<std::size_t>(reader)].addSplit(m_splitIds.back());
    }
}

bool SourceOperator::endsAtStart(int c) const
{
    return m_kafka && m_bounded && m_readerPartitions[static_cast<std::size_t>(c)].empty();
}

int SourceOperator::channelFor(const InputRecord& record)
{
    if (!m_kafka)
        return m_partitioner.selectChannel(record.channel);
    const int c = readerOfPartition(record.partition);
    if (c < 0) {
        throw std::invalid_argument("a record of partition " + std::to_string(record.partition) + ", but topic \""
            + m_kafka->topic + "\" has " + std::to_string(m_kafka->partitions) + " partitions");
    }
    return c;
}

void SourceOperator::onEvent(int c, const InputRecord& record, Timestamp now, WatermarkItems& items)
{
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(c)];
    if (ch.sourceReader()) {
        // per-event emission happens inside, into the split's output
        ch.onSplitEvent(m_splitIds[static_cast<std::size_t>(record.partition)], record.ts, now, items);
        return;
    }
    ch.onRecord(record.ts, now, items);
}

void SourceOperator::onWatermarkRecord(int c, Timestamp ts, WatermarkItems& items)
{
    m_channels[static_cast<std::size_t>(c)].onWatermarkRecord(ts, items);
}

bool SourceOperator::periodicEmit(int c, Timestamp now, WatermarkItems& items)
{
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(c)];
    if (ch.periodicEmitChangesNothing())
        return false;
    ch.onPeriodicEmit(now, items);
    return true;
}

bool SourceOperator::endChannel(int c, Timestamp now, WatermarkItems& items)
{
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(c)];
    if (ch.ended())
        return false;
    ch.onEndOfInput(now, items);
    return true;
}

bool SourceOperator::ended() const
{
    return std::all_of(m_channels.begin(), m_channels.end(), [](const WatermarkChannel& c) { return c.ended(); });
}

int SourceOperator::readerOfPartition(int partition) const
{
    if (partition < 0 || partition >= static_cast<int>(m_partitionReader.size()))
        return -1;
    return m_partitionReader[static_cast<std::size_t>(partition)];
}

const SourceReaderWatermarks* SourceOperator::readerOf(int partition) const
{
    const int reader = readerOfPartition(partition);
    return reader < 0 ? nullptr : m_channels[static_cast<std::size_t>(reader)].sourceReader();
}

// A reader's splits are added in partition order and leave it only when they finish, so a partition's place among
// the live ones is kept here (looked up per step: no search by id).
const WatermarkOutputMultiplexer::Output* SourceOperator::partitionOutput(int partition) const
{
    const SourceReaderWatermarks* r = readerOf(partition);
    if (!r || partitionFinished(partition))
        return nullptr;
    return &r->splits().outputs()[m_splitIndex[static_cast<std::size_t>(partition)]];
}

const StrategyWatermarkGenerator* SourceOperator::partitionGenerator(int partition) const
{
    const SourceReaderWatermarks* r = readerOf(partition);
    if (!r || partitionFinished(partition))
        return nullptr;
    return &r->splitGenerators()[m_splitIndex[static_cast<std::size_t>(partition)]].second;
}

bool SourceOperator::partitionFinished(int partition) const
{
    return partition >= 0 && partition < partitionCount()
        && m_splitIndex[static_cast<std::size_t>(partition)] == std::size_t(-1);
}

const WatermarkOutputMultiplexer::Output* SourceOperator::laneOutput(int partition) const
{
    return partitionFinished(partition) ? releasedOutput(partition) : partitionOutput(partition);
}

const WatermarkOutputMultiplexer::Output* SourceOperator::releasedOutput(int partition) const
{
    if (partition < 0 || static_cast<std::size_t>(partition) >= m_released.size())
        return nullptr;
    const auto& released = m_released[static_cast<std::size_t>(partition)];
    return released ? &*released : nullptr;
}

int SourceOperator::finishSplit(int partition, Timestamp now, WatermarkItems& items)
{
    if (partition < 0 || partition >= partitionCount() || partitionFinished(partition))
        return -1;
    const int reader = m_partitionReader[static_cast<std::size_t>(partition)];
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(reader)];
    if (ch.sourceReader()) {
        m_released.resize(m_partitionReader.size());
        m_released[static_cast<std::size_t>(partition)] = *partitionOutput(partition);
        ch.releaseSplit(m_splitIds[static_cast<std::size_t>(partition)]);
    }
    auto& live = m_readerSplits[static_cast<std::size_t>(reader)];
    std::erase(live, partition);
    m_splitIndex[static_cast<std::size_t>(partition)] = std::size_t(-1);
    for (std::size_t i = 0; i < live.size(); ++i)
        m_splitIndex[static_cast<std::size_t>(live[i])] = i;
    if (!live.empty() || ch.ended())
        return -1;
    ch.onEndOfInput(now, items);
    return reader;
}

int SourceOperator::holdingPartition(int channel) const
{
    const SourceReaderWatermarks* r = m_channels[static_cast<std::size_t>(channel)].sourceReader();
    const WatermarkOutputMultiplexer::Output* holding = r ? r->splits().holdingBack() : nullptr;
    if (!holding)
        return -1;
    const auto index = static_cast<std::size_t>(holding - r->splits().outputs().data());
    return m_readerSplits[static_cast<std::size_t>(channel)][index];
}

void SourceOperator::dump(std::string& s) const
{
    s += "partitioner next=" + std::to_string(m_partitioner.rebalance().nextChannel()) + "\n";
    for (int q = 0; q < partitionCount(); ++q) {
        if (partitionFinished(q))
            s += "partition " + std::to_string(q) + " finished\n";
    }
    for (int c = 0; c < channelCount(); ++c) {
        const WatermarkChannel& ch = channel(c);
        s += "channel " + std::to_string(c) + " wm=" + std::to_string(ch.currentWatermark())
            + " idle=" + std::to_string(ch.isIdle()) + " events=" + std::to_string(ch.eventsSeen());
        if (const auto m = ch.maxTimestampSeen())
            s += " max=" + std::to_string(*m);
        if (const auto pw = ch.pendingWatermark())
            s += " pending=" + std::to_string(*pw);
        s += idlenessText(ch.idlenessTimer());
        s += "\n";
        if (const SourceReaderWatermarks* reader = ch.sourceReader()) {
            s += "  reader main-idle=" + std::to_string(reader->mainOutputIdle())
                + " splits-idle=" + std::to_string(reader->splitOutputIdle())
                + " combined=" + std::to_string(reader->splits().combinedWatermark()) + "\n";
            for (const auto& [id, generator] : reader->splitGenerators()) {
                const WatermarkOutputMultiplexer::Output* o = reader->splits().output(id);
                s += "  split " + id + " wm=" + std::to_string(o ? o->watermark : kMinTimestamp)
                    + " idle=" + std::to_string(o && o->idle);
                if (const auto pw = generator.builtin().pendingWatermark())
                    s += " pending=" + std::to_string(*pw);
                s += idlenessText(generator.idlenessTimer());
                s += "\n";
            }
        }
    }
}

} // namespace tidemark
