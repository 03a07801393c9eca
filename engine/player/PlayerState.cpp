#include "engine/player/Player.h"

#include "engine/player/PlayerRuntime.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tidemark {

// What a step changed (its detail, for the narration and the views) and the state of the whole pipeline at a step.

const StepDetail& Player::currentDetail() const
{
    if (!m_detail || m_detail->step != m_current)
        m_detail = computeDetail(m_current);
    return *m_detail;
}

StepDetail Player::detailAt(StepIndex step) const
{
    return computeDetail(std::min(step, lastStep()));
}

namespace {

using WindowKey = std::tuple<int, KeyId, Timestamp, Timestamp, bool>;
WindowKey windowKey(int s, KeyId k, const TimeWindow& w)
{
    return {s, k, w.start(), w.end(), w.isGlobal()};
}

struct Observed {
    std::vector<ChannelChange> channels; // before-values filled
    std::vector<PartitionChange> partitions;
    std::vector<SubtaskChange> subtasks;
    std::map<WindowKey, WindowStateView> windows;
    std::set<std::tuple<int, int, Timestamp, KeyId, Timestamp, Timestamp, bool>> timers;
};

Observed observe(const Pipeline& p)
{
    Observed o;
    for (int c = 0; c < p.channelCount(); ++c) {
        const WatermarkChannel& ch = p.channel(c);
        ChannelChange cc;
        cc.channel = c;
        cc.watermarkBefore = ch.currentWatermark();
        cc.idleBefore = ch.isIdle();
        cc.maxTimestampBefore = ch.maxTimestampSeen().value_or(kMinTimestamp);
        cc.generatorWatermark = ch.pendingWatermark().value_or(kMinTimestamp);
        if (const IdlenessTimer* t = ch.idlenessTimer())
            cc.inactiveSince = t->startOfInactivity().value_or(kMinTimestamp);
        cc.holdingPartition = p.source().holdingPartition(c);
        cc.endedBefore = ch.ended();
        o.channels.push_back(cc);
    }
    // every partition, finished or not, so that before and after line up
    for (int q = 0; q < p.source().partitionCount(); ++q) {
        PartitionChange pc;
        pc.partition = q;
        pc.reader = p.source().readerOfPartition(q);
        pc.finished = p.source().partitionFinished(q);
        if (const WatermarkOutputMultiplexer::Output* out = p.source().partitionOutput(q)) {
            pc.watermarkBefore = out->watermark;
            pc.idleBefore = out->idle;
        }
        if (const StrategyWatermarkGenerator* g = p.source().partitionGenerator(q); g && g->idlenessTimer())
            pc.inactiveSince = g->idlenessTimer()->startOfInactivity().value_or(kMinTimestamp);
        o.partitions.push_back(pc);
    }
    for (int s = 0; s < p.subtaskCount(); ++s) {
        SubtaskChange sc;
        sc.subtask = s;
        sc.watermarkBefore = p.subtask(s).currentWatermark();
        sc.minChannelBefore = p.minChannel(s);
        o.subtasks.push_back(sc);
        for (WindowStateView& w : p.subtask(s).windows())
            o.windows.emplace(windowKey(s, w.key, w.window), std::move(w));
        for (const TimeDomain d : {TimeDomain::Event, TimeDomain::Processing}) {
            for (const TimerInfo& t : p.subtask(s).timers(d)) {
                o.timers.emplace(
                    s, static_cast<int>(d), t.ts, t.key, t.window.start(), t.window.end(), t.window.isGlobal());
            }
        }
    }
    return o;
}

TimeWindow windowOf(Timestamp start, Timestamp end, bool global)
{
    return global ? TimeWindow::global() : TimeWindow(start, end);
}

} // namespace

