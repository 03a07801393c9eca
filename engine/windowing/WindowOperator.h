#pragma once

#include "engine/core/Output.h"
#include "engine/core/PipelineConfig.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/Evictor.h"
#include "engine/windowing/InternalTimerService.h"
#include "engine/windowing/MergingWindowSet.h"
#include "engine/windowing/Trigger.h"
#include "engine/windowing/WindowAssigner.h"
#include "engine/windowing/WindowElement.h"
#include "engine/windowing/WindowFunction.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace tidemark {

// What one call into the operator produced, in order: window results and late records.
using OperatorOutput = std::variant<FireEvent, LateEvent>;

// How window panes are kept. Flink keeps only an accumulator (ReducingState / AggregatingState) for an
// incremental function without evictor, and the element list (ListState) otherwise; a visualizer that shows
// every pane's elements keeps the list always. Results are the same either way, except that a merged
// session's floating-point sum is added up in a different order. Overlapping sliding windows keep their lists
// shared: each element once (see WindowOperator::SharedPanes), each window's list a view of them.
enum class PaneStorage : std::uint8_t {
    AsFlink, // accumulator for count/sum/min/max/avg without evictor; elements otherwise
    Elements // every element, always (what windows() / contents() show)
};

// The parts of a window operator, for callers (and tests) that build them by hand.
struct WindowOperatorParts {
    std::shared_ptr<const WindowAssigner> assigner; // required
    std::shared_ptr<const Trigger> trigger; // nullptr = the assigner's default trigger
    std::shared_ptr<const WindowFunction> function; // required
    std::shared_ptr<const Evictor> evictor; // nullptr = WindowOperator, else EvictingWindowOperator
    DurationMs allowedLateness = 0;
    bool lateSideOutput = false;
    PaneStorage paneStorage = PaneStorage::Elements;
    bool sortsPaneByTimestamp = false; // WindowConfig::outputOnlyAfterEndOfStream: batch execution's sorted input
};

// A session merge Flink refuses with UnsupportedOperationException: the merged window would already be
// behind the watermark (event time) or the clock (processing time). The job fails; so must the caller.
class WindowMergeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A live window, for inspection.
struct WindowStateView {
    KeyId key = kNoKey;
    TimeWindow window; // the window as the trigger and the function see it
    TimeWindow stateWindow; // where its contents are kept (differs from `window` only after session merges)
    std::vector<PaneElement> contents; // the pane in state order; empty when only an accumulator is kept
    std::uint64_t elementCount = 0; // elements in the pane (also when only an accumulator is kept)
    std::uint32_t fireCount = 0; // how often it has fired so far
    std::optional<Timestamp> cleanupTime; // when its state is dropped; nullopt = never
};

// Flink's WindowOperator (and EvictingWindowOperator when an evictor is set) for one parallel subtask:
// keyed window state, the trigger protocol, event-time and processing-time timers, allowed lateness, late
// side output, merging windows for sessions.
//
// Copying an operator copies all of its state: the copy is an independent snapshot (the shared parts —
// assigner, trigger, function, evictor — are immutable).
//
// Timers: (timestamp, key, window) triples in an InternalTimerService, which says in what order they fire.
//
// Merged session panes, as MergingWindowSet.addWindow and the heap state's mergeNamespaces do it: the merged
// windows in the iteration order of Flink's HashSet (orderAsJavaHashSet); the state window of the first is
// kept and the others' panes are appended to it in that order, then the new element. The order is Java's
// HashMap, deterministic from TimeWindow#hashCode, and it decides what a list or an evictor sees.
class WindowOperator {
public:
    // See InternalTimerService::kMaxChainedFirings.
    static constexpr std::uint64_t kMaxChainedFirings = InternalTimerService::kMaxChainedFirings;

    WindowOperator(const WindowConfig& config, int subtaskIndex, PaneStorage storage = PaneStorage::AsFlink);
    WindowOperator(WindowOperatorParts parts, int subtaskIndex);

    // A record without timestamp has ts == kNoTimestamp (Long.MIN_VALUE), as in Flink.
    void processElement(KeyId key, double value, bool hasValue, Timestamp ts, std::vector<OperatorOutput>& out);
    void processElement(const WindowElement& element, std::vector<OperatorOutput>& out);
    // Sets the watermark first, then fires every due event-time timer (also those registered meanwhile).
    void processWatermark(Timestamp watermark, std::vector<OperatorOutput>& out);
    // Sets the processing-time clock, then fires every processing-time timer <= now.
    void advanceProcessingTime(Timestamp now, std::vector<OperatorOutput>& out);

