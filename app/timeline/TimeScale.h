#pragma once

#include "engine/core/Scenario.h"
#include "engine/core/Time.h"

#include <QString>
#include <QTimeZone>

#include <vector>

namespace tidemark::app {

// A tick step chosen from a "nice" ladder: 1-2-5 for milliseconds, then 1/2/5/10/15/30 s, minutes, hours, days.
struct TickStep {
    DurationMs ms = 1000;
    enum class Unit : std::uint8_t { Millisecond, Second, Minute, Hour, Day };
    Unit unit = Unit::Second;
};

// Turns event times into text the way the scenario's display setting asks, always with units.
class TimeLabels {
public:
    TimeLabels() = default;
    explicit TimeLabels(
        DisplaySettings::TimeFormat format, const QString& zone = QStringLiteral("UTC"), Timestamp origin = 0);

    DisplaySettings::TimeFormat format() const { return m_format; }
    Timestamp origin() const { return m_origin; }
    const QTimeZone& zone() const { return m_zone; }
    void setOrigin(Timestamp origin) { m_origin = origin; }

    // Exact value, e.g. "10:11:23.999", "1538359883999 ms", "+12.345 s". kMin/kMax read "−∞" / "+∞".
    QString exact(Timestamp t) const;
    // A label for an axis tick: as precise as the step needs, no more.
    QString tickLabel(Timestamp t, const TickStep& step) const;
    // What the axis is: "event time (UTC+08:00)", "event time (epoch ms)", "event time since first record".
    QString axisTitle() const;
    // The calendar date for a date-time axis (shown once, not on every tick); empty for other formats.
    QString dateOf(Timestamp t) const;
    // The dates a view from `from` to `to` covers: "2018-10-01", or "2024-02-29 – 2024-03-03" when it crosses
    // midnight (the tick labels then give times of day on more than one date).
    QString datesOf(Timestamp from, Timestamp to) const;
    // Offset from UTC at t, used to align day/hour ticks to local midnight.
    DurationMs utcOffsetMs(Timestamp t) const;

    static QString duration(DurationMs ms);

private:
    DisplaySettings::TimeFormat m_format = DisplaySettings::TimeFormat::EpochMs;
    QTimeZone m_zone = QTimeZone::utc();
    Timestamp m_origin = 0;
};

struct Tick {
    Timestamp time = 0;
    double x = 0.0;
    bool major = false; // a labelled tick
};

// The time↔pixel mapping of a horizontal event-time axis: [startMs, endMs) visible in [x0, x0 + width).
// A plain value type so the maths can be tested row by row; zooming and panning return new scales.
class TimeScale {
public:
    TimeScale() = default;
    TimeScale(double startMs, double endMs, double x0, double width);

    double start() const { return m_start; }
    double end() const { return m_end; }
    double span() const { return m_end - m_start; }
    double x0() const { return m_x0; }
    double width() const { return m_width; }
    double msPerPixel() const { return m_width > 0 ? span() / m_width : 0.0; }
    bool isValid() const { return m_width > 0 && m_end > m_start; }

    double mapTimeToX(double t) const;
    double mapXToTime(double x) const;
    // The whole millisecond under pixel x (floor), so that mapping a tick's time back gives the same pixel.
    Timestamp timeAtX(double x) const;

    TimeScale withPixels(double x0, double width) const { return {m_start, m_end, x0, width}; }
    // Zoom by factor (> 1 zooms in) keeping the time under pixel x where it is.
    TimeScale zoomedAround(double x, double factor) const;
    // Move the view by dx pixels: dragging right (dx > 0) shows earlier times.
    TimeScale panned(double dx) const;
    // Show [a, b] with a margin (fraction of the span) on both sides.
    TimeScale fitted(double a, double b, double margin = 0.05) const;
    // Keep the span, put t at fraction f of the width.
    TimeScale centredOn(double t, double fraction = 0.5) const;

    static constexpr double kMinSpanMs = 1.0;

    // The smallest nice step whose ticks are at least minPixels apart.
    static TickStep niceStep(double msPerPixel, double minPixels, DisplaySettings::TimeFormat format);
    // Ticks in the visible range: major (labelled) at `step`, minor at a fifth/half of it.
    std::vector<Tick> ticks(const TickStep& step, DurationMs alignOffsetMs = 0) const;

private:
    double m_start = 0.0;
    double m_end = 1000.0;
    double m_x0 = 0.0;
    double m_width = 0.0;
};

} // namespace tidemark::app
