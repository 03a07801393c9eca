#include "engine/windowing/CoGroupWindowFunction.h"

#include <algorithm>

namespace tidemark {

void CoGroupWindowFunction::apply(
    KeyId, const TimeWindow&, std::span<const PaneElement> pane, std::vector<WindowResult>& results) const
{
    if (m_mode == Mode::CoGroup) {
        const auto firsts = std::count_if(pane.begin(), pane.end(), [](const PaneElement& e) { return e.side == 0; });
        WindowResult r;
        r.sides = std::array<std::int64_t, 2> {firsts, static_cast<std::int64_t>(pane.size()) - firsts};
        results.push_back(std::move(r));
        return;
    }
    std::vector<Timestamp> first;
    std::vector<Timestamp> second;
    for (const PaneElement& e : pane)
        (e.side == 0 ? first : second).push_back(e.ts);
    for (const Timestamp l : first) {
        for (const Timestamp r : second) {
            WindowResult pair;
            pair.sides = std::array<std::int64_t, 2> {l, r};
            results.push_back(std::move(pair));
        }
    }
}

std::string CoGroupWindowFunction::describe() const
{
    return m_mode == Mode::Join ? "join: (key, first ts, second ts) per pair"
                                : "coGroup: (key, first count, second count)";
}

} // namespace tidemark
