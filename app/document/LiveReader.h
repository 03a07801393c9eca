#pragma once

#include "engine/live/LiveSource.h"

#include <QObject>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tidemark::app {

// Runs a live source on a thread of its own, so that a line's arrival is the moment it was read rather than
// the moment the window got round to it, and hands what it read to the GUI thread in order. The source is
// stopped and the thread joined when this goes.
class LiveReader : public QObject {
    Q_OBJECT

public:
    LiveReader(std::unique_ptr<live::LiveSource> source, QObject* parent = nullptr);
    ~LiveReader() override;

    // What was read since the last call, in order (lines, notices, clock ticks, the end).
    std::vector<live::LiveEvent> take();
    // Ends the source: what it holds comes with its Ended event.
    void stop();
    bool finished() const;
    const live::LiveSource& source() const { return *m_source; }

Q_SIGNALS:
    // Something is waiting in take() (queued to the GUI thread; at most one pending at a time).
    void eventsReady();

private:
    void run();

    std::unique_ptr<live::LiveSource> m_source;
    mutable std::mutex m_mutex;
    std::vector<live::LiveEvent> m_queue;
    bool m_signalled = false;
    bool m_finished = false;
    std::thread m_thread;
};

} // namespace tidemark::app
