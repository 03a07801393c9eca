#include "app/MainWindow.h"

#include "app/Theme.h"
#include "app/Translations.h"
#include "app/attach/AttachDialog.h"
#include "app/attach/AttachWindow.h"
#include "app/attach/WebUiPanel.h"
#include "app/compare/Comparisons.h"
#include "app/document/FlinkVerification.h"
#include "app/document/GraphDocument.h"
#include "app/document/Loading.h"
#include "app/document/RunLoader.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphExportPicture.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"
#include "app/models/BadLinesModel.h"
#include "app/models/OutputModel.h"
#include "app/models/RecordsModel.h"
#include "app/models/TableSelection.h"
#include "app/models/WindowsModel.h"
#include "app/panels/ExportMenu.h"
#include "app/panels/GraphEditor.h"
#include "app/panels/ImportDialog.h"
#include "app/panels/KafkaTopicDialog.h"
#include "app/panels/LessonMarkerDialog.h"
#include "app/panels/LiveBar.h"
#include "app/panels/LiveSourceDialog.h"
#include "app/panels/LoadProgress.h"
#include "app/panels/NarrationPanel.h"
#include "app/panels/PipelineEditor.h"
#include "app/panels/PlayerBar.h"
#include "app/panels/PresenterMode.h"
#include "app/panels/ProgressChart.h"
#include "app/panels/ShortcutsDialog.h"
#include "app/panels/WhyPanel.h"
#include "app/timeline/TimelineLayout.h"
#include "app/timeline/TimelineView.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/KafkaSource.h"
#include "engine/live/LiveSource.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <cstdio>

namespace tidemark::app {

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->setWordWrap(false);
    view->setShowGrid(false);
    return view;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new Session(this))
    , m_cursor(new TimeCursor(m_session, this))
    , m_loader(new RunLoader(laneKindsDrawn, this))
    , m_theme(new Theme(this))
    , m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_recordsModel = new RecordsModel(m_session, m_cursor, m_theme, this);
    m_windowsModel = new WindowsModel(m_session, m_cursor, m_theme, this);
    m_outputModel = new OutputModel(OutputModel::Kind::Results, m_session, m_cursor, m_theme, this);
    m_lateModel = new OutputModel(OutputModel::Kind::LateRecords, m_session, m_cursor, m_theme, this);
    m_verification = new FlinkVerification(m_session, this);
    m_outputModel->setVerification(m_verification);
    m_lateModel->setVerification(m_verification);

    createActions();
    setCentralWidget(createCentre());
    m_export = std::make_unique<ExportMenu>(this, m_session, m_cursor, m_timeline, m_graphPicture.get(), m_theme);
    createDocks();
    createMenus();
    m_presenterMode = new PresenterMode(this, m_theme, m_caption);
    connect(m_presenterMode, &PresenterMode::toggled, m_actions.presenter, &QAction::setChecked);
    connect(m_presenterMode, &PresenterMode::toggled, findChild<LiveBar*>(), &LiveBar::setPresenting);
    connect(m_presenterMode, &PresenterMode::toggled, m_cursor, &TimeCursor::setHoldsPredictions);
    // the keyboard starts on the picture, not in the typed-line field: → and Page Down step the run at once
    m_timeline->setFocus();
    // the tables map their rows to what the cursor selects, both ways
    new TableSelection(m_recordsView, m_recordsModel, m_cursor);
    new TableSelection(m_windowsView, m_windowsModel, m_cursor);

    statusBar()->addPermanentWidget(new LoadProgress(m_loader, this));
    connect(m_loader, &RunLoader::loaded, this, &MainWindow::openLoadedRun);
    connect(m_loader, &RunLoader::failed, this, &MainWindow::showLoadError);
    connect(m_loader, &RunLoader::cancelled, this,
        [this] { statusBar()->showMessage(tr("Loading stopped. The run shown stays."), 5000); });

    connect(m_session, &Session::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_cursor, &TimeCursor::runChanged, this, &MainWindow::updateTitle);
    connect(m_session, &Session::liveChanged, this, &MainWindow::updateTitle);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_theme, &Theme::changed, this, &MainWindow::applyTheme);

    QSettings settings;
    m_theme->setKind(Theme::Kind(settings.value(QStringLiteral("theme"), int(Theme::Kind::Light)).toInt()));
    applyTheme();
    // Never larger than the screen, where a window manager does not maximise it (or there is none).
    const QSize preferred(1600, 980);
    resize(screen() != nullptr ? preferred.boundedTo(screen()->availableGeometry().size()) : preferred);
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    updateRecentMenu();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // QUndoStack::clear() in its destructor emits cleanChanged; this window is no MainWindow any more by then
    disconnect(m_undo, nullptr, this, nullptr);
}

QItemSelectionModel* MainWindow::recordSelection() const
{
    return m_recordsView->selectionModel();
}

QAction* MainWindow::action(const QString& objectName) const
{
    return findChild<QAction*>(objectName);
}

template <class Slot>
QAction* MainWindow::makeAction(
    QAction*& into, const QString& name, const QString& text, const QKeySequence& key, Slot&& slot)
{
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    if (!key.isEmpty())
        a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, std::forward<Slot>(slot));
    addAction(a);
    into = a;
    return a;
}

void MainWindow::createActions()
{
    createFileActions();
    createPlayerActions();
    createLessonActions();
    createViewActions();
}

