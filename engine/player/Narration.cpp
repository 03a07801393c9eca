#include "engine/player/Narration.h"

#include "engine/player/NarrationSpeaker.h"

#include "engine/core/NumberText.h"
#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/runtime/KafkaSplitEnds.h"
#include "engine/runtime/KeyGroupRangeAssignment.h"

#include <algorithm>
#include <cmath>

namespace tidemark {

namespace {

// The English table. Ids are stable; a translation replaces texts by id (Narrator::setTemplates).
constexpr NarrationTemplate kTemplates[] = {
    {"start", "Nothing has happened yet: every watermark is {watermark} (Long.MIN_VALUE)."},
    {"arrival.event", "Record {record} ({key}, {ts}) arrives on channel {channel}."},
    {"arrival.event.all", "Record {record} ({ts}) arrives on channel {channel}."},
    {"arrival.watermark", "Watermark record {record} ({watermark}) arrives on channel {channel}."},
    {"arrival.watermark.all", "Watermark record {record} ({watermark}) arrives on every channel."},
    {"route.subtask", "Key {key} is in key group {keyGroup} of {maxParallelism}, so subtask {subtask} processes it."},
    {"element.added", "It goes into window {window}, which now holds {count}."},
    {"element.added.late",
        "It goes into window {window} although the watermark {watermark} has passed the window's end − 1 ms: "
        "it is within the allowed lateness of {lateness} (cleanup at {cleanup}), so the window fires again."},
    {"element.nowindow", "It belongs to no window."},
    {"late.dropped",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — "
        "dropped."},
    {"late.side",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — "
        "sent to the late side output."},
    {"channel.watermark.generator", "Channel {channel}'s watermark becomes {watermark} (max {max} − {lag})."},
    {"channel.watermark.record", "Channel {channel}'s watermark becomes {watermark}."},
    {"channel.watermark.ignored",
        "Channel {channel} does not forward it: its watermark is already {watermark}, and watermarks never go "
        "back."},
    {"channel.watermark.same", "Channel {channel}'s watermark stays at {watermark}."},
    {"channel.generator.waits",
        "Channel {channel}'s generator now stands at {pending} (max {max} − {lag}); it is emitted at the next "
        "periodic emission, at {next}."},
    {"channel.idle",
        "Channel {channel} is marked idle and left out of the minimum: the periodic check at {since} was the "
        "first to see no new record, and this check at {now} is more than {idleness} after it."},
    {"channel.active", "Channel {channel} is active again."},
    {"periodic", "Periodic watermark emission on channel {channel} (every {period})."},
    // A Kafka source with per-partition watermarks: the readers are the channels.
    {"reader.partitions",
        "Reader {channel} reads partitions {partitions} of topic {topic}, each with its own generator."},
    {"reader.nopartition",
        "Reader {channel} reads no partition of topic {topic}: there are more readers than partitions. It forwards "
        "nothing, and holds the operator watermark at Long.MIN_VALUE unless withIdleness marks it idle."},
    {"reader.nopartition.bounded",
        "Reader {channel} reads no partition of topic {topic}: there are more readers than partitions, and a bounded "
        "source's reader without a split finishes at once, forwarding +∞ (Long.MAX_VALUE)."},
    {"arrival.partition",
        "Record {record} ({key}, {ts}) arrives from partition {partition}, which reader {channel} reads."},
    {"arrival.partition.all",
        "Record {record} ({ts}) arrives from partition {partition}, which reader {channel} reads."},
    {"periodic.reader",
        "Periodic watermark emission in reader {channel} (every {period}): each of its partitions' generators emits, "
        "then the reader combines them."},
    {"partition.watermark", "Partition {partition}'s watermark in reader {channel} becomes {watermark}."},
    {"partition.idle",
        "Partition {partition} has been idle for {idleness} (no record since the check at {since}), so reader "
        "{channel} ignores it."},
    {"partition.active", "Partition {partition} is active again, and reader {channel} waits for it once more."},
    {"reader.watermark",
        "Reader {channel}'s watermark becomes {watermark}: the minimum over its active partitions, which partition "
        "{partition} holds."},
    {"reader.watermark.allIdle",
        "Reader {channel}'s watermark becomes {watermark}: every partition it reads is idle, and Flink 2 takes the "
        "largest of their watermarks."},
    {"reader.watermark.end", "Reader {channel} forwards the final watermark +∞ (Long.MAX_VALUE)."},
    // A bounded KafkaSource: its readers finish their splits one by one (KafkaSplitEnds).
    {"reader.allempty.bounded",
        "Reader {channel} reads partitions {partitions} of topic {topic}, which hold no record: a bounded source finds "
        "its splits empty, and the reader finishes at once, forwarding +∞ (Long.MAX_VALUE)."},
    {"partition.finished",
        "Partition {partition} has been read to its end, so reader {channel} finishes its split and releases its "
        "output: the partition holds the reader back no more."},
    {"partition.finished.plain",
        "Partition {partition} has been read to its end: reader {channel} finishes its split."},
    {"partition.finished.empty",
        "Partition {partition} holds no record: reader {channel} found its split empty and finishes it with its first "
        "fetch."},
    {"reader.finished",
        "Reader {channel} has finished every partition it reads: its input has ended, and it forwards the final "
        "watermark +∞ (Long.MAX_VALUE)."},
    {"reader.finished.idle",
        "Reader {channel} has finished every partition it reads, but it is idle: its task drops the final watermark "
        "(FLINK-40499)."},
    {"reader.finished.plain", "Reader {channel} has finished every partition it reads: its input has ended."},
    {"periodic.reader.ended",
        "Reader {channel} has finished: SourceOperator#finish stopped its periodic emission, so its timer does "
        "nothing."},
    {"end.of.input.finished",
        "End of input: every reader has finished its partitions already, so nothing is left to end."},
    {"reader.idle", "Reader {channel} is marked idle and left out of the minimum: every partition it reads is idle."},
    {"reader.active", "Reader {channel} is active again."},
    {"end.of.input.readers",
        "End of input: every source reader forwards the final watermark +∞ (Long.MAX_VALUE), except one that is idle, "
        "whose task drops it (FLINK-40499)."},
    {"operator.advance.single", "The operator watermark advances from {before} to {after}."},
    {"operator.advance",
        "The operator watermark advances from {before} to {after}: it is the minimum of the channels, and channel "
        "{channel} holds it."},
    {"operator.advance.idle",
        "Every channel is now idle: the valve flushes the largest channel watermark, so the operator watermark "
        "advances from {before} to {after}, and the operator's input is marked idle."},
    {"operator.idle",
        "Every channel is now idle: the operator watermark stays at {watermark} (no channel watermark above it to "
        "flush), and the operator's input is marked idle."},
    {"operator.stays",
        "The operator watermark stays at {watermark}: it is the minimum of the channels, and channel {channel} "
        "holds it back."},
    {"operator.advance.readers",
        "The operator watermark advances from {before} to {after}: it is the minimum of the source readers, and "
        "reader {channel} holds it."},
    {"operator.stays.readers",
        "The operator watermark stays at {watermark}: it is the minimum of the source readers, and reader {channel} "
        "holds it back."},
    {"fire.ontime", "Window {window} fires {subject} with {count}: watermark {watermark} ≥ window end − 1 ms."},
    {"fire.endofinput",
        "Window {window} fires {subject} with {count}: the end-of-input watermark passes every window."},
    {"fire.late",
        "Window {window} fires again {subject} with {count}: the late record came within the allowed lateness "
        "(watermark {watermark} < cleanup time {cleanup})."},
    {"fire.count", "Window {window} fires {subject} with {count}: the count trigger reached {n}."},
    {"fire.processing", "Window {window} fires {subject} with {count}: processing time {now} ≥ window end − 1 ms."},
    {"fire.continuous",
        "Window {window} fires early {subject} with {count}: the continuous trigger's interval of {interval} "
        "has passed (watermark {watermark})."},
    {"fire.result", "Result: {result}."},
    {"cleanup",
        "Window {window} {subject} is removed: the watermark {watermark} reached its cleanup time {cleanup} "
        "(end − 1 ms + allowed lateness {lateness})."},
    {"cleanup.processing",
        "Window {window} {subject} is removed: processing time reached its cleanup time {cleanup} (the window "
        "end − 1 ms)."},
    {"cleanup.discarded", "Records discarded without being emitted (none of its firings included them): {count}."},
    {"cleanup.immediate", "Window {window} {subject} is removed right after firing: the allowed lateness is 0 ms."},
    {"timer.processing", "Subtask {subtask}'s processing time reaches {now}, where a timer is due."},
    {"end.of.input",
        "End of input: every channel emits once more, then the final watermark +∞ (Long.MAX_VALUE), which "
        "fires every remaining window."},
    {"nothing", "Nothing else changes."},
    {"periodic.quiet.run",
        "Periodic emissions that change nothing: {position} of {count} in a row, steps {first} to {last}."},
    // "Why (not)?" for one window or one record (WhyNot.cpp).
    {"why.first", "Window {window} {subject} got its first record at step {step}: record {record} ({ts}), at {time}."},
    {"why.first.later",
        "Window {window} {subject} has no record yet: its first, record {record} ({ts}), arrives at "
        "step {step}, at {time}."},
    {"why.first.none", "No record of the input falls into window {window} {subject}."},
    {"why.condition.watermark",
        "It fires when the operator watermark of subtask {subtask} reaches the window's end − 1 ms: watermark ≥ "
        "{maxTs}."},
    {"why.condition.processing",
        "It fires when subtask {subtask}'s processing time reaches the window's end − 1 ms, "
        "{maxTs}."},
    {"why.condition.count", "Its count trigger fires on every {n}th element, not on the watermark."},
    {"why.condition.end", "Its trigger fires only at the end of input."},
    {"why.condition.never", "Its trigger never fires it."},
    {"why.fired", "It fired at step {step} with {count}, at watermark {watermark}."},
    {"why.fired.again", "By now it has fired {n} times, the last at step {step} with {count}."},
    {"why.now.reached",
        "At step {step} the operator watermark of subtask {subtask} is {watermark}: it has reached {maxTs}."},
    {"why.now.below", "At step {step} the operator watermark of subtask {subtask} is {watermark}, below {maxTs}."},
    {"why.now.heldBy",
        "Channel {channel} holds it back at {channelWatermark}: its largest timestamp so far is {max}, from record "
        "{record}."},
    {"why.now.heldBy.empty", "Channel {channel} holds it back at {channelWatermark}: no record has reached it yet."},
    {"why.release.record",
        "Record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator watermark "
        "reaches {watermark} and the window fires."},
    {"why.release.watermarkRecord",
        "Watermark record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator "
        "watermark reaches {watermark} and the window fires."},
    {"why.release.periodic",
        "Record {record} ({ts}) on channel {channel} releases it: the periodic emission at step {step} ({time}) "
        "forwards channel {channel}'s watermark, the operator watermark reaches {watermark}, and the window fires."},
    {"why.release.idle",
        "Idleness releases it: at step {step} ({time}) channel {channel} is marked idle after {idleness} without "
        "records, the operator leaves it out, its watermark reaches {watermark}, and the window fires."},
    {"why.release.end",
        "Only the end of input releases it: at step {step} ({time}) every channel forwards +∞ and the window "
        "fires."},
    {"why.release.whileIdle", "Channel {channel} is idle by then (since step {step}), so the operator leaves it out."},
    {"why.release.step", "At step {step} ({time}) the operator watermark reaches {watermark} and the window fires."},
    {"why.release.never",
        "Nothing in the input ever releases it: at the end of the run (step {step}) the operator watermark is still "
        "{watermark}, below {maxTs}."},
    {"why.release.never.needs",
        "Channel {channel} holds it at {channelWatermark}; a record on it with a timestamp of at least {needed} "
        "would fire the window."},
    {"why.release.never.needsWatermark",
        "Channel {channel} holds it at {channelWatermark}; a watermark record of at least {maxTs} on it would fire "
        "the window."},
    {"why.release.never.idleness",
        "No idleness is set (withIdleness), so a channel that stays silent holds the watermark back for ever; with "
        "it, the other channels would carry the watermark on."},
    {"why.release.never.unbounded", "The input never ends (end of input: none), so no final watermark comes either."},
    {"why.record.watermark", "Watermark record {record} ({ts}) carries a watermark, not an element."},
    {"why.record.never", "Record {record} ({ts}) does not arrive in this run."},
    {"why.record.onTime",
        "Record {record} ({ts}) arrived on channel {channel} at step {step} and went to subtask {subtask} on time."},
    {"why.record.later", "Record {record} ({ts}) arrives on channel {channel} at step {step}, for subtask {subtask}."},
    {"why.record.lateAccepted",
        "Record {record} ({ts}) came late on channel {channel} at step {step} (watermark {watermark}), but within the "
        "allowed lateness: window {window} fired again with it."},
    {"why.record.lateAccepted.later",
        "Record {record} ({ts}) comes late on channel {channel} at step {step} (watermark {watermark}), but within "
        "the allowed lateness: window {window} fires again with it."},
    {"why.record.dropped",
        "Record {record} ({ts}) was dropped at step {step}: the watermark {watermark} had reached the cleanup time of "
        "its window {window} (end − 1 ms + allowed lateness {lateness})."},
    {"why.record.dropped.later",
        "Record {record} ({ts}) will be dropped at step {step}: the watermark {watermark} will have reached the "
        "cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness})."},
    {"why.record.side",
        "Record {record} ({ts}) went to the late side output at step {step}: the watermark {watermark} had reached "
        "the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness})."},
    {"why.record.side.later",
        "Record {record} ({ts}) will go to the late side output at step {step}: the watermark {watermark} will have "
        "reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness})."},
    {"why.record.lateness",
        "An allowed lateness of {needed} would have kept it: window {window} would then be cleaned up at {cleanup}, "
        "after the watermark {watermark}, and the record would have re-fired it."},
    // Phrases that fill the placeholders above; translated like the sentences, so that no English is left.
    {"phrase.subject.key", "for key {key}"},
    {"phrase.subject.all", "(windowAll)"},
    {"phrase.records.one", "{n} record"},
    {"phrase.records.many", "{n} records"},
    {"phrase.window.global", "global"},
    {"phrase.result.none", "none"},
};

// Negative numbers carry the true minus sign "−" (U+2212), as in the formulas.
std::string minusSign(std::string t)
{
    if (!t.empty() && t.front() == '-')
        t.replace(0, 1, "\u2212");
    return t;
}

// The numbers of the outputs (formatNumber), with a typographic minus for prose.
std::string number(double v)
{
    return minusSign(formatNumber(v));
}

} // namespace

std::span<const NarrationTemplate> narrationTemplates()
{
    return kTemplates;
}

std::string Narration::text() const
{
    std::string t;
    for (const NarrationSentence& s : sentences) {
        if (!t.empty())
            t += ' ';
        t += s.text;
    }
    return t;
}

Narrator::Narrator(const Scenario& scenario)
    : Narrator(scenario, scenarioTimes(scenario))
{ }

Narrator::Narrator(const Scenario& scenario, TimeFormatter format)
    : m_scenario(scenario)
    , m_format(std::move(format))
{ }

void Narrator::setTemplates(const std::map<std::string, std::string>& byId)
{
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    for (const auto& entry : byId) {
        const std::string& id = entry.first;
        const bool known = std::any_of(
            std::begin(kTemplates), std::end(kTemplates), [&](const NarrationTemplate& t) { return t.id == id; });
        if (known)
            m_overrides[id] = entry.second;
    }
}

std::string_view Narrator::templateText(std::string_view id) const
{
    if (const auto it = m_overrides.find(id); it != m_overrides.end())
        return it->second;
    for (const NarrationTemplate& t : kTemplates) {
        if (t.id == id)
            return t.text;
    }
    return {};
}

NarrationSentence Narrator::render(std::string_view id, std::vector<Arg> args) const
{
    NarrationSentence s;
    s.templateId = std::string(id);
    const std::string_view text = templateText(id);
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == '{') {
            const std::size_t close = text.find('}', i);
            if (close != std::string_view::npos) {
                const std::string_view name = text.substr(i + 1, close - i - 1);
                const auto arg = std::find_if(args.begin(), args.end(), [&](const Arg& a) { return a.name == name; });
                if (arg != args.end()) {
                    if (arg->hasRef) {
                        NarrationRef ref = arg->ref;
                        ref.begin = s.text.size();
                        ref.length = arg->value.size();
                        s.refs.push_back(ref);
                    }
                    s.text += arg->value;
                    i = close + 1;
                    continue;
                }
            }
        }
        s.text += text[i++];
    }
    for (Arg& a : args)
        s.args.emplace(std::move(a.name), std::move(a.value));
    return s;
}

