#include "engine/windowing/WindowOperator.h"

#include <algorithm>
#include <limits>
#include <string>

namespace tidemark {

namespace {

std::size_t slotOf(KeyId key)
{
    return static_cast<std::size_t>(static_cast<KeyId>(key + 1u));
}

constexpr std::size_t kMaxSpareContents = 4096;
constexpr std::uint32_t kCompactEvery = 8;
// A shared pane's view up to no seq: all of it.
constexpr std::uint64_t kWholeView = std::numeric_limits<std::uint64_t>::max();

} // namespace

// The trigger's view of the operator, scoped to one key and window (Flink's WindowOperator.Context).
class WindowOperator::Context final : public OnMergeContext {
public:
    Context(WindowOperator& op, KeyState& ks, KeyId key, const TimeWindow& window, std::size_t hint = kNoIndex,
        std::span<const TimeWindow> mergedWindows = {})
        : m_op(op)
        , m_ks(ks)
        , m_key(key)
        , m_window(window)
        , m_hint(hint)
        , m_merged(mergedWindows)
    { }

    Timestamp currentWatermark() const override { return m_op.currentWatermark(); }
    Timestamp currentProcessingTime() const override { return m_op.currentProcessingTime(); }
    void registerEventTimeTimer(Timestamp time) override { registerTimer(time, TimeDomain::Event); }
    void deleteEventTimeTimer(Timestamp time) override { deleteTimer(time, TimeDomain::Event); }
    void registerProcessingTimeTimer(Timestamp time) override { registerTimer(time, TimeDomain::Processing); }
    void deleteProcessingTimeTimer(Timestamp time) override { deleteTimer(time, TimeDomain::Processing); }

    std::optional<std::int64_t> state(int slot) const override
    {
        const Namespace* ns = find();
        if (ns == nullptr || (ns->triggerStatePresent & bit(slot)) == 0)
            return std::nullopt;
        return ns->triggerState[static_cast<std::size_t>(slot)];
    }

    void setState(int slot, std::int64_t value) override
    {
        Namespace& ns = own();
        ns.triggerState[static_cast<std::size_t>(slot)] = value;
        ns.triggerStatePresent |= bit(slot);
    }

    void clearState(int slot) override
    {
        if (Namespace* ns = find()) {
            ns->triggerStatePresent &= static_cast<std::uint8_t>(~bit(slot));
            m_ks.dirty = true;
        }
    }

    void mergeState(int slot, StateReducer reduce) override
    {
        std::optional<std::int64_t> merged; // stays empty outside a merge: there are no merged windows
        for (const TimeWindow& w : m_merged) {
            Namespace* ns = findNamespace(m_ks, w);
            if (ns == nullptr || (ns->triggerStatePresent & bit(slot)) == 0)
                continue;
            const std::int64_t v = ns->triggerState[static_cast<std::size_t>(slot)];
            ns->triggerStatePresent &= static_cast<std::uint8_t>(~bit(slot));
            m_ks.dirty = true;
            merged = merged ? reduce(*merged, v) : v;
        }
        if (!merged)
            return;
        Namespace& target = own();
        const auto s = static_cast<std::size_t>(slot);
        target.triggerState[s]
            = (target.triggerStatePresent & bit(slot)) != 0 ? reduce(target.triggerState[s], *merged) : *merged;
        target.triggerStatePresent |= bit(slot);
    }

private:
    static std::uint8_t bit(int slot)
    {
        if (slot < 0 || slot >= kTriggerStateSlots)
            throw std::out_of_range("trigger state slot " + std::to_string(slot) + " does not exist");
        return static_cast<std::uint8_t>(1u << slot);
    }

    Namespace* find()
    {
        const std::size_t i = indexOf(m_ks, m_window, m_hint);
        if (i == kNoIndex)
            return nullptr;
        m_hint = i;
        return &m_ks.namespaces[i];
    }
    const Namespace* find() const { return const_cast<Context*>(this)->find(); }

    Namespace& own()
    {
        m_hint = m_op.namespaceIndex(m_ks, m_window, m_hint);
        return m_ks.namespaces[m_hint];
    }

    void deleteTimer(Timestamp time, TimeDomain domain)
    {
        Namespace* ns = find();
        if (ns == nullptr)
            return; // deleting a timer that does not exist is a no-op
        if (m_op.m_timers.deleteTimer(ns->timers, time, domain))
            m_ks.dirty = true;
    }

    void registerTimer(Timestamp time, TimeDomain domain)
    {
        m_op.m_timers.registerTimer(own().timers, m_key, m_window, time, domain);
    }

