#pragma once

#include "app/timeline/Decorations.h"

#include <QImage>
#include <QStaticText>
#include <QStringList>

#include <map>
#include <utility>

class QFontMetricsF;
class QPainter;
class QPointF;

namespace tidemark::app {

// What painting keeps from one paint to the next, and only painting reads: laid-out label texts, the
// scratch image of the dense lanes' bars, and the image of the background and axis.
class PaintCache {
public:
    // Draws the first of `choices` (longest first) that fits `maxWidth`, or nothing when none does.
    // Window labels repeat (the same windows for every key, "2 record(s)"): laid-out text is cached per
    // (font slot, text), so a paint of a hundred windows does not shape a hundred strings.
    void drawLabel(QPainter& p, const QPointF& topLeft, const QStringList& choices, const QFontMetricsF& fm,
        double maxWidth, int fontSlot, double scale);

    // An image at least this large, reused from paint to paint.
    QImage& scratch(int width, int height);

    // The background and axis as last drawn, and what they showed.
    struct AxisLayer {
        AxisPicture picture;
        QImage image;
    };
    AxisLayer& axisLayer() { return m_axis; }

private:
    std::map<std::pair<int, QString>, std::pair<QStaticText, double>> m_labels;
    double m_labelScale = 1.0;
    QImage m_scratch;
    AxisLayer m_axis;
};

} // namespace tidemark::app
