#pragma once

#include "engine/core/Keys.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/Record.h"
#include "engine/player/EventQueue.h"
#include "engine/player/RunLimits.h"
#include "engine/runtime/KafkaSplitEnds.h"
#include "engine/runtime/Pipeline.h"
#include "engine/windowing/WindowOperator.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tidemark::cli {

// The first pass of a streamed run over a bounded topic (KafkaSplitEnds::applies): every record in input order,
// for where the readers finish their splits.
class SplitEndsPass {
public:
    SplitEndsPass(const PipelineConfig& config, ArrivalRule arrivals)
        : m_ends(config)
        , m_clock(arrivals)
    { }
    void add(const InputRecord& record)
    {
        const Timestamp arrival = m_clock.next(record);
        if (!record.isWatermark())
            m_ends.note(m_index, arrival, record.partition);
        ++m_index;
    }
    KafkaSplitEnds finish()
    {
        m_ends.seal();
        return std::move(m_ends);
    }

private:
    KafkaSplitEnds m_ends;
    ArrivalClock m_clock;
    std::uint64_t m_index = 0;
};

// Plays input records as they come, by the same event-queue rules as the Player (docs/execution-model.md)
// and with the same outputs in the same order, but without a trace or snapshots: memory holds the
// pipeline's state and a fixed look-ahead of records, whatever the size of the input. For `tidemark run`
// on files too large to record.
//
// Arrival order: records are taken in (arrival, file order). Records without `arrival` never go back in
// time, but explicit arrivals may; the runner keeps up to `lookAhead` records unplayed so that a record
// whose arrival goes back less than that is still played in the right place. A record that would have to
// be played before one already played stops the run with an OrderError: never a silent reordering.
class StreamingRunner {
public:
    using OutputSink = std::function<void(const OperatorOutput&)>;

    static constexpr std::size_t kDefaultLookAhead = std::size_t(1) << 16;

    // Set when the job failed, as Player::failure() reports it: `step` is the happening that failed.
    struct Failure {
        std::uint64_t step = 0;
        std::string message;
    };
    // A record whose arrival is earlier than the arrival of a record already played.
    struct OrderError {
        std::uint64_t record = 0; // 0-based index in input order
        std::uint32_t line = 0; // its sourceLine (0 when unknown)
        Timestamp arrival = 0;
        std::uint32_t playedLine = 0; // the latest record played so far
        Timestamp playedArrival = 0;
    };

    // `keys` must be the table the records' keys are interned in; it may grow while records come.
    StreamingRunner(const PipelineConfig& config, const KeyTable& keys, ArrivalRule arrivals, OutputSink sink,
        std::size_t lookAhead = kDefaultLookAhead, PeriodicEmissionBudget periodicBudget = kStreamedRunBudget);

    // A bounded KafkaSource (KafkaSplitEnds::applies): where its readers finish their splits, from a first pass
    // over the input (SplitEndsPass). Before the first push().
    void setSplitEnds(KafkaSplitEnds ends);
    // The next record in input order. Returns false once the run cannot go on (failure() or orderError()).
    bool push(const InputRecord& record);
    // No more records: plays what is left, the end of input and the tail up to the horizon. The input ends at
    // the last arrival, or at `inputEnd` when that is later (Scenario::inputEndMs).
    bool finish(std::optional<Timestamp> inputEnd = std::nullopt);

    const std::optional<Failure>& failure() const { return m_failure; }
    const std::optional<OrderError>& orderError() const { return m_orderError; }
    // Set when periodic emission would take more steps than a streamed run may (engine/player/RunLimits.h).
    const std::optional<std::string>& refusal() const { return m_refusal; }
    bool stopped() const { return m_failure || m_orderError || m_refusal; }
    std::uint64_t stepsRun() const { return m_steps; }
    std::uint64_t inputsProcessed() const { return m_inputs; }

private:
    struct Pending {
        InputRecord record;
        Timestamp arrival = 0;
        std::uint64_t index = 0;
    };

    void release(const Pending& p);
    void runBefore(Timestamp time); // every queued happening with time < `time`
    void runToHorizon(); // every queued happening up to the horizon
    bool runOne(); // the next queued happening; false when there is none (up to the horizon)
    template <class Happening> bool step(Happening&& happening, Timestamp now);
    void schedulePendingTimers(Timestamp now);

    PipelineConfig m_config;
    const KeyTable& m_keys;
    Pipeline m_pipeline;
    EventQueue m_queue; // the non-arrival happenings; arrivals come from m_pending
    ArrivalSchedule m_noArrivals;
    OutputSink m_sink;
    std::size_t m_lookAhead;
    PeriodicEmissionBudget m_periodicBudget;

    std::deque<Pending> m_pending; // sorted by (arrival, index)
    std::uint64_t m_nextIndex = 0;
    ArrivalClock m_arrivalClock;
    std::optional<KafkaSplitEnds> m_splitEnds;
    bool m_anyPlayed = false;
    Timestamp m_lastPlayedArrival = 0;
    std::uint32_t m_lastPlayedLine = 0;
    bool m_finished = false;

    std::uint64_t m_steps = 0;
    std::uint64_t m_inputs = 0;
    std::vector<OperatorOutput> m_out;
    std::optional<Failure> m_failure;
    std::optional<OrderError> m_orderError;
    std::optional<std::string> m_refusal;
};

} // namespace tidemark::cli
