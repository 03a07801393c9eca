#pragma once

#include "engine/core/JobGraph.h"
#include "engine/core/Keys.h"
#include "engine/core/Output.h"
#include "engine/runtime/Partitioners.h"
#include "engine/runtime/SourceOperator.h"
#include "engine/runtime/StreamGraph.h"
#include "engine/watermark/IndexedCombinedWatermarkStatus.h"
#include "engine/watermark/SortingDataInput.h"
#include "engine/watermark/StatusWatermarkValve.h"
#include "engine/watermark/WatermarkChannel.h"
#include "engine/windowing/IntervalJoinOperator.h"
#include "engine/windowing/KeyedProcessOperator.h"
#include "engine/windowing/WindowOperator.h"

#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace tidemark {

// A record between operators: what a source read, a window's result (its value, at window.maxTimestamp()), a
// process function's output (the record it emits, at the time Flink stamps it), an interval join's pair (at the
// larger timestamp; it carries no value).
struct GraphElement {
    KeyId key = kNoKey;
    bool hasValue = false;
    double value = 0.0;
    Timestamp ts = 0;
};

// What an operator put out, in the order the operators produced it.
struct GraphOutput {
    int op = 0; // its index in JobGraph::operators
    int subtask = 0;
    std::size_t afterInput = 0; // input records (of every source) processed when it happened
    Timestamp watermark = kMinTimestamp; // the operator subtask's event time then
    // A window's result or late record; an interval join's pair, late or dropped record (element ids); a process
    // function's output (element ids).
    std::variant<FireEvent, LateEvent, IntervalJoinOperator::Output, ProcessOutput> what;
};

// What an output is to the one who reads it: a result (a window's on-time fire, a join's pair, a process function's
// record), a window's re-fire for a late record (a result, and a late record's doing), or a late record sent to a
// side output or dropped (by a window or a join).
enum class GraphOutputKind : std::uint8_t { Result, LateResult, SideOutput, Dropped };
GraphOutputKind kindOf(const GraphOutput& output);

// The job of a graph as Flink's runtime would wire it (docs/job-graph.md): each source's records go to its
// channels (SourceOperator: one generator each, or a Kafka topic's readers), every stream's records to the subtasks
// that read it (by key, or all to a windowAll's one subtask) and its watermarks and statuses to all of them. Each
// operator input has a StatusWatermarkValve over its channels; an operator of two inputs combines them
// (IndexedCombinedWatermarkStatus); an operator advances its timers to a watermark, then forwards it to the operators
// that read it. Records and watermarks are handed on at once, depth first: each call is one happening, processed
// completely.
class GraphPipeline {
public:
    // `end`: how the input ends (whether a topic is bounded).
    GraphPipeline(const JobGraph& graph, const KeyTable& keys, FlinkVersion version, EndOfInput end);

    const StreamGraph& streams() const { return m_streams; }
    // A source's channels are global channels firstChannel(s) … + parallelism − 1, in source order.
    int channelCount() const { return static_cast<int>(m_channelSource.size()); }
    int sourceOfChannel(int channel) const { return m_channelSource[static_cast<std::size_t>(channel)]; }
    // Global channel c's index among its source's channels.
    int localChannel(int c) const { return c - m_firstChannel[static_cast<std::size_t>(sourceOfChannel(c))]; }
    const WatermarkChannel& channel(int c) const { return source(sourceOfChannel(c)).channel(localChannel(c)); }
    // Source s: its channels, and a Kafka source's readers, partitions and splits.
    const SourceOperator& source(int s) const { return m_sources[static_cast<std::size_t>(s)]; }
    // Element `id` (source records and what operators emitted, in the order they were made).
    const GraphElement& element(std::uint32_t id) const { return (*m_elements)[id]; }

