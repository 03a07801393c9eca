#include "WatermarkConformanceSupport.h"

#include "engine/watermark/TimestampsAndWatermarksOperator.h"
#include "engine/watermark/WatermarkGenerator.h"

#include <QTest>

#include <memory>

using namespace tidemark;

namespace {

// The test-only generators of TimestampsAndWatermarksOperatorTest, written against the public
// WatermarkGenerator interface.

// PeriodicWatermarkGenerator: remembers the LAST event timestamp (not the max) and emits it - 1.
class LastMinusOneGenerator final : public WatermarkGenerator {
public:
    void onEvent(Timestamp eventTimestamp, WatermarkOutput&) override { m_last = eventTimestamp; }
    void onPeriodicEmit(WatermarkOutput& output) override
    {
        output.emitWatermark(m_last == kMinTimestamp ? kMinTimestamp : m_last - 1);
    }

private:
    Timestamp m_last = kMinTimestamp;
};

// PunctuatedWatermarkGenerator: emits the event's timestamp from onEvent when the event carries the
// flag. WatermarkGenerator::onEvent sees only the timestamp, so the harness sets the flag beforehand.
class PunctuatedGenerator final : public WatermarkGenerator {
public:
    void onEvent(Timestamp eventTimestamp, WatermarkOutput& output) override
    {
        if (nextIsPunctuation)
            output.emitWatermark(eventTimestamp);
    }
    void onPeriodicEmit(WatermarkOutput&) override { }

    bool nextIsPunctuation = false;
};

using Outputs = std::vector<QStringList>; // what each input produced

QStringList describeAll(const WatermarkItems& items)
{
    QStringList result;
    for (const auto& item : items)
        result << conformance::describe(item);
    return result;
}

template <class Generator> Outputs runOperator(simdjson::dom::array input)
{
    TimestampsAndWatermarksOperator<Generator> op {Generator()};
    constexpr Timestamp autoWatermarkInterval = 50; // as the Flink test configures it
    Timestamp now = 0;
    Outputs outputs;
    for (const simdjson::dom::object step : input) {
        WatermarkItems out;
        QStringList produced;
        if (conformance::has(step, "event")) {
            const Timestamp ts = conformance::int64Of(step["event"]);
            if constexpr (std::is_same_v<Generator, PunctuatedGenerator>)
                op.generator().nextIsPunctuation = conformance::has(step, "punctuation") && bool(step["punctuation"]);
            op.processElement(
                ts, [&] { produced << QStringLiteral("record(%1)").arg(ts); }, out);
        } else if (conformance::has(step, "periodicEmit")) {
            now += autoWatermarkInterval;
            op.onPeriodicEmit(now, out);
        } else if (conformance::has(step, "upstreamWatermark")) {
            op.processWatermark(conformance::int64Of(step["upstreamWatermark"]), out);
        } else if (conformance::has(step, "upstreamStatus")) {
            const std::string_view status = step["upstreamStatus"];
            op.processWatermarkStatus(status == "idle" ? WatermarkStatus::Idle : WatermarkStatus::Active);
        } else {
            throw std::runtime_error("unknown operator input " + simdjson::to_string(step));
        }
        outputs.push_back(produced + describeAll(out));
    }
    return outputs;
}

Outputs runEmitter(simdjson::dom::array input)
{
    WatermarkEmitter emitter;
    Outputs outputs;
    for (const simdjson::dom::object step : input) {
        WatermarkItems out;
        if (conformance::has(step, "emitWatermark"))
            emitter.emitWatermark(conformance::int64Of(step["emitWatermark"]), out);
        else if (conformance::has(step, "markIdle"))
            emitter.markIdle(out);
        else
            throw std::runtime_error("unknown emitter input " + simdjson::to_string(step));
        outputs.push_back(describeAll(out));
    }
    return outputs;
}

// A generator probed directly, as Flink's generator tests do: what each periodicEmit produced.
void checkGenerator(WatermarkGenerator& generator, simdjson::dom::array input, simdjson::dom::array expected)
{
    class Probe final : public WatermarkOutput {
    public:
        void emitWatermark(Timestamp watermark) override { items.push_back(WatermarkItem::mark(watermark)); }
        void markIdle() override { items.push_back(WatermarkItem::idle()); }
        void markActive() override { items.push_back(WatermarkItem::active()); }
        WatermarkItems items;
    };
    std::vector<std::optional<Timestamp>> emittedAt;
    for (const simdjson::dom::object step : input) {
        Probe probe;
        if (conformance::has(step, "event")) {
            generator.onEvent(conformance::int64Of(step["event"]), probe);
            QVERIFY(probe.items.empty()); // a periodic generator emits nothing from onEvent
            emittedAt.emplace_back();
        } else {
            QVERIFY(conformance::has(step, "periodicEmit"));
            generator.onPeriodicEmit(probe);
            QCOMPARE(probe.items.size(), std::size_t(1));
            QVERIFY(probe.items.front().isWatermark());
            emittedAt.emplace_back(probe.items.front().watermark);
        }
    }
    for (const simdjson::dom::object expectation : expected) {
        const auto after = static_cast<std::size_t>(conformance::int64Of(expectation["after"]));
        QVERIFY(after < emittedAt.size());
        QVERIFY2(emittedAt[after].has_value(), "expected a watermark from an input that is not a periodicEmit");
        QCOMPARE(*emittedAt[after], conformance::int64Of(expectation["watermark"]));
    }
}

// WatermarksWithIdleness.IdlenessTimer with a manual clock.
void checkIdlenessTimer(DurationMs timeout, simdjson::dom::array input, simdjson::dom::array expected)
{
    IdlenessTimer timer(timeout);
    Timestamp clock = 0;
    std::vector<std::optional<bool>> checks;
    for (const simdjson::dom::object step : input) {
        if (conformance::has(step, "checkIfIdle")) {
            checks.emplace_back(timer.checkIfIdle(clock));
        } else if (conformance::has(step, "advanceClockMs")) {
            clock += conformance::int64Of(step["advanceClockMs"]);
            checks.emplace_back();
        } else if (conformance::has(step, "activity")) {
            timer.activity();
            checks.emplace_back();
        } else {
            throw std::runtime_error("unknown idleness-timer input " + simdjson::to_string(step));
        }
    }
    for (const simdjson::dom::object expectation : expected) {
        const auto after = static_cast<std::size_t>(conformance::int64Of(expectation["after"]));
        QVERIFY(after < checks.size());
        QVERIFY2(checks[after].has_value(), "expected a result from an input that is not checkIfIdle");
        QCOMPARE(*checks[after], bool(expectation["idle"]));
    }
}

} // namespace

