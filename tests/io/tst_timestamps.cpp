#include "engine/io/Timestamps.h"

#include "StdStringPrinting.h"

#include <QTest>

using namespace tidemark;

namespace {

std::string parse(const std::string& pattern, const std::string& zone, const std::string& text,
    TimestampFormat::Unit unit = TimestampFormat::Unit::Milliseconds)
{
    TimestampFormat format;
    format.pattern = pattern;
    format.zone = zone;
    format.unit = unit;
    std::string error;
    const auto parser = io::TimestampParser::create(format, &error);
    if (!parser)
        return "create: " + error;
    Timestamp ts = 0;
    io::TimestampParser::Failure failure;
    if (!parser->parse(text, ts, failure))
        return failure.message;
    return std::to_string(ts);
}

} // namespace

class TestTimestamps : public QObject {
    Q_OBJECT

private slots:
    void localTimesInNamedZones_data()
    {
        QTest::addColumn<std::string>("zone");
        QTest::addColumn<std::string>("local");
        QTest::addColumn<std::string>("expected");
        // Expected values computed independently with Python's zoneinfo over the same tzdata.
        QTest::newRow("Shanghai, post 001's first line")
            << std::string("Asia/Shanghai") << std::string("2021-10-13 10:22:00.000") << std::string("1634091720000");
        QTest::newRow("Shanghai 1900, local mean time before the first transition")
            << std::string("Asia/Shanghai") << std::string("1900-01-01 00:00:00.000") << std::string("-2209017943000");
        QTest::newRow("Berlin, last second before the spring gap")
            << std::string("Europe/Berlin") << std::string("2021-03-28 01:59:59.000") << std::string("1616893199000");
        QTest::newRow("Berlin, first second after the spring gap")
            << std::string("Europe/Berlin") << std::string("2021-03-28 03:00:00.000") << std::string("1616893200000");
        QTest::newRow("Berlin, inside the spring gap")
            << std::string("Europe/Berlin") << std::string("2021-03-28 02:30:00.000")
            << std::string("expected a local time that exists in Europe/Berlin, found \"2021-03-28 02:30:00.000\" (the "
                           "clocks skip it at a daylight-saving change)");
        QTest::newRow("Berlin, autumn overlap takes the earlier instant as java.time does")
            << std::string("Europe/Berlin") << std::string("2021-10-31 02:30:00.000") << std::string("1635640200000");
        QTest::newRow("Berlin, after the autumn overlap")
            << std::string("Europe/Berlin") << std::string("2021-10-31 03:00:00.000") << std::string("1635645600000");
        QTest::newRow("Berlin 2100, from the footer rule")
            << std::string("Europe/Berlin") << std::string("2100-07-01 12:00:00.000") << std::string("4118119200000");
        QTest::newRow("Sydney 2100 summer, southern hemisphere rule")
            << std::string("Australia/Sydney") << std::string("2100-01-15 12:00:00.000")
            << std::string("4103658000000");
        QTest::newRow("Sydney 2100 winter") << std::string("Australia/Sydney") << std::string("2100-07-15 12:00:00.000")
                                            << std::string("4119300000000");
        QTest::newRow("New York 1950") << std::string("America/New_York") << std::string("1950-06-01 00:00:00.000")
                                       << std::string("-618091200000");
        QTest::newRow("New York 2060") << std::string("America/New_York") << std::string("2060-11-05 01:30:00.000")
                                       << std::string("2866858200000");
        QTest::newRow("UTC") << std::string("UTC") << std::string("1970-01-01 00:00:00.001") << std::string("1");
        QTest::newRow("empty zone means UTC")
            << std::string("") << std::string("1969-12-31 23:59:59.999") << std::string("-1");
    }
    void localTimesInNamedZones()
    {
        QFETCH(std::string, zone);
        QFETCH(std::string, local);
        QFETCH(std::string, expected);
        QCOMPARE(parse("yyyy-MM-dd HH:mm:ss.SSS", zone, local), expected);
    }

