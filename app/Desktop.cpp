#include "app/Desktop.h"

#include "app/IconImage.h"

#include <QPixmap>

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
        for (const int size : {16, 22, 24, 32, 48, 64, 128, 256})
            rendered.addPixmap(QPixmap::fromImage(renderIcon(svg, size)));
    }
    return QIcon::fromTheme(desktopFileName(), rendered);
}

} // namespace tidemark::app
