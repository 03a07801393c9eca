#pragma once

#include "app/document/FlinkVerification.h"
#include "app/timeline/TimelineScene.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>

class QPainter;

namespace tidemark::app {

class PaintCache;

// The upper part of the timeline: a row set per key (gutter label, separator) and a band per window, the
// band's colour its state, its text the window and what it holds or produced, a flag per fire on its end.
// Where the bands go is decided before, by windowBands(); this only draws them.
class WindowBandPainter {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::TimelineView)

public:
    WindowBandPainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache);
    void paint();

private:
    void paintRowSets();
    void paintTinyMarks();
    void paintBand(const WindowBand& band);
    QStringList secondLine(const WindowBand& band) const;
    void paintVerification(FlinkVerification::Mark mark, const QRectF& flag);

    QPainter& p;
    const TimelineFrame& f;
    const TimelineScene& m_scene;
    PaintCache& m_cache;
    // fonts and their metrics once per paint: building QFontMetrics per window costs more than drawing it
    const QFont m_bigFont;
    const QFont m_smallFont;
    const QFont m_secondFont;
    const QFont m_secondBold;
    const QFontMetricsF m_bigFm;
    const QFontMetricsF m_smallFm;
    const QFontMetricsF m_secondFm;
    const QFontMetricsF m_secondBoldFm;
    const DurationMs m_utcOffset;
};

} // namespace tidemark::app
