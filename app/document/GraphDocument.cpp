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

const JoinRecordWhy* GraphDocument::joinRecordWhy(int stream, int input, std::size_t rank) const
{
    const auto asked = std::make_tuple(stream, input, rank);
    if (m_joinAsked != asked) {
        m_joinAsked = asked;
        m_joinWhy = explainJoinRecord(run(), m_picture, stream, input, rank);
    }
    return m_joinWhy ? &*m_joinWhy : nullptr;
}

} // namespace tidemark::app
