// Drives the window operator with every `pipeline` case of the conformance corpus, as Flink's
// KeyedOneInputStreamOperatorTestHarness does, and compares with what Flink's own tests assert.
#include "ConformanceCase.h"
#include "WindowSpecs.h"

#include "engine/core/Keys.h"
#include "engine/windowing/WindowOperator.h"

#include <QTest>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace tidemark;
using namespace tidemark::conformance;
using simdjson::dom::element;

namespace {

// --- Test-only triggers of Flink's window tests, written against the public Trigger interface. ---

// WindowOperatorTest.EventTimeTriggerAccumGC: FIRE_AND_PURGE at the window end and again at end + N.
class EventTimeTriggerAccumGC final : public Trigger {
public:
    explicit EventTimeTriggerAccumGC(DurationMs cleanupTime)
        : m_cleanupTime(cleanupTime)
    { }
    TriggerResult onElement(const WindowElement&, const TimeWindow& window, TriggerContext& ctx) const override
    {
        if (window.maxTimestamp() <= ctx.currentWatermark())
            return TriggerResult::Fire;
        ctx.registerEventTimeTimer(window.maxTimestamp());
        return TriggerResult::Continue;
    }
    TriggerResult onEventTime(Timestamp time, const TimeWindow& window, TriggerContext&) const override
    {
        return time == window.maxTimestamp() || time == window.maxTimestamp() + m_cleanupTime
            ? TriggerResult::FireAndPurge
            : TriggerResult::Continue;
    }
    TriggerResult onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Continue;
    }
    bool canMerge() const override { return true; }
    void onMerge(const TimeWindow& window, OnMergeContext& ctx) const override
    {
        ctx.registerEventTimeTimer(window.maxTimestamp());
    }
    void clear(const TimeWindow& window, TriggerContext& ctx) const override
    {
        ctx.deleteEventTimeTimer(window.maxTimestamp());
    }
    std::string describe() const override { return "EventTimeTriggerAccumGC"; }

private:
    DurationMs m_cleanupTime;
};

// WindowOperatorTest.FireEverytimeOnElementAndEventTimeTrigger (fireOnTimers) and the
// WindowOperatorContractTest mock that fires on elements only; neither registers anything.
class FireTrigger final : public Trigger {
public:
    explicit FireTrigger(bool fireOnTimers)
        : m_fireOnTimers(fireOnTimers)
    { }
    TriggerResult onElement(const WindowElement&, const TimeWindow&, TriggerContext&) const override
    {
        return TriggerResult::Fire;
    }
    TriggerResult onEventTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return m_fireOnTimers ? TriggerResult::Fire : TriggerResult::Continue;
    }
    TriggerResult onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const override
    {
        return m_fireOnTimers ? TriggerResult::Fire : TriggerResult::Continue;
    }
    void clear(const TimeWindow&, TriggerContext&) const override { }
    std::string describe() const override { return m_fireOnTimers ? "fire-always" : "fire-on-element"; }

private:
    bool m_fireOnTimers;
};

// --- Test functions: one record per element (PassThroughFunction) and none at all. ---

class EachFunction final : public WindowFunction {
public:
    void apply(
        KeyId, const TimeWindow&, std::span<const PaneElement> pane, std::vector<WindowResult>& results) const override
    {
        for (const PaneElement& e : pane) {
            WindowResult r;
            r.number = e.value;
            results.push_back(r);
        }
    }
    std::string describe() const override { return "each"; }
};

class NoFunction final : public WindowFunction {
public:
    void apply(KeyId, const TimeWindow&, std::span<const PaneElement>, std::vector<WindowResult>&) const override { }
    std::string describe() const override { return "none"; }
};

