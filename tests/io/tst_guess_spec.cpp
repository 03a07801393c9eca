#include "engine/io/EventFile.h"
#include "engine/io/GuessSpec.h"
#include "engine/io/ScenarioIo.h"

#include "RecordText.h"
#include "StdStringPrinting.h"

#include <QDir>
#include <QTest>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>

using namespace tidemark;

namespace {

std::string describeRef(const FieldRef& f)
{
    return f.isIndex() ? "#" + std::to_string(f.index) : f.name;
}

// The guess in one line: "csv ',' header key=shop ts=time value=amount ms".
std::string describe(const InputFileSpec& spec)
{
    std::string out;
    switch (spec.format) {
    case InputFileSpec::Format::Csv:
        out = "csv ";
        out += spec.delimiter == '\t' ? std::string("'\\t'") : "'" + std::string(1, spec.delimiter) + "'";
        out += spec.header == InputFileSpec::Header::Present ? " header"
            : spec.header == InputFileSpec::Header::Absent   ? " no-header"
                                                             : " detect";
        break;
    case InputFileSpec::Format::Text:
        out = "text";
        break;
    case InputFileSpec::Format::Jsonl:
        out = "jsonl";
        break;
    }
    for (const auto& k : spec.key)
        out += " key=" + describeRef(k);
    out += " ts=" + describeRef(spec.ts);
    if (spec.value)
        out += " value=" + describeRef(*spec.value);
    if (spec.arrival)
        out += " arrival=" + describeRef(*spec.arrival);
    if (spec.channel)
        out += " channel=" + describeRef(*spec.channel);
    if (!spec.timestamp.pattern.empty())
        out += " pattern=" + spec.timestamp.pattern;
    else
        out += spec.timestamp.unit == TimestampFormat::Unit::Seconds ? " s" : " ms";
    if (!spec.timestamp.zone.empty())
        out += " zone=" + spec.timestamp.zone;
    return out;
}

// One record per line: "L<line> <key> ts=<ts> v=<value> a=<arrival> ch=<channel>"; `withKeys` false leaves
// the key out (a scenario that reads the file without a key runs windowAll: the file cannot say so).
std::string render(const std::vector<InputRecord>& records, const KeyTable& keys, bool withKeys)
{
    std::string out;
    for (const auto& r : records)
        out += test::recordText(r, keys, withKeys) + '\n';
    return out;
}

std::string firstLines(const std::filesystem::path& path, int count)
{
    std::ifstream in(path, std::ios::binary);
    std::string head, line;
    for (int i = 0; i < count && std::getline(in, line); ++i) {
        head += line;
        if (!in.eof())
            head += '\n';
    }
    return head;
}

std::filesystem::path examplesDir()
{
    return std::filesystem::path(qEnvironmentVariable("TIDEMARK_SOURCE_DIR").toStdString()) / "resources" / "examples";
}

} // namespace

