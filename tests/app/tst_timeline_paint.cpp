// The timeline keeps the image of its background and axis from one paint to the next: whatever changes in
// between, what it paints is what a view painting for the first time paints, pixel for pixel.
#include "../player/ScenarioBuilder.h"
#include "app/Theme.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/timeline/TimelineView.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

namespace {

// Three keys, 1 s tumbling windows, a record every 250 ms for a minute: ticks, labels and windows everywhere.
Scenario minuteOfRecords()
{
    Scenario s;
    s.pipeline.watermarks.strategy = WatermarkConfig::Strategy::BoundedOutOfOrderness;
    s.pipeline.watermarks.maxOutOfOrdernessMs = 500;
    s.pipeline.window.assigner.type = AssignerSpec::Type::Tumbling;
    s.pipeline.window.assigner.sizeMs = 1000;
    s.pipeline.window.function.type = FunctionSpec::Type::Count;
    for (int i = 0; i < 240; ++i)
        s.records.push_back(test::event(s, "k" + std::to_string(i % 3), Timestamp(i) * 250, 1));
    return s;
}

// One view over its own session, as the window has it.
struct View {
    Session session;
    TimeCursor cursor {&session};
    Theme theme;
    TimelineView view {&session, &cursor, &theme};

    View()
    {
        view.resize(1280, 720);
        session.setScenario(minuteOfRecords(), QString());
        view.fitAll();
    }
    QImage paint()
    {
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        view.paint(painter, view.rect());
        return image;
    }
};

// What a view painting for the first time shows at this step, range and theme.
QImage freshPaint(const QSize& size, int step, double from, double to, Theme::Kind kind)
{
    View fresh;
    fresh.view.resize(size);
    fresh.theme.setKind(kind);
    fresh.cursor.setStep(step);
    fresh.cursor.setVisibleRange(from, to);
    return fresh.paint();
}

int differingPixels(const QImage& a, const QImage& b)
{
    int n = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x)
            n += a.pixel(x, y) != b.pixel(x, y);
    }
    return n;
}

} // namespace

class TestTimelinePaint : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aKeptAxisPaintsWhatAFreshViewPaints()
    {
        View kept;
        kept.cursor.setStep(kept.cursor.lastStep() / 3);
        kept.paint(); // the first paint draws the layer and keeps it
        const auto same = [&](const char* what) {
            const QImage now = kept.paint();
            const QImage fresh = freshPaint(kept.view.size(), kept.cursor.step(), kept.cursor.visibleStart(),
                kept.cursor.visibleEnd(), kept.theme.kind());
            const int differing = differingPixels(now, fresh);
            QVERIFY2(differing == 0, qPrintable(QStringLiteral("%1: %2 pixels differ").arg(what).arg(differing)));
        };
        // a step: the axis stays, the rest moves on
        kept.cursor.setStep(kept.cursor.step() + 7);
        same("after a step");
        // zoomed: other ticks, other labels
        const double mid = (kept.cursor.visibleStart() + kept.cursor.visibleEnd()) / 2;
        kept.cursor.setVisibleRange(mid - 4000, mid + 4000);
        same("zoomed in");
        // panned by less than a tick: the same labels, the grid elsewhere
        kept.cursor.setVisibleRange(mid - 3900, mid + 4100);
        same("panned");
        // another theme: other colours only
        kept.theme.setKind(Theme::Kind::Dark);
        same("dark theme");
        // another size
        kept.view.resize(1000, 700);
        same("resized");
    }
};

QTEST_MAIN(TestTimelinePaint)
#include "tst_timeline_paint.moc"