// One step's narration as it is written: the step, the placeholders' builders, and a function per section.
class Narrator::StepNarration : public Narrator::Speaker {
public:
    StepNarration(const Narrator& narrator, const StepDetail& detail)
        : Speaker(narrator)
        , m_detail(detail)
        , m_record(detail.record != kNoRecord && detail.record < m_scenario.records.size()
                  ? &m_scenario.records[detail.record]
                  : nullptr)
    { }

    void start(const Trace& trace);
    void whatHappened();
    void lateRecords();
    void channelChanges();
    // A Kafka source with per-partition watermarks: the partitions' and the readers' changes.
    void readerChanges();
    // A bounded KafkaSource with watermarks after the source: the splits its readers finish.
    void splitsFinished();
    void operatorWatermark();
    void fires();
    void cleanups();
    // "Nothing else changes." after a step that, besides saying what happened, had nothing to tell.
    void nothingElse();
    // A quiet periodic emission: where it stands in its run, which the trace keeps as one.
    void quietRun(const Trace& trace);
    bool perPartition() const
    {
        const auto& kafka = pipeline().kafka;
        return kafka && kafka->perPartition();
    }

private:
    const StepDetail& m_detail;
    const InputRecord* m_record; // the arriving record, if any
};

Narration Narrator::narrate(const StepDetail& d, const Trace& trace) const
{
    StepNarration step(*this, d);
    if (d.entry.kind == StepKind::Start) {
        step.start(trace);
        return step.take();
    }
    step.whatHappened();
    step.lateRecords();
    if (step.perPartition()) {
        step.readerChanges();
    } else {
        step.splitsFinished();
        step.channelChanges();
    }
    step.operatorWatermark();
    step.fires();
    step.cleanups();
    step.nothingElse();
    step.quietRun(trace);
    return step.take();
}

