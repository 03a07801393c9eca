#include "engine/player/WebUiWatermarks.h"

#include "engine/player/GraphRun.h"
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

std::vector<WebUiVertex> webUiGraphVerticesAt(const GraphRun& run, StepIndex step)
{
    const GraphTrace& trace = run.trace();
    const GraphPipeline& end = run.pipeline();
    const StreamGraph& streams = end.streams();
    const JobGraph& g = run.graph();
    std::vector<WebUiVertex> vertices;
    std::vector<int> vertexOf(static_cast<std::size_t>(streams.streamCount()), -1); // where a stream's task is
    for (int src = 0; src < streams.sourceCount(); ++src) {
        const GraphSource& source = g.sources[static_cast<std::size_t>(src)];
        WebUiVertex generators;
        generators.id = source.name;
        generators.parallelism = streams.node(src).parallelism;
        const bool perPartition = source.kafka && source.kafka->perPartition();
        generators.source = source.kafka.has_value();
        generators.name = !source.kafka ? source.name
            : perPartition              ? "Source: " + source.name
                                        : "Source: read " + source.name + " -> " + source.name;
        for (int c = 0; c < generators.parallelism; ++c) {
            const WatermarkPoint& point = Trace::at(trace.channelWatermarks(end.channelOf(src, c)), step);
            WebUiSubtask s;
            s.subtask = c;
            s.currentOutputWatermark = point.watermark;
            s.idle = point.idle;
            if (!generators.source) // the replaying source sends no watermark but the one that ends its input
                s.currentInputWatermark = point.watermark == kMaxTimestamp ? kMaxTimestamp : kMinTimestamp;
            generators.subtasks.push_back(s);
        }
        if (!source.kafka) {
            WebUiVertex replay;
            replay.id = "replay " + source.name;
            replay.name = "Source: replay " + source.name;
            replay.parallelism = 1;
            replay.source = true;
            replay.subtasks.push_back({});
            vertices.push_back(std::move(replay));
        }
        vertexOf[static_cast<std::size_t>(src)] = static_cast<int>(vertices.size());
        vertices.push_back(std::move(generators));
    }
    for (int stream = streams.sourceCount(); stream < streams.streamCount(); ++stream) {
        const StreamGraph::Node& node = streams.node(stream);
        const GraphOperator& op = g.operators[static_cast<std::size_t>(node.op)];
        const int inputs = streams.inputCount(stream);
        // an assigner that the one stream before it reaches forward runs in that stream's task
        int upstream = -1;
        if (op.kind == GraphOperator::Kind::Watermarks) {
            for (int from = 0; from < stream; ++from) {
                for (const StreamGraph::Edge& e : streams.edgesFrom(from)) {
                    if (e.to == stream && e.forward() && streams.edgesFrom(from).size() == 1)
                        upstream = from;
                }
            }
        }
        if (upstream >= 0 && vertexOf[static_cast<std::size_t>(upstream)] >= 0) {
            WebUiVertex& chained = vertices[static_cast<std::size_t>(vertexOf[static_cast<std::size_t>(upstream)])];
            chained.name += " -> " + op.name;
            for (WebUiSubtask& s : chained.subtasks)
                s.currentOutputWatermark = Trace::at(trace.operatorWatermarks(node.op, s.subtask), step).watermark;
            vertexOf[static_cast<std::size_t>(stream)] = vertexOf[static_cast<std::size_t>(upstream)];
            continue;
        }
        WebUiVertex v;
        v.id = op.name;
        v.name = op.name;
        v.parallelism = node.parallelism;
        for (int sub = 0; sub < node.parallelism; ++sub) {
            WebUiSubtask s;
            s.subtask = sub;
            const bool assigner = op.kind == GraphOperator::Kind::Watermarks;
            const WatermarkPoint& own = Trace::at(trace.operatorWatermarks(node.op, sub), step);
            const WatermarkPoint& in = assigner ? Trace::at(trace.inputWatermarks(node.op, sub, 0), step) : own;
            s.currentInputWatermark = in.watermark;
            s.idle = in.idle;
            if (assigner)
                s.currentOutputWatermark = own.watermark;
            if (inputs > 1) { // the point's minChannel names the input holding the combination, not a channel
                for (int i = 0; i < inputs; ++i)
                    s.inputWatermarks.push_back(Trace::at(trace.inputWatermarks(node.op, sub, i), step).watermark);
            } else {
                s.minChannel = in.minChannel;
            }
            v.subtasks.push_back(s);
        }
        vertexOf[static_cast<std::size_t>(stream)] = static_cast<int>(vertices.size());
        vertices.push_back(std::move(v));
    }
    return vertices;
}

} // namespace tidemark
