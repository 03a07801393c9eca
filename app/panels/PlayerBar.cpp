#include "app/panels/PlayerBar.h"

#include "app/Theme.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QAction>
#include <QApplication>
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
#include <span>

namespace tidemark::app {

namespace {

// Calls tick(item, x) for the first of the items (in step order, up to the step upTo) at each rounded x: a
// search then jumps past the rest of its pixel column, so that a million fires cost a search per column drawn,
// not a look at each fire, on every repaint while stepping.
template <class Item, class XOf, class Tick>
void forEachColumnsFirst(std::span<const Item> items, int upTo, XOf xOf, Tick tick)
{
    const auto end
        = std::partition_point(items.begin(), items.end(), [&](const Item& i) { return int(i.step) <= upTo; });
    for (auto it = items.begin(); it != end;) {
        const double x = std::round(xOf(int(it->step)));
        tick(*it, x);
        it = std::partition_point(it + 1, end, [&](const Item& i) { return std::round(xOf(int(i.step))) <= x; });
    }
}

} // namespace

StepScrubber::StepScrubber(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(minimumSizeHint().height());
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("All steps of the run: green ticks fire a window, purple re-fire it late, red drop a record. "
                  "Click or drag to go to a step."));
    connect(m_cursor, &TimeCursor::stepChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::runChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::runExtended, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::lessonStateChanged, this, qOverload<>(&QWidget::update));
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
}

QRectF StepScrubber::track() const
{
    return QRectF(8, height() / 2.0 - 4, width() - 16, 8);
}

int StepScrubber::stepAt(double x) const
{
    const QRectF t = track();
    const double f = std::clamp((x - t.left()) / std::max(1.0, t.width()), 0.0, 1.0);
    return int(std::lround(f * m_cursor->lastStep()));
}

void StepScrubber::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const ThemeColors& c = m_theme->colors();
    const QRectF t = track();
    p.setPen(Qt::NoPen);
    p.setBrush(c.gridMinor);
    p.drawRoundedRect(t, 4, 4);
    const int last = std::max(1, m_cursor->lastStep());
    auto xOf = [&](int step) { return t.left() + t.width() * double(step) / double(last); };
    p.setBrush(c.grid);
    p.drawRoundedRect(QRectF(t.left(), t.top(), xOf(m_cursor->step()) - t.left(), t.height()), 4, 4);
    if (m_session->hasRun()) {
        // one tick per pixel column at most: a long run's ticks merge into bands
        const Trace& trace = m_session->trace();
        // while the class predicts, nothing after the marker gives the answer away
        const int shownUpTo = m_cursor->isPredicting() ? m_cursor->predictMarker() : m_cursor->lastStep();
        forEachColumnsFirst(trace.fires(), shownUpTo, xOf, [&](const FireRecord& f, double x) {
            p.fillRect(QRectF(x - 1, t.top() - 6, 2, 6), f.fire.timing == FireTiming::OnTime ? c.fire : c.lateFire);
        });
        forEachColumnsFirst(trace.lates(), shownUpTo, xOf, [&](const LateRecord& l, double x) {
            p.fillRect(
                QRectF(x - 1, t.bottom(), 2, 6), l.late.action == LateAction::Dropped ? c.dropped : c.sideOutput);
        });
    }
    // the lesson's markers above the track: filled, or hollow where the class is to predict
    for (const LessonMarker& m : m_session->lesson()) {
        if (int(m.step) > m_cursor->lastStep())
            break;
        const double x = xOf(int(m.step));
        const QPolygonF diamond({QPointF(x, t.top() - 16), QPointF(x + 4, t.top() - 12), QPointF(x, t.top() - 8),
            QPointF(x - 4, t.top() - 12)});
        p.setPen(QPen(c.operatorWatermark, 1.5));
        p.setBrush(m.predict ? QBrush(Qt::NoBrush) : QBrush(c.operatorWatermark));
        p.drawPolygon(diamond);
    }
    const double hx = xOf(m_cursor->step());
    p.setPen(QPen(c.laneBackground, 2));
    p.setBrush(c.cursorLine);
    p.drawEllipse(QPointF(hx, t.center().y()), 7, 7);
}

void StepScrubber::mousePressEvent(QMouseEvent* event)
{
    m_cursor->setStep(m_cursor->snapped(stepAt(event->position().x())));
}

void StepScrubber::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        m_cursor->setStep(m_cursor->snapped(stepAt(event->position().x())));
}