// The arrival, emission, timer or end of input, and where an arriving element went.
void Narrator::StepNarration::whatHappened()
{
    const StepDetail& d = m_detail;
    const StepEntry& e = d.entry;
    const PipelineConfig& pc = pipeline();
    const WatermarkConfig& wmc = watermarks();
    const bool keyed = pc.window.keyBy.has_value();
    const InputRecord* rec = m_record;
    switch (e.kind) {
    case StepKind::EventArrival:
        if (rec && rec->partition != InputRecord::kNoPartition) {
            const Arg partition = text("partition", std::to_string(rec->partition));
            if (keyed)
                add("arrival.partition",
                    {recordArg(d.record), keyArg(rec->key), time("ts", rec->ts), partition, channelArg(e.channel)});
            else
                add("arrival.partition.all",
                    {recordArg(d.record), time("ts", rec->ts), partition, channelArg(e.channel)});
        } else if (rec && keyed) {
            add("arrival.event", {recordArg(d.record), keyArg(rec->key), time("ts", rec->ts), channelArg(e.channel)});
        } else if (rec) {
            add("arrival.event.all", {recordArg(d.record), time("ts", rec->ts), channelArg(e.channel)});
        }
        if (rec && keyed && pc.window.parallelism > 1 && rec->key != kNoKey) {
            const int maxP = KeyGroupRangeAssignment::computeDefaultMaxParallelism(pc.window.parallelism);
            const int group
                = KeyGroupRangeAssignment::computeKeyGroupForKeyHash(m_scenario.keys.javaHash(rec->key), maxP);
            add("route.subtask",
                {keyArg(rec->key), text("keyGroup", std::to_string(group)),
                    text("maxParallelism", std::to_string(maxP)), subtaskArg(d.subtask)});
        }
        for (const ElementPlacement& p : d.placements) {
            if (p.late) {
                add("element.added.late",
                    {windowArg(p.window.subtask, p.window.key, p.window.window),
                        time("watermark",
                            d.subtasks.empty()
                                ? kMinTimestamp
                                : d.subtasks[static_cast<std::size_t>(p.window.subtask)].watermarkBefore),
                        text("lateness", TimeFormatter::duration(pc.window.allowedLatenessMs)),
                        time("cleanup", cleanupOf(p.window.window))});
            } else {
                add("element.added",
                    {windowArg(p.window.subtask, p.window.key, p.window.window), text("count", records(p.paneSize))});
            }
        }
        if (d.placements.empty() && d.lates.empty() && d.fires.empty())
            add("element.nowindow", {});
        break;
    case StepKind::WatermarkArrival:
        if (rec && e.channel >= 0)
            add("arrival.watermark", {recordArg(d.record), time("watermark", rec->ts), channelArg(e.channel)});
        else if (rec)
            add("arrival.watermark.all", {recordArg(d.record), time("watermark", rec->ts)});
        break;
    case StepKind::PeriodicEmit: {
        const auto ended = std::find_if(d.channels.begin(), d.channels.end(),
            [&](const ChannelChange& c) { return c.channel == static_cast<int>(e.subject) && c.endedBefore; });
        if (perPartition() && ended != d.channels.end())
            add("periodic.reader.ended", {channelArg(static_cast<int>(e.subject))});
        else
            add(perPartition() ? "periodic.reader" : "periodic",
                {channelArg(static_cast<int>(e.subject)), text("period", TimeFormatter::duration(wmc.periodMs))});
        break;
    }
    case StepKind::ProcessingTimer:
        add("timer.processing",
            {subtaskArg(static_cast<int>(e.subject)), text("now", TimeFormatter::processingTime(e.processingTime))});
        break;
    case StepKind::EndOfInput:
        if (KafkaSplitEnds::applies(pipeline()))
            add("end.of.input.finished", {});
        else
            add(perPartition() ? "end.of.input.readers" : "end.of.input", {});
        break;
    case StepKind::Start:
        break;
    }
}

