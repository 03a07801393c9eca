#pragma once

#include "engine/player/WebUiWatermarks.h"

#include <QObject>
#include <QString>

#include <deque>

namespace tidemark::app {

// One poll of an attached job: every vertex's watermarks as Flink reported them.
struct AttachSample {
    int poll = 0; // 1 for the first poll since attaching
    qint64 wallTimeMs = 0; // when the poll began, epoch ms
    QString jobState;
    std::vector<WebUiVertex> vertices;
};

// The polls of an attached job, newest last, at most `capacity` of them (the oldest go first), and the poll the
// views show. Like the TimeCursor of a simulated run, it is the one "where are we" its views read; it follows
// the newest poll until the user steps back.
class PollHistory : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultCapacity = 600; // ten minutes at one poll a second

    explicit PollHistory(int capacity = kDefaultCapacity, QObject* parent = nullptr);

    int capacity() const { return m_capacity; }
    int size() const { return static_cast<int>(m_samples.size()); }
    bool isEmpty() const { return m_samples.empty(); }
    // Polls that no longer fit and were dropped, oldest first.
    int dropped() const { return m_dropped; }
    // 0 is the oldest poll kept.
    const AttachSample& at(int index) const { return m_samples[static_cast<std::size_t>(index)]; }
    const AttachSample& newest() const { return m_samples.back(); }

    // The poll the views show (-1 while there is none).
    int current() const { return m_current; }
    const AttachSample* currentSample() const { return m_current < 0 ? nullptr : &at(m_current); }
    bool followsNewest() const { return m_follow; }

public Q_SLOTS:
    void append(const tidemark::app::AttachSample& sample);
    // Shows poll `index` (clamped); going back stops following the newest, the newest resumes it.
    void setCurrent(int index);
    void setFollowNewest(bool follow);

Q_SIGNALS:
    // A poll came (and perhaps the oldest left): every index may have moved.
    void appended();
    void currentChanged(int index);
    void followNewestChanged(bool follow);

private:
    std::deque<AttachSample> m_samples;
    int m_capacity;
    int m_dropped = 0;
    int m_current = -1;
    bool m_follow = true;
};

} // namespace tidemark::app
