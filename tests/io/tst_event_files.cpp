#include "engine/io/EventFile.h"
#include "engine/io/ScenarioIo.h"

#include "RecordText.h"
#include "StdStringPrinting.h"
#include <QTemporaryDir>

#include <QTest>

#include <fstream>

using namespace tidemark;

namespace {

// The event-file spec from a scenario "input" object, as a user writes it.
InputFileSpec specFrom(const std::string& input)
{
    const std::string json = R"({"tidemark": 1, "input": )" + input
        + R"(, "pipeline": {"watermarks": {"strategy": "input"}, "window": {"keyBy": null,
             "assigner": {"type": "global"}, "function": {"type": "list"}}}})";
    auto r = io::parseScenarioWithoutInput(json, "spec.json");
    if (!r.ok())
        throw std::runtime_error(r.errorText());
    return *r.value->inputFile;
}

// The records joined by " | " (test::recordText).
std::string render(const io::EventFileContents& c, const KeyTable& keys)
{
    std::string out;
    for (const auto& r : c.records) {
        if (!out.empty())
            out += " | ";
        out += test::recordText(r, keys);
    }
    return out;
}

std::string load(const std::string& input, const std::string& text, bool lenient = false)
{
    KeyTable keys;
    io::LoadOptions options;
    options.lenient = lenient;
    const auto r = io::parseEventText(text, "events", specFrom(input), keys, options);
    if (!r.ok())
        return r.errorText();
    std::string out = render(*r.value, keys);
    if (r.skippedLines)
        out += " || skipped " + std::to_string(r.skippedLines) + ": " + r.errorText();
    return out;
}

void writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

const std::string kCsv = R"({"file": "e", "format": "csv", "fields": {"key": 0, "ts": 1}})";
const std::string kCsvValue = R"({"file": "e", "format": "csv", "fields": {"key": 0, "ts": 1, "value": 2}})";
const std::string kText = R"({"file": "e", "format": "text", "fields": {"ts": 0, "key": 1}})";
const std::string kTemps
    = R"({"file": "e", "format": "jsonl", "fields": {"key": "id", "value": "temp", "ts": "time"}})";

} // namespace

