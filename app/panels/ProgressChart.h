#pragma once

#include "engine/core/Time.h"
#include "engine/player/StepList.h"

#include <QChartView>

#include <vector>

class QAbstractSeries;
class QLineSeries;
class QTimer;
class QScatterSeries;
class QValueAxis;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// The classic picture of event time against processing time: records as points at (arrival, timestamp),
// each channel's watermark and the operator watermark as step lines, fires as markers, and a vertical
// line at the current step. Series get at most ~2 points per pixel column and are updated with replace().
// In a job graph: every source's records and channels, and the event time and fires of the operator selected (else
// of the slowest sink), its subtask 0's as a chain's window subtask 0's.
class ProgressChart : public QChartView {
    Q_OBJECT

public:
    ProgressChart(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    // How many points the series hold now (tests check the decimation).
    qsizetype pointCount() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    // The legend and the event-time axis's caption, over the chart's top margin.
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    void onRunChanged();
    void onGraphChanged();
    // The channels' lines (named), then the operator's, the fires and the current line above them.
    void addSeries(const std::vector<QString>& channels);
    void onStepChanged();
    // A graph's watermark lines and fires at the step.
    void graphLines(StepIndex step, double nowPt, int cols);
    void applyTheme();
    // QLegend elides each entry to a share of one row ("rec… cha…"): the legend is drawn here instead, each
    // entry whole, wrapped onto as many rows as the width needs, and the chart's top margin made to hold them.
    struct LegendEntry {
        QString text;
        std::vector<QAbstractSeries*> series; // the channels' lines share one entry, a symbol of all their colours
        QRectF box; // symbol and text, in the chart's coordinates
    };
    QFont legendFont() const;
    void paintLegendSymbol(QPainter& painter, const QAbstractSeries* series, QPointF centre, double width) const;
    void layOutLegend();
    std::vector<LegendEntry> m_legend;
    double m_captionTop = 0.0; // the event-time axis's caption, above the plot (a vertical title is cut short)
    int columns() const;
    double yOf(Timestamp t) const;
    // The i-th arrival (m_arrivals[i]) as drawn: its step, processing time (s) and event time (y).
    StepIndex stepOf(std::size_t i) const;
    // What m_arrivals holds, a chain's record or a graph's arrival rank: its step and timestamp; a step's time.
    StepIndex arrivalStep(RecordIndex r) const;
    Timestamp arrivalTimestamp(RecordIndex r) const;
    Timestamp stepTime(StepIndex s) const;
    // In a graph: each arrival's step (by rank), and the operator whose event time and fires are drawn.
    std::vector<StepIndex> m_graphArrivalSteps;
    int graphOperator() const;
    int m_graphOperator = -1;
    void setGraphOperator(int op);
    struct GraphFire {
        StepIndex step = 0;
        QPointF point;
        bool late = false;
    };
    std::vector<GraphFire> m_graphFires; // the operator's fires, in step order
    bool hasData() const;
    double ptOf(std::size_t i) const;
    double tsOf(std::size_t i) const;

    QTimer* m_extended = nullptr; // coalesces a live run's growth

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QScatterSeries* m_arrived;
    QScatterSeries* m_pending;
    std::vector<QLineSeries*> m_channels;
    QLineSeries* m_operator;
    QScatterSeries* m_fires;
    QScatterSeries* m_lateFires;
    QLineSeries* m_now;
    // The event records that arrive in the run, sorted by their arrival step: indices into the trace, whose
    // columns give each one's point (10M records take 40 MB here, not the 240 MB of points written out).
    std::vector<RecordIndex> m_arrivals;
    std::size_t m_arrivalsOf = 0; // the trace's record count they were listed from
    // The arrivals in runs that fall in one pixel column (in step order they are in processing-time order, so
    // a column is one run), with each run's lowest and highest: a step splits at most one run, so what has
    // arrived by a step is drawn from the runs and the one split, not from every arrival.
    struct ColumnRun {
        std::size_t begin = 0;
        std::size_t end = 0;
        std::size_t lo = 0; // the index of the lowest event time in the run
        std::size_t hi = 0;
    };
    ColumnRun columnRun(std::size_t begin, std::size_t end) const; // arrivals [begin, end), their extremes found
    void buildColumnRuns(int columns);
    std::vector<ColumnRun> m_columnRuns;
    int m_runsColumns = 0; // the columns m_columnRuns were built for; 0: to build
    double m_maxPt = 1.0;
    Timestamp m_origin = 0;
};

} // namespace tidemark::app
