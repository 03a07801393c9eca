#include "engine/runtime/Pipeline.h"

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

} // namespace

Pipeline::Pipeline(const PipelineConfig& config, PaneStorage panes)
    : m_config(config)
    , m_source(config.watermarks, config.kafka, config.endOfInput == EndOfInput::MaxWatermark, config.flinkVersion)
{
    const int p = m_source.channelCount();
    const int w = windowParallelism(config);
    m_maxParallelism = KeyGroupRangeAssignment::computeDefaultMaxParallelism(w);
    m_valves.reserve(static_cast<std::size_t>(w));
    m_operators.reserve(static_cast<std::size_t>(w));
    for (int s = 0; s < w; ++s) {
        m_valves.emplace_back(p);
        m_operators.emplace_back(config.window, s, panes);
    }
    m_sortingInputs.resize(static_cast<std::size_t>(w));
    // A reader of a bounded topic that owns no partition finishes as the job starts, and its Long.MAX_VALUE is in
    // place before anything happens (no window can fire on it: the readers that own a partition still hold the
    // valves at Long.MIN_VALUE).
    std::vector<OperatorOutput> none;
    for (int c = 0; c < p; ++c) {
        if (m_source.endsAtStart(c)) {
            m_items.clear();
            m_source.endChannel(c, 0, m_items);
            deliver(c, none);
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
    if (!sortedInput() || !m_source.ended())
        return;
    for (std::size_t s = 0; s < m_operators.size(); ++s) {
        if (const auto highest = m_sortingInputs[s].release())
            m_operators[s].processWatermark(*highest, out);
    }
}

bool Pipeline::finishSplit(int partition, Timestamp now, std::vector<OperatorOutput>& out)
{
    m_items.clear();
    const int reader = m_source.finishSplit(partition, now, m_items);
    if (reader < 0)
        return false;
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    deliver(reader, out);
    releaseSortedInput(out);
    return true;
}

int Pipeline::processEvent(const InputRecord& record, int subtask, Timestamp now, std::vector<OperatorOutput>& out)
{
    const int c = m_source.channelFor(record);
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    // The source, or TimestampsAndWatermarksOperator, forwards the record before its generator sees it.
    m_operators[static_cast<std::size_t>(subtask)].processElement(
        m_config.window.operatorKey(record.key), record.value, record.hasValue, record.ts, out);
    m_items.clear();
    m_source.onEvent(c, record, now, m_items);
    deliver(c, out);
    return c;
}

void Pipeline::processWatermarkRecord(const InputRecord& record, Timestamp now, std::vector<OperatorOutput>& out)
{
    for (auto& op : m_operators)
        op.setCurrentProcessingTime(now);
    const auto one = [&](int c) {
        m_items.clear();
        m_source.onWatermarkRecord(c, record.ts, m_items);
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
    m_items.clear();
    if (!m_source.periodicEmit(channel, now, m_items))
        return false;
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
        m_items.clear();
        if (m_source.endChannel(c, now, m_items)) // a reader with no partition finished at the start
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
    m_source.dump(s);
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
