#include "app/compare/CompareWindow.h"

#include "app/Theme.h"
#include "app/compare/CompareBar.h"
#include "app/compare/CompareCursor.h"
#include "app/compare/ComparisonRuns.h"
#include "app/compare/DifferencesModel.h"
#include "app/compare/RunHeader.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphStrip.h"
#include "app/timeline/TimelineView.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace tidemark::app {

using compare::RunSide;

namespace {

std::size_t indexOf(RunSide side)
{
    return side == RunSide::A ? 0 : 1;
}

} // namespace

CompareWindow::CompareWindow(const compare::Comparison& comparison, Theme* theme, QWidget* parent)
    : QMainWindow(parent)
    , m_theme(theme)
    , m_runs(new ComparisonRuns(this))
{
    setObjectName(QStringLiteral("CompareWindow"));
    if (!m_theme) {
        m_theme = new Theme(this);
        m_theme->setKind(Theme::Kind(QSettings().value(QStringLiteral("theme"), int(Theme::Kind::Light)).toInt()));
    }
    const QSize preferred(1600, 980);
    resize(screen() != nullptr ? preferred.boundedTo(screen()->availableGeometry().size()) : preferred);

    m_error = m_runs->load(comparison);
    if (!m_error.isEmpty()) {
        setWindowTitle(tr("Cannot compare — Tidemark"));
        showMessage(m_error);
        return;
    }
    setWindowTitle(tr("%1 — Compare — Tidemark").arg(m_runs->name()));
    m_cursor = new CompareCursor(m_runs, this);
    m_model = new DifferencesModel(m_runs, m_theme, this);
    m_bar = new CompareBar(m_runs, m_cursor, m_theme, this);
    m_bar->setObjectName(QStringLiteral("compareBar"));
    createActions();
    setCentralWidget(createViews());
    fitBoth();
    // a comparison opens on what it is about: its first difference, in both runs
    if (m_runs->differenceCount() > 0)
        m_cursor->showDifference(0);
    else
        m_cursor->toEnd();
}

TimelineView* CompareWindow::timeline(RunSide side) const
{
    return m_timelines[indexOf(side)];
}

GraphStrip* CompareWindow::graphStrip(RunSide side) const
{
    return m_strips[indexOf(side)];
}

GraphLanes* CompareWindow::graphLanes(RunSide side) const
{
    return m_lanes[indexOf(side)];
}

RunHeader* CompareWindow::header(RunSide side) const
{
    return m_headers[indexOf(side)];
}

void CompareWindow::showMessage(const QString& text)
{
    auto* label = new QLabel(text, this);
    label->setObjectName(QStringLiteral("compareError"));
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(40);
    setCentralWidget(label);
}

void CompareWindow::createActions()
{
    auto make
        = [this](const QString& name, const QString& text, const QKeySequence& key, const QString& tip, auto&& slot) {
              auto* a = new QAction(text, this);
              a->setObjectName(name);
              a->setShortcut(key);
              a->setShortcutContext(Qt::WindowShortcut);
              a->setToolTip(tip);
              connect(a, &QAction::triggered, this, slot);
              addAction(a);
              return a;
          };
    const auto say = [this](bool moved, const QString& otherwise) {
        if (!moved)
            notify(otherwise);
    };
    make(QStringLiteral("toStart"), tr("|◀ Start"), QKeySequence(Qt::Key_Home), tr("Both runs to step 0 (Home)"),
        [this] { m_cursor->toStart(); });
    make(QStringLiteral("stepBack"), tr("◀ Step"), QKeySequence(Qt::Key_Left),
        tr("Back to the previous processing time at which either run changes something (←)"),
        [this] { m_cursor->stepBack(); });
    auto* play = make(QStringLiteral("play"), tr("▶ Play"), QKeySequence(Qt::Key_Space), tr("Play / pause (Space)"),
        [this] { m_bar->togglePlaying(); });
    connect(m_bar, &CompareBar::playingChanged, play,
        [play](bool playing) { play->setText(playing ? tr("⏸ Pause") : tr("▶ Play")); });
    make(QStringLiteral("stepForward"), tr("Step ▶"), QKeySequence(Qt::Key_Right),
        tr("On to the next processing time at which either run changes something (→)"),
        [this] { m_cursor->stepForward(); });
    make(QStringLiteral("toEnd"), tr("End ▶|"), QKeySequence(Qt::Key_End), tr("Both runs to their end (End)"),
        [this] { m_cursor->toEnd(); });
    make(QStringLiteral("previousDifference"), tr("◀ Previous difference"), QKeySequence(Qt::SHIFT | Qt::Key_Left),
        tr("The difference before this one in the list (Shift+←)"),
        [this, say] { say(m_cursor->toNextDifference(false), tr("No earlier difference.")); });
    make(QStringLiteral("nextDifference"), tr("Next difference ▶"), QKeySequence(Qt::SHIFT | Qt::Key_Right),
        tr("The difference after this one in the list (Shift+→)"),
        [this, say] { say(m_cursor->toNextDifference(true), tr("No later difference.")); });
    // one zoom for both: their event-time ranges are kept the same (CompareCursor)
    make(QStringLiteral("zoomIn"), tr("+"), QKeySequence(Qt::CTRL | Qt::Key_Equal), tr("Zoom in (Ctrl+=)"),
        [this] { zoom(true); });
    make(QStringLiteral("zoomOut"), tr("−"), QKeySequence(Qt::CTRL | Qt::Key_Minus), tr("Zoom out (Ctrl+-)"),
        [this] { zoom(false); });
    make(QStringLiteral("fitAll"), tr("Fit all"), QKeySequence(Qt::CTRL | Qt::Key_0),
        tr("Both timelines to everything of both runs (Ctrl+0)"), [this] { fitBoth(); });
    make(QStringLiteral("close"), tr("Close"), QKeySequence::Close, tr("Close the comparison"), [this] { close(); });
    const auto a = [this](const char* name) { return findChild<QAction*>(QString::fromLatin1(name)); };
    m_bar->setActions({a("toStart"), a("stepBack"), a("play"), a("stepForward"), a("toEnd"), nullptr,
        a("previousDifference"), a("nextDifference"), nullptr, a("zoomIn"), a("zoomOut"), a("fitAll")});
}

