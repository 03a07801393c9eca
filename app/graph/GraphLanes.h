#pragma once

#include "app/document/TimeCursor.h"
#include "app/timeline/TimeScale.h"
#include "engine/core/Record.h"
#include "engine/core/Time.h"
#include "engine/player/GraphPicture.h"
#include "engine/player/StepList.h"

#include <QWidget>

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// A job graph's timeline, its lanes grouped per vertex of the strip: a source's channels with the records that have
// arrived on each and each channel's watermark (a Kafka source's readers each followed by the partitions it reads,
// with per-partition watermarks: each one's records and its split's watermark, the one holding its reader marked); an
// operator's inputs, each with what reached it (a source's records, or what the operator before it put out: a window's
// results at end − 1, a join's pairs at their timestamp) and its valve's watermark (the lowest over its subtasks; grey
// when idle); then each subtask's event time, with what it put out: fired windows as bands with their counts, join
// pairs, a process function's records, late and dropped records marked where they were; windows still collecting
// (dashed, with what each key has so far) and a process function's timers waiting at the cursor's step, each at its
// time. While a process subtask's timers are of few keys, each key has a lane of its own under the subtask's: every
// timer it registered, from the event time it was registered at to its time, waiting, fired or deleted by the cursor's
// step. A click on a window selects it. Event time runs left to right on the cursor's visible range. A click on a
// record of an interval join's input selects it: the other input shows the times it pairs with. The vertex selected in
// the strip comes first; a click on a group's heading folds it.
class GraphLanes : public QWidget {
    Q_OBJECT

public:
    GraphLanes(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    // Draws every row, as the widget shows them, from (0, 0) down to sizeHint()'s height (exports, screenshots).
    void paint(QPainter& p) const;
    // The rows as drawn, top to bottom ("orders · channel 0", "paid · input 2", "paid · subtask 0"), with the
    // watermark at the cursor where the row has one: for tests and the text recorder.
    QStringList rowTexts() const;
    // Where a subtask's lane is drawn (its event-time part, right of the labels), to click in tests; empty when not.
    QRectF subtaskLane(int stream, int subtask) const;
    QRectF inputLane(int stream, int input) const;
    void setCollapsed(int stream, bool collapsed);
    // The cursor's visible range: everything of the run, or half (twice) as much around its middle.
    void fitAll();
    void zoomIn();
    void zoomOut();
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
        enum class Kind : std::uint8_t { Heading, Channel, Partition, Input, Subtask, Key };
        Kind kind = Kind::Heading;
        int stream = 0;
        int index = 0; // channel (global), partition, input, or subtask (also a key's)
        KeyId key = kNoKey; // a key's lane
    };
    // Marks at event times, each from the step that made it: drawn at most once per pixel column, from the earliest
    // step of each column under the current scale (computed again only when the scale changes), so that a step
    // costs the width, not the run.
    struct Marks {
        struct Mark {
            Timestamp ts = 0;
            StepIndex step = 0;
        };
        std::vector<Mark> marks; // collected in step order; sorted by time by prepare()
        // Sorts the marks by time and builds a tree of the earliest step over each range of them, so that a column's
        // earliest step is a query of log n, not a pass over every mark (a pan or a zoom places them all again).
        void prepare();
        StepIndex earliestIn(Timestamp from, Timestamp to) const; // marks with from <= ts < to
        std::vector<StepIndex> tree; // 2 × size: leaves are the marks' steps in time order
        mutable std::vector<StepIndex> columns; // the earliest step per column, kNoStep for none
        mutable std::tuple<double, double, double, double> columnsOf {0, 0, 0, 0}; // the scale they are for
        const std::vector<StepIndex>& columnsFor(const TimeScale& scale) const;
    };
    // What one lane draws besides its watermark: a channel's records, an input's elements, a subtask's output.
    struct Lane {
        Marks dots; // records, elements, pairs, a process function's records
        Marks dropped;
        Marks sideOutput;
        // A fired window and each of its fires (every key's, re-fires too) in step order.
        struct Band {
            Timestamp start = 0;
            Timestamp end = 0;
            struct Fire {
                StepIndex step = 0;
                KeyId key = kNoKey;
                std::size_t count = 0;
                bool late = false;
            };
            std::vector<Fire> fires;
        };
        std::vector<Band> bands; // by window start, then end
        struct Pair {
            Timestamp left = 0;
            Timestamp right = 0;
            StepIndex step = 0;
        };
        std::vector<Pair> pairs; // a join's pairs, linked while few enough to read
        // A process subtask's timers over the run, and the keys that registered them (in that order) while there
        // are no more than kKeyLanes: each has a lane.
        std::vector<GraphPicture::TimerLife> timers;
        std::vector<KeyId> timerKeys;
    };
    static constexpr std::size_t kKeyLanes = 6;
    using LaneId = std::tuple<int, int, int, KeyId>; // (stream, kind, index, key)

    void rebuild();
    void collectLanes();
    void layoutRows();
    TimeScale scale() const;
    QString rowLabel(const Row& row) const;
    // A partition that holds its reader's watermark back, the reader being on the chain of holds behind the sink.
    bool holdsBack(const Row& row) const;
    Timestamp rowWatermark(const Row& row, bool* idle) const;
    void paintRow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    // A process function's subtask: the timers waiting at the cursor's step.
    std::vector<GraphPicture::Timer> timersOf(const Row& row) const;
    // A window operator's subtask: its windows still collecting at the cursor's step (none beyond
    // kShownOpenWindows on the subtask: too many to tell apart, and to gather at every step).
    static constexpr std::size_t kShownOpenWindows = 2000;
    std::vector<GraphPicture::OpenWindow> openWindowsOf(const Row& row) const;
    void paintOpenWindows(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    void paintSelectedWindow(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    // The window under x on a subtask's lane, fired by the step or still collecting, as a selection of that stream.
    std::optional<TimeCursor::Selection> windowAt(const Row& row, double x) const;
    void paintTimers(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    // An interval join's input: the record under x that has reached it by the step, as a selection; and, for the
    // selected one, a ring around it and, on the other input, the times it pairs with.
    std::optional<TimeCursor::Selection> inputRecordAt(const Row& row, double x) const;
    void paintSelectedInputRecord(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    QRectF laneRect(Row::Kind kind, int stream, int index) const;
    // A key's lane: its timers' lives up to the cursor's step.
    void paintTimerLives(QPainter& p, const Row& row, const QRectF& lane, const TimeScale& scale) const;
    QString timerLivesText(const Row& row) const;
    const Lane* laneOf(const Row& row) const;
    // The subtask lane a key's lane belongs to.
    const Lane* subtaskLaneOf(const Row& row) const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    std::vector<Row> m_rows;
    std::set<int> m_collapsed; // streams whose group is folded
    std::map<LaneId, Lane> m_lanes;
    double m_dragX = -1;
    double m_gutter = 190; // the row labels' width
};

} // namespace tidemark::app
