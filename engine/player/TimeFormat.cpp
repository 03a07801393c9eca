#include "engine/player/TimeFormat.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace tidemark {

namespace {

// Negative numbers carry the true minus sign "−" (U+2212), as in the narration's formulas.
std::string signedText(std::int64_t v)
{
    std::string t = std::to_string(v);
    if (!t.empty() && t.front() == '-')
        t.replace(0, 1, "\u2212");
    return t;
}

constexpr std::int64_t kMsPerDay = 86'400'000;
const char* const kMinusInfinity = "\u2212\u221e"; // −∞
const char* const kPlusInfinity = "+\u221e";

// Days since 1970-01-01 → civil date (proleptic Gregorian), after H. Hinnant's days_from_civil inverse.
void civilFromDays(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2)
        ++y;
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

std::uint64_t readBigEndian(const std::string& data, std::size_t pos, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | static_cast<unsigned char>(data[pos + static_cast<std::size_t>(i)]);
    return v;
}

// "UTC", "GMT", "UTC+8", "UTC+08:00", "+08:00", "-0530" → offset in ms.
std::optional<std::int64_t> parseFixedOffset(std::string s)
{
    for (const char* prefix : {"UTC", "GMT"}) {
        if (s.rfind(prefix, 0) == 0)
            s = s.substr(3);
    }
    if (s.empty())
        return 0;
    if (s[0] != '+' && s[0] != '-')
        return std::nullopt;
    const int sign = s[0] == '-' ? -1 : 1;
    std::string digits;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (s[i] == ':')
            continue;
        if (s[i] < '0' || s[i] > '9')
            return std::nullopt;
        digits += s[i];
    }
    if (digits.empty() || digits.size() > 4)
        return std::nullopt;
    int hours = 0;
    int minutes = 0;
    if (digits.size() <= 2) {
        hours = std::stoi(digits);
    } else {
        hours = std::stoi(digits.substr(0, digits.size() - 2));
        minutes = std::stoi(digits.substr(digits.size() - 2));
    }
    return sign * (hours * 3'600'000LL + minutes * 60'000LL);
}

std::string offsetName(std::int64_t offsetMs)
{
    const char sign = offsetMs < 0 ? '-' : '+';
    const std::int64_t m = (offsetMs < 0 ? -offsetMs : offsetMs) / 60'000;
    char buf[32];
    std::snprintf(
        buf, sizeof buf, "UTC%c%02lld:%02lld", sign, static_cast<long long>(m / 60), static_cast<long long>(m % 60));
    return buf;
}

} // namespace

EventTimeRange eventTimeRange(const std::vector<InputRecord>& records)
{
    EventTimeRange range;
    for (const InputRecord& r : records) {
        if (!r.isWatermark())
            range.include(r.ts);
    }
    return range;
}

DisplaySettings resolvedDisplay(const DisplaySettings& display, EventTimeRange events)
{
    DisplaySettings d = display;
    if (d.timeFormat != DisplaySettings::TimeFormat::Auto)
        return d;
    constexpr Timestamp kYear2000 = 946684800000;
    constexpr Timestamp kYear2100 = 4102444800000;
    // Every event time lies in [2000, 2100) when the smallest and the largest do.
    const bool epoch = !events.empty() && events.first >= kYear2000 && events.last < kYear2100;
    d.timeFormat = epoch ? DisplaySettings::TimeFormat::DateTime : DisplaySettings::TimeFormat::EpochMs;
    return d;
}

DisplaySettings resolvedDisplay(const Scenario& scenario)
{
    return resolvedDisplay(scenario.display, eventTimeRange(scenario.records));
}

TimeFormatter::TimeFormatter() = default;

