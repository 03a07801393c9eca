#pragma once

#include <QCoreApplication>

namespace tidemark::app {

// The timeline's texts keep one translation context, whichever of its files draws them.
struct TimelineText {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::TimelineView)
};

} // namespace tidemark::app