    WindowOperator& m_op;
    KeyState& m_ks;
    KeyId m_key;
    TimeWindow m_window;
    std::size_t m_hint;
    std::span<const TimeWindow> m_merged;
};

// Construction ----------------------------------------------------------------------------------------

WindowOperator::WindowOperator(const WindowConfig& config, int subtaskIndex, PaneStorage storage)
    : m_paneStorage(storage)
{
    m_assigner = makeWindowAssigner(config.assigner);
    m_trigger = makeTrigger(config.trigger, config.purging, m_assigner->defaultTrigger());
    m_function = makeWindowFunction(config.function);
    m_evictor = makeEvictor(config.evictor);
    m_allowedLateness = config.allowedLatenessMs;
    m_lateSideOutput = config.lateSideOutput;
    m_sortsPaneByTimestamp = config.outputOnlyAfterEndOfStream();
    init(subtaskIndex);
}

WindowOperator::WindowOperator(WindowOperatorParts parts, int subtaskIndex)
    : m_assigner(std::move(parts.assigner))
    , m_trigger(std::move(parts.trigger))
    , m_function(std::move(parts.function))
    , m_evictor(std::move(parts.evictor))
    , m_allowedLateness(parts.allowedLateness)
    , m_lateSideOutput(parts.lateSideOutput)
    , m_sortsPaneByTimestamp(parts.sortsPaneByTimestamp)
    , m_paneStorage(parts.paneStorage)
{
    if (!m_assigner)
        throw std::invalid_argument("a window operator needs a window assigner");
    if (!m_function)
        throw std::invalid_argument("a window operator needs a window function");
    if (!m_trigger)
        m_trigger = m_assigner->defaultTrigger();
    init(subtaskIndex);
}

void WindowOperator::init(int subtaskIndex)
{
    static_assert(sizeof(Namespace) == 128, "a window's state takes two cache lines, the first one hot");
    if (m_allowedLateness < 0)
        throw std::invalid_argument(
            "The allowed lateness cannot be negative, found " + std::to_string(m_allowedLateness) + " ms");
    if (subtaskIndex < 0)
        throw std::invalid_argument("subtask index must be >= 0");
    m_subtask = subtaskIndex;
    m_eventTime = m_assigner->isEventTime();
    m_merging = m_assigner->isMerging();
    const auto* builtin = dynamic_cast<const BuiltinWindowFunction*>(m_function.get());
    const BuiltinWindowFunction* incremental = builtin != nullptr && builtin->isIncremental() ? builtin : nullptr;
    // A pane that batch execution fills in timestamp order is kept whole, to be ordered when it fires.
    if (m_paneStorage == PaneStorage::AsFlink && !m_evictor && !m_sortsPaneByTimestamp)
        m_accumulating = incremental;
    // Panes kept whole share the elements of overlapping sliding windows; an evictor changes one window's pane
    // only, and batch execution sorts each pane. A purging trigger empties each pane as it fires, leaving
    // little to share.
    const bool purging = dynamic_cast<const PurgingTrigger*>(m_trigger.get()) != nullptr;
    if (m_paneStorage == PaneStorage::Elements && !m_evictor && !m_sortsPaneByTimestamp && !m_merging && !purging) {
        if (const std::optional<DurationMs> cell = m_assigner->sharedCellLength()) {
            m_sharesPanes = true;
            m_cellLength = *cell;
            // A built-in incremental function folds a view where it lies, instead of reading a copy of it.
            m_foldsViews = incremental;
        }
    }
    // The common case is decided inline instead of through the Trigger interface; the rules are exactly
    // EventTimeTrigger.onElement's.
    const bool eventTimeTrigger = dynamic_cast<const EventTimeTrigger*>(m_trigger.get()) != nullptr;
    m_inlineEventTimeTrigger = m_eventTime && !m_merging && eventTimeTrigger;
    m_merger = MergingWindowSet::Merger(m_assigner);
    // Sessions too: EventTimeTrigger.onElement, onMerge and clear, decided inline on the namespace at hand.
    m_inlineMergingEventTimeTrigger = m_eventTime && m_merging && m_merger.mergesSessions() && eventTimeTrigger;
    if (m_merging && !m_trigger->canMerge())
        throw std::invalid_argument("A merging window assigner cannot be used with a trigger that does not support "
                                    "merging ("
            + m_trigger->describe() + ")");
}

// Keyed state -----------------------------------------------------------------------------------------

WindowOperator::KeyState& WindowOperator::keyState(KeyId key)
{
    const std::size_t slot = slotOf(key);
    if (slot >= m_keys.size())
        m_keys.resize(slot + 1);
    return m_keys[slot];
}

const WindowOperator::KeyState* WindowOperator::findKeyState(KeyId key) const
{
    const std::size_t slot = slotOf(key);
    return slot < m_keys.size() ? &m_keys[slot] : nullptr;
}

std::size_t WindowOperator::indexOf(const KeyState& ks, const TimeWindow& window, std::size_t hint)
{
    const std::vector<Namespace>& all = ks.namespaces;
    const Timestamp start = window.start();
    if (hint < all.size() && ks.starts[hint] == start && all[hint].window == window)
        return hint;
    const std::size_t n = all.size();
    if (n <= 8) {
        for (std::size_t i = n; i-- > 0;) {
            if (ks.starts[i] == start && all[i].window == window)
                return i;
        }
        return kNoIndex;
    }
    // Namespaces are ordered by window, so the starts are sorted.
    const auto first = std::lower_bound(ks.starts.begin(), ks.starts.end(), start);
    for (auto i = static_cast<std::size_t>(first - ks.starts.begin()); i < all.size() && ks.starts[i] == start; ++i) {
        if (all[i].window == window)
            return i;
    }
    return kNoIndex;
}

WindowOperator::Namespace* WindowOperator::findNamespace(KeyState& ks, const TimeWindow& window)
{
    const std::size_t i = indexOf(ks, window, kNoIndex);
    return i == kNoIndex ? nullptr : &ks.namespaces[i];
}

const WindowOperator::Namespace* WindowOperator::findNamespace(const KeyState& ks, const TimeWindow& window)
{
    const std::size_t i = indexOf(ks, window, kNoIndex);
    return i == kNoIndex ? nullptr : &ks.namespaces[i];
}

std::size_t WindowOperator::namespaceIndex(KeyState& ks, const TimeWindow& window, std::size_t hint)
{
    std::vector<Namespace>& all = ks.namespaces;
    if (hint < all.size() && all[hint].window == window)
        return hint;
    // A new window is usually the latest one and goes to the end.
    const bool latest = all.empty() || all.back().window < window;
    if (!latest) {
        if (const std::size_t i = indexOf(ks, window, hint); i != kNoIndex)
            return i;
    }
    // Namespaces stay ordered by window.
    std::size_t at = all.size();
    while (at > 0 && window < all[at - 1].window)
        --at;
    return insertNamespace(ks, at, window);
}

std::size_t WindowOperator::insertNamespace(KeyState& ks, std::size_t at, const TimeWindow& window)
{
    std::vector<Namespace>& all = ks.namespaces;
    const auto offset = static_cast<std::ptrdiff_t>(at);
    Namespace& ns = *all.emplace(all.begin() + offset);
    ks.starts.insert(ks.starts.begin() + offset, window.start());
    ns.window = window;
    if (!m_spareContents.empty()) {
        ns.contents = std::move(m_spareContents.back());
        m_spareContents.pop_back();
    }
    return at;
}

WindowOperator::Namespace& WindowOperator::namespaceFor(KeyState& ks, const TimeWindow& window)
{
    return ks.namespaces[namespaceIndex(ks, window, kNoIndex)];
}

void WindowOperator::compact(KeyState& ks)
{
    // An unused namespace is as good as an absent one, so dropping them can wait and be done in bulk.
    if (!ks.dirty || ++ks.deferredCompactions < kCompactEvery)
        return;
    ks.deferredCompactions = 0;
    ks.dirty = false;
    std::vector<Namespace>& all = ks.namespaces;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        Namespace& ns = all[i];
        if (ns.unused()) {
            if (ns.contents.capacity() > 0 && m_spareContents.size() < kMaxSpareContents)
                m_spareContents.push_back(std::move(ns.contents));
            continue;
        }
        if (kept != i) {
            all[kept] = std::move(ns);
            ks.starts[kept] = ks.starts[i];
        }
        ++kept;
    }
    all.erase(all.begin() + static_cast<std::ptrdiff_t>(kept), all.end());
    ks.starts.resize(kept);
    if (m_sharesPanes)
        dropUnviewedSharedElements(ks);
}

