// The event-file loader's fast paths (the block CSV scan, the short number readers, the plain CSV line) give
// what the general path gives: the same records, bit for bit, and the same errors, line for line.
#include "engine/io/CsvScan.h"
#include "engine/io/EventFile.h"
#include "engine/io/ShortNumbers.h"

#include "RecordText.h"
#include "StdStringPrinting.h"

#include <QTest>

#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace tidemark;

namespace {

// Texts a number field may hold: plain ones the short readers take, and every near miss they must refuse.
std::string numberLike(std::mt19937_64& rng)
{
    static const char* const kOdd[] = {"", "-", ".", "-.", "5.", ".5", "-0", "0.0", "-0.000", "+5", "1e3", "1E-2", " 7",
        "7 ", "0x1F", "inf", "nan", "1.2.3", "--1", "12a", "9007199254740993", "9007199254740992", "9999999999999999",
        "99999999999999999", "18446744073709551616", "9223372036854775807", "-9223372036854775808",
        "123456789012345678", "1234567890123456789", "0.1", "0.3", "2.675", "1.0000000000000002", "4503599627370497.5",
        "123456.7890123456", "00000000000000001", "1700000000123"};
    std::uniform_int_distribution<int> pick(0, 9);
    if (pick(rng) < 3)
        return kOdd[rng() % std::size(kOdd)];
    std::string s;
    if (rng() % 3 == 0)
        s += '-';
    const int integerDigits = 1 + static_cast<int>(rng() % 19);
    for (int i = 0; i < integerDigits; ++i)
        s += static_cast<char>('0' + rng() % 10);
    if (rng() % 2 == 0) {
        s += '.';
        const int fractionDigits = static_cast<int>(rng() % 8);
        for (int i = 0; i < fractionDigits; ++i)
            s += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 20 == 0)
        s[rng() % s.size()] = "x /:"[rng() % 4];
    return s;
}

// One CSV line for the spec key,ts,value: mostly plain, often not.
std::string csvLine(std::mt19937_64& rng)
{
    const int shape = static_cast<int>(rng() % 40);
    const std::string key = "sensor-" + std::to_string(rng() % 50);
    const std::string ts = std::to_string(1'700'000'000'000LL + static_cast<long long>(rng() % 100000));
    switch (shape) {
    case 0:
        return "";
    case 1:
        return "# a comment";
    case 2:
        return "   ";
    case 3:
        return "WM," + ts;
    case 4:
        return "\"" + key + "\"," + ts + ",1.5";
    case 5:
        return "\"a,\"\"b\"\"\"," + ts + ",2";
    case 6:
        return key + "," + ts; // no value
    case 7:
        return key;
    case 8:
        return " " + key + "," + ts + ",3";
    case 9:
        return key + "," + ts + ",4\r";
    case 10:
        return key + "," + ts + ",5,extra,columns,here";
    case 11:
        return key + ",2021-10-13T02:22:00Z,6";
    case 12:
        return key + ",\xff\xfe,7";
    case 13:
        return ",," + ts;
    case 14:
        return key + "," + numberLike(rng) + "," + numberLike(rng);
    case 15:
        return key + ",\"" + ts + "\",8";
    case 16:
        return "ab\"c," + ts + ",9";
    default:
        return key + "," + ts + "," + numberLike(rng);
    }
}

struct Read {
    std::vector<std::string> records; // recordText, the key's id and the value's bits
    std::vector<std::string> errors;
    std::size_t keys = 0; // keys interned, those of refused lines included
};

std::string exact(const InputRecord& r, const KeyTable& keys)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &r.value, sizeof bits);
    return test::recordText(r, keys) + " id=" + std::to_string(r.key) + " bits=" + std::to_string(bits);
}

InputFileSpec keyTsValue()
{
    InputFileSpec spec;
    spec.format = InputFileSpec::Format::Csv;
    spec.header = InputFileSpec::Header::Absent;
    FieldRef key, ts, value;
    key.index = 0;
    ts.index = 1;
    value.index = 2;
    spec.key = {key};
    spec.ts = ts;
    spec.value = value;
    return spec;
}

