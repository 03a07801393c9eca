#pragma once

#include "engine/core/TimeWindow.h"

#include <memory>
#include <span>
#include <vector>

namespace tidemark {

class WindowAssigner;

// Flink's MergingWindowSet: the in-flight windows of one key of a merging window operator, each mapped to
// its state window, the namespace that keeps its pane. A merge keeps the state window of one of the merged
// windows, so that panes are appended to it instead of moved around; the others are handed to the merge
// function to fold in.
//
// A value type: copying it is the snapshot (what Flink's persist and restoring constructor are for).
// Entries iterate in insertion order, which decides the order of the windows offered to mergeWindows.
class MergingWindowSet {
public:
    struct Entry {
        TimeWindow window; // in flight: what the trigger and the function see
        TimeWindow stateWindow; // where its pane is kept
    };

    // What the sets of one operator merge with: the assigner's mergeWindows, and the scratch space addWindow
    // reuses so that a record allocates nothing. Flink gives every key's set its assigner; an operator with
    // many keys holds one of these for all of them instead.
    class Merger {
    public:
        Merger() = default;
        explicit Merger(std::shared_ptr<const WindowAssigner> assigner);

        // Whether the assigner merges with TimeWindow.mergeWindows (the built-in session assigners).
        bool mergesSessions() const { return m_sessions; }

    private:
        friend class MergingWindowSet;

        std::shared_ptr<const WindowAssigner> m_assigner;
        bool m_sessions = false;
        std::vector<TimeWindow> m_candidates;
        std::vector<WindowMerge> m_merges;
        std::vector<TimeWindow> m_mergedStateWindows;
    };

    // Flink's MergingWindowSet.MergeFunction: told of each merge once the set has recorded it.
    // `mergedWindows` never holds the new window; `mergedStateWindows` never holds `stateWindowResult`.
    class MergeFunction {
    public:
        virtual void merge(const TimeWindow& mergeResult, std::span<const TimeWindow> mergedWindows,
            const TimeWindow& stateWindowResult, std::span<const TimeWindow> mergedStateWindows)
            = 0;

    protected:
        ~MergeFunction() = default;
    };

    // Adds a window to the in-flight windows, merging it with those it touches, and returns its
    // representative: the new window itself, the merge result it ended up in, or the in-flight window that
    // already contains it. Elements and trigger calls go to the representative only.
    TimeWindow addWindow(const TimeWindow& newWindow, Merger& merger, MergeFunction& mergeFunction);

    // The state window of an in-flight window; nullptr when it is not in flight.
    const TimeWindow* getStateWindow(const TimeWindow& window) const;

    // Removes an in-flight window; throws std::logic_error when it is not in flight (Flink's
    // IllegalStateException: the operator's bookkeeping is broken).
    void retireWindow(const TimeWindow& window);

    std::vector<Entry>::const_iterator begin() const { return m_windows.begin(); }
    std::vector<Entry>::const_iterator end() const { return m_windows.end(); }
    bool empty() const { return m_windows.empty(); }
    std::size_t size() const { return m_windows.size(); }

private:
    void put(const TimeWindow& window, const TimeWindow& stateWindow);
    bool take(const TimeWindow& window, TimeWindow& stateWindow);

    // A key has a handful of sessions at a time: a vector searched linearly beats a hash map.
    std::vector<Entry> m_windows;
};

} // namespace tidemark
