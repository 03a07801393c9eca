// `tidemark run`'s flags: durations, every parse error, and how the flags turn into (or override) a scenario.
#include "engine/cli/RunOptions.h"
#include "engine/io/ScenarioIo.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::cli;

namespace {

ParsedArguments parse(const QStringList& arguments)
{
    std::vector<std::string> storage;
    for (const QString& a : arguments)
        storage.push_back(a.toStdString());
    std::vector<std::string_view> args(storage.begin(), storage.end());
    return parseRunArguments(args);
}

// Parses and applies flags to no scenario (a run made from flags only), or to `base`.
AppliedScenario apply(const QStringList& arguments, std::optional<Scenario> base = std::nullopt)
{
    const ParsedArguments parsed = parse(arguments);
    if (!parsed.options) {
        AppliedScenario failed;
        failed.error = "parse: " + parsed.error;
        return failed;
    }
    return applyRunOptions(std::move(base), "scenarios", *parsed.options);
}

const char* kScenario = R"({ "tidemark": 1, "name": "base",
  "input": {"file": "events.csv", "format": "csv", "fields": {"key": 0, "value": 2, "ts": 1}},
  "pipeline": {
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 10000, "parallelism": 2,
                   "firstChannel": 1},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 3000}, "allowedLatenessMs": 1000,
               "function": {"type": "sum", "field": "value"}, "parallelism": 2},
    "endOfInput": "none" } })";

Scenario baseScenario()
{
    auto loaded = io::parseScenarioWithoutInput(kScenario, "base.json");
    if (!loaded.ok())
        qFatal("%s", loaded.errorText().c_str());
    return std::move(*loaded.value);
}

} // namespace

