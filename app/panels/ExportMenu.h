#pragma once

#include <QCoreApplication>

class QMainWindow;
class QMenu;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;
class TimelineView;

// File ▸ Export: the timeline as PNG or SVG, every output of the run as CSV or JSON lines, the run as an
// animation (an HTML page, or numbered PNG frames), the scenario as a runnable Flink job. Owns the actions (added to
// the window, so that their shortcuts work), asks where to write, shows the progress of the animation, and says why a
// file could not be written.
class ExportMenu {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::MainWindow)

public:
    // `theme` colours the window that follows a job run on a cluster after its export.
    ExportMenu(QMainWindow* window, Session* session, TimeCursor* cursor, TimelineView* timeline, Theme* theme);
    void addTo(QMenu* menu) const;

    bool exportTimelineTo(const QString& path, bool svg, QString* error = nullptr) const;
    bool exportOutputsTo(const QString& path, bool jsonl, QString* error = nullptr) const;
    // Why the timeline's image and animation are not drawn for a job graph, and what saves its picture instead.
    static QString graphPictureRefusal();

private:
    void exportTimeline(bool svg) const;
    void exportOutputs(bool jsonl) const;
    // The animation's frames are the steps the cursor's step granularity stops at (Play ▸ Step Through).
    void exportAnimation(bool pngFrames) const;
    // The scenario as a runnable Flink job (FlinkJobDialog), then, if asked, built and run on a cluster
    // (SubmitJobDialog).
    void exportFlinkJob() const;
    void showError(const QString& error) const;

    QMainWindow* m_window;
    Session* m_session;
    TimelineView* m_timeline;
    TimeCursor* m_cursor; // the window's, which the animation takes through its steps and back
    Theme* m_theme;
};

} // namespace tidemark::app