// Shared panes ----------------------------------------------------------------------------------------

WindowOperator::Arrival WindowOperator::arrive(const KeyState& ks, const WindowElement& element) const
{
    Arrival arrival {element};
    arrival.seq = ks.shared.nextSeq;
    if (!m_sharesPanes || m_assigned.empty())
        return arrival;
    // Sliding windows come newest first: the element's cell starts with the newest, and the windows are exactly
    // those of the cell when the oldest ends with it. Flink's start for a timestamp before the epoch can lie
    // after the timestamp, and next to the ends of the long range the ends wrap: such an element is not shared.
    const Timestamp cell = m_assigned.front().start();
    const Timestamp cellEnd = javaAdd(cell, m_cellLength);
    if (cellEnd > cell && m_assigned.front().end() > cell && m_assigned.back().end() == cellEnd) {
        arrival.shared = true;
        arrival.cell = cell;
    }
    return arrival;
}

void WindowOperator::addToSharedPane(KeyState& ks, Namespace& ns, Arrival& arrival)
{
    if (arrival.shared && ns.contents.empty()) {
        if (!arrival.logged) {
            ks.shared.elements.push_back({arrival.element.pane(), arrival.cell, arrival.seq});
            ks.shared.nextSeq = arrival.seq + 1;
            arrival.logged = true;
        }
        if (ns.view.count == 0)
            ns.view = SharedView {1, arrival.seq};
        else
            ++ns.view.count;
        return;
    }
    if (ns.view.count != 0)
        ownPane(ks, ns, arrival.seq);
    ns.contents.push_back(arrival.element.pane());
}

void WindowOperator::ownPane(const KeyState& ks, Namespace& ns, std::uint64_t before) const
{
    if (!m_sharesPanes || ns.view.count == 0)
        return;
    appendSharedView(ks, ns, before, ns.contents);
    ns.view = SharedView {0, 0};
}

void WindowOperator::skipLateWindow(KeyState& ks, const TimeWindow& window, const Arrival& arrival) const
{
    if (!m_sharesPanes)
        return;
    if (Namespace* ns = findNamespace(ks, window))
        ownPane(ks, *ns, arrival.seq);
}

template <typename Visit>
void WindowOperator::forEachInView(const KeyState& ks, const Namespace& ns, std::uint64_t before, Visit&& visit) const
{
    const std::vector<SharedElement>& all = ks.shared.elements;
    auto it = std::lower_bound(
        all.begin(), all.end(), ns.view.since, [](const SharedElement& e, std::uint64_t seq) { return e.seq < seq; });
    const Timestamp start = ns.window.start();
    const Timestamp end = ns.window.end();
    for (; it != all.end() && it->seq < before; ++it) {
        if (it->cell >= start && it->cell < end)
            visit(it->element);
    }
}

void WindowOperator::appendSharedView(
    const KeyState& ks, const Namespace& ns, std::uint64_t before, std::vector<PaneElement>& out) const
{
    forEachInView(ks, ns, before, [&out](const PaneElement& e) { out.push_back(e); });
}

void WindowOperator::throwViewMismatch(const Namespace& ns, std::uint64_t found)
{
    throw std::logic_error("the shared pane of window " + toJavaString(ns.window) + " holds " + std::to_string(found)
        + " elements, not the " + std::to_string(ns.view.count) + " it was given");
}

PaneAccumulator WindowOperator::foldSharedView(const KeyState& ks, const Namespace& ns) const
{
    PaneAccumulator acc;
    forEachInView(ks, ns, kWholeView, [&](const PaneElement& e) { m_foldsViews->accumulate(acc, e); });
    if (acc.count != ns.view.count)
        throwViewMismatch(ns, acc.count);
    return acc;
}