void Narrator::StepNarration::lateRecords()
{
    const StepDetail& d = m_detail;
    const PipelineConfig& pc = pipeline();
    for (const LateEvent& l : d.lates) {
        TimeWindow w;
        const AssignerSpec& as = pc.window.assigner;
        switch (as.type) {
        case AssignerSpec::Type::Tumbling: {
            const Timestamp start = TimeWindow::startWithOffset(l.ts, as.offsetMs, as.sizeMs);
            w = TimeWindow(start, javaAdd(start, as.sizeMs));
            break;
        }
        case AssignerSpec::Type::Sliding: {
            const Timestamp start = TimeWindow::startWithOffset(l.ts, as.offsetMs, as.slideMs);
            w = TimeWindow(start, javaAdd(start, as.sizeMs));
            break;
        }
        case AssignerSpec::Type::Session:
            w = TimeWindow(l.ts, javaAdd(l.ts, as.gapMs));
            break;
        case AssignerSpec::Type::Cumulate: {
            // A record is late when its largest window is, the last of its windows to fire.
            const Timestamp start = TimeWindow::startWithOffset(l.ts, as.offsetMs, as.sizeMs);
            w = TimeWindow(start, javaAdd(start, as.sizeMs));
            break;
        }
        case AssignerSpec::Type::Global:
            w = TimeWindow::global();
            break;
        }
        add(l.action == LateAction::Dropped ? "late.dropped" : "late.side",
            {time("ts", l.ts), windowArg(l.subtask, l.key, w), time("cleanup", cleanupOf(w)),
                time("watermark", l.watermark)});
    }
}

