#include "engine/runtime/Pipeline.h"

#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/runtime/KeyGroupRangeAssignment.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <utility>

namespace tidemark {

namespace {

int windowParallelism(const PipelineConfig& config)
{
    return config.window.subtasks();
}

std::string num(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string windowText(const TimeWindow& w)
{
    if (w.isGlobal())
        return "global";
    return std::string("[").append(std::to_string(w.start())).append(",").append(std::to_string(w.end())).append(")");
}

std::string keyText(const KeyTable& keys, KeyId key)
{
    return key == kNoKey || key >= keys.size() ? std::string("<all>") : keys.name(key);
}

std::string idlenessText(const IdlenessTimer* t)
{
    if (!t)
        return {};
    return " idle-start=" + (t->startOfInactivity() ? std::to_string(*t->startOfInactivity()) : "-")
        + " activity=" + std::to_string(t->hasActivitySinceLastCheck());
}

} // namespace

Pipeline::Pipeline(const PipelineConfig& config, PaneStorage panes)
    : m_config(config)
    , m_partitioner(config.watermarks)
{
    const int p = std::max(1, config.watermarks.parallelism);
    const int w = windowParallelism(config);
    m_maxParallelism = KeyGroupRangeAssignment::computeDefaultMaxParallelism(w);
    m_channels.reserve(static_cast<std::size_t>(p));
    const bool perPartition = config.kafka && config.kafka->watermarks == KafkaSourceSpec::Watermarks::PerPartition;
    for (int c = 0; c < p; ++c) {
        m_channels.push_back(perPartition ? WatermarkChannel::forSourceReader(config.watermarks, config.flinkVersion)
                                          : WatermarkChannel(config.watermarks));
    }
    if (config.kafka) {
        m_readerPartitions.resize(static_cast<std::size_t>(p));
        m_readerSplits.resize(static_cast<std::size_t>(p));
        for (int partition = 0; partition < config.kafka->partitions; ++partition) {
            const int reader = KafkaSourceEnumerator::splitOwner(config.kafka->topic, partition, p);
            auto& owned = m_readerPartitions[static_cast<std::size_t>(reader)];
            m_partitionReader.push_back(reader);
            m_splitIds.push_back(KafkaSourceEnumerator::splitId(config.kafka->topic, partition));
            m_splitIndex.push_back(owned.size());
            owned.push_back(partition);
            m_readerSplits[static_cast<std::size_t>(reader)].push_back(partition);
            if (perPartition)
                m_channels[static_cast<std::size_t>(reader)].addSplit(m_splitIds.back());
        }
    }
    m_valves.reserve(static_cast<std::size_t>(w));
    m_operators.reserve(static_cast<std::size_t>(w));
    for (int s = 0; s < w; ++s) {
        m_valves.emplace_back(p);
        m_operators.emplace_back(config.window, s, panes);
    }
    m_sortingInputs.resize(static_cast<std::size_t>(w));
    if (config.kafka && config.endOfInput == EndOfInput::MaxWatermark) {
        // A bounded KafkaSource tells every reader there are no more splits: one that owns no partition finishes as
        // the job starts, and its Long.MAX_VALUE is in place before anything happens (no window can fire on it:
        // the readers that own a partition still hold the valves at Long.MIN_VALUE).
        std::vector<OperatorOutput> none;
        for (int c = 0; c < p; ++c) {
            if (m_readerPartitions[static_cast<std::size_t>(c)].empty()) {
                m_items.clear();
                m_channels[static_cast<std::size_t>(c)].onEndOfInput(0, m_items);
                deliver(c, none);
            }
        }
    }
}

int Pipeline::subtaskForKeyHash(std::int32_t javaHash) const
{
    if (m_operators.size() == 1)
        return 0;
    return KeyGroupRangeAssignment::assignKeyToParallelOperator(javaHash, m_maxParallelism, subtaskCount());
}

int Pipeline::subtaskForKey(const KeyTable& keys, KeyId key) const
{
    if (m_operators.size() == 1 || key == kNoKey)
        return 0;
    return subtaskForKeyHash(keys.javaHash(key));
}

void Pipeline::deliver(int channel, std::vector<OperatorOutput>& out)
{
    // Every channel broadcasts to every subtask; subtasks take it in index order.
    for (std::size_t s = 0; s < m_valves.size(); ++s) {
        for (const WatermarkItem& item : m_items) {
            m_valveItems.clear();
            m_valves[s].input(channel, item, m_valveItems);
            for (const WatermarkItem& v : m_valveItems) {
                if (sortedInput())
                    m_sortingInputs[s].keep(v);
                else if (v.isWatermark())
                    m_operators[s].processWatermark(v.watermark, out);
            }
        }
    }
    m_items.clear();
}

void Pipeline::releaseSortedInput(std::vector<OperatorOutput>& out)
{
    if (!sortedInput()
        || !std::all_of(m_channels.begin(), m_channels.end(), [](const WatermarkChannel& c) { return c.ended(); }))
        return;
    for (std::size_t s = 0; s < m_operators.size(); ++s) {
        if (const auto highest = m_sortingInputs[s].release())
            m_operators[s].processWatermark(*highest, out);
    }
}

int Pipeline::readerOfPartition(int partition) const
{
    if (partition < 0 || partition >= static_cast<int>(m_partitionReader.size()))
        return -1;
    return m_partitionReader[static_cast<std::size_t>(partition)];
}

const SourceReaderWatermarks* Pipeline::readerOf(int partition) const
{
    const int reader = readerOfPartition(partition);
    return reader < 0 ? nullptr : m_channels[static_cast<std::size_t>(reader)].sourceReader();
}

// A reader's splits are added in partition order and leave it only when they finish, so a partition's place among
// the live ones is kept here (looked up per step: no search by id).
const WatermarkOutputMultiplexer::Output* Pipeline::partitionOutput(int partition) const
{
    const SourceReaderWatermarks* r = readerOf(partition);
    if (!r || partitionFinished(partition))
        return nullptr;
    return &r->splits().outputs()[m_splitIndex[static_cast<std::size_t>(partition)]];
}

const StrategyWatermarkGenerator* Pipeline::partitionGenerator(int partition) const
{
    const SourceReaderWatermarks* r = readerOf(partition);
    if (!r || partitionFinished(partition))
        return nullptr;
    return &r->splitGenerators()[m_splitIndex[static_cast<std::size_t>(partition)]].second;
}

bool Pipeline::partitionFinished(int partition) const
{
    return partition >= 0 && partition < partitionCount()
        && m_splitIndex[static_cast<std::size_t>(partition)] == std::size_t(-1);
}

const WatermarkOutputMultiplexer::Output* Pipeline::releasedOutput(int partition) const
{
    if (partition < 0 || static_cast<std::size_t>(partition) >= m_released.size())
        return nullptr;
    const auto& released = m_released[static_cast<std::size_t>(partition)];
    return released ? &*released : nullptr;
}

bool Pipeline::finishSplit(int partition, Timestamp now, std::vector<OperatorOutput>& out)
{
    if (partition < 0 || partition >= partitionCount() || partitionFinished(partition))
        return false;
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
        return false;
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    m_items.clear();
    ch.onEndOfInput(now, m_items);
    deliver(reader, out);
    releaseSortedInput(out);
    return true;
}

int Pipeline::holdingPartition(int channel) const
{
    const SourceReaderWatermarks* r = m_channels[static_cast<std::size_t>(channel)].sourceReader();
    const WatermarkOutputMultiplexer::Output* holding = r ? r->splits().holdingBack() : nullptr;
    if (!holding)
        return -1;
    const auto index = static_cast<std::size_t>(holding - r->splits().outputs().data());
    return m_readerSplits[static_cast<std::size_t>(channel)][index];
}

int Pipeline::processEvent(const InputRecord& record, int subtask, Timestamp now, std::vector<OperatorOutput>& out)
{
    int c = 0;
    if (m_config.kafka) {
        c = readerOfPartition(record.partition);
        if (c < 0) {
            throw std::invalid_argument("a record of partition " + std::to_string(record.partition) + ", but topic \""
                + m_config.kafka->topic + "\" has " + std::to_string(m_config.kafka->partitions) + " partitions");
        }
    } else {
        c = m_partitioner.selectChannel(record.channel);
    }
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    // The source, or TimestampsAndWatermarksOperator, forwards the record before its generator sees it.
    m_operators[static_cast<std::size_t>(subtask)].processElement(
        m_config.window.operatorKey(record.key), record.value, record.hasValue, record.ts, out);
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(c)];
    m_items.clear();
    if (ch.sourceReader()) {
        // per-event emission happens inside, into the split's output
        ch.onSplitEvent(m_splitIds[static_cast<std::size_t>(record.partition)], record.ts, now, m_items);
    } else {
        ch.onEvent(record.ts, m_items);
        if (m_config.watermarks.emission == WatermarkConfig::Emission::PerEvent)
            ch.onPeriodicEmit(now, m_items);
    }
    deliver(c, out);
    return c;
}

void Pipeline::processWatermarkRecord(const InputRecord& record, Timestamp now, std::vector<OperatorOutput>& out)
{
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    const auto one = [&](int c) {
        m_items.clear();
        m_channels[static_cast<std::size_t>(c)].onWatermarkRecord(record.ts, m_items);
        deliver(c, out);
    };
    if (record.channel >= 0 && record.channel < channelCount()) {
        one(record.channel);
    } else if (record.channel == InputRecord::kNoChannel) {
        for (int c = 0; c < channelCount(); ++c)
            one(c); // a source broadcasts its watermarks
    } else {
        throw std::invalid_argument("watermark record on channel " + std::to_string(record.channel) + ", but there are "
            + std::to_string(channelCount()) + " channels");
    }
}

bool Pipeline::periodicEmit(int channel, Timestamp now, std::vector<OperatorOutput>& out)
{
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    WatermarkChannel& ch = m_channels[static_cast<std::size_t>(channel)];
    if (ch.periodicEmitChangesNothing())
        return false;
    m_items.clear();
    ch.onPeriodicEmit(now, m_items);
    deliver(channel, out);
    return true;
}

void Pipeline::processingTimer(int subtask, Timestamp now, std::vector<OperatorOutput>& out)
{
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    m_operators[static_cast<std::size_t>(subtask)].advanceProcessingTime(now, out);
}

void Pipeline::endOfInput(Timestamp now, std::vector<OperatorOutput>& out)
{
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    for (int c = 0; c < channelCount(); ++c) {
        if (m_channels[static_cast<std::size_t>(c)].ended())
            continue; // a reader with no partition finished at the start
        m_items.clear();
        m_channels[static_cast<std::size_t>(c)].onEndOfInput(now, m_items);
        deliver(c, out);
    }
    releaseSortedInput(out);
}

int Pipeline::minChannel(int s) const
{
    return m_valves[static_cast<std::size_t>(s)].firstChannelHoldingMinimum();
}

std::string Pipeline::dump(const KeyTable& keys) const
{
    std::string s;
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
    for (int i = 0; i < subtaskCount(); ++i) {
        const StatusWatermarkValve& v = valve(i);
        s += "valve " + std::to_string(i) + " out=" + std::to_string(v.lastOutputWatermark())
            + " idle=" + std::to_string(v.isIdle()) + " in=";
        for (const auto& in : v.channels()) {
            s += std::to_string(in.watermark) + (in.isActive() ? "" : "i") + (in.aligned ? "" : "u") + ",";
        }
        s += "\n";
        const WindowOperator& op = subtask(i);
        s += "operator " + std::to_string(i) + " wm=" + std::to_string(op.currentWatermark())
            + " pt=" + std::to_string(op.currentProcessingTime())
            + " dropped=" + std::to_string(op.numLateRecordsDropped()) + "\n";
        for (const WindowStateView& w : op.windows()) {
            s += "  window " + keyText(keys, w.key) + " " + windowText(w.window) + " state=" + windowText(w.stateWindow)
                + " fires=" + std::to_string(w.fireCount)
                + " cleanup=" + (w.cleanupTime ? std::to_string(*w.cleanupTime) : "never") + " [";
            for (const PaneElement& e : w.contents)
                s += std::to_string(e.ts) + ":" + (e.hasValue ? num(e.value) : "-") + " ";
            s += "]\n";
        }
        for (const TimeDomain d : {TimeDomain::Event, TimeDomain::Processing}) {
            for (const TimerInfo& t : op.timers(d)) {
                s += std::string("  timer ") + (d == TimeDomain::Event ? "et " : "pt ") + std::to_string(t.ts) + " "
                    + keyText(keys, t.key) + " " + windowText(t.window) + " #" + std::to_string(t.sequence) + "\n";
            }
        }
    }
    return s;
}

} // namespace tidemark
