#include "app/compare/CompareCursor.h"

#include "app/compare/ComparisonRuns.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"

#include <algorithm>

namespace tidemark::app {

using compare::Difference;
using compare::RunSide;

CompareCursor::CompareCursor(ComparisonRuns* runs, QObject* parent)
    : QObject(parent)
    , m_runs(runs)
{
    collectStops();
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        TimeCursor* cursor = m_runs->cursor(side);
        TimeCursor* other = m_runs->cursor(side == RunSide::A ? RunSide::B : RunSide::A);
        // Both runs read the same events, so they share one event-time range: zooming or panning either
        // timeline moves the other (setVisibleRange ignores the range it already has, so this stops there).
        connect(cursor, &TimeCursor::visibleRangeChanged, other, &TimeCursor::setVisibleRange);
        // the pointer leaving a record or window gives the highlight back to the difference looked at
        connect(cursor, &TimeCursor::highlightChanged, this, [this, cursor] {
            if (m_difference >= 0 && cursor->highlight().kind == TimeCursor::Highlight::Kind::None)
                cursor->setHighlight(highlightOf(m_difference));
        });
    }
}

void CompareCursor::collectStops()
{
    m_stops.push_back(kStart);
    if (!m_runs->isLoaded())
        return;
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        const Session* session = m_runs->session(side);
        if (session->hasGraph()) {
            const GraphTrace& run = session->graph().run().trace();
            for (StepIndex s = 1; s < run.stepCount(); ++s)
                m_stops.push_back(run.step(s).processingTime);
            continue;
        }
        const Trace& trace = session->trace();
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

int CompareCursor::stepAt(RunSide side, Timestamp t) const
{
    const Session* session = m_runs->session(side);
    if (t == kStart)
        return 0;
    if (session->hasGraph())
        return int(session->graph().run().trace().lastStepAt(t));
    if (!session->hasRun())
        return 0;
    const StepIndex after = session->trace().firstStepAtOrAfter(t + 1);
    return std::clamp(int(after) - 1, 0, session->lastStep());
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
    const bool changed = row != m_difference;
    m_difference = row;
    markDifference();
    std::optional<int> steps[2];
    if (m_runs->isGraph()) {
        const compare::GraphDifference& d = m_runs->graphDifference(row);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            if (d.side(side).output)
                steps[side == RunSide::A ? 0 : 1] = int(d.side(side).step);
        }
    } else {
        const Difference& d = m_runs->difference(row);
        for (const RunSide side : {RunSide::A, RunSide::B}) {
            if (d.side(side).hasStep())
                steps[side == RunSide::A ? 0 : 1] = int(d.side(side).step);
        }
    }
    moveTo(m_runs->differenceTime(row), steps[0], steps[1]);
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
            if (m_runs->differenceTime(r) > m_time)
                row = r;
        }
    } else {
        for (int r = count - 1; r >= 0 && row < 0; --r) {
            if (m_runs->differenceTime(r) < m_time)
                row = r;
        }
    }
    if (row < 0 || row >= count)
        return false;
    showDifference(row);
    return true;
}

TimeCursor::Highlight CompareCursor::highlightOf(int row) const
{
    TimeCursor::Highlight h;
    if (m_runs->isGraph())
        return h; // the graph's views show the operator selected
    const Difference& d = m_runs->difference(row);
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

TimeCursor::Selection CompareCursor::selectionOf(int row, RunSide side) const
{
    if (m_runs->isGraph()) {
        // the operator that made the output, by its name (the two graphs may number their operators apart)
        const std::string& name = m_runs->graphDifference(row).op;
        const StreamGraph& streams = m_runs->session(side)->graph().streams();
        for (int s = 0; s < streams.streamCount(); ++s) {
            if (streams.node(s).name == name)
                return TimeCursor::Selection::ofStream(s);
        }
        return {};
    }
    const Difference& d = m_runs->difference(row);
    if (d.record != kNoRecord)
        return TimeCursor::Selection::ofRecord(d.record);
    // a window by its subtask and key in that run; in a run where it never fires there is nothing to select
    if (const auto& fire = d.side(side).fire)
        return TimeCursor::Selection::ofWindow(fire->subtask, fire->key, fire->window);
    return {};
}

void CompareCursor::markDifference()
{
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        m_runs->cursor(side)->setHighlight(highlightOf(m_difference));
        m_runs->cursor(side)->select(selectionOf(m_difference, side));
    }
}

} // namespace tidemark::app
