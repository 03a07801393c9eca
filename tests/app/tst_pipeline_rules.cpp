// One rule table, four front ends: every rule of engine/io/PipelineRules is refused by the scenario reader, the
// command-line flags and the pipeline editor with the same words, each pointing at its own place for the field,
// and the editor's and the import dialog's spin boxes take their ranges from the table.
#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Session.h"
#include "app/panels/ImportDialog.h"
#include "app/panels/PipelineEditor.h"
#include "engine/cli/RunOptions.h"
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

using namespace tidemark;
using namespace tidemark::app;

namespace {

// A rule broken by one change of the default example (post 000: tumbling 3 s, keyed, 3 channels by rebalance,
// one source subtask), said the three ways the front ends take it.
struct RuleCase {
    std::function<void(PipelineConfig&)> change; // as a scenario file would say it
    QStringList flags; // as `tidemark run EXAMPLE` flags
    std::vector<std::pair<QString, int>> edits; // editor fields set in turn; the last is the one refused
    QString message; // the words all three show
    QString flag; // where the command line points
    QString field; // the editor's field marked
    // The editor's field cannot take the value at all: its spin box has the rule's range (this path's).
    const char* editorRange = nullptr;
};

std::vector<std::pair<const char*, RuleCase>> ruleCases()
{
    return {
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
        {"windowAll on two subtasks",
            {[](PipelineConfig& p) {
                 p.window.keyBy.reset();
                 p.window.parallelism = 2;
             },
                {"--window-parallelism", "2", "--key-by", "none"}, {{"windowParallelism", 2}, {"keyed", 0}},
                R"(expected "parallelism" 1 for a window without "keyBy" (windowAll runs as one subtask), found 2)",
                "--window-parallelism", "windowParallelism"}},
        {"forward with fewer source subtasks than channels",
            {[](PipelineConfig& p) { p.watermarks.partitioning = WatermarkConfig::Partitioning::Forward; },
                {"--partitioning", "forward", "--source-parallelism", "1"}, {{"partitioning", 1}},
                R"("forward" partitioning needs source.parallelism equal to watermarks.parallelism (3), found 1)",
                "--source-parallelism", "sourceParallelism"}},
        {"first channel beyond the channels",
            {[](PipelineConfig& p) { p.watermarks.firstChannel = 3; }, {"--first-channel", "3"}, {{"firstChannel", 3}},
                R"(expected "firstChannel" between 0 and 2 (watermarks.parallelism is 3), found 3)", "--first-channel",
                "firstChannel"}},
        {"a window of no length",
            {[](PipelineConfig& p) { p.window.assigner.sizeMs = 0; }, {"--tumbling", "0s"}, {{"size", 0}},
                R"(expected a positive "sizeMs", found 0)", "--tumbling", "size", "pipeline.window.assigner.sizeMs"}},
    };
}

QString exampleText()
{
    QFile f(defaultExample());
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(defaultExample()));
    return QString::fromUtf8(f.readAll());
}

Scenario exampleScenario()
{
    auto loaded = io::parseScenarioWithoutInput(exampleText().toStdString(), "example.json");
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
        PipelineConfig p = exampleScenario().pipeline;
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
        Scenario s = exampleScenario();
        c.change(s.pipeline);
        const std::string text = io::saveScenario(s);
        const auto loaded = io::parseScenarioWithoutInput(text, "edited.json");
        QVERIFY(!loaded.ok());
        const io::LoadError& e = loaded.errors.front();
        QCOMPARE(QString::fromStdString(e.message), c.message);
        QCOMPARE(QString::fromStdString(e.where.file), QStringLiteral("edited.json"));
        QVERIFY(e.where.line > 1); // at the field (or the object around a field the file leaves to its default)
    }

    void theFlagsAreRefusedWithTheRulesWordsOnTheFlag_data() { rows(); }
    void theFlagsAreRefusedWithTheRulesWordsOnTheFlag()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        std::vector<std::string> storage {defaultExample().toStdString()};
        for (const QString& f : c.flags)
            storage.push_back(f.toStdString());
        const std::vector<std::string_view> args(storage.begin(), storage.end());
        const cli::ParsedArguments parsed = cli::parseRunArguments(args);
        QVERIFY2(parsed.options, parsed.error.c_str());
        const cli::AppliedScenario applied = cli::applyRunOptions(exampleScenario(), ".", *parsed.options);
        QVERIFY(!applied.scenario);
        QCOMPARE(QString::fromStdString(applied.error), c.flag + QStringLiteral(": ") + c.message);
    }

    void theEditorRefusesWithTheRulesWordsAndMarksTheField_data() { rows(); }
    void theEditorRefusesWithTheRulesWordsAndMarksTheField()
    {
        QFETCH(int, index);
        const RuleCase c = ruleCases()[std::size_t(index)].second;
        const auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        auto* editor = window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        const PipelineConfig before = window->session()->scenario().pipeline;
        for (const auto& [field, value] : c.edits)
            QVERIFY(editor->setFieldValue(field, value));
        if (c.editorRange) {
            auto* spin = window->findChild<QSpinBox*>(c.field);
            QVERIFY(spin);
            QCOMPARE(qint64(spin->minimum()), rules::limitOf(c.editorRange).min);
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
            const qint64 max = std::min<qint64>(l.max, std::numeric_limits<int>::max());
            return std::pair {mayBeUnused ? std::min<qint64>(l.min, 0) : l.min, max};
        };
        int checked = 0;
        for (const auto& f : PipelineEditor::fieldsOfPaths()) {
            if (!f.hasLimit)
                continue;
            auto* spin = window->findChild<QSpinBox*>(f.objectName);
            QVERIFY2(spin, qPrintable(f.objectName));
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
    static void rows()
    {
        QTest::addColumn<int>("index");
        const auto cases = ruleCases();
        for (std::size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i].first) << int(i);
    }
};

QTEST_MAIN(TestPipelineRules)
#include "tst_pipeline_rules.moc"
