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

        std::int64_t previous = -1;
        for (const simdjson::dom::object expectation : simdjson::dom::array(doc["expected"])) {
            const std::int64_t after = conformance::int64Of(expectation["after"]);
            QVERIFY(after > previous && after < index);
            QStringList actual;
            for (std::int64_t i = previous + 1; i <= after; ++i)
                actual << emittedPerInput[static_cast<std::size_t>(i)];
            QStringList expected;
            const simdjson::dom::element emitted = expectation["emitted"];
            if (emitted.is_array()) {
                for (const simdjson::dom::element item : simdjson::dom::array(emitted))
                    expected << conformance::describe(conformance::itemOf(item));
            } else if (!emitted.is_null()) {
                expected << conformance::describe(conformance::itemOf(emitted));
            }
            if (actual != expected)
                qWarning("inputs %lld..%lld", static_cast<long long>(previous + 1), static_cast<long long>(after));
            QCOMPARE(actual, expected);
            previous = after;
        }
    }
};

QTEST_APPLESS_MAIN(TestConformanceValve)
#include "tst_conformance_valve.moc"