// The whole text at once (block scan and plain lines where they apply).
Read wholeText(const std::string& text, const InputFileSpec& spec)
{
    KeyTable keys;
    io::LoadOptions options;
    options.lenient = true;
    options.maxReportedErrors = 1'000'000;
    const auto loaded = io::parseEventText(text, "events.csv", spec, keys, options);
    Read read;
    for (const auto& r : loaded.value->records)
        read.records.push_back(exact(r, keys));
    for (const auto& e : loaded.errors)
        read.errors.push_back(e.toString());
    read.keys = keys.size();
    return read;
}

// A line at a time, by the general path (EventLineParser never scans blocks).
Read lineByLine(const std::string& text, const InputFileSpec& spec)
{
    KeyTable keys;
    io::EventLineParser parser("events.csv", spec, keys);
    Read read;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const auto outcome = parser.parse(std::string_view(text).substr(start, end - start));
        if (outcome.record)
            read.records.push_back(exact(*outcome.record, keys));
        if (outcome.error)
            read.errors.push_back(outcome.error->toString());
        start = end + 1;
    }
    read.keys = keys.size();
    return read;
}

} // namespace

class TestFastReading : public QObject {
    Q_OBJECT

private slots:
    void shortIntegersReadAsFromCharsOrAreRefused()
    {
        std::mt19937_64 rng(7);
        int taken = 0;
        for (int i = 0; i < 200'000; ++i) {
            const std::string text = numberLike(rng);
            std::int64_t fast = 0;
            if (!io::detail::readShortInteger(text, fast))
                continue;
            ++taken;
            std::int64_t slow = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), slow);
            QVERIFY2(ec == std::errc() && ptr == text.data() + text.size(), text.c_str());
            QCOMPARE(fast, slow);
        }
        QVERIFY(taken > 20'000); // the comparison had something to compare
    }

    void shortDecimalsReadAsFromCharsBitForBitOrAreRefused()
    {
        std::mt19937_64 rng(11);
        int taken = 0;
        for (int i = 0; i < 200'000; ++i) {
            const std::string text = numberLike(rng);
            double fast = 0;
            if (!io::detail::readShortDecimal(text, fast))
                continue;
            ++taken;
            double slow = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), slow);
            QVERIFY2(ec == std::errc() && ptr == text.data() + text.size(), text.c_str());
            QVERIFY2(std::memcmp(&fast, &slow, sizeof fast) == 0, text.c_str());
        }
        QVERIFY(taken > 20'000);
    }

    void shortReadersRefuseWhatTheyCannotReadExactly()
    {
        double d = 0;
        std::int64_t i = 0;
        for (const char* text :
            {"", "-", "5.", ".5", "-.5", "+5", "1e3", " 7", "7 ", "inf", "9007199254740993", "12345678901234567"}) {
            QVERIFY2(!io::detail::readShortDecimal(text, d), text);
        }
        for (const char* text : {"", "-", "+5", "1.0", " 7", "12345678901234567", "--1"})
            QVERIFY2(!io::detail::readShortInteger(text, i), text);
        QVERIFY(io::detail::readShortDecimal("-0.000", d));
        QVERIFY(std::signbit(d));
        QVERIFY(io::detail::readShortInteger("-1234567890123456", i));
        QCOMPARE(i, -1234567890123456LL);
    }

    void blockScanFindsTheLinesAndDelimitersASplitWould()
    {
        std::mt19937_64 rng(3);
        std::string text;
        for (int i = 0; i < 5000; ++i) {
            const int fields = static_cast<int>(rng() % 80); // some beyond the 64 delimiters kept
            for (int f = 0; f < fields; ++f) {
                text += std::string(rng() % 9, 'a' + static_cast<char>(rng() % 26));
                if (rng() % 50 == 0)
                    text += '"';
                text += ';';
            }
            text += '\n';
        }
        text.append(64, '\0'); // the padding the scan may read
        const std::string_view body(text.data(), text.size() - 64);
        std::size_t lineStart = 0;
        int lines = 0;
        const std::size_t consumed
            = io::detail::scanCsvLines(body.data(), body.size(), ';', [&](const io::detail::CsvScanLine& line) {
                  const std::size_t end = body.find('\n', lineStart);
                  const std::string_view expected = body.substr(lineStart, end - lineStart);
                  if (line.text != expected)
                      return false;
                  std::vector<std::uint32_t> delimiters;
                  for (std::size_t p = 0; p < expected.size(); ++p) {
                      if (expected[p] == ';')
                          delimiters.push_back(static_cast<std::uint32_t>(p));
                  }
                  if (line.delimiterCount != delimiters.size()
                      || line.quoted != (expected.find('"') != std::string_view::npos))
                      return false;
                  for (std::size_t k = 0; k < line.delimiters.size(); ++k) {
                      if (line.delimiters[k] != delimiters[k])
                          return false;
                  }
                  lineStart = end + 1;
                  ++lines;
                  return true;
              });
        QCOMPARE(lines, 5000);
        QCOMPARE(consumed, body.size());
    }

    void wholeFileLoadMatchesTheLineByLineParserOnEveryLine()
    {
        std::mt19937_64 rng(20261202);
        std::string text;
        for (int i = 0; i < 60'000; ++i) {
            text += csvLine(rng);
            text += '\n';
        }
        readsAsTheGeneralPath(text, keyTsValue(), 40'000);
    }

    void plainLinesWithAnArrivalColumnReadAsTheGeneralPathReadsThem()
    {
        InputFileSpec spec = keyTsValue();
        FieldRef arrival;
        arrival.index = 3;
        spec.arrival = arrival;
        std::mt19937_64 rng(20261204);
        std::string text;
        for (int i = 0; i < 40'000; ++i) {
            // Many keys, so that a line refused for its arrival time would leave a key of its own behind if its
            // key were interned before the arrival was read.
            const std::string key = "k" + std::to_string(rng() % 20'000);
            const std::string ts = std::to_string(1'700'000'000'000LL + static_cast<long long>(rng() % 100000));
            switch (rng() % 10) {
            case 0:
                text += csvLine(rng) + "," + numberLike(rng);
                break;
            case 1:
                text += key + "," + ts + ",1.5," + numberLike(rng);
                break;
            case 2:
                text += key + "," + ts + ",2"; // no arrival
                break;
            default:
                text += key + "," + ts + "," + numberLike(rng) + "," + std::to_string(rng() % 100000);
            }
            text += '\n';
        }
        readsAsTheGeneralPath(text, spec, 20'000);
    }

    void plainLinesAfterAHeaderReadByName()
    {
        InputFileSpec spec;
        spec.format = InputFileSpec::Format::Csv;
        spec.header = InputFileSpec::Header::Present;
        FieldRef key, ts, value;
        key.name = "id";
        ts.name = "time";
        value.name = "temp";
        spec.key = {key};
        spec.ts = ts;
        spec.value = value;
        std::mt19937_64 rng(5);
        std::string text = "temp,id,time\n";
        for (int i = 0; i < 5000; ++i) {
            text += numberLike(rng) + ",k" + std::to_string(rng() % 7) + "," + std::to_string(rng() % 100000);
            text += '\n';
        }
        const Read whole = wholeText(text, spec);
        const Read general = lineByLine(text, spec);
        QVERIFY(whole.records.size() > 2000);
        QCOMPARE(whole.records, general.records);
        QCOMPARE(whole.errors, general.errors);
    }

private:
    // The whole text loads as the line-by-line parser reads it: the same records (more than minRecords), the
    // same errors (more than a thousand of them: the near misses were there), the same keys interned.
    static void readsAsTheGeneralPath(const std::string& text, const InputFileSpec& spec, std::size_t minRecords)
    {
        const Read whole = wholeText(text, spec);
        const Read general = lineByLine(text, spec);
        QVERIFY(whole.records.size() > minRecords);
        QVERIFY(whole.errors.size() > 1'000);
        QCOMPARE(whole.records.size(), general.records.size());
        for (std::size_t i = 0; i < whole.records.size(); ++i)
            QCOMPARE(whole.records[i], general.records[i]);
        QCOMPARE(whole.errors, general.errors);
        QCOMPARE(whole.keys, general.keys);
    }
};

QTEST_GUILESS_MAIN(TestFastReading)
#include "tst_fast_reading.moc"
