#include "engine/watermark/IndexedCombinedWatermarkStatus.h"

#include <stdexcept>

namespace tidemark {

IndexedCombinedWatermarkStatus::IndexedCombinedWatermarkStatus(int inputs, FlinkVersion version)
    : m_inputs(static_cast<std::size_t>(inputs))
    , m_status(version)
{
    if (inputs < 1)
        throw std::invalid_argument("an operator has at least one input");
}

bool IndexedCombinedWatermarkStatus::updateWatermark(int input, Timestamp watermark)
{
    CombinedWatermarkStatus::setWatermark(m_inputs.at(static_cast<std::size_t>(input)), watermark);
    return m_status.update(m_inputs);
}

bool IndexedCombinedWatermarkStatus::updateStatus(int input, bool idle)
{
    m_inputs.at(static_cast<std::size_t>(input)).idle = idle;
    return m_status.update(m_inputs);
}

void IndexedCombinedWatermarkStatus::processWatermark(int input, Timestamp watermark, WatermarkItems& out)
{
    if (updateWatermark(input, watermark))
        out.push_back(WatermarkItem::mark(m_status.combinedWatermark()));
}

void IndexedCombinedWatermarkStatus::processWatermarkStatus(int input, WatermarkStatus status, WatermarkItems& out)
{
    const bool wasIdle = m_status.isIdle();
    if (updateStatus(input, status == WatermarkStatus::Idle))
        out.push_back(WatermarkItem::mark(m_status.combinedWatermark()));
    // the incoming status is the operator's new one whenever the idleness changed
    if (wasIdle != m_status.isIdle())
        out.push_back(status == WatermarkStatus::Idle ? WatermarkItem::idle() : WatermarkItem::active());
}

int IndexedCombinedWatermarkStatus::holdingInput() const
{
    return CombinedWatermarkStatus::holdingBack(m_inputs);
}

} // namespace tidemark
