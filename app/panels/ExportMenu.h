#pragma once

#include <QCoreApplication>

class QMainWindow;
class QMenu;

namespace tidemark::app {

class ExportPicture;
class Session;
class Theme;
class TimeCursor;
class TimelineView;

// File ▸ Export: the timeline (or a job graph's strip over its lanes) as PNG or SVG, every output of the run as CSV or
// JSON lines, the run as an animation (an HTML page, or numbered PNG frames), the scenario as a runnable Flink job.
// Owns the actions (added to the window, so that their shortcuts work), asks where to write, shows the progress of the
// animation, and says why a file could not be written.
class ExportMenu {
    Q_DECLARE_TR_FUNCTIONS(tidemark::app::MainWindow)

public:
    // `theme` colours the window that follows a job run on a cluster after its export. `graphPicture` is what the
    // picture exports draw when the session holds a job graph.
    ExportMenu(QMainWindow* window, Session* session, TimeCursor* cursor, TimelineView* timeline,
        ExportPicture* graphPicture, Theme* theme);
    void addTo(QMenu* menu) const;

    bool exportTimelineTo(const QString& path, bool svg, QString* error = nullptr) const;
    bool exportOutputsTo(const QString& path, bool jsonl, QString* error = nullptr) const;
    // What the picture exports draw now: the timeline, or the job graph's picture.
    ExportPicture& picture() const;

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
    ExportPicture* m_graphPicture;
    TimeCursor* m_cursor; // the window's, which the animation takes through its steps and back
    Theme* m_theme;
};

} // namespace tidemark::app
