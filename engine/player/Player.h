#pragma once

#include "engine/core/Scenario.h"
#include "engine/player/EventQueue.h"
#include "engine/player/RunLimits.h"
#include "engine/player/Trace.h"
#include "engine/runtime/KafkaSplitEnds.h"
#include "engine/windowing/WindowOperator.h"

#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tidemark {

// Semantic jumps: what Player::nextStepWith / previousStepWith look for.
enum class Happening : std::uint8_t {
    Fire, // an on-time fire
    LateFire, // a re-fire caused by a late element
    AnyFire, // either of the above
    LateRecord, // a record dropped or sent to the side output
    AnyLate, // a late record, whatever became of it: dropped, sent to the side output, or re-firing its window
    OperatorWatermark, // a window subtask's watermark advanced
    ChannelStatus, // a channel became idle or active
    Arrival, // a record arrived
    VisibleChange // anything a view shows changed (StepEntry::changesSomething)
};

// Whether the step is one where the happening occurs (what nextStepWith / previousStepWith look for).
bool happensAt(Happening h, const StepEntry& step);

// Plays a scenario step by step (docs/execution-model.md): a deterministic event queue ordered by
// (processing time, insertion sequence). The whole run is recorded into the Trace when the Player is
// built (and extended on appendRecord); the *current* position holds the real pipeline state, which
// stepBack()/seek() restore from snapshots (copies of Pipeline + queue) and replay forward, so that the
// state at step N is always what a fresh run to step N gives.
//
// Not thread-safe; every call is O(1) amortised except seek (≤ one snapshot interval of replay).
class Player {
public:
    struct Options {
        // Snapshots are taken every `snapshotInterval` steps and thinned (every other one dropped, interval
        // doubled) when their memory passes `snapshotBudgetBytes`; a run with a known end doubles the interval
        // as soon as it foresees that, so that it copies the state about once per snapshot kept. Quiet periodic
        // emissions, which cost little to replay, count as 1/64 of a step each.
        std::size_t snapshotInterval = 2048;
        // 0 = automatic: kSnapshotBytesPerRecord per input record, at least 16 MiB.
        std::size_t snapshotBudgetBytes = 0;
        // How many periodic emissions per channel a run may take (engine/player/RunLimits.h).
        PeriodicEmissionBudget periodicBudget = kRecordedRunBudget;
        // A live source still open: the input has no end yet, so there is no end of input and the run goes
        // as far as advanceClock() has taken it instead of a tail after the last arrival. endInput() closes it.
        bool openInput = false;
        // Called while the run is recorded, every kProgressSteps steps, with the records arrived so far and
        // all of them; returning false stops the recording with RunCancelled (a window loading a large file
        // shows how far it has got, and lets the user stop it).
        std::function<bool(std::size_t recordsDone, std::size_t records)> progress;
        // A run of this many records or more fills the trace's per-record columns (what the lanes are drawn
        // from) on a thread of their own while it is recorded, which never reads them.
        std::size_t recordColumnsApartFrom = std::size_t(1) << 20;
        // Lanes a view will draw first, built as the run is recorded (on a thread of their own beside the fired
        // windows' index, from recordColumnsApartFrom records) rather than when first asked. Not for an open
        // input, whose lanes are dropped as records come.
        std::vector<LaneKind> lanesAhead;
    };
    static constexpr std::size_t kProgressSteps = 1 << 16;
    // The automatic snapshot budget. At 10M records (1,000 keys, every pane element kept) 48 bytes took 614
    // snapshots and 0.4 s of the recording's 2 s to copy them, for a seek p99 of 3.2 ms; 24 bytes take half
    // of each, for a seek p99 of 4.5 ms (the target is 10).
    static constexpr std::size_t kSnapshotBytesPerRecord = 24;

    // Thrown from the constructor when Options::progress asked to stop.
    class RunCancelled : public std::runtime_error {
    public:
        RunCancelled()
            : std::runtime_error("the run was cancelled")
        { }
    };

    // Records the whole run. Throws what the engine refuses to build (std::invalid_argument, as Flink
    // refuses the job) and RunRefusedError when periodic emission would take more steps than a recorded run
    // may (engine/player/RunLimits.h).
    explicit Player(Scenario scenario);
    Player(Scenario scenario, Options options);
    ~Player();
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    const Scenario& scenario() const { return m_scenario; }
    const Trace& trace() const { return m_trace; }

