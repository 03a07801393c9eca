#include "engine/windowing/WindowOperator.h"

#include <QStringList>
#include <QTest>

#include <bit>
#include <cstdint>
#include <variant>

using namespace tidemark;

namespace {

std::shared_ptr<const WindowFunction> listFunction()
{
    FunctionSpec spec;
    spec.type = FunctionSpec::Type::List;
    return makeWindowFunction(spec);
}

WindowOperatorParts parts(std::shared_ptr<const WindowAssigner> assigner, DurationMs lateness = 0,
    std::shared_ptr<const Trigger> trigger = nullptr, bool sideOutput = false)
{
    WindowOperatorParts p;
    p.assigner = std::move(assigner);
    p.trigger = std::move(trigger);
    p.function = listFunction();
    p.allowedLateness = lateness;
    p.lateSideOutput = sideOutput;
    return p;
}

// Drives one operator and splits what it produced into fires and late records.
struct Harness {
    explicit Harness(WindowOperatorParts p)
        : op(std::move(p), 0)
    { }
    explicit Harness(const WindowConfig& config)
        : op(config, 0)
    { }

    Harness& element(KeyId key, double value, Timestamp ts)
    {
        op.processElement(key, value, true, ts, out);
        return *this;
    }
    Harness& watermark(Timestamp wm)
    {
        op.processWatermark(wm, out);
        return *this;
    }
    std::vector<FireEvent> fires()
    {
        std::vector<FireEvent> result;
        for (const OperatorOutput& o : out) {
            if (const auto* f = std::get_if<FireEvent>(&o))
                result.push_back(*f);
        }
        return result;
    }
    std::vector<LateEvent> lates()
    {
        std::vector<LateEvent> result;
        for (const OperatorOutput& o : out) {
            if (const auto* l = std::get_if<LateEvent>(&o))
                result.push_back(*l);
        }
        return result;
    }
    void clear() { out.clear(); }

    WindowOperator op;
    std::vector<OperatorOutput> out;
};

// The same operator with panes of their own, never shared: an evictor that evicts nothing.
WindowOperatorParts withPanesOfTheirOwn(WindowOperatorParts p)
{
    p.evictor = std::make_shared<CountEvictor>(1'000'000, false);
    return p;
}

std::vector<double> values(const std::vector<PaneElement>& pane)
{
    std::vector<double> v;
    for (const PaneElement& e : pane)
        v.push_back(e.value);
    return v;
}

auto tumbling(DurationMs size)
{
    return std::make_shared<TumblingEventTimeWindows>(size);
}

// A merging assigner whose merges shrink the window: Flink rejects such merges (UnsupportedOperationException).
class ShrinkingMergeAssigner final : public WindowAssigner {
public:
    void assignWindows(const WindowElement& e, AssignerContext&, std::vector<TimeWindow>& out) const override
    {
        out.emplace_back(e.ts, e.ts + 1000);
    }
    std::shared_ptr<const Trigger> defaultTrigger() const override { return std::make_shared<EventTimeTrigger>(); }
    bool isEventTime() const override { return true; }
    bool isMerging() const override { return true; }
    void mergeWindows(std::span<const TimeWindow> windows, std::vector<WindowMerge>& merges) const override
    {
        if (windows.size() >= 2)
            merges.push_back(WindowMerge {{windows.begin(), windows.end()}, TimeWindow(0, 1)});
    }
    std::string describe() const override { return "shrinking"; }
};

} // namespace

// A small seeded generator for long generated inputs: next(n) is in [0, n).
struct Lcg {
    std::uint64_t state;
    std::uint64_t operator()(std::uint64_t n)
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % n;
    }
};

// A trigger behind the Trigger interface only: the operator cannot recognise it (as EventTimeTrigger, it takes
// the general path through its trigger context instead of deciding inline; as a PurgingTrigger, it shares panes).
class OpaqueTrigger final : public Trigger {
public:
    explicit OpaqueTrigger(std::shared_ptr<const Trigger> inner)
        : m_inner(std::move(inner))
    { }
    TriggerResult onElement(const WindowElement& e, const TimeWindow& w, TriggerContext& ctx) const override
    {
        return m_inner->onElement(e, w, ctx);
    }
    TriggerResult onEventTime(Timestamp t, const TimeWindow& w, TriggerContext& ctx) const override
    {
        return m_inner->onEventTime(t, w, ctx);
    }
    TriggerResult onProcessingTime(Timestamp t, const TimeWindow& w, TriggerContext& ctx) const override
    {
        return m_inner->onProcessingTime(t, w, ctx);
    }
    bool canMerge() const override { return m_inner->canMerge(); }
    void onMerge(const TimeWindow& w, OnMergeContext& ctx) const override { m_inner->onMerge(w, ctx); }
    void clear(const TimeWindow& w, TriggerContext& ctx) const override { m_inner->clear(w, ctx); }
    std::string describe() const override { return "opaque " + m_inner->describe(); }

private:
    std::shared_ptr<const Trigger> m_inner;
};

std::shared_ptr<const Trigger> opaqueEventTimeTrigger()
{
    return std::make_shared<OpaqueTrigger>(std::make_shared<EventTimeTrigger>());
}

