#pragma once

#include "engine/core/Keys.h"
#include "engine/core/Time.h"
#include "engine/windowing/HeapMapStateOrder.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace tidemark {

// Flink's IntervalJoinOperator (KeyedStream.intervalJoin(other).between(lower, upper)): per key, each side's records
// wait in a buffer (a MapState from timestamp to the records of that timestamp) until the watermark says no record
// of the other side can join them any more.
//  * A record of the left side at t joins every buffered right record at t + lower ≤ t' ≤ t + upper (bounds made
//    exclusive move by 1 ms); a right record at t' joins the left records at t' − upper ≤ t ≤ t' − lower. Each
//    pair comes out at the larger of the two timestamps, as it is found: the other buffer is walked in the heap
//    state backend's map order (HeapMapStateOrder), each timestamp's records in arrival order.
//  * A record is late when its timestamp is below the operator's watermark: it joins nothing and is not buffered;
//    with sideOutputLeftLateData / sideOutputRightLateData it goes to that side's late output, else it is dropped.
//  * Each buffered timestamp is cleaned up by an event-time timer: a left one at t + upper (t when upper ≤ 0), a
//    right one at t' − lower (t' when lower ≥ 0), fired when a watermark reaches it. Cleaning emits nothing.
// Records are the caller's references (`element`); the operator keeps no values. A plain value.
class IntervalJoinOperator {
public:
    enum class Side : std::uint8_t { Left, Right };

    struct Bounds {
        DurationMs lower = 0;
        DurationMs upper = 0;
        bool lowerInclusive = true; // .lowerBoundExclusive() makes it false
        bool upperInclusive = true;
    };

    // What one record or watermark produced, in order.
    struct Output {
        enum class Kind : std::uint8_t { Pair, Late, Dropped };
        Kind kind = Kind::Pair;
        KeyId key = kNoKey;
        std::uint32_t left = 0; // Pair: both records; Late, Dropped: the record, on `side`
        std::uint32_t right = 0;
        Side side = Side::Left;
        Timestamp timestamp = 0; // Pair: max(left, right); Late, Dropped: the record's
    };

    // Throws std::invalid_argument when lower > upper (Flink: "lowerBound <= upperBound must be fulfilled").
    IntervalJoinOperator(Bounds bounds, bool lateSideOutputs);

    // processElement1 / processElement2.
    void processElement(Side side, KeyId key, std::uint32_t element, Timestamp ts, std::vector<Output>& out);
    // The operator's event time advances (its inputs combined, IndexedCombinedWatermarkStatus): the cleanup timers
    // at or before `watermark` fire.
    void processWatermark(Timestamp watermark);

    // The timestamps buffered for `key` on `side`, in map order (what getLeftBuffer().keys() gives).
    std::vector<Timestamp> bufferedTimestamps(KeyId key, Side side) const;
    // Map buckets, over every key and side, that Java's HashMap would have made trees of (HeapMapStateOrder).
    int treeBins() const;

private:
    struct Buffer {
        HeapMapStateOrder order;
        std::map<Timestamp, std::vector<std::uint32_t>> records;
    };
    struct KeyState {
        Buffer sides[2];
    };
    // The range of the other side's timestamps a record of `side` at t joins, relative to t (Flink's
    // relativeLowerBound / relativeUpperBound), and the cleanup time of a buffered timestamp of `side`.
    std::pair<DurationMs, DurationMs> relativeBounds(Side side) const;
    Timestamp cleanupTime(Side side, Timestamp ts) const;

    DurationMs m_lower; // inclusive, after moving an exclusive bound
    DurationMs m_upper;
    bool m_lateSideOutputs;
    Timestamp m_watermark = kMinTimestamp;
    std::map<KeyId, KeyState> m_keys;
};

} // namespace tidemark
