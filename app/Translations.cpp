#include "app/Translations.h"

#include "engine/player/Narration.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace tidemark::app {

namespace {

// The engine's narration templates, repeated here only so that lupdate finds them (it reads no tables).
// tst_translations checks that this list mirrors narrationTemplates() exactly; the engine's text is what is
// looked up at run time, with the template id as disambiguation.
struct Marked {
    const char* source;
    const char* comment;
};
constexpr Marked kNarration[] = {
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Nothing has happened yet: every watermark is {watermark} (Long.MIN_VALUE).", "start"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Record {record} ({key}, {ts}) arrives on channel {channel}.", "arrival.event"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Record {record} ({ts}) arrives on channel {channel}.", "arrival.event.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Watermark record {record} ({watermark}) arrives on channel {channel}.",
        "arrival.watermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Watermark record {record} ({watermark}) arrives on every channel.",
        "arrival.watermark.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Key {key} is in key group {keyGroup} of {maxParallelism}, so subtask {subtask} processes it.",
        "route.subtask"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "It goes into window {window}, which now holds {count}.", "element.added"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "It goes into window {window} although the watermark {watermark} has passed the window's end − 1 ms: it is "
        "within the allowed lateness of {lateness} (cleanup at {cleanup}), so the window fires again.",
        "element.added.late"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "It belongs to no window.", "element.nowindow"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — dropped.",
        "late.dropped"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record at {ts} is too late for window {window}: its cleanup time {cleanup} ≤ watermark {watermark} — sent to "
        "the late side output.",
        "late.side"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Channel {channel}'s watermark becomes {watermark} (max {max} − {lag}).",
        "channel.watermark.generator"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Channel {channel}'s watermark becomes {watermark}.", "channel.watermark.record"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} does not forward it: its watermark is already {watermark}, and watermarks never go back.",
        "channel.watermark.ignored"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Channel {channel}'s watermark stays at {watermark}.", "channel.watermark.same"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel}'s generator now stands at {pending} (max {max} − {lag}); it is emitted at the next periodic "
        "emission, at {next}.",
        "channel.generator.waits"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} is marked idle and left out of the minimum: the periodic check at {since} was the first to "
        "see no new record, and this check at {now} is more than {idleness} after it.",
        "channel.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Channel {channel} is active again.", "channel.active"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Periodic watermark emission on channel {channel} (every {period}).", "periodic"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "The operator watermark advances from {before} to {after}.", "operator.advance.single"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark advances from {before} to {after}: it is the minimum of the channels, and channel "
        "{channel} holds it.",
        "operator.advance"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Every channel is now idle: the valve flushes the largest channel watermark, so the operator watermark "
        "advances from {before} to {after}, and the operator's input is marked idle.",
        "operator.advance.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Every channel is now idle: the operator watermark stays at {watermark} (no channel watermark above it to "
        "flush), and the operator's input is marked idle.",
        "operator.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark stays at {watermark}: it is the minimum of the channels, and channel {channel} holds "
        "it back.",
        "operator.stays"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: watermark {watermark} ≥ window end − 1 ms.", "fire.ontime"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: the end-of-input watermark passes every window.",
        "fire.endofinput"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires again {subject} with {count}: the late record came within the allowed lateness "
        "(watermark {watermark} < cleanup time {cleanup}).",
        "fire.late"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: the count trigger reached {n}.", "fire.count"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires {subject} with {count}: processing time {now} ≥ window end − 1 ms.", "fire.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} fires early {subject} with {count}: the continuous trigger's interval of {interval} has "
        "passed (watermark {watermark}).",
        "fire.continuous"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Result: {result}.", "fire.result"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed: the watermark {watermark} reached its cleanup time {cleanup} (end − 1 "
        "ms + allowed lateness {lateness}).",
        "cleanup"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed: processing time reached its cleanup time {cleanup} (the window end − 1 "
        "ms).",
        "cleanup.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Records discarded without being emitted (none of its firings included them): {count}.", "cleanup.discarded"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} is removed right after firing: the allowed lateness is 0 ms.", "cleanup.immediate"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Subtask {subtask}'s processing time reaches {now}, where a timer is due.", "timer.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "End of input: every channel emits once more, then the final watermark +∞ (Long.MAX_VALUE), which fires every "
        "remaining window.",
        "end.of.input"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Nothing else changes.", "nothing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Periodic emissions that change nothing: {position} of {count} in a row, steps {first} to {last}.",
        "periodic.quiet.run"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} got its first record at step {step}: record {record} ({ts}), at {time}.",
        "why.first"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Window {window} {subject} has no record yet: its first, record {record} ({ts}), arrives at step {step}, at "
        "{time}.",
        "why.first.later"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "No record of the input falls into window {window} {subject}.", "why.first.none"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "It fires when the operator watermark of subtask {subtask} reaches the window's end − 1 ms: watermark ≥ "
        "{maxTs}.",
        "why.condition.watermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "It fires when subtask {subtask}'s processing time reaches the window's end − 1 ms, {maxTs}.",
        "why.condition.processing"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Its count trigger fires on every {n}th element, not on the watermark.",
        "why.condition.count"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Its trigger fires only at the end of input.", "why.condition.end"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Its trigger never fires it.", "why.condition.never"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "It fired at step {step} with {count}, at watermark {watermark}.", "why.fired"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "By now it has fired {n} times, the last at step {step} with {count}.",
        "why.fired.again"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "At step {step} the operator watermark of subtask {subtask} is {watermark}: it has reached {maxTs}.",
        "why.now.reached"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "At step {step} the operator watermark of subtask {subtask} is {watermark}, below {maxTs}.", "why.now.below"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} holds it back at {channelWatermark}: its largest timestamp so far is {max}, from record "
        "{record}.",
        "why.now.heldBy"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} holds it back at {channelWatermark}: no record has reached it yet.", "why.now.heldBy.empty"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator watermark "
        "reaches {watermark} and the window fires.",
        "why.release.record"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Watermark record {record} ({ts}) on channel {channel} releases it: at step {step} ({time}) the operator "
        "watermark reaches {watermark} and the window fires.",
        "why.release.watermarkRecord"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) on channel {channel} releases it: the periodic emission at step {step} ({time}) "
        "forwards channel {channel}'s watermark, the operator watermark reaches {watermark}, and the window fires.",
        "why.release.periodic"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Idleness releases it: at step {step} ({time}) channel {channel} is marked idle after {idleness} without "
        "records, the operator leaves it out, its watermark reaches {watermark}, and the window fires.",
        "why.release.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Only the end of input releases it: at step {step} ({time}) every channel forwards +∞ and the window fires.",
        "why.release.end"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} is idle by then (since step {step}), so the operator leaves it out.",
        "why.release.whileIdle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "At step {step} ({time}) the operator watermark reaches {watermark} and the window fires.", "why.release.step"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Nothing in the input ever releases it: at the end of the run (step {step}) the operator watermark is still "
        "{watermark}, below {maxTs}.",
        "why.release.never"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} holds it at {channelWatermark}; a record on it with a timestamp of at least {needed} would "
        "fire the window.",
        "why.release.never.needs"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Channel {channel} holds it at {channelWatermark}; a watermark record of at least {maxTs} on it would fire the "
        "window.",
        "why.release.never.needsWatermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "No idleness is set (withIdleness), so a channel that stays silent holds the watermark back for ever; with it, "
        "the other channels would carry the watermark on.",
        "why.release.never.idleness"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The input never ends (end of input: none), so no final watermark comes either.",
        "why.release.never.unbounded"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Watermark record {record} ({ts}) carries a watermark, not an element.",
        "why.record.watermark"),
    QT_TRANSLATE_NOOP3(
        "tidemark::Narration", "Record {record} ({ts}) does not arrive in this run.", "why.record.never"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) arrived on channel {channel} at step {step} and went to subtask {subtask} on time.",
        "why.record.onTime"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) arrives on channel {channel} at step {step}, for subtask {subtask}.",
        "why.record.later"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) came late on channel {channel} at step {step} (watermark {watermark}), but within the "
        "allowed lateness: window {window} fired again with it.",
        "why.record.lateAccepted"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) comes late on channel {channel} at step {step} (watermark {watermark}), but within the "
        "allowed lateness: window {window} fires again with it.",
        "why.record.lateAccepted.later"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) was dropped at step {step}: the watermark {watermark} had reached the cleanup time of "
        "its window {window} (end − 1 ms + allowed lateness {lateness}).",
        "why.record.dropped"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) will be dropped at step {step}: the watermark {watermark} will have reached the "
        "cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).",
        "why.record.dropped.later"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) went to the late side output at step {step}: the watermark {watermark} had reached the "
        "cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).",
        "why.record.side"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) will go to the late side output at step {step}: the watermark {watermark} will have "
        "reached the cleanup time of its window {window} (end − 1 ms + allowed lateness {lateness}).",
        "why.record.side.later"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "An allowed lateness of {needed} would have kept it: window {window} would then be cleaned up at {cleanup}, "
        "after the watermark {watermark}, and the record would have re-fired it.",
        "why.record.lateness"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} reads partitions {partitions} of topic {topic}, each with its own generator.",
        "reader.partitions"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} reads no partition of topic {topic}: there are more readers than partitions. It "
        "forwards nothing, and holds the operator watermark at Long.MIN_VALUE unless withIdleness marks it idle.",
        "reader.nopartition"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} reads no partition of topic {topic}: there are more readers than partitions, and a "
        "bounded source's reader without a split finishes at once, forwarding +∞ (Long.MAX_VALUE).",
        "reader.nopartition.bounded"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({key}, {ts}) arrives from partition {partition}, which reader {channel} reads.",
        "arrival.partition"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Record {record} ({ts}) arrives from partition {partition}, which reader {channel} reads.",
        "arrival.partition.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Periodic watermark emission in reader {channel} (every {period}): each of its partitions' generators "
        "emits, then the reader combines them.",
        "periodic.reader"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition}'s watermark in reader {channel} becomes {watermark}.", "partition.watermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition} has been idle for {idleness} (no record since the check at {since}), so reader "
        "{channel} ignores it.",
        "partition.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition} is active again, and reader {channel} waits for it once more.", "partition.active"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel}'s watermark becomes {watermark}: the minimum over its active partitions, which "
        "partition {partition} holds.",
        "reader.watermark"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel}'s watermark becomes {watermark}: every partition it reads is idle, and Flink 2 takes "
        "the largest of their watermarks.",
        "reader.watermark.allIdle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Reader {channel} forwards the final watermark +∞ (Long.MAX_VALUE).",
        "reader.watermark.end"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} is marked idle and left out of the minimum: every partition it reads is idle.",
        "reader.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "Reader {channel} is active again.", "reader.active"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "End of input: every source reader forwards the final watermark +∞ (Long.MAX_VALUE), except one that is "
        "idle, whose task drops it (FLINK-40499).",
        "end.of.input.readers"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} reads partitions {partitions} of topic {topic}, which hold no record: a bounded source finds "
        "its splits empty, and the reader finishes at once, forwarding +∞ (Long.MAX_VALUE).",
        "reader.allempty.bounded"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition} has been read to its end, so reader {channel} finishes its split and releases its "
        "output: the partition holds the reader back no more.",
        "partition.finished"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition} has been read to its end: reader {channel} finishes its split.",
        "partition.finished.plain"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Partition {partition} holds no record: reader {channel} found its split empty and finishes it with its first "
        "fetch.",
        "partition.finished.empty"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} has finished every partition it reads: its input has ended, and it forwards the final "
        "watermark +∞ (Long.MAX_VALUE).",
        "reader.finished"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} has finished every partition it reads, but it is idle: its task drops the final watermark "
        "(FLINK-40499).",
        "reader.finished.idle"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} has finished every partition it reads: its input has ended.", "reader.finished.plain"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "Reader {channel} has finished: SourceOperator#finish stopped its periodic emission, so its timer does "
        "nothing.",
        "periodic.reader.ended"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "End of input: every reader has finished its partitions already, so nothing is left to end.",
        "end.of.input.finished"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark advances from {before} to {after}: it is the minimum of the source readers, and "
        "reader {channel} holds it.",
        "operator.advance.readers"),
    QT_TRANSLATE_NOOP3("tidemark::Narration",
        "The operator watermark stays at {watermark}: it is the minimum of the source readers, and reader {channel} "
        "holds it back.",
        "operator.stays.readers"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "for key {key}", "phrase.subject.key"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "(windowAll)", "phrase.subject.all"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "{n} record", "phrase.records.one"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "{n} records", "phrase.records.many"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "global", "phrase.window.global"),
    QT_TRANSLATE_NOOP3("tidemark::Narration", "none", "phrase.result.none"),
};

