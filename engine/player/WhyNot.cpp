// "Why (not)?" for one window or one record: read from the recorded trace alone, so the answer about a later
// step ("record #7 releases it at step 95") is what the run really does, not a forecast.

#include "engine/player/Narration.h"
#include "engine/player/NarrationSpeaker.h"

#include <algorithm>
#include <unordered_set>

namespace tidemark {

class Narrator::WhyNot : public Narrator::Speaker {
public:
    WhyNot(const Narrator& narrator, const Trace& trace, StepIndex now)
        : Speaker(narrator)
        , m_trace(trace)
        , m_now(std::min<StepIndex>(now, StepIndex(trace.stepCount() - 1)))
    { }

    void window(int subtask, KeyId key, const TimeWindow& w);
    void record(RecordIndex r);

private:
    enum class Condition { Watermark, ProcessingTime, Count, EndOfInput, Never };

    Condition condition() const
    {
        const WindowConfig& wc = pipeline().window;
        switch (wc.trigger.type) {
        case TriggerSpec::Type::Default:
            if (wc.assigner.type == AssignerSpec::Type::Global)
                return Condition::Never;
            return wc.assigner.isEventTime() ? Condition::Watermark : Condition::ProcessingTime;
        case TriggerSpec::Type::EventTime:
        case TriggerSpec::Type::ContinuousEventTime:
            return Condition::Watermark;
        case TriggerSpec::Type::ProcessingTime:
            return Condition::ProcessingTime;
        case TriggerSpec::Type::Count:
            return Condition::Count;
        case TriggerSpec::Type::EndOfStream:
            return Condition::EndOfInput;
        case TriggerSpec::Type::Never:
            break;
        }
        return Condition::Never;
    }

    Arg processingTime(StepIndex s) const
    {
        return text("time", TimeFormatter::processingTime(m_trace.step(s).processingTime));
    }
    // Whether record r falls into window w of its key: sessions hold [ts, ts + gap) merged, so a record belongs
    // to the session that covers its own start.
    bool belongsTo(const InputRecord& rec, const TimeWindow& w) const
    {
        const AssignerSpec& a = pipeline().window.assigner;
        if (w.isGlobal())
            return true;
        if (a.type == AssignerSpec::Type::Session)
            return rec.ts >= w.start() && javaAdd(rec.ts, a.gapMs) <= w.end();
        return rec.ts >= w.start() && rec.ts < w.end();
    }
    // The record that gave channel c its largest timestamp before step s (the first to reach it).
    RecordIndex maxRecordOfChannel(int c, StepIndex s) const
    {
        RecordIndex best = kNoRecord;
        const auto placements = m_trace.placements();
        for (RecordIndex r = 0; r < placements.size(); ++r) {
            const RecordPlacement& p = placements[r];
            if (p.channel != c || p.arrivalStep == kNoStep || p.arrivalStep > s || m_scenario.records[r].isWatermark())
                continue;
            if (best == kNoRecord || m_scenario.records[r].ts > m_scenario.records[best].ts
                || (m_scenario.records[r].ts == m_scenario.records[best].ts
                    && p.arrivalStep < placements[best].arrivalStep))
                best = r;
        }
        return best;
    }
    // The timestamp a record on a channel needs for the channel's generator to emit `target`.
    std::optional<Timestamp> timestampFor(Timestamp target) const
    {
        const WatermarkConfig& wmc = watermarks();
        switch (wmc.strategy) {
        case WatermarkConfig::Strategy::BoundedOutOfOrderness:
            return javaAdd(javaAdd(target, wmc.maxOutOfOrdernessMs), 1);
        case WatermarkConfig::Strategy::Monotonous:
            return javaAdd(target, 1);
        case WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness:
            return javaAdd(target, wmc.maxOutOfOrdernessMs);
        case WatermarkConfig::Strategy::Input:
            break;
        }
        return std::nullopt;
    }
    // The channel that went idle in step s, if any.
    int channelGoneIdle(StepIndex s) const
    {
        for (int c = 0; c < m_trace.channelCount(); ++c) {
            const auto history = m_trace.channelWatermarks(c);
            if (s > 0 && Trace::at(history, s).idle && !Trace::at(history, s - 1).idle)
                return c;
        }
        return -1;
    }

