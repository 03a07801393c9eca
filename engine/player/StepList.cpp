#include "engine/player/StepList.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark {

namespace {

// Processing times of a run, wrapping as Java's long arithmetic does rather than overflowing (each emission
// was compared with what it rebuilds to when it was added, so the sum is exact where it is used).
Timestamp plus(Timestamp a, std::uint64_t b)
{
    return static_cast<Timestamp>(static_cast<std::uint64_t>(a) + b);
}

} // namespace

StepEntry StepList::at(StepIndex s) const
{
    if (s >= m_size)
        throw std::out_of_range("step " + std::to_string(s) + " of " + std::to_string(m_size));
    if (m_runs.empty())
        return m_stored[s];
    const std::size_t r = runAtOrBefore(s);
    if (r == m_runs.size())
        return m_stored[s];
    const Run& run = m_runs[r];
    if (s < run.first + run.count)
        return emission(run, s - run.first);
    return m_stored[s - run.quietBefore - run.count];
}

StepEntry StepList::emission(const Run& run, StepIndex j) const
{
    const Pattern& p = m_patterns[run.pattern];
    const std::size_t length = p.timers.size();
    const auto& [offset, channel] = p.timers[j % length];
    StepEntry e;
    e.processingTime = plus(run.start,
        static_cast<std::uint64_t>(j / length) * static_cast<std::uint64_t>(p.period)
            + static_cast<std::uint64_t>(offset));
    e.kind = StepKind::PeriodicEmit;
    e.subject = static_cast<std::uint32_t>(channel);
    e.channel = channel;
    return e;
}

void StepList::reserveStored(std::size_t steps)
{
    m_stored.reserve(steps);
}

void StepList::push(const StepEntry& e)
{
    m_stored.push_back(e);
    ++m_size;
}

bool StepList::extendQuietRun(Timestamp time, std::int16_t channel)
{
    if (m_runs.empty())
        return false;
    Run& last = m_runs.back();
    if (last.first + last.count != m_size)
        return false; // a stored step came after it
    const Pattern& p = m_patterns[last.pattern];
    const auto& [offset, expected] = p.timers[m_nextSlot];
    if (expected != channel || plus(m_nextRound, static_cast<std::uint64_t>(offset)) != time)
        return false;
    ++last.count;
    ++m_size;
    if (++m_nextSlot == p.timers.size()) {
        m_nextSlot = 0;
        m_nextRound = plus(m_nextRound, static_cast<std::uint64_t>(p.period));
    }
    return true;
}

void StepList::foreseeNext()
{
    const Run& last = m_runs.back();
    const Pattern& p = m_patterns[last.pattern];
    const std::size_t length = p.timers.size();
    m_nextSlot = last.count % length;
    m_nextRound
        = plus(last.start, static_cast<std::uint64_t>(last.count / length) * static_cast<std::uint64_t>(p.period));
}

void StepList::pushQuiet(Timestamp time, std::int16_t channel, std::span<const PeriodicTimer> next, DurationMs period)
{
    if (extendQuietRun(time, channel))
        return;
    m_newPattern.period = period;
    m_newPattern.timers.clear();
    m_newPattern.timers.emplace_back(0, channel);
    for (const PeriodicTimer& t : next)
        m_newPattern.timers.emplace_back(t.time - time, t.channel);
    Run run;
    run.first = static_cast<StepIndex>(m_size);
    run.count = 1;
    run.quietBefore = quietBeforeRun(m_runs.size());
    run.pattern = patternIndex(m_newPattern);
    run.start = time;
    m_runs.push_back(run);
    ++m_size;
    foreseeNext();
}

std::uint32_t StepList::patternIndex(const Pattern& pattern)
{
    // Runs mostly repeat the patterns of the runs just before them: look there first.
    const std::size_t look = std::min<std::size_t>(m_patterns.size(), 8);
    for (std::size_t k = 1; k <= look; ++k) {
        if (m_patterns[m_patterns.size() - k] == pattern)
            return static_cast<std::uint32_t>(m_patterns.size() - k);
    }
    if (!m_runs.empty() && m_patterns[m_runs.back().pattern] == pattern)
        return m_runs.back().pattern;
    m_patterns.push_back(pattern);
    return static_cast<std::uint32_t>(m_patterns.size() - 1);
}

void StepList::truncate(std::size_t size)
{
    if (size >= m_size)
        return;
    while (!m_runs.empty() && m_runs.back().first >= size)
        m_runs.pop_back();
    if (!m_runs.empty()) {
        Run& last = m_runs.back();
        last.count = std::min<StepIndex>(last.count, static_cast<StepIndex>(size - last.first));
        foreseeNext();
    }
    m_stored.resize(size - quietBeforeRun(m_runs.size()));
    m_size = size;
}

std::optional<QuietRun> StepList::quietRunAt(StepIndex s) const
{
    const std::size_t r = runAtOrBefore(s);
    if (r == m_runs.size() || s >= m_runs[r].first + m_runs[r].count)
        return std::nullopt;
    return QuietRun {m_runs[r].first, m_runs[r].count};
}

StepIndex StepList::firstAtOrAfter(Timestamp processingTime) const
{
    // Processing time never goes back from one step to the next, quiet emissions included.
    StepIndex lo = 0;
    auto hi = static_cast<StepIndex>(m_size);
    while (lo < hi) {
        const StepIndex mid = lo + (hi - lo) / 2;
        if (at(mid).processingTime < processingTime)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::size_t StepList::storedAtOrAfter(StepIndex s) const
{
    const std::size_t r = runAtOrBefore(s);
    if (r == m_runs.size())
        return std::min<std::size_t>(s, m_stored.size());
    const Run& run = m_runs[r];
    if (s < run.first + run.count)
        return run.storedBefore();
    return std::min<std::size_t>(s - run.quietBefore - run.count, m_stored.size());
}

std::size_t StepList::firstRunAfterStored(std::size_t i) const
{
    const auto it = std::upper_bound(
        m_runs.begin(), m_runs.end(), i, [](std::size_t stored, const Run& r) { return stored < r.storedBefore(); });
    return static_cast<std::size_t>(it - m_runs.begin());
}

std::size_t StepList::runAtOrBefore(StepIndex s) const
{
    const auto it = std::upper_bound(
        m_runs.begin(), m_runs.end(), s, [](StepIndex step, const Run& r) { return step < r.first; });
    return it == m_runs.begin() ? m_runs.size() : static_cast<std::size_t>(it - m_runs.begin()) - 1;
}

std::size_t StepList::memoryBytes() const
{
    std::size_t bytes = m_stored.capacity() * sizeof(StepEntry) + m_runs.capacity() * sizeof(Run);
    for (const Pattern& p : m_patterns)
        bytes += sizeof(Pattern) + p.timers.capacity() * sizeof(p.timers[0]);
    return bytes;
}

} // namespace tidemark
