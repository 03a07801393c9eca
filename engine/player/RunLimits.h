#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace tidemark {

// Periodic watermark emission is one step per channel every periodMs, from periodMs up to the run's horizon.
// Arrivals far apart in processing time make that number explode (arrivals a year apart at 200 ms are 158
// million emissions per channel): a recorded run would take minutes and gigabytes, a streamed one minutes.
// Such a run is refused with what to change instead of being left to hang.
struct PeriodicEmissionBudget {
    std::uint64_t atLeast = 0; // emissions per channel always allowed
    std::uint64_t perRecord = 0; // and this many more per input record

    std::uint64_t allowed(std::size_t records) const
    {
        const std::uint64_t scaled = perRecord * static_cast<std::uint64_t>(records);
        return scaled > atLeast ? scaled : atLeast;
    }
};

// Quiet periodic emissions cost the player about 50 ns and no memory each (the trace keeps them as runs); other
// steps about 20 bytes each. The budget bounds the time: 10 million emissions per channel take about 0.5 s.
inline constexpr PeriodicEmissionBudget kRecordedRunBudget {10'000'000, 20};
// A streamed run keeps no steps, only time counts (about 13 million steps a second).
inline constexpr PeriodicEmissionBudget kStreamedRunBudget {100'000'000, 20};

// A run the player or the streaming runner refuses to start (or to go on with).
class RunRefusedError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Settings that make every record cost thousands of windows or firings are refused up front, with what to
// change: a sliding assigner puts each record into size / slide windows (SlidingEventTimeWindows.assignWindows),
// each with its own state and timers, so sliding 1 h every 1 ms makes 3,600,000 windows per record and two
// records ran for minutes; a continuous-event-time trigger fires a window every interval of its length, so
// 1 ms in 1 h windows fires each of them 3,600,000 times.
inline constexpr std::uint64_t kMaxWindowsPerRecord = 10'000;
inline constexpr std::uint64_t kMaxFiringsPerWindow = 10'000;

// How many windows the assigner puts one record into: ceil(size / slide) for sliding windows, else 1.
std::uint64_t windowsPerRecord(const AssignerSpec& assigner);
// How often a continuous-event-time trigger can fire one window: ceil(size / interval) for windows of a fixed
// size (tumbling, sliding); 1 for other triggers; 0 where no bound follows from the settings (global windows,
// sessions), which the operator's limit on firings per watermark advance covers instead.
std::uint64_t firingsPerWindow(const WindowConfig& window);

// nullopt when the window settings stay within those limits; otherwise a sentence with the numbers and what to
// change.
std::optional<std::string> windowSettingsExcess(const WindowConfig& window);

// What a run refuses before its first step: a job the pipeline's Flink version refuses to build, or window
// settings beyond the limits above. nullopt when the run may start.
std::optional<std::string> upFrontRefusal(const PipelineConfig& pipeline);

// A Kafka source whose watermarks are made per partition with the legacy extractor: Flink's
// AssignerWithPeriodicWatermarksAdapter hands every split of a reader the one extractor, which sees every record
// of the reader as its timestamp assigner, so there is no watermark per partition to show. nullopt otherwise.
std::optional<std::string> kafkaStrategyRefusal(const PipelineConfig& pipeline);

// The processing time up to which periodic emission and processing-time timers run: the last arrival plus
// a tail (periodMs, or idlenessMs + 3 periods with idleness, so that idleness can show). Long.MAX_VALUE
// when that would overflow.
Timestamp runHorizon(const WatermarkConfig& watermarks, Timestamp lastArrival);

// Periodic emissions per channel up to `horizon` (0 without periodic emission).
std::uint64_t periodicEmissions(const WatermarkConfig& watermarks, Timestamp horizon);

// nullopt when the periodic emissions up to `horizon` fit `budget` for `records` input records; otherwise
// a sentence saying how many there would be and what to change.
std::optional<std::string> periodicEmissionExcess(
    const WatermarkConfig& watermarks, Timestamp horizon, std::size_t records, const PeriodicEmissionBudget& budget);

} // namespace tidemark
