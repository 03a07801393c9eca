#pragma once

#include "engine/core/JobGraph.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <vector>

class QSpinBox;

namespace tidemark::app {

// A source (index into JobGraph::sources) or an operator (into JobGraph::operators) of a job graph.
struct GraphVertex {
    bool source = true;
    int index = 0;
    bool operator==(const GraphVertex&) const = default;
};

// One setting of a vertex that the window changes: its name ("idleness", "allowedLateness", …), its label in the
// user's language, milliseconds or a count, its least value, and how it is read from and written to a graph.
struct GraphSetting {
    QString name;
    QString label;
    bool milliseconds = true;
    qint64 minimum = 0;
    std::function<qint64(const JobGraph&, GraphVertex)> get;
    std::function<void(JobGraph&, GraphVertex, qint64)> set;
};

// The one list of a job graph's settings the app changes (the graph editor, "compare with one setting changed"): a
// source's (or an assigner's) out-of-orderness, idleness, emission interval and parallelism; a window's allowed
// lateness, size or gap and parallelism; an interval join's bounds; a process function's timeout or interval.
class GraphSettings {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::GraphSettings)

public:
    // The largest value a setting takes: 2^31 − 1 ms is 24 days, beyond any setting a lesson changes.
    static constexpr qint64 kLargest = 2147483647;

    static std::vector<GraphSetting> settingsOf(const JobGraph& g, GraphVertex v);
    // The vertices with settings, sources first, then operators (no unions).
    static std::vector<GraphVertex> vertices(const JobGraph& g);
    static QString name(const JobGraph& g, GraphVertex v);
    // "source", or the operator's kind as the scenario file names it ("intervalJoin", "window", …).
    static QString kind(const JobGraph& g, GraphVertex v);
    // A field for the setting: its range, unit and step, and a value taken when typed, not at every digit.
    static void fitField(QSpinBox* box, const GraphSetting& setting);
};

} // namespace tidemark::app
