#include "app/timeline/TimelineImage.h"

#include "app/timeline/TimelineView.h"

#include <QCoreApplication>
#include <QImage>
#include <QImageWriter>
#include <QPainter>
#include <QSvgGenerator>

namespace tidemark::app {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::MainWindow)
};

} // namespace

bool writeTimelineImage(TimelineView& view, const QString& path, TimelineImageFormat format, const QString& title,
    const QString& description, QString* error)
{
    const QSize size = view.size();
    const QRect rect(QPoint(0, 0), size);
    if (format == TimelineImageFormat::Svg) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(size);
        generator.setViewBox(rect);
        generator.setTitle(title);
        generator.setDescription(description);
        QPainter painter;
        bool written = painter.begin(&generator);
        if (written) {
            view.paint(painter, rect);
            written = painter.end();
        }
        if (!written && error)
            *error = Text::tr("%1 could not be written.").arg(path);
        return written;
    }
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2.0);
    QPainter painter(&image);
    view.paint(painter, rect);
    painter.end();
    QImageWriter writer(path, "png");
    if (!writer.write(image)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, writer.errorString());
        return false;
    }
    return true;
}

} // namespace tidemark::app
