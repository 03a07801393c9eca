#include "app/timeline/TimelineImage.h"

#include "app/timeline/ExportPicture.h"

#include <QWidget>

#include <QBuffer>
#include <QImageWriter>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace tidemark::app {

QImage timelineImage(ExportPicture& view, qreal pixelRatio)
{
    const QRect rect(QPoint(0, 0), view.pictureSize());
    QImage image((QSizeF(rect.size()) * pixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(pixelRatio);
    QPainter painter(&image);
    view.paintPicture(painter);
    painter.end();
    return image;
}

QByteArray timelineSvg(ExportPicture& view, const QString& title, const QString& description)
{
    const QRect rect(QPoint(0, 0), view.pictureSize());
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(rect.size());
    generator.setViewBox(rect);
    // at the screen's resolution (QSvgGenerator assumes 72 dpi) text has the size it has on screen, and labels are
    // fitted and shortened as they are there
    generator.setResolution(view.pictureWidget().logicalDpiX());
    generator.setTitle(title);
    generator.setDescription(description);
    QPainter painter(&generator);
    view.paintPicture(painter);
    painter.end();
    return buffer.data();
}

bool writeTimelineImage(ExportPicture& view, const QString& path, TimelineImageFormat format, const QString& title,
    const QString& description, QString* error)
{
    QString why;
    if (format == TimelineImageFormat::Svg) {
        // QSaveFile: an existing file is replaced only once the new one is complete
        QSaveFile file(path);
        if (file.open(QIODevice::WriteOnly) && file.write(timelineSvg(view, title, description)) >= 0 && file.commit())
            return true;
        why = file.errorString();
    } else {
        QImageWriter writer(path, "png");
        if (writer.write(timelineImage(view)))
            return true;
        why = writer.errorString();
    }
    if (error)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return false;
}

} // namespace tidemark::app