void Narrator::StepNarration::start(const Trace& trace)
{
    add("start", {time("watermark", kMinTimestamp)});
    if (!perPartition())
        return;
    const KafkaSourceSpec& kafka = *pipeline().kafka;
    const int readers = std::max(1, watermarks().parallelism);
    const bool bounded = KafkaSplitEnds::applies(pipeline());
    for (int c = 0; c < readers; ++c) {
        std::string partitions;
        bool finishedAtStart = true; // a bounded topic's reader with nothing to read finished its splits at once
        for (int q = 0; q < kafka.partitions; ++q) {
            if (KafkaSourceEnumerator::splitOwner(kafka.topic, q, readers) == c) {
                partitions += (partitions.empty() ? "" : ", ") + std::to_string(q);
                finishedAtStart = finishedAtStart && q < trace.partitionCount() && trace.partitionFinishedAt(q) == 0;
            }
        }
        if (!partitions.empty() && bounded && finishedAtStart)
            add("reader.allempty.bounded", {channelArg(c), text("partitions", partitions), text("topic", kafka.topic)});
        else if (!partitions.empty())
            add("reader.partitions", {channelArg(c), text("partitions", partitions), text("topic", kafka.topic)});
        else if (bounded)
            add("reader.nopartition.bounded", {channelArg(c), text("topic", kafka.topic)});
        else
            add("reader.nopartition", {channelArg(c), text("topic", kafka.topic)});
    }
}

