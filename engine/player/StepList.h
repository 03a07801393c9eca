#pragma once

#include "engine/core/Time.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tidemark {

using StepIndex = std::uint32_t;
inline constexpr StepIndex kNoStep = 0xFFFFFFFFu;
using RecordIndex = std::uint32_t; // index into Scenario::records (file order, then appended ones)
inline constexpr RecordIndex kNoRecord = 0xFFFFFFFFu;

enum class StepKind : std::uint8_t {
    Start, // step 0 only
    EventArrival, // an event record arrives on a channel (record → channel → generator → valves → operator)
    WatermarkArrival, // a watermark record from the input arrives on one channel or on all of them
    PeriodicEmit, // a channel's periodic timer: onPeriodicEmit (also the idleness check)
    ProcessingTimer, // a window subtask's processing time advances to a registered timer
    EndOfInput // max-watermark end of input: every channel emits once more, then forwards Long.MAX_VALUE
};

// Bits of StepEntry::flags; the semantic jumps (Player::nextStepWith) look for them.
enum StepFlag : std::uint8_t {
    kStepFire = 1 << 0, // at least one on-time fire
    kStepLateFire = 1 << 1, // at least one re-fire caused by a late element
    kStepDropped = 1 << 2, // a late record was dropped
    kStepSideOutput = 1 << 3, // a late record went to the late side output
    kStepOperatorWatermark = 1 << 4, // some window subtask's watermark advanced
    kStepChannelStatus = 1 << 5, // some channel became idle or active
    kStepChannelWatermark = 1 << 6, // some channel forwarded a new watermark
};

// One step of the run, 16 bytes.
struct StepEntry {
    Timestamp processingTime = 0;
    // EventArrival / WatermarkArrival: the record; PeriodicEmit: the channel; ProcessingTimer: the subtask.
    std::uint32_t subject = 0;
    StepKind kind = StepKind::Start;
    std::uint8_t flags = 0; // StepFlag bits
    // EventArrival: the channel it arrived on; WatermarkArrival: its channel, or -1 for all channels.
    std::int16_t channel = -1;

    RecordIndex record() const
    {
        return kind == StepKind::EventArrival || kind == StepKind::WatermarkArrival ? subject : kNoRecord;
    }
    // Whether a view shows anything new after this step: a record arrived, a watermark or an idle status
    // moved, a window fired or a record was late, a processing-time timer ran, or the input ended. A periodic
    // emission that moved no watermark changes nothing.
    bool changesSomething() const
    {
        return flags != 0 || record() != kNoRecord || kind == StepKind::ProcessingTimer || kind == StepKind::EndOfInput;
    }

    friend bool operator==(const StepEntry&, const StepEntry&) = default;
};

// A channel's periodic timer as the event queue holds it: due at `time`.
struct PeriodicTimer {
    Timestamp time = 0;
    std::int16_t channel = 0;
    std::uint64_t seq = 0; // the queue's order among timers due at the same time
};

// Consecutive quiet periodic emissions (steps first … first+count-1): see StepList.
struct QuietRun {
    StepIndex first = 0;
    StepIndex count = 0;
};

// The steps of a run, numbered 0 … size()-1, as the trace keeps them. A periodic emission that moves nothing
// (no watermark, no idle status: a "quiet" one) is most of a run whose records are far apart in processing
// time: a channel's timer fires every period whether or not a record came. Quiet emissions are not stored one
// by one: consecutive ones are a run, kept as its first step, its length and the order of the channels' timers
// it follows (each channel's timer comes back one period later, in the same order), so each one of them can be
// rebuilt (at()) and sought to, at a few bytes per run whatever its length. Every other step is stored as it is.
class StepList {
public:
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    StepEntry at(StepIndex s) const;
    StepEntry back() const { return at(static_cast<StepIndex>(m_size - 1)); }

    // Room for this many stored steps, set aside before a long run (a run stores at least a step per record).
    void reserveStored(std::size_t steps);
    // A step that is stored as it is.
    void push(const StepEntry& e);
    // A quiet periodic emission of `channel` at `time`. `next` holds the other channels' periodic timers as
    // the queue has them after it, in the order they will run, and `period` the timers' period: together they
    // say which emissions follow, should they stay quiet. It extends the last run when it is that run's next
    // emission and nothing was stored since, or starts a run.
    void pushQuiet(Timestamp time, std::int16_t channel, std::span<const PeriodicTimer> next, DurationMs period);
    // The same when it is the last run's next emission (then `next` is not needed): false, and nothing added,
    // otherwise.
    bool extendQuietRun(Timestamp time, std::int16_t channel);
    // Keeps steps 0 … size-1.
    void truncate(std::size_t size);