TimeFormatter::TimeFormatter(const DisplaySettings& display, Timestamp relativeOrigin)
    : m_format(display.timeFormat == DisplaySettings::TimeFormat::Auto ? DisplaySettings::TimeFormat::EpochMs
                                                                       : display.timeFormat)
    , m_origin(relativeOrigin)
{
    if (m_format != DisplaySettings::TimeFormat::DateTime)
        return;
    if (const auto fixed = parseFixedOffset(display.zone)) {
        m_fixedOffsetMs = *fixed;
        return;
    }
    // An IANA zone: read its TZif file (version 2+ data block with 64-bit transition times).
    if (display.zone.find("..") != std::string::npos)
        return;
    std::ifstream in("/usr/share/zoneinfo/" + display.zone, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (data.size() < 44 || data.compare(0, 4, "TZif") != 0)
        return;
    auto counts = [&](std::size_t at, std::uint64_t c[6]) {
        for (int i = 0; i < 6; ++i)
            c[i] = readBigEndian(data, at + 20 + 4 * static_cast<std::size_t>(i), 4);
    };
    std::uint64_t c[6]; // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    counts(0, c);
    std::size_t pos = 44;
    int timeBytes = 4;
    if (data[4] >= '2') {
        pos += c[3] * 5 + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0];
        if (data.size() < pos + 44)
            return;
        counts(pos, c);
        pos += 44;
        timeBytes = 8;
    }
    const std::uint64_t timecnt = c[3];
    const std::uint64_t typecnt = c[4];
    const std::size_t typesAt = pos + timecnt * static_cast<std::uint64_t>(timeBytes) + timecnt;
    if (typecnt == 0 || data.size() < typesAt + typecnt * 6)
        return;
    auto typeOffset = [&](std::uint64_t type) {
        const auto raw = static_cast<std::uint32_t>(readBigEndian(data, typesAt + type * 6, 4));
        return static_cast<std::int64_t>(static_cast<std::int32_t>(raw)) * 1000;
    };
    // Before the first transition the first non-DST type applies (RFC 8536 §3.2); type 0 is that in practice.
    m_transitions.push_back({kMinTimestamp, typeOffset(0)});
    for (std::uint64_t i = 0; i < timecnt; ++i) {
        std::uint64_t raw = readBigEndian(data, pos + i * static_cast<std::uint64_t>(timeBytes), timeBytes);
        std::int64_t seconds = timeBytes == 8 ? static_cast<std::int64_t>(raw)
                                              : static_cast<std::int64_t>(static_cast<std::int32_t>(raw));
        const std::uint64_t type
            = static_cast<unsigned char>(data[pos + timecnt * static_cast<std::uint64_t>(timeBytes) + i]);
        if (type >= typecnt)
            continue;
        m_transitions.push_back({seconds * 1000, typeOffset(type)});
    }
}

std::int64_t TimeFormatter::utcOffsetMs(Timestamp t) const
{
    if (m_format != DisplaySettings::TimeFormat::DateTime)
        return 0;
    if (m_transitions.empty())
        return m_fixedOffsetMs;
    const auto it = std::upper_bound(
        m_transitions.begin(), m_transitions.end(), t, [](Timestamp v, const Transition& tr) { return v < tr.atMs; });
    return std::prev(it)->offsetMs;
}

std::string TimeFormatter::timestamp(Timestamp t) const
{
    if (t == kMinTimestamp)
        return kMinusInfinity;
    if (t == kMaxTimestamp)
        return kPlusInfinity;
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return signedText(t) + " ms";
    case DisplaySettings::TimeFormat::Relative: {
        const Timestamp d = javaSub(t, m_origin);
        return std::string(d < 0 ? "\u2212" : "+").append(std::to_string(d < 0 ? -d : d)).append(" ms");
    }
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    return m_showDates ? dateTime(t) : timeOfDay(t);
}

void TimeFormatter::showDatesAcross(Timestamp first, Timestamp last)
{
    if (m_format != DisplaySettings::TimeFormat::DateTime || first == kMinTimestamp || last == kMaxTimestamp)
        return;
    const std::int64_t a = floorDiv(javaAdd(first, utcOffsetMs(first)), kMsPerDay);
    const std::int64_t b = floorDiv(javaAdd(last, utcOffsetMs(last)), kMsPerDay);
    m_showDates = a != b;
}

void TimeFormatter::showDatesAcross(EventTimeRange events)
{
    if (!events.empty())
        showDatesAcross(events.first, events.last);
}