    Timestamp currentWatermark() const { return m_timers.currentWatermark(); }
    Timestamp currentProcessingTime() const { return m_timers.currentProcessingTime(); }
    // Moves the processing-time clock without firing timers: the clock an element or a watermark is
    // processed with. Due timers fire in their own happening (advanceProcessingTime), which the event
    // queue may run after this one at the same time (docs/execution-model.md).
    void setCurrentProcessingTime(Timestamp now) { m_timers.setCurrentProcessingTime(now); }
    std::optional<Timestamp> nextProcessingTimer() const { return m_timers.nextProcessingTimer(); }
    std::optional<Timestamp> nextEventTimer() const { return m_timers.nextEventTimer(); }
    std::uint64_t numLateRecordsDropped() const { return m_numLateRecordsDropped; }
    int subtaskIndex() const { return m_subtask; }

    const WindowAssigner& assigner() const { return *m_assigner; }
    const Trigger& trigger() const { return *m_trigger; }
    DurationMs allowedLateness() const { return m_allowedLateness; }
    bool hasLateSideOutput() const { return m_lateSideOutput; }
    // WindowOperator.cleanupTime: maxTimestamp + allowedLateness, Long.MAX_VALUE (never) on overflow;
    // maxTimestamp for processing-time assigners.
    Timestamp cleanupTime(const TimeWindow& window) const;

    // Every live window (non-merging: assigned and not yet cleaned up; merging: in the merging-window set),
    // ordered by key, then window.
    std::vector<WindowStateView> windows() const;
    // Whether panes are folded into accumulators (PaneStorage::AsFlink with an incremental function): then
    // windows() and contents() report no elements, only counts.
    bool keepsAccumulators() const { return m_accumulating != nullptr; }
    // The pane of one window of one key (through its state window when merging); empty when none or when
    // only an accumulator is kept.
    std::vector<PaneElement> contents(KeyId key, const TimeWindow& window) const;
    // Registered timers of one domain, in the order they would fire.
    std::vector<TimerInfo> timers(TimeDomain domain) const;

    // How much state there is: windows() and timers() counted, without copying or sorting any of it.
    struct StateSize {
        std::size_t windows = 0; // windows().size()
        std::size_t paneElements = 0; // the sum of their contents' sizes
        std::size_t timers = 0; // of both domains
        std::size_t paneBytes = 0; // what the panes' elements take: less than paneElements' when panes share them
        bool operator==(const StateSize&) const = default;
    };
    StateSize stateSize() const;

private:
    // A window's pane as a view of its key's shared elements (SharedPanes): how many it holds, and the seq of
    // the one that found it empty, before which none of the shared elements are its.
    struct SharedView {
        std::uint64_t count; // trivial, to live in a union
        std::uint64_t since;
    };
    static_assert(sizeof(SharedView) == sizeof(PaneAccumulator) && offsetof(PaneAccumulator, count) == 0,
        "a view and an accumulator take the same place and begin with the pane's size");

    // All state of one (key, window namespace), as Flink keys its state and timers. The fields a record
    // touches (window, flags, pane) fill the first cache line, so that one line serves the common case.
    struct alignas(64) Namespace {
        TimeWindow window;
        std::uint32_t fireCount = 0;
        std::uint8_t triggerStatePresent = 0; // bit per slot
        bool live = false; // non-merging: assigned and not cleaned up yet
        std::vector<PaneElement> contents; // empty (and accumulator.count == 0) == Flink's "null" state
        // In place of contents: the accumulator when m_accumulating is set, the view of the key's shared
        // elements when m_sharesPanes is (both begin with the pane's size, which paneEmpty() reads).
        union {
            PaneAccumulator accumulator {};
            SharedView view;
        };
        NamespaceTimers timers;
        std::array<std::int64_t, kTriggerStateSlots> triggerState {};

