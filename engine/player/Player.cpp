#include "engine/player/Player.h"

#include "engine/player/PlayerRuntime.h"
#include "engine/player/RunLimits.h"
#include "engine/runtime/Pipeline.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <system_error>
#include <tuple>

namespace tidemark {

namespace {

std::size_t runtimeBytes(const Pipeline& p, const EventQueue& q)
{
    std::size_t bytes = q.memoryBytes() + sizeof(Pipeline);
    bytes += static_cast<std::size_t>(p.channelCount()) * (sizeof(WatermarkChannel) + 64);
    for (int s = 0; s < p.subtaskCount(); ++s) {
        const WindowOperator& op = p.subtask(s);
        bytes += sizeof(WindowOperator) + sizeof(StatusWatermarkValve)
            + static_cast<std::size_t>(p.channelCount()) * sizeof(StatusWatermarkValve::ChannelState);
        const WindowOperator::StateSize size = op.stateSize();
        bytes += size.windows * 128 + size.paneBytes + size.timers * 96;
    }
    return bytes;
}

} // namespace

Player::Player(Scenario scenario)
    : Player(std::move(scenario), Options {})
{ }

Player::Player(Scenario scenario, Options options)
    : m_scenario(std::move(scenario))
    , m_options(options)
    , m_arrivals(m_scenario.records, m_scenario.arrivals)
    , m_open(options.openInput)
{
    if (m_options.snapshotBudgetBytes == 0)
        m_options.snapshotBudgetBytes
            = std::max<std::size_t>(16u << 20, kSnapshotBytesPerRecord * m_scenario.records.size());
    m_interval = std::max<std::size_t>(1, m_options.snapshotInterval);
    if (auto refusal = upFrontRefusal(m_scenario.pipeline))
        throw RunRefusedError(*refusal);
    if (auto excess = periodicEmissionExcess(
            m_scenario.pipeline.watermarks, horizon(), m_scenario.records.size(), m_options.periodicBudget))
        throw RunRefusedError(*excess);

    updateSplitEnds();
    Runtime rt = freshRuntime();
    startHistories(rt);
    const std::size_t n = m_scenario.records.size();
    m_trace.m_placements.assign(n, {});
    // The records' columns are read by the lanes only, never while the run is recorded: a large run fills them
    // on a thread of their own meanwhile (the future waits for it however the recording ends), and puts the
    // events in time order there too when lanes are to be built once the run is recorded.
    const bool lanesAhead = !m_open && !m_options.lanesAhead.empty();
    std::future<void> columns = maybeApart(n, [this, lanesAhead] {
        fillRecordColumns();
        if (lanesAhead)
            m_trace.sortEventsByTime();
    });
    m_trace.m_keyCount = m_scenario.pipeline.window.operatorKeyCount(m_scenario.keys.size());
    m_trace.m_steps.reserveStored(n + n / 8 + 1);
    m_trace.m_steps.push(StepEntry {});
    m_trace.m_inputsAtCheckpoint.push_back(0);
    takeSnapshot(0, rt);
    record(std::move(rt), std::move(columns));
    m_live = std::make_unique<Runtime>(m_snapshots.front().runtime);
    m_current = 0;
}

Player::~Player() = default;

template <class Work> std::future<void> Player::maybeApart(std::size_t records, Work work) const
{
    if (records >= m_options.recordColumnsApartFrom) {
        try {
            return std::async(std::launch::async, std::move(work));
        } catch (const std::system_error&) {
            // no thread to be had: done here instead
        }
    }
    work();
    return {};
}

void Player::fillRecordColumns()
{
    const auto& records = m_scenario.records;
    const WindowConfig& window = m_scenario.pipeline.window;
    Trace& t = m_trace;
    t.m_recordTs.resize(records.size());
    t.m_recordKey.resize(records.size());
    t.m_isEvent.assign(records.size(), true);
    for (std::size_t i = 0; i < records.size(); ++i) {
        const InputRecord& r = records[i];
        t.m_recordTs[i] = r.ts;
        t.m_recordKey[i] = window.operatorKey(r.key);
        if (r.isWatermark())
            t.m_isEvent[i] = false;
    }
    if (m_scenario.pipeline.kafka) {
        t.m_recordPartition.resize(records.size());
        for (std::size_t i = 0; i < records.size(); ++i)
            t.m_recordPartition[i] = records[i].partition;
    }
}

void Player::updateSplitEnds()
{
    m_splitEnds.reset();
    if (m_open || !KafkaSplitEnds::applies(m_scenario.pipeline))
        return;
    m_splitEnds.emplace(m_scenario.pipeline);
    for (std::size_t i = 0; i < m_scenario.records.size(); ++i) {
        const InputRecord& r = m_scenario.records[i];
        if (!r.isWatermark())
            m_splitEnds->note(i, m_arrivals.arrivalOf(static_cast<std::uint32_t>(i)), r.partition);
    }
    m_splitEnds->seal();
}

void Player::startHistories(const Runtime& rt)
{
    const Pipeline& pipeline = rt.pipeline;
    Trace& t = m_trace;
    t.m_channelHistory.assign(static_cast<std::size_t>(pipeline.channelCount()), {});
    for (int c = 0; c < pipeline.channelCount(); ++c) {
        // a reader of a bounded Kafka source with nothing to read has finished already
        const WatermarkChannel& ch = pipeline.channel(c);
        t.m_channelHistory[static_cast<std::size_t>(c)]
            = {WatermarkPoint {0, 0, ch.currentWatermark(), -1, ch.isIdle()}};
    }
    t.m_subtaskHistory.assign(static_cast<std::size_t>(pipeline.subtaskCount()), {WatermarkPoint {}});
    for (int s = 0; s < pipeline.subtaskCount(); ++s)
        t.m_subtaskHistory[static_cast<std::size_t>(s)][0].minChannel
            = static_cast<std::int16_t>(pipeline.minChannel(s));
    t.m_partitionHistory.assign(static_cast<std::size_t>(pipeline.source().partitionCount()), {});
    t.m_partitionFinished.assign(static_cast<std::size_t>(pipeline.source().partitionCount()), kNoStep);
    const bool perPartition = pipeline.source().perPartition();
    for (int p = 0; p < pipeline.source().partitionCount(); ++p) {
        const auto* o = pipeline.source().partitionOutput(p);
        if (perPartition)
            t.m_partitionHistory[static_cast<std::size_t>(p)]
                = {o ? WatermarkPoint {0, 0, o->watermark, -1, o->idle} : WatermarkPoint {}};
        if (pipeline.source().partitionFinished(p))
            t.m_partitionFinished[static_cast<std::size_t>(p)] = 0;
    }
}

void Player::rerunAfterInput(Timestamp time)
{
    // a bounded topic's splits finish where their records end: a record more (or the input's end) moves that
    if (!m_open && KafkaSplitEnds::applies(m_scenario.pipeline))
        rerunAll();
    else
        rerunFrom(time);
}

void Player::rerunAll()
{
    updateSplitEnds();
    m_local.clear();
    truncateTrace(1);
    Runtime rt = freshRuntime();
    startHistories(rt);
    m_snapshots.clear();
    m_snapshotBytes = 0;
    takeSnapshot(0, rt);
    m_tail.reset();
    record(std::move(rt));
    const StepIndex target = std::min(m_current, lastStep());
    *m_live = stateAt(target);
    m_current = target;
    m_detail.reset();
    m_detailBase.reset();
}

Timestamp Player::horizon() const
{
    // What has been recorded of an open input is final: nothing runs beyond the clock, and whatever comes later
    // (a record, the end) comes after it.
    if (m_open)
        return m_clock;
    return runHorizon(m_scenario.pipeline.watermarks, m_scenario.inputEnd(m_arrivals.lastArrival()));
}

Timestamp Player::endOfInputTime() const
{
    // An open input has no end yet: queued beyond any horizon, it keeps its place among the happenings of
    // its time (inserted first) for when the input closes.
    return m_open ? kMaxTimestamp : m_scenario.inputEnd(m_arrivals.lastArrival());
}

Player::Runtime Player::freshRuntime() const
{
    Runtime rt {Pipeline(m_scenario.pipeline), EventQueue {}, 0};
    if (m_splitEnds) {
        std::vector<OperatorOutput> none; // before any record: no window to fire
        for (const int p : m_splitEnds->atStart())
            rt.pipeline.finishSplit(p, 0, none);
    }
    rt.queue.setHorizon(horizon());
    // Inserted after all arrivals: end of input first ("right after the last record"), then the first
    // periodic timer of every channel in index order.
    if (inputEnds(m_scenario.pipeline.endOfInput))
        rt.queue.schedule(endOfInputTime(), EventQueue::Kind::EndOfInput, 0);
    const DurationMs period = m_scenario.pipeline.watermarks.periodMs;
    if (period > 0) {
        for (int c = 0; c < rt.pipeline.channelCount(); ++c)
            rt.queue.schedule(period, EventQueue::Kind::PeriodicEmit, static_cast<std::uint32_t>(c));
    }
    return rt;
}

void Player::schedulePendingTimers(Runtime& rt, Timestamp now) const
{
    for (int s = 0; s < rt.pipeline.subtaskCount(); ++s) {
        const WindowOperator& op = rt.pipeline.subtask(s);
        if (!op.nextProcessingTimer())
            continue;
        for (const TimerInfo& t : op.timers(TimeDomain::Processing)) {
            const Timestamp at = std::max(t.ts, now);
            if (!rt.queue.isScheduled(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(s)))
                rt.queue.schedule(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(s));
        }
    }
}

Player::Executed Player::execute(Runtime& rt, std::vector<OperatorOutput>& out) const
{
    const EventQueue::Entry e = rt.queue.pop(m_arrivals);
    Executed x;
    switch (e.kind) {
    case EventQueue::Kind::Arrival: {
        const InputRecord& r = m_scenario.records[e.subject];
        ++rt.inputs;
        if (r.isWatermark()) {
            rt.pipeline.processWatermarkRecord(r, e.time, out);
            x.channel = r.channel;
        } else {
            x.subtask = rt.pipeline.subtaskForKey(m_scenario.keys, r.key);
            x.channel = rt.pipeline.processEvent(r, x.subtask, e.time, out);
            if (m_splitEnds) {
                for (const int p : m_splitEnds->after(e.subject))
                    rt.pipeline.finishSplit(p, e.time, out);
            }
        }
        break;
    }
    case EventQueue::Kind::PeriodicEmit:
        x.channel = static_cast<int>(e.subject);
        x.quiet = !rt.pipeline.periodicEmit(x.channel, e.time, out);
        rt.queue.schedule(
            javaAdd(e.time, m_scenario.pipeline.watermarks.periodMs), EventQueue::Kind::PeriodicEmit, e.subject);
        break;
    case EventQueue::Kind::ProcessingTimer:
        x.subtask = static_cast<int>(e.subject);
        rt.pipeline.processingTimer(x.subtask, e.time, out);
        break;
    case EventQueue::Kind::EndOfInput:
        rt.pipeline.endOfInput(e.time, out);
        break;
    }
    // A quiet emission reached no operator, so it registered no timer; the ones already registered are queued
    // at or after this time (a queued time before it would have run first).
    if (!x.quiet)
        schedulePendingTimers(rt, e.time);
    for (OperatorOutput& o : out) {
        std::visit([&](auto& v) { v.afterInput = rt.inputs; }, o);
    }
    return x;
}

void Player::record(Runtime rt, std::future<void> columns)
{
    std::vector<OperatorOutput> out;
    m_failure.reset();
    const std::size_t firesBefore = m_trace.m_fires.size();
    std::size_t untilProgress = kProgressSteps;
    while (const auto next = rt.queue.peek(m_arrivals)) {
        if (m_options.progress && --untilProgress == 0) {
            untilProgress = kProgressSteps;
            if (!m_options.progress(rt.queue.arrivalsTaken(), m_scenario.records.size()))
                throw RunCancelled();
        }
        out.clear();
        Executed x;
        try {
            x = execute(rt, out);
        } catch (const std::exception& e) {
            // The job fails here (Flink would fail it too, e.g. a session merge behind the watermark):
            // the run ends at the last step that completed.
            m_failure = Failure {static_cast<StepIndex>(m_trace.m_steps.size()), e.what()};
            break;
        }
        const std::size_t storedBefore = m_trace.m_steps.storedCount();
        recordStep(rt, x, *next, out);
        // a snapshot at the first step whose replay work reaches the next multiple of the interval
        const std::size_t work = replayWork();
        const std::size_t added = m_trace.m_steps.storedCount() != storedBefore ? kQuietPerStep : 1;
        if (work % (kQuietPerStep * m_interval) < added)
            takeSnapshot(static_cast<StepIndex>(m_trace.m_steps.size() - 1), rt, next->time);
    }
    // The first recording of a closed input builds the lanes asked for ahead (once its record columns are
    // there), beside the fired windows' index when the run is large.
    std::future<void> lanes;
    const auto& ahead = m_options.lanesAhead;
    if (columns.valid())
        columns.get();
    if (!m_lanesAheadBuilt && !m_open && !ahead.empty()) {
        m_lanesAheadBuilt = true;
        lanes = maybeApart(m_scenario.records.size(), [this] {
            for (const LaneKind kind : m_options.lanesAhead)
                m_trace.buildLanes(kind);
            // 4 bytes a record given back: a lane kind asked for later sorts the events again
            m_trace.m_timeOrder = std::vector<RecordIndex>(); // (= {} would keep the capacity)
        });
    }
    if (m_firesDropped || m_trace.m_fires.size() != firesBefore)
        m_trace.rebuildFiredWindows();
    if (lanes.valid())
        lanes.get();
    m_firesDropped = false;
    if (m_open && !m_failure)
        m_tail = std::make_unique<Runtime>(std::move(rt));
}

void Player::recordStep(
    const Runtime& rt, const Executed& x, const EventQueue::Entry& entry, std::vector<OperatorOutput>& out)
{
    Trace& t = m_trace;
    const auto step = static_cast<StepIndex>(t.m_steps.size());
    if (x.quiet) {
        // nothing reached a valve, so no history moves
        pushQuiet(rt, entry.time, static_cast<std::int16_t>(entry.subject));
        if (step % Trace::kInputCheckpointEvery == 0)
            t.m_inputsAtCheckpoint.push_back(static_cast<std::uint32_t>(rt.inputs));
        return;
    }
    StepEntry se;
    se.processingTime = entry.time;
    se.subject = entry.subject;
    se.channel = static_cast<std::int16_t>(x.channel);
    switch (entry.kind) {
    case EventQueue::Kind::Arrival:
        se.kind = m_scenario.records[entry.subject].isWatermark() ? StepKind::WatermarkArrival : StepKind::EventArrival;
        break;
    case EventQueue::Kind::PeriodicEmit:
        se.kind = StepKind::PeriodicEmit;
        break;
    case EventQueue::Kind::ProcessingTimer:
        se.kind = StepKind::ProcessingTimer;
        break;
    case EventQueue::Kind::EndOfInput:
        se.kind = StepKind::EndOfInput;
        break;
    }
    const RecordIndex rec = se.record();
    for (OperatorOutput& o : out) {
        if (auto* f = std::get_if<FireEvent>(&o)) {
            se.flags |= f->timing == FireTiming::Late ? kStepLateFire : kStepFire;
            t.m_fires.push_back(FireRecord {step, m_outputSequence++, std::move(*f)});
        } else if (auto* l = std::get_if<LateEvent>(&o)) {
            se.flags |= l->action == LateAction::Dropped ? kStepDropped : kStepSideOutput;
            t.m_lates.push_back(LateRecord {step, m_outputSequence++, rec, *l});
        }
    }
    for (int c = 0; c < rt.pipeline.channelCount(); ++c) {
        auto& h = t.m_channelHistory[static_cast<std::size_t>(c)];
        const WatermarkChannel& ch = rt.pipeline.channel(c);
        const Timestamp wm = ch.currentWatermark();
        const bool idle = ch.isIdle();
        if (wm != h.back().watermark || idle != h.back().idle) {
            if (wm != h.back().watermark)
                se.flags |= kStepChannelWatermark;
            if (idle != h.back().idle)
                se.flags |= kStepChannelStatus;
            h.push_back(WatermarkPoint {step, entry.time, wm, -1, idle});
        }
    }
    bool partitionMoved = false; // drawn in the partition's lane, though no channel moved
    for (std::size_t p = 0; p < t.m_partitionHistory.size(); ++p) {
        auto& h = t.m_partitionHistory[p];
        const int q = static_cast<int>(p);
        const auto* o = rt.pipeline.source().laneOutput(q);
        if (o && !h.empty() && (o->watermark != h.back().watermark || o->idle != h.back().idle)) {
            h.push_back(WatermarkPoint {step, entry.time, o->watermark, -1, o->idle});
            partitionMoved = true;
        }
        if (t.m_partitionFinished[p] == kNoStep && rt.pipeline.source().partitionFinished(static_cast<int>(p))) {
            t.m_partitionFinished[p] = step;
            partitionMoved = true;
        }
    }
    for (int s = 0; s < rt.pipeline.subtaskCount(); ++s) {
        auto& h = t.m_subtaskHistory[static_cast<std::size_t>(s)];
        const Timestamp wm = rt.pipeline.subtask(s).currentWatermark();
        const bool idle = rt.pipeline.valve(s).isIdle();
        if (wm != h.back().watermark || idle != h.back().idle) {
            if (wm != h.back().watermark)
                se.flags |= kStepOperatorWatermark;
            h.push_back(
                WatermarkPoint {step, entry.time, wm, static_cast<std::int16_t>(rt.pipeline.minChannel(s)), idle});
        }
    }
    if (se.kind == StepKind::EventArrival)
        t.m_placements[rec]
            = RecordPlacement {step, static_cast<std::int16_t>(x.channel), static_cast<std::int16_t>(x.subtask)};
    else if (se.kind == StepKind::WatermarkArrival)
        t.m_placements[rec].arrivalStep = step;
    if (se.kind == StepKind::PeriodicEmit && se.flags == 0 && !partitionMoved)
        pushQuiet(rt, se.processingTime, se.channel);
    else
        t.m_steps.push(se);
    if (step % Trace::kInputCheckpointEvery == 0)
        t.m_inputsAtCheckpoint.push_back(static_cast<std::uint32_t>(rt.inputs));
}

void Player::pushQuiet(const Runtime& rt, Timestamp time, std::int16_t channel)
{
    if (m_trace.m_steps.extendQuietRun(time, channel))
        return;
    // what follows a quiet emission, as long as the emissions stay quiet, is the queue's next periodic timers
    m_periodic.clear();
    rt.queue.periodicTimers(m_periodic, static_cast<std::uint32_t>(channel));
    m_trace.m_steps.pushQuiet(time, channel, m_periodic, m_scenario.pipeline.watermarks.periodMs);
}

std::size_t Player::replayWork() const
{
    const std::size_t stored = m_trace.m_steps.storedCount();
    const std::size_t quiet = m_trace.m_steps.size() - stored;
    return kQuietPerStep * (stored - 1) + quiet;
}

void Player::takeSnapshot(StepIndex step, const Runtime& rt, std::optional<Timestamp> time)
{
    const std::size_t bytes = runtimeBytes(rt.pipeline, rt.queue);
    if (time) {
        spaceForTheWholeRun(rt, *time, bytes);
        // the spacing may have doubled: this step is then no longer where a snapshot goes
        if (replayWork() % (kQuietPerStep * m_interval) >= kQuietPerStep)
            return;
    }
    const std::size_t every = kQuietPerStep * m_interval;
    m_snapshots.push_back(Snapshot {step, rt, bytes, replayWork() / every * every});
    m_snapshotBytes += bytes;
    ++m_snapshotsTaken;
    if (m_snapshotBytes > m_options.snapshotBudgetBytes)
        thinSnapshots();
}

void Player::spaceForTheWholeRun(const Runtime& rt, Timestamp time, std::size_t bytes)
{
    // An open input has no end to foresee. Otherwise the share of the run behind us is the larger of the input
    // taken and the time passed (a run of quiet emissions takes time, not input): the smaller projection, so a
    // run is never spaced wider than thinning would have spaced it, only sooner.
    if (m_open || m_scenario.records.empty() || m_arrivals.size() == 0)
        return;
    const double inputShare
        = static_cast<double>(rt.queue.arrivalsTaken()) / static_cast<double>(m_scenario.records.size());
    const double first = static_cast<double>(m_arrivals.timeAt(0));
    const double span = static_cast<double>(horizon()) - first;
    const double timeShare = span > 0 ? (static_cast<double>(time) - first) / span : 1.0;
    const double share = std::clamp(std::max(inputShare, timeShare), 0.0, 1.0);
    if (share <= 0.0)
        return;
    const double projectedWork = static_cast<double>(replayWork()) / share;
    const std::size_t before = m_interval;
    while (projectedWork / static_cast<double>(kQuietPerStep * m_interval) * static_cast<double>(bytes)
        > static_cast<double>(m_options.snapshotBudgetBytes))
        m_interval *= 2;
    if (m_interval != before)
        keepSnapshotsOnTheGrid();
}

void Player::thinSnapshots()
{
    // Keep every other snapshot (always step 0) and take them half as often from now on.
    while (m_snapshotBytes > m_options.snapshotBudgetBytes && m_snapshots.size() > 1) {
        m_interval *= 2;
        keepSnapshotsOnTheGrid();
        if (m_snapshots.size() == 1)
            break;
    }
}

void Player::keepSnapshotsOnTheGrid()
{
    std::vector<Snapshot> kept;
    m_snapshotBytes = 0;
    for (Snapshot& s : m_snapshots) {
        if (s.work % (kQuietPerStep * m_interval) == 0) {
            m_snapshotBytes += s.bytes;
            kept.push_back(std::move(s));
        }
    }
    m_snapshots = std::move(kept);
}

const Player::Snapshot& Player::baseFor(StepIndex step) const
{
    const auto it = std::upper_bound(
        m_snapshots.begin(), m_snapshots.end(), step, [](StepIndex s, const Snapshot& snap) { return s < snap.step; });
    const Snapshot* best = &*std::prev(it);
    for (const Snapshot& local : m_local) {
        if (local.step <= step && local.step > best->step)
            best = &local;
    }
    return *best;
}

Player::Runtime Player::stateAt(StepIndex step) const
{
    const Snapshot& base = baseFor(step);
    Runtime rt = base.runtime;
    // Snapshots keep the horizon and end of input of their time; a run that grew since has later ones, as a
    // fresh run of it would from the start.
    rt.queue.setHorizon(horizon());
    rt.queue.rescheduleEndOfInput(endOfInputTime());
    for (StepIndex s = base.step; s < step; ++s) {
        m_scratch.clear();
        execute(rt, m_scratch);
        // Keep a nearby checkpoint so that stepping back from here replays a few hundred steps, not a
        // whole snapshot interval.
        const StepIndex reached = s + 1;
        if (reached % kLocalEvery == 0 && step - reached < 2 * kLocalEvery && reached < step) {
            if (m_local.size() >= kLocalCheckpoints)
                m_local.erase(m_local.begin());
            m_local.push_back(Snapshot {reached, rt, 0});
        }
    }
    return rt;
}

void Player::moveLiveTo(StepIndex step)
{
    step = std::min(step, lastStep());
    if (step == m_current)
        return;
    if (step > m_current && m_current >= baseFor(step).step) {
        for (StepIndex s = m_current; s < step; ++s) {
            m_scratch.clear();
            execute(*m_live, m_scratch);
        }
    } else {
        *m_live = stateAt(step);
    }
    m_current = step;
    m_detail.reset();
}

StepIndex Player::lastStep() const
{
    return static_cast<StepIndex>(m_trace.m_steps.size() - 1);
}

Timestamp Player::now() const
{
    return m_trace.step(m_current).processingTime;
}

bool Player::step()
{
    if (atEnd())
        return false;
    moveLiveTo(m_current + 1);
    return true;
}

bool Player::stepBack()
{
    if (atStart())
        return false;
    moveLiveTo(m_current - 1);
    return true;
}

bool Player::seek(StepIndex step)
{
    const StepIndex before = m_current;
    moveLiveTo(std::min(step, lastStep()));
    return before != m_current;
}

bool Player::runUntil(Timestamp processingTime)
{
    if (processingTime == kMaxTimestamp)
        return runToEnd();
    const StepIndex first = m_trace.firstStepAtOrAfter(javaAdd(processingTime, 1));
    if (first == 0 || first - 1 <= m_current)
        return false;
    return seek(first - 1);
}

bool Player::runToEnd()
{
    return seek(lastStep());
}

bool happensAt(Happening h, const StepEntry& e)
{
    switch (h) {
    case Happening::Fire:
        return (e.flags & kStepFire) != 0;
    case Happening::LateFire:
        return (e.flags & kStepLateFire) != 0;
    case Happening::AnyFire:
        return (e.flags & (kStepFire | kStepLateFire)) != 0;
    case Happening::LateRecord:
        return (e.flags & (kStepDropped | kStepSideOutput)) != 0;
    case Happening::AnyLate:
        return (e.flags & (kStepDropped | kStepSideOutput | kStepLateFire)) != 0;
    case Happening::OperatorWatermark:
        return (e.flags & kStepOperatorWatermark) != 0;
    case Happening::ChannelStatus:
        return (e.flags & kStepChannelStatus) != 0;
    case Happening::Arrival:
        return e.record() != kNoRecord;
    case Happening::VisibleChange:
        return e.changesSomething();
    }
    return false;
}

std::optional<StepIndex> Player::findStep(Happening h, bool forward) const
{
    // Every happening changes something, so quiet periodic emissions, which the trace keeps as runs, are none.
    StepIndex found = kNoStep;
    if (forward) {
        m_trace.forEachStoredStep(m_current + 1, lastStep(), [&](StepIndex s, const StepEntry& e) {
            if (happensAt(h, e))
                found = s;
            return found == kNoStep;
        });
    } else if (m_current > 1) {
        // step 0, nothing happened yet, is no happening
        found = m_trace.lastStoredStepWhere(
            m_current - 1, [&](StepIndex s, const StepEntry& e) { return s > 0 && happensAt(h, e); });
    }
    return found == kNoStep ? std::nullopt : std::optional<StepIndex>(found);
}

std::optional<StepIndex> Player::nextStepWith(Happening h) const
{
    return findStep(h, true);
}
std::optional<StepIndex> Player::previousStepWith(Happening h) const
{
    return findStep(h, false);
}

bool Player::jumpToNext(Happening h)
{
    const auto s = nextStepWith(h);
    return s && seek(*s);
}

bool Player::jumpToPrevious(Happening h)
{
    const auto s = previousStepWith(h);
    return s && seek(*s);
}

// ---------------------------------------------------------------------------------------------------------
// Live input

void Player::truncateTrace(StepIndex firstDropped)
{
    Trace& t = m_trace;
    if (firstDropped >= t.m_steps.size())
        return; // nothing to drop: a live run growing at its end, many times a second
    m_firesDropped = m_firesDropped || (!t.m_fires.empty() && t.m_fires.back().step >= firstDropped);
    t.m_steps.truncate(firstDropped);
    t.m_inputsAtCheckpoint.resize((firstDropped - 1) / Trace::kInputCheckpointEvery + 1);
    std::erase_if(t.m_fires, [&](const FireRecord& f) { return f.step >= firstDropped; });
    std::erase_if(t.m_lates, [&](const LateRecord& l) { return l.step >= firstDropped; });
    m_outputSequence = static_cast<std::uint32_t>(t.m_fires.size() + t.m_lates.size());
    for (auto* histories : {&t.m_channelHistory, &t.m_subtaskHistory, &t.m_partitionHistory}) {
        for (auto& h : *histories) {
            while (h.size() > 1 && h.back().step >= firstDropped)
                h.pop_back();
        }
    }
    for (StepIndex& finished : t.m_partitionFinished) {
        if (finished != kNoStep && finished >= firstDropped)
            finished = kNoStep;
    }
    // Arrival steps grow in arrival order: only the latest arrivals can be among the dropped steps (a live
    // run truncates its last few steps on every record and clock tick).
    for (std::size_t k = m_arrivals.size(); k-- > 0;) {
        RecordPlacement& p = t.m_placements[m_arrivals.recordAt(k)];
        if (p.arrivalStep != kNoStep && p.arrivalStep < firstDropped)
            break;
        p = RecordPlacement {};
    }
    std::erase_if(m_snapshots, [&](const Snapshot& s) { return s.step >= firstDropped; });
    m_snapshotBytes = 0;
    for (const Snapshot& s : m_snapshots)
        m_snapshotBytes += s.bytes;
}

RecordIndex Player::pushRecord(InputRecord r, std::string* error)
{
    auto fail = [&](std::string message) {
        if (error)
            *error = std::move(message);
        return kNoRecord;
    };
    const PipelineConfig& pc = m_scenario.pipeline;
    const int channels = std::max(1, pc.watermarks.parallelism);
    if (r.isWatermark()) {
        if (r.channel != InputRecord::kNoChannel && (r.channel < 0 || r.channel >= channels))
            return fail("channel " + std::to_string(r.channel) + " does not exist: there are "
                + std::to_string(channels) + " channels");
    } else {
        if (pc.window.keyBy && r.key == kNoKey)
            return fail("the pipeline is keyed by \"" + *pc.window.keyBy + "\", but the record has no key");
        if (r.key != kNoKey && r.key >= m_scenario.keys.size())
            return fail("unknown key id " + std::to_string(r.key));
        const auto partitioning = pc.watermarks.partitioning;
        if (partitioning == WatermarkConfig::Partitioning::Channel && (r.channel < 0 || r.channel >= channels))
            return fail("partitioning \"channel\" needs a channel between 0 and " + std::to_string(channels - 1));
        if (partitioning == WatermarkConfig::Partitioning::Forward && r.channel != InputRecord::kNoChannel
            && (r.channel < 0 || r.channel >= channels))
            return fail("channel " + std::to_string(r.channel) + " does not exist: there are "
                + std::to_string(channels) + " channels");
    }
    // On an open input nothing may arrive before the clock: the steps up to it are already recorded.
    const Timestamp arrival = std::max(m_arrivals.resolveAppended(r.arrival), m_open ? m_clock + 1 : kMinTimestamp);
    if (auto excess = periodicEmissionExcess(m_scenario.pipeline.watermarks,
            runHorizon(m_scenario.pipeline.watermarks, arrival), // never before the last arrival
            m_scenario.records.size() + 1, m_options.periodicBudget))
        return fail(*excess);
    r.arrival = arrival;
    const auto index = static_cast<RecordIndex>(m_scenario.records.size());
    m_scenario.records.push_back(r);
    m_arrivals.append(arrival);
    Trace& t = m_trace;
    t.m_placements.push_back({});
    t.m_recordTs.push_back(r.ts);
    t.m_recordKey.push_back(m_scenario.pipeline.window.operatorKey(r.key));
    t.m_isEvent.push_back(!r.isWatermark());
    if (m_scenario.pipeline.kafka)
        t.m_recordPartition.push_back(r.partition);
    t.m_keyCount = m_scenario.pipeline.window.operatorKeyCount(m_scenario.keys.size());
    t.m_lanes.clear();
    t.m_lanesBuilt.clear();
    t.m_timeOrder.clear();
    return index;
}

RecordIndex Player::appendRecord(InputRecord r, std::string* error)
{
    const RecordIndex index = pushRecord(std::move(r), error);
    if (index != kNoRecord)
        rerunAfterInput(m_scenario.records[index].arrival);
    return index;
}

std::size_t Player::appendRecords(std::span<const InputRecord> records, AppendErrors* errors)
{
    std::optional<Timestamp> from;
    std::size_t appended = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::string error;
        const RecordIndex index = pushRecord(records[i], &error);
        if (index == kNoRecord) {
            if (errors)
                errors->emplace_back(i, std::move(error));
            continue;
        }
        ++appended;
        if (!from)
            from = m_scenario.records[index].arrival;
    }
    if (from)
        rerunAfterInput(*from);
    return appended;
}

