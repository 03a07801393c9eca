// `tidemark run … --socket` and `--listen` end to end, in process, against peers in the test: a saved live run
// replays to the same printed steps and outputs, a listening run ends when its clients have gone, and the
// flags that do not fit say so. Also the end of a live input (inputEndMs) in the scenario file and the
// streamed run, and what a live run prints while its last steps may still be recomputed.
#include "../cli/TidemarkRun.h"
#include "ScenarioDifference.h"
#include "TestPeers.h"
#include "engine/cli/RunCommand.h"
#include "engine/cli/TraceWriter.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/LiveFeed.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/Player.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sstream>

using namespace tidemark;
using namespace tidemark::test;

namespace {

using Run = TidemarkRun;

QString examples()
{
    return qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples/";
}

// post001-delay0 as `tidemark run post001-delay0` finds it (the example by its path: the test's executable is
// not installed next to the examples).
QString post001()
{
    return examples() + "post001-delay0.json";
}

QStringList post001Lines()
{
    QFile f(examples() + "post001-socket-delay0.txt");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read post001-socket-delay0.txt");
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

// `tidemark run ARGUMENTS…` on its own thread, its stderr readable while it runs (to learn the port it listens
// on).
class BackgroundRun {
public:
    explicit BackgroundRun(const QStringList& arguments)
        : m_storage {"tidemark", "run"}
    {
        for (const QString& a : arguments)
            m_storage.push_back(a.toStdString());
        m_thread = std::thread([this] {
            std::vector<char*> argv;
            for (std::string& s : m_storage)
                argv.push_back(s.data());
            m_exitCode = cli::runCommand(int(argv.size()), argv.data(), m_out, m_err);
            m_done = true;
        });
    }
    ~BackgroundRun() { finish(100); }

    std::string err() const { return m_errText.text(); }
    // Waits for the run to end; after `timeoutMs` it is interrupted as Ctrl+C would (the run's own handler
    // takes SIGINT while it runs). Returns whether it ended by itself.
    bool finish(int timeoutMs)
    {
        const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeoutMs);
        while (!m_done && SteadyClock::now() < deadline)
            pauseMs(10);
        const bool byItself = m_done;
        while (!m_done) {
            std::raise(SIGINT);
            pauseMs(200);
        }
        if (m_thread.joinable())
            m_thread.join();
        return byItself;
    }
    int exitCode() const { return m_exitCode; }
    QStringList out() const { return QString::fromStdString(m_out.str()).split('\n', Qt::SkipEmptyParts); }

private:
    std::vector<std::string> m_storage;
    std::ostringstream m_out;
    SharedText m_errText;
    std::ostream m_err {&m_errText};
    std::atomic<bool> m_done {false};
    int m_exitCode = -1;
    std::thread m_thread;
};

// Lines handed to a live feed in the order a source would hand them on: a line (at), a clock tick, the end.
live::LiveEvent line(Timestamp at, std::string text)
{
    live::LiveEvent e;
    e.kind = live::LiveEvent::Kind::Line;
    e.at = at;
    e.text = std::move(text);
    return e;
}
live::LiveEvent tick(Timestamp at)
{
    live::LiveEvent e;
    e.kind = live::LiveEvent::Kind::Clock;
    e.at = at;
    return e;
}
live::LiveEvent ended(Timestamp at)
{
    live::LiveEvent e;
    e.kind = live::LiveEvent::Kind::Ended;
    e.at = at;
    e.text = "closed";
    return e;
}

// A live run as playLive prints it with --steps --format jsonl: the events of each poll fed, then everything
// recorded so far written. Returns (what the live run printed, what a replay of the scenario it ended with
// prints).
std::pair<QStringList, QStringList> printedLiveAndReplayed(
    Scenario job, const std::vector<std::vector<live::LiveEvent>>& polls)
{
    const InputFileSpec spec = io::liveLineSpec(job);
    Player::Options open;
    open.openInput = true;
    Player player(std::move(job), open);
    live::LiveFeed feed(spec, false, rules::recordRulesFor(player.scenario().pipeline), player.keys(),
        [](int) { return std::string("test"); });
    std::ostringstream liveOut;
    {
        cli::OutputWriter writer(liveOut, player.scenario(), true);
        cli::TraceWriter trace(writer, player, true, false, true);
        for (const auto& events : polls) {
            feed.feed(player, events);
            trace.writeThrough(player.lastStep());
            writer.flush();
        }
    }
    std::ostringstream replayOut;
    {
        const Player replay(player.scenario());
        cli::OutputWriter writer(replayOut, replay.scenario(), true);
        cli::TraceWriter(writer, replay, true, false, true).writeThrough(replay.lastStep());
    }
    const auto lines
        = [](const std::ostringstream& s) { return QString::fromStdString(s.str()).split('\n', Qt::SkipEmptyParts); };
    return {lines(liveOut), lines(replayOut)};
}

// Where two printed runs part: "line N: A / B", or empty when they are the same.
QString difference(const QStringList& printed, const QStringList& replayed)
{
    for (qsizetype i = 0; i < std::max(printed.size(), replayed.size()); ++i) {
        const QString a = i < printed.size() ? printed[i] : "(nothing)";
        const QString b = i < replayed.size() ? replayed[i] : "(nothing)";
        if (a != b)
            return QStringLiteral("line %1: printed live\n  %2\nreplayed\n  %3").arg(i + 1).arg(a, b);
    }
    return {};
}

// Keyed 1 s tumbling windows, watermark = largest timestamp - 1, emitted every 200 ms; lines "key,ts".
Scenario countingJob(EndOfInput end)
{
    Scenario s;
    s.pipeline.watermarks.maxOutOfOrdernessMs = 0;
    s.pipeline.watermarks.periodMs = 200;
    s.pipeline.window.assigner.sizeMs = 1000;
    s.pipeline.window.function.type = FunctionSpec::Type::Count;
    s.pipeline.endOfInput = end;
    return s;
}

// Records on channel 0 of two; channel 1 goes idle 1 s after the start of the run, so that the watermark then
// follows channel 0. The input ends long after the last record (a recorded live source that stayed open).
const char* kIdleTail = R"({ "tidemark": 1, "name": "open long after the last line",
  "inputEndMs": 9000,
  "input": { "records": [
    {"key": "a", "value": 1, "ts": 100, "arrival": 100, "channel": 0},
    {"key": "a", "value": 2, "ts": 1200, "arrival": 300, "channel": 0},
    {"key": "b", "value": 3, "ts": 2500, "arrival": 500, "channel": 0} ] },
  "pipeline": {
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0, "emit": "periodic",
                   "periodMs": 200, "idlenessMs": 1000, "parallelism": 2, "partitioning": "channel"},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 1000}, "function": {"type": "sum"},
               "parallelism": 2},
    "endOfInput": "max-watermark" } })";