    // Source `source`'s record arrives at processing time `now`.
    void processRecord(int source, const InputRecord& record, Timestamp now, std::vector<GraphOutput>& out);
    // Periodic timer `timer`'s emission (onPeriodicEmit, and the idleness check): timers 0 … channelCount() − 1 are
    // the source channels', the next ones the assigners' subtasks' (operators of kind Watermarks, in stream and
    // subtask order).
    void periodicEmit(int timer, Timestamp now, std::vector<GraphOutput>& out);
    int periodicTimerCount() const { return channelCount() + static_cast<int>(m_assigners.size()); }
    // The assigner's operator stream and subtask whose periodic timer `timer` is; nullopt for a source channel's.
    std::optional<std::pair<int, int>> assignerOfTimer(int timer) const
    {
        if (timer < channelCount())
            return std::nullopt;
        return m_assigners[static_cast<std::size_t>(timer - channelCount())];
    }
    // What periodic timer `timer` runs: its source's generators or its assigner (its period among them).
    const WatermarkConfig& timerWatermarks(int timer) const;
    // The assigner (TimestampsAndWatermarksOperator and its generator) of an assigner's subtask; nullptr for any
    // other operator.
    const WatermarkChannel* assigner(int stream, int subtask) const
    {
        return std::get_if<WatermarkChannel>(
            &m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(subtask)].op);
    }
    // A process function's registered timers on one subtask (KeyedProcessOperator::timers; none for any other
    // operator).
    std::vector<TimerInfo> processTimers(int stream, int subtask) const
    {
        const auto* p = std::get_if<KeyedProcessOperator>(
            &m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(subtask)].op);
        return p ? p->timers() : std::vector<TimerInfo> {};
    }
    // Whether the process functions keep the changes to their timers (KeyedProcessOperator::recordTimerChanges), and
    // those kept since the last call, handed to f(stream, subtask, change) subtask by subtask (each subtask's in the
    // order they happened) and forgotten.
    void recordTimerChanges(bool on);
    template <class F> void takeTimerChanges(F&& f)
    {
        for (std::size_t stream = 0; stream < m_subtasks.size(); ++stream) {
            for (std::size_t s = 0; s < m_subtasks[stream].size(); ++s) {
                if (auto* p = std::get_if<KeyedProcessOperator>(&m_subtasks[stream][s].op)) {
                    for (const ProcessTimerChange& c : p->timerChanges())
                        f(static_cast<int>(stream), static_cast<int>(s), c);
                    p->clearTimerChanges();
                }
            }
        }
    }
    // The window operator of one subtask (a window, a window join or coGroup); nullptr for any other operator.
    const WindowOperator* windowOperator(int stream, int subtask) const
    {
        if (m_subtasks[static_cast<std::size_t>(stream)].empty())
            return nullptr; // a source
        return std::get_if<WindowOperator>(
            &m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(subtask)].op);
    }
    // Source `source` ends (Long.MAX_VALUE from each of its channels, as a bounded source does).
    void endOfInput(int source, Timestamp now, std::vector<GraphOutput>& out);
    // Before the first happening, source by source: a bounded topic's readers that own no partition end, then the
    // splits that finish at once (KafkaSplitEnds::atStart). Nothing can fire then: every other reader holds its
    // readers at Long.MIN_VALUE.
    void start(int source, std::span<const int> splitsAtStart, std::vector<GraphOutput>& out);
    // A bounded topic's reader has finished `partition`'s split of Kafka source `source` (KafkaSplitEnds says when;
    // SourceOperator::finishSplit); the source ends with its last reader.
    void finishSplit(int source, int partition, Timestamp now, std::vector<GraphOutput>& out);
    // The operator subtasks that set processing-time timers ("timed" subtasks, numbered 0 …: process functions on
    // the clock, windows with a processing-time assigner or trigger): each one's
    // registered timers (their times), and its clock moved to `now`, firing those due (docs/execution-model.md,
    // rule 4). Records are processed with the clock at their arrival, without firing what is due then.
    int timedSubtaskCount() const { return static_cast<int>(m_timed.size()); }
    // Timed subtask t's operator stream and subtask.
    std::pair<int, int> timedSubtask(int timed) const { return m_timed[static_cast<std::size_t>(timed)]; }
    // The timers to schedule: a process function's registered since the last call
    // (KeyedProcessOperator::takeNewProcessingTimers), a window's every pending one; the run schedules each time once.
    std::vector<Timestamp> takeNewProcessingTimers(int timed);
    void processingTimer(int timed, Timestamp now, std::vector<GraphOutput>& out);
    // Records processed so far, over every source (stamped on outputs as afterInput).
    std::size_t inputs() const { return m_inputs; }
    // The source channel the last event record went to (its partitioner's choice); -1 after a watermark record.
    int lastRecordChannel() const { return m_lastRecordChannel; }

    // An operator subtask's event time (its input valve, or its inputs combined; an assigner's own watermark).
    Timestamp operatorWatermark(int op, int subtask) const;
    // The input valve of an operator subtask (by stream), and its inputs combined when it has two (else nullptr).
    const StatusWatermarkValve& inputValve(int stream, int subtask, int input) const
    {
        return m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(subtask)]
            .valves[static_cast<std::size_t>(input)];
    }
    const IndexedCombinedWatermarkStatus* combinedInputs(int stream, int subtask) const
    {
        const auto& c = m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(subtask)].combined;
        return c ? &*c : nullptr;
    }
    // Source s's channel c, among every source's (channel()).
    int channelOf(int source, int c) const { return m_firstChannel[static_cast<std::size_t>(source)] + c; }
    // Whether stream `stream`'s operator reads its input sorted (GraphOperator::outputOnlyAfterEndOfStream): its
    // valves' watermarks are kept from it until every stream it reads has ended.
    bool sortsInput(int stream) const { return m_sortsInput[static_cast<std::size_t>(stream)]; }
    // Whether every channel of every input of stream `stream` has ended (a source: all its channels).
    bool ended(int stream) const { return m_openInputs[static_cast<std::size_t>(stream)] == 0; }

