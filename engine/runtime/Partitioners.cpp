#include "engine/runtime/Partitioners.h"

#include <stdexcept>
#include <string>

namespace tidemark {

RebalancePartitioner::RebalancePartitioner(int numberOfChannels, int firstChannel)
    : m_numberOfChannels(numberOfChannels)
    , m_next(firstChannel)
{
    if (numberOfChannels < 1)
        throw std::invalid_argument("rebalance needs at least one channel");
    if (firstChannel < 0 || firstChannel >= numberOfChannels)
        throw std::invalid_argument(
            "firstChannel " + std::to_string(firstChannel) + " outside [0, " + std::to_string(numberOfChannels) + ")");
}

int RebalancePartitioner::selectChannel()
{
    const int channel = m_next;
    m_next = (m_next + 1) % m_numberOfChannels;
    return channel;
}

RecordPartitioner::RecordPartitioner(const WatermarkConfig& config)
    : m_partitioning(config.partitioning)
    , m_rebalance(
          config.parallelism, config.partitioning == WatermarkConfig::Partitioning::Rebalance ? config.firstChannel : 0)
{ }

int RecordPartitioner::selectChannel(std::int32_t recordChannel)
{
    const auto inRange = [&](std::int32_t c) {
        if (c < 0 || c >= numberOfChannels())
            throw std::invalid_argument(
                "record channel " + std::to_string(c) + " outside [0, " + std::to_string(numberOfChannels()) + ")");
        return static_cast<int>(c);
    };
    switch (m_partitioning) {
    case WatermarkConfig::Partitioning::Rebalance:
        return m_rebalance.selectChannel();
    case WatermarkConfig::Partitioning::Channel:
        if (recordChannel == kNoChannel)
            throw std::invalid_argument("partitioning \"channel\" needs a channel on every event record");
        return inRange(recordChannel);
    case WatermarkConfig::Partitioning::Forward:
        return inRange(recordChannel == kNoChannel ? 0 : recordChannel);
    }
    return 0;
}

} // namespace tidemark