// Processing-time windows: they fire on the clock, so they fire only if the run lasts past their end.
const char* kProcessingTail = R"({ "tidemark": 1, "name": "processing-time windows, open after the last line",
  "inputEndMs": 6500,
  "input": { "records": [
    {"key": "a", "value": 1, "ts": 100, "arrival": 100}, {"key": "a", "value": 2, "ts": 200, "arrival": 1700},
    {"key": "b", "value": 5, "ts": 300, "arrival": 2300} ] },
  "pipeline": {
    "watermarks": {"strategy": "monotonous", "emit": "periodic", "periodMs": 500},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 2000, "timeDomain": "processing"},
               "function": {"type": "list"}},
    "endOfInput": "none" } })";

} // namespace

class TestLiveCommand : public QObject {
    Q_OBJECT

    test::ScratchFiles m_files;
    QString write(const QString& name, const QByteArray& text) { return m_files.write(name, text); }

private slots:
    void aSavedSocketRunReplaysToTheSameStepsAndOutputs()
    {
        const QStringList lines = post001Lines();
        TestServer server(1, [&](Peer& peer, int) {
            for (const QString& l : lines) {
                peer.send(l.toStdString() + "\n");
                pauseMs(40);
            }
            pauseMs(150); // open a while after the last line: the end of input is later than it
        });
        QVERIFY(server.port() != 0);
        const QString endpoint = "127.0.0.1:" + QString::number(server.port());
        const QString saved = m_files.path("live-post001.json");
        const Run live = tidemarkRun({post001(), "--socket", endpoint, "--save-scenario", saved, "--steps"});
        server.join();
        QCOMPARE(live.exitCode, 0);
        QVERIFY2(live.err.contains("tidemark run: reading lines from " + endpoint + " as socketTextStream does"),
            qPrintable(live.err));
        QVERIFY2(live.err.contains(endpoint + " closed the connection; 7 lines read, 7 records"), qPrintable(live.err));
        QVERIFY(live.err.contains("saved the run with every arrival to " + saved));
        // Post 001: two windows of three words each, printed as Flink's print sink does (subtask 5 of 8).
        QCOMPARE(live.out.filter(QRegularExpression(R"(^6> \(a,3\) window )")).size(), 2);
        QVERIFY(live.out.filter(QRegularExpression(R"(^step \d+ at )")).size() > 7);

        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        QVERIFY2(json.contains("\"inputEndMs\": "), json.constData());
        QVERIFY(json.contains("\"arrival\": "));

        const Run replay = tidemarkRun({saved, "--steps"});
        QCOMPARE(replay.exitCode, 0);
        QCOMPARE(replay.err, QString());
        const QString diff = difference(live.out, replay.out);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QCOMPARE(replay.out, live.out);
    }

