#include "engine/windowing/MergingWindowSet.h"

#include "engine/windowing/WindowAssigner.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

MergingWindowSet::Merger::Merger(std::shared_ptr<const WindowAssigner> assigner)
    : m_assigner(std::move(assigner))
    , m_sessions(dynamic_cast<const EventTimeSessionWindows*>(m_assigner.get()) != nullptr
          || dynamic_cast<const ProcessingTimeSessionWindows*>(m_assigner.get()) != nullptr)
{ }

const TimeWindow* MergingWindowSet::getStateWindow(const TimeWindow& window) const
{
    for (const Entry& entry : m_windows) {
        if (entry.window == window)
            return &entry.stateWindow;
    }
    return nullptr;
}

void MergingWindowSet::retireWindow(const TimeWindow& window)
{
    TimeWindow stateWindow;
    if (!take(window, stateWindow))
        throw std::logic_error("Window " + toJavaString(window) + " is not in in-flight window set.");
}

void MergingWindowSet::put(const TimeWindow& window, const TimeWindow& stateWindow)
{
    for (Entry& entry : m_windows) {
        if (entry.window == window) {
            entry.stateWindow = stateWindow;
            return;
        }
    }
    m_windows.push_back({window, stateWindow});
}

bool MergingWindowSet::take(const TimeWindow& window, TimeWindow& stateWindow)
{
    for (auto it = m_windows.begin(); it != m_windows.end(); ++it) {
        if (it->window == window) {
            stateWindow = it->stateWindow;
            m_windows.erase(it);
            return true;
        }
    }
    return false;
}

TimeWindow MergingWindowSet::addWindow(const TimeWindow& newWindow, Merger& merger, MergeFunction& mergeFunction)
{
    std::vector<WindowMerge>& merges = merger.m_merges; // scratch: keeps its capacity between records
    // The in-flight windows of a key never intersect one another (every addition merges all it touches),
    // so TimeWindow.mergeWindows can only report one group: the new window with the windows it intersects.
    // With at most one such window that group is known without sorting (and without allocating).
    std::size_t touching = 0;
    std::size_t touchedAt = 0;
    if (merger.m_sessions) {
        for (std::size_t i = 0; i < m_windows.size(); ++i) {
            if (m_windows[i].window.intersects(newWindow)) {
                touchedAt = i;
                if (++touching > 1)
                    break;
            }
        }
    }
    if (merger.m_sessions && touching == 0) {
        m_windows.push_back({newWindow, newWindow});
        return newWindow;
    }
    if (merger.m_sessions && touching == 1) {
        const Entry touched = m_windows[touchedAt];
        if (touched.window.start() <= newWindow.start() && newWindow.end() <= touched.window.end())
            return touched.window; // contained in an in-flight window: no merge
        // The general steps below for a group of two, done in place: the new window is dropped from the merged
        // windows, which leaves the touched one; its state window is kept, so no other is merged into it; the
        // touched window leaves the set and the merge result joins it last.
        const TimeWindow result = touched.window.cover(newWindow);
        std::rotate(m_windows.begin() + static_cast<std::ptrdiff_t>(touchedAt),
            m_windows.begin() + static_cast<std::ptrdiff_t>(touchedAt) + 1, m_windows.end());
        m_windows.back() = {result, touched.stateWindow};
        mergeFunction.merge(result, std::span<const TimeWindow>(&touched.window, 1), touched.stateWindow, {});
        return result;
    }
    std::vector<TimeWindow>& candidates = merger.m_candidates;
    candidates.clear();
    for (const Entry& entry : m_windows)
        candidates.push_back(entry.window);
    candidates.push_back(newWindow);
    merges.clear();
    merger.m_assigner->mergeWindows(candidates, merges);

    TimeWindow result = newWindow;
    bool mergedNewWindow = false;
    for (WindowMerge& merge : merges) {
        std::vector<TimeWindow>& merged = merge.merged;
        if (auto it = std::find(merged.begin(), merged.end(), newWindow); it != merged.end()) {
            merged.erase(it);
            mergedNewWindow = true;
            result = merge.result;
        }
        if (merged.empty())
            continue;
        // The state window of the first merged window in HashSet order is kept (Flink picks "any": the first
        // its iterator yields).
        const TimeWindow* first = getStateWindow(merged.front());
        const TimeWindow stateWindowResult = first != nullptr ? *first : merged.front();
        std::vector<TimeWindow>& mergedStateWindows = merger.m_mergedStateWindows;
        mergedStateWindows.clear();
        for (const TimeWindow& w : merged) {
            if (TimeWindow stateWindow; take(w, stateWindow))
                mergedStateWindows.push_back(stateWindow);
        }
        put(merge.result, stateWindowResult);
        if (auto it = std::find(mergedStateWindows.begin(), mergedStateWindows.end(), stateWindowResult);
            it != mergedStateWindows.end())
            mergedStateWindows.erase(it);

        // Adding a window contained in an in-flight one changes nothing: no merge.
        if (merged.size() == 1 && merged.front() == merge.result)
            continue;
        mergeFunction.merge(merge.result, merged, stateWindowResult, mergedStateWindows);
    }
    // A window that merged with nothing is its own state window.
    if (merges.empty() || (result == newWindow && !mergedNewWindow))
        put(result, result);
    return result;
}

} // namespace tidemark
