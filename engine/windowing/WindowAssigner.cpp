#include "engine/windowing/WindowAssigner.h"

#include <algorithm>
#include <cstdint>

#include "engine/windowing/Trigger.h"

#include <stdexcept>
#include <string>

namespace tidemark {

namespace {

DurationMs absolute(DurationMs v)
{
    return v < 0 ? javaSub(0, v) : v;
}

// WindowStagger.getStaggerOffset, computed once per operator instance on its first element.
DurationMs staggerOffset(WindowStagger stagger, DurationMs size, AssignerContext& ctx)
{
    AssignerInstanceState& state = *ctx.instance;
    if (!state.staggerComputed) {
        state.staggerComputed = true;
        state.staggerOffset = 0;
        if (stagger == WindowStagger::Natural) {
            const Timestamp now = ctx.currentProcessingTime;
            const DurationMs o = javaSub(now, TimeWindow::startWithOffset(now, 0, size));
            state.staggerOffset = o > 0 ? o : 0;
        }
    }
    return state.staggerOffset;
}

// Within this range of timestamps, and for windows no longer than this, getWindowStartWithOffset neither wraps
// nor rounds up (its quirks next to the ends of the long range): every timestamp of a window gets its start.
constexpr Timestamp kPlainTimestamps = Timestamp(1) << 62;
constexpr DurationMs kPlainSize = DurationMs(1) << 60;

// Whether ts lies in that range and `longest` (a window's size, or its slide) within that bound.
bool plainAssignment(Timestamp ts, DurationMs longest)
{
    return -kPlainTimestamps < ts && ts < kPlainTimestamps && longest < kPlainSize;
}

void tumble(Timestamp ts, DurationMs size, DurationMs offset, std::vector<TimeWindow>& out)
{
    const Timestamp start = TimeWindow::startWithOffset(ts, offset, size);
    out.emplace_back(start, javaAdd(start, size));
}

// tumble() for an operator's records, remembering the last window: a repeated window costs two compares.
void tumble(Timestamp ts, DurationMs size, WindowStagger stagger, DurationMs offset, AssignerContext& ctx,
    std::vector<TimeWindow>& out)
{
    AssignerInstanceState& state = *ctx.instance;
    if (state.lastStart <= ts && ts < state.lastEnd) {
        out.emplace_back(state.lastStart, state.lastEnd);
        return;
    }
    tumble(ts, size, javaAdd(offset, staggerOffset(stagger, size, ctx)) % size, out);
    if (plainAssignment(ts, size)) {
        state.lastStart = out.back().start();
        state.lastEnd = out.back().end();
    }
}

[[noreturn]] void endlessAssignment(Timestamp ts, const std::string& why)
{
    throw EndlessAssignmentError("assigning sliding windows to timestamp " + std::to_string(ts)
        + " does not terminate: " + why + ", and Flink's SlidingEventTimeWindows keeps adding windows until it runs "
        + "out of memory");
}

// Overlapping sliding windows built of whole slides share slide-long cells; a window of one slide does not
// overlap, and one that is not a multiple of its slide cuts cells apart.
std::optional<DurationMs> slideCells(DurationMs size, DurationMs slideMs)
{
    return size > slideMs && size % slideMs == 0 ? std::optional<DurationMs>(slideMs) : std::nullopt;
}

// Sliding windows for an operator's record. The last slide-long cell is remembered as a tumbling window is
// (the newest window starts with it); within the plain range nothing wraps, so with a bounded number of windows
// the loop needs no count first.
void slide(Timestamp ts, DurationMs size, DurationMs slideMs, DurationMs offset, AssignerContext& ctx,
    std::vector<TimeWindow>& out)
{
    AssignerInstanceState& state = *ctx.instance;
    const bool plain = plainAssignment(ts, std::max(size, slideMs));
    Timestamp lastStart = 0;
    if (state.lastStart <= ts && ts < state.lastEnd) {
        lastStart = state.lastStart;
    } else {
        lastStart = TimeWindow::startWithOffset(ts, offset, slideMs);
        if (plain) {
            state.lastStart = lastStart;
            state.lastEnd = lastStart + slideMs;
        }
    }
    const Timestamp firstExcluded = javaSub(ts, size);
    std::int64_t most = 0; // the windows a plain timestamp can have, at most: size / slide rounded up
    const bool bounded = plain && (__builtin_mul_overflow(slideMs, kSlidingMaxWindowNum - 1, &most) || size <= most);
    if (!bounded && lastStart > firstExcluded) {
        // Next to the ends of the long range the last start or ts - size wrap around, and the loop below would
        // run from near Long.MAX_VALUE down to near Long.MIN_VALUE: count its turns first.
        const std::uint64_t span = static_cast<std::uint64_t>(lastStart) - static_cast<std::uint64_t>(firstExcluded);
        const auto step = static_cast<std::uint64_t>(slideMs);
        const std::uint64_t windows = span / step + (span % step != 0 ? 1 : 0);
        // More than Flink 2's bound on size / slide can only come from starts that wrapped around.
        if (windows > static_cast<std::uint64_t>(kSlidingMaxWindowNum)) {
            endlessAssignment(ts,
                "the window starts wrap around the long range (the last start is " + std::to_string(lastStart)
                    + ", ts - size is " + std::to_string(firstExcluded) + "), so the loop would make "
                    + std::to_string(windows) + " windows");
        }
    }
    for (Timestamp start = lastStart; start > firstExcluded;) {
        out.emplace_back(start, javaAdd(start, size));
        const Timestamp next = javaSub(start, slideMs);
        // Next to Long.MIN_VALUE, start - slide wraps to a start near Long.MAX_VALUE, still after firstExcluded.
        if (next > start) {
            endlessAssignment(ts,
                "the window start " + std::to_string(start) + " minus the slide " + std::to_string(slideMs)
                    + " wraps past Long.MIN_VALUE");
        }
        start = next;
    }
}

std::string ms(DurationMs v)
{
    return std::to_string(v) + " ms";
}

DurationMs checkedGap(DurationMs gap)
{
    if (gap <= 0)
        throw std::invalid_argument("Dynamic session time gap must satisfy 0 < gap, found " + std::to_string(gap));
    return gap;
}

} // namespace

TumblingEventTimeWindows::TumblingEventTimeWindows(DurationMs size, DurationMs offset, WindowStagger stagger)
    : m_size(size)
    , m_offset(offset)
    , m_stagger(stagger)
{
    if (size <= 0 || absolute(offset) >= size)
        throw std::invalid_argument("TumblingEventTimeWindows parameters must satisfy abs(offset) < size, found size "
            + std::to_string(size) + " and offset " + std::to_string(offset));
}

void TumblingEventTimeWindows::assignWindows(
    const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    if (element.ts == kNoTimestamp)
        throw std::runtime_error("Record has Long.MIN_VALUE timestamp (= no timestamp marker): event-time "
                                 "windows need timestamps and watermarks");
    tumble(element.ts, m_size, m_stagger, m_offset, ctx, out);
}

std::shared_ptr<const Trigger> TumblingEventTimeWindows::defaultTrigger() const
{
    return std::make_shared<EventTimeTrigger>();
}

std::string TumblingEventTimeWindows::describe() const
{
    return "TumblingEventTimeWindows(" + ms(m_size) + (m_offset != 0 ? ", offset " + ms(m_offset) : "")
        + (m_stagger == WindowStagger::Natural ? ", natural stagger" : "") + ")";
}

TumblingProcessingTimeWindows::TumblingProcessingTimeWindows(DurationMs size, DurationMs offset, WindowStagger stagger)
    : m_size(size)
    , m_offset(offset)
    , m_stagger(stagger)
{
    if (size <= 0 || absolute(offset) >= size)
        throw std::invalid_argument("TumblingProcessingTimeWindows parameters must satisfy abs(offset) < size, found "
                                    "size "
            + std::to_string(size) + " and offset " + std::to_string(offset));
}

void TumblingProcessingTimeWindows::assignWindows(
    const WindowElement&, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    tumble(ctx.currentProcessingTime, m_size, m_stagger, m_offset, ctx, out);
}

std::shared_ptr<const Trigger> TumblingProcessingTimeWindows::defaultTrigger() const
{
    return std::make_shared<ProcessingTimeTrigger>();
}

std::string TumblingProcessingTimeWindows::describe() const
{
    return "TumblingProcessingTimeWindows(" + ms(m_size) + (m_offset != 0 ? ", offset " + ms(m_offset) : "") + ")";
}

SlidingEventTimeWindows::SlidingEventTimeWindows(DurationMs size, DurationMs slideMs, DurationMs offset)
    : m_size(size)
    , m_slide(slideMs)
    , m_offset(offset)
{
    if (slideMs <= 0 || absolute(offset) >= slideMs || size <= 0)
        throw std::invalid_argument("SlidingEventTimeWindows parameters must satisfy abs(offset) < slide and size > 0, "
                                    "found size "
            + std::to_string(size) + ", slide " + std::to_string(slideMs) + " and offset " + std::to_string(offset));
}

void SlidingEventTimeWindows::assignWindows(
    const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    if (element.ts == kNoTimestamp)
        throw std::runtime_error("Record has Long.MIN_VALUE timestamp (= no timestamp marker): event-time "
                                 "windows need timestamps and watermarks");
    slide(element.ts, m_size, m_slide, m_offset, ctx, out);
}

std::shared_ptr<const Trigger> SlidingEventTimeWindows::defaultTrigger() const
{
    return std::make_shared<EventTimeTrigger>();
}

std::optional<DurationMs> SlidingEventTimeWindows::sharedCellLength() const
{
    return slideCells(m_size, m_slide);
}

std::string SlidingEventTimeWindows::describe() const
{
    return "SlidingEventTimeWindows(" + ms(m_size) + ", slide " + ms(m_slide)
        + (m_offset != 0 ? ", offset " + ms(m_offset) : "") + ")";
}

SlidingProcessingTimeWindows::SlidingProcessingTimeWindows(DurationMs size, DurationMs slideMs, DurationMs offset)
    : m_size(size)
    , m_slide(slideMs)
    , m_offset(offset)
{
    if (slideMs <= 0 || absolute(offset) >= slideMs || size <= 0)
        throw std::invalid_argument("SlidingProcessingTimeWindows parameters must satisfy abs(offset) < slide and size "
                                    "> 0, found size "
            + std::to_string(size) + ", slide " + std::to_string(slideMs) + " and offset " + std::to_string(offset));
}

void SlidingProcessingTimeWindows::assignWindows(
    const WindowElement&, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    slide(ctx.currentProcessingTime, m_size, m_slide, m_offset, ctx, out);
}

std::shared_ptr<const Trigger> SlidingProcessingTimeWindows::defaultTrigger() const
{
    return std::make_shared<ProcessingTimeTrigger>();
}

std::optional<DurationMs> SlidingProcessingTimeWindows::sharedCellLength() const
{
    return slideCells(m_size, m_slide);
}

std::string SlidingProcessingTimeWindows::describe() const
{
    return "SlidingProcessingTimeWindows(" + ms(m_size) + ", slide " + ms(m_slide)
        + (m_offset != 0 ? ", offset " + ms(m_offset) : "") + ")";
}

EventTimeSessionWindows::EventTimeSessionWindows(DurationMs gap)
    : m_gap(gap)
{
    if (gap <= 0)
        throw std::invalid_argument(
            "EventTimeSessionWindows parameters must satisfy 0 < size, found gap " + std::to_string(gap));
}

EventTimeSessionWindows::EventTimeSessionWindows(SessionGapExtractor gapExtractor)
    : m_extractor(std::move(gapExtractor))
{
    if (!m_extractor)
        throw std::invalid_argument("dynamic session windows need a gap extractor");
}

void EventTimeSessionWindows::assignWindows(
    const WindowElement& element, AssignerContext&, std::vector<TimeWindow>& out) const
{
    const DurationMs gap = m_extractor ? checkedGap(m_extractor(element)) : m_gap;
    out.emplace_back(element.ts, javaAdd(element.ts, gap));
}

std::shared_ptr<const Trigger> EventTimeSessionWindows::defaultTrigger() const
{
    return std::make_shared<EventTimeTrigger>();
}

std::string EventTimeSessionWindows::describe() const
{
    return m_extractor ? "DynamicEventTimeSessionWindows" : "EventTimeSessionWindows(gap " + ms(m_gap) + ")";
}

ProcessingTimeSessionWindows::ProcessingTimeSessionWindows(DurationMs gap)
    : m_gap(gap)
{
    if (gap <= 0)
        throw std::invalid_argument(
            "ProcessingTimeSessionWindows parameters must satisfy 0 < size, found gap " + std::to_string(gap));
}

ProcessingTimeSessionWindows::ProcessingTimeSessionWindows(SessionGapExtractor gapExtractor)
    : m_extractor(std::move(gapExtractor))
{
    if (!m_extractor)
        throw std::invalid_argument("dynamic session windows need a gap extractor");
}

void ProcessingTimeSessionWindows::assignWindows(
    const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    const DurationMs gap = m_extractor ? checkedGap(m_extractor(element)) : m_gap;
    out.emplace_back(ctx.currentProcessingTime, javaAdd(ctx.currentProcessingTime, gap));
}

std::shared_ptr<const Trigger> ProcessingTimeSessionWindows::defaultTrigger() const
{
    return std::make_shared<ProcessingTimeTrigger>();
}

std::string ProcessingTimeSessionWindows::describe() const
{
    return m_extractor ? "DynamicProcessingTimeSessionWindows" : "ProcessingTimeSessionWindows(gap " + ms(m_gap) + ")";
}

GlobalWindows::GlobalWindows(DefaultTrigger defaultTrigger)
    : m_default(defaultTrigger)
{ }

void GlobalWindows::assignWindows(const WindowElement&, AssignerContext&, std::vector<TimeWindow>& out) const
{
    out.push_back(TimeWindow::global());
}

std::shared_ptr<const Trigger> GlobalWindows::defaultTrigger() const
{
    if (m_default == DefaultTrigger::EndOfStream)
        return std::make_shared<EndOfStreamTrigger>();
    return std::make_shared<NeverTrigger>();
}

std::string GlobalWindows::describe() const
{
    return "GlobalWindows";
}

CumulativeWindowAssigner::CumulativeWindowAssigner(
    DurationMs maxSize, DurationMs step, DurationMs offset, TimeDomain domain)
    : m_maxSize(maxSize)
    , m_step(step)
    , m_offset(offset)
    , m_domain(domain)
{
    if (maxSize <= 0 || step <= 0)
        throw std::invalid_argument("Cumulative Window parameters must satisfy maxSize > 0 and step > 0, found maxSize "
            + std::to_string(maxSize) + " and step " + std::to_string(step));
    if (maxSize % step != 0)
        throw std::invalid_argument("Cumulative Window requires maxSize must be an integral multiple of step, found "
                                    "maxSize "
            + std::to_string(maxSize) + " and step " + std::to_string(step));
}

void CumulativeWindowAssigner::assignWindows(
    const WindowElement& element, AssignerContext& ctx, std::vector<TimeWindow>& out) const
{
    const bool event = m_domain == TimeDomain::Event;
    if (event && element.ts == kNoTimestamp)
        throw std::runtime_error("Record has Long.MIN_VALUE timestamp (= no timestamp marker): event-time "
                                 "windows need timestamps and watermarks");
    const Timestamp ts = event ? element.ts : ctx.currentProcessingTime;
    const Timestamp start = TimeWindow::startWithOffset(ts, m_offset, m_maxSize);
    const Timestamp lastEnd = javaAdd(start, m_maxSize);
    const Timestamp firstEnd = javaAdd(TimeWindow::startWithOffset(ts, m_offset, m_step), m_step);
    // Counted, not compared: next to Long.MAX_VALUE the ends wrap around as Java's long arithmetic makes them, and
    // Flink's `end <= lastEnd` loop then makes no window at all, which the count reproduces.
    if (firstEnd > lastEnd)
        return;
    const auto windows = (static_cast<std::uint64_t>(lastEnd) - static_cast<std::uint64_t>(firstEnd))
            / static_cast<std::uint64_t>(m_step)
        + 1;
    Timestamp end = firstEnd;
    for (std::uint64_t k = 0; k < windows; ++k, end = javaAdd(end, m_step))
        out.emplace_back(start, end);
}

std::shared_ptr<const Trigger> CumulativeWindowAssigner::defaultTrigger() const
{
    if (m_domain == TimeDomain::Processing)
        return std::make_shared<ProcessingTimeTrigger>();
    return std::make_shared<EventTimeTrigger>();
}

std::string CumulativeWindowAssigner::describe() const
{
    return std::string("CumulativeWindowAssigner(max size ") + ms(m_maxSize) + ", step " + ms(m_step)
        + (m_offset != 0 ? ", offset " + ms(m_offset) : "")
        + (m_domain == TimeDomain::Processing ? ", processing time" : "") + ")";
}

std::shared_ptr<const WindowAssigner> makeWindowAssigner(const AssignerSpec& spec)
{
    const bool event = spec.timeDomain == TimeDomain::Event;
    switch (spec.type) {
    case AssignerSpec::Type::Tumbling:
        if (event)
            return std::make_shared<TumblingEventTimeWindows>(spec.sizeMs, spec.offsetMs);
        return std::make_shared<TumblingProcessingTimeWindows>(spec.sizeMs, spec.offsetMs);
    case AssignerSpec::Type::Sliding:
        if (event)
            return std::make_shared<SlidingEventTimeWindows>(spec.sizeMs, spec.slideMs, spec.offsetMs);
        return std::make_shared<SlidingProcessingTimeWindows>(spec.sizeMs, spec.slideMs, spec.offsetMs);
    case AssignerSpec::Type::Session:
        if (event)
            return std::make_shared<EventTimeSessionWindows>(spec.gapMs);
        return std::make_shared<ProcessingTimeSessionWindows>(spec.gapMs);
    case AssignerSpec::Type::Global:
        return std::make_shared<GlobalWindows>();
    case AssignerSpec::Type::Cumulate:
        return std::make_shared<CumulativeWindowAssigner>(spec.sizeMs, spec.stepMs, spec.offsetMs, spec.timeDomain);
    }
    throw std::invalid_argument("unknown window assigner type");
}

} // namespace tidemark
