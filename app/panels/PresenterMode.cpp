#include "app/panels/PresenterMode.h"

#include "app/Theme.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/NarrationPanel.h"

#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QToolBar>

namespace tidemark::app {

NarrationCaption::NarrationCaption(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QLabel(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
{
    setObjectName(QStringLiteral("caption"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setMargin(14);
    setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    hide();
    connect(cursor, &TimeCursor::stepChanged, this, &NarrationCaption::refresh);
    connect(cursor, &TimeCursor::runChanged, this, &NarrationCaption::refresh);
    connect(cursor, &TimeCursor::lessonStateChanged, this, &NarrationCaption::refresh);
    connect(theme, &Theme::changed, this, [this] {
        applyTheme();
        refresh();
    });
    applyTheme();
}

void NarrationCaption::showEvent(QShowEvent* event)
{
    refresh(); // hidden, it did not follow the cursor
    QLabel::showEvent(event);
}

void NarrationCaption::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    fitType();
}

void NarrationCaption::setLargestPointSize(double pointSize)
{
    m_largest = pointSize;
    QFont f = font();
    f.setPointSizeF(pointSize);
    setFont(f);
    fitType();
}

void NarrationCaption::refresh()
{
    if (!isVisible())
        return;
    // a lesson's note comes first: it is what the teacher wanted said at this step
    const QString lesson = NarrationPanel::lessonHtml(*m_session, *m_cursor, *m_theme, false);
    setText((lesson.isEmpty() ? QString() : lesson + QStringLiteral("<br>"))
        + QStringLiteral("<b>%1</b> — %2")
              .arg(NarrationPanel::headingFor(*m_session).toHtmlEscaped(),
                  NarrationPanel::html(*m_session, *m_theme, false)));
    fitType();
}

void NarrationCaption::fitType()
{
    if (m_fitting || m_largest <= 0.0 || !isVisible() || width() <= 0)
        return;
    m_fitting = true;
    const int room = window()->height() / 5;
    QFont f = font();
    for (double scale = 1.0; scale >= 0.6; scale -= 0.05) {
        f.setPointSizeF(m_largest * scale);
        setFont(f);
        if (heightForWidth(width()) <= room)
            break;
    }
    m_fitting = false;
}

void NarrationCaption::applyTheme()
{
    const ThemeColors& c = m_theme->colors();
    setStyleSheet(QStringLiteral("QLabel#caption { background: %1; color: %2; border-top: 3px solid %3; }")
                      .arg(c.laneBackground.name(), c.text.name(), c.operatorWatermark.name()));
}

PresenterMode::PresenterMode(QMainWindow* window, Theme* theme, NarrationCaption* caption)
    : QObject(window)
    , m_window(window)
    , m_theme(theme)
    , m_caption(caption)
{ }

void PresenterMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    if (on)
        enter();
    else
        leave();
    Q_EMIT toggled(on);
}

void PresenterMode::enter()
{
    m_stateBefore = m_window->saveState();
    m_geometryBefore = m_window->saveGeometry();
    m_themeBefore = int(m_theme->kind());
    // the class needs the picture and the why: the narration moves into the caption strip, the panels
    // (outputs, records, editor) give their width to the timeline; restoreState() brings them back
    for (QDockWidget* d : m_window->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
        d->hide();
    // a short screen (a 768-line projector) keeps more of its height for the picture: the timeline's type a
    // little smaller, the view's toolbar away (the keyboard and the wheel zoom and fit), so that record
    // numbers and window ranges still have room
    const bool shortScreen = m_window->screen() && m_window->screen()->availableGeometry().height() < 900;
    m_theme->setKind(Theme::Kind::HighContrast);
    m_theme->setScale(shortScreen ? 1.45 : 1.55);
    scaleToolFont(1.55);
    auto* tools = m_window->findChild<QToolBar*>(QStringLiteral("timelineTools"));
    m_toolsHidden = shortScreen && tools && tools->isVisible();
    if (m_toolsHidden)
        tools->hide();
    // the caption is what the teacher reads aloud: large type, the largest on screen after the picture
    m_caption->show();
    m_caption->setLargestPointSize(QApplication::font().pointSizeF() * (shortScreen ? 1.8 : 2.0));
    m_window->menuBar()->hide();
    m_window->showFullScreen();
    // full screen is the window manager's job; without one (a kiosk, a bare X server) the window would
    // keep its size, so ask for the screen's geometry as well
    if (QScreen* s = m_window->screen())
        m_window->setGeometry(s->geometry());
}

void PresenterMode::leave()
{
    m_caption->hide();
    scaleToolFont(1.0);
    if (auto* tools = m_window->findChild<QToolBar*>(QStringLiteral("timelineTools")); tools && m_toolsHidden)
        tools->show();
    m_window->menuBar()->show();
    m_theme->setScale(1.0);
    m_theme->setKind(Theme::Kind(m_themeBefore));
    m_window->restoreState(m_stateBefore);
    m_window->showNormal();
    m_window->restoreGeometry(m_geometryBefore);
}

void PresenterMode::scaleToolFont(double scale)
{
    QFont f = QApplication::font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    if (auto* tools = m_window->findChild<QToolBar*>(QStringLiteral("timelineTools")))
        tools->setFont(f);
    if (auto* live = m_window->findChild<QLineEdit*>(QStringLiteral("liveInput")))
        live->parentWidget()->setFont(f);
}

} // namespace tidemark::app
