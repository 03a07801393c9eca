#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Output.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"
#include "engine/core/TimeWindow.h"
#include "engine/player/StepList.h"
#include "engine/windowing/WindowElement.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace tidemark {

// What the views read. A run is a sequence of steps (docs/execution-model.md): step 0 is the state before
// anything happened; step n (n >= 1) is the state after the n-th happening of the event queue.
//
// Three layers, from cheap to rich:
//  * Trace (this file): recorded once for the whole run by Player — one compact StepEntry per step, every
//    fire and late record, watermark histories, where each record went. Range queries for drawing.
//  * StepDetail: everything the *current* step did (Player::currentDetail()), rebuilt on demand.
//  * PipelineState: the full state at the current step (Player::state()).

// A fire or a late record, with the step that produced it (the output's afterInput is filled in).
// `sequence` numbers fires and late records together in the order they were produced.
struct FireRecord {
    StepIndex step = 0;
    std::uint32_t sequence = 0;
    FireEvent fire;
};
struct LateRecord {
    StepIndex step = 0;
    std::uint32_t sequence = 0;
    RecordIndex record = kNoRecord;
    LateEvent late;
};

// One point of a watermark history: the value from `step` on (until the next point).
struct WatermarkPoint {
    StepIndex step = 0;
    Timestamp processingTime = 0;
    Timestamp watermark = kMinTimestamp;
    std::int16_t minChannel = -1; // subtask histories: the channel holding the minimum (-1: none / all idle)
    bool idle = false; // channel: marked idle; subtask: every input channel idle
};

// Where an event record went, filled when it arrives.
struct RecordPlacement {
    StepIndex arrivalStep = kNoStep; // kNoStep: not arrived in the recorded run
    std::int16_t channel = -1;
    std::int16_t subtask = -1;
};

// How records are grouped into lanes for drawing.
enum class LaneKind : std::uint8_t {
    All, // lane 0: every event record
    Channel, // lane c: records that arrived on watermark channel c
    Subtask, // lane s: records processed by window subtask s
    Key, // lane = KeyId: records of one key (windowAll: lane 0 holds all)
    Partition // lane p: records of partition p of a Kafka source (none without one)
};
inline constexpr std::size_t kLaneKinds = 5;

// A window that fired at least once in the recorded run.
struct FiredWindow {
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    StepIndex firstFire = kNoStep;
    StepIndex lastFire = kNoStep;
    std::uint32_t fireCount = 0;
    std::uint32_t firstFireIndex = 0; // where its fires start in the trace's fires-by-window index
};

// The recorded run. Built by Player; read-only for views. All spans stay valid until the run is extended
// (Player::appendRecord) — re-fetch them after Player::traceChanged-style notifications.
class Trace {
public:
    // Steps 0 … stepCount()-1; the last one is the end of the run. Quiet periodic emissions (that move no
    // watermark and no idle status) are kept as runs, not one by one (StepList): step() rebuilds any of them.
    std::size_t stepCount() const { return m_steps.size(); }
    StepEntry step(StepIndex s) const { return m_steps.at(s); }
    // The run of consecutive quiet periodic emissions step s belongs to, if it is one.
    std::optional<QuietRun> quietRunAt(StepIndex s) const { return m_steps.quietRunAt(s); }
    // onStep(StepIndex, const StepEntry&) for each step in [from, to] that is not a quiet periodic emission (every
    // step that changes something is one of them), in order; onStep returns false to stop.
    template <class OnStep> void forEachStoredStep(StepIndex from, StepIndex to, OnStep&& onStep) const
    {
        m_steps.forEachStored(from, to, onStep);
    }
    // The last step at or before `from` that is not a quiet periodic emission and for which
    // accept(StepIndex, const StepEntry&) holds; kNoStep if none.
    template <class Accept> StepIndex lastStoredStepWhere(StepIndex from, Accept&& accept) const
    {
        return m_steps.lastStoredWhere(from, accept);
    }
    // The first step whose processing time is >= t (binary search); stepCount() if none.
    StepIndex firstStepAtOrAfter(Timestamp processingTime) const { return m_steps.firstAtOrAfter(processingTime); }
    // How many input records (events and watermark records) were processed up to and including step s.
    std::size_t inputsProcessed(StepIndex s) const;