    // Set when the job failed (as Flink would fail it, e.g. a session merge behind the watermark): the
    // recorded run ends right before `step`, the happening that failed.
    struct Failure {
        StepIndex step = 0;
        std::string message;
    };
    const std::optional<Failure>& failure() const { return m_failure; }

    // --- position -----------------------------------------------------------------------------------
    StepIndex currentStep() const { return m_current; }
    StepIndex lastStep() const; // trace().stepCount() - 1
    bool atEnd() const { return m_current == lastStep(); }
    bool atStart() const { return m_current == 0; }
    Timestamp now() const; // processing time of the current step (0 at step 0)

    // --- controls (each returns whether the position changed) ----------------------------------------
    bool step(); // one happening forward
    bool stepBack(); // restores the exact state of the previous step
    bool seek(StepIndex step); // clamps to [0, lastStep()]
    // Runs every happening with processing time <= t (stays put if the next one is later).
    bool runUntil(Timestamp processingTime);
    bool runToEnd();
    bool rewind() { return seek(0); }

    // Semantic jumps: the next step after (previous before) the current one where the happening occurs;
    // the position does not move and the result is empty when there is none.
    std::optional<StepIndex> nextStepWith(Happening h) const;
    std::optional<StepIndex> previousStepWith(Happening h) const;
    // Jump there; returns false (and stays) when there is none.
    bool jumpToNext(Happening h);
    bool jumpToPrevious(Happening h);

    // --- live input -----------------------------------------------------------------------------------
    // Appends a record at the end of the input (its arrival resolved as the scenario's default spacing
    // after the previous record, and never before the latest arrival). Every step before the record's
    // arrival stays as it was; the trace after it is recomputed and the current step number is kept
    // (clamped). Returns the record's index, or an error message (bad key/channel, or an arrival so late that
    // periodic emission would exceed the run's budget) with kNoRecord.
    RecordIndex appendRecord(InputRecord record, std::string* error = nullptr);
    // The same for records in arrival order, recomputing once: a live source hands on what it read in a burst.
    // Records that cannot be appended are left out, each with its index in `records` and its message in
    // `errors`; returns how many were appended.
    using AppendErrors = std::vector<std::pair<std::size_t, std::string>>;
    std::size_t appendRecords(std::span<const InputRecord> records, AppendErrors* errors = nullptr);
    KeyTable& keys() { return m_scenario.keys; } // to intern the key of a typed record

    // An open input (Options::openInput): processing time goes on between records, as Flink's periodic
    // emission and processing-time timers do. advanceClock(t) runs every happening up to `t`, and only those:
    // a record appended arrives after the clock (it is moved there if it says earlier) and runs when the clock
    // reaches it, so that no step already recorded ever changes. Returns an error message (the run's
    // periodic-emission budget) or empty.
    std::string advanceClock(Timestamp t);
    // Closes an open input at processing time `t` (not before the last arrival, and after the clock): the end
    // of input and the tail after it run as in a recorded run whose scenario says `inputEndMs: t`, which
    // scenario() now says.
    std::string endInput(Timestamp t);
    bool inputOpen() const { return m_open; }
    // How far an open input's clock has gone (0 before the first advance).
    Timestamp clock() const { return m_clock; }

    // --- what views read --------------------------------------------------------------------------------
    // Everything the current step did (empty detail with kind Start at step 0).
    const StepDetail& currentDetail() const;
    // The same for any step (costs a seek on a scratch copy; does not move the position).
    StepDetail detailAt(StepIndex step) const;
    // The full state at the current step.
    PipelineState state() const;
    // A canonical text dump of the full state (every channel, valve, window, element, timer, queue entry):
    // two players are in the same state iff their dumps are equal. Used by the property tests.
    std::string canonicalState() const;

    // Memory of snapshots (bytes) and how many there are.
    std::size_t snapshotBytes() const;
    std::size_t snapshotCount() const;
    // How many were ever taken, the thinned ones included: each is a copy of the whole state.
    std::size_t snapshotsTaken() const { return m_snapshotsTaken; }

private:
    struct Runtime; // Pipeline + EventQueue + counters: everything a snapshot copies
    struct Snapshot;
    struct Executed {
        int channel = -1;
        int subtask = -1;
        bool quiet = false; // a periodic emission known to change nothing (Pipeline::periodicEmit)
    };

