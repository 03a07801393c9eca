// The event-file loader's fast paths (the block CSV scan, the short number readers, the plain CSV line, a large
// input read in two parts at once) give what the general path gives: the same records, bit for bit, and the
// same errors, line for line.
#include "engine/io/CsvScan.h"
#include "engine/io/EventFile.h"
#include "engine/io/ShortNumbers.h"

#include "RecordText.h"
#include "StdStringPrinting.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
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

// Everything a load says, as text: whether it loaded, its records, its key table in id order, its errors and
// counts.
struct WholeLoad {
    bool ok = false;
    std::vector<std::string> records;
    std::vector<std::string> keys;
    std::vector<std::string> errors;
    std::string counts;
};

WholeLoad described(const io::Loaded<io::EventFileContents>& loaded, const KeyTable& keys)
{
    WholeLoad w;
    w.ok = loaded.ok();
    if (loaded.value) {
        for (const auto& r : loaded.value->records)
            w.records.push_back(exact(r, keys));
        w.counts = "bytes=" + std::to_string(loaded.value->bytes) + " lines=" + std::to_string(loaded.value->lines)
            + " header=" + std::to_string(loaded.value->headerSkipped);
    }
    for (KeyId k = 0; k < keys.size(); ++k)
        w.keys.push_back(keys.name(k));
    for (const auto& e : loaded.errors)
        w.errors.push_back(e.toString());
    w.counts += " skipped=" + std::to_string(loaded.skippedLines);
    return w;
}

// A text loaded whole, in one part or (twoParts) in two at once. The key table starts with a key, as a
// scenario's may.
WholeLoad loadText(const std::string& text, const InputFileSpec& spec, io::LoadOptions options, bool twoParts)
{
    KeyTable keys;
    keys.intern("known-before");
    options.twoPartsFromBytes = twoParts ? 0 : std::numeric_limits<std::uint64_t>::max();
    return described(io::parseEventText(text, "events", spec, keys, options), keys);
}

void compareLoads(const WholeLoad& parts, const WholeLoad& whole)
{
    QCOMPARE(parts.ok, whole.ok);
    QCOMPARE(parts.records.size(), whole.records.size());
    for (std::size_t i = 0; i < parts.records.size(); ++i)
        QCOMPARE(parts.records[i], whole.records[i]);
    QCOMPARE(parts.keys, whole.keys);
    QCOMPARE(parts.errors, whole.errors);
    QCOMPARE(parts.counts, whole.counts);
}

FieldRef named(const char* name)
{
    FieldRef f;
    f.name = name;
    return f;
}

// `spec` with its key, timestamp and value chosen by name.
InputFileSpec byNames(InputFileSpec spec, const char* key, const char* ts, const char* value)
{
    spec.key = {named(key)};
    spec.ts = named(ts);
    spec.value = named(value);
    return spec;
}