std::vector<PaneElement>& WindowOperator::paneOf(const KeyState& ks, Namespace& ns)
{
    if (!m_sharesPanes || ns.view.count == 0)
        return ns.contents;
    m_paneScratch.clear();
    appendSharedView(ks, ns, kWholeView, m_paneScratch);
    if (m_paneScratch.size() != ns.view.count)
        throwViewMismatch(ns, m_paneScratch.size());
    return m_paneScratch;
}

void WindowOperator::dropUnviewedSharedElements(KeyState& ks) const
{
    // An element stays while a view holds it: a window over its cell whose pane took it (since <= seq).
    // Namespaces are ordered by window, and sliding windows have one length: the windows over a cell are the
    // ones just before the first that starts after it.
    const std::vector<Namespace>& all = ks.namespaces;
    std::vector<SharedElement>& elements = ks.shared.elements;
    // Sorting out the ones no view holds costs a search per element: wait until there are more than twice as
    // many as the largest view holds.
    std::uint64_t largestView = 0;
    for (const Namespace& ns : all)
        largestView = std::max(largestView, ns.view.count);
    if (elements.size() <= 2 * largestView)
        return;
    const auto held = [&](const SharedElement& e) {
        auto at = std::upper_bound(ks.starts.begin(), ks.starts.end(), e.cell);
        for (auto i = static_cast<std::size_t>(at - ks.starts.begin()); i-- > 0;) {
            const Namespace& ns = all[i];
            if (ns.window.end() <= e.cell)
                return false;
            if (ns.view.count != 0 && ns.view.since <= e.seq)
                return true;
        }
        return false;
    };
    elements.erase(std::remove_if(elements.begin(), elements.end(), [&](const SharedElement& e) { return !held(e); }),
        elements.end());
}

// Timers ----------------------------------------------------------------------------------------------

void WindowOperator::registerTimer(
    KeyState& ks, KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain, std::size_t hint)
{
    m_timers.registerTimer(ks.namespaces[namespaceIndex(ks, window, hint)].timers, key, window, ts, domain);
}

void WindowOperator::deleteTimer(KeyId key, const TimeWindow& window, Timestamp ts, TimeDomain domain)
{
    KeyState& ks = keyState(key);
    Namespace* ns = findNamespace(ks, window);
    if (ns != nullptr && m_timers.deleteTimer(ns->timers, ts, domain))
        ks.dirty = true;
}

void WindowOperator::processWatermark(Timestamp watermark, std::vector<OperatorOutput>& out)
{
    // InternalTimerServiceImpl.advanceWatermark: the new watermark is visible to every trigger that fires.
    if (watermark < currentWatermark())
        m_watermarkRegressed = true; // never after a valve; kept correct for direct callers anyway
    m_timers.advanceWatermark(watermark, [&](const InternalTimer& timer) { onTimer(timer, out); });
}

void WindowOperator::advanceProcessingTime(Timestamp now, std::vector<OperatorOutput>& out)
{
    m_timers.advanceProcessingTime(now, [&](const InternalTimer& timer) { onTimer(timer, out); });
}

void WindowOperator::onTimer(const InternalTimer& timer, std::vector<OperatorOutput>& out)
{
    if (const std::size_t index = claimTimer(timer); index != kNoIndex)
        fireTimer(timer, index, out);
}

std::size_t WindowOperator::claimTimer(const InternalTimer& timer)
{
    const std::size_t slot = slotOf(timer.key);
    if (slot >= m_keys.size())
        return kNoIndex;
    KeyState& ks = m_keys[slot];
    // Timers come due oldest window first: the window is usually among the key's first namespaces, after
    // the ones that are waiting for compaction.
    std::size_t index = kNoIndex;
    const Timestamp start = timer.window.start();
    const std::size_t n = ks.starts.size();
    std::size_t at = 0;
    for (; at < n && at < 8 && ks.starts[at] < start; ++at) { }
    for (; at < n && at < 8 && ks.starts[at] == start; ++at) {
        if (ks.namespaces[at].window == timer.window) {
            index = at;
            break;
        }
    }
    if (index == kNoIndex && at == 8)
        index = indexOf(ks, timer.window, kNoIndex);
    if (index == kNoIndex)
        return kNoIndex;
    // fireTimer lets the namespace go if nothing else is left in it
    return m_timers.claim(ks.namespaces[index].timers, timer) ? index : kNoIndex;
}

// WindowOperator.onEventTime / onProcessingTime.
void WindowOperator::fireTimer(const InternalTimer& timer, std::size_t index, std::vector<OperatorOutput>& out)
{
    const TimeDomain domain = timer.domain;
    KeyState& ks = m_keys[slotOf(timer.key)];
    TimeWindow stateWindow = timer.window;
    if (m_merging) {
        const TimeWindow* sw = ks.mergingWindows.getStateWindow(timer.window);
        if (sw == nullptr) {
            // A timer of a window that was merged away or cleaned up: its trigger state is gone already.
            ks.dirty = true;
            compact(ks);
            return;
        }
        stateWindow = *sw;
    }
    TriggerResult result;
    if (m_inlineEventTimeTrigger) {
        // EventTimeTrigger.onEventTime / onProcessingTime, decided inline.
        result = domain == TimeDomain::Event && timer.ts == timer.window.maxTimestamp() ? TriggerResult::Fire
                                                                                        : TriggerResult::Continue;
    } else {
        Context ctx(*this, ks, timer.key, timer.window, index);
        result = domain == TimeDomain::Event ? m_trigger->onEventTime(timer.ts, timer.window, ctx)
                                             : m_trigger->onProcessingTime(timer.ts, timer.window, ctx);
    }
    const std::size_t stateHint = stateWindow == timer.window ? index : kNoIndex;
    if (isFire(result))
        emitWindowContents(timer.key, timer.window, stateWindow, false, out, stateHint);
    if (isPurge(result)) {
        if (Namespace* ns = findNamespace(ks, stateWindow)) {
            ns->clearPane();
            ks.dirty = true;
        }
    }
    const bool cleanupDomain = (domain == TimeDomain::Event) == m_eventTime;
    if (cleanupDomain && timer.ts == cleanupTime(timer.window))
        clearAllState(timer.key, timer.window, stateWindow, index);
    ks.dirty = true; // the timer's namespace may hold nothing any more
    compact(ks);
}