// The names of the built-in examples (resources/examples/*.json), for lupdate; tst_translations checks that
// every example's name is here.
constexpr const char* kExampleNames[] = {
    // the built-in comparisons (Examples ▸ Compare: …)
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 1 vs 3"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 002: allowed lateness 0 vs 2 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "A count trigger instead of the watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "An idle partition stalls the watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "withIdleness releases a stalled watermark"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "A silent Kafka partition holds its reader back"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "withIdleness lets a reader skip its silent partition"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "windowAll (compare with keyed windows)"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Keyed windows (compare with windowAll)"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Late data to a side output"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Daily windows aligned to UTC+8"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 1, no allowed lateness"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 1, allowed lateness 2 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 3, no allowed lateness"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 000: parallelism 3, allowed lateness 2 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 001: socket words, delay 0"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 001: socket words, delay 3 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 002: allowed lateness 1 s"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 003: orders from ...480000"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Post 003: orders from ...481000"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Session windows merging"),
    QT_TRANSLATE_NOOP("tidemark::app::Examples", "Sliding windows: 10 s every 5 s"),
};

// The examples' descriptions (File ▸ Examples tooltips and status tips), for lupdate; tst_translations checks
// that every example's description is here word for word, so a changed description needs a new translation.
constexpr const char* kExampleDescriptions[] = {
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Clicks are read from the Kafka topic 'clicks', 4 partitions, by a KafkaSource of parallelism 2 with the "
        "watermark strategy given to fromSource (forBoundedOutOfOrderness(2 s), every 200 ms): each source reader "
        "runs one generator per partition and forwards the minimum over its partitions. The enumerator gives "
        "partitions 1 and 3 to reader 0, and 0 and 2 to reader 1. Partition 3 stays silent until its one click, the "
        "16th, at 15 s: until then its generator is at Long.MIN_VALUE and holds reader 0 there, and the window "
        "operator (10-second tumbling windows counting each user's clicks) takes the minimum of the two readers, so "
        "nothing fires however far the other partitions get. The click (ts 12500) lifts partition 3 to 10499 only: "
        "[0, 10000) fires at 15 s, and the later windows never do, for partition 3 says nothing more."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "The same topic and job, with .withIdleness(5 s) on the strategy. Each partition's generator checks for "
        "activity on every periodic emit: partition 3's declares its split idle at 5.4 s, and reader 0 follows "
        "partition 1 alone from then on. [0, 10000) fires at 10 s, after the 11th click, when reader 0 moves to 12499"
        " and reader 1, the minimum of partitions 0 and 2, is at 10499. Partition 3's one click at 15 s makes it "
        "active again, at 10499, which can no longer pull reader 0 back from 20499; the click is in time for [10000, "
        "20000), which fires at 17.4 s, when partition 0 has been quiet for 5 s and reader 1 follows partition 2 to "
        "21999."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "The same 23 Kafka lines of post 000, once with parallelism 1 and once with parallelism 3 (three watermark "
        "generators fed in turn, three window subtasks), both without allowed lateness. At parallelism 3 the window "
        "operator's watermark is the minimum over three generators that each see only every third line, so every "
        "window fires later: [...881000, ...884000) on the 7th line instead of the 5th, [...884000, ...887000) on the "
        "12th instead of the 7th, and [...890000, ...893000) on the 20th instead of the 10th, by then with 9 "
        "timestamps instead of 2. The lines that parallelism 1 drops as late (the 11th, 13th to 15th and 17th to 19th) "
        "are still on time at parallelism 3; only the last three lines are dropped by both."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "The temperature readings of post 002 with the job's allowed lateness set to 0 and to 2 s. Both fire window "
        "[0, 5000) for id 1 and id 2 on the 6th reading. Without allowed lateness the window is cleared as it fires, "
        "so the four late readings for it (the 7th, 8th, 10th and 11th) are dropped. With 2 s the window is kept until "
        "the watermark passes 4999 + 2000 = 6999, which it never does here (it stops at 5999), so each of the four "
        "late readings re-fires the window at once with all of its readings."),
    // the built-in lessons' notes, looked up as descriptions are
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Line 1 goes to watermark generator 0. At parallelism 3 the lines are dealt out in turn, so each generator "
        "sees only every third line, and the window operator's watermark is the minimum of the three."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "At parallelism 1 the first window fired on this line, the 5th. Does it fire now?"),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "It fires only now, on the 7th line: the operator watermark is the minimum of the channels, and the slowest "
        "generator has just passed the window's end − 1 ms."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Line 20 arrives. At parallelism 1 window [10:11:30, 10:11:33) fired with 2 timestamps. How many will it hold "
        "here?"),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Line 21 is late: the watermark has passed its window's end. Within the 2 s of allowed lateness the window is "
        "kept, so it fires again with everything it holds."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reading 6 (time 7000) lifts the generator to 4999, the end − 1 ms of [0, 5000). Which windows fire when it is "
        "emitted, and with which readings?"),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reading 7 (time 2000) is late: the watermark 4999 has passed its window. With 1 s of allowed lateness the "
        "window is still kept, so it fires again at once with all its readings."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reading 10 is dropped: at step 49 the watermark reached 5999 = 4999 + 1 s, the window's cleanup time, and the "
        "window was removed."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Clicks per user ('time user' lines) in 10-second tumbling event-time windows, but with "
        ".trigger(CountTrigger.of(3)) and monotonous watermarks. The count trigger replaces the event-time trigger: "
        "the window fires on every 3rd element of a user, never because of the watermark. It does not purge, so the "
        "second firing lists all 6 of Bob's clicks, not just the last 3. Carol has only 2 clicks, so her window never "
        "fires. When the watermark passes the window's end (at Bob's click at 12000) the window is cleared without "
        "output: Bob's click at 9500 and Carol's clicks are never emitted."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "A sensor's readings are written to a Kafka topic with two partitions, read by two source subtasks with their "
        "own watermark generators (forBoundedOutOfOrderness(1 s), every 200 ms). The 'partition' column says which "
        "one. Partition 1 gets a single reading (6000) and then nothing more. The window operator (5-second tumbling "
        "windows listing the timestamps) takes the minimum of the two generators' watermarks. Partition 1's generator "
        "stays at 6000 - 1001 = 4999 for ever, so the window operator's watermark can never pass 4999, however far "
        "partition 0 runs ahead. Window [0, 5000) fires; after that nothing fires any more, although partition 0 "
        "reaches 16000. Compare with the version that uses withIdleness."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "A sensor's readings are written to a Kafka topic with two partitions, read by two source subtasks with their "
        "own watermark generators (forBoundedOutOfOrderness(1 s), every 200 ms). The 'partition' column says which "
        "one. Partition 1 gets a single reading (6000) and then nothing more. The window operator (5-second tumbling "
        "windows listing the timestamps) takes the minimum of the two generators' watermarks. Here the strategy has "
        ".withIdleness(2 s). Partition 1's generator checks for activity on every periodic emit; about 2 s after its "
        "last reading (at 3.4 s of processing time) it declares itself idle, and the window operator stops waiting for "
        "it and follows partition 0 alone. The windows now fire as partition 0's watermark passes their ends: [0, "
        "5000) fires on the 5th line with watermark 5999, and [5000, 10000), holding the reading that came through "
        "partition 1, fires on the 7th line, and [10000, 15000) on the 10th."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Sales of coloured items, summed in 5-second tumbling windows with monotonous watermarks (timestamps only "
        "grow). Run it keyed and as windowAll, and compare. windowAll: there is no key, all sales share one window per "
        "5 seconds, and Flink forces the window operator to parallelism 1. The same data gives one sum per window: 10, "
        "then 9."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Sales of coloured items, summed in 5-second tumbling windows with monotonous watermarks (timestamps only "
        "grow). Run it keyed and as windowAll, and compare. keyBy(colour): every colour has its own windows, and the "
        "window operator runs with parallelism 3; Flink's key groups place blue on subtask 0, green on 1 and red on 2. "
        "When the watermark passes 4999 each colour's window fires on its own subtask: blue 1, green 4, red 5."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Order amounts per shop in 5-second tumbling windows (sum), forBoundedOutOfOrderness(1 s), no allowed "
        "lateness, and .sideOutputLateData(tag). Instead of being dropped silently, every record that arrives after "
        "its window was closed goes to the side output, where the job can still see it. Watch the order at 3000 "
        "arriving after the watermark reached 5499, the one at 4999, and the one at 9999: an element at the window's "
        "last millisecond is already late once the watermark equals that millisecond. The order at 5500 is out of "
        "order but arrives before its window closed, so it is counted."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Logins per user per day, with times written in Shanghai local time (UTC+8). Tumbling windows are aligned to "
        "the epoch in UTC, so a plain 1-day window would run from 08:00 to 08:00 in Shanghai. "
        "TumblingEventTimeWindows.of(1 day, offset -8 h) moves the windows to local midnight. Watch Alice's logins at "
        "23:59:59.999 and at 00:00:00.000: one millisecond apart but in different days. Bob's login at 07:59:59 on 2 "
        "March belongs to 2 March here; without the offset it would have counted for 1 March. The watermark lags 1 "
        "minute (forBoundedOutOfOrderness(1 min)), so a day closes when a login more than a minute into the next day "
        "arrives."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 000: lines like '0001,1538359882000' are typed into a Kafka topic; the job keys them by "
        "'0001', puts them into 3-second tumbling event-time windows with "
        "WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line "
        "arrives per second and every watermark generator emits every 200 ms (Flink's default auto-watermark "
        "interval), so each line's watermark is out before the next line comes, as when a person types lines by hand. "
        "The topic never ends (end of input: none), so windows still open at the end never fire. Here everything runs "
        "with parallelism 1. Watch the watermark trail the largest timestamp by 10 s plus 1 ms. The first window, "
        "[...881000, ...884000), fires only on the 5th line (...894000): that line lifts the watermark to ...883999, "
        "the window's last millisecond. The 9th line (...891000) is out of order but not late: the watermark "
        "(...888999) has not reached its window's end yet, so it joins [...890000, ...893000), which fires with both "
        "timestamps on the 10th line. Then comes the late-data tail: timestamps of the window that already fired keep "
        "arriving. With allowed lateness 0 the window was cleared the moment it fired, so every one of them is dropped "
        "(and counted). Compare with the 2 s allowed-lateness version of the same job."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 000: lines like '0001,1538359882000' are typed into a Kafka topic; the job keys them by "
        "'0001', puts them into 3-second tumbling event-time windows with "
        "WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line "
        "arrives per second and every watermark generator emits every 200 ms (Flink's default auto-watermark "
        "interval), so each line's watermark is out before the next line comes, as when a person types lines by hand. "
        "The topic never ends (end of input: none), so windows still open at the end never fire. Here everything runs "
        "with parallelism 1 and the window has .allowedLateness(2 s). Watch the watermark trail the largest timestamp "
        "by 10 s plus 1 ms. The first window, [...881000, ...884000), fires only on the 5th line (...894000): that "
        "line lifts the watermark to ...883999, the window's last millisecond. The 9th line (...891000) is out of "
        "order but not late: the watermark (...888999) has not reached its window's end yet, so it joins [...890000, "
        "...893000), which fires with both timestamps on the 10th line. Then comes the late-data tail. The window "
        "[...890000, ...893000) already fired, but with 2 s of allowed lateness it stays alive until the watermark "
        "reaches ...894999 (its end minus 1 ms plus 2 s). Every late line for it re-fires the window at once, and each "
        "re-fire lists the whole window again, the earlier elements plus the new one (3, 4, 5, ... 9 timestamps). The "
        "line ...905000 pushes the watermark to ...894999: the window is cleared silently, and the last three old "
        "lines are dropped."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 000: lines like '0001,1538359882000' are typed into a Kafka topic; the job keys them by "
        "'0001', puts them into 3-second tumbling event-time windows with "
        "WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line "
        "arrives per second and every watermark generator emits every 200 ms (Flink's default auto-watermark "
        "interval), so each line's watermark is out before the next line comes, as when a person types lines by hand. "
        "The topic never ends (end of input: none), so windows still open at the end never fire. Here the watermark "
        "generators run with parallelism 3 and the lines reach them in turn (line 1 to generator 0, line 2 to "
        "generator 1, line 3 to generator 2, line 4 to generator 0, ...), as the post's table shows; the window "
        "operator also runs with parallelism 3 and key '0001' lives on subtask 0 (printed '1>'). Each generator only "
        "sees every third line, and the window operator's watermark is the minimum over the three. Watch the first "
        "window fire on the 7th line (...897000) instead of the 5th: only then has every generator seen a timestamp of "
        "...894000 or more. The second window waits until the 12th line, and [...890000, ...893000) until the 20th, so "
        "most of the 'late' tail is not late at all here: it is still on time and the window fires with 9 timestamps. "
        "Without allowed lateness the window is cleared when it fires, so the last three lines are dropped."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 000: lines like '0001,1538359882000' are typed into a Kafka topic; the job keys them by "
        "'0001', puts them into 3-second tumbling event-time windows with "
        "WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line "
        "arrives per second and every watermark generator emits every 200 ms (Flink's default auto-watermark "
        "interval), so each line's watermark is out before the next line comes, as when a person types lines by hand. "
        "The topic never ends (end of input: none), so windows still open at the end never fire. Here the watermark "
        "generators run with parallelism 3 and the lines reach them in turn (line 1 to generator 0, line 2 to "
        "generator 1, line 3 to generator 2, line 4 to generator 0, ...), as the post's table shows; the window "
        "operator also runs with parallelism 3 and key '0001' lives on subtask 0 (printed '1>'). Each generator only "
        "sees every third line, and the window operator's watermark is the minimum over the three. Watch the first "
        "window fire on the 7th line (...897000) instead of the 5th: only then has every generator seen a timestamp of "
        "...894000 or more. The second window waits until the 12th line, and [...890000, ...893000) until the 20th, so "
        "most of the 'late' tail is not late at all here: it is still on time and the window fires with 9 timestamps. "
        "With .allowedLateness(2 s) the last three lines arrive after that fire and each re-fires the window with the "
        "whole list (10, 11, 12 timestamps)."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 001: lines like '1634091720000 a' (a timestamp and a word) are typed into a socket (nc -lk); "
        "the job uses the legacy BoundedOutOfOrdernessTimestampExtractor, keys by the word, counts words in 3-second "
        "tumbling event-time windows and prints '6> (a,3)'. The extractor sets the watermark to the largest timestamp "
        "minus the delay (no extra -1 ms, unlike forBoundedOutOfOrderness); Flink runs it with the socket's "
        "parallelism 1 and emits every 200 ms. The window operator has the parallelism of the post's machine (8), and "
        "the word 'a' belongs to subtask 5, which Flink prints as '6>'. One line per second, and the socket never ends "
        "(end of input: none). With a delay of 0 the watermark equals the largest timestamp. Window [...720000, "
        "...723000) fires as soon as ...723000 arrives, with 3 words (0, 1 and 2 s), and [...723000, ...726000) fires "
        "on ...726000 with 3 words: windows include their start and exclude their end."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 001: lines like '1634091720000 a' (a timestamp and a word) are typed into a socket (nc -lk); "
        "the job uses the legacy BoundedOutOfOrdernessTimestampExtractor, keys by the word, counts words in 3-second "
        "tumbling event-time windows and prints '6> (a,3)'. The extractor sets the watermark to the largest timestamp "
        "minus the delay (no extra -1 ms, unlike forBoundedOutOfOrderness); Flink runs it with the socket's "
        "parallelism 1 and emits every 200 ms. The window operator has the parallelism of the post's machine (8), and "
        "the word 'a' belongs to subtask 5, which Flink prints as '6>'. One line per second, and the socket never ends "
        "(end of input: none). With a delay of 3 s the watermark stays 3 s behind. Two lines (...721000, ...722000) "
        "come back out of order after ...724000; the watermark is still below the end of their window, so they are "
        "counted. The first window fires only when ...726000 arrives, with 5 words, and the second one waits for "
        "...729000 and counts 3."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 002: JSON temperature readings {\"id\",\"temp\",\"time\"} come from Kafka into a job with "
        "parallelism 1, forBoundedOutOfOrderness(2 s), 5-second tumbling windows per id, .allowedLateness(1 s), and a "
        "process function that prints every reading of the window. One reading per second, watermarks every 200 ms. "
        "Watch the 6th reading (time 7000) lift the watermark to 4999: window [0, 5000) fires for id 1 (20, 22, 30) "
        "and for id 2 (21). The next two readings belong to that window and are late, but the window is kept for one "
        "more second of event time, so each one re-fires it at once with ALL its readings (4 for id 1, 2 for id 2). "
        "The reading at 8000 moves the watermark to 5999 = 4999 + 1000: the windows are cleared without any output, "
        "and the last two late readings are dropped."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 003: JSON orders whose 'orderTime' is an epoch-millisecond string arrive from Kafka; the job "
        "uses forBoundedOutOfOrderness(1000 ms) and sums 'amount' over all orders (windowAll) in 5-second tumbling "
        "windows. One order per second, watermarks every 200 ms, the topic never ends. Every order is worth 10. Window "
        "starts do not depend on the first order: they are aligned to the epoch, start = ts - (ts % 5000), so windows "
        "are [...480000, ...485000), [...485000, ...490000), ... Here the orders start at ...480000, the first "
        "window's start, so it holds 5 orders and prints 50 when ...486000 lifts the watermark to ...484999."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Reference post 003: JSON orders whose 'orderTime' is an epoch-millisecond string arrive from Kafka; the job "
        "uses forBoundedOutOfOrderness(1000 ms) and sums 'amount' over all orders (windowAll) in 5-second tumbling "
        "windows. One order per second, watermarks every 200 ms, the topic never ends. Every order is worth 10. Window "
        "starts do not depend on the first order: they are aligned to the epoch, start = ts - (ts % 5000), so windows "
        "are [...480000, ...485000), [...485000, ...490000), ... Here the orders start at ...481000, one second after "
        "the window's start, so the first window holds only 4 orders and prints 40: this is the surprise the post "
        "describes. From then on every window is full and prints 50."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "Clicks per user in event-time session windows with a 3 s gap, summing the clicks, with "
        "forBoundedOutOfOrderness(2 s). Every click opens a session [ts, ts + 3 s); sessions that overlap or touch "
        "merge. Alice's clicks at 1000 and 2000 make one session [1000, 5000); her click at 6000 starts a second one "
        "because 6000 is past 5000. Then her click at 4000 arrives out of order and bridges the two: both merge into "
        "[1000, 9000) with 9 clicks. Bob's clicks at 5000 and 8000 are exactly 3 s apart: [5000, 8000) and [8000, "
        "11000) touch, and touching sessions merge too. Watermarks come from all users together, so Alice's click at "
        "13000 closes Bob's session as well. The input is a file: its end sends Long.MAX_VALUE, which closes the last "
        "two sessions."),
    QT_TRANSLATE_NOOP("tidemark::app::ExampleDescriptions",
        "One sensor's temperatures in sliding event-time windows of 10 s that start every 5 s, reporting the highest "
        "temperature (max), with forBoundedOutOfOrderness(1 s). Every reading belongs to two windows, so windows "
        "overlap and each one fires on its own when the watermark passes its end. Watch the reading of 30 degrees at "
        "4500 that arrives after 8000: the watermark (6999) has already passed the end of [-5000, 5000), which fired "
        "without it, but [0, 10000) is still open and takes it, so that window's maximum is 30. Flink says nothing "
        "about the window that missed it: the reading is neither dropped nor side-output, because one of its windows "
        "accepted it. The input is a file (a bounded source) that ends right after the last reading, before that "
        "reading's own watermark is emitted: Flink then sends the end-of-input watermark Long.MAX_VALUE, which fires "
        "the three windows still open."),
};

std::unique_ptr<QTranslator> g_app;
std::unique_ptr<QTranslator> g_qt;

const QString kLanguageKey = QStringLiteral("language");

void removeTranslators()
{
    for (std::unique_ptr<QTranslator>* t : {&g_app, &g_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(t->get());
            t->reset();
        }
    }
}

} // namespace

