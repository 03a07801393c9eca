// Lessons: markers on steps, walked with Page Down / Page Up, predict-then-reveal, and saved with the scenario.

#include "ShownWindow.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/LessonMarkerDialog.h"
#include "app/panels/NarrationPanel.h"
#include "app/panels/PlayerBar.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace tidemark;
using namespace tidemark::app;

class TestLessons : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
    }
    void cleanup() { m_window.reset(); }

    void theBuiltInPost000AndPost002ExamplesCarryALesson()
    {
        std::vector<int> steps;
        for (const LessonMarker& m : m_window->session()->lesson())
            steps.push_back(int(m.step));
        QCOMPARE(steps, (std::vector<int> {1, 62, 95, 302, 318}));
        QVERIFY(m_window->openExample(test::examplePath(QStringLiteral("post002-allowed-lateness.json"))));
        QCOMPARE(m_window->session()->lesson().size(), std::size_t(3));
        QVERIFY(m_window->session()->lesson().front().predict);
    }

    void pageDownAndPageUpWalkTheMarkersAndTheNoteIsShown()
    {
        TimeCursor* cursor = m_window->cursor();
        QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        QCOMPARE(cursor->step(), 1);
        auto* narration = m_window->findChild<NarrationPanel*>();
        QVERIFY2(narration->plainText().trimmed().startsWith(
                     QStringLiteral("Lesson: Line 1 goes to watermark generator 0.")),
            qPrintable(narration->plainText()));
        QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        QCOMPARE(cursor->step(), 62);
        QTest::keyClick(m_window.get(), Qt::Key_PageUp);
        QCOMPARE(cursor->step(), 1);
    }

    void exploringAloneNothingIsHeldBack()
    {
        TimeCursor* cursor = m_window->cursor();
        cursor->setStep(62);
        QVERIFY(!cursor->isPredicting());
        cursor->jumpTo(Happening::AnyFire);
        QCOMPARE(cursor->step(), 95);
    }

    // At step 62 the class predicts whether the 5th line fires the first window; it fires at step 95 (7th line).
    void aPredictMarkerHoldsTheNextFireBackUntilRevealed()
    {
        TimeCursor* cursor = m_window->cursor();
        m_window->setPresenterMode(true); // the class is watching
        cursor->setStep(62);
        QVERIFY(cursor->isPredicting());
        QCOMPARE(cursor->hiddenStep(), 95);
        auto* narration = m_window->findChild<NarrationPanel*>();
        QVERIFY2(narration->plainText().trimmed().startsWith(QStringLiteral("Predict: At parallelism 1")),
            qPrintable(narration->plainText()));
        // stepping, playing and the next-fire jump all stop just before it
        for (int i = 0; i < 100; ++i)
            cursor->stepForward();
        QCOMPARE(cursor->step(), 94);
        QVERIFY(!cursor->jumpTo(Happening::AnyFire));
        QCOMPARE(cursor->step(), 94);
        QVERIFY(m_window->session()->trace().firesInSteps(0, 94).empty());
        PlayerBar* bar = m_window->playerBar();
        bar->setPlaying(true);
        QTRY_VERIFY_WITH_TIMEOUT(!bar->isPlaying(), 5000);
        QCOMPARE(cursor->step(), 94);
        // the next marker waits behind the held fire as well
        QVERIFY(!cursor->toMarker(true));
        // R reveals: the fire step, the first fire
        auto* reveal = m_window->findChild<QAction*>(QStringLiteral("reveal"));
        QVERIFY(reveal->isEnabled());
        QTest::keyClick(m_window.get(), Qt::Key_R);
        QCOMPARE(cursor->step(), 95);
        QVERIFY(!cursor->isPredicting());
        QVERIFY(!reveal->isEnabled());
        QCOMPARE(m_window->session()->trace().firesInSteps(95, 95).size(), std::size_t(1));
        // going back before the marker and onto it again asks again
        cursor->setStep(10);
        cursor->setStep(62);
        QVERIFY(cursor->isPredicting());
        // the scrubber or End is a choice to look: it reveals too
        cursor->toEnd();
        QVERIFY(!cursor->isPredicting());
        // leaving presenter mode lets go of a prediction
        cursor->setStep(62);
        QVERIFY(cursor->isPredicting());
        m_window->setPresenterMode(false);
        QVERIFY(!cursor->isPredicting());
    }

    void aMarkerAddedInTheAppIsUndoableAndSavedWithTheScenario()
    {
        Session* session = m_window->session();
        TimeCursor* cursor = m_window->cursor();
        cursor->setStep(25);
        auto* undo = m_window->findChild<QUndoStack*>();
        QVERIFY(undo);
        QVERIFY(undo->isClean());
        // the dialog as a user fills it in
        QTimer::singleShot(0, this, [] {
            auto* dialog = qobject_cast<LessonMarkerDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->findChild<QPlainTextEdit*>(QStringLiteral("lessonNote"))
                ->setPlainText(QStringLiteral("Look here."));
            dialog->findChild<QCheckBox*>(QStringLiteral("lessonPredict"))->setChecked(true);
            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        m_window->findChild<QAction*>(QStringLiteral("editMarker"))->trigger();
        const LessonMarker* added = session->markerAt(25);
        QVERIFY(added);
        QCOMPARE(added->note, std::string("Look here."));
        QVERIFY(added->predict);
        QVERIFY(!undo->isClean());
        undo->undo();
        QVERIFY(!session->markerAt(25));
        undo->redo();
        QVERIFY(session->markerAt(25));
        // saved and opened again: the same markers
        const std::vector<LessonMarker> before = session->lesson();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.json"));
        QVERIFY(m_window->saveTo(path));
        QVERIFY(undo->isClean());
        QVERIFY(m_window->openFile(path));
        QCOMPARE(session->lesson(), before);
        QCOMPARE(session->lesson().size(), std::size_t(6));
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
