// Presenter mode on a 1024×768 projector: what the class must read is drawn, whole, and inside the picture.

#include "ShownWindow.h"
#include "TextRecorder.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/PresenterMode.h"
#include "app/timeline/TimelineView.h"
#include "app/timeline/WindowLabels.h"

#include <QLabel>
#include <QPainter>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

namespace {

std::vector<test::TextRecorder::Text> textsOf(TimelineView* view)
{
    test::TextRecorder recorder(view->size());
    QPainter painter(&recorder);
    view->paint(painter, QRect(QPoint(0, 0), view->size()));
    painter.end();
    return recorder.texts();
}

bool hasText(const std::vector<test::TextRecorder::Text>& texts, const QString& text)
{
    return std::any_of(texts.begin(), texts.end(), [&text](const auto& t) { return t.text == text; });
}

// Every text lies inside the view, whole (half a pixel of rounding allowed).
QString firstCutOff(const std::vector<test::TextRecorder::Text>& texts, QSize size)
{
    const QRectF inside = QRectF(QPointF(0, 0), size).adjusted(-0.5, -0.5, 0.5, 0.5);
    for (const auto& t : texts) {
        if (!inside.contains(t.box))
            return QStringLiteral("\"%1\" at %2,%3 %4×%5")
                .arg(t.text)
                .arg(t.box.x())
                .arg(t.box.y())
                .arg(t.box.width())
                .arg(t.box.height());
    }
    return {};
}

} // namespace

