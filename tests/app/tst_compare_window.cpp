// The compare window: two runs of the same events under two pipelines, one cursor over processing time for
// both, and the list of where their outputs differ (docs/app.md, Compare).

#include "ShownWindow.h"
#include "app/compare/CompareBar.h"
#include "app/compare/CompareCursor.h"
#include "app/compare/CompareSetupDialog.h"
#include "app/compare/CompareWindow.h"
#include "app/compare/ComparisonRuns.h"
#include "app/compare/Comparisons.h"
#include "app/compare/DifferencesModel.h"
#include "app/compare/GraphCompareSetupDialog.h"
#include "app/compare/RunHeader.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"
#include "app/panels/PipelineEditor.h"
#include "app/timeline/TimelineView.h"
#include "engine/compare/ComparisonIo.h"
#include "engine/compare/GraphDifferences.h"
#include "engine/compare/RunDifferences.h"
#include "engine/output/GraphOutputFormat.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTest>

#include <memory>

using namespace tidemark;
using namespace tidemark::app;
using compare::RunSide;

namespace {

QString builtInComparison(const QString& name)
{
    for (const ComparisonInfo& c : builtInComparisons()) {
        if (c.path.endsWith(QLatin1Char('/') + name + QStringLiteral(".json")))
            return c.path;
    }
    return {};
}

Scenario example(const QString& file)
{
    LoadOutcome loaded = loadScenarioFile(test::examplePath(file));
    return loaded.ok() ? *loaded.scenario : Scenario {};
}

// Pictures to look at, beside the other tests' (<build>/bin/screenshots/).
void saveScreenshot(QWidget* widget, const QString& name)
{
    const QDir dir(QCoreApplication::applicationDirPath());
    dir.mkpath(QStringLiteral("screenshots"));
    QVERIFY(widget->grab().save(dir.filePath(QStringLiteral("screenshots/%1.png").arg(name))));
}

int streamNamed(const Session& session, const QString& name)
{
    const StreamGraph& streams = session.graph().streams();
    for (int s = 0; s < streams.streamCount(); ++s) {
        if (QString::fromStdString(streams.node(s).name) == name)
            return s;
    }
    return -1;
}

int compareWindowsOpen()
{
    int n = 0;
    for (QWidget* w : QApplication::topLevelWidgets())
        n += qobject_cast<CompareWindow*>(w) != nullptr ? 1 : 0;
    return n;
}

} // namespace

class TestCompareWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        const QString path = builtInComparison(QStringLiteral("post000-parallelism"));
        QVERIFY2(!path.isEmpty(), "the built-in comparisons are listed for the menu");
        QString error;
        m_window = openComparisonFile(path, nullptr, &error);
        QVERIFY2(m_window, qPrintable(error));
        m_window->resize(1600, 1000);
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }
    void cleanup()
    {
        delete m_window.data();
        QCOMPARE(compareWindowsOpen(), 0);
    }

    void theBuiltInParallelismComparisonIsLabelledWithWhatDiffers()
    {
        QCOMPARE(m_window->runs()->label(RunSide::A), QStringLiteral("parallelism 1"));
        QCOMPARE(m_window->runs()->label(RunSide::B), QStringLiteral("parallelism 3"));
        QCOMPARE(m_window->header(RunSide::A)->labelText(), QStringLiteral("parallelism 1"));
        QCOMPARE(m_window->header(RunSide::B)->labelText(), QStringLiteral("parallelism 3"));
        QVERIFY(m_window->header(RunSide::A)->isVisible());
        QVERIFY(m_window->timeline(RunSide::A)->isVisible());
        QVERIFY(m_window->timeline(RunSide::B)->isVisible());
        QVERIFY(m_window->windowTitle().contains(QStringLiteral("Post 000: parallelism 1 vs 3")));
        QCOMPARE(m_window->summaryText(), QStringLiteral("10 differences"));
        saveScreenshot(m_window, QStringLiteral("compare-post000-parallelism"));
    }

    void theListHoldsTheDifferencesOfCompareRunsInTheirOrder()
    {
        const auto loaded
            = compare::loadComparisonFile(builtInComparison(QStringLiteral("post000-parallelism")).toStdString());
        QVERIFY(loaded.ok());
        std::string why;
        const auto expected = compare::playAndCompare(*loaded.value, why);
        QVERIFY2(expected, why.c_str());
        QCOMPARE(expected->size(), std::size_t(10));

        DifferencesModel* model = m_window->differencesModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), int(expected->size()));
        QCOMPARE(m_window->differencesView()->model(), model);
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(model->index(row, 0).data(DifferencesModel::KindRole).toInt(), int((*expected)[row].kind));
            for (const RunSide side : {RunSide::A, RunSide::B}) {
                const auto& s = (*expected)[row].side(side);
                if (s.hasStep()) {
                    const QString text = model->sideText(row, side);
                    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("\\bstep %1\\b").arg(s.step))),
                        qPrintable(text));
                }
            }
        }
        QCOMPARE(model->kindText(0), QStringLiteral("fire moved"));
        QCOMPARE(model->kindText(2), QStringLiteral("fire moved, result differs"));
        QCOMPARE(model->kindText(3), QStringLiteral("late only in A"));
        QCOMPARE(model->subjectText(0), QStringLiteral("window [10:11:21, 10:11:24), key 0001"));
        QCOMPARE(model->sideText(0, RunSide::A),
            QStringLiteral("after record 5, step 25 at 4.000 s: (0001,[1538359882000])"));
        QCOMPARE(model->sideText(0, RunSide::B),
            QStringLiteral("after record 7, step 95 at 6.000 s: 1> (0001,[1538359882000])"));
        QCOMPARE(model->subjectText(3), QStringLiteral("record 11 (key 0001, 10:11:30.000)"));
        QCOMPARE(model->sideText(3, RunSide::A), QStringLiteral("dropped after record 11, step 60 at 10.000 s"));
        QCOMPARE(model->sideText(3, RunSide::B), QStringLiteral("accepted: record 11 arrives at step 158, 10.000 s"));
        QCOMPARE(
            model->headerData(DifferencesModel::SideB, Qt::Horizontal).toString(), QStringLiteral("B: parallelism 3"));
    }

    void clickingTheFirstDifferenceShowsBothFiresAtTheLaterTime()
    {
        CompareCursor* cursor = m_window->compareCursor();
        cursor->toStart();
        QCOMPARE(m_window->runs()->session(RunSide::A)->currentStep(), 0);
        QCOMPARE(cursor->currentDifference(), 0); // the window opened on it; a click goes there again
        QTableView* table = m_window->differencesView();
        const QRect row0 = table->visualRect(table->model()->index(0, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, row0.center());

        const Session* a = m_window->runs()->session(RunSide::A);
        const Session* b = m_window->runs()->session(RunSide::B);
        QCOMPARE(a->currentStep(), 25);
        QCOMPARE(b->currentStep(), 95);
        QCOMPARE(cursor->time(), Timestamp(6000));
        QCOMPARE(a->lastStep(), 134);
        QCOMPARE(b->lastStep(), 356);
        QCOMPARE(m_window->bar()->positionText(), QStringLiteral("A: step 25 of 134 · B: step 95 of 356 · 6.000 s"));
        QCOMPARE(m_window->header(RunSide::A)->positionText(), QStringLiteral("step 25 of 134 · 4.000 s"));
        // the window is highlighted in both timelines, and selected where it fired
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            const TimeCursor* c = m_window->runs()->cursor(side);
            QCOMPARE(c->highlight().kind, TimeCursor::Highlight::Kind::Window);
            QCOMPARE(c->highlight().windowStart, Timestamp(1538359881000));
            QCOMPARE(c->highlight().windowEnd, Timestamp(1538359884000));
            QCOMPARE(c->selection().kind, TimeCursor::Selection::Kind::Window);
        }
        // the pointer leaving a timeline gives the highlight back to the difference
        m_window->runs()->cursor(RunSide::B)->clearHighlight();
        QCOMPARE(m_window->runs()->cursor(RunSide::B)->highlight().kind, TimeCursor::Highlight::Kind::Window);
    }

    void theKeyboardSelectsTheNextDifferenceAndARecordIsHighlighted()
    {
        QTableView* table = m_window->differencesView();
        table->setFocus();
        m_window->compareCursor()->showDifference(2);
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(m_window->compareCursor()->currentDifference(), 3);
        QCOMPARE(table->currentIndex().row(), 3);
        // record 11: dropped in A at step 60, on time in B, where it arrives at step 158 (both at 10 s)
        QCOMPARE(m_window->runs()->session(RunSide::A)->currentStep(), 60);
        QCOMPARE(m_window->runs()->session(RunSide::B)->currentStep(), 158);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            const TimeCursor* c = m_window->runs()->cursor(side);
            QCOMPARE(c->highlight().kind, TimeCursor::Highlight::Kind::Record);
            QCOMPARE(c->highlight().record, std::int64_t(10));
            QCOMPARE(c->selectedRecord(), RecordIndex(10));
        }
        QTest::keyClick(m_window, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(m_window->compareCursor()->currentDifference(), 4);
        QCOMPARE(table->currentIndex().row(), 4);
    }

    void steppingMovesBothRunsToTheSameProcessingTime()
    {
        CompareCursor* cursor = m_window->compareCursor();
        const Session* a = m_window->runs()->session(RunSide::A);
        const Session* b = m_window->runs()->session(RunSide::B);
        cursor->showDifference(0);
        Timestamp before = cursor->time();
        int stops = 0;
        for (int i = 0; i < 1000 && !cursor->atEnd(); ++i, ++stops) {
            QTest::keyClick(m_window, Qt::Key_Right); // even with the list focused, → steps
            const Timestamp t = cursor->time();
            QVERIFY2(t > before, qPrintable(QStringLiteral("step %1 did not move on from %2").arg(i).arg(before)));
            // each run at its last step up to t, and one of them has something at t itself
            QCOMPARE(a->currentStep(), cursor->stepAt(RunSide::A, t));
            QCOMPARE(b->currentStep(), cursor->stepAt(RunSide::B, t));
            QVERIFY(a->processingTime() <= t && b->processingTime() <= t);
            QVERIFY(a->processingTime() == t || b->processingTime() == t);
            before = t;
        }
        QVERIFY(cursor->atEnd());
        QVERIFY(stops > 10);
        QCOMPARE(a->currentStep(), a->lastStep());
        QCOMPARE(b->currentStep(), b->lastStep());
        QTest::keyClick(m_window, Qt::Key_Left);
        QVERIFY(cursor->time() < before);
        QTest::keyClick(m_window, Qt::Key_Home);
        QCOMPARE(a->currentStep(), 0);
        QCOMPARE(b->currentStep(), 0);
        QVERIFY(m_window->bar()->positionText().startsWith(QStringLiteral("A: step 0 of 134 · B: step 0 of 356")));
        QTest::keyClick(m_window, Qt::Key_End);
        QCOMPARE(a->currentStep(), a->lastStep());
        QCOMPARE(b->currentStep(), b->lastStep());
        QVERIFY(cursor->atEnd());
        // Space plays from the start again, and stops at the end
        QTest::keyClick(m_window, Qt::Key_Space);
        QVERIFY(m_window->bar()->isPlaying());
        QVERIFY(cursor->time() < before);
        QTest::keyClick(m_window, Qt::Key_Space);
        QVERIFY(!m_window->bar()->isPlaying());
    }

    void zoomingOneTimelineZoomsTheOther()
    {
        TimeCursor* a = m_window->runs()->cursor(RunSide::A);
        const TimeCursor* b = m_window->runs()->cursor(RunSide::B);
        QCOMPARE(a->visibleStart(), b->visibleStart());
        a->setVisibleRange(a->visibleStart() + 1000, a->visibleEnd() - 1000);
        QCOMPARE(b->visibleStart(), a->visibleStart());
        QCOMPARE(b->visibleEnd(), a->visibleEnd());
    }

    void scenariosThatReadOtherEventsGiveTheReasonAndNoWindow()
    {
        const Scenario post000 = example(QStringLiteral("post000-parallelism1-lateness0.json"));
        QVERIFY(!post000.records.empty());
        QString error;
        const int before = compareWindowsOpen();
        QVERIFY(!openComparison(
            compare::Comparison::between(post000, example(QStringLiteral("post002-allowed-lateness.json"))), nullptr,
            &error));
        QVERIFY2(error.contains(QStringLiteral("do not read the same events")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("record 1")), qPrintable(error));
        error.clear();
        QVERIFY(!compareWithScenarioFile(
            post000, test::examplePath(QStringLiteral("sliding-windows.json")), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("do not read the same events")), qPrintable(error));
        // an event file has no pipeline to compare
        error.clear();
        QVERIFY(!compareWithScenarioFile(
            post000, test::examplePath(QStringLiteral("post000-kafka-lines.csv")), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("not a scenario")), qPrintable(error));
        QCOMPARE(compareWindowsOpen(), before);
        // a window built anyway shows the reason instead of the views
        CompareWindow refused(
            compare::Comparison::between(post000, example(QStringLiteral("post003-from480000.json"))), nullptr);
        QVERIFY(!refused.isValid());
        QVERIFY(refused.findChild<QWidget*>(QStringLiteral("compareError")));
        QVERIFY(!refused.timeline(RunSide::A));
    }

    void aScenarioFileOfTheSameEventsIsComparedWithTheCurrentRun()
    {
        QString error;
        QPointer<CompareWindow> window = compareWithScenarioFile(example(QStringLiteral("post000-parallelism3.json")),
            test::examplePath(QStringLiteral("post000-parallelism1-lateness2000.json")), nullptr, &error);
        QVERIFY2(window, qPrintable(error));
        QCOMPARE(window->runs()->label(RunSide::A), QStringLiteral("parallelism 3"));
        QCOMPARE(window->runs()->label(RunSide::B), QStringLiteral("parallelism 1"));
        delete window.data();
    }

    void theSamePipelineTwiceHasNoDifferences()
    {
        const Scenario s = example(QStringLiteral("post002-allowed-lateness.json"));
        CompareWindow same(compare::Comparison::between(s, s), nullptr);
        QVERIFY(same.isValid());
        QCOMPARE(same.summaryText(), QStringLiteral("No differences: both pipelines give the same outputs"));
        QCOMPARE(same.differencesModel()->rowCount(), 0);
        QCOMPARE(same.runs()->label(RunSide::A), QStringLiteral("the same pipeline"));
        QVERIFY(same.compareCursor()->atEnd());
    }

    void theSetupDialogDuplicatesTheRunWithOneSettingChanged()
    {
        const Scenario post002 = example(QStringLiteral("post002-allowed-lateness.json"));
        CompareSetupDialog dialog(post002);
        QVERIFY(dialog.settings().contains(QStringLiteral("allowedLateness")));
        QVERIFY(dialog.settings().contains(QStringLiteral("sideOutput")));
        QVERIFY(!dialog.settings().contains(QStringLiteral("gap"))); // tumbling windows have no gap
        QVERIFY(dialog.setSetting(QStringLiteral("allowedLateness")));
        auto* buttons = dialog.findChild<QDialogButtonBox*>();
        QVERIFY(buttons);
        QPushButton* compareButton = buttons->button(QDialogButtonBox::Ok);
        QCOMPARE(compareButton->text(), QStringLiteral("Compare"));
        QVERIFY(!compareButton->isEnabled()); // B is A's copy until a value changes
        QVERIFY(dialog.setValue(2000));
        QCOMPARE(QString::fromStdString(dialog.labels().a), QStringLiteral("allowed lateness 1 s"));
        QCOMPARE(QString::fromStdString(dialog.labels().b), QStringLiteral("allowed lateness 2 s"));
        QVERIFY(dialog.differenceCount() > 0);
        QVERIFY2(dialog.previewText().contains(QStringLiteral("B: allowed lateness 2 s")),
            qPrintable(dialog.previewText().replace(QLatin1Char(0x0a), QLatin1Char(0x7c))));
        QVERIFY(compareButton->isEnabled());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        saveScreenshot(&dialog, QStringLiteral("compare-setup"));
        QString error;
        QPointer<CompareWindow> window = openComparison(dialog.comparison(), nullptr, &error);
        QVERIFY2(window, qPrintable(error));
        QCOMPARE(window->runs()->label(RunSide::B), QStringLiteral("allowed lateness 2 s"));
        QCOMPARE(window->differencesModel()->rowCount(), dialog.differenceCount());
        delete window.data();
        // another setting starts B again from A: nothing differs until its value changes
        QVERIFY(dialog.setSetting(QStringLiteral("sideOutput")));
        QCOMPARE(dialog.labels().a, dialog.labels().b);
        QVERIFY(!compareButton->isEnabled());
        QVERIFY(dialog.setValue(true));
        QCOMPARE(QString::fromStdString(dialog.labels().b), QStringLiteral("late side output"));
    }

    void theSetupDialogShowsATriggerWithItsCountAndAnEditorRefusal()
    {
        CompareSetupDialog dialog(example(QStringLiteral("post002-allowed-lateness.json")));
        dialog.resize(560, 400);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.setSetting(QStringLiteral("trigger")));
        auto* editor = dialog.findChild<PipelineEditor*>();
        QVERIFY(editor);
        for (const char* shown : {"trigger", "triggerCount", "triggerInterval"})
            QVERIFY(editor->findChild<QWidget*>(QString::fromLatin1(shown))->isVisible());
        QVERIFY(!editor->findChild<QWidget*>(QStringLiteral("allowedLateness"))->isVisible());
        QVERIFY(dialog.setValue(3)); // CountTrigger, with a count of 0 as the scenario has it
        QVERIFY(editor->setFieldValue(QStringLiteral("triggerCount"), 2));
        QVERIFY2(QString::fromStdString(dialog.labels().b).contains(QStringLiteral("CountTrigger 2")),
            dialog.labels().b.c_str());
        QVERIFY(dialog.differenceCount() > 0);
        // a value the rule table refuses is said by the editor in a scenario file's words (a continuous trigger
        // needs an interval), and B keeps the run it had
        QVERIFY(dialog.setValue(4));
        auto* refusal = editor->findChild<QLabel*>(QStringLiteral("pipelineError"));
        QVERIFY(refusal);
        QVERIFY(refusal->isVisible());
        QVERIFY2(refusal->text().contains(QStringLiteral("expected a positive \"intervalMs\", found 0")),
            qPrintable(refusal->text()));
        QVERIFY(QString::fromStdString(dialog.labels().b).contains(QStringLiteral("CountTrigger 2")));
        // the editor grows by the refusal's line instead of covering the preview
        QCoreApplication::processEvents();
        const auto* preview = dialog.findChild<QLabel*>(QStringLiteral("preview"));
        QVERIFY(preview->y() >= editor->geometry().bottom());
        QVERIFY(refusal->geometry().bottom() <= editor->height());
        saveScreenshot(&dialog, QStringLiteral("compare-setup-trigger"));
    }

    // Two job graphs: each run's strip over its lanes, the differences operator by operator, and the operator of the
    // difference looked at selected in both (the built-in comparison's description says what to expect).
    void twoJobGraphsShowTheirStripsAndTheOutputOnlyOneMakes()
    {
        const QString path = builtInComparison(QStringLiteral("orders-payments-idleness"));
        QVERIFY2(!path.isEmpty(), "the built-in graph comparisons are listed for the menu");
        QString error;
        const std::unique_ptr<CompareWindow> window(openComparisonFile(path, nullptr, &error));
        QVERIFY2(window, qPrintable(error));
        window->resize(1600, 1000);
        QVERIFY(window->runs()->isGraph());
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            QVERIFY(window->graphStrip(side));
            QVERIFY(window->graphLanes(side));
            QVERIFY(!window->timeline(side));
        }
        QCOMPARE(window->runs()->label(RunSide::A), QStringLiteral("payments no idleness"));
        QCOMPARE(window->runs()->label(RunSide::B), QStringLiteral("payments idleness 2 s"));
        QCOMPARE(window->summaryText(), QStringLiteral("1 difference"));
        const DifferencesModel* model = window->differencesModel();
        QCOMPARE(model->kindText(0), QStringLiteral("output only in B"));
        QCOMPARE(model->subjectText(0), QStringLiteral("operator paid-per-10s"));
        QCOMPARE(model->sideText(0, RunSide::A), QStringLiteral("not made"));
        QCOMPARE(model->sideText(0, RunSide::B),
            QStringLiteral("step 52 at 4.400 s: paid-per-10s> (3) window [0,10000) on-time, watermark 11999"));
        QCOMPARE(model->headerData(DifferencesModel::Subject, Qt::Horizontal).toString(), QStringLiteral("Operator"));

        // opened on it: B at the step that made the count, A where it stands at that processing time, still held
        const CompareCursor* cursor = window->compareCursor();
        QCOMPARE(cursor->currentDifference(), 0);
        QCOMPARE(cursor->time(), Timestamp(4400));
        QCOMPARE(window->runs()->cursor(RunSide::B)->step(), 52);
        QCOMPARE(window->runs()->cursor(RunSide::A)->step(), cursor->stepAt(RunSide::A, 4400));
        QVERIFY(window->runs()->cursor(RunSide::A)->step() > 0);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            const TimeCursor::Selection& selected = window->runs()->cursor(side)->selection();
            QCOMPARE(selected.kind, TimeCursor::Selection::Kind::Stream);
            QCOMPARE(selected.stream, streamNamed(*window->runs()->session(side), QStringLiteral("paid-per-10s")));
        }
        // the strips say why: in A the silent payments source holds the count back, in B orders leads it on
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            const QStringList holding
                = window->graphStrip(side)->vertexTexts().filter(QStringLiteral("holds the sink back"));
            QCOMPARE(holding.size(), 1);
            const QString origin = side == RunSide::A ? QStringLiteral("payments:") : QStringLiteral("orders:");
            QVERIFY2(holding.front().startsWith(origin), qPrintable(holding.front()));
        }
        QVERIFY(!window->graphLanes(RunSide::A)->rowTexts().isEmpty());
        // both lanes show the same event time: zooming one zooms the other
        const double span
            = window->runs()->cursor(RunSide::B)->visibleEnd() - window->runs()->cursor(RunSide::B)->visibleStart();
        window->findChild<QAction*>(QStringLiteral("zoomIn"))->trigger();
        const TimeCursor* a = window->runs()->cursor(RunSide::A);
        const TimeCursor* b = window->runs()->cursor(RunSide::B);
        QVERIFY(b->visibleEnd() - b->visibleStart() < span);
        QCOMPARE(a->visibleStart(), b->visibleStart());
        QCOMPARE(a->visibleEnd(), b->visibleEnd());
        window->fitBoth();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        saveScreenshot(window.get(), QStringLiteral("compare-graphs-idleness"));
    }

    // The list says what `tidemark compare` says: every difference compare::compareGraphRuns finds between the two
    // runs, in its order, each side quoted as `tidemark run` prints the output; stepping visits every step of both.
    void aGraphWithOneSettingChangedListsEveryDifferenceAsTheTerminalDoes()
    {
        LoadOutcome loaded = loadScenarioFile(test::examplePath(QStringLiteral("graphs/window-over-window.json")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const Scenario a = *loaded.scenario;
        Scenario b = a;
        for (GraphSource& source : b.graph->sources)
            source.watermarks.maxOutOfOrdernessMs += 3000;
        CompareWindow window(compare::Comparison::between(a, b), nullptr);
        QVERIFY2(window.isValid(), qPrintable(window.error()));
        const GraphRun runA(a);
        const GraphRun runB(b);
        const std::vector<compare::GraphDifference> expected = compare::compareGraphRuns(runA, runB);
        QVERIFY2(expected.size() >= 2, "a later watermark moves more than one output");
        const DifferencesModel* model = window.differencesModel();
        QAbstractItemModelTester tester(
            window.differencesModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), int(expected.size()));
        const std::vector<std::string> linesA = output::graphOutputLines(runA, a).text;
        const std::vector<std::string> linesB = output::graphOutputLines(runB, b).text;
        for (int row = 0; row < model->rowCount(); ++row) {
            const compare::GraphDifference& d = expected[std::size_t(row)];
            QCOMPARE(model->subjectText(row), QStringLiteral("operator %1").arg(QString::fromStdString(d.op)));
            QCOMPARE(model->data(model->index(row, 0), DifferencesModel::KindRole).toInt(), int(d.kind));
            for (const RunSide side : {RunSide::A, RunSide::B}) {
                const auto& output = d.side(side).output;
                const QString text = model->sideText(row, side);
                const auto& lines = side == RunSide::A ? linesA : linesB;
                QCOMPARE(
                    text.endsWith(output ? QString::fromStdString(lines[*output]) : QStringLiteral("not made")), true);
            }
        }
        // every step of both runs is a stop: stepping from the start reaches both ends
        CompareCursor* cursor = window.compareCursor();
        cursor->toStart();
        std::size_t stops = 1;
        while (!cursor->atEnd() && stops < 100000) {
            cursor->stepForward();
            ++stops;
        }
        QVERIFY(cursor->atEnd());
        QCOMPARE(window.runs()->cursor(RunSide::A)->step(), int(runA.stepCount() - 1));
        QCOMPARE(window.runs()->cursor(RunSide::B)->step(), int(runB.stepCount() - 1));
        // and the keyboard walks the list from where the cursor is
        cursor->showDifference(-1);
        cursor->toStart();
        QVERIFY(cursor->toNextDifference(true));
        QCOMPARE(cursor->currentDifference(), 0);
        QVERIFY(cursor->toNextDifference(true));
        QCOMPARE(cursor->currentDifference(), 1);
    }

    // "Change one setting" on a job graph: pick a vertex and one of its settings, give B's value; the preview has
    // the labels and the count the compare window then shows, and a value the graph's rules refuse says why.
    void aGraphIsDuplicatedWithOneSettingOfOneVertexChanged()
    {
        LoadOutcome loaded
            = loadScenarioFile(test::examplePath(QStringLiteral("graphs/orders-payments-join-stalls.json")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        GraphCompareSetupDialog dialog(*loaded.scenario);
        QCOMPARE(dialog.vertices(),
            QStringList({QStringLiteral("orders"), QStringLiteral("payments"), QStringLiteral("paid"),
                QStringLiteral("paid-per-10s")}));
        QVERIFY(dialog.setVertex(QStringLiteral("payments")));
        QCOMPARE(dialog.settings(),
            QStringList({QStringLiteral("maxOutOfOrderness"), QStringLiteral("idleness"), QStringLiteral("period"),
                QStringLiteral("parallelism")}));
        QVERIFY(dialog.setSetting(QStringLiteral("idleness")));
        QCOMPARE(dialog.differenceCount(), 0); // B is A's copy until a value is given
        QCOMPARE(dialog.labels().a, std::string("the same pipeline"));
        dialog.setValue(2000);
        QCOMPARE(dialog.labels().a, std::string("payments no idleness"));
        QCOMPARE(dialog.labels().b, std::string("payments idleness 2 s"));
        QCOMPARE(dialog.differenceCount(), 1);
        QCOMPARE(
            dialog.previewText(), QStringLiteral("A: payments no idleness · B: payments idleness 2 s — 1 difference"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        saveScreenshot(&dialog, QStringLiteral("compare-graph-setup"));
        // the built-in comparison says the same, so the window opened from here lists what it lists
        CompareWindow window(dialog.comparison(), nullptr);
        QVERIFY(window.isValid());
        QCOMPARE(window.differencesModel()->kindText(0), QStringLiteral("output only in B"));

        // the settings follow the vertex: a join's bounds, a windowAll's lateness, size and parallelism
        QVERIFY(dialog.setVertex(QStringLiteral("paid")));
        QCOMPARE(dialog.settings(),
            QStringList({QStringLiteral("lowerBound"), QStringLiteral("upperBound"), QStringLiteral("parallelism")}));
        QCOMPARE(dialog.differenceCount(), 0); // B back to A's copy
        QVERIFY(dialog.setVertex(QStringLiteral("paid-per-10s")));
        QCOMPARE(dialog.settings(),
            QStringList({QStringLiteral("allowedLateness"), QStringLiteral("size"), QStringLiteral("parallelism")}));
        QVERIFY(!dialog.setSetting(QStringLiteral("timeout")));
        // a lower bound above the upper one: the rule's own message, and nothing to compare
        QVERIFY(dialog.setVertex(QStringLiteral("paid")));
        QVERIFY(dialog.setSetting(QStringLiteral("lowerBound")));
        dialog.setValue(60000);
        QVERIFY2(!dialog.refusal().isEmpty(), qPrintable(dialog.previewText()));
        QVERIFY2(dialog.previewText().startsWith(QStringLiteral("Not applied: ")), qPrintable(dialog.previewText()));
        QCOMPARE(dialog.differenceCount(), -1);
        QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
        dialog.setValue(-1000);
        QVERIFY2(dialog.refusal().isEmpty(), qPrintable(dialog.refusal()));
        QVERIFY(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
    }

    void aGraphAndAChainDoNotCompare()
    {
        QString error;
        QVERIFY(!compareWithScenarioFile(example(QStringLiteral("post000-parallelism3.json")),
            test::examplePath(QStringLiteral("graphs/orders-payments-join-stalls.json")), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be compared")), qPrintable(error));
        // two graphs of the same events do
        LoadOutcome stalls
            = loadScenarioFile(test::examplePath(QStringLiteral("graphs/orders-payments-join-stalls.json")));
        QVERIFY2(stalls.ok(), qPrintable(stalls.error));
        error.clear();
        const std::unique_ptr<CompareWindow> window(compareWithScenarioFile(*stalls.scenario,
            test::examplePath(QStringLiteral("graphs/orders-payments-join-with-idleness.json")), nullptr, &error));
        QVERIFY2(window, qPrintable(error));
        QCOMPARE(window->differencesModel()->rowCount(), 1);
    }

    void aCommandLineNameFindsTheBuiltInComparison()
    {
        QVERIFY(findComparisonFile(QStringLiteral("post000-parallelism"))
                    .endsWith(QStringLiteral("post000-parallelism.json")));
        QVERIFY(findComparisonFile(QStringLiteral("post000-parallelism3")).isEmpty()); // an example
        QVERIFY(findComparisonFile(test::examplePath(QStringLiteral("post000-parallelism3.json"))).isEmpty());
        QVERIFY(!findComparisonFile(test::examplePath(QStringLiteral("comparisons/post002-lateness.json"))).isEmpty());
        QVERIFY(findComparisonFile(QStringLiteral("orders-payments-idleness"))
                    .endsWith(QStringLiteral("graphs/orders-payments-idleness.json")));
    }

private:
    QPointer<CompareWindow> m_window;
};

QTEST_MAIN(TestCompareWindow)
#include "tst_compare_window.moc"
