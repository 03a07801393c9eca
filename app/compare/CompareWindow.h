#pragma once

#include "engine/compare/Comparison.h"

#include <QMainWindow>

class QLabel;
class QSplitter;
class QTableView;

namespace tidemark::app {

class CompareBar;
class CompareCursor;
class ComparisonRuns;
class DifferencesModel;
class GraphLanes;
class GraphStrip;
class RunHeader;
class Theme;
class TimelineView;

// Two runs of the same events under two pipelines (docs/app.md, Compare): their timelines one above the
// other, each labelled with what is different in it, one player over processing time for both, and the list
// of where their outputs differ; selecting a difference moves both runs there and highlights its window or
// record in both. Two job graphs show as the main window shows one: each run's strip over its lanes, the operator
// of the difference looked at selected in both. The runs are copies: the main window's document is never touched.
class CompareWindow : public QMainWindow {
    Q_OBJECT

public:
    // Plays and compares both runs. When they cannot be compared (different events, a refused pipeline) the
    // window shows why instead of the views: see isValid() and error(). `theme` null: a theme of its own.
    CompareWindow(const compare::Comparison& comparison, Theme* theme, QWidget* parent = nullptr);

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    ComparisonRuns* runs() const { return m_runs; }
    CompareCursor* compareCursor() const { return m_cursor; }
    CompareBar* bar() const { return m_bar; }
    // A chain's timeline (null for job graphs), or a job graph's strip and lanes (null for chains).
    TimelineView* timeline(compare::RunSide side) const;
    GraphStrip* graphStrip(compare::RunSide side) const;
    GraphLanes* graphLanes(compare::RunSide side) const;
    RunHeader* header(compare::RunSide side) const;
    DifferencesModel* differencesModel() const { return m_model; }
    QTableView* differencesView() const { return m_table; }
    // "10 differences" or "No differences: both pipelines give the same outputs"
    QString summaryText() const;

public Q_SLOTS:
    // Both timelines to the event-time range that holds everything of both runs.
    void fitBoth();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    // Gives each timeline the height its lanes and windows need to keep their labels, the list the rest.
    void arrangeSplitter();
    QWidget* createViews();
    QWidget* createRun(compare::RunSide side, QWidget* parent);
    void zoom(bool in);
    QWidget* createDifferenceList(QWidget* parent);
    void showMessage(const QString& text);
    // A short note beside the summary ("No later difference."), gone after a few seconds.
    void notify(const QString& text);

    Theme* m_theme;
    ComparisonRuns* m_runs;
    CompareCursor* m_cursor = nullptr;
    CompareBar* m_bar = nullptr;
    TimelineView* m_timelines[2] = {};
    GraphStrip* m_strips[2] = {};
    GraphLanes* m_lanes[2] = {};
    RunHeader* m_headers[2] = {};
    DifferencesModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_notice = nullptr;
    QSplitter* m_splitter = nullptr;
    bool m_userSized = false; // the user moved the splitter: their sizes stay
    QString m_error;
};

} // namespace tidemark::app
