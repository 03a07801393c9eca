#pragma once

#include <QSize>

class QPainter;
class QWidget;

namespace tidemark::app {

// What the image and animation exports draw (TimelineImage, AnimationExport): a chain's timeline (TimelineView), or
// a job graph's strip over its lanes (GraphExportPicture). It draws itself as it is now, at its size, in the font
// and resolution of the widget it is shown in.
class ExportPicture {
public:
    virtual ~ExportPicture() = default;
    virtual QSize pictureSize() const = 0;
    // Draws the whole picture from (0, 0).
    virtual void paintPicture(QPainter& painter) = 0;
    virtual const QWidget& pictureWidget() const = 0;
};

} // namespace tidemark::app
