// One rule table, four front ends: every rule of engine/io/PipelineRules is refused by the scenario reader, the
// command-line flags and the pipeline editor with the same words, each pointing at its own place for the field,
// and the editor's and the import dialog's spin boxes take their ranges from the table.
#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Session.h"
#include "app/panels/ImportDialog.h"
#include "app/panels/PipelineEditor.h"
#include "engine/cli/RunOptions.h"
#include "engine/io/Installation.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <limits>
#include <set>

using namespace tidemark;
using namespace tidemark::app;

namespace {

// A rule broken by one change of an example (post 000 by default: tumbling 3 s, keyed, 3 channels by rebalance,
// one source subtask; or the Kafka example: 2 readers of a 4-partition topic), said the ways the front ends take
// it. A front end that cannot say the value at all has nothing here: no flag sets an evictor's count, and a spin
// box whose range is the rule's own cannot be set outside it (editorRange checks that instead).
struct RuleCase {
    std::function<void(PipelineConfig&)> change {}; // as a scenario file would say it
    QStringList flags {}; // as `tidemark run EXAMPLE` flags; empty: no flag says it
    std::vector<std::pair<QString, int>> edits {}; // editor fields set in turn, the last refused; empty: none
    QString message {}; // the words every front end shows
    QString flag {}; // where the command line points
    QString field {}; // the editor's field marked
    // The editor's field cannot take the value at all: its spin box has the rule's range (this path's).
    const char* editorRange = nullptr;
    QString example = QStringLiteral("post000-parallelism3.json");
};

const QString kKafka = QStringLiteral("kafka-partition-stalls.json");

std::vector<std::pair<const char*, RuleCase>> ruleCases()
{
    using W = WatermarkConfig;
    return {
        // limits
        {"source parallelism of 0",
            {[](PipelineConfig& p) { p.sourceParallelism = 0; }, {"--source-parallelism", "0"},
                {{"sourceParallelism", 0}}, R"(expected "parallelism" between 1 and 128, found 0)",
                "--source-parallelism", "sourceParallelism", "pipeline.source.parallelism"}},
        {"129 watermark channels",
            {[](PipelineConfig& p) { p.watermarks.parallelism = 129; }, {"--parallelism", "129"},
                {{"parallelism", 129}}, R"(expected "parallelism" between 1 and 128, found 129)", "--parallelism",
                "parallelism", "pipeline.watermarks.parallelism"}},
        {"129 window subtasks",
            {[](PipelineConfig& p) { p.window.parallelism = 129; }, {"--window-parallelism", "129"},
                {{"windowParallelism", 129}}, R"(expected "parallelism" between 1 and 128, found 129)",
                "--window-parallelism", "windowParallelism", "pipeline.window.parallelism"}},
        {"a topic of no partitions",
            {[](PipelineConfig& p) { p.kafka->partitions = 0; }, {}, {},
                R"(expected "partitions" between 1 and 10000, found 0)", {}, {}, nullptr, kKafka}},
        {"a topic without a name",
            {[](PipelineConfig& p) { p.kafka->topic.clear(); }, {}, {}, R"(expected a topic name, found "")", {}, {},
                nullptr, kKafka}},
        {"negative out-of-orderness",
            {[](PipelineConfig& p) { p.watermarks.maxOutOfOrdernessMs = -1000; }, {"--out-of-orderness=-1s"},
                {{"maxOutOfOrderness", -1000}}, R"(expected a non-negative "maxOutOfOrdernessMs", found -1000)",
                "--out-of-orderness", "maxOutOfOrderness", "pipeline.watermarks.maxOutOfOrdernessMs"}},
        {"negative watermark interval",
            {[](PipelineConfig& p) { p.watermarks.periodMs = -200; }, {"--period=-200ms"}, {{"period", -200}},
                R"(expected a non-negative "periodMs", found -200)", "--period", "period",
                "pipeline.watermarks.periodMs"}},
        {"negative idleness",
            {[](PipelineConfig& p) { p.watermarks.idlenessMs = -1; }, {"--idleness=-1ms"}, {{"idleness", -1}},
                R"(expected a non-negative "idlenessMs", found -1)", "--idleness", "idleness",
                "pipeline.watermarks.idlenessMs"}},
        {"negative allowed lateness",
            {[](PipelineConfig& p) { p.window.allowedLatenessMs = -2000; }, {"--lateness=-2s"},
                {{"allowedLateness", -2000}}, R"(expected a non-negative "allowedLatenessMs", found -2000)",
                "--lateness", "allowedLateness", "pipeline.window.allowedLatenessMs"}},
        {"a window of no length",
            {[](PipelineConfig& p) { p.window.assigner.sizeMs = 0; }, {"--tumbling", "0s"}, {{"size", 0}},
                R"(expected a positive "sizeMs", found 0)", "--tumbling", "size", "pipeline.window.assigner.sizeMs"}},
        {"a sliding window of no slide",
            {[](PipelineConfig& p) {
                 p.window.assigner.type = AssignerSpec::Type::Sliding;
                 p.window.assigner.slideMs = 0;
             },
                {"--sliding", "3s/0s"}, {{"slide", 0}, {"assigner", 1}}, R"(expected a positive "slideMs", found 0)",
                "--sliding", "slide"}},
        {"sessions of no gap",
            {[](PipelineConfig& p) { p.window.assigner.type = AssignerSpec::Type::Session; }, {"--session", "0s"},
                {{"assigner", 2}}, R"(expected a positive "gapMs", found 0)", "--session", "gap"}},
        {"a count trigger of no count",
            {[](PipelineConfig& p) { p.window.trigger.type = TriggerSpec::Type::Count; }, {"--trigger", "count:0"},
                {{"trigger", 3}}, R"(expected "count" of at least 1, found 0)", "--trigger", "triggerCount"}},
        {"a continuous trigger of no interval",
            {[](PipelineConfig& p) { p.window.trigger.type = TriggerSpec::Type::ContinuousEventTime; },
                {"--trigger", "continuous-event-time:0s"}, {{"trigger", 4}},
                R"(expected a positive "intervalMs", found 0)", "--trigger", "triggerInterval"}},
        {"a count evictor keeping fewer than none",
            {[](PipelineConfig& p) {
                 p.window.evictor.type = EvictorSpec::Type::Count;
                 p.window.evictor.maxCount = -1;
             },
                {}, {}, R"(expected "maxCount" of at least 0, found -1)"}},
        {"a time evictor keeping less than nothing",
            {[](PipelineConfig& p) {
                 p.window.evictor.type = EvictorSpec::Type::Time;
                 p.window.evictor.keepMs = -1;
             },
                {}, {}, R"(expected a non-negative "keepMs", found -1)"}},
        {"a cumulate window of no length",
            {[](PipelineConfig& p) {
                 p.window.assigner.type = AssignerSpec::Type::Cumulate;
                 p.window.assigner.sizeMs = 0;
                 p.window.assigner.stepMs = 1000;
             },
                {"--cumulate", "0s/1s"}, {}, R"(expected a positive "maxSizeMs", found 0)", "--cumulate"}},
        {"a cumulate window of no step",
            {[](PipelineConfig& p) { p.window.assigner.type = AssignerSpec::Type::Cumulate; }, {"--cumulate", "3s/0s"},
                {{"step", 0}, {"assigner", 4}}, R"(expected a positive "stepMs", found 0)", "--cumulate", "step"}},
        // rules across fields
        {"cumulate size not a multiple of its step",
            {[](PipelineConfig& p) {
                 p.window.assigner.type = AssignerSpec::Type::Cumulate;
                 p.window.assigner.stepMs = 2000;
             },
                {"--cumulate", "3s/2s"}, {{"step", 2000}, {"assigner", 4}},
                R"(expected "maxSizeMs" to be a multiple of "stepMs" 2000 (Flink's CUMULATE window requires it), found 3000)",
                "--cumulate", "size"}},
        {"tumbling offset as large as the size",
            {[](PipelineConfig& p) { p.window.assigner.offsetMs = 3000; }, {"--offset", "3s"}, {{"offset", 3000}},
                R"(expected "offsetMs" between -2999 and 2999 (less than "sizeMs" in absolute value), found 3000)",
                "--offset", "offset"}},
        {"sliding offset as large as the slide",
            {[](PipelineConfig& p) {
                 p.window.assigner.type = AssignerSpec::Type::Sliding;
                 p.window.assigner.slideMs = 1000;
                 p.window.assigner.offsetMs = -1000;
             },
                {"--sliding", "3s/1s", "--offset=-1s"}, {{"slide", 1000}, {"offset", -1000}, {"assigner", 1}},
                R"(expected "offsetMs" between -999 and 999 (less than "slideMs" in absolute value), found -1000)",
                "--offset", "offset"}},
        {"windowAll on two subtasks",
            {[](PipelineConfig& p) {
                 p.window.keyBy.reset();
                 p.window.parallelism = 2;
             },
                {"--window-parallelism", "2", "--key-by", "none"}, {{"windowParallelism", 2}, {"keyed", 0}},
                R"(expected "parallelism" 1 for a window without "keyBy" (windowAll runs as one subtask), found 2)",
                "--window-parallelism", "windowParallelism"}},
        {"forward with fewer source subtasks than channels",
            {[](PipelineConfig& p) { p.watermarks.partitioning = W::Partitioning::Forward; },
                {"--partitioning", "forward", "--source-parallelism", "1"}, {{"partitioning", 1}},
                R"("forward" partitioning needs source.parallelism equal to watermarks.parallelism (3), found 1)",
                "--source-parallelism", "sourceParallelism"}},
        {"first channel beyond the channels",
            {[](PipelineConfig& p) { p.watermarks.firstChannel = 3; }, {"--first-channel", "3"}, {{"firstChannel", 3}},
                R"(expected "firstChannel" between 0 and 2 (watermarks.parallelism is 3), found 3)", "--first-channel",
                "firstChannel"}},
        {"a Kafka source with more channels than readers",
            {[](PipelineConfig& p) { p.watermarks.parallelism = 3; },
                {"--parallelism", "3", "--source-parallelism", "2"}, {{"parallelism", 3}},
                R"(expected "parallelism" 2: the watermarks of a Kafka source are made in or right after its readers (source.parallelism 2), found 3)",
                "--parallelism", "parallelism", nullptr, kKafka}},
        {"a Kafka source's records dealt round robin",
            {[](PipelineConfig& p) { p.watermarks.partitioning = W::Partitioning::Rebalance; },
                {"--partitioning", "rebalance"}, {{"partitioning", 0}},
                R"(expected "partitioning" "forward": a Kafka source's records stay with the reader of their partition, found "rebalance")",
                "--partitioning", "partitioning", nullptr, kKafka}},
        {"a Kafka source with a round robin start",
            {[](PipelineConfig& p) { p.watermarks.firstChannel = 1; }, {"--first-channel", "1"}, {{"firstChannel", 1}},
                R"("firstChannel" is for rebalance, not for a Kafka source)", "--first-channel", "firstChannel",
                nullptr, kKafka}},
        {"a Kafka source with the legacy extractor per partition",
            {[](PipelineConfig& p) { p.watermarks.strategy = W::Strategy::LegacyBoundedOutOfOrderness; },
                {"--strategy", "legacy-bounded-out-of-orderness"}, {{"strategy", 2}},
                R"("legacy-bounded-out-of-orderness" makes no watermark per partition: Flink gives every split of a reader the one BoundedOutOfOrdernessTimestampExtractor; use "bounded-out-of-orderness", or "watermarks": "after-source" in the Kafka source)",
                "--strategy", "strategy", nullptr, kKafka}},
        {"sliding windows Flink 2.3 refuses to build",
            {[](PipelineConfig& p) {
                 p.window.assigner.type = AssignerSpec::Type::Sliding;
                 p.window.assigner.sizeMs = 2'000'000'000;
                 p.window.assigner.slideMs = 100;
             },
                {"--sliding", "2000000s/100ms"}, {{"size", 2'000'000'000}, {"slide", 100}, {"assigner", 1}},
                R"(SlidingEventTimeWindows parameters must satisfy size / slide <= 10000000, found size 2000000000 ms and slide 100 ms (Flink 2.3 refuses the job; choose a longer slide or a shorter size))",
                "--sliding", "assigner"}},
    };
}

QString examplePath(const QString& name)
{
    return QString::fromStdString((io::examplesDirectory() / name.toStdString()).string());
}

Scenario exampleScenario(const QString& name)
{
    QFile f(examplePath(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    auto loaded = io::parseScenarioWithoutInput(f.readAll().toStdString(), name.toStdString());
    if (!loaded.ok())
        qFatal("%s", loaded.errorText().c_str());
    return std::move(*loaded.value);
}

} // namespace
class TestPipelineRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyRuleHasItsWordsInTheTable_data() { rows(); }
    void everyRuleHasItsWordsInTheTable()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        PipelineConfig p = exampleScenario(c.example).pipeline;
        QVERIFY(!rules::validate(p)); // the example keeps every rule
        c.change(p);
        const auto broken = rules::validate(p);
        QVERIFY(broken);
        QCOMPARE(QString::fromStdString(broken->message), c.message);
    }

    void theScenarioFileIsRefusedWithTheRulesWordsAtTheField_data() { rows(); }
    void theScenarioFileIsRefusedWithTheRulesWordsAtTheField()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        Scenario s = exampleScenario(c.example);
        c.change(s.pipeline);
        const std::string text = io::saveScenario(s);
        const auto loaded = io::parseScenarioWithoutInput(text, "edited.json");
        QVERIFY(!loaded.ok());
        const io::LoadError& e = loaded.errors.front();
        QCOMPARE(QString::fromStdString(e.message), c.message);
        QCOMPARE(QString::fromStdString(e.where.file), QStringLiteral("edited.json"));
        QVERIFY(e.where.line > 1); // at the field (or the object around a field the file leaves to its default)
    }

    void theFlagsAreRefusedWithTheRulesWordsOnTheFlag_data()
    {
        rows([](const RuleCase& c) { return !c.flags.isEmpty(); });
    }
    void theFlagsAreRefusedWithTheRulesWordsOnTheFlag()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        std::vector<std::string> storage {examplePath(c.example).toStdString()};
        for (const QString& f : c.flags)
            storage.push_back(f.toStdString());
        const std::vector<std::string_view> args(storage.begin(), storage.end());
        const cli::ParsedArguments parsed = cli::parseRunArguments(args);
        QVERIFY2(parsed.options, parsed.error.c_str());
        const cli::AppliedScenario applied = cli::applyRunOptions(exampleScenario(c.example), ".", *parsed.options);
        QVERIFY(!applied.scenario);
        QCOMPARE(QString::fromStdString(applied.error), c.flag + QStringLiteral(": ") + c.message);
    }