// Inside the readers: what each partition's split output did, then what each reader forwarded.
void Narrator::StepNarration::readerChanges()
{
    const StepDetail& d = m_detail;
    const WatermarkConfig& wmc = watermarks();
    for (const PartitionChange& p : d.partitions) {
        const Arg partition = text("partition", std::to_string(p.partition));
        if (p.idleAfter && !p.idleBefore) {
            add("partition.idle",
                {partition, text("idleness", TimeFormatter::duration(wmc.idlenessMs)),
                    text("since", TimeFormatter::processingTime(p.inactiveSince)), channelArg(p.reader)});
            continue;
        }
        if (!p.idleAfter && p.idleBefore)
            add("partition.active", {partition, channelArg(p.reader)});
        if (p.watermarkAfter != p.watermarkBefore)
            add("partition.watermark", {partition, channelArg(p.reader), time("watermark", p.watermarkAfter)});
        if (p.finished)
            add(p.empty ? "partition.finished.empty" : "partition.finished", {partition, channelArg(p.reader)});
    }
    for (const ChannelChange& c : d.channels) {
        if (c.endedAfter && !c.endedBefore && d.entry.kind == StepKind::EventArrival) {
            add(c.watermarkAfter == kMaxTimestamp ? "reader.finished" : "reader.finished.idle",
                {channelArg(c.channel)});
            continue;
        }
        if (c.idleAfter && !c.idleBefore) {
            add("reader.idle", {channelArg(c.channel)});
            continue;
        }
        if (!c.idleAfter && c.idleBefore)
            add("reader.active", {channelArg(c.channel)});
        if (c.watermarkAfter == c.watermarkBefore)
            continue;
        if (c.watermarkAfter == kMaxTimestamp)
            add("reader.watermark.end", {channelArg(c.channel)});
        else if (c.holdingPartition < 0)
            add("reader.watermark.allIdle", {channelArg(c.channel), time("watermark", c.watermarkAfter)});
        else
            add("reader.watermark",
                {channelArg(c.channel), time("watermark", c.watermarkAfter),
                    text("partition", std::to_string(c.holdingPartition))});
    }
}

void Narrator::StepNarration::splitsFinished()
{
    const StepDetail& d = m_detail;
    for (const PartitionChange& p : d.partitions) {
        if (p.finished)
            add(p.empty ? "partition.finished.empty" : "partition.finished.plain",
                {text("partition", std::to_string(p.partition)), channelArg(p.reader)});
    }
    for (const ChannelChange& c : d.channels) {
        if (c.endedAfter && !c.endedBefore && d.entry.kind == StepKind::EventArrival)
            add("reader.finished.plain", {channelArg(c.channel)});
    }
}

