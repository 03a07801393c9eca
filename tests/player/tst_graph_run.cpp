// A job graph's scenario read, checked and run to its end (docs/job-graph.md): what each operator prints, and the
// graphs the rules refuse, with where and why.

#include "ScenarioDifference.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/player/GraphHolds.h"
#include "engine/player/GraphRun.h"
#include "engine/player/TimeFormat.h"

#include <QRegularExpression>
#include <QStringList>
#include <QTest>

using namespace tidemark;

namespace {

// Orders and their payments, joined when the payment comes within 5 s of the order; the paid orders counted per
// 10 s of event time after the join. Payments stop after the second one.
constexpr std::string_view kOrdersPayments = R"({"tidemark": 1,
 "sources": {
   "orders": {"input": {"records": [
       {"key": "o1", "ts": 1000, "value": 20}, {"key": "o2", "ts": 2000, "value": 35},
       {"key": "o3", "ts": 9000, "value": 12}, {"key": "o4", "ts": 14000, "value": 8},
       {"key": "o5", "ts": 21000, "value": 50}]},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}},
   "payments": {"input": {"records": [{"key": "o1", "ts": 1500}, {"key": "o2", "ts": 2600}]},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0, "idlenessMs": IDLE}}},
 "operators": [
   {"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"],
    "between": {"lowerMs": 0, "upperMs": 5000}},
   {"type": "window", "name": "paid-per-10s", "inputs": ["paid"],
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}],
 "endOfInput": "END"})";

std::string ordersPayments(int idlenessMs, std::string_view end)
{
    std::string s(kOrdersPayments);
    s.replace(s.find("IDLE"), 4, std::to_string(idlenessMs));
    s.replace(s.find("END"), 3, end);
    return s;
}

// The same graph with its interval join "paid" replaced by `paid` (one operator or several, the first named paid).
std::string ordersPaymentsWith(int idlenessMs, std::string_view end, std::string_view paid)
{
    std::string s = ordersPayments(idlenessMs, end);
    constexpr std::string_view join = R"({"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"],
    "between": {"lowerMs": 0, "upperMs": 5000}})";
    s.replace(s.find(join), join.size(), paid);
    return s;
}

// Clicks, and views read from a Kafka topic of two partitions by one reader with per-partition watermarks; both
// counted per user per 10 s after a union. Views' partition 1 holds `PARTITION1` (nothing, or a record).
constexpr std::string_view kTwoTopics = R"({"tidemark": 1,
 "sources": {
   "clicks": {"input": {"records": [{"key": "ann", "ts": 1000, "arrival": 0}, {"key": "ann", "ts": 12000, "arrival": 1000}]},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0IDLE}},
   "views": {"input": {"records": [{"key": "ann", "ts": 1500, "partition": 0, "arrival": 0},
       {"key": "ann", "ts": 11000, "partition": 0, "arrival": 1000}PARTITION1]},
     "kafka": {"topic": "views", "partitions": 2},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0IDLE}}},
 "operators": [
   {"type": "union", "name": "both", "inputs": ["clicks", "views"]},
   {"type": "window", "name": "per-10s", "inputs": ["both"],
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}],
 "endOfInput": "END"})";

std::string twoTopics(std::string_view partition1, int idlenessMs, std::string_view end)
{
    std::string s(kTwoTopics);
    s.replace(s.find("PARTITION1"), 10, partition1);
    const std::string idle = idlenessMs > 0 ? ", \"idlenessMs\": " + std::to_string(idlenessMs) : "";
    for (auto at = s.find("IDLE"); at != std::string::npos; at = s.find("IDLE"))
        s.replace(at, 4, idle);
    s.replace(s.find("END"), 3, end);
    return s;
}

// Orders and payments from two cautious sources (20 s out of orderness), paired as they come; the pairs counted per
// 10 s right after the join, and again after watermarks assigned anew ("restamped", monotonous, after the join).
constexpr std::string_view kRestamped = R"({"tidemark": 1,
 "sources": {
   "orders": {"input": {"records": [{"key": "o1", "ts": 1000}, {"key": "o2", "ts": 2000}, {"key": "o3", "ts": 12000}]},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 20000}},
   "payments": {"input": {"records": [{"key": "o1", "ts": 1500}, {"key": "o2", "ts": 2600}, {"key": "o3", "ts": 12500}]},
     "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 20000}}},
 "operators": [
   {"type": "interval-join", "name": "paid", "inputs": ["orders", "payments"], "parallelism": 2,
    "between": {"lowerMs": 0, "upperMs": 5000}},
   {"type": "window", "name": "direct", "inputs": ["paid"],
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}},
   {"type": "watermarks", "name": "restamped", "inputs": ["paid"],
    "watermarks": {"strategy": "monotonous", "parallelism": 1, "partitioning": "rebalance"}},
   {"type": "window", "name": "after", "inputs": ["restamped"],
    "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}],
 "endOfInput": "none"})";

io::Loaded<Scenario> parse(const std::string& json)
{
    io::LoadOptions options;
    options.jobGraphs = true;
    return io::parseScenario(json, "graph.json", ".", options);
}

QStringList printed(const std::string& json)
{
    const auto loaded = parse(json);
    if (!loaded.ok())
        return {QString::fromStdString(loaded.errorText())};
    const GraphRun run(*loaded.value);
    QStringList lines;
    for (const std::string& line : output::graphOutputLines(run, *loaded.value).text)
        lines << QString::fromStdString(line);
    return lines;
}

// `json` with the data row's `from` replaced by `to` is refused with a message that starts as `expected`.
void refusedWhereItIsWrong(std::string json)
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, expected);
    const auto at = json.find(from.toStdString());
    QVERIFY(at != std::string::npos);
    json.replace(at, from.toUtf8().size(), to.toStdString());
    const auto loaded = parse(json);
    QVERIFY(!loaded.ok());
    QVERIFY2(QString::fromStdString(loaded.errorText()).startsWith(expected), loaded.errorText().c_str());
}

} // namespace