    void aListeningRunTakesSeveralClientsAndEndsWhenTheyHaveGone()
    {
        const QString saved = m_files.path("listened.json");
        BackgroundRun run({post001(), "--listen", "0", "--until-idle", "1", "--lenient", "--save-scenario", saved});
        // The port it chose is in its first message.
        const QRegularExpression listening(R"(listening on 127\.0\.0\.1:(\d+);)");
        std::uint16_t port = 0;
        const auto deadline = SteadyClock::now() + std::chrono::seconds(5);
        while (port == 0 && SteadyClock::now() < deadline) {
            const auto m = listening.match(QString::fromStdString(run.err()));
            if (m.hasMatch())
                port = static_cast<std::uint16_t>(m.captured(1).toUInt());
            else
                pauseMs(5);
        }
        QVERIFY2(port != 0, run.err().c_str());
        const QStringList lines = post001Lines();
        Peer first = Peer::connect(port);
        Peer second = Peer::connect(port);
        QVERIFY(first.valid() && second.valid());
        for (int i = 0; i < 4; ++i) {
            QVERIFY(first.send(lines[i].toStdString() + "\n"));
            pauseMs(20);
        }
        QVERIFY(second.send(lines[4].toStdString() + "\nnot a line\n"));
        pauseMs(20);
        QVERIFY(second.send(lines[5].toStdString() + "\n" + lines[6].toStdString())); // the last without '\n'
        pauseMs(20);
        first.close();
        second.close();
        QVERIFY2(run.finish(5000), "the run did not end after its clients had gone");

        QCOMPARE(run.exitCode(), 0);
        const QString err = QString::fromStdString(run.err());
        QVERIFY2(err.contains("client 1 connected from 127.0.0.1:"), qPrintable(err));
        QVERIFY2(err.contains("client 2 connected from 127.0.0.1:"), qPrintable(err));
        // Client 2's second line, by its own line number.
        QVERIFY2(err.contains(QRegularExpression(
                     "\n127\\.0\\.0\\.1:" + QString::number(port) + R"( client 2:2:1: [^\n]+ \(skipped\)\n)")),
            qPrintable(err));
        QVERIFY2(
            err.contains("every client has closed and none came for 1 s; 8 lines read, 7 records, 1 bad line skipped"),
            qPrintable(err));
        QCOMPARE(run.out().filter(QRegularExpression(R"(^6> \(a,3\) window )")).size(), 2);
        // Replayed, the saved run prints the same.
        const Run replay = tidemarkRun({saved});
        QCOMPARE(replay.exitCode, 0);
        QCOMPARE(replay.out, run.out());
    }

