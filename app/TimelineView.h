#pragma once

#include "app/TimeScale.h"
#include "engine/player/Trace.h"

#include <QImage>
#include <QPointer>
#include <QStaticText>
#include <QWidget>

#include <map>
#include <optional>
#include <tuple>
#include <vector>

class QFontMetricsF;
class QItemSelectionModel;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// The centre of the app: event time left to right; window bands per key above, one lane per
// watermark channel below, the operator watermark as a full-height line (per window subtask when W > 1).
// One QPainter widget: it draws only what is visible (binary search over the trace's lanes) and, where
// records are denser than the pixels, counts them per (lane, pixel column) instead of drawing each one.
class TimelineView : public QWidget {
    Q_OBJECT

public:
    TimelineView(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    // Rows of the records table and of the windows table: clicking here selects there and back.
    void setSelectionModels(QItemSelectionModel* records, QItemSelectionModel* windows);

    TimeScale scale() const;
    bool showPending() const { return m_showPending; }
    QString keyFilter() const { return m_keyFilter; }

    // Draws the whole view into any paint device (export, screenshots, benchmarks).
    void paint(QPainter& p, const QRect& rect);

    QSize sizeHint() const override { return {1200, 560}; }
    QSize minimumSizeHint() const override { return {400, 240}; }

    // What is under a point (for tooltips, clicks and tests).
    struct Hit {
        enum class Kind : std::uint8_t { None, Record, Window, ChannelWatermark, OperatorWatermark, Fire, Lane };
        Kind kind = Kind::None;
        RecordIndex record = kNoRecord;
        int channel = -1;
        int subtask = -1;
        KeyId key = kNoKey;
        TimeWindow window;
        std::size_t fire = 0; // index into trace().fires()
        QRectF rect;
    };
    Hit hitAt(const QPointF& pos) const;

    // The operator-watermark lines of the last paint: one per distinct value among the window subtasks
    // (one line when W = 1). x is NaN when the value is out of view (the label then points to it).
    struct OperatorWatermarkLine {
        std::vector<int> subtasks;
        Timestamp watermark = kMinTimestamp;
        double x = 0.0;
        QString label;
        QRectF labelRect;
    };
    const std::vector<OperatorWatermarkLine>& operatorWatermarkLines() const { return m_operatorLines; }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void fitAll();
    void setShowPending(bool show);
    void setKeyFilter(const QString& filter);
    void setCollapsed(bool collapsed);

Q_SIGNALS:
    void recordClicked(tidemark::RecordIndex record);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct RowSet {
        int subtask = 0;
        KeyId key = kNoKey;
        int rows = 1;
        double top = 0.0;
        double rowHeight = 0.0;
    };
    struct Layout {
        QRectF plot; // the time area right of the gutter
        double gutter = 0.0;
        double axisTop = 0.0;
        double axisHeight = 0.0;
        double windowsTop = 0.0;
        double windowsHeight = 0.0;
        std::vector<RowSet> rowSets;
        int hiddenRowSets = 0;
        double lanesTop = 0.0;
        double laneHeight = 0.0;
        int lanes = 0;
        double footerTop = 0.0;
        double bottom = 0.0; // of the whole view: what is below is not seen
    };

    void onRunChanged();
    void onStepChanged();
    void followIfNeeded();
    Layout layoutFor(const QRect& rect) const;
    int rowsPerKey() const;
    int rowOfWindow(const TimeWindow& w) const;
    double s(double v) const; // scaled by presenter mode
    QFont font(double points, bool bold = false) const;

    void paintAxis(QPainter& p, const Layout& l, const TimeScale& sc);
    void paintWindows(QPainter& p, const Layout& l, const TimeScale& sc);
    void paintLanes(QPainter& p, const Layout& l, const TimeScale& sc);
    void paintRecords(QPainter& p, const Layout& l, const TimeScale& sc, int channel, double laneTop);
    void paintWatermarks(QPainter& p, const Layout& l, const TimeScale& sc);
    void paintLegend(QPainter& p, const Layout& l);
    void paintHighlight(QPainter& p, const Layout& l, const TimeScale& sc);

    void drawLabel(QPainter& p, const QPointF& topLeft, const QStringList& choices, const QFontMetricsF& fm,
        double maxWidth, int fontSlot);
    void selectRecord(RecordIndex r);
    void selectWindow(int subtask, KeyId key, const TimeWindow& w);
    QString tooltipFor(const Hit& hit) const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QPointer<QItemSelectionModel> m_recordSelection;
    QPointer<QItemSelectionModel> m_windowSelection;
    bool m_showPending = true;
    bool m_collapsed = false;
    QString m_keyFilter;
    std::vector<Hit> m_hits; // filled by the last paint, for hit testing
    std::vector<OperatorWatermarkLine> m_operatorLines; // likewise
    std::optional<QPointF> m_dragFrom;
    double m_dragStartTime = 0.0;
    bool m_dragged = false;
    RecordIndex m_selectedRecord = kNoRecord;
    bool m_firstRun = true;
    std::map<std::pair<KeyId, int>, StepIndex> m_firstFireOfKey;
    double m_maxWindowSpan = 0.0;
    std::vector<std::vector<Timestamp>> m_laneTs; // per channel lane, sorted event times
    std::vector<std::vector<StepIndex>> m_laneArrival; // the arrival step of each, in the same order
    std::map<std::pair<int, QString>, std::pair<QStaticText, double>> m_labelCache; // (font slot, text) → laid out
    double m_labelCacheScale = 1.0;
    QImage m_barImage; // scratch for the dense lanes' bars, reused from paint to paint
    bool m_legendTwoRows = false; // measured by the last paint; the footer grows to hold the second row
};

} // namespace tidemark::app
