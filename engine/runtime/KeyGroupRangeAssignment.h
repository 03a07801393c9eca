#pragma once

#include <cstdint>

namespace tidemark {

// Flink's MathUtils.murmurHash(int): the hash KeyGroupRangeAssignment applies to key.hashCode().
// Always >= 0.
std::int32_t flinkMurmurHash(std::int32_t code);

// Flink's MathUtils.roundUpToPowerOfTwo for x in [1, 2^30].
int roundUpToPowerOfTwo(int x);

// An inclusive range of key groups [startKeyGroup, endKeyGroup] (Flink's KeyGroupRange).
struct KeyGroupRange {
    int startKeyGroup = 0;
    int endKeyGroup = -1;

    bool contains(int keyGroup) const { return keyGroup >= startKeyGroup && keyGroup <= endKeyGroup; }
    int numberOfKeyGroups() const { return endKeyGroup >= startKeyGroup ? endKeyGroup - startKeyGroup + 1 : 0; }
    friend bool operator==(const KeyGroupRange&, const KeyGroupRange&) = default;
};

// Flink's KeyGroupRangeAssignment: which window subtask a key goes to. The key is given by its Java
// hashCode (javaStringHashCode / javaKeyHashCode / KeyTable::javaHash in engine/core/Keys.h).
//   keyGroup      = murmurHash(keyHash) % maxParallelism
//   operatorIndex = keyGroup * parallelism / maxParallelism          (Java int division)
// Parameters must satisfy 1 <= parallelism <= maxParallelism <= 32768 (std::invalid_argument otherwise).
struct KeyGroupRangeAssignment {
    static constexpr int kDefaultLowerBoundMaxParallelism = 128; // 1 << 7
    static constexpr int kUpperBoundMaxParallelism = 32768; // 1 << 15

    static int assignKeyToParallelOperator(std::int32_t keyHash, int maxParallelism, int parallelism);
    // = computeKeyGroupForKeyHash (Flink's assignToKeyGroup(key, maxP) hashes the key first).
    static int assignToKeyGroup(std::int32_t keyHash, int maxParallelism);
    static int computeKeyGroupForKeyHash(std::int32_t keyHash, int maxParallelism);
    static int computeOperatorIndexForKeyGroup(int maxParallelism, int parallelism, int keyGroupId);
    // Key groups of subtask `operatorIndex`: [ceil(i*maxP/p), floor(((i+1)*maxP - 1)/p)].
    static KeyGroupRange computeKeyGroupRangeForOperatorIndex(int maxParallelism, int parallelism, int operatorIndex);
    // min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768): 128 for p <= 85, 256 for 86..171, ...
    static int computeDefaultMaxParallelism(int operatorParallelism);
};

} // namespace tidemark
