#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/TimeWindow.h"
#include "engine/windowing/WindowElement.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tidemark {

class Trigger;

// An assignment Flink never finishes: next to Long.MIN_VALUE a sliding window start minus the slide wraps to a
// start near Long.MAX_VALUE and SlidingEventTimeWindows keeps adding windows until the task runs out of memory.
// The job fails at that record instead (the Flink oracle stops at the same place).
class EndlessAssignmentError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What an assigner may remember per operator instance. Flink's assigners are copied into every parallel
// subtask and TumblingEventTimeWindows computes its stagger offset once, on the first element; keeping
// that value in the operator (not in the shared, immutable assigner) keeps operator copies independent.
struct AssignerInstanceState {
    bool staggerComputed = false;
    DurationMs staggerOffset = 0;
    // The tumbling window (or the sliding windows' slide-long cell) of the last timestamp assigned,
    // [lastStart, lastEnd): the next timestamp usually falls in it too, and then its start costs no division.
    // Empty until one is remembered.
    Timestamp lastStart = 0;
    Timestamp lastEnd = 0;
};

struct AssignerContext {
    Timestamp currentProcessingTime = kMinTimestamp;
    AssignerInstanceState* instance = nullptr; // never null when called by the WindowOperator
};

// Flink's WindowAssigner (plus MergingWindowAssigner when isMerging()). Immutable; shared between
// operator copies through std::shared_ptr<const WindowAssigner>.
class WindowAssigner {
public:
    virtual ~WindowAssigner() = default;

    // Appends the windows of the element to `out`, in the order the operator must process them.
    virtual void assignWindows(
        const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const = 0;
    virtual std::shared_ptr<const Trigger> defaultTrigger() const = 0;
    virtual bool isEventTime() const = 0;
    virtual bool isMerging() const { return false; }
    // MergingWindowAssigner.mergeWindows: appends one WindowMerge per merge callback. Only called when
    // isMerging(); the default is TimeWindow.mergeWindows.
    virtual void mergeWindows(std::span<const TimeWindow> windows, std::vector<WindowMerge>& merges) const
    {
        tidemark::mergeWindows(windows, merges);
    }
    virtual std::string describe() const = 0;
    // Sliding windows whose size is a whole number of slides: the slide, every window then being a union of
    // slide-long cells, each element lying in one cell that exactly its windows cover (Flink SQL's hopping
    // windows share such slices). nullopt for windows that do not overlap that way.
    virtual std::optional<DurationMs> sharedCellLength() const { return std::nullopt; }
};

// WindowStagger: ALIGNED (all windows start at the same offset) or NATURAL (offset by the processing time
// at which the first element reached the operator). RANDOM is not reproducible and is not offered.
enum class WindowStagger : std::uint8_t { Aligned, Natural };

class TumblingEventTimeWindows final : public WindowAssigner {
public:
    // Throws std::invalid_argument unless abs(offset) < size.
    TumblingEventTimeWindows(DurationMs size, DurationMs offset = 0, WindowStagger stagger = WindowStagger::Aligned);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return true; }
    std::string describe() const override;

    DurationMs size() const { return m_size; }
    DurationMs offset() const { return m_offset; }

private:
    DurationMs m_size;
    DurationMs m_offset;
    WindowStagger m_stagger;
};

class TumblingProcessingTimeWindows final : public WindowAssigner {
public:
    TumblingProcessingTimeWindows(
        DurationMs size, DurationMs offset = 0, WindowStagger stagger = WindowStagger::Aligned);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return false; }
    std::string describe() const override;

private:
    DurationMs m_size;
    DurationMs m_offset;
    WindowStagger m_stagger;
};

// Windows are produced newest first (descending start), as Flink's loop does; with size < slide some
// timestamps fall in a gap and get no window at all.
class SlidingEventTimeWindows final : public WindowAssigner {
public:
    // Throws std::invalid_argument unless abs(offset) < slide and size > 0.
    SlidingEventTimeWindows(DurationMs size, DurationMs slide, DurationMs offset = 0);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return true; }
    std::string describe() const override;
    std::optional<DurationMs> sharedCellLength() const override;

private:
    DurationMs m_size;
    DurationMs m_slide;
    DurationMs m_offset;
};

class SlidingProcessingTimeWindows final : public WindowAssigner {
public:
    SlidingProcessingTimeWindows(DurationMs size, DurationMs slide, DurationMs offset = 0);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return false; }
    std::string describe() const override;
    std::optional<DurationMs> sharedCellLength() const override;

private:
    DurationMs m_size;
    DurationMs m_slide;
    DurationMs m_offset;
};

// SessionWindowTimeGapExtractor: the gap of one element (dynamic session windows).
using SessionGapExtractor = std::function<DurationMs(const WindowElement&)>;

// EventTimeSessionWindows.withGap / withDynamicGap: each element gets [ts, ts + gap); the operator merges.
class EventTimeSessionWindows final : public WindowAssigner {
public:
    explicit EventTimeSessionWindows(DurationMs gap); // throws std::invalid_argument unless gap > 0
    explicit EventTimeSessionWindows(SessionGapExtractor gapExtractor); // a gap <= 0 throws during assignment
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return true; }
    bool isMerging() const override { return true; }
    std::string describe() const override;

private:
    DurationMs m_gap = 0;
    SessionGapExtractor m_extractor;
};

class ProcessingTimeSessionWindows final : public WindowAssigner {
public:
    explicit ProcessingTimeSessionWindows(DurationMs gap);
    explicit ProcessingTimeSessionWindows(SessionGapExtractor gapExtractor);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return false; }
    bool isMerging() const override { return true; }
    std::string describe() const override;

private:
    DurationMs m_gap = 0;
    SessionGapExtractor m_extractor;
};

// GlobalWindows.create() (default trigger: never fires) or createWithEndOfStreamTrigger(). Not event time:
// no lateness, no dropping, no cleanup.
class GlobalWindows final : public WindowAssigner {
public:
    enum class DefaultTrigger : std::uint8_t { Never, EndOfStream };
    explicit GlobalWindows(DefaultTrigger defaultTrigger = DefaultTrigger::Never);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return false; }
    std::string describe() const override;

private:
    DefaultTrigger m_default;
};

// Flink SQL's CUMULATE window (flink-table-runtime's CumulativeWindowAssigner, and the CumulativeSliceAssigner its
// window aggregation runs): windows that share the start of a maxSize window and end every step after it,
// [start, start + step), [start, start + 2 step), … up to [start, start + maxSize). An element goes into those
// that end after it, in ascending end order. Offsets of any size are taken, as Flink's slice assigner takes them.
class CumulativeWindowAssigner final : public WindowAssigner {
public:
    // Throws std::invalid_argument unless maxSize > 0, step > 0 and maxSize is a multiple of step.
    CumulativeWindowAssigner(DurationMs maxSize, DurationMs step, DurationMs offset, TimeDomain domain);
    void assignWindows(const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const override;
    std::shared_ptr<const Trigger> defaultTrigger() const override;
    bool isEventTime() const override { return m_domain == TimeDomain::Event; }
    std::string describe() const override;

private:
    DurationMs m_maxSize;
    DurationMs m_step;
    DurationMs m_offset;
    TimeDomain m_domain;
};

// Builds the assigner a scenario describes. Throws std::invalid_argument with Flink's parameter rule.
std::shared_ptr<const WindowAssigner> makeWindowAssigner(const AssignerSpec& spec);

} // namespace tidemark