    void theEditorRefusesWithTheRulesWordsAndMarksTheField_data()
    {
        rows([](const RuleCase& c) { return !c.edits.empty(); });
    }
    void theEditorRefusesWithTheRulesWordsAndMarksTheField()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        const auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        if (c.example != QStringLiteral("post000-parallelism3.json"))
            QVERIFY(window->openExample(examplePath(c.example)));
        auto* editor = window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        const PipelineConfig before = window->session()->scenario().pipeline;
        for (const auto& [field, value] : c.edits)
            QVERIFY(editor->setFieldValue(field, value));
        if (c.editorRange) {
            auto* spin = window->findChild<QSpinBox*>(c.field);
            QVERIFY(spin);
            const rules::NumberLimit& limit = rules::limitOf(c.editorRange);
            QCOMPARE(qint64(spin->minimum()), limit.min);
            QCOMPARE(qint64(spin->maximum()), std::min<qint64>(limit.max, std::numeric_limits<int>::max()));
            QVERIFY(spin->value() != c.edits.back().second);
            QVERIFY(!rules::validate(window->session()->scenario().pipeline));
            return;
        }
        auto* error = window->findChild<QLabel*>(QStringLiteral("pipelineError"));
        QVERIFY(error && !error->isHidden());
        QCOMPARE(error->text(), QStringLiteral("Not applied: ") + c.message);
        auto* marked = window->findChild<QWidget*>(c.field);
        QVERIFY(marked);
        QCOMPARE(marked->property("ruleBroken").toBool(), true);
        QCOMPARE(marked->toolTip(), c.message);
        // nothing was corrected behind the user's back: the refused change is not in force
        const PipelineConfig after = window->session()->scenario().pipeline;
        QVERIFY(!rules::validate(after));
        QCOMPARE(after.window.assigner.type, before.window.assigner.type);
        QCOMPARE(after.window.keyBy.has_value(), before.window.keyBy.has_value());
        QCOMPARE(after.watermarks.partitioning, before.watermarks.partitioning);
    }

    // The walk is not vacuous: every bounded number of the table is broken by some case, and each front end is
    // walked through the rules it can say.
    void everyRuleIsWalkedThroughTheFrontEndsThatCanSayIt()
    {
        std::set<std::string> broken;
        int flags = 0;
        int edits = 0;
        for (const auto& [name, c] : ruleCases()) {
            PipelineConfig p = exampleScenario(c.example).pipeline;
            c.change(p);
            for (const rules::Violation& v : rules::violations(p))
                broken.insert(v.path());
            flags += c.flags.isEmpty() ? 0 : 1;
            edits += c.edits.empty() ? 0 : 1;
        }
        for (const rules::NumberLimit& l : rules::numberLimits()) {
            const bool bounded = l.min != std::numeric_limits<std::int64_t>::min()
                || l.max != std::numeric_limits<std::int64_t>::max();
            if (bounded)
                QVERIFY2(broken.count(std::string(l.path)), std::string(l.path).c_str());
        }
        QVERIFY(ruleCases().size() >= 29);
        QVERIFY(flags >= 25);
        QVERIFY(edits >= 24);
    }

    void aRefusedChoiceStaysAsTypedAndAppliesOnceItsFieldIsFixed()
    {
        const auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        auto* editor = window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        // CUMULATE over the example's 3 s with a 2 s step: refused, and the choice stays in the editor
        QVERIFY(editor->setFieldValue(QStringLiteral("step"), 2000));
        QVERIFY(editor->setFieldValue(QStringLiteral("assigner"), 4));
        QCOMPARE(window->session()->scenario().pipeline.window.assigner.type, AssignerSpec::Type::Tumbling);
        QCOMPARE(window->findChild<QComboBox*>(QStringLiteral("assigner"))->currentIndex(), 4);
        // TIDEMARK_SCREENSHOT_DIR: the editor as the user sees the refusal
        if (const QString dir = qEnvironmentVariable("TIDEMARK_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(editor->grab().save(QDir(dir).filePath(QStringLiteral("pipeline-editor-refusal.png"))));
        // a size the step divides: both apply as one edit, and the mark goes
        QVERIFY(editor->setFieldValue(QStringLiteral("size"), 4000));
        const AssignerSpec& a = window->session()->scenario().pipeline.window.assigner;
        QCOMPARE(a.type, AssignerSpec::Type::Cumulate);
        QCOMPARE(a.sizeMs, DurationMs(4000));
        QCOMPARE(a.stepMs, DurationMs(2000));
        QVERIFY(window->findChild<QLabel*>(QStringLiteral("pipelineError"))->isHidden());
        QVERIFY(!window->findChild<QWidget*>(QStringLiteral("size"))->property("ruleBroken").toBool());
    }

    void spinBoxesTakeTheirRangesFromTheTable()
    {
        const auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        const auto range = [](QSpinBox* spin) { return std::pair {qint64(spin->minimum()), qint64(spin->maximum())}; };
        const auto expected = [](std::string_view path, bool mayBeUnused) {
            const auto& l = rules::limitOf(path);
            // within what a QSpinBox holds
            const qint64 min
                = std::max<qint64>(mayBeUnused ? std::min<qint64>(l.min, 0) : l.min, std::numeric_limits<int>::min());
            const qint64 max = std::min<qint64>(l.max, std::numeric_limits<int>::max());
            return std::pair {min, max};
        };
        int checked = 0;
        for (const auto& f : PipelineEditor::fieldsOfPaths()) {
            auto* spin = window->findChild<QSpinBox*>(f.objectName);
            if (!spin) // a choice or a switch
                continue;
            QCOMPARE(range(spin), expected(f.path, f.mayBeUnused));
            ++checked;
        }
        QVERIFY(checked >= 10);
        // a window parallelism of 100 loads from a file, and the editor can show it
        QCOMPARE(window->findChild<QSpinBox*>(QStringLiteral("windowParallelism"))->maximum(), rules::kMaxParallelism);

        QTemporaryDir dir;
        QFile csv(dir.filePath(QStringLiteral("events.csv")));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("key,ts,value\na,1000,1\nb,2000,2\n");
        csv.close();
        ImportDialog dialog(csv.fileName());
        QCOMPARE(range(dialog.findChild<QSpinBox*>(QStringLiteral("importParallelism"))),
            expected("pipeline.watermarks.parallelism", false));
    }

private:
    // One row a rule case that the front end can say (everyRuleIsWalkedThroughTheFrontEndsThatCanSayIt counts them).
    static void rows(const std::function<bool(const RuleCase&)>& says = [](const RuleCase&) { return true; })
    {
        QTest::addColumn<int>("index");
        const auto cases = ruleCases();
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (says(cases[i].second))
                QTest::newRow(cases[i].first) << int(i);
        }
    }
};

QTEST_MAIN(TestPipelineRules)
#include "tst_pipeline_rules.moc"