    // Every fire / late record in the order they happened (sorted by step).
    std::span<const FireRecord> fires() const { return m_fires; }
    std::span<const LateRecord> lates() const { return m_lates; }
    // Fires and late records merged back into the one order they were produced in: onFire(index into
    // fires()), onLate(const LateRecord&).
    template <class OnFire, class OnLate> void forEachOutput(OnFire&& onFire, OnLate&& onLate) const
    {
        std::size_t fi = 0;
        std::size_t li = 0;
        while (fi < m_fires.size() || li < m_lates.size()) {
            if (li == m_lates.size() || (fi < m_fires.size() && m_fires[fi].sequence < m_lates[li].sequence))
                onFire(fi++);
            else
                onLate(m_lates[li++]);
        }
    }
    // The fires / late records of steps [from, to] (binary search).
    std::span<const FireRecord> firesInSteps(StepIndex from, StepIndex to) const;
    std::span<const LateRecord> latesInSteps(StepIndex from, StepIndex to) const;

    // Watermark histories for charts: the first point is step 0 (Long.MIN_VALUE and not idle, except for a reader
    // of a bounded Kafka source that owns no partition: it finished as the job started).
    int channelCount() const { return static_cast<int>(m_channelHistory.size()); }
    int subtaskCount() const { return static_cast<int>(m_subtaskHistory.size()); }
    std::span<const WatermarkPoint> channelWatermarks(int channel) const { return m_channelHistory[channel]; }
    std::span<const WatermarkPoint> subtaskWatermarks(int subtask) const { return m_subtaskHistory[subtask]; }
    // A Kafka source's partitions (0 without one). With per-partition watermarks, each partition's watermark
    // inside its reader (the split's output of the reader's WatermarkOutputMultiplexer) and whether that output
    // is idle; an empty history after the source.
    int partitionCount() const { return static_cast<int>(m_partitionHistory.size()); }
    bool hasPartitionWatermarks() const { return !m_partitionHistory.empty() && !m_partitionHistory[0].empty(); }
    std::span<const WatermarkPoint> partitionWatermarks(int partition) const { return m_partitionHistory[partition]; }
    // The step at which a bounded KafkaSource's reader finished the partition's split (0: before the first step),
    // kNoStep if it never did; from then on the partition holds its reader back no more, and its history stays at
    // what it had.
    StepIndex partitionFinishedAt(int partition) const
    {
        return m_partitionFinished[static_cast<std::size_t>(partition)];
    }
    bool partitionFinished(int partition, StepIndex s) const { return partitionFinishedAt(partition) <= s; }
    // The value of a history at step s (binary search).
    static const WatermarkPoint& at(std::span<const WatermarkPoint> history, StepIndex s);

    // Where each event record went (indexed by RecordIndex; watermark records keep channel -1).
    std::span<const RecordPlacement> placements() const { return m_placements; }
    // Each record's event time (a watermark record's: its value), indexed by RecordIndex: a column, cheaper to
    // read for many records than the records themselves.
    std::span<const Timestamp> recordTimestamps() const { return m_recordTs; }
    bool isEvent(RecordIndex r) const { return m_isEvent[r]; }
    // Event records of a lane with from <= ts < to, sorted by (ts, record index) — binary search, no scan.
    // Records that have not arrived in the recorded run are in no lane except All and Key.
    std::span<const RecordIndex> recordsInRange(LaneKind kind, std::uint32_t lane, Timestamp from, Timestamp to) const;
    std::size_t laneCount(LaneKind kind) const;
    // A whole lane in that order, with each record's event time and arrival step beside it: columns that a view
    // reads as they are, where gathering them from the records' columns would be one cache miss per record.
    struct LaneColumns {
        std::span<const RecordIndex> records;
        std::span<const Timestamp> ts;
        std::span<const StepIndex> arrival; // kNoStep: not arrived in the recorded run
    };
    LaneColumns laneColumns(LaneKind kind, std::uint32_t lane) const;

    // Every window that fired, sorted by (window.start, subtask, key, window.end); and those overlapping
    // [from, to) (windows with start < to and end > from).
    std::span<const FiredWindow> firedWindows() const { return m_firedWindows; }
    std::vector<FiredWindow> firedWindowsOverlapping(Timestamp from, Timestamp to) const;
    // The FireRecords of one window (indices into fires(), in step order), from an index built with the run.
    std::span<const std::size_t> firesOfWindow(int subtask, KeyId key, const TimeWindow& window) const;