// Channel watermarks and idleness.
void Narrator::StepNarration::channelChanges()
{
    const StepDetail& d = m_detail;
    const StepEntry& e = d.entry;
    const WatermarkConfig& wmc = watermarks();
    const InputRecord* rec = m_record;
    const bool periodic = wmc.emission == WatermarkConfig::Emission::Periodic;
    for (const ChannelChange& c : d.channels) {
        if (c.idleAfter && !c.idleBefore) {
            add("channel.idle",
                {channelArg(c.channel), text("since", TimeFormatter::processingTime(c.inactiveSince)),
                    text("now", TimeFormatter::processingTime(e.processingTime)),
                    text("idleness", TimeFormatter::duration(wmc.idlenessMs))});
            continue;
        }
        if (!c.idleAfter && c.idleBefore)
            add("channel.active", {channelArg(c.channel)});
        const bool fromRecord = e.kind == StepKind::WatermarkArrival;
        if (c.watermarkAfter > c.watermarkBefore) {
            if (fromRecord || wmc.strategy == WatermarkConfig::Strategy::Input || c.watermarkAfter == kMaxTimestamp)
                add("channel.watermark.record", {channelArg(c.channel), time("watermark", c.watermarkAfter)});
            else
                add("channel.watermark.generator",
                    {channelArg(c.channel), time("watermark", c.watermarkAfter), time("max", c.maxTimestampAfter),
                        text("lag", lagText())});
        } else if (fromRecord && rec) {
            add("channel.watermark.ignored", {channelArg(c.channel), time("watermark", c.watermarkAfter)});
        } else if (e.kind == StepKind::EventArrival && periodic && wmc.strategy != WatermarkConfig::Strategy::Input
            && c.generatorWatermark > c.watermarkAfter && wmc.periodMs > 0) {
            // Periodic timers fire at multiples of periodMs, after the arrivals of the same processing time: a
            // record arriving exactly on a multiple is emitted by that same timer, right after this step.
            const Timestamp next = std::max<Timestamp>(
                wmc.periodMs, (e.processingTime + wmc.periodMs - 1) / wmc.periodMs * wmc.periodMs);
            add("channel.generator.waits",
                {channelArg(c.channel), time("pending", c.generatorWatermark), time("max", c.maxTimestampAfter),
                    text("lag", lagText()), text("next", TimeFormatter::processingTime(next))});
        } else if (e.kind == StepKind::PeriodicEmit) {
            add("channel.watermark.same", {channelArg(c.channel), time("watermark", c.watermarkAfter)});
        }
    }
}

// Every subtask sees the same channels, so one sentence covers them all.
void Narrator::StepNarration::operatorWatermark()
{
    const StepDetail& d = m_detail;
    const int channelCount = std::max(1, watermarks().parallelism);
    if (!d.subtasks.empty()) {
        const SubtaskChange& s = d.subtasks.front();
        const bool anyChannelMoved = std::any_of(d.channels.begin(), d.channels.end(), [](const ChannelChange& c) {
            return c.watermarkAfter != c.watermarkBefore || c.idleAfter != c.idleBefore;
        });
        const bool becameIdle = std::any_of(
            d.channels.begin(), d.channels.end(), [](const ChannelChange& c) { return c.idleAfter && !c.idleBefore; });
        const bool allIdle = becameIdle && s.minChannelAfter < 0;
        if (allIdle && s.watermarkAfter == s.watermarkBefore) {
            add("operator.idle", {time("watermark", s.watermarkAfter)});
        } else if (s.watermarkAfter != s.watermarkBefore) {
            if (allIdle && s.watermarkAfter != kMaxTimestamp)
                add("operator.advance.idle", {time("before", s.watermarkBefore), time("after", s.watermarkAfter)});
            else if (channelCount == 1 || s.watermarkAfter == kMaxTimestamp)
                add("operator.advance.single", {time("before", s.watermarkBefore), time("after", s.watermarkAfter)});
            else if (s.minChannelAfter < 0)
                add("operator.advance.idle", {time("before", s.watermarkBefore), time("after", s.watermarkAfter)});
            else
                add(perPartition() ? "operator.advance.readers" : "operator.advance",
                    {time("before", s.watermarkBefore), time("after", s.watermarkAfter),
                        channelArg(s.minChannelAfter)});
        } else if (anyChannelMoved && channelCount > 1 && s.minChannelAfter >= 0) {
            add(perPartition() ? "operator.stays.readers" : "operator.stays",
                {time("watermark", s.watermarkAfter), channelArg(s.minChannelAfter)});
        }
    }
}

