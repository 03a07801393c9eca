#include "engine/watermark/WatermarkOutputMultiplexer.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

WatermarkOutputMultiplexer::WatermarkOutputMultiplexer(FlinkVersion version)
    : m_status(version)
{ }

bool WatermarkOutputMultiplexer::registerNewOutput(std::string_view id)
{
    if (output(id))
        return false;
    m_outputs.push_back(Output {std::string(id), kMinTimestamp, false});
    return true;
}

bool WatermarkOutputMultiplexer::unregisterOutput(std::string_view id)
{
    const auto it = std::find_if(m_outputs.begin(), m_outputs.end(), [id](const Output& o) { return o.id == id; });
    if (it == m_outputs.end())
        return false;
    m_outputs.erase(it);
    return true;
}

const WatermarkOutputMultiplexer::Output* WatermarkOutputMultiplexer::output(std::string_view id) const
{
    const auto it = std::find_if(m_outputs.begin(), m_outputs.end(), [id](const Output& o) { return o.id == id; });
    return it == m_outputs.end() ? nullptr : &*it;
}

std::size_t WatermarkOutputMultiplexer::indexOf(std::string_view id) const
{
    if (const Output* o = output(id))
        return static_cast<std::size_t>(o - m_outputs.data());
    throw std::invalid_argument("no watermark output registered for split \"" + std::string(id) + "\"");
}

WatermarkOutputMultiplexer::SplitOutput WatermarkOutputMultiplexer::immediateOutput(
    std::string_view id, WatermarkOutput& underlying)
{
    return SplitOutput(*this, indexOf(id), &underlying);
}

WatermarkOutputMultiplexer::SplitOutput WatermarkOutputMultiplexer::deferredOutput(std::string_view id)
{
    return SplitOutput(*this, indexOf(id), nullptr);
}

const WatermarkOutputMultiplexer::Output* WatermarkOutputMultiplexer::holdingBack() const
{
    const int holding = CombinedWatermarkStatus::holdingBack(m_outputs);
    return holding < 0 ? nullptr : &m_outputs[static_cast<std::size_t>(holding)];
}

void WatermarkOutputMultiplexer::updateCombinedWatermark(WatermarkOutput& underlying)
{
    const bool rose = m_status.update(m_outputs);
    if (rose)
        underlying.emitWatermark(m_status.combinedWatermark());
    // Flink 1.20: `else if`; 2.x emits the all-idle maximum and then IDLE in the same call
    if (m_status.isIdle() && (m_status.allIdleTakesMaximum() || !rose))
        underlying.markIdle();
}

void WatermarkOutputMultiplexer::onPeriodicEmit(WatermarkOutput& underlying)
{
    updateCombinedWatermark(underlying);
}

WatermarkOutputMultiplexer::SplitOutput::SplitOutput(
    WatermarkOutputMultiplexer& multiplexer, std::size_t index, WatermarkOutput* underlying)
    : m_multiplexer(multiplexer)
    , m_index(index)
    , m_underlying(underlying)
{ }

void WatermarkOutputMultiplexer::SplitOutput::emitWatermark(Timestamp watermark)
{
    const bool rose = CombinedWatermarkStatus::setWatermark(m_multiplexer.m_outputs[m_index], watermark);
    // an immediate output combines only when it could raise the combined watermark
    if (m_underlying && rose && watermark > m_multiplexer.combinedWatermark())
        m_multiplexer.updateCombinedWatermark(*m_underlying);
}

void WatermarkOutputMultiplexer::SplitOutput::markIdle()
{
    m_multiplexer.m_outputs[m_index].idle = true;
    if (m_underlying)
        m_multiplexer.updateCombinedWatermark(*m_underlying);
}

void WatermarkOutputMultiplexer::SplitOutput::markActive()
{
    m_multiplexer.m_outputs[m_index].idle = false;
    if (m_underlying)
        m_multiplexer.updateCombinedWatermark(*m_underlying);
}

} // namespace tidemark
