#pragma once

#include "engine/player/Trace.h"

#include <QRectF>
#include <QString>

#include <vector>

namespace tidemark::app {

// Window subtasks that share one operator watermark. With W > 1 every window subtask has its own
// StatusWatermarkValve; the timeline draws one line per distinct value, and subtasks that agree share it
// rather than drawing the same line W times.
struct SubtaskWatermarkGroup {
    Timestamp watermark = kMinTimestamp;
    std::vector<int> subtasks; // ascending
    // The active inputs' watermarks as the valves of the group see them, in channel order, when every
    // subtask of the group sees the same (otherwise the same minimum was reached from different inputs).
    std::vector<Timestamp> inputs;
    bool inputsAgree = true;
    int minChannel = -1; // the channel holding the minimum, when the group agrees on it
    bool allIdle = false; // every input channel of every subtask of the group is idle
};

// Groups by watermark, lowest first (the lowest is the one that holds the job's progress back).
std::vector<SubtaskWatermarkGroup> groupSubtaskWatermarks(const std::vector<SubtaskState>& subtasks);

// "subtask 1", "subtasks 0–2", "subtasks 0, 2", "subtasks 0–2, 5": runs of consecutive indexes collapse.
QString subtaskNames(const std::vector<int>& subtasks);

// Where a label box goes so that it overlaps none already placed: where wanted, else moved up by whole
// rows of `rowStep` until it is clear (labels of lines close together stack instead of overprinting).
QRectF clearOfOthers(QRectF wanted, const std::vector<QRectF>& taken, double rowStep);

} // namespace tidemark::app
