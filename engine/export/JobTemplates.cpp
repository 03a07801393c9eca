#include "engine/export/JobTemplates.h"

#include <algorithm>
#include <stdexcept>

namespace tidemark::flinkjob {

std::string filledTemplate(
    std::string_view name, std::initializer_list<std::pair<std::string_view, std::string_view>> values)
{
    const std::string_view text = jobTemplateText(name);
    if (text.empty())
        throw std::logic_error("no job template " + std::string(name));
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find('@', at);
        const std::size_t close = open == std::string_view::npos ? open : text.find('@', open + 1);
        const std::string_view key
            = close == std::string_view::npos ? std::string_view() : text.substr(open + 1, close - open - 1);
        const bool placeholder
            = !key.empty() && key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == std::string_view::npos;
        if (!placeholder) { // Java's @Override, or the text's end
            const std::size_t next = open == std::string_view::npos ? text.size() : open + 1;
            out.append(text.substr(at, next - at));
            at = next;
            continue;
        }
        out.append(text.substr(at, open - at));
        const auto* given = std::find_if(values.begin(), values.end(), [key](const auto& v) { return v.first == key; });
        if (given == values.end())
            throw std::logic_error("job template " + std::string(name) + " needs @" + std::string(key) + "@");
        out.append(given->second);
        at = close + 1;
    }
    for (const auto& v : values) {
        if (text.find("@" + std::string(v.first) + "@") == std::string_view::npos)
            throw std::logic_error("job template " + std::string(name) + " has no @" + std::string(v.first) + "@");
    }
    return out;
}

} // namespace tidemark::flinkjob
