// Presenter mode on a 1024×768 projector: what the class must read is drawn, whole, and inside the picture.

#include "ShownWindow.h"
#include "TextRecorder.h"
#include "app/Theme.h"
#include "app/Translations.h"
#include "app/compare/CompareWindow.h"
#include "app/compare/Comparisons.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphStrip.h"
#include "app/panels/ImportDialog.h"
#include "app/panels/PresenterMode.h"
#include "app/panels/ProgressChart.h"
#include "app/timeline/TimelineView.h"
#include "app/timeline/WindowLabels.h"
#include "engine/io/Installation.h"
#include "tests/support/OrdersCsv.h"

#include <QAbstractScrollArea>
#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace tidemark;
using namespace tidemark::app;
using compare::RunSide;

namespace {

std::vector<test::TextRecorder::Text> textsOf(TimelineView* view)
{
    test::TextRecorder recorder(view->size());
    QPainter painter(&recorder);
    view->paint(painter, QRect(QPoint(0, 0), view->size()));
    painter.end();
    return recorder.texts();
}

// Where a text is drawn. A line that mixes scripts is drawn in runs, one per font ("窗口子任务" and " 0"): runs
// that follow one another on a line are read as one text.
std::optional<QRectF> findText(const std::vector<test::TextRecorder::Text>& texts, const QString& text)
{
    QString line;
    QRectF box;
    for (const auto& t : texts) {
        const bool continues = !line.isEmpty() && qAbs(t.box.left() - box.right()) < 1.0
            && qAbs(t.box.center().y() - box.center().y()) < 4.0;
        line = continues ? line + t.text : t.text;
        box = continues ? box.united(t.box) : t.box;
        if (line == text)
            return box;
    }
    return std::nullopt;
}

bool hasText(const std::vector<test::TextRecorder::Text>& texts, const QString& text)
{
    return findText(texts, text).has_value();
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

// What a widget and its children draw, in the widget's coordinates.
std::vector<test::TextRecorder::Text> textsOfWidget(QWidget* widget)
{
    test::TextRecorder recorder(widget->size());
    widget->render(&recorder);
    return recorder.texts();
}

// A text a child widget draws beyond its own edges is cut off there. Each text belongs to the smallest visible
// widget under its centre; it must lie inside that widget (what scrolls excepted: its rows and lines run on).
QString firstClippedText(QWidget* top, const std::vector<test::TextRecorder::Text>& texts)
{
    const QList<QWidget*> children = top->findChildren<QWidget*>();
    for (const auto& t : texts) {
        QWidget* owner = top;
        QRectF ownerRect = top->rect();
        for (QWidget* w : children) {
            if (!w->isVisibleTo(top))
                continue;
            const QRectF r(w->mapTo(top, QPoint(0, 0)), w->size());
            if (r.contains(t.box.center()) && r.width() * r.height() < ownerRect.width() * ownerRect.height()) {
                owner = w;
                ownerRect = r;
            }
        }
        if (qobject_cast<QAbstractScrollArea*>(owner->parentWidget()))
            continue;
        if (!ownerRect.adjusted(-1, -1, 1, 1).contains(t.box))
            return QStringLiteral("\"%1\" (%2) at %3,%4 %5×%6")
                .arg(t.text, QString::fromLatin1(owner->metaObject()->className()))
                .arg(t.box.x())
                .arg(t.box.y())
                .arg(t.box.width())
                .arg(t.box.height());
    }
    return {};
}

// Every record that has arrived and stands on its lane's line is numbered, and every dot lies inside its lane.
QString firstUnnumberedOrOutsideRecord(const TimelineView* view, const std::vector<test::TextRecorder::Text>& texts)
{
    const double r = kRecordRadius;
    for (const RecordLane& lane : view->recordLanes()) {
        for (const RecordDot& d : lane.dots) {
            if (d.cy - r < lane.top || d.cy + r > lane.top + view->laneHeight())
                return QStringLiteral("#%1 drawn out of its lane (centre %2, lane %3 + %4)")
                    .arg(d.record + 1)
                    .arg(d.cy)
                    .arg(lane.top)
                    .arg(view->laneHeight());
            if (d.status != RecordStatus::Pending && d.stack == 0
                && !hasText(texts, QStringLiteral("#%1").arg(d.record + 1)))
                return QStringLiteral("#%1 not numbered").arg(d.record + 1);
        }
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

    // Each job graph on the projector: at its lesson's question and at its end, the strip names every vertex whole,
    // says each one's watermark, and draws nothing outside itself.
    void everyGraphVertexIsNamedWholeOnTheStrip()
    {
        for (const io::Example& e : io::graphExamples()) {
            QVERIFY(m_window->openFile(QString::fromStdString(e.path.string())));
            auto* strip = m_window->findChild<GraphStrip*>();
            QVERIFY(strip && strip->isVisible());
            const Session* session = m_window->session();
            std::vector<int> steps {session->lastStep()};
            if (!session->lesson().empty())
                steps.push_back(int(session->lesson().front().step));
            for (const int step : steps) {
                m_window->cursor()->setStep(step);
                QCoreApplication::processEvents();
                const auto texts = textsOfWidget(strip);
                const StreamGraph& streams = session->graph().streams();
                for (int s = 0; s < streams.streamCount(); ++s) {
                    const QString name = QString::fromStdString(streams.node(s).name);
                    QVERIFY2(hasText(texts, name), (e.name + ": " + name.toStdString() + " not whole").c_str());
                }
                const auto watermarks = std::count_if(texts.begin(), texts.end(), [](const auto& t) {
                    return t.text.startsWith(QStringLiteral("watermark "))
                        || t.text.startsWith(QStringLiteral("no watermark"));
                });
                QVERIFY2(watermarks >= streams.streamCount(), e.name.c_str());
                QVERIFY2(firstCutOff(texts, strip->size()).isEmpty(),
                    (e.name + ": " + firstCutOff(texts, strip->size()).toStdString()).c_str());
            }
        }
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

    // The compare window on a projector and on a desktop: both runs number their records (run A has all 23 in one
    // lane) and the records piled up at one time stay inside their lane, under the windows.
    void theCompareWindowNumbersBothRunsAndKeepsPilesInTheirLanes_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024×768 projector") << QSize(1024, 768);
        QTest::newRow("1600×1000 desktop") << QSize(1600, 1000);
    }
    void theCompareWindowNumbersBothRunsAndKeepsPilesInTheirLanes()
    {
        QFETCH(QSize, size);
        QString path;
        for (const ComparisonInfo& c : builtInComparisons()) {
            if (c.path.endsWith(QStringLiteral("/post000-parallelism.json")))
                path = c.path;
        }
        QString error;
        const std::unique_ptr<CompareWindow> window(openComparisonFile(path, nullptr, &error));
        QVERIFY2(window, qPrintable(error));
        window->showNormal();
        window->resize(size);
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QCOMPARE(window->size(), size);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            TimelineView* view = window->timeline(side);
            const auto texts = textsOf(view);
            QVERIFY2(hasText(texts, QStringLiteral("#1")), "the first record is numbered");
            const QString wrong = firstUnnumberedOrOutsideRecord(view, texts);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
            QVERIFY2(firstCutOff(texts, view->size()).isEmpty(), qPrintable(firstCutOff(texts, view->size())));
        }
    }

    // The import dialog on a projector: it fits, and each of its texts (the bad lines listed too) is whole.
    void theImportDialogFitsAProjectorWithEveryTextWhole()
    {
        const QByteArray text = test::ordersCsv(300, [](int i) { return i % 40 == 3; }).text;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("orders.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(text) == text.size());
        file.close();
        ImportDialog dialog(path);
        QVERIFY(dialog.minimumSizeHint().width() <= 1000 && dialog.minimumSizeHint().height() <= 720);
        dialog.resize(1000, 720); // 1024×768 less the frame and a panel
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY(dialog.scanFinished());
        const auto texts = textsOfWidget(&dialog);
        QVERIFY2(hasText(texts, QStringLiteral("Open")) && hasText(texts, QStringLiteral("Cancel")), "the buttons");
        const QString clipped = firstClippedText(&dialog, texts);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped));
    }

    // Presenter mode in Chinese at the first fire: the windows keep their labels, the records their numbers, the
    // corner its date and time zone, and nothing runs out of the picture.
    void chinesePresenterModeKeepsEveryLabel()
    {
        m_window.reset();
        QCOMPARE(installTranslators(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        init();
        m_window->cursor()->jumpTo(Happening::AnyFire);
        QCoreApplication::processEvents();
        const auto texts = textsOf(m_view);
        installTranslators(QStringLiteral("en"));
        QVERIFY2(hasText(texts, QStringLiteral("#7")), "the firing record's number");
        const QString wrong = firstUnnumberedOrOutsideRecord(m_view, texts);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        QVERIFY2(hasText(texts, QStringLiteral("窗口子任务 0")), "the key's window subtask");
        // each window in view names itself (":21", ":24"… as the view shortens the range)
        for (const QString& second : {QStringLiteral(":21"), QStringLiteral(":24"), QStringLiteral(":30")})
            QVERIFY2(hasText(texts, second), qPrintable(second));
        QVERIFY2(hasText(texts, QStringLiteral("2018-10-01")), "the corner's date");
        QVERIFY2(firstCutOff(texts, m_view->size()).isEmpty(), qPrintable(firstCutOff(texts, m_view->size())));
    }

    // The progress chart in its dock beside the others at 1024×768, in both languages: every entry of its legend
    // and the event-time axis's caption are drawn whole, none over another.
    void theProgressChartNamesEverySeriesWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QStringLiteral("en");
        QTest::newRow("Chinese") << QStringLiteral("zh_CN");
    }
    void theProgressChartNamesEverySeriesWhole()
    {
        QFETCH(QString, language);
        m_window.reset();
        installTranslators(language);
        init();
        m_window->setPresenterMode(false);
        auto* chart = m_window->findChild<ProgressChart*>();
        QVERIFY(chart);
        chart->resize(290, 190);
        QCoreApplication::processEvents();
        const auto texts = textsOfWidget(chart);
        QStringList names;
        for (const QAbstractSeries* series : chart->chart()->series())
            names << series->name();
        QCOMPARE(
            names.size(), 9); // records to come, records, 3 channels, the operator's watermark, fire, late re-fire, now
        for (int channel = 0; channel < 3; ++channel)
            names.removeOne(ProgressChart::tr("channel %1 watermark").arg(channel)); // one entry for the three
        names.removeOne(ProgressChart::tr("now")); // the dashed line explains itself
        QCOMPARE(names.size(), 5);
        names << ProgressChart::tr("channel %1–%2 watermarks").arg(0).arg(2) << ProgressChart::tr("event time (s)")
              << ProgressChart::tr("processing time (s)");
        installTranslators(QStringLiteral("en"));
        std::vector<QRectF> boxes;
        for (const QString& name : names) {
            const std::optional<QRectF> box = findText(texts, name);
            QVERIFY2(box, qPrintable(name));
            for (const QRectF& other : boxes)
                QVERIFY2(!other.intersects(*box), qPrintable(name));
            boxes.push_back(*box);
        }
        QVERIFY2(firstCutOff(texts, chart->size()).isEmpty(), qPrintable(firstCutOff(texts, chart->size())));
    }

private:
    std::unique_ptr<MainWindow> m_window;
    TimelineView* m_view = nullptr;
};

QTEST_MAIN(TestProjector)
#include "tst_projector.moc"
