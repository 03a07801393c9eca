#include "engine/player/GraphPlayer.h"

#include <algorithm>

namespace tidemark {

namespace {

bool happensIn(Happening h, const GraphOutput& o)
{
    const GraphOutputKind kind = kindOf(o);
    const bool late = kind == GraphOutputKind::SideOutput || kind == GraphOutputKind::Dropped;
    switch (h) {
    case Happening::Fire:
        return kind == GraphOutputKind::Result;
    case Happening::LateFire:
        return kind == GraphOutputKind::LateResult;
    case Happening::AnyFire:
        return kind == GraphOutputKind::Result || kind == GraphOutputKind::LateResult;
    case Happening::LateRecord:
        return late;
    case Happening::AnyLate:
        return late || kind == GraphOutputKind::LateResult;
    default:
        return false;
    }
}

} // namespace

GraphPlayer::GraphPlayer(const Scenario& scenario, std::size_t maxSnapshots)
    : m_run(scenario, maxSnapshots)
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

std::optional<StepIndex> GraphPlayer::nextStepWith(Happening happening) const
{
    const GraphTrace& trace = m_run.trace();
    if (happening == Happening::Arrival) {
        for (StepIndex s = current() + 1; s <= lastStep(); ++s) {
            if (trace.step(s).kind == EventQueue::Kind::Arrival)
                return s;
        }
        return std::nullopt;
    }
    const auto& outputs = trace.outputs();
    const std::size_t from = trace.outputsUpTo(current());
    for (std::size_t i = from; i < outputs.size(); ++i) {
        if (happensIn(happening, outputs[i]))
            return trace.stepOfOutput(i);
    }
    return std::nullopt;
}

std::optional<StepIndex> GraphPlayer::previousStepWith(Happening happening) const
{
    const GraphTrace& trace = m_run.trace();
    if (happening == Happening::Arrival) {
        for (StepIndex s = current(); s-- > 1;) {
            if (trace.step(s).kind == EventQueue::Kind::Arrival)
                return s;
        }
        return std::nullopt;
    }
    const auto& outputs = trace.outputs();
    for (std::size_t i = trace.step(current()).firstOutput; i-- > 0;) {
        if (happensIn(happening, outputs[i]))
            return trace.stepOfOutput(i);
    }
    return std::nullopt;
}

} // namespace tidemark