void MainWindow::createFileActions()
{
    makeAction(m_actions.open, QStringLiteral("open"), tr("&Open…"), QKeySequence::Open, [this] {
        if (!maybeSave())
            return;
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Open a scenario or an event file"), QString(), openFileFilter());
        if (!path.isEmpty())
            openFile(path);
    });
    makeAction(m_actions.quit, QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, [this] { close(); });
    makeAction(m_actions.connectSocket, QStringLiteral("connectSocket"), tr("&Connect to Socket…"), QKeySequence(),
        [this] { askForLiveSource(LiveSourceRequest::Kind::Connect); });
    makeAction(m_actions.listenPort, QStringLiteral("listenPort"), tr("&Listen on Port…"), QKeySequence(),
        [this] { askForLiveSource(LiveSourceRequest::Kind::Listen); });
    makeAction(m_actions.openKafka, QStringLiteral("openKafka"), tr("Open &Kafka Topic…"), QKeySequence(),
        [this] { askForLiveSource(LiveSourceRequest::Kind::Kafka); });
    makeAction(m_actions.stopLive, QStringLiteral("stopLive"), tr("S&top Live Source"), QKeySequence(), [this] {
        m_session->stopLive();
    })->setToolTip(tr("End the live source now: the run keeps what came, and the input ends here"));
    makeAction(m_actions.reconnectLive, QStringLiteral("reconnectLive"), tr("Reco&nnect"), QKeySequence(), [this] {
        reconnectLiveSource();
    })->setToolTip(tr("Open the same live source again, as a new run"));
    makeAction(m_actions.verifyFlink, QStringLiteral("verifyFlink"), tr("&Verify with Flink"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), [this] { m_verification->start(); })
        ->setToolTip(tr("Run this scenario through Apache Flink's own operators and mark every output Flink agrees "
                        "with (needs Java 17)"));
    makeAction(m_actions.attachFlink, QStringLiteral("attachFlink"), tr("Attach to &Flink…"), QKeySequence(), [this] {
        AttachDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        auto* window = new AttachWindow(dialog.url(), dialog.jobId(), dialog.jobName(), m_theme, this);
        window->show();
        window->start(); // a failure is said in the window, which keeps what was polled
    })->setToolTip(tr("Follow a running job's watermarks through the cluster's REST API"));
    makeAction(m_actions.save, QStringLiteral("save"), tr("&Save"), QKeySequence::Save, [this] { save(); });
    makeAction(m_actions.saveAs, QStringLiteral("saveAs"), tr("Save &As…"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] { saveAs(); });
    makeAction(m_actions.pipelinePanel, QStringLiteral("pipelinePanel"), tr("Edit the pipeline"),
        QKeySequence(Qt::CTRL | Qt::Key_E), [this] {
            if (auto* d = findChild<QDockWidget*>(QStringLiteral("pipelineDock"))) {
                d->show();
                d->raise();
            }
        });
}

void MainWindow::createPlayerActions()
{
    // the player: every control a presenter needs, on the keyboard
    auto* play = makeAction(m_actions.play, QStringLiteral("play"), tr("▶ Play"), QKeySequence(Qt::Key_Space),
        [this] { m_playerBar->togglePlaying(); });
    play->setToolTip(tr("Play / pause (Space)"));
    makeAction(m_actions.stepForward, QStringLiteral("stepForward"), tr("Step ▶"), QKeySequence(Qt::Key_Right), [this] {
        m_cursor->stepForward();
    })->setToolTip(tr("One step forward (→)"));
    makeAction(m_actions.stepBack, QStringLiteral("stepBack"), tr("◀ Step"), QKeySequence(Qt::Key_Left), [this] {
        m_cursor->stepBack();
    })->setToolTip(tr("One step back, with the state restored (←)"));
    makeAction(m_actions.toStart, QStringLiteral("toStart"), tr("|◀ Start"), QKeySequence(Qt::Key_Home), [this] {
        m_cursor->toStart();
    })->setToolTip(tr("Back to step 0 (Home)"));
    makeAction(m_actions.toEnd, QStringLiteral("toEnd"), tr("End ▶|"), QKeySequence(Qt::Key_End), [this] {
        m_cursor->toEnd();
    })->setToolTip(tr("To the end of the run (End)"));
    auto jump = [this](Happening h, bool forward) {
        if ((m_session->hasRun() || m_session->hasGraph()) && !m_cursor->jumpTo(h, forward))
            statusBar()->showMessage(
                forward ? tr("No later step of that kind.") : tr("No earlier step of that kind."), 3000);
    };
    makeAction(m_actions.nextFire, QStringLiteral("nextFire"), tr("Next fire ⚑▶"),
        QKeySequence(Qt::SHIFT | Qt::Key_Right), [jump] { jump(Happening::AnyFire, true); })
        ->setToolTip(tr("Jump to the next step that fires a window (Shift+→)"));
    makeAction(m_actions.previousFire, QStringLiteral("previousFire"), tr("◀⚑ Previous fire"),
        QKeySequence(Qt::SHIFT | Qt::Key_Left), [jump] { jump(Happening::AnyFire, false); })
        ->setToolTip(tr("Jump to the previous step that fired a window (Shift+←)"));
    // "late" as a Flink user means it: any record behind the watermark, whether its window re-fires or it is
    // dropped or sent to the side output; the drops alone have their own jump
    makeAction(m_actions.nextLate, QStringLiteral("nextLate"), tr("Next late ✕▶"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Right), [jump] { jump(Happening::AnyLate, true); })
        ->setToolTip(tr("Jump to the next late record: re-firing its window, dropped, or sent to the side output "
                        "(Ctrl+Shift+→)"));
    makeAction(m_actions.previousLate, QStringLiteral("previousLate"), tr("◀✕ Previous late"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Left), [jump] { jump(Happening::AnyLate, false); })
        ->setToolTip(tr("Jump to the previous late record: re-firing its window, dropped, or sent to the side "
                        "output (Ctrl+Shift+←)"));
    makeAction(m_actions.nextDrop, QStringLiteral("nextDrop"), tr("Next drop or side output"), QKeySequence(),
        [jump] { jump(Happening::LateRecord, true); })
        ->setToolTip(tr("Jump to the next record too late for every window it belongs to: dropped, or sent to the "
                        "side output"));
    makeAction(m_actions.nextLateFire, QStringLiteral("nextLateFire"), tr("Next late re-fire"),
        QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Right), [jump] { jump(Happening::LateFire, true); });
    makeAction(m_actions.nextWatermark, QStringLiteral("nextWatermark"), tr("Next operator-watermark change"),
        QKeySequence(Qt::CTRL | Qt::Key_Right), [jump] { jump(Happening::OperatorWatermark, true); });
    makeAction(m_actions.previousWatermark, QStringLiteral("previousWatermark"),
        tr("Previous operator-watermark change"), QKeySequence(Qt::CTRL | Qt::Key_Left),
        [jump] { jump(Happening::OperatorWatermark, false); });
    makeAction(m_actions.nextIdle, QStringLiteral("nextIdle"), tr("Next idle/active change"), QKeySequence(),
        [jump] { jump(Happening::ChannelStatus, true); });
}

