#include "app/TimeCursor.h"

#include "app/Session.h"

#include <algorithm>

namespace tidemark::app {

TimeCursor::TimeCursor(Session* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
{
    connect(m_session, &Session::runReplaced, this, &TimeCursor::onRunReplaced);
    m_lastStep = m_session->lastStep();
}

void TimeCursor::setStep(int step)
{
    step = std::clamp(step, 0, m_lastStep);
    if (step == m_step)
        return;
    m_step = step;
    // The session moves first so that every view reading it in stepChanged sees the new state.
    m_session->seek(m_step);
    Q_EMIT stepChanged(m_step);
}

void TimeCursor::onRunReplaced(int keepStep)
{
    m_lastStep = m_session->lastStep();
    m_step = std::clamp(keepStep, 0, m_lastStep);
    m_session->seek(m_step);
    Q_EMIT runChanged();
    Q_EMIT lastStepChanged(m_lastStep);
    Q_EMIT stepChanged(m_step);
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

} // namespace tidemark::app
