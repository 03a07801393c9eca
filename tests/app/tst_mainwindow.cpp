#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/OutputModel.h"
#include "app/models/RecordsModel.h"
#include "app/models/WindowsModel.h"
#include "app/panels/NarrationPanel.h"
#include "app/panels/PipelineEditor.h"
#include "app/panels/PlayerBar.h"
#include "app/panels/ShortcutsDialog.h"
#include "app/timeline/TimelineView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <limits>

using namespace tidemark;
using namespace tidemark::app;

namespace {

int findRow(const QAbstractItemModel& model, int column, const QString& text)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, column).data().toString() == text)
            return r;
    }
    return -1;
}

} // namespace

// The main window driven as a teacher would, on the post-000 example (parallelism 3, allowed lateness 2 s).
class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
    }
    void cleanup() { m_window.reset(); }

    void startsAtStepZeroWithNothingArrived()
    {
        QCOMPARE(m_window->cursor()->step(), 0);
        QVERIFY(m_window->cursor()->lastStep() > 0);
        const RecordsModel* records = m_window->recordsModel();
        QVERIFY(records->rowCount() >= 20);
        for (int r = 0; r < records->rowCount(); ++r)
            QCOMPARE(records->index(r, RecordsModel::Status).data().toString(), QStringLiteral("pending"));
        QCOMPARE(m_window->windowsModel()->rowCount(), 0);
        QCOMPARE(m_window->outputModel()->rowCount(), 0);
    }

    void theFirstFireComesWithTheSeventhRecordAtParallelismThree()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier); // next fire
        const int fireStep = m_window->cursor()->step();
        QVERIFY(fireStep > 0);
        const Session& session = *m_window->session();
        // post 000: only the 7th line (…897000) lifts every channel past …894000
        QCOMPARE(session.recordStatus(6), RecordStatus::OnTime);
        QCOMPARE(session.recordStatus(7), RecordStatus::Pending);
        QCOMPARE(session.operatorWatermark(), Timestamp(1538359883999));
        // the printed output and the window table say the same
        QCOMPARE(m_window->outputModel()->rowCount(), 1);
        QCOMPARE(m_window->outputModel()->index(0, OutputModel::Printed).data().toString(),
            QStringLiteral("1> (0001,[1538359882000])"));
        const WindowsModel* windows = m_window->windowsModel();
        const int row
            = findRow(*windows, WindowsModel::Window, session.formatWindow(TimeWindow(1538359881000, 1538359884000)));
        QVERIFY(row >= 0);
        QCOMPARE(windows->index(row, WindowsModel::State).data().toString(), QStringLiteral("in allowed lateness"));
        QCOMPARE(windows->index(row, WindowsModel::Fires).data().toInt(), 1);
        // the narration names the rule with its numbers
        QVERIFY(m_window->narration()->plainText().contains(QStringLiteral("fires")));
        QVERIFY(m_window->narration()->plainText().contains(QStringLiteral("10:11:23.999")));
        QVERIFY(m_window->playerBar()->positionText().startsWith(QStringLiteral("Step %1 /").arg(fireStep)));
    }

    void aStepBackRestoresTheWindowState()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier);
        const int fireStep = m_window->cursor()->step();
        const Timestamp watermarkAtFire = m_window->session()->operatorWatermark();
        QTest::keyClick(m_window.get(), Qt::Key_Left);
        QCOMPARE(m_window->cursor()->step(), fireStep - 1);
        QCOMPARE(m_window->outputModel()->rowCount(), 0);
        QVERIFY(m_window->session()->operatorWatermark() < watermarkAtFire);
        const WindowsModel* windows = m_window->windowsModel();
        for (int r = 0; r < windows->rowCount(); ++r) {
            QCOMPARE(windows->index(r, WindowsModel::State).data().toString(), QStringLiteral("collecting"));
            QCOMPARE(windows->index(r, WindowsModel::Fires).data().toInt(), 0);
        }
        QTest::keyClick(m_window.get(), Qt::Key_Right);
        QCOMPARE(m_window->cursor()->step(), fireStep);
        QCOMPARE(m_window->outputModel()->rowCount(), 1);
        QCOMPARE(m_window->session()->operatorWatermark(), watermarkAtFire);
    }

    // Post 000 at parallelism 3 has late records that re-fire their window and none dropped: "Next late" (Ctrl+Shift+→)
    // lands on the first of them, and "Next drop or side output" says there is none.
    void nextLateFindsLateReFiresAndNextDropOnlyDrops()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ControlModifier | Qt::ShiftModifier);
        const int late = m_window->cursor()->step();
        QVERIFY(late > 0);
        const Player& player = m_window->session()->player();
        QCOMPARE(player.currentStep(), StepIndex(late));
        const auto& fires = player.currentDetail().fires;
        QVERIFY(std::any_of(fires.begin(), fires.end(), [](const auto& f) { return f.timing == FireTiming::Late; }));
        QCOMPARE(player.previousStepWith(Happening::AnyLate), std::nullopt); // the first late record
        QTest::keyClick(m_window.get(), Qt::Key_Home);
        auto* drop = m_window->findChild<QAction*>(QStringLiteral("nextDrop"));
        QVERIFY(drop);
        drop->trigger();
        QCOMPARE(m_window->cursor()->step(), 0);
        QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("No later step of that kind."));
    }

    void homeAndEndGoToBothEndsOfTheRun()
    {
        QTest::keyClick(m_window.get(), Qt::Key_End);
        QVERIFY(m_window->cursor()->atEnd());
        QVERIFY(m_window->outputModel()->rowCount() >= 3);
        QTest::keyClick(m_window.get(), Qt::Key_Home);
        QCOMPARE(m_window->cursor()->step(), 0);
        QCOMPARE(m_window->outputModel()->rowCount(), 0);
    }

    void playingAdvancesOnTimerTicksAndStopsAtTheEnd()
    {
        PlayerBar* bar = m_window->playerBar();
        bar->setStepsPerSecond(100);
        QSignalSpy steps(m_window->cursor(), &TimeCursor::stepChanged);
        QTest::keyClick(m_window.get(), Qt::Key_Space);
        QVERIFY(bar->isPlaying());
        QTRY_VERIFY(steps.count() >= 3);
        QTest::keyClick(m_window.get(), Qt::Key_Space);
        QVERIFY(!bar->isPlaying());
        const int stoppedAt = m_window->cursor()->step();
        QTest::qWait(100);
        QCOMPARE(m_window->cursor()->step(), stoppedAt);
    }

    void changingTheDelayReRunsAtTheSameStepAndUndoes()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier);
        const int step = m_window->cursor()->step();
        QCOMPARE(m_window->outputModel()->rowCount(), 1);
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        QSignalSpy reruns(m_window->cursor(), &TimeCursor::runChanged);
        // "what if the delay were 3 s?": the first window fires much earlier, so by this step more have fired
        QVERIFY(editor->setFieldValue(QStringLiteral("maxOutOfOrderness"), 3000));
        QCOMPARE(reruns.count(), 1);
        QCOMPARE(m_window->session()->scenario().pipeline.watermarks.maxOutOfOrdernessMs, DurationMs(3000));
        QCOMPARE(m_window->cursor()->step(), step);
        QVERIFY(m_window->outputModel()->rowCount() > 1);
        QVERIFY(!m_window->undoStack()->isClean());
        QVERIFY(m_window->windowTitle().contains(QLatin1Char('*')));

        m_window->undoStack()->undo();
        QCOMPARE(m_window->session()->scenario().pipeline.watermarks.maxOutOfOrdernessMs, DurationMs(10000));
        QCOMPARE(m_window->cursor()->step(), step);
        QCOMPARE(m_window->outputModel()->rowCount(), 1);
        QCOMPARE(m_window->findChild<QSpinBox*>(QStringLiteral("maxOutOfOrderness"))->value(), 10000);
        m_window->undoStack()->redo();
        QCOMPARE(m_window->session()->scenario().pipeline.watermarks.maxOutOfOrdernessMs, DurationMs(3000));
    }

    void aSettingThatWouldExplodeTheRunIsRefusedAndThePreviousRunStays()
    {
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        QVERIFY(editor->setFieldValue(QStringLiteral("slide"), 1000));
        QVERIFY(editor->setFieldValue(QStringLiteral("assigner"), 1)); // sliding 3 s every 1 s: a valid run
        const AssignerSpec before = m_window->session()->scenario().pipeline.window.assigner;
        QCOMPARE(before.type, AssignerSpec::Type::Sliding);
        const int lastStep = m_window->cursor()->lastStep();
        // size 1 h every 1 ms: 3,600,000 windows per record, refused up front with the numbers
        QVERIFY(editor->setFieldValue(QStringLiteral("size"), 3'600'000));
        QVERIFY(editor->setFieldValue(QStringLiteral("slide"), 1));
        auto* error = m_window->findChild<QLabel*>(QStringLiteral("pipelineError"));
        QVERIFY(error);
        QVERIFY(!error->isHidden()); // shown in the editor (its dock may be closed)
        QVERIFY2(error->text().contains(QStringLiteral("3,600,000 windows")), qPrintable(error->text()));
        QCOMPARE(m_window->session()->scenario().pipeline.window.assigner.slideMs, DurationMs(1000));
        QCOMPARE(m_window->cursor()->lastStep(), lastStep);
    }

    void theFlinkLineIsASettingAndDecidesWhatIsRefused()
    {
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        QCOMPARE(m_window->session()->scenario().pipeline.flinkVersion, kNewestFlinkVersion);
        QVERIFY(editor->setFieldValue(QStringLiteral("slide"), 1000));
        QVERIFY(editor->setFieldValue(QStringLiteral("assigner"), 1));
        // windows of 2,147,483,647 ms every 100 ms, 21 million per record: Flink 2.3 itself refuses the job
        // (SlidingEventTimeWindows.MAX_WINDOW_NUM) ...
        QVERIFY(editor->setFieldValue(QStringLiteral("slide"), 100));
        QVERIFY(editor->setFieldValue(QStringLiteral("size"), std::numeric_limits<int>::max()));
        auto* error = m_window->findChild<QLabel*>(QStringLiteral("pipelineError"));
        QVERIFY2(error->text().contains(QStringLiteral("Flink 2.3 refuses the job")), qPrintable(error->text()));
        // ... while Flink 1.20 builds it, and Tidemark's own limit on windows per record refuses to run it: the
        // refused settings stay as typed, so choosing 1.20 asks about them, and the run keeps the line in force
        QVERIFY(editor->setFieldValue(QStringLiteral("flinkVersion"), 0));
        QVERIFY2(error->text().contains(QStringLiteral("10,000 windows per record")), qPrintable(error->text()));
        QCOMPARE(m_window->session()->scenario().pipeline.flinkVersion, kNewestFlinkVersion);
        QVERIFY(editor->setFieldValue(QStringLiteral("size"), std::numeric_limits<int>::max() - 1));
        QVERIFY2(error->text().contains(QStringLiteral("10,000 windows per record")), qPrintable(error->text()));
        m_window->undoStack()->undo(); // the version change comes back
        QCOMPARE(m_window->session()->scenario().pipeline.flinkVersion, kNewestFlinkVersion);
    }

    void clickingARecordInTheTimelineSelectsItsRow()
    {
        QTest::keyClick(m_window.get(), Qt::Key_End);
        TimelineView* timeline = m_window->timeline();
        timeline->repaint(); // fills the hit list
        // find record #4 on screen by probing the timeline's hit test along its lanes
        QPoint where;
        for (int y = 0; y < timeline->height() && where.isNull(); y += 2) {
            for (int x = 0; x < timeline->width(); x += 2) {
                const auto hit = timeline->hitAt(QPointF(x, y));
                if (hit.kind == TimelineView::Hit::Kind::Record && hit.record == 3) {
                    where = hit.rect.center().toPoint();
                    break;
                }
            }
        }
        QVERIFY(!where.isNull());
        QTest::mouseClick(timeline, Qt::LeftButton, {}, where);
        QCOMPARE(m_window->recordSelection()->currentIndex().row(), 3);
    }

    void typedLiveInputExtendsTheRun()
    {
        QTest::keyClick(m_window.get(), Qt::Key_End);
        const int records = m_window->recordsModel()->rowCount();
        const int lastStep = m_window->cursor()->lastStep();
        auto* live = m_window->findChild<QLineEdit*>(QStringLiteral("liveInput"));
        QVERIFY(live);
        live->setText(QStringLiteral("0001,1538359920000"));
        QTest::keyClick(live, Qt::Key_Return);
        QCOMPARE(m_window->recordsModel()->rowCount(), records + 1);
        QVERIFY(m_window->cursor()->lastStep() > lastStep);
        live->setText(QStringLiteral("0001,not-a-time"));
        QTest::keyClick(live, Qt::Key_Return);
        QCOMPARE(m_window->recordsModel()->rowCount(), records + 1);
        QVERIFY(!m_window->findChild<QLabel*>(QStringLiteral("liveStatus"))->text().isEmpty());
    }

    void aBadFileShowsAnErrorNamingLineAndColumn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\n  \"tidemark\": 1,\n  \"pipeline\": {\n    \"window\": { \"allowedLatenessMs\": \"2s\" }\n  }\n}\n");
        f.close();
        QVERIFY(!m_window->openFile(path));
        QMessageBox* box = m_window->findChild<QMessageBox*>(QStringLiteral("loadError"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        // "bad.json:3:15: missing …": the pipeline object on line 3 lacks its watermarks
        const QRegularExpressionMatch m
            = QRegularExpression(QStringLiteral("bad\\.json:(\\d+):(\\d+): ")).match(box->informativeText());
        QVERIFY2(m.hasMatch(), qPrintable(box->informativeText()));
        QCOMPARE(m.captured(1).toInt(), 3);
        QVERIFY(m.captured(2).toInt() > 0);
        // the example stays loaded
        QVERIFY(m_window->session()->hasRun());
    }

    void threeWindowSubtasksThatAgreeShareOneLabelledLine()
    {
        // post 000 runs its window operator with parallelism 3
        QCOMPARE(m_window->session()->subtaskCount(), 3);
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier); // the first fire
        TimelineView* timeline = m_window->timeline();
        timeline->repaint();
        // every subtask's valve sees the same three channels: one line, named for all three, with the minimum
        const Timestamp wm = m_window->session()->operatorWatermark();
        QCOMPARE(wm, Timestamp(1538359883999));
        const auto& lines = timeline->operatorWatermarkLines();
        QCOMPARE(lines.size(), std::size_t(1));
        QCOMPARE(lines[0].subtasks, (std::vector<int> {0, 1, 2}));
        QCOMPARE(lines[0].watermark, wm);
        QVERIFY2(lines[0].label.startsWith(QStringLiteral("subtasks 0–2: operator watermark 10:11:23.999 = min(")),
            qPrintable(lines[0].label));
        QCOMPARE(lines[0].label.count(QLatin1Char(',')), 2); // the three channels' watermarks
        QVERIFY(std::abs(lines[0].x - timeline->scale().mapTimeToX(double(wm))) < 0.5);
        QVERIFY(timeline->rect().contains(lines[0].labelRect.toAlignedRect()));
        // the label is at its line: beside it, or across it when the plot has no room on either side
        QVERIFY(lines[0].x > lines[0].labelRect.left() - 20 && lines[0].x < lines[0].labelRect.right() + 20);
        // pointing at the line finds it, for the first of its subtasks
        const auto hit = timeline->hitAt(QPointF(lines[0].x, lines[0].labelRect.top() - 30));
        QCOMPARE(hit.kind, TimelineView::Hit::Kind::OperatorWatermark);
        QCOMPARE(hit.subtask, 0);
    }

    void oneWindowSubtaskKeepsTheSingleOperatorWatermarkLabel()
    {
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        QVERIFY(editor->setFieldValue(QStringLiteral("windowParallelism"), 1));
        QCOMPARE(m_window->session()->subtaskCount(), 1);
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier);
        TimelineView* timeline = m_window->timeline();
        timeline->repaint();
        const auto& lines = timeline->operatorWatermarkLines();
        QCOMPARE(lines.size(), std::size_t(1));
        QVERIFY2(lines[0].label.startsWith(QStringLiteral("operator watermark 10:11:23.999 = min(")),
            qPrintable(lines[0].label));
    }

    // The narration names records, windows and channels as links; hovering one highlights it in the timeline.
    void hoveringANarrationLinkHighlightsItInTheTimeline()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::ShiftModifier); // the first fire
        auto* browser = m_window->narration()->findChild<QTextBrowser*>();
        QVERIFY(browser);
        const QString html = browser->toHtml();
        const QRegularExpressionMatch window
            = QRegularExpression(QStringLiteral(R"re(href="(window:(\d+):(\d+))")re")).match(html);
        QVERIFY2(window.hasMatch(), qPrintable(html));
        Q_EMIT browser->highlighted(QUrl(window.captured(1)));
        const TimeCursor::Highlight& h = m_window->cursor()->highlight();
        QCOMPARE(h.kind, TimeCursor::Highlight::Kind::Window);
        QCOMPARE(h.windowStart, Timestamp(1538359881000));
        QCOMPARE(h.windowEnd, Timestamp(1538359884000));
        const QRegularExpressionMatch channel
            = QRegularExpression(QStringLiteral(R"re(href="(channel:(\d+))")re")).match(html);
        QVERIFY2(channel.hasMatch(), qPrintable(html));
        Q_EMIT browser->highlighted(QUrl(channel.captured(1)));
        QCOMPARE(m_window->cursor()->highlight().kind, TimeCursor::Highlight::Kind::Channel);
        QCOMPARE(m_window->cursor()->highlight().channel, channel.captured(2).toInt());
        Q_EMIT browser->highlighted(QUrl()); // the pointer leaves the link
        QCOMPARE(m_window->cursor()->highlight().kind, TimeCursor::Highlight::Kind::None);
    }

    // Help ▸ Keyboard Shortcuts lists what the menus' keys do, read from the actions themselves.
    void theShortcutsDialogListsEveryMenuShortcut()
    {
        auto* shortcuts = m_window->findChild<QAction*>(QStringLiteral("shortcuts"));
        QVERIFY(shortcuts);
        QCOMPARE(shortcuts->shortcut(), QKeySequence(QKeySequence::HelpContents));
        shortcuts->trigger();
        auto* dialog = m_window->findChild<ShortcutsDialog*>(QStringLiteral("shortcutsDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->shortcutOf(QStringLiteral("▶ Play")),
            QKeySequence(Qt::Key_Space).toString(QKeySequence::NativeText));
        QCOMPARE(dialog->shortcutOf(QStringLiteral("Open…")),
            QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText));
        QVERIFY(!dialog->shortcutOf(QStringLiteral("Undo")).isEmpty());
        QVERIFY(dialog->rowCount() >= 20);
        dialog->close();
    }

    void presenterModeEnlargesAndShowsTheCaption()
    {
        auto* output = m_window->findChild<QDockWidget*>(QStringLiteral("outputDock"));
        auto* bar = m_window->findChild<QWidget*>(QStringLiteral("playerBar"));
        QVERIFY(output && bar);
        const bool outputShown = output->isVisible();
        const double normalType = bar->font().pointSizeF();
        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QVERIFY(m_window->isPresenterMode());
        auto* caption = m_window->findChild<QLabel*>(QStringLiteral("caption"));
        QVERIFY(caption->isVisible());
        // large type for the room: the caption and the player bar grow, the panels make way for the picture
        QVERIFY(caption->font().pointSizeF() >= 1.8 * normalType);
        QVERIFY(bar->font().pointSizeF() > 1.4 * normalType);
        QVERIFY(!output->isVisible());
        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QVERIFY(!m_window->isPresenterMode());
        QVERIFY(!caption->isVisible());
        QCOMPARE(bar->font().pointSizeF(), normalType);
        QCOMPARE(output->isVisible(), outputShown);
    }

    // On a 1024×768 projector the bar beside the docks is narrow: it takes a third row rather than drop what a step
    // moves over or the speed, and they are still there after presenter mode comes and goes.
    void theNarrowPlayerBarKeepsEveryControl()
    {
        m_window->showNormal();
        QCoreApplication::processEvents();
        m_window->resize(1024, 768);
        QCoreApplication::processEvents();
        PlayerBar* bar = m_window->playerBar();
        auto* granularity = bar->findChild<QComboBox*>(QStringLiteral("granularity"));
        const auto everyControlShown = [&] {
            for (QWidget* w : bar->findChildren<QWidget*>()) {
                if (qobject_cast<QComboBox*>(w) || qobject_cast<QToolButton*>(w)) {
                    const QRect r(w->mapTo(m_window.get(), QPoint(0, 0)), w->size());
                    if (!w->isVisible() || !m_window->rect().contains(r))
                        return false;
                }
            }
            return true;
        };
        QVERIFY(granularity->isVisible());
        QVERIFY(everyControlShown());
        QTest::keyClick(m_window.get(), Qt::Key_F11);
        QCoreApplication::processEvents();
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QCoreApplication::processEvents();
        m_window->resize(1024, 768);
        QCoreApplication::processEvents();
        QVERIFY(!m_window->isPresenterMode());
        QVERIFY(granularity->isVisible());
        QVERIFY(everyControlShown());
    }

    void presenterPlayerBarFitsA1024PixelScreen_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("rows");
        QTest::newRow("1024×768 projector: two rows") << 1024 << 768 << 2;
        QTest::newRow("1920×1080: one row") << 1920 << 1080 << 1;
    }
    void presenterPlayerBarFitsA1024PixelScreen()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, rows);
        m_window->setPresenterMode(true);
        // the offscreen platform's screen is 800×800: a normal window of the projector's size stands in
        m_window->showNormal();
        QCoreApplication::processEvents();
        m_window->resize(width, height);
        QCoreApplication::processEvents();
        PlayerBar* bar = m_window->playerBar();
        // large type must not make the window wider than the screen
        QVERIFY(m_window->minimumSizeHint().width() <= 1024);
        QCOMPARE(m_window->width(), width);
        QCOMPARE(bar->controlRows(), rows);
        // every control is on screen, whole, and none covers another
        QList<QRect> placed;
        for (QWidget* w : bar->findChildren<QWidget*>()) {
            if (!w->isVisible()
                || (!qobject_cast<QToolButton*>(w) && !qobject_cast<QComboBox*>(w) && !qobject_cast<QLabel*>(w)))
                continue;
            const QRect r(w->mapTo(m_window.get(), QPoint(0, 0)), w->size());
            QVERIFY2(m_window->rect().contains(r),
                qPrintable(w->objectName() + QLatin1Char(' ') + w->property("text").toString()));
            for (const QRect& other : placed)
                QVERIFY(!other.intersects(r));
            placed << r;
        }
        // all transport buttons, the speed and the position are there
        QVERIFY(placed.size() >= 9);
        QVERIFY(bar->findChild<QComboBox*>()->isVisible());
        m_window->setPresenterMode(false);
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
