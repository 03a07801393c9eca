#include "engine/windowing/CoGroupWindowFunction.h"

namespace tidemark {

void CoGroupWindowFunction::apply(
    KeyId, const TimeWindow&, std::span<const PaneElement> pane, std::vector<WindowResult>& results) const
{
    std::vector<Timestamp> first;
    std::vector<Timestamp> second;
    for (const PaneElement& e : pane)
        (e.side == 0 ? first : second).push_back(e.ts);
    if (m_mode == Mode::CoGroup) {
        WindowResult r;
        r.sides = std::array<std::int64_t, 2> {
            static_cast<std::int64_t>(first.size()), static_cast<std::int64_t>(second.size())};
        results.push_back(std::move(r));
        return;
    }
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