class GraphRunTest : public QObject {
    Q_OBJECT

private slots:
    void aSilentSecondInputHoldsTheWindowAfterTheJoin()
    {
        // The join pairs as records come, but its event time is min(orders, payments): payments' generator stays
        // at 2599 once its records stop, so the window [0,10000) after it never fires in a job that keeps running.
        const QStringList lines = printed(ordersPayments(0, "none"));
        QCOMPARE(lines,
            QStringList({QStringLiteral("paid> (o1,1000,1500) at 1500, watermark -9223372036854775808"),
                QStringLiteral("paid> (o2,2000,2600) at 2600, watermark 999")}));
    }

    void withIdlenessTheSilentInputIsLeftOutAndTheWindowFires()
    {
        // withIdleness(2 s): payments goes idle, the join follows orders alone; orders' watermark reaches 13999
        // after o4 (14000), past the window's end.
        const QStringList lines = printed(ordersPayments(2000, "none"));
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.last(), QStringLiteral("paid-per-10s> (2) window [0,10000) on-time, watermark 13999"));
    }

    void aBoundedSourceThatEndsReleasesTheJoinAsIdlenessWould()
    {
        // A bounded payments source ends after its last record: Long.MAX_VALUE from it, and only orders hold.
        const QStringList lines = printed(ordersPayments(0, "max-watermark"));
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.last(), QStringLiteral("paid-per-10s> (2) window [0,10000) on-time, watermark 13999"));
    }

    void aSilentPartitionHoldsItsReaderAndTheUnionAfterIt()
    {
        // Views' partition 1 has read nothing: its split's generator holds views' reader at Long.MIN_VALUE, and the
        // union with it, however far clicks and partition 0 get. The explanation goes down to the partition.
        const auto loaded = parse(twoTopics("", 0, "none"));
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const GraphRun run(*loaded.value);
        QVERIFY(run.outputs().empty());
        const std::vector<GraphHold> holds = graphHolds(run, scenarioTimes(*loaded.value));
        QCOMPARE(holds.size(), std::size_t(1));
        QVERIFY2(holds[0].text.starts_with(
                     "per-10s at Long.MIN_VALUE ← views reader 0 at Long.MIN_VALUE ← partition 1 at Long.MIN_VALUE: "
                     "it has read no record; no record in it yet, while the others went on to 1.000 s "
                     "(withIdleness("),
            holds[0].text.c_str());
        // With idleness (per split, in the reader) partition 1 goes idle, the reader follows partition 0 (10999),
        // and [0, 10000) fires: ann's click and view.
        QCOMPARE(printed(twoTopics("", 500, "none")),
            QStringList({QStringLiteral("per-10s> (ann,2) window [0,10000) on-time, watermark 10999")}));
    }

    void aBoundedTopicEndsReaderByReaderAsItsSplitsFinish()
    {
        // Bounded (setBounded): partition 1's split finishes right after its only record (0.5 s), and its output is
        // released; the reader's input ends right after partition 0's last record (1 s), in that arrival's step.
        const auto loaded
            = parse(twoTopics(R"(, {"key": "bob", "ts": 2000, "partition": 1, "arrival": 500})", 0, "max-watermark"));
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const GraphRun run(*loaded.value);
        const GraphPipeline& p = run.pipeline();
        const int reader = p.channelOf(1, 0);
        const auto history = run.trace().channelWatermarks(reader);
        QCOMPARE(history.back().watermark, kMaxTimestamp);
        const GraphStep& ended = run.trace().step(history.back().step);
        QCOMPARE(ended.kind, EventQueue::Kind::Arrival);
        QCOMPARE(ended.processingTime, Timestamp(1000));
        QCOMPARE(run.arrivals()[ended.subject].source, 1);
        QVERIFY(p.source(1).partitionFinished(0) && p.source(1).partitionFinished(1));
        const auto released = run.stateAfter(history.back().step - 1);
        QVERIFY(released->pipeline.source(1).partitionFinished(1));
        QVERIFY(!released->pipeline.source(1).partitionFinished(0));
        QCOMPARE(
            printed(twoTopics(R"(, {"key": "bob", "ts": 2000, "partition": 1, "arrival": 500})", 0, "max-watermark")),
            QStringList({QStringLiteral("per-10s> (ann,2) window [0,10000) on-time, watermark 9223372036854775807"),
                QStringLiteral("per-10s> (bob,1) window [0,10000) on-time, watermark 9223372036854775807"),
                QStringLiteral("per-10s> (ann,2) window [10000,20000) on-time, watermark 9223372036854775807")}));
    }

    void aKafkaSourceIsRefusedWhereItIsWrong_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        const QString second = QStringLiteral(R"({"key": "ann", "ts": 11000, "partition": 0, "arrival": 1000})");
        QTest::newRow("a partition the topic lacks")
            << second << QStringLiteral(R"({"key": "ann", "ts": 11000, "partition": 2, "arrival": 1000})")
            << "graph.json:6:49: expected \"partition\" between 0 and 1 (topic \"views\" has 2 partitions), found 2";
        QTest::newRow("no partition") << second << QStringLiteral(R"({"key": "ann", "ts": 11000, "arrival": 1000})")
                                      << "graph.json:6:8: missing \"partition\" in record (topic \"views\" has 2 "
                                         "partitions)";
        QTest::newRow("a topic of no partition")
            << QStringLiteral(R"("partitions": 2)") << QStringLiteral(R"("partitions": 0)")
            << "graph.json:7:48: expected \"partitions\" between 1 and 10000, found 0";
        QTest::newRow("records spread over the readers")
            << QStringLiteral(R"("maxOutOfOrdernessMs": 0}}},)")
            << QStringLiteral(R"("maxOutOfOrdernessMs": 0, "partitioning": "rebalance"}}},)")
            << "graph.json:8:103: expected \"partitioning\" \"forward\": a Kafka source's records stay with the "
               "reader of their partition, found \"rebalance\"";
    }
    void aKafkaSourceIsRefusedWhereItIsWrong() { refusedWhereItIsWrong(twoTopics("", 0, "none")); }

    void aWindowOverAWindowReadsResultsAtTheirMaxTimestamp()
    {
        // Per-5 s sums, then per-10 s sums of those: the first window's results carry end − 1 (4999, 9999), so
        // both land in [0,10000), which fires once the first operator forwards a watermark of 9999 or more.
        const std::string json = R"({"tidemark": 1,
         "sources": {"temps": {"input": {"records": [
             {"key": "a", "ts": 1000, "value": 1}, {"key": "a", "ts": 6000, "value": 2},
             {"key": "a", "ts": 9999, "value": 4}, {"key": "a", "ts": 12000, "value": 8}]},
           "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0, "emit": "per-event"}}},
         "operators": [
           {"type": "window", "name": "per-5s", "inputs": ["temps"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "sum"}}},
           {"type": "window", "name": "per-10s", "inputs": ["per-5s"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "sum"}}}],
         "endOfInput": "none"})";
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("per-5s> (a,1) window [0,5000) on-time, watermark 5999"),
                QStringLiteral("per-5s> (a,6) window [5000,10000) on-time, watermark 11999"),
                QStringLiteral("per-10s> (a,7) window [0,10000) on-time, watermark 11999")}));
    }

    void anEndOfStreamWindowWaitsForTheEndOfEveryStreamItReads()
    {
        // The global window with its end-of-stream trigger runs in batch mode, its input sorted: no watermark reaches
        // it before every stream it reads has ended. clicks ends at 1 s while views, idle since 1.1 s, still has a
        // record to come at 4 s: their valve is at Long.MAX_VALUE from 1 s, but the window keeps it until views ends
        // too, so views' late record is still in b's list, and each list is in timestamp order.
        std::string json = R"({"tidemark": 1,
         "sources": {
           "clicks": {"input": {"records": [{"key": "a", "ts": 3000, "value": 3, "arrival": 0},
               {"key": "b", "ts": 2000, "value": 2, "arrival": 500}, {"key": "a", "ts": 1000, "value": 1, "arrival": 1000}]},
             "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}},
           "views": {"input": {"records": [{"key": "a", "ts": 1500, "value": 10, "arrival": 100},
               {"key": "b", "ts": 2500, "value": 20, "arrival": 4000}]},
             "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0, "idlenessMs": 1000}}},
         "operators": [
           {"type": "union", "name": "both", "inputs": ["clicks", "views"]},
           {"type": "window", "name": "totals", "inputs": ["both"], "window": {"keyBy": "key",
            "assigner": {"type": "global"}, "trigger": {"type": "end-of-stream"}, "function": {"type": "list"}}}],
         "endOfInput": "max-watermark"})";
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("totals> (a,[1,10,3]) window global on-time, watermark 9223372036854775807"),
                QStringLiteral("totals> (b,[2,20]) window global on-time, watermark 9223372036854775807")}));
        const auto loaded = parse(json);
        const GraphRun run(*loaded.value);
        // the operator's own event time: Long.MIN_VALUE until views ends, then Long.MAX_VALUE
        const auto& lane = run.trace().operatorWatermarks(1, 0);
        QCOMPARE(lane.size(), std::size_t(2));
        QCOMPARE(lane.front().watermark, kMinTimestamp);
        QCOMPARE(lane.back().watermark, kMaxTimestamp);
        const GraphStep& last = run.trace().step(lane.back().step);
        QCOMPARE(last.kind, EventQueue::Kind::EndOfInput);
        QCOMPARE(last.processingTime, Timestamp(4000)); // views' end, after its last record
        // a job that keeps running: the window waits, and the explanation says why
        json.replace(json.find("\"max-watermark\""), 15, "\"none\"");
        const auto running = parse(json);
        const GraphRun stalled(*running.value);
        QCOMPARE(printed(json), QStringList());
        const std::vector<GraphHold> holds = graphHolds(stalled, scenarioTimes(*running.value));
        QCOMPARE(holds.size(), std::size_t(1));
        QCOMPARE(holds[0].text,
            std::string("totals at Long.MIN_VALUE: it emits only after its input has ended (the global window's "
                        "end-of-stream trigger), so Flink runs it in batch mode, its input sorted, and no watermark "
                        "reaches it before then"));
    }

    void aWindowJoinAtTheEndOfStreamPairsEachKeysRecordsInTimestampOrder()
    {
        std::string json = ordersPaymentsWith(0, "max-watermark",
            R"({"type": "window-join", "name": "paid", "inputs": ["orders", "payments"],
                "window": {"assigner": {"type": "global"}, "trigger": {"type": "end-of-stream"}}})");
        json.replace(
            json.find(R"({"key": "o2", "ts": 2600})"), 25, R"({"key": "o2", "ts": 2600}, {"key": "o2", "ts": 2100})");
        // The pairs of o2 come by the payments' timestamps, not as they arrived. The count after the join reads them
        // at the global window's maxTimestamp(), Long.MAX_VALUE, whose tumbling window's end overflows in Flink's
        // long arithmetic as it does here; Flink fires it at Long.MAX_VALUE all the same.
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("paid> (o1,1000,1500) window global on-time, watermark 9223372036854775807"),
                QStringLiteral("paid> (o2,2000,2100) window global on-time, watermark 9223372036854775807"),
                QStringLiteral("paid> (o2,2000,2600) window global on-time, watermark 9223372036854775807"),
                QStringLiteral("paid-per-10s> (3) window [9223372036854770000,-9223372036854771616) on-time, "
                               "watermark 9223372036854775807")}));
        // A count evictor keeps each pane's last two by timestamp: o2's order (2000) and its payment of 2600, not
        // the two payments that came last.
        json.replace(json.find(R"({"key": "o2", "ts": 2100})"), 25, R"({"key": "o2", "ts": 1900})");
        const std::string trigger = R"("trigger": {"type": "end-of-stream"})";
        json.insert(json.find(trigger) + trigger.size(), R"(, "evictor": {"type": "count", "maxCount": 2})");
        QCOMPARE(printed(json).mid(0, 2),
            QStringList({QStringLiteral("paid> (o1,1000,1500) window global on-time, watermark 9223372036854775807"),
                QStringLiteral("paid> (o2,2000,2600) window global on-time, watermark 9223372036854775807")}));
    }

    void whatReadsAnEndOfStreamWindowReadsNothingElse()
    {
        // Flink hands the window's results on through a blocking exchange: whatever reads them starts once it has
        // finished, and a stream read beside them would wait until then.
        std::string json = ordersPaymentsWith(0, "max-watermark",
            R"({"type": "window", "name": "totals", "inputs": ["orders"], "window": {"keyBy": "key",
                "assigner": {"type": "global"}, "trigger": {"type": "end-of-stream"}, "function": {"type": "sum"}}},
               {"type": "union", "name": "paid", "inputs": ["totals", "payments"]})");
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().find("\"paid\" reads \"payments\" beside what comes of \"totals\", a "
                                         "window that emits only after its input has ended")
                != std::string::npos,
            loaded.errorText().c_str());
        // read alone, through another operator, it is a job Flink runs
        const std::string mixed = R"("inputs": ["totals", "payments"])";
        json.replace(json.find(mixed), mixed.size(), R"("inputs": ["totals", "totals"])");
        QVERIFY2(parse(json).ok(), parse(json).errorText().c_str());
    }

    void aUnionReadsEveryChannelOfItsStreams()
    {
        // Two sources in a union: the window's one input has both sources' channels, so its watermark is the
        // smaller of the two (10999 from b, not 20999 from a).
        const std::string json = R"({"tidemark": 1,
         "sources": {
           "a": {"input": {"records": [{"key": "k", "ts": 21000}]},
                 "watermarks": {"strategy": "monotonous", "emit": "per-event"}},
           "b": {"input": {"records": [{"key": "k", "ts": 4000}, {"key": "k", "ts": 11000}]},
                 "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
         "operators": [
           {"type": "union", "name": "both", "inputs": ["a", "b"]},
           {"type": "window", "name": "counts", "inputs": ["both"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 10000}, "function": {"type": "count"}}}],
         "endOfInput": "none"})";
        QCOMPARE(
            printed(json), QStringList({QStringLiteral("counts> (k,1) window [0,10000) on-time, watermark 10999")}));
    }

    void aTimeoutFiresAtTheLastRecordPlusItsTimeAndPrintsWithItsSubtask()
    {
        // A key silent for 3 s: o1's timer at 4000 fires when the watermark reaches it; o2 keeps re-arming. With two
        // subtasks, print("late") prefixes the subtask that emitted.
        const std::string json = R"({"tidemark": 1,
         "sources": {"events": {"input": {"records": [
             {"key": "x", "ts": 1000}, {"key": "y", "ts": 2000}, {"key": "y", "ts": 4000}, {"key": "y", "ts": 6000}]},
           "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
         "operators": [{"type": "process", "name": "quiet", "inputs": ["events"], "parallelism": 2,
            "function": {"type": "event-time-timeout", "timeoutMs": 3000}}],
         "endOfInput": "none"})";
        const QStringList lines = printed(json);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(
            lines.first().endsWith(QStringLiteral("> (x,1000) at 4000, watermark 5999")), qPrintable(lines.first()));
        QVERIFY2(lines.first().startsWith(QStringLiteral("quiet:")), qPrintable(lines.first()));
    }

    void aPeriodicCountReportsEachKeyAtTheEndOfThePeriodsItHadRecordsIn()
    {
        // Every 5 s of event time: a's record at 1000 arms a timer at 4999 (the period [0,5000)'s maxTimestamp), its
        // record at 3000 only counts; b's record at 6000 brings the watermark to 5999, which fires it with a's count
        // 2, and arms b's at 9999; a's at 7000 arms a's at 9999. The end of input fires both in the order they were
        // registered, a's running count now 3. Nothing re-arms from a timer, so the Long.MAX_VALUE watermark ends it.
        const std::string json = R"({"tidemark": 1,
         "sources": {"events": {"input": {"records": [
             {"key": "a", "ts": 1000}, {"key": "a", "ts": 3000}, {"key": "b", "ts": 6000}, {"key": "a", "ts": 7000}]},
           "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
         "operators": [{"type": "process", "name": "counts", "inputs": ["events"],
            "function": {"type": "periodic-count", "intervalMs": 5000}}],
         "endOfInput": "max-watermark"})";
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("counts> (a,2) at 4999, watermark 5999"),
                QStringLiteral("counts> (b,1) at 9999, watermark 9223372036854775807"),
                QStringLiteral("counts> (a,3) at 9999, watermark 9223372036854775807")}));
    }

    void aWindowJoinPairsTheRecordsOfOneWindowAndCoGroupCountsBothSides()
    {
        // o1's order and payment share [0,5000); o2's order (4000) and payment (5500) do not, so the join never pairs
        // them and the coGroup shows the order alone. Both operators read one union of both sources' channels: the
        // payments' watermark (5499), not the orders' (12999), is theirs, so [0,5000) fires at 5499 and [5000,10000)
        // waits for payments that never come.
        const std::string json = R"({"tidemark": 1,
         "sources": {
           "orders": {"input": {"records": [{"key": "o1", "ts": 1000}, {"key": "o2", "ts": 4000},
                                            {"key": "o3", "ts": 13000}]},
                      "watermarks": {"strategy": "monotonous", "emit": "per-event"}},
           "payments": {"input": {"records": [{"key": "o1", "ts": 2000}, {"key": "o2", "ts": 5500}]},
                        "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
         "operators": [
           {"type": "window-join", "name": "paid", "inputs": ["orders", "payments"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000}}},
           {"type": "co-group", "name": "both", "inputs": ["orders", "payments"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000}}}],
         "endOfInput": "none"})";
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("paid> (o1,1000,2000) window [0,5000) on-time, watermark 5499"),
                QStringLiteral("both> (o1,1,1) window [0,5000) on-time, watermark 5499"),
                QStringLiteral("both> (o2,1,0) window [0,5000) on-time, watermark 5499")}));
    }

    void aProcessingTimeTimeoutFiresOnTheClockWhileTheWatermarkStands()
    {
        // x's record arrives at 0 and arms its timer at 0 + 1500; y's records keep coming, but their timestamps stay
        // behind, so the watermark stays at 999 and an event-time timer would wait. The processing-time one fires
        // at 1.5 s, between y's records at 1 s and 2 s, its record without a timestamp; y's own, re-armed at each of
        // its records, fires 1.5 s after its last one (at 4.5 s, within the run's end at 5 s).
        const std::string json = R"({"tidemark": 1, "inputEndMs": 5000,
         "sources": {"events": {"input": {"records": [
             {"key": "x", "ts": 1000}, {"key": "y", "ts": 900}, {"key": "y", "ts": 800}, {"key": "y", "ts": 700}]},
           "watermarks": {"strategy": "monotonous", "emit": "per-event"}}},
         "operators": [{"type": "process", "name": "quiet", "inputs": ["events"],
            "function": {"type": "processing-time-timeout", "timeoutMs": 1500}}],
         "endOfInput": "none"})";
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("quiet> (x,1000) without timestamp, watermark 999"),
                QStringLiteral("quiet> (y,700) without timestamp, watermark 999")}));
        // what it emits has no timestamp: nothing reads it on
        std::string readOn = json;
        const std::string last = R"("timeoutMs": 1500}}])";
        readOn.replace(readOn.find(last), last.size(), R"("timeoutMs": 1500}},
           {"type": "window", "name": "w", "inputs": ["quiet"],
            "window": {"assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "count"}}}])");
        const auto loaded = parse(readOn);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().find("\"quiet\" emits its records without a timestamp") != std::string::npos,
            loaded.errorText().c_str());
    }

    void aProcessingTimeWindowFiresOnTheClockAndItsResultsCarryItsEnd()
    {
        // Records arrive 250 ms apart; windows of 500 ms of processing time. [0,500) holds the first two records
        // (arrivals 0 and 250) and fires when the clock reaches 499; [500,1000) holds records 3 (key b) and 4
        // (a, at 750) and fires at 999. Records 5 and 6 (at 1000 and 1250) fall in [1000,1500), whose timer is due
        // after the run's end (1250 + one emission period), so it never fires. The results go on at 499 and 999, in
        // event time: the per-5 s count after them takes the first (its watermark 1199 then), and drops the others
        // as late, its watermark having passed 4999 with record 4 (ts 5000).
        const std::string json = R"({"tidemark": 1, "defaultArrivalSpacingMs": 250,
         "sources": {"temps": {"input": {"records": [
            {"key": "a", "ts": 1000, "value": 1}, {"key": "a", "ts": 1200, "value": 2}, {"key": "b", "ts": 1300, "value": 3},
            {"key": "a", "ts": 5000, "value": 4}, {"key": "b", "ts": 900, "value": 5}, {"key": "a", "ts": 7000, "value": 6}]},
           "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}}},
         "operators": [
           {"type": "window", "name": "per-half-second", "inputs": ["temps"],
            "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 500, "timeDomain": "processing"},
                       "function": {"type": "sum"}}},
           {"type": "window", "name": "per-5s", "inputs": ["per-half-second"],
            "window": {"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}}}],
         "endOfInput": "max-watermark"})";
        const QStringList lines = printed(json);
        QCOMPARE(lines,
            QStringList({QStringLiteral("per-half-second> (a,3) window [0,500) on-time, watermark 1199"),
                QStringLiteral("per-5s> (1) window [0,5000) on-time, watermark 4999"),
                QStringLiteral("per-half-second> (b,3) window [500,1000) on-time, watermark 4999"),
                QStringLiteral("per-5s> late (3) ts 999 dropped, watermark 4999"),
                QStringLiteral("per-half-second> (a,4) window [500,1000) on-time, watermark 4999"),
                QStringLiteral("per-5s> late (4) ts 999 dropped, watermark 4999")}));
        // the two firings are happenings of their own, at 499 and 999 ms, and say whose timers they are
        const auto loaded = parse(json);
        const GraphRun run(*loaded.value);
        QStringList timers;
        for (StepIndex s = 1; s < run.stepCount(); ++s) {
            if (run.trace().step(s).kind == EventQueue::Kind::ProcessingTimer)
                timers << QString::fromStdString(output::graphStepText(run, s));
        }
        QCOMPARE(timers,
            QStringList({QStringLiteral("step 5 at 0.499 s: processing-time timers of per-half-second; per-half-second "
                                        "1199, per-5s 1199"),
                QStringLiteral("step 10 at 0.999 s: processing-time timers of per-half-second; per-half-second 4999, "
                               "per-5s 4999")}));
    }

    void aWindowJoinIsRefusedWhatFlinkDoesNotOffer_data()
    {
        QTest::addColumn<QString>("window");
        QTest::addColumn<QString>("expected");
        QTest::newRow("windowAll") << R"({"keyBy": null, "assigner": {"type": "tumbling", "sizeMs": 5000}})"
                                   << "a window join is keyed on both inputs (where(key).equalTo(key))";
        QTest::newRow("late side output")
            << R"({"assigner": {"type": "tumbling", "sizeMs": 5000}, "lateSideOutput": true})"
            << "a window join has no late side output in Flink";
        QTest::newRow("delta evictor") << R"({"assigner": {"type": "tumbling", "sizeMs": 5000},
                                        "evictor": {"type": "delta", "threshold": 2}})"
                                       << "a delta evictor reads each record's value, and a window join holds";
        QTest::newRow("a function") << R"({"assigner": {"type": "tumbling", "sizeMs": 5000},
                                           "function": {"type": "count"}})"
                                    << "unknown key \"function\" in window";
    }
    void aWindowJoinIsRefusedWhatFlinkDoesNotOffer()
    {
        QFETCH(QString, window);
        QFETCH(QString, expected);
        std::string json = ordersPaymentsWith(0, "none",
            R"({"type": "window-join", "name": "paid", "inputs": ["orders", "payments"], "window": )"
                + window.toStdString() + "}");
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().find(expected.toStdString()) != std::string::npos, loaded.errorText().c_str());
    }

    void aCountAfterAWindowJoinCountsItsPairs()
    {
        // The pairs go on keyed at the window's maxTimestamp (4999) and without a value: a window after them counts
        // them, and one that sums values is refused. The payments end after their last record, which leaves the
        // orders' watermark to fire [0,5000) at 8999; the count's [0,10000) fires when it reaches 13999.
        std::string json = ordersPaymentsWith(0, "max-watermark",
            R"({"type": "window-join", "name": "paid", "inputs": ["orders", "payments"],
                "window": {"assigner": {"type": "tumbling", "sizeMs": 5000}}})");
        QCOMPARE(printed(json),
            QStringList({QStringLiteral("paid> (o1,1000,1500) window [0,5000) on-time, watermark 8999"),
                QStringLiteral("paid> (o2,2000,2600) window [0,5000) on-time, watermark 8999"),
                QStringLiteral("paid-per-10s> (2) window [0,10000) on-time, watermark 13999")}));
        json.replace(json.find(R"("function": {"type": "count"})"), 29, R"("function": {"type": "sum"})");
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().find("the results of window join \"paid\" carry no value") != std::string::npos,
            loaded.errorText().c_str());
    }

    void aBadGraphIsRefusedWhereItIsWrong_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown input") << "\"inputs\": [\"orders\", \"payments\"]"
                                       << "\"inputs\": [\"orders\", \"payment\"]"
                                       << "graph.json:11:67: unknown stream \"payment\"";
        QTest::newRow("one input to a join")
            << "\"inputs\": [\"orders\", \"payments\"]"
            << "\"inputs\": [\"orders\"]"
            << "graph.json:11:56: \"paid\" is given 1 input: an interval join reads two";
        QTest::newRow("cycle") << "\"inputs\": [\"orders\", \"payments\"]"
                               << "\"inputs\": [\"orders\", \"paid-per-10s\"]"
                               << "graph.json:11:56: the graph has a cycle: \"paid\" → \"paid-per-10s\" → \"paid\"";
        QTest::newRow("unknown key") << "\"endOfInput\""
                                     << "\"x\": 1, \"endOfInput\""
                                     << "graph.json:15:2: unknown key \"x\" in scenario";
        QTest::newRow("bounds") << "\"lowerMs\": 0"
                                << "\"lowerMs\": 6000"
                                << "graph.json:12:28: lowerMs 6000 is above upperMs 5000";
        QTest::newRow("a record without key for the join") << "{\"key\": \"o1\", \"ts\": 1500}"
                                                           << "{\"ts\": 1500}"
                                                           << "graph.json:8:39: missing \"key\" in record (\"paid\" "
                                                              "reads \"payments\" keyed, by keyBy(event -> "
                                                              "event.key))";
        QTest::newRow("a record without value for the window")
            << "\"keyBy\": null, \"assigner\": {\"type\": \"tumbling\", \"sizeMs\": 10000}, \"function\": {\"type\": "
               "\"count\"}"
            << "\"keyBy\": null, \"assigner\": {\"type\": \"tumbling\", \"sizeMs\": 10000}, \"function\": {\"type\": "
               "\"count\"}}},"
               "\n   {\"type\": \"window\", \"name\": \"sums\", \"inputs\": [\"payments\"], \"window\": {\"assigner\": "
               "{\"type\": \"tumbling\", \"sizeMs\": 10000}, \"function\": {\"type\": \"sum\"}"
            << "graph.json:8:39: missing \"value\" in record (window \"sums\" reads \"payments\", and its function "
               "\"sum\" reads the value)";
    }
    void aBadGraphIsRefusedWhereItIsWrong() { refusedWhereItIsWrong(ordersPayments(0, "none")); }

    void anAssignerAfterAnOperatorForgetsWhatHeldItsInput()
    {
        // The join's event time is min(orders, payments) − 20 s: the window right after it never fires. The
        // assigner drops what reaches it of that and makes its own from the pairs' timestamps (monotonous: the
        // largest − 1), so after the pair at 12500 the window after it fires [0,10000) with the first two pairs. (With
        // two assigner subtasks, the one that got only the pair at 2600 would hold it: each makes its own.)
        const QStringList lines = printed(std::string(kRestamped));
        QVERIFY(lines.filter(QRegularExpression(QStringLiteral("^direct"))).isEmpty());
        const QStringList after = lines.filter(QRegularExpression(QStringLiteral("^after> ")));
        QCOMPARE(after.size(), 1);
        QVERIFY2(after.front() == QStringLiteral("after> (2) window [0,10000) on-time, watermark 12499"),
            qPrintable(after.front()));
        QCOMPARE(lines.filter(QRegularExpression(QStringLiteral("^paid:[12]> "))).size(), 3);
        // --explain follows the window after it no further than the assigner: what holds it is its own
        const auto loaded = parse(std::string(kRestamped));
        const GraphRun run(*loaded.value);
        const std::vector<GraphHold> holds = graphHolds(run, scenarioTimes(*loaded.value));
        const auto held
            = std::find_if(holds.begin(), holds.end(), [](const GraphHold& h) { return h.text.starts_with("after "); });
        QVERIFY(held != holds.end());
        QCOMPARE(QString::fromStdString(held->text),
            QStringLiteral("after at 12499 ms ← restamped at 12499 ms (its largest timestamp 12500 ms): it assigns its "
                           "own watermarks from the records that reach it"));
    }

    void anAssignerIsRefusedWhereItIsWrong_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("reads a source") << "\"inputs\": [\"paid\"],\n    \"watermarks\""
                                        << "\"inputs\": [\"orders\"],\n    \"watermarks\""
                                        << "graph.json:12:59: \"restamped\" reads source \"orders\" directly";
        QTest::newRow("forward changes the parallelism")
            << "\"partitioning\": \"rebalance\""
            << "\"partitioning\": \"forward\""
            << "graph.json:13:80: Flink refuses it: \"Forward partitioning does not allow change of parallelism. "
               "Upstream operation: paid parallelism: 2, downstream operation: restamped parallelism: 1";
        QTest::newRow("a record's channel") << "\"partitioning\": \"rebalance\""
                                            << "\"partitioning\": \"channel\""
                                            << "graph.json:13:80: records between operators name no channel";
        QTest::newRow("nothing reads it") << "\"inputs\": [\"restamped\"]"
                                          << "\"inputs\": [\"paid\"]"
                                          << "graph.json:12:4: nothing reads \"restamped\"";
    }
    void anAssignerIsRefusedWhereItIsWrong() { refusedWhereItIsWrong(std::string(kRestamped)); }

    void aKeyedOperatorAfterWindowAllIsRefused()
    {
        std::string json = ordersPayments(0, "none");
        const std::string last = R"("function": {"type": "count"}}})";
        json.replace(json.find(last), last.size(), std::string(last) + R"(,
   {"type": "process", "name": "t", "inputs": ["paid-per-10s"], "function": {"type": "sort-until-watermark"}})");
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().find("\"t\" is keyed, but the results of windowAll \"paid-per-10s\" carry no key")
                != std::string::npos,
            loaded.errorText().c_str());
    }

    void aBroadcastSideGivenAKeyIsRefusedAtTheKey()
    {
        // A rule with a key would hold for every key all the same: processBroadcastElement has no current key.
        const std::string json = R"({"tidemark": 1,
 "sources": {
  "readings": {"input": {"records": [{"key": "s1", "ts": 1000}]}, "watermarks": {"strategy": "monotonous"}},
  "rules": {"input": {"records": [{"ts": 0, "value": 3000}, {"key": "s1", "ts": 0, "value": 500}]},
            "watermarks": {"strategy": "input"}}},
 "operators": [{"type": "broadcast-process", "name": "silent", "inputs": ["readings", "rules"],
                "function": {"type": "rule-timeout", "timeoutMs": 5000}}]})";
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().starts_with("graph.json:4:69: unexpected \"key\" in a record of a broadcast side "
                                                "(\"rules\" is broadcast to every subtask of \"silent\""),
            loaded.errorText().c_str());
        QVERIFY2(
            loaded.errorText().find("put it in the rule and look it up in the broadcast state") != std::string::npos,
            loaded.errorText().c_str());
    }

    void aCoProcessOperatorNeedsAFunctionOfTwoInputs()
    {
        std::string json = ordersPaymentsWith(0, "none",
            R"({"type": "co-process", "name": "paid", "inputs": ["orders", "payments"],
    "function": {"type": "event-time-timeout", "timeoutMs": 5000}})");
        const auto loaded = parse(json);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().starts_with("graph.json:12:26: this function runs in a \"process\" operator (a "
                                                "KeyedProcessFunction of one input), not in a \"co-process\" operator"),
            loaded.errorText().c_str());
    }

    void theExplanationFollowsAStallUpstreamToTheSilentSource()
    {
        // The stalled join: the window after it, the join, its second input, the payments source that fell silent.
        const auto loaded = parse(ordersPayments(0, "none"));
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const GraphRun run(*loaded.value);
        const std::vector<GraphHold> holds = graphHolds(run, scenarioTimes(*loaded.value));
        QCOMPARE(holds.size(), std::size_t(2));
        QCOMPARE(holds[1].watermark, Timestamp(2599));
        // The suggestion is the run again with it: payments' records come 1 s apart, so 2 s of idleness, with which
        // the join would have passed 2599 ms at the step named.
        const QString text = QString::fromStdString(holds[1].text);
        QVERIFY2(text.startsWith(QStringLiteral(
                     "paid-per-10s at 2599 ms ← paid at 2599 ms ← input 2, payments at 2599 ms (its largest "
                     "timestamp 2600 ms); no record since processing time 1.000 s, while the others went on to "
                     "4.000 s (withIdleness(Duration.ofMillis(2000)) on payments, longer than any gap between its "
                     "records (1 s), would have released it at step ")),
            qPrintable(text));
        const QRegularExpressionMatch named
            = QRegularExpression(QStringLiteral("at step (\\d+), processing time (\\S+) s\\)$")).match(text);
        QVERIFY2(named.hasMatch(), qPrintable(text));
        const auto step = static_cast<StepIndex>(named.captured(1).toUInt());
        // With idleness the payments input is out, and orders, still reading, hold the join: nothing to suggest.
        const auto released = parse(ordersPayments(2000, "none"));
        const GraphRun run2(*released.value);
        const auto& history = run2.trace().operatorWatermarks(0, 0);
        const auto first
            = std::find_if(history.begin(), history.end(), [](const WatermarkPoint& p) { return p.watermark > 2599; });
        QVERIFY(first != history.end());
        QCOMPARE(first->step, step);
        QCOMPARE(TimeFormatter::processingTime(first->processingTime), named.captured(2).toStdString() + " s");
        const std::vector<GraphHold> holds2 = graphHolds(run2, scenarioTimes(*released.value));
        QVERIFY2(
            QString::fromStdString(holds2[0].text).startsWith(QStringLiteral("paid at 20999 ms ← input 1, orders")),
            holds2[0].text.c_str());
        QVERIFY(holds2[0].text.find("withIdleness") == std::string::npos);
    }

    void aSourceOfOneRecordIsToldAnIdlenessAboveItsEmissionPeriod()
    {
        // payments sends one record and falls silent: no gap between its records to stay above, so the idleness
        // suggested is the round duration above its 200 ms emission period, and the join would follow orders from
        // the periodic check that finds it idle.
        std::string json = ordersPayments(0, "none");
        const std::string payments = R"([{"key": "o1", "ts": 1500}, {"key": "o2", "ts": 2600}])";
        json.replace(json.find(payments), payments.size(), R"([{"key": "o1", "ts": 1500}])");
        const auto loaded = parse(json);
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const GraphRun run(*loaded.value);
        const std::vector<GraphHold> holds = graphHolds(run, scenarioTimes(*loaded.value));
        QVERIFY2(holds[0].text.find("(withIdleness(Duration.ofMillis(500)) on payments, longer than its emission "
                                    "period (200 ms), would have released it at step ")
                != std::string::npos,
            holds[0].text.c_str());
    }

    // Saving writes the graph back as the format describes it: loading the text gives the same scenario (each source's
    // records and watermarks, each operator) and the same output, and saving that again the same text.
    void everyGraphExampleSavesAndLoadsBackToTheSameRun()
    {
        const auto graphs = io::graphExamples();
        QVERIFY(graphs.size() >= 8);
        io::LoadOptions options;
        options.jobGraphs = true;
        std::size_t outputs = 0; // a stalled graph's example prints nothing; together they print
        for (const io::Example& example : graphs) {
            const auto first = io::loadScenarioFile(example.path, options);
            QVERIFY2(first.ok(), first.errorText().c_str());
            const std::string saved = io::saveScenario(*first.value);
            const auto second = io::parseScenario(saved, "saved.json", example.path.parent_path(), options);
            QVERIFY2(second.ok(), (example.path.string() + ": " + second.errorText()).c_str());
            const auto difference = test::scenarioDifference(*first.value, *second.value);
            QVERIFY2(!difference, (example.path.string() + ": " + difference.value_or("")).c_str());
            QCOMPARE(io::saveScenario(*second.value), saved);
            const GraphRun before(*first.value);
            const GraphRun after(*second.value);
            outputs += before.outputs().size();
            QCOMPARE(output::graphOutputLines(after, *second.value).json,
                output::graphOutputLines(before, *first.value).json);
        }
        QVERIFY(outputs > 20);
    }

    // The comparison the round trip relies on sees a change in any source or operator, and says where.
    void aSavedGraphDiffersWhereASourceOrOperatorChanged()
    {
        const auto loaded = parse(ordersPayments(0, "none"));
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        Scenario idle = *loaded.value;
        idle.graph->sources[1].watermarks.idlenessMs = 2000;
        QCOMPARE(test::scenarioDifference(*loaded.value, idle).value_or(""),
            std::string("sources.payments.watermarks.idlenessMs: 0 vs 2000"));
        Scenario later = *loaded.value;
        later.graph->sources[0].records[2].ts = 9500;
        QCOMPARE(test::scenarioDifference(*loaded.value, later).value_or(""),
            std::string("sources.orders.input.records[2].ts: 9000 vs 9500"));
        Scenario wider = *loaded.value;
        wider.graph->operators[0].join.upperMs = 6000;
        QVERIFY(test::scenarioDifference(*loaded.value, wider).value_or("").starts_with("operators: "));
        QVERIFY(!test::scenarioDifference(*loaded.value, *loaded.value));
    }

    void aFrontEndThatOpensChainsRefusesAGraph()
    {
        const auto loaded = io::parseScenario(ordersPayments(0, "none"), "graph.json", ".");
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorText().starts_with("graph.json:1:1: this is a job graph (docs/job-graph.md): `tidemark "
                                                "run graph.json` runs it"),
            loaded.errorText().c_str());
    }

    void aChainScenarioHasNoGraph()
    {
        const auto loaded = parse(R"({"tidemark": 1, "input": {"records": [{"key": "1", "ts": 1000}]},
            "pipeline": {"watermarks": {"strategy": "monotonous"},
                         "window": {"assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}}}})");
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        QVERIFY(!loaded.value->graph);
    }
};

QTEST_APPLESS_MAIN(GraphRunTest)
#include "tst_graph_run.moc"
