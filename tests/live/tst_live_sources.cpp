// The live sources against real sockets on 127.0.0.1: a SocketSource read as Flink's SocketTextStreamFunction
// reads a socket (lines, bad lines, a huge line, trailing data, reconnections), a ListenSource as `nc -lk`
// with several clients, and the LineForwarder's tee. Lines go through a LiveFeed into an open Player, as in
// `tidemark run --socket`.
#include "TestPeers.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/LineForwarder.h"
#include "engine/live/LiveFeed.h"
#include "engine/live/LiveSource.h"
#include "engine/player/Player.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <sys/resource.h>

#include <algorithm>
#include <map>

using namespace tidemark;
using namespace tidemark::live;
using namespace tidemark::test;

namespace {

constexpr int kDeadlineMs = 5000;

// Post 001's job and how it reads a line ("1634091720000 a": a timestamp and a word), as `tidemark run
// post001-delay0 --socket …` sets it up: the records are the source's own.
struct Job {
    InputFileSpec spec;
    std::unique_ptr<Player> player;
};

Job post001()
{
    const QString path = qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples/post001-delay0.json";
    auto loaded = io::loadScenarioFileWithoutInput(path.toStdString());
    if (!loaded.ok())
        qFatal("%s", loaded.errorText().c_str());
    Scenario s = std::move(*loaded.value);
    Job job;
    job.spec = *s.inputFile;
    s.inputFile.reset();
    s.records.clear();
    Player::Options open;
    open.openInput = true;
    job.player = std::make_unique<Player>(std::move(s), open);
    return job;
}

QStringList post001Lines()
{
    QFile f(qEnvironmentVariable("TIDEMARK_SOURCE_DIR") + "/resources/examples/post001-socket-delay0.txt");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read post001-socket-delay0.txt");
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

// Everything a run of a source through a feed handed on.
struct Driven {
    std::vector<LiveEvent> events;
    std::vector<std::string> notices;
    std::vector<LiveFeed::Problem> problems;
    bool ended = false; // the feed stopped before the deadline

    std::optional<LiveEvent> endedEvent() const
    {
        for (const LiveEvent& e : events) {
            if (e.kind == LiveEvent::Kind::Ended)
                return e;
        }
        return std::nullopt;
    }
    bool noticed(const std::string& part) const
    {
        return std::any_of(
            notices.begin(), notices.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
    }
    QString noticeText() const
    {
        QString s;
        for (const auto& n : notices)
            s += QString::fromStdString(n) + "\n";
        return s;
    }
};

// Polls the source into the feed as playLive does, until the run stops or `until` holds, within the deadline.
void pump(LiveSource& source, LiveFeed& feed, Player& player, Driven& d, const std::function<bool()>& until = {},
    int deadlineMs = kDeadlineMs)
{
    const auto deadline = SteadyClock::now() + std::chrono::milliseconds(deadlineMs);
    std::vector<LiveEvent> events;
    while (!feed.stopped() && SteadyClock::now() < deadline) {
        if (until && until())
            return;
        events.clear();
        const bool open = source.poll(20, events);
        const LiveFeed::Result r = feed.feed(player, events);
        d.events.insert(d.events.end(), events.begin(), events.end());
        d.notices.insert(d.notices.end(), r.notices.begin(), r.notices.end());
        d.problems.insert(d.problems.end(), r.problems.begin(), r.problems.end());
        if (!open)
            break;
    }
    d.ended = feed.stopped();
}

LiveFeed feedFor(const Job& job, const LiveSource& source, bool lenient)
{
    return LiveFeed(job.spec, lenient, rules::recordRulesFor(job.player->scenario().pipeline),
        job.player->scenario().keys, [&source](int client) { return source.connectionName(client); });
}

std::vector<Timestamp> timestamps(const Player& p)
{
    std::vector<Timestamp> ts;
    for (const InputRecord& r : p.scenario().records)
        ts.push_back(r.ts);
    return ts;
}

std::vector<std::uint32_t> sourceLines(const Player& p)
{
    std::vector<std::uint32_t> lines;
    for (const InputRecord& r : p.scenario().records)
        lines.push_back(r.sourceLine);
    return lines;
}

QString where(const std::string& source, int line)
{
    return QString::fromStdString(source) + ":" + QString::number(line) + ":";
}

long peakRssKiB()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

} // namespace

class TestLiveSources : public QObject {
    Q_OBJECT

private slots:
    // First, while the process is small: its peak memory shows whether a line was held whole.
    void aHugeLineIsDroppedWithoutBeingHeldInMemory()
    {
        constexpr std::size_t kHuge = std::size_t(64) << 20;
        TestServer server(1, [&](Peer& peer, int) {
            peer.send("1634091720000 a\n");
            const std::string chunk(64 * 1024, 'x');
            for (std::size_t sent = 0; sent < kHuge; sent += chunk.size()) {
                if (!peer.send(chunk))
                    return;
            }
            peer.send("\n1634091721000 a\n");
        });
        QVERIFY(server.port() != 0);
        const long before = peakRssKiB();
        Job job = post001();
        SocketSource source({"127.0.0.1", server.port()}, {});
        LiveFeed feed = feedFor(job, source, true);
        Driven d;
        pump(source, feed, *job.player, d, {}, 10'000);
        server.join();
        QVERIFY2(d.ended, "the source did not end");
        QCOMPARE(d.problems.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(d.problems[0].error.toString()),
            where(source.name(), 2) + "1: expected a line of at most 1048576 bytes, found one of "
                + QString::number(kHuge));
        // The lines around it are read as usual.
        QCOMPARE(timestamps(*job.player), (std::vector<Timestamp> {1634091720000, 1634091721000}));
        QCOMPARE(sourceLines(*job.player), (std::vector<std::uint32_t> {1, 3}));
        // The splitter keeps at most its limit (1 MiB) of a line: 64 MiB held whole would show many times over.
        const long grownMiB = (peakRssKiB() - before) / 1024;
        QVERIFY2(grownMiB < 24, qPrintable(QStringLiteral("peak memory grew by %1 MiB").arg(grownMiB)));
    }

    void aSocketsLinesBecomeRecordsWhenTheyArriveAndBadLinesAreProblems()
    {
        const QStringList lines = post001Lines();
        QCOMPARE(lines.size(), 7);
        std::vector<SteadyClock::time_point> sentAt;
        SteadyClock::time_point closedAt;
        constexpr int kPauseMs = 60;
        const std::string huge(3 << 20, '7');
        TestServer server(1, [&](Peer& peer, int) {
            for (const QString& line : lines) {
                sentAt.push_back(SteadyClock::now());
                peer.send(line.toStdString() + "\n");
                pauseMs(kPauseMs);
            }
            peer.send("garbage\n"); // line 8
            peer.send(huge + "\n"); // line 9
            peer.send("1634091727000 \xff\xfe\n"); // line 10: not UTF-8
            pauseMs(kPauseMs);
            peer.send("1634091728000 b"); // line 11, without its '\n'
            pauseMs(kPauseMs);
            closedAt = SteadyClock::now(); // and the peer just goes: no last newline
        });
        QVERIFY(server.port() != 0);
        Job job = post001();
        const auto beforeOpen = SteadyClock::now();
        SocketSource source({"127.0.0.1", server.port()}, {});
        const auto afterOpen = SteadyClock::now();
        LiveFeed feed = feedFor(job, source, true);
        Driven d;
        pump(source, feed, *job.player, d);
        server.join();
        QVERIFY2(d.ended, "the source did not end");
        const std::string name = "127.0.0.1:" + std::to_string(server.port());
        QCOMPARE(source.name(), name);
        QVERIFY2(d.noticed("connected to " + name), qPrintable(d.noticeText()));

        // Every good line is a record with its line number; the trailing partial line too (Flink collects it).
        const Player& player = *job.player;
        QCOMPARE(timestamps(player),
            (std::vector<Timestamp> {1634091720000, 1634091721000, 1634091722000, 1634091723000, 1634091724000,
                1634091725000, 1634091726000, 1634091728000}));
        QCOMPARE(sourceLines(player), (std::vector<std::uint32_t> {1, 2, 3, 4, 5, 6, 7, 11}));
        QCOMPARE(feed.linesRead(), std::uint64_t(11));
        QCOMPARE(feed.recordsAccepted(), std::uint64_t(8));

        // Arrivals are when the lines were read: never before they were sent, and soon after (the machine may be
        // slow: the upper bound is lenient).
        const auto& records = player.scenario().records;
        for (std::size_t i = 0; i < sentAt.size(); ++i) {
            const Timestamp arrival = records[i].arrival;
            const auto earliest = msBetween(afterOpen, sentAt[i]) - 1;
            const auto latest = msBetween(beforeOpen, sentAt[i]) + 1500;
            QVERIFY2(arrival >= earliest && arrival <= latest,
                qPrintable(QStringLiteral("line %1 arrived at %2, sent at %3").arg(i + 1).arg(arrival).arg(earliest)));
            if (i > 0)
                QVERIFY(arrival >= records[i - 1].arrival);
        }
        // The trailing line is whole only once the peer has gone.
        QVERIFY(records.back().arrival >= msBetween(afterOpen, closedAt) - 1);

        // The bad lines: source:line:column: message, at their own line numbers.
        QCOMPARE(d.problems.size(), std::size_t(3));
        const QRegularExpression form(
            "^" + QRegularExpression::escape(QString::fromStdString(name)) + R"(:\d+:\d+: \S)");
        for (const auto& p : d.problems)
            QVERIFY2(form.match(QString::fromStdString(p.error.toString())).hasMatch(), p.error.toString().c_str());
        QCOMPARE(int(d.problems[0].error.where.line), 8);
        QCOMPARE(d.problems[0].error.lineText, std::string("garbage"));
        QCOMPARE(QString::fromStdString(d.problems[1].error.toString()),
            where(name, 9) + "1: expected a line of at most 1048576 bytes, found one of " + QString::number(3 << 20));
        QCOMPARE(int(d.problems[2].error.where.line), 10);
        QVERIFY2(d.problems[2].error.message.find("UTF-8") != std::string::npos, d.problems[2].error.message.c_str());

        // The peer's close ends the source (and the input) without failing.
        QCOMPARE(feed.stopReason(), name + " closed the connection");
        QVERIFY(!feed.failed());
        QVERIFY(!player.inputOpen());
        // Post 001's two windows fired, three words each.
        QCOMPARE(player.trace().fires().size(), std::size_t(2));
        QCOMPARE(player.trace().fires()[0].fire.count, std::size_t(3));
        QCOMPARE(player.trace().fires()[1].fire.count, std::size_t(3));
    }

    void aStrictRunStopsAtTheFirstBadLine()
    {
        TestServer server(1, [&](Peer& peer, int) {
            peer.send("1634091720000 a\n1634091721000 a\n");
            pauseMs(30);
            peer.send("oops a\n1634091722000 a\n");
            pauseMs(100); // still open when the run stops
        });
        Job job = post001();
        SocketSource source({"127.0.0.1", server.port()}, {});
        LiveFeed feed = feedFor(job, source, false);
        Driven d;
        pump(source, feed, *job.player, d);
        QVERIFY(d.ended);
        QVERIFY(feed.failed());
        QCOMPARE(d.problems.size(), std::size_t(1));
        const std::string name = source.name();
        QVERIFY(QString::fromStdString(feed.stopReason()).startsWith(where(name, 3) + "1: "));
        QCOMPARE(feed.stopReason(), d.problems[0].error.toString());
        // Nothing after the bad line is taken; the run is over.
        QCOMPARE(timestamps(*job.player), (std::vector<Timestamp> {1634091720000, 1634091721000}));
        QVERIFY(!job.player->inputOpen());
        source.requestStop();
        std::vector<LiveEvent> rest;
        source.poll(0, rest);
        QVERIFY(source.ended());
    }

    void aReconnectingSourceJoinsAPartialLineWithTheNextConnection()
    {
        TestServer server(3, [&](Peer& peer, int connection) {
            switch (connection) {
            case 0:
                peer.send("1634091720000 a\n1634091721");
                break;
            case 1:
                peer.send("000 a\n1634091722000 a\n");
                break;
            default:
                peer.send("1634091723000 a\n1634091724000 b");
                break;
            }
        });
        Job job = post001();
        SocketSource::Options retries;
        retries.maxRetries = 3; // socketTextStream(host, port, "\n", 3): three connections in all
        retries.retryDelayMs = 50;
        SocketSource source({"127.0.0.1", server.port()}, retries);
        LiveFeed feed = feedFor(job, source, false);
        Driven d;
        pump(source, feed, *job.player, d);
        server.join();
        QVERIFY(d.ended);
        QCOMPARE(server.accepted(), 3);
        const std::string name = source.name();
        QVERIFY2(d.noticed(name + " closed the connection; reconnecting in 50 ms (retry 1 of 2)"),
            qPrintable(d.noticeText()));
        QVERIFY2(d.noticed("retry 2 of 2"), qPrintable(d.noticeText()));
        QVERIFY2(d.noticed("reconnected to " + name), qPrintable(d.noticeText()));
        // Flink keeps its buffer across reconnections: "1634091721" + "000 a" is one line, and the lines are
        // numbered as one stream.
        QCOMPARE(timestamps(*job.player),
            (std::vector<Timestamp> {1634091720000, 1634091721000, 1634091722000, 1634091723000, 1634091724000}));
        QCOMPARE(sourceLines(*job.player), (std::vector<std::uint32_t> {1, 2, 3, 4, 5}));
        QVERIFY(d.problems.empty());
        // The second line waited for the reconnection: at least the retry delay after the first.
        const auto& records = job.player->scenario().records;
        QVERIFY(records[1].arrival >= records[0].arrival + 50);
        QCOMPARE(feed.stopReason(), name + " closed the connection");
        QVERIFY(!feed.failed());
    }

    void aRefusedConnectionFailsTheSource()
    {
        const std::uint16_t port = closedPort();
        QVERIFY(port != 0);
        Job job = post001();
        SocketSource source({"127.0.0.1", port}, {});
        LiveFeed feed = feedFor(job, source, false);
        Driven d;
        pump(source, feed, *job.player, d);
        QVERIFY(d.ended);
        QVERIFY(feed.failed());
        QCOMPARE(QString::fromStdString(feed.stopReason()),
            "cannot connect to 127.0.0.1:" + QString::number(port)
                + ": connection refused: nothing listens there (start the peer first, e.g. nc -lk "
                + QString::number(port) + ")");
        QVERIFY(job.player->scenario().records.empty());
    }

    void aRefusedReconnectionFailsTheSourceAndDropsTheTrailingData()
    {
        // One connection, then nothing listens any more.
        TestServer server(1, [&](Peer& peer, int) { peer.send("1634091720000 a\n1634091721000 a"); });
        Job job = post001();
        SocketSource::Options endless;
        endless.maxRetries = -1;
        endless.retryDelayMs = 20;
        SocketSource source({"127.0.0.1", server.port()}, endless);
        LiveFeed feed = feedFor(job, source, false);
        Driven d;
        pump(source, feed, *job.player, d);
        QVERIFY(d.ended);
        QVERIFY2(d.noticed("reconnecting in 20 ms (retry 1)"), qPrintable(d.noticeText()));
        QVERIFY(feed.failed());
        QVERIFY2(feed.stopReason().find("connection refused") != std::string::npos, feed.stopReason().c_str());
        // Flink's connect exception leaves run() before the trailing data is collected.
        QCOMPARE(timestamps(*job.player), (std::vector<Timestamp> {1634091720000}));
    }

    void aConnectionResetFailsTheSourceAsItFailsFlinksJob()
    {
        // SocketTextStreamFunction reads in a try block without a catch: an IOException from read() (a reset
        // connection) leaves run() and fails the job: no retry, no trailing data. Only an end of stream (-1) is
        // a close that may be retried.
        TestServer server(1, [&](Peer& peer, int) {
            peer.send("1634091720000 a\n1634091721000 a");
            pauseMs(100); // read before the reset
            peer.reset();
        });
        Job job = post001();
        SocketSource::Options retries;
        retries.maxRetries = 3;
        retries.retryDelayMs = 20;
        SocketSource source({"127.0.0.1", server.port()}, retries);
        LiveFeed feed = feedFor(job, source, false);
        Driven d;
        pump(source, feed, *job.player, d, [&] { return d.noticed("reconnecting"); });
        QVERIFY2(!d.noticed("reconnecting"), qPrintable("a reset connection is retried as a close: " + d.noticeText()));
        QVERIFY(d.ended);
        QVERIFY(feed.failed());
        QVERIFY2(feed.stopReason().find("broke") != std::string::npos, feed.stopReason().c_str());
        QCOMPARE(timestamps(*job.player), (std::vector<Timestamp> {1634091720000}));
        source.requestStop();
        std::vector<LiveEvent> rest;
        source.poll(0, rest);
    }

    // --- ListenSource ---------------------------------------------------------------------------------

    void eachClientOfAListeningPortHasItsOwnLineNumbers()
    {
        std::string error;
        ListenSource::Options options;
        options.untilIdleMs = 300;
        auto source = ListenSource::open({"127.0.0.1", 0}, options, error);
        QVERIFY2(source, error.c_str());
        QVERIFY(source->port() != 0);
        Job job = post001();
        LiveFeed feed = feedFor(job, *source, true);
        Player& player = *job.player;
        Driven d;
        // Two terminals typing at once; the first to connect is client 1.
        Peer a = Peer::connect(source->port());
        QVERIFY(a.valid());
        pump(*source, feed, player, d, [&] { return source->connectedClients() == 1; });
        Peer b = Peer::connect(source->port());
        pump(*source, feed, player, d, [&] { return source->connectedClients() == 2; });
        QCOMPARE(source->connectedClients(), 2);
        QVERIFY(a.send("1634091720000 a\n"));
        QVERIFY(b.send("1634091721000 b\nbad line\n"));
        pump(*source, feed, player, d, [&] { return feed.linesRead() == 3; });
        QVERIFY(a.send("oops\n1634091722000 a")); // a's last line has no '\n'
        QVERIFY(b.send("1634091723000 b\n"));
        pump(*source, feed, player, d, [&] { return feed.linesRead() == 5; });
        a.close();
        pump(*source, feed, player, d, [&] { return source->connectedClients() == 1; });
        b.close();
        pump(*source, feed, player, d); // to the end: idle for 300 ms
        QVERIFY(d.ended);

        const std::string name = "127.0.0.1:" + std::to_string(source->port());
        QCOMPARE(source->connectionName(2), name + " client 2");
        std::map<Timestamp, std::uint32_t> lineOf;
        for (const InputRecord& r : player.scenario().records)
            lineOf[r.ts] = r.sourceLine;
        // a: 1 "…720000 a", 2 "oops", 3 "…722000 a" (collected when a closed); b: 1, 2 "bad line", 3.
        QCOMPARE(lineOf,
            (std::map<Timestamp, std::uint32_t> {
                {1634091720000, 1}, {1634091721000, 1}, {1634091722000, 3}, {1634091723000, 3}}));
        QCOMPARE(d.problems.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(d.problems[0].error.toString()).startsWith(where(name + " client 2", 2)));
        QVERIFY(QString::fromStdString(d.problems[1].error.toString()).startsWith(where(name + " client 1", 2)));
        QVERIFY2(d.noticed("client 1 connected from 127.0.0.1:"), qPrintable(d.noticeText()));
        QVERIFY2(d.noticed(") closed its connection after 3 lines"), qPrintable(d.noticeText()));

        // The run ends once every client has gone and none came for the idle time, not before.
        QCOMPARE(feed.stopReason(), std::string("every client has closed and none came for 300 ms"));
        QVERIFY(!feed.failed());
        Timestamp lastLeft = -1;
        for (const LiveEvent& e : d.events) {
            if (e.kind == LiveEvent::Kind::Notice && e.client == 2
                && e.text.find("closed its connection") != std::string::npos)
                lastLeft = e.at;
        }
        QVERIFY(lastLeft >= 0);
        const Timestamp endedAt = d.endedEvent()->at;
        QVERIFY2(endedAt >= lastLeft + 300 && endedAt < lastLeft + 300 + 2000,
            qPrintable(QStringLiteral("left at %1, ended at %2").arg(lastLeft).arg(endedAt)));
    }

    void theIdleTimeWaitsForAFirstClient()
    {
        std::string error;
        ListenSource::Options options;
        options.untilIdleMs = 50;
        auto source = ListenSource::open({"127.0.0.1", 0}, options, error);
        QVERIFY2(source, error.c_str());
        // Nobody came yet: the class has not started typing, the run waits.
        std::vector<LiveEvent> events;
        for (int i = 0; i < 6; ++i)
            QVERIFY(source->poll(30, events));
        QVERIFY(!source->ended());
    }

    void aListeningPortRefusesClientsBeyondItsLimit()
    {
        std::string error;
        ListenSource::Options options;
        options.maxClients = 1;
        auto source = ListenSource::open({"127.0.0.1", 0}, options, error);
        QVERIFY2(source, error.c_str());
        Job job = post001();
        LiveFeed feed = feedFor(job, *source, false);
        Driven d;
        Peer a = Peer::connect(source->port());
        pump(*source, feed, *job.player, d, [&] { return source->connectedClients() == 1; });
        Peer b = Peer::connect(source->port());
        QVERIFY(b.valid()); // taken by the kernel's backlog, then refused by the source
        pump(*source, feed, *job.player, d, [&] { return d.noticed("refused a connection"); });
        QVERIFY2(d.noticed("refused a connection from 127.0.0.1:"), qPrintable(d.noticeText()));
        QVERIFY2(d.noticed(": 1 clients are connected already"), qPrintable(d.noticeText()));
        bool closed = false;
        b.receive(1, 2000, &closed);
        QVERIFY(closed); // the refused client sees its connection end
        QVERIFY(a.send("1634091720000 a\n"));
        pump(*source, feed, *job.player, d, [&] { return feed.recordsAccepted() == 1; });
        QCOMPARE(source->connectedClients(), 1);
        QCOMPARE(timestamps(*job.player), (std::vector<Timestamp> {1634091720000}));
        source->requestStop();
        pump(*source, feed, *job.player, d);
        QCOMPARE(feed.stopReason(), std::string("stopped"));
    }

    // --- LineForwarder --------------------------------------------------------------------------------

    void linesForwardedBeforeAnyReaderReachTheFirstReader()
    {
        std::string error;
        auto forwarder = LineForwarder::open({"127.0.0.1", 0}, error);
        QVERIFY2(forwarder, error.c_str());
        forwarder->send("1634091720000 a");
        forwarder->send("1634091721000 a");
        std::vector<std::string> notices;
        forwarder->service(notices);
        QCOMPARE(forwarder->readers(), 0);

        // The Flink job starts after the class began typing: it still reads from the first line.
        Peer job = Peer::connect(forwarder->port());
        QVERIFY(job.valid());
        const auto deadline = SteadyClock::now() + std::chrono::milliseconds(kDeadlineMs);
        while (forwarder->readers() == 0 && SteadyClock::now() < deadline) {
            forwarder->service(notices);
            pauseMs(5);
        }
        QCOMPARE(forwarder->readers(), 1);
        QCOMPARE(notices.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(notices[0])
                    .startsWith("forward " + QString::fromStdString(forwarder->name()) + ": 127.0.0.1:"));
        QVERIFY(QString::fromStdString(notices[0]).endsWith(" reads the lines (from the first one)"));
        const std::string first = "1634091720000 a\n1634091721000 a\n";
        QCOMPARE(job.receive(first.size(), kDeadlineMs), first);
        forwarder->send("1634091722000 a");
        QCOMPARE(job.receive(16, kDeadlineMs), std::string("1634091722000 a\n"));
        QCOMPARE(forwarder->linesSent(), std::uint64_t(3));
    }

    void aReaderThatConnectsLaterReadsTheLinesFromThenOn()
    {
        std::string error;
        auto forwarder = LineForwarder::open({"127.0.0.1", 0}, error);
        QVERIFY2(forwarder, error.c_str());
        std::vector<std::string> notices;
        const auto serviceUntil = [&](int readers) {
            const auto deadline = SteadyClock::now() + std::chrono::milliseconds(kDeadlineMs);
            while (forwarder->readers() != readers && SteadyClock::now() < deadline) {
                forwarder->service(notices);
                pauseMs(5);
            }
            return forwarder->readers() == readers;
        };
        Peer first = Peer::connect(forwarder->port());
        QVERIFY(serviceUntil(1));
        forwarder->send("one");
        QCOMPARE(first.receive(4, kDeadlineMs), std::string("one\n"));

        Peer later = Peer::connect(forwarder->port());
        QVERIFY(serviceUntil(2));
        QVERIFY(QString::fromStdString(notices.back()).endsWith(" reads the lines")); // nothing from before
        forwarder->send("two");
        QCOMPARE(first.receive(4, kDeadlineMs), std::string("two\n"));
        // Only what was sent since it came, and nothing more within a while.
        QCOMPARE(later.receive(100, 300), std::string("two\n"));

        // A reader that goes is noticed, and the others read on.
        later.close();
        QVERIFY(serviceUntil(1));
        QVERIFY2(QString::fromStdString(notices.back()).endsWith(" closed the connection"), notices.back().c_str());
        forwarder->send("three");
        QCOMPARE(first.receive(6, kDeadlineMs), std::string("three\n"));
    }
};

QTEST_GUILESS_MAIN(TestLiveSources)
#include "tst_live_sources.moc"
