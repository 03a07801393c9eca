#include "engine/windowing/IntervalJoinOperator.h"

#include <stdexcept>

namespace tidemark {

namespace {

constexpr std::size_t index(IntervalJoinOperator::Side side)
{
    return side == IntervalJoinOperator::Side::Left ? 0 : 1;
}

} // namespace

IntervalJoinOperator::IntervalJoinOperator(Bounds bounds, bool lateSideOutputs)
    : m_lower(bounds.lowerInclusive ? bounds.lower : bounds.lower + 1)
    , m_upper(bounds.upperInclusive ? bounds.upper : bounds.upper - 1)
    , m_lateSideOutputs(lateSideOutputs)
{
    if (bounds.lower > bounds.upper)
        throw std::invalid_argument("lowerBound <= upperBound must be fulfilled");
}

std::pair<DurationMs, DurationMs> IntervalJoinOperator::relativeBounds(Side side) const
{
    // processElement1 passes (lower, upper), processElement2 the mirror (−upper, −lower)
    return side == Side::Left ? std::pair {m_lower, m_upper} : std::pair {-m_upper, -m_lower};
}

Timestamp IntervalJoinOperator::cleanupTime(Side side, Timestamp ts) const
{
    const DurationMs relativeUpper = relativeBounds(side).second;
    return relativeUpper > 0 ? javaAdd(ts, relativeUpper) : ts;
}

void IntervalJoinOperator::processElement(
    Side side, KeyId key, std::uint32_t element, Timestamp ts, std::vector<Output>& out)
{
    if (ts < m_watermark) {
        Output late;
        late.kind = m_lateSideOutputs ? Output::Kind::Late : Output::Kind::Dropped;
        late.key = key;
        (side == Side::Left ? late.left : late.right) = element;
        late.side = side;
        late.timestamp = ts;
        out.push_back(late);
        return;
    }
    KeyState& state = m_keys[key];
    Buffer& ours = state.sides[index(side)];
    ours.order.put(ts);
    ours.records[ts].push_back(element);

    const Buffer& other = state.sides[1 - index(side)];
    const auto [relativeLower, relativeUpper] = relativeBounds(side);
    const Timestamp from = javaAdd(ts, relativeLower);
    const Timestamp to = javaAdd(ts, relativeUpper);
    other.order.forEachKey([&](const Timestamp otherTs) {
        if (otherTs < from || otherTs > to)
            return;
        for (const std::uint32_t match : other.records.at(otherTs)) {
            Output pair;
            pair.key = key;
            pair.left = side == Side::Left ? element : match;
            pair.right = side == Side::Left ? match : element;
            pair.side = side;
            pair.timestamp = std::max(ts, otherTs);
            out.push_back(pair);
        }
    });
}

void IntervalJoinOperator::processWatermark(Timestamp watermark)
{
    if (watermark <= m_watermark)
        return;
    m_watermark = watermark;
    // the cleanup timers at or before the watermark fire; each removes its timestamp's records of that side
    for (auto it = m_keys.begin(); it != m_keys.end();) {
        for (const Side side : {Side::Left, Side::Right}) {
            Buffer& buffer = it->second.sides[index(side)];
            // in timestamp order, so cleanup times rise: the first not due ends the walk (Flink's timers fire the
            // due ones only, in the same order of time)
            for (auto r = buffer.records.begin(); r != buffer.records.end();) {
                if (cleanupTime(side, r->first) > watermark)
                    break;
                buffer.order.remove(r->first);
                r = buffer.records.erase(r);
            }
        }
        const bool empty = it->second.sides[0].records.empty() && it->second.sides[1].records.empty();
        it = empty ? m_keys.erase(it) : std::next(it);
    }
}

std::vector<Timestamp> IntervalJoinOperator::bufferedTimestamps(KeyId key, Side side) const
{
    const auto it = m_keys.find(key);
    return it == m_keys.end() ? std::vector<Timestamp> {} : it->second.sides[index(side)].order.keys();
}

int IntervalJoinOperator::treeBins() const
{
    int bins = 0;
    for (const auto& [key, state] : m_keys)
        bins += state.sides[0].order.treeBins() + state.sides[1].order.treeBins();
    return bins;
}

} // namespace tidemark