// Lateness and cleanup --------------------------------------------------------------------------------

Timestamp WindowOperator::cleanupTime(const TimeWindow& window) const
{
    const Timestamp maxTs = window.maxTimestamp();
    if (!m_eventTime)
        return maxTs;
    const Timestamp cleanup = javaAdd(maxTs, m_allowedLateness);
    return cleanup >= maxTs ? cleanup : kMaxTimestamp; // overflow: never clean up
}

bool WindowOperator::isWindowLate(const TimeWindow& window) const
{
    return m_eventTime && cleanupTime(window) <= currentWatermark();
}

bool WindowOperator::isElementLate(Timestamp ts) const
{
    return m_eventTime && javaAdd(ts, m_allowedLateness) <= currentWatermark();
}

void WindowOperator::registerCleanupTimer(KeyState& ks, KeyId key, const TimeWindow& window, std::size_t hint)
{
    const Timestamp cleanup = cleanupTime(window);
    if (cleanup == kMaxTimestamp)
        return;
    registerTimer(ks, key, window, cleanup, m_eventTime ? TimeDomain::Event : TimeDomain::Processing, hint);
}

void WindowOperator::deleteCleanupTimer(KeyId key, const TimeWindow& window)
{
    const Timestamp cleanup = cleanupTime(window);
    if (cleanup == kMaxTimestamp)
        return;
    deleteTimer(key, window, cleanup, m_eventTime ? TimeDomain::Event : TimeDomain::Processing);
}

void WindowOperator::clearAllState(KeyId key, const TimeWindow& window, const TimeWindow& stateWindow, std::size_t hint)
{
    KeyState& ks = keyState(key);
    if (m_inlineEventTimeTrigger && hint < ks.namespaces.size() && ks.namespaces[hint].window == window) {
        // The common case below, on the namespace at hand (non-merging: it is also the state window).
        Namespace& ns = ks.namespaces[hint];
        ns.clearPane();
        if (m_timers.deleteEventTimeTimer(ns.timers, window.maxTimestamp())) // EventTimeTrigger.clear
            ks.dirty = true;
        ns.live = false;
        ns.fireCount = 0;
        return;
    }
    const std::size_t stateIndex = indexOf(ks, stateWindow, stateWindow == window ? hint : kNoIndex);
    if (stateIndex != kNoIndex)
        ks.namespaces[stateIndex].clearPane();
    if (m_inlineEventTimeTrigger) {
        // EventTimeTrigger.clear: delete the event-time timer at maxTimestamp (a no-op when it has fired).
        if (const std::size_t i = indexOf(ks, window, hint); i != kNoIndex) {
            if (m_timers.deleteEventTimeTimer(ks.namespaces[i].timers, window.maxTimestamp()))
                ks.dirty = true;
        }
    } else {
        Context ctx(*this, ks, key, window, hint);
        m_trigger->clear(window, ctx);
    }
    if (const std::size_t i = indexOf(ks, window, hint); i != kNoIndex) {
        ks.namespaces[i].live = false;
        ks.namespaces[i].fireCount = 0;
    }
    if (m_merging)
        ks.mergingWindows.retireWindow(window);
}

// Firing ----------------------------------------------------------------------------------------------

void WindowOperator::emitWindowContents(KeyId key, const TimeWindow& window, const TimeWindow& stateWindow,
    bool inElement, std::vector<OperatorOutput>& out, std::size_t stateHint)
{
    KeyState& ks = keyState(key);
    const std::size_t stateIndex = indexOf(ks, stateWindow, stateHint);
    if (stateIndex == kNoIndex || ks.namespaces[stateIndex].paneEmpty())
        return; // Flink: contents == null, nothing to emit
    Namespace* state = &ks.namespaces[stateIndex];
    m_results.clear();
    std::size_t seen = 0;
    if (m_accumulating != nullptr) { // never with an evictor
        seen = static_cast<std::size_t>(state->accumulator.count);
        m_accumulating->applyAccumulated(state->accumulator, m_results);
    } else if (m_foldsViews != nullptr && state->view.count != 0) {
        const PaneAccumulator folded = foldSharedView(ks, *state);
        seen = static_cast<std::size_t>(folded.count);
        m_foldsViews->applyAccumulated(folded, m_results);
    } else {
        std::vector<PaneElement>& pane = paneOf(ks, *state);
        if (m_sortsPaneByTimestamp) // as the sorted input of batch execution filled it; equal timestamps as they came
            std::stable_sort(
                pane.begin(), pane.end(), [](const PaneElement& a, const PaneElement& b) { return a.ts < b.ts; });
        if (m_evictor)
            m_evictor->evictBefore(pane, window);
        seen = pane.size();
        m_function->apply(key, window, pane, m_results);
        if (m_evictor) {
            m_evictor->evictAfter(pane, window); // the state keeps only what is left
            if (pane.empty())
                ks.dirty = true;
        }
    }
    if (window == stateWindow)
        state->fireCount += 1;
    else
        namespaceFor(ks, window).fireCount += 1;

    const FireTiming timing
        = inElement && window.maxTimestamp() <= currentWatermark() ? FireTiming::Late : FireTiming::OnTime;
    for (WindowResult& r : m_results) {
        FireEvent ev;
        ev.subtask = m_subtask;
        ev.key = key;
        ev.window = window;
        ev.timing = timing;
        ev.watermark = currentWatermark();
        ev.count = m_function->recordsPerResult(seen);
        ev.result = std::move(r);
        out.emplace_back(std::move(ev));
    }
}

