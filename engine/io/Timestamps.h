#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/Time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io {

// An IANA time zone read from the system's tzdata (TZif files under /usr/share/zoneinfo, or $TZDIR).
// GCC 12's libstdc++ has no std::chrono::locate_zone, so the TZif format (RFC 8536) is read here:
// its transition table, and its POSIX-TZ footer rule for instants after the last transition.
class TimeZone {
public:
    static TimeZone utc();
    // nullopt (and a message in *error) when the name is not a zone on this system.
    static std::optional<TimeZone> load(std::string_view name, std::string* error = nullptr);

    const std::string& name() const { return m_name; }

    // UTC offset in seconds in effect at the given instant.
    std::int32_t offsetAt(std::int64_t utcSeconds) const;

    enum class LocalKind : std::uint8_t { Unique, Overlap, Gap };
    struct LocalResult {
        LocalKind kind = LocalKind::Unique;
        std::int64_t utcSeconds = 0; // Overlap: the earlier instant (java.time's choice); Gap: unset
    };
    // The instant a local wall-clock time denotes.
    LocalResult toUtc(std::int64_t localSeconds) const;

    struct PosixRule; // the footer rule, defined in Timestamps.cpp

private:
    std::string m_name;
    std::vector<std::int64_t> m_transitions; // UTC seconds, ascending
    std::vector<std::int32_t> m_offsets; // offset in effect from m_transitions[i] on
    std::int32_t m_initialOffset = 0; // before the first transition
    // Footer rule: standard offset, and when present the DST offset with its yearly start and end.
    bool m_hasRule = false;
    std::int32_t m_ruleStd = 0;
    std::int32_t m_ruleDst = 0;
    bool m_ruleHasDst = false;
    struct RuleDate {
        char kind = 'M'; // 'M' month.week.day, 'J' Julian day 1..365 without Feb 29, 'D' zero-based day
        int month = 0, week = 0, weekday = 0, day = 0;
        std::int32_t timeSeconds = 7200;
    };
    RuleDate m_ruleStart, m_ruleEnd;

    static std::optional<TimeZone> loadUncached(std::string_view name, std::string* error);
    std::int32_t ruleOffsetAt(std::int64_t utcSeconds) const;
    static std::int64_t ruleDateSeconds(const RuleDate& d, std::int64_t year);
    bool parseFooter(std::string_view tz);
};

// A date-time pattern in the letters Java's DateTimeFormatter uses: yyyy (or uuuu) MM dd HH mm ss,
// S… (fraction of a second, as many digits as letters), XXX (offset like +08:00 or Z), Z (+0800), and
// literal text in 'single quotes' or as punctuation/spaces.
class TimestampPattern {
public:
    static std::optional<TimestampPattern> compile(std::string_view pattern, std::string* error = nullptr);

    struct Parsed {
        std::int64_t localMs = 0; // the wall-clock time as if it were UTC
        bool hasOffset = false;
        std::int32_t offsetSeconds = 0;
    };
    // On failure, *errorOffset is the byte offset within `text` where it stops matching.
    std::optional<Parsed> parse(std::string_view text, std::size_t* errorOffset, std::string* expected) const;

private:
    struct Token {
        enum class Kind : std::uint8_t {
            Literal,
            Year,
            Month,
            Day,
            Hour,
            Minute,
            Second,
            Fraction,
            OffsetColon,
            OffsetCompact
        };
        Kind kind = Kind::Literal;
        std::string literal;
        int digits = 0;
    };
    std::vector<Token> m_tokens;
    std::string m_pattern;
};

// Parses the timestamp fields of event files as TimestampFormat describes them.
class TimestampParser {
public:
    // nullopt when the zone or pattern is invalid (message in *error).
    static std::optional<TimestampParser> create(const TimestampFormat& format, std::string* error = nullptr);

    struct Failure {
        std::size_t offset = 0; // byte offset within the text
        std::string message; // "expected an integer timestamp, found \"16O7771480000\""
    };
    // Parses text (a CSV/text field, a JSON string, or a JSON number's token) into epoch milliseconds.
    bool parse(std::string_view text, Timestamp& out, Failure& failure) const;

private:
    TimestampFormat m_format;
    TimeZone m_zone = TimeZone::utc();
    std::optional<TimestampPattern> m_pattern;

    bool parseNumber(std::string_view text, Timestamp& out, Failure& failure) const;
    bool parseIso(std::string_view text, Timestamp& out, Failure& failure) const;
    bool localToUtc(std::string_view text, std::int64_t localMs, Timestamp& out, Failure& failure) const;
};

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t daysFromCivil(std::int64_t year, unsigned month, unsigned day);

} // namespace tidemark::io
