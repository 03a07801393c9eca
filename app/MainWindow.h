#pragma once

#include "app/panels/LiveSourceDialog.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QItemSelectionModel;
class QLabel;
class QLineEdit;
class QMenu;
class QTabWidget;
class QTableView;
class QUndoStack;

namespace tidemark {
struct Scenario;
}

namespace tidemark::app {

class ExportMenu;
class ExportPicture;
class NarrationCaption;
class NarrationPanel;
class FlinkVerification;
class OutputModel;
class PlayerBar;
class PresenterMode;
class RecordsModel;
class RunLoader;
class Session;
class Theme;
class TimeCursor;
class GraphExportPicture;
class GraphLanes;
class TimelineView;
class WindowsModel;

// Wires the shared Session/TimeCursor/Theme to the views and owns the actions. It does not relay state:
// every view listens to the cursor itself.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return m_session; }
    TimeCursor* cursor() const { return m_cursor; }
    Theme* theme() const { return m_theme; }
    TimelineView* timeline() const { return m_timeline; }
    // What the image and animation exports draw now: the timeline, or a job graph's strip over its lanes.
    ExportPicture& picture() const;
    PlayerBar* playerBar() const { return m_playerBar; }
    NarrationPanel* narration() const { return m_narration; }
    RecordsModel* recordsModel() const { return m_recordsModel; }
    WindowsModel* windowsModel() const { return m_windowsModel; }
    OutputModel* outputModel() const { return m_outputModel; }
    FlinkVerification* verification() const { return m_verification; }
    QUndoStack* undoStack() const { return m_undo; }
    QItemSelectionModel* recordSelection() const;
    QAction* action(const QString& objectName) const;

    // Opens a scenario or event file; on failure shows an error dialog (object name "loadError") and
    // returns false. `keepStep` lands the cursor there after loading.
    bool openFile(const QString& path);
    // Opens the first of several files (a drop, a command line) and says in the status bar which were not.
    bool openFiles(const QStringList& paths);
    bool openExample(const QString& path);
    // Loads a scenario already read (the import dialog, tests).
    // A document opened: its run, and the bad lines its event file's load skipped.
    void openScenario(Scenario scenario, const QString& path, io::SkippedLines skipped = {});
    // A scenario with a large event file (kBackgroundLoadBytes) opens in the background: openFile returns at
    // once. This waits for that load, the window responsive meanwhile; true when a run was opened (or none was
    // loading).
    bool finishLoading();
    RunLoader* loader() const { return m_loader; }
    bool isPresenterMode() const;
    // Writes the scenario (QSaveFile) and marks the undo stack clean.
    bool saveTo(const QString& path);
    // The timeline as it is on screen, as PNG (2× pixels) or SVG; every output of the run as CSV or JSON lines.
    bool exportTimelineTo(const QString& path, bool svg);
    bool exportOutputsTo(const QString& path, bool jsonl);
    // Starts a live run of the loaded pipeline from a socket or a listening port (File ▸ Connect to Socket…,
    // Listen on Port…, `tidemark FILE --listen 9000`). False with `error` set when the source cannot be opened.
    bool startLiveSource(const LiveSourceRequest& request, QString* error = nullptr);

public Q_SLOTS:
    void setPresenterMode(bool on);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The window's actions, created once by what they are for and then put where they show (the menus, the player
    // bar, the live bar); tests find them by object name (action()).
    struct Actions {
        QAction *open = nullptr, *quit = nullptr, *connectSocket = nullptr, *listenPort = nullptr, *openKafka = nullptr,
                *stopLive = nullptr, *reconnectLive = nullptr, *verifyFlink = nullptr, *attachFlink = nullptr,
                *save = nullptr, *saveAs = nullptr, *pipelinePanel = nullptr;
        QAction *play = nullptr, *stepForward = nullptr, *stepBack = nullptr, *toStart = nullptr, *toEnd = nullptr,
                *nextFire = nullptr, *previousFire = nullptr, *nextLate = nullptr, *previousLate = nullptr,
                *nextDrop = nullptr, *nextLateFire = nullptr, *nextWatermark = nullptr, *previousWatermark = nullptr,
                *nextIdle = nullptr;
        QAction *nextMarker = nullptr, *previousMarker = nullptr, *reveal = nullptr, *compareChanged = nullptr,
                *compareFile = nullptr, *editMarker = nullptr;
        QAction *zoomIn = nullptr, *zoomOut = nullptr, *fitAll = nullptr, *follow = nullptr, *showPending = nullptr,
                *collapseKeys = nullptr, *presenter = nullptr;
        QList<QAction*> themes;
    };
    template <class Slot>
    QAction* makeAction(QAction*& into, const QString& name, const QString& text, const QKeySequence& key, Slot&& slot);
    void createActions();
    void createFileActions();
    void createPlayerActions();
    void createLessonActions();
    void createViewActions();
    void createMenus();
    void createLanguageMenu(QMenu* menu);
    void createDocks();
    QWidget* createCentre();
    void updateTitle();
    void updateRecentMenu();
    void addRecent(const QString& path);
    void showLoadError(const QString& message);
    void openLoadedRun();
    void askForLiveSource(LiveSourceRequest::Kind kind);
    void reconnectLiveSource();
    bool releaseLiveRun();
    bool beginLiveRun(
        const LiveSourceRequest& request, std::unique_ptr<live::LiveSource> source, QString* error = nullptr);
    void applyTheme();
    bool maybeSave();
    bool save();
    bool saveAs();

    Session* m_session;
    TimeCursor* m_cursor;
    RunLoader* m_loader;
    Theme* m_theme;
    QUndoStack* m_undo;
    GraphLanes* m_graphLanes = nullptr; // a job graph's timeline
    std::unique_ptr<GraphExportPicture> m_graphPicture; // what the picture exports draw for a job graph
    TimelineView* m_timeline = nullptr;
    PlayerBar* m_playerBar = nullptr;
    NarrationPanel* m_narration = nullptr;
    RecordsModel* m_recordsModel = nullptr;
    WindowsModel* m_windowsModel = nullptr;
    OutputModel* m_outputModel = nullptr;
    OutputModel* m_lateModel = nullptr;
    FlinkVerification* m_verification = nullptr; // Verify with Flink: read by the Output dock and the timeline
    QTableView* m_recordsView = nullptr;
    QTableView* m_windowsView = nullptr;
    LiveSourceRequest m_lastLiveSource;
    NarrationCaption* m_caption = nullptr;
    PresenterMode* m_presenterMode = nullptr;
    std::unique_ptr<ExportMenu> m_export;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QList<QDockWidget*> m_docks;
    Actions m_actions;
};

} // namespace tidemark::app