        bool paneEmpty() const { return contents.empty() && accumulator.count == 0; }
        // The elements in the pane, however it is kept (only one of the two is ever non-zero).
        std::uint64_t paneSize() const { return contents.size() + accumulator.count; }
        void clearPane()
        {
            contents.clear();
            accumulator = {};
        }
        bool unused() const
        {
            return paneEmpty() && triggerStatePresent == 0 && !live && fireCount == 0 && timers.empty();
        }
    };

    // The panes of overlapping sliding windows (m_sharesPanes), as Flink SQL shares slices between hopping
    // windows: every element of a key is kept once, in arrival order, with the slide-long cell that exactly its
    // windows cover. A window's pane is the elements of its cells from its view's since on, the element that
    // last found it empty: the same list, in the same order, that a pane of its own would hold. A window that
    // an element must skip (it is late for it), or that takes an element no cell holds, is given a pane of its
    // own first. Elements no view holds any more are dropped when the key's namespaces are compacted.
    struct SharedElement {
        PaneElement element;
        Timestamp cell = 0; // the start of its cell
        std::uint64_t seq = 0; // arrival order within the key
    };
    struct SharedPanes {
        std::vector<SharedElement> elements; // by seq
        std::uint64_t nextSeq = 0;
    };

    // What every record reads comes first: the namespaces, their starts and the compaction state share a line.
    struct KeyState {
        std::vector<Namespace> namespaces; // ordered by window
        std::vector<Timestamp> starts; // starts[i] == namespaces[i].window.start(): a compact array to search
        bool dirty = false; // some namespace may have become unused
        std::uint32_t deferredCompactions = 0;
        MergingWindowSet mergingWindows; // merging assigners only
        SharedPanes shared; // m_sharesPanes only
    };

    class Context;
    friend class Context;
    class MergeFunction;

