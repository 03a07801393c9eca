#include "app/timeline/WindowLabels.h"

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
    int month = 1;
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    int millis = 0;
    Timestamp hourIndex = 0; // hours since the epoch, local: equal for two times in the same hour of the same day
    Timestamp minuteIndex = 0;
};

ClockTime clockOf(Timestamp local)
{
    const Timestamp days = floorDiv(local, kDayMs);
    const Timestamp ofDay = local - days * kDayMs;
    ClockTime c;
    // month and day of the proleptic Gregorian calendar from days since 1970-01-01 (H. Hinnant's
    // civil_from_days)
    const Timestamp z = days + 719468;
    const Timestamp era = floorDiv(z, 146097);
    const Timestamp doe = z - era * 146097;
    const Timestamp yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const Timestamp doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const Timestamp mp = (5 * doy + 2) / 153;
    c.day = int(doy - (153 * mp + 2) / 5 + 1);
    c.month = int(mp < 10 ? mp + 3 : mp - 9);
    c.hour = int(ofDay / kHourMs);
    c.minute = int(ofDay % kHourMs / kMinuteMs);
    c.second = int(ofDay % kMinuteMs / 1000);
    c.millis = int(ofDay % 1000);
    c.hourIndex = floorDiv(local, kHourMs);
    c.minuteIndex = floorDiv(local, kMinuteMs);
    return c;
}

enum class Fields { Date, DateTime, HourMinuteSecond, MinuteSecond, Second };

// "MM-dd", "MM-dd HH:mm:ss", "HH:mm:ss", "mm:ss" or "ss", with ".zzz" when asked (not after a date alone).
QString clockText(const ClockTime& c, Fields fields, bool millis)
{
    std::array<char, 24> buf {};
    std::size_t n = 0;
    auto two = [&](int v) {
        buf[n++] = char('0' + v / 10);
        buf[n++] = char('0' + v % 10);
    };
    if (fields == Fields::Date || fields == Fields::DateTime) {
        two(c.month);
        buf[n++] = '-';
        two(c.day);
        if (fields == Fields::Date)
            return QString::fromLatin1(buf.data(), qsizetype(n));
        buf[n++] = ' ';
    }
    if (fields == Fields::HourMinuteSecond || fields == Fields::DateTime) {
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
    if (javaSub(w.end(), w.start()) >= kDayMs) {
        // a day or longer would read [00:00:00, 00:00:00): the dates say which days (the year is on the axis)
        const QString start = clockText(a, Fields::DateTime, millis);
        QStringList out {
            QLatin1Char('[') + start + QLatin1String(", ") + clockText(b, Fields::DateTime, millis) + QLatin1Char(')')};
        const bool midnights = a.hour == 0 && a.minute == 0 && a.second == 0 && a.millis == 0 && b.hour == 0
            && b.minute == 0 && b.second == 0 && b.millis == 0;
        if (midnights)
            out << QLatin1Char('[') + clockText(a, Fields::Date, false) + QLatin1String(", ")
                    + clockText(b, Fields::Date, false) + QLatin1Char(')');
        out << start << clockText(a, Fields::Date, false);
        return out;
    }
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

qsizetype firstThatFits(
    const QStringList& choices, double maxWidth, const std::function<double(const QString&)>& widthOf)
{
    for (qsizetype i = 0; i < choices.size(); ++i) {
        if (widthOf(choices[i]) <= maxWidth)
            return i;
    }
    return -1;
}

} // namespace tidemark::app
