#include "engine/live/LineForwarder.h"

namespace tidemark::live {

std::unique_ptr<LineForwarder> LineForwarder::open(const Endpoint& at, std::string& error)
{
    auto listener = Socket::listen(at, error);
    if (!listener)
        return nullptr;
    Endpoint bound = at;
    bound.port = listener->localPort();
    return std::unique_ptr<LineForwarder>(new LineForwarder(bound, std::move(*listener)));
}

LineForwarder::LineForwarder(Endpoint at, Socket listener)
    : m_at(std::move(at))
    , m_listener(std::move(listener))
{ }

void LineForwarder::send(std::string_view line)
{
    ++m_lines;
    if (m_readers.empty()) {
        if (m_backlog.size() + line.size() + 1 > kMaxQueuedBytes) {
            if (!m_backlogFull)
                m_pendingNotices.push_back("forward " + m_at.toString() + ": no reader has connected, and "
                    + std::to_string(kMaxQueuedBytes >> 20)
                    + " MiB of lines are waiting; later lines are not kept for it");
            m_backlogFull = true;
            return;
        }
        m_backlog.append(line);
        m_backlog.push_back('\n');
        return;
    }
    for (Reader& r : m_readers) {
        r.queued.append(line);
        r.queued.push_back('\n');
    }
    flush(nullptr);
}

void LineForwarder::service(std::vector<std::string>& notices)
{
    std::string peer;
    while (auto socket = m_listener.accept(peer)) {
        Reader r {peer, std::move(*socket), {}};
        if (m_readers.empty()) {
            r.queued = std::move(m_backlog);
            m_backlog.clear();
            m_backlogFull = false;
        }
        notices.push_back("forward " + m_at.toString() + ": " + peer + " reads the lines"
            + (r.queued.empty() ? "" : " (from the first one)"));
        m_readers.push_back(std::move(r));
    }
    flush(&notices);
    for (std::string& n : m_pendingNotices)
        notices.push_back(std::move(n));
    m_pendingNotices.clear();
}

void LineForwarder::flush(std::vector<std::string>* notices)
{
    for (std::size_t i = m_readers.size(); i-- > 0;) {
        Reader& r = m_readers[i];
        std::string why;
        if (!r.queued.empty()) {
            const auto wrote = r.socket.write(r.queued);
            if (!wrote)
                why = "closed the connection";
            else
                r.queued.erase(0, *wrote);
        }
        if (why.empty() && r.queued.size() > kMaxQueuedBytes)
            why = "fell " + std::to_string(kMaxQueuedBytes >> 20) + " MiB behind and was disconnected";
        if (why.empty()) {
            // A reader that has gone shows as the end of what it sends, so that it is noticed while no line is
            // written. A job's socketTextStream never closes its sending side while it reads; one that does
            // (nc HOST PORT < /dev/null) is taken as gone too.
            char probe = 0;
            const Socket::ReadResult rr = r.socket.read(&probe, 1);
            if (rr.closed)
                why = "closed the connection";
        }
        if (!why.empty()) {
            const std::string text = "forward " + m_at.toString() + ": " + r.peer + " " + why;
            if (notices)
                notices->push_back(text);
            else
                m_pendingNotices.push_back(text);
            m_readers.erase(m_readers.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }
}

} // namespace tidemark::live
