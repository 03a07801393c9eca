#include "engine/watermark/WatermarkChannel.h"

#include <algorithm>

namespace tidemark {

namespace {

template <class... F> struct Overloaded : F... {
    using F::operator()...;
};
template <class... F> Overloaded(F...) -> Overloaded<F...>;

} // namespace

BuiltinWatermarkGenerator BuiltinWatermarkGenerator::forStrategy(
    WatermarkConfig::Strategy strategy, DurationMs maxOutOfOrdernessMs)
{
    switch (strategy) {
    case WatermarkConfig::Strategy::BoundedOutOfOrderness:
        return BuiltinWatermarkGenerator(std::in_place_type<BoundedOutOfOrdernessWatermarks>, maxOutOfOrdernessMs);
    case WatermarkConfig::Strategy::Monotonous:
        return BuiltinWatermarkGenerator(std::in_place_type<AscendingTimestampsWatermarks>);
    case WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness:
        return BuiltinWatermarkGenerator(
            std::in_place_type<BoundedOutOfOrdernessTimestampExtractor>, maxOutOfOrdernessMs);
    case WatermarkConfig::Strategy::Input:
        break;
    }
    return BuiltinWatermarkGenerator(std::in_place_type<NoWatermarksGenerator>);
}

void BuiltinWatermarkGenerator::onEvent(Timestamp eventTimestamp, WatermarkOutput& output)
{
    std::visit([&](auto& g) { g.onEvent(eventTimestamp, output); }, m_generator);
}

void BuiltinWatermarkGenerator::onPeriodicEmit(WatermarkOutput& output)
{
    std::visit([&](auto& g) { g.onPeriodicEmit(output); }, m_generator);
}

void BuiltinWatermarkGenerator::advanceClock(Timestamp processingTime)
{
    std::visit([&](auto& g) { g.advanceClock(processingTime); }, m_generator);
}

std::optional<Timestamp> BuiltinWatermarkGenerator::pendingWatermark() const
{
    return std::visit(Overloaded {
                          [](const NoWatermarksGenerator&) -> std::optional<Timestamp> { return std::nullopt; },
                          [](const auto& g) -> std::optional<Timestamp> { return g.currentWatermark(); },
                      },
        m_generator);
}

StrategyWatermarkGenerator::Variant StrategyWatermarkGenerator::make(const WatermarkConfig& config)
{
    if (config.idlenessMs > 0) {
        return Variant(std::in_place_index<1>,
            BuiltinWatermarkGenerator::forStrategy(config.strategy, config.maxOutOfOrdernessMs), config.idlenessMs);
    }
    return Variant(
        std::in_place_index<0>, BuiltinWatermarkGenerator::forStrategy(config.strategy, config.maxOutOfOrdernessMs));
}

StrategyWatermarkGenerator::StrategyWatermarkGenerator(const WatermarkConfig& config)
    : m_generator(make(config))
{ }

void StrategyWatermarkGenerator::onEvent(Timestamp eventTimestamp, WatermarkOutput& output)
{
    std::visit([&](auto& g) { g.onEvent(eventTimestamp, output); }, m_generator);
}

void StrategyWatermarkGenerator::onPeriodicEmit(WatermarkOutput& output)
{
    std::visit([&](auto& g) { g.onPeriodicEmit(output); }, m_generator);
}

void StrategyWatermarkGenerator::advanceClock(Timestamp processingTime)
{
    std::visit([&](auto& g) { g.advanceClock(processingTime); }, m_generator);
}

void StrategyWatermarkGenerator::noteActivity()
{
    if (auto* idle = std::get_if<WatermarksWithIdleness<BuiltinWatermarkGenerator>>(&m_generator))
        idle->noteActivity();
}

const BuiltinWatermarkGenerator& StrategyWatermarkGenerator::builtin() const
{
    if (const auto* idle = std::get_if<WatermarksWithIdleness<BuiltinWatermarkGenerator>>(&m_generator))
        return idle->inner();
    return std::get<BuiltinWatermarkGenerator>(m_generator);
}

const IdlenessTimer* StrategyWatermarkGenerator::idlenessTimer() const
{
    if (const auto* idle = std::get_if<WatermarksWithIdleness<BuiltinWatermarkGenerator>>(&m_generator))
        return &idle->timer();
    return nullptr;
}

WatermarkChannel::WatermarkChannel(const WatermarkConfig& config)
    : m_config(config)
    , m_operator(StrategyWatermarkGenerator(config))
{ }

void WatermarkChannel::onEvent(Timestamp eventTimestamp, WatermarkItems& out)
{
    m_maxTimestampSeen = m_maxTimestampSeen ? std::max(*m_maxTimestampSeen, eventTimestamp) : eventTimestamp;
    ++m_eventsSeen;
    m_operator.onEvent(eventTimestamp, out);
}

void WatermarkChannel::onPeriodicEmit(Timestamp processingTime, WatermarkItems& out)
{
    m_operator.onPeriodicEmit(processingTime, out);
}

void WatermarkChannel::onWatermarkRecord(Timestamp watermark, WatermarkItems& out)
{
    m_operator.generator().noteActivity();
    m_operator.emitWatermark(watermark, out);
}

void WatermarkChannel::onEndOfInput(Timestamp processingTime, WatermarkItems& out)
{
    m_operator.processWatermark(kMaxTimestamp, out);
    m_operator.finish(processingTime, out);
}

std::optional<Timestamp> WatermarkChannel::pendingWatermark() const
{
    return m_operator.generator().builtin().pendingWatermark();
}

std::optional<DurationMs> WatermarkChannel::pendingWatermarkLag() const
{
    switch (m_config.strategy) {
    case WatermarkConfig::Strategy::BoundedOutOfOrderness:
        return javaAdd(m_config.maxOutOfOrdernessMs, 1);
    case WatermarkConfig::Strategy::Monotonous:
        return 1;
    case WatermarkConfig::Strategy::LegacyBoundedOutOfOrderness:
        return m_config.maxOutOfOrdernessMs;
    case WatermarkConfig::Strategy::Input:
        break;
    }
    return std::nullopt;
}

} // namespace tidemark
