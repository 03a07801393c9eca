#pragma once

#include "engine/core/Time.h"
#include "engine/live/Endpoint.h"
#include "engine/live/LineSplitter.h"
#include "engine/live/Socket.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tidemark::live {

// What a live source hands on, in the order it happened. `at` is processing time: ms since the source opened.
struct LiveEvent {
    enum class Kind : std::uint8_t {
        Line, // a complete line (text), from connection `client`
        TooLong, // a line longer than the limit, dropped (bytes: its length)
        Notice, // something to tell the user (text): connected, a client came or left, reconnecting
        Clock, // every line read up to and including `at` has been handed on: processing time may run to it
        Ended // the source is done (text says why; `failed` when it could not go on, as a job that fails)
    };
    Kind kind = Kind::Notice;
    Timestamp at = 0;
    int client = 1;
    std::string text;
    std::uint64_t bytes = 0;
    bool failed = false;
};

// A source of lines that arrive while the run goes on. poll() waits for input and hands on what came; it is
// called from one thread, and requestStop() may be called from any.
class LiveSource {
public:
    LiveSource();
    virtual ~LiveSource();
    LiveSource(const LiveSource&) = delete;
    LiveSource& operator=(const LiveSource&) = delete;

    // Waits up to `timeoutMs` and appends what happened to `out`, ending with a Clock event (or Ended). Returns
    // false once the source has ended.
    bool poll(int timeoutMs, std::vector<LiveEvent>& out);
    // Ends the source at the next poll (Ctrl+C, the Stop button): what it holds is handed on first.
    void requestStop() { m_stopRequested = true; }
    bool ended() const { return m_ended; }
    // Milliseconds since the source opened, on a clock that never goes back.
    Timestamp now() const;
    // How messages name the source ("127.0.0.1:9000") and one of its connections.
    virtual std::string name() const = 0;
    virtual std::string connectionName(int client) const
    {
        (void)client;
        return name();
    }

    static constexpr std::size_t kMaxLineBytes = LineSplitter::kDefaultMaxLineBytes;

protected:
    // One round: wait up to timeoutMs, hand on lines and notices; call end() when done.
    virtual void pollOnce(int timeoutMs, std::vector<LiveEvent>& out) = 0;
    // The stop was asked for: hand on what is held (partial lines) and end.
    virtual void stop(std::vector<LiveEvent>& out) = 0;
    void end(std::vector<LiveEvent>& out, std::string why, bool failed);
    bool stopRequested() const { return m_stopRequested; }
    static void notice(std::vector<LiveEvent>& out, Timestamp at, std::string text, int client = 1);
    // Feeds bytes read at `at` into `splitter`, handing on the lines of `client`. Feeding "\n" hands on what is
    // left after the last line, as Flink collects the trailing data when the stream ends.
    static void split(
        LineSplitter& splitter, std::string_view bytes, Timestamp at, int client, std::vector<LiveEvent>& out);

private:
    std::chrono::steady_clock::time_point m_opened;
    std::atomic<bool> m_stopRequested {false};
    bool m_ended = false;
};

// A client socket read as Flink's SocketTextStreamFunction reads `socketTextStream(host, port, "\n", maxRetry)`:
// lines end at '\n'; when the peer closes, the source reconnects after `retryDelayMs` while fewer than
// `maxRetries` closes have happened (-1: forever; 0, Flink's default: the source ends at the first close);
// what is left after the last '\n' is kept across reconnections and handed on as a last line at the very end.
// A connection that cannot be made ends the source as failed, as it fails Flink's job.
class SocketSource final : public LiveSource {
public:
    struct Options {
        std::int64_t maxRetries = 0;
        int retryDelayMs = 500; // SocketTextStreamFunction.DEFAULT_CONNECTION_RETRY_SLEEP
        int connectTimeoutMs = 5000; // Flink waits for ever; a person wants an answer
    };
    SocketSource(Endpoint peer, Options options);
    std::string name() const override { return m_peer.toString(); }

private:
    void pollOnce(int timeoutMs, std::vector<LiveEvent>& out) override;
    void stop(std::vector<LiveEvent>& out) override;
    bool connect(std::vector<LiveEvent>& out);

    Endpoint m_peer;
    Options m_options;
    Socket m_socket;
    LineSplitter m_splitter;
    std::int64_t m_closes = 0;
    std::optional<Timestamp> m_reconnectAt;
    bool m_everConnected = false;
};

// A listening port, as `nc -lk PORT`: any number of clients (terminals running `nc HOST PORT`) at once, each
// line one record. Each client's stream is its own (its lines are numbered from 1). With `untilIdleMs` the
// source ends once every client has closed and none has come for that long.
class ListenSource final : public LiveSource {
public:
    struct Options {
        std::optional<Timestamp> untilIdleMs;
        int maxClients = 64;
    };
    // nullopt with `error` set when the port cannot be listened on.
    static std::unique_ptr<ListenSource> open(const Endpoint& at, Options options, std::string& error);
    std::string name() const override { return m_at.toString(); }
    std::string connectionName(int client) const override;
    // The port listened on (the free port chosen when 0 was asked for).
    std::uint16_t port() const { return m_at.port; }
    int connectedClients() const { return static_cast<int>(m_clients.size()); }

private:
    ListenSource(Endpoint at, Socket listener, Options options);
    void pollOnce(int timeoutMs, std::vector<LiveEvent>& out) override;
    void stop(std::vector<LiveEvent>& out) override;

    struct Client {
        int id = 0;
        std::string peer;
        Socket socket;
        LineSplitter splitter;
        std::uint64_t lines = 0;
    };
    void closeClient(std::size_t index, Timestamp at, const std::string& why, std::vector<LiveEvent>& out);

    Endpoint m_at;
    Socket m_listener;
    Options m_options;
    std::vector<std::unique_ptr<Client>> m_clients;
    int m_nextClient = 1;
    std::optional<Timestamp> m_lastLeftAt;
    std::optional<Timestamp> m_acceptPausedUntil; // out of descriptors: try again later instead of spinning
};

} // namespace tidemark::live
