#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"
#include "app/timeline/AnimationExport.h"
#include "app/timeline/TimelineImage.h"
#include "app/timeline/TimelineView.h"
#include "tests/support/RequiredTool.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <vector>

using namespace tidemark;
using namespace tidemark::app;
using Granularity = TimeCursor::Granularity;

namespace {

// The steps a granularity stops at, read straight from the trace, with the first and the last step: the frames a
// page must have.
// The frames' steps, from the trace: the granularity's stops, the first and the last step, and (withMarkers) the
// lesson's markers.
std::vector<int> stopsInTheTrace(const Session& session, Granularity granularity, bool withMarkers = true)
{
    std::vector<int> steps;
    for (int s = 0; s <= session.lastStep(); ++s) {
        const StepEntry& entry = session.trace().step(StepIndex(s));
        const bool stop = granularity == Granularity::EveryStep
            || (granularity == Granularity::Changes ? entry.changesSomething() : entry.record() != kNoRecord);
        if (stop || s == 0 || s == session.lastStep() || (withMarkers && session.markerAt(s)))
            steps.push_back(s);
    }
    return steps;
}

// An exported page, taken apart as its script takes it apart.
struct Page {
    QString html;
    QJsonArray frames;
    QStringList chunks;

    std::vector<int> steps() const
    {
        std::vector<int> out;
        for (const QJsonValue& f : frames)
            out.push_back(f.toObject().value(QLatin1String("step")).toInt());
        return out;
    }
    QJsonObject frameAtStep(int step) const
    {
        for (const QJsonValue& f : frames) {
            if (f.toObject().value(QLatin1String("step")).toInt() == step)
                return f.toObject();
        }
        return {};
    }
    QString svg(const QJsonObject& frame) const
    {
        QString out;
        const QJsonArray parts = frame.value(QLatin1String("parts")).toArray();
        for (qsizetype i = 0; i + 1 < parts.size(); i += 2) {
            for (int c = parts[i].toInt(), end = c + parts[i + 1].toInt(); c < end; ++c)
                out += chunks.value(c);
        }
        return out;
    }
};

QString scriptText(const QString& html, const QString& id)
{
    const QString open = QStringLiteral("id=\"%1\">").arg(id);
    const qsizetype from = html.indexOf(open);
    if (from < 0)
        return {};
    const qsizetype begin = from + open.size();
    return html.mid(begin, html.indexOf(QLatin1String("</script>"), begin) - begin);
}

std::optional<Page> readPage(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    Page page;
    page.html = QString::fromUtf8(file.readAll());
    page.frames = QJsonDocument::fromJson(scriptText(page.html, QStringLiteral("tidemark-frames")).toUtf8())
                      .object()
                      .value(QLatin1String("frames"))
                      .toArray();
    page.chunks = scriptText(page.html, QStringLiteral("tidemark-chunks")).split(QLatin1Char('\n'));
    return page;
}

QJsonArray sentencesAt(TimeCursor& cursor, int step)
{
    cursor.setStep(step);
    QJsonArray sentences;
    for (const NarrationSentence& s : cursor.session()->narration().sentences)
        sentences.append(QString::fromStdString(s.text));
    return sentences;
}

// What a picture draws, whatever its whitespace and attributes: its texts in order, and how many of each shape.
struct Drawn {
    QStringList texts;
    std::map<QString, int> shapes;
    bool operator==(const Drawn&) const = default;
};

Drawn drawnIn(const QString& svg)
{
    Drawn drawn;
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    for (const auto& m : text.globalMatch(svg))
        drawn.texts << m.captured(1).simplified();
    static const QRegularExpression shape(QStringLiteral("<(rect|polyline|polygon|path|circle|ellipse|image|line)\\b"));
    for (const auto& m : shape.globalMatch(svg))
        ++drawn.shapes[m.captured(1)];
    return drawn;
}

QString granularityName(Granularity g)
{
    return g == Granularity::EveryStep ? QStringLiteral("every step")
        : g == Granularity::Changes    ? QStringLiteral("changes only")
                                       : QStringLiteral("arrivals only");
}

} // namespace

