#include "engine/io/JsonLineFields.h"

namespace tidemark::io::detail {

void JsonLineFields::mapFields(const EventFileSpec& spec)
{
    m_paths.assign(1, PathNode {});
    const auto add = [&](std::string_view path, std::size_t slot) {
        std::size_t node = 0;
        while (true) {
            const auto dot = path.find('.');
            const auto segment = path.substr(0, dot);
            std::size_t child = 0;
            for (const auto& [name, index] : m_paths[node].children) {
                if (name == segment)
                    child = index;
            }
            if (child == 0) {
                child = m_paths.size();
                m_paths[node].children.emplace_back(std::string(segment), child);
                m_paths.emplace_back();
            }
            node = child;
            if (dot == std::string_view::npos)
                break;
            path.remove_prefix(dot + 1);
        }
        m_paths[node].slots.push_back(slot);
    };
    add(spec.ts.name, kTs);
    for (const OptionalField& f : kOptionalFields) {
        if (const auto& ref = spec.*f.member)
            add(ref->name, f.slot);
    }
    for (std::size_t i = 0; i < spec.key.size(); ++i)
        add(spec.key[i].name, kFixedSlots + i);
    add("watermark", kWatermark);
    add("channel", kWatermarkChannel);
    add("arrival", kWatermarkArrival);
}

} // namespace tidemark::io::detail