class TestWindowOperator : public QObject {
    Q_OBJECT

private slots:
    // stateSize() counts what windows() and timers() list, without copying them: sliding windows, sessions that
    // merge, allowed lateness, elements late and dropped, windows fired and cleaned up.
    void stateSizeCountsTheListedWindowsElementsAndTimers()
    {
        const std::vector<std::shared_ptr<const WindowAssigner>> assigners {
            std::make_shared<SlidingEventTimeWindows>(3000, 1000), std::make_shared<EventTimeSessionWindows>(700)};
        for (const auto& assigner : assigners) {
            Harness h(parts(assigner, 1500));
            Lcg next {42};
            Timestamp watermark = 0;
            std::size_t nonEmpty = 0;
            for (int i = 0; i < 3000; ++i) {
                if (next(10) == 0) {
                    watermark += Timestamp(next(400));
                    h.watermark(watermark);
                } else {
                    h.element(KeyId(next(4)), 1.0, watermark + Timestamp(next(3000)) - 1000);
                }
                WindowOperator::StateSize listed;
                for (const WindowStateView& w : h.op.windows()) {
                    ++listed.windows;
                    listed.paneElements += w.contents.size();
                }
                listed.timers = h.op.timers(TimeDomain::Event).size() + h.op.timers(TimeDomain::Processing).size();
                listed.paneBytes = h.op.stateSize().paneBytes; // what is stored, which no listing shows
                QVERIFY(h.op.stateSize() == listed);
                nonEmpty += listed.windows > 0 && listed.timers > 0 ? 1 : 0;
            }
            QVERIFY(nonEmpty > 2000);
        }
    }

    // Overlapping sliding windows keep each element once, yet every window fires, lists and counts exactly what
    // a pane of its own holds, in the order it came: the reference is the same operator with an evictor that
    // evicts nothing, which keeps panes of their own. Disordered input with allowed lateness, late elements,
    // purging fires of a count trigger, and timestamps before the epoch, whose windows Flink starts after them
    // (those elements cannot be shared, and the windows they reach take panes of their own).
    void slidingWindowsSharingElementsHoldWhatPanesOfTheirOwnWould()
    {
        // What the operator emitted, then (when asked) every window it lists.
        const auto describe = [](const std::vector<OperatorOutput>& out, const WindowOperator& op, bool listed) {
            QStringList lines;
            for (const OperatorOutput& o : out) {
                if (const auto* f = std::get_if<FireEvent>(&o)) {
                    QStringList list;
                    for (double v : f->result.list)
                        list << QString::number(v);
                    lines << QStringLiteral("fire %1 [%2,%3) %4 %5: %6")
                                 .arg(f->key)
                                 .arg(f->window.start())
                                 .arg(f->window.end())
                                 .arg(f->count)
                                 .arg(int(f->timing))
                                 .arg(list.join(','));
                } else {
                    const auto& l = std::get<LateEvent>(o);
                    lines << QStringLiteral("late %1 %2").arg(l.key).arg(l.ts);
                }
            }
            for (const WindowStateView& w : listed ? op.windows() : std::vector<WindowStateView> {}) {
                QStringList pane;
                for (const PaneElement& e : w.contents)
                    pane << QStringLiteral("%1@%2").arg(e.value).arg(e.ts);
                lines << QStringLiteral("window %1 [%2,%3) %4 fired %5: %6")
                             .arg(w.key)
                             .arg(w.window.start())
                             .arg(w.window.end())
                             .arg(w.elementCount)
                             .arg(w.fireCount)
                             .arg(pane.join(','));
            }
            return lines;
        };
        // Fires at the window's end, and just before its cleanup time (lateness 1500) deletes the operator's
        // cleanup timer: its windows stay after they are late, and the elements that come for their cells must
        // skip them.
        class CleanupDeletingTrigger final : public Trigger {
        public:
            TriggerResult onElement(const WindowElement&, const TimeWindow& w, TriggerContext& ctx) const override
            {
                ctx.registerEventTimeTimer(w.maxTimestamp());
                ctx.registerEventTimeTimer(w.maxTimestamp() + 1499);
                return TriggerResult::Continue;
            }
            TriggerResult onEventTime(Timestamp t, const TimeWindow& w, TriggerContext& ctx) const override
            {
                if (t == w.maxTimestamp() + 1499)
                    ctx.deleteEventTimeTimer(w.maxTimestamp() + 1500);
                return t == w.maxTimestamp() ? TriggerResult::Fire : TriggerResult::Continue;
            }
            TriggerResult onProcessingTime(Timestamp, const TimeWindow&, TriggerContext&) const override
            {
                return TriggerResult::Continue;
            }
            void clear(const TimeWindow&, TriggerContext&) const override { }
            std::string describe() const override { return "cleanup-deleting"; }
        };
        const std::vector<std::shared_ptr<const Trigger>> triggers {nullptr, opaqueEventTimeTrigger(),
            std::make_shared<OpaqueTrigger>(std::make_shared<PurgingTrigger>(std::make_shared<CountTrigger>(3))),
            std::make_shared<ContinuousEventTimeTrigger>(700), std::make_shared<CleanupDeletingTrigger>()};
        for (const auto& trigger : triggers) {
            WindowOperatorParts shared = parts(std::make_shared<SlidingEventTimeWindows>(4000, 1000), 1500, trigger);
            const WindowOperatorParts own = withPanesOfTheirOwn(shared);
            Harness a(shared);
            Harness b(own);
            Lcg next {7};
            Timestamp watermark = -12'000;
            std::size_t fires = 0;
            std::size_t late = 0;
            std::size_t sharedBytes = 0;
            std::size_t ownBytes = 0;
            for (int i = 0; i < 4000; ++i) {
                if (next(8) == 0) {
                    watermark += Timestamp(next(500));
                    a.watermark(watermark);
                    b.watermark(watermark);
                } else {
                    const auto key = KeyId(next(3));
                    const Timestamp ts = watermark + Timestamp(next(10000)) - 7000; // some late, some before 0
                    a.element(key, double(i), ts);
                    b.element(key, double(i), ts);
                }
                const bool listed = i % 8 == 0 || i == 3999; // listing every window is slow where they stay
                const QStringList expected = describe(b.out, b.op, listed);
                QCOMPARE(describe(a.out, a.op, listed), expected);
                QCOMPARE(a.op.stateSize().paneElements, b.op.stateSize().paneElements);
                sharedBytes += a.op.stateSize().paneBytes;
                ownBytes += b.op.stateSize().paneBytes;
                fires += std::size_t(a.fires().size());
                late += std::size_t(a.lates().size());
                a.clear();
                b.clear();
            }
            QVERIFY(fires > 300);
            QVERIFY(late > 10);
            // Elements late for some of their windows are shared by fewer, but still not stored more often;
            // panes that purges keep emptying hold too few to share.
            if (a.op.trigger().describe().starts_with("opaque Purging")) {
                QVERIFY(sharedBytes != ownBytes); // shared all the same
                continue;
            }
            QVERIFY2(sharedBytes < ownBytes,
                qPrintable(QStringLiteral("%1 bytes shared, %2 own with %3")
                               .arg(sharedBytes)
                               .arg(ownBytes)
                               .arg(QString::fromStdString(a.op.trigger().describe()))));
        }
    }

