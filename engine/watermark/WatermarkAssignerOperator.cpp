#include "engine/watermark/WatermarkAssignerOperator.h"

#include <algorithm>

namespace tidemark {

WatermarkAssignerOperator::WatermarkAssignerOperator(const Settings& settings, Timestamp now)
    : m_settings(settings)
    , m_lastPeriodicEmit(now)
    , m_lastIdleCheck(now)
{
    if (m_settings.autoWatermarkIntervalMs > 0 || m_settings.idleTimeoutMs > 0)
        m_nextTimer = javaAdd(now, timerInterval(m_settings.autoWatermarkIntervalMs, m_settings.idleTimeoutMs));
}

DurationMs WatermarkAssignerOperator::timerInterval(DurationMs watermarkIntervalMs, DurationMs idleTimeoutMs)
{
    if (watermarkIntervalMs <= 0)
        return std::max<DurationMs>(idleTimeoutMs, 1);
    if (idleTimeoutMs <= 0)
        return watermarkIntervalMs;
    const DurationMs smaller = std::min(watermarkIntervalMs, idleTimeoutMs);
    const DurationMs larger = std::max(watermarkIntervalMs, idleTimeoutMs);
    // one five times smaller is checked exactly and the other well enough; else a fifth of the smaller
    return std::max<DurationMs>(smaller * 5 < larger ? smaller : smaller / 5, 1);
}

void WatermarkAssignerOperator::setStatus(WatermarkStatus status, WatermarkItems& out)
{
    m_status = status;
    out.push_back(status == WatermarkStatus::Idle ? WatermarkItem::idle() : WatermarkItem::active());
}

void WatermarkAssignerOperator::processElement(Timestamp rowtime, WatermarkItems& out)
{
    ++m_processed;
    if (idlenessEnabled() && m_status == WatermarkStatus::Idle)
        setStatus(WatermarkStatus::Active, out);
    m_currentWatermark = std::max(m_currentWatermark, javaSub(rowtime, m_settings.delayMs));
    // at once, rather than waiting for a timer that may come late: current − last > interval, strictly
    if (javaSub(m_currentWatermark, m_lastWatermark) > m_settings.autoWatermarkIntervalMs)
        advanceWatermark(out);
}

void WatermarkAssignerOperator::advanceWatermark(WatermarkItems& out)
{
    if (m_currentWatermark > m_lastWatermark) {
        m_lastWatermark = m_currentWatermark;
        out.push_back(WatermarkItem::mark(m_currentWatermark));
    }
}

void WatermarkAssignerOperator::onProcessingTime(Timestamp now, WatermarkItems& out)
{
    if (m_settings.autoWatermarkIntervalMs > 0
        && javaAdd(m_lastPeriodicEmit, m_settings.autoWatermarkIntervalMs) <= now) {
        m_lastPeriodicEmit = now;
        advanceWatermark(out);
    }
    if (std::int64_t(m_processed) != m_processedAtIdleCheck) {
        m_lastIdleCheck = now;
        m_processedAtIdleCheck = std::int64_t(m_processed);
    }
    if (idlenessEnabled() && m_status == WatermarkStatus::Active
        && javaAdd(m_lastIdleCheck, m_settings.idleTimeoutMs) <= now)
        setStatus(WatermarkStatus::Idle, out);
    m_nextTimer = javaAdd(now, timerInterval(m_settings.autoWatermarkIntervalMs, m_settings.idleTimeoutMs));
}

void WatermarkAssignerOperator::processWatermark(Timestamp watermark, WatermarkItems& out)
{
    // the end of input goes on (once); any other watermark from upstream is the assigner's to replace
    if (watermark != kMaxTimestamp || m_currentWatermark == kMaxTimestamp)
        return;
    if (idlenessEnabled() && m_status == WatermarkStatus::Idle)
        setStatus(WatermarkStatus::Active, out);
    m_currentWatermark = kMaxTimestamp;
    out.push_back(WatermarkItem::mark(kMaxTimestamp));
}

} // namespace tidemark