// kind = "generator": the generators, the idleness timer, the never-backwards emitters and
// TimestampsAndWatermarksOperator.
class TestConformanceGenerator : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEveryGeneratorCase() { QCOMPARE(conformance::caseFilesOfKind("generator").size(), 25); }

    void generatorMatchesFlink_data() { conformance::addCaseRows("generator"); }
    void generatorMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        const simdjson::dom::object spec = doc["generator"];
        const std::string_view type = spec["type"];
        const simdjson::dom::array input = doc["input"];
        const simdjson::dom::array expected = doc["expected"];

        if (type == "bounded-out-of-orderness") {
            BoundedOutOfOrdernessWatermarks generator(conformance::int64Of(spec["delayMs"]));
            checkGenerator(generator, input, expected);
        } else if (type == "ascending") {
            AscendingTimestampsWatermarks generator;
            checkGenerator(generator, input, expected);
        } else if (type == "legacy-bounded-out-of-orderness-extractor") {
            BoundedOutOfOrdernessTimestampExtractor generator(conformance::int64Of(spec["delayMs"]));
            checkGenerator(generator, input, expected);
        } else if (type == "idleness-timer") {
            checkIdlenessTimer(conformance::int64Of(spec["idleTimeoutMs"]), input, expected);
        } else if (type == "operator:test-periodic-last-minus-1") {
            conformance::compareEmitted(expected, runOperator<LastMinusOneGenerator>(input));
        } else if (type == "operator:test-punctuated") {
            conformance::compareEmitted(expected, runOperator<PunctuatedGenerator>(input));
        } else if (type == "emitter") {
            conformance::compareEmitted(expected, runEmitter(input));
        } else {
            QFAIL(qPrintable(
                QStringLiteral("unknown generator type %1").arg(QString::fromUtf8(type.data(), type.size()))));
        }
    }
};

QTEST_APPLESS_MAIN(TestConformanceGenerator)
#include "tst_conformance_generator.moc"
