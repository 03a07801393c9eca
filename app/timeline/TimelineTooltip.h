#pragma once

#include "app/timeline/TimelineScene.h"

#include <QString>

namespace tidemark::app {

class Session;

// The tooltip of what is under the pointer, in rich text: a record's values and fate, a window's state
// and fires, a fire, a channel's or the operator's watermark. Empty for nothing.
QString timelineTooltip(const Session& session, const TimelineHit& hit);

} // namespace tidemark::app
