#include "app/compare/ComparisonRuns.h"

#include "app/Translations.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <algorithm>
#include <exception>

namespace tidemark::app {

using compare::RunSide;

ComparisonRuns::ComparisonRuns(QObject* parent)
    : QObject(parent)
{
    for (std::size_t i = 0; i < 2; ++i) {
        m_sessions[i] = new Session(this);
        m_cursors[i] = new TimeCursor(m_sessions[i], this);
    }
}

QString ComparisonRuns::load(const compare::Comparison& comparison)
{
    m_loaded = false;
    m_differences.clear();
    m_graphDifferences.clear();
    if (const auto why = compare::eventsDiffer(comparison.a, comparison.b))
        return tr("The two runs cannot be compared: %1").arg(QString::fromStdString(*why));
    for (const RunSide side : {RunSide::A, RunSide::B}) {
        Scenario scenario = comparison.scenario(side);
        // a lesson's "predict" marker would hold one run back while the shared cursor moves the other
        scenario.lesson.clear();
        const QString refused = session(side)->setScenario(std::move(scenario), QString(), 0);
        if (!refused.isEmpty())
            return tr("Run %1 cannot be played: %2").arg(runLetter(side)).arg(refused);
    }
    const Session& a = *session(RunSide::A);
    const Session& b = *session(RunSide::B);
    m_graph = a.hasGraph();
    try {
        if (m_graph)
            m_graphDifferences = compare::compareGraphRuns(a.graph().run(), b.graph().run());
        else
            m_differences = compare::compareRuns(a.scenario(), a.trace(), b.scenario(), b.trace());
    } catch (const std::exception& e) {
        return tr("The two runs cannot be compared: %1").arg(QString::fromUtf8(e.what()));
    }
    m_labels = compare::describeDifference(comparison.a, comparison.b);
    m_name = comparison.name;
    m_description = comparison.description;
    m_loaded = true;
    return {};
}

Timestamp ComparisonRuns::differenceTime(int row) const
{
    Timestamp t = kMinTimestamp;
    if (m_graph) {
        const compare::GraphDifference& d = graphDifference(row);
        for (const compare::GraphDifference::Side* s : {&d.a, &d.b}) {
            if (s->output)
                t = std::max(t, s->processingTime);
        }
        return t;
    }
    const compare::Difference& d = difference(row);
    for (const compare::DifferenceSide* s : {&d.a, &d.b}) {
        if (s->hasStep())
            t = std::max(t, s->processingTime);
    }
    return t;
}

QString ComparisonRuns::label(RunSide side) const
{
    return QString::fromStdString(m_labels.label(side));
}

QString ComparisonRuns::name() const
{
    if (!m_name.empty())
        return exampleName(QString::fromStdString(m_name));
    return tr("%1 vs %2").arg(label(RunSide::A), label(RunSide::B));
}

QString ComparisonRuns::description() const
{
    return exampleDescription(QString::fromStdString(m_description));
}

} // namespace tidemark::app
