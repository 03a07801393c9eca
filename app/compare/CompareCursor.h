#pragma once

#include "app/document/TimeCursor.h"
#include "engine/compare/Comparison.h"
#include "engine/core/Time.h"

#include <QObject>

#include <optional>
#include <vector>

namespace tidemark::compare {
struct Difference;
}

namespace tidemark::app {

class ComparisonRuns;

// The one shared "where are we" of a comparison: a processing time, at which each run shows its last step
// with processingTime <= t (docs/compare.md), and the difference looked at. It moves the runs' own
// TimeCursors, which their timelines read; nothing else moves them. Stepping goes from one processing time to
// the next at which either run has a step that changes something visible (StepEntry::changesSomething; every
// step of a job graph's run).
class CompareCursor : public QObject {
    Q_OBJECT

public:
    // Before anything happened: both runs at step 0.
    static constexpr Timestamp kStart = kMinTimestamp;

    explicit CompareCursor(ComparisonRuns* runs, QObject* parent = nullptr);

    Timestamp time() const { return m_time; }
    bool atStart() const { return m_time <= m_stops.front(); }
    bool atEnd() const { return m_time >= m_stops.back(); }
    // kStart, then every processing time at which either run changes something visible, ascending.
    const std::vector<Timestamp>& stops() const { return m_stops; }
    Timestamp endTime() const { return m_stops.back(); }
    // The step run `side` shows at processing time t: its last step with processingTime <= t (0 at kStart).
    int stepAt(compare::RunSide side, Timestamp t) const;

    // The difference looked at (its row in ComparisonRuns::differences), or -1.
    int currentDifference() const { return m_difference; }

public Q_SLOTS:
    // Goes to the last stop at or before t; each run shows its last step up to there.
    void setTime(tidemark::Timestamp t);
    void stepForward();
    void stepBack();
    void toStart() { setTime(kStart); }
    void toEnd() { setTime(endTime()); }
    // Goes to a difference: each run to the step the difference names in it (a run where it does not show,
    // to its last step up to the difference's time), the shared time the later of the two; the window or the
    // record is highlighted and selected in both timelines (for job graphs: the operator that made the output is
    // selected in both). -1 leaves the difference and clears both.
    void showDifference(int row);
    // The next (or previous) difference in the list; false when there is none.
    bool toNextDifference(bool forward);

Q_SIGNALS:
    // The shared time or a run's step changed (each run's TimeCursor has already moved).
    void moved();
    void currentDifferenceChanged(int row);

private:
    void moveTo(Timestamp t, std::optional<int> stepA, std::optional<int> stepB);
    void collectStops();
    TimeCursor::Highlight highlightOf(int row) const;
    TimeCursor::Selection selectionOf(int row, compare::RunSide side) const;
    void markDifference();

    ComparisonRuns* m_runs;
    std::vector<Timestamp> m_stops;
    Timestamp m_time = kStart;
    int m_difference = -1;
};

} // namespace tidemark::app
