#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/Keys.h"
#include "engine/io/EventFile.h"
#include "engine/live/LiveSource.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tidemark {
class Player;
}

namespace tidemark::live {

// Turns what a live source hands on into a run that grows as it comes: each line is read in the input's
// format and field mapping (a parser per connection, so each has its own line numbers and header) and
// appended to a Player whose input is open, arriving at the processing time it was read; the player's clock
// follows the source's, so periodic emission and processing-time timers run between lines as in Flink; the
// source's end closes the input. The Player is passed to each call: the app rebuilds it when a setting changes.
//
// Memory: the player keeps every record and step; the feed keeps the first kMaxProblemsKept bad lines (the
// rest are counted) and one line per connection. A run stops taking lines at kMaxRecords records.
class LiveFeed {
public:
    static constexpr std::size_t kMaxProblemsKept = io::kListedBadLines;
    static constexpr std::size_t kMaxRecords = 2'000'000;
    // The connection of lines typed into the app: no header line, whatever the spec says.
    static constexpr int kTypedClient = 0;

    // `keys` is the player's key table as the feed starts; `connectionName` names a connection in messages.
    LiveFeed(InputFileSpec spec, bool lenient, io::RecordRules rules, KeyTable keys,
        std::function<std::string(int client)> connectionName);
    ~LiveFeed();

    struct Problem {
        io::LoadError error; // "127.0.0.1:9000:3:5: expected …", with the line as read in its lineText
        Timestamp at = 0; // when the line was read
    };

    // What one feed() did.
    struct Result {
        std::size_t records = 0; // records appended
        bool clockMoved = false; // the run grew without a record (periodic emission, timers)
        std::vector<std::string> notices; // connected, client left, reconnecting …
        std::vector<Problem> problems; // the bad lines of this call
    };
    // Hands `events` to `player` in order. Once the run has stopped (the source ended, or a bad line in strict
    // mode, or the record limit), further events are ignored.
    Result feed(Player& player, std::span<const LiveEvent> events);
    // Ends the run now (the user stopped it, or the job failed); the source is expected to be stopped too.
    void stop(Player& player, Timestamp at, const std::string& why, bool failed = false);

    bool stopped() const { return m_stopped; }
    // Why the run stopped: the source's reason, or the strict-mode error as `source:line:column: message`.
    const std::string& stopReason() const { return m_stopReason; }
    bool failed() const { return m_failed; }

    const std::vector<Problem>& problems() const { return m_problems; }
    std::uint64_t problemCount() const { return m_problemCount; }
    std::uint64_t linesRead() const { return m_lines; }
    std::uint64_t recordsAccepted() const { return m_records; }

private:
    io::EventLineParser& parserFor(int client);
    void problem(Result& result, io::LoadError error, Timestamp at, std::string_view line);
    void flush(Player& player, Result& result);
    void end(Player& player, Result& result, Timestamp at, std::string why, bool failed);
    void syncKeys(Player& player);

    InputFileSpec m_spec;
    bool m_lenient;
    io::RecordRules m_rules;
    KeyTable m_keys; // the parsers intern here; the player's table is brought up to date before each append
    std::function<std::string(int)> m_connectionName;
    std::map<int, std::unique_ptr<io::EventLineParser>> m_parsers;
    std::vector<InputRecord> m_batch;
    struct Origin {
        int client = 0;
        std::string line;
    };
    std::vector<Origin> m_origins; // m_batch's lines, for the player's refusals
    std::vector<Problem> m_problems;
    std::uint64_t m_problemCount = 0;
    std::uint64_t m_lines = 0;
    std::uint64_t m_records = 0;
    bool m_stopped = false;
    bool m_failed = false;
    std::string m_stopReason;
};

} // namespace tidemark::live
