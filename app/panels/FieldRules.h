#pragma once

#include "engine/io/PipelineRules.h"

#include <QSpinBox>

#include <algorithm>
#include <limits>
#include <string_view>

namespace tidemark::app {

// A spin box for a field of the pipeline takes its range from the rule table (engine/io/PipelineRules.h), within
// what a QSpinBox holds. `allowUnset`: the field's 0 means "not used by this choice" (a tumbling window's slide),
// so 0 stays reachable and the rule table answers when the choice needs the field.
inline void setRangeFromRules(QSpinBox* spin, std::string_view path, bool allowUnset = false)
{
    const rules::NumberLimit& limit = rules::limitOf(path);
    constexpr std::int64_t lowest = std::numeric_limits<int>::min();
    constexpr std::int64_t highest = std::numeric_limits<int>::max();
    const std::int64_t min = allowUnset ? std::min<std::int64_t>(limit.min, 0) : limit.min;
    spin->setRange(int(std::clamp(min, lowest, highest)), int(std::clamp(limit.max, lowest, highest)));
}

} // namespace tidemark::app
