#include "engine/watermark/WatermarkChannel.h"

#include <algorithm>
#include <stdexcept>

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
    , m_impl(std::in_place_type<Assigner>, StrategyWatermarkGenerator(config))
{ }

WatermarkChannel::WatermarkChannel(const WatermarkConfig& config, SourceReaderWatermarks reader)
    : m_config(config)
    , m_impl(std::in_place_type<SourceReaderWatermarks>, std::move(reader))
{ }

WatermarkChannel WatermarkChannel::forSourceReader(const WatermarkConfig& config, FlinkVersion version)
{
    return WatermarkChannel(config,
        SourceReaderWatermarks(
            StrategyWatermarkGenerator(config), version, config.emission == WatermarkConfig::Emission::PerEvent));
}

WatermarkChannel::Assigner& WatermarkChannel::assigner()
{
    if (auto* a = std::get_if<Assigner>(&m_impl))
        return *a;
    throw std::logic_error("a source reader's watermarks are made per split");
}

SourceReaderWatermarks& WatermarkChannel::reader()
{
    if (auto* r = std::get_if<SourceReaderWatermarks>(&m_impl))
        return *r;
    throw std::logic_error("a watermark assigner after the source has no splits");
}

void WatermarkChannel::addSplit(std::string_view split)
{
    reader().addSplit(split);
}

void WatermarkChannel::releaseSplit(std::string_view split)
{
    reader().releaseSplit(split);
}

void WatermarkChannel::onSplitEvent(
    std::string_view split, Timestamp eventTimestamp, Timestamp processingTime, WatermarkItems& out)
{
    m_maxTimestampSeen = m_maxTimestampSeen ? std::max(*m_maxTimestampSeen, eventTimestamp) : eventTimestamp;
    ++m_eventsSeen;
    reader().onSplitRecord(split, eventTimestamp, processingTime, out);
}

void WatermarkChannel::onEvent(Timestamp eventTimestamp, WatermarkItems& out)
{
    m_maxTimestampSeen = m_maxTimestampSeen ? std::max(*m_maxTimestampSeen, eventTimestamp) : eventTimestamp;
    ++m_eventsSeen;
    assigner().onEvent(eventTimestamp, out);
}

void WatermarkChannel::onRecord(Timestamp eventTimestamp, Timestamp processingTime, WatermarkItems& out)
{
    onEvent(eventTimestamp, out);
    if (m_config.emission == WatermarkConfig::Emission::PerEvent)
        onPeriodicEmit(processingTime, out);
}

void WatermarkChannel::onPeriodicEmit(Timestamp processingTime, WatermarkItems& out)
{
    if (auto* r = std::get_if<SourceReaderWatermarks>(&m_impl))
        r->onPeriodicEmit(processingTime, out);
    else
        assigner().onPeriodicEmit(processingTime, out);
}

void WatermarkChannel::onWatermarkRecord(Timestamp watermark, WatermarkItems& out)
{
    Assigner& a = assigner();
    a.generator().noteActivity();
    a.emitWatermark(watermark, out);
}

void WatermarkChannel::onEndOfInput(Timestamp processingTime, WatermarkItems& out)
{
    m_ended = true;
    if (auto* r = std::get_if<SourceReaderWatermarks>(&m_impl)) {
        r->onEndOfInput(out);
        return;
    }
    onUpstreamWatermark(kMaxTimestamp, out);
    onFinish(processingTime, out);
}

void WatermarkChannel::onUpstreamWatermark(Timestamp watermark, WatermarkItems& out)
{
    assigner().processWatermark(watermark, out);
}

void WatermarkChannel::onFinish(Timestamp processingTime, WatermarkItems& out)
{
    m_ended = true;
    assigner().finish(processingTime, out);
}

bool WatermarkChannel::periodicEmitChangesNothing() const
{
    const auto* a = std::get_if<Assigner>(&m_impl);
    if (a == nullptr || a->generator().idlenessTimer() != nullptr)
        return false;
    const BuiltinWatermarkGenerator& g = a->generator().builtin();
    // the legacy extractor remembers what it emitted, even when the emitter drops it
    if (const auto* legacy = std::get_if<BoundedOutOfOrdernessTimestampExtractor>(&g.variant());
        legacy != nullptr && legacy->lastEmittedWatermark() != legacy->currentWatermark())
        return false;
    const std::optional<Timestamp> next = g.pendingWatermark();
    return !next || *next <= a->emitter().currentWatermark();
}

Timestamp WatermarkChannel::currentWatermark() const
{
    const auto* a = std::get_if<Assigner>(&m_impl);
    return a ? a->emitter().currentWatermark() : std::get<SourceReaderWatermarks>(m_impl).currentWatermark();
}

bool WatermarkChannel::isIdle() const
{
    const auto* a = std::get_if<Assigner>(&m_impl);
    return a ? a->emitter().isIdle() : std::get<SourceReaderWatermarks>(m_impl).isIdle();
}

const IdlenessTimer* WatermarkChannel::idlenessTimer() const
{
    const auto* a = std::get_if<Assigner>(&m_impl);
    return a ? a->generator().idlenessTimer() : nullptr;
}

std::optional<Timestamp> WatermarkChannel::pendingWatermark() const
{
    const auto* a = std::get_if<Assigner>(&m_impl);
    return a ? a->generator().builtin().pendingWatermark() : std::nullopt;
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
