#include "engine/player/WebUiWatermarks.h"

#include "engine/windowing/WindowAssigner.h"

#include <stdexcept>

namespace tidemark {

std::optional<Timestamp> webUiLowWatermark(const WebUiVertex& vertex)
{
    const int holding = webUiHoldingSubtask(vertex);
    if (holding < 0)
        return std::nullopt;
    const Timestamp low = *vertex.subtasks[static_cast<std::size_t>(holding)].currentInputWatermark;
    if (low <= kMinTimestamp)
        return std::nullopt;
    return low;
}

int webUiHoldingSubtask(const WebUiVertex& vertex)
{
    int holding = -1;
    Timestamp low = kMaxTimestamp;
    for (std::size_t i = 0; i < vertex.subtasks.size(); ++i) {
        const auto& value = vertex.subtasks[i].currentInputWatermark;
        if (value && (holding < 0 || *value < low)) {
            holding = static_cast<int>(i);
            low = *value;
        }
    }
    return holding;
}

std::string webUiWatermarkText(Timestamp watermark)
{
    return watermark <= kMinTimestamp ? std::string(kWebUiNoWatermark) : std::to_string(watermark);
}

namespace {

std::string windowVertexName(const PipelineConfig& pipeline)
{
    std::string assigner;
    try {
        assigner = makeWindowAssigner(pipeline.window.assigner)->describe();
    } catch (const std::invalid_argument&) {
        assigner = "?"; // a run exists only for a valid configuration; never reached
    }
    return "Window(" + assigner + ")";
}

} // namespace

std::vector<WebUiVertex> webUiVerticesAt(const Trace& trace, const PipelineConfig& pipeline, StepIndex step)
{
    std::vector<WebUiVertex> vertices;

    // The watermark generators: chained to the source when the records go forward to them.
    WebUiVertex generators;
    generators.source = pipeline.watermarks.partitioning == WatermarkConfig::Partitioning::Forward;
    generators.id = generators.source ? "source" : "assigner";
    generators.name = generators.source ? "Source -> Timestamps/Watermarks" : "Timestamps/Watermarks";
    if (const auto& kafka = pipeline.kafka) {
        // fromSource(kafkaSource, strategy, "Kafka Source"): the watermarks are the source's own, or the chained
        // generator's after it
        generators.name
            = kafka->perPartition() ? "Source: Kafka Source" : "Source: Kafka Source -> Timestamps/Watermarks";
    }
    generators.parallelism = trace.channelCount();
    for (int c = 0; c < trace.channelCount(); ++c) {
        const WatermarkPoint& point = Trace::at(trace.channelWatermarks(c), step);
        WebUiSubtask s;
        s.subtask = c;
        s.currentOutputWatermark = point.watermark;
        s.idle = point.idle;
        if (!generators.source) {
            // the source sends no watermark but the one that ends its input, which the generator forwards
            s.currentInputWatermark = point.watermark == kMaxTimestamp ? kMaxTimestamp : kMinTimestamp;
        }
        generators.subtasks.push_back(s);
    }

    WebUiVertex window;
    window.id = "window";
    window.name = windowVertexName(pipeline);
    window.parallelism = trace.subtaskCount();
    for (int w = 0; w < trace.subtaskCount(); ++w) {
        const WatermarkPoint& point = Trace::at(trace.subtaskWatermarks(w), step);
        WebUiSubtask s;
        s.subtask = w;
        s.currentInputWatermark = point.watermark;
        s.idle = point.idle;
        s.minChannel = point.minChannel;
        window.subtasks.push_back(s);
    }
    vertices.push_back(std::move(window));
    vertices.push_back(std::move(generators));
    return vertices;
}

} // namespace tidemark
