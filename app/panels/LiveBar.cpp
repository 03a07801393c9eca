#include "app/panels/LiveBar.h"

#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QAction>
#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace tidemark::app {

LiveBar::LiveBar(Session* session, TimeCursor* cursor, QAction* stop, QAction* reconnect, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
{
    setObjectName(QStringLiteral("liveBar"));
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setVerticalSpacing(2);
    auto* label = new QLabel(tr("Live input:"), this);
    m_input = new QLineEdit(this);
    m_input->setObjectName(QStringLiteral("liveInput"));
    label->setBuddy(m_input);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("liveStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // a long status is cut rather than widening the window; its tooltip has the source's whole story
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_follow = new QCheckBox(tr("Follow live"), this);
    m_follow->setObjectName(QStringLiteral("followLive"));
    m_follow->setToolTip(tr("Keep the cursor on the newest step while lines arrive. Stepping back turns it off; "
                            "End turns it on again."));
    m_stop = new QToolButton(this);
    m_stop->setDefaultAction(stop);
    m_reconnect = new QToolButton(this);
    m_reconnect->setDefaultAction(reconnect);
    layout->addWidget(label, 0, 0);
    layout->addWidget(m_input, 0, 1);
    layout->addWidget(m_follow, 0, 2);
    layout->addWidget(m_stop, 0, 3);
    layout->addWidget(m_reconnect, 0, 4);
    layout->addWidget(m_status, 1, 1, 1, 4); // under the input: what the source is doing, or what a typed line did
    layout->setColumnStretch(1, 1);

    connect(m_input, &QLineEdit::returnPressed, this, &LiveBar::submit);
    connect(m_follow, &QCheckBox::toggled, m_cursor, &TimeCursor::setFollowLive);
    connect(m_cursor, &TimeCursor::followLiveChanged, m_follow, &QCheckBox::setChecked);
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        m_typedResult.clear();
        refresh();
    });
    connect(m_session, &Session::liveChanged, this, &LiveBar::refresh);
    connect(m_cursor, &TimeCursor::runExtended, this, &LiveBar::refresh); // the clock runs between lines
    m_follow->setChecked(m_cursor->followLive());
    refresh();
}

void LiveBar::submit()
{
    const QString error = m_session->appendLine(m_input->text());
    if (error.isEmpty()) {
        m_typedResult
            = m_session->isLive() ? QString() : tr("appended; %n step(s) in the run", nullptr, m_session->lastStep());
        m_input->clear();
    } else {
        m_typedResult = error;
    }
    refresh();
}

QString LiveBar::statusText() const
{
    const live::LiveFeed* feed = m_session->liveFeed();
    if (!feed)
        return m_typedResult;
    QStringList parts;
    const QString source = m_session->liveSourceName();
    parts << (m_session->isLive() ? tr("● live from %1").arg(source) : tr("○ %1 ended").arg(source));
    const auto count
        = [](std::uint64_t n, const QString& one, const QString& many) { return n == 1 ? one : many.arg(n); };
    parts << count(feed->linesRead(), tr("1 line"), tr("%1 lines"));
    parts << count(feed->recordsAccepted(), tr("1 record"), tr("%1 records"));
    if (feed->problemCount() > 0)
        parts << count(feed->problemCount(), tr("1 bad line"), tr("%1 bad lines"));
    parts << Session::formatProcessingTime(m_session->liveClock());
    QString text = parts.join(QStringLiteral(" · "));
    if (!m_session->isLive() && !feed->stopReason().empty())
        text += QStringLiteral(" — ") + QString::fromStdString(feed->stopReason());
    else if (!m_session->liveNotices().isEmpty())
        text += QStringLiteral(" — ") + m_session->liveNotices().last();
    if (!m_typedResult.isEmpty())
        text += QStringLiteral(" — ") + m_typedResult;
    return text;
}

void LiveBar::setPresenting(bool presenting)
{
    m_presenting = presenting;
    refresh();
}

void LiveBar::refresh()
{
    const bool live = m_session->hasLiveRun();
    if (parentWidget()) // a parentless strip would show as a window of its own
        setVisible(!m_presenting || live);
    m_status->setText(statusText());
    m_status->setVisible(!m_status->text().isEmpty());
    m_status->setToolTip(statusText() + QStringLiteral("\n\n") + m_session->liveNotices().join(QLatin1Char('\n')));
    m_follow->setVisible(live);
    m_stop->setVisible(live);
    m_reconnect->setVisible(live);
    m_stop->defaultAction()->setEnabled(m_session->isLive());
    m_reconnect->defaultAction()->setEnabled(live);
    m_input->setPlaceholderText(m_session->isLive()
            ? tr("Type a line as into nc and press Enter — it arrives now, as one more client")
            : m_session->liveInputHint());
}

} // namespace tidemark::app
