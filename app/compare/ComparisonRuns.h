#pragma once

#include "engine/compare/Comparison.h"
#include "engine/compare/GraphDifferences.h"
#include "engine/compare/RunDifferences.h"

#include <QObject>
#include <QString>

#include <array>
#include <vector>

namespace tidemark::app {

class Session;
class TimeCursor;

// "A" or "B": the runs are named by letter everywhere, in every language.
inline QString runLetter(compare::RunSide side)
{
    return side == compare::RunSide::A ? QStringLiteral("A") : QStringLiteral("B");
}

// The two runs of a comparison, as the compare window shows them: a Session and a TimeCursor per run (each
// timeline reads its own), what differs between the pipelines, and where the outputs differ. Built once from
// a Comparison; nothing here touches the main window's document. Two job graphs compare too (isGraph()): their
// differences are compare::GraphDifference, operator by operator, as `tidemark compare` lists them.
class ComparisonRuns : public QObject {
    Q_OBJECT

public:
    explicit ComparisonRuns(QObject* parent = nullptr);

    // Plays both runs to their end and compares them. Returns why they cannot be compared (different events,
    // a pipeline the engine refuses), or an empty string.
    QString load(const compare::Comparison& comparison);
    bool isLoaded() const { return m_loaded; }

    Session* session(compare::RunSide side) const { return m_sessions[index(side)]; }
    TimeCursor* cursor(compare::RunSide side) const { return m_cursors[index(side)]; }
    // What differs between the pipelines, A's values for A ("parallelism 1") and B's for B.
    QString label(compare::RunSide side) const;
    // The comparison's name, or "A vs B" from the labels.
    QString name() const;
    QString description() const;
    bool isGraph() const { return m_graph; }
    const std::vector<compare::Difference>& differences() const { return m_differences; }
    const compare::Difference& difference(int row) const { return m_differences[std::size_t(row)]; }
    const std::vector<compare::GraphDifference>& graphDifferences() const { return m_graphDifferences; }
    const compare::GraphDifference& graphDifference(int row) const { return m_graphDifferences[std::size_t(row)]; }
    int differenceCount() const { return int(m_graph ? m_graphDifferences.size() : m_differences.size()); }
    // Where a difference shows: the later of its two sides' processing times, so that both are visible.
    Timestamp differenceTime(int row) const;

private:
    static std::size_t index(compare::RunSide side) { return side == compare::RunSide::A ? 0 : 1; }

    std::array<Session*, 2> m_sessions {};
    std::array<TimeCursor*, 2> m_cursors {};
    compare::RunLabels m_labels;
    std::string m_name;
    std::string m_description;
    std::vector<compare::Difference> m_differences;
    std::vector<compare::GraphDifference> m_graphDifferences;
    bool m_graph = false;
    bool m_loaded = false;
};

} // namespace tidemark::app