class TestGuessSpec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Every built-in example that reads an event file: the guess from the file's first 40 lines reads the
    // whole file to the records the example's own spec reads.
    void guessReadsEachExampleFileAsItsScenarioDoes_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("guess");
        // what each example file is guessed to be (the same file serves several scenarios)
        const std::map<std::string, std::string> expected {
            {"count-clicks.txt", "text key=#1 ts=#0 ms"},
            {"idle-partitions.csv", "csv ',' header key=sensor ts=time channel=partition ms"},
            {"kafka-clicks.csv", "csv ',' header key=user ts=time channel=partition ms"},
            {"colour-sales.jsonl", "jsonl key=colour ts=ts value=qty ms"},
            {"late-orders.csv", "csv ',' header key=shop ts=time value=amount ms"},
            {"offset-logins.csv", "csv ',' header key=user ts=time pattern=yyyy-MM-dd HH:mm:ss.SSS"},
            {"post000-kafka-lines.csv", "csv ',' no-header key=#0 ts=#1 ms"},
            {"post001-socket-delay0.txt", "text key=#1 ts=#0 ms"},
            {"post001-socket-delay3s.txt", "text key=#1 ts=#0 ms"},
            {"post002-temps.jsonl", "jsonl key=id ts=time value=temp ms"},
            {"post003-orders-from480000.jsonl", "jsonl key=userID ts=orderTime value=amount ms"},
            {"post003-orders-from481000.jsonl", "jsonl key=userID ts=orderTime value=amount ms"},
            {"session-clicks.jsonl", "jsonl key=user ts=ts value=clicks ms"},
            {"sliding-temps.csv", "csv ',' header key=sensor ts=time value=temp ms"},
        };
        int rows = 0;
        const QDir dir(QString::fromStdString(examplesDir().string()));
        for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            const auto loaded = io::loadScenarioFileWithoutInput(dir.filePath(name).toStdString());
            QVERIFY2(loaded.ok(), loaded.errorText().c_str());
            if (!loaded.value->inputFile)
                continue;
            const auto it = expected.find(loaded.value->inputFile->file);
            QVERIFY2(it != expected.end(), qPrintable(QStringLiteral("no expected guess for ") + name));
            QTest::newRow(qPrintable(name)) << name << QString::fromStdString(it->second);
            ++rows;
        }
        QVERIFY(rows >= 15);
    }

    void guessReadsEachExampleFileAsItsScenarioDoes()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, guess);
        const auto loaded = io::loadScenarioFile(examplesDir() / scenario.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Scenario& s = *loaded.value;
        const InputFileSpec& own = *s.inputFile;
        const auto path = examplesDir() / own.file;

        InputFileSpec guessed = io::guessInputFileSpec(firstLines(path, 40), own.file);
        QCOMPARE(describe(guessed), guess.toStdString());
        // The zone a file's local times were written in is not in the file: it comes from the scenario.
        if (guessed.timestamp.zone.empty())
            guessed.timestamp.zone = own.timestamp.zone;

        KeyTable keys;
        const auto read = io::loadEventFile(path, guessed, keys);
        QVERIFY2(read.ok(), read.errorText().c_str());
        QVERIFY(!s.records.empty());
        // A Kafka example's partition column: a file alone does not say it was a topic, so the guess reads it as the
        // channel, and reads nothing else differently.
        std::vector<InputRecord> ownRecords = s.records;
        for (InputRecord& r : ownRecords) {
            if (r.partition != InputRecord::kNoPartition)
                r.channel = std::exchange(r.partition, InputRecord::kNoPartition);
            r.offset = InputRecord::kNoOffset;
        }
        QCOMPARE(render(read.value->records, keys, !own.key.empty()), render(ownRecords, s.keys, !own.key.empty()));
    }

    // Shapes beyond the examples. `records` is how many records the guess reads from the text; -1: an error
    // (which the import dialog shows), 0: none (the dialog says the file has no records).
    void guessesOtherShapes_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("guess");
        QTest::addColumn<int>("records");
        const auto row = [](const char* name, const char* fileName, const char* text, const char* guess, int records) {
            QTest::newRow(name) << QString::fromUtf8(fileName) << QString::fromUtf8(text) << QString::fromUtf8(guess)
                                << records;
        };

        row("semicolons", "readings.csv", "sensor;reading;event_time\ns1;20.5;1700000000000\ns2;21;1700000001000\n",
            "csv ';' header key=sensor ts=event_time value=reading ms", 2);
        row("semicolons and decimal commas", "readings.csv",
            "s1;20,5;1700000000000\ns2;21,0;1700000001000\ns1;3,25;1700000002000\n",
            "csv ';' no-header key=#0 ts=#2 ms", 3);
        row("tabs", "clicks.tsv", "user\tts\tamount\nalice\t1000\t3\nbob\t2000\t4\n",
            "csv '\\t' header key=user ts=ts value=amount ms", 2);
        row("tabs, no header, dates with a space", "log.txt",
            "alice\t2024-03-01 09:00:00\t3\nbob\t2024-03-01 09:00:05\t4\n",
            "csv '\\t' no-header key=#0 ts=#1 value=#2 pattern=yyyy-MM-dd HH:mm:ss", 2);
        row("no header, ISO with offsets", "events.csv",
            "2021-10-13T02:22:00Z,alice,3\n2021-10-13T10:22:01.5+08:00,bob,4\n2021-10-13T02:22:02-0100,alice,1\n",
            "csv ',' no-header key=#1 ts=#0 value=#2 ms", 3);
        row("no header, ISO without offset, varying fractions", "events.csv",
            "a,2024-03-01T09:00:00.5\nb,2024-03-01T09:00:01.25\n", "csv ',' no-header key=#0 ts=#1 ms zone=UTC", 2);
        row("day first dates", "logins.csv", "user,when\nalice,13.10.2021 02:22:00\nbob,01.11.2021 08:00:00\n",
            "csv ',' header key=user ts=when pattern=dd.MM.yyyy HH:mm:ss", 2);
        row("dates only", "days.csv", "2024-03-01,shop-a,10\n2024-03-02,shop-b,4.5\n",
            "csv ',' no-header key=#1 ts=#0 value=#2 pattern=yyyy-MM-dd", 2);
        row("epoch seconds, text", "words.txt", "1634091720 a\n1634091721.5 b\n1634091723 a\n", "text key=#1 ts=#0 s",
            3);
        row("epoch seconds, header", "words.csv", "word,ts\na,1634091720\nb,1634091721\n",
            "csv ',' header key=word ts=ts s", 2);
        row("a count and a clock, no header", "orders.csv", "shop-a,10,1000\nshop-a,20,4000\nshop-b,5,6500\n",
            "csv ',' no-header key=#0 ts=#2 value=#1 ms", 3);
        row("names that only end like a timestamp", "hits.csv",
            "page,counts,paid,clock\nhome,3,1,1000\nshop,4,0,2000\n",
            "csv ',' header key=page ts=clock value=counts ms", 2);
        row("arrival and partition by name", "feed.csv",
            "partition,key,ts,arrival_time,value\n0,a,1000,1500,1\n1,b,2000,2100,2\n",
            "csv ',' header key=key ts=ts value=value arrival=arrival_time channel=partition ms", 2);
        row("a partition that is not small", "feed.csv", "partition,key,ts\n5000,a,1000\n7000,b,2000\n",
            "csv ',' header key=key ts=ts ms", 2);
        row("JSON, nested, other names", "events.jsonl",
            "{\"event\":{\"occurredAt\":\"2024-03-01T09:00:00+01:00\",\"device\":{\"id\":\"d1\"}},"
            "\"payload\":{\"reading\":3.5,\"tags\":[\"x\"]},\"ok\":true}\n"
            "{\"event\":{\"occurredAt\":\"2024-03-01T09:00:07+01:00\",\"device\":{\"id\":\"d2\"}},"
            "\"payload\":{\"reading\":4,\"tags\":[]},\"ok\":false}\n",
            "jsonl key=event.device.id ts=event.occurredAt value=payload.reading ms", 2);
        row("JSON, snake case, epoch seconds", "clicks.ndjson",
            "{\"user_id\":7,\"clicks\":2,\"created_at\":1700000000}\n{\"user_id\":8,\"clicks\":1,\"created_at\":"
            "1700000003}\n",
            "jsonl key=user_id ts=created_at value=clicks s", 2);
        row("JSON, no known names", "x.jsonl",
            "{\"who\":\"a\",\"n\":3,\"at\":1000}\n{\"who\":\"b\",\"n\":1,\"at\":2000}\n",
            "jsonl key=who ts=at value=n ms", 2);
        row("JSON with a watermark line", "x.jsonl",
            "{\"watermark\":0}\n{\"key\":\"a\",\"ts\":1000}\n{\"watermark\":900}\n", "jsonl key=key ts=ts ms", 3);
        row("text with watermark lines", "w.txt", "1000 a\nwatermark 500\n2000 b\n", "text key=#1 ts=#0 ms", 3);
        row("quoted fields", "q.csv", "name,ts,amount\n\"Smith, J\",1000,3\n\"Doe, A\",2000,4\n",
            "csv ',' header key=name ts=ts value=amount ms", 2);
        row("BOM, CRLF and comments", "c.csv", "\xEF\xBB\xBF# exported\r\nuser,time\r\nalice,1000\r\n\r\nbob,2000\r\n",
            "csv ',' header key=user ts=time ms", 2);
        row("a cut last line", "p.csv", "0001,1538359882000\n0001,1538359886000\n0001,15383",
            "csv ',' no-header key=#0 ts=#1 ms", 2);
        row("one line", "one.csv", "1000,alice\n", "csv ',' no-header key=#1 ts=#0 ms", 1);
        row("empty csv", "empty.csv", "", "csv ',' no-header ts=#0 ms", 0);
        row("empty jsonl", "empty.jsonl", "", "jsonl ts=ts ms", 0);
        row("only comments", "c.txt", "# nothing yet\n\n", "text ts=#0 ms", 0);
        row("only a header", "h.csv", "user,amount,time\n", "csv ',' header key=user ts=time value=amount ms", 0);
        row("no timestamp anywhere", "words.txt", "hello world\nfoo bar\n", "text ts=#0 ms", -1);
        row("lines of different shapes", "mixed.csv", "a,1000\nb;2000;3\n{\"x\":1}\n",
            "csv ',' no-header key=#0 ts=#1 ms", -1);
        row("not JSON after a brace", "bad.jsonl", "{oops\n{\"ts\":1}\n", "jsonl ts=ts ms", -1);
        // a few bad lines do not decide the layout: the lines of the common shape do (the loader then stops at
        // the first bad one, or skips them when lenient)
        row("bad lines near the top", "orders.csv",
            "user,amount,time\nu1,2.5,1000\nbroken\nu2,3.5,2000\nu3,1.5,3000\nbad,line\nu4,1,4000\n",
            "csv ',' header key=user ts=time value=amount ms", -1);
        row("JSON lines behind a bad first line", "e.jsonl",
            "oops\n{\"key\":\"a\",\"ts\":1000}\n{\"key\":\"b\",\"ts\":2000}\n", "jsonl key=key ts=ts ms", -1);
    }

    // Whatever the first lines hold, the guess returns a spec the loader accepts or rejects with a message.
    void anyTextGivesAGuessTheLoaderCanJudge()
    {
        std::mt19937 random(20241129);
        const std::string_view alphabet = "0123456789,;\t \n\n{}[]\":.-+TZabwatermark#\r\xC3\xA9";
        for (int round = 0; round < 1000; ++round) {
            std::string head;
            const auto length = random() % 120;
            for (std::size_t i = 0; i < length; ++i)
                head += alphabet[random() % alphabet.size()];
            for (const char* name : {"f.csv", "f.txt", "f.jsonl"}) {
                const InputFileSpec spec = io::guessInputFileSpec(head, name);
                QCOMPARE(spec.file, std::string(name));
                KeyTable keys;
                const auto read = io::parseEventText(head, name, spec, keys);
                if (!read.ok())
                    QVERIFY2(!read.errors.empty() && !read.errors.front().message.empty(), head.c_str());
            }
        }
    }

    void guessesOtherShapes()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, text);
        QFETCH(QString, guess);
        QFETCH(int, records);
        const std::string head = text.toStdString();
        const InputFileSpec spec = io::guessInputFileSpec(head, fileName.toStdString());
        QCOMPARE(describe(spec), guess.toStdString());
        QCOMPARE(spec.file, fileName.toStdString());

        // as the import preview reads it: a cut last line left out
        std::string_view complete = head;
        if (!complete.empty() && complete.back() != '\n' && complete.find('\n') != std::string_view::npos)
            complete = complete.substr(0, complete.rfind('\n') + 1);
        KeyTable keys;
        const auto read = io::parseEventText(complete, fileName.toStdString(), spec, keys);
        if (records < 0) {
            QVERIFY(!read.ok());
            QVERIFY2(read.errorText().rfind(fileName.toStdString() + ":", 0) == 0, read.errorText().c_str());
        } else {
            QVERIFY2(read.ok(), read.errorText().c_str());
            QCOMPARE(int(read.value->records.size()), records);
        }
    }
};

QTEST_MAIN(TestGuessSpec)
#include "tst_guess_spec.moc"
