#include "app/compare/CompareCursor.h"

#include "app/compare/ComparisonRuns.h"
#include "app/document/Session.h"

#include <algorithm>

namespace tidemark::app {

using compare::Difference;
using compare::RunSide;

CompareCursor::CompareCursor(ComparisonRuns* runs, QObject* parent)
    : QObject(parent)
    , m_runs(runs)
{
    m_stops.push_back(kStart);
    if (m_runs->isLoaded()) {
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            const Trace& trace = m_runs->session(side)->trace();
            const auto last = static_cast<StepIndex>(trace.stepCount() - 1);
            trace.forEachStoredStep(1, last, [&](StepIndex, const StepEntry& e) {
                if (e.changesSomething())
                    m_stops.push_back(e.processingTime);
                return true;
            });
            // the end is a stop even when the last step changes nothing: End shows both runs' last steps
            if (last > 0)
                m_stops.push_back(trace.step(last).processingTime);
        }
        std::sort(m_stops.begin() + 1, m_stops.end());
        m_stops.erase(std::unique(m_stops.begin(), m_stops.end()), m_stops.end());
    }
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        TimeCursor* cursor = m_runs->cursor(side);
        TimeCursor* other = m_runs->cursor(side == RunSide::A ? RunSide::B : RunSide::A);
        // Both runs read the same events, so they share one event-time range: zooming or panning either
        // timeline moves the other (setVisibleRange ignores the range it already has, so this stops there).
        connect(cursor, &TimeCursor::visibleRangeChanged, other, &TimeCursor::setVisibleRange);
        // the pointer leaving a record or window gives the highlight back to the difference looked at
        connect(cursor, &TimeCursor::highlightChanged, this, [this, cursor] {
            if (m_difference >= 0 && cursor->highlight().kind == TimeCursor::Highlight::Kind::None)
                cursor->setHighlight(highlightOf(m_runs->difference(m_difference)));
        });
    }
}

int CompareCursor::stepAt(RunSide side, Timestamp t) const
{
    const Session* session = m_runs->session(side);
    if (t == kStart || !session->hasRun())
        return 0;
    const StepIndex after = session->trace().firstStepAtOrAfter(t + 1);
    return std::clamp(int(after) - 1, 0, session->lastStep());
}

Timestamp CompareCursor::timeOf(const Difference& d)
{
    Timestamp t = kStart;
    for (const compare::DifferenceSide* s : {&d.a, &d.b}) {
        if (s->hasStep())
            t = std::max(t, s->processingTime);
    }
    return t;
}

void CompareCursor::moveTo(Timestamp t, std::optional<int> stepA, std::optional<int> stepB)
{
    m_time = t;
    m_runs->cursor(RunSide::A)->setStep(stepA.value_or(stepAt(RunSide::A, t)));
    m_runs->cursor(RunSide::B)->setStep(stepB.value_or(stepAt(RunSide::B, t)));
    Q_EMIT moved();
}

void CompareCursor::setTime(Timestamp t)
{
    const auto after = std::upper_bound(m_stops.begin(), m_stops.end(), t);
    moveTo(after == m_stops.begin() ? kStart : *(after - 1), std::nullopt, std::nullopt);
}

void CompareCursor::stepForward()
{
    const auto next = std::upper_bound(m_stops.begin(), m_stops.end(), m_time);
    if (next != m_stops.end())
        moveTo(*next, std::nullopt, std::nullopt);
}

void CompareCursor::stepBack()
{
    const auto at = std::lower_bound(m_stops.begin(), m_stops.end(), m_time);
    if (at != m_stops.begin())
        moveTo(*(at - 1), std::nullopt, std::nullopt);
}

void CompareCursor::showDifference(int row)
{
    if (row < 0 || row >= m_runs->differenceCount()) {
        if (m_difference < 0)
            return;
        m_difference = -1;
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            m_runs->cursor(side)->clearHighlight();
            m_runs->cursor(side)->clearSelection();
        }
        Q_EMIT currentDifferenceChanged(-1);
        return;
    }
    const Difference& d = m_runs->difference(row);
    const bool changed = row != m_difference;
    m_difference = row;
    markDifference();
    const auto exact
        = [](const compare::DifferenceSide& s) { return s.hasStep() ? std::optional<int>(int(s.step)) : std::nullopt; };
    moveTo(timeOf(d), exact(d.a), exact(d.b));
    if (changed)
        Q_EMIT currentDifferenceChanged(row);
}

bool CompareCursor::toNextDifference(bool forward)
{
    const int count = m_runs->differenceCount();
    int row = -1;
    if (m_difference >= 0) {
        row = m_difference + (forward ? 1 : -1);
    } else if (forward) {
        // from where the cursor is: the first difference not behind it
        for (int r = 0; r < count && row < 0; ++r) {
            if (timeOf(m_runs->difference(r)) > m_time)
                row = r;
        }
    } else {
        for (int r = count - 1; r >= 0 && row < 0; --r) {
            if (timeOf(m_runs->difference(r)) < m_time)
                row = r;
        }
    }
    if (row < 0 || row >= count)
        return false;
    showDifference(row);
    return true;
}

TimeCursor::Highlight CompareCursor::highlightOf(const Difference& d) const
{
    TimeCursor::Highlight h;
    if (d.record != kNoRecord) {
        h.kind = TimeCursor::Highlight::Kind::Record;
        h.record = d.record;
    } else {
        h.kind = TimeCursor::Highlight::Kind::Window;
        h.windowStart = d.window.start();
        h.windowEnd = d.window.end();
    }
    return h;
}

TimeCursor::Selection CompareCursor::selectionOf(const Difference& d, RunSide side) const
{
    if (d.record != kNoRecord)
        return TimeCursor::Selection::ofRecord(d.record);
    // a window by its subtask and key in that run; in a run where it never fires there is nothing to select
    if (const auto& fire = d.side(side).fire)
        return TimeCursor::Selection::ofWindow(fire->subtask, fire->key, fire->window);
    return {};
}

void CompareCursor::markDifference()
{
    const Difference& d = m_runs->difference(m_difference);
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        m_runs->cursor(side)->setHighlight(highlightOf(d));
        m_runs->cursor(side)->select(selectionOf(d, side));
    }
}

} // namespace tidemark::app