    // Bytes held by the trace (steps, outputs, histories, lanes; not the snapshots — see Player).
    std::size_t memoryBytes() const;

private:
    friend class Player;

    static constexpr StepIndex kInputCheckpointEvery = 256;
    void buildLanes(LaneKind kind) const;
    // Every event record in (ts, record index) order, from which each lane kind is dealt out in one pass.
    void sortEventsByTime() const;
    void rebuildFiredWindows();

    StepList m_steps;
    std::vector<std::uint32_t> m_inputsAtCheckpoint; // inputsProcessed at every 256th step
    std::vector<FireRecord> m_fires;
    std::vector<LateRecord> m_lates;
    std::vector<std::vector<WatermarkPoint>> m_channelHistory;
    std::vector<std::vector<WatermarkPoint>> m_subtaskHistory;
    std::vector<std::vector<WatermarkPoint>> m_partitionHistory;
    std::vector<StepIndex> m_partitionFinished; // by partition
    std::vector<RecordPlacement> m_placements;
    std::vector<Timestamp> m_recordTs; // event time of each record (watermark records: their value)
    std::vector<KeyId> m_recordKey;
    std::vector<std::int32_t> m_recordPartition; // a Kafka source's records only
    std::vector<bool> m_isEvent;
    // Lanes: record indices sorted by (ts, index), with their columns; built lazily per kind, dropped when the
    // run grows.
    struct Lane {
        std::vector<RecordIndex> records;
        std::vector<Timestamp> ts;
        std::vector<StepIndex> arrival;
    };
    mutable std::vector<std::vector<Lane>> m_lanes; // [LaneKind][lane]
    mutable std::vector<bool> m_lanesBuilt;
    // sortEventsByTime; empty until sorted, and again once dropped with the lanes or given back after the lanes
    // asked for ahead are dealt
    mutable std::vector<RecordIndex> m_timeOrder;
    std::vector<FiredWindow> m_firedWindows;
    std::vector<std::size_t> m_firesByWindow; // indices into m_fires, grouped as m_firedWindows, each group in order
    std::size_t m_keyCount = 0;
};

// ---------------------------------------------------------------------------------------------------------
// The current step in detail (Player::currentDetail()).

struct ChannelChange {
    int channel = 0;
    Timestamp watermarkBefore = kMinTimestamp; // what the channel had forwarded before the step
    Timestamp watermarkAfter = kMinTimestamp;
    bool idleBefore = false;
    bool idleAfter = false;
    Timestamp maxTimestampBefore = kMinTimestamp; // largest event timestamp the channel had seen
    Timestamp maxTimestampAfter = kMinTimestamp;
    // What the generator would emit now (bounded: maxTs - d - 1); equal to watermarkAfter with per-event
    // emission, may be ahead of it between periodic emissions.
    Timestamp generatorWatermark = kMinTimestamp;
    // With idleness: the processing time of the periodic check that first saw no new record (Flink's
    // IdlenessTimer start of inactivity) after the step; kMinTimestamp when not counting down.
    Timestamp inactiveSince = kMinTimestamp;
    // A source reader with per-partition watermarks: the partition holding its watermark back after the step
    // (-1: none, every partition idle).
    int holdingPartition = -1;
    // Whether the channel had reached, and has reached, the end of its input (a reader of a bounded KafkaSource
    // whose splits have all finished, or the end of input).
    bool endedBefore = false;
    bool endedAfter = false;
};

// A Kafka source with per-partition watermarks: one partition's split output inside its reader.
struct PartitionChange {
    int partition = 0;
    int reader = 0;
    Timestamp watermarkBefore = kMinTimestamp;
    Timestamp watermarkAfter = kMinTimestamp;
    bool idleBefore = false;
    bool idleAfter = false;
    // The split generator's start of inactivity after the step (kMinTimestamp: not counting down).
    Timestamp inactiveSince = kMinTimestamp;
    // A bounded KafkaSource's reader finished the split in this step (its output released); `empty`: the
    // partition holds no record, and the split finished with the reader's first fetch.
    bool finished = false;
    bool empty = false;
};

struct SubtaskChange {
    int subtask = 0;
    Timestamp watermarkBefore = kMinTimestamp;
    Timestamp watermarkAfter = kMinTimestamp;
    int minChannelBefore = -1; // the channel holding the valve's minimum (-1: none)
    int minChannelAfter = -1;
};

