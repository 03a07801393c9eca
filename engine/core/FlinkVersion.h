#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tidemark {

struct PipelineConfig;

// The Flink release line a scenario follows ("flinkVersion"). Where two lines decide differently, Tidemark
// decides as the named one (refusedByFlinkVersion). Both lines are checked against Flink itself by the
// differential test (tests/differential).
struct FlinkVersion {
    int major = 2;
    int minor = 3;

    // (No <=>: Qt 6.4's moc cannot parse <compare>, and the GUI's headers include this one.)
    friend constexpr bool operator==(const FlinkVersion& a, const FlinkVersion& b)
    {
        return a.major == b.major && a.minor == b.minor;
    }
    friend constexpr bool operator!=(const FlinkVersion& a, const FlinkVersion& b) { return !(a == b); }
    friend constexpr bool operator<(const FlinkVersion& a, const FlinkVersion& b)
    {
        return a.major != b.major ? a.major < b.major : a.minor < b.minor;
    }
    friend constexpr bool operator>=(const FlinkVersion& a, const FlinkVersion& b) { return !(a < b); }

    // "1.20"
    std::string name() const { return std::to_string(major) + "." + std::to_string(minor); }

    // "1.20", "2.3" or with a patch release, "1.20.5": the line, if Tidemark follows it.
    static std::optional<FlinkVersion> parse(std::string_view text);
    // What parse accepts, for messages: "\"1.20\" or \"2.3\"".
    static std::string supportedNames();
};

inline constexpr FlinkVersion kNewestFlinkVersion {2, 3};
inline constexpr FlinkVersion kSupportedFlinkVersions[] = {{1, 20}, kNewestFlinkVersion};

// SlidingEventTimeWindows.MAX_WINDOW_NUM: from Flink 2.0 on the most windows (size / slide) one record may go
// into; the engine also stops an assignment whose wrapped-around starts would make more (EndlessAssignmentError).
inline constexpr std::int64_t kSlidingMaxWindowNum = 10'000'000;

// nullopt when the pipeline's Flink version builds the job; otherwise the sentence with which that version
// refuses it. The lines differ here: SlidingEventTimeWindows refuses size / slide above 10,000,000 from Flink 2.0
// on (MAX_WINDOW_NUM), which 1.20 accepts. (What the two lines decide alike is checked by tests/differential;
// the legacy BoundedOutOfOrdernessTimestampExtractor exists in both, as a WatermarkStrategy in 2.x.)
std::optional<std::string> refusedByFlinkVersion(const PipelineConfig& pipeline);

} // namespace tidemark
