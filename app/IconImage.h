#pragma once

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

namespace tidemark::app {

// The app's SVG icon drawn at size × size with a transparent background: the window icon (Desktop.cpp) and
// the installed hicolor PNGs (tools/render_icon.cpp) are made by this one function, so they cannot differ.
inline QImage renderIcon(QSvgRenderer& svg, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    return image;
}

} // namespace tidemark::app
