#pragma once

#include <QString>

namespace tidemark::app {

class TimelineView;

enum class TimelineImageFormat { Png, Svg };

// The timeline as it is on screen, into a file: PNG at twice the pixels (sharp on slides and in print), or
// SVG with real lines and text. `title` and `description` name the SVG document. Returns false, with the
// reason in `error` when given, if the file cannot be written.
bool writeTimelineImage(TimelineView& view, const QString& path, TimelineImageFormat format, const QString& title,
    const QString& description, QString* error = nullptr);

} // namespace tidemark::app