// Elements --------------------------------------------------------------------------------------------

void WindowOperator::processElement(
    KeyId key, double value, bool hasValue, Timestamp ts, std::vector<OperatorOutput>& out)
{
    processElement(WindowElement {key, value, hasValue, ts}, out);
}

void WindowOperator::processElement(const WindowElement& element, std::vector<OperatorOutput>& out)
{
    m_assigned.clear();
    AssignerContext actx {currentProcessingTime(), &m_assignerState};
    m_assigner->assignWindows(element, actx, m_assigned);

    bool skipped = true;
    if (m_merging)
        processMerging(element, skipped, out);
    else
        processNonMerging(element, keyState(element.key), skipped, out);

    if (skipped && isElementLate(element.ts)) {
        LateEvent late;
        late.subtask = m_subtask;
        late.key = element.key;
        late.ts = element.ts;
        late.hasValue = element.hasValue;
        late.value = element.value;
        late.watermark = currentWatermark();
        if (m_lateSideOutput) {
            late.action = LateAction::SideOutput;
        } else {
            late.action = LateAction::Dropped;
            ++m_numLateRecordsDropped;
        }
        out.emplace_back(late);
    }
    m_timers.pruneDeletedTimers();
}

void WindowOperator::processNonMerging(
    const WindowElement& element, KeyState& ks, bool& skipped, std::vector<OperatorOutput>& out)
{
    if (m_inlineEventTimeTrigger) {
        processWithEventTimeTrigger(element, ks, skipped, out);
        return;
    }
    const KeyId key = element.key;
    Arrival arrival = arrive(ks, element);
    // Windows come newest first; the newest is usually the key's latest namespace.
    std::size_t hint = ks.namespaces.size() - 1;
    for (const TimeWindow& window : m_assigned) {
        if (isWindowLate(window)) {
            skipLateWindow(ks, window, arrival);
            continue; // dropped from this window only
        }
        skipped = false;

        const std::size_t index = namespaceIndex(ks, window, hint);
        Namespace& ns = ks.namespaces[index];
        // With EventTimeTrigger, a window that already holds state has both its timers registered (they go
        // only when the window is cleaned up, and a watermark never goes back), so registering is a no-op.
        const bool timersKnown = m_inlineEventTimeTrigger && ns.live && !m_watermarkRegressed;
        addToPane(ks, ns, arrival);
        ns.live = true;

        TriggerResult result;
        if (m_inlineEventTimeTrigger) {
            const Timestamp maxTs = window.maxTimestamp();
            if (maxTs <= currentWatermark()) {
                result = TriggerResult::Fire;
            } else {
                result = TriggerResult::Continue;
                if (!timersKnown)
                    m_timers.registerEventTimeTimer(ns.timers, key, window, maxTs);
            }
        } else {
            Context ctx(*this, ks, key, window, index);
            result = m_trigger->onElement(element, window, ctx);
        }
        if (isFire(result))
            emitWindowContents(key, window, window, true, out, index);
        if (isPurge(result)) {
            if (Namespace* n = findNamespace(ks, window)) {
                n->clearPane();
                ks.dirty = true; // what it shared may be held by no window now
            }
        }
        if (!timersKnown)
            registerCleanupTimer(ks, key, window, index);
        // Sliding windows come newest first, and namespaces are ordered: the next one is usually just before.
        hint = index - 1;
    }
    compact(ks);
}

// The loop above for EventTimeTrigger, decided inline. Sliding windows come newest first and namespaces
// are ordered by window, so one backward walk over the key's namespaces finds them all.
void WindowOperator::processWithEventTimeTrigger(
    const WindowElement& element, KeyState& ks, bool& skipped, std::vector<OperatorOutput>& out)
{
    constexpr std::size_t kWalk = 8; // further back, a binary search is cheaper
    const KeyId key = element.key;
    Arrival arrival = arrive(ks, element);
    std::vector<Namespace>& all = ks.namespaces;
    std::size_t cursor = all.size(); // every namespace at or after it is after the current window
    const TimeWindow* previous = nullptr;
    for (const TimeWindow& window : m_assigned) {
        if (isWindowLate(window)) {
            skipLateWindow(ks, window, arrival);
            continue; // dropped from this window only
        }
        skipped = false;

        if (previous == nullptr || !(window < *previous))
            cursor = all.size();
        previous = &window;
        const Timestamp start = window.start();
        const Timestamp* starts = ks.starts.data();
        std::size_t at = cursor;
        std::size_t steps = 0;
        while (at > 0 && start < starts[at - 1] && ++steps <= kWalk)
            --at;
        std::size_t index = kNoIndex;
        if (steps <= kWalk && at > 0 && starts[at - 1] == start && all[at - 1].window == window)
            index = at - 1;
        else if (steps <= kWalk && (at == 0 || starts[at - 1] < start))
            index = insertNamespace(ks, at, window);
        else
            index = namespaceIndex(ks, window, kNoIndex); // far back, or windows sharing a start

        cursor = index;

        Namespace& ns = all[index];
        // A window that already holds state has both its timers registered (they go only when the window
        // is cleaned up, and a watermark never goes back), so registering is a no-op.
        const bool timersKnown = ns.live && !m_watermarkRegressed;
        addToPane(ks, ns, arrival);
        ns.live = true;

        const Timestamp maxTs = window.maxTimestamp();
        if (maxTs <= currentWatermark()) {
            emitWindowContents(key, window, window, true, out, index); // EventTimeTrigger: FIRE at once
        } else if (!timersKnown) {
            m_timers.registerEventTimeTimer(ns.timers, key, window, maxTs);
        }
        if (!timersKnown) {
            // registerCleanupTimer on the namespace at hand (with no allowed lateness it is the timer above).
            const Timestamp cleanup = cleanupTime(window);
            if (cleanup != kMaxTimestamp)
                m_timers.registerEventTimeTimer(ns.timers, key, window, cleanup);
        }
    }
    compact(ks);
}