// Each fire with the rule that made it fire, and its result.
void Narrator::StepNarration::fires()
{
    const StepDetail& d = m_detail;
    const StepEntry& e = d.entry;
    const PipelineConfig& pc = pipeline();
    for (const FireEvent& fire : d.fires) {
        const std::vector<Arg> base = {
            windowArg(fire.subtask, fire.key, fire.window), subjectArg(fire.key), text("count", records(fire.count))};
        auto with = [&](std::vector<Arg> more) {
            std::vector<Arg> all = base;
            for (Arg& a : more)
                all.push_back(std::move(a));
            return all;
        };
        const TriggerSpec::Type trig = pc.window.trigger.type;
        if (fire.timing == FireTiming::Late) {
            add("fire.late", with({time("watermark", fire.watermark), time("cleanup", cleanupOf(fire.window))}));
        } else if (trig == TriggerSpec::Type::Count) {
            add("fire.count", with({text("n", std::to_string(pc.window.trigger.count))}));
        } else if (trig == TriggerSpec::Type::ProcessingTime
            || (trig == TriggerSpec::Type::Default && pc.window.assigner.timeDomain == TimeDomain::Processing
                && pc.window.assigner.type != AssignerSpec::Type::Global)) {
            add("fire.processing", with({text("now", TimeFormatter::processingTime(e.processingTime))}));
        } else if (trig == TriggerSpec::Type::ContinuousEventTime && !fire.window.isGlobal()
            && fire.watermark < fire.window.maxTimestamp()) {
            add("fire.continuous",
                with({text("interval", TimeFormatter::duration(pc.window.trigger.intervalMs)),
                    time("watermark", fire.watermark)}));
        } else if (trig == TriggerSpec::Type::ContinuousEventTime && fire.window.isGlobal()
            && fire.watermark != kMaxTimestamp) {
            add("fire.continuous",
                with({text("interval", TimeFormatter::duration(pc.window.trigger.intervalMs)),
                    time("watermark", fire.watermark)}));
        } else if (fire.watermark == kMaxTimestamp) {
            add("fire.endofinput", with({}));
        } else {
            add("fire.ontime", with({time("watermark", fire.watermark)}));
        }
        std::string result;
        if (fire.result.isList) {
            result = "[";
            for (std::size_t i = 0; i < fire.result.list.size(); ++i)
                result += (i ? ", " : "") + number(fire.result.list[i]);
            result += "]";
        } else {
            result = fire.result.number ? number(*fire.result.number) : phrase("phrase.result.none", {});
        }
        add("fire.result", {text("result", result)});
    }
}

void Narrator::StepNarration::cleanups()
{
    const StepDetail& d = m_detail;
    const PipelineConfig& pc = pipeline();
    for (const WindowRef& w : d.cleanups) {
        // "Right after firing" only when it did fire in this step: a count-triggered window is removed by its
        // cleanup timer without firing.
        const bool firedNow = std::any_of(d.fires.begin(), d.fires.end(),
            [&](const FireEvent& f) { return f.subtask == w.subtask && f.key == w.key && f.window == w.window; });
        if (firedNow && pc.window.allowedLatenessMs == 0 && pc.window.assigner.isEventTime()) {
            add("cleanup.immediate", {windowArg(w.subtask, w.key, w.window), subjectArg(w.key)});
        } else if (!pc.window.assigner.isEventTime()) {
            add("cleanup.processing",
                {windowArg(w.subtask, w.key, w.window), subjectArg(w.key), time("cleanup", cleanupOf(w.window))});
        } else {
            const Timestamp wm = w.subtask < static_cast<int>(d.subtasks.size())
                ? d.subtasks[static_cast<std::size_t>(w.subtask)].watermarkAfter
                : kMinTimestamp;
            add("cleanup",
                {windowArg(w.subtask, w.key, w.window), subjectArg(w.key), time("watermark", wm),
                    time("cleanup", cleanupOf(w.window)),
                    text("lateness", TimeFormatter::duration(pc.window.allowedLatenessMs))});
        }
        if (w.unfired > 0)
            add("cleanup.discarded", {text("count", records(w.unfired))});
    }
}

void Narrator::StepNarration::nothingElse()
{
    const StepKind kind = m_detail.entry.kind;
    if (m_narration.sentences.size() == 1 && kind != StepKind::EventArrival && kind != StepKind::EndOfInput)
        add("nothing", {});
}

void Narrator::StepNarration::quietRun(const Trace& trace)
{
    const auto run = trace.quietRunAt(m_detail.step);
    if (!run || run->count < 2)
        return;
    add("periodic.quiet.run",
        {text("position", std::to_string(m_detail.step - run->first + 1)), text("count", std::to_string(run->count)),
            stepArg(run->first, "first"), stepArg(run->first + run->count - 1, "last")});
}

} // namespace tidemark
