#include "engine/windowing/MergingWindowSet.h"
#include "engine/windowing/Trigger.h"
#include "engine/windowing/WindowAssigner.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>

using namespace tidemark;

namespace {

// What the merge function was told, one entry per merge.
struct MergeCall {
    TimeWindow mergeResult;
    std::vector<TimeWindow> mergedWindows;
    TimeWindow stateWindowResult;
    std::vector<TimeWindow> mergedStateWindows;
    bool operator==(const MergeCall&) const = default;
};

class RecordingMergeFunction final : public MergingWindowSet::MergeFunction {
public:
    void merge(const TimeWindow& mergeResult, std::span<const TimeWindow> mergedWindows,
        const TimeWindow& stateWindowResult, std::span<const TimeWindow> mergedStateWindows) override
    {
        calls.push_back({mergeResult, {mergedWindows.begin(), mergedWindows.end()}, stateWindowResult,
            {mergedStateWindows.begin(), mergedStateWindows.end()}});
    }
    std::vector<MergeCall> calls;
};

// Merges like the session assigners (TimeWindow.mergeWindows) without being one, so that the set takes the
// general path through the assigner's mergeWindows.
class PlainMergingAssigner final : public WindowAssigner {
public:
    void assignWindows(const WindowElement&, AssignerContext&, std::vector<TimeWindow>&) const override { }
    std::shared_ptr<const Trigger> defaultTrigger() const override { return std::make_shared<EventTimeTrigger>(); }
    bool isEventTime() const override { return true; }
    bool isMerging() const override { return true; }
    std::string describe() const override { return "plain merging"; }
};

MergingWindowSet::Merger sessions()
{
    return MergingWindowSet::Merger(std::make_shared<EventTimeSessionWindows>(10));
}

std::map<TimeWindow, TimeWindow> mapping(const MergingWindowSet& set)
{
    std::map<TimeWindow, TimeWindow> m;
    for (const auto& [window, stateWindow] : set)
        m.emplace(window, stateWindow);
    return m;
}

} // namespace

