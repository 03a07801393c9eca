#pragma once

#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QFont>
#include <QString>

#include <map>
#include <span>
#include <vector>

namespace tidemark::app {

class FlinkVerification;
class Theme;

// What the view is asked to show, beside the run and the step.
struct TimelineOptions {
    bool showPending = true; // records that have not arrived yet, as faint outlines
    bool collapsed = false; // every key's windows in one row set
    QString keyFilter; // only keys whose name contains it
    bool operator==(const TimelineOptions&) const = default;
};

// How many of a lane's records had arrived by a step, over a range of them (in event-time order): blocks of
// kBlock records keep their earliest and latest arrival step, so a range costs a visit per block, and only
// the blocks the step falls inside are counted record by record. Arrival follows event time up to the
// disorder, so those are few: a full view of ten million records no longer reads each one per paint.
class ArrivalBlocks {
public:
    static constexpr std::size_t kBlock = 256;

    ArrivalBlocks() = default;
    explicit ArrivalBlocks(std::span<const StepIndex> arrival);
    std::size_t arrivedBy(std::span<const StepIndex> arrival, std::size_t first, std::size_t last, StepIndex now) const;

private:
    std::vector<StepIndex> m_earliest;
    std::vector<StepIndex> m_latest;
};

// The first of the sorted timestamps [from, end) at or after `edge`, as std::lower_bound finds it, searched
// for near `from` first: strides of `stride` records, doubling. A dense lane's pixel columns end a column's
// worth of records apart, so the search stays in the cache lines it reads anyway instead of starting from the
// middle of millions of timestamps.
const Timestamp* lowerBoundNear(const Timestamp* from, const Timestamp* end, Timestamp edge, std::ptrdiff_t stride);

// Indexes over the whole run, built once when the run changes, so that a paint touches only what is in view.
struct TimelineRunIndex {
    std::map<std::pair<KeyId, int>, StepIndex> firstFireOfKey; // (key, subtask) → its first fire
    double maxWindowSpan = 0.0; // of the fired windows: how far before the view one can start
    // Per lane (laneRefs): the trace's columns of its records, sorted event times and the arrival step of each
    // (Trace::laneColumns), valid while the run is the one the index was built for.
    std::vector<std::span<const Timestamp>> laneTs;
    std::vector<std::span<const StepIndex>> laneArrival;
    std::vector<ArrivalBlocks> laneArrivalBlocks; // over laneArrival

    static TimelineRunIndex build(const Session& session);
};

// Everything one paint of the timeline reads besides its geometry (TimelineScene): the session at its
// step, the palette, the run's indexes, the options, what the pointer is over and what is selected.
struct TimelineFrame {
    const Session& session;
    const Theme& theme;
    const TimelineRunIndex& index;
    TimelineOptions options;
    int step = 0;
    TimeCursor::Highlight highlight;
    TimeCursor::Selection selection;
    QFont baseFont;
    const FlinkVerification* verification = nullptr; // Verify with Flink's marks on the fires, when there are any

    double unit() const; // the presenter scale: 1 normally
    double s(double v) const; // scaled by presenter mode
    QFont font(double points, bool bold = false) const;
};

} // namespace tidemark::app
