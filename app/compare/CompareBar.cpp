#include "app/compare/CompareBar.h"

#include "app/Theme.h"
#include "app/compare/CompareCursor.h"
#include "app/compare/ComparisonRuns.h"
#include "app/compare/DifferencesModel.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tidemark::app {

using compare::RunSide;

ProcessingTimeScrubber::ProcessingTimeScrubber(
    ComparisonRuns* runs, CompareCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setObjectName(QStringLiteral("compareScrubber"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(34);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Processing time, the same for both runs: a tick where their outputs differ (green: a fire "
                  "moved or printed something else, purple: a firing in one run only, red: a record late in one "
                  "run only). Click a tick to go to that difference, or click or drag to go to a time."));
    connect(m_cursor, &CompareCursor::moved, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &CompareCursor::currentDifferenceChanged, this, qOverload<>(&QWidget::update));
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
}

QRectF ProcessingTimeScrubber::track() const
{
    return QRectF(8, height() / 2.0 - 3, width() - 16, 6);
}

double ProcessingTimeScrubber::xOf(double time) const
{
    const QRectF t = track();
    const double end = std::max(1.0, double(m_cursor->endTime()));
    return t.left() + t.width() * std::clamp(time / end, 0.0, 1.0);
}

double ProcessingTimeScrubber::timeAt(double x) const
{
    const QRectF t = track();
    const double f = std::clamp((x - t.left()) / std::max(1.0, t.width()), 0.0, 1.0);
    return f * double(std::max<Timestamp>(1, m_cursor->endTime()));
}

int ProcessingTimeScrubber::differenceAt(double x) const
{
    int best = -1;
    double bestDistance = 5.0;
    for (int row = 0; row < m_runs->differenceCount(); ++row) {
        const double distance = std::abs(xOf(double(m_runs->differenceTime(row))) - x);
        if (distance < bestDistance) {
            best = row;
            bestDistance = distance;
        }
    }
    return best;
}

void ProcessingTimeScrubber::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const ThemeColors& c = m_theme->colors();
    const QRectF t = track();
    p.setPen(Qt::NoPen);
    p.setBrush(c.gridMinor);
    p.drawRoundedRect(t, 3, 3);
    const double now = m_cursor->atStart() ? t.left() : xOf(double(m_cursor->time()));
    p.setBrush(c.grid);
    p.drawRoundedRect(QRectF(t.left(), t.top(), now - t.left(), t.height()), 3, 3);
    // the difference looked at last, so that its taller tick is on top
    const int current = m_cursor->currentDifference();
    for (int row = 0; row <= m_runs->differenceCount(); ++row) {
        const int r = row < m_runs->differenceCount() ? row : current;
        if (r < 0 || (row < m_runs->differenceCount() && r == current))
            continue;
        const double x = std::round(xOf(double(m_runs->differenceTime(r))));
        const double reach = r == current ? 14 : 9;
        p.fillRect(QRectF(x - (r == current ? 1.5 : 1), t.center().y() - reach, r == current ? 3 : 2, 2 * reach),
            DifferencesModel::colorOf(c, *m_runs, r));
    }
    p.setPen(QPen(c.laneBackground, 2));
    p.setBrush(c.cursorLine);
    p.drawEllipse(QPointF(now, t.center().y()), 6, 6);
}

void ProcessingTimeScrubber::mousePressEvent(QMouseEvent* event)
{
    const int row = differenceAt(event->position().x());
    if (row >= 0)
        m_cursor->showDifference(row);
    else
        m_cursor->setTime(Timestamp(std::llround(timeAt(event->position().x()))));
}

void ProcessingTimeScrubber::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        m_cursor->setTime(Timestamp(std::llround(timeAt(event->position().x()))));
}

CompareBar::CompareBar(ComparisonRuns* runs, CompareCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_cursor(cursor)
    , m_timer(new QTimer(this))
    , m_buttons(new QHBoxLayout)
    , m_speed(new QComboBox(this))
    , m_position(new QLabel(this))
{
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(6, 2, 6, 2);
    rows->setSpacing(0);
    auto* controls = new QHBoxLayout;
    controls->setSpacing(8);
    m_buttons->setSpacing(2);
    controls->addLayout(m_buttons);
    controls->addStretch(1);
    controls->addWidget(m_speed);
    rows->addLayout(controls);
    // where both runs are, beside the scrubber it reads: the buttons' row stays narrow enough for 1024 pixels
    auto* track = new QHBoxLayout;
    track->setSpacing(8);
    track->addWidget(new ProcessingTimeScrubber(runs, cursor, theme, this), 1);
    track->addWidget(m_position);
    rows->addLayout(track);

    for (double speed : {0.5, 1.0, 2.0, 4.0, 10.0})
        m_speed->addItem(tr("%1 steps/s").arg(speed), speed);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed: how many of the shared steps (a processing time at which either run "
                           "changes something) go by per second"));
    m_speed->setObjectName(QStringLiteral("compareSpeed"));
    QFont bold = m_position->font();
    bold.setBold(true);
    if (bold.pointSizeF() > 0)
        bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_position->setFont(bold);
    m_position->setObjectName(QStringLiteral("comparePosition"));
    m_position->setToolTip(tr("Each run's step at the shared processing time: its last step up to that time, or, "
                              "at a difference, the step where the difference shows in it"));

    m_timer->setTimerType(Qt::PreciseTimer);
    const auto interval = [this] { return int(std::lround(1000.0 / m_speed->currentData().toDouble())); };
    m_timer->setInterval(interval());
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this, interval] { m_timer->setInterval(interval()); });
    connect(m_timer, &QTimer::timeout, this, &CompareBar::tick);
    connect(m_cursor, &CompareCursor::moved, this, &CompareBar::refresh);
    refresh();
}

void CompareBar::setActions(const std::vector<QAction*>& actions)
{
    for (QAction* a : actions) {
        if (!a) {
            m_buttons->addSpacing(12);
            continue;
        }
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setAutoRaise(true);
        m_buttons->addWidget(b);
    }
}

bool CompareBar::isPlaying() const
{
    return m_timer->isActive();
}

void CompareBar::setPlaying(bool playing)
{
    if (playing == isPlaying())
        return;
    if (playing) {
        if (m_cursor->atEnd())
            m_cursor->toStart(); // play from the end starts over
        m_timer->start();
    } else {
        m_timer->stop();
    }
    Q_EMIT playingChanged(playing);
}

void CompareBar::tick()
{
    m_cursor->stepForward();
    if (m_cursor->atEnd())
        setPlaying(false);
}

QString CompareBar::positionText() const
{
    return m_position->text();
}

void CompareBar::refresh()
{
    const auto where = [this](RunSide side) {
        const TimeCursor* c = m_runs->cursor(side);
        return tr("%1: step %2 of %3").arg(runLetter(side)).arg(c->step()).arg(c->lastStep());
    };
    const QString time = m_cursor->atStart() ? tr("start") : Session::formatProcessingTime(m_cursor->time());
    m_position->setText(tr("%1 · %2 · %3").arg(where(RunSide::A), where(RunSide::B), time));
}

} // namespace tidemark::app
