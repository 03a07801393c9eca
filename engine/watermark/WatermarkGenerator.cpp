#include "engine/watermark/WatermarkGenerator.h"

#include <algorithm>

namespace tidemark {

BoundedOutOfOrdernessWatermarks::BoundedOutOfOrdernessWatermarks(DurationMs maxOutOfOrderness)
    : m_outOfOrderness(maxOutOfOrderness)
    , m_maxTimestamp(javaAdd(javaAdd(kMinTimestamp, maxOutOfOrderness), 1))
{
    if (maxOutOfOrderness < 0)
        throw std::invalid_argument("maxOutOfOrderness cannot be negative");
}

void BoundedOutOfOrdernessWatermarks::onEvent(Timestamp eventTimestamp, WatermarkOutput&)
{
    m_maxTimestamp = std::max(m_maxTimestamp, eventTimestamp);
}

void BoundedOutOfOrdernessWatermarks::onPeriodicEmit(WatermarkOutput& output)
{
    output.emitWatermark(currentWatermark());
}

BoundedOutOfOrdernessTimestampExtractor::BoundedOutOfOrdernessTimestampExtractor(DurationMs maxOutOfOrderness)
    : m_outOfOrderness(maxOutOfOrderness)
    , m_currentMaxTimestamp(javaAdd(kMinTimestamp, maxOutOfOrderness))
{
    if (maxOutOfOrderness < 0)
        throw std::invalid_argument("Tried to set the maximum allowed lateness to a negative value");
}

void BoundedOutOfOrdernessTimestampExtractor::onEvent(Timestamp eventTimestamp, WatermarkOutput&)
{
    if (eventTimestamp > m_currentMaxTimestamp)
        m_currentMaxTimestamp = eventTimestamp;
}

Timestamp BoundedOutOfOrdernessTimestampExtractor::currentWatermark() const
{
    const Timestamp potential = javaSub(m_currentMaxTimestamp, m_outOfOrderness);
    return std::max(potential, m_lastEmittedWatermark);
}

void BoundedOutOfOrdernessTimestampExtractor::onPeriodicEmit(WatermarkOutput& output)
{
    m_lastEmittedWatermark = currentWatermark();
    output.emitWatermark(m_lastEmittedWatermark);
}

void AscendingTimestampExtractor::onEvent(Timestamp eventTimestamp, WatermarkOutput&)
{
    if (eventTimestamp >= m_currentTimestamp)
        m_currentTimestamp = eventTimestamp;
    else
        ++m_violations;
}

void AscendingTimestampExtractor::onPeriodicEmit(WatermarkOutput& output)
{
    output.emitWatermark(currentWatermark());
}

IdlenessTimer::IdlenessTimer(DurationMs idleTimeout)
    : m_idleTimeout(idleTimeout)
{ }

bool IdlenessTimer::checkIfIdle(Timestamp now)
{
    if (m_counter != m_lastCounter) {
        m_lastCounter = m_counter;
        m_startOfInactivity.reset();
        return false;
    }
    if (!m_startOfInactivity) {
        m_startOfInactivity = now;
        return false;
    }
    return javaSub(now, *m_startOfInactivity) > m_idleTimeout;
}

} // namespace tidemark
