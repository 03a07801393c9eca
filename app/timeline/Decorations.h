#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QRect>
#include <QRgb>
#include <QString>

#include <array>
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
// The row (from 0) of each legend item, wrapped between `left` and `right`: one rule for the footer's height and for
// painting it, so that a narrow view wraps onto as many rows as it needs rather than dropping entries.
std::vector<int> legendRows(
    const std::vector<LegendItem>& items, const QFontMetricsF& fm, double left, double right, double unit);

// Everything the background and the time axis draw, as plain values (exact, not fuzzy, equality): an equal
// picture draws equal pixels, which lets its image be kept from one paint to the next.
struct AxisPicture {
    struct Line {
        int x = 0;
        int top = 0;
        QRgb color = 0;
        bool operator==(const Line&) const = default;
    };
    struct Label {
        double x = 0;
        double y = 0;
        QString text;
        std::size_t afterLines = 0; // drawn after this many grid lines, as the ticks come
        bool operator==(const Label&) const = default;
    };
    QRect rect;
    QRgb background = 0;
    QFont tickFont;
    int gridBottom = 0;
    std::vector<Line> lines;
    std::vector<Label> labels;
    QRgb labelColor = 0;
    std::array<double, 4> gutter {}; // left, top, width, height
    std::array<double, 4> titleBox {};
    QFont titleFont;
    QRgb titleColor = 0;
    QString title;
    double labelScale = 1.0;
    double pixelRatio = 1.0;
    int dpiX = 0;
    int dpiY = 0;
    int hints = 0;
    bool operator==(const AxisPicture&) const = default;
};

// What frames the data: the time axis with its grid, the highlight of what the pointer is on, the legend.
class DecorationPainter {
public:
    DecorationPainter(QPainter& painter, const TimelineFrame& frame, const TimelineScene& scene, PaintCache& cache);
    // The background and the time axis with its grid, from the image of the last paint when they are the same.
    void paintBackgroundAndAxis(const QRect& rect);
    void paintHighlight();
    void paintLegend();

private:
    void paintSymbol(const LegendItem& item, const QPointF& at);
    void drawAxis(QPainter& q, const AxisPicture& a);

    QPainter& p;
    const TimelineFrame& f;
    const TimelineScene& m_scene;
    PaintCache& m_cache;
};

} // namespace tidemark::app