struct TimerChange {
    enum class Change : std::uint8_t { Registered, Fired, Deleted };
    Change change = Change::Registered;
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    Timestamp time = 0;
    TimeDomain domain = TimeDomain::Event;
    bool cleanup = false; // the window's cleanup timer (maxTimestamp + allowed lateness)
};

struct WindowRef {
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    // Cleanups with a count trigger (no evictor): records added since the last firing, dropped unemitted.
    std::size_t unfired = 0;
};

// An event record's way through the operator: the windows it was added to.
struct ElementPlacement {
    WindowRef window;
    bool late = false; // the window's maxTimestamp <= watermark (accepted within allowed lateness)
    std::uint32_t paneSize = 0; // elements in the window's pane after the step
};

struct StepDetail {
    StepIndex step = 0;
    StepEntry entry;
    RecordIndex record = kNoRecord; // the arriving record, if any
    int subtask = -1; // EventArrival: the subtask of its key; ProcessingTimer: the subtask
    std::size_t inputsProcessed = 0; // after the step
    std::vector<ChannelChange> channels; // every channel the step touched, in index order
    std::vector<PartitionChange> partitions; // every partition whose watermark or idleness changed, in order
    std::vector<SubtaskChange> subtasks; // every subtask, in index order (before == after if unchanged)
    std::vector<ElementPlacement> placements;
    std::vector<FireEvent> fires; // in output order
    std::vector<LateEvent> lates;
    std::vector<TimerChange> timers;
    std::vector<WindowRef> cleanups; // windows whose state was cleared (cleanup timer)
    std::vector<WindowRef> created; // windows that got state in this step
};

// ---------------------------------------------------------------------------------------------------------
// The full state at the current step (Player::state()).

enum class WindowStatus : std::uint8_t {
    Collecting, // watermark below maxTimestamp and not fired yet
    Fired, // fired (e.g. count trigger, or event-time) and the watermark has not passed maxTimestamp
    InAllowedLateness, // maxTimestamp <= watermark < cleanup time: kept, a late element re-fires it
    Purged // contents cleared by a purging trigger; trigger state and timers remain
};

struct WindowState {
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    WindowStatus status = WindowStatus::Collecting;
    Timestamp cleanupTime = kMaxTimestamp; // Long.MAX_VALUE: never cleaned up (global, overflow)
    std::uint32_t fireCount = 0; // fires so far in this run
    std::vector<PaneElement> elements; // pane contents in insertion order (list, evictors), else
    std::size_t count = 0; //   only the count is known for incremental functions
    std::optional<double> aggregate; // incremental functions: the reduced value so far
};

struct ChannelState {
    int channel = 0;
    Timestamp watermark = kMinTimestamp; // last forwarded
    bool idle = false;
    Timestamp maxTimestamp = kMinTimestamp; // largest event timestamp seen
    Timestamp nextPeriodicEmit = kMaxTimestamp; // processing time of the next periodic timer
    std::size_t records = 0; // event records received
};

struct SubtaskState {
    int subtask = 0;
    Timestamp watermark = kMinTimestamp; // the operator's current watermark
    int minChannel = -1; // the channel holding the minimum
    bool idle = false; // every input channel idle
    std::vector<Timestamp> inputWatermarks; // per channel as the valve sees it
    std::vector<bool> inputIdle;
    std::vector<bool> inputAligned;
    Timestamp processingTime = kMinTimestamp;
};

struct TimerState {
    int subtask = 0;
    KeyId key = kNoKey;
    TimeWindow window;
    Timestamp time = 0;
    TimeDomain domain = TimeDomain::Event;
    bool cleanup = false;
};

struct PipelineState {
    StepIndex step = 0;
    Timestamp processingTime = 0;
    std::size_t inputsProcessed = 0;
    std::vector<ChannelState> channels;
    std::vector<SubtaskState> subtasks;
    std::vector<WindowState> windows; // sorted by (subtask, key, window)
    std::vector<TimerState> timers; // sorted by (subtask, domain, time, key, window)
    std::size_t droppedRecords = 0; // numLateRecordsDropped over all subtasks

    // The live window (subtask, key, window), or nullptr when it has no state (binary search).
    const WindowState* findWindow(int subtask, KeyId key, const TimeWindow& window) const;
};

} // namespace tidemark
