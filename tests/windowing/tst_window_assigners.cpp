#include "engine/core/FlinkVersion.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/Trigger.h"
#include "engine/windowing/WindowAssigner.h"

#include <QTest>

#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>

using namespace tidemark;

namespace {

std::vector<TimeWindow> assign(const WindowAssigner& assigner, Timestamp ts, Timestamp processingTime = 0)
{
    AssignerInstanceState instance;
    AssignerContext ctx {processingTime, &instance};
    WindowElement e;
    e.ts = ts;
    std::vector<TimeWindow> out;
    assigner.assignWindows(e, ctx, out);
    return out;
}

} // namespace

class TestWindowAssigners : public QObject {
    Q_OBJECT

private slots:
    void elementAtEndMinusOneBelongsToTheWindowAndAtEndToTheNext()
    {
        const TumblingEventTimeWindows tumbling(5000);
        QCOMPARE(assign(tumbling, 4999), std::vector<TimeWindow> {TimeWindow(0, 5000)});
        QCOMPARE(assign(tumbling, 5000), std::vector<TimeWindow> {TimeWindow(5000, 10000)});
        QCOMPARE(TimeWindow(0, 5000).maxTimestamp(), Timestamp(4999));
    }

    void negativeTimestampsRoundDownToThePreviousWindow()
    {
        const TumblingEventTimeWindows tumbling(5000, 100);
        QCOMPARE(assign(tumbling, -1), std::vector<TimeWindow> {TimeWindow(-4900, 100)});
        QCOMPARE(assign(tumbling, -4901), std::vector<TimeWindow> {TimeWindow(-9900, -4900)});
    }

    void slidingWindowsComeNewestFirst()
    {
        const SlidingEventTimeWindows sliding(3000, 1000);
        const std::vector<TimeWindow> expected {TimeWindow(2000, 5000), TimeWindow(1000, 4000), TimeWindow(0, 3000)};
        QCOMPARE(assign(sliding, 2500), expected);
    }

    void slidingWindowsSmallerThanTheSlideLeaveGaps()
    {
        const SlidingEventTimeWindows sliding(1000, 3000);
        QVERIFY(assign(sliding, 1500).empty());
        QCOMPARE(assign(sliding, 3999), std::vector<TimeWindow> {TimeWindow(3000, 4000)});
    }