void MainWindow::createLessonActions()
{
    // lessons: markers on steps, walked with Page Down / Page Up, and predict-then-reveal
    const auto marker = [this](bool forward) {
        if ((m_session->hasRun() || m_session->hasGraph()) && !m_cursor->toMarker(forward))
            statusBar()->showMessage(m_cursor->isPredicting() && forward
                    ? tr("The class is predicting: press R to reveal the next fire first.")
                    : (forward ? tr("No later lesson marker.") : tr("No earlier lesson marker.")),
                3000);
    };
    makeAction(m_actions.nextMarker, QStringLiteral("nextMarker"), tr("Next lesson marker"),
        QKeySequence(Qt::Key_PageDown), [marker] { marker(true); });
    makeAction(m_actions.previousMarker, QStringLiteral("previousMarker"), tr("Previous lesson marker"),
        QKeySequence(Qt::Key_PageUp), [marker] { marker(false); });
    auto* reveal = makeAction(m_actions.reveal, QStringLiteral("reveal"), tr("Reveal the next fire"),
        QKeySequence(Qt::Key_R), [this] { m_cursor->reveal(); });
    reveal->setEnabled(false);
    connect(m_cursor, &TimeCursor::lessonStateChanged, reveal,
        [this, reveal] { reveal->setEnabled(m_cursor->isPredicting()); });
    // two pipelines over the same events, side by side (app/compare/)
    makeAction(m_actions.compareChanged, QStringLiteral("compareChanged"), tr("&Compare with One Setting Changed…"),
        QKeySequence(Qt::CTRL | Qt::Key_K),
        [this] {
            if (m_session->hasRun() || m_session->hasGraph())
                askToCompareWithChangedSetting(m_session->scenario(), this, m_theme);
        })
        ->setToolTip(tr("Duplicate this run as B, change one setting, and see both timelines and where they differ"));
    makeAction(m_actions.compareFile, QStringLiteral("compareFile"), tr("Compare with &Another Scenario…"),
        QKeySequence(), [this] {
            if (m_session->hasRun() || m_session->hasGraph())
                askToCompareWithFile(m_session->scenario(), this, m_theme);
        });
    makeAction(m_actions.editMarker, QStringLiteral("editMarker"), tr("Lesson &Marker…"),
        QKeySequence(Qt::CTRL | Qt::Key_M), [this] {
            if (!m_session->hasRun() && !m_session->hasGraph())
                return;
            const int step = m_session->currentStep();
            LessonMarkerDialog dialog(*m_session, step, this);
            if (dialog.exec() != QDialog::Accepted)
                return;
            m_undo->push(new LessonEditCommand(m_session, m_session->lesson(), dialog.result(),
                dialog.removed() ? tr("Remove lesson marker at step %1").arg(step)
                                 : tr("Lesson marker at step %1").arg(step)));
        });
}

void MainWindow::createViewActions()
{
    // the view
    makeAction(m_actions.zoomIn, QStringLiteral("zoomIn"), tr("Zoom in"), QKeySequence(Qt::CTRL | Qt::Key_Equal),
        [this] { m_session->hasGraph() ? m_graphLanes->zoomIn() : m_timeline->zoomIn(); });
    auto* zoomInPlus = new QAction(this); // Ctrl++ on keyboards where = needs Shift
    zoomInPlus->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence::ZoomIn});
    connect(zoomInPlus, &QAction::triggered, m_actions.zoomIn, &QAction::trigger);
    addAction(zoomInPlus);
    makeAction(m_actions.zoomOut, QStringLiteral("zoomOut"), tr("Zoom out"), QKeySequence(Qt::CTRL | Qt::Key_Minus),
        [this] { m_session->hasGraph() ? m_graphLanes->zoomOut() : m_timeline->zoomOut(); });
    makeAction(m_actions.fitAll, QStringLiteral("fitAll"), tr("Fit all"), QKeySequence(Qt::CTRL | Qt::Key_0),
        [this] { m_session->hasGraph() ? m_graphLanes->fitAll() : m_timeline->fitAll(); });
    auto* follow = makeAction(m_actions.follow, QStringLiteral("follow"), tr("Follow the watermark"),
        QKeySequence(Qt::Key_F), [this](bool on) { m_cursor->setFollowWatermark(on); });
    follow->setCheckable(true);
    connect(m_cursor, &TimeCursor::followWatermarkChanged, follow, &QAction::setChecked);
    auto* pending = makeAction(m_actions.showPending, QStringLiteral("showPending"), tr("Show records not arrived yet"),
        QKeySequence(Qt::Key_P), [this](bool on) { m_timeline->setShowPending(on); });
    pending->setCheckable(true);
    pending->setChecked(true);
    auto* collapse = makeAction(m_actions.collapseKeys, QStringLiteral("collapseKeys"), tr("All keys in one row"),
        QKeySequence(), [this](bool on) { m_timeline->setCollapsed(on); });
    collapse->setCheckable(true);
    auto* presenter = makeAction(m_actions.presenter, QStringLiteral("presenter"), tr("Presenter mode"),
        QKeySequence(Qt::Key_F11), [this](bool on) { setPresenterMode(on); });
    presenter->setCheckable(true);
    auto* escape = new QAction(this); // Esc leaves presenter mode, as it leaves every full-screen view
    escape->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(escape, &QAction::triggered, this, [this] {
        if (isPresenterMode())
            setPresenterMode(false);
    });
    addAction(escape);

    auto* themes = new QActionGroup(this);
    const std::pair<Theme::Kind, QString> kinds[] = {{Theme::Kind::Light, tr("Light")}, {Theme::Kind::Dark, tr("Dark")},
        {Theme::Kind::HighContrast, tr("High contrast")}};
    for (const auto& [kind, text] : kinds) {
        auto* a = new QAction(text, themes);
        a->setObjectName(QStringLiteral("theme%1").arg(int(kind)));
        m_actions.themes.append(a);
        a->setCheckable(true);
        a->setChecked(kind == Theme::Kind::Light);
        connect(a, &QAction::triggered, this, [this, kind = kind] {
            m_theme->setKind(kind);
            QSettings().setValue(QStringLiteral("theme"), int(kind));
        });
    }
}

