#pragma once

#include <QCoreApplication>
#include <QString>

#include <vector>

class QFontMetricsF;
class QPainter;
class QPointF;

namespace tidemark::app {

class PaintCache;
class Session;
struct TimelineFrame;
struct TimelineScene;

// One entry of the legend under the lanes: its symbol and its text.
struct LegendItem {
    enum class Symbol : std::uint8_t {
        Key,
        MoreKeys,
        NotArrived,
        LateRefired,
        LateDropped,
        LateSideOutput,
        ChannelWatermark,
        Fire,
        LateFire,
        AllowedLateness
    };
    Symbol symbol = Symbol::Key;
    int key = 0; // for Symbol::Key
    QString text;
};

// The legend of this run: its keys (up to eight), the record states, the markers.
std::vector<LegendItem> legendItems(const Session& session);
// Whether the legend needs a second row between plot.left and right (the footer then grows to hold it).
bool legendWraps(const std::vector<LegendItem>& items, const QFontMetricsF& fm, double left, double right, double unit);

// What frames the data: the time axis with its grid, the highlight of what the pointer is on, the legend.
class DecorationPainter {
public:
    DecorationPainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache);
    void paintAxis();
    void paintHighlight();
    void paintLegend();

private:
    void paintSymbol(const LegendItem& item, const QPointF& at);

    QPainter& p;
    const TimelineFrame& f;
    const TimelineScene& m_scene;
    PaintCache& m_cache;
};

} // namespace tidemark::app
