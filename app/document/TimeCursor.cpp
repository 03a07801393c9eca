#include "app/document/TimeCursor.h"

#include "app/document/GraphDocument.h"
#include "app/document/Session.h"

#include <algorithm>
#include <optional>

namespace tidemark::app {

TimeCursor::TimeCursor(Session* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    connect(m_session, &Session::runReplaced, this, &TimeCursor::onRunReplaced);
    connect(m_session, &Session::runExtended, this, &TimeCursor::onRunExtended);
    connect(m_session, &Session::liveStarted, this,
        [this] { setFollowLive(true); }); // a live run starts at its newest step
    connect(m_session, &Session::lessonChanged, this, [this] {
        updatePrediction();
        Q_EMIT lessonStateChanged();
    });
    m_lastStep = m_session->lastStep();
}

void TimeCursor::setStep(int step)
{
    moveTo(step, false);
}

void TimeCursor::moveTo(int step, bool held)
{
    step = std::clamp(step, 0, m_lastStep);
    if (held && isPredicting() && step >= m_hiddenStep)
        step = std::max(m_step, m_hiddenStep - 1);
    if (step == m_step)
        return;
    // leaving the newest step of a live run is looking back: the run goes on growing behind the cursor
    if (step < m_lastStep && m_session->isLive())
        setFollowLive(false);
    m_step = step;
    // The session moves first so that every view reading it in stepChanged sees the new state.
    m_session->seek(m_step);
    updatePrediction();
    Q_EMIT stepChanged(m_step);
}

int TimeCursor::hiddenStepAfter(int markerStep) const
{
    if (m_session->hasGraph()) {
        // a graph's next result of any operator (the session stands at the marker)
        const GraphPlayer& player = m_session->graph().player();
        const auto next = int(player.current()) == markerStep ? player.nextStepWith(Happening::AnyFire) : std::nullopt;
        return next ? int(*next) : m_lastStep;
    }
    const auto fires = m_session->trace().fires();
    const auto next = std::upper_bound(
        fires.begin(), fires.end(), StepIndex(markerStep), [](StepIndex s, const FireRecord& f) { return s < f.step; });
    return next == fires.end() ? m_lastStep : int(next->step);
}

void TimeCursor::updatePrediction()
{
    const int before = m_hiddenStep;
    // revealed by going there, or left by going back before the marker
    if (isPredicting() && (!m_holdPredictions || m_step >= m_hiddenStep || m_step < m_predictMarker)) {
        m_predictMarker = -1;
        m_hiddenStep = -1;
    }
    const LessonMarker* marker = m_session->hasRun() || m_session->hasGraph() ? m_session->markerAt(m_step) : nullptr;
    if (m_holdPredictions && !isPredicting() && marker && marker->predict && m_step < m_lastStep) {
        m_predictMarker = m_step;
        m_hiddenStep = hiddenStepAfter(m_step);
    }
    if (m_hiddenStep != before)
        Q_EMIT lessonStateChanged();
}

void TimeCursor::setHoldsPredictions(bool hold)
{
    if (hold == m_holdPredictions)
        return;
    m_holdPredictions = hold;
    updatePrediction();
}

void TimeCursor::reveal()
{
    if (isPredicting())
        setStep(m_hiddenStep);
}

bool TimeCursor::toMarker(bool forward)
{
    const auto& lesson = m_session->lesson();
    if (forward) {
        const auto it = std::find_if(lesson.begin(), lesson.end(),
            [this](const LessonMarker& m) { return int(m.step) > m_step && int(m.step) <= m_lastStep; });
        if (it == lesson.end())
            return false;
        // a held-back fire stays held: the next marker waits behind it until the presenter reveals
        if (isPredicting() && int(it->step) >= m_hiddenStep)
            return false;
        setStep(int(it->step));
        return true;
    }
    const auto it
        = std::find_if(lesson.rbegin(), lesson.rend(), [this](const LessonMarker& m) { return int(m.step) < m_step; });
    if (it == lesson.rend())
        return false;
    setStep(int(it->step));
    return true;
}

void TimeCursor::onRunReplaced(int keepStep)
{
    // a new run's record and window numbers need not name the same things: the selection goes
    m_selection = {};
    m_lastStep = m_session->lastStep();
    m_step = std::clamp(keepStep, 0, m_lastStep);

    m_session->seek(m_step);
    m_predictMarker = -1;
    m_hiddenStep = -1;
    updatePrediction();
    Q_EMIT runChanged();
    Q_EMIT lastStepChanged(m_lastStep);
    Q_EMIT stepChanged(m_step);
}

void TimeCursor::onRunExtended()
{
    m_lastStep = m_session->lastStep();
    Q_EMIT runExtended();
    Q_EMIT lastStepChanged(m_lastStep);
    if (m_followLive && m_step != m_lastStep) {
        m_step = m_lastStep;
        m_session->seek(m_step);
        Q_EMIT stepChanged(m_step);
    }
}

namespace {

std::optional<tidemark::Happening> stopsAt(TimeCursor::Granularity g)
{
    switch (g) {
    case TimeCursor::Granularity::EveryStep:
        return std::nullopt;
    case TimeCursor::Granularity::Changes:
        return tidemark::Happening::VisibleChange;
    case TimeCursor::Granularity::Arrivals:
        return tidemark::Happening::Arrival;
    }
    return std::nullopt;
}

} // namespace

void TimeCursor::stepForward()
{
    const auto happening = stopsAt(m_granularity);
    if (!happening) {
        moveTo(m_step + 1, true);
        return;
    }
    const auto target = m_session->hasRun() ? m_session->player().nextStepWith(*happening) : std::nullopt;
    moveTo(target ? int(*target) : m_lastStep, true); // nothing more of that kind: the end of the run
}

void TimeCursor::stepBack()
{
    const auto happening = stopsAt(m_granularity);
    if (!happening || !jumpTo(*happening, false))
        setStep(happening ? 0 : m_step - 1);
}

void TimeCursor::setGranularity(Granularity granularity)
{
    if (granularity == m_granularity)
        return;
    m_granularity = granularity;
    Q_EMIT granularityChanged(granularity);
}

int TimeCursor::snapped(int step) const
{
    if (!m_session->hasRun() || m_granularity == Granularity::EveryStep)
        return step;
    const Trace& trace = m_session->trace();
    const Happening stop = *stopsAt(m_granularity);
    if (std::min(step, m_lastStep) <= 0)
        return 0;
    // every stop changes something, so the quiet periodic emissions the trace keeps as runs are none
    const StepIndex found = trace.lastStoredStepWhere(StepIndex(std::min(step, m_lastStep)),
        [&](StepIndex s, const StepEntry& e) { return s > 0 && happensAt(stop, e); });
    return found == kNoStep ? 0 : int(found);
}

int TimeCursor::skippedBefore() const
{
    if (m_granularity == Granularity::EveryStep || m_step <= 1)
        return 0;
    return m_step - 1 - snapped(m_step - 1);
}

void TimeCursor::toEnd()
{
    if (m_session->isLive())
        setFollowLive(true);
    setStep(m_lastStep);
}

void TimeCursor::setFollowLive(bool follow)
{
    if (follow == m_followLive)
        return;
    m_followLive = follow;
    Q_EMIT followLiveChanged(follow);
    if (follow)
        setStep(m_lastStep);
}

bool TimeCursor::jumpTo(Happening happening, bool forward)
{
    std::optional<StepIndex> target;
    if (m_session->hasGraph()) {
        const GraphPlayer& player = m_session->graph().player();
        target = forward ? player.nextStepWith(happening) : player.previousStepWith(happening);
    } else if (m_session->hasRun()) {
        const Player& player = m_session->player();
        target = forward ? player.nextStepWith(happening) : player.previousStepWith(happening);
    }
    if (!target)
        return false;
    const int before = m_step;
    moveTo(int(*target), forward);
    return m_step != before;
}

void TimeCursor::setVisibleRange(double start, double end)
{
    if (end <= start)
        end = start + 1.0;
    if (start == m_visibleStart && end == m_visibleEnd)
        return;
    m_visibleStart = start;
    m_visibleEnd = end;
    Q_EMIT visibleRangeChanged(start, end);
}

void TimeCursor::setFollowWatermark(bool follow)
{
    if (follow == m_follow)
        return;
    m_follow = follow;
    Q_EMIT followWatermarkChanged(follow);
}

void TimeCursor::setHighlight(const Highlight& h)
{
    if (h == m_highlight)
        return;
    m_highlight = h;
    Q_EMIT highlightChanged();
}

TimeCursor::Selection TimeCursor::Selection::ofRecord(RecordIndex r)
{
    Selection s;
    s.kind = Kind::Record;
    s.record = r;
    return s;
}

TimeCursor::Selection TimeCursor::Selection::ofWindow(int subtask, KeyId key, const TimeWindow& window)
{
    Selection s;
    s.kind = Kind::Window;
    s.subtask = subtask;
    s.key = key;
    s.window = window;
    return s;
}

TimeCursor::Selection TimeCursor::Selection::ofChannel(int channel)
{
    Selection s;
    s.kind = Kind::Channel;
    s.channel = channel;
    return s;
}

TimeCursor::Selection TimeCursor::Selection::ofStream(int stream)
{
    Selection s;
    s.kind = Kind::Stream;
    s.stream = stream;
    return s;
}

TimeCursor::Selection TimeCursor::Selection::ofInputRecord(int stream, int input, std::size_t rank)
{
    Selection s;
    s.kind = Kind::InputRecord;
    s.stream = stream;
    s.channel = input;
    s.record = static_cast<RecordIndex>(rank);
    return s;
}

RecordIndex TimeCursor::selectedRecord() const
{
    return m_selection.kind == Selection::Kind::Record ? m_selection.record : kNoRecord;
}

void TimeCursor::select(const Selection& selection)
{
    if (selection == m_selection)
        return;
    m_selection = selection;
    Q_EMIT selectionChanged();
}

} // namespace tidemark::app