class TestMergingWindowSet : public QObject {
    Q_OBJECT

private slots:
    void aWindowThatTouchesNothingIsItsOwnStateWindow()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        QCOMPARE(set.addWindow(TimeWindow(0, 10), merger, f), TimeWindow(0, 10));
        QCOMPARE(set.addWindow(TimeWindow(20, 30), merger, f), TimeWindow(20, 30));
        QVERIFY(f.calls.empty());
        QCOMPARE(*set.getStateWindow(TimeWindow(0, 10)), TimeWindow(0, 10));
        QCOMPARE(*set.getStateWindow(TimeWindow(20, 30)), TimeWindow(20, 30));
        QVERIFY(set.getStateWindow(TimeWindow(0, 30)) == nullptr);
    }

    void extendingASessionKeepsItsStateWindow()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        set.addWindow(TimeWindow(0, 10), merger, f);
        QCOMPARE(set.addWindow(TimeWindow(5, 15), merger, f), TimeWindow(0, 15));
        // The new window never had state: it is not among the merged windows.
        QCOMPARE(f.calls, (std::vector<MergeCall> {{TimeWindow(0, 15), {TimeWindow(0, 10)}, TimeWindow(0, 10), {}}}));
        QCOMPARE(set.size(), std::size_t(1));
        QCOMPARE(*set.getStateWindow(TimeWindow(0, 15)), TimeWindow(0, 10));
        QVERIFY(set.getStateWindow(TimeWindow(0, 10)) == nullptr);
    }

    void mergingTwoSessionsKeepsTheFirstStateWindow()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        set.addWindow(TimeWindow(0, 10), merger, f);
        set.addWindow(TimeWindow(5, 15), merger, f); // (0, 15), kept in (0, 10)
        set.addWindow(TimeWindow(20, 30), merger, f);
        f.calls.clear();

        QCOMPARE(set.addWindow(TimeWindow(14, 22), merger, f), TimeWindow(0, 30));
        QCOMPARE(f.calls.size(), std::size_t(1));
        const MergeCall& call = f.calls.front();
        // Merged in the iteration order of Flink's HashSet; the first one's state window is kept and the
        // other's is handed over to be folded into it.
        std::vector<TimeWindow> hashSetOrder {TimeWindow(0, 15), TimeWindow(20, 30)};
        orderAsJavaHashSet(hashSetOrder);
        QCOMPARE(call.mergedWindows, hashSetOrder);
        const auto stateOf = [](const TimeWindow& w) { return w == TimeWindow(0, 15) ? TimeWindow(0, 10) : w; };
        QCOMPARE(call.stateWindowResult, stateOf(hashSetOrder[0]));
        QCOMPARE(call.mergedStateWindows, (std::vector<TimeWindow> {stateOf(hashSetOrder[1])}));
        QCOMPARE(set.size(), std::size_t(1));
        QCOMPARE(*set.getStateWindow(TimeWindow(0, 30)), call.stateWindowResult);
    }

    void aWindowInsideAnInFlightWindowIsRepresentedByIt()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        set.addWindow(TimeWindow(0, 10), merger, f);
        QCOMPARE(set.addWindow(TimeWindow(2, 8), merger, f), TimeWindow(0, 10));
        QVERIFY(f.calls.empty());
        QCOMPARE(mapping(set), (std::map<TimeWindow, TimeWindow> {{TimeWindow(0, 10), TimeWindow(0, 10)}}));
    }

    void retiringAWindowTakesItOutOfFlight()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        set.addWindow(TimeWindow(0, 10), merger, f);
        set.retireWindow(TimeWindow(0, 10));
        QVERIFY(set.empty());
        QVERIFY(set.getStateWindow(TimeWindow(0, 10)) == nullptr);
    }

    void retiringAWindowNotInFlightThrows()
    {
        MergingWindowSet set;
        QVERIFY_THROWS_EXCEPTION(std::logic_error, set.retireWindow(TimeWindow(0, 10)));
    }

    void copyingIsASnapshot()
    {
        MergingWindowSet set;
        MergingWindowSet::Merger merger = sessions();
        RecordingMergeFunction f;
        set.addWindow(TimeWindow(0, 10), merger, f);
        const MergingWindowSet snapshot = set;
        set.addWindow(TimeWindow(5, 15), merger, f);
        QCOMPARE(mapping(snapshot), (std::map<TimeWindow, TimeWindow> {{TimeWindow(0, 10), TimeWindow(0, 10)}}));
        QCOMPARE(mapping(set), (std::map<TimeWindow, TimeWindow> {{TimeWindow(0, 15), TimeWindow(0, 10)}}));
    }

    // Sessions skip mergeWindows when the new window touches at most one in-flight window; what the set
    // records and reports must be what mergeWindows would have made of it. Left out: a new window equal to
    // an in-flight window kept in another state window. The shortcut keeps that state window; through
    // mergeWindows (which reports no merge of a window with itself) the window becomes its own state
    // window, as in Flink's MergingWindowSet.
    void theSessionShortcutAgreesWithMergeWindows()
    {
        for (unsigned seed = 1; seed <= 200; ++seed) {
            std::mt19937 random(seed);
            MergingWindowSet shortcut;
            MergingWindowSet general;
            MergingWindowSet::Merger sessionMerger = sessions();
            MergingWindowSet::Merger plainMerger(std::make_shared<PlainMergingAssigner>());
            QVERIFY(sessionMerger.mergesSessions());
            QVERIFY(!plainMerger.mergesSessions());
            RecordingMergeFunction a;
            RecordingMergeFunction b;
            for (int i = 0; i < 40; ++i) {
                const Timestamp start = static_cast<Timestamp>(random() % 200);
                const TimeWindow w(start, start + 1 + static_cast<Timestamp>(random() % 15));
                if (const TimeWindow* sw = shortcut.getStateWindow(w); sw != nullptr && *sw != w)
                    continue;
                QCOMPARE(shortcut.addWindow(w, sessionMerger, a), general.addWindow(w, plainMerger, b));
                QCOMPARE(a.calls, b.calls);
                QCOMPARE(mapping(shortcut), mapping(general));
                if (random() % 8 == 0 && !shortcut.empty()) {
                    const TimeWindow retired = shortcut.begin()->window;
                    shortcut.retireWindow(retired);
                    general.retireWindow(retired);
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestMergingWindowSet)
#include "tst_merging_window_set.moc"
