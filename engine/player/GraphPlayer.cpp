#include "engine/player/GraphPlayer.h"

#include <algorithm>

namespace tidemark {

GraphPlayer::GraphPlayer(const Scenario& scenario)
    : m_run(scenario)
    , m_state(m_run.stateAfter(0))
{ }

bool GraphPlayer::stepForward()
{
    if (current() >= lastStep())
        return false;
    m_previous = std::make_unique<GraphRun::State>(*m_state);
    return m_run.advance(*m_state);
}

bool GraphPlayer::stepBack()
{
    if (current() == 0)
        return false;
    if (m_previous && m_previous->step + 1 == current()) {
        m_state = std::move(m_previous);
        return true;
    }
    seek(current() - 1);
    return true;
}

void GraphPlayer::seek(StepIndex step)
{
    step = std::min(step, lastStep());
    if (step == current())
        return;
    if (step > current() && step - current() <= m_run.snapshotInterval()) { // nearer than any copy
        m_run.advanceTo(*m_state, step - 1);
    } else {
        m_state = m_run.stateAfter(step == 0 ? 0 : step - 1);
    }
    if (current() < step)
        stepForward(); // keeps the step before, for a step back without replaying
}

} // namespace tidemark
