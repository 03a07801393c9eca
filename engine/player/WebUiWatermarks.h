#pragma once

#include "engine/core/PipelineConfig.h"
#include "engine/core/Time.h"
#include "engine/player/Trace.h"

#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// What Flink's Web UI shows on a vertex's Watermarks tab, for a simulated run at one step or for a polled
// cluster (docs/flink.md). Flink fills the tab from `GET /jobs/:id/vertices/:vid/watermarks`: each subtask's
// task metric `currentInputWatermark`, the watermark the task's input valve last emitted (the minimum over its
// active input channels). A source task has no input and reports none, so its tab is empty. The job graph writes
// the vertex's low watermark on the vertex: the minimum over the subtasks' values, none while that is
// Long.MIN_VALUE.

// The text the Web UI writes for a value at or below Long.MIN_VALUE (its humanizeWatermark pipe).
inline constexpr const char* kWebUiNoWatermark = "No Watermark (Watermarks are only available if EventTime is used)";

struct WebUiSubtask {
    int subtask = 0;
    // The task's currentInputWatermark; none when Flink reports no such metric (a source).
    std::optional<Timestamp> currentInputWatermark;
    // currentInput1Watermark, currentInput2Watermark, …: per input of a task with several inputs (a polled
    // cluster; empty when the metrics do not exist).
    std::vector<Timestamp> inputWatermarks;
    // A source's watermark generator output (operator metric currentOutputWatermark, the Metrics tab).
    std::optional<Timestamp> currentOutputWatermark;
    // What only a simulation knows: every input of the subtask is idle (a source: its channel is idle), and
    // the input channel at the valve's minimum (-1: none).
    bool idle = false;
    int minChannel = -1;
};

struct WebUiVertex {
    std::string id; // the REST API's vertex id; in a simulation "source" / "assigner" / "window"
    std::string name;
    int parallelism = 0;
    // A source task: Flink lists no row in its Watermarks tab.
    bool source = false;
    std::vector<WebUiSubtask> subtasks;
};

// The vertex's low watermark as the job graph shows it: the minimum of the subtasks' currentInputWatermark,
// idle subtasks included (the Web UI cannot tell them); none without values or while it is Long.MIN_VALUE.
std::optional<Timestamp> webUiLowWatermark(const WebUiVertex& vertex);
// The subtask whose currentInputWatermark is that minimum (the lowest index on a tie); -1 when there is none.
int webUiHoldingSubtask(const WebUiVertex& vertex);
// The Watermark column: the number, or kWebUiNoWatermark at or below Long.MIN_VALUE.
std::string webUiWatermarkText(Timestamp watermark);

// The vertices a simulated run shows in Flink's Web UI at `step`, the window operator first (the vertex whose
// watermark the timeline draws as the operator watermark):
//  * the window operator, one subtask per window subtask: currentInputWatermark is its valve's output;
//  * the watermark generators (one subtask per channel). With forward partitioning they are chained to the
//    source, a source vertex with an empty tab; otherwise they form a "Timestamps/Watermarks" vertex of their
//    own, whose input carries no watermark (No Watermark) until the source's end-of-input Long.MAX_VALUE.
//    Either way each subtask's currentOutputWatermark is its channel's watermark.
std::vector<WebUiVertex> webUiVerticesAt(const Trace& trace, const PipelineConfig& pipeline, StepIndex step);

class GraphRun;
// The same for a job graph's run, vertex by vertex as its exported job (tidemark export-job) runs in Flink, in the
// graph's order (sources, then operators; a union is no vertex):
//  * a source replayed from its records: the replaying source (an empty tab) and its watermark generators, a vertex
//    named as the source, whose input carries no watermark until the end of input's Long.MAX_VALUE; a Kafka source
//    with per-partition watermarks: one source vertex (an empty tab), the generators inside its readers; a Kafka
//    source with the generators after it: chained to it;
//  * each operator, one subtask per subtask: currentInputWatermark its event time (a two-input task's, the smaller of
//    its inputs', each listed as currentInput1Watermark, currentInput2Watermark); an assigner reached by a forward
//    edge is chained into the vertex before it, adding its currentOutputWatermark.
std::vector<WebUiVertex> webUiGraphVerticesAt(const GraphRun& run, StepIndex step);

} // namespace tidemark
