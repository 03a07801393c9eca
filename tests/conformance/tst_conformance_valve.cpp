#include "WatermarkConformanceSupport.h"

#include "engine/watermark/StatusWatermarkValve.h"

#include <QTest>

using namespace tidemark;

// kind = "valve": StatusWatermarkValveTest, input by input, including the per-channel state checks.
class TestConformanceValve : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEveryValveCase() { QCOMPARE(conformance::caseFilesOfKind("valve").size(), 14); }

    void valveMatchesFlink_data() { conformance::addCaseRows("valve"); }
    void valveMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());

        StatusWatermarkValve valve(static_cast<int>(conformance::int64Of(doc["channels"])));
        const simdjson::dom::array input = doc["input"];
        const simdjson::dom::object root = doc;
        const bool hasStateChecks = conformance::has(root, "stateChecks");

        std::vector<QStringList> emittedPerInput;
        std::int64_t index = 0;
        for (const simdjson::dom::object step : input) {
            const int channel = static_cast<int>(conformance::int64Of(step["channel"]));
            WatermarkItems out;
            if (conformance::has(step, "watermark")) {
                valve.inputWatermark(channel, conformance::int64Of(step["watermark"]), out);
            } else {
                const std::string_view status = step["status"];
                valve.inputWatermarkStatus(
                    channel, status == "idle" ? WatermarkStatus::Idle : WatermarkStatus::Active, out);
            }
            QStringList described;
            for (const auto& item : out)
                described << conformance::describe(item);
            emittedPerInput.push_back(described);

            if (hasStateChecks) {
                for (const simdjson::dom::object check : simdjson::dom::array(doc["stateChecks"])) {
                    if (conformance::int64Of(check["after"]) != index)
                        continue;
                    const auto& state = valve.channel(static_cast<int>(conformance::int64Of(check["channel"])));
                    if (conformance::has(check, "watermark"))
                        QCOMPARE(state.watermark, conformance::int64Of(check["watermark"]));
                    if (conformance::has(check, "aligned"))
                        QCOMPARE(state.aligned, bool(check["aligned"]));
                }
            }
            ++index;
        }

        conformance::compareEmitted(doc["expected"], emittedPerInput);
    }
};

QTEST_APPLESS_MAIN(TestConformanceValve)
#include "tst_conformance_valve.moc"
