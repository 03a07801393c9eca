#include "app/attach/PollHistory.h"

#include <algorithm>

namespace tidemark::app {

PollHistory::PollHistory(int capacity, QObject* parent)
    : QObject(parent)
    , m_capacity(std::max(1, capacity))
{ }

void PollHistory::append(const AttachSample& sample)
{
    m_samples.push_back(sample);
    bool shifted = false;
    while (size() > m_capacity) {
        m_samples.pop_front();
        ++m_dropped;
        shifted = true;
    }
    const int before = m_current;
    if (m_follow)
        m_current = size() - 1;
    else if (shifted)
        m_current = std::max(0, m_current - 1); // the same poll, one place nearer the front
    Q_EMIT appended();
    if (m_current != before || shifted)
        Q_EMIT currentChanged(m_current);
}

void PollHistory::setCurrent(int index)
{
    if (m_samples.empty())
        return;
    index = std::clamp(index, 0, size() - 1);
    setFollowNewest(index == size() - 1);
    if (index == m_current)
        return;
    m_current = index;
    Q_EMIT currentChanged(m_current);
}

void PollHistory::setFollowNewest(bool follow)
{
    if (follow == m_follow)
        return;
    m_follow = follow;
    Q_EMIT followNewestChanged(m_follow);
    if (m_follow && !m_samples.empty() && m_current != size() - 1) {
        m_current = size() - 1;
        Q_EMIT currentChanged(m_current);
    }
}

} // namespace tidemark::app
