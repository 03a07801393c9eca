#include "app/graph/GraphExportPicture.h"

#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"

#include <QPainter>

#include <algorithm>

namespace tidemark::app {

int GraphExportPicture::lanesHeight() const
{
    return m_lanes.sizeHint().height();
}

QSize GraphExportPicture::pictureSize() const
{
    return {std::max(m_strip.width(), m_lanes.width()), m_strip.height() + lanesHeight()};
}

void GraphExportPicture::paintPicture(QPainter& painter)
{
    const int width = pictureSize().width();
    painter.save();
    painter.setClipRect(QRect(0, 0, width, m_strip.height()));
    m_strip.paint(painter);
    painter.restore();
    painter.save();
    painter.translate(0, m_strip.height());
    painter.setClipRect(QRect(0, 0, width, lanesHeight()));
    m_lanes.paint(painter);
    painter.restore();
}

const QWidget& GraphExportPicture::pictureWidget() const
{
    return m_lanes;
}

} // namespace tidemark::app