std::shared_ptr<const Trigger> makeTrigger(const std::string& text)
{
    auto suffixNumber = [&](std::string_view prefix) { return std::stoll(text.substr(prefix.size())); };
    if (text.rfind("purging(", 0) == 0 && text.back() == ')')
        return std::make_shared<PurgingTrigger>(makeTrigger(text.substr(8, text.size() - 9)));
    if (text == "event-time")
        return std::make_shared<EventTimeTrigger>();
    if (text == "processing-time")
        return std::make_shared<ProcessingTimeTrigger>();
    if (text.rfind("count:", 0) == 0)
        return std::make_shared<CountTrigger>(suffixNumber("count:"));
    if (text.rfind("continuous-event-time:", 0) == 0)
        return std::make_shared<ContinuousEventTimeTrigger>(suffixNumber("continuous-event-time:"));
    if (text == "never")
        return std::make_shared<NeverTrigger>();
    if (text == "end-of-stream")
        return std::make_shared<EndOfStreamTrigger>();
    if (text.rfind("test:event-time-accum-gc:", 0) == 0)
        return std::make_shared<EventTimeTriggerAccumGC>(suffixNumber("test:event-time-accum-gc:"));
    if (text == "test:fire-always")
        return std::make_shared<FireTrigger>(true);
    if (text == "test:fire-on-element")
        return std::make_shared<FireTrigger>(false);
    throw std::runtime_error("unknown trigger \"" + text + "\"");
}

std::shared_ptr<const WindowFunction> makeFunction(const std::string& name)
{
    FunctionSpec spec;
    if (name == "sum" || name == "reduce-sum")
        spec.type = FunctionSpec::Type::Sum;
    else if (name == "count")
        spec.type = FunctionSpec::Type::Count;
    else if (name == "pane-list")
        spec.type = FunctionSpec::Type::List;
    else if (name == "each")
        return std::make_shared<EachFunction>();
    else if (name == "none")
        return std::make_shared<NoFunction>();
    else
        throw std::runtime_error("unknown function \"" + name + "\"");
    return makeWindowFunction(spec);
}

std::shared_ptr<const Evictor> makeCaseEvictor(element spec)
{
    const std::string type = stringOf(at(spec, "type"));
    const bool after = has(spec, "evictAfter") && boolOf(at(spec, "evictAfter"));
    if (type == "count")
        return std::make_shared<CountEvictor>(int64Of(at(spec, "maxCount")), after);
    if (type == "time")
        return std::make_shared<TimeEvictor>(int64Of(at(spec, "windowSize")), after);
    if (type == "delta") {
        if (stringOf(at(spec, "delta")) != "last.value - element.value")
            throw std::runtime_error("unknown delta function");
        return std::make_shared<DeltaEvictor>(
            numberOf(at(spec, "threshold")),
            [](const PaneElement& e, const PaneElement& last) { return last.value - e.value; }, after,
            "last.value - value");
    }
    throw std::runtime_error("unknown evictor \"" + type + "\"");
}

// Appends the parts (GCC 12 misreports `"literal" + std::string&&` as an overlapping memcpy at -O3).
template <typename... Parts> std::string concat(const Parts&... parts)
{
    std::string s;
    (s.append(std::string_view(parts)), ...);
    return s;
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string windowText(const TimeWindow& w)
{
    return w.isGlobal() ? "null" : concat("[", std::to_string(w.start()), ",", std::to_string(w.end()), "]");
}

// One item of the main output stream in a canonical text form, so that streams compare as strings.
std::string recordText(const std::string& key, const std::string& value, Timestamp ts, const std::string& window)
{
    return concat("record key=", key, " value=", value, " ts=", std::to_string(ts), " window=", window);
}
std::string watermarkText(Timestamp ts)
{
    return concat("watermark ", std::to_string(ts));
}

std::string expectedValue(element v)
{
    if (v.is_array()) {
        std::string s = "[";
        for (element x : v.get_array()) {
            if (s.size() > 1)
                s += ',';
            s += number(numberOf(x));
        }
        return s + "]";
    }
    return number(numberOf(v));
}

std::string actualValue(const WindowResult& r)
{
    if (r.isList) {
        std::string s = "[";
        for (double x : r.list) {
            if (s.size() > 1)
                s += ',';
            s += number(x);
        }
        return s + "]";
    }
    return r.number ? number(*r.number) : "null";
}

// Splits a stream at its watermarks and sorts the records between two watermarks.
std::vector<std::string> unorderedBetweenWatermarks(std::vector<std::string> stream)
{
    auto begin = stream.begin();
    for (auto it = stream.begin(); it != stream.end(); ++it) {
        if (it->rfind("watermark", 0) == 0) {
            std::sort(begin, it);
            begin = it + 1;
        }
    }
    std::sort(begin, stream.end());
    return stream;
}

QString joined(const std::vector<std::string>& items)
{
    QString s;
    for (const std::string& i : items)
        s += "\n    " + QString::fromStdString(i);
    return s;
}

} // namespace