class TestEventFiles : public QObject {
    Q_OBJECT

private slots:
    void loadsEachFormat_data()
    {
        QTest::addColumn<std::string>("input");
        QTest::addColumn<std::string>("text");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("csv as post 000 types it") << kCsv << std::string("0001,1538359882000\n0002,1538359886000\n")
                                                  << std::string("L1 0001 ts=1538359882000 | L2 0002 ts=1538359886000");
        QTest::newRow("csv blank, comment, CRLF and BOM")
            << kCsv << std::string("\xEF\xBB\xBF# events\r\n\r\n0001,1000\r\n   \n0002,2000")
            << std::string("L3 0001 ts=1000 | L5 0002 ts=2000");
        QTest::newRow("csv quoted fields")
            << kCsvValue << std::string("\"a,b\",1000,\"2.5\"\n\"say \"\"hi\"\"\",2000,3\n")
            << std::string("L1 a,b ts=1000 v=2.5 | L2 say \"hi\" ts=2000 v=3");
        // Found by fuzz_csv: a second field with doubled quotes used to move the first one's text.
        QTest::newRow("csv several fields with doubled quotes")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"key": [0, 1], "ts": 2}})")
            << std::string("\"a\"\"x\",\"b\"\"y\",1000\n") << std::string("L1 (a\"x,b\"y) ts=1000");
        QTest::newRow("csv other delimiter")
            << std::string(R"({"file": "e", "format": "csv", "delimiter": ";", "fields": {"key": 1, "ts": 0}})")
            << std::string("1000;x\n2000;y\n") << std::string("L1 x ts=1000 | L2 y ts=2000");
        QTest::newRow("csv tab delimiter")
            << std::string(R"({"file": "e", "format": "csv", "delimiter": "\t", "fields": {"key": 1, "ts": 0}})")
            << std::string("1000\tx y\n") << std::string("L1 x y ts=1000");
        QTest::newRow("csv header detected and skipped")
            << kCsv << std::string("id,time\n0001,1000\n") << std::string("L2 0001 ts=1000");
        QTest::newRow("csv header by name, columns in any order")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"key": "user", "ts": "time", "value": "n"}})")
            << std::string("time,n,user\n1000,4,alice\n") << std::string("L2 alice ts=1000 v=4");
        QTest::newRow("csv watermark lines") << kCsv << std::string("a,1000\nwatermark,999\nwatermark,5000,1\n")
                                             << std::string("L1 a ts=1000 | L2 wm=999 | L3 wm=5000 ch=1");
        QTest::newRow("csv watermark word configured")
            << std::string(R"({"file": "e", "format": "csv", "watermarkWord": "WM", "fields": {"key": 0, "ts": 1}})")
            << std::string("watermark,1000\nWM,5000\n") << std::string("L1 watermark ts=1000 | L2 wm=5000");
        QTest::newRow("csv composite key")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"key": [0, 1], "ts": 2}})")
            << std::string("a,b,1000\n") << std::string("L1 (a,b) ts=1000");
        QTest::newRow("csv without key, arrival and channel")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"ts": 0, "arrival": 1, "channel": 2}})")
            << std::string("1000,50,1\n") << std::string("L1 - ts=1000 a=50 ch=1");
        QTest::newRow("text as post 001 types it")
            << kText << std::string("1634091720000 a\n  1634091721000\t\tb  \nwatermark 1634091725000\n")
            << std::string("L1 a ts=1634091720000 | L2 b ts=1634091721000 | L3 wm=1634091725000");
        QTest::newRow("jsonl as post 002 writes it")
            << kTemps << std::string("{\"id\":\"1\",\"temp\":20,\"time\":1000}\n{\"watermark\": 3000}\n")
            << std::string("L1 1 ts=1000 v=20 | L2 wm=3000");
        QTest::newRow("jsonl string timestamp and numeric strings as post 003")
            << std::string(R"({"file": "e", "format": "jsonl", "fields": {"value": "amount", "ts": "orderTime"}})")
            << std::string("{\"orderId\":\"10001\",\"amount\":10.00,\"orderTime\":\"1607771480000\"}\n"
                           "{\"amount\":\"12.5\",\"orderTime\":1607771481000}\n")
            << std::string("L1 - ts=1607771480000 v=10 | L2 - ts=1607771481000 v=12.5");
        QTest::newRow("jsonl nested fields by dotted path")
            << std::string(R"({"file": "e", "format": "jsonl", "fields": {"key": "user.id", "ts": "meta.event.time"}})")
            << std::string("{\"meta\":{\"x\":1,\"event\":{\"time\":1000}},\"user\":{\"id\":42}}\n")
            << std::string("L1 42 ts=1000");
        QTest::newRow("jsonl numeric key keeps its text, watermark with channel")
            << kTemps << std::string("{\"id\":7,\"temp\":-1.5e1,\"time\":5}\n{\"watermark\":10,\"channel\":0}\n")
            << std::string("L1 7 ts=5 v=-15 | L2 wm=10 ch=0");
        QTest::newRow("jsonl escaped strings")
            << kTemps << std::string("{\"id\":\"a\\\"b\\u00e9\",\"temp\":1,\"time\":5}\n")
            << std::string("L1 a\"b\xC3\xA9 ts=5 v=1");
        QTest::newRow("seconds with a fraction")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"ts": 0}, "timestamp": {"unit": "s"}})")
            << std::string("1634091720\n1634091720.5\n-1.25\n")
            << std::string("L1 - ts=1634091720000 | L2 - ts=1634091720500 | L3 - ts=-1250");
        QTest::newRow("ISO-8601 with offsets")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"ts": 0}})")
            << std::string("2021-10-13T10:22:00+08:00\n2021-10-13T02:22:00Z\n2021-10-13 02:22:00.250+0000\n")
            << std::string("L1 - ts=1634091720000 | L2 - ts=1634091720000 | L3 - ts=1634091720250");
        QTest::newRow("Long.MIN_VALUE and Long.MAX_VALUE")
            << kCsv << std::string("a,-9223372036854775808\nb,9223372036854775807\n")
            << std::string("L1 a ts=-9223372036854775808 | L2 b ts=9223372036854775807");
    }
    void loadsEachFormat()
    {
        QFETCH(std::string, input);
        QFETCH(std::string, text);
        QFETCH(std::string, expected);
        QCOMPARE(load(input, text), expected);
    }

    void stopsAtTheFirstBadLineWithItsPosition_data()
    {
        QTest::addColumn<std::string>("input");
        QTest::addColumn<std::string>("text");
        QTest::addColumn<std::string>("expected");
        QTest::newRow("letter O in a timestamp")
            << kCsv << std::string("0001,1607771480000\n0002,16O7771480000\n0003,1607771490000\n")
            << std::string("events:2:6: expected an integer timestamp, found \"16O7771480000\"\n");
        QTest::newRow("timestamp beyond int64")
            << kCsv << std::string("a,9223372036854775808\n")
            << std::string("events:1:3: expected an integer timestamp within the range of a 64-bit millisecond count, "
                           "found \"9223372036854775808\"\n");
        QTest::newRow("seconds overflowing milliseconds")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"ts": 0}, "timestamp": {"unit": "s"}})")
            << std::string("9223372036854776\n")
            << std::string(
                   "events:1:1: expected a timestamp in seconds within the range of a 64-bit millisecond count, "
                   "found \"9223372036854776\"\n");
        QTest::newRow("sub-millisecond seconds")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"ts": 0}, "timestamp": {"unit": "s"}})")
            << std::string("1.0005\n")
            << std::string("events:1:1: expected a timestamp in seconds with at most millisecond precision, found "
                           "\"1.0005\"\n");
        QTest::newRow("NaN value") << kCsvValue << std::string("a,1,NaN\n")
                                   << std::string("events:1:5: expected a finite number, found \"NaN\"\n");
        QTest::newRow("infinite value") << kCsvValue << std::string("a,1,-inf\n")
                                        << std::string("events:1:5: expected a finite number, found \"-inf\"\n");
        QTest::newRow("value beyond double")
            << kCsvValue << std::string("a,1,1e400\n")
            << std::string("events:1:5: expected a number within the range of a double, found \"1e400\"\n");
        QTest::newRow("missing column") << kCsvValue << std::string("a,1\n")
                                        << std::string(
                                               "events:1:4: expected column 2 (value), found the end of the line\n");
        QTest::newRow("unclosed quote")
            << kCsv << std::string("a,1\n\"b,2\n")
            << std::string("events:2:1: expected a closing quote for the field that starts here, found the end of the "
                           "line\n");
        QTest::newRow("text after a closing quote")
            << kCsv << std::string("\"b\"x,2\n")
            << std::string("events:1:4: expected \",\" after the closing quote, found \"x\"\n");
        QTest::newRow("invalid UTF-8, column counts characters")
            << kCsv << std::string("a,1\n\xC3\xA9t\xE9,2\n") << std::string("events:2:3: invalid UTF-8\n");
        QTest::newRow("header names an unknown column")
            << std::string(R"({"file": "e", "format": "csv", "fields": {"key": "usr", "ts": "time"}})")
            << std::string("user,time\n")
            << std::string("events:1:1: expected a column named \"usr\" (key) in the header; did you mean \"user\"?\n");
        QTest::newRow("jsonl missing field") << kTemps << std::string("{\"id\":\"1\",\"temp\":20}\n")
                                             << std::string("events:1:1: missing field \"time\" (ts)\n");
        QTest::newRow("jsonl not an object")
            << kTemps << std::string("[1,2]\n") << std::string("events:1:1: expected a JSON object, found \"[1,2]\"\n");
        QTest::newRow("jsonl NaN literal")
            << kTemps << std::string("{\"id\":\"1\",\"temp\":NaN,\"time\":1}\n")
            << std::string("events:1:18: invalid JSON: a missing or extra comma, colon, brace or bracket\n");
        // Found by fuzz_jsonl: a line simdjson refuses outright used to be asked for an error location.
        QTest::newRow("jsonl line that simdjson refuses before parsing")
            << kTemps << std::string("{\"id\":\"a\",\"temp\":1,\"time\":\"2021-10-13T10:22:00Z\",\"\n")
            << std::string("events:1:50: invalid JSON: a string is not closed\n");
        QTest::newRow("jsonl value of the wrong type")
            << kTemps << std::string("{\"id\":\"1\",\"temp\":[20],\"time\":1}\n")
            << std::string("events:1:18: expected a number, found an array\n");
        QTest::newRow("jsonl duplicate field")
            << kTemps << std::string("{\"id\":\"1\",\"temp\":1,\"time\":1,\"time\":2}\n")
            << std::string("events:1:36: duplicate field \"time\"\n");
        QTest::newRow("jsonl column counts characters")
            << kTemps << std::string("{\"id\":\"\xC3\xA9\xC3\xA9\",\"temp\":1,\"time\":\"x\"}\n")
            << std::string("events:1:28: expected an integer timestamp, found \"x\"\n");
        QTest::newRow("ISO-8601 without offset or zone")
            << kCsv << std::string("a,2021-10-13T10:22:00\n")
            << std::string("events:1:3: expected an ISO-8601 timestamp with an offset (\"Z\" or \"+08:00\"), or a "
                           "\"zone\" in the timestamp settings, found \"2021-10-13T10:22:00\"\n");
        QTest::newRow("impossible date")
            << kCsv << std::string("a,2021-02-29T10:22:00Z\n")
            << std::string("events:1:3: expected a valid date and time, found \"2021-02-29T10:22:00Z\"\n");
        QTest::newRow("pattern mismatch") << std::string(
            R"({"file": "e", "format": "csv", "fields": {"ts": 0}, "timestamp": {"pattern": "yyyy-MM-dd HH:mm:ss"}})")
                                          << std::string("2021-10-13T10:22:00\n")
                                          << std::string("events:1:1: expected a timestamp like \"yyyy-MM-dd "
                                                         "HH:mm:ss\", found \"2021-10-13T10:22:00\"\n");
        QTest::newRow("watermark without timestamp")
            << kCsv << std::string("watermark\n")
            << std::string("events:1:10: expected a timestamp after \"watermark\", found the end of the line\n");
    }
    void stopsAtTheFirstBadLineWithItsPosition()
    {
        QFETCH(std::string, input);
        QFETCH(std::string, text);
        QFETCH(std::string, expected);
        QCOMPARE(load(input, text), expected);
    }

    void lenientSkipsBadLinesAndCountsThem()
    {
        QCOMPARE(load(kCsv, "a,1\nb,x\nc,3\n\"d,4\n", true),
            std::string("L1 a ts=1 | L3 c ts=3 || skipped 2: events:2:3: expected an integer timestamp, found \"x\"\n"
                        "events:4:1: expected a closing quote for the field that starts here, found the end of the "
                        "line\n"));
        // More bad lines than are shown: all counted, the first 20 kept with their positions.
        std::string text;
        for (int i = 0; i < 30; ++i)
            text += "k,9x" + std::to_string(i) + "\nk," + std::to_string(i) + "\n";
        KeyTable keys;
        io::LoadOptions options;
        options.lenient = true;
        const auto r = io::parseEventText(text, "events", specFrom(kCsv), keys, options);
        QVERIFY(r.ok());
        QCOMPARE(r.value->records.size(), std::size_t(30));
        QCOMPARE(r.skippedLines, std::uint64_t(30));
        QCOMPARE(r.errors.size(), std::size_t(20));
        QCOMPARE(r.errors[19].toString(), std::string("events:39:3: expected an integer timestamp, found \"9x19\""));
    }

    void channelRulesComeFromThePipeline()
    {
        KeyTable keys;
        io::RecordRules rules;
        rules.requireChannel = true;
        rules.channelLimit = 2;
        rules.watermarkChannelLimit = 2;
        const auto spec = specFrom(R"({"file": "e", "format": "csv", "fields": {"key": 0, "ts": 1, "channel": 2}})");
        const auto r = io::parseEventText("a,1,1\nb,2,2\n", "events", spec, keys, {}, rules);
        QVERIFY(!r.ok());
        QCOMPARE(r.errorText(), std::string("events:2:5: expected a channel between 0 and 1, found 2\n"));
        const auto w = io::parseEventText("watermark,5,3\n", "events", spec, keys, {}, rules);
        QCOMPARE(w.errorText(), std::string("events:1:13: expected a channel between 0 and 1, found 3\n"));
        rules.requireValue = true;
        const auto v = io::parseEventText("a,1,1\n", "events", spec, keys, {}, rules);
        QCOMPARE(
            v.errorText(), std::string("events: the window function reads \"value\", but \"fields\" maps no value\n"));
    }

    void overlongLinesAreBoundedNotFatal()
    {
        const std::string longLine = "k," + std::string(3 << 20, '9') + "\n";
        const std::string text = "a,1\n" + longLine + "b,2\n";
        KeyTable keys;
        io::LoadOptions options;
        options.maxLineBytes = 1 << 20;
        const auto strict = io::parseEventText(text, "events", specFrom(kCsv), keys, options);
        QCOMPARE(strict.errorText(),
            std::string("events:2:1: expected a line of at most 1048576 bytes, found one of 3145730\n"));
        options.lenient = true;
        const auto lenient = io::parseEventText(text, "events", specFrom(kCsv), keys, options);
        QVERIFY(lenient.ok());
        QCOMPARE(render(*lenient.value, keys), std::string("L1 a ts=1 | L3 b ts=2"));
        QCOMPARE(lenient.skippedLines, std::uint64_t(1));
    }

    void aLineOverTheLimitIsRefusedWithItsLengthWithoutKeepingIt()
    {
        // 10 MB without a newline, then the same followed by a good line: refused, its length counted to its end
        QTemporaryDir dir;
        const std::filesystem::path base = dir.path().toStdString();
        const std::string huge(10'000'000, 'a');
        writeFile(base / "one-line.csv", huge);
        KeyTable keys;
        const auto strict = io::loadEventFile(base / "one-line.csv", specFrom(kCsv), keys);
        QVERIFY(!strict.ok());
        QCOMPARE(strict.errorText(),
            (base / "one-line.csv").string() + ":1:1: expected a line of at most " + std::to_string(io::kMaxLineBytes)
                + " bytes, found one of 10000000\n");
        writeFile(base / "then-good.csv", "a,1\n" + huge + "\nb,2\n");
        io::LoadOptions lenient;
        lenient.lenient = true;
        const auto skipped = io::loadEventFile(base / "then-good.csv", specFrom(kCsv), keys, lenient);
        QVERIFY2(skipped.ok(), skipped.errorText().c_str());
        QCOMPARE(render(*skipped.value, keys), std::string("L1 a ts=1 | L3 b ts=2"));
        QCOMPARE(skipped.errors.size(), std::size_t(1));
        QCOMPARE(skipped.errors[0].where.line, 2u);
        QVERIFY(skipped.errors[0].message.find("found one of 10000000") != std::string::npos);
    }

    void filesStreamWithProgressAndReportOpenErrors()
    {
        QTemporaryDir dir;
        const std::filesystem::path base = dir.path().toStdString();
        std::string text;
        for (int i = 0; i < 400000; ++i)
            text += "key" + std::to_string(i % 1000) + "," + std::to_string(1000 + i) + "\n";
        writeFile(base / "big.csv", text);
        std::vector<std::uint64_t> seen;
        io::LoadOptions options;
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            QCOMPARE(total, std::uint64_t(text.size()));
            seen.push_back(done);
        };
        KeyTable keys;
        const auto r = io::loadEventFile(base / "big.csv", specFrom(kCsv), keys, options);
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.value->records.size(), std::size_t(400000));
        QCOMPARE(r.value->records.back().ts, Timestamp(1000 + 399999));
        QCOMPARE(r.value->records.back().sourceLine, 400000u);
        QVERIFY(seen.size() >= 2);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.back(), std::uint64_t(text.size()));

        std::size_t streamed = 0;
        const auto s = io::streamEventFile(base / "big.csv", specFrom(kCsv), keys, {}, {},
            [&](std::span<const InputRecord> batch) { streamed += batch.size(); });
        QVERIFY(s.ok());
        QCOMPARE(streamed, std::size_t(400000));
        QVERIFY(s.value->records.empty());

        const auto missing = io::loadEventFile(base / "none.csv", specFrom(kCsv), keys);
        QCOMPARE(missing.errorText(), (base / "none.csv").string() + ": cannot open it: no such file\n");
        const auto folder = io::loadEventFile(base, specFrom(kCsv), keys);
        QCOMPARE(folder.errorText(), base.string() + ": cannot open it: it is a folder, not a file\n");
    }
};

QTEST_GUILESS_MAIN(TestEventFiles)
#include "tst_event_files.moc"