StepDetail Player::computeDetail(StepIndex step) const
{
    StepDetail d;
    d.step = step;
    d.entry = m_trace.step(step);
    d.record = d.entry.record();
    if (step == 0)
        return d;
    // Details are often asked for in order (narrating a whole run): continue from the last one.
    Runtime rt = m_detailBase && m_detailBaseStep == step - 1 ? *m_detailBase : stateAt(step - 1);
    const Observed before = observe(rt.pipeline);
    std::vector<OperatorOutput> out;
    const Executed x = execute(rt, out);
    const Observed after = observe(rt.pipeline);
    d.subtask = x.subtask;
    d.inputsProcessed = rt.inputs;
    if (m_detailBase)
        *m_detailBase = rt;
    else
        m_detailBase = std::make_unique<Runtime>(rt);
    m_detailBaseStep = step;
    for (OperatorOutput& o : out) {
        if (auto* f = std::get_if<FireEvent>(&o))
            d.fires.push_back(std::move(*f));
        else if (auto* l = std::get_if<LateEvent>(&o))
            d.lates.push_back(*l);
    }
    for (std::size_t c = 0; c < before.channels.size(); ++c) {
        ChannelChange cc = before.channels[c];
        const ChannelChange& a = after.channels[c];
        cc.watermarkAfter = a.watermarkBefore;
        cc.idleAfter = a.idleBefore;
        cc.maxTimestampAfter = a.maxTimestampBefore;
        cc.generatorWatermark = a.generatorWatermark;
        cc.inactiveSince = a.inactiveSince;
        cc.holdingPartition = a.holdingPartition;
        cc.endedAfter = a.endedBefore;
        const bool touched = static_cast<int>(c) == x.channel
            || (d.entry.kind == StepKind::WatermarkArrival && d.entry.channel < 0)
            || d.entry.kind == StepKind::EndOfInput || cc.watermarkAfter != cc.watermarkBefore
            || cc.idleAfter != cc.idleBefore || cc.endedAfter != cc.endedBefore;
        if (touched)
            d.channels.push_back(cc);
    }
    for (std::size_t q = 0; q < before.partitions.size(); ++q) {
        PartitionChange pc = before.partitions[q];
        const PartitionChange& a = after.partitions[q];
        if (pc.finished)
            continue; // released before this step: nothing of it changes
        pc.finished = a.finished;
        if (pc.finished) {
            // what it had when released
            const WatermarkOutputMultiplexer::Output* released = rt.pipeline.source().releasedOutput(pc.partition);
            pc.watermarkAfter = released ? released->watermark : pc.watermarkBefore;
            pc.idleAfter = released ? released->idle : pc.idleBefore;
            const auto r = static_cast<RecordIndex>(d.record);
            pc.empty
                = r == kNoRecord || r >= m_scenario.records.size() || m_scenario.records[r].partition != pc.partition;
        } else {
            pc.watermarkAfter = a.watermarkBefore;
            pc.idleAfter = a.idleBefore;
            pc.inactiveSince = a.inactiveSince;
        }
        if (pc.watermarkAfter != pc.watermarkBefore || pc.idleAfter != pc.idleBefore || pc.finished)
            d.partitions.push_back(pc);
    }
    for (std::size_t s = 0; s < before.subtasks.size(); ++s) {
        SubtaskChange sc = before.subtasks[s];
        sc.watermarkAfter = after.subtasks[s].watermarkBefore;
        sc.minChannelAfter = after.subtasks[s].minChannelBefore;
        d.subtasks.push_back(sc);
    }
    // Windows: created, grown by the arriving element, cleaned up.
    for (const auto& [key, w] : after.windows) {
        const auto it = before.windows.find(key);
        const int s = std::get<0>(key);
        const WindowRef ref {s, w.key, w.window};
        if (it == before.windows.end())
            d.created.push_back(ref);
        const std::size_t was = it == before.windows.end() ? 0 : it->second.contents.size();
        if (d.entry.kind == StepKind::EventArrival && s == x.subtask && w.contents.size() > was) {
            const Timestamp wm = before.subtasks[static_cast<std::size_t>(s)].watermarkBefore;
            d.placements.push_back({ref, !w.window.isGlobal() && w.window.maxTimestamp() <= wm,
                static_cast<std::uint32_t>(w.contents.size())});
        }
    }
    const bool eventTime = m_scenario.pipeline.window.assigner.isEventTime();
    for (const auto& [key, w] : before.windows) {
        if (after.windows.count(key))
            continue;
        const int s = std::get<0>(key);
        const Timestamp clock
            = eventTime ? after.subtasks[static_cast<std::size_t>(s)].watermarkBefore : d.entry.processingTime;
        if (w.cleanupTime && *w.cleanupTime <= clock) {
            WindowRef ref {s, w.key, w.window};
            // CountTrigger fires and resets its count every `count` records, so the pane holds the fired ones
            // plus those since the last firing (an evictor would break this count, so none is claimed then).
            const WindowConfig& wc = m_scenario.pipeline.window;
            if (wc.trigger.type == TriggerSpec::Type::Count && wc.evictor.type == EvictorSpec::Type::None) {
                const auto fired = static_cast<std::size_t>(w.fireCount) * static_cast<std::size_t>(wc.trigger.count);
                ref.unfired = w.contents.size() > fired ? w.contents.size() - fired : 0;
            }
            d.cleanups.push_back(ref);
        }
    }
    // Timers: registered, fired (due), deleted.
    auto timerChange = [&](const auto& t, TimerChange::Change change) {
        TimerChange tc;
        tc.change = change;
        tc.subtask = std::get<0>(t);
        tc.domain = static_cast<TimeDomain>(std::get<1>(t));
        tc.time = std::get<2>(t);
        tc.key = std::get<3>(t);
        tc.window = windowOf(std::get<4>(t), std::get<5>(t), std::get<6>(t));
        tc.cleanup = rt.pipeline.subtask(tc.subtask).cleanupTime(tc.window) == tc.time;
        return tc;
    };
    for (const auto& t : before.timers) {
        if (after.timers.count(t))
            continue;
        const int s = std::get<0>(t);
        const bool eventDomain = static_cast<TimeDomain>(std::get<1>(t)) == TimeDomain::Event;
        const Timestamp clock
            = eventDomain ? after.subtasks[static_cast<std::size_t>(s)].watermarkBefore : d.entry.processingTime;
        d.timers.push_back(
            timerChange(t, std::get<2>(t) <= clock ? TimerChange::Change::Fired : TimerChange::Change::Deleted));
    }
    for (const auto& t : after.timers) {
        if (!before.timers.count(t))
            d.timers.push_back(timerChange(t, TimerChange::Change::Registered));
    }
    return d;
}

