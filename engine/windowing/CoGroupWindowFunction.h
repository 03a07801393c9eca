#pragma once

#include "engine/windowing/WindowFunction.h"

namespace tidemark {

// The window function Flink's CoGroupedStreams applies to the union of its two tagged inputs
// (CoGroupedStreams.CoGroupWindowFunction): the pane split by input, each side in pane order, handed to the user's
// function. Tidemark's two functions are the ones a teacher shows:
//  * Join (JoinedStreams' JoinCoGroupFunction): every first-input record with every second-input record, first
//    input outermost; a window with records of one side only puts out nothing. Each pair's result is the two
//    records' timestamps.
//  * CoGroup: one result per firing, each side's record count, also when one side is empty (what a join leaves
//    out).
class CoGroupWindowFunction final : public WindowFunction {
public:
    enum class Mode : std::uint8_t { Join, CoGroup };
    explicit CoGroupWindowFunction(Mode mode)
        : m_mode(mode)
    { }
    void apply(KeyId key, const TimeWindow& window, std::span<const PaneElement> pane,
        std::vector<WindowResult>& results) const override;
    std::string describe() const override;
    // A join's function is called once per pair, with its two records.
    std::size_t recordsPerResult(std::size_t pane) const override { return m_mode == Mode::Join ? 2 : pane; }

private:
    Mode m_mode;
};

} // namespace tidemark