    // A built-in function over a shared pane folds the elements where they lie, in pane order: every result is
    // bit for bit what the same function gives over a pane of its own (an evictor that evicts nothing), with
    // values whose sum depends on the order they are added in, disorder, lateness and late elements.
    void aFunctionOverASharedPaneGivesWhatItGivesOverAPaneOfItsOwn()
    {
        using Type = FunctionSpec::Type;
        for (Type type : {Type::Sum, Type::Avg, Type::Min, Type::Max, Type::Count}) {
            FunctionSpec spec;
            spec.type = type;
            WindowOperatorParts shared = parts(std::make_shared<SlidingEventTimeWindows>(5000, 1000), 1200);
            shared.function = makeWindowFunction(spec);
            const WindowOperatorParts own = withPanesOfTheirOwn(shared);
            Harness a(shared);
            Harness b(own);
            Lcg next {11};
            Timestamp watermark = 0;
            std::size_t fires = 0;
            for (int i = 0; i < 6000; ++i) {
                if (next(6) == 0) {
                    watermark += Timestamp(next(400));
                    a.watermark(watermark);
                    b.watermark(watermark);
                } else {
                    const auto key = KeyId(next(4));
                    const double value
                        = 1e15 / double(1 + next(1000)) - 0.1 * double(next(997)); // rounding differs by order
                    const Timestamp ts = watermark + Timestamp(next(6000)) - 2500;
                    a.element(key, value, ts);
                    b.element(key, value, ts);
                }
                const std::vector<FireEvent> fa = a.fires();
                const std::vector<FireEvent> fb = b.fires();
                QCOMPARE(fa.size(), fb.size());
                for (std::size_t j = 0; j < fa.size(); ++j) {
                    QCOMPARE(fa[j].window, fb[j].window);
                    QCOMPARE(fa[j].count, fb[j].count);
                    QVERIFY(fa[j].result.number.has_value());
                    // Bit for bit: QCOMPARE on doubles would forgive a difference in the last places.
                    QCOMPARE(std::bit_cast<std::uint64_t>(*fa[j].result.number),
                        std::bit_cast<std::uint64_t>(*fb[j].result.number));
                }
                fires += fa.size();
                QCOMPARE(a.lates().size(), b.lates().size());
                a.clear();
                b.clear();
            }
            QVERIFY(fires > 1000);
            QVERIFY(a.op.stateSize().paneBytes < b.op.stateSize().paneBytes); // the panes were shared
        }
    }

    // An element in time for its four windows is stored once: its panes list it four times.
    void slidingWindowsStoreAnElementOnceForAllItsWindows()
    {
        WindowOperatorParts shared = parts(std::make_shared<SlidingEventTimeWindows>(4000, 1000));
        const WindowOperatorParts own = withPanesOfTheirOwn(shared);
        Harness a(shared);
        Harness b(own);
        for (int i = 0; i < 1000; ++i) {
            a.element(0, double(i), 3000 + i);
            b.element(0, double(i), 3000 + i);
        }
        QCOMPARE(a.op.stateSize().paneElements, std::size_t(4000));
        QCOMPARE(b.op.stateSize().paneBytes, 4000 * sizeof(PaneElement));
        QVERIFY(a.op.stateSize().paneBytes * 2 < b.op.stateSize().paneBytes);
        QCOMPARE(values(a.op.contents(0, TimeWindow(0, 4000))), values(b.op.contents(0, TimeWindow(0, 4000))));
        QCOMPARE(a.op.contents(0, TimeWindow(0, 4000)).size(), std::size_t(1000));
    }

