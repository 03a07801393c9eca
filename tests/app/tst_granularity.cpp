#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/NarrationPanel.h"

#include <QAction>
#include <QComboBox>
#include <QTest>

#include <vector>

using namespace tidemark;
using namespace tidemark::app;

namespace {

// What the picture shows at the cursor: every channel's watermark and idleness, every subtask's watermark,
// the windows with their contents and fires, and how many outputs there are so far.
std::vector<std::int64_t> picture(const Session& session)
{
    const PipelineState& s = session.state();
    std::vector<std::int64_t> shown;
    for (const auto& c : s.channels) {
        shown.push_back(c.watermark);
        shown.push_back(c.idle ? 1 : 0);
    }
    for (const auto& sub : s.subtasks) {
        shown.push_back(sub.watermark);
        shown.push_back(sub.minChannel);
    }
    for (const auto& w : s.windows) {
        shown.push_back(w.window.start());
        shown.push_back(w.window.end());
        shown.push_back(std::int64_t(w.status));
        shown.push_back(std::int64_t(w.count));
        shown.push_back(w.fireCount);
    }
    const auto step = StepIndex(session.currentStep());
    shown.push_back(std::int64_t(session.trace().firesInSteps(0, step).size()));
    shown.push_back(std::int64_t(session.trace().latesInSteps(0, step).size()));
    return shown;
}

} // namespace

// Stepping through changes only, or arrivals only, on the post-000 example (parallelism 3, 356 steps, most of
// them periodic emissions that move no watermark), as a presenter steps a class through it.
class TestGranularity : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
    }
    void cleanup() { m_window.reset(); }

    void everyStepSkippedByChangesOnlyShowsThePictureOfTheStopBeforeIt()
    {
        TimeCursor* cursor = m_window->cursor();
        Session* session = m_window->session();
        cursor->setGranularity(TimeCursor::Granularity::Changes);
        std::vector<int> stops {0};
        for (int guard = 0; guard < 1000 && !cursor->atEnd(); ++guard) {
            cursor->stepForward();
            stops.push_back(cursor->step());
        }
        QVERIFY(cursor->atEnd());
        QVERIFY2(stops.size() < 356 / 2, "most steps of post 000 at parallelism 3 change nothing");
        QVERIFY(stops.size() > 22); // at least every record's arrival
        // between two stops, every step shows what the earlier stop showed
        for (std::size_t i = 1; i < stops.size(); ++i) {
            cursor->setStep(stops[i - 1]);
            const auto before = picture(*session);
            for (int s = stops[i - 1] + 1; s < stops[i]; ++s) {
                cursor->setStep(s);
                QVERIFY2(picture(*session) == before, qPrintable(QStringLiteral("step %1 changed the picture").arg(s)));
            }
        }
        // and back again over the same stops
        cursor->toEnd();
        for (std::size_t i = stops.size() - 1; i-- > 0;) {
            cursor->stepBack();
            QCOMPARE(cursor->step(), stops[i]);
        }
    }

    void arrivalsOnlyStopsAtEachRecordInTheOrderItArrives()
    {
        TimeCursor* cursor = m_window->cursor();
        Session* session = m_window->session();
        cursor->setGranularity(TimeCursor::Granularity::Arrivals);
        std::vector<RecordIndex> arrived;
        for (int guard = 0; guard < 1000; ++guard) {
            const int before = cursor->step();
            cursor->stepForward();
            if (cursor->step() == before)
                break;
            const RecordIndex r = session->trace().step(StepIndex(cursor->step())).record();
            if (r == kNoRecord) {
                QVERIFY(cursor->atEnd()); // past the last arrival: the end of the run
                break;
            }
            arrived.push_back(r);
        }
        // post 000's 22 lines arrive one a second, in file order
        QCOMPARE(arrived.size(), session->scenario().records.size());
        for (std::size_t i = 0; i < arrived.size(); ++i)
            QCOMPARE(arrived[i], RecordIndex(i));
    }

    void theScrubberAndTheNarrationFollowTheChoice()
    {
        TimeCursor* cursor = m_window->cursor();
        Session* session = m_window->session();
        auto* box = m_window->findChild<QComboBox*>(QStringLiteral("granularity"));
        QVERIFY(box);
        box->setCurrentIndex(box->findData(int(TimeCursor::Granularity::Changes)));
        QCOMPARE(cursor->granularity(), TimeCursor::Granularity::Changes);
        QVERIFY(m_window->action(QStringLiteral("granularity1"))->isChecked());
        // a periodic emission that moves nothing snaps back to the stop before it
        int quiet = -1;
        for (int s = 1; s <= cursor->lastStep() && quiet < 0; ++s) {
            if (!session->trace().step(StepIndex(s)).changesSomething())
                quiet = s;
        }
        QVERIFY(quiet > 0);
        QVERIFY(cursor->snapped(quiet) < quiet);
        QVERIFY(session->trace().step(StepIndex(cursor->snapped(quiet))).changesSomething());
        // stepping onto the stop after a quiet run says which steps went by
        cursor->setStep(cursor->snapped(quiet));
        cursor->stepForward();
        QVERIFY(cursor->skippedBefore() > 0);
        QVERIFY(m_window->narration()->plainText().contains(QStringLiteral("changed nothing shown and went by")));
        // every step again: nothing is skipped, and the menu says so
        m_window->action(QStringLiteral("granularity0"))->trigger();
        QCOMPARE(box->currentData().toInt(), int(TimeCursor::Granularity::EveryStep));
        QCOMPARE(cursor->skippedBefore(), 0);
        QCOMPARE(cursor->snapped(quiet), quiet);
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestGranularity)
#include "tst_granularity.moc"
