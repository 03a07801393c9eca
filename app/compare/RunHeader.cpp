#include "app/compare/RunHeader.h"

#include "app/Theme.h"
#include "app/compare/ComparisonRuns.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QHBoxLayout>
#include <QLabel>

namespace tidemark::app {

using compare::RunSide;

RunHeader::RunHeader(RunSide side, ComparisonRuns* runs, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_side(side)
    , m_runs(runs)
    , m_theme(theme)
    , m_badge(new QLabel(runLetter(side), this))
    , m_label(new QLabel(runs->label(side), this))
    , m_title(new QLabel(tr("from “%1”").arg(runs->session(side)->title()), this))
    , m_position(new QLabel(this))
{
    setObjectName(side == RunSide::A ? QStringLiteral("runHeaderA") : QStringLiteral("runHeaderB"));
    setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 8, 3);
    layout->setSpacing(10);
    m_badge->setAlignment(Qt::AlignCenter);
    QFont bold = font();
    bold.setBold(true);
    m_badge->setFont(bold);
    m_label->setFont(bold);
    m_label->setObjectName(QStringLiteral("runLabel"));
    m_position->setObjectName(QStringLiteral("runPosition"));
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // the name gives way first
    m_title->setToolTip(m_runs->session(side)->title());
    layout->addWidget(m_badge);
    layout->addWidget(m_label);
    layout->addWidget(m_title, 1);
    layout->addWidget(m_position);
    setToolTip(tr("Run %1: %2").arg(runLetter(side), m_runs->label(side)));
    connect(m_runs->cursor(side), &TimeCursor::stepChanged, this, &RunHeader::refresh);
    connect(m_theme, &Theme::changed, this, &RunHeader::applyTheme);
    applyTheme();
    refresh();
}

QString RunHeader::labelText() const
{
    return m_label->text();
}

QString RunHeader::positionText() const
{
    return m_position->text();
}

void RunHeader::applyTheme()
{
    const ThemeColors& c = m_theme->colors();
    // the letters in two of the palette's own colours, so that they read in every palette
    const QColor badge = m_side == RunSide::A ? c.channelWatermark : c.operatorWatermark;
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; border-radius: 4px; "
                                          "padding: 1px 8px; }")
                               .arg(badge.name()));
    QPalette p = palette();
    p.setColor(QPalette::Window, c.laneAlternate);
    p.setColor(QPalette::WindowText, c.text);
    setPalette(p);
    QPalette muted = m_title->palette();
    muted.setColor(QPalette::WindowText, c.mutedText);
    m_title->setPalette(muted);
}

void RunHeader::refresh()
{
    const Session* session = m_runs->session(m_side);
    const TimeCursor* cursor = m_runs->cursor(m_side);
    m_position->setText(tr("step %1 of %2 · %3")
                            .arg(cursor->step())
                            .arg(cursor->lastStep())
                            .arg(Session::formatProcessingTime(session->processingTime())));
}

} // namespace tidemark::app
