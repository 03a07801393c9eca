#pragma once

#include "app/timeline/ExportPicture.h"
#include "app/timeline/PaintCache.h"
#include "app/timeline/TimeScale.h"
#include "app/timeline/TimelineFrame.h"
#include "app/timeline/TimelineScene.h"

#include <QWidget>

#include <optional>

namespace tidemark::app {

class FlinkVerification;

class Session;
class Theme;
class TimeCursor;

// The centre of the app: event time left to right; window bands per key above, one lane per
// watermark channel below, the operator watermark as a full-height line (per window subtask when W > 1).
// The view handles events, zoom and pan, and hit-testing; what goes where is a TimelineScene built from
// the frame before anything is drawn, and each layer has its painter (RecordLanePainter,
// WindowBandPainter, WatermarkPainter, DecorationPainter). It draws only what is visible.
class TimelineView : public QWidget, public ExportPicture {
    Q_OBJECT

public:
    using Hit = TimelineHit;

    TimelineView(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    TimeScale scale() const;
    bool showPending() const { return m_options.showPending; }
    QString keyFilter() const { return m_options.keyFilter; }

    // Draws the whole view into any paint device (export, screenshots, benchmarks).
    void paint(QPainter& p, const QRect& rect);
    QSize pictureSize() const override { return size(); }
    void paintPicture(QPainter& painter) override { paint(painter, rect()); }
    const QWidget& pictureWidget() const override { return *this; }

    QSize sizeHint() const override { return {1200, 560}; }
    QSize minimumSizeHint() const override { return {400, 240}; }

    // What is under a point (for tooltips, clicks and tests).
    Hit hitAt(const QPointF& pos) const;
    // The operator-watermark lines as the view shows them now.
    const std::vector<OperatorWatermarkLine>& operatorWatermarkLines() const { return scene().operatorLines; }
    // The record lanes as the view shows them now, and their height.
    const std::vector<RecordLane>& recordLanes() const { return scene().lanes; }
    double laneHeight() const { return scene().layout.laneHeight; }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void fitAll();
    void setShowPending(bool show);
    // Marks each fire Flink agreed with, or not (Verify with Flink); null for none.
    void setVerification(const FlinkVerification* verification);
    void setKeyFilter(const QString& filter);
    void setCollapsed(bool collapsed);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void onRunChanged();
    void onRunExtended();
    void onStepChanged();
    void followIfNeeded();
    void setOptions(const TimelineOptions& options);
    TimelineFrame frame() const;
    // The scene of the widget's own rect, built again only when something it depends on changed.
    const TimelineScene& scene() const;
    void paintScene(QPainter& p, const TimelineFrame& frame, const TimelineScene& scene, const QRect& rect);

    // What a scene depends on besides the run (which bumps the generation).
    struct SceneKey {
        QRect rect;
        std::uint64_t generation = 0;
        int step = 0;
        double visibleStart = 0.0;
        double visibleEnd = 0.0;
        double unit = 1.0;
        TimelineOptions options;
        bool operator==(const SceneKey&) const = default;
    };
    SceneKey sceneKey(const QRect& rect) const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    TimelineOptions m_options;
    std::size_t m_recordsSeen = 0; // a live run's first records fit the view
    TimelineRunIndex m_index;
    std::uint64_t m_generation = 0; // bumped when the run or the font changes
    mutable std::optional<TimelineScene> m_scene;
    mutable SceneKey m_sceneKey;
    PaintCache m_paintCache;
    std::optional<QPointF> m_dragFrom;
    double m_dragStartTime = 0.0;
    bool m_dragged = false;
    bool m_firstRun = true;
    const FlinkVerification* m_verification = nullptr;
};

} // namespace tidemark::app