std::string jsonLine(std::mt19937_64& rng)
{
    const std::string key = "\"sensor-" + std::to_string(rng() % 300) + "\"";
    const std::string ts = std::to_string(1'700'000'000'000LL + static_cast<long long>(rng() % 100000));
    switch (rng() % 12) {
    case 0:
        return "";
    case 1:
        return "{\"k\": " + key + ", \"t\": \"soon\", \"v\": 1}";
    case 2:
        return "{\"k\": " + key + ", \"t\": " + ts + "";
    case 3:
        return "{\"t\": " + ts + ", \"v\": 2}";
    default:
        return "{\"k\": " + key + ", \"t\": " + ts + ", \"v\": " + std::to_string(rng() % 1000) + "}";
    }
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

    // Keys of every length up to 40 bytes that differ from each other in one byte only, at every position, each
    // seen twice: each text is its own key, every time (the loader keeps a key's first 16 bytes beside its hash).
    void keysThatDifferInAnyOneByteAreToldApart()
    {
        std::vector<std::string> written;
        for (std::size_t length = 1; length <= 40; ++length) {
            written.push_back(std::string(length, 'a'));
            for (std::size_t at = 0; at < length; ++at) {
                std::string key(length, 'a');
                key[at] = 'b';
                written.push_back(key);
            }
        }
        std::string text;
        for (int round = 0; round < 2; ++round) {
            for (const std::string& key : written)
                text += key + ",1000,1\n";
        }
        KeyTable keys;
        const auto loaded = io::parseEventText(text, "keys.csv", keyTsValue(), keys);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.value->records.size(), 2 * written.size());
        QCOMPARE(keys.size(), written.size());
        for (std::size_t i = 0; i < loaded.value->records.size(); ++i)
            QCOMPARE(keys.name(loaded.value->records[i].key), written[i % written.size()]);
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
        InputFileSpec spec = byNames({}, "id", "time", "temp");
        spec.format = InputFileSpec::Format::Csv;
        spec.header = InputFileSpec::Header::Present;
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

    // Inputs read in two parts at once: the split falls at a different line each time, in CSV with and without
    // a header (by name, detected, absent), JSON lines and text, strict and lenient, with bad lines on either
    // side of the split or none, keys first seen in either part, a byte-order mark on the first line and one
    // inside the file.
    void anInputReadInTwoPartsLoadsAsOneReadingOfIt()
    {
        std::mt19937_64 rng(20261204);
        InputFileSpec byName = byNames(keyTsValue(), "key", "ts", "value");
        byName.header = InputFileSpec::Header::Present;
        InputFileSpec detect = keyTsValue();
        detect.header = InputFileSpec::Header::Detect;
        InputFileSpec json = byNames({}, "k", "t", "v");
        json.format = InputFileSpec::Format::Jsonl;
        InputFileSpec text = keyTsValue();
        text.format = InputFileSpec::Format::Text;
        int compared = 0, failedWhole = 0, withErrors = 0;
        for (int round = 0; round < 48; ++round) {
            const int shape = round % 6;
            const InputFileSpec& spec = shape == 0 || shape == 5 ? keyTsValue()
                : shape == 1                                     ? byName
                : shape == 2                                     ? detect
                : shape == 3                                     ? json
                                                                 : text;
            std::string input = round % 4 == 0 ? "\xEF\xBB\xBF" : "";
            if (shape == 5) // no content line before the middle: the second part finds the header undecided
                input += std::string(5000, '\n');
            input += round % 3 == 0 ? "# exported from a topic\n\n" : "";
            if (shape == 1 || (shape == 2 && round % 4 == 2))
                input += "key,ts,value\n";
            const bool clean = round % 8 >= 4;
            const int lines = 200 + static_cast<int>(rng() % 4000);
            for (int i = 0; i < lines; ++i) {
                std::string line;
                if (shape == 3)
                    line = jsonLine(rng);
                else if (shape == 4)
                    line = "sensor-" + std::to_string(rng() % 300) + " " + std::to_string(rng() % 100000) + " 1.5";
                else
                    line = csvLine(rng);
                if (clean && shape != 4) // strict loads: one bad line at most, somewhere
                    line = "sensor-" + std::to_string(rng() % 300) + (shape == 3 ? "" : ",")
                        + std::to_string(rng() % 100000) + ",2";
                if (shape == 3 && clean)
                    line = "{\"k\": \"s" + std::to_string(rng() % 300) + "\", \"t\": " + std::to_string(i) + "}";
                if (i == lines / 2 + 7)
                    line = "\xEF\xBB\xBF" + line;
                input += line + (i + 1 < lines || round % 2 ? "\n" : "");
            }
            if (clean && round % 3 != 0) {
                // one bad line, before or after the middle
                const std::size_t at = input.find('\n', (round % 3 == 1 ? input.size() / 4 : 3 * input.size() / 4));
                input.insert(at + 1, "not,a,record\n");
            }
            io::LoadOptions options;
            options.lenient = !clean;
            options.maxReportedErrors = round % 5 == 0 ? 3 : 1'000'000;
            const WholeLoad whole = loadText(input, spec, options, false);
            compareLoads(loadText(input, spec, options, true), whole);
            if (QTest::currentTestFailed())
                return;
            ++compared;
            failedWhole += !whole.ok;
            withErrors += !whole.errors.empty();
            QVERIFY(whole.records.size() > (whole.ok ? 50u : 0u) || !whole.ok);
        }
        QCOMPARE(compared, 48);
        QVERIFY(failedWhole > 5); // strict loads stopped on either side of the split
        QVERIFY(withErrors > 20);
    }

    // A file on disk is read in two parts through two files of its own: the same load as reading it whole, the
    // caller's progress heard from its own thread up to the whole size, and a cancel heard.
    void aFileReadInTwoPartsLoadsAsOneReadingOfIt()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("events.csv").toStdString();
        std::mt19937_64 rng(7);
        std::string input;
        for (int i = 0; i < 200'000; ++i)
            input += i == 150'000 ? "late,,\n" : csvLine(rng) + "\n";
        std::ofstream(path, std::ios::binary) << input;
        const auto load = [&](bool twoParts, io::LoadOptions options) {
            KeyTable keys;
            options.twoPartsFromBytes = twoParts ? 0 : std::numeric_limits<std::uint64_t>::max();
            return described(io::loadEventFile(path, keyTsValue(), keys, options), keys);
        };
        io::LoadOptions lenient;
        lenient.lenient = true;
        lenient.maxReportedErrors = 1'000'000;
        const std::thread::id caller = std::this_thread::get_id();
        std::uint64_t lastDone = 0;
        bool fromCaller = true;
        io::LoadOptions heard = lenient;
        heard.progress = [&](std::uint64_t done, std::uint64_t total) {
            fromCaller = fromCaller && std::this_thread::get_id() == caller;
            QCOMPARE(total, std::uint64_t(input.size()));
            lastDone = done;
        };
        const WholeLoad whole = load(false, lenient);
        QVERIFY(whole.records.size() > 100'000);
        compareLoads(load(true, heard), whole);
        QVERIFY(fromCaller);
        QCOMPARE(lastDone, std::uint64_t(input.size()));
        compareLoads(load(true, io::LoadOptions {}), load(false, io::LoadOptions {})); // strict: stops early

        // Asked first before the first part's first read, then before its next: the second time, it cancels.
        int asked = 0;
        io::LoadOptions cancelling = lenient;
        cancelling.cancelled = [&] { return std::this_thread::get_id() == caller && ++asked >= 2; };
        const WholeLoad cancelled = load(true, cancelling);
        QVERIFY(!cancelled.ok);
        QVERIFY(!cancelled.errors.empty());
        QVERIFY2(cancelled.errors.back().find("the load was cancelled") != std::string::npos,
            cancelled.errors.back().c_str());
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
