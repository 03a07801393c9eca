// The timeline's paint cost on a large run (1M records over 3 watermark channels, 10 keys, 1 s tumbling
// windows), drawn into a 1920×1080 offscreen QImage: the whole run in view, and zoomed to 1 % of it.
// A job graph's view on a 1M-record graph (two sources joined within ±2 s, about 1M pairs counted per key and 10 s):
// the strip and the lanes painted after a step, whole and zoomed, and after a pan (the lanes place their marks again);
// and a seek of the session (the graph's state, picture and narration), beside the same paint reference and the chain
// session's seek over the same records.
// Also the app's first frame: window built, post-000 example loaded and run, first paint done; and the import
// dialog on a large CSV with bad lines: until its preview shows, until its whole-file read has listed every bad
// line (beside the engine's own lenient load of the same file), and how soon it refuses a 10 MB line.
#include "BenchRegistry.h"
#include "GeneratedScenario.h"

#include "app/MainWindow.h"
#include "app/Theme.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"
#include "app/panels/ImportDialog.h"
#include "app/timeline/TimelineView.h"
#include "engine/io/EventFile.h"
#include "engine/player/GraphPlayer.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <algorithm>
#include <ctime>
#include <memory>
#include <random>

namespace tidemark::bench {

namespace {

// Widgets need an application object; each benchmark makes its own and tears it down before it returns
// (offscreen, so it runs without a display).
class ScopedApplication {
public:
    ScopedApplication()
    {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        m_app = std::make_unique<QApplication>(m_argc, m_argv);
    }

private:
    int m_argc = 1;
    char m_name[16] = "tidemark_bench";
    char* m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QApplication> m_app;
};

Scenario largeScenario(std::size_t count)
{
    Scenario s;
    s.name = "timeline benchmark";
    s.display.timeFormat = DisplaySettings::TimeFormat::DateTime;
    s.pipeline.watermarks.parallelism = 3;
    s.pipeline.watermarks.maxOutOfOrdernessMs = 500;
    s.pipeline.watermarks.periodMs = 200;
    s.pipeline.window.assigner.sizeMs = 1000;
    s.pipeline.window.function.type = FunctionSpec::Type::Count;
    s.arrivals.spacingMs = 1;
    std::vector<KeyId> keys;
    for (int k = 0; k < 10; ++k)
        keys.push_back(s.keys.intern("k" + std::to_string(k)));
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> key(0, 9);
    std::uniform_int_distribution<DurationMs> disorder(0, 499);
    s.records.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        InputRecord r;
        r.key = keys[std::size_t(key(rng))];
        r.ts = 1'700'000'000'000 + Timestamp(i) - disorder(rng);
        s.records.push_back(r);
    }
    return s;
}

// A paint after a step, as the player makes them: the cursor moves between two neighbouring steps, so the
// view lays out its scene again every time instead of drawing one it already has.
double paintMs(app::TimelineView& view, app::TimeCursor& cursor, int repetitions, const char* snapshotName)
{
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    double best = 1e300;
    const int step = cursor.step();
    for (int i = 0; i < std::max(repetitions, 3); ++i) {
        cursor.setStep(step + (i % 2 == 0 ? 1 : 0));
        const double start = threadCpuMs();
        QPainter painter(&image);
        view.paint(painter, QRect(0, 0, 1920, 1080));
        painter.end();
        best = std::min(best, threadCpuMs() - start);
    }
    // TIDEMARK_BENCH_SNAPSHOTS=dir keeps what was drawn, to look at
    const QString dir = qEnvironmentVariable("TIDEMARK_BENCH_SNAPSHOTS");
    if (!dir.isEmpty())
        image.save(dir + QLatin1Char('/') + QLatin1String(snapshotName));
    return best;
}

// The reference measured beside the paints: what any picture of this size costs, the image filled and a
// one-pixel bar drawn in every column of each of 3 lanes (the least a full view of dense lanes draws).
double referencePaintMs(int repetitions)
{
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    double best = 1e300;
    for (int i = 0; i < std::max(repetitions, 3); ++i) {
        const double start = threadCpuMs();
        QPainter painter(&image);
        painter.fillRect(QRect(0, 0, 1920, 1080), QColor(250, 250, 247));
        for (int lane = 0; lane < 3; ++lane) {
            for (int x = 0; x < 1920; ++x)
                painter.fillRect(QRect(x, 700 + lane * 100 + (x * 7 + i) % 40, 1, 40), QColor(0, 114, 178));
        }
        painter.end();
        best = std::min(best, threadCpuMs() - start);
    }
    return best;
}

const bool timeline = registerBenchmark("timeline_paint_ms", 40, [](const BenchOptions& o) {
    ScopedApplication application;
    app::Session session;
    app::TimeCursor cursor(&session);
    app::Theme theme;
    app::TimelineView view(&session, &cursor, &theme);
    view.resize(1920, 1080);
    const QString error = session.setScenario(largeScenario(o.records), QString());
    if (!error.isEmpty())
        throw std::runtime_error(error.toStdString());
    // the middle of the run: records both arrived and to come, windows in every state
    cursor.setStep(cursor.lastStep() / 2);
    view.fitAll();
    const double full = paintMs(view, cursor, o.repetitions, "timeline_full.png");
    const double mid = (cursor.visibleStart() + cursor.visibleEnd()) / 2;
    const double span = (cursor.visibleEnd() - cursor.visibleStart()) / 100.0;
    cursor.setVisibleRange(mid - span / 2, mid + span / 2);
    const double zoomed = paintMs(view, cursor, o.repetitions, "timeline_zoomed.png");
    const double reference = referencePaintMs(o.repetitions);
    return std::vector<Figure> {{"timeline_full_paint_ms", full, "ms"}, {"timeline_zoomed_paint_ms", zoomed, "ms"},
        {"timeline_reference_paint_ms", reference, "ms"}, {"timeline_full_vs_reference", full / reference, "x"},
        {"timeline_zoomed_vs_reference", zoomed / reference, "x"}};
});

// The 1M-record job graph of the graph view's figures: the graphs' join, its pairs counted per key and 10 s.
Scenario joinGraph(const Scenario& chain)
{
    Scenario s;
    s.name = "graph view benchmark";
    s.keys = chain.keys;
    s.pipeline.endOfInput = EndOfInput::MaxWatermark;
    s.graph = generatedJoin(chain);
    GraphOperator window;
    window.name = "per-10s";
    window.kind = GraphOperator::Kind::Window;
    window.inputs = {"join"};
    window.window.assigner.sizeMs = 10'000;
    window.window.function.type = FunctionSpec::Type::Count;
    s.graph->operators.push_back(window);
    return s;
}

// The strip above the lanes, painted after a step as the player makes them (two neighbouring steps in turn).
double graphPaintMs(app::GraphStrip& strip, app::GraphLanes& lanes, app::TimeCursor& cursor, int repetitions,
    const char* snapshotName, bool pan = false)
{
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    double best = 1e300;
    const int step = cursor.step();
    for (int i = 0; i < std::max(repetitions, 3); ++i) {
        cursor.setStep(step + (i % 2 == 0 ? 1 : 0));
        if (pan) { // a pan of 10 pixels: every lane places its marks again
            const double ms = (cursor.visibleEnd() - cursor.visibleStart()) / 1920 * 10;
            cursor.setVisibleRange(cursor.visibleStart() + ms, cursor.visibleEnd() + ms);
        }
        const double start = threadCpuMs();
        strip.render(&image);
        lanes.render(&image, QPoint(0, strip.height()));
        best = std::min(best, threadCpuMs() - start);
    }
    const QString dir = qEnvironmentVariable("TIDEMARK_BENCH_SNAPSHOTS");
    if (!dir.isEmpty())
        image.save(dir + QLatin1Char('/') + QLatin1String(snapshotName));
    return best;
}

// The 99th percentile of seeks to the same random steps (thread CPU time).
double seekP99Ms(app::TimeCursor& cursor, int count)
{
    std::mt19937 rng(11);
    std::vector<double> ms;
    for (int i = 0; i < count; ++i) {
        const int target = int(rng() % std::uint32_t(cursor.lastStep() + 1));
        const double start = threadCpuMs();
        cursor.setStep(target);
        ms.push_back(threadCpuMs() - start);
    }
    std::sort(ms.begin(), ms.end());
    return ms[std::min(ms.size() - 1, std::size_t(double(ms.size()) * 0.99))];
}

const bool graphView = registerBenchmark("graph_view_paint_ms", 43, [](const BenchOptions& o) {
    ScopedApplication application;
    const Scenario chain = generatedScenario(o.records);
    app::Theme theme;
    app::Session session;
    app::TimeCursor cursor(&session);
    app::GraphStrip strip(&session, &cursor, &theme);
    app::GraphLanes lanes(&session, &cursor, &theme);
    const double loadStart = wallMs();
    const QString error = session.setScenario(joinGraph(chain), QString());
    if (!error.isEmpty())
        throw std::runtime_error(error.toStdString());
    const double load = wallMs() - loadStart;
    strip.resize(1920, strip.sizeHint().height());
    lanes.resize(1920, 1080 - strip.height());
    cursor.setStep(cursor.lastStep() / 2);
    cursor.setVisibleRange(double(session.minEventTime()), double(session.maxEventTime()));
    const double full = graphPaintMs(strip, lanes, cursor, o.repetitions, "graph_view_full.png");
    const double panned = graphPaintMs(strip, lanes, cursor, o.repetitions, "graph_view_panned.png", true);
    const double mid = (cursor.visibleStart() + cursor.visibleEnd()) / 2;
    const double span = (cursor.visibleEnd() - cursor.visibleStart()) / 100.0;
    cursor.setVisibleRange(mid - span / 2, mid + span / 2);
    const double zoomed = graphPaintMs(strip, lanes, cursor, o.repetitions, "graph_view_zoomed.png");
    const double seek = seekP99Ms(cursor, 200);
    // of which the engine's: the graph's player alone seeking to the same steps
    double playerSeek = 0;
    {
        const Scenario graph = joinGraph(chain);
        GraphPlayer player(graph, GraphRun::kSeekingSnapshots);
        std::mt19937 rng(11);
        std::vector<double> ms;
        for (int i = 0; i < 200; ++i) {
            const auto target = StepIndex(rng() % std::uint32_t(player.lastStep() + 1));
            const double start = threadCpuMs();
            player.seek(target);
            ms.push_back(threadCpuMs() - start);
        }
        std::sort(ms.begin(), ms.end());
        playerSeek = ms[std::min(ms.size() - 1, std::size_t(double(ms.size()) * 0.99))];
    }
    const double reference = referencePaintMs(o.repetitions);
    // the chain of the same records, its session seeking to random steps as the reference
    app::Session chainSession;
    app::TimeCursor chainCursor(&chainSession);
    Scenario plain = chain;
    if (const QString e = chainSession.setScenario(std::move(plain), QString()); !e.isEmpty())
        throw std::runtime_error(e.toStdString());
    const double chainSeek = seekP99Ms(chainCursor, 200);
    return std::vector<Figure> {{"graph_view_load_ms", load, "ms"}, {"graph_view_full_paint_ms", full, "ms"},
        {"graph_view_panned_paint_ms", panned, "ms"}, {"graph_view_zoomed_paint_ms", zoomed, "ms"},
        {"graph_view_reference_paint_ms", reference, "ms"}, {"graph_view_full_vs_reference", full / reference, "x"},
        {"graph_view_seek_p99_ms", seek, "ms"}, {"graph_view_player_seek_p99_ms", playerSeek, "ms"},
        {"graph_view_chain_seek_p99_ms", chainSeek, "ms"}, {"graph_view_seek_vs_chain", seek / chainSeek, "x"}};
});

const bool firstFrame = registerBenchmark("app_first_frame_ms", 41, [](const BenchOptions&) {
    ScopedApplication application;
    QElapsedTimer timer;
    timer.start();
    app::MainWindow window;
    window.resize(1920, 1080);
    if (!window.openExample(app::defaultExample()))
        throw std::runtime_error("the default example did not load");
    window.show();
    const QImage frame = window.grab().toImage(); // lays out and paints every widget once
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (frame.isNull())
        throw std::runtime_error("no frame");
    return std::vector<Figure> {{"app_first_frame_ms", ms, "ms"}};
});

const bool importDialog = registerBenchmark("import_dialog_ms", 42, [](const BenchOptions& o) {
    ScopedApplication application;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("orders.csv"));
    {
        // orders as a user's file holds them, with a bad line every 100,000 and two near the top
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            throw std::runtime_error("cannot write the benchmark's CSV");
        QByteArray text = "user_id,amount,event_time\n";
        for (std::size_t i = 0; i < o.records; ++i) {
            text += "u" + QByteArray::number(qulonglong(i % 997)) + "," + QByteArray::number(qulonglong(i % 1000))
                + ".25," + QByteArray::number(1700000000000LL + qint64(i) * 10) + "\n";
            if (i % 100'000 == 3 || i == 7)
                text += "u7,12.50\n";
            if (text.size() > (1 << 20)) {
                f.write(text);
                text.clear();
            }
        }
        f.write(text);
    }
    std::vector<double> open, scan, reference;
    for (int r = 0; r < o.repetitions; ++r) {
        double start = wallMs();
        {
            app::ImportDialog dialog(path);
            if (dialog.previewRows() == 0)
                throw std::runtime_error("the preview is empty");
            open.push_back(wallMs() - start);
            start = wallMs();
            const double limit = start + 300'000;
            while (!dialog.scanFinished() && wallMs() < limit)
                QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            if (!dialog.scanFinished())
                throw std::runtime_error("the whole-file read did not finish within 300 s");
            scan.push_back(wallMs() - start - 250); // less the pause that waits for the typing to stop
        }
        start = wallMs();
        KeyTable keys;
        io::LoadOptions lenient;
        lenient.lenient = true;
        const auto loaded = io::loadEventFile(path.toStdString(), app::ImportDialog(path).spec(), keys, lenient);
        if (!loaded || loaded.skippedLines == 0)
            throw std::runtime_error("the reference load read no bad line");
        reference.push_back(wallMs() - start);
    }
    const QString longLine = dir.filePath(QStringLiteral("one-line.csv"));
    {
        QFile f(longLine);
        if (!f.open(QIODevice::WriteOnly) || f.write(QByteArray(10'000'000, 'x')) != 10'000'000)
            throw std::runtime_error("cannot write the 10 MB line");
    }
    std::vector<double> refusal;
    for (int r = 0; r < o.repetitions; ++r) {
        const double start = wallMs();
        const app::ImportDialog dialog(longLine);
        if (dialog.refusal().isEmpty())
            throw std::runtime_error("the 10 MB line was not refused");
        refusal.push_back(wallMs() - start);
    }
    const Figure scanFigure = medianFigure("import_dialog_whole_file_ms", scan, "ms");
    const Figure referenceFigure = medianFigure("import_reference_lenient_load_ms", reference, "ms");
    return std::vector<Figure> {medianFigure("import_dialog_preview_ms", open, "ms"), scanFigure, referenceFigure,
        {"import_whole_file_vs_load", scanFigure.value / referenceFigure.value, "x"},
        medianFigure("import_dialog_long_line_refusal_ms", refusal, "ms")};
});

} // namespace

} // namespace tidemark::bench