private:
    using Operator
        = std::variant<std::monostate, WindowOperator, KeyedProcessOperator, IntervalJoinOperator, WatermarkChannel>;
    struct Subtask {
        std::vector<StatusWatermarkValve> valves; // one per input
        std::optional<IndexedCombinedWatermarkStatus> combined; // two inputs
        Operator op;
        SortingDataInput sorting; // used when its operator sortsInput()
    };

    // Element `id` from subtask (or source channel) `upstream` of `stream` to every operator that reads it.
    void emitElement(int stream, int upstream, std::uint32_t id, std::vector<GraphOutput>& out);
    void deliverElement(int stream, int subtask, int input, std::uint32_t id, std::vector<GraphOutput>& out);
    void emitWatermarkItems(int stream, int upstream, const WatermarkItems& items, std::vector<GraphOutput>& out);
    void inputItem(int stream, int subtask, int input, const WatermarkItem& item, std::vector<GraphOutput>& out);
    void advance(int stream, int subtask, Timestamp watermark, std::vector<GraphOutput>& out);
    // Stream `stream` has ended: what reads only ended streams ends too, a sorted input first handing its operator
    // the highest watermark it kept (SortingDataInput at its end of input), as a chain's window does.
    void endStream(int stream, std::vector<GraphOutput>& out);
    // What one call into an operator produced, recorded and handed on (records reach the next operators at once,
    // so each call keeps its own list: a nested call must not write into the one being walked).
    void windowOutputs(
        int stream, int subtask, const std::vector<OperatorOutput>& produced, std::vector<GraphOutput>& out);
    void processOutputs(
        int stream, int subtask, const std::vector<ProcessOutput>& produced, std::vector<GraphOutput>& out);
    void joinOutputs(int stream, int subtask, const std::vector<IntervalJoinOperator::Output>& produced,
        std::vector<GraphOutput>& out);
    std::uint32_t addElement(const GraphElement& e);
    Subtask& subtask(int stream, int s)
    {
        return m_subtasks[static_cast<std::size_t>(stream)][static_cast<std::size_t>(s)];
    }
    int subtaskFor(int stream, KeyId key) const;

    const JobGraph& m_graph;
    const KeyTable& m_keys;
    StreamGraph m_streams;
    std::vector<SourceOperator> m_sources;
    std::vector<int> m_channelSource; // by global channel
    std::vector<int> m_firstChannel; // by source
    std::vector<std::vector<Subtask>> m_subtasks; // by stream (empty for sources), by subtask
    std::vector<int> m_maxParallelism; // by stream
    // By stream: the edges into it from streams that have not ended; a source counts its one input, its records.
    std::vector<int> m_openInputs;
    std::vector<bool> m_sortsInput; // by stream: sortsInput()
    // Every element made, an append-only log shared by the copies of a pipeline (GraphRun's snapshots): a copy
    // replaying from a snapshot makes the elements the run made, in the same order, so it reads them from the log
    // rather than adding them again, and copying a pipeline costs its operators' state, not every record so far.
    // So the copies of one pipeline must run on one thread at a time.
    std::shared_ptr<std::vector<GraphElement>> m_elements = std::make_shared<std::vector<GraphElement>>();
    std::uint32_t m_elementCount = 0; // this copy's elements: the log's first m_elementCount
    std::vector<std::pair<int, int>> m_timed; // (stream, subtask) of each timed subtask
    std::vector<std::pair<int, int>> m_assigners; // (stream, subtask) of each assigner's subtask
    // By stream, by edge leaving it (edgesFrom order), by upstream subtask: a rebalance edge's round robin (each
    // upstream subtask's RecordWriter has its own); empty for other edges.
    std::vector<std::vector<std::vector<RebalancePartitioner>>> m_rebalance;
    Timestamp m_now = 0; // the processing time of the happening being processed
    std::size_t m_inputs = 0;
    int m_lastRecordChannel = -1;
};

} // namespace tidemark