PipelineState Player::state() const
{
    PipelineState st;
    const Pipeline& p = m_live->pipeline;
    st.step = m_current;
    st.processingTime = now();
    st.inputsProcessed = m_live->inputs;
    for (int c = 0; c < p.channelCount(); ++c) {
        const WatermarkChannel& ch = p.channel(c);
        ChannelState cs;
        cs.channel = c;
        cs.watermark = ch.currentWatermark();
        cs.idle = ch.isIdle();
        cs.maxTimestamp = ch.maxTimestampSeen().value_or(kMinTimestamp);
        cs.records = ch.eventsSeen();
        st.channels.push_back(cs);
    }
    const DurationMs period = m_scenario.pipeline.watermarks.periodMs;
    if (period > 0) {
        // Read the queued timer rather than computing "the next multiple after now": a record arriving
        // exactly on a multiple runs before the timer due at that same time, which is then still pending.
        for (ChannelState& cs : st.channels) {
            const auto next
                = m_live->queue.nextScheduled(EventQueue::Kind::PeriodicEmit, static_cast<std::uint32_t>(cs.channel));
            cs.nextPeriodicEmit = next && *next <= m_live->queue.horizon() ? *next : kMaxTimestamp;
        }
    }
    const bool eventTime = m_scenario.pipeline.window.assigner.isEventTime();
    const FunctionSpec& fn = m_scenario.pipeline.window.function;
    for (int s = 0; s < p.subtaskCount(); ++s) {
        const WindowOperator& op = p.subtask(s);
        const StatusWatermarkValve& v = p.valve(s);
        SubtaskState ss;
        ss.subtask = s;
        ss.watermark = op.currentWatermark();
        ss.minChannel = p.minChannel(s);
        ss.idle = v.isIdle();
        ss.processingTime = op.currentProcessingTime();
        for (const auto& in : v.channels()) {
            ss.inputWatermarks.push_back(in.watermark);
            ss.inputIdle.push_back(!in.isActive());
            ss.inputAligned.push_back(in.aligned);
        }
        st.subtasks.push_back(std::move(ss));
        st.droppedRecords += op.numLateRecordsDropped();
        for (const WindowStateView& w : op.windows()) {
            WindowState ws;
            ws.subtask = s;
            ws.key = w.key;
            ws.window = w.window;
            ws.cleanupTime = w.cleanupTime.value_or(kMaxTimestamp);
            ws.fireCount = w.fireCount;
            ws.count = w.contents.size();
            for (const PaneElement& e : w.contents)
                ws.elements.push_back(e);
            if (w.contents.empty())
                ws.status = WindowStatus::Purged;
            else if (eventTime && !w.window.isGlobal() && w.window.maxTimestamp() <= op.currentWatermark())
                ws.status = WindowStatus::InAllowedLateness;
            else if (w.fireCount > 0)
                ws.status = WindowStatus::Fired;
            if (fn.type != FunctionSpec::Type::List && !w.contents.empty()) {
                double acc = 0;
                bool first = true;
                for (const PaneElement& e : w.contents) {
                    const double v = fn.field == "ts" ? static_cast<double>(e.ts) : e.value;
                    switch (fn.type) {
                    case FunctionSpec::Type::Min:
                        acc = first ? v : std::min(acc, v);
                        break;
                    case FunctionSpec::Type::Max:
                        acc = first ? v : std::max(acc, v);
                        break;
                    default:
                        acc += v;
                        break;
                    }
                    first = false;
                }
                if (fn.type == FunctionSpec::Type::Count)
                    acc = static_cast<double>(w.contents.size());
                else if (fn.type == FunctionSpec::Type::Avg)
                    acc /= static_cast<double>(w.contents.size());
                ws.aggregate = acc;
            }
            st.windows.push_back(std::move(ws));
        }
        for (const TimeDomain d : {TimeDomain::Event, TimeDomain::Processing}) {
            for (const TimerInfo& t : op.timers(d))
                st.timers.push_back({s, t.key, t.window, t.ts, d, op.cleanupTime(t.window) == t.ts});
        }
    }
    return st;
}

std::string Player::canonicalState() const
{
    return "step " + std::to_string(m_current) + " now " + std::to_string(now()) + " inputs "
        + std::to_string(m_live->inputs) + "\n" + m_live->pipeline.dump(m_scenario.keys) + m_live->queue.dump();
}

} // namespace tidemark