QWidget* MainWindow::createCentre()
{
    auto* centre = new QWidget(this);
    auto* layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_playerBar = new PlayerBar(m_session, m_cursor, m_theme, centre);
    m_playerBar->setObjectName(QStringLiteral("playerBar"));
    m_playerBar->setActions(
        {m_actions.toStart, m_actions.previousFire, m_actions.stepBack, m_actions.play, m_actions.stepForward,
            m_actions.nextFire, m_actions.toEnd, nullptr, m_actions.previousLate, m_actions.nextLate});
    connect(m_playerBar, &PlayerBar::playingChanged, this,
        [this](bool playing) { m_actions.play->setText(playing ? tr("⏸ Pause") : tr("▶ Play")); });
    layout->addWidget(m_playerBar);

    // the timeline's own tools: zoom, fit, follow, what to show
    auto* tools = new QToolBar(centre);
    tools->setObjectName(QStringLiteral("timelineTools"));
    tools->setIconSize(QSize(16, 16));
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_timeline = new TimelineView(m_session, m_cursor, m_theme, centre);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    m_timeline->setVerification(m_verification);
    auto addTool = [tools, this](const QString& name, const QString& text) {
        QAction* a = action(name);
        auto* b = new QToolButton(tools);
        b->setDefaultAction(a);
        if (!text.isEmpty())
            b->setText(text);
        tools->addWidget(b);
    };
    addTool(QStringLiteral("zoomIn"), tr("+"));
    addTool(QStringLiteral("zoomOut"), tr("−")); // U+2212: in DejaVu Sans, unlike the fullwidth forms
    addTool(QStringLiteral("fitAll"), QString());
    addTool(QStringLiteral("follow"), QString());
    tools->addSeparator();
    addTool(QStringLiteral("showPending"), tr("Show not yet arrived"));
    addTool(QStringLiteral("collapseKeys"), QString());
    auto* filter = new QLineEdit(tools);
    filter->setObjectName(QStringLiteral("keyFilter"));
    filter->setPlaceholderText(tr("Filter keys…"));
    filter->setClearButtonEnabled(true);
    filter->setMaximumWidth(200);
    connect(filter, &QLineEdit::textChanged, m_timeline, &TimelineView::setKeyFilter);
    tools->addSeparator();
    tools->addWidget(filter);
    tools->addSeparator();
    addTool(QStringLiteral("verifyFlink"), tr("Verify with Flink"));
    auto* spacer = new QWidget(tools);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    tools->addWidget(spacer);
    auto* hint = new QLabel(tr("Ctrl+wheel zooms · drag pans · double-click fits  "), tools);
    hint->setEnabled(false);
    tools->addWidget(hint);
    layout->addWidget(tools);
    layout->addWidget(m_timeline, 1);

    // a job graph: the strip of its operators in place of the one operator's timeline
    auto* strip = new GraphStrip(m_session, m_cursor, m_theme, centre);
    layout->insertWidget(layout->indexOf(tools), strip);
    auto* lanes = new QScrollArea(centre);
    lanes->setObjectName(QStringLiteral("graphLanesArea"));
    lanes->setWidgetResizable(true);
    lanes->setFrameShape(QFrame::NoFrame);
    m_graphLanes = new GraphLanes(m_session, m_cursor, m_theme, lanes);
    lanes->setWidget(m_graphLanes);
    m_graphPicture = std::make_unique<GraphExportPicture>(*strip, *m_graphLanes);
    layout->insertWidget(layout->indexOf(m_timeline) + 1, lanes, 1);
    strip->setFocusPolicy(Qt::StrongFocus);
    auto showKind = [this, tools, strip, lanes] {
        const bool graph = m_session->hasGraph();
        tools->setVisible(!graph);
        m_timeline->setVisible(!graph);
        lanes->setVisible(graph);
        // the keyboard on the picture, as the timeline has it for a chain: → and Page Down step the run at once
        if (graph)
            strip->setFocus();
    };
    connect(m_cursor, &TimeCursor::runChanged, this, showKind);
    showKind();

    // typed lines and live sources: a record as typed into `nc -lk`, or whatever the socket brings
    layout->addWidget(new LiveBar(m_session, m_cursor, m_actions.stopLive, m_actions.reconnectLive, centre));

    // presenter mode: the narration as a caption strip under the picture
    m_caption = new NarrationCaption(m_session, m_cursor, m_theme, centre);
    layout->addWidget(m_caption);
    return centre;
}

