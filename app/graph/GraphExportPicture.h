#pragma once

#include "app/timeline/ExportPicture.h"

namespace tidemark::app {

class GraphLanes;
class GraphStrip;

// A job graph's picture for the image and animation exports: its strip as shown, over all its lanes (the rows the
// scroll area hides too), as wide as the window shows them.
class GraphExportPicture final : public ExportPicture {
public:
    GraphExportPicture(const GraphStrip& strip, const GraphLanes& lanes)
        : m_strip(strip)
        , m_lanes(lanes)
    { }

    QSize pictureSize() const override;
    void paintPicture(QPainter& painter) override;
    const QWidget& pictureWidget() const override;

private:
    int lanesHeight() const;

    const GraphStrip& m_strip;
    const GraphLanes& m_lanes;
};

} // namespace tidemark::app
