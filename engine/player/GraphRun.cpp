#include "engine/player/GraphRun.h"

#include "engine/player/EventQueue.h"
#include "engine/player/RunLimits.h"

#include <algorithm>

namespace tidemark {

std::vector<GraphArrival> graphArrivals(const Scenario& scenario)
{
    const JobGraph& g = *scenario.graph;
    std::vector<GraphArrival> arrivals;
    for (std::size_t s = 0; s < g.sources.size(); ++s) {
        ArrivalClock clock(scenario.arrivals);
        const auto& records = g.sources[s].records;
        for (std::size_t r = 0; r < records.size(); ++r)
            arrivals.push_back(
                GraphArrival {clock.next(records[r]), static_cast<int>(s), static_cast<std::uint32_t>(r)});
    }
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const GraphArrival& a, const GraphArrival& b) {
        return a.time != b.time ? a.time < b.time : a.source < b.source;
    });
    return arrivals;
}

GraphRun::GraphRun(const Scenario& scenario)
    : m_scenario(scenario)
    , m_pipeline(*scenario.graph, scenario.keys, scenario.pipeline.flinkVersion)
{
    const JobGraph& g = *scenario.graph;
    const std::vector<GraphArrival> arrivals = graphArrivals(scenario);
    std::vector<Timestamp>& lastArrival = m_lastArrival;
    lastArrival.assign(g.sources.size(), 0);
    for (const GraphArrival& a : arrivals)
        lastArrival[static_cast<std::size_t>(a.source)]
            = std::max(lastArrival[static_cast<std::size_t>(a.source)], a.time);
    std::vector<Timestamp> times;
    times.reserve(arrivals.size());
    for (const GraphArrival& a : arrivals)
        times.push_back(a.time);
    const ArrivalSchedule schedule(times, scenario.arrivals.spacingMs);
    const Timestamp last = scenario.inputEnd(*std::max_element(lastArrival.begin(), lastArrival.end()));
    // Periodic emission runs on past the last record as in a chain (runHorizon), as long as the longest tail of
    // any source asks; a run that would emit beyond the budget is refused as a chain's is.
    Timestamp horizon = last;
    for (const GraphSource& s : g.sources)
        horizon = std::max(horizon, runHorizon(s.watermarks, last));
    for (const GraphSource& s : g.sources) {
        if (auto excess = periodicEmissionExcess(s.watermarks, horizon, arrivals.size(), kRecordedRunBudget))
            throw RunRefusedError(*excess);
    }

    EventQueue queue;
    queue.setHorizon(horizon);
    const EndOfInput end = scenario.pipeline.endOfInput;
    if (inputEnds(end)) {
        // A bounded source ends after its own last record; a drained job stops every source at once.
        for (std::size_t s = 0; s < g.sources.size(); ++s) {
            const Timestamp at = end == EndOfInput::Drain ? last : scenario.inputEnd(lastArrival[s]);
            queue.schedule(at, EventQueue::Kind::EndOfInput, static_cast<std::uint32_t>(s));
        }
    }
    for (int c = 0; c < m_pipeline.channelCount(); ++c) {
        const DurationMs period
            = g.sources[static_cast<std::size_t>(m_pipeline.sourceOfChannel(c))].watermarks.periodMs;
        if (period > 0)
            queue.schedule(period, EventQueue::Kind::PeriodicEmit, static_cast<std::uint32_t>(c));
    }
    while (const auto next = queue.peek(schedule)) {
        const EventQueue::Entry e = queue.pop(schedule);
        switch (e.kind) {
        case EventQueue::Kind::Arrival: {
            const GraphArrival& a = arrivals[e.subject];
            m_pipeline.processRecord(
                a.source, g.sources[static_cast<std::size_t>(a.source)].records[a.record], e.time, m_outputs);
            break;
        }
        case EventQueue::Kind::PeriodicEmit: {
            const int c = static_cast<int>(e.subject);
            m_pipeline.periodicEmit(c, e.time, m_outputs);
            const auto& w = g.sources[static_cast<std::size_t>(m_pipeline.sourceOfChannel(c))].watermarks;
            queue.schedule(javaAdd(e.time, w.periodMs), EventQueue::Kind::PeriodicEmit, e.subject);
            break;
        }
        case EventQueue::Kind::EndOfInput:
            m_pipeline.endOfInput(static_cast<int>(e.subject), e.time, m_outputs);
            break;
        case EventQueue::Kind::ProcessingTimer:
            m_pipeline.processingTimer(static_cast<int>(e.subject), e.time, m_outputs);
            break;
        }
        // Rule 4 of the execution model, as a chain's window subtasks: each timed subtask's registered
        // processing-time timers become happenings at their time (at once when already due), one per subtask and
        // time, up to the horizon; each is scheduled after the happening that registered it.
        for (int t = 0; t < m_pipeline.timedSubtaskCount(); ++t) {
            for (const Timestamp ts : m_pipeline.takeNewProcessingTimers(t)) {
                const Timestamp at = std::max(ts, e.time);
                if (at <= horizon
                    && !queue.isScheduled(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(t)))
                    queue.schedule(at, EventQueue::Kind::ProcessingTimer, static_cast<std::uint32_t>(t));
            }
        }
    }
}

} // namespace tidemark