// Merging windows ---------------------------------------------------------------------------------------

// The merge function of one key's merging-window set.
class WindowOperator::MergeFunction final : public MergingWindowSet::MergeFunction {
public:
    MergeFunction(WindowOperator& op, KeyState& ks, KeyId key)
        : m_op(op)
        , m_ks(ks)
        , m_key(key)
    { }

    void merge(const TimeWindow& mergeResult, std::span<const TimeWindow> mergedWindows,
        const TimeWindow& stateWindowResult, std::span<const TimeWindow> mergedStateWindows) override
    {
        m_op.mergeWindowState(m_ks, m_key, mergeResult, mergedWindows, stateWindowResult, mergedStateWindows);
    }

private:
    WindowOperator& m_op;
    KeyState& m_ks;
    KeyId m_key;
};

// The merge function of WindowOperator.processElement: refuses a merge that would make the window late,
// lets the trigger merge, and folds the panes of the merged state windows into the one that is kept.
void WindowOperator::mergeWindowState(KeyState& ks, KeyId key, const TimeWindow& mergeResult,
    std::span<const TimeWindow> mergedWindows, const TimeWindow& stateWindowResult,
    std::span<const TimeWindow> mergedStateWindows)
{
    if (m_eventTime && javaAdd(mergeResult.maxTimestamp(), m_allowedLateness) <= currentWatermark())
        throw WindowMergeError("The end timestamp of an event-time window cannot become earlier than the current "
                               "watermark by merging. Current watermark: "
            + std::to_string(currentWatermark()) + " window: " + toJavaString(mergeResult));
    if (!m_eventTime && mergeResult.maxTimestamp() <= currentProcessingTime())
        throw WindowMergeError("The end timestamp of a processing-time window cannot become earlier than the "
                               "current processing time by merging. Current processing time: "
            + std::to_string(currentProcessingTime()) + " window: " + toJavaString(mergeResult));
    if (m_inlineMergingEventTimeTrigger) {
        // EventTimeTrigger.onMerge
        if (mergeResult.maxTimestamp() > currentWatermark())
            registerTimer(ks, key, mergeResult, mergeResult.maxTimestamp(), TimeDomain::Event, kNoIndex);
    } else {
        Context ctx(*this, ks, key, mergeResult, kNoIndex, mergedWindows);
        m_trigger->onMerge(mergeResult, ctx);
    }
    std::uint32_t fired = 0;
    for (const TimeWindow& m : mergedWindows) {
        if (m_inlineMergingEventTimeTrigger) {
            // EventTimeTrigger.clear and the cleanup timer's deletion, on the one namespace of `m`.
            Namespace* ns = findNamespace(ks, m);
            if (ns == nullptr)
                continue;
            if (m_timers.deleteEventTimeTimer(ns->timers, m.maxTimestamp()))
                ks.dirty = true;
            if (const Timestamp cleanup = cleanupTime(m); cleanup != kMaxTimestamp) {
                if (m_timers.deleteEventTimeTimer(ns->timers, cleanup))
                    ks.dirty = true;
            }
            fired = std::max(fired, ns->fireCount);
            ns->fireCount = 0;
            continue;
        }
        {
            Context ctx(*this, ks, key, m);
            m_trigger->clear(m, ctx);
        }
        deleteCleanupTimer(key, m);
        if (Namespace* ns = findNamespace(ks, m)) {
            fired = std::max(fired, ns->fireCount);
            ns->fireCount = 0;
        }
    }
    if (fired > 0) {
        Namespace& target = namespaceFor(ks, mergeResult);
        target.fireCount = std::max(target.fireCount, fired);
    }
    // HeapListState.mergeState (a.addAll(b)): the kept pane first, then the others in HashSet order.
    namespaceFor(ks, stateWindowResult);
    for (const TimeWindow& source : mergedStateWindows) {
        Namespace* src = findNamespace(ks, source);
        if (src == nullptr || src->paneEmpty())
            continue;
        if (m_accumulating != nullptr) {
            const PaneAccumulator moved = src->accumulator;
            src->accumulator = {};
            m_accumulating->merge(findNamespace(ks, stateWindowResult)->accumulator, moved);
            continue;
        }
        std::vector<PaneElement> moved = std::move(src->contents);
        src->contents.clear();
        std::vector<PaneElement>& target = findNamespace(ks, stateWindowResult)->contents;
        target.insert(target.end(), moved.begin(), moved.end());
    }
    ks.dirty = true;
}