PlayerBar::PlayerBar(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
    , m_timer(new QTimer(this))
    , m_firstRow(new QHBoxLayout)
    , m_secondRow(new QHBoxLayout)
    , m_thirdRow(new QHBoxLayout)
    , m_scrubber(new StepScrubber(session, cursor, theme, this))
    , m_speed(new QComboBox(this))
    , m_granularity(new QComboBox(this))
    , m_position(new QLabel(this))
{
    // the controls in one row (two or three when the bar is narrow), then the scrubber across the whole width
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(6, 2, 6, 2);
    rows->setSpacing(0);
    m_firstRow->setSpacing(8);
    m_secondRow->setSpacing(8);
    m_thirdRow->setSpacing(8);
    rows->addLayout(m_firstRow);
    rows->addLayout(m_secondRow);
    rows->addLayout(m_thirdRow);
    rows->addWidget(m_scrubber);
    for (double speed : {0.5, 1.0, 2.0, 4.0, 10.0, 30.0, 100.0})
        m_speed->addItem(tr("%1 steps/s").arg(speed), speed);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed, in steps per second"));
    m_granularity->setObjectName(QStringLiteral("granularity"));
    m_granularity->addItem(tr("Every step"), int(TimeCursor::Granularity::EveryStep));
    m_granularity->addItem(tr("Changes only"), int(TimeCursor::Granularity::Changes));
    m_granularity->addItem(tr("Arrivals only"), int(TimeCursor::Granularity::Arrivals));
    m_granularity->setToolTip(tr("What a step moves over: every step of the event queue; the steps that change "
                                 "something shown (a watermark, a window, an output); or the records' arrivals"));
    m_granularity->setCurrentIndex(m_granularity->findData(int(m_cursor->granularity())));
    connect(m_granularity, &QComboBox::currentIndexChanged, this,
        [this] { m_cursor->setGranularity(TimeCursor::Granularity(m_granularity->currentData().toInt())); });
    connect(m_cursor, &TimeCursor::granularityChanged, this, [this](TimeCursor::Granularity g) {
        m_granularity->setCurrentIndex(m_granularity->findData(int(g)));
        m_scrubber->update();
    });
    applyScale();
    // presenter mode: the controls and the step counter readable from the back of a room
    connect(m_theme, &Theme::changed, this, &PlayerBar::applyScale);

    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &PlayerBar::tick);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this] { m_timer->setInterval(int(std::lround(1000.0 / stepsPerSecond()))); });
    m_timer->setInterval(int(std::lround(1000.0 / stepsPerSecond())));
    connect(m_cursor, &TimeCursor::stepChanged, this, &PlayerBar::refresh);
    connect(m_cursor, &TimeCursor::runChanged, this, &PlayerBar::refresh);
    connect(m_cursor, &TimeCursor::runExtended, this, &PlayerBar::refresh);
    refresh();
}

void PlayerBar::setActions(const std::vector<QAction*>& actions)
{
    QHBoxLayout* group = nullptr;
    for (QAction* a : actions) {
        if (!a || !group) {
            auto* w = new QWidget(this);
            group = new QHBoxLayout(w);
            group->setContentsMargins(0, 0, 0, 0);
            group->setSpacing(2);
            m_groups.push_back(w);
            if (!a)
                continue;
        }
        auto* b = new QToolButton(m_groups.back());
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setAutoRaise(true);
        group->addWidget(b);
    }
    arrange();
}

QSize PlayerBar::minimumSizeHint() const
{
    // As narrow as the transport buttons: the other controls wrap or make way (see arrange()), so the bar
    // never makes the window wider than the screen.
    const QSize hint = QWidget::minimumSizeHint();
    const int transport = m_groups.empty() ? 0 : m_groups.front()->sizeHint().width();
    return {std::max(transport, m_position->sizeHint().width()) + 12, hint.height()};
}

void PlayerBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void PlayerBar::arrange()
{
    if (m_arranging)
        return;
    m_arranging = true;
    const int available = width() - 12; // the margins
    const int spacing = m_firstRow->spacing();
    auto widthOf = [](const std::vector<QWidget*>& items, int gap) {
        int w = 0;
        for (QWidget* item : items)
            w += item->sizeHint().width() + gap;
        return w - gap;
    };
    // the right-hand side: the speed, then where we are; the groups fill from the left
    std::vector<QWidget*> left(m_groups.begin(), m_groups.end());
    std::vector<QWidget*> right {m_granularity, m_speed, m_position};
    std::vector<QWidget*> first;
    std::vector<QWidget*> second;
    std::vector<QWidget*> secondRight;
    std::vector<QWidget*> thirdRight;
    std::vector<QWidget*> hidden;
    std::vector<QWidget*> firstRight;
    if (widthOf(left, spacing) + spacing * 4 + widthOf(right, spacing) <= available || left.empty()) {
        first = left;
        firstRight = right;
    } else {
        // two rows: the transport first; the rest of the groups, the speed and the position below
        first = {left.front()};
        second.assign(left.begin() + 1, left.end());
        secondRight = right;
        auto secondWidth = [&] {
            return (second.empty() ? 0 : widthOf(second, spacing) + spacing * 4) + widthOf(secondRight, spacing);
        };
        // still too wide: the settings and the position get a row of their own, so that every control stays;
        // only a bar too narrow even for that lets what a step moves over go (Play ▸ Step Through has it), then
        // the speed, then the later groups (their keys stay)
        if (secondWidth() > available) {
            thirdRight = secondRight;
            secondRight.clear();
            if (widthOf(thirdRight, spacing) > available) {
                hidden.push_back(m_granularity);
                thirdRight = {m_speed, m_position};
            }
            if (widthOf(thirdRight, spacing) > available) {
                hidden.push_back(m_speed);
                thirdRight = {m_position};
            }
        }
        while (secondWidth() > available && !second.empty()) {
            hidden.push_back(second.back());
            second.pop_back();
        }
    }
    // resizes come often and mostly change nothing: the layouts are rebuilt only when the split moves
    std::vector<std::vector<QWidget*>> arrangement {first, firstRight, second, secondRight, thirdRight, hidden};
    if (arrangement == m_arrangement) {
        m_arranging = false;
        return;
    }
    m_arrangement = std::move(arrangement);
    auto fill = [](QHBoxLayout* row, const std::vector<QWidget*>& l, const std::vector<QWidget*>& r) {
        while (QLayoutItem* item = row->takeAt(0))
            delete item; // only the layout item: the widgets are the bar's children and are placed again
        for (QWidget* w : l)
            row->addWidget(w);
        row->addStretch(1);
        for (QWidget* w : r)
            row->addWidget(w);
    };
    fill(m_firstRow, first, firstRight);
    fill(m_secondRow, second, secondRight);
    fill(m_thirdRow, {}, thirdRight);
    for (QWidget* w : hidden)
        w->hide();
    for (auto* list : {&first, &firstRight, &second, &secondRight, &thirdRight}) {
        for (QWidget* w : *list)
            w->show();
    }
    m_controlRows = !thirdRight.empty() ? 3 : second.empty() && secondRight.empty() ? 1 : 2;
    m_arranging = false;
}

void PlayerBar::applyScale()
{
    const double scale = m_theme->scale();
    QFont base = QApplication::font();
    if (base.pointSizeF() > 0)
        base.setPointSizeF(base.pointSizeF() * scale);
    else
        base.setPixelSize(int(std::lround(base.pixelSize() * scale)));
    setFont(base); // the buttons and the speed box inherit it
    QFont position = base;
    position.setBold(true);
    if (position.pointSizeF() > 0)
        position.setPointSizeF(position.pointSizeF() * 1.2);
    m_position->setFont(position);
    // measured in the language shown: a translation may be wider than the English
    m_position->setMinimumWidth(m_position->fontMetrics().horizontalAdvance(
        tr("Step %1 / %2 · %3").arg(QStringLiteral("00000"), QStringLiteral("00000"), QStringLiteral("000.000 s"))));
    m_scrubber->setMinimumHeight(int(std::lround(30 * scale)));
    // a crowded row squeezes the combo box first: "2 steps," says nothing
    for (QComboBox* box : {m_speed, m_granularity}) {
        box->setMinimumWidth(0);
        box->setMinimumWidth(box->sizeHint().width());
    }
    updateGeometry();
    arrange();
}

bool PlayerBar::isPlaying() const
{
    return m_timer->isActive();
}

double PlayerBar::stepsPerSecond() const
{
    return m_speed->currentData().toDouble();
}

void PlayerBar::setStepsPerSecond(double speed)
{
    int best = 0;
    for (int i = 0; i < m_speed->count(); ++i) {
        if (std::abs(m_speed->itemData(i).toDouble() - speed) < std::abs(m_speed->itemData(best).toDouble() - speed))
            best = i;
    }
    m_speed->setCurrentIndex(best);
}

void PlayerBar::setPlaying(bool playing)
{
    if (playing == isPlaying())
        return;
    if (playing) {
        if (m_cursor->atEnd())
            m_cursor->toStart(); // play from the end starts over, like any media player
        m_timer->start();
    } else {
        m_timer->stop();
    }
    Q_EMIT playingChanged(playing);
}

void PlayerBar::tick()
{
    const int before = m_cursor->step();
    m_cursor->stepForward();
    // the end, or a fire held back for the class to predict: playing waits for the presenter
    if (m_cursor->atEnd() || m_cursor->step() == before)
        setPlaying(false);
}

QString PlayerBar::positionText() const
{
    return m_position->text();
}

void PlayerBar::refresh()
{
    m_position->setText(tr("Step %1 / %2 · %3")
                            .arg(m_cursor->step())
                            .arg(m_cursor->lastStep())
                            .arg(Session::formatProcessingTime(m_session->processingTime())));
    m_position->setToolTip(tr("Current step and the processing time of the player's clock"));
}

} // namespace tidemark::app