std::string Player::advanceClock(Timestamp t)
{
    if (!m_open || t <= horizon())
        return {};
    if (auto excess = periodicEmissionExcess(
            m_scenario.pipeline.watermarks, t, m_scenario.records.size(), m_options.periodicBudget))
        return *excess;
    m_clock = t;
    rerunFrom(t);
    return {};
}

std::string Player::endInput(Timestamp t)
{
    if (!m_open)
        return {};
    // after every step already recorded, which may be at the clock
    const Timestamp end = std::max({t, m_clock + 1, m_arrivals.lastArrival()});
    if (auto excess = periodicEmissionExcess(m_scenario.pipeline.watermarks,
            runHorizon(m_scenario.pipeline.watermarks, end), m_scenario.records.size(), m_options.periodicBudget))
        return *excess;
    m_open = false;
    m_clock = end;
    if (end > m_arrivals.lastArrival())
        m_scenario.inputEndMs = end;
    rerunAfterInput(end); // every record is known now
    return {};
}

// Every step after `time` (and every step at `time` that is not an arrival, which a new arrival at `time`
// precedes) is recorded again under the current horizon and end of input; the steps before stay, since a fresh
// run would run the same happenings in the same order until then. The position is kept (clamped).
void Player::rerunFrom(Timestamp time)
{
    m_local.clear();
    const StepList& steps = m_trace.m_steps;
    auto first = static_cast<StepIndex>(steps.size());
    while (first > 1) {
        const StepEntry e = steps.at(first - 1);
        const bool after = e.processingTime > time || (e.processingTime == time && e.record() == kNoRecord);
        if (!after)
            break;
        --first;
    }
    // The end of input comes after the last arrival: look for it no further back than that.
    if (first > 1) {
        const StepIndex s = steps.lastStoredWhere(first - 1,
            [](StepIndex, const StepEntry& e) { return e.record() != kNoRecord || e.kind == StepKind::EndOfInput; });
        if (s != kNoStep && s > 0 && steps.at(s).kind == StepKind::EndOfInput)
            first = s; // end of input moves after the new record
    }
    // An open input only ever grows at its end: it goes on from the state after its last step, kept for that.
    const bool fromTail = m_tail && first == steps.size();
    truncateTrace(first);
    const Timestamp newHorizon = horizon();
    const Timestamp endOfInput = endOfInputTime();
    auto patch = [&](Runtime& rt) {
        rt.queue.setHorizon(newHorizon);
        rt.queue.rescheduleEndOfInput(endOfInput);
    };
    Runtime rt = fromTail ? std::move(*m_tail) : stateAt(first - 1);
    m_tail.reset();
    patch(rt);
    record(std::move(rt));
    if (m_current < first) {
        patch(*m_live);
    } else {
        const StepIndex target = std::min(m_current, lastStep());
        *m_live = stateAt(target);
        m_current = target;
    }
    m_detail.reset();
    m_detailBase.reset();
}

// ---------------------------------------------------------------------------------------------------------
// What views read

std::size_t Player::snapshotBytes() const
{
    return m_snapshotBytes;
}
std::size_t Player::snapshotCount() const
{
    return m_snapshots.size();
}

} // namespace tidemark
