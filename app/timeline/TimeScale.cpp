#include "app/timeline/TimeScale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tidemark::app {

namespace {

constexpr DurationMs kSecond = 1000;
constexpr DurationMs kMinute = 60 * kSecond;
constexpr DurationMs kHour = 60 * kMinute;
constexpr DurationMs kDay = 24 * kHour;

struct LadderStep {
    DurationMs ms;
    TickStep::Unit unit;
};

// Steps a person reads easily on a clock: nobody wants ticks every 7 minutes.
constexpr std::array kClockLadder {
    LadderStep {1, TickStep::Unit::Millisecond},
    LadderStep {2, TickStep::Unit::Millisecond},
    LadderStep {5, TickStep::Unit::Millisecond},
    LadderStep {10, TickStep::Unit::Millisecond},
    LadderStep {20, TickStep::Unit::Millisecond},
    LadderStep {50, TickStep::Unit::Millisecond},
    LadderStep {100, TickStep::Unit::Millisecond},
    LadderStep {200, TickStep::Unit::Millisecond},
    LadderStep {500, TickStep::Unit::Millisecond},
    LadderStep {kSecond, TickStep::Unit::Second},
    LadderStep {2 * kSecond, TickStep::Unit::Second},
    LadderStep {5 * kSecond, TickStep::Unit::Second},
    LadderStep {10 * kSecond, TickStep::Unit::Second},
    LadderStep {15 * kSecond, TickStep::Unit::Second},
    LadderStep {30 * kSecond, TickStep::Unit::Second},
    LadderStep {kMinute, TickStep::Unit::Minute},
    LadderStep {2 * kMinute, TickStep::Unit::Minute},
    LadderStep {5 * kMinute, TickStep::Unit::Minute},
    LadderStep {10 * kMinute, TickStep::Unit::Minute},
    LadderStep {15 * kMinute, TickStep::Unit::Minute},
    LadderStep {30 * kMinute, TickStep::Unit::Minute},
    LadderStep {kHour, TickStep::Unit::Hour},
    LadderStep {2 * kHour, TickStep::Unit::Hour},
    LadderStep {3 * kHour, TickStep::Unit::Hour},
    LadderStep {6 * kHour, TickStep::Unit::Hour},
    LadderStep {12 * kHour, TickStep::Unit::Hour},
    LadderStep {kDay, TickStep::Unit::Day},
    LadderStep {2 * kDay, TickStep::Unit::Day},
    LadderStep {7 * kDay, TickStep::Unit::Day},
    LadderStep {14 * kDay, TickStep::Unit::Day},
    LadderStep {30 * kDay, TickStep::Unit::Day},
    LadderStep {90 * kDay, TickStep::Unit::Day},
    LadderStep {365 * kDay, TickStep::Unit::Day},
};

TickStep::Unit unitOf(DurationMs ms)
{
    if (ms >= kDay && ms % kDay == 0)
        return TickStep::Unit::Day;
    if (ms >= kHour && ms % kHour == 0)
        return TickStep::Unit::Hour;
    if (ms >= kMinute && ms % kMinute == 0)
        return TickStep::Unit::Minute;
    if (ms >= kSecond && ms % kSecond == 0)
        return TickStep::Unit::Second;
    return TickStep::Unit::Millisecond;
}

// floor division for possibly negative numerators
Timestamp floorDiv(Timestamp a, DurationMs b)
{
    Timestamp q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

} // namespace

TimeScale::TimeScale(double startMs, double endMs, double x0, double width)
    : m_start(startMs)
    , m_end(std::max(endMs, startMs + kMinSpanMs))
    , m_x0(x0)
    , m_width(width)
{ }

double TimeScale::mapTimeToX(double t) const
{
    if (!isValid())
        return m_x0;
    return m_x0 + (t - m_start) * m_width / span();
}

double TimeScale::mapXToTime(double x) const
{
    if (!isValid())
        return m_start;
    return m_start + (x - m_x0) * span() / m_width;
}

Timestamp TimeScale::timeAtX(double x) const
{
    // a thousandth of a millisecond absorbs the rounding of epoch-sized doubles (ulp ≈ 2e-4 ms)
    return static_cast<Timestamp>(std::floor(mapXToTime(x) + 1e-3));
}

TimeScale TimeScale::zoomedAround(double x, double factor) const
{
    if (!isValid() || factor <= 0)
        return *this;
    const double anchor = mapXToTime(x);
    const double newSpan = std::max(span() / factor, kMinSpanMs);
    const double fraction = (x - m_x0) / m_width;
    const double start = anchor - fraction * newSpan;
    return {start, start + newSpan, m_x0, m_width};
}

TimeScale TimeScale::panned(double dx) const
{
    if (!isValid())
        return *this;
    const double dt = dx * span() / m_width;
    return {m_start - dt, m_end - dt, m_x0, m_width};
}

TimeScale TimeScale::fitted(double a, double b, double margin) const
{
    if (b < a)
        std::swap(a, b);
    double s = b - a;
    if (s < kMinSpanMs) {
        // one instant: show a second around it so that it is not infinitely zoomed
        a -= 500.0;
        s = 1000.0;
    }
    return {a - s * margin, a + s + s * margin, m_x0, m_width};
}

TimeScale TimeScale::centredOn(double t, double fraction) const
{
    const double s = span();
    const double start = t - fraction * s;
    return {start, start + s, m_x0, m_width};
}

TickStep TimeScale::niceStep(double msPerPixel, double minPixels, DisplaySettings::TimeFormat format)
{
    const double wanted = std::max(msPerPixel * minPixels, 1.0);
    if (format != DisplaySettings::TimeFormat::DateTime) {
        // 1-2-5 ladder: epoch ms and relative labels read as plain numbers of ms/s
        double magnitude = std::pow(10.0, std::floor(std::log10(wanted)));
        for (;;) {
            for (double m : {1.0, 2.0, 5.0}) {
                if (m * magnitude >= wanted) {
                    const auto ms = static_cast<DurationMs>(std::llround(m * magnitude));
                    return {ms, unitOf(ms)};
                }
            }
            magnitude *= 10.0;
        }
    }
    for (const LadderStep& s : kClockLadder) {
        if (double(s.ms) >= wanted)
            return {s.ms, s.unit};
    }
    // beyond a year: whole multiples of 365 days
    const auto years = static_cast<DurationMs>(std::ceil(wanted / double(365 * kDay)));
    return {years * 365 * kDay, TickStep::Unit::Day};
}

std::vector<Tick> TimeScale::ticks(const TickStep& step, DurationMs alignOffsetMs) const
{
    std::vector<Tick> out;
    if (!isValid() || step.ms <= 0)
        return out;
    // Minor ticks split a step into parts a reader can count: 5 for 1/5/10 steps, 2 for 2-steps, 3 for 15/30.
    const DurationMs leading = [&] {
        DurationMs v = step.ms;
        while (v >= 10 && v % 10 == 0)
            v /= 10;
        return v;
    }();
    int parts = 5;
    if (leading == 2 || step.ms == 2 * kHour || step.ms == 12 * kHour || step.ms == 2 * kDay || step.ms == 14 * kDay)
        parts = 2;
    else if (leading == 3 || leading == 15 || step.ms == 3 * kHour || step.ms == 6 * kHour || step.ms == 30 * kDay
        || step.ms == 90 * kDay)
        parts = 3;
    else if (step.ms == 7 * kDay)
        parts = 7;
    else if (step.ms % parts != 0)
        parts = 1;
    const DurationMs minor = step.ms / parts;
    const auto first = static_cast<Timestamp>(std::floor(m_start));
    const auto last = static_cast<Timestamp>(std::ceil(m_end));
    Timestamp t = floorDiv(first - alignOffsetMs, minor) * minor + alignOffsetMs;
    if (t < first)
        t += minor;
    const std::size_t limit = 10000; // a guard against absurd steps; callers pick steps ≥ 40 px apart
    for (; t <= last && out.size() < limit; t += minor) {
        const Timestamp rel = t - alignOffsetMs;
        out.push_back({t, mapTimeToX(double(t)), floorDiv(rel, step.ms) * step.ms == rel});
    }
    return out;
}

} // namespace tidemark::app
