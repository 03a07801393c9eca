#include "engine/cli/LiveCommand.h"

#include "engine/cli/TraceWriter.h"
#include "engine/io/PipelineRules.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/KafkaSource.h"
#include "engine/live/LineForwarder.h"
#include "engine/live/LiveFeed.h"
#include "engine/live/LiveSource.h"
#include "engine/player/Player.h"

#include <csignal>
#include <fstream>
#include <memory>
#include <ostream>

namespace tidemark::cli {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void onInterrupt(int)
{
    g_interrupted = 1;
}

// Ctrl+C (and a polite kill) end the run instead of the process, for as long as the run lasts.
class InterruptGuard {
public:
    InterruptGuard()
    {
        g_interrupted = 0;
        struct sigaction sa { };
        sa.sa_handler = onInterrupt;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &m_int);
        sigaction(SIGTERM, &sa, &m_term);
    }
    ~InterruptGuard()
    {
        sigaction(SIGINT, &m_int, nullptr);
        sigaction(SIGTERM, &m_term, nullptr);
    }
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
    struct sigaction m_int { };
    struct sigaction m_term { };
};

constexpr int kPollMs = 100;

std::unique_ptr<live::LiveSource> openSource(const RunOptions& o, std::ostream& err, std::string& error)
{
    if (o.kafka) {
        live::KafkaSource::Options options;
        options.bootstrap = *o.kafka;
        options.topic = *o.topic;
        options.from = o.kafkaFromTimestamp ? live::KafkaSource::Options::From::Timestamp
            : o.kafkaFromLatest             ? live::KafkaSource::Options::From::Latest
                                            : live::KafkaSource::Options::From::Earliest;
        options.fromTimestamp = o.kafkaFromTimestamp.value_or(0);
        options.maxRecords = o.maxRecords;
        auto source = live::KafkaSource::open(options, error);
        if (!source)
            return nullptr;
        err << "tidemark run: reading " << source->partitions() << " partition"
            << (source->partitions() == 1 ? "" : "s") << " of topic \"" << *o.topic << "\" from " << *o.kafka
            << (o.kafkaFromTimestamp       ? " from " + std::to_string(*o.kafkaFromTimestamp)
                       : o.kafkaFromLatest ? " from the latest offsets"
                                           : " from the earliest offsets")
            << (o.maxRecords ? ", until " + std::to_string(*o.maxRecords) + " records" : std::string())
            << "; Ctrl+C ends the run"
            << "\n";
        return source;
    }
    if (o.socket) {
        const auto peer = live::Endpoint::parse(*o.socket, error);
        if (!peer)
            return nullptr;
        live::SocketSource::Options options;
        options.maxRetries = o.socketRetries.value_or(0);
        err << "tidemark run: reading lines from " << peer->toString() << " as socketTextStream does";
        if (options.maxRetries != 0)
            err << " (reconnecting "
                << (options.maxRetries == -1 ? "for ever"
                                             : "while fewer than " + std::to_string(options.maxRetries) + " closes")
                << ")";
        err << "\n";
        return std::make_unique<live::SocketSource>(*peer, options);
    }
    const auto at = live::Endpoint::parse(*o.listen, error, true);
    if (!at)
        return nullptr;
    live::ListenSource::Options options;
    options.untilIdleMs = o.untilIdle;
    auto source = live::ListenSource::open(*at, options, error);
    if (!source)
        return nullptr;
    live::Endpoint shown = *at;
    shown.port = source->port();
    err << "tidemark run: listening on " << shown.toString() << "; type lines into `nc " << shown.host << " "
        << shown.port << "` (any number of terminals); "
        << (o.untilIdle ? "the run ends when every client has closed and none comes for " + formatDuration(*o.untilIdle)
                       + ", or on Ctrl+C"
                        : "Ctrl+C ends the run")
        << "\n";
    return source;
}

// "127.0.0.1:9000 closed the connection; 12 lines read, 11 records, 1 bad line skipped, 80 steps".
std::string summary(const live::LiveFeed& feed, const Player& player, bool lenient)
{
    const auto count = [](std::uint64_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string text = (feed.failed() ? std::string("ended") : feed.stopReason()) + "; "
        + count(feed.linesRead(), "line", "lines") + " read, " + count(feed.recordsAccepted(), "record", "records");
    if (feed.problemCount() > 0)
        text += ", " + count(feed.problemCount(), "bad line", "bad lines") + (lenient ? " skipped" : "");
    return text + ", " + count(player.lastStep(), "step", "steps");
}

} // namespace

