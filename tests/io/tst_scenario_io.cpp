#include "engine/io/JsonTree.h"
#include "engine/io/ScenarioIo.h"

#include "ScenarioDifference.h"
#include "StdStringPrinting.h"
#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QTest>

#include <fstream>
#include <iterator>

using namespace tidemark;

namespace {

// The example of the scenario format v1 contract, laid out one setting per line so that error positions
// are easy to read off.
const std::string kBase = R"({ "tidemark": 1, "name": "post 000", "description": "keyed tumbling windows",
  "input": { "records": [ {"key": "1", "value": 20, "ts": 1000},
                          {"watermark": 4999},
                          {"key": "2", "value": 21, "ts": 4000, "channel": 1, "arrival": 1200} ] },
  "pipeline": {
    "source": {"parallelism": 1},
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 2000,
                   "emit": "periodic", "periodMs": 200, "idlenessMs": 0,
                   "parallelism": 2, "partitioning": "rebalance", "firstChannel": 0},
    "window": {"keyBy": "key",
               "assigner": {"type": "tumbling", "sizeMs": 5000, "offsetMs": 0},
               "trigger": {"type": "event-time"}, "purging": false,
               "allowedLatenessMs": 1000, "lateSideOutput": false,
               "function": {"type": "list", "field": "value"}, "parallelism": 1},
    "endOfInput": "none" } }
)";

// A Kafka topic of 3 partitions read by 2 readers, watermarks per partition.
const std::string kKafka = R"({ "tidemark": 1, "name": "clicks",
  "input": { "records": [ {"key": "a", "ts": 1000, "partition": 0, "offset": 7},
                          {"key": "b", "ts": 2000, "partition": 2} ] },
  "pipeline": {
    "source": {"parallelism": 2, "kafka": {"topic": "clicks", "partitions": 3, "watermarks": "per-partition"}},
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 2000},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000},
               "function": {"type": "count"}} } }
)";

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        throw std::logic_error("test row refers to text that is not in the base scenario: " + from);
    text.replace(at, from.size(), to);
    return text;
}

io::Loaded<Scenario> parse(const std::string& json, const std::filesystem::path& dir = {})
{
    return io::parseScenario(json, "s.json", dir);
}

void writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

} // namespace