class TestConformancePipeline : public QObject {
    Q_OBJECT

private slots:
    void windowOperatorMatchesFlinkTestCase_data()
    {
        QTest::addColumn<QString>("path");
        const auto files = caseFiles("pipeline");
        QVERIFY2(files.size() >= 36, "the pipeline cases of the conformance corpus are missing");
        for (const auto& f : files)
            QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
    }

    void windowOperatorMatchesFlinkTestCase()
    {
        QFETCH(QString, path);
        try {
            run(path.toStdString());
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }

private:
    void run(const std::string& path)
    {
        CaseFile file(path);
        const element root = file.root();
        const element pipeline = at(root, "pipeline");
        const bool keyed = !has(pipeline, "keyed") || boolOf(at(pipeline, "keyed"));

        auto keys = std::make_shared<KeyTable>();
        // Intern every key first so that the dynamic gap rules can name them.
        for (element in : at(root, "input").get_array()) {
            if (stringOf(at(in, "type")) == "element" && keyed)
                keys->intern(keyText(at(in, "key")));
        }

        WindowOperatorParts parts;
        parts.assigner = makeAssigner(at(pipeline, "window"), keys);
        parts.trigger = makeTrigger(stringOf(at(pipeline, "trigger")));
        parts.function = makeFunction(stringOf(at(pipeline, "function")));
        if (has(pipeline, "evictor"))
            parts.evictor = makeCaseEvictor(at(pipeline, "evictor"));
        parts.allowedLateness = has(pipeline, "allowedLateness") ? int64Of(at(pipeline, "allowedLateness")) : 0;
        parts.lateSideOutput = has(pipeline, "lateSideOutput") && boolOf(at(pipeline, "lateSideOutput"));
        WindowOperator op(parts, 0);

        std::vector<std::string> actual;
        std::vector<std::string> actualLate;
        std::vector<OperatorOutput> out;
        auto collect = [&] {
            for (const OperatorOutput& o : out) {
                if (const auto* fire = std::get_if<FireEvent>(&o)) {
                    const std::string key = fire->key == kNoKey ? "null" : keys->name(fire->key);
                    actual.push_back(recordText(
                        key, actualValue(fire->result), fire->window.maxTimestamp(), windowText(fire->window)));
                } else {
                    const auto& late = std::get<LateEvent>(o);
                    if (late.action == LateAction::SideOutput) {
                        const std::string key = late.key == kNoKey ? "null" : keys->name(late.key);
                        actualLate.push_back(
                            concat("late key=", key, " value=", number(late.value), " ts=", std::to_string(late.ts)));
                    }
                }
            }
            out.clear();
        };

        std::vector<std::pair<std::int64_t, element>> stateChecks;
        if (has(root, "stateChecks")) {
            for (element c : at(root, "stateChecks").get_array())
                stateChecks.emplace_back(int64Of(at(c, "after")), c);
        }

        std::int64_t index = 0;
        for (element in : at(root, "input").get_array()) {
            const std::string type = stringOf(at(in, "type"));
            if (type == "element") {
                const element tsField = at(in, "ts");
                const Timestamp ts = tsField.is_null() ? kNoTimestamp : int64Of(tsField);
                const KeyId key = keyed ? keys->find(keyText(at(in, "key"))) : kNoKey;
                op.processElement(key, numberOf(at(in, "value")), true, ts, out);
                collect();
            } else if (type == "watermark") {
                const Timestamp wm = int64Of(at(in, "ts"));
                op.processWatermark(wm, out);
                collect();
                actual.push_back(watermarkText(wm)); // forwarded after the results it triggered
            } else if (type == "processing-time") {
                op.advanceProcessingTime(int64Of(at(in, "ts")), out);
                collect();
            } else {
                throw std::runtime_error("unknown input type \"" + type + "\"");
            }
            for (const auto& [after, check] : stateChecks) {
                if (after != index)
                    continue;
                const KeyId key = keyed ? keys->find(keyText(at(check, "key"))) : kNoKey;
                const element w = at(check, "window");
                const TimeWindow window(int64Of(w.at(0)), int64Of(w.at(1)));
                std::vector<std::string> have;
                for (const PaneElement& e : op.contents(key, window))
                    have.push_back(number(e.value));
                std::vector<std::string> want;
                for (element v : at(check, "contents").get_array())
                    want.push_back(number(numberOf(v)));
                QVERIFY2(have == want,
                    qPrintable(QStringLiteral("state after input %1: expected%2\n  found%3")
                                   .arg(index)
                                   .arg(joined(want), joined(have))));
            }
            ++index;
        }

        std::vector<std::string> expected;
        std::vector<std::string> expectedLate;
        for (element e : at(root, "expected").get_array()) {
            const std::string type = stringOf(at(e, "type"));
            const std::string key = !has(e, "key") || at(e, "key").is_null() ? "null" : keyText(at(e, "key"));
            if (type == "watermark") {
                expected.push_back(watermarkText(int64Of(at(e, "ts"))));
            } else if (type == "output") {
                const element w = at(e, "window");
                const std::string window = w.is_null()
                    ? "null"
                    : concat("[", std::to_string(int64Of(w.at(0))), ",", std::to_string(int64Of(w.at(1))), "]");
                expected.push_back(recordText(key, expectedValue(at(e, "value")), int64Of(at(e, "ts")), window));
            } else if (type == "late") {
                expectedLate.push_back(concat("late key=", key, " value=", number(numberOf(at(e, "value"))),
                    " ts=", std::to_string(int64Of(at(e, "ts")))));
            }
        }

        const std::string order = stringOf(at(root, "outputOrder"));
        if (order == "records-unordered-between-watermarks") {
            expected = unorderedBetweenWatermarks(expected);
            actual = unorderedBetweenWatermarks(actual);
        } else if (order != "exact") {
            throw std::runtime_error("unknown outputOrder \"" + order + "\"");
        }
        QVERIFY2(actual == expected,
            qPrintable(QStringLiteral("main output differs (%1)\n  expected:%2\n  found:%3")
                           .arg(QString::fromStdString(order), joined(expected), joined(actual))));
        QVERIFY2(actualLate == expectedLate,
            qPrintable(QStringLiteral("late side output differs\n  expected:%1\n  found:%2")
                           .arg(joined(expectedLate), joined(actualLate))));
        if (has(root, "expectedMetrics")) {
            const element metrics = at(root, "expectedMetrics");
            if (has(metrics, "numLateRecordsDropped"))
                QCOMPARE(op.numLateRecordsDropped(), std::uint64_t(int64Of(at(metrics, "numLateRecordsDropped"))));
        }
    }
};

QTEST_APPLESS_MAIN(TestConformancePipeline)
#include "tst_conformance_pipeline.moc"
