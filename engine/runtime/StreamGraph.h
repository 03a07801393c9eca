#pragma once

#include "engine/core/JobGraph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tidemark {

// A rule of job graphs that a graph breaks: where (a path into the scenario file, "operators.2.inputs.1"), and
// why, with what Flink would say or do and the fix.
struct GraphViolation {
    std::string path;
    std::string message;
};

// Every rule of docs/job-graph.md the graph breaks, in the order the file lists its parts (the rules of a window's
// own settings are the chain's, PipelineRules, which the reader asks as well). The one home of the graph's rules.
std::vector<GraphViolation> graphViolations(const JobGraph& graph);

// Flink's StreamGraph for a JobGraph that keeps every rule: the streams (each source, each operator) and the
// StreamEdges between them. A union is no node: the edges of its inputs go straight to whatever reads it, so an
// operator input reads the channels of every stream the union holds, one after the other.
class StreamGraph {
public:
    // A stream: source s is stream s, operator o (not a union) stream sources + its index among the operators.
    struct Node {
        std::string name;
        int source = -1; // its index in JobGraph::sources, or
        int op = -1; // its index in JobGraph::operators
        int parallelism = 1; // a source's channels, an operator's subtasks
        bool keyed = true; // its records carry a key (windowAll's results carry none)
    };
    // Flink's StreamPartitioner of an edge: records by key group to keyed operators (and all to a windowAll's one
    // subtask), every record to every subtask (broadcast), upstream subtask u's to subtask u (forward), or round
    // robin (rebalance, from the reading operator's watermarks.firstChannel: Flink starts at random).
    enum class Partitioner : std::uint8_t { Hash, Broadcast, Forward, Rebalance };
    // An edge from stream `from` into input `input` of the operator of stream `to`: upstream subtask (or channel)
    // u arrives on the input's channel `firstChannel + u`, and watermarks and statuses reach every subtask of `to`
    // — on a forward edge, subtask u alone, on its one channel `firstChannel`. A window join's or coGroup's two
    // named inputs are Flink's union of tagged streams: both arrive on input 0.
    struct Edge {
        int from = 0;
        int to = 0;
        int input = 0;
        int firstChannel = 0;
        Partitioner partitioner = Partitioner::Hash;
        int side = 0; // the operator's input as the file names it: `input`, except for a window join's second
                      // (input 0 of the union Flink builds, its records tagged as the second)
        bool broadcast() const { return partitioner == Partitioner::Broadcast; }
        bool forward() const { return partitioner == Partitioner::Forward; }
        // Whether what upstream subtask `u` sends reaches subtask `s` of `to` (records aside), and on which channel.
        bool reaches(int u, int s) const { return !forward() || u == s; }
        int channelOf(int u) const { return forward() ? firstChannel : firstChannel + u; }
    };

    explicit StreamGraph(const JobGraph& graph); // precondition: graphViolations(graph) is empty

    int streamCount() const { return static_cast<int>(m_nodes.size()); }
    int sourceCount() const { return m_sources; }
    const Node& node(int stream) const { return m_nodes[static_cast<std::size_t>(stream)]; }
    // The stream of operator o; -1 for a union.
    int streamOfOperator(int op) const { return m_streamOfOperator[static_cast<std::size_t>(op)]; }
    // The edges leaving a stream, in the order of the operators that read it, then their inputs.
    const std::vector<Edge>& edgesFrom(int stream) const { return m_out[static_cast<std::size_t>(stream)]; }
    // How many channels input `input` of stream `stream`'s operator reads.
    int inputChannels(int stream, int input) const;
    int inputCount(int stream) const;

private:
    int m_sources = 0;
    std::vector<Node> m_nodes;
    std::vector<int> m_streamOfOperator;
    std::vector<std::vector<Edge>> m_out;
    std::vector<std::vector<int>> m_inputChannels; // by stream, by input
};

} // namespace tidemark