    void slidingWindowsNextToLongMinWrapAsJavaDoes()
    {
        // Flink's loop: start = ts - (ts % slide + slide) for a negative remainder, while start > ts - size,
        // start -= slide. Here the first start and ts - size both wrap to near Long.MAX_VALUE: one window there.
        const SlidingEventTimeWindows sliding(5000, 10000);
        const Timestamp start = kMaxTimestamp - 4191; // (MIN + 2) - 4194, wrapped
        QCOMPARE(assign(sliding, kMinTimestamp + 2), std::vector<TimeWindow> {TimeWindow(start, javaAdd(start, 5000))});
        // Here it does not wrap, but the start minus the slide does: Flink adds windows until it runs out of
        // memory. The job fails at this record instead.
        QVERIFY_THROWS_EXCEPTION(EndlessAssignmentError, assign(sliding, kMinTimestamp + 6002));
        // Here the last start itself wraps to near Long.MAX_VALUE while ts - size does not: the loop would count
        // down from there to ts - size, about 2^63 / slide windows.
        QVERIFY_THROWS_EXCEPTION(
            EndlessAssignmentError, assign(SlidingEventTimeWindows(1000, 2000), kMinTimestamp + 1400));
        // Far enough from the end both are ordinary.
        QCOMPARE(assign(sliding, kMinTimestamp + 20'807).size(), std::size_t(1));
    }

    void cumulateWindowsGrowByTheStepUpToTheMaxSize()
    {
        const CumulativeWindowAssigner cumulate(6000, 2000, 0, TimeDomain::Event);
        const std::vector<TimeWindow> all {TimeWindow(0, 2000), TimeWindow(0, 4000), TimeWindow(0, 6000)};
        QCOMPARE(assign(cumulate, 0), all);
        QCOMPARE(assign(cumulate, 1999), all);
        // at a step's end the record leaves the shorter windows, at the max size's end it starts the next ones
        QCOMPARE(assign(cumulate, 2000), (std::vector<TimeWindow> {TimeWindow(0, 4000), TimeWindow(0, 6000)}));
        QCOMPARE(assign(cumulate, 5999), std::vector<TimeWindow> {TimeWindow(0, 6000)});
        QCOMPARE(assign(cumulate, 6000).front(), TimeWindow(6000, 8000));
        QCOMPARE(assign(cumulate, -1), std::vector<TimeWindow> {TimeWindow(-6000, 0)});
    }

    void cumulateOffsetsOfAnySizeAlignAsFlinksSlices()
    {
        // Flink's CumulativeSliceAssigner takes any offset: 6700 aligns as 700 does
        const CumulativeWindowAssigner big(6000, 2000, 6700, TimeDomain::Event);
        const CumulativeWindowAssigner small(6000, 2000, 700, TimeDomain::Event);
        for (const Timestamp ts : {Timestamp(0), Timestamp(699), Timestamp(700), Timestamp(6699), Timestamp(-1)})
            QCOMPARE(assign(big, ts), assign(small, ts));
        QCOMPARE(assign(small, 699).back(), TimeWindow(-5300, 700));
    }

    void cumulateWindowEndsPastLongMaxWrapAsJavaDoes()
    {
        // Flink's `end <= lastEnd` loop over ends that all wrapped: the same three windows, ends as Java adds them
        const CumulativeWindowAssigner cumulate(6000, 2000, 0, TimeDomain::Event);
        const Timestamp start = 9223372036854774000;
        const std::vector<TimeWindow> expected {TimeWindow(start, javaAdd(start, 2000)),
            TimeWindow(start, javaAdd(start, 4000)), TimeWindow(start, javaAdd(start, 6000))};
        QCOMPARE(assign(cumulate, kMaxTimestamp - 1), expected);
    }

    void cumulateInProcessingTimeUsesTheClock()
    {
        const CumulativeWindowAssigner cumulate(4000, 2000, 0, TimeDomain::Processing);
        QCOMPARE(assign(cumulate, 99999, 2500), std::vector<TimeWindow> {TimeWindow(0, 4000)});
        QVERIFY(!cumulate.isEventTime());
    }

    void sessionWindowStartsAtTheElement()
    {
        const EventTimeSessionWindows sessions(3000);
        QCOMPARE(assign(sessions, 700), std::vector<TimeWindow> {TimeWindow(700, 3700)});
        QVERIFY(sessions.isMerging());
    }

    void processingTimeAssignersUseTheClockNotTheTimestamp()
    {
        const TumblingProcessingTimeWindows tumbling(1000);
        QCOMPARE(assign(tumbling, 123456, 2500), std::vector<TimeWindow> {TimeWindow(2000, 3000)});
        QVERIFY(!tumbling.isEventTime());
    }

    void naturalStaggerIsFixedByTheFirstElement()
    {
        const TumblingEventTimeWindows tumbling(5000, 0, WindowStagger::Natural);
        AssignerInstanceState instance;
        AssignerContext first {150, &instance};
        AssignerContext later {4321, &instance};
        WindowElement e;
        e.ts = 5099;
        std::vector<TimeWindow> out;
        tumbling.assignWindows(e, first, out);
        tumbling.assignWindows(e, later, out);
        QCOMPARE(out, (std::vector<TimeWindow> {TimeWindow(150, 5150), TimeWindow(150, 5150)}));
    }

    // An operator's assigner remembers the last tumbling window (or sliding cell); every timestamp still gets the
    // windows a fresh assigner gives it: in order, disordered, before the epoch, across boundaries, with offsets
    // and a natural stagger, with more sliding windows than Flink 2 allows, and next to the ends of the long
    // range, where Flink's start wraps or lies after the timestamp.
    void aRememberedWindowIsTheOneAFreshAssignerGives()
    {
        const Timestamp max = std::numeric_limits<Timestamp>::max();
        const Timestamp min = std::numeric_limits<Timestamp>::min();
        const std::vector<std::shared_ptr<const WindowAssigner>> assigners {
            std::make_shared<TumblingEventTimeWindows>(5000),
            std::make_shared<TumblingEventTimeWindows>(5000, -1300),
            std::make_shared<TumblingEventTimeWindows>(7, 3),
            std::make_shared<TumblingEventTimeWindows>(5000, 0, WindowStagger::Natural),
            std::make_shared<TumblingEventTimeWindows>(max / 3, 12345),
            std::make_shared<TumblingProcessingTimeWindows>(5000, 700, WindowStagger::Natural),
            std::make_shared<SlidingEventTimeWindows>(10000, 1000),
            std::make_shared<SlidingEventTimeWindows>(5000, 1500, -700),
            std::make_shared<SlidingEventTimeWindows>(3, 1),
            std::make_shared<SlidingEventTimeWindows>(kSlidingMaxWindowNum + 1, 1), // refused, as it always was
            std::make_shared<SlidingEventTimeWindows>(max / 3, max / 4, 5),
            std::make_shared<SlidingProcessingTimeWindows>(4000, 1000, 250),
        };
        const std::vector<Timestamp> anchors {0, -1, 1'700'000'000'000, -1'700'000'000'000, max, min,
            (Timestamp(1) << 62) - 1, -(Timestamp(1) << 62) + 1};
        for (const auto& assigner : assigners) {
            std::uint64_t state = 99;
            AssignerInstanceState instance;
            std::size_t remembered = 0;
            std::size_t assigned = 0;
            for (Timestamp anchor : anchors) {
                for (int i = 0; i < 2000; ++i) {
                    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                    const auto jitter = static_cast<Timestamp>((state >> 33) % 20000) - 10000;
                    const Timestamp ts = static_cast<Timestamp>(
                        static_cast<std::uint64_t>(anchor) + static_cast<std::uint64_t>(i * 7 + jitter)); // wraps
                    WindowElement e;
                    e.ts = ts;
                    // Processing-time assigners take the clock; the natural stagger is fixed by its first reading.
                    AssignerContext ctx {ts, &instance};
                    std::vector<TimeWindow> got;
                    std::vector<TimeWindow> expected;
                    bool refused = false;
                    try {
                        assigner->assignWindows(e, ctx, got);
                    } catch (const EndlessAssignmentError&) {
                        refused = true;
                    }
                    AssignerInstanceState fresh;
                    fresh.staggerComputed = instance.staggerComputed;
                    fresh.staggerOffset = instance.staggerOffset;
                    AssignerContext freshCtx {ts, &fresh};
                    try {
                        assigner->assignWindows(e, freshCtx, expected);
                        QVERIFY2(!refused, qPrintable(QString::number(ts)));
                    } catch (const EndlessAssignmentError&) {
                        QVERIFY2(refused, qPrintable(QString::number(ts)));
                    }
                    QCOMPARE(got, expected);
                    remembered += instance.lastEnd > instance.lastStart ? 1 : 0;
                    assigned += got.size();
                }
            }
            QVERIFY(assigned >= 8000 || assigner->describe().find("10000001") != std::string::npos);
            const bool longRange = assigner->describe().find(std::to_string(max / 3)) != std::string::npos;
            if (!longRange) // windows of a third of the long range are never remembered
                QVERIFY2(remembered > 8000, assigner->describe().c_str()); // the remembered window was there to use
        }
    }

    void globalWindowsAreNotEventTime()
    {
        const GlobalWindows global;
        QCOMPARE(assign(global, 5), std::vector<TimeWindow> {TimeWindow::global()});
        QVERIFY(!global.isEventTime());
        QCOMPARE(global.defaultTrigger()->describe(), std::string("NeverTrigger"));
    }

    void eventTimeAssignersRejectRecordsWithoutTimestamp()
    {
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, assign(TumblingEventTimeWindows(1000), kNoTimestamp));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, assign(SlidingEventTimeWindows(1000, 500), kNoTimestamp));
    }

