// The timeline's geometry as values: where the layout puts rows, lanes and the plot, which row sets a step
// has, and which window bands are drawn where — all without a widget or a painter.
#include "../player/ScenarioBuilder.h"
#include "app/timeline/TimelineFrame.h"
#include "app/timeline/TimelineLayout.h"
#include "app/timeline/WindowBands.h"
#include "engine/player/Player.h"

#include <QTest>

#include <random>

using namespace tidemark;
using namespace tidemark::app;

namespace {

std::vector<RowSet> keyRows(int count, int rowsPerKey = 1)
{
    std::vector<RowSet> out;
    for (int k = 0; k < count; ++k)
        out.push_back({0, KeyId(k), rowsPerKey, 0, 0});
    return out;
}

// Tumbling 5 s windows of two keys, allowed lateness 2 s, a watermark per event: key a's [0, 5000) fires
// when b's record at 6000 arrives (step 3), and is cleaned up at 6999 by the record at 8000 (step 4).
// Monotonous watermarks on every event, tumbling windows counting their records.
Scenario tumblingCount(DurationMs size, DurationMs lateness = 0)
{
    Scenario s;
    s.pipeline.watermarks.strategy = WatermarkConfig::Strategy::Monotonous;
    s.pipeline.watermarks.emission = WatermarkConfig::Emission::PerEvent;
    s.pipeline.window.assigner.type = AssignerSpec::Type::Tumbling;
    s.pipeline.window.assigner.sizeMs = size;
    s.pipeline.window.allowedLatenessMs = lateness;
    s.pipeline.window.function.type = FunctionSpec::Type::Count;
    return s;
}

Scenario twoKeysTumbling()
{
    Scenario s = tumblingCount(5000, 2000);
    s.records.push_back(test::event(s, "a", 1000, 1));
    s.records.push_back(test::event(s, "a", 2000, 1));
    s.records.push_back(test::event(s, "b", 6000, 1));
    s.records.push_back(test::event(s, "b", 8000, 1));
    return s;
}

std::vector<LaneRef> channelLanes(int channels)
{
    PipelineConfig p;
    p.watermarks.parallelism = channels;
    return laneRefs(p);
}

TimelineLayout layoutOf(const std::vector<RowSet>& rowSets, int width = 1000, int height = 600)
{
    return TimelineLayout::compute({QRect(0, 0, width, height), 1.0, channelLanes(1), rowSets, false});
}

} // namespace

class TestTimelineLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The dense lanes' arrived count per pixel column, by blocks, is the count record by record.
    void arrivalBlocksCountWhatArrivedAsARecordByRecordCountDoes()
    {
        std::mt19937 rng(9);
        std::vector<StepIndex> arrival;
        for (StepIndex i = 0; i < 5000; ++i)
            arrival.push_back(rng() % 10 == 0 ? kNoStep : i + StepIndex(rng() % 700)); // disorder, never-arrived
        const ArrivalBlocks blocks(arrival);
        for (int k = 0; k < 2000; ++k) {
            std::size_t first = rng() % arrival.size();
            std::size_t last = rng() % (arrival.size() + 1);
            if (first > last)
                std::swap(first, last);
            const StepIndex now = StepIndex(rng() % 6000);
            std::size_t expected = 0;
            for (std::size_t i = first; i < last; ++i)
                expected += arrival[i] <= now ? 1 : 0;
            QCOMPARE(blocks.arrivedBy(arrival, first, last, now), expected);
        }
    }

    // A dense lane's column ends, searched for near the last one, are where std::lower_bound finds them: over
    // bursts, gaps, repeated timestamps and strides too short or too long.
    void columnEndsNearTheLastOneAreWhereALowerBoundFindsThem()
    {
        std::mt19937 rng(17);
        std::vector<Timestamp> ts;
        Timestamp t = -500;
        for (int i = 0; i < 20000; ++i) {
            const auto kind = rng() % 100;
            t += kind < 70 ? Timestamp(rng() % 3) : (kind < 98 ? Timestamp(rng() % 40) : Timestamp(rng() % 5000));
            ts.push_back(t);
        }
        for (const std::ptrdiff_t stride : {std::ptrdiff_t(0), std::ptrdiff_t(1), std::ptrdiff_t(7), std::ptrdiff_t(64),
                 std::ptrdiff_t(5000), std::ptrdiff_t(100000)}) {
            const Timestamp* begin = ts.data();
            const Timestamp* end = ts.data() + ts.size();
            const Timestamp* from = begin;
            for (Timestamp edge = ts.front() - 10; edge <= ts.back() + 10; edge += Timestamp(1 + rng() % 300)) {
                const Timestamp* expected = std::lower_bound(from, end, edge);
                const Timestamp* found = lowerBoundNear(from, end, edge, stride);
                QCOMPARE(found - begin, expected - begin);
                from = found;
            }
            QVERIFY(from != begin);
        }
    }

    void aKafkaSourceHasALanePerPartitionUnderItsReader()
    {
        PipelineConfig p;
        p.watermarks.parallelism = 2;
        p.kafka = KafkaSourceSpec {"clicks", 4, KafkaSourceSpec::Watermarks::PerPartition};
        // "clicks" starts the round robin at reader 1: partitions 1 and 3 are reader 0's
        QCOMPARE(laneRefs(p), (std::vector<LaneRef> {{0, 1}, {0, 3}, {1, 0}, {1, 2}}));
        p.kafka->partitions = 1; // reader 0 reads nothing, and says so in a lane of its own
        QCOMPARE(laneRefs(p), (std::vector<LaneRef> {{0, -1}, {1, 0}}));
        p.kafka.reset();
        QCOMPARE(laneRefs(p), (std::vector<LaneRef> {{0, -1}, {1, -1}}));
    }

    // Heights by hand: axis 50, footer 64 (+20 for a second legend row); rows 60, lanes 96, 6 between sets;
    // too tall: lanes down to 62, rows to 44, lanes to 54, rows to 26 and then 20, then whole row sets hidden;
    // spare height goes to the lanes.
    void rowsAndLanesShareTheHeight_data()
    {
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("keys");
        QTest::addColumn<int>("legendRows");
        QTest::addColumn<int>("shown");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<double>("rowHeight");
        QTest::addColumn<double>("laneHeight");
        // 446 available, 294 needed: the lane takes the spare up to its 240
        QTest::newRow("room to spare") << 560 << 1 << 3 << 1 << 3 << 0 << 60.0 << 240.0;
        // 426 available: 96 + 132
        QTest::newRow("a two-row legend takes from the lanes") << 560 << 1 << 3 << 2 << 3 << 0 << 60.0 << 228.0;
        // 406 available: each row of a legend that wraps again takes 20 more from the lanes
        QTest::newRow("a three-row legend takes more") << 560 << 1 << 3 << 3 << 3 << 0 << 60.0 << 208.0;
        // 286 available; lanes at 54, rows at 20; 10 sets need 422, six hidden leave 266 and the line that says so
        // 18 more, the lanes get 2/3 each
        QTest::newRow("ten keys on a short view") << 400 << 3 << 10 << 1 << 4 << 6 << 20.0 << 54.0 + 2.0 / 3;
        // 246 available, one key, three channels: lanes 62 leave 60 − 6 = 54 for the row, above its 44
        QTest::newRow("a short view keeps both lines of a window") << 360 << 3 << 1 << 1 << 1 << 0 << 54.0 << 62.0;
        // 386 available; 60·2 + 12 + 96·2 = 324: everything fits, the lanes share the spare 62
        QTest::newRow("two keys, two channels") << 500 << 2 << 2 << 1 << 2 << 0 << 60.0 << 127.0;
    }
    void rowsAndLanesShareTheHeight()
    {
        QFETCH(int, height);
        QFETCH(int, channels);
        QFETCH(int, keys);
        QFETCH(int, legendRows);
        QFETCH(int, shown);
        QFETCH(int, hidden);
        QFETCH(double, rowHeight);
        QFETCH(double, laneHeight);
        const TimelineLayout l = TimelineLayout::compute(
            {QRect(0, 0, 1000, height), 1.0, channelLanes(channels), keyRows(keys), legendRows});
        QCOMPARE(int(l.rowSets.size()), shown);
        QCOMPARE(l.hiddenRowSets, hidden);
        QCOMPARE(l.rowSets.front().rowHeight, rowHeight);
        QVERIFY2(qAbs(l.laneHeight - laneHeight) < 1e-9, qPrintable(QString::number(l.laneHeight)));
        // top to bottom, nothing overlapping: axis, row sets, lanes, footer
        double y = l.windowsTop;
        for (const RowSet& rs : l.rowSets) {
            QCOMPARE(rs.top, y);
            y += rs.rows * rs.rowHeight + 6;
        }
        if (hidden > 0) {
            QCOMPARE(l.moreKeysTop, y); // "+N more keys" on a line of its own, over no key's label
            y += TimelineLayout::kMoreKeysHeight;
        }
        QCOMPARE(l.lanesTop, y + 4);
        QCOMPARE(l.footerTop, l.lanesTop + channels * l.laneHeight);
        QCOMPARE(l.plot.top(), l.axisTop);
        QCOMPARE(l.plot.bottom(), l.footerTop);
    }

    void thePlotStartsRightOfTheGutter_data()
    {
        QTest::addColumn<double>("unit");
        QTest::addColumn<double>("left");
        QTest::addColumn<double>("width");
        QTest::newRow("desktop") << 1.0 << 178.0 << 1200.0 - 178 - 16;
        QTest::newRow("presenter type") << 1.55 << 178 * 1.55 << 1200.0 - 178 * 1.55 - 16 * 1.55;
    }
    void thePlotStartsRightOfTheGutter()
    {
        QFETCH(double, unit);
        QFETCH(double, left);
        QFETCH(double, width);
        const TimelineLayout l
            = TimelineLayout::compute({QRect(0, 0, 1200, 700), unit, channelLanes(2), keyRows(1), false});
        QCOMPARE(l.gutter, left);
        QCOMPARE(l.plot.left(), left);
        QCOMPARE(l.plot.width(), width);
    }

    void rowSetsAreTheKeysWithWindowsOrFiresByThisStep_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<bool>("collapsed");
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QList<int>>("keys"); // -1: the one set without a key
        QTest::newRow("before key 2's first fire") << 4 << false << QString() << QList<int> {0, 1};
        QTest::newRow("at it, in key order") << 5 << false << QString() << QList<int> {0, 1, 2};
        QTest::newRow("filtered by name, any case") << 5 << false << QStringLiteral("B") << QList<int> {1};
        QTest::newRow("a filter nothing matches: the empty row")
            << 5 << false << QStringLiteral("z") << QList<int> {-1};
        QTest::newRow("collapsed: one for all") << 5 << true << QString() << QList<int> {-1};
    }
    void rowSetsAreTheKeysWithWindowsOrFiresByThisStep()
    {
        QFETCH(int, step);
        QFETCH(bool, collapsed);
        QFETCH(QString, filter);
        QFETCH(QList<int>, keys);
        std::vector<WindowState> windows(2);
        windows[0].key = 1;
        windows[1].key = 0;
        windows[1].subtask = 1;
        const std::map<std::pair<KeyId, int>, StepIndex> firstFires {{{2, 0}, 5}};
        const QStringList names {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        const std::vector<RowSet> sets
            = rowSetsAt({windows, firstFires, step, 2, collapsed, filter, [&names](KeyId k) { return names[int(k)]; }});
        QList<int> got;
        for (const RowSet& rs : sets) {
            got << (rs.key == kNoKey ? -1 : int(rs.key));
            QCOMPARE(rs.rows, 2);
        }
        QCOMPARE(got, keys);
    }

    void slidingWindowsTakeOneRowPerOverlap_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::addColumn<qint64>("slide");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("row");
        QTest::newRow("10 s every 5 s, the first") << qint64(10000) << qint64(5000) << qint64(0) << 2 << 0;
        QTest::newRow("10 s every 5 s, the next") << qint64(10000) << qint64(5000) << qint64(5000) << 2 << 1;
        QTest::newRow("before the epoch") << qint64(10000) << qint64(5000) << qint64(-5000) << 2 << 1;
        QTest::newRow("at most six rows") << qint64(10000) << qint64(1000) << qint64(7000) << 6 << 1;
        QTest::newRow("a slide that does not divide the size")
            << qint64(10000) << qint64(3000) << qint64(9000) << 4 << 3;
    }
    void slidingWindowsTakeOneRowPerOverlap()
    {
        QFETCH(qint64, size);
        QFETCH(qint64, slide);
        QFETCH(qint64, start);
        QFETCH(int, rows);
        QFETCH(int, row);
        AssignerSpec a;
        a.type = AssignerSpec::Type::Sliding;
        a.sizeMs = size;
        a.slideMs = slide;
        QCOMPARE(windowRowsPerKey(a), rows);
        QCOMPARE(windowRow(a, TimeWindow(start, start + size)), row);
        a.type = AssignerSpec::Type::Tumbling;
        QCOMPARE(windowRowsPerKey(a), 1);
        QCOMPARE(windowRow(a, TimeWindow(start, start + size)), 0);
    }

    // A full view of many windows: each narrower than a few pixels is a plain mark, and windows narrower than a
    // pixel side by side in a row make one mark, not one each.
    void windowsNarrowerThanAFewPixelsAreMarksAndSideBySideOnesOne()
    {
        Scenario s = tumblingCount(1000);
        for (int i = 0; i < 3000; ++i)
            s.records.push_back(test::event(s, "a", Timestamp(i) * 1000 + 500, 1));
        Player player(std::move(s));
        player.seek(player.lastStep());
        const Scenario& scenario = player.scenario();
        const TimelineLayout layout = layoutOf({{0, scenario.keys.find("a"), 1, 0, 0}});
        const auto bandsOver = [&](Timestamp to) {
            const TimeScale scale(0, double(to), layout.plot.left(), layout.plot.width());
            const PipelineState state = player.state();
            return windowBands({state, player.trace(), int(player.lastStep()), scenario.pipeline.window, layout, scale,
                1.0, false, 1000.0});
        };
        // 3,000 windows over the plot's width: every one under a pixel wide
        const WindowBandSet full = bandsOver(3'000'000);
        QVERIFY(full.bands.empty());
        QVERIFY(!full.tiny.empty());
        // the last window, still collecting, then one mark for the 2,999 cleaned up before it
        QCOMPARE(full.tiny.size(), std::size_t(2));
        const TimeScale fullScale(0, 3'000'000, layout.plot.left(), layout.plot.width());
        QVERIFY(full.tiny[0].fill == TinyMark::Fill::Collecting);
        QCOMPARE(full.tiny[0].rect.left(), int(fullScale.mapTimeToX(2'999'000) + 1));
        QVERIFY(full.tiny[1].fill == TinyMark::Fill::Purged);
        QCOMPARE(full.tiny[1].rect.left(), int(layout.plot.left() + 1));
        QCOMPARE(full.tiny[1].rect.right(), int(fullScale.mapTimeToX(2'998'000) + 1));
        // 20 windows: boxes of their own, with their fires
        const WindowBandSet near = bandsOver(20'000);
        QVERIFY(near.tiny.empty());
        QCOMPARE(near.bands.size(), std::size_t(21)); // the window from 20 s on reaches in by its border
        QVERIFY(near.bands.front().fired);
    }

    // The bands alone, from a real run: which windows have a band at a step, in which state, and where.
    void bandsFollowTheWindowsThroughFireAndCleanUp()
    {
        Player player(twoKeysTumbling());
        const Scenario& scenario = player.scenario();
        const KeyId a = scenario.keys.find("a");
        const KeyId b = scenario.keys.find("b");
        const std::vector<RowSet> rows {{0, a, 1, 0, 0}, {0, b, 1, 0, 0}};
        const TimelineLayout layout = layoutOf(rows);
        // 0 … 10 s across the plot: 5 s is the plot's middle
        const TimeScale scale(0, 10000, layout.plot.left(), layout.plot.width());
        auto at = [&](StepIndex step) {
            player.seek(step);
            const PipelineState state = player.state();
            return windowBands(
                {state, player.trace(), int(step), scenario.pipeline.window, layout, scale, 1.0, false, 5000.0});
        };
        const auto fireStep = player.trace().fires().front().step;

        // before the fire: a's window collects, in a's row, from 0 to 5 s
        const WindowBandSet before = at(fireStep - 1);
        QCOMPARE(before.bands.size(), std::size_t(1));
        const WindowBand& collecting = before.bands.front();
        QCOMPARE(collecting.key, a);
        QCOMPARE(collecting.window, TimeWindow(0, 5000));
        QVERIFY(!collecting.fired);
        QCOMPARE(collecting.count, std::size_t(2));
        QCOMPARE(collecting.top, layout.rowSets[0].top + 3);
        QCOMPARE(collecting.box.left(), layout.plot.left() + 1);
        QCOMPARE(collecting.box.right(), scale.mapTimeToX(5000) - 1);
        QVERIFY(collecting.tail.isEmpty()); // no lateness tail before it fires
        QVERIFY(collecting.marks.empty());

        // at the fire: a flag on its end, the lateness tail to 7 s, and b's window in b's row
        const WindowBandSet fired = at(fireStep);
        QCOMPARE(fired.bands.size(), std::size_t(2));
        const WindowBand& first = fired.bands.front();
        QVERIFY(first.fired && !first.gone);
        QCOMPARE(first.fires.size(), std::size_t(1));
        QCOMPARE(first.marks.size(), std::size_t(1));
        QVERIFY(first.marks.front().flag.boundingRect().right() <= scale.mapTimeToX(5000));
        QCOMPARE(first.tail.right(), scale.mapTimeToX(7000));
        QCOMPARE(fired.bands.back().key, b);
        QCOMPARE(fired.bands.back().top, layout.rowSets[1].top + 3);

        // at the end: a's window is cleaned up but keeps its band from the trace, with its fire
        const WindowBandSet end = at(player.lastStep());
        const auto gone
            = std::find_if(end.bands.begin(), end.bands.end(), [&](const WindowBand& band) { return band.key == a; });
        QVERIFY(gone != end.bands.end());
        QVERIFY(gone->gone);
        QCOMPARE(gone->fires.size(), std::size_t(1));
        QVERIFY(gone->tail.isEmpty());
        QVERIFY(!end.crowded);
    }

    void bandsOutOfViewOrOfHiddenKeysAreNotDrawn()
    {
        Player player(twoKeysTumbling());
        const Scenario& scenario = player.scenario();
        const KeyId b = scenario.keys.find("b");
        player.seek(player.lastStep());
        const PipelineState state = player.state();
        // only b's row set: a's windows have no band
        const TimelineLayout layout = layoutOf({{0, b, 1, 0, 0}});
        const TimeScale all(0, 10000, layout.plot.left(), layout.plot.width());
        for (const WindowBand& band : windowBands({state, player.trace(), int(player.lastStep()),
                                                      scenario.pipeline.window, layout, all, 1.0, false, 5000.0})
                                          .bands)
            QCOMPARE(band.key, b);
        // a view after every window, lateness included: nothing
        const TimeScale later(20000, 30000, layout.plot.left(), layout.plot.width());
        QVERIFY(windowBands({state, player.trace(), int(player.lastStep()), scenario.pipeline.window, layout, later,
                                1.0, false, 5000.0})
                    .bands.empty());
        // collapsed: every key's band goes to the one row set
        const auto collapsed = windowBands(
            {state, player.trace(), int(player.lastStep()), scenario.pipeline.window, layout, all, 1.0, true, 5000.0});
        QCOMPARE(collapsed.bands.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestTimelineLayout)
#include "tst_timeline_layout.moc"