QStringList translatedLanguages()
{
    return {QStringLiteral("zh_CN")};
}

QString savedLanguage()
{
    return QSettings().value(kLanguageKey).toString();
}

void saveLanguage(const QString& language)
{
    QSettings().setValue(kLanguageKey, language);
}

QString startupLanguage(const QString& commandLine)
{
    if (!commandLine.isEmpty())
        return commandLine;
    return savedLanguage();
}

QString installTranslators(const QString& language)
{
    removeTranslators();
    if (language == QLatin1String("en") || language == QLatin1String("C"))
        return {};
    // QTranslator::load(QLocale, …) tries the locale's UI languages in turn ("zh_Hans_CN" → "zh_CN" → "zh").
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto app = std::make_unique<QTranslator>();
    if (!app->load(locale, QStringLiteral("tidemark"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return {};
    QCoreApplication::installTranslator(app.get());
    const QString loaded = app->language();
    g_app = std::move(app);
    // Qt's own strings (the buttons of QMessageBox, QFileDialog); optional, from qt6-translations-l10n.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        g_qt = std::move(qt);
    }
    return loaded.isEmpty() ? locale.name() : loaded;
}

std::map<std::string, std::string> translatedNarrationTemplates()
{
    std::map<std::string, std::string> out;
    if (!g_app)
        return out;
    for (const NarrationTemplate& t : narrationTemplates()) {
        const std::string id(t.id);
        const std::string text(t.text);
        const QString translated = QCoreApplication::translate(kNarrationContext, text.c_str(), id.c_str());
        if (translated != QString::fromUtf8(text.c_str()))
            out.emplace(id, translated.toStdString());
    }
    return out;
}

QString exampleName(const QString& name)
{
    return QCoreApplication::translate(kExamplesContext, name.toUtf8().constData());
}

QString exampleDescription(const QString& english)
{
    if (english.isEmpty())
        return english;
    return QCoreApplication::translate(kExampleDescriptionsContext, english.toUtf8().constData());
}

QStringList exampleDescriptionSources()
{
    QStringList out;
    for (const char* d : kExampleDescriptions)
        out << QString::fromUtf8(d);
    return out;
}

QStringList exampleNameSources()
{
    QStringList out;
    for (const char* n : kExampleNames)
        out << QString::fromUtf8(n);
    return out;
}

std::vector<NarrationSource> narrationSources()
{
    std::vector<NarrationSource> out;
    for (const Marked& m : kNarration)
        out.push_back({m.comment, m.source});
    return out;
}

} // namespace tidemark::app
