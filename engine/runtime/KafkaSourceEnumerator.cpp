#include "engine/runtime/KafkaSourceEnumerator.h"

#include "engine/core/Keys.h"

#include <cstdint>
#include <stdexcept>

namespace tidemark {

int KafkaSourceEnumerator::splitOwner(std::string_view topic, int partition, int numReaders)
{
    if (numReaders < 1 || partition < 0)
        throw std::invalid_argument("a split owner needs at least one reader and a partition of 0 or more");
    // Java's int multiplication wraps: do it on the unsigned bits
    const auto hash = static_cast<std::uint32_t>(javaStringHashCode(topic));
    const auto masked = static_cast<std::int64_t>((hash * 31u) & 0x7FFFFFFFu);
    const std::int64_t startIndex = masked % numReaders;
    return static_cast<int>((startIndex + partition) % numReaders);
}

std::string KafkaSourceEnumerator::splitId(std::string_view topic, int partition)
{
    return std::string(topic) + "-" + std::to_string(partition);
}

} // namespace tidemark
