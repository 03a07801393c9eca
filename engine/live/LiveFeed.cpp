#include "engine/live/LiveFeed.h"

#include "engine/core/NumberText.h"
#include "engine/player/Player.h"

namespace tidemark::live {

LiveFeed::LiveFeed(InputFileSpec spec, bool lenient, io::RecordRules rules, KeyTable keys,
    std::function<std::string(int client)> connectionName)
    : m_spec(std::move(spec))
    , m_lenient(lenient)
    , m_rules(rules)
    , m_keys(std::move(keys))
    , m_connectionName(std::move(connectionName))
{ }

LiveFeed::~LiveFeed() = default;

io::EventLineParser& LiveFeed::parserFor(int client)
{
    auto& parser = m_parsers[client];
    if (!parser) {
        InputFileSpec spec = m_spec;
        if (client == kTypedClient)
            spec.header = InputFileSpec::Header::Absent; // a person types records, not a header
        parser = std::make_unique<io::EventLineParser>(m_connectionName(client), spec, m_keys, m_rules);
    }
    return *parser;
}

void LiveFeed::problem(Result& result, io::LoadError error, Timestamp at, std::string_view line)
{
    ++m_problemCount;
    error.lineText = line.substr(0, io::kShownLineBytes);
    Problem p {std::move(error), at};
    if (m_problems.size() < kMaxProblemsKept)
        m_problems.push_back(p);
    result.problems.push_back(std::move(p));
}

void LiveFeed::syncKeys(Player& player)
{
    // Both tables hand out ids in the order names are first seen: interning the new names keeps ids equal.
    KeyTable& target = player.keys();
    for (auto id = static_cast<KeyId>(target.size()); id < m_keys.size(); ++id)
        target.intern(m_keys.fields(id));
}

void LiveFeed::flush(Player& player, Result& result)
{
    if (m_batch.empty())
        return;
    syncKeys(player);
    // Nothing before the first of them is still to come: the clock may run up to just before it.
    if (const std::string excess = player.advanceClock(m_batch.front().arrival - 1); !excess.empty()) {
        m_batch.clear();
        m_origins.clear();
        end(player, result, player.clock(), excess, true);
        return;
    }
    Player::AppendErrors errors;
    const std::size_t appended = player.appendRecords(m_batch, &errors);
    m_records += appended;
    result.records += appended;
    for (const auto& [i, message] : errors) {
        const Origin& o = m_origins[i];
        problem(result, io::LoadError(m_connectionName(o.client), m_batch[i].sourceLine, 1, message),
            m_batch[i].arrival, o.line);
    }
    m_batch.clear();
    m_origins.clear();
}

LiveFeed::Result LiveFeed::feed(Player& player, std::span<const LiveEvent> events)
{
    Result result;
    for (const LiveEvent& e : events) {
        if (m_stopped)
            break;
        switch (e.kind) {
        case LiveEvent::Kind::Line: {
            ++m_lines;
            io::EventLineParser::Outcome outcome = parserFor(e.client).parse(e.text);
            if (outcome.error) {
                const io::LoadError error = *outcome.error;
                problem(result, *outcome.error, e.at, e.text);
                if (!m_lenient) {
                    flush(player, result);
                    end(player, result, e.at, error.toString(), true);
                }
                break;
            }
            if (!outcome.record)
                break; // blank, comment or header
            if (m_records + m_batch.size() >= kMaxRecords) {
                flush(player, result);
                end(player, result, e.at,
                    "the live run holds " + formatNumber(static_cast<double>(kMaxRecords))
                        + " records, the most one keeps; save it and start another",
                    true);
                break;
            }
            InputRecord r = *outcome.record;
            r.arrival = e.at; // processing time is when the line was read, whatever a field says
            m_batch.push_back(r);
            m_origins.push_back({e.client, e.text.substr(0, io::kShownLineBytes)});
            break;
        }
        case LiveEvent::Kind::TooLong: {
            ++m_lines;
            io::EventLineParser& parser = parserFor(e.client);
            const io::LoadError error = parser.skip(io::lineTooLongMessage(LiveSource::kMaxLineBytes, e.bytes));
            problem(result, error, e.at, {});
            if (!m_lenient) {
                flush(player, result);
                end(player, result, e.at, error.toString(), true);
            }
            break;
        }
        case LiveEvent::Kind::Notice:
            result.notices.push_back(e.text);
            break;
        case LiveEvent::Kind::Clock: {
            flush(player, result);
            if (m_stopped)
                break;
            const StepIndex before = player.lastStep();
            if (const std::string excess = player.advanceClock(e.at); !excess.empty())
                end(player, result, player.clock(), excess, true);
            result.clockMoved = result.clockMoved || player.lastStep() != before;
            break;
        }
        case LiveEvent::Kind::Ended:
            flush(player, result);
            if (!m_stopped)
                end(player, result, e.at, e.text, e.failed);
            break;
        }
    }
    if (!m_stopped)
        flush(player, result);
    return result;
}

void LiveFeed::stop(Player& player, Timestamp at, const std::string& why, bool failed)
{
    if (m_stopped)
        return;
    Result ignored;
    flush(player, ignored);
    end(player, ignored, at, why, failed);
}

void LiveFeed::end(Player& player, Result& result, Timestamp at, std::string why, bool failed)
{
    m_stopped = true;
    m_failed = failed;
    m_stopReason = std::move(why);
    if (const std::string excess = player.endInput(at); !excess.empty())
        result.notices.push_back(excess);
    result.clockMoved = true;
}

} // namespace tidemark::live