void MainWindow::createDocks()
{
    auto dock = [this](const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        m_docks << d;
        return d;
    };
    m_narration = new NarrationPanel(m_session, m_cursor, m_theme, this);
    m_narration->setObjectName(QStringLiteral("narration"));
    auto* narrationDock
        = dock(QStringLiteral("narrationDock"), tr("Why? — narration"), m_narration, Qt::RightDockWidgetArea);

    auto* why = new WhyPanel(m_session, m_cursor, m_theme, this);
    why->setObjectName(QStringLiteral("why"));
    auto* whyDock = dock(
        QStringLiteral("whyDock"), tr("Why (not)? — the selected window or record"), why, Qt::RightDockWidgetArea);

    auto* output = new QTabWidget(this);
    output->setObjectName(QStringLiteral("output"));
    auto* printed = makeTable(m_outputModel, output);
    printed->setObjectName(QStringLiteral("outputView"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    printed->setFont(mono);
    printed->horizontalHeader()->setSectionResizeMode(OutputModel::Printed, QHeaderView::ResizeToContents);
    auto* late = makeTable(m_lateModel, output);
    late->setObjectName(QStringLiteral("lateView"));
    late->setFont(mono);
    output->addTab(printed, tr("Printed output"));
    output->addTab(late, tr("Late records (side output, dropped)"));
    // follow the newest line, as a console does
    connect(m_outputModel, &QAbstractItemModel::rowsInserted, printed, [printed] { printed->scrollToBottom(); });
    connect(m_lateModel, &QAbstractItemModel::rowsInserted, late, [late] { late->scrollToBottom(); });
    // Verify with Flink's answer over the tables: what runs, or what Flink said (the Flink column has each line's)
    auto* outputPane = new QWidget(this);
    auto* outputLayout = new QVBoxLayout(outputPane);
    outputLayout->setContentsMargins(0, 0, 0, 0);
    outputLayout->setSpacing(2);
    auto* verdict = new QLabel(outputPane);
    verdict->setObjectName(QStringLiteral("verification"));
    verdict->setWordWrap(true);
    verdict->setVisible(false);
    connect(m_verification, &FlinkVerification::changed, verdict, [this, verdict] {
        const auto state = m_verification->state();
        verdict->setVisible(state != FlinkVerification::State::None);
        const ThemeColors& c = m_theme->colors();
        QColor colour = c.text;
        if (state == FlinkVerification::State::Failed)
            colour = c.dropped;
        else if (state == FlinkVerification::State::Done)
            colour = m_verification->agrees() ? c.fire : c.dropped;
        verdict->setStyleSheet(QStringLiteral("color: %1").arg(colour.name()));
        verdict->setText(m_verification->summary());
    });
    outputLayout->addWidget(verdict);
    outputLayout->addWidget(output, 1);
    auto* outputDock
        = dock(QStringLiteral("outputDock"), tr("Output — what Flink prints"), outputPane, Qt::RightDockWidgetArea);

    m_windowsView = makeTable(m_windowsModel, this);
    m_windowsView->setObjectName(QStringLiteral("windowsView"));
    m_windowsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* windowsDock = dock(QStringLiteral("windowsDock"), tr("Windows"), m_windowsView, Qt::RightDockWidgetArea);

    m_recordsView = makeTable(m_recordsModel, this);
    m_recordsView->setObjectName(QStringLiteral("recordsView"));
    m_recordsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // a run across midnight writes dates in the event times: widen the column so that they are not cut off
    connect(m_cursor, &TimeCursor::runChanged, m_recordsView, [this] {
        const int before = m_recordsView->columnWidth(RecordsModel::EventTime);
        m_recordsView->resizeColumnToContents(RecordsModel::EventTime);
        if (m_recordsView->columnWidth(RecordsModel::EventTime) < before)
            m_recordsView->setColumnWidth(RecordsModel::EventTime, before);
    });
    auto* recordTabs = new QTabWidget(this);
    recordTabs->setObjectName(QStringLiteral("recordTabs"));
    recordTabs->addTab(m_recordsView, tr("Records"));
    auto* badLinesModel = new BadLinesModel(m_session, this);
    auto* badLines = makeTable(badLinesModel, recordTabs);
    badLines->setObjectName(QStringLiteral("badLinesView"));
    badLines->horizontalHeader()->setSectionResizeMode(BadLinesModel::Problem, QHeaderView::Stretch);
    const int badTab = recordTabs->addTab(badLines, tr("Bad lines"));
    connect(badLinesModel, &BadLinesModel::countChanged, recordTabs, [recordTabs, badTab](int count) {
        recordTabs->setTabText(badTab, count == 0 ? tr("Bad lines") : tr("Bad lines (%1)").arg(count));
    });
    connect(badLinesModel, &QAbstractItemModel::rowsInserted, badLines, [badLines] { badLines->scrollToBottom(); });
    auto* recordsDock = dock(QStringLiteral("recordsDock"), tr("Records"), recordTabs, Qt::BottomDockWidgetArea);

    auto* chart = new ProgressChart(m_session, m_cursor, m_theme, this);
    chart->setObjectName(QStringLiteral("progressChart"));
    chart->setMinimumHeight(180);
    auto* chartDock = dock(QStringLiteral("chartDock"), tr("Progress: event time against processing time"), chart,
        Qt::BottomDockWidgetArea);
    splitDockWidget(recordsDock, chartDock, Qt::Horizontal);

    // what Flink's Web UI would show at this step, beside the picture of the same moment
    auto* webUi = new WebUiPanel(m_session, m_cursor, m_theme, this);
    webUi->setObjectName(QStringLiteral("webUiPanel"));
    auto* webUiDock
        = dock(QStringLiteral("webUiDock"), tr("What Flink's Web UI would show"), webUi, Qt::BottomDockWidgetArea);
    splitDockWidget(recordsDock, webUiDock, Qt::Horizontal);

    // the Pipeline panel: a chain's settings, or a job graph's sources and operators with theirs
    auto* editors = new QStackedWidget(this);
    auto* editor = new PipelineEditor(m_session, m_cursor, m_undo, editors);
    editor->setObjectName(QStringLiteral("pipelineEditor"));
    auto* graphEditor = new GraphEditor(m_session, m_cursor, m_undo, editors);
    graphEditor->setObjectName(QStringLiteral("graphEditor"));
    editors->addWidget(editor);
    editors->addWidget(graphEditor);
    const auto showEditor = [this, editors, editor, graphEditor] {
        editors->setCurrentWidget(m_session->hasGraph() ? static_cast<QWidget*>(graphEditor) : editor);
    };
    connect(m_cursor, &TimeCursor::runChanged, editors, showEditor);
    showEditor();
    auto* editorDock = dock(QStringLiteral("pipelineDock"), tr("Pipeline"), editors, Qt::LeftDockWidgetArea);
    editorDock->hide(); // one click away (View ▸ Panels); the class first sees the picture
    resizeDocks({editorDock}, {340}, Qt::Horizontal);

    splitDockWidget(narrationDock, whyDock, Qt::Vertical);
    splitDockWidget(whyDock, outputDock, Qt::Vertical);
    splitDockWidget(outputDock, windowsDock, Qt::Vertical);
    resizeDocks({narrationDock, whyDock, outputDock, windowsDock}, {250, 220, 160, 190}, Qt::Vertical);
    resizeDocks({narrationDock}, {480}, Qt::Horizontal);
    resizeDocks({recordsDock}, {290}, Qt::Vertical);
    resizeDocks({recordsDock, webUiDock, chartDock}, {400, 600, 400}, Qt::Horizontal);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions.open);
    m_examplesMenu = file->addMenu(tr("&Examples"));
    m_examplesMenu->setToolTipsVisible(true);
    for (const ExampleInfo& e : builtInExamples()) {
        QAction* a = m_examplesMenu->addAction(exampleName(e.name));
        const QString description = exampleDescription(e.description);
        a->setToolTip(description);
        a->setStatusTip(description.left(200));
        connect(a, &QAction::triggered, this, [this, resource = e.path] {
            if (maybeSave())
                openExample(resource);
        });
    }
    // the job graphs: joins, unions, timers, windows over windows (docs/job-graph.md)
    QMenu* graphs = m_examplesMenu->addMenu(tr("&Job Graphs"));
    graphs->setObjectName(QStringLiteral("graphExamplesMenu"));
    graphs->setToolTipsVisible(true);
    for (const ExampleInfo& e : builtInGraphExamples()) {
        QAction* a = graphs->addAction(exampleName(e.name));
        const QString description = exampleDescription(e.description);
        a->setToolTip(description);
        a->setStatusTip(description.left(200));
        connect(a, &QAction::triggered, this, [this, path = e.path] {
            if (maybeSave())
                openExample(path);
        });
    }
    // the built-in comparisons: post 000 at parallelism 1 and 3, post 002 with and without allowed lateness
    m_examplesMenu->addSeparator();
    for (const ComparisonInfo& c : builtInComparisons()) {
        QAction* a = m_examplesMenu->addAction(tr("Compare: %1").arg(exampleName(c.name)));
        const QString description = exampleDescription(c.description);
        a->setToolTip(description);
        a->setStatusTip(description.left(200));
        connect(a, &QAction::triggered, this, [this, path = c.path] {
            QString error;
            if (!openComparisonFile(path, this, &error, m_theme))
                QMessageBox::warning(this, tr("Cannot compare"), error);
        });
    }
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_actions.connectSocket);
    file->addAction(m_actions.listenPort);
    file->addAction(m_actions.openKafka);
    file->addAction(m_actions.stopLive);
    file->addAction(m_actions.reconnectLive);
    file->addAction(m_actions.verifyFlink);
    file->addAction(m_actions.attachFlink);
    file->addSeparator();
    file->addAction(m_actions.save);
    file->addAction(m_actions.saveAs);
    m_export->addTo(file->addMenu(tr("&Export")));
    file->addSeparator();
    file->addAction(m_actions.quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(m_actions.pipelinePanel);
    edit->addAction(m_actions.editMarker);

    QMenu* play = menuBar()->addMenu(tr("&Play"));
    for (QAction* a : {m_actions.play, m_actions.stepForward, m_actions.stepBack, m_actions.toStart, m_actions.toEnd})
        play->addAction(a);
    play->addSeparator();
    for (QAction* a :
        {m_actions.nextFire, m_actions.previousFire, m_actions.nextLateFire, m_actions.nextLate, m_actions.previousLate,
            m_actions.nextDrop, m_actions.nextWatermark, m_actions.previousWatermark, m_actions.nextIdle})
        play->addAction(a);
    play->addSeparator();
    for (QAction* a : {m_actions.nextMarker, m_actions.previousMarker, m_actions.reveal})
        play->addAction(a);
    play->addSeparator();
    // what one step moves over; the player bar's box says the same
    QMenu* granularity = play->addMenu(tr("Step &Through"));
    auto* granularities = new QActionGroup(granularity);
    for (const auto& [g, text] : {std::pair {TimeCursor::Granularity::EveryStep, tr("&Every Step")},
             std::pair {TimeCursor::Granularity::Changes, tr("&Changes Only")},
             std::pair {TimeCursor::Granularity::Arrivals, tr("&Arrivals Only")}}) {
        QAction* a = granularity->addAction(text);
        a->setObjectName(QStringLiteral("granularity%1").arg(int(g)));
        a->setCheckable(true);
        a->setChecked(m_cursor->granularity() == g);
        granularities->addAction(a);
        connect(a, &QAction::triggered, m_cursor, [this, g = g] { m_cursor->setGranularity(g); });
        connect(m_cursor, &TimeCursor::granularityChanged, a,
            [a, g = g](TimeCursor::Granularity now) { a->setChecked(now == g); });
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QAction* a : {m_actions.zoomIn, m_actions.zoomOut, m_actions.fitAll, m_actions.follow, m_actions.showPending,
             m_actions.collapseKeys})
        view->addAction(a);
    view->addSeparator();
    QMenu* compare = view->addMenu(tr("C&ompare"));
    compare->addAction(m_actions.compareChanged);
    compare->addAction(m_actions.compareFile);
    view->addSeparator();
    view->addAction(m_actions.presenter);
    QMenu* themes = view->addMenu(tr("&Palette"));
    themes->addActions(m_actions.themes);
    createLanguageMenu(view->addMenu(tr("&Language")));
    view->addSeparator();
    QMenu* panels = view->addMenu(tr("P&anels"));
    for (QDockWidget* d : m_docks)
        panels->addAction(d->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"));
    keys->setObjectName(QStringLiteral("shortcuts"));
    keys->setShortcut(QKeySequence::HelpContents);
    connect(keys, &QAction::triggered, this, [this] {
        auto* dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    help->addSeparator();
    QAction* about = help->addAction(tr("&About Tidemark"));
    about->setObjectName(QStringLiteral("about"));
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Tidemark"),
            tr("<h3>Tidemark %1</h3>"
               "<p>Step through Apache Flink's event time: each channel's watermark, the minimum the window "
               "operator sees, when windows fire and re-fire, and what happens to late records.</p>"
               "<p>Its engine decides as Flink 1.20's DataStream API does: watermark generators, "
               "StatusWatermarkValve, key groups, WindowOperator with triggers, evictors and allowed lateness. "
               "It is checked against Flink's own classes.</p>"
               "<p>Built with Qt %2.</p>")
                .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createLanguageMenu(QMenu* menu)
{
    // Each language is named in itself, so that someone who cannot read the current one still finds theirs.
    const std::pair<QString, QString> languages[] = {{QString(), tr("System default")},
        {QStringLiteral("en"), QStringLiteral("English")}, {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    auto* group = new QActionGroup(menu);
    const QString saved = savedLanguage();
    for (const auto& [code, name] : languages) {
        QAction* a = menu->addAction(name);
        a->setObjectName(QStringLiteral("language_%1").arg(code.isEmpty() ? QStringLiteral("system") : code));
        a->setCheckable(true);
        a->setChecked(code == saved);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = code] {
            if (code == savedLanguage())
                return;
            saveLanguage(code);
            QMessageBox::information(
                this, tr("Language"), tr("The new language takes effect when Tidemark is started again."));
        });
    }
}

void MainWindow::applyTheme()
{
    qApp->setPalette(m_theme->palette());
    for (int k = 0; k < m_actions.themes.size(); ++k)
        m_actions.themes[k]->setChecked(k == int(m_theme->kind()));
}

void MainWindow::updateTitle()
{
    QString title = m_session->hasRun() ? m_session->title() : tr("No scenario");
    if (!m_undo->isClean() || m_session->unsavedRecords() > 0)
        title += QStringLiteral(" *");
    setWindowTitle(tr("%1 — Tidemark").arg(title));
}

bool MainWindow::openFile(const QString& path)
{
    m_loader->abandon(); // the document opened last is the one shown
    if (!isScenarioFile(path)) {
        // an event file: choose the mapping and the job in the import dialog, with a live preview
        ImportDialog dialog(path, this);
        if (!dialog.refusal().isEmpty()) {
            showLoadError(dialog.refusal()); // missing, empty, a line over the limit: said at once
            return false;
        }
        if (dialog.exec() != QDialog::Accepted)
            return false;
        std::optional<Scenario> scenario = dialog.takeScenario();
        io::SkippedLines skipped = dialog.takeSkippedLines();
        // saved next to the event file it refers to
        if (scenario->records.size() >= kBackgroundRecordCount)
            m_loader->recordScenario(std::move(*scenario), path, std::move(skipped));
        else
            openScenario(std::move(*scenario), QString(), std::move(skipped));
        addRecent(QFileInfo(path).absoluteFilePath());
        return true;
    }
    if (scenarioReadBytes(path) >= kBackgroundLoadBytes) {
        m_loader->loadScenario(path, QFileInfo(path).absoluteFilePath());
        return true;
    }
    const LoadOutcome outcome = loadScenarioFile(path);
    if (!outcome.ok()) {
        showLoadError(outcome.error);
        return false;
    }
    openScenario(*outcome.scenario, QFileInfo(path).absoluteFilePath(), outcome.skipped);
    addRecent(QFileInfo(path).absoluteFilePath());
    return true;
}

void MainWindow::openLoadedRun()
{
    RunLoader::Result loaded = m_loader->takeResult();
    if (!releaseLiveRun())
        return;
    m_playerBar->setPlaying(false);
    if (loaded.graph)
        m_session->setRecordedGraph(std::move(loaded.graph), loaded.documentPath, std::move(loaded.skipped));
    else
        m_session->setRecordedRun(
            std::move(loaded.shell), std::move(loaded.player), loaded.documentPath, std::move(loaded.skipped));
    m_undo->clear();
    updateTitle();
    if (!loaded.documentPath.isEmpty())
        addRecent(loaded.documentPath);
}

bool MainWindow::finishLoading()
{
    if (!m_loader->isBusy())
        return true;
    QEventLoop wait;
    bool opened = false;
    connect(
        m_loader, &RunLoader::loaded, &wait,
        [&] {
            opened = true;
            wait.quit();
        },
        Qt::QueuedConnection); // after openLoadedRun has installed the run
    connect(m_loader, &RunLoader::failed, &wait, &QEventLoop::quit);
    connect(m_loader, &RunLoader::cancelled, &wait, &QEventLoop::quit);
    wait.exec();
    return opened;
}

bool MainWindow::openFiles(const QStringList& paths)
{
    if (paths.isEmpty())
        return false;
    const bool opened = openFile(paths.front());
    if (paths.size() > 1) {
        QStringList others;
        for (const QString& p : paths.mid(1))
            others << QFileInfo(p).fileName();
        // one run at a time: say which files were left, rather than dropping them without a word
        statusBar()->showMessage(tr("Tidemark shows one run at a time: opened %1, not %2.")
                                     .arg(QFileInfo(paths.front()).fileName(), others.join(QStringLiteral(", "))));
    }
    return opened;
}

bool MainWindow::openExample(const QString& path)
{
    m_loader->abandon();
    const LoadOutcome outcome = loadExample(path);
    if (!outcome.ok()) {
        showLoadError(outcome.error);
        return false;
    }
    // an example is not a file the user owns: "Save" asks where to put a copy
    openScenario(*outcome.scenario, QString(), outcome.skipped);
    return true;
}

void MainWindow::openScenario(Scenario scenario, const QString& path, io::SkippedLines skipped)
{
    m_loader->abandon();
    if (!releaseLiveRun())
        return;
    m_playerBar->setPlaying(false);
    const QString error = m_session->setScenario(std::move(scenario), path, 0, std::move(skipped));
    if (!error.isEmpty()) {
        showLoadError(error); // the engine refuses the job: the run shown stays
        return;
    }
    m_undo->clear();
    updateTitle();
}

bool MainWindow::releaseLiveRun()
{
    // Lines may have come while a dialog was open, after the user was asked: the source ends here, and what
    // came since is saved if the user wants it.
    if (!m_session->isLive())
        return true;
    m_session->stopLive();
    return maybeSave();
}

void MainWindow::showLoadError(const QString& message)
{
    std::fprintf(stderr, "tidemark: %s\n", qPrintable(message)); // for a terminal, a script, --screenshot
    auto* box = new QMessageBox(
        QMessageBox::Critical, tr("Cannot open"), tr("The file could not be loaded."), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("loadError"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal without a nested event loop, so nothing else waits on it
}

void MainWindow::setPresenterMode(bool on)
{
    m_presenterMode->setOn(on);
}

bool MainWindow::isPresenterMode() const
{
    return m_presenterMode->isOn();
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    QSettings settings;
    const QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    // a file moved or deleted since is no use in the menu: it leaves the list when the menu is next shown
    QStringList existing;
    for (const QString& path : recent) {
        if (QFileInfo::exists(path))
            existing << path;
    }
    if (existing != recent)
        settings.setValue(QStringLiteral("recentFiles"), existing);
    for (const QString& path : existing) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    if (!existing.isEmpty()) {
        m_recentMenu->addSeparator();
        QAction* clear = m_recentMenu->addAction(tr("&Clear Menu"));
        clear->setObjectName(QStringLiteral("clearRecent"));
        connect(clear, &QAction::triggered, this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!existing.isEmpty());
}

void MainWindow::askForLiveSource(LiveSourceRequest::Kind kind)
{
    if (!m_session->hasRun() || !maybeSave())
        return;
    if (kind == LiveSourceRequest::Kind::Kafka) {
        KafkaTopicDialog dialog(m_lastLiveSource, this);
        if (dialog.exec() == QDialog::Accepted)
            beginLiveRun(dialog.request(), dialog.takeSource());
        return;
    }
    LiveSourceDialog dialog(kind, m_session->lineSpec(), m_lastLiveSource, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    beginLiveRun(dialog.request(), dialog.takeSource());
}

void MainWindow::reconnectLiveSource()
{
    if (!m_session->hasLiveRun() || !maybeSave())
        return;
    QString error;
    if (!startLiveSource(m_lastLiveSource, &error))
        QMessageBox::critical(this, tr("Cannot reconnect"), error);
}

bool MainWindow::startLiveSource(const LiveSourceRequest& request, QString* error)
{
    QString why;
    std::unique_ptr<live::LiveSource> source = request.open(&why);
    if (!source) {
        if (error)
            *error = why;
        return false;
    }
    return beginLiveRun(request, std::move(source), error);
}

bool MainWindow::beginLiveRun(
    const LiveSourceRequest& request, std::unique_ptr<live::LiveSource> source, QString* error)
{
    if (!releaseLiveRun())
        return false;
    m_lastLiveSource = request;
    if (const auto* listening = dynamic_cast<const live::ListenSource*>(source.get()))
        m_lastLiveSource.port = listening->port(); // port 0 asked for any free one: Reconnect reopens the same
    std::optional<KafkaSourceSpec> kafka;
    if (const auto* topic = dynamic_cast<const live::KafkaSource*>(source.get()))
        kafka = KafkaSourceSpec {request.topic.toStdString(), topic->partitions(), request.watermarks};
    const InputFileSpec spec = kafka ? request.kafkaSpec() : m_session->lineSpec();
    const QString refused = m_session->startLive(std::move(source), spec, request.lenient, kafka);
    if (!refused.isEmpty()) {
        if (error)
            *error = refused;
        else
            QMessageBox::critical(this, tr("Cannot start the live run"), refused);
        return false;
    }
    m_undo->clear();
    const LiveSourceRequest& opened = m_lastLiveSource;
    statusBar()->showMessage(opened.kind == LiveSourceRequest::Kind::Connect
            ? tr("Reading lines from %1").arg(opened.endpoint())
            : opened.kind == LiveSourceRequest::Kind::Kafka
            ? tr("Reading topic %1 from %2").arg(opened.topic, opened.bootstrap)
            : tr("Listening on %1: type lines into nc %2 %3").arg(opened.endpoint(), opened.host).arg(opened.port),
        8000);
    return true;
}

bool MainWindow::maybeSave()
{
    const int records = m_session->unsavedRecords();
    if (m_undo->isClean() && records == 0)
        return true;
    const QString question = records == 0
        ? tr("The pipeline of “%1” was changed. Save the changes?").arg(m_session->title())
        : m_session->hasLiveRun()
        ? tr("“%1” holds %n record(s) received from %2 that no file has. Save the run?", nullptr, records)
              .arg(m_session->title(), m_session->liveSourceName())
        : tr("“%1” holds %n typed record(s) that no file has. Save the run?", nullptr, records).arg(m_session->title());
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Unsaved changes"), question,
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("unsavedChanges"));
    box->setDefaultButton(QMessageBox::Save);
    const auto answer = QMessageBox::StandardButton(box->exec());
    delete box;
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    return true;
}

bool MainWindow::save()
{
    if (m_session->filePath().isEmpty())
        return saveAs();
    return saveTo(m_session->filePath());
}

bool MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the scenario"), m_session->suggestedFileName(QStringLiteral(".json")), tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return false;
    return saveTo(path);
}

bool MainWindow::saveTo(const QString& path)
{
    // QSaveFile: the old file stays intact until the new one is completely written
    QSaveFile file(path);
    const std::string text = io::saveScenario(m_session->scenarioForSaving(path));
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !file.commit()) {
        QMessageBox::critical(this, tr("Cannot save"), tr("%1: %2").arg(path, file.errorString()));
        return false;
    }
    m_session->setFilePath(QFileInfo(path).absoluteFilePath());
    m_session->markSaved();
    m_undo->setClean();
    addRecent(QFileInfo(path).absoluteFilePath());
    updateTitle();
    return true;
}

ExportPicture& MainWindow::picture() const
{
    return m_export->picture();
}

bool MainWindow::exportTimelineTo(const QString& path, bool svg)
{
    return m_export->exportTimelineTo(path, svg);
}

bool MainWindow::exportOutputsTo(const QString& path, bool jsonl)
{
    return m_export->exportOutputsTo(path, jsonl);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (isPresenterMode())
        setPresenterMode(false);
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    if (maybeSave())
        openFiles(paths);
}

} // namespace tidemark::app
