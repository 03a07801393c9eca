#pragma once

#include "engine/core/Keys.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Record.h"
#include "engine/runtime/SourceOperator.h"
#include "engine/watermark/SortingDataInput.h"
#include "engine/watermark/StatusWatermarkValve.h"
#include "engine/watermark/WatermarkChannel.h"
#include "engine/windowing/WindowOperator.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// The job of a scenario as Flink's runtime would wire it (docs/execution-model.md, "Topology"):
//
//   records ─► RecordPartitioner ─► P WatermarkChannels ─► keyBy (key groups) ─► W WindowOperator subtasks
//                                    every channel broadcasts its watermarks and IDLE/ACTIVE to the
//                                    StatusWatermarkValve of every subtask (subtask-index order)
//
// The channels are the SourceOperator's: for a Kafka source (config.kafka) its readers, P = source parallelism.
//
// windowAll (keyBy null) forces W = 1. Each call is one happening of the event queue processed
// completely; what the operators produce is appended to `out` in the order it is produced. The
// `afterInput` of outputs is left for the caller. A plain value: copying a Pipeline is a snapshot.
class Pipeline {
public:
    // `panes`: Elements keeps every pane's elements (the player shows them); AsFlink keeps one accumulator
    // per window for an incremental function, as Flink does, when nothing needs to show the elements.
    explicit Pipeline(const PipelineConfig& config, PaneStorage panes = PaneStorage::Elements);

    int channelCount() const { return m_source.channelCount(); }
    int subtaskCount() const { return static_cast<int>(m_operators.size()); }
    int maxParallelism() const { return m_maxParallelism; }
    const PipelineConfig& config() const { return m_config; }

    // The window subtask a key goes to: Flink's KeyGroupRangeAssignment over the key's Java hashCode;
    // 0 for windowAll (kNoKey) or W = 1.
    int subtaskForKeyHash(std::int32_t javaHash) const;
    int subtaskForKey(const KeyTable& keys, KeyId key) const;

    // The source: its channels, and a Kafka source's readers, partitions and splits.
    const SourceOperator& source() const { return m_source; }

    // An event record arriving at processing time `now`: picks its channel (returned), forwards the record
    // to `subtask` (its key's), then the channel's generator sees it (and emits, with per-event emission).
    int processEvent(const InputRecord& record, int subtask, Timestamp now, std::vector<OperatorOutput>& out);
    // A watermark record from the input: to its channel, or to every channel in index order.
    void processWatermarkRecord(const InputRecord& record, Timestamp now, std::vector<OperatorOutput>& out);
    // Channel `channel`'s periodic timer (onPeriodicEmit; the idleness check with withIdleness). False when the
    // emission could change nothing (WatermarkChannel::periodicEmitChangesNothing) and the generator was not
    // asked: then nothing but the processing time moved.
    bool periodicEmit(int channel, Timestamp now, std::vector<OperatorOutput>& out);
    // Subtask `subtask`'s processing time advances to `now`, firing its processing-time timers <= now.
    void processingTimer(int subtask, Timestamp now, std::vector<OperatorOutput>& out);
    // End of input (max-watermark, drain): every channel that has not ended, in index order, ends (Long.MAX_VALUE).
    void endOfInput(Timestamp now, std::vector<OperatorOutput>& out);
    // A bounded KafkaSource's reader has finished `partition`'s split (SourceOperator::finishSplit). Returns whether
    // the reader ended.
    bool finishSplit(int partition, Timestamp now, std::vector<OperatorOutput>& out);

    const WatermarkChannel& channel(int c) const { return m_source.channel(c); }
    const StatusWatermarkValve& valve(int s) const { return m_valves[static_cast<std::size_t>(s)]; }
    const WindowOperator& subtask(int s) const { return m_operators[static_cast<std::size_t>(s)]; }
    // The channel holding subtask s's valve at its minimum (the lowest index if several), -1 if none.
    int minChannel(int s) const;

    // Every piece of state as canonical text: equal dumps ⇔ equal state. `keys` names the keys.
    std::string dump(const KeyTable& keys) const;

private:
    void deliver(int channel, std::vector<OperatorOutput>& out);
    // A window operator that emits only after the end of its input reads a sorted input (SortingDataInput), which
    // keeps the valve's watermarks from it and hands on the highest once the last channel has ended: called where
    // channels end.
    bool sortedInput() const { return m_config.window.outputOnlyAfterEndOfStream(); }
    void releaseSortedInput(std::vector<OperatorOutput>& out);

    PipelineConfig m_config;
    int m_maxParallelism = 128;
    SourceOperator m_source;
    std::vector<StatusWatermarkValve> m_valves;
    std::vector<WindowOperator> m_operators;
    std::vector<SortingDataInput> m_sortingInputs; // by subtask, used when sortedInput()
    WatermarkItems m_items; // scratch: what a channel forwards in one call
    WatermarkItems m_valveItems; // scratch: what one valve outputs
};

} // namespace tidemark