    // The run of quiet emissions step s is in, if it is one.
    std::optional<QuietRun> quietRunAt(StepIndex s) const;
    std::size_t quietRunCount() const { return m_runs.size(); }
    // Steps stored one by one (all but the quiet emissions).
    std::size_t storedCount() const { return m_stored.size(); }
    // The first step whose processing time is >= t (binary search); size() if none.
    StepIndex firstAtOrAfter(Timestamp processingTime) const;

    // onStep(StepIndex, const StepEntry&) for every stored step (every step but quiet emissions) in
    // [from, to], in order; onStep returns false to stop there.
    template <class OnStep> void forEachStored(StepIndex from, StepIndex to, OnStep&& onStep) const
    {
        std::size_t i = storedAtOrAfter(from);
        auto run = firstRunAfterStored(i);
        StepIndex quiet = quietBeforeRun(run);
        for (; i < m_stored.size(); ++i) {
            for (; run < m_runs.size() && m_runs[run].storedBefore() <= i; ++run)
                quiet = m_runs[run].quietBefore + m_runs[run].count;
            const auto s = static_cast<StepIndex>(i + quiet);
            if (s > to || !onStep(s, m_stored[i]))
                return;
        }
    }
    // The last stored step at or before `from` for which accept(StepIndex, const StepEntry&) holds, or kNoStep.
    template <class Accept> StepIndex lastStoredWhere(StepIndex from, Accept&& accept) const
    {
        if (m_stored.empty())
            return kNoStep;
        std::size_t i = storedAtOrAfter(from + 1); // one past the last stored step <= from
        auto run = firstRunAfterStored(i == 0 ? 0 : i - 1);
        while (i-- > 0) {
            for (; run > 0 && m_runs[run - 1].storedBefore() > i; --run) { }
            const auto s = static_cast<StepIndex>(i + quietBeforeRun(run));
            if (accept(s, m_stored[i]))
                return s;
        }
        return kNoStep;
    }

    std::size_t memoryBytes() const;

private:
    struct Run {
        StepIndex first = 0;
        StepIndex count = 0;
        StepIndex quietBefore = 0; // quiet emissions in the runs before this one
        std::uint32_t pattern = 0; // index into m_patterns
        Timestamp start = 0; // the first emission's processing time

        // Stored steps before the run: it sits between m_stored[storedBefore()-1] and m_stored[storedBefore()].
        std::size_t storedBefore() const { return first - quietBefore; }
    };
    // The order the channels' timers run in, one period of it: emission j of a run is timers[j % L] of round
    // j / L, at start + round * period + offset.
    struct Pattern {
        DurationMs period = 0;
        std::vector<std::pair<DurationMs, std::int16_t>> timers; // (offset from the first, channel)
        friend bool operator==(const Pattern&, const Pattern&) = default;
    };

    StepEntry emission(const Run& run, StepIndex j) const;
    // Sets m_nextSlot and m_nextRound for the last run, after its `count` emissions.
    void foreseeNext();
    std::uint32_t patternIndex(const Pattern& pattern);
    // The stored index of step s, or of the first stored step after it when s is quiet.
    std::size_t storedAtOrAfter(StepIndex s) const;
    // The first run that comes after stored step i (m_runs.size() if none).
    std::size_t firstRunAfterStored(std::size_t i) const;
    // Quiet emissions before run index `run`.
    StepIndex quietBeforeRun(std::size_t run) const
    {
        return run == 0 ? 0 : m_runs[run - 1].quietBefore + m_runs[run - 1].count;
    }
    // The last run with first <= s (m_runs.size() if none).
    std::size_t runAtOrBefore(StepIndex s) const;

    std::vector<StepEntry> m_stored;
    std::vector<Run> m_runs; // in step order
    std::vector<Pattern> m_patterns;
    Pattern m_newPattern; // pushQuiet's scratch
    // The last run's next emission: its place in the pattern and its round's start (so that extending the run
    // costs no division).
    std::size_t m_nextSlot = 0;
    Timestamp m_nextRound = 0;
    std::size_t m_size = 0;
};

} // namespace tidemark
