#include "app/timeline/TimelineView.h"

#include "app/document/FlinkVerification.h"

#include "app/Theme.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/timeline/Decorations.h"
#include "app/timeline/RecordLanes.h"
#include "app/timeline/TimelineTooltip.h"
#include "app/timeline/WatermarkLines.h"
#include "app/timeline/WindowBandPainter.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace tidemark::app {

TimelineView::TimelineView(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(m_cursor, &TimeCursor::runChanged, this, &TimelineView::onRunChanged);
    connect(m_cursor, &TimeCursor::runExtended, this, &TimelineView::onRunExtended);
    connect(m_cursor, &TimeCursor::stepChanged, this, &TimelineView::onStepChanged);
    connect(m_cursor, &TimeCursor::visibleRangeChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::highlightChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::selectionChanged, this, qOverload<>(&QWidget::update));
    connect(m_cursor, &TimeCursor::followWatermarkChanged, this, [this](bool follow) {
        if (follow)
            followIfNeeded();
    });
    connect(m_theme, &Theme::changed, this, qOverload<>(&QWidget::update));
    if (m_session->hasRun())
        onRunChanged();
}

void TimelineView::setVerification(const FlinkVerification* verification)
{
    if (m_verification)
        disconnect(m_verification, nullptr, this, nullptr);
    m_verification = verification;
    if (m_verification)
        connect(m_verification, &FlinkVerification::changed, this, qOverload<>(&QWidget::update));
    update();
}

TimelineFrame TimelineView::frame() const
{
    return {*m_session, *m_theme, m_index, m_options, m_session->currentStep(), m_cursor->highlight(),
        m_cursor->selection(), QWidget::font(), m_verification};
}

TimelineView::SceneKey TimelineView::sceneKey(const QRect& rect) const
{
    return {rect, m_generation, m_session->currentStep(), m_cursor->visibleStart(), m_cursor->visibleEnd(),
        m_theme->scale(), m_options};
}

const TimelineScene& TimelineView::scene() const
{
    const SceneKey key = sceneKey(rect());
    if (!m_scene || !(key == m_sceneKey)) {
        m_scene = TimelineScene::build(frame(), rect(), key.visibleStart, key.visibleEnd);
        m_sceneKey = key;
    }
    return *m_scene;
}

TimeScale TimelineView::scale() const
{
    return scene().scale;
}

void TimelineView::onRunChanged()
{
    m_recordsSeen = m_session->hasRun() ? m_session->scenario().records.size() : 0;
    m_index = TimelineRunIndex::build(*m_session);
    ++m_generation;
    // A new file (or a changed pipeline that moved the data) gets a fresh view; an edit that keeps the
    // data where it was keeps the zoom, so "what if" comparisons stay in place.
    const double a = double(m_session->minEventTime());
    const double b = double(m_session->maxEventTime());
    const double vs = m_cursor->visibleStart();
    const double ve = m_cursor->visibleEnd();
    if (b < vs || a > ve || (ve - vs) > 50.0 * std::max(b - a, 1000.0) || m_firstRun) {
        m_firstRun = false;
        fitAll();
    }
    update();
}

void TimelineView::onRunExtended()
{
    const bool hadRecords = m_recordsSeen > 0;
    m_recordsSeen = m_session->scenario().records.size();
    m_index = TimelineRunIndex::build(*m_session);
    ++m_generation;
    // A live run's first records set the view; later ones keep the zoom, and the newest stays in sight while
    // the cursor follows the run.
    const double newest = double(m_session->maxEventTime());
    if (!hadRecords && m_recordsSeen > 0) {
        fitAll();
    } else if (m_cursor->followLive() && m_session->isLive() && newest > m_cursor->visibleEnd()) {
        // widen to the right, keeping where the view starts: what the class has seen stays in the picture
        const double start = m_cursor->visibleStart();
        m_cursor->setVisibleRange(start, newest + 0.15 * (newest - start));
    }
    update();
}

void TimelineView::onStepChanged()
{
    followIfNeeded();
    update();
}

void TimelineView::followIfNeeded()
{
    if (!m_cursor->followWatermark() || !m_session->hasRun())
        return;
    const Timestamp wm = m_session->operatorWatermark();
    if (wm == kMinTimestamp || wm == kMaxTimestamp)
        return;
    const TimeScale sc = scale();
    const double x = sc.mapTimeToX(double(wm));
    if (x < sc.x0() + 0.2 * sc.width() || x > sc.x0() + 0.8 * sc.width()) {
        const TimeScale c = sc.centredOn(double(wm), 0.6);
        m_cursor->setVisibleRange(c.start(), c.end());
    }
}

