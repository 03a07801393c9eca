#pragma once

#include "app/timeline/TimeScale.h"
#include "engine/core/Time.h"

#include <QWidget>

#include <set>
#include <vector>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// A job graph's timeline, its lanes grouped per vertex of the strip: a source's channels with the records that have
// arrived on each and each channel's watermark; an operator's inputs, each with what reached it (a source's records,
// or what the operator before it put out: a window's results at end − 1, a join's pairs at their timestamp) and
// its valve's watermark (the lowest over its subtasks; grey when idle); then each subtask's event time, with what it
// put out: fired windows as bands with their counts, join pairs, a process function's records, late and dropped
// records marked where they were. Event time runs left to right on the cursor's visible range. The vertex selected
// in the strip comes first; a click on a group's heading folds it.
class GraphLanes : public QWidget {
    Q_OBJECT

public:
    GraphLanes(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    // The rows as drawn, top to bottom ("orders · channel 0", "paid · input 2", "paid · subtask 0"), with the
    // watermark at the cursor where the row has one: for tests and the text recorder.
    QStringList rowTexts() const;
    void setCollapsed(int stream, bool collapsed);
    bool isCollapsed(int stream) const { return m_collapsed.count(stream) > 0; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    // A row: a group's heading (kind Heading), or one lane of it.
    struct Row {
        enum class Kind : std::uint8_t { Heading, Channel, Input, Subtask };
        Kind kind = Kind::Heading;
        int stream = 0;
        int index = 0; // channel (global), input, or subtask
    };
    void rebuild();
    void layoutRows();
    void fitAll();
    TimeScale scale() const;
    QString rowLabel(const Row& row) const;
    Timestamp rowWatermark(const Row& row, bool* idle) const;
    void paintRow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    std::vector<Row> m_rows;
    std::set<int> m_collapsed; // streams whose group is folded
    std::vector<std::int16_t> m_arrivalChannel; // by arrival rank: its source's channel it went to (-1: none)
    double m_dragX = -1;
    double m_gutter = 190; // the row labels' width
};

} // namespace tidemark::app