QWidget* CompareWindow::createViews()
{
    auto* centre = new QWidget(this);
    auto* layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    auto* splitter = m_splitter = new QSplitter(Qt::Vertical, centre);
    splitter->setObjectName(QStringLiteral("compareSplitter"));
    splitter->setChildrenCollapsible(false);
    for (const RunSide side : {RunSide::A, RunSide::B})
        splitter->addWidget(createRun(side, splitter));
    splitter->addWidget(createDifferenceList(splitter));
    connect(splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    splitter->installEventFilter(this);
    layout->addWidget(splitter, 1);
    return centre;
}

QWidget* CompareWindow::createRun(RunSide side, QWidget* parent)
{
    auto* run = new QWidget(parent);
    auto* runLayout = new QVBoxLayout(run);
    runLayout->setContentsMargins(0, 0, 0, 0);
    runLayout->setSpacing(0);
    const std::size_t i = indexOf(side);
    const bool a = side == RunSide::A;
    m_headers[i] = new RunHeader(side, m_runs, m_theme, run);
    runLayout->addWidget(m_headers[i]);
    if (m_runs->isGraph()) {
        m_strips[i] = new GraphStrip(m_runs->session(side), m_runs->cursor(side), m_theme, run);
        m_strips[i]->setObjectName(a ? QStringLiteral("graphStripA") : QStringLiteral("graphStripB"));
        auto* area = new QScrollArea(run);
        area->setObjectName(a ? QStringLiteral("graphLanesAreaA") : QStringLiteral("graphLanesAreaB"));
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        m_lanes[i] = new GraphLanes(m_runs->session(side), m_runs->cursor(side), m_theme, area);
        area->setWidget(m_lanes[i]);
        area->setMinimumSize(320, 80);
        runLayout->addWidget(m_strips[i]);
        runLayout->addWidget(area, 1);
        return run;
    }
    m_timelines[i] = new TimelineView(m_runs->session(side), m_runs->cursor(side), m_theme, run);
    m_timelines[i]->setObjectName(a ? QStringLiteral("timelineA") : QStringLiteral("timelineB"));
    // two timelines and the list share a 768-pixel projector
    m_timelines[i]->setMinimumSize(320, 150);
    runLayout->addWidget(m_timelines[i], 1);
    return run;
}

void CompareWindow::zoom(bool in)
{
    // one zoom for both: their event-time ranges are kept the same (CompareCursor)
    if (m_lanes[0])
        in ? m_lanes[0]->zoomIn() : m_lanes[0]->zoomOut();
    else
        in ? m_timelines[0]->zoomIn() : m_timelines[0]->zoomOut();
}

QWidget* CompareWindow::createDifferenceList(QWidget* parent)
{
    auto* list = new QWidget(parent);
    auto* layout = new QVBoxLayout(list);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    m_summary = new QLabel(list);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setContentsMargins(8, 2, 8, 2);
    m_summary->setWordWrap(true);
    m_summary->setText(m_runs->differenceCount() > 0
            ? tr("<b>%1</b> — select one to see both runs where it shows").arg(summaryText().toHtmlEscaped())
            : tr("<b>%1</b>").arg(summaryText().toHtmlEscaped()));
    m_summary->setToolTip(m_runs->description());
    m_notice = new QLabel(list);
    m_notice->setObjectName(QStringLiteral("compareNotice"));
    m_notice->setContentsMargins(8, 2, 8, 2);
    auto* heading = new QHBoxLayout;
    heading->addWidget(m_summary, 1);
    heading->addWidget(m_notice);
    layout->addLayout(heading);

    m_table = new QTableView(list);
    m_table->setObjectName(QStringLiteral("differences"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->setTextElideMode(Qt::ElideRight); // the record and step come first; the tooltip has the rest
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(DifferencesModel::Kind, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(DifferencesModel::Subject, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(DifferencesModel::SideA, QHeaderView::Stretch);
    header->setSectionResizeMode(DifferencesModel::SideB, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);

    // the list and the shared cursor select the same difference, both ways; clicking the row already
    // selected goes there again (after stepping away)
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, m_cursor,
        [this](const QModelIndex& current) { m_cursor->showDifference(current.isValid() ? current.row() : -1); });
    connect(m_table, &QTableView::clicked, m_cursor,
        [this](const QModelIndex& index) { m_cursor->showDifference(index.row()); });
    connect(m_cursor, &CompareCursor::currentDifferenceChanged, m_table, [this](int row) {
        if (row < 0) {
            m_table->clearSelection();
            return;
        }
        m_table->selectRow(row);
        m_table->scrollTo(m_model->index(row, 0));
    });
    return list;
}

void CompareWindow::notify(const QString& text)
{
    m_notice->setText(text);
    QTimer::singleShot(3000, m_notice, [label = m_notice, text] {
        if (label->text() == text)
            label->clear();
    });
}

bool CompareWindow::eventFilter(QObject* watched, QEvent* event)
{
    // the splitter's own height, once its layout has given it one (the window's may come first)
    if (watched == m_splitter && event->type() == QEvent::Resize && !m_userSized)
        arrangeSplitter();
    return QMainWindow::eventFilter(watched, event);
}

void CompareWindow::arrangeSplitter()
{
    // What a timeline needs (TimelineLayout's sizes): its header, the axis, the footer with the operator
    // watermark's label and the legend (two rows on a narrow screen), a row set of window boxes per key shown,
    // and lanes tall enough for the record numbers. Roomy: window boxes with both lines; least: their range.
    const bool narrow = width() < 1300;
    const auto need = [this, narrow](RunSide side, bool roomy) {
        const std::size_t i = indexOf(side);
        if (m_strips[i]) // a graph: its strip whole, and its lanes as tall as they are, up to a screenful
            return m_headers[i]->sizeHint().height() + m_strips[i]->sizeHint().height()
                + std::min(m_lanes[i]->sizeHint().height(), roomy ? 420 : 160);
        const Session* s = m_runs->session(side);
        const int rowSets = std::clamp(s->keyCount(), 1, 3);
        return m_headers[indexOf(side)]->sizeHint().height() + 50 + 64 + (narrow ? 20 : 0) + rowSets * (roomy ? 50 : 32)
            + std::max(1, s->channelCount()) * (roomy ? 62 : 57);
    };
    const int total = m_splitter->height() - 2 * m_splitter->handleWidth();
    const int leastList = 100; // the summary, the list's header and three rows
    double a = need(RunSide::A, true);
    double b = need(RunSide::B, true);
    if (a + b + leastList > total) {
        a = need(RunSide::A, false);
        b = need(RunSide::B, false);
    }
    if (a + b + leastList > total) { // shorter still: the timelines share what the list leaves
        const double scale = std::max(0.0, double(total - leastList)) / (a + b);
        a *= scale;
        b *= scale;
    } else {
        // a tall screen: the list as tall as its rows (at most about a third), the timelines the rest
        const int rows = m_summary->heightForWidth(m_splitter->width())
            + m_table->horizontalHeader()->sizeHint().height()
            + m_model->rowCount() * m_table->verticalHeader()->defaultSectionSize() + 12;
        const double list = std::clamp(double(rows), double(leastList), 0.35 * total);
        const double grow = std::max(1.0, (total - list) / (a + b));
        a *= grow;
        b *= grow;
    }
    m_splitter->setSizes({int(a), int(b), std::max(0, total - int(a) - int(b))});
}

QString CompareWindow::summaryText() const
{
    const int n = m_runs->differenceCount();
    if (n == 0)
        return tr("No differences: both pipelines give the same outputs");
    return n == 1 ? tr("1 difference") : tr("%1 differences").arg(n);
}

void CompareWindow::fitBoth()
{
    if (!isValid())
        return;
    // each timeline fits its own run (allowed lateness widens a run's range); both then show the union
    double start = 0;
    double end = 0;
    for (std::size_t i = 0; i < 2; ++i) {
        if (m_lanes[i])
            m_lanes[i]->fitAll();
        else
            m_timelines[i]->fitAll();
        const TimeCursor* c = m_runs->cursor(i == 0 ? RunSide::A : RunSide::B);
        start = i == 0 ? c->visibleStart() : std::min(start, c->visibleStart());
        end = i == 0 ? c->visibleEnd() : std::max(end, c->visibleEnd());
    }
    m_runs->cursor(RunSide::A)->setVisibleRange(start, end);
}

} // namespace tidemark::app
