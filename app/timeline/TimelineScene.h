#pragma once

#include "app/document/Session.h"
#include "app/timeline/Decorations.h"
#include "app/timeline/TimeScale.h"
#include "app/timeline/TimelineLayout.h"
#include "app/timeline/WindowBands.h"

#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

namespace tidemark::app {

struct TimelineFrame;

// What is under a point (for tooltips, clicks and tests).
struct TimelineHit {
    enum class Kind : std::uint8_t { None, Record, Window, ChannelWatermark, OperatorWatermark, Fire, Lane };
    Kind kind = Kind::None;
    RecordIndex record = kNoRecord;
    int channel = -1;
    int partition = -1; // a Kafka partition's lane or watermark
    int subtask = -1;
    KeyId key = kNoKey;
    TimeWindow window;
    std::size_t fire = 0; // index into trace().fires()
    QRectF rect;
};

// A record drawn as a dot; records at the same pixel stack upwards so that none hides another.
struct RecordDot {
    RecordIndex record = kNoRecord;
    double x = 0.0;
    double cy = 0.0;
    int stack = 0; // 0 on the lane's line
    RecordStatus status = RecordStatus::Pending;
};

// Records denser than the pixels: a bar per pixel column, its height the (log) count, the arrived part
// at its bottom.
struct DenseBars {
    int left = 0;
    int base = 0; // the line the bars stand on
    int tallest = 0;
    std::vector<int> barH;
    std::vector<int> arrivedH;
};

struct RecordLane {
    int lane = 0; // index into the layout's laneRefs
    int channel = 0;
    int partition = -1;
    double top = 0.0;
    std::size_t inView = 0; // records of the lane in view, drawn or not
    std::vector<RecordDot> dots;
    std::optional<DenseBars> dense;
};

// A channel's watermark in its lane; edge -1 / +1 when it is left / right of the view (an arrow says where).
struct ChannelWatermarkMark {
    int channel = 0;
    int partition = -1; // a Kafka partition's watermark inside its reader
    int lane = 0;
    double x = 0.0;
    double top = 0.0;
    double bottom = 0.0;
    int edge = 0;
    bool idle = false;
};

// An operator-watermark line: one per distinct value among the window subtasks (one line when W = 1).
// x is NaN when the value is out of view (the label then points to it).
struct OperatorWatermarkLine {
    std::vector<int> subtasks;
    Timestamp watermark = kMinTimestamp;
    double x = 0.0;
    QString label;
    QRectF labelRect;
};

// The geometry of one picture of the timeline: where every record, window, watermark and label goes.
// Built from a frame before anything is drawn; painting and hit-testing both read it, neither writes it.
struct TimelineScene {
    static TimelineScene build(const TimelineFrame& frame, const QRect& rect, double visibleStart, double visibleEnd);

    TimelineLayout layout;
    TimeScale scale;
    std::vector<LegendItem> legend;
    std::vector<int> legendRowOf; // the row of each legend item (legendRows())
    std::vector<RecordLane> lanes;
    WindowBandSet bands;
    std::vector<ChannelWatermarkMark> channelMarks;
    std::vector<OperatorWatermarkLine> operatorLines;
    std::vector<TimelineHit> hits; // in drawing order: a later one lies above an earlier one

    TimelineHit hitAt(const QPointF& pos) const;
};

// The record dots' radius, shared by the scene (hit areas) and the lane painter.
inline constexpr double kRecordRadius = 7.5;

} // namespace tidemark::app
