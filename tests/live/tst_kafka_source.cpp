// A Kafka topic read by `tidemark run --kafka`, against librdkafka's in-process mock cluster (it listens on
// 127.0.0.1 only): each record as the JSON line the field mapping reads, every partition, the start offsets, a
// run saved with its partitions and offsets that replays to the same outputs, and the clear messages for a broker
// that does not answer, a topic that does not exist and a record that does not read.
#include "../cli/TidemarkRun.h"
#include "MockKafka.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/KafkaSource.h"

#include <QTest>

#include <chrono>
#include <memory>
#include <string>

using namespace tidemark;
using namespace tidemark::test;

namespace {

// The first 15 clicks of the kafka-partition-* examples: (partition, user, time), produced with CreateTime = time.
struct Click {
    int partition;
    const char* user;
    Timestamp ts;
};
constexpr Click kClicks[] = {{0, "ana", 1000}, {1, "bob", 2000}, {2, "ana", 3500}, {0, "cai", 5000}, {1, "ana", 6500},
    {2, "bob", 8000}, {0, "ana", 9500}, {1, "cai", 11000}, {2, "ana", 12500}, {0, "bob", 13000}, {1, "ana", 14500},
    {2, "cai", 16000}, {0, "ana", 21000}, {1, "bob", 22500}, {2, "ana", 24000}};

void produceClicks(MockKafka& kafka)
{
    kafka.createTopic("clicks", 4);
    for (const Click& c : kClicks)
        kafka.produce("clicks", c.partition, c.user, std::string("{\"user\":\"") + c.user + "\",\"clicks\":1}", c.ts);
    kafka.flush();
}

// Reads `count` lines from the source (bounded: 10 s).
QStringList readLines(live::KafkaSource& source, int count)
{
    QStringList lines;
    std::vector<live::LiveEvent> events;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (lines.size() < count && std::chrono::steady_clock::now() < deadline) {
        events.clear();
        source.poll(100, events);
        for (const live::LiveEvent& e : events) {
            if (e.kind == live::LiveEvent::Kind::Line)
                lines << QString::fromStdString(e.text);
        }
    }
    return lines;
}

// The texts of the tests (out of the test class: moc reads its body, and misreads quotes in raw strings).
const char* const kJsonValue = "{\"n\": 1}";
const char* const kJsonRecord = "{\"partition\":3,\"offset\":17,\"timestamp\":1700000000123,\"timestampType\":"
                                "\"CreateTime\",\"key\":\"ana\",\"value\":{\"n\": 1}}";
const char* const kCsvValue = "ana,\"a,b\",7";
const char* const kCsvRecord = "{\"partition\":0,\"offset\":5,\"timestamp\":42,\"timestampType\":\"LogAppendTime\","
                               "\"key\":null,\"value\":\"ana,\\\"a,b\\\",7\",\"columns\":{\"0\":\"ana\",\"1\":\"a,b\","
                               "\"2\":\"7\"}}";
const char* const kNotJsonRecord = "{\"partition\":1,\"offset\":0,\"timestamp\":null,\"timestampType\":"
                                   "\"CreateTime\",\"key\":\"k\",\"value\":\"{oops\",\"columns\":{\"0\":\"{oops\"}}";
const char* const kBobsClick = "{\"partition\":2,\"offset\":1,\"timestamp\":8000,\"timestampType\":\"CreateTime\","
                               "\"key\":\"bob\",\"value\":{\"user\":\"bob\",\"clicks\":1}}";
const char* const kReading1 = "{\"time\": 1000, \"temp\": 20}";
const char* const kReading2 = "{\"time\": 2000, \"temp\": 21}";

} // namespace

