#pragma once

#include "app/timeline/TimelineScene.h"

#include <QCoreApplication>

class QPainter;

namespace tidemark::app {

// Each channel's watermark in its lane, and where it sits when out of view.
std::vector<ChannelWatermarkMark> channelWatermarkMarks(
    const TimelineFrame& frame, const TimelineLayout& layout, const TimeScale& scale);

// The operator watermark: the one value the window operator acts on. With W > 1 window subtasks each has
// its own valve: one line per distinct value, and subtasks that agree share a line whose label names them
// all ("subtasks 0–2: …"). Each label is the longest explanation that fits, down to the bare time, placed
// beside its line and moved up a row where it would overlap another.
std::vector<OperatorWatermarkLine> operatorWatermarkLines(
    const TimelineFrame& frame, const TimelineLayout& layout, const TimeScale& scale);

// The vertical extent of the operator-watermark lines: from above the windows to the footer.
double operatorLineTop(const TimelineFrame& frame, const TimelineLayout& layout);

// Draws the watermarks of the scene: the channels' in their lanes, the operator's across the whole view.
class WatermarkPainter {
public:
    WatermarkPainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene);
    void paint();

private:
    void paintChannelMark(const ChannelWatermarkMark& mark);
    void paintOperatorLine(const OperatorWatermarkLine& line);

    QPainter& p;
    const TimelineFrame& f;
    const TimelineScene& m_scene;
};

} // namespace tidemark::app
