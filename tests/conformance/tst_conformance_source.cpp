#include "WatermarkConformanceSupport.h"

#include "engine/core/FlinkVersion.h"
#include "engine/runtime/KafkaSourceEnumerator.h"
#include "engine/watermark/ProgressiveTimestampsAndWatermarks.h"
#include "engine/watermark/WatermarkOutputMultiplexer.h"

#include <QTest>

#include <limits>
#include <optional>

using namespace tidemark;

namespace {

// Flink's TestingWatermarkOutput: the last watermark, and whether the output is idle (a watermark makes it
// active again).
class TestingWatermarkOutput final : public WatermarkOutput {
public:
    void emitWatermark(Timestamp watermark) override
    {
        lastWatermark = watermark;
        idle = false;
    }
    void markIdle() override { idle = true; }
    void markActive() override { idle = false; }

    std::optional<Timestamp> lastWatermark;
    bool idle = false;
};

// The generator of SourceOperatorEventTimeTest's on-event cases: each record's timestamp is a watermark, emitted
// on the event; a record standing for idleness marks the output idle instead.
constexpr Timestamp kIdleRecord = std::numeric_limits<Timestamp>::min() + 1;
class OnEventGenerator final : public WatermarkGenerator {
public:
    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override
    {
        if (eventTimestamp == kIdleRecord)
            output.markIdle();
        else
            output.emitWatermark(eventTimestamp);
    }
    void onPeriodicEmit(WatermarkOutput&) override { }
};

QString describe(const TestingWatermarkOutput& out)
{
    return QStringLiteral("watermark %1, %2")
        .arg(out.lastWatermark ? QString::number(*out.lastWatermark) : QStringLiteral("none"),
            out.idle ? QStringLiteral("idle") : QStringLiteral("active"));
}

} // namespace

// kind = "multiplexer", "source_reader", "split_owner": a FLIP-27 source's watermarks per split.
class TestConformanceSource : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEverySourceCase()
    {
        QCOMPARE(conformance::caseFilesOfKind("multiplexer").size(), 18);
        QCOMPARE(conformance::caseFilesOfKind("source_reader").size(), 2);
        QCOMPARE(conformance::caseFilesOfKind("split_owner").size(), 1);
    }

    // WatermarkOutputMultiplexerTest, on both Flink lines (expectedByVersion where they differ).
    void multiplexerMatchesFlink_data() { conformance::addCaseRows("multiplexer"); }
    void multiplexerMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        for (const FlinkVersion line : conformance::kFlinkLines) {
            WatermarkOutputMultiplexer multiplexer(line);
            TestingWatermarkOutput underlying;
            std::vector<QString> states;
            for (const simdjson::dom::object step : simdjson::dom::array(doc["input"])) {
                if (conformance::has(step, "register")) {
                    QVERIFY(multiplexer.registerNewOutput(std::string_view(step["register"])));
                } else if (conformance::has(step, "unregister")) {
                    QVERIFY(multiplexer.unregisterOutput(std::string_view(step["unregister"])));
                } else if (conformance::has(step, "periodic")) {
                    multiplexer.onPeriodicEmit(underlying);
                } else {
                    const std::string_view id = step["output"];
                    const auto apply = [&step](WatermarkOutput& output) {
                        if (conformance::has(step, "watermark"))
                            output.emitWatermark(conformance::int64Of(step["watermark"]));
                        else if (std::string_view(step["status"]) == "idle")
                            output.markIdle();
                        else
                            output.markActive();
                    };
                    if (bool(step["immediate"])) {
                        auto output = multiplexer.immediateOutput(id, underlying);
                        apply(output);
                    } else {
                        auto output = multiplexer.deferredOutput(id);
                        apply(output);
                    }
                }
                states.push_back(describe(underlying));
            }
            simdjson::dom::element expected = doc["expected"];
            simdjson::dom::object byVersion;
            if (doc["expectedByVersion"].get(byVersion) == simdjson::SUCCESS
                && byVersion[line.name()].error() == simdjson::SUCCESS)
                expected = byVersion[line.name()];
            for (const simdjson::dom::object e : simdjson::dom::array(expected)) {
                const auto after = static_cast<std::size_t>(conformance::int64Of(e["after"]));
                QVERIFY(after < states.size());
                TestingWatermarkOutput want;
                if (!e["watermark"].is_null())
                    want.lastWatermark = conformance::int64Of(e["watermark"]);
                want.idle = bool(e["idle"]);
                if (states[after] != describe(want))
                    qWarning("Flink %s, after input %zu", line.name().c_str(), after);
                QCOMPARE(states[after], describe(want));
            }
        }
    }

    // SourceOperatorEventTimeTest: the reader's output, with the main output and the splits' combined one.
    void sourceReaderMatchesFlink_data() { conformance::addCaseRows("source_reader"); }
    void sourceReaderMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        QCOMPARE(std::string_view(doc["generator"]), std::string_view("on-event"));
        for (const FlinkVersion line : conformance::kFlinkLines) {
            ProgressiveTimestampsAndWatermarks<OnEventGenerator> reader(OnEventGenerator {}, line);
            std::vector<QStringList> emittedPerInput;
            Timestamp now = 0;
            for (const simdjson::dom::object step : simdjson::dom::array(doc["input"])) {
                WatermarkItems out;
                now += 100;
                const auto timestampOf = [](simdjson::dom::element record) {
                    return record.is_string() ? kIdleRecord : conformance::int64Of(record);
                };
                if (conformance::has(step, "addSplit"))
                    reader.addSplit(std::string_view(step["addSplit"]));
                else if (conformance::has(step, "main"))
                    reader.onMainRecord(timestampOf(step["main"]), now, out);
                else
                    reader.onSplitRecord(std::string_view(step["split"]), timestampOf(step["record"]), now, out);
                QStringList described;
                for (const auto& item : out)
                    described << conformance::describe(item);
                emittedPerInput.push_back(described);
            }
            conformance::compareEmitted(
                doc["expected"], emittedPerInput, QStringLiteral("Flink %1").arg(QString::fromStdString(line.name())));
        }
    }

    // KafkaSourceEnumerator#getSplitOwner.
    void splitOwnerMatchesFlink_data() { conformance::addCaseRows("split_owner"); }
    void splitOwnerMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        for (const simdjson::dom::object row : simdjson::dom::array(doc["rows"])) {
            const std::string_view topic = row["topic"];
            const int readers = static_cast<int>(conformance::int64Of(row["readers"]));
            int partition = 0;
            for (const simdjson::dom::element owner : simdjson::dom::array(row["owners"])) {
                QCOMPARE(KafkaSourceEnumerator::splitOwner(topic, partition, readers),
                    static_cast<int>(conformance::int64Of(owner)));
                ++partition;
            }
        }
        QCOMPARE(KafkaSourceEnumerator::splitId("orders", 3), std::string("orders-3"));
    }
};

QTEST_APPLESS_MAIN(TestConformanceSource)
#include "tst_conformance_source.moc"
