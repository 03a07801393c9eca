#include "engine/cli/StreamingRunner.h"

#include <algorithm>
#include <exception>

namespace tidemark::cli {

StreamingRunner::StreamingRunner(const PipelineConfig& config, const KeyTable& keys, ArrivalRule arrivals,
    OutputSink sink, std::size_t lookAhead, PeriodicEmissionBudget periodicBudget)
    : m_config(config)
    , m_keys(keys)
    , m_pipeline(config, PaneStorage::AsFlink) // nothing shows pane elements here: keep Flink's state
    , m_sink(std::move(sink))
    , m_lookAhead(std::max<std::size_t>(1, lookAhead))
    , m_periodicBudget(periodicBudget)
    , m_arrivalClock(arrivals)
{
    m_refusal = upFrontRefusal(m_config); // refused before the first record
    // The horizon is only known at the end (it follows the last arrival); until then every happening
    // runs before an arrival that is at most the last one, so it is inside the horizon anyway.
    m_queue.setHorizon(kMaxTimestamp);
    // As the Player schedules them: the first periodic timer of every channel, in index order. (The
    // Player's end of input comes before them in the queue; here it is run apart, see finish().)
    const DurationMs period = m_config.watermarks.periodMs;
    if (period > 0) {
        for (int c = 0; c < m_pipeline.channelCount(); ++c)
            m_queue.schedule(period, EventQueue::Kind::PeriodicEmit, static_cast<std::uint32_t>(c));
    }
}

void StreamingRunner::setSplitEnds(KafkaSplitEnds ends)
{
    m_splitEnds = std::move(ends);
    std::vector<OperatorOutput> none; // before any record: no window to fire
    for (const int p : m_splitEnds->atStart())
        m_pipeline.finishSplit(p, 0, none);
}

bool StreamingRunner::push(const InputRecord& record)
{
    if (stopped() || m_finished)
        return false;
    const Timestamp arrival = m_arrivalClock.next(record);
    Pending p {record, arrival, m_nextIndex++};
    // A later record with the same arrival comes after it (file order), so equal is fine.
    if (m_anyPlayed && arrival < m_lastPlayedArrival) {
        m_orderError = OrderError {p.index, record.sourceLine, arrival, m_lastPlayedLine, m_lastPlayedArrival};
        return false;
    }
    if (m_pending.empty() || m_pending.back().arrival <= arrival) {
        m_pending.push_back(std::move(p));
    } else {
        const auto at = std::upper_bound(
            m_pending.begin(), m_pending.end(), arrival, [](Timestamp a, const Pending& q) { return a < q.arrival; });
        m_pending.insert(at, std::move(p));
    }
    while (m_pending.size() > m_lookAhead && !stopped()) {
        const Pending next = std::move(m_pending.front());
        m_pending.pop_front();
        release(next);
    }
    return !stopped();
}

bool StreamingRunner::finish(std::optional<Timestamp> inputEnd)
{
    if (stopped() || m_finished)
        return !stopped();
    m_finished = true;
    while (!m_pending.empty() && !stopped()) {
        const Pending next = std::move(m_pending.front());
        m_pending.pop_front();
        release(next);
    }
    if (stopped())
        return false;
    // Every happening before the last arrival has run (each arrival runs what precedes it). The Player's
    // end of input sits at the last arrival, first among the happenings queued for that time.
    const Timestamp lastArrival = m_anyPlayed ? m_lastPlayedArrival : 0;
    const Timestamp end = inputEnd && *inputEnd > lastArrival ? *inputEnd : lastArrival;
    runBefore(end); // a recorded live source went on after its last line
    if (stopped())
        return false;
    if (inputEnds(m_config.endOfInput)) {
        if (!step([&] { m_pipeline.endOfInput(end, m_out); }, end))
            return false;
    }
    // Player::horizon(): the tail after the end of input that periodic emission and timers may use.
    m_queue.setHorizon(runHorizon(m_config.watermarks, end));
    runToHorizon();
    return !stopped();
}

void StreamingRunner::release(const Pending& p)
{
    runBefore(p.arrival);
    if (stopped())
        return;
    const InputRecord& r = p.record;
    step(
        [&] {
            ++m_inputs;
            if (r.isWatermark()) {
                m_pipeline.processWatermarkRecord(r, p.arrival, m_out);
            } else {
                const int subtask = m_pipeline.subtaskForKey(m_keys, r.key);
                m_pipeline.processEvent(r, subtask, p.arrival, m_out);
                if (m_splitEnds) {
                    for (const int q : m_splitEnds->after(p.index))
                        m_pipeline.finishSplit(q, p.arrival, m_out);
                }
            }
        },
        p.arrival);
    m_anyPlayed = true;
    m_lastPlayedArrival = p.arrival;
    m_lastPlayedLine = r.sourceLine;
}

void StreamingRunner::runBefore(Timestamp time)
{
    // Arrivals win ties: a happening queued for the arrival's own time runs after it.
    while (!stopped()) {
        const auto next = m_queue.peek(m_noArrivals);
        if (!next || next->time >= time)
            return;
        runOne();
    }
}

void StreamingRunner::runToHorizon()
{
    while (!stopped() && runOne()) { }
}

bool StreamingRunner::runOne()
{
    if (!m_queue.peek(m_noArrivals))
        return false;
    const EventQueue::Entry e = m_queue.pop(m_noArrivals);
    switch (e.kind) {
    case EventQueue::Kind::PeriodicEmit:
        // The recorded run checks this up front; here the number of records is known only as they come.
        if (auto excess = periodicEmissionExcess(m_config.watermarks, e.time, m_nextIndex, m_periodicBudget)) {
            m_refusal = *excess;
            return false;
        }
        return step(
            [&] {
                m_pipeline.periodicEmit(static_cast<int>(e.subject), e.time, m_out);
                m_queue.schedule(
                    javaAdd(e.time, m_config.watermarks.periodMs), EventQueue::Kind::PeriodicEmit, e.subject);
            },
            e.time);
    case EventQueue::Kind::ProcessingTimer:
        return step([&] { m_pipeline.processingTimer(static_cast<int>(e.subject), e.time, m_out); }, e.time);
    case EventQueue::Kind::EndOfInput:
    case EventQueue::Kind::Arrival:
        break; // never queued here
    }
    return true;
}

template <class Happening> bool StreamingRunner::step(Happening&& happening, Timestamp now)
{
    m_out.clear();
    try {
        happening();
        schedulePendingTimers(now);
    } catch (const std::exception& e) {
        // The job fails here, as in the Player: the outputs of the failing happening are not shown.
        m_failure = Failure {m_steps + 1, e.what()};
        m_out.clear();
        return false;
    }
    ++m_steps;
    for (OperatorOutput& o : m_out) {
        std::visit([&](auto& v) { v.afterInput = m_inputs; }, o);
        m_sink(o);
    }
    m_out.clear();
    return true;
}

void StreamingRunner::schedulePendingTimers(Timestamp now)
{
    // As the Player does after every happening: one queued happening per subtask and distinct due time.
    for (int s = 0; s < m_pipeline.subtaskCount(); ++s) {
        const WindowOperator& op = m_pipeline.subtask(s);
        if (!op.nextProcessingTimer())
            continue;
        for (const TimerInfo& t : op.timers(TimeDomain::Processing)) {
            const Timestamp at = std::max(t.ts, now);
            if (!m_queue.isScheduled(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(s)))
                m_queue.schedule(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(s));
        }
    }
}

} // namespace tidemark::cli