// File ▸ Export ▸ Animation on the post-000 example (parallelism 3, 356 steps): the page and the PNG frames.
class TestAnimationExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
        m_dir.emplace();
        QVERIFY(m_dir->isValid());
        // TIDEMARK_KEEP_EXPORTS=1 keeps what each test wrote, to look at
        if (qEnvironmentVariableIsSet("TIDEMARK_KEEP_EXPORTS")) {
            m_dir->setAutoRemove(false);
            qInfo("writes into %s", qPrintable(m_dir->path()));
        }
    }
    void cleanup()
    {
        m_window.reset();
        m_dir.reset();
    }

    void thePageHasAFrameForEachStepTheGranularityStopsAt_data()
    {
        QTest::addColumn<Granularity>("granularity");
        for (const Granularity g : {Granularity::EveryStep, Granularity::Changes, Granularity::Arrivals})
            QTest::newRow(qPrintable(granularityName(g))) << g;
    }
    void thePageHasAFrameForEachStepTheGranularityStopsAt()
    {
        QFETCH(Granularity, granularity);
        Session& session = *m_window->session();
        TimeCursor& cursor = *m_window->cursor();
        QCOMPARE(session.lastStep(), 356);
        const std::vector<int> expected = stopsInTheTrace(session, granularity);
        QCOMPARE(animationSteps(session, granularity), expected);

        // the steps the cursor's own snapping stops at with that granularity are the same
        cursor.setGranularity(granularity);
        std::vector<int> snapped;
        for (int s = 0; s <= session.lastStep(); ++s) {
            if (cursor.snapped(s) == s || s == 0 || s == session.lastStep())
                snapped.push_back(s);
        }
        QCOMPARE(snapped, stopsInTheTrace(session, granularity, false));

        const QString path = m_dir->filePath(QStringLiteral("page-%1.html").arg(int(granularity)));
        QElapsedTimer timer;
        timer.start();
        QString error;
        AnimationOptions options;
        options.granularity = granularity;
        QCOMPARE(
            writeAnimationPage(*m_window->timeline(), cursor, path, options, &error), AnimationExportResult::Written);
        const qint64 ms = timer.elapsed();
        qInfo("%s: %zu frames, %lld bytes, %lld ms", qPrintable(granularityName(granularity)), expected.size(),
            QFileInfo(path).size(), ms);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto page = readPage(path);
        QVERIFY(page);
        QCOMPARE(page->steps(), expected);
        QCOMPARE(page->steps().front(), 0);
        QCOMPARE(page->steps().back(), 356);
        QVERIFY(page->html.contains(QStringLiteral("<h1>Post 000: parallelism 3, allowed lateness 2 s</h1>")));
        QVERIFY(page->html.contains(QStringLiteral("Reference post 000: lines like")));
        // where steps went by, the page says so: once for the page and at each frame after a gap
        int gaps = 0;
        for (std::size_t i = 1; i < expected.size(); ++i) {
            const QString skipped = page->frames[qsizetype(i)].toObject().value(QLatin1String("skipped")).toString();
            QCOMPARE(!skipped.isEmpty(), expected[i] - expected[i - 1] > 1);
            gaps += skipped.isEmpty() ? 0 : 1;
        }
        QCOMPARE(gaps > 0, granularity != Granularity::EveryStep);
        QCOMPARE(page->html.contains(QStringLiteral("The steps in between went by.")),
            granularity != Granularity::EveryStep);
        // a page a class can open from a USB stick: no 350 copies of the same drawing either
        QVERIFY2(QFileInfo(path).size() < 12 * 1024 * 1024, qPrintable(QString::number(QFileInfo(path).size())));
    }

    void thePageFetchesNothing()
    {
        const QString path = m_dir->filePath(QStringLiteral("page.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), *m_window->cursor(), path), AnimationExportResult::Written);
        const auto page = readPage(path);
        QVERIFY(page);
        for (const char* reference : {"http:", "https:", "src=", "@import", "=\"//", "<link rel=\"stylesheet\""})
            QVERIFY2(!page->html.contains(QLatin1String(reference), Qt::CaseInsensitive), reference);
        // url(…) only within the document (SVG patterns and gradients)
        static const QRegularExpression url(QStringLiteral("url\\((?!#)"));
        QVERIFY(!url.match(page->html).hasMatch());
        static const QRegularExpression href(QStringLiteral("href=\"(?!data:|#)"));
        QVERIFY2(!href.match(page->html).hasMatch(), qPrintable(href.match(page->html).captured(0)));
    }

    void thePageTellsTheFirstFireAsTheNarrationPanelDoes()
    {
        TimeCursor& cursor = *m_window->cursor();
        AnimationOptions options;
        options.granularity = Granularity::Changes;
        const QString path = m_dir->filePath(QStringLiteral("page.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, path, options), AnimationExportResult::Written);
        const auto page = readPage(path);
        QVERIFY(page);
        // the first fire comes after the 7th record
        const FireRecord& first = m_window->session()->trace().fires().front();
        QCOMPARE(first.fire.afterInput, std::size_t(7));
        const int fire = int(first.step);
        const QJsonObject frame = page->frameAtStep(fire);
        QVERIFY(!frame.isEmpty());
        const QJsonArray expected = sentencesAt(cursor, fire);
        QVERIFY(expected.size() > 1);
        QCOMPARE(frame.value(QLatin1String("narration")).toArray(), expected);
        QVERIFY(frame.value(QLatin1String("narration"))
                    .toVariant()
                    .toStringList()
                    .join(QLatin1Char(' '))
                    .contains(QLatin1String("Window [10:11:21, 10:11:24) fires for key 0001 with 1 record")));
        QCOMPARE(frame.value(QLatin1String("heading")).toString(), QStringLiteral("Step %1 of 356").arg(fire));
    }

    void eachFrameDrawsTheTimelineOfItsStep()
    {
        TimeCursor& cursor = *m_window->cursor();
        AnimationOptions options;
        options.granularity = Granularity::Arrivals;
        const QString path = m_dir->filePath(QStringLiteral("page.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, path, options), AnimationExportResult::Written);
        const auto page = readPage(path);
        QVERIFY(page);
        // the first frame, the arrival after the first fire, the last
        const auto fire = m_window->session()->trace().fires().front().step;
        const std::vector<int> steps = page->steps();
        const int after = *std::upper_bound(steps.begin(), steps.end(), int(fire));
        for (const int step : {0, after, 356}) {
            cursor.setStep(step);
            const Drawn now = drawnIn(QString::fromUtf8(timelineSvg(*m_window->timeline(), {}, {})));
            const Drawn inPage = drawnIn(page->svg(page->frameAtStep(step)));
            QVERIFY(now.shapes.size() > 2);
            QVERIFY(now.texts.contains(QStringLiteral("channel 2")));
            QCOMPARE(inPage.texts, now.texts);
            QCOMPARE(inPage.shapes, now.shapes);
        }
        QVERIFY(page->svg(page->frameAtStep(0)) != page->svg(page->frameAtStep(after)));
    }

    void theCursorIsBackWhereItWasAfterAnExport()
    {
        TimeCursor& cursor = *m_window->cursor();
        cursor.setStep(42);
        cursor.setVisibleRange(cursor.visibleStart() + 1000.0, cursor.visibleEnd() - 1000.0);
        cursor.setFollowWatermark(true); // the frames' range follows the watermark, the user's comes back
        const double start = cursor.visibleStart();
        const double end = cursor.visibleEnd();
        AnimationOptions options;
        options.granularity = Granularity::Arrivals;
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, m_dir->filePath(QStringLiteral("p.html")), options),
            AnimationExportResult::Written);
        QCOMPARE(cursor.step(), 42);
        QCOMPARE(cursor.visibleStart(), start);
        QCOMPARE(cursor.visibleEnd(), end);
    }

    // A job graph plays as a chain does: every frame its strip over all its lanes (the rows the window scrolls to
    // as well), the graph's narration at that step, and its lesson's prediction held back.
    void aJobGraphPlaysItsStripAndLanesStepByStep()
    {
        QVERIFY(m_window->openFile(test::examplePath(QStringLiteral("graphs/orders-payments-join-stalls.json"))));
        Session& session = *m_window->session();
        QVERIFY(session.hasGraph());
        TimeCursor& cursor = *m_window->cursor();
        QCoreApplication::processEvents(); // the strip and the lanes have their sizes
        cursor.setStep(5);
        const QString path = m_dir->filePath(QStringLiteral("graph.html"));
        QCOMPARE(writeAnimationPage(m_window->picture(), cursor, path), AnimationExportResult::Written);
        QCOMPARE(cursor.step(), 5);
        const auto page = readPage(path);
        QVERIFY(page);
        QCOMPARE(page->frames.size(), qsizetype(session.lastStep() + 1));
        const QSize size = m_window->picture().pictureSize();
        // the strip over every lane, whether the window shows them all or scrolls them
        const auto* strip = m_window->findChild<GraphStrip*>();
        const auto* lanes = m_window->findChild<GraphLanes*>();
        QVERIFY(strip && lanes);
        QCOMPARE(size, QSize(lanes->width(), strip->height() + lanes->sizeHint().height()));
        bool predicted = false;
        for (qsizetype i = 0; i < page->frames.size(); ++i) {
            const QJsonObject frame = page->frames[i].toObject();
            QCOMPARE(frame.value(QLatin1String("step")).toInt(), int(i));
            const QJsonObject lesson = frame.value(QLatin1String("lesson")).toObject();
            if (lesson.contains(QLatin1String("hidden"))) {
                predicted = true;
                QVERIFY(lesson.value(QLatin1String("hidden")).toInt() > int(i));
            }
        }
        QVERIFY2(predicted, "the example's lesson asks before the step that answers it");
        // the last frame: every vertex with its event time, the silent payments source holding the count back
        const Drawn last = drawnIn(page->svg(page->frames.last().toObject()));
        for (const QString& vertex : {QStringLiteral("orders"), QStringLiteral("payments"), QStringLiteral("paid"),
                 QStringLiteral("paid-per-10s")})
            QVERIFY2(last.texts.contains(vertex), qPrintable(vertex));
        QVERIFY2(last.texts.contains(QStringLiteral("payments · channel 0")), qPrintable(last.texts.join(u'|')));
        QVERIFY2(last.texts.contains(QStringLiteral("0 out")), qPrintable(last.texts.join(u'|')));
        const Drawn first = drawnIn(page->svg(page->frames.first().toObject()));
        QVERIFY(first.texts != last.texts);
        const QJsonArray narration = page->frames.last().toObject().value(QLatin1String("narration")).toArray();
        QCOMPARE(narration, sentencesAt(cursor, session.lastStep()));
    }

    // Lesson markers are frames of their own with their notes; a prediction carries the step it holds back (the
    // next fire after it), as presenter mode holds it.
    void theLessonsNotesAndPredictionsAreInThePage()
    {
        Session& session = *m_window->session();
        TimeCursor& cursor = *m_window->cursor();
        const int firstFire = int(session.trace().fires().front().step);
        session.setLesson({{7, "watch channel 1", false}, {std::uint32_t(firstFire - 3), "will it fire?", true}});
        AnimationOptions options;
        options.granularity = Granularity::Changes;
        const QString path = m_dir->filePath(QStringLiteral("lesson.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, path, options), AnimationExportResult::Written);
        const auto page = readPage(path);
        QVERIFY(page);
        int notes = 0;
        for (const QJsonValue& v : page->frames) {
            const QJsonObject frame = v.toObject();
            const QJsonObject lesson = frame.value(QLatin1String("lesson")).toObject();
            const int step = frame.value(QLatin1String("step")).toInt();
            if (step == 7) {
                QCOMPARE(lesson.value(QLatin1String("note")).toString(), QStringLiteral("watch channel 1"));
                QVERIFY(!lesson.contains(QLatin1String("hidden")));
                ++notes;
            } else if (step == firstFire - 3) {
                QCOMPARE(lesson.value(QLatin1String("note")).toString(), QStringLiteral("will it fire?"));
                QCOMPARE(lesson.value(QLatin1String("hidden")).toInt(), firstFire);
                ++notes;
            } else {
                QVERIFY2(lesson.isEmpty(), qPrintable(QString::number(step)));
            }
        }
        QCOMPARE(notes, 2);
    }

    // A record picked in the app is not circled in the frames (it would be, before it arrived): the page is the
    // same with and without it, and the pick is there again afterwards.
    void theAppsSelectionIsNotBakedIntoTheFrames()
    {
        TimeCursor& cursor = *m_window->cursor();
        AnimationOptions options;
        options.granularity = Granularity::Arrivals;
        const QString plain = m_dir->filePath(QStringLiteral("plain.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, plain, options), AnimationExportResult::Written);
        const TimeCursor::Selection picked = TimeCursor::Selection::ofRecord(4);
        cursor.select(picked);
        const QString withPick = m_dir->filePath(QStringLiteral("picked.html"));
        QCOMPARE(writeAnimationPage(*m_window->timeline(), cursor, withPick, options), AnimationExportResult::Written);
        QCOMPARE(cursor.selection(), picked);
        const auto a = readPage(plain);
        const auto b = readPage(withPick);
        QVERIFY(a && b);
        QCOMPARE(b->frames.size(), a->frames.size());
        for (qsizetype i = 0; i < a->frames.size(); ++i) {
            const auto svg = [](const Page& p, qsizetype f) {
                QString out;
                const QJsonArray parts = p.frames[f].toObject().value(QLatin1String("parts")).toArray();
                for (qsizetype k = 0; k + 1 < parts.size(); k += 2)
                    for (int c = parts[k].toInt(), end = c + parts[k + 1].toInt(); c < end; ++c)
                        out += p.chunks[c];
                return out;
            };
            QVERIFY2(drawnIn(svg(*a, i)) == drawnIn(svg(*b, i)), qPrintable(QStringLiteral("frame %1").arg(i)));
        }
    }

    void pngFramesAreNumberedInOrderAndListed()
    {
        TimeCursor& cursor = *m_window->cursor();
        AnimationOptions options;
        options.granularity = Granularity::Changes;
        options.pixelRatio = 2.0;
        const QString folder = m_dir->filePath(QStringLiteral("frames"));
        QElapsedTimer timer;
        timer.start();
        QString error;
        QCOMPARE(writeAnimationFrames(*m_window->timeline(), cursor, folder, options, &error),
            AnimationExportResult::Written);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const std::vector<int> steps = stopsInTheTrace(*m_window->session(), Granularity::Changes);
        qInfo("%zu PNG frames at 2x in %lld ms", steps.size(), timer.elapsed());
        const QStringList files = QDir(folder).entryList({QStringLiteral("frame-*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), qsizetype(steps.size()));
        QCOMPARE(files.front(), QStringLiteral("frame-0001.png"));
        QCOMPARE(files.back(), QStringLiteral("frame-%1.png").arg(steps.size(), 4, 10, QLatin1Char('0')));
        const QSize expectedSize = m_window->timeline()->size() * 2;
        for (const QString& name : {files.front(), files[files.size() / 2], files.back()}) {
            const QImage image(QDir(folder).filePath(name));
            QVERIFY2(!image.isNull(), qPrintable(name));
            QCOMPARE(image.size(), expectedSize);
        }

        QFile list(QDir(folder).filePath(QStringLiteral("frames.txt")));
        QVERIFY(list.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(list.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), qsizetype(steps.size()) + 1); // a header, then a line per frame
        QCOMPARE(lines.front(), QStringLiteral("file\tstep\tprocessing time\tnarration"));
        const int fire = int(m_window->session()->trace().fires().front().step);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const QStringList cells = lines[qsizetype(i) + 1].split(QLatin1Char('\t'));
            QCOMPARE(cells.size(), 4);
            QCOMPARE(cells[0], files[qsizetype(i)]);
            QCOMPARE(cells[1].toInt(), steps[i]);
            if (steps[i] == fire) {
                cursor.setStep(fire);
                QCOMPARE(cells[2], Session::formatProcessingTime(m_window->session()->processingTime()));
                QCOMPARE(cells[3], QString::fromStdString(m_window->session()->narration().text()));
            }
        }
    }

    void aFolderThatHoldsFramesIsReplacedOnlyWhenAsked()
    {
        TimeCursor& cursor = *m_window->cursor();
        TimelineView& view = *m_window->timeline();
        const QString folder = m_dir->filePath(QStringLiteral("frames"));
        AnimationOptions options;
        options.granularity = Granularity::Changes;
        QCOMPARE(writeAnimationFrames(view, cursor, folder, options), AnimationExportResult::Written);
        const qsizetype changes = QDir(folder).entryList({QStringLiteral("frame-*.png")}).size();
        QVERIFY(holdsAnimationFrames(folder));

        options.granularity = Granularity::Arrivals;
        QString error;
        QCOMPARE(writeAnimationFrames(view, cursor, folder, options, &error), AnimationExportResult::Failed);
        QVERIFY2(error.startsWith(folder + QStringLiteral(": ")), qPrintable(error));
        QCOMPARE(QDir(folder).entryList({QStringLiteral("frame-*.png")}).size(), changes);

        options.replaceFrames = true;
        QCOMPARE(writeAnimationFrames(view, cursor, folder, options), AnimationExportResult::Written);
        // no frame of the longer sequence is left over
        QCOMPARE(QDir(folder).entryList({QStringLiteral("frame-*.png")}).size(),
            qsizetype(stopsInTheTrace(*m_window->session(), Granularity::Arrivals).size()));
    }

    void anExportThatCannotBeWrittenSaysWhereAndWhy()
    {
        TimeCursor& cursor = *m_window->cursor();
        TimelineView& view = *m_window->timeline();
        const QString nowhere = m_dir->filePath(QStringLiteral("no-such-folder/page.html"));
        QString error;
        QCOMPARE(writeAnimationPage(view, cursor, nowhere, {}, &error), AnimationExportResult::Failed);
        QVERIFY2(error.startsWith(nowhere + QStringLiteral(": ")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(nowhere));

        // a folder under a file can be neither made nor written, even by root
        QFile file(m_dir->filePath(QStringLiteral("a-file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString underAFile = file.fileName() + QStringLiteral("/frames");
        error.clear();
        QCOMPARE(writeAnimationFrames(view, cursor, underAFile, {}, &error), AnimationExportResult::Failed);
        QVERIFY2(error.startsWith(underAFile + QStringLiteral(": ")), qPrintable(error));
        QCOMPARE(cursor.step(), 0);
    }

    void aCancelledExportLeavesNothingBehind()
    {
        TimeCursor& cursor = *m_window->cursor();
        TimelineView& view = *m_window->timeline();
        int calls = 0;
        AnimationOptions options;
        options.progress = [&calls](int done, int total) {
            ++calls;
            return done < 5 && total == 357;
        };
        const QString path = m_dir->filePath(QStringLiteral("page.html"));
        QCOMPARE(writeAnimationPage(view, cursor, path, options), AnimationExportResult::Cancelled);
        QCOMPARE(calls, 5);
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(QDir(m_dir->path()).entryList(QDir::Files).isEmpty()); // nor a temporary file

        const QString folder = m_dir->filePath(QStringLiteral("frames"));
        QCOMPARE(writeAnimationFrames(view, cursor, folder, options), AnimationExportResult::Cancelled);
        QVERIFY(!holdsAnimationFrames(folder));
        QCOMPARE(cursor.step(), 0);
    }

private:
    std::unique_ptr<MainWindow> m_window;
    std::optional<QTemporaryDir> m_dir; // a new one for each test
};

namespace {

// Just enough of the Chrome DevTools protocol to drive a page: a WebSocket client (RFC 6455: a masked text frame
// per command, as a client must send them) and commands matched to their answers by id. Every wait has a
// deadline.
class DevTools {
public:
    bool open(quint16 port, const QByteArray& path, QString* why)
    {
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        if (!m_socket.waitForConnected(5000)) {
            *why = m_socket.errorString();
            return false;
        }
        QByteArray key(16, Qt::Uninitialized);
        QRandomGenerator::global()->fillRange(reinterpret_cast<quint32*>(key.data()), 4);
        key = key.toBase64();
        m_socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
            + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key
            + "\r\nSec-WebSocket-Version: 13\r\n\r\n");
        const QDeadlineTimer deadline(5000);
        while (!m_buffer.contains("\r\n\r\n")) {
            if (!waitForBytes(deadline)) {
                *why = QStringLiteral("no answer to the WebSocket handshake");
                return false;
            }
        }
        const qsizetype end = m_buffer.indexOf("\r\n\r\n") + 4;
        const QByteArray answer = m_buffer.left(end);
        m_buffer.remove(0, end);
        const QByteArray accept
            = QCryptographicHash::hash(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11", QCryptographicHash::Sha1)
                  .toBase64();
        if (!answer.startsWith("HTTP/1.1 101") || !answer.contains(accept)) {
            *why = QString::fromUtf8(answer);
            return false;
        }
        return true;
    }

    // The command's "result", or empty with `why` set.
    std::optional<QJsonObject> call(
        const QString& method, const QJsonObject& params, QString* why, const QString& session = {})
    {
        const int id = m_nextId++;
        QJsonObject command {
            {QStringLiteral("id"), id}, {QStringLiteral("method"), method}, {QStringLiteral("params"), params}};
        if (!session.isEmpty())
            command.insert(QStringLiteral("sessionId"), session);
        send(QJsonDocument(command).toJson(QJsonDocument::Compact));
        const QDeadlineTimer deadline(10000);
        while (const auto message = receive(deadline)) {
            const QJsonObject answer = QJsonDocument::fromJson(*message).object();
            if (answer.value(QLatin1String("id")).toInt() != id)
                continue; // an event, or the answer to an earlier command
            if (answer.contains(QLatin1String("error"))) {
                *why = method + QStringLiteral(": ")
                    + QString::fromUtf8(QJsonDocument(answer.value(QLatin1String("error")).toObject()).toJson());
                return std::nullopt;
            }
            return answer.value(QLatin1String("result")).toObject();
        }
        *why = method + QStringLiteral(": no answer within 10 s");
        return std::nullopt;
    }

private:
    bool waitForBytes(const QDeadlineTimer& deadline)
    {
        if (m_socket.bytesAvailable() == 0
            && !m_socket.waitForReadyRead(int(std::max<qint64>(deadline.remainingTime(), 1))))
            return false;
        m_buffer += m_socket.readAll();
        return true;
    }

    void send(const QByteArray& payload)
    {
        QByteArray frame;
        frame += char(0x81); // FIN, text
        const quint64 n = quint64(payload.size());
        if (n < 126) {
            frame += char(0x80 | n);
        } else if (n < 65536) {
            frame += char(0x80 | 126);
            frame += char(n >> 8);
            frame += char(n & 0xff);
        } else {
            frame += char(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8)
                frame += char((n >> shift) & 0xff);
        }
        const quint32 mask = QRandomGenerator::global()->generate();
        const char key[4] = {char(mask >> 24), char(mask >> 16), char(mask >> 8), char(mask)};
        frame.append(key, 4);
        for (qsizetype i = 0; i < payload.size(); ++i)
            frame += char(payload[i] ^ key[i % 4]);
        m_socket.write(frame);
        m_socket.flush();
    }

    // The next whole text message (fragments joined), or empty at the deadline or when the socket closes.
    std::optional<QByteArray> receive(const QDeadlineTimer& deadline)
    {
        QByteArray message;
        for (;;) {
            while (m_buffer.size() < 2) {
                if (!waitForBytes(deadline))
                    return std::nullopt;
            }
            const auto b0 = quint8(m_buffer[0]);
            const auto b1 = quint8(m_buffer[1]);
            quint64 length = b1 & 0x7f;
            qsizetype header = 2;
            if (length >= 126) {
                header += length == 126 ? 2 : 8;
                while (m_buffer.size() < header) {
                    if (!waitForBytes(deadline))
                        return std::nullopt;
                }
                length = 0;
                for (qsizetype i = 2; i < header; ++i)
                    length = (length << 8) | quint8(m_buffer[i]);
            }
            if (b1 & 0x80)
                header += 4; // a server sends no mask; read past one anyway
            while (quint64(m_buffer.size()) < quint64(header) + length) {
                if (!waitForBytes(deadline))
                    return std::nullopt;
            }
            const QByteArray payload = m_buffer.mid(header, qsizetype(length));
            m_buffer.remove(0, header + qsizetype(length));
            const int opcode = b0 & 0x0f;
            if (opcode == 0x8)
                return std::nullopt; // closed
            if (opcode == 0x1 || opcode == 0x0)
                message += payload;
            if ((b0 & 0x80) && (opcode == 0x1 || opcode == 0x0))
                return message;
        }
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    int m_nextId = 1;
};

// A headless Chromium on a page, killed when it goes.
class Browser {
public:
    ~Browser()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        // asked to close, the browser takes its helper processes with it; killed if it does not go
        QString why;
        if (m_connected)
            m_devTools.call(QStringLiteral("Browser.close"), {}, &why);
        if (!m_process.waitForFinished(5000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    // `page` may end in a fragment: page.html#step=95
    static QString pageUrl(const QString& page)
    {
        const qsizetype hash = page.indexOf(QLatin1Char('#'));
        QUrl url = QUrl::fromLocalFile(hash < 0 ? page : page.left(hash));
        if (hash >= 0)
            url.setFragment(page.mid(hash + 1));
        return url.toString();
    }

    bool start(const QString& chromium, const QString& page, QString* why)
    {
        if (!m_profile.isValid()) {
            *why = QStringLiteral("no temporary folder");
            return false;
        }
        m_process.setStandardOutputFile(QProcess::nullDevice());
        m_process.setStandardErrorFile(QProcess::nullDevice());
        m_process.start(chromium,
            {QStringLiteral("--headless=new"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
                QStringLiteral("--disable-dev-shm-usage"), QStringLiteral("--no-first-run"),
                QStringLiteral("--no-default-browser-check"), QStringLiteral("--disable-extensions"),
                QStringLiteral("--disable-background-networking"), QStringLiteral("--window-size=1280,900"),
                QStringLiteral("--remote-debugging-address=127.0.0.1"), QStringLiteral("--remote-debugging-port=0"),
                QStringLiteral("--user-data-dir=") + m_profile.path(), pageUrl(page)});
        if (!m_process.waitForStarted(10000)) {
            *why = m_process.errorString();
            return false;
        }
        // the browser writes its port and its endpoint's path there once it listens
        QFile active(m_profile.filePath(QStringLiteral("DevToolsActivePort")));
        const QDeadlineTimer deadline(30000);
        QList<QByteArray> lines;
        while (lines.size() < 2 || lines[1].isEmpty()) {
            if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning) {
                *why = QStringLiteral("Chromium did not open its DevTools port within 30 s");
                return false;
            }
            QTest::qWait(100);
            if (active.open(QIODevice::ReadOnly)) {
                lines = active.readAll().split('\n');
                active.close();
            }
        }
        const auto port = quint16(lines[0].trimmed().toUInt());
        if (!m_devTools.open(port, lines[1].trimmed(), why))
            return false;
        m_connected = true;
        // the page's target, attached to as a session of the browser's connection
        QString pageTarget;
        const QDeadlineTimer pageDeadline(20000);
        while (pageTarget.isEmpty() && !pageDeadline.hasExpired()) {
            const auto targets = m_devTools.call(QStringLiteral("Target.getTargets"), {}, why);
            if (!targets)
                return false;
            for (const QJsonValue& t : targets->value(QLatin1String("targetInfos")).toArray()) {
                if (t[QLatin1String("type")].toString() == QLatin1String("page"))
                    pageTarget = t[QLatin1String("targetId")].toString();
            }
            if (pageTarget.isEmpty())
                QTest::qWait(100);
        }
        const auto attached = m_devTools.call(QStringLiteral("Target.attachToTarget"),
            {{QStringLiteral("targetId"), pageTarget}, {QStringLiteral("flatten"), true}}, why);
        if (!attached)
            return false;
        m_session = attached->value(QLatin1String("sessionId")).toString();
        return !m_session.isEmpty();
    }

    // The value of a JavaScript expression in the page.
    std::optional<QJsonValue> evaluate(const QString& expression, QString* why)
    {
        const auto result = m_devTools.call(QStringLiteral("Runtime.evaluate"),
            {{QStringLiteral("expression"), expression}, {QStringLiteral("returnByValue"), true}}, why, m_session);
        if (!result)
            return std::nullopt;
        if (result->contains(QLatin1String("exceptionDetails"))) {
            *why = QString::fromUtf8(
                QJsonDocument(result->value(QLatin1String("exceptionDetails")).toObject()).toJson());
            return std::nullopt;
        }
        return result->value(QLatin1String("result")).toObject().value(QLatin1String("value"));
    }

    // A real key press: down and up, as the keyboard sends them.
    bool press(const QString& key, QString* why)
    {
        static const std::map<QString, std::pair<QString, int>> codes {
            {QStringLiteral("ArrowRight"), {QStringLiteral("ArrowRight"), 39}},
            {QStringLiteral("ArrowLeft"), {QStringLiteral("ArrowLeft"), 37}},
            {QStringLiteral("Home"), {QStringLiteral("Home"), 36}},
            {QStringLiteral("End"), {QStringLiteral("End"), 35}}, {QStringLiteral(" "), {QStringLiteral("Space"), 32}},
            {QStringLiteral("r"), {QStringLiteral("KeyR"), 82}}};
        const auto& [code, virtualKey] = codes.at(key);
        for (const char* type : {"keyDown", "keyUp"}) {
            QJsonObject event {{QStringLiteral("type"), QLatin1String(type)}, {QStringLiteral("key"), key},
                {QStringLiteral("code"), code}, {QStringLiteral("windowsVirtualKeyCode"), virtualKey},
                {QStringLiteral("nativeVirtualKeyCode"), virtualKey}};
            if (key == QLatin1String(" ") && qstrcmp(type, "keyDown") == 0)
                event.insert(QStringLiteral("text"), key);
            if (!m_devTools.call(QStringLiteral("Input.dispatchKeyEvent"), event, why, m_session))
                return false;
        }
        return true;
    }

private:
    QTemporaryDir m_profile;
    QProcess m_process;
    DevTools m_devTools;
    bool m_connected = false;
    QString m_session;
};

// What the page shows now.
const QString kShown = QStringLiteral(R"(JSON.stringify({
    frame: Number(document.body.dataset.frame),
    step: Number(document.body.dataset.step),
    heading: document.getElementById('step').textContent,
    skipped: document.getElementById('skipped').hidden ? '' : document.getElementById('skipped').textContent,
    narration: Array.from(document.querySelectorAll('#sentences p'), p => p.textContent),
    playing: document.getElementById('play').getAttribute('aria-pressed'),
    svgWidth: document.querySelector('#frame svg') ? document.querySelector('#frame svg').getBoundingClientRect().width : 0,
    frameWidth: document.getElementById('frame').clientWidth,
    pageWidth: document.documentElement.clientWidth
}))");

} // namespace

// The exported page in a real browser, played with real key presses (its own CTest test, labelled browser).
class TestAnimationInChromium : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
        TIDEMARK_REQUIRE_TOOL(!m_chromium.isEmpty(),
            "chromium is not installed (scripts/install-deps installs it): the page was not tried in a browser");
    }

    void thePageStepsThroughTheFramesWithTheKeyboard()
    {
        auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        TimeCursor& cursor = *window->cursor();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("post000.html"));
        AnimationOptions options;
        options.granularity = Granularity::Changes; // frames with steps between them
        QCOMPARE(writeAnimationPage(*window->timeline(), cursor, path, options), AnimationExportResult::Written);
        const std::vector<int> steps = animationSteps(*window->session(), options.granularity);
        const int last = int(steps.size()) - 1;
        QVERIFY(last > 4);

        Browser browser;
        QString why;
        QVERIFY2(browser.start(m_chromium, path, &why), qPrintable(why));
        const QDeadlineTimer loaded(20000);
        for (;;) {
            const auto ready = browser.evaluate(
                QStringLiteral("document.readyState === 'complete' && document.body.dataset.frame === '0'"), &why);
            QVERIFY2(ready, qPrintable(why));
            if (ready->toBool())
                break;
            QVERIFY2(!loaded.hasExpired(), "the page did not show its first frame within 20 s");
            QTest::qWait(100);
        }

        int frame = 0;
        auto check = [&](const char* after) {
            const auto shown = browser.evaluate(kShown, &why);
            QVERIFY2(shown, qPrintable(why));
            const QJsonObject page = QJsonDocument::fromJson(shown->toString().toUtf8()).object();
            const int step = steps[std::size_t(frame)];
            const QString where = QStringLiteral("after %1: ").arg(QLatin1String(after));
            QVERIFY2(page[QLatin1String("frame")].toInt() == frame,
                qPrintable(
                    where + QStringLiteral("frame %1, not %2").arg(page[QLatin1String("frame")].toInt()).arg(frame)));
            QCOMPARE(page[QLatin1String("step")].toInt(), step);
            QCOMPARE(page[QLatin1String("heading")].toString(), QStringLiteral("Step %1 of 356").arg(step));
            QCOMPARE(page[QLatin1String("narration")].toArray(), sentencesAt(cursor, step));
            QCOMPARE(page[QLatin1String("skipped")].toString().isEmpty(),
                frame == 0 || step - steps[std::size_t(frame - 1)] == 1);
            QCOMPARE(page[QLatin1String("playing")].toString(), QStringLiteral("false"));
            // the frame fills the page's width
            const double svgWidth = page[QLatin1String("svgWidth")].toDouble();
            QVERIFY2(svgWidth > 0.9 * page[QLatin1String("pageWidth")].toDouble(),
                qPrintable(where + QString::number(svgWidth)));
            QVERIFY(qAbs(svgWidth - page[QLatin1String("frameWidth")].toDouble()) <= 1.0);
        };
        check("loading");
        if (QTest::currentTestFailed())
            return;
        const std::pair<const char*, int> presses[]
            = {{"ArrowRight", 1}, {"ArrowRight", 2}, {"ArrowRight", 3}, {"End", last}, {"Home", 0}, {"ArrowLeft", 0},
                {"End", last}, {"ArrowLeft", last - 1}, {" ", last}, {"ArrowRight", last}, {"Home", 0}, {" ", 1}};
        for (const auto& [key, expected] : presses) {
            QVERIFY2(browser.press(QString::fromLatin1(key), &why), qPrintable(why));
            frame = expected;
            check(key);
            if (QTest::currentTestFailed())
                return;
        }
        // with the Play button focused, Space still takes one step and does not press the button as well
        QVERIFY2(browser.evaluate(QStringLiteral("document.getElementById('play').focus()"), &why), qPrintable(why));
        QVERIFY2(browser.press(QStringLiteral(" "), &why), qPrintable(why));
        frame = 2;
        check("Space on the Play button");
    }

    // A prediction in the page, as in presenter mode: stepping stops before the fire it holds back and shows the
    // question; R (or the Reveal button) goes on to the fire.
    void aPredictionHoldsTheNextFireUntilRevealed()
    {
        auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        TimeCursor& cursor = *window->cursor();
        const int firstFire = int(window->session()->trace().fires().front().step);
        window->session()->setLesson({{std::uint32_t(firstFire - 3), "will it fire?", true}});
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("predict.html"));
        AnimationOptions options; // every step: the frames right before the fire are there to stop at
        QCOMPARE(writeAnimationPage(*window->timeline(), cursor, path, options), AnimationExportResult::Written);

        Browser browser;
        QString why;
        QVERIFY2(
            browser.start(m_chromium, path + QStringLiteral("#step=%1").arg(firstFire - 4), &why), qPrintable(why));
        const auto stepShown = [&]() -> int {
            const auto v = browser.evaluate(QStringLiteral("Number(document.body.dataset.step)"), &why);
            return v ? v->toInt() : -1;
        };
        const auto visible = [&](const char* id) {
            const auto v = browser.evaluate(
                QStringLiteral("!document.getElementById('%1').hidden").arg(QLatin1String(id)), &why);
            return v && v->toBool();
        };
        const QDeadlineTimer loaded(20000);
        while (stepShown() != firstFire - 4) {
            QVERIFY2(!loaded.hasExpired(), "the page did not open at its #step within 20 s");
            QTest::qWait(100);
        }
        QVERIFY(!visible("lesson"));
        QVERIFY2(browser.press(QStringLiteral("ArrowRight"), &why), qPrintable(why));
        QCOMPARE(stepShown(), firstFire - 3); // the marker: its question, and the reveal button
        QVERIFY(visible("lesson") && visible("predict") && visible("reveal"));
        for (int press = 0; press < 5; ++press)
            QVERIFY2(browser.press(QStringLiteral("ArrowRight"), &why), qPrintable(why));
        QCOMPARE(stepShown(), firstFire - 1); // held: stepping stops before the fire
        QVERIFY(visible("reveal"));
        QVERIFY2(browser.press(QStringLiteral("r"), &why), qPrintable(why));
        QCOMPARE(stepShown(), firstFire);
        QVERIFY(!visible("lesson"));
        QVERIFY2(browser.press(QStringLiteral("ArrowRight"), &why), qPrintable(why));
        QCOMPARE(stepShown(), firstFire + 1);
    }

private:
    QString m_chromium;
};

// `--browser` runs the page in Chromium instead of the export tests: its own CTest test, labelled browser.
int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    std::vector<char*> args(argv, argv + argc);
    const auto browser
        = std::find_if(args.begin() + 1, args.end(), [](const char* a) { return qstrcmp(a, "--browser") == 0; });
    if (browser != args.end()) {
        args.erase(browser);
        TestAnimationInChromium test;
        return QTest::qExec(&test, int(args.size()), args.data());
    }
    TestAnimationExport test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_animation_export.moc"
