#include "app/document/GraphDocument.h"

#include "engine/output/GraphOutputFormat.h"

namespace tidemark::app {

GraphDocument::GraphDocument(Scenario scenario, TimeFormatter times)
    : m_scenario(std::move(scenario))
    , m_player(m_scenario)
    , m_picture(m_player.run())
    , m_holds(std::make_unique<GraphHolds>(m_player.run(), std::move(times)))
    , m_lines(output::graphOutputLines(m_player.run(), m_scenario))
{ }

} // namespace tidemark::app
