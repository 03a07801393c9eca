#include "engine/io/Timestamps.h"

#include "engine/io/ShortNumbers.h"
#include "engine/io/Suggest.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>

namespace tidemark::io {

namespace {

constexpr std::int64_t kSecondsPerDay = 86400;

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

bool isLeap(std::int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned daysInMonth(std::int64_t y, unsigned m)
{
    static constexpr std::array<unsigned, 12> kDays {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : kDays[m - 1];
}

// Year of a day count (Howard Hinnant's civil_from_days, year only).
std::int64_t yearFromDays(std::int64_t z)
{
    z += 719468;
    const std::int64_t era = floorDiv(z, 146097);
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const std::int64_t month = mp < 10 ? mp + 3 : mp - 9;
    return yoe + era * 400 + (month <= 2 ? 1 : 0);
}

std::uint32_t be32(const unsigned char* p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

std::int64_t be64(const unsigned char* p)
{
    return static_cast<std::int64_t>((std::uint64_t(be32(p)) << 32) | be32(p + 4));
}

bool validZoneName(std::string_view name)
{
    if (name.empty() || name.size() > 255 || name.front() == '/' || name.back() == '/')
        return false;
    for (const char c : name) {
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/'
            || c == '_' || c == '-' || c == '+';
        if (!ok)
            return false;
    }
    return name.find("..") == std::string_view::npos && name.find("//") == std::string_view::npos;
}

std::string quoted(std::string_view s)
{
    return detail::quotedExcerpt(s, 60);
}

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int digitsValue(std::string_view s)
{
    int v = 0;
    for (const char c : s)
        v = v * 10 + (c - '0');
    return v;
}

// Milliseconds of a fraction of a second written with any number of digits; nullopt when it has
// sub-millisecond precision that is not zero (the record would otherwise change silently).
std::optional<int> fractionMs(std::string_view digits)
{
    int ms = 0;
    for (std::size_t i = 0; i < 3; ++i)
        ms = ms * 10 + (i < digits.size() ? digits[i] - '0' : 0);
    for (std::size_t i = 3; i < digits.size(); ++i) {
        if (digits[i] != '0')
            return std::nullopt;
    }
    return ms;
}

} // namespace

std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = floorDiv(y, 400);
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

// ---- TimeZone ----

TimeZone TimeZone::utc()
{
    TimeZone z;
    z.m_name = "UTC";
    return z;
}

namespace {

// Zones are read once per process: every scenario and event file naming a zone would otherwise reread
// its TZif file.
struct ZoneCache {
    std::mutex mutex;
    std::map<std::string, TimeZone, std::less<>> zones;
};

ZoneCache& zoneCache()
{
    static ZoneCache cache;
    return cache;
}

} // namespace

std::optional<TimeZone> TimeZone::load(std::string_view name, std::string* error)
{
    {
        auto& cache = zoneCache();
        const std::lock_guard lock(cache.mutex);
        if (const auto it = cache.zones.find(name); it != cache.zones.end())
            return it->second;
    }
    auto zone = loadUncached(name, error);
    if (zone) {
        auto& cache = zoneCache();
        const std::lock_guard lock(cache.mutex);
        cache.zones.emplace(std::string(name), *zone);
    }
    return zone;
}

std::optional<TimeZone> TimeZone::loadUncached(std::string_view name, std::string* error)
{
    const auto failWith = [&](std::string message) -> std::optional<TimeZone> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    if (name == "UTC" || name == "Etc/UTC" || name == "Z") {
        TimeZone z = utc();
        z.m_name = std::string(name);
        return z;
    }
    if (!validZoneName(name))
        return failWith("expected an IANA time zone name like \"Asia/Shanghai\", found " + quoted(name));
    const char* dirEnv = std::getenv("TZDIR");
    const std::string dir = dirEnv && *dirEnv ? dirEnv : "/usr/share/zoneinfo";
    std::ifstream in(dir + "/" + std::string(name), std::ios::binary);
    std::string data;
    if (in) {
        data.resize(1 << 20);
        in.read(data.data(), static_cast<std::streamsize>(data.size()));
        data.resize(static_cast<std::size_t>(in.gcount()));
    }
    if (data.size() < 44 || data.compare(0, 4, "TZif") != 0)
        return failWith("unknown time zone " + quoted(name) + " (not in the tzdata under " + dir + ")");

    const auto* p = reinterpret_cast<const unsigned char*>(data.data());
    const std::size_t size = data.size();
    TimeZone z;
    z.m_name = std::string(name);
    const auto corrupt = [&] { return failWith("the tzdata file of " + quoted(name) + " is damaged"); };

    struct Counts {
        std::uint32_t isut, isstd, leap, time, type, chars;
    };
    const auto counts = [&](std::size_t at) {
        return Counts {be32(p + at + 20), be32(p + at + 24), be32(p + at + 28), be32(p + at + 32), be32(p + at + 36),
            be32(p + at + 40)};
    };
    const auto blockSize = [](const Counts& c, std::size_t timeSize) {
        return std::uint64_t(c.time) * timeSize + c.time + std::uint64_t(c.type) * 6 + c.chars
            + std::uint64_t(c.leap) * (timeSize + 4) + c.isstd + c.isut;
    };
    const char version = static_cast<char>(p[4]);
    std::size_t at = 0;
    Counts c = counts(0);
    std::size_t timeSize = 4;
    if (version >= '2') {
        const std::uint64_t skip = 44 + blockSize(c, 4);
        if (skip + 44 > size || data.compare(skip, 4, "TZif") != 0)
            return corrupt();
        at = static_cast<std::size_t>(skip);
        c = counts(at);
        timeSize = 8;
    }
    const std::uint64_t body = at + 44;
    if (c.type == 0 || c.type > 256 || body + blockSize(c, timeSize) > size)
        return corrupt();
    const unsigned char* times = p + body;
    const unsigned char* indices = times + std::size_t(c.time) * timeSize;
    const unsigned char* types = indices + c.time;
    std::vector<std::int32_t> typeOffsets(c.type);
    for (std::uint32_t i = 0; i < c.type; ++i)
        typeOffsets[i] = static_cast<std::int32_t>(be32(types + i * 6));
    z.m_initialOffset = typeOffsets[0];
    z.m_transitions.reserve(c.time);
    z.m_offsets.reserve(c.time);
    for (std::uint32_t i = 0; i < c.time; ++i) {
        const std::int64_t t = timeSize == 8 ? be64(times + i * 8) : static_cast<std::int32_t>(be32(times + i * 4));
        if (indices[i] >= c.type || (!z.m_transitions.empty() && t <= z.m_transitions.back()))
            return corrupt();
        z.m_transitions.push_back(t);
        z.m_offsets.push_back(typeOffsets[indices[i]]);
    }
    if (version >= '2') {
        const std::size_t footer = static_cast<std::size_t>(body + blockSize(c, timeSize));
        if (footer < size && p[footer] == '\n') {
            const auto end = data.find('\n', footer + 1);
            if (end != std::string::npos && end > footer + 1
                && !z.parseFooter(std::string_view(data).substr(footer + 1, end - footer - 1)))
                return corrupt();
        }
    }
    return z;
}

bool TimeZone::parseFooter(std::string_view tz)
{
    std::size_t i = 0;
    const auto parseName = [&]() {
        if (i < tz.size() && tz[i] == '<') {
            const auto close = tz.find('>', i);
            if (close == std::string_view::npos)
                return false;
            i = close + 1;
            return true;
        }
        const std::size_t start = i;
        while (i < tz.size() && ((tz[i] >= 'A' && tz[i] <= 'Z') || (tz[i] >= 'a' && tz[i] <= 'z')))
            ++i;
        return i - start >= 3;
    };
    // [+-]hh[:mm[:ss]] in seconds.
    const auto parseTime = [&](std::int32_t& out) {
        int sign = 1;
        if (i < tz.size() && (tz[i] == '+' || tz[i] == '-')) {
            sign = tz[i] == '-' ? -1 : 1;
            ++i;
        }
        std::int32_t parts[3] = {0, 0, 0};
        for (int k = 0; k < 3; ++k) {
            if (k > 0) {
                if (i >= tz.size() || tz[i] != ':')
                    break;
                ++i;
            }
            const std::size_t start = i;
            while (i < tz.size() && tz[i] >= '0' && tz[i] <= '9' && i - start < 3)
                parts[k] = parts[k] * 10 + (tz[i++] - '0');
            if (i == start)
                return false;
        }
        out = sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]);
        return true;
    };
    const auto parseNumber = [&](int& out) {
        const std::size_t start = i;
        out = 0;
        while (i < tz.size() && tz[i] >= '0' && tz[i] <= '9' && i - start < 4)
            out = out * 10 + (tz[i++] - '0');
        return i > start;
    };
    const auto parseDate = [&](RuleDate& d) {
        if (i < tz.size() && tz[i] == 'M') {
            ++i;
            d.kind = 'M';
            if (!parseNumber(d.month) || i >= tz.size() || tz[i++] != '.' || !parseNumber(d.week) || i >= tz.size()
                || tz[i++] != '.' || !parseNumber(d.weekday))
                return false;
            if (d.month < 1 || d.month > 12 || d.week < 1 || d.week > 5 || d.weekday > 6)
                return false;
        } else if (i < tz.size() && tz[i] == 'J') {
            ++i;
            d.kind = 'J';
            if (!parseNumber(d.day) || d.day < 1 || d.day > 365)
                return false;
        } else {
            d.kind = 'D';
            if (!parseNumber(d.day) || d.day > 365)
                return false;
        }
        d.timeSeconds = 7200;
        if (i < tz.size() && tz[i] == '/') {
            ++i;
            if (!parseTime(d.timeSeconds))
                return false;
        }
        return true;
    };

    std::int32_t stdOffset = 0;
    if (!parseName() || !parseTime(stdOffset))
        return false;
    m_hasRule = true;
    m_ruleStd = -stdOffset; // POSIX offsets count west of Greenwich as positive
    m_ruleHasDst = false;
    if (i == tz.size())
        return true;
    if (!parseName())
        return false;
    m_ruleDst = m_ruleStd + 3600;
    if (i < tz.size() && tz[i] != ',') {
        std::int32_t dstOffset = 0;
        if (!parseTime(dstOffset))
            return false;
        m_ruleDst = -dstOffset;
    }
    if (i >= tz.size() || tz[i++] != ',' || !parseDate(m_ruleStart) || i >= tz.size() || tz[i++] != ','
        || !parseDate(m_ruleEnd) || i != tz.size())
        return false;
    m_ruleHasDst = true;
    return true;
}

std::int64_t TimeZone::ruleDateSeconds(const RuleDate& d, std::int64_t year)
{
    std::int64_t days = 0;
    if (d.kind == 'M') {
        const std::int64_t first = daysFromCivil(year, static_cast<unsigned>(d.month), 1);
        const int firstWeekday = static_cast<int>(((first % 7) + 7 + 4) % 7); // 1970-01-01 was a Thursday
        int day = 1 + (d.weekday - firstWeekday + 7) % 7 + (d.week - 1) * 7;
        while (day > static_cast<int>(daysInMonth(year, static_cast<unsigned>(d.month))))
            day -= 7;
        days = first + day - 1;
    } else if (d.kind == 'J') {
        days = daysFromCivil(year, 1, 1) + d.day - 1 + (isLeap(year) && d.day >= 60 ? 1 : 0);
    } else {
        days = daysFromCivil(year, 1, 1) + d.day;
    }
    return days * kSecondsPerDay + d.timeSeconds;
}

std::int32_t TimeZone::ruleOffsetAt(std::int64_t t) const
{
    if (!m_ruleHasDst)
        return m_ruleStd;
    const std::int64_t year = yearFromDays(floorDiv(t + m_ruleStd, kSecondsPerDay));
    const std::int64_t start = ruleDateSeconds(m_ruleStart, year) - m_ruleStd;
    const std::int64_t end = ruleDateSeconds(m_ruleEnd, year) - m_ruleDst;
    const bool dst = start < end ? (t >= start && t < end) : !(t >= end && t < start);
    return dst ? m_ruleDst : m_ruleStd;
}

std::int32_t TimeZone::offsetAt(std::int64_t t) const
{
    if (m_transitions.empty())
        return m_hasRule ? ruleOffsetAt(t) : m_initialOffset;
    if (t < m_transitions.front())
        return m_initialOffset;
    const auto it = std::upper_bound(m_transitions.begin(), m_transitions.end(), t);
    const auto i = static_cast<std::size_t>(it - m_transitions.begin()) - 1;
    if (i + 1 == m_transitions.size() && m_hasRule)
        return ruleOffsetAt(t);
    return m_offsets[i];
}

TimeZone::LocalResult TimeZone::toUtc(std::int64_t local) const
{
    // Offsets in force around this wall-clock time; a valid one maps back onto itself.
    constexpr std::int64_t kAround = 26 * 3600;
    std::array<std::int32_t, 4> candidates {offsetAt(local - kAround), offsetAt(local + kAround),
        offsetAt(local - offsetAt(local - kAround)), offsetAt(local - offsetAt(local + kAround))};
    std::optional<std::int64_t> earliest;
    int valid = 0;
    std::sort(candidates.begin(), candidates.end());
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (k > 0 && candidates[k] == candidates[k - 1])
            continue;
        const std::int64_t utc = local - candidates[k];
        if (offsetAt(utc) == candidates[k]) {
            ++valid;
            earliest = earliest ? std::min(*earliest, utc) : utc;
        }
    }
    if (!earliest)
        return {LocalKind::Gap, 0};
    return {valid > 1 ? LocalKind::Overlap : LocalKind::Unique, *earliest};
}

// ---- TimestampPattern ----

std::optional<TimestampPattern> TimestampPattern::compile(std::string_view pattern, std::string* error)
{
    const auto failWith = [&](std::string message) -> std::optional<TimestampPattern> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    TimestampPattern result;
    result.m_pattern = std::string(pattern);
    using Kind = Token::Kind;
    bool seen[16] = {};
    for (std::size_t i = 0; i < pattern.size();) {
        const char c = pattern[i];
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
            std::size_t n = 1;
            while (i + n < pattern.size() && pattern[i + n] == c)
                ++n;
            const std::string_view run = pattern.substr(i, n);
            Token t;
            t.digits = static_cast<int>(n);
            if ((c == 'y' || c == 'u') && n == 4)
                t.kind = Kind::Year;
            else if (c == 'M' && n == 2)
                t.kind = Kind::Month;
            else if (c == 'd' && n == 2)
                t.kind = Kind::Day;
            else if (c == 'H' && n == 2)
                t.kind = Kind::Hour;
            else if (c == 'm' && n == 2)
                t.kind = Kind::Minute;
            else if (c == 's' && n == 2)
                t.kind = Kind::Second;
            else if (c == 'S' && n <= 9)
                t.kind = Kind::Fraction;
            else if (c == 'X' && n == 3)
                t.kind = Kind::OffsetColon;
            else if (c == 'Z' && n == 1)
                t.kind = Kind::OffsetCompact;
            else {
                return failWith("unsupported letters " + quoted(run) + " in the timestamp pattern " + quoted(pattern)
                    + "; use yyyy MM dd HH mm ss S… XXX Z and 'quoted text'");
            }
            const auto slot = static_cast<std::size_t>(t.kind);
            if (seen[slot])
                return failWith("the timestamp pattern " + quoted(pattern) + " has " + quoted(run) + " twice");
            seen[slot] = true;
            result.m_tokens.push_back(std::move(t));
            i += n;
        } else if (c == '\'') {
            Token t;
            ++i;
            for (;;) {
                if (i >= pattern.size())
                    return failWith("the timestamp pattern " + quoted(pattern) + " has an unclosed quote");
                if (pattern[i] == '\'') {
                    if (i + 1 < pattern.size() && pattern[i + 1] == '\'') {
                        t.literal += '\'';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                t.literal += pattern[i++];
            }
            if (t.literal.empty() && !result.m_tokens.empty() && result.m_tokens.back().kind == Kind::Literal)
                continue;
            result.m_tokens.push_back(std::move(t));
        } else {
            Token t;
            t.literal = std::string(1, c);
            result.m_tokens.push_back(std::move(t));
            ++i;
        }
    }
    if (!seen[static_cast<std::size_t>(Kind::Year)] || !seen[static_cast<std::size_t>(Kind::Month)]
        || !seen[static_cast<std::size_t>(Kind::Day)])
        return failWith("the timestamp pattern " + quoted(pattern) + " needs yyyy, MM and dd");
    return result;
}

std::optional<TimestampPattern::Parsed> TimestampPattern::parse(
    std::string_view text, std::size_t* errorOffset, std::string* expected) const
{
    using Kind = Token::Kind;
    std::int64_t year = 1970;
    int month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0;
    Parsed out;
    std::size_t i = 0;
    const auto stop = [&](std::size_t at, std::string what) -> std::optional<Parsed> {
        if (errorOffset)
            *errorOffset = at;
        if (expected)
            *expected = std::move(what);
        return std::nullopt;
    };
    const auto digitsAt = [&](std::size_t n, int& value) {
        if (i + n > text.size() || !allDigits(text.substr(i, n)))
            return false;
        value = digitsValue(text.substr(i, n));
        i += n;
        return true;
    };
    const std::string like = "a timestamp like " + quoted(m_pattern);
    for (const auto& t : m_tokens) {
        int v = 0;
        switch (t.kind) {
        case Kind::Literal:
            if (text.substr(i, t.literal.size()) != t.literal)
                return stop(i, like);
            i += t.literal.size();
            break;
        case Kind::Year:
            if (!digitsAt(4, v))
                return stop(i, like);
            year = v;
            break;
        case Kind::Month:
            if (!digitsAt(2, month))
                return stop(i, like);
            break;
        case Kind::Day:
            if (!digitsAt(2, day))
                return stop(i, like);
            break;
        case Kind::Hour:
            if (!digitsAt(2, hour))
                return stop(i, like);
            break;
        case Kind::Minute:
            if (!digitsAt(2, minute))
                return stop(i, like);
            break;
        case Kind::Second:
            if (!digitsAt(2, second))
                return stop(i, like);
            break;
        case Kind::Fraction: {
            const auto n = static_cast<std::size_t>(t.digits);
            if (i + n > text.size() || !allDigits(text.substr(i, n)))
                return stop(i, like);
            const auto f = fractionMs(text.substr(i, n));
            if (!f)
                return stop(i, "a timestamp with at most millisecond precision");
            ms = *f;
            i += n;
            break;
        }
        case Kind::OffsetColon:
        case Kind::OffsetCompact: {
            if (i < text.size() && (text[i] == 'Z' || text[i] == 'z') && t.kind == Kind::OffsetColon) {
                ++i;
                out.hasOffset = true;
                out.offsetSeconds = 0;
                break;
            }
            if (i >= text.size() || (text[i] != '+' && text[i] != '-'))
                return stop(i, like);
            const int sign = text[i] == '-' ? -1 : 1;
            ++i;
            int hh = 0, mm = 0;
            if (!digitsAt(2, hh))
                return stop(i, like);
            if (t.kind == Kind::OffsetColon && (i >= text.size() || text[i++] != ':'))
                return stop(i, like);
            if (!digitsAt(2, mm) || hh > 18 || mm > 59)
                return stop(i, like);
            out.hasOffset = true;
            out.offsetSeconds = sign * (hh * 3600 + mm * 60);
            break;
        }
        }
    }
    if (i != text.size())
        return stop(i, like);
    if (month < 1 || month > 12 || day < 1 || day > static_cast<int>(daysInMonth(year, static_cast<unsigned>(month)))
        || hour > 23 || minute > 59 || second > 59)
        return stop(0, "a valid date and time");
    out.localMs
        = ((daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 24 + hour) * 60 + minute)
            * 60000
        + second * 1000 + ms;
    return out;
}

// ---- TimestampParser ----

std::optional<TimestampParser> TimestampParser::create(const TimestampFormat& format, std::string* error)
{
    TimestampParser p;
    p.m_format = format;
    if (!format.zone.empty()) {
        auto zone = TimeZone::load(format.zone, error);
        if (!zone)
            return std::nullopt;
        p.m_zone = std::move(*zone);
    }
    if (!format.pattern.empty()) {
        p.m_pattern = TimestampPattern::compile(format.pattern, error);
        if (!p.m_pattern)
            return std::nullopt;
    }
    return p;
}

bool TimestampParser::parse(std::string_view text, Timestamp& out, Failure& failure) const
{
    if (m_pattern) {
        std::size_t at = 0;
        std::string expected;
        const auto parsed = m_pattern->parse(text, &at, &expected);
        if (!parsed) {
            failure = {0, "expected " + expected + ", found " + quoted(text)};
            return false;
        }
        if (parsed->hasOffset) {
            out = parsed->localMs - std::int64_t(parsed->offsetSeconds) * 1000;
            return true;
        }
        return localToUtc(text, parsed->localMs, out, failure);
    }
    // ISO-8601 text starts with a four-digit year and a dash; anything else must be a number.
    if (text.size() >= 5 && allDigits(text.substr(0, 4)) && text[4] == '-')
        return parseIso(text, out, failure);
    return parseNumber(text, out, failure);
}

bool TimestampParser::parseNumber(std::string_view text, Timestamp& out, Failure& failure) const
{
    const bool seconds = m_format.unit == TimestampFormat::Unit::Seconds;
    if (!seconds && detail::readShortInteger(text, out))
        return true;
    const char* what = seconds ? "a timestamp in seconds" : "an integer timestamp";
    const auto bad = [&](std::string why = {}) {
        failure = {0, "expected " + (why.empty() ? std::string(what) : why) + ", found " + quoted(text)};
        return false;
    };
    std::string_view integer = text;
    std::string_view fraction;
    if (seconds) {
        const auto dot = text.find('.');
        if (dot != std::string_view::npos) {
            integer = text.substr(0, dot);
            fraction = text.substr(dot + 1);
            if (!allDigits(fraction))
                return bad();
        }
    }
    const bool negative = !integer.empty() && integer.front() == '-';
    const std::string_view digits = negative ? integer.substr(1) : integer;
    if (!allDigits(digits))
        return bad();
    std::int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(integer.data(), integer.data() + integer.size(), value);
    if (ec == std::errc::result_out_of_range)
        return bad(std::string(what) + " within the range of a 64-bit millisecond count");
    if (ec != std::errc() || ptr != integer.data() + integer.size())
        return bad();
    if (!seconds) {
        out = value;
        return true;
    }
    const auto ms = fractionMs(fraction);
    if (!ms)
        return bad("a timestamp in seconds with at most millisecond precision");
    std::int64_t scaled = 0;
    if (__builtin_mul_overflow(value, std::int64_t(1000), &scaled)
        || __builtin_add_overflow(scaled, negative ? -std::int64_t(*ms) : std::int64_t(*ms), &scaled))
        return bad(std::string(what) + " within the range of a 64-bit millisecond count");
    out = scaled;
    return true;
}

bool TimestampParser::parseIso(std::string_view text, Timestamp& out, Failure& failure) const
{
    const auto bad = [&](const char* what) {
        failure = {0, std::string("expected ") + what + ", found " + quoted(text)};
        return false;
    };
    constexpr const char* kIso = "an ISO-8601 timestamp like \"2021-10-13T02:22:00.000+08:00\"";
    // yyyy-MM-dd[(T| )HH:mm[:ss[.f…]]][Z|±HH[:mm]|±HHmm]
    std::size_t i = 0;
    const auto num = [&](std::size_t n, int& v) {
        if (i + n > text.size() || !allDigits(text.substr(i, n)))
            return false;
        v = digitsValue(text.substr(i, n));
        i += n;
        return true;
    };
    const auto lit = [&](char c) {
        if (i < text.size() && text[i] == c) {
            ++i;
            return true;
        }
        return false;
    };
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ms = 0;
    if (!num(4, year) || !lit('-') || !num(2, month) || !lit('-') || !num(2, day))
        return bad(kIso);
    if (i < text.size() && (text[i] == 'T' || text[i] == 't' || text[i] == ' ')) {
        ++i;
        if (!num(2, hour) || !lit(':') || !num(2, minute))
            return bad(kIso);
        if (lit(':')) {
            if (!num(2, second))
                return bad(kIso);
            if (lit('.') || lit(',')) {
                const std::size_t start = i;
                while (i < text.size() && text[i] >= '0' && text[i] <= '9')
                    ++i;
                if (i == start)
                    return bad(kIso);
                const auto f = fractionMs(text.substr(start, i - start));
                if (!f)
                    return bad("a timestamp with at most millisecond precision");
                ms = *f;
            }
        }
    }
    bool hasOffset = false;
    std::int32_t offset = 0;
    if (lit('Z') || lit('z')) {
        hasOffset = true;
    } else if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        const int sign = text[i++] == '-' ? -1 : 1;
        int hh = 0, mm = 0;
        if (!num(2, hh))
            return bad(kIso);
        if (lit(':')) {
            if (!num(2, mm))
                return bad(kIso);
        } else if (i < text.size()) {
            if (!num(2, mm))
                return bad(kIso);
        }
        if (hh > 18 || mm > 59)
            return bad(kIso);
        hasOffset = true;
        offset = sign * (hh * 3600 + mm * 60);
    }
    if (i != text.size())
        return bad(kIso);
    if (month < 1 || month > 12 || day < 1 || day > static_cast<int>(daysInMonth(year, static_cast<unsigned>(month)))
        || hour > 23 || minute > 59 || second > 59)
        return bad("a valid date and time");
    const std::int64_t local
        = ((daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 24 + hour) * 60 + minute)
            * 60000
        + second * 1000 + ms;
    if (hasOffset) {
        out = local - std::int64_t(offset) * 1000;
        return true;
    }
    if (m_format.zone.empty()) {
        return bad("an ISO-8601 timestamp with an offset (\"Z\" or \"+08:00\"), or a \"zone\" in the timestamp "
                   "settings");
    }
    return localToUtc(text, local, out, failure);
}

bool TimestampParser::localToUtc(std::string_view text, std::int64_t localMs, Timestamp& out, Failure& failure) const
{
    const std::int64_t seconds = floorDiv(localMs, 1000);
    const std::int64_t rest = localMs - seconds * 1000;
    const auto r = m_zone.toUtc(seconds);
    if (r.kind == TimeZone::LocalKind::Gap) {
        failure = {0,
            "expected a local time that exists in " + m_zone.name() + ", found " + quoted(text)
                + " (the clocks skip it at a daylight-saving change)"};
        return false;
    }
    out = r.utcSeconds * 1000 + rest;
    return true;
}

} // namespace tidemark::io