class TestRunOptions : public QObject {
    Q_OBJECT

private slots:
    void durationsAcceptUnitsAndPlainMilliseconds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("ms") << "500ms" << qint64(500);
        QTest::newRow("plain number is ms") << "250" << qint64(250);
        QTest::newRow("seconds") << "2s" << qint64(2000);
        QTest::newRow("fraction of seconds") << "1.5s" << qint64(1500);
        QTest::newRow("minutes") << "5min" << qint64(300000);
        QTest::newRow("hours") << "1h" << qint64(3600000);
        QTest::newRow("days") << "1d" << qint64(86400000);
        QTest::newRow("negative offset") << "-8h" << qint64(-28800000);
        QTest::newRow("explicit plus") << "+3s" << qint64(3000);
        QTest::newRow("zero") << "0" << qint64(0);
        QTest::newRow("trailing zeros in the fraction") << "0.2500s" << qint64(250);
        QTest::newRow("largest") << "9223372036854775807ms" << qint64(9223372036854775807LL);
        QTest::newRow("smallest") << "-9223372036854775808" << qint64(std::numeric_limits<qint64>::min());
    }
    void durationsAcceptUnitsAndPlainMilliseconds()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ms);
        std::string error;
        const auto d = parseDuration(text.toStdString(), &error);
        QVERIFY2(d.has_value(), error.c_str());
        QCOMPARE(qint64(*d), ms);
    }

    void badDurationsSayWhatIsExpected_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("words") << "2 seconds"
                               << R"(expected a duration like 2s or 500ms, found "2 seconds")";
        QTest::newRow("unknown unit")
            << "2sec"
            << R"(expected a duration like 2s or 500ms, found "2sec" (units: ms, s, min, h, d))";
        QTest::newRow("m is not a unit")
            << "5m"
            << R"(expected a duration like 2s or 500ms, found "5m" (units: ms, s, min, h, d))";
        QTest::newRow("empty") << ""
                               << R"(expected a duration like 2s or 500ms, found "")";
        QTest::newRow("unit alone") << "s"
                                    << R"(expected a duration like 2s or 500ms, found "s")";
        QTest::newRow("dot without digits") << "2.s"
                                            << R"(expected a duration like 2s or 500ms, found "2.s")";
        QTest::newRow("part of a millisecond") << "1.0005s"
                                               << R"(expected a whole number of milliseconds, found "1.0005s")";
        QTest::newRow("fraction of ms") << "0.5ms"
                                        << R"(expected a whole number of milliseconds, found "0.5ms")";
        QTest::newRow("beyond int64")
            << "9223372036854775808ms"
            << R"(expected a duration within the range of a 64-bit millisecond count, found "9223372036854775808ms")";
        QTest::newRow("overflow by unit")
            << "99999999999999999h"
            << R"(expected a duration within the range of a 64-bit millisecond count, found "99999999999999999h")";
    }
    void badDurationsSayWhatIsExpected()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        std::string error;
        QVERIFY(!parseDuration(text.toStdString(), &error));
        QCOMPARE(QString::fromStdString(error), message);
    }

    void durationsPrintInTheLargestExactUnit()
    {
        QCOMPARE(QString::fromStdString(formatDuration(3000)), QString("3s"));
        QCOMPARE(QString::fromStdString(formatDuration(1500)), QString("1500ms"));
        QCOMPARE(QString::fromStdString(formatDuration(-28800000)), QString("-8h"));
        QCOMPARE(QString::fromStdString(formatDuration(86400000)), QString("1d"));
        QCOMPARE(QString::fromStdString(formatDuration(0)), QString("0ms"));
    }

    void everyFlagParses()
    {
        const ParsedArguments p = parse({"run", "s.json", "--events", "e.csv", "--events-format", "csv", "--fields",
            "key=0+1,value=3,ts=2", "--delimiter", ";", "--header", "--ts-unit", "s", "--sliding=10s/5s", "--offset",
            "-2s", "--strategy", "monotonous", "--out-of-orderness", "10s", "--emit", "per-event", "--period", "100ms",
            "--idleness", "5s", "--lateness", "2s", "--side-output", "--parallelism", "3", "--window-parallelism", "2",
            "--source-parallelism", "3", "--partitioning", "forward", "--first-channel", "1", "--key-by", "key",
            "--function", "sum:value", "--trigger", "count:3", "--purging", "--end-of-input", "max-watermark",
            "--lenient", "--format", "jsonl", "--save-scenario", "out.json", "--no-stream"});
        QVERIFY2(p.options, p.error.c_str());
        const RunOptions& o = *p.options;
        QCOMPARE(QString::fromStdString(o.scenarioPath), QString("s.json"));
        QCOMPARE(QString::fromStdString(*o.events), QString("e.csv"));
        QVERIFY(o.eventsFormat == InputFileSpec::Format::Csv);
        QCOMPARE(o.fields.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(o.fields[0].second), QString("0+1"));
        QCOMPARE(*o.delimiter, ';');
        QVERIFY(o.header == InputFileSpec::Header::Present);
        QVERIFY(o.tsUnit == TimestampFormat::Unit::Seconds);
        QVERIFY(o.assigner->type == AssignerSpec::Type::Sliding);
        QCOMPARE(o.assigner->sizeMs, 10000);
        QCOMPARE(o.assigner->slideMs, 5000);
        QCOMPARE(*o.offset, -2000);
        QVERIFY(o.strategy == WatermarkConfig::Strategy::Monotonous);
        QCOMPARE(*o.outOfOrderness, 10000);
        QVERIFY(o.emission == WatermarkConfig::Emission::PerEvent);
        QCOMPARE(*o.period, 100);
        QCOMPARE(*o.idleness, 5000);
        QCOMPARE(*o.lateness, 2000);
        QVERIFY(o.sideOutput && o.purging && o.lenient && o.jsonl);
        QCOMPARE(*o.parallelism, 3);
        QCOMPARE(*o.windowParallelism, 2);
        QCOMPARE(*o.sourceParallelism, 3);
        QVERIFY(o.partitioning == WatermarkConfig::Partitioning::Forward);
        QCOMPARE(*o.firstChannel, 1);
        QVERIFY(o.trigger->type == TriggerSpec::Type::Count && o.trigger->count == 3);
        QVERIFY(o.endOfInput == EndOfInput::MaxWatermark);
        QCOMPARE(QString::fromStdString(*o.saveScenarioPath), QString("out.json"));
        QVERIFY(o.streaming == RunOptions::Streaming::Never);
    }

    void parseErrorsNameTheFlagAndWhatWasFound_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QStringList e {"--events", "e.csv"};
        QTest::newRow("nothing to run")
            << QStringList {} << "no scenario given: pass SCENARIO.json, or --events FILE with the window to run";
        QTest::newRow("unknown option") << QStringList {"s.json", "--fast"} << "unknown option --fast";
        QTest::newRow("two scenarios") << QStringList {"a.json", "b.json"}
                                       << "more than one scenario given: a.json and b.json";
        QTest::newRow("missing value") << QStringList {"s.json", "--lateness"}
                                       << "--lateness needs a value: a duration like 2s or 500ms";
        QTest::newRow("bad lateness") << QStringList {"s.json", "--lateness", "2 seconds"}
                                      << R"(--lateness: expected a duration like 2s or 500ms, found "2 seconds")";
        QTest::newRow("sliding without slash") << QStringList {"s.json", "--sliding", "10s"}
                                               << R"(--sliding: expected SIZE/SLIDE like 10s/5s, found "10s")";
        QTest::newRow("sliding bad slide") << QStringList {"s.json", "--sliding", "10s/x"}
                                           << R"(--sliding: slide: expected a duration like 2s or 500ms, found "x")";
        QTest::newRow("two windows") << QStringList {"s.json", "--tumbling", "3s", "--session", "2s"}
                                     << "--session and --tumbling both choose the window; give one of them";
        QTest::newRow("global takes no value")
            << QStringList {"s.json", "--global=yes"} << R"(--global takes no value, found "yes")";
        QTest::newRow("unknown strategy")
            << QStringList {"s.json", "--strategy", "bounded"}
            << R"(--strategy: expected bounded-out-of-orderness, monotonous, legacy-bounded-out-of-orderness or input, found "bounded"; did you mean bounded-out-of-orderness?)";
        QTest::newRow("unknown emit") << QStringList {"s.json", "--emit",
            "perevent"} << R"(--emit: expected per-event or periodic, found "perevent"; did you mean per-event?)";
        QTest::newRow("unknown partitioning") << QStringList {"s.json", "--partitioning",
            "hash"} << R"(--partitioning: expected rebalance, forward or channel, found "hash")";
        QTest::newRow("parallelism not a number") << QStringList {"s.json", "--window-parallelism",
            "two"} << R"(--window-parallelism: expected an integer between 1 and 128, found "two")";
        QTest::newRow("output format csv")
            << QStringList {"s.json", "--format", "csv"}
            << "--format is the output format (jsonl or text); give the events file's format with --events-format csv";
        QTest::newRow("unknown output format")
            << QStringList {"s.json", "--format", "xml"} << R"(unknown format "xml": expected jsonl or text)";
        QTest::newRow("unknown events format") << QStringList {"s.json", "--events-format", "xml"}
                                               << R"(--events-format: expected csv, text or jsonl, found "xml")";
        QTest::newRow("fields without =")
            << (e + QStringList {"--fields", "key"})
            << R"(--fields: expected FIELD=COLUMN like key=0,ts=1 or key=id,ts=time, found "key")";
        QTest::newRow("unknown field")
            << (e + QStringList {"--fields", "key=0,tz=1"})
            << R"(--fields: unknown field "tz": expected key, value, ts, arrival or channel; did you mean ts?)";
        QTest::newRow("field twice") << (e + QStringList {"--fields", "ts=0,ts=1"})
                                     << R"(--fields: field "ts" is given twice)";
        QTest::newRow("empty ts") << (e + QStringList {"--fields", "ts="})
                                  << R"(--fields: expected a column or field for ts, found "")";
        QTest::newRow("composite value") << (e + QStringList {"--fields", "value=a+b,ts=1"})
                                         << R"(--fields: only key may combine fields with +, found "value=a+b")";
        QTest::newRow("long delimiter") << (e
            + QStringList {"--delimiter",
                ";;"}) << R"(--delimiter: expected a single ASCII character other than a quote (or tab), found ";;")";
        QTest::newRow("quote delimiter") << (e
            + QStringList {"--delimiter",
                "\""}) << "--delimiter: expected a single ASCII character other than a quote (or tab), found \"\\\"\"";
        QTest::newRow("unknown ts unit") << (e + QStringList {"--ts-unit", "us"})
                                         << R"(--ts-unit: expected ms or s, found "us"; did you mean ms?)";
        QTest::newRow("unknown function") << QStringList {"s.json", "--function",
            "median:value"} << R"(--function: expected count, sum, min, max, avg or list, found "median")";
        QTest::newRow("sum without field") << QStringList {"s.json", "--function", "sum"}
                                           << "--function: sum needs the field it reads, like sum:value";
        QTest::newRow("count with field") << QStringList {"s.json", "--function", "count:value"}
                                          << R"(--function: count reads no field, found "count:value")";
        QTest::newRow("empty function field")
            << QStringList {"s.json", "--function", "max:"} << R"(--function: expected a field after "max:", found "")";
        QTest::newRow("count trigger without N") << QStringList {"s.json", "--trigger", "count"}
                                                 << R"(--trigger: expected count:N with N of 1 or more, found "count")";
        QTest::newRow("continuous trigger bad interval")
            << QStringList {"s.json", "--trigger", "continuous-event-time:x"}
            << R"(--trigger: expected continuous-event-time:INTERVAL with an interval above 0 like 1s, found "continuous-event-time:x")";
        QTest::newRow("unknown trigger")
            << QStringList {"s.json", "--trigger", "evnt-time"}
            << R"(--trigger: expected default, event-time, processing-time, count:N, continuous-event-time:INTERVAL, never or end-of-stream, found "evnt-time"; did you mean event-time?)";
        QTest::newRow("unknown end of input")
            << QStringList {"s.json", "--end-of-input", "max"}
            << R"(--end-of-input: expected none, max-watermark or drain, found "max"; did you mean max-watermark?)";
        QTest::newRow("empty key-by") << QStringList {"s.json", "--key-by="}
                                      << R"(--key-by: expected a field, or none for windowAll, found "")";
        QTest::newRow("steps while streaming") << QStringList {"s.json", "--steps",
            "--stream"} << "--steps needs the whole run in memory; it cannot be combined with --stream";
    }
    void anUnknownZoneIsRefused()
    {
        const ParsedArguments p = parse({"--events", "e.csv", "--ts-zone", "Mars/Olympus"});
        QVERIFY(!p.options);
        QVERIFY2(QString::fromStdString(p.error).startsWith(R"(--ts-zone: unknown time zone "Mars/Olympus")"),
            p.error.c_str());
    }

    void parseErrorsNameTheFlagAndWhatWasFound()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const ParsedArguments p = parse(arguments);
        QVERIFY(!p.options);
        QCOMPARE(QString::fromStdString(p.error), message);
    }

    void aRunFromFlagsBuildsTheWholeScenario()
    {
        const AppliedScenario a = apply({"--events", "data/lines.csv", "--fields", "key=0,ts=1", "--tumbling", "3s",
            "--out-of-orderness", "10s", "--parallelism", "3", "--lateness", "2s"});
        QVERIFY2(a.scenario, a.error.c_str());
        const Scenario& s = *a.scenario;
        QVERIFY(s.inputFile);
        QCOMPARE(QString::fromStdString(s.inputFile->file), QString("data/lines.csv"));
        QVERIFY(s.inputFile->format == InputFileSpec::Format::Csv); // from the extension
        QCOMPARE(s.inputFile->key.size(), std::size_t(1));
        QCOMPARE(s.inputFile->key[0].index, 0);
        QCOMPARE(s.inputFile->ts.index, 1);
        QVERIFY(a.inputBase.empty()); // --events is relative to the working directory
        const PipelineConfig& p = s.pipeline;
        QVERIFY(p.window.assigner.type == AssignerSpec::Type::Tumbling);
        QCOMPARE(p.window.assigner.sizeMs, 3000);
        QCOMPARE(p.watermarks.maxOutOfOrdernessMs, 10000);
        QCOMPARE(p.watermarks.parallelism, 3);
        QCOMPARE(p.window.parallelism, 3);
        QCOMPARE(p.window.allowedLatenessMs, 2000);
        QVERIFY(p.window.keyBy == std::optional<std::string>("key"));
        QVERIFY(p.window.function.type == FunctionSpec::Type::Count); // no value field: count
        QCOMPARE(QString::fromStdString(s.name), QString("lines.csv"));
    }

    void formatsComeFromTheExtensionOrTheFlag_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("flag");
        QTest::addColumn<int>("format");
        QTest::newRow("csv") << "a.csv"
                             << "" << int(InputFileSpec::Format::Csv);
        QTest::newRow("tsv") << "a.TSV"
                             << "" << int(InputFileSpec::Format::Csv);
        QTest::newRow("jsonl") << "a.jsonl"
                               << "" << int(InputFileSpec::Format::Jsonl);
        QTest::newRow("ndjson") << "a.ndjson"
                                << "" << int(InputFileSpec::Format::Jsonl);
        QTest::newRow("txt") << "a.txt"
                             << "" << int(InputFileSpec::Format::Text);
        QTest::newRow("log") << "a.log"
                             << "" << int(InputFileSpec::Format::Text);
        QTest::newRow("flag wins") << "a.csv"
                                   << "text" << int(InputFileSpec::Format::Text);
        QTest::newRow("no extension, flag") << "events"
                                            << "jsonl" << int(InputFileSpec::Format::Jsonl);
    }
    void formatsComeFromTheExtensionOrTheFlag()
    {
        QFETCH(QString, file);
        QFETCH(QString, flag);
        QFETCH(int, format);
        const bool jsonl = file.endsWith("jsonl") || file.endsWith("ndjson") || flag == "jsonl";
        QStringList args {"--events", file, "--fields", jsonl ? "ts=time" : "ts=0", "--global"};
        if (!flag.isEmpty())
            args << "--events-format" << flag;
        const AppliedScenario a = apply(args);
        QVERIFY2(a.scenario, a.error.c_str());
        QCOMPARE(int(a.scenario->inputFile->format), format);
    }

    void compositeKeysAndNamedFieldsMap()
    {
        const AppliedScenario a = apply({"--events", "o.jsonl", "--fields", "key=user.id+region,value=amount,ts=time",
            "--session", "2s", "--ts-pattern", "yyyy-MM-dd HH:mm:ss.SSS", "--ts-zone", "Asia/Shanghai"});
        QVERIFY2(a.scenario, a.error.c_str());
        const InputFileSpec& f = *a.scenario->inputFile;
        QCOMPARE(f.key.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(f.key[0].name), QString("user.id"));
        QCOMPARE(QString::fromStdString(f.key[1].name), QString("region"));
        QCOMPARE(QString::fromStdString(f.value->name), QString("amount"));
        QCOMPARE(QString::fromStdString(f.timestamp.pattern), QString("yyyy-MM-dd HH:mm:ss.SSS"));
        QCOMPARE(QString::fromStdString(f.timestamp.zone), QString("Asia/Shanghai"));
        QVERIFY(a.scenario->pipeline.window.function.type == FunctionSpec::Type::List); // a value: list it
    }

    void aFunctionOnAnEventsFieldMakesItTheValue()
    {
        const AppliedScenario a = apply(
            {"--events", "o.jsonl", "--fields", "ts=orderTime", "--tumbling", "1min", "--function", "sum:amount"});
        QVERIFY2(a.scenario, a.error.c_str());
        QCOMPARE(QString::fromStdString(a.scenario->inputFile->value->name), QString("amount"));
        QVERIFY(a.scenario->pipeline.window.function.type == FunctionSpec::Type::Sum);
        QCOMPARE(QString::fromStdString(a.scenario->pipeline.window.function.field), QString("value"));
        QVERIFY(!a.scenario->pipeline.window.keyBy); // no key field: windowAll
        QCOMPARE(a.scenario->pipeline.window.parallelism, 1);
    }

    void keyByNamesTheKeyColumn()
    {
        const AppliedScenario a = apply({"--events", "o.csv", "--fields", "ts=1", "--global", "--key-by", "0+2"});
        QVERIFY2(a.scenario, a.error.c_str());
        QCOMPARE(a.scenario->inputFile->key.size(), std::size_t(2));
        QCOMPARE(a.scenario->inputFile->key[1].index, 2);
        QVERIFY(a.scenario->pipeline.window.keyBy.has_value());
        const AppliedScenario none = apply(
            {"--events", "o.csv", "--fields", "key=0,ts=1", "--global", "--key-by", "none", "--parallelism", "4"});
        QVERIFY2(none.scenario, none.error.c_str());
        QVERIFY(!none.scenario->pipeline.window.keyBy);
        QCOMPARE(none.scenario->pipeline.window.parallelism, 1); // windowAll runs as one subtask
        QCOMPARE(none.scenario->pipeline.watermarks.parallelism, 4);
    }

    void flagsOverrideWhatTheScenarioSays()
    {
        const AppliedScenario a = apply({"base.json", "--lateness", "2s", "--sliding", "6s/3s", "--offset", "1s",
                                            "--parallelism", "1", "--fields", "value=", "--function", "count"},
            baseScenario());
        QVERIFY2(a.scenario, a.error.c_str());
        const Scenario& s = *a.scenario;
        QCOMPARE(s.pipeline.window.allowedLatenessMs, 2000);
        QVERIFY(s.pipeline.window.assigner.type == AssignerSpec::Type::Sliding);
        QCOMPARE(s.pipeline.window.assigner.offsetMs, 1000);
        QCOMPARE(s.pipeline.watermarks.parallelism, 1);
        QCOMPARE(s.pipeline.watermarks.firstChannel, 0); // channel 1 is gone at parallelism 1
        QVERIFY(!s.inputFile->value);
        // What the flags do not touch stays as the scenario says.
        QCOMPARE(s.pipeline.watermarks.maxOutOfOrdernessMs, 10000);
        QCOMPARE(QString::fromStdString(s.inputFile->file), QString("events.csv"));
        QCOMPARE(QString::fromStdString(a.inputBase.string()), QString("scenarios"));
        QCOMPARE(s.inputFile->key[0].index, 0);
    }

    void eventsWithoutFieldsAreReadAsTheirFirstLinesSuggest()
    {
        const QString file = qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples/count-clicks.txt";
        const AppliedScenario a = apply({"--events", file, "--global"});
        QVERIFY2(a.scenario, a.error.c_str());
        const InputFileSpec& spec = *a.scenario->inputFile;
        QCOMPARE(int(spec.format), int(InputFileSpec::Format::Text));
        QCOMPARE(spec.key.front().index, 1);
        QCOMPARE(spec.ts.index, 0);
        QVERIFY2(a.guessedInput.find("read as text; --fields key=1,ts=0") != std::string::npos, a.guessedInput.c_str());
        // A format that the file does not have by itself needs the fields spelled out.
        const AppliedScenario jsonl = apply({"--events", file, "--events-format", "jsonl", "--global"});
        QVERIFY(!jsonl.scenario);
        QVERIFY2(jsonl.error.find("does not read as jsonl by itself; give --fields") != std::string::npos,
            jsonl.error.c_str());
        // With --fields nothing is guessed.
        const AppliedScenario given = apply({"--events", file, "--fields", "key=1,ts=0", "--global"});
        QVERIFY(given.scenario);
        QVERIFY(given.guessedInput.empty());
    }

    void anotherEventsFileKeepsTheScenariosShape()
    {
        const AppliedScenario a = apply({"base.json", "--events", "other.csv", "--fields", "ts=3"}, baseScenario());
        QVERIFY2(a.scenario, a.error.c_str());
        QCOMPARE(QString::fromStdString(a.scenario->inputFile->file), QString("other.csv"));
        QCOMPARE(a.scenario->inputFile->ts.index, 3);
        QCOMPARE(a.scenario->inputFile->value->index, 2);
        QVERIFY(a.inputBase.empty());
    }

    void flagsThatDoNotFitAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("withBase");
        QTest::addColumn<QString>("message");
        QTest::newRow("no ts")
            << QStringList {"--events", "a.csv", "--fields", "key=0", "--global"} << false
            << "--fields: missing ts, the column or field of the event timestamp (like ts=1 or ts=time)";
        QTest::newRow("unknown extension")
            << QStringList {"--events", "a.dat", "--fields", "ts=0", "--global"} << false
            << R"(--events: cannot tell the format of "a.dat" from its extension; give --events-format csv, text or jsonl)";
        QTest::newRow("no window") << QStringList {"--events", "a.csv", "--fields", "ts=0"} << false
                                   << "no window given: pass --tumbling SIZE, --sliding SIZE/SLIDE, --cumulate "
                                      "MAX/STEP, --session GAP or --global";
        QTest::newRow("cumulate without a step") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--cumulate",
            "1h"} << false << R"(parse: --cumulate: expected MAX/STEP like 1h/10min, found "1h")";
        QTest::newRow("jsonl by index") << QStringList {"--events", "a.jsonl", "--fields", "ts=0", "--global"} << false
                                        << "--fields: JSON lines fields are chosen by name, found column 0 for ts";
        QTest::newRow("text by name") << QStringList {"--events", "a.txt", "--fields", "ts=time", "--global"} << false
                                      << R"(--fields: text columns are chosen by number, found "time" for ts)";
        QTest::newRow("bad dotted path") << QStringList {"--events", "a.jsonl", "--fields", "ts=a..b",
            "--global"} << false << R"(--fields: expected a field name or a dotted path like a.b, found "a..b")";
        QTest::newRow("input flag without events")
            << QStringList {"--fields", "ts=1", "--tumbling", "1s", "s.json"} << false
            << "the input options (--events-format, --fields, --delimiter, --header, --ts-…) describe an events "
               "file; give one with --events FILE";
        QTest::newRow("delimiter for jsonl") << QStringList {"--events", "a.jsonl", "--fields", "ts=t", "--global",
            "--delimiter", ";"} << false << "--delimiter applies only to csv events, but the format is jsonl";
        QTest::newRow("header for text") << QStringList {"--events", "a.txt", "--fields", "ts=0", "--global",
            "--header"} << false << "--header applies only to csv events, but the format is text";
        QTest::newRow("unit with pattern")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global", "--ts-pattern", "yyyy-MM-dd",
                   "--ts-unit", "s"}
            << false << R"(--ts-unit applies to numeric timestamps; it cannot be used with a pattern ("yyyy-MM-dd"))";
        QTest::newRow("offset on sessions") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--session", "1s",
            "--offset", "1s"} << false << "--offset applies to tumbling, sliding and cumulate windows";
        QTest::newRow("offset too large")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--tumbling", "1h", "--offset", "-1h"} << false
            << R"(--offset: expected "offsetMs" between -3599999 and 3599999 (less than "sizeMs" in absolute value), found -3600000)";
        QTest::newRow("offset beyond the slide")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--sliding", "10s/5s", "--offset", "5s"} << false
            << R"(--offset: expected "offsetMs" between -4999 and 4999 (less than "slideMs" in absolute value), found 5000)";
        QTest::newRow("windowAll window parallelism")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global", "--window-parallelism", "2"} << false
            << R"(--window-parallelism: expected "parallelism" 1 for a window without "keyBy" (windowAll runs as one subtask), found 2)";
        QTest::newRow("forward with other source parallelism")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global", "--partitioning", "forward",
                   "--parallelism", "2", "--source-parallelism", "3"}
            << false
            << R"(--source-parallelism: "forward" partitioning needs source.parallelism equal to watermarks.parallelism (2), found 3)";
        QTest::newRow("first channel beyond parallelism")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global", "--first-channel", "2"} << false
            << R"(--first-channel: expected "firstChannel" between 0 and 0 (watermarks.parallelism is 1), found 2)";
        // The rules of engine/io/PipelineRules, in the words a scenario file gets, on the flag that set the field.
        QTest::newRow("negative lateness") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global",
            "--lateness=-2s"} << false << R"(--lateness: expected a non-negative "allowedLatenessMs", found -2000)";
        QTest::newRow("zero tumbling") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--tumbling", "0s"}
                                       << false << R"(--tumbling: expected a positive "sizeMs", found 0)";
        QTest::newRow("zero session") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--session", "0"}
                                      << false << R"(--session: expected a positive "gapMs", found 0)";
        QTest::newRow("sliding zero size") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--sliding", "0/5s"}
                                           << false << R"(--sliding: expected a positive "sizeMs", found 0)";
        QTest::newRow("cumulate size not a multiple of the step")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--cumulate", "25s/10s"} << false
            << R"(--cumulate: expected "maxSizeMs" to be a multiple of "stepMs" 10000 (Flink's CUMULATE window requires it), found 25000)";
        QTest::newRow("parallelism too large") << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global",
            "--parallelism", "200"} << false << R"(--parallelism: expected "parallelism" between 1 and 128, found 200)";
        QTest::newRow("continuous trigger of no interval") << QStringList {"--events", "a.csv", "--fields", "ts=0",
            "--tumbling", "5s", "--trigger",
            "continuous-event-time:0s"} << false << R"(--trigger: expected a positive "intervalMs", found 0)";
        QTest::newRow("count trigger of no count")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--tumbling", "5s", "--trigger", "count:0"}
            << false << R"(--trigger: expected "count" of at least 1, found 0)";
        QTest::newRow("negative first channel")
            << QStringList {"--events", "a.csv", "--fields", "ts=0", "--global", "--first-channel", "-1"} << false
            << R"(--first-channel: expected "firstChannel" between 0 and 0 (watermarks.parallelism is 1), found -1)";
        QTest::newRow("function field and fields value differ")
            << QStringList {"--events", "a.csv", "--fields", "value=2,ts=0", "--global", "--function", "sum:3"} << false
            << R"(--function sum:3 reads "3", but --fields maps value to "2"; give one of them)";
        QTest::newRow("key-by and fields key differ")
            << QStringList {"--events", "a.csv", "--fields", "key=1,ts=0", "--global", "--key-by", "2"} << false
            << "--key-by 2 and --fields key=… name different keys; give one of them";
        QTest::newRow("format change leaves index fields") << QStringList {"s.json", "--events-format",
            "jsonl"} << true << "--events-format: JSON lines fields are chosen by name, found column 0 for key";
    }
    void flagsThatDoNotFitAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(bool, withBase);
        QFETCH(QString, message);
        const AppliedScenario a = withBase ? apply(arguments, baseScenario()) : apply(arguments);
        QVERIFY(!a.scenario);
        QCOMPARE(QString::fromStdString(a.error), message);
    }

    void inlineRecordsKeepTheirKeyAndValue()
    {
        Scenario inline_;
        inline_.pipeline.window.function.type = FunctionSpec::Type::Sum;
        AppliedScenario a = apply({"s.json", "--key-by", "user"}, inline_);
        QCOMPARE(QString::fromStdString(a.error),
            QString(R"(--key-by: inline records have their key in "key", found "user"; use --key-by key or none)"));
        a = apply({"s.json", "--function", "sum:amount"}, inline_);
        QCOMPARE(QString::fromStdString(a.error),
            QString(
                R"(--function: inline records carry value and ts, found "amount"; use value or ts, or run an events file)"));
        a = apply({"s.json", "--function", "max:ts", "--key-by", "none"}, inline_);
        QVERIFY2(a.scenario, a.error.c_str());
        QCOMPARE(QString::fromStdString(a.scenario->pipeline.window.function.field), QString("ts"));
    }

    void savingReferencesTheEventsFileFromTheSavedScenariosFolder()
    {
        Scenario s;
        s.inputFile = InputFileSpec {};
        s.inputFile->file = "events/lines.csv";
        const Scenario saved = scenarioForSaving(s, "/data/runs", "/data/scenarios/run.json");
        QCOMPARE(QString::fromStdString(saved.inputFile->file), QString("../runs/events/lines.csv"));
        const Scenario beside = scenarioForSaving(s, "/data", "/data/run.json");
        QCOMPARE(QString::fromStdString(beside.inputFile->file), QString("events/lines.csv"));
    }
};

QTEST_GUILESS_MAIN(TestRunOptions)
#include "tst_run_options.moc"
