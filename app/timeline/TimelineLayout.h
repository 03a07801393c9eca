#pragma once

#include "engine/core/Keys.h"
#include "engine/player/Trace.h"

#include <QRect>
#include <QRectF>
#include <QString>

#include <functional>
#include <map>
#include <span>
#include <vector>

namespace tidemark::app {

// The rows of one (window subtask, key) in the window area; subtask -1 and no key: the one row set of
// "all keys in one row", or the empty row that says no window has state yet.
struct RowSet {
    int subtask = 0;
    KeyId key = kNoKey;
    int rows = 1;
    double top = 0.0;
    double rowHeight = 0.0;
    bool operator==(const RowSet&) const = default;
};

// Which row sets the window area has at a step: one per (subtask, key) that has a window now or had one
// fire by this step, in key order; only keys whose name contains `keyFilter` (any case); collapsed, one
// for all. Never empty: with nothing to show, one empty row.
struct RowSetQuery {
    const std::vector<WindowState>& windows;
    const std::map<std::pair<KeyId, int>, StepIndex>& firstFireOfKey; // (key, subtask) → first fire
    int step = 0;
    int rowsPerKey = 1;
    bool collapsed = false;
    QString keyFilter;
    std::function<QString(KeyId)> keyName;
};
std::vector<RowSet> rowSetsAt(const RowSetQuery& query);

// One lane of the lower part: a watermark channel's; for a Kafka source, one partition's, grouped under the reader
// (the channel) that reads it, with a lane of its own for a reader that reads no partition.
struct LaneRef {
    int channel = 0;
    int partition = -1; // >= 0: a Kafka partition
    bool operator==(const LaneRef&) const = default;
    // The trace's lane its records are read from.
    LaneKind traceKind() const { return partition >= 0 ? LaneKind::Partition : LaneKind::Channel; }
    std::uint32_t traceLane() const { return static_cast<std::uint32_t>(partition >= 0 ? partition : channel); }
    std::span<const RecordIndex> records(const Trace& trace, Timestamp from, Timestamp to) const
    {
        return trace.recordsInRange(traceKind(), traceLane(), from, to);
    }
};
// The lanes of a run: its channels in index order, or a Kafka source's partitions by reader.
std::vector<LaneRef> laneRefs(const PipelineConfig& pipeline);
// The kinds of the trace's lanes those lanes are read from (a run's first frame asks for them).
std::vector<LaneKind> laneKindsDrawn(const PipelineConfig& pipeline);

// Where everything goes in the view, top to bottom: the axis, the window area (row sets), one lane per
// watermark channel or Kafka partition (laneRefs), the footer (operator watermark labels, legend). A value computed
// from the view's size and what it shows, before anything is drawn.
struct TimelineLayout {
    struct Input {
        QRect rect;
        double unit = 1.0; // presenter scale
        std::vector<LaneRef> lanes; // empty: one lane, channel 0
        std::vector<RowSet> rowSets; // from rowSetsAt (tops and heights are filled in here)
        int legendRows = 1;
        bool latenessTails = false; // each window row keeps a strip for allowed-lateness tails
        double numberedLaneHeight = 54.0; // device pixels: lanes keep this for their record numbers (RecordLanes)
    };
    static TimelineLayout compute(const Input& input);

    QRectF plot; // the time area right of the gutter
    double gutter = 0.0;
    double axisTop = 0.0;
    double axisHeight = 0.0;
    double windowsTop = 0.0;
    double windowsHeight = 0.0;
    std::vector<RowSet> rowSets; // those that fit
    int hiddenRowSets = 0; // those that did not
    double moreKeysTop = 0.0; // with hidden row sets: the line below the others that says "+N more keys"
    static constexpr double kMoreKeysHeight = 18.0; // that line's height, unscaled
    double lanesTop = 0.0;
    double laneHeight = 0.0;
    bool numberedLanes = false; // the lanes are tall enough for the record numbers under their dots
    int lanes = 0;
    std::vector<LaneRef> laneRefs; // what each lane shows, top to bottom (lanes of them)
    double laneTop(int lane) const { return lanesTop + lane * laneHeight; }
    double footerTop = 0.0;
    double legendLeft = 0.0; // the legend's rows start under the gutter, which is empty there: more fits in a row
    double bottom = 0.0; // of the whole view: what is below is not seen
};

} // namespace tidemark::app
