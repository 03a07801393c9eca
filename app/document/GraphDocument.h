#pragma once

#include "engine/core/Scenario.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/GraphHolds.h"
#include "engine/player/GraphPicture.h"
#include "engine/player/GraphPlayer.h"
#include "engine/player/JoinRecordWhy.h"
#include "engine/player/TimeFormat.h"

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace tidemark::app {

// A job graph's scenario and its recorded run, with what the app reads of it besides the player: the picture at
// the cursor's step (GraphPicture), the holds behind it (GraphHolds) and every output as `tidemark run` prints it.
// The session holds one when the document is a graph, as it holds a Player for a chain.
class GraphDocument {
public:
    // Throws what GraphRun throws (RunRefusedError beyond the run's budget).
    GraphDocument(Scenario scenario, TimeFormatter times);

    const Scenario& scenario() const { return m_scenario; }
    const JobGraph& graph() const { return *m_scenario.graph; }
    GraphPlayer& player() { return m_player; }
    const GraphPlayer& player() const { return m_player; }
    const GraphRun& run() const { return m_player.run(); }
    const StreamGraph& streams() const { return m_player.state().streams(); }
    const GraphPicture& picture() const { return m_picture; }
    const GraphHolds& holds() const { return *m_holds; }
    // Every operator subtask's hold at the player's current step.
    std::vector<GraphHold> currentHolds() const { return m_holds->at(m_player.state(), m_player.current()); }
    // The run's outputs()[i] as printed (with its operator's print prefix, "paid> (o1,1000,1800) …"), written when
    // asked: a large run's lines would take more memory than its trace.
    std::string outputText(std::size_t i) const;
    // Why a record that reached an interval join's input was or was not paired (explainJoinRecord), kept for the
    // last record asked about: the lanes and the Why (not)? panel ask for the selected one at every step.
    const JoinRecordWhy* joinRecordWhy(int stream, int input, std::size_t rank) const;
    // A stream's name: its source's or operator's.
    const std::string& streamName(int stream) const { return streams().node(stream).name; }

private:
    Scenario m_scenario; // before the player, which refers to it
    GraphPlayer m_player;
    GraphPicture m_picture;
    std::unique_ptr<GraphHolds> m_holds;
    output::TextTimes m_times;
    mutable std::optional<std::tuple<int, int, std::size_t>> m_joinAsked;
    mutable std::optional<JoinRecordWhy> m_joinWhy;
};

} // namespace tidemark::app