    void init(int subtaskIndex);
    void addToPane(Namespace& ns, const WindowElement& element) const
    {
        if (m_accumulating != nullptr)
            m_accumulating->accumulate(ns.accumulator, element.pane());
        else
            ns.contents.push_back(element.pane());
    }
    // The element being processed, as its windows' panes take it: shared when the operator shares panes and
    // its windows are exactly those of one cell.
    struct Arrival {
        const WindowElement& element;
        bool shared = false;
        std::uint64_t seq = 0; // its shared seq; every shared element before it has a smaller one
        Timestamp cell = 0;
        bool logged = false; // kept among the key's shared elements already
    };
    Arrival arrive(const KeyState& ks, const WindowElement& element) const;
    void addToPane(KeyState& ks, Namespace& ns, Arrival& arrival)
    {
        // The common cases inline: no sharing, or a view taking an element that is shared already.
        if (!m_sharesPanes)
            addToPane(ns, arrival.element);
        else if (arrival.logged && ns.view.count != 0 && ns.contents.empty())
            ++ns.view.count;
        else
            addToSharedPane(ks, ns, arrival);
    }
    void addToSharedPane(KeyState& ks, Namespace& ns, Arrival& arrival);
    // Turns a view into a pane of its own, with the shared elements before `before`.
    void ownPane(const KeyState& ks, Namespace& ns, std::uint64_t before) const;
    // The pane as the window function sees it: its own list, or the view, copied to m_paneScratch.
    std::vector<PaneElement>& paneOf(const KeyState& ks, Namespace& ns);
    void appendSharedView(
        const KeyState& ks, const Namespace& ns, std::uint64_t before, std::vector<PaneElement>& out) const;
    // Calls visit(const PaneElement&) for each element of a view, in pane order, up to the seq `before`.
    template <typename Visit>
    void forEachInView(const KeyState& ks, const Namespace& ns, std::uint64_t before, Visit&& visit) const;
    // A whole view folded by m_foldsViews, as applyAccumulated takes it: what apply() over the copied pane
    // gives, element for element in the same order, without copying the pane.
    PaneAccumulator foldSharedView(const KeyState& ks, const Namespace& ns) const;
    [[noreturn]] static void throwViewMismatch(const Namespace& ns, std::uint64_t found);
    void skipLateWindow(KeyState& ks, const TimeWindow& window, const Arrival& arrival) const;
    void appendPane(const KeyState& ks, const Namespace& ns, std::vector<PaneElement>& out) const;
    void dropUnviewedSharedElements(KeyState& ks) const;
    KeyState& keyState(KeyId key);
    const KeyState* findKeyState(KeyId key) const;
    static constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);
    static std::size_t indexOf(const KeyState& ks, const TimeWindow& window, std::size_t hint);
    std::size_t namespaceIndex(KeyState& ks, const TimeWindow& window, std::size_t hint);
    std::size_t insertNamespace(KeyState& ks, std::size_t at, const TimeWindow& window);
    static Namespace* findNamespace(KeyState& ks, const TimeWindow& window);
    static const Namespace* findNamespace(const KeyState& ks, const TimeWindow& window);
    Namespace& namespaceFor(KeyState& ks, const TimeWindow& window);
    void compact(KeyState& ks);

    using InternalTimer = InternalTimerService::InternalTimer;
    void registerTimer(
        KeyState& ks, KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain, std::size_t hint);
    void deleteTimer(KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain);
    void onTimer(
        const InternalTimer& timer, std::vector<OperatorOutput>& out); // Flink's onEventTime / onProcessingTime
    std::size_t claimTimer(const InternalTimer& timer); // the namespace index, or kNoIndex
    void fireTimer(const InternalTimer& timer, std::size_t index, std::vector<OperatorOutput>& out);

    bool isWindowLate(const TimeWindow& window) const;
    bool isElementLate(Timestamp ts) const;
    void registerCleanupTimer(KeyState& ks, KeyId key, const TimeWindow& window, std::size_t hint);
    void deleteCleanupTimer(KeyId key, const TimeWindow& window);
    void clearAllState(KeyId key, const TimeWindow& window, const TimeWindow& stateWindow, std::size_t hint = kNoIndex);
    void emitWindowContents(KeyId key, const TimeWindow& window, const TimeWindow& stateWindow, bool inElement,
        std::vector<OperatorOutput>& out, std::size_t stateHint = kNoIndex);

    void processNonMerging(const WindowElement& element, KeyState& ks, bool& skipped, std::vector<OperatorOutput>& out);
    void processWithEventTimeTrigger(
        const WindowElement& element, KeyState& ks, bool& skipped, std::vector<OperatorOutput>& out);
    void processMerging(const WindowElement& element, bool& skipped, std::vector<OperatorOutput>& out);
    void mergeWindowState(KeyState& ks, KeyId key, const TimeWindow& mergeResult,
        std::span<const TimeWindow> mergedWindows, const TimeWindow& stateWindowResult,
        std::span<const TimeWindow> mergedStateWindows);

    std::shared_ptr<const WindowAssigner> m_assigner;
    std::shared_ptr<const Trigger> m_trigger;
    std::shared_ptr<const WindowFunction> m_function;
    std::shared_ptr<const Evictor> m_evictor;
    const BuiltinWindowFunction* m_accumulating = nullptr; // set: panes are accumulators folded by it
    const BuiltinWindowFunction* m_foldsViews = nullptr; // set: shared views fire folded, not copied
    DurationMs m_allowedLateness = 0;
    bool m_lateSideOutput = false;
    bool m_sortsPaneByTimestamp = false; // WindowConfig::outputOnlyAfterEndOfStream: batch execution's sorted input
    PaneStorage m_paneStorage = PaneStorage::Elements;
    bool m_eventTime = true;
    bool m_merging = false;
    bool m_inlineEventTimeTrigger = false;
    bool m_inlineMergingEventTimeTrigger = false; // the same for event-time sessions
    bool m_watermarkRegressed = false;
    bool m_sharesPanes = false; // PaneStorage::Elements with a sliding assigner's cells: see SharedPanes
    DurationMs m_cellLength = 0;
    int m_subtask = 0;

    std::uint64_t m_numLateRecordsDropped = 0;
    AssignerInstanceState m_assignerState;
    MergingWindowSet::Merger m_merger; // what every key's merging-window set merges with

    std::vector<KeyState> m_keys; // indexed by KeyId + 1 (kNoKey wraps to 0: the windowAll key)
    InternalTimerService m_timers; // also the watermark and the processing-time clock

    // Scratch space reused across calls (no allocation per record).
    std::vector<TimeWindow> m_assigned;
    std::vector<WindowResult> m_results;
    std::vector<std::vector<PaneElement>> m_spareContents;
    std::vector<PaneElement> m_paneScratch; // a shared pane as the function sees it
};

} // namespace tidemark
