#pragma once

#include "engine/live/Endpoint.h"
#include "engine/live/Socket.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::live {

// The tee of `tidemark run --listen … --forward HOST:PORT`: a second listening port where a real Flink job's
// socketTextStream(HOST, PORT) connects and reads every line Tidemark accepted, so that a class sees Tidemark's
// prediction and Flink's output side by side. Lines sent before any reader has connected are kept for the
// first one (a job is often started after the class began typing); a reader that falls more than
// kMaxQueuedBytes behind is disconnected rather than let memory grow.
class LineForwarder {
public:
    static constexpr std::size_t kMaxQueuedBytes = std::size_t(64) << 20;

    static std::unique_ptr<LineForwarder> open(const Endpoint& at, std::string& error);

    // Queues the line (and its '\n') for every reader, and writes what the sockets take now.
    void send(std::string_view line);
    // Accepts readers and writes what is queued; never blocks. Appends what to tell the user.
    void service(std::vector<std::string>& notices);
    std::string name() const { return m_at.toString(); }
    std::uint16_t port() const { return m_at.port; }
    int readers() const { return static_cast<int>(m_readers.size()); }
    std::uint64_t linesSent() const { return m_lines; }

private:
    LineForwarder(Endpoint at, Socket listener);
    void flush(std::vector<std::string>* notices);

    struct Reader {
        std::string peer;
        Socket socket;
        std::string queued;
    };
    Endpoint m_at;
    Socket m_listener;
    std::vector<Reader> m_readers;
    std::string m_backlog; // lines sent while no reader was connected
    bool m_backlogFull = false;
    std::uint64_t m_lines = 0;
    std::vector<std::string> m_pendingNotices;
};

} // namespace tidemark::live
