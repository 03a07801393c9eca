// The "Why (not)?" panel follows the selection and the cursor, and its step numbers take the cursor there.

#include "ShownWindow.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/WhyPanel.h"

#include <QTest>
#include <QTextBrowser>

using namespace tidemark;
using namespace tidemark::app;

class TestWhyPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
        m_panel = m_window->findChild<WhyPanel*>();
        QVERIFY(m_panel);
        QVERIFY(m_panel->isVisible());
    }
    void cleanup() { m_window.reset(); }

    void withNothingSelectedItSaysWhatToSelect()
    {
        m_window->cursor()->clearSelection();
        QVERIFY(m_panel->plainText().startsWith(QStringLiteral("Select a window")));
    }

    // Post 000 at parallelism 3: the first window waits for the 7th line, released at step 95.
    void aSelectedWindowTellsWhatReleasesItAndTheAnswerFollowsTheCursor()
    {
        TimeCursor* cursor = m_window->cursor();
        const Session* session = m_window->session();
        const KeyId key = session->scenario().keys.find("0001");
        cursor->setStep(30);
        cursor->select(TimeCursor::Selection::ofWindow(0, key, TimeWindow(1538359881000, 1538359884000)));
        QVERIFY(m_panel->heading().contains(QStringLiteral("at step 30")));
        QVERIFY2(m_panel->plainText().contains(QStringLiteral("Record #7 (10:11:37.000) on channel 0 releases it")),
            qPrintable(m_panel->plainText()));
        // at step 95 it has fired: the answer says so, and no longer forecasts the release
        cursor->setStep(95);
        QVERIFY(m_panel->heading().contains(QStringLiteral("at step 95")));
        QVERIFY2(m_panel->plainText().contains(QStringLiteral("It fired at step 95 with 1 record")),
            qPrintable(m_panel->plainText()));
        QVERIFY(!m_panel->plainText().contains(QStringLiteral("releases it")));
    }

    void aStepInTheAnswerIsALinkThatMovesTheCursor()
    {
        TimeCursor* cursor = m_window->cursor();
        const KeyId key = m_window->session()->scenario().keys.find("0001");
        cursor->setStep(30);
        cursor->select(TimeCursor::Selection::ofWindow(0, key, TimeWindow(1538359881000, 1538359884000)));
        auto* text = m_panel->findChild<QTextBrowser*>(QStringLiteral("whyText"));
        QVERIFY(text);
        QVERIFY(text->toHtml().contains(QStringLiteral("step:95")));
        QMetaObject::invokeMethod(text, "anchorClicked", Q_ARG(QUrl, QUrl(QStringLiteral("step:95"))));
        QCOMPARE(m_window->session()->currentStep(), 95);
    }

    void aSelectedRecordTellsWhatBecameOfIt()
    {
        TimeCursor* cursor = m_window->cursor();
        cursor->setStep(int(m_window->session()->lastStep()));
        cursor->select(TimeCursor::Selection::ofRecord(0));
        QVERIFY(m_panel->heading().contains(QStringLiteral("record #1")));
        QVERIFY2(m_panel->plainText().contains(QStringLiteral("went to subtask 0 on time")),
            qPrintable(m_panel->plainText()));
    }

private:
    std::unique_ptr<MainWindow> m_window;
    WhyPanel* m_panel = nullptr;
};

QTEST_MAIN(TestWhyPanel)
#include "tst_why_panel.moc"
