#include "app/document/GraphDocument.h"

#include "engine/output/GraphOutputFormat.h"

namespace tidemark::app {

GraphDocument::GraphDocument(Scenario scenario, TimeFormatter times)
    : m_scenario(std::move(scenario))
    , m_player(m_scenario, GraphRun::kSeekingSnapshots)
    , m_picture(m_player.run())
    , m_holds(std::make_unique<GraphHolds>(m_player.run(), times))
    , m_times(times)
{ }

std::string GraphDocument::outputText(std::size_t i) const
{
    return output::graphOutputText(m_player.run(), m_scenario, i, m_times);
}

} // namespace tidemark::app
