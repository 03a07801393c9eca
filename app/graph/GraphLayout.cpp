#include "app/graph/GraphLayout.h"

#include <algorithm>
#include <functional>

namespace tidemark::app {

GraphLayout::GraphLayout(const JobGraph& graph, const StreamGraph& streams)
{
    const int sources = static_cast<int>(graph.sources.size());
    const int boxes = sources + static_cast<int>(graph.operators.size());
    m_boxes.resize(static_cast<std::size_t>(boxes));
    m_origins.resize(static_cast<std::size_t>(boxes));
    m_inputsOf.assign(static_cast<std::size_t>(boxes), 1);
    auto boxNamed = [&](const std::string& name) {
        for (int s = 0; s < sources; ++s) {
            if (graph.sources[static_cast<std::size_t>(s)].name == name)
                return s;
        }
        for (std::size_t o = 0; o < graph.operators.size(); ++o) {
            if (graph.operators[o].name == name)
                return sources + static_cast<int>(o);
        }
        return -1;
    };
    for (int s = 0; s < sources; ++s) {
        Box& b = m_boxes[static_cast<std::size_t>(s)];
        b.source = s;
        b.stream = s;
        m_origins[static_cast<std::size_t>(s)] = {s};
    }
    for (std::size_t o = 0; o < graph.operators.size(); ++o) {
        const int index = sources + static_cast<int>(o);
        Box& b = m_boxes[static_cast<std::size_t>(index)];
        b.op = static_cast<int>(o);
        b.stream = streams.streamOfOperator(static_cast<int>(o));
        if (b.stream >= 0) {
            m_origins[static_cast<std::size_t>(index)] = {b.stream};
            m_inputsOf[static_cast<std::size_t>(index)] = std::max(1, streams.inputCount(b.stream));
        }
        const GraphOperator& op = graph.operators[o];
        for (std::size_t i = 0; i < op.inputs.size(); ++i) {
            const int from = boxNamed(op.inputs[i]);
            if (from < 0)
                continue;
            Link l;
            l.from = from;
            l.to = index;
            l.side = static_cast<int>(i);
            if (b.stream >= 0) {
                // the StreamEdge into this input says the input (Flink's) and the partitioner
                for (int up = 0; up < streams.streamCount() && !l.partitioner; ++up) {
                    for (const StreamGraph::Edge& e : streams.edgesFrom(up)) {
                        if (e.to == b.stream && e.side == l.side) {
                            l.input = e.input;
                            l.partitioner = e.partitioner;
                            break;
                        }
                    }
                }
            }
            m_links.push_back(l);
        }
    }
    // a union's origins: every stream it holds (its inputs may be unions too; the graph has no cycle)
    std::function<const std::vector<int>&(int, int)> originsOf = [&](int box, int depth) -> const std::vector<int>& {
        auto& mine = m_origins[static_cast<std::size_t>(box)];
        if (!mine.empty() || depth > boxes)
            return mine;
        std::vector<int> all;
        for (const Link& l : m_links) {
            if (l.to == box) {
                const auto& theirs = originsOf(l.from, depth + 1);
                all.insert(all.end(), theirs.begin(), theirs.end());
            }
        }
        std::sort(all.begin(), all.end());
        all.erase(std::unique(all.begin(), all.end()), all.end());
        m_origins[static_cast<std::size_t>(box)] = std::move(all);
        return m_origins[static_cast<std::size_t>(box)];
    };
    for (int b = 0; b < boxes; ++b)
        originsOf(b, 0);
    // columns: one after the deepest input, found by relaxing (at most one pass per vertex in a DAG)
    for (int pass = 0; pass < boxes; ++pass) {
        bool changed = false;
        for (const Link& l : m_links) {
            const int column = m_boxes[static_cast<std::size_t>(l.from)].column + 1;
            if (m_boxes[static_cast<std::size_t>(l.to)].column < column) {
                m_boxes[static_cast<std::size_t>(l.to)].column = column;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    std::vector<int> perColumn;
    for (Box& b : m_boxes) {
        if (static_cast<int>(perColumn.size()) <= b.column)
            perColumn.resize(static_cast<std::size_t>(b.column) + 1, 0);
        b.row = perColumn[static_cast<std::size_t>(b.column)]++;
    }
    m_columns = std::max(1, static_cast<int>(perColumn.size()));
    m_rows = perColumn.empty() ? 1 : *std::max_element(perColumn.begin(), perColumn.end());
}

int GraphLayout::boxOfStream(int stream) const
{
    for (std::size_t b = 0; b < m_boxes.size(); ++b) {
        if (m_boxes[b].stream == stream)
            return static_cast<int>(b);
    }
    return -1;
}

QSizeF GraphLayout::preferredSize(const QSizeF& box) const
{
    return {2 * kMargin + m_columns * box.width() + (m_columns - 1) * kColumnGap,
        2 * kMargin + m_rows * box.height() + (m_rows - 1) * kRowGap};
}

void GraphLayout::place(const QRectF& area, const QSizeF& box)
{
    const QRectF inner = area.adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const double columnWidth = m_columns > 1 ? (inner.width() - box.width()) / (m_columns - 1) : 0.0;
    std::vector<int> perColumn(static_cast<std::size_t>(m_columns), 0);
    for (const Box& b : m_boxes)
        ++perColumn[static_cast<std::size_t>(b.column)];
    for (Box& b : m_boxes) {
        const QSizeF size = b.isUnion() ? QSizeF(box.width() * 0.55, box.height() * 0.6) : box;
        const double left
            = m_columns > 1 ? inner.left() + b.column * columnWidth : inner.left() + (inner.width() - box.width()) / 2;
        const int rows = perColumn[static_cast<std::size_t>(b.column)];
        const double rowHeight = inner.height() / rows;
        const double centreY = inner.top() + (b.row + 0.5) * rowHeight;
        b.rect
            = QRectF(left + (box.width() - size.width()) / 2, centreY - size.height() / 2, size.width(), size.height());
    }
}

int GraphLayout::boxAt(const QPointF& p) const
{
    for (std::size_t b = 0; b < m_boxes.size(); ++b) {
        if (m_boxes[b].rect.contains(p))
            return static_cast<int>(b);
    }
    return -1;
}

QPointF GraphLayout::exitPoint(const Link& l) const
{
    const QRectF& r = m_boxes[static_cast<std::size_t>(l.from)].rect;
    return {r.right(), r.center().y()};
}

QPointF GraphLayout::entryPoint(const Link& l) const
{
    const QRectF& r = m_boxes[static_cast<std::size_t>(l.to)].rect;
    const int inputs = m_inputsOf[static_cast<std::size_t>(l.to)];
    if (inputs < 2)
        return {r.left(), r.center().y()};
    return {r.left(), r.top() + r.height() * (l.input + 1) / (inputs + 1)};
}

std::vector<int> GraphLayout::linksHolding(int down, int input, int up) const
{
    std::vector<int> out;
    const int target = boxOfStream(down);
    const auto carries = [&](const Link& l) {
        const auto& o = origins(l.from);
        return std::binary_search(o.begin(), o.end(), up);
    };
    std::vector<int> into {target};
    for (std::size_t k = 0; k < into.size() && k < m_boxes.size(); ++k) {
        for (std::size_t i = 0; i < m_links.size(); ++i) {
            const Link& l = m_links[i];
            if (l.to != into[k] || !carries(l) || (k == 0 && l.input != input))
                continue;
            out.push_back(static_cast<int>(i));
            if (m_boxes[static_cast<std::size_t>(l.from)].isUnion())
                into.push_back(l.from);
        }
    }
    return out;
}

} // namespace tidemark::app