void WindowOperator::processMerging(const WindowElement& element, bool& skipped, std::vector<OperatorOutput>& out)
{
    const KeyId key = element.key;
    KeyState& ks = keyState(key);
    MergeFunction onMerge(*this, ks, key);
    for (const TimeWindow& window : m_assigned) {
        const TimeWindow actual = ks.mergingWindows.addWindow(window, m_merger, onMerge);
        if (isWindowLate(actual)) {
            // Drop the window that is already late. It is in flight unless a custom assigner's merges
            // swallowed it; then there is nothing to retire.
            if (ks.mergingWindows.getStateWindow(actual) != nullptr)
                ks.mergingWindows.retireWindow(actual);
            continue;
        }
        skipped = false;
        const TimeWindow* sw = ks.mergingWindows.getStateWindow(actual);
        if (sw == nullptr)
            throw std::logic_error("Window " + toJavaString(window) + " is not in in-flight window set.");
        const TimeWindow stateWindow = *sw;
        addToPane(namespaceFor(ks, stateWindow), element);

        TriggerResult result = TriggerResult::Continue;
        std::size_t hint = kNoIndex;
        if (m_inlineMergingEventTimeTrigger) {
            // EventTimeTrigger.onElement
            const Timestamp maxTs = actual.maxTimestamp();
            if (maxTs <= currentWatermark()) {
                result = TriggerResult::Fire;
            } else {
                hint = namespaceIndex(ks, actual, kNoIndex);
                m_timers.registerEventTimeTimer(ks.namespaces[hint].timers, key, actual, maxTs);
            }
        } else {
            Context ctx(*this, ks, key, actual);
            result = m_trigger->onElement(element, actual, ctx);
        }
        if (isFire(result))
            emitWindowContents(key, actual, stateWindow, true, out);
        if (isPurge(result)) {
            if (Namespace* n = findNamespace(ks, stateWindow)) {
                n->clearPane();
                ks.dirty = true;
            }
        }
        registerCleanupTimer(ks, key, actual, hint); // a hint made stale meanwhile is only not used
    }
    compact(ks);
}

// Inspection ------------------------------------------------------------------------------------------

std::vector<WindowStateView> WindowOperator::windows() const
{
    std::vector<WindowStateView> views;
    for (std::size_t slot = 0; slot < m_keys.size(); ++slot) {
        const KeyState& ks = m_keys[slot];
        const auto key = static_cast<KeyId>(slot - 1u);
        auto view = [&](const TimeWindow& w, const TimeWindow& sw) {
            WindowStateView v;
            v.key = key;
            v.window = w;
            v.stateWindow = sw;
            if (const Namespace* s = findNamespace(ks, sw)) {
                appendPane(ks, *s, v.contents);
                v.elementCount = s->paneSize();
            }
            if (const Namespace* n = findNamespace(ks, w))
                v.fireCount = n->fireCount;
            const Timestamp cleanup = cleanupTime(w);
            if (cleanup != kMaxTimestamp)
                v.cleanupTime = cleanup;
            views.push_back(std::move(v));
        };
        if (m_merging) {
            for (const auto& [w, sw] : ks.mergingWindows)
                view(w, sw);
        } else {
            for (const Namespace& ns : ks.namespaces) {
                if (ns.live)
                    view(ns.window, ns.window);
            }
        }
    }
    std::sort(views.begin(), views.end(), [](const WindowStateView& a, const WindowStateView& b) {
        // windowAll (kNoKey) sorts first, like its state slot
        const auto ka = static_cast<KeyId>(a.key + 1u);
        const auto kb = static_cast<KeyId>(b.key + 1u);
        return ka != kb ? ka < kb : a.window < b.window;
    });
    return views;
}

std::vector<PaneElement> WindowOperator::contents(KeyId key, const TimeWindow& window) const
{
    const KeyState* ks = findKeyState(key);
    if (ks == nullptr)
        return {};
    TimeWindow stateWindow = window;
    if (m_merging) {
        const TimeWindow* sw = ks->mergingWindows.getStateWindow(window);
        if (sw == nullptr)
            return {};
        stateWindow = *sw;
    }
    std::vector<PaneElement> pane;
    if (const Namespace* ns = findNamespace(*ks, stateWindow))
        appendPane(*ks, *ns, pane);
    return pane;
}

void WindowOperator::appendPane(const KeyState& ks, const Namespace& ns, std::vector<PaneElement>& out) const
{
    if (m_sharesPanes && ns.view.count != 0)
        appendSharedView(ks, ns, kWholeView, out);
    else
        out.insert(out.end(), ns.contents.begin(), ns.contents.end());
}

WindowOperator::StateSize WindowOperator::stateSize() const
{
    StateSize size;
    for (const KeyState& ks : m_keys) {
        if (m_merging) {
            for (const auto& [w, sw] : ks.mergingWindows) {
                ++size.windows;
                if (const Namespace* s = findNamespace(ks, sw))
                    size.paneElements += s->contents.size();
            }
        }
        for (const Namespace& ns : ks.namespaces) {
            if (!m_merging && ns.live) {
                ++size.windows;
                size.paneElements += m_accumulating != nullptr ? 0 : ns.paneSize(); // an accumulator lists none
            }
            size.timers += std::size_t(ns.timers.size());
            size.paneBytes += ns.contents.size() * sizeof(PaneElement);
        }
        size.paneBytes += ks.shared.elements.size() * sizeof(SharedElement);
    }
    return size;
}

std::vector<TimerInfo> WindowOperator::timers(TimeDomain domain) const
{
    std::vector<TimerInfo> result;
    for (std::size_t slot = 0; slot < m_keys.size(); ++slot) {
        for (const Namespace& ns : m_keys[slot].namespaces)
            m_timers.appendTimers(ns.timers, domain, static_cast<KeyId>(slot - 1u), ns.window, result);
    }
    // The order they fire in: (timestamp, registration sequence), a total order (sequences are unique).
    std::sort(result.begin(), result.end(),
        [](const TimerInfo& a, const TimerInfo& b) { return a.ts != b.ts ? a.ts < b.ts : a.sequence < b.sequence; });
    return result;
}

} // namespace tidemark
