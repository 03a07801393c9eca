#include "app/WindowLabels.h"

#include <array>

namespace tidemark::app {

namespace {

constexpr DurationMs kMinuteMs = 60'000;
constexpr DurationMs kHourMs = 60 * kMinuteMs;
constexpr DurationMs kDayMs = 24 * kHourMs;

Timestamp floorDiv(Timestamp a, DurationMs b)
{
    Timestamp q = a / b;
    if (a % b != 0 && (a < 0) != (b < 0))
        --q;
    return q;
}

// One bound in local wall-clock time.
struct ClockTime {
    int hour = 0;
    int minute = 0;
    int second = 0;
    int millis = 0;
    Timestamp hourIndex = 0; // hours since the epoch, local: equal for two times in the same hour of the same day
    Timestamp minuteIndex = 0;
};

ClockTime clockOf(Timestamp local)
{
    const Timestamp ofDay = local - floorDiv(local, kDayMs) * kDayMs;
    ClockTime c;
    c.hour = int(ofDay / kHourMs);
    c.minute = int(ofDay % kHourMs / kMinuteMs);
    c.second = int(ofDay % kMinuteMs / 1000);
    c.millis = int(ofDay % 1000);
    c.hourIndex = floorDiv(local, kHourMs);
    c.minuteIndex = floorDiv(local, kMinuteMs);
    return c;
}

enum class Fields { HourMinuteSecond, MinuteSecond, Second };

// "HH:mm:ss", "mm:ss" or "ss", with ".zzz" when asked.
QString clockText(const ClockTime& c, Fields fields, bool millis)
{
    std::array<char, 16> buf {};
    std::size_t n = 0;
    auto two = [&](int v) {
        buf[n++] = char('0' + v / 10);
        buf[n++] = char('0' + v % 10);
    };
    if (fields == Fields::HourMinuteSecond) {
        two(c.hour);
        buf[n++] = ':';
    }
    if (fields != Fields::Second) {
        two(c.minute);
        buf[n++] = ':';
    }
    two(c.second);
    if (millis) {
        buf[n++] = '.';
        buf[n++] = char('0' + c.millis / 100);
        two(c.millis % 100);
    }
    return QString::fromLatin1(buf.data(), qsizetype(n));
}

} // namespace

QStringList dateTimeWindowLabels(const TimeWindow& w, DurationMs utcOffsetMs)
{
    const ClockTime a = clockOf(javaAdd(w.start(), utcOffsetMs));
    const ClockTime b = clockOf(javaAdd(w.end(), utcOffsetMs));
    const bool millis = w.start() % 1000 != 0 || w.end() % 1000 != 0;
    const bool sameHour = a.hourIndex == b.hourIndex;
    const bool sameMinute = a.minuteIndex == b.minuteIndex;
    const Fields f = sameHour ? Fields::MinuteSecond : Fields::HourMinuteSecond;
    const QString start = clockText(a, f, millis);
    QStringList out {QLatin1Char('[') + start + QLatin1String(", ") + clockText(b, f, millis) + QLatin1Char(')')};
    if (sameMinute) {
        // the axis above names the minute: the seconds alone still say which window this is
        const QString s = QLatin1Char(':') + clockText(a, Fields::Second, millis);
        out << QLatin1String("[") + s + QLatin1String(", :") + clockText(b, Fields::Second, millis) + QLatin1Char(')')
            << s;
    } else {
        out << start;
    }
    return out;
}

} // namespace tidemark::app
