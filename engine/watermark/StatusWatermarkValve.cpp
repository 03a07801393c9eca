#include "engine/watermark/StatusWatermarkValve.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

StatusWatermarkValve::StatusWatermarkValve(int numChannels)
{
    if (numChannels < 1)
        throw std::invalid_argument("a StatusWatermarkValve needs at least one input channel");
    m_channels.resize(static_cast<std::size_t>(numChannels));
}

void StatusWatermarkValve::inputWatermark(int channelIndex, Timestamp watermark, WatermarkItems& out)
{
    auto& ch = m_channels.at(static_cast<std::size_t>(channelIndex));
    // Input on an idle channel, or while the whole valve is idle, is ignored entirely; so is a watermark
    // that does not raise the channel's own.
    if (m_lastOutputStatus != WatermarkStatus::Active || !ch.isActive() || watermark <= ch.watermark)
        return;
    ch.watermark = watermark;
    // A channel that resumed below the output takes part in the minimum again once it has caught up.
    if (!ch.aligned && watermark >= m_lastOutputWatermark)
        ch.aligned = true;
    emitNewMinimum(out);
}

void StatusWatermarkValve::inputWatermarkStatus(int channelIndex, WatermarkStatus status, WatermarkItems& out)
{
    auto& ch = m_channels.at(static_cast<std::size_t>(channelIndex));
    if (status == WatermarkStatus::Idle && ch.isActive()) {
        ch.status = WatermarkStatus::Idle;
        ch.aligned = false;
        if (!hasActiveChannel()) {
            // Nothing can advance any more: flush the max so that the result does not depend on the
            // order in which the channels went idle. Flink does so only when the channel that went idle last
            // was at the output watermark; one that resumed below it and never caught up flushes nothing.
            if (ch.watermark == m_lastOutputWatermark)
                emitMaximumOfAll(out);
            m_lastOutputStatus = WatermarkStatus::Idle;
            out.push_back(WatermarkItem::idle());
        } else if (ch.watermark == m_lastOutputWatermark) {
            // It may have been the one holding the minimum back.
            emitNewMinimum(out);
        }
    } else if (status == WatermarkStatus::Active && !ch.isActive()) {
        ch.status = WatermarkStatus::Active;
        if (ch.watermark >= m_lastOutputWatermark)
            ch.aligned = true;
        if (m_lastOutputStatus == WatermarkStatus::Idle) {
            m_lastOutputStatus = WatermarkStatus::Active;
            out.push_back(WatermarkItem::active());
        }
    }
}

void StatusWatermarkValve::input(int channelIndex, const WatermarkItem& item, WatermarkItems& out)
{
    switch (item.kind) {
    case WatermarkItem::Kind::Watermark:
        inputWatermark(channelIndex, item.watermark, out);
        break;
    case WatermarkItem::Kind::Idle:
        inputWatermarkStatus(channelIndex, WatermarkStatus::Idle, out);
        break;
    case WatermarkItem::Kind::Active:
        inputWatermarkStatus(channelIndex, WatermarkStatus::Active, out);
        break;
    }
}

std::optional<Timestamp> StatusWatermarkValve::alignedMinimum() const
{
    std::optional<Timestamp> minimum;
    for (const auto& ch : m_channels) {
        if (ch.aligned && (!minimum || ch.watermark < *minimum))
            minimum = ch.watermark;
    }
    return minimum;
}

std::vector<int> StatusWatermarkValve::channelsHoldingMinimum() const
{
    std::vector<int> holders;
    const auto minimum = alignedMinimum();
    if (!minimum)
        return holders;
    for (std::size_t i = 0; i < m_channels.size(); ++i) {
        if (m_channels[i].aligned && m_channels[i].watermark == *minimum)
            holders.push_back(static_cast<int>(i));
    }
    return holders;
}

int StatusWatermarkValve::firstChannelHoldingMinimum() const
{
    const auto minimum = alignedMinimum();
    for (std::size_t i = 0; minimum && i < m_channels.size(); ++i) {
        if (m_channels[i].aligned && m_channels[i].watermark == *minimum)
            return static_cast<int>(i);
    }
    return -1;
}

void StatusWatermarkValve::emitNewMinimum(WatermarkItems& out)
{
    const auto minimum = alignedMinimum();
    if (minimum && *minimum > m_lastOutputWatermark) {
        m_lastOutputWatermark = *minimum;
        out.push_back(WatermarkItem::mark(*minimum));
    }
}

void StatusWatermarkValve::emitMaximumOfAll(WatermarkItems& out)
{
    Timestamp maximum = kMinTimestamp;
    for (const auto& ch : m_channels)
        maximum = std::max(maximum, ch.watermark);
    if (maximum > m_lastOutputWatermark) {
        m_lastOutputWatermark = maximum;
        out.push_back(WatermarkItem::mark(maximum));
    }
}

bool StatusWatermarkValve::hasActiveChannel() const
{
    return std::any_of(m_channels.begin(), m_channels.end(), [](const ChannelState& ch) { return ch.isActive(); });
}

} // namespace tidemark
