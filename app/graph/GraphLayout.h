#pragma once

#include "engine/core/JobGraph.h"
#include "engine/runtime/StreamGraph.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <optional>
#include <vector>

namespace tidemark::app {

// Where the job-graph strip draws each vertex, as Flink's job graph reads, left to right: a column per depth
// (sources first, each operator one column after the deepest of its inputs), the file's order down each column.
// A union is a vertex of its own here, small, though Flink's StreamGraph has none (its inputs' edges go straight
// to its readers): the user named it. Plain geometry, tested alone (tst_graph_strip).
class GraphLayout {
public:
    // A vertex: sources are boxes 0 … S − 1, operator o is box S + o.
    struct Box {
        int source = -1;
        int op = -1;
        int stream = -1; // StreamGraph's number; -1 for a union
        int column = 0;
        int row = 0;
        QRectF rect;
        bool isUnion() const { return op >= 0 && stream < 0; }
    };
    // An input of an operator: from a box into a box, the operator's input (Flink's: a window join's two named
    // inputs are both its input 0), and how records are partitioned on it (none into a union: its readers'
    // edges say).
    struct Link {
        int from = 0;
        int to = 0;
        int input = 0;
        int side = 0; // the input as the file lists it
        std::optional<StreamGraph::Partitioner> partitioner;
    };

    GraphLayout(const JobGraph& graph, const StreamGraph& streams);

    int columnCount() const { return m_columns; }
    int rowCount() const { return m_rows; } // the most vertices in one column
    const std::vector<Box>& boxes() const { return m_boxes; }
    const std::vector<Link>& links() const { return m_links; }
    int boxOfStream(int stream) const;
    // The streams whose records reach box b: itself, or for a union every stream it holds.
    const std::vector<int>& origins(int box) const { return m_origins[static_cast<std::size_t>(box)]; }

    // Places the boxes in `area`: columns spread evenly, `box` the size of an operator's box (a union's is
    // smaller), rows spread evenly in each column.
    void place(const QRectF& area, const QSizeF& box);
    // The size that fits every box with room for the edges between them.
    QSizeF preferredSize(const QSizeF& box) const;
    // The box under a point, or -1.
    int boxAt(const QPointF& p) const;

    // Where a link leaves its box and enters the next (an operator of two inputs takes input 1 above input 2).
    QPointF exitPoint(const Link& l) const;
    QPointF entryPoint(const Link& l) const;

    // The links that carry what holds stream `down`'s input `input` back from stream `up`: the link into that
    // input from up, and those into any union between them.
    std::vector<int> linksHolding(int down, int input, int up) const;

    static constexpr double kColumnGap = 96; // room for an input's watermark beside its arrow
    static constexpr double kRowGap = 14;
    static constexpr double kMargin = 8;

private:
    int m_columns = 1;
    int m_rows = 1;
    std::vector<Box> m_boxes;
    std::vector<Link> m_links;
    std::vector<std::vector<int>> m_origins; // by box
    std::vector<int> m_inputsOf; // by box: how many inputs its operator has (a union's: 1)
};

} // namespace tidemark::app