class TestScenarioIo : public QObject {
    Q_OBJECT

private slots:
    // Each inline record knows its line, counted in one pass however many there are (a chain's and a graph
    // source's), and a counter asked out of order counts again from the start.
    void manyInlineRecordsKnowTheirLines()
    {
        std::string records;
        for (int i = 0; i < 50000; ++i)
            records += std::string(i ? ",\n" : "") + R"({"key": "k", "ts": )" + std::to_string(1000 + i) + "}";
        const std::string json = R"({"tidemark": 1, "input": {"records": [
)" + records + R"(]},
  "pipeline": {"watermarks": {"strategy": "monotonous"},
               "window": {"assigner": {"type": "tumbling", "sizeMs": 5000}, "function": {"type": "count"}}}})";
        const auto r = parse(json);
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.value->records.size(), std::size_t(50000));
        QCOMPARE(r.value->records.front().sourceLine, 2u);
        QCOMPARE(r.value->records[24999].sourceLine, 25001u);
        QCOMPARE(r.value->records.back().sourceLine, 50001u);

        const std::string_view text = "a\nb\n\nc";
        io::detail::LineCounter lines(text);
        QCOMPARE(lines.lineAt(0), 1u);
        QCOMPARE(lines.lineAt(2), 2u);
        QCOMPARE(lines.lineAt(5), 4u);
        QCOMPARE(lines.lineAt(2), 2u); // out of order
        QCOMPARE(lines.lineAt(99), 4u); // past the end: the last line
    }

    void loadsTheContractExample()
    {
        const auto r = parse(kBase);
        QVERIFY2(r.ok(), r.errorText().c_str());
        const Scenario& s = *r.value;
        QCOMPARE(s.name, std::string("post 000"));
        QCOMPARE(s.records.size(), std::size_t(3));
        QCOMPARE(s.keys.name(s.records[0].key), std::string("1"));
        QCOMPARE(s.records[0].value, 20.0);
        QCOMPARE(s.records[0].ts, Timestamp(1000));
        QCOMPARE(s.records[0].arrival, InputRecord::kNoArrival);
        QCOMPARE(s.records[0].sourceLine, 2u);
        QVERIFY(s.records[1].isWatermark());
        QCOMPARE(s.records[1].ts, Timestamp(4999));
        QCOMPARE(s.records[1].channel, InputRecord::kNoChannel);
        QCOMPARE(s.records[2].channel, 1);
        QCOMPARE(s.records[2].arrival, Timestamp(1200));
        const auto& p = s.pipeline;
        QCOMPARE(p.watermarks.strategy, WatermarkConfig::Strategy::BoundedOutOfOrderness);
        QCOMPARE(p.watermarks.maxOutOfOrdernessMs, DurationMs(2000));
        QCOMPARE(p.watermarks.parallelism, 2);
        QCOMPARE(p.window.keyBy.value(), std::string("key"));
        QCOMPARE(p.window.assigner.sizeMs, DurationMs(5000));
        QCOMPARE(p.window.trigger.type, TriggerSpec::Type::EventTime);
        QCOMPARE(p.window.allowedLatenessMs, DurationMs(1000));
        QCOMPARE(p.window.function.type, FunctionSpec::Type::List);
        QCOMPARE(p.endOfInput, EndOfInput::None);
        QVERIFY(!s.inputFile);
    }

    void keepsJavaLongExtremesAndKeyTextExactly()
    {
        auto json = replaced(kBase, R"({"key": "1", "value": 20, "ts": 1000})",
            R"({"key": 7, "ts": -9223372036854775808}, {"key": 1.50, "ts": 9223372036854775807})");
        json = replaced(json, R"({"watermark": 4999})", R"({"watermark": 9223372036854775807, "channel": 1})");
        json = replaced(json, R"("type": "list")", R"("type": "count")");
        const auto r = parse(json);
        QVERIFY2(r.ok(), r.errorText().c_str());
        const Scenario& s = *r.value;
        QCOMPARE(s.records[0].ts, kMinTimestamp);
        QCOMPARE(s.keys.name(s.records[0].key), std::string("7"));
        QVERIFY(!s.records[0].hasValue);
        QCOMPARE(s.records[1].ts, kMaxTimestamp);
        QCOMPARE(s.keys.name(s.records[1].key), std::string("1.50"));
        QCOMPARE(s.records[2].ts, kMaxTimestamp);
        QCOMPARE(s.records[2].channel, 1);
        const auto again = parse(io::saveScenario(s));
        QVERIFY2(again.ok(), again.errorText().c_str());
        const auto diff = test::scenarioDifference(s, *again.value);
        QVERIFY2(!diff, diff ? diff->c_str() : "");
    }

    void reportsBadScenariosAtTheOffendingValue_data()
    {
        QTest::addColumn<std::string>("from");
        QTest::addColumn<std::string>("to");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("misspelt key names the closest")
            << std::string("\"allowedLatenessMs\"") << std::string("\"allowedLatnessMs\"")
            << std::string(
                   "s.json:13:16: unknown key \"allowedLatnessMs\" in window; did you mean \"allowedLatenessMs\"?");
        QTest::newRow("newer format version")
            << std::string("\"tidemark\": 1") << std::string("\"tidemark\": 2")
            << std::string("s.json:1:15: this file is scenario format 2, but this version of Tidemark reads format 1; "
                           "open it with a newer Tidemark");
        QTest::newRow("duration written as text")
            << std::string("\"sizeMs\": 5000") << std::string("\"sizeMs\": \"5s\"")
            << std::string("s.json:11:59: expected an integer for \"sizeMs\", found \"5s\"");
        QTest::newRow("fractional duration")
            << std::string("\"allowedLatenessMs\": 1000") << std::string("\"allowedLatenessMs\": 1000.5")
            << std::string("s.json:13:37: expected an integer for \"allowedLatenessMs\", found 1000.5");
        QTest::newRow("timestamp beyond a Java long")
            << std::string("\"ts\": 4000") << std::string("\"ts\": 9223372036854775808")
            << std::string("s.json:4:59: expected an integer between -9223372036854775808 and 9223372036854775807 "
                           "for \"ts\", found 9223372036854775808");
        QTest::newRow("event-time arrivals at no speed")
            << std::string("\"name\": \"post 000\",")
            << std::string("\"name\": \"post 000\", \"eventTimeArrivalSpeedup\": 0,")
            << std::string("s.json:1:65: expected \"eventTimeArrivalSpeedup\" of 1 or more, found 0");
        QTest::newRow("negative window size")
            << std::string("\"sizeMs\": 5000") << std::string("\"sizeMs\": -5000")
            << std::string("s.json:11:59: expected a positive \"sizeMs\", found -5000");
        QTest::newRow("offset not below size")
            << std::string("\"offsetMs\": 0") << std::string("\"offsetMs\": 5000")
            << std::string("s.json:11:77: expected \"offsetMs\" between -4999 and 4999 (less than \"sizeMs\" in "
                           "absolute value), found 5000");
        QTest::newRow("parallelism below one")
            << std::string("\"parallelism\": 2") << std::string("\"parallelism\": 0")
            << std::string("s.json:9:35: expected \"parallelism\" between 1 and 128, found 0");
        QTest::newRow("channel beyond the watermark channels")
            << std::string("\"channel\": 1") << std::string("\"channel\": 2")
            << std::string("s.json:4:76: expected \"channel\" between 0 and 1 (watermarks.parallelism is 2), found 2");
        QTest::newRow("channel partitioning needs a channel on every event")
            << std::string("\"rebalance\"") << std::string("\"channel\"")
            << std::string("s.json:2:27: missing \"channel\" in record (partitioning is \"channel\")");
        QTest::newRow("unknown strategy")
            << std::string("\"bounded-out-of-orderness\"") << std::string("\"bounded\"")
            << std::string("s.json:7:32: expected one of \"bounded-out-of-orderness\", \"monotonous\", "
                           "\"legacy-bounded-out-of-orderness\", \"input\" for \"strategy\", found \"bounded\"");
        QTest::newRow("bounded strategy without its bound")
            << std::string("\"maxOutOfOrdernessMs\": 2000,") << std::string("")
            << std::string("s.json:7:19: missing \"maxOutOfOrdernessMs\" in watermarks (needed by the strategy "
                           "\"bounded-out-of-orderness\")");
        QTest::newRow("record without a timestamp")
            << std::string("\"value\": 20, \"ts\": 1000") << std::string("\"value\": 20")
            << std::string("s.json:2:27: missing \"ts\" in record (the event timestamp in ms)");
        QTest::newRow("keyed window, record without a key")
            << std::string("{\"key\": \"1\", \"value\": 20,") << std::string("{\"value\": 20,")
            << std::string("s.json:2:27: missing \"key\" in record (the window is keyed by \"key\"; use \"keyBy\": "
                           "null for windowAll)");
        QTest::newRow("value that is not a number")
            << std::string("\"value\": 20") << std::string("\"value\": \"20\"")
            << std::string("s.json:2:49: expected a number for \"value\", found \"20\"");
        QTest::newRow("key that is neither text nor a number")
            << std::string("{\"key\": \"1\"") << std::string("{\"key\": true")
            << std::string("s.json:2:35: expected a string, a number or a list of them for \"key\", found true");
        QTest::newRow("misspelt record field")
            << std::string("\"value\": 21") << std::string("\"vaule\": 21")
            << std::string("s.json:4:40: unknown key \"vaule\" in record; did you mean \"value\"?");
        QTest::newRow("missing pipeline")
            << std::string("\"pipeline\": {") << std::string("\"pipelines\": {")
            << std::string("s.json:5:3: unknown key \"pipelines\" in scenario; did you mean \"pipeline\"?");
        QTest::newRow("sliding without a slide")
            << std::string("\"type\": \"tumbling\"") << std::string("\"type\": \"sliding\"")
            << std::string("s.json:11:28: missing \"slideMs\" in sliding assigner");
        QTest::newRow("session keys on a tumbling assigner")
            << std::string("\"offsetMs\": 0") << std::string("\"gapMs\": 0")
            << std::string("s.json:11:65: unknown key \"gapMs\" in tumbling assigner; did you mean \"sizeMs\"?");
        QTest::newRow("duplicate key") << std::string("\"purging\": false")
                                       << std::string("\"purging\": false, \"purging\": true")
                                       << std::string("s.json:12:69: duplicate key \"purging\" in window");
        QTest::newRow("first channel beyond the channels")
            << std::string("\"firstChannel\": 0") << std::string("\"firstChannel\": 2")
            << std::string("s.json:9:83: expected \"firstChannel\" between 0 and 1 (watermarks.parallelism is 2), "
                           "found 2");
        QTest::newRow("keyBy null means windowAll")
            << std::string("\"keyBy\": \"key\"") << std::string("\"keyBy\": null") << std::string("");
        QTest::newRow("forward needs equal parallelism")
            << std::string("\"rebalance\"") << std::string("\"forward\"")
            << std::string("s.json:6:31: \"forward\" partitioning needs source.parallelism equal to "
                           "watermarks.parallelism (2), found 1");
        QTest::newRow("missing comma")
            << std::string("\"ts\": 1000},") << std::string("\"ts\": 1000}")
            << std::string("s.json:3:27: invalid JSON: a missing or extra comma, colon, brace or bracket");
        QTest::newRow("unclosed string") << std::string("\"endOfInput\": \"none\" } }")
                                         << std::string("\"endOfInput\": \"none } }")
                                         << std::string("s.json:15:19: invalid JSON: a string is not closed");
        QTest::newRow("invalid UTF-8") << std::string("post 000") << std::string("post \xff")
                                       << std::string("s.json:1:32: invalid UTF-8");
        QTest::newRow("unknown display zone")
            << std::string("\"name\": \"post 000\",") << std::string("\"display\": {\"zone\": \"Asia/Shangai\"},")
            << std::string("s.json:1:38: unknown time zone \"Asia/Shangai\" (not in the tzdata under "
                           "/usr/share/zoneinfo)");
        QTest::newRow("count trigger of zero")
            << std::string("{\"type\": \"event-time\"}") << std::string("{\"type\": \"count\", \"count\": 0}")
            << std::string("s.json:12:54: expected \"count\" of at least 1, found 0");
        QTest::newRow("flink version Tidemark does not follow")
            << std::string("\"name\": \"post 000\",") << std::string("\"flinkVersion\": \"1.19\",")
            << std::string("s.json:1:34: expected \"1.20\" or \"2.3\" for \"flinkVersion\" (the Flink release line "
                           "the scenario follows), found \"1.19\"");
        QTest::newRow("flink 2 refuses more than 10,000,000 sliding windows per record")
            << std::string(R"({"type": "tumbling", "sizeMs": 5000, "offsetMs": 0})")
            << std::string(R"({"type": "sliding", "sizeMs": 100000000000, "slideMs": 10, "offsetMs": 0})")
            << std::string("s.json:11:28: SlidingEventTimeWindows parameters must satisfy size / slide <= 10000000, "
                           "found size 100000000000 ms and slide 10 ms (Flink 2.3 refuses the job; choose a longer "
                           "slide or a shorter size)");
        QTest::newRow("flink version belongs to the scenario, not the watermarks")
            << std::string("\"strategy\": \"bounded-out-of-orderness\"")
            << std::string("\"strategy\": \"legacy-bounded-out-of-orderness\", \"flinkVersion\": \"1.20\"")
            << std::string("s.json:7:67: unknown key \"flinkVersion\" in watermarks; did you mean \"idlenessMs\"?");
        QTest::newRow("function field other than value or ts")
            << std::string("\"field\": \"value\"") << std::string("\"field\": \"temp\"")
            << std::string("s.json:14:54: expected \"value\" or \"ts\" for \"field\", found \"temp\"");
    }
    void reportsBadScenariosAtTheOffendingValue()
    {
        QFETCH(std::string, from);
        QFETCH(std::string, to);
        QFETCH(std::string, expected);
        const auto r = parse(replaced(kBase, from, to));
        if (expected.empty()) {
            QVERIFY2(r.ok(), r.errorText().c_str());
            return;
        }
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), std::size_t(1));
        QCOMPARE(r.errors.front().toString(), expected);
    }

    void theNamedFlinkLineDecidesWhetherTheJobIsBuilt()
    {
        const std::string sliding = replaced(kBase, R"({"type": "tumbling", "sizeMs": 5000, "offsetMs": 0})",
            R"({"type": "sliding", "sizeMs": 100000000000, "slideMs": 10, "offsetMs": 0})");
        QVERIFY(!parse(sliding).ok()); // the newest line, 2.3, refuses it
        const auto flink120 = parse(replaced(sliding, "\"name\": \"post 000\",", "\"flinkVersion\": \"1.20\","));
        QVERIFY2(flink120.ok(), flink120.errorText().c_str()); // 1.20 has no such bound
        QCOMPARE(flink120.value->pipeline.flinkVersion, (FlinkVersion {1, 20}));
        QCOMPARE(parse(kBase).value->pipeline.flinkVersion, kNewestFlinkVersion);
    }

    void compositeKeysAreTuples()
    {
        const auto r = parse(replaced(
            kBase, R"({"key": "1", "value": 20, "ts": 1000})", R"({"key": ["a", 7], "value": 20, "ts": 1000})"));
        QVERIFY2(r.ok(), r.errorText().c_str());
        const auto key = r.value->records[0].key;
        QCOMPARE(r.value->keys.name(key), std::string("(a,7)"));
        QCOMPARE(r.value->keys.javaHash(key), 31 * 97 + 55); // Tuple2("a", "7").hashCode()
    }

    void functionsThatReadValuesNeedThemOnEveryEvent()
    {
        const auto json = replaced(replaced(kBase, "\"type\": \"list\"", "\"type\": \"sum\""),
            "{\"key\": \"1\", \"value\": 20, \"ts\": 1000}", "{\"key\": \"1\", \"ts\": 1000}");
        const auto r = parse(json);
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.front().toString(),
            std::string("s.json:2:27: missing \"value\" in record (the window function \"sum\" reads it)"));
    }

    void refusesDocumentsThatAreNotScenarios_data()
    {
        QTest::addColumn<std::string>("json");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("empty") << std::string("  \n")
                               << std::string("s.json:2:1: expected a JSON object, found an empty file");
        QTest::newRow("array") << std::string("[1, 2]")
                               << std::string("s.json:1:1: expected a scenario object, found an array");
        QTest::newRow("string") << std::string("\"hello\"")
                                << std::string("s.json:1:1: expected a scenario object, found \"hello\"");
        QTest::newRow("no version")
            << std::string("{\"name\": \"x\"}")
            << std::string("s.json:1:1: missing \"tidemark\" in scenario (the scenario format version, 1)");
        QTest::newRow("number out of range") << std::string(
            "{\"tidemark\": 1e999}") << std::string("s.json:1:14: invalid JSON: malformed or out-of-range number");
    }
    void refusesDocumentsThatAreNotScenarios()
    {
        QFETCH(std::string, json);
        QFETCH(std::string, expected);
        const auto r = parse(json);
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.front().toString(), expected);
    }

    void kafkaSourcesAreCheckedWhereTheyStand_data()
    {
        QTest::addColumn<std::string>("from");
        QTest::addColumn<std::string>("to");
        QTest::addColumn<std::string>("expected");
        const auto row = [](const char* name, const char* from, const char* to, const char* expected) {
            QTest::newRow(name) << std::string(from) << std::string(to) << std::string(expected);
        };
        row("the readers are the channels", "", "", "");
        row("a partition beyond the topic", R"("partition": 2})", R"("partition": 3})",
            "s.json:3:65: expected \"partition\" between 0 and 2 (topic \"clicks\" has 3 partitions), found 3");
        row("a record without its partition", R"(, "partition": 2})", "}",
            "s.json:3:27: missing \"partition\" in record (topic \"clicks\" has 3 partitions)");
        row("a channel, which the partition decides", R"("partition": 2})", R"("partition": 2, "channel": 1})",
            "s.json:3:79: \"channel\" has no place with a Kafka source: a record goes to the reader of its "
            "\"partition\"");
        row("a watermark record, which a topic cannot carry", R"({"key": "b", "ts": 2000, "partition": 2})",
            R"({"watermark": 500})",
            "s.json:3:27: a Kafka source carries no watermark records: its readers make the watermarks (topic "
            "\"clicks\" has 3 partitions)");
        row("watermark parallelism other than the readers'", R"("maxOutOfOrdernessMs": 2000})",
            R"("maxOutOfOrdernessMs": 2000, "parallelism": 3})",
            "s.json:6:104: expected \"parallelism\" 2: the watermarks of a Kafka source are made in or right after its "
            "readers (source.parallelism 2), found 3");
        row("rebalancing a Kafka source's records", R"("maxOutOfOrdernessMs": 2000})",
            R"("maxOutOfOrdernessMs": 2000, "partitioning": "rebalance"})",
            "s.json:6:105: expected \"partitioning\" \"forward\": a Kafka source's records stay with the reader of "
            "their partition, found \"rebalance\"");
        row("no partitions", R"("partitions": 3)", R"("partitions": 0)",
            "s.json:5:77: expected \"partitions\" between 1 and 10000, found 0");
        row("the legacy extractor per partition", R"("strategy": "bounded-out-of-orderness")",
            R"("strategy": "legacy-bounded-out-of-orderness")",
            "s.json:6:32: \"legacy-bounded-out-of-orderness\" makes no watermark per partition: Flink gives every "
            "split "
            "of a reader the one BoundedOutOfOrdernessTimestampExtractor; use \"bounded-out-of-orderness\", or "
            "\"watermarks\": \"after-source\" in the Kafka source");
        row("the legacy extractor after the source", R"("watermarks": "per-partition")",
            R"("watermarks": "after-source")", "");
        row("a partition without a Kafka source",
            R"(, "kafka": {"topic": "clicks", "partitions": 3, "watermarks": "per-partition"})", "",
            "s.json:2:65: a record's partition and offset need a Kafka source (\"pipeline\": {\"source\": "
            "{\"kafka\": …}})");
    }
    void kafkaSourcesAreCheckedWhereTheyStand()
    {
        QFETCH(std::string, from);
        QFETCH(std::string, to);
        QFETCH(std::string, expected);
        std::string json = from.empty() ? kKafka : replaced(kKafka, from, to);
        if (std::string(QTest::currentDataTag()) == "the legacy extractor after the source")
            json = replaced(
                json, R"("strategy": "bounded-out-of-orderness")", R"("strategy": "legacy-bounded-out-of-orderness")");
        const auto r = parse(json);
        if (expected.empty()) {
            QVERIFY2(r.ok(), r.errorText().c_str());
            const PipelineConfig& p = r.value->pipeline;
            QVERIFY(p.kafka.has_value());
            QCOMPARE(p.watermarks.parallelism, 2);
            QVERIFY(p.watermarks.partitioning == WatermarkConfig::Partitioning::Forward);
            QCOMPARE(r.value->records[0].partition, 0);
            QCOMPARE(r.value->records[0].offset, std::int64_t(7));
            QCOMPARE(r.value->records[1].offset, InputRecord::kNoOffset);
            return;
        }
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.front().toString(), expected);
    }

    void savedScenariosLoadBackUnchanged_data()
    {
        QTest::addColumn<std::string>("json");
        QTest::newRow("contract example") << kBase;
        QTest::newRow("sliding, count trigger, evictor, side output")
            << replaced(replaced(replaced(kBase, R"({"type": "tumbling", "sizeMs": 5000, "offsetMs": 0})",
                                     R"({"type": "sliding", "sizeMs": 10000, "slideMs": 5000, "offsetMs": -1000})"),
                            R"("trigger": {"type": "event-time"}, "purging": false,)",
                            R"("trigger": {"type": "count", "count": 3}, "purging": true,
                      "evictor": {"type": "delta", "threshold": 2.5, "evictAfter": true},)"),
                   R"("lateSideOutput": false)", R"("lateSideOutput": true)");
        QTest::newRow("processing-time session, windowAll, display, lenient")
            << replaced(replaced(replaced(kBase, R"({"type": "tumbling", "sizeMs": 5000, "offsetMs": 0})",
                                     R"({"type": "session", "gapMs": 3000, "timeDomain": "processing"})"),
                            R"("keyBy": "key")", R"("keyBy": null)"),
                   R"("name": "post 000",)",
                   // (an ordinary literal: moc misreads backslashes inside raw strings)
                   "\"name\": \"post \\\"000\\\"\\n\\u00e9\", \"display\": {\"time\": \"datetime\", "
                   "\"zone\": \"Asia/Shanghai\"}, \"lenient\": true, \"defaultArrivalSpacingMs\": 250,");
        QTest::newRow("records at their event time, ten times faster")
            << replaced(kBase, R"("name": "post 000",)", R"("name": "post 000", "eventTimeArrivalSpeedup": 10,)");
        QTest::newRow("epoch-ms asked for, kept apart from the automatic default")
            << replaced(kBase, R"("name": "post 000",)", R"("name": "post 000", "display": {"time": "epoch-ms"},)");
        QTest::newRow("a lesson: a note and a prediction") << replaced(kBase, R"("name": "post 000",)",
            R"("name": "post 000", "lesson": [{"step": 3, "note": "watch the watermark"}, {"step": 7, "note": "will it fire?", "predict": true}],)");
        QTest::newRow("flink 1.20 with the legacy extractor") << replaced(
            replaced(kBase, "\"name\": \"post 000\",", "\"name\": \"post 000\", \"flinkVersion\": \"1.20.5\","),
            "\"strategy\": \"bounded-out-of-orderness\"", "\"strategy\": \"legacy-bounded-out-of-orderness\"");
        QTest::newRow("composite keys") << replaced(
            kBase, R"({"key": "1", "value": 20, "ts": 1000})", R"({"key": ["a", 7], "value": 20, "ts": 1000})");
        QTest::newRow("a Kafka source, its partitions and offsets") << kKafka;
        QTest::newRow("a Kafka source drained at its end") << replaced(kKafka, R"("function": {"type": "count"}} } })",
            R"("function": {"type": "count"}}, "endOfInput": "drain" } })");
        QTest::newRow("global window, time evictor, max-watermark end") << replaced(
            replaced(replaced(kBase, R"({"type": "tumbling", "sizeMs": 5000, "offsetMs": 0})", R"({"type": "global"})"),
                R"({"type": "event-time"})", R"({"type": "continuous-event-time", "intervalMs": 500})"),
            R"("endOfInput": "none")", R"("endOfInput": "max-watermark")");
    }
    void savedScenariosLoadBackUnchanged()
    {
        QFETCH(std::string, json);
        const auto first = parse(json);
        QVERIFY2(first.ok(), first.errorText().c_str());
        const std::string saved = io::saveScenario(*first.value);
        const auto second = parse(saved);
        QVERIFY2(second.ok(), (second.errorText() + saved).c_str());
        const auto diff = test::scenarioDifference(*first.value, *second.value);
        QVERIFY2(!diff, diff ? diff->c_str() : "");
        QCOMPARE(io::saveScenario(*second.value), saved);
    }

    void displayTimeIsAutomaticUnlessAScenarioSaysOtherwise()
    {
        const auto plain = parse(kBase);
        QVERIFY(plain.ok());
        QCOMPARE(int(plain.value->display.timeFormat), int(DisplaySettings::TimeFormat::Auto));
        QVERIFY(io::saveScenario(*plain.value).find("\"display\"") == std::string::npos);
        const auto asked = parse(replaced(kBase, R"("name": "post 000",)",
            R"("name": "post 000", "display": {"time": "auto", "zone": "Asia/Shanghai"},)"));
        QVERIFY2(asked.ok(), asked.errorText().c_str());
        QCOMPARE(int(asked.value->display.timeFormat), int(DisplaySettings::TimeFormat::Auto));
        const auto wrong = parse(
            replaced(kBase, R"("name": "post 000",)", R"("name": "post 000", "display": {"time": "automatic"},)"));
        QVERIFY(!wrong.ok());
        QVERIFY2(wrong.errorText().find("auto") != std::string::npos, wrong.errorText().c_str());
    }

    void lessonMarkersAreCheckedWhereTheyStand_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<QString>("message");
        QTest::newRow("not an array") << R"({"step": 1})"
                                      << "expected an array of markers";
        QTest::newRow("no note") << R"([{"step": 1}])"
                                 << "missing \"note\"";
        QTest::newRow("a negative step") << R"([{"step": -1, "note": "x"}])"
                                         << "expected a step of 0 or more";
        QTest::newRow("out of order") << R"([{"step": 5, "note": "x"}, {"step": 2, "note": "y"}])"
                                      << "in step order, one per step: step 2 comes after 5";
        QTest::newRow("two on one step") << R"([{"step": 5, "note": "x"}, {"step": 5, "note": "y"}])"
                                         << "one per step";
        QTest::newRow("a misspelt key") << R"([{"step": 5, "note": "x", "predikt": true}])"
                                        << "did you mean \"predict\"?";
    }
    void lessonMarkersAreCheckedWhereTheyStand()
    {
        QFETCH(QString, lesson);
        QFETCH(QString, message);
        const auto r = parse(replaced(
            kBase, R"("name": "post 000",)", "\"name\": \"post 000\", \"lesson\": " + lesson.toStdString() + ","));
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().find(message.toStdString()) != std::string::npos, r.errorText().c_str());
        QVERIFY2(r.errorText().rfind("s.json:1:", 0) == 0, r.errorText().c_str()); // file:line:column
    }

    // The writer is driven by the scenario schema (engine/io/ScenarioSchema.h); these files were saved by the
    // hand-written writer before it, and the schema must write them to the byte: examples with a display, a
    // lesson and an event file, and seeded random scenarios with Kafka, CUMULATE, triggers, evictors and windowAll.
    void theWriterWritesTheFilesItAlwaysWrote_data()
    {
        QTest::addColumn<QString>("scenario");
        const QDir dir(QString::fromLocal8Bit(qgetenv("TIDEMARK_SOURCE_DIR")) + QStringLiteral("/tests/io/saved"));
        const QStringList inputs = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)
                                       .filter(QRegularExpression(QStringLiteral("^(?!.*\\.saved\\.json$)")));
        QVERIFY(inputs.size() >= 7);
        for (const QString& name : inputs)
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void theWriterWritesTheFilesItAlwaysWrote()
    {
        QFETCH(QString, scenario);
        const auto read = [](const QString& path) {
            std::ifstream in(path.toStdString(), std::ios::binary);
            return std::string(std::istreambuf_iterator<char>(in), {});
        };
        const auto loaded = io::parseScenarioWithoutInput(read(scenario), scenario.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        QString expectedPath = scenario;
        expectedPath.replace(QStringLiteral(".json"), QStringLiteral(".saved.json"));
        const std::string expected = read(expectedPath);
        QVERIFY(!expected.empty());
        QCOMPARE(io::saveScenario(*loaded.value), expected);
    }

    void differenceNamesTheFirstChangedSetting()
    {
        const auto a = parse(kBase);
        const auto b = parse(replaced(kBase, "\"allowedLatenessMs\": 1000", "\"allowedLatenessMs\": 2000"));
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(test::scenarioDifference(*a.value, *b.value).value_or(""),
            std::string("pipeline.window.allowedLatenessMs: 1000 vs 2000"));
        const auto c = parse(replaced(kBase, "\"ts\": 4000", "\"ts\": 4001"));
        QCOMPARE(test::scenarioDifference(*a.value, *c.value).value_or(""),
            std::string("input.records[2].ts: 4000 vs 4001"));
    }

    void readsEventFileInputRelativeToTheScenario_data()
    {
        QTest::addColumn<std::string>("input");
        QTest::addColumn<std::string>("fileName");
        QTest::addColumn<std::string>("fileText");
        QTest::addColumn<std::string>("keyBy");
        QTest::addColumn<std::string>("function");
        QTest::addColumn<std::string>("expected"); // key:ts:value per record, or the error
        QTest::newRow("csv, post 000") << std::string(
            R"({"file": "events.csv", "format": "csv", "fields": {"key": 0, "ts": 1}, "delimiter": ","})")
                                       << std::string("events.csv")
                                       << std::string("0001,1538359882000\n0002,1538359886000\n")
                                       << std::string("\"key\"") << std::string("count")
                                       << std::string("0001:1538359882000 0002:1538359886000");
        QTest::newRow("text, post 001") << std::string(
            R"({"file": "words.txt", "format": "text", "fields": {"ts": 0, "key": 1}})")
                                        << std::string("words.txt") << std::string("1634091720000 a\n1634091721000 b\n")
                                        << std::string("\"key\"") << std::string("count")
                                        << std::string("a:1634091720000 b:1634091721000");
        QTest::newRow("jsonl, post 002") << std::string(
            R"({"file": "temps.jsonl", "format": "jsonl", "fields": {"key": "id", "value": "temp", "ts": "time"}})")
                                         << std::string("temps.jsonl")
                                         << std::string("{\"id\":\"1\",\"temp\":20,\"time\":1000}\n")
                                         << std::string("\"key\"") << std::string("sum") << std::string("1:1000:20");
        QTest::newRow("jsonl with string timestamps, post 003") << std::string(
            R"({"file": "orders.jsonl", "format": "jsonl", "fields": {"value": "amount", "ts": "orderTime"}, "timestamp": {"unit": "ms"}})")
                                                                << std::string("orders.jsonl")
                                                                << std::string("{\"orderId\":\"10001\",\"amount\":10."
                                                                               "00,\"orderTime\":\"1607771480000\"}\n")
                                                                << std::string("null") << std::string("sum")
                                                                << std::string("-:1607771480000:10");
        QTest::newRow("csv with header and a zoned pattern") << std::string(
            R"({"file": "log.csv", "format": "csv", "header": true, "fields": {"key": "user", "ts": "time"}, "timestamp": {"pattern": "yyyy-MM-dd HH:mm:ss.SSS", "zone": "Asia/Shanghai"}})")
                                                             << std::string("log.csv")
                                                             << std::string(
                                                                    "user,time\nalice,2021-10-13 10:22:00.000\n")
                                                             << std::string("\"key\"") << std::string("count")
                                                             << std::string("alice:1634091720000");
        QTest::newRow("bad line in the file")
            << std::string(R"({"file": "events.csv", "format": "csv", "fields": {"key": 0, "ts": 1}})")
            << std::string("events.csv") << std::string("0001,1538359882000\nabcd,16O7771480000\n")
            << std::string("\"key\"") << std::string("count")
            << std::string("DIR/events.csv:2:6: expected an integer timestamp, found \"16O7771480000\"");
        QTest::newRow("missing file is reported at the scenario's file name")
            << std::string(R"({"file": "nothere.csv", "format": "csv", "fields": {"key": 0, "ts": 1}})")
            << std::string("events.csv") << std::string("") << std::string("\"key\"") << std::string("count")
            << std::string("s.json:1:35: DIR/nothere.csv: cannot open it: no such file");
        QTest::newRow("keyed window needs a key field")
            << std::string(R"({"file": "events.csv", "format": "csv", "fields": {"ts": 1}})")
            << std::string("events.csv") << std::string("") << std::string("\"key\"") << std::string("count")
            << std::string(
                   "s.json:1:76: missing \"key\" in fields (the window is keyed by \"key\"; use \"keyBy\": null "
                   "for windowAll)");
        QTest::newRow("sum needs a value field")
            << std::string(R"({"file": "events.csv", "format": "csv", "fields": {"key": 0, "ts": 1}})")
            << std::string("events.csv") << std::string("") << std::string("\"key\"") << std::string("sum")
            << std::string("s.json:1:76: missing \"value\" in fields (the window function \"sum\" reads it)");
        QTest::newRow("text fields by name")
            << std::string(R"({"file": "w.txt", "format": "text", "fields": {"ts": "time", "key": 1}})")
            << std::string("w.txt") << std::string("") << std::string("\"key\"") << std::string("count")
            << std::string("s.json:1:79: expected a column index (text columns are chosen by number) for \"ts\", "
                           "found \"time\"");
        QTest::newRow("delimiter on json lines")
            << std::string(R"({"file": "t.jsonl", "format": "jsonl", "delimiter": ";", "fields": {"ts": "t"}})")
            << std::string("t.jsonl") << std::string("") << std::string("null") << std::string("count")
            << std::string("s.json:1:65: \"delimiter\" applies only to \"format\": \"csv\"");
        QTest::newRow("bad pattern") << std::string(
            R"({"file": "l.csv", "format": "csv", "fields": {"ts": 0}, "timestamp": {"pattern": "dd MMM yyyy"}})")
                                     << std::string("l.csv") << std::string("") << std::string("null")
                                     << std::string("count")
                                     << std::string("s.json:1:107: unsupported letters \"MMM\" in the timestamp "
                                                    "pattern \"dd MMM yyyy\"; use yyyy "
                                                    "MM dd HH mm ss S… XXX Z and 'quoted text'");
    }
    void readsEventFileInputRelativeToTheScenario()
    {
        QFETCH(std::string, input);
        QFETCH(std::string, fileName);
        QFETCH(std::string, fileText);
        QFETCH(std::string, keyBy);
        QFETCH(std::string, function);
        QFETCH(std::string, expected);
        QTemporaryDir dir;
        const std::filesystem::path base = dir.path().toStdString();
        writeFile(base / fileName, fileText);
        const std::string json = "{\"tidemark\": 1, \"input\": " + input
            + ", \"pipeline\": {\"watermarks\": {\"strategy\": \"monotonous\"}, \"window\": {\"keyBy\": " + keyBy
            + ", \"assigner\": {\"type\": \"tumbling\", \"sizeMs\": 5000}, \"function\": {\"type\": \"" + function
            + "\"}}}}";
        const auto r = parse(json, base);
        std::string got;
        if (r.ok()) {
            for (const auto& rec : r.value->records) {
                if (!got.empty())
                    got += ' ';
                got += rec.key == kNoKey ? std::string("-") : r.value->keys.name(rec.key);
                got += ':';
                got += std::to_string(rec.ts);
                if (rec.hasValue) {
                    got += ':';
                    got += std::to_string(static_cast<long long>(rec.value));
                }
            }
            QVERIFY(r.value->inputFile.has_value());
            const auto again = parse(io::saveScenario(*r.value), base);
            QVERIFY2(again.ok(), again.errorText().c_str());
            const auto diff = test::scenarioDifference(*r.value, *again.value);
            QVERIFY2(!diff, diff ? diff->c_str() : "");
        } else {
            got = r.errors.front().toString();
            const auto at = got.find(base.string());
            if (at != std::string::npos)
                got.replace(at, base.string().size(), "DIR");
        }
        QCOMPARE(got, expected);
    }

    void loadsScenarioFilesWithByteOrderMark()
    {
        QTemporaryDir dir;
        const std::filesystem::path path = std::filesystem::path(dir.path().toStdString()) / "bom.json";
        writeFile(path, "\xEF\xBB\xBF" + kBase);
        const auto r = io::loadScenarioFile(path);
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.value->records.size(), std::size_t(3));
        const auto missing = io::loadScenarioFile(path.parent_path() / "none.json");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.errors.front().toString(),
            (path.parent_path() / "none.json").string() + ": cannot open the scenario: no such file");
    }
};

QTEST_GUILESS_MAIN(TestScenarioIo)
#include "tst_scenario_io.moc"