std::string TimeFormatter::timeOfDay(Timestamp t) const
{
    const std::int64_t local = javaAdd(t, utcOffsetMs(t));
    const std::int64_t msOfDay = local - floorDiv(local, kMsPerDay) * kMsPerDay;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld.%03lld", static_cast<long long>(msOfDay / 3'600'000),
        static_cast<long long>(msOfDay / 60'000 % 60), static_cast<long long>(msOfDay / 1000 % 60),
        static_cast<long long>(msOfDay % 1000));
    return buf;
}

std::string TimeFormatter::dateTime(Timestamp t) const
{
    if (m_format != DisplaySettings::TimeFormat::DateTime || t == kMinTimestamp || t == kMaxTimestamp)
        return timestamp(t);
    const std::int64_t local = javaAdd(t, utcOffsetMs(t));
    std::int64_t y = 0;
    unsigned m = 0;
    unsigned d = 0;
    civilFromDays(floorDiv(local, kMsPerDay), y, m, d);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u ", static_cast<long long>(y), m, d);
    return buf + timeOfDay(t);
}

TimeFormatter scenarioTimes(const Scenario& s)
{
    EventTimeRange events = eventTimeRange(s.records);
    if (s.graph) {
        // a job graph's records are its sources'
        for (const GraphSource& source : s.graph->sources) {
            const EventTimeRange r = eventTimeRange(source.records);
            if (!r.empty()) {
                events.include(r.first);
                events.include(r.last);
            }
        }
    }
    TimeFormatter format(resolvedDisplay(s.display, events), events.empty() ? 0 : events.first);
    format.showDatesAcross(events);
    return format;
}

std::string TimeFormatter::window(Timestamp start, Timestamp end) const
{
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return std::string("[").append(signedText(start)).append(", ").append(signedText(end)).append(") ms");
    case DisplaySettings::TimeFormat::Relative:
        return std::string("[").append(timestamp(start)).append(", ").append(timestamp(end)).append(")");
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    // A window of a day or more would read [00:00:00, 00:00:00) with times of day alone: name the dates.
    const bool spansDays = javaSub(end, start) >= kMsPerDay;
    std::string a = spansDays ? dateTime(start) : timestamp(start);
    std::string b = spansDays ? dateTime(end) : timestamp(end);
    // Whole-second bounds read better without ".000": [10:11:21, 10:11:24).
    auto wholeSecond = [](const std::string& s) { return s.size() > 4 && s.compare(s.size() - 4, 4, ".000") == 0; };
    if (wholeSecond(a) && wholeSecond(b)) {
        a.resize(a.size() - 4);
        b.resize(b.size() - 4);
    }
    return "[" + a + ", " + b + ")";
}

std::string TimeFormatter::processingTime(Timestamp t)
{
    const char* sign = t < 0 ? "\u2212" : "";
    const std::uint64_t a = t < 0 ? 0 - static_cast<std::uint64_t>(t) : static_cast<std::uint64_t>(t);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu s", sign, static_cast<unsigned long long>(a / 1000),
        static_cast<unsigned long long>(a % 1000));
    return buf;
}

std::string TimeFormatter::duration(DurationMs d)
{
    if (d == kMaxTimestamp)
        return kPlusInfinity;
    const std::string sign = d < 0 ? "\u2212" : "";
    const std::uint64_t a = d < 0 ? 0 - static_cast<std::uint64_t>(d) : static_cast<std::uint64_t>(d);
    if (a < 1000)
        return sign + std::to_string(a) + " ms";
    if (a % 60'000 == 0)
        return sign + std::to_string(a / 60'000) + " min";
    if (a % 1000 == 0)
        return sign + std::to_string(a / 1000) + " s";
    std::string frac = std::to_string(a % 1000 + 1000).substr(1);
    while (!frac.empty() && frac.back() == '0')
        frac.pop_back();
    return sign + std::to_string(a / 1000) + "." + frac + " s";
}

std::string TimeFormatter::axisLabel(Timestamp t) const
{
    switch (m_format) {
    case DisplaySettings::TimeFormat::Auto: // settled when constructed: never held
    case DisplaySettings::TimeFormat::EpochMs:
        return "epoch ms";
    case DisplaySettings::TimeFormat::Relative:
        return "ms after " + std::to_string(m_origin);
    case DisplaySettings::TimeFormat::DateTime:
        break;
    }
    return offsetName(utcOffsetMs(t));
}

} // namespace tidemark
