#include "app/Desktop.h"

#include <QImage>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

#ifndef TIDEMARK_APP_ID
#error "TIDEMARK_APP_ID must be defined by the build"
#endif

namespace tidemark::app {

QString desktopFileName()
{
    return QStringLiteral(TIDEMARK_APP_ID);
}

QIcon applicationIcon()
{
    QIcon rendered;
    QSvgRenderer svg(QStringLiteral(":/icons/tidemark.svg"));
    if (svg.isValid()) {
        for (const int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
            QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            svg.render(&painter);
            painter.end();
            rendered.addPixmap(QPixmap::fromImage(image));
        }
    }
    return QIcon::fromTheme(desktopFileName(), rendered);
}

} // namespace tidemark::app