    void windowFiresWhenTheWatermarkReachesEndMinusOne()
    {
        Harness h(parts(tumbling(5000)));
        h.element(1, 20, 1000).element(1, 22, 4999).element(1, 99, 5000);
        h.watermark(4998);
        QVERIFY(h.fires().empty());
        h.watermark(4999);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(1));
        QCOMPARE(fires[0].window, TimeWindow(0, 5000));
        QCOMPARE(fires[0].result.list, (std::vector<double> {20, 22}));
        QCOMPARE(fires[0].timing, FireTiming::OnTime);
        QCOMPARE(fires[0].watermark, Timestamp(4999)); // the watermark is set before timers fire
        QCOMPARE(fires[0].count, std::size_t(2));
    }

    void windowIsAcceptedUntilTheWatermarkReachesMaxTimestampPlusLateness_data()
    {
        QTest::addColumn<qint64>("watermark");
        QTest::addColumn<bool>("accepted");
        // WindowOperatorContractTest: window [0,2), lateness 20, cleanup time 1 + 20 = 21.
        QTest::newRow("watermark 20: accepted") << qint64(20) << true;
        QTest::newRow("watermark 21: dropped") << qint64(21) << false;
    }
    void windowIsAcceptedUntilTheWatermarkReachesMaxTimestampPlusLateness()
    {
        QFETCH(qint64, watermark);
        QFETCH(bool, accepted);
        Harness h(parts(tumbling(2), 20));
        h.watermark(watermark).element(7, 5, 0);
        QCOMPARE(h.fires().size(), accepted ? std::size_t(1) : std::size_t(0));
        QCOMPARE(h.op.numLateRecordsDropped(), accepted ? std::uint64_t(0) : std::uint64_t(1));
        QCOMPARE(h.lates().size(), accepted ? std::size_t(0) : std::size_t(1));
        if (!accepted)
            QCOMPARE(h.lates()[0].action, LateAction::Dropped);
        QCOMPARE(h.op.windows().size(), accepted ? std::size_t(1) : std::size_t(0));
    }

    void lateElementWithinLatenessRefiresTheWholePaneAtOnce()
    {
        Harness h(parts(tumbling(2000), 1000));
        h.element(1, 1, 100).element(1, 2, 200).watermark(1999);
        QCOMPARE(h.fires().size(), std::size_t(1));
        h.clear();
        h.element(1, 3, 300);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(1));
        QCOMPARE(fires[0].result.list, (std::vector<double> {1, 2, 3}));
        QCOMPARE(fires[0].timing, FireTiming::Late);
        QCOMPARE(fires[0].watermark, Timestamp(1999));
    }

    void purgingTriggerRefiresOnlyWhatArrivedSinceTheLastFiring()
    {
        Harness h(parts(tumbling(2000), 1000, std::make_shared<PurgingTrigger>(std::make_shared<EventTimeTrigger>())));
        h.element(1, 1, 100).element(1, 2, 200).watermark(1999);
        QCOMPARE(h.fires()[0].result.list, (std::vector<double> {1, 2}));
        h.clear();
        h.element(1, 3, 300);
        QCOMPARE(h.fires()[0].result.list, (std::vector<double> {3}));
    }

    void stateIsClearedSilentlyAtTheCleanupTime()
    {
        Harness h(parts(tumbling(2000), 1000));
        h.element(1, 1, 100).watermark(1999);
        QCOMPARE(h.op.windows().size(), std::size_t(1));
        QCOMPARE(h.op.windows()[0].fireCount, std::uint32_t(1));
        QCOMPARE(h.op.windows()[0].cleanupTime, std::optional<Timestamp>(2999));
        h.clear();
        h.watermark(2998);
        QCOMPARE(h.op.windows().size(), std::size_t(1));
        h.watermark(2999);
        QVERIFY(h.out.empty());
        QVERIFY(h.op.windows().empty());
        QVERIFY(h.op.timers(TimeDomain::Event).empty());
        h.element(1, 4, 500);
        QCOMPARE(h.lates().size(), std::size_t(1));
    }

    void lateElementGoesToTheSideOutputWhenConfigured()
    {
        Harness h(parts(tumbling(2000), 0, nullptr, true));
        h.watermark(5000).element(3, 9, 100);
        const auto lates = h.lates();
        QCOMPARE(lates.size(), std::size_t(1));
        QCOMPARE(lates[0].action, LateAction::SideOutput);
        QCOMPARE(lates[0].ts, Timestamp(100));
        QCOMPARE(lates[0].watermark, Timestamp(5000));
        QCOMPARE(h.op.numLateRecordsDropped(), std::uint64_t(0));
    }

    void elementInASlidingGapIsIgnoredUnlessLate()
    {
        Harness h(parts(std::make_shared<SlidingEventTimeWindows>(1000, 3000), 0, nullptr, true));
        h.element(1, 1, 1500);
        QVERIFY(h.out.empty());
        h.watermark(20000).element(1, 1, 1500);
        QCOMPARE(h.lates().size(), std::size_t(1));
    }

    void partiallyLateSlidingElementVanishesSilentlyFromTheLateWindows()
    {
        Harness h(parts(std::make_shared<SlidingEventTimeWindows>(3000, 1000), 0, nullptr, true));
        h.element(1, 1, 2500).watermark(3000); // [0,3000) fires and is cleaned up
        h.clear();
        h.element(1, 2, 2600); // windows [2000,5000) accepted, [1000,4000) accepted, [0,3000) late
        QVERIFY(h.lates().empty());
        QCOMPARE(h.op.numLateRecordsDropped(), std::uint64_t(0));
        h.watermark(10000);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(2));
        QCOMPARE(fires[0].window, TimeWindow(1000, 4000));
        QCOMPARE(fires[0].result.list, (std::vector<double> {1, 2}));
        QCOMPARE(fires[1].window, TimeWindow(2000, 5000));
    }

    void sessionsThatTouchMergeAndOneMillisecondMoreDoesNot()
    {
        Harness touching(parts(std::make_shared<EventTimeSessionWindows>(3000)));
        touching.element(1, 1, 0).element(1, 2, 3000).watermark(10000);
        auto fires = touching.fires();
        QCOMPARE(fires.size(), std::size_t(1));
        QCOMPARE(fires[0].window, TimeWindow(0, 6000));
        QCOMPARE(fires[0].result.list, (std::vector<double> {1, 2}));

        Harness apart(parts(std::make_shared<EventTimeSessionWindows>(3000)));
        apart.element(1, 1, 0).element(1, 2, 3001).watermark(10000);
        QCOMPARE(apart.fires().size(), std::size_t(2));
    }

    void mergedSessionPanesAreInTheOrderOfFlinksHashSet_data()
    {
        QTest::addColumn<std::vector<double>>("arrivals"); // values; value v has the timestamp of kTimestampOf
        QTest::addColumn<std::vector<double>>("expected");
        QTest::addColumn<DurationMs>("gap");
        // Each row printed by Flink 1.20.1 itself (a MiniCluster, heap state, EventTimeSessionWindows, a list
        // of the window's values). MergingWindowSet keeps the state window of the merged window its HashSet
        // iterates first and appends the others' panes in that order (HeapListState: a.addAll(b)), so the
        // list follows TimeWindow#hashCode, not time: with gap 1000 the panes of 1 (1000) and 2.5 + 3
        // (2500, 3000) come out as [2.5, 3, 1, …] because [2500, 4000) hashes to bucket 5 and [1000, 2000) to 6.
        QTest::newRow("1 2.5 3 10") << std::vector<double> {1, 2.5, 3, 10} << std::vector<double> {2.5, 3, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("1 2.5 10 3") << std::vector<double> {1, 2.5, 10, 3} << std::vector<double> {1, 2.5, 10, 3}
                                    << DurationMs(1000);
        QTest::newRow("1 3 2.5 10") << std::vector<double> {1, 3, 2.5, 10} << std::vector<double> {3, 2.5, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("1 3 10 2.5") << std::vector<double> {1, 3, 10, 2.5} << std::vector<double> {3, 1, 10, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("1 10 2.5 3") << std::vector<double> {1, 10, 2.5, 3} << std::vector<double> {1, 10, 2.5, 3}
                                    << DurationMs(1000);
        QTest::newRow("1 10 3 2.5") << std::vector<double> {1, 10, 3, 2.5} << std::vector<double> {3, 1, 10, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("2.5 1 3 10") << std::vector<double> {2.5, 1, 3, 10} << std::vector<double> {2.5, 3, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("2.5 1 10 3") << std::vector<double> {2.5, 1, 10, 3} << std::vector<double> {1, 2.5, 10, 3}
                                    << DurationMs(1000);
        QTest::newRow("2.5 3 1 10") << std::vector<double> {2.5, 3, 1, 10} << std::vector<double> {2.5, 3, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("2.5 3 10 1") << std::vector<double> {2.5, 3, 10, 1} << std::vector<double> {2.5, 3, 10, 1}
                                    << DurationMs(1000);
        QTest::newRow("2.5 10 1 3") << std::vector<double> {2.5, 10, 1, 3} << std::vector<double> {2.5, 10, 1, 3}
                                    << DurationMs(1000);
        QTest::newRow("2.5 10 3 1") << std::vector<double> {2.5, 10, 3, 1} << std::vector<double> {2.5, 10, 3, 1}
                                    << DurationMs(1000);
        QTest::newRow("3 1 2.5 10") << std::vector<double> {3, 1, 2.5, 10} << std::vector<double> {3, 2.5, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("3 1 10 2.5") << std::vector<double> {3, 1, 10, 2.5} << std::vector<double> {3, 1, 10, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("3 2.5 1 10") << std::vector<double> {3, 2.5, 1, 10} << std::vector<double> {3, 2.5, 1, 10}
                                    << DurationMs(1000);
        QTest::newRow("3 2.5 10 1") << std::vector<double> {3, 2.5, 10, 1} << std::vector<double> {3, 2.5, 10, 1}
                                    << DurationMs(1000);
        QTest::newRow("3 10 1 2.5") << std::vector<double> {3, 10, 1, 2.5} << std::vector<double> {3, 10, 1, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("3 10 2.5 1") << std::vector<double> {3, 10, 2.5, 1} << std::vector<double> {10, 3, 2.5, 1}
                                    << DurationMs(1000);
        QTest::newRow("10 1 2.5 3") << std::vector<double> {10, 1, 2.5, 3} << std::vector<double> {10, 1, 2.5, 3}
                                    << DurationMs(1000);
        QTest::newRow("10 1 3 2.5") << std::vector<double> {10, 1, 3, 2.5} << std::vector<double> {3, 10, 1, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("10 2.5 1 3") << std::vector<double> {10, 2.5, 1, 3} << std::vector<double> {10, 2.5, 1, 3}
                                    << DurationMs(1000);
        QTest::newRow("10 2.5 3 1") << std::vector<double> {10, 2.5, 3, 1} << std::vector<double> {10, 2.5, 3, 1}
                                    << DurationMs(1000);
        QTest::newRow("10 3 1 2.5") << std::vector<double> {10, 3, 1, 2.5} << std::vector<double> {3, 10, 1, 2.5}
                                    << DurationMs(1000);
        QTest::newRow("10 3 2.5 1") << std::vector<double> {10, 3, 2.5, 1} << std::vector<double> {10, 3, 2.5, 1}
                                    << DurationMs(1000);
        // windows that only touch merge too; the pane of 3 (window [3000, 5000)) is kept
        QTest::newRow("gap 2000: 3 1 2.5 10")
            << std::vector<double> {3, 1, 2.5, 10} << std::vector<double> {3, 1, 2.5, 10} << DurationMs(2000);
    }
    void mergedSessionPanesAreInTheOrderOfFlinksHashSet()
    {
        QFETCH(std::vector<double>, arrivals);
        QFETCH(std::vector<double>, expected);
        QFETCH(DurationMs, gap);
        const auto timestampOf = [](double v) -> Timestamp { return v == 10 ? 1500 : Timestamp(v * 1000); };
        Harness h(parts(std::make_shared<EventTimeSessionWindows>(gap)));
        for (const double v : arrivals)
            h.element(1, v, timestampOf(v));
        const auto windows = h.op.windows();
        QCOMPARE(windows.size(), std::size_t(1));
        QCOMPARE(values(windows[0].contents), expected);
        h.watermark(kMaxTimestamp);
        QCOMPARE(h.fires().size(), std::size_t(1));
        QCOMPARE(h.fires()[0].result.list, expected);
    }

    void javaHashCodeOfATimeWindowIsFlinks()
    {
        // TimeWindow#hashCode values read from Flink 1.20 on JDK 17
        QCOMPARE(TimeWindow(1000, 2000).javaHashCode(), -535147460);
        QCOMPARE(TimeWindow(1500, 2500).javaHashCode(), -1906661320);
        QCOMPARE(TimeWindow(2500, 3500).javaHashCode(), -1070294919);
        QCOMPARE(TimeWindow(3000, 4000).javaHashCode(), 39204846);
        QCOMPARE(TimeWindow(2500, 4000).javaHashCode(), 768081890);
        QCOMPARE(TimeWindow(1000, 4000).javaHashCode(), 1040397190);
    }

    void shrinkingMergeIsReportedAsAnError()
    {
        Harness h(parts(std::make_shared<ShrinkingMergeAssigner>(), 0));
        h.watermark(500).element(1, 1, 1000);
        QVERIFY_THROWS_EXCEPTION(WindowMergeError, h.element(1, 2, 1200));
    }

    void globalWindowIsNeverCleanedUp()
    {
        Harness h(parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<CountTrigger>(2)));
        h.element(1, 1, 0).element(1, 2, 5).watermark(kMaxTimestamp);
        QCOMPARE(h.fires().size(), std::size_t(1));
        QCOMPARE(h.fires()[0].window.maxTimestamp(), kMaxTimestamp);
        QVERIFY(h.op.timers(TimeDomain::Event).empty());
        const auto windows = h.op.windows();
        QCOMPARE(windows.size(), std::size_t(1));
        QVERIFY(!windows[0].cleanupTime);
        QCOMPARE(values(windows[0].contents), (std::vector<double> {1, 2}));
        h.element(1, 3, -1000); // not late: GlobalWindows is not event time
        QVERIFY(h.lates().empty());
    }

    void countTriggerReemitsTheGrowingPane()
    {
        Harness h(parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<CountTrigger>(2)));
        for (int i = 1; i <= 4; ++i)
            h.element(1, i, i);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(2));
        QCOMPARE(fires[0].result.list, (std::vector<double> {1, 2}));
        QCOMPARE(fires[1].result.list, (std::vector<double> {1, 2, 3, 4}));
    }

    void purgingCountTriggerEmitsDisjointPanes()
    {
        Harness h(parts(
            std::make_shared<GlobalWindows>(), 0, std::make_shared<PurgingTrigger>(std::make_shared<CountTrigger>(2))));
        for (int i = 1; i <= 4; ++i)
            h.element(1, i, i);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(2));
        QCOMPARE(fires[1].result.list, (std::vector<double> {3, 4}));
    }

    void continuousTriggerFiresRepeatedlyOnOneBigWatermarkJump()
    {
        Harness h(parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<ContinuousEventTimeTrigger>(1000)));
        h.element(1, 1, 0);
        h.watermark(5500);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(5)); // at 1000, 2000, 3000, 4000, 5000
        for (const FireEvent& f : fires)
            QCOMPARE(f.watermark, Timestamp(5500));
        QCOMPARE(h.op.nextEventTimer(), std::optional<Timestamp>(6000));
    }

    void continuousTriggerAlignsNegativeTimestampsLikeJava()
    {
        // -1500 - (-1500 % 1000) + 1000 = -1500 + 500 + 1000 = 0: one interval later than a floor.
        Harness h(parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<ContinuousEventTimeTrigger>(1000)));
        h.element(1, 1, -1500);
        QCOMPARE(h.op.nextEventTimer(), std::optional<Timestamp>(0));
    }

    void cleanupTimeOverflowMeansNeverCleanUp()
    {
        Harness h(parts(tumbling(1000), 2000));
        const Timestamp ts = kMaxTimestamp - 1750;
        h.element(1, 1, ts);
        QCOMPARE(h.op.cleanupTime(TimeWindow(kMaxTimestamp - 1807, kMaxTimestamp - 807)), kMaxTimestamp);
        const auto timers = h.op.timers(TimeDomain::Event);
        QCOMPARE(timers.size(), std::size_t(1)); // only the trigger's timer at maxTimestamp
        h.watermark(kMaxTimestamp - 1500);
        QVERIFY(h.fires().empty());
        QCOMPARE(h.op.windows().size(), std::size_t(1));
    }

    void equalTimestampTimersFireInRegistrationOrder()
    {
        Harness h(parts(tumbling(1000)));
        h.element(5, 1, 10).element(2, 1, 20).element(9, 1, 30);
        const auto timers = h.op.timers(TimeDomain::Event);
        QCOMPARE(timers.size(), std::size_t(3));
        QCOMPARE(timers[0].key, KeyId(5));
        QCOMPARE(timers[2].key, KeyId(9));
        h.watermark(999);
        const auto fires = h.fires();
        QCOMPARE(fires.size(), std::size_t(3));
        QCOMPARE(fires[0].key, KeyId(5));
        QCOMPARE(fires[1].key, KeyId(2));
        QCOMPARE(fires[2].key, KeyId(9));
    }

    void processingTimeWindowsFireOnTheClock()
    {
        Harness h(parts(std::make_shared<TumblingProcessingTimeWindows>(1000)));
        h.op.advanceProcessingTime(1200, h.out);
        h.element(1, 5, 0);
        QCOMPARE(h.op.nextProcessingTimer(), std::optional<Timestamp>(1999));
        h.watermark(kMaxTimestamp);
        QVERIFY(h.fires().empty()); // watermarks do not matter
        h.op.advanceProcessingTime(1999, h.out);
        QCOMPARE(h.fires().size(), std::size_t(1));
        QCOMPARE(h.fires()[0].window, TimeWindow(1000, 2000));
        QVERIFY(!h.op.nextProcessingTimer());
        QVERIFY(h.op.windows().empty());
    }

    void evictorReplacesTheStateWithWhatIsLeft()
    {
        WindowOperatorParts p = parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<CountTrigger>(3));
        p.evictor = std::make_shared<CountEvictor>(2, true);
        Harness h(std::move(p));
        h.element(1, 1, 1).element(1, 2, 2).element(1, 3, 3);
        QCOMPARE(h.fires()[0].result.list, (std::vector<double> {1, 2, 3}));
        QCOMPARE(values(h.op.contents(1, TimeWindow::global())), (std::vector<double> {2, 3}));
    }

    void windowAllUsesTheNoKey()
    {
        Harness h(parts(tumbling(1000)));
        h.element(kNoKey, 1, 5).element(kNoKey, 2, 6).watermark(999);
        QCOMPARE(h.fires().size(), std::size_t(1));
        QCOMPARE(h.fires()[0].key, kNoKey);
    }

    void configBuildsTheOperator()
    {
        WindowConfig config;
        config.assigner.type = AssignerSpec::Type::Tumbling;
        config.assigner.sizeMs = 5000;
        config.allowedLatenessMs = 1000;
        config.function.type = FunctionSpec::Type::Sum;
        Harness h(config);
        h.element(0, 20, 1000).element(0, 22, 2000).element(0, 30, 4000).watermark(4999);
        QCOMPARE(h.fires().size(), std::size_t(1));
        QCOMPARE(h.fires()[0].result.number, std::optional<double>(72));
        QCOMPARE(h.op.allowedLateness(), DurationMs(1000));
        QCOMPARE(h.op.trigger().describe(), std::string("EventTimeTrigger"));

        config.allowedLatenessMs = -1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WindowOperator(config, 0));
        config.allowedLatenessMs = 0;
        config.assigner.type = AssignerSpec::Type::Session;
        config.assigner.gapMs = 1000;
        config.trigger.type = TriggerSpec::Type::EndOfStream; // cannot merge
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WindowOperator(config, 0));
    }

    void accumulatorPanesFireWhatElementPanesFire_data()
    {
        QTest::addColumn<int>("assigner");
        QTest::addColumn<int>("function");
        QTest::addColumn<QString>("field");
        const char* assigners[] = {"tumbling", "sliding", "session"};
        const char* functions[] = {"count", "sum", "min", "max", "avg"};
        for (int a = 0; a < 3; ++a) {
            for (int f = 0; f < 5; ++f) {
                for (const char* field : {"value", "ts"})
                    QTest::addRow("%s %s(%s)", assigners[a], functions[f], field) << a << f << QString(field);
            }
        }
    }

    // Flink keeps an accumulator for an incremental function; the visualizer keeps every element. The same
    // input, out of order and with late records, must fire the same results either way.
    void accumulatorPanesFireWhatElementPanesFire()
    {
        QFETCH(int, assigner);
        QFETCH(int, function);
        QFETCH(QString, field);
        WindowConfig config;
        const AssignerSpec::Type types[]
            = {AssignerSpec::Type::Tumbling, AssignerSpec::Type::Sliding, AssignerSpec::Type::Session};
        config.assigner.type = types[assigner];
        config.assigner.sizeMs = 1000;
        config.assigner.slideMs = 300;
        config.assigner.gapMs = 200;
        config.allowedLatenessMs = 150;
        config.lateSideOutput = true;
        const FunctionSpec::Type fns[] = {FunctionSpec::Type::Count, FunctionSpec::Type::Sum, FunctionSpec::Type::Min,
            FunctionSpec::Type::Max, FunctionSpec::Type::Avg};
        config.function.type = fns[function];
        config.function.field = field.toStdString();

        WindowOperator flink(config, 0, PaneStorage::AsFlink);
        WindowOperator elements(config, 0, PaneStorage::Elements);
        QVERIFY(flink.keepsAccumulators());
        QVERIFY(!elements.keepsAccumulators());
        std::vector<OperatorOutput> a;
        std::vector<OperatorOutput> b;
        Lcg next {12345};
        Timestamp maxTs = 0;
        for (int i = 0; i < 3000; ++i) {
            const auto key = static_cast<KeyId>(next(7));
            const auto value = static_cast<double>(static_cast<int>(next(201)) - 100);
            const Timestamp ts = 10 * i - static_cast<Timestamp>(next(400));
            maxTs = std::max(maxTs, ts);
            flink.processElement(key, value, true, ts, a);
            elements.processElement(key, value, true, ts, b);
            if (i % 25 == 24) {
                flink.processWatermark(maxTs - 200, a);
                elements.processWatermark(maxTs - 200, b);
                // Same windows, same element counts; only the element-keeping operator lists them.
                const auto fv = flink.windows();
                const auto ev = elements.windows();
                QCOMPARE(fv.size(), ev.size());
                for (std::size_t w = 0; w < fv.size(); ++w) {
                    QCOMPARE(fv[w].window, ev[w].window);
                    QCOMPARE(fv[w].elementCount, std::uint64_t(ev[w].contents.size()));
                    QCOMPARE(ev[w].elementCount, std::uint64_t(ev[w].contents.size()));
                    QVERIFY(fv[w].contents.empty());
                }
            }
        }
        flink.processWatermark(kMaxTimestamp, a);
        elements.processWatermark(kMaxTimestamp, b);
        QCOMPARE(a.size(), b.size());
        std::size_t fires = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].index(), b[i].index());
            if (const auto* fa = std::get_if<FireEvent>(&a[i])) {
                const auto& fb = std::get<FireEvent>(b[i]);
                QCOMPARE(fa->key, fb.key);
                QCOMPARE(fa->window, fb.window);
                QCOMPARE(fa->count, fb.count);
                QCOMPARE(fa->timing, fb.timing);
                QCOMPARE(fa->result.number, fb.result.number);
                ++fires;
            } else {
                QCOMPARE(std::get<LateEvent>(a[i]).ts, std::get<LateEvent>(b[i]).ts);
            }
        }
        QVERIFY(fires > 100);
        QVERIFY(flink.windows().empty());
    }

    void inlineEventTimeTriggerDecidesAsTheTriggerInterface_data()
    {
        QTest::addColumn<int>("assigner");
        QTest::addColumn<qint64>("lateness");
        const char* assigners[] = {"tumbling", "sliding", "session"};
        for (int a = 0; a < 3; ++a) {
            for (qint64 lateness : {0, 150})
                QTest::addRow("%s, lateness %lld", assigners[a], static_cast<long long>(lateness)) << a << lateness;
        }
    }

    // The operator decides EventTimeTrigger inline for speed. Through the Trigger interface the same input
    // must give the same outputs and register the same timers in the same order.
    void inlineEventTimeTriggerDecidesAsTheTriggerInterface()
    {
        QFETCH(int, assigner);
        QFETCH(qint64, lateness);
        const std::shared_ptr<const WindowAssigner> assigners[] = {std::make_shared<TumblingEventTimeWindows>(1000, 0),
            std::make_shared<SlidingEventTimeWindows>(1000, 300, 0), std::make_shared<EventTimeSessionWindows>(200)};
        WindowOperatorParts inlineParts = parts(assigners[assigner], lateness);
        inlineParts.trigger = std::make_shared<EventTimeTrigger>();
        WindowOperatorParts opaqueParts = inlineParts;
        opaqueParts.trigger = opaqueEventTimeTrigger();
        Harness inlined(inlineParts);
        Harness opaque(opaqueParts);
        Lcg next {99};
        Timestamp maxTs = 0;
        for (int i = 0; i < 2000; ++i) {
            const auto key = static_cast<KeyId>(next(40));
            const Timestamp ts = 10 * i - static_cast<Timestamp>(next(1500));
            maxTs = std::max(maxTs, ts);
            inlined.element(key, i, ts);
            opaque.element(key, i, ts);
            if (i % 20 == 19) {
                inlined.watermark(maxTs - 200);
                opaque.watermark(maxTs - 200);
                const auto a = inlined.op.timers(TimeDomain::Event);
                const auto b = opaque.op.timers(TimeDomain::Event);
                QCOMPARE(a.size(), b.size());
                for (std::size_t t = 0; t < a.size(); ++t) {
                    QCOMPARE(a[t].ts, b[t].ts);
                    QCOMPARE(a[t].key, b[t].key);
                    QCOMPARE(a[t].window, b[t].window);
                    QCOMPARE(a[t].sequence, b[t].sequence);
                }
            }
        }
        inlined.watermark(kMaxTimestamp);
        opaque.watermark(kMaxTimestamp);
        QCOMPARE(inlined.out.size(), opaque.out.size());
        std::size_t fires = 0;
        std::size_t lates = 0;
        for (std::size_t i = 0; i < inlined.out.size(); ++i) {
            QCOMPARE(inlined.out[i].index(), opaque.out[i].index());
            if (const auto* fa = std::get_if<FireEvent>(&inlined.out[i])) {
                const auto& fb = std::get<FireEvent>(opaque.out[i]);
                QCOMPARE(fa->key, fb.key);
                QCOMPARE(fa->window, fb.window);
                QCOMPARE(fa->timing, fb.timing);
                QCOMPARE(fa->result.list, fb.result.list);
                ++fires;
            } else {
                QCOMPARE(std::get<LateEvent>(inlined.out[i]).ts, std::get<LateEvent>(opaque.out[i]).ts);
                ++lates;
            }
        }
        QVERIFY(fires > 100);
        QVERIFY(lates > 0);
    }

    // Flink's TimeEvictor reads every element's timestamp once the first has one, and fails the job at an
    // element without.
    void aTimeEvictorFailsOnAPaneMixingRecordsWithAndWithoutTimestamps()
    {
        WindowOperatorParts p = parts(std::make_shared<GlobalWindows>(), 0, std::make_shared<CountTrigger>(2));
        p.evictor = std::make_shared<TimeEvictor>(2000, false);
        Harness mixed(p);
        mixed.element(1, 1, 1000);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, mixed.element(1, 2, kNoTimestamp));
        // Without timestamps at all the evictor keeps everything, as Flink's does.
        Harness none(p);
        none.element(1, 1, kNoTimestamp).element(1, 2, kNoTimestamp);
        QCOMPARE(none.fires().size(), std::size_t(1));
        QCOMPARE(none.fires().front().result.list, (std::vector<double> {1, 2}));
    }

    void copyIsAnIndependentSnapshot()
    {
        Harness original(parts(std::make_shared<EventTimeSessionWindows>(1000), 500));
        original.element(1, 1, 0).element(2, 2, 100).element(1, 3, 800).watermark(900);
        original.clear();
        Harness copy = original;
        auto drive = [](Harness& h) {
            h.element(1, 4, 1500).element(2, 5, 1000).watermark(2600).element(1, 6, 1700).watermark(10000);
        };
        drive(original);
        // The copy does not see what the original did, and vice versa.
        QCOMPARE(copy.op.windows().size(), std::size_t(2));
        QCOMPARE(copy.op.currentWatermark(), Timestamp(900));
        drive(copy);
        QCOMPARE(copy.out.size(), original.out.size());
        const auto a = original.fires();
        const auto b = copy.fires();
        QCOMPARE(a.size(), b.size());
        QVERIFY(!a.empty());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].key, b[i].key);
            QCOMPARE(a[i].window, b[i].window);
            QCOMPARE(a[i].result.list, b[i].result.list);
            QCOMPARE(a[i].timing, b[i].timing);
        }
        QCOMPARE(original.op.windows().size(), copy.op.windows().size());
    }
};

QTEST_APPLESS_MAIN(TestWindowOperator)
#include "tst_window_operator.moc"