void TimelineView::zoomIn()
{
    const TimeScale sc = scale().zoomedStep(true);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::zoomOut()
{
    const TimeScale sc = scale().zoomedStep(false);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::fitAll()
{
    if (!m_session->hasRun())
        return;
    double a = double(m_session->minEventTime());
    double b = double(m_session->maxEventTime());
    const auto& window = m_session->scenario().pipeline.window;
    if (window.assigner.isEventTime())
        b += double(std::max<DurationMs>(window.allowedLatenessMs, 0));
    const TimeScale sc = scale().fitted(a, b, 0.03);
    m_cursor->setVisibleRange(sc.start(), sc.end());
}

void TimelineView::setOptions(const TimelineOptions& options)
{
    m_options = options;
    update();
}

void TimelineView::setShowPending(bool show)
{
    TimelineOptions o = m_options;
    o.showPending = show;
    setOptions(o);
}

void TimelineView::setKeyFilter(const QString& filter)
{
    TimelineOptions o = m_options;
    o.keyFilter = filter;
    setOptions(o);
}

void TimelineView::setCollapsed(bool collapsed)
{
    TimelineOptions o = m_options;
    o.collapsed = collapsed;
    setOptions(o);
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    update();
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        ++m_generation; // the scene's text metrics come from the widget's font
    QWidget::changeEvent(event);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paint(p, rect());
}

void TimelineView::paint(QPainter& p, const QRect& rect)
{
    const TimelineFrame f = frame();
    if (rect == this->rect()) {
        paintScene(p, f, scene(), rect);
        return;
    }
    const TimelineScene other = TimelineScene::build(f, rect, m_cursor->visibleStart(), m_cursor->visibleEnd());
    paintScene(p, f, other, rect);
}

void TimelineView::paintScene(QPainter& p, const TimelineFrame& f, const TimelineScene& scene, const QRect& rect)
{
    const ThemeColors& c = m_theme->colors();
    if (!m_session->hasRun()) {
        p.fillRect(rect, c.background);
        p.setPen(c.mutedText);
        p.setFont(f.font(14));
        p.drawText(rect, Qt::AlignCenter, tr("Open a scenario or an event file (File ▸ Open, or drop it here)."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    // the layers, bottom to top
    DecorationPainter decorations(p, f, scene, m_paintCache);
    decorations.paintBackgroundAndAxis(rect);
    RecordLanePainter(p, f, scene, m_paintCache).paint();
    WindowBandPainter(p, f, scene, m_paintCache).paint();
    WatermarkPainter(p, f, scene).paint();
    decorations.paintHighlight();
    decorations.paintLegend();
}

TimelineView::Hit TimelineView::hitAt(const QPointF& pos) const
{
    return scene().hitAt(pos);
}

bool TimelineView::event(QEvent* e)
{
    if (e->type() == QEvent::NativeGesture) {
        // pinch on a touchpad zooms around the fingers, as Ctrl+wheel does
        auto* g = static_cast<QNativeGestureEvent*>(e);
        if (g->gestureType() == Qt::ZoomNativeGesture) {
            const TimeScale z = scale().zoomedAround(g->position().x(), 1.0 + g->value());
            m_cursor->setVisibleRange(z.start(), z.end());
            return true;
        }
    }
    if (e->type() == QEvent::ToolTip && m_session->hasRun()) {
        auto* help = static_cast<QHelpEvent*>(e);
        const Hit hit = hitAt(help->pos());
        const QString text = timelineTooltip(*m_session, hit);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this, hit.rect.toAlignedRect());
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const TimeScale sc = scale();
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        const double factor = std::pow(1.25, delta.y() / 120.0);
        const TimeScale z = sc.zoomedAround(event->position().x(), factor);
        m_cursor->setVisibleRange(z.start(), z.end());
    } else {
        // plain wheel pans in time (vertical wheels too: a timeline has nothing to scroll vertically)
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        const TimeScale moved = sc.panned(d / 120.0 * sc.width() / 10.0);
        m_cursor->setVisibleRange(moved.start(), moved.end());
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragFrom = event->position();
        m_dragStartTime = m_cursor->visibleStart();
        m_dragged = false;
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        const double dx = event->position().x() - m_dragFrom->x();
        if (std::abs(dx) > 3)
            m_dragged = true;
        if (m_dragged) {
            const double span = m_cursor->visibleEnd() - m_cursor->visibleStart();
            const TimeScale sc = scale();
            const double start = m_dragStartTime - dx * span / sc.width();
            m_cursor->setFollowWatermark(false);
            m_cursor->setVisibleRange(start, start + span);
            setCursor(Qt::ClosedHandCursor);
        }
        return;
    }
    // hovering a record or window tells the other views (narration, tables) what the pointer is on
    const Hit hit = hitAt(event->position());
    TimeCursor::Highlight h;
    if (hit.kind == Hit::Kind::Record) {
        h.kind = TimeCursor::Highlight::Kind::Record;
        h.record = hit.record;
    } else if (hit.kind == Hit::Kind::Window) {
        h.kind = TimeCursor::Highlight::Kind::Window;
        h.windowStart = hit.window.start();
        h.windowEnd = hit.window.end();
    }
    m_cursor->setHighlight(h);
    setCursor(hit.kind == Hit::Kind::None ? Qt::OpenHandCursor : Qt::PointingHandCursor);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_dragFrom) {
        if (!m_dragged) {
            const Hit hit = hitAt(event->position());
            if (hit.kind == Hit::Kind::Record)
                m_cursor->select(TimeCursor::Selection::ofRecord(hit.record));
            else if (hit.kind == Hit::Kind::Window)
                m_cursor->select(TimeCursor::Selection::ofWindow(hit.subtask, hit.key, hit.window));
            else if (hit.kind == Hit::Kind::ChannelWatermark || hit.kind == Hit::Kind::Lane)
                m_cursor->select(TimeCursor::Selection::ofChannel(hit.channel));
        }
        m_dragFrom.reset();
        setCursor(Qt::OpenHandCursor);
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (hitAt(event->position()).kind == Hit::Kind::None)
        fitAll();
}

void TimelineView::leaveEvent(QEvent* event)
{
    m_cursor->clearHighlight();
    QWidget::leaveEvent(event);
}

} // namespace tidemark::app
