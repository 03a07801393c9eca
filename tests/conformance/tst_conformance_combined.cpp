#include "WatermarkConformanceSupport.h"

#include "engine/watermark/IndexedCombinedWatermarkStatus.h"

#include <QTest>

using namespace tidemark;

namespace { } // namespace

// kind = "combined-inputs": an operator of several inputs combining what each input's valve hands on, as
// AbstractStreamOperator(V2) does with IndexedCombinedWatermarkStatus, on both Flink lines.
class TestConformanceCombined : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEveryCombinedInputsCase() { QCOMPARE(conformance::caseFilesOfKind("combined-inputs").size(), 3); }

    void operatorInputsMatchFlink_data() { conformance::addCaseRows("combined-inputs"); }
    void operatorInputsMatchFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        for (const FlinkVersion line : conformance::kFlinkLines) {
            IndexedCombinedWatermarkStatus inputs(static_cast<int>(conformance::int64Of(doc["inputs"])), line);
            std::vector<QStringList> emittedPerInput;
            for (const simdjson::dom::object step : simdjson::dom::array(doc["input"])) {
                const int input = static_cast<int>(conformance::int64Of(step["input"]));
                WatermarkItems out;
                if (conformance::has(step, "watermark")) {
                    inputs.processWatermark(input, conformance::int64Of(step["watermark"]), out);
                } else {
                    const std::string_view status = step["status"];
                    inputs.processWatermarkStatus(
                        input, status == "idle" ? WatermarkStatus::Idle : WatermarkStatus::Active, out);
                }
                QStringList described;
                for (const auto& item : out)
                    described << conformance::describe(item);
                emittedPerInput.push_back(described);
            }
            simdjson::dom::element expected = doc["expected"];
            simdjson::dom::object byVersion;
            if (doc["expectedByVersion"].get(byVersion) == simdjson::SUCCESS
                && byVersion[line.name()].error() == simdjson::SUCCESS)
                expected = byVersion[line.name()];
            conformance::compareEmitted(
                expected, emittedPerInput, QStringLiteral("Flink %1").arg(QString::fromStdString(line.name())));
            if (QTest::currentTestFailed())
                return;
        }
    }

    // Which input holds the operator back: the active one with the lowest watermark, none when all are idle.
    void theHoldingInputIsTheLowestActiveOne()
    {
        IndexedCombinedWatermarkStatus inputs(2, kNewestFlinkVersion);
        QCOMPARE(inputs.holdingInput(), 0); // both at Long.MIN_VALUE: the first
        WatermarkItems out;
        inputs.processWatermark(0, 10, out);
        QCOMPARE(inputs.holdingInput(), 1); // the silent input holds it at Long.MIN_VALUE
        QVERIFY(out.empty());
        inputs.processWatermarkStatus(1, WatermarkStatus::Idle, out);
        QCOMPARE(inputs.holdingInput(), 0);
        QCOMPARE(inputs.combinedWatermark(), 10);
        inputs.processWatermarkStatus(0, WatermarkStatus::Idle, out);
        QCOMPARE(inputs.holdingInput(), -1);
        QVERIFY(inputs.isIdle());
    }
};

QTEST_APPLESS_MAIN(TestConformanceCombined)
#include "tst_conformance_combined.moc"