    // A quiet periodic emission of `channel`, into the trace's steps (StepList::pushQuiet).
    void pushQuiet(const Runtime& rt, Timestamp time, std::int16_t channel);
    // What replaying the recorded steps from the start costs, in 1/kQuietPerStep of a step: snapshots are spaced
    // by it. A function of the steps alone, so a run truncated and recorded again spaces them the same way.
    static constexpr std::size_t kQuietPerStep = 64;
    std::size_t replayWork() const;
    Runtime freshRuntime() const;
    Executed execute(Runtime& rt, std::vector<OperatorOutput>& out) const;
    void schedulePendingTimers(Runtime& rt, Timestamp now) const;
    Runtime stateAt(StepIndex step) const;
    const Snapshot& baseFor(StepIndex step) const;
    // Runs rt to the end, appending to the trace and taking snapshots; `columns`, when valid, is the trace's
    // record columns being filled (the constructor's).
    void record(Runtime rt, std::future<void> columns = {});
    void recordStep(
        const Runtime& rt, const Executed& executed, const EventQueue::Entry& entry, std::vector<OperatorOutput>& out);
    // `time` is the step's, when it is taken while recording: the spacing is then first fitted to the whole run.
    void takeSnapshot(StepIndex step, const Runtime& rt, std::optional<Timestamp> time = std::nullopt);
    // Doubles the spacing now, while the snapshots taken at this spacing to the end of the run would pass the
    // budget (projected from `bytes`, the snapshot's size): fewer copies than taking them all and thinning later.
    void spaceForTheWholeRun(const Runtime& rt, Timestamp time, std::size_t bytes);
    void thinSnapshots();
    void keepSnapshotsOnTheGrid(); // drops the snapshots off the current spacing
    void truncateTrace(StepIndex firstDropped);
    void moveLiveTo(StepIndex step);
    StepDetail computeDetail(StepIndex step) const;
    Timestamp horizon() const;
    Timestamp endOfInputTime() const;
    void rerunFrom(Timestamp time);
    // Where a bounded KafkaSource finishes its splits, from every record; none for an open input (a live read
    // drains) or another source.
    void updateSplitEnds();
    // The trace's per-record columns (timestamp, operator key, event or watermark, partition) from the records.
    void fillRecordColumns();
    // Work on a large run's side (Options::recordColumnsApartFrom), as a future to wait for; on a small one, or
    // when no thread can be started, done before it returns (an empty future).
    template <class Work> std::future<void> maybeApart(std::size_t records, Work work) const;
    // The histories' first points (step 0), from the state before the first step.
    void startHistories(const Runtime& rt);
    // Records the whole run again: with a bounded KafkaSource a record appended moves where splits finish.
    void rerunAll();
    // After a record appended, or the input closed, at `time`: rerunFrom(time), or rerunAll() for a bounded topic.
    void rerunAfterInput(Timestamp time);
    RecordIndex pushRecord(InputRecord record, std::string* error);
    std::optional<StepIndex> findStep(Happening h, bool forward) const;

    Scenario m_scenario;
    Options m_options;
    Trace m_trace;
    ArrivalSchedule m_arrivals;
    std::optional<KafkaSplitEnds> m_splitEnds;
    std::unique_ptr<Runtime> m_live; // the state at m_current
    std::unique_ptr<Runtime> m_tail; // an open input's state after its last step, to go on from
    StepIndex m_current = 0;
    std::vector<Snapshot> m_snapshots; // sorted by step; always holds step 0
    // A few checkpoints near recent seeks (every kLocalEvery steps), so stepping back stays cheap.
    static constexpr StepIndex kLocalEvery = 256;
    static constexpr std::size_t kLocalCheckpoints = 4;
    mutable std::vector<Snapshot> m_local;
    std::size_t m_interval = 0;
    bool m_lanesAheadBuilt = false; // Options::lanesAhead, on the first recording
    std::size_t m_snapshotBytes = 0;
    std::size_t m_snapshotsTaken = 0;
    std::uint32_t m_outputSequence = 0;
    mutable std::vector<OperatorOutput> m_scratch;
    std::vector<PeriodicTimer> m_periodic; // recordStep's scratch: the queue's periodic timers
    std::optional<Failure> m_failure;
    bool m_open = false;
    Timestamp m_clock = 0;
    bool m_firesDropped = false; // the index of fired windows must be rebuilt
    mutable std::optional<StepDetail> m_detail;
    mutable std::unique_ptr<Runtime> m_detailBase; // the state after the last detailed step
    mutable StepIndex m_detailBaseStep = 0;
};

} // namespace tidemark