class TestKafkaSource : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aRecordBecomesOneJsonLineOfItsPartitionOffsetTimestampKeyAndValue()
    {
        QCOMPARE(live::KafkaSource::recordLine(3, 17, 1700000000123, false, std::string("ana"), kJsonValue, ','),
            std::string(kJsonRecord));
        // a value that is not JSON: its text, and its CSV columns
        QCOMPARE(live::KafkaSource::recordLine(0, 5, 42, true, std::nullopt, kCsvValue, ','), std::string(kCsvRecord));
        // a value that only starts like JSON is text
        QCOMPARE(live::KafkaSource::recordLine(1, 0, std::nullopt, false, std::string("k"), "{oops", ';'),
            std::string(kNotJsonRecord));
    }

    void everyPartitionIsReadFromTheStartOffsets()
    {
        MockKafka kafka;
        produceClicks(kafka);
        std::string error;
        live::KafkaSource::Options options;
        options.bootstrap = kafka.bootstrap();
        options.topic = "clicks";
        auto source = live::KafkaSource::open(options, error);
        QVERIFY2(source, error.c_str());
        QCOMPARE(source->partitions(), 4);
        const QStringList lines = readLines(*source, 15);
        QCOMPARE(lines.size(), 15);
        // within a partition in offset order, with the key, the value and the producer's timestamp
        QVERIFY2(lines.contains(QString::fromUtf8(kBobsClick)), qPrintable(lines.join('\n')));
        QCOMPARE(lines.filter(QStringLiteral("{\"partition\":0,")).size(), 5);

        // from the latest offsets: only what comes after the source opened
        options.from = live::KafkaSource::Options::From::Latest;
        source = live::KafkaSource::open(options, error);
        QVERIFY2(source, error.c_str());
        kafka.produce("clicks", 3, "dan", "{\"user\":\"dan\",\"clicks\":2}", 30000);
        kafka.flush();
        const QStringList later = readLines(*source, 1);
        QCOMPARE(later.size(), 1);
        QVERIFY2(later.front().startsWith(QStringLiteral("{\"partition\":3,\"offset\":0,\"timestamp\":30000,")),
            qPrintable(later.front()));
    }

    void aKafkaRunIsSavedWithItsPartitionsAndReplaysToTheSameOutputs()
    {
        MockKafka kafka;
        produceClicks(kafka);
        ScratchFiles files;
        const QString saved = files.path(QStringLiteral("kafka-run.json"));
        const TidemarkRun live = tidemarkRun({QStringLiteral("--kafka"), QString::fromStdString(kafka.bootstrap()),
            QStringLiteral("--topic"), QStringLiteral("clicks"), QStringLiteral("--max-records"), QStringLiteral("15"),
            QStringLiteral("--parallelism"), QStringLiteral("2"), QStringLiteral("--tumbling"), QStringLiteral("10s"),
            QStringLiteral("--out-of-orderness"), QStringLiteral("2s"), QStringLiteral("--function"),
            QStringLiteral("count"), QStringLiteral("--end-of-input"), QStringLiteral("max-watermark"),
            QStringLiteral("--save-scenario"), saved});
        QVERIFY2(live.exitCode == 0, qPrintable(live.err));
        QVERIFY2(live.err.contains(QStringLiteral("reading 4 partitions of topic \"clicks\"")), qPrintable(live.err));
        const auto loaded = io::loadScenarioFile(saved.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Scenario& s = *loaded.value;
        QVERIFY(s.pipeline.kafka);
        QCOMPARE(s.pipeline.kafka->partitions, 4);
        QCOMPARE(s.pipeline.kafka->topic, std::string("clicks"));
        QCOMPARE(s.records.size(), std::size_t(15));
        for (const InputRecord& r : s.records) {
            QVERIFY(r.partition >= 0 && r.partition < 3);
            QVERIFY(r.offset >= 0 && r.offset < 5);
            QVERIFY(r.arrival != InputRecord::kNoArrival);
        }
        // every window fires once the bounded input ends (the silent partition 3 holds reader 0 until then): 8 fires
        QCOMPARE(live.out.size(), 8);
        const TidemarkRun replay = tidemarkRun({saved});
        QVERIFY2(replay.exitCode == 0, qPrintable(replay.err));
        QCOMPARE(replay.out, live.out);
    }

    void aBrokerThatDoesNotAnswerIsSaidWithinSeconds()
    {
        // a port nothing listens on
        const auto started = std::chrono::steady_clock::now();
        std::string error;
        live::KafkaSource::Options options;
        options.bootstrap = "127.0.0.1:9";
        options.topic = "clicks";
        options.connectTimeoutMs = 2000;
        QVERIFY(!live::KafkaSource::open(options, error));
        QVERIFY2(error.find("the broker at 127.0.0.1:9 did not answer within 2 s") == 0, error.c_str());
        QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(6));
    }

    void aTopicThatDoesNotExistIsSaid()
    {
        MockKafka kafka;
        kafka.createTopic("clicks", 1);
        const TidemarkRun run = tidemarkRun({QStringLiteral("--kafka"), QString::fromStdString(kafka.bootstrap()),
            QStringLiteral("--topic"), QStringLiteral("clickz"), QStringLiteral("--tumbling"), QStringLiteral("10s")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("topic \"clickz\" does not exist on")), qPrintable(run.err));
    }

    void aRecordThatDoesNotReadIsListedWithItsPartitionAndOffset()
    {
        MockKafka kafka;
        kafka.createTopic("readings", 2);
        kafka.produce("readings", 1, "s1", kReading1, 5);
        kafka.produce("readings", 1, "s1", "not json", 6); // (no "time" in its value)
        kafka.produce("readings", 0, "s2", kReading2, 7);
        kafka.flush();
        const TidemarkRun run = tidemarkRun({QStringLiteral("--kafka"), QString::fromStdString(kafka.bootstrap()),
            QStringLiteral("--topic"), QStringLiteral("readings"), QStringLiteral("--max-records"), QStringLiteral("3"),
            QStringLiteral("--fields"), QStringLiteral("ts=value.time"), QStringLiteral("--tumbling"),
            QStringLiteral("10s"), QStringLiteral("--lenient")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // the record's own stream is its partition; its line shows the offset
        QVERIFY2(run.err.contains(QStringLiteral(", partition 1:2:")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("value.time")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("1 bad line skipped")), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestKafkaSource)
#include "tst_kafka_source.moc"
