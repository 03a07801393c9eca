#pragma once

#include "engine/core/Scenario.h"
#include "engine/core/Time.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tidemark {

// The one place where times become text, shared by the narration, `tidemark run --format text` and the
// GUI's axis. Units are always written: "4999 ms", "10:11:37.000", "+3.000 s", "10 s".
//
// * EpochMs: event times as epoch milliseconds with "ms" ("1538359897000 ms").
// * DateTime: wall-clock time in the display zone (IANA name from /usr/share/zoneinfo, or a fixed offset
//   such as "UTC+08:00"); `timestamp()` gives the time of day "10:11:37.000", `dateTime()` adds the date.
// * Relative: milliseconds after an origin (the scenario's smallest event timestamp), "+3000 ms".
// Long.MIN_VALUE prints as "−∞" (no watermark yet) and Long.MAX_VALUE as "+∞" (the end-of-input watermark).

// The smallest and largest timestamps of a run's event records (watermark records left out): what settles
// `auto`, the relative origin and whether dates are shown. Found in one pass, which at 10M records reads
// 640 MB, so callers find it once and hand it on.
struct EventTimeRange {
    Timestamp first = kMaxTimestamp;
    Timestamp last = kMinTimestamp;
    bool empty() const { return first > last; }
    void include(Timestamp t)
    {
        first = t < first ? t : first;
        last = t > last ? t : last;
    }
};
EventTimeRange eventTimeRange(const std::vector<InputRecord>& records);

// The display a scenario asks for, with `auto` settled by its records: date-times (in the scenario's zone,
// UTC unless it names one) when every event time lies between 2000 and 2100 as epoch milliseconds — a
// 13-digit number on an axis says nothing to a reader — and raw milliseconds otherwise (small test values
// such as 1000, 4999).
DisplaySettings resolvedDisplay(const DisplaySettings& display, EventTimeRange events);
DisplaySettings resolvedDisplay(const Scenario& scenario);

class TimeFormatter {
public:
    TimeFormatter(); // epoch ms
    // `display` as resolvedDisplay gives it; an unresolved Auto reads as epoch ms.
    explicit TimeFormatter(const DisplaySettings& display, Timestamp relativeOrigin = 0);

    // An event time (record timestamp, watermark, window bound) in the display format.
    std::string timestamp(Timestamp t) const;
    // Date and time for DateTime ("2018-10-01 10:11:37.000"), otherwise the same as timestamp().
    std::string dateTime(Timestamp t) const;
    // With DateTime, makes timestamp() include the date when `first` and `last` fall on different local days
    // (a run whose records cross midnight: "23:58:59.999 → 07:58:58.999" would read as going backwards).
    void showDatesAcross(Timestamp first, Timestamp last);
    // The same over a run's event times; nothing when there are none.
    void showDatesAcross(EventTimeRange events);
    bool showsDates() const { return m_showDates; }
    // A window as "[start, end)" with both bounds formatted by timestamp().
    std::string window(Timestamp start, Timestamp end) const;
    // Processing time of the player's clock: always relative to the run's start, "7.000 s" / "200 ms".
    static std::string processingTime(Timestamp t);
    // A length of time with its unit: "10 s", "1 ms", "2.5 s", "1 min", "0 ms".
    static std::string duration(DurationMs d);

    // The zone's offset from UTC in ms at instant t (0 unless DateTime). Exposed for axis tick placement.
    std::int64_t utcOffsetMs(Timestamp t) const;
    // A short name of the axis unit: "epoch ms", "UTC+08:00" (zone offset at t), "ms after start".
    std::string axisLabel(Timestamp t) const;
    DisplaySettings::TimeFormat format() const { return m_format; }

private:
    std::string timeOfDay(Timestamp t) const;
    struct Transition {
        Timestamp atMs; // UTC instant from which offsetMs applies
        std::int64_t offsetMs;
    };
    DisplaySettings::TimeFormat m_format = DisplaySettings::TimeFormat::EpochMs;
    Timestamp m_origin = 0;
    std::int64_t m_fixedOffsetMs = 0;
    bool m_showDates = false;
    std::vector<Transition> m_transitions; // from the zone's TZif file; empty for a fixed offset
};

// Times as a run of `scenario` alone shows them (its narration, `tidemark run`'s text): resolvedDisplay, relative
// ones from its first event time, and dates where its records cross days.
TimeFormatter scenarioTimes(const Scenario& scenario);

} // namespace tidemark