    void firstRecord(int subtask, KeyId key, const TimeWindow& w);
    void fires(std::span<const std::size_t> fires);
    void watermarkNow(int subtask, const TimeWindow& w);
    void release(int subtask, const TimeWindow& w, std::span<const std::size_t> fires);
    void neverReleased(int subtask, const TimeWindow& w);
    void releasedAt(StepIndex s, const FireEvent& fire);
    void releasedAt(StepIndex s, Timestamp reached); // what happened in step s
    // The window of record `rec` with the latest end (the one a larger allowed lateness keeps longest).
    TimeWindow latestWindowOf(const InputRecord& rec) const;

    const Trace& m_trace;
    StepIndex m_now;
};

void Narrator::WhyNot::window(int subtask, KeyId key, const TimeWindow& w)
{
    const auto fires = m_trace.firesOfWindow(subtask, key, w);
    firstRecord(subtask, key, w);
    const Condition c = condition();
    const Timestamp maxTs = w.maxTimestamp();
    switch (c) {
    case Condition::Watermark:
        add("why.condition.watermark", {subtaskArg(subtask), time("maxTs", maxTs)});
        break;
    case Condition::ProcessingTime:
        add("why.condition.processing", {subtaskArg(subtask), time("maxTs", maxTs)});
        break;
    case Condition::Count:
        add("why.condition.count", {text("n", std::to_string(pipeline().window.trigger.count))});
        break;
    case Condition::EndOfInput:
        add("why.condition.end", {});
        break;
    case Condition::Never:
        add("why.condition.never", {});
        break;
    }
    this->fires(fires);
    if (c == Condition::Watermark) {
        watermarkNow(subtask, w);
        release(subtask, w, fires);
    }
}

void Narrator::WhyNot::firstRecord(int subtask, KeyId key, const TimeWindow& w)
{
    const WindowConfig& wc = pipeline().window;
    const auto placements = m_trace.placements();
    // late records went into no window: looked up once, not once per record
    std::unordered_set<RecordIndex> late;
    for (const LateRecord& l : m_trace.lates())
        late.insert(l.record);
    RecordIndex first = kNoRecord;
    for (RecordIndex r = 0; r < m_scenario.records.size() && r < placements.size(); ++r) {
        const InputRecord& rec = m_scenario.records[r];
        const RecordPlacement& p = placements[r];
        if (rec.isWatermark() || p.arrivalStep == kNoStep || p.subtask != subtask || wc.operatorKey(rec.key) != key
            || !belongsTo(rec, w) || late.count(r) > 0)
            continue;
        if (first == kNoRecord || p.arrivalStep < placements[first].arrivalStep)
            first = r;
    }
    if (first == kNoRecord) {
        add("why.first.none", {windowArg(subtask, key, w), subjectArg(key)});
        return;
    }
    const StepIndex at = placements[first].arrivalStep;
    const InputRecord& rec = m_scenario.records[first];
    add(at <= m_now ? "why.first" : "why.first.later",
        {windowArg(subtask, key, w), subjectArg(key), stepArg(at), recordArg(first), time("ts", rec.ts),
            processingTime(at)});
}

void Narrator::WhyNot::fires(std::span<const std::size_t> fires)
{
    std::size_t done = 0;
    for (std::size_t i : fires)
        done += m_trace.fires()[i].step <= m_now ? 1 : 0;
    if (done == 0)
        return;
    const FireRecord& first = m_trace.fires()[fires.front()];
    const FireRecord& last = m_trace.fires()[fires[done - 1]];
    add("why.fired",
        {stepArg(first.step), text("count", records(first.fire.count)), time("watermark", first.fire.watermark)});
    if (done > 1)
        add("why.fired.again",
            {text("n", std::to_string(done)), stepArg(last.step), text("count", records(last.fire.count))});
}

void Narrator::WhyNot::watermarkNow(int subtask, const TimeWindow& w)
{
    const WatermarkPoint& now = Trace::at(m_trace.subtaskWatermarks(subtask), m_now);
    const Timestamp maxTs = w.maxTimestamp();
    if (now.watermark >= maxTs) {
        add("why.now.reached",
            {stepArg(m_now), subtaskArg(subtask), time("watermark", now.watermark), time("maxTs", maxTs)});
        return;
    }
    add("why.now.below", {stepArg(m_now), subtaskArg(subtask), time("watermark", now.watermark), time("maxTs", maxTs)});
    if (now.minChannel < 0 || now.minChannel >= m_trace.channelCount())
        return;
    const int c = now.minChannel;
    const WatermarkPoint& channel = Trace::at(m_trace.channelWatermarks(c), m_now);
    const RecordIndex top = maxRecordOfChannel(c, m_now);
    if (top == kNoRecord)
        add("why.now.heldBy.empty", {channelArg(c), time("channelWatermark", channel.watermark)});
    else
        add("why.now.heldBy",
            {channelArg(c), time("channelWatermark", channel.watermark), recordArg(top),
                time("max", m_scenario.records[top].ts)});
}

void Narrator::WhyNot::release(int subtask, const TimeWindow& w, std::span<const std::size_t> fires)
{
    const WatermarkPoint& now = Trace::at(m_trace.subtaskWatermarks(subtask), m_now);
    if (now.watermark >= w.maxTimestamp())
        return; // the condition holds already: what fired, fired (above)
    for (std::size_t i : fires) {
        const FireRecord& f = m_trace.fires()[i];
        if (f.step > m_now && f.fire.timing == FireTiming::OnTime) {
            releasedAt(f.step, f.fire);
            return;
        }
    }
    neverReleased(subtask, w);
}

void Narrator::WhyNot::releasedAt(StepIndex s, const FireEvent& fire)
{
    releasedAt(s, fire.watermark);
    // a channel idle by then is left out of the minimum: say so, it is half of why the window can fire
    for (int c = 0; c < m_trace.channelCount(); ++c) {
        const auto history = m_trace.channelWatermarks(c);
        if (!Trace::at(history, s).idle || Trace::at(history, m_now).idle)
            continue;
        // the history's points change at their steps: walk back over the idle ones to where idleness began
        auto point = std::upper_bound(history.begin(), history.end(), s, [](StepIndex step, const WatermarkPoint& p) {
            return step < p.step;
        }) - 1;
        while (point != history.begin() && (point - 1)->idle)
            --point;
        const StepIndex since = point->step;
        if (since < s)
            add("why.release.whileIdle", {channelArg(c), stepArg(since)});
    }
}

void Narrator::WhyNot::releasedAt(StepIndex s, Timestamp reached)
{
    const StepEntry& e = m_trace.step(s);
    const Arg watermark = time("watermark", reached);
    if (e.kind == StepKind::EndOfInput) {
        add("why.release.end", {stepArg(s), processingTime(s)});
        return;
    }
    if (const int idle = channelGoneIdle(s); idle >= 0) {
        add("why.release.idle",
            {stepArg(s), processingTime(s), channelArg(idle),
                text("idleness", TimeFormatter::duration(watermarks().idlenessMs)), watermark});
        return;
    }
    if (e.kind == StepKind::EventArrival || e.kind == StepKind::WatermarkArrival) {
        const RecordIndex r = e.record();
        const InputRecord& rec = m_scenario.records[r];
        add(rec.isWatermark() ? "why.release.watermarkRecord" : "why.release.record",
            {recordArg(r), time("ts", rec.ts), channelArg(e.channel), stepArg(s), processingTime(s), watermark});
        return;
    }
    if (e.kind == StepKind::PeriodicEmit) {
        const int c = int(e.subject);
        const RecordIndex r = maxRecordOfChannel(c, s);
        if (r != kNoRecord) {
            add("why.release.periodic",
                {recordArg(r), time("ts", m_scenario.records[r].ts), channelArg(c), stepArg(s), processingTime(s),
                    watermark});
            return;
        }
    }
    add("why.release.step", {stepArg(s), processingTime(s), watermark});
}

void Narrator::WhyNot::neverReleased(int subtask, const TimeWindow& w)
{
    const StepIndex last = StepIndex(m_trace.stepCount() - 1);
    const WatermarkPoint& end = Trace::at(m_trace.subtaskWatermarks(subtask), last);
    add("why.release.never", {time("watermark", end.watermark), time("maxTs", w.maxTimestamp()), stepArg(last)});
    if (end.minChannel >= 0 && end.minChannel < m_trace.channelCount()) {
        const int c = end.minChannel;
        const Timestamp held = Trace::at(m_trace.channelWatermarks(c), last).watermark;
        if (const auto needed = timestampFor(w.maxTimestamp()))
            add("why.release.never.needs", {channelArg(c), time("channelWatermark", held), time("needed", *needed)});
        else
            add("why.release.never.needsWatermark",
                {channelArg(c), time("channelWatermark", held), time("maxTs", w.maxTimestamp())});
    }
    if (watermarks().idlenessMs == 0 && m_trace.channelCount() > 1)
        add("why.release.never.idleness", {});
    if (pipeline().endOfInput == EndOfInput::None)
        add("why.release.never.unbounded", {});
}

TimeWindow Narrator::WhyNot::latestWindowOf(const InputRecord& rec) const
{
    const AssignerSpec& a = pipeline().window.assigner;
    switch (a.type) {
    case AssignerSpec::Type::Tumbling: {
        const Timestamp start = TimeWindow::startWithOffset(rec.ts, a.offsetMs, a.sizeMs);
        return TimeWindow(start, javaAdd(start, a.sizeMs));
    }
    case AssignerSpec::Type::Sliding: {
        const Timestamp start = TimeWindow::startWithOffset(rec.ts, a.offsetMs, a.slideMs);
        return TimeWindow(start, javaAdd(start, a.sizeMs));
    }
    case AssignerSpec::Type::Session:
        return TimeWindow(rec.ts, javaAdd(rec.ts, a.gapMs));
    case AssignerSpec::Type::Cumulate: {
        // The largest window, the last of the record's windows to fire.
        const Timestamp start = TimeWindow::startWithOffset(rec.ts, a.offsetMs, a.sizeMs);
        return TimeWindow(start, javaAdd(start, a.sizeMs));
    }
    case AssignerSpec::Type::Global:
        break;
    }
    return TimeWindow::global();
}

void Narrator::WhyNot::record(RecordIndex r)
{
    if (r >= m_scenario.records.size() || r >= m_trace.placements().size())
        return;
    const InputRecord& rec = m_scenario.records[r];
    const RecordPlacement& p = m_trace.placements()[r];
    if (rec.isWatermark()) {
        add("why.record.watermark", {recordArg(r), time("ts", rec.ts)});
        return;
    }
    if (p.arrivalStep == kNoStep) {
        add("why.record.never", {recordArg(r), time("ts", rec.ts)});
        return;
    }
    const bool arrived = p.arrivalStep <= m_now;
    const auto late = std::find_if(
        m_trace.lates().begin(), m_trace.lates().end(), [r](const LateRecord& l) { return l.record == r; });
    if (late != m_trace.lates().end()) {
        const LateEvent& e = late->late;
        const bool dropped = e.action == LateAction::Dropped;
        const TimeWindow w = latestWindowOf(rec);
        const KeyId key = pipeline().window.operatorKey(rec.key);
        add(dropped ? (arrived ? "why.record.dropped" : "why.record.dropped.later")
                    : (arrived ? "why.record.side" : "why.record.side.later"),
            {recordArg(r), time("ts", rec.ts), stepArg(late->step), channelArg(p.channel),
                time("watermark", e.watermark), windowArg(p.subtask, key, w),
                text("lateness", TimeFormatter::duration(pipeline().window.allowedLatenessMs))});
        // isWindowLate: cleanup time = maxTimestamp + allowed lateness ≤ watermark. One millisecond more than
        // the gap keeps the window, and the record re-fires it.
        const DurationMs needed = javaAdd(javaSub(e.watermark, w.maxTimestamp()), 1);
        if (!w.isGlobal() && needed > 0)
            add("why.record.lateness",
                {text("needed", TimeFormatter::duration(needed)), windowArg(p.subtask, key, w),
                    time("cleanup", javaAdd(w.maxTimestamp(), needed)), time("watermark", e.watermark)});
        return;
    }
    for (const FireRecord& f : m_trace.firesInSteps(p.arrivalStep, p.arrivalStep)) {
        if (f.fire.timing == FireTiming::Late) {
            add(arrived ? "why.record.lateAccepted" : "why.record.lateAccepted.later",
                {recordArg(r), time("ts", rec.ts), stepArg(p.arrivalStep), channelArg(p.channel),
                    windowArg(f.fire.subtask, f.fire.key, f.fire.window), time("watermark", f.fire.watermark)});
            return;
        }
    }
    add(arrived ? "why.record.onTime" : "why.record.later",
        {recordArg(r), time("ts", rec.ts), stepArg(p.arrivalStep), channelArg(p.channel), subtaskArg(p.subtask)});
}

Narration Narrator::whyWindow(const Trace& trace, int subtask, KeyId key, const TimeWindow& window, StepIndex now) const
{
    WhyNot why(*this, trace, now);
    if (trace.stepCount() > 0)
        why.window(subtask, key, window);
    return why.take();
}

Narration Narrator::whyRecord(const Trace& trace, RecordIndex record, StepIndex now) const
{
    WhyNot why(*this, trace, now);
    if (trace.stepCount() > 0)
        why.record(record);
    return why.take();
}

} // namespace tidemark