    void patternsAndNumbers_data()
    {
        QTest::addColumn<std::string>("pattern");
        QTest::addColumn<std::string>("zone");
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("unit");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("quoted literal and offset")
            << std::string("yyyy-MM-dd'T'HH:mm:ssXXX") << std::string("") << std::string("2021-10-13T10:22:00+08:00")
            << 0 << std::string("1634091720000");
        QTest::newRow("Z offset letter") << std::string("yyyyMMddHHmmssZ") << std::string("")
                                         << std::string("20211013022200+0000") << 0 << std::string("1634091720000");
        QTest::newRow("pattern offset wins over zone")
            << std::string("yyyy-MM-dd HH:mm:ss XXX") << std::string("Europe/Berlin")
            << std::string("2021-10-13 02:22:00 Z") << 0 << std::string("1634091720000");
        QTest::newRow("date only") << std::string("dd/MM/yyyy") << std::string("") << std::string("13/10/2021") << 0
                                   << std::string("1634083200000");
        QTest::newRow("nine fraction digits of zeros")
            << std::string("yyyy-MM-dd HH:mm:ss.SSSSSSSSS") << std::string("")
            << std::string("1970-01-01 00:00:01.250000000") << 0 << std::string("1250");
        QTest::newRow("sub-millisecond digits")
            << std::string("yyyy-MM-dd HH:mm:ss.SSSSSS") << std::string("") << std::string("1970-01-01 00:00:01.250001")
            << 0
            << std::string("expected a timestamp with at most millisecond precision, "
                           "found \"1970-01-01 00:00:01.250001\"");
        QTest::newRow("unsupported letters")
            << std::string("dd MMM yyyy") << std::string("") << std::string("") << 0
            << std::string("create: unsupported letters \"MMM\" in the timestamp pattern "
                           "\"dd MMM yyyy\"; use yyyy MM dd HH mm ss S… XXX Z and "
                           "'quoted text'");
        QTest::newRow("pattern without a date")
            << std::string("HH:mm") << std::string("") << std::string("") << 0
            << std::string("create: the timestamp pattern \"HH:mm\" needs yyyy, MM and dd");
        QTest::newRow("unknown zone") << std::string("") << std::string("Mars/Olympus") << std::string("") << 0
                                      << std::string(
                                             "create: unknown time zone \"Mars/Olympus\" (not in the tzdata under "
                                             "/usr/share/zoneinfo)");
        QTest::newRow("zone name escaping the folder")
            << std::string("") << std::string("../etc/passwd") << std::string("") << 0
            << std::string("create: expected an IANA time zone name like "
                           "\"Asia/Shanghai\", found \"../etc/passwd\"");
        QTest::newRow("epoch ms") << std::string("") << std::string("") << std::string("1607771480000") << 0
                                  << std::string("1607771480000");
        QTest::newRow("epoch ms with a fraction") << std::string("") << std::string("") << std::string("1000.5") << 0
                                                  << std::string("expected an integer timestamp, found \"1000.5\"");
        QTest::newRow("epoch s") << std::string("") << std::string("") << std::string("1607771480") << 1
                                 << std::string("1607771480000");
        QTest::newRow("epoch s, three decimals")
            << std::string("") << std::string("") << std::string("1607771480.123") << 1 << std::string("1607771480123");
        QTest::newRow("epoch s, trailing zero decimals")
            << std::string("") << std::string("") << std::string("1607771480.1230000") << 1
            << std::string("1607771480123");
        QTest::newRow("epoch s, exponent") << std::string("") << std::string("") << std::string("1.6e9") << 1
                                           << std::string("expected a timestamp in seconds, found \"1.6e9\"");
        QTest::newRow("ISO with zone instead of offset")
            << std::string("") << std::string("Asia/Shanghai") << std::string("2021-10-13T10:22") << 0
            << std::string("1634091720000");
        QTest::newRow("ISO hour offset") << std::string("") << std::string("") << std::string("2021-10-13T10:22:00+08")
                                         << 0 << std::string("1634091720000");
        QTest::newRow("empty") << std::string("") << std::string("") << std::string("") << 0
                               << std::string("expected an integer timestamp, found \"\"");
        QTest::newRow("minus sign alone") << std::string("") << std::string("") << std::string("-") << 0
                                          << std::string("expected an integer timestamp, found \"-\"");
        QTest::newRow("plus sign") << std::string("") << std::string("") << std::string("+5") << 0
                                   << std::string("expected an integer timestamp, found \"+5\"");
    }
    void patternsAndNumbers()
    {
        QFETCH(std::string, pattern);
        QFETCH(std::string, zone);
        QFETCH(std::string, text);
        QFETCH(int, unit);
        QFETCH(std::string, expected);
        QCOMPARE(
            parse(pattern, zone, text, unit ? TimestampFormat::Unit::Seconds : TimestampFormat::Unit::Milliseconds),
            expected);
    }

    void everyZoneOnTheSystemLoadsAndRoundTripsNoon()
    {
        // Noon is never in a gap; converting it to UTC and back must give the same wall-clock time.
        for (const char* name : {"Asia/Kolkata", "America/St_Johns", "Pacific/Chatham", "Africa/Casablanca",
                 "America/Sao_Paulo", "Asia/Tehran", "Europe/Dublin", "Pacific/Kiritimati"}) {
            std::string error;
            const auto zone = io::TimeZone::load(name, &error);
            QVERIFY2(zone, error.c_str());
            for (std::int64_t year : {1975, 2000, 2024, 2050, 2090}) {
                for (unsigned month : {1u, 4u, 7u, 10u}) {
                    const std::int64_t local = io::daysFromCivil(year, month, 15) * 86400 + 12 * 3600;
                    const auto r = zone->toUtc(local);
                    QVERIFY(r.kind != io::TimeZone::LocalKind::Gap);
                    QCOMPARE(r.utcSeconds + zone->offsetAt(r.utcSeconds), local);
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTimestamps)
#include "tst_timestamps.moc"