    void invalidParametersAreRejectedLikeFlink()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CumulativeWindowAssigner(5000, 2000, 0, TimeDomain::Event));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CumulativeWindowAssigner(0, 1000, 0, TimeDomain::Event));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CumulativeWindowAssigner(2000, -1000, 0, TimeDomain::Event));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TumblingEventTimeWindows(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TumblingEventTimeWindows(1000, 1000));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TumblingEventTimeWindows(1000, -1000));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SlidingEventTimeWindows(1000, 500, 500));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SlidingEventTimeWindows(0, 500));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, EventTimeSessionWindows(DurationMs(0)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ProcessingTimeSessionWindows(DurationMs(-1)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ContinuousEventTimeTrigger(0));
        const EventTimeSessionWindows dynamic([](const WindowElement&) { return DurationMs(0); });
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, assign(dynamic, 10));
    }

    void assignerSpecBuildsTheMatchingAssigner()
    {
        AssignerSpec spec;
        spec.type = AssignerSpec::Type::Sliding;
        spec.sizeMs = 10000;
        spec.slideMs = 5000;
        spec.timeDomain = TimeDomain::Processing;
        const auto assigner = makeWindowAssigner(spec);
        QVERIFY(!assigner->isEventTime());
        QCOMPARE(assign(*assigner, 0, 7000).size(), std::size_t(2));
        spec.offsetMs = 5000;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeWindowAssigner(spec));
    }

    void mergeWindowsCoversTouchingAndContainedWindows()
    {
        const auto merges = mergeWindows({TimeWindow(0, 3000), TimeWindow(3000, 6000), TimeWindow(7000, 8000),
            TimeWindow(7500, 7600), TimeWindow(9000, 9001)});
        QCOMPARE(merges.size(), std::size_t(2));
        QCOMPARE(merges[0].result, TimeWindow(0, 6000));
        QCOMPARE(merges[1].result, TimeWindow(7000, 8000));
        QCOMPARE(merges[1].merged.size(), std::size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestWindowAssigners)
#include "tst_window_assigners.moc"
