#include "engine/runtime/KeyGroupRangeAssignment.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace tidemark {

namespace {

std::uint32_t rotateLeft(std::uint32_t x, int r)
{
    return (x << r) | (x >> (32 - r));
}

// MurmurHash3's fmix32 finaliser, as MathUtils.murmurHash ends.
std::uint32_t bitMix(std::uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

void checkParallelism(int parallelism, const char* what)
{
    if (parallelism <= 0 || parallelism > KeyGroupRangeAssignment::kUpperBoundMaxParallelism)
        throw std::invalid_argument(std::string(what) + " not within bounds: " + std::to_string(parallelism));
}

void checkParallelisms(int maxParallelism, int parallelism)
{
    checkParallelism(parallelism, "Operator parallelism");
    checkParallelism(maxParallelism, "Maximum parallelism");
    if (maxParallelism < parallelism)
        throw std::invalid_argument("Maximum parallelism must not be smaller than parallelism.");
}

} // namespace

std::int32_t flinkMurmurHash(std::int32_t code)
{
    std::uint32_t h = static_cast<std::uint32_t>(code);
    h *= 0xcc9e2d51u;
    h = rotateLeft(h, 15);
    h *= 0x1b873593u;
    h = rotateLeft(h, 13);
    h = h * 5u + 0xe6546b64u;
    h ^= 4u; // the length of the hashed data in bytes
    h = bitMix(h);
    const auto r = static_cast<std::int32_t>(h);
    // Java's Math.abs keeps Integer.MIN_VALUE negative; Flink maps it to 0 instead.
    if (r >= 0)
        return r;
    return r != std::numeric_limits<std::int32_t>::min() ? -r : 0;
}

int roundUpToPowerOfTwo(int x)
{
    if (x <= 1)
        return 1;
    unsigned v = static_cast<unsigned>(x) - 1u;
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    return static_cast<int>(v + 1u);
}

int KeyGroupRangeAssignment::assignKeyToParallelOperator(std::int32_t keyHash, int maxParallelism, int parallelism)
{
    checkParallelisms(maxParallelism, parallelism);
    const int keyGroup = flinkMurmurHash(keyHash) % maxParallelism;
    return keyGroup * parallelism / maxParallelism;
}

int KeyGroupRangeAssignment::assignToKeyGroup(std::int32_t keyHash, int maxParallelism)
{
    return computeKeyGroupForKeyHash(keyHash, maxParallelism);
}

int KeyGroupRangeAssignment::computeKeyGroupForKeyHash(std::int32_t keyHash, int maxParallelism)
{
    checkParallelism(maxParallelism, "Maximum parallelism");
    return flinkMurmurHash(keyHash) % maxParallelism;
}

int KeyGroupRangeAssignment::computeOperatorIndexForKeyGroup(int maxParallelism, int parallelism, int keyGroupId)
{
    checkParallelisms(maxParallelism, parallelism);
    if (keyGroupId < 0 || keyGroupId >= maxParallelism)
        throw std::invalid_argument("key group " + std::to_string(keyGroupId) + " outside [0, maxParallelism)");
    // keyGroupId * parallelism < 2^30 within the bounds above, so Java int arithmetic does not wrap.
    return keyGroupId * parallelism / maxParallelism;
}

KeyGroupRange KeyGroupRangeAssignment::computeKeyGroupRangeForOperatorIndex(
    int maxParallelism, int parallelism, int operatorIndex)
{
    checkParallelisms(maxParallelism, parallelism);
    if (operatorIndex < 0 || operatorIndex >= parallelism)
        throw std::invalid_argument("operator index " + std::to_string(operatorIndex) + " outside [0, parallelism)");
    const int start = (operatorIndex * maxParallelism + parallelism - 1) / parallelism;
    const int end = ((operatorIndex + 1) * maxParallelism - 1) / parallelism;
    return {start, end};
}

int KeyGroupRangeAssignment::computeDefaultMaxParallelism(int operatorParallelism)
{
    checkParallelism(operatorParallelism, "Operator parallelism");
    return std::min(
        std::max(roundUpToPowerOfTwo(operatorParallelism + operatorParallelism / 2), kDefaultLowerBoundMaxParallelism),
        kUpperBoundMaxParallelism);
}

} // namespace tidemark