    void aRefusedSocketExitsWithOne()
    {
        const std::uint16_t port = closedPort();
        const QString endpoint = "127.0.0.1:" + QString::number(port);
        const Run r = tidemarkRun({post001(), "--socket", endpoint});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("tidemark run: cannot connect to " + endpoint
                     + ": connection refused: nothing listens there (start the peer first, e.g. nc -lk "
                     + QString::number(port) + ")\n"),
            qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void liveFlagsThatDoNotFitAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString ex = post001();
        const QString hostPort = "expected HOST:PORT such as localhost:9000 (or a port alone for this machine), found ";
        QTest::newRow("--socket with --events") << QStringList {"--socket", "127.0.0.1:9000", "--events", "words.txt",
            "--tumbling", "3s"} << "--socket and --events are two inputs; give one of them";
        QTest::newRow("--listen with --events") << QStringList {"--listen", "0", "--events", "words.txt"}
                                                << "--listen and --events are two inputs; give one of them";
        QTest::newRow("--socket with --listen") << QStringList {ex, "--socket", "9000", "--listen", "9001"}
                                                << "--socket, --listen and --kafka are three sources; give one of them";
        QTest::newRow("--kafka with --socket") << QStringList {ex, "--kafka", "127.0.0.1:9092", "--topic", "t",
            "--socket", "9000"} << "--socket, --listen and --kafka are three sources; give one of them";
        QTest::newRow("--kafka without --topic")
            << QStringList {ex, "--kafka", "127.0.0.1:9092"} << "--kafka BOOTSTRAP needs --topic, the topic to read";
        QTest::newRow("--topic without --kafka") << QStringList {ex, "--topic", "t"}
                                                 << "--topic, --from, --max-records and --kafka-watermarks apply to "
                                                    "--kafka BOOTSTRAP";
        QTest::newRow("--from that is no start")
            << QStringList {ex, "--kafka", "127.0.0.1:9092", "--topic", "t", "--from", "yesterday"}
            << "--from: expected earliest, latest or an epoch-ms timestamp of 0 or more, found "
               "\"yesterday\"";
        QTest::newRow("--until-idle without --listen")
            << QStringList {ex, "--until-idle", "1"} << "--until-idle applies to --listen PORT";
        QTest::newRow("--until-idle with --socket")
            << QStringList {ex, "--socket", "9000", "--until-idle", "1"} << "--until-idle applies to --listen PORT";
        QTest::newRow("--forward without --listen")
            << QStringList {ex, "--forward", "9001"} << "--forward applies to --listen PORT";
        QTest::newRow("--socket-retries without --socket") << QStringList {ex, "--listen", "0", "--socket-retries", "2"}
                                                           << "--socket-retries applies to --socket HOST:PORT";
        QTest::newRow("--stream with --socket") << QStringList {ex, "--socket", "127.0.0.1:9000",
            "--stream"} << "a live source is recorded as it comes; it cannot be combined with --stream";
        QTest::newRow("--stream with --listen") << QStringList {ex, "--listen", "0",
            "--stream"} << "a live source is recorded as it comes; it cannot be combined with --stream";
        QTest::newRow("a port too large")
            << QStringList {ex, "--socket", "localhost:99999"}
            << "--socket: " + hostPort + "\"localhost:99999\": the port must be a number from 1 to 65535";
        QTest::newRow("port 0 to connect to") << QStringList {ex, "--socket",
            "127.0.0.1:0"} << "--socket: " + hostPort + "\"127.0.0.1:0\": the port must be a number from 1 to 65535";
        QTest::newRow("IPv6 without brackets") << QStringList {ex, "--listen",
            "::1:9000"} << "--listen: " + hostPort + "\"::1:9000\": an IPv6 address is written in brackets, [::1]:9000";
        QTest::newRow("a bad --forward") << QStringList {ex, "--listen", "0", "--forward",
            "here"} << "--forward: " + hostPort + "\"here\": the port must be a number from 0 (any free port) to 65535";
        QTest::newRow("--until-idle not a time") << QStringList {ex, "--listen", "0", "--until-idle", "soon"}
                                                 << "--until-idle: expected a number of seconds or a duration like "
                                                    "1500ms, found \"soon\"";
        QTest::newRow("--socket-retries below -1") << QStringList {ex, "--socket", "9000", "--socket-retries",
            "-2"} << "--socket-retries: expected -1 (for ever), 0 (never) or a number of closes, found \"-2\"";
    }
    void liveFlagsThatDoNotFitAreUsageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run r = tidemarkRun(arguments);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.section('\n', 0, 0), "tidemark run: " + message);
        QVERIFY(r.out.isEmpty());
    }

    // --- the end of a live input --------------------------------------------------------------------

    void theEndOfALiveInputRoundTripsThroughTheScenarioFile()
    {
        auto parsed = io::parseScenarioWithoutInput(kIdleTail, "idle.json");
        QVERIFY2(parsed.ok(), parsed.errorText().c_str());
        QCOMPARE(parsed.value->inputEndMs, std::optional<Timestamp>(9000));
        const std::string saved = io::saveScenario(*parsed.value);
        QVERIFY(saved.find("\"inputEndMs\": 9000,") != std::string::npos);
        auto again = io::parseScenarioWithoutInput(saved, "saved.json");
        QVERIFY2(again.ok(), again.errorText().c_str());
        QCOMPARE(again.value->inputEndMs, std::optional<Timestamp>(9000));
        QCOMPARE(test::scenarioDifference(*parsed.value, *again.value), std::optional<std::string>());

        // Without it the input ends at its last arrival, and nothing is written.
        Scenario atLastArrival = *again.value;
        atLastArrival.inputEndMs.reset();
        const std::string plain = io::saveScenario(atLastArrival);
        QVERIFY(plain.find("inputEndMs") == std::string::npos);
        QCOMPARE(io::parseScenarioWithoutInput(plain, "plain.json").value->inputEndMs, std::optional<Timestamp>());
        QVERIFY(test::scenarioDifference(*again.value, atLastArrival).has_value());

        std::string negative = kIdleTail;
        negative.replace(negative.find("9000"), 4, "-5");
        const auto refused = io::parseScenarioWithoutInput(negative, "negative.json");
        QVERIFY(!refused.ok());
        QVERIFY2(refused.errorText().find("inputEndMs") != std::string::npos, refused.errorText().c_str());
    }

    void aStreamedRunEndsWhereTheRecordedLiveRunEnded_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::newRow("idleness, then the end-of-input watermark") << QByteArray(kIdleTail);
        QTest::newRow("processing-time windows") << QByteArray(kProcessingTail);
    }
    void aStreamedRunEndsWhereTheRecordedLiveRunEnded()
    {
        QFETCH(QByteArray, scenario);
        const QString path = write("tail.json", scenario);
        const Run recorded = tidemarkRun({path, "--format", "jsonl"});
        const Run streamed = tidemarkRun({path, "--format", "jsonl", "--stream"});
        QCOMPARE(recorded.exitCode, 0);
        QCOMPARE(streamed.exitCode, 0);
        QCOMPARE(streamed.err, recorded.err);
        QVERIFY(!recorded.out.isEmpty());
        QCOMPARE(streamed.out, recorded.out);
        // The end matters here: ended at the last arrival, the run prints something else.
        QByteArray withoutEnd = scenario;
        const int at = withoutEnd.indexOf("\"inputEndMs\"");
        withoutEnd.remove(at, withoutEnd.indexOf('\n', at) - at);
        const Run ended = tidemarkRun({write("ended.json", withoutEnd), "--format", "jsonl", "--stream"});
        QCOMPARE(ended.exitCode, 0);
        QVERIFY(ended.out != recorded.out);
    }

    // --- what a live run prints --------------------------------------------------------------------

    void aLiveRunPrintsALineReadInTheMillisecondOfTheLastTick()
    {
        // Poll 2 reads "a,2600" at 1000 and ends at 1000: the player records to its horizon, the last arrival,
        // so the periodic emission at 1000 is printed. Poll 3 reads "a,500" at 1000 too (the same millisecond):
        // an arrival comes before any other happening of its time, so the emission's step becomes this
        // record's, and the record is late (dropped). The replay prints that arrival and the late record.
        const auto [printed, replayed] = printedLiveAndReplayed(countingJob(EndOfInput::None),
            {{line(700, "a,2500"), tick(701)}, {line(1000, "a,2600"), tick(1000)}, {line(1000, "a,500"), tick(1001)},
                {ended(1500)}});
        QCOMPARE(replayed.filter(R"({"type":"late")").size(), 1);
        QCOMPARE(printed.filter(R"({"type":"late")").size(), 1); // fails now: the late record is never printed
        const QString diff = difference(printed, replayed);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void aLiveRunPrintsTheEndOfInputWhenTheSourceClosesInTheMillisecondOfItsLastLine()
    {
        // The source closes in the millisecond its last line came, after a tick of that millisecond: the end of
        // input comes first among the happenings of its time, before the periodic emission already printed.
        const auto [printed, replayed] = printedLiveAndReplayed(
            countingJob(EndOfInput::MaxWatermark), {{line(1000, "a,500"), tick(1000)}, {ended(1000)}});
        QCOMPARE(replayed.filter(R"({"type":"fire")").size(), 1);
        QCOMPARE(printed.filter(R"({"type":"fire")").size(), 1); // fails now: the end-of-input fire is never printed
        const QString diff = difference(printed, replayed);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
};

QTEST_GUILESS_MAIN(TestLiveCommand)
#include "tst_live_command.moc"