int playLive(Scenario scenario, const RunOptions& o, std::ostream& out, std::ostream& err)
{
    const InputFileSpec spec = *scenario.inputFile;
    scenario.inputFile.reset(); // a live run's records are its own: saved inline, with their arrivals
    scenario.records.clear();
    const bool lenient = scenario.lenient;

    std::string error;
    const InterruptGuard interrupts;
    // The source first: a Kafka topic says how many partitions it has, which the job needs.
    std::unique_ptr<live::LiveSource> source = openSource(o, err, error);
    if (!source) {
        err << "tidemark run: " << error << "\n";
        return 1;
    }
    if (const auto* kafka = dynamic_cast<const live::KafkaSource*>(source.get())) {
        scenario.pipeline.kafka->partitions = kafka->partitions();
        if (live::KafkaSource::drainAtTheEnd(scenario.pipeline))
            err << "tidemark run: a topic read live has no stopping offsets: when the run ends, every reader ends "
                   "at once, as after flink stop --drain (endOfInput \"drain\"); a bounded KafkaSource would end each "
                   "partition after its last record, as the saved run replays with endOfInput \"max-watermark\"\n";
    }
    const io::RecordRules rules = rules::recordRulesFor(scenario.pipeline);

    std::unique_ptr<Player> player;
    try {
        Player::Options options;
        options.openInput = true;
        player = std::make_unique<Player>(std::move(scenario), options);
    } catch (const std::exception& e) {
        err << "tidemark run: the job failed: " << e.what() << "\n";
        return 1;
    }
    std::unique_ptr<live::LineForwarder> forwarder;
    if (o.forward) {
        const auto at = live::Endpoint::parse(*o.forward, error, true);
        forwarder = at ? live::LineForwarder::open(*at, error) : nullptr;
        if (!forwarder) {
            err << "tidemark run: --forward: " << error << "\n";
            return 1;
        }
        err << "tidemark run: forwarding every line to whoever connects to " << forwarder->name()
            << ", as socketTextStream(\"" << at->host << "\", " << forwarder->port() << ") does\n";
    }

    live::LiveFeed feed(
        spec, lenient, rules, player->keys(), [&source](int client) { return source->connectionName(client); });
    OutputWriter writer(out, player->scenario(), o.jsonl);
    TraceWriter trace(writer, *player, o.steps, o.explain, o.jsonl);
    std::vector<live::LiveEvent> events;
    std::vector<std::string> forwardNotices;
    bool jobFailed = false;
    while (!feed.stopped()) {
        if (g_interrupted)
            source->requestStop();
        events.clear();
        const bool open = source->poll(kPollMs, events);
        if (forwarder) {
            for (const live::LiveEvent& e : events) {
                if (e.kind == live::LiveEvent::Kind::Line)
                    forwarder->send(e.text);
            }
            forwardNotices.clear();
            forwarder->service(forwardNotices);
            for (const std::string& n : forwardNotices)
                err << "tidemark run: " << n << "\n";
        }
        const live::LiveFeed::Result result = feed.feed(*player, events);
        for (const std::string& n : result.notices)
            err << "tidemark run: " << n << "\n";
        for (const live::LiveFeed::Problem& p : result.problems)
            err << p.error.toString() << (lenient ? " (skipped)" : "") << "\n";
        err.flush();
        trace.writeThrough(player->lastStep());
        writer.flush();
        if (player->failure()) {
            err << "tidemark run: the job failed at step " << player->failure()->step << ": "
                << player->failure()->message << "\n";
            jobFailed = true;
            break;
        }
        if (!open)
            break;
    }
    if (!feed.stopped())
        feed.stop(*player, source->now(), "stopped");
    source->requestStop();
    trace.writeThrough(player->lastStep());
    writer.flush();

    if (feed.failed() && !lenient && feed.problemCount() > 0)
        err << "tidemark run: the run stopped at that line (strict); --lenient skips bad lines\n";
    else if (feed.failed())
        err << "tidemark run: " << feed.stopReason() << "\n";
    if (feed.linesRead() > 0 || !feed.failed())
        err << "tidemark run: " << summary(feed, *player, lenient) << "\n";

    if (o.saveScenarioPath) {
        std::ofstream file(*o.saveScenarioPath, std::ios::binary | std::ios::trunc);
        file << io::saveScenario(player->scenario());
        file.close();
        if (!file) {
            err << "tidemark run: cannot write " << *o.saveScenarioPath << "\n";
            return 1;
        }
        err << "tidemark run: saved the run with every arrival to " << *o.saveScenarioPath << "; `tidemark run "
            << *o.saveScenarioPath << "` replays it\n";
    }
    return feed.failed() || jobFailed ? 1 : 0;
}

} // namespace tidemark::cli
