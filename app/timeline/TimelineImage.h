#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace tidemark::app {

class ExportPicture;

enum class TimelineImageFormat { Png, Svg };

// The one home of drawing the timeline (or a job graph's picture) into an image: the PNG and SVG exports and the
// animation's frames all come from these two.
// The picture as it is now, at `pixelRatio` times its pixels (2: sharp on slides and in print).
QImage timelineImage(ExportPicture& view, qreal pixelRatio = 2.0);
// The picture as it is now as an SVG document, with real lines and text; `title` and `description` name it.
QByteArray timelineSvg(ExportPicture& view, const QString& title, const QString& description);

// The picture as it is on screen, into a file: PNG at twice the pixels, or SVG. Returns false, with the reason
// in `error` when given, if the file cannot be written.
bool writeTimelineImage(ExportPicture& view, const QString& path, TimelineImageFormat format, const QString& title,
    const QString& description, QString* error = nullptr);

} // namespace tidemark::app
