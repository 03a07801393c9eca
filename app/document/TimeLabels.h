#pragma once

#include "engine/core/Scenario.h"
#include "engine/core/Time.h"

#include <QString>
#include <QTimeZone>

#include <cstdint>

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

} // namespace tidemark::app