class TestProjector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
        m_window->setPresenterMode(true);
        // the offscreen screen is 800×800: a normal window of the projector's size stands in, as a short
        // screen it is
        m_window->showNormal();
        QCoreApplication::processEvents();
        m_window->resize(1024, 768);
        QCoreApplication::processEvents();
        QCOMPARE(m_window->size(), QSize(1024, 768));
        m_view = m_window->findChild<TimelineView*>();
        QVERIFY(m_view);
    }
    void cleanup() { m_window.reset(); }

    // Post 000 at parallelism 3: the first window fires on the 7th line. The picture must say so.
    void theFirstFireShowsItsRecordNumberAndItsWindow()
    {
        m_window->cursor()->jumpTo(Happening::AnyFire);
        QCoreApplication::processEvents();
        const Session* session = m_window->session();
        QCOMPARE(session->currentStep(), 95);
        const auto fires = session->trace().firesInSteps(95, 95);
        QCOMPARE(fires.size(), std::size_t(1));
        const auto texts = textsOf(m_view);
        QVERIFY2(hasText(texts, QStringLiteral("#7")), "the 7th record's number is drawn");
        const TimeWindow w = fires.front().fire.window;
        const QStringList labels = dateTimeWindowLabels(w, session->labels().utcOffsetMs(w.start()));
        QVERIFY2(std::any_of(labels.begin(), labels.end(), [&texts](const QString& l) { return hasText(texts, l); }),
            qPrintable(labels.join(QStringLiteral(" | "))));
        QVERIFY2(firstCutOff(texts, m_view->size()).isEmpty(), qPrintable(firstCutOff(texts, m_view->size())));
    }

    // Stepping through what changes, as in front of a class: at every arrival the arriving record's number is
    // drawn, and no text runs out of the picture.
    void everyArrivalIsNumberedAndNoTextIsCutOff()
    {
        TimeCursor* cursor = m_window->cursor();
        cursor->setGranularity(TimeCursor::Granularity::Changes);
        const Session* session = m_window->session();
        int arrivals = 0;
        for (int guard = 0; guard < 1000 && session->currentStep() < session->lastStep(); ++guard) {
            const int before = session->currentStep();
            cursor->stepForward();
            if (session->currentStep() == before && cursor->isPredicting())
                cursor->reveal(); // the lesson's predictions, revealed as the presenter would
            QCoreApplication::processEvents();
            const auto texts = textsOf(m_view);
            const QString cut = firstCutOff(texts, m_view->size());
            QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("step %1: %2").arg(session->currentStep()).arg(cut)));
            const RecordIndex record = session->trace().step(StepIndex(session->currentStep())).record();
            if (record == kNoRecord || session->scenario().records[record].isWatermark())
                continue;
            ++arrivals;
            QVERIFY2(hasText(texts, QStringLiteral("#%1").arg(record + 1)),
                qPrintable(QStringLiteral("step %1: #%2 not drawn").arg(session->currentStep()).arg(record + 1)));
        }
        QCOMPARE(arrivals, 23);
    }

    // The timeline beside the docks of a 1024×768 screen is narrow: a legend too wide for one row wraps onto as many
    // as it needs, and every entry is drawn, none over another.
    void aNarrowLegendWrapsWithoutDroppingAnEntry()
    {
        m_window->setPresenterMode(false);
        m_window->cursor()->jumpTo(Happening::AnyFire);
        QCoreApplication::processEvents();
        const QSize size(460, 900);
        test::TextRecorder recorder(size);
        QPainter painter(&recorder);
        m_view->paint(painter, QRect(QPoint(0, 0), size));
        painter.end();
        const auto& texts = recorder.texts();
        std::vector<QRectF> boxes;
        for (const char* entry : {"key 0001", "not arrived yet", "late, re-fired", "late, dropped", "late, side output",
                 "channel watermark", "fire", "late re-fire"}) {
            const auto it = std::find_if(
                texts.begin(), texts.end(), [&](const auto& t) { return t.text == QString::fromUtf8(entry); });
            QVERIFY2(it != texts.end(), entry);
            for (const QRectF& other : boxes)
                QVERIFY2(!other.intersects(it->box), entry);
            boxes.push_back(it->box);
        }
        QVERIFY2(firstCutOff(texts, size).isEmpty(), qPrintable(firstCutOff(texts, size)));
    }

    void theEmptyWindowHintIsWhole()
    {
        m_window->cursor()->setStep(0);
        QCoreApplication::processEvents();
        const auto texts = textsOf(m_view);
        QString hint;
        for (const auto& t : texts) {
            if (t.text.startsWith(QLatin1String("No window")) || !hint.isEmpty())
                hint += (hint.isEmpty() ? QString() : QStringLiteral(" ")) + t.text.trimmed();
            if (hint.endsWith(QLatin1String("arrives.")) || hint.endsWith(QLatin1String("record.")))
                break;
        }
        QVERIFY2(hint.startsWith(QLatin1String("No window")), "the hint is drawn");
        QVERIFY2(hint.endsWith(QLatin1String("arrives.")) || hint.endsWith(QLatin1String("record.")), qPrintable(hint));
        QVERIFY2(firstCutOff(texts, m_view->size()).isEmpty(), qPrintable(firstCutOff(texts, m_view->size())));
    }

    void theCaptionSaysNothingTwice()
    {
        m_window->cursor()->setStep(0);
        QCoreApplication::processEvents();
        auto* caption = m_window->findChild<QLabel*>(QStringLiteral("caption"));
        QVERIFY(caption && caption->isVisible());
        const QString text = caption->text();
        QCOMPARE(text.count(QStringLiteral("nothing has happened"), Qt::CaseInsensitive), 1);
    }

    // The first fire's narration is five sentences: the caption sets it smaller rather than squeezing the
    // timeline, and shows all of it.
    void aLongCaptionIsWholeAndLeavesThePicture()
    {
        m_window->cursor()->jumpTo(Happening::AnyFire);
        QCoreApplication::processEvents();
        auto* caption = m_window->findChild<QLabel*>(QStringLiteral("caption"));
        QVERIFY(caption && caption->isVisible());
        QVERIFY(caption->heightForWidth(caption->width()) <= caption->height());
        QVERIFY(caption->height() <= m_window->height() / 5 + 2);
        QVERIFY(caption->mapTo(m_window.get(), QPoint(0, caption->height())).y() <= m_window->height());
        QVERIFY(m_view->height() >= m_window->height() / 2);
    }

private:
    std::unique_ptr<MainWindow> m_window;
    TimelineView* m_view = nullptr;
};

QTEST_MAIN(TestProjector)
#include "tst_projector.moc"
