#include "app/document/LiveReader.h"

#include <QMetaObject>

namespace tidemark::app {

namespace {

// Also the clock's resolution between lines: periodic emission and idleness show within a tenth of a second.
constexpr int kPollMs = 100;

} // namespace

LiveReader::LiveReader(std::unique_ptr<live::LiveSource> source, QObject* parent)
    : QObject(parent)
    , m_source(std::move(source))
{
    m_thread = std::thread([this] { run(); });
}

LiveReader::~LiveReader()
{
    m_source->requestStop();
    if (m_thread.joinable())
        m_thread.join();
}

void LiveReader::run()
{
    std::vector<live::LiveEvent> batch;
    bool open = true;
    while (open) {
        batch.clear();
        open = m_source->poll(kPollMs, batch);
        if (batch.empty())
            continue;
        bool signal = false;
        {
            const std::lock_guard lock(m_mutex);
            for (live::LiveEvent& e : batch)
                m_queue.push_back(std::move(e));
            m_finished = !open;
            signal = !m_signalled;
            m_signalled = true;
        }
        if (signal)
            QMetaObject::invokeMethod(this, &LiveReader::eventsReady, Qt::QueuedConnection);
    }
}

std::vector<live::LiveEvent> LiveReader::take()
{
    const std::lock_guard lock(m_mutex);
    m_signalled = false;
    std::vector<live::LiveEvent> events;
    events.swap(m_queue);
    return events;
}

void LiveReader::stop()
{
    m_source->requestStop();
}

bool LiveReader::finished() const
{
    const std::lock_guard lock(m_mutex);
    return m_finished;
}

} // namespace tidemark::app
