#include "app/panels/NarrationPanel.h"

#include "app/Theme.h"
#include "app/Translations.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QLabel>
#include <QTextBrowser>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace tidemark::app {

NarrationPanel::NarrationPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
    , m_heading(new QLabel(this))
    , m_text(new QTextBrowser(this))
{
    layOut(this, m_heading, m_text, 1.15);
    connect(m_cursor, &TimeCursor::stepChanged, this, &NarrationPanel::refresh);
    connect(m_cursor, &TimeCursor::runChanged, this, &NarrationPanel::refresh);
    connect(m_cursor, &TimeCursor::granularityChanged, this, &NarrationPanel::refresh);
    connect(m_cursor, &TimeCursor::lessonStateChanged, this, &NarrationPanel::refresh);
    // "step 41 of 52" as a live run grows; the text (and where the reader scrolled to) stays
    connect(m_cursor, &TimeCursor::lastStepChanged, this, [this] { m_heading->setText(headingFor(*m_session)); });
    connect(m_theme, &Theme::changed, this, &NarrationPanel::refresh);
    connect(m_text, &QTextBrowser::highlighted, this, &NarrationPanel::onLinkHovered);
    refresh();
}

void NarrationPanel::layOut(QWidget* panel, QLabel* heading, QTextBrowser* text, double typeScale)
{
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    QFont hf = heading->font();
    hf.setBold(true);
    hf.setPointSizeF(hf.pointSizeF() * typeScale);
    heading->setFont(hf);
    heading->setWordWrap(true);
    // links are the app's own (record:3, step:95): never followed as URLs
    text->setOpenLinks(false);
    text->setOpenExternalLinks(false);
    QFont tf = text->font();
    tf.setPointSizeF(tf.pointSizeF() * typeScale);
    text->setFont(tf);
    text->setFrameShape(QFrame::NoFrame);
    layout->addWidget(heading);
    layout->addWidget(text, 1);
}

QString NarrationPanel::headingFor(const Session& session)
{
    if (!session.hasRun() && !session.hasGraph())
        return tr("Nothing loaded");
    // step 0 too: its one sentence already says that nothing has happened yet
    return tr("Step %1 of %2 · processing time %3")
        .arg(session.currentStep())
        .arg(session.lastStep())
        .arg(Session::formatProcessingTime(session.processingTime()));
}

QString NarrationPanel::html(const Session& session, const Theme& theme, bool links)
{
    if (!session.hasRun() && !session.hasGraph())
        return {};
    QString out;
    if (session.currentStep() == 0 && links)
        out += tr("<p style=\"color:%1\">Press <b>Space</b> to play, <b>→</b> to take one step, <b>Shift+→</b> to "
                  "jump to the next fire, <b>F11</b> for presenter mode.</p>")
                   .arg(theme.colors().mutedText.name());
    return out + sentencesHtml(session.narration().sentences, theme, links);
}

QString NarrationPanel::sentencesHtml(const std::vector<NarrationSentence>& sentences, const Theme& theme, bool links)
{
    const ThemeColors& c = theme.colors();
    QString out;
    for (const NarrationSentence& s : sentences) {
        // refs are byte ranges in UTF-8 text: cut there, convert each piece
        QString p;
        std::size_t pos = 0;
        std::vector<NarrationRef> refs = s.refs;
        std::sort(
            refs.begin(), refs.end(), [](const NarrationRef& a, const NarrationRef& b) { return a.begin < b.begin; });
        for (const NarrationRef& r : refs) {
            if (r.begin < pos || r.begin + r.length > s.text.size())
                continue;
            p += QString::fromUtf8(s.text.data() + pos, qsizetype(r.begin - pos)).toHtmlEscaped();
            const QString label = QString::fromUtf8(s.text.data() + r.begin, qsizetype(r.length)).toHtmlEscaped();
            QColor colour = c.text;
            QString href;
            switch (r.kind) {
            case NarrationRefKind::Record:
                colour = c.current;
                href = QStringLiteral("record:%1").arg(r.record);
                break;
            case NarrationRefKind::Window:
                colour = c.windowFiredBorder;
                href = QStringLiteral("window:%1:%2").arg(r.window.start()).arg(r.window.end());
                break;
            case NarrationRefKind::Channel:
                colour = c.channelWatermark;
                href = QStringLiteral("channel:%1").arg(r.channel);
                break;
            case NarrationRefKind::Step:
                colour = c.current;
                href = QStringLiteral("step:%1").arg(r.step);
                break;
            default:
                href = QStringLiteral("other:0");
                break;
            }
            if (links)
                p += QStringLiteral("<a href=\"%1\" style=\"color:%2; text-decoration:none; font-weight:600\">%3</a>")
                         .arg(href, colour.name(), label);
            else
                p += QStringLiteral("<span style=\"color:%1; font-weight:600\">%2</span>").arg(colour.name(), label);
            pos = r.begin + r.length;
        }
        p += QString::fromUtf8(s.text.data() + pos, qsizetype(s.text.size() - pos)).toHtmlEscaped();
        // the panel gives each sentence its own paragraph; the caption strip runs them on, to stay short
        // (Chinese sentences end in a full-width "。" that carries its own space)
        const bool spaced = !p.endsWith(QChar(0x3002));
        out += links ? QStringLiteral("<p style=\"margin-bottom:6px\">%1</p>").arg(p)
                     : (spaced ? p + QLatin1Char(' ') : p);
    }
    return out;
}

QString NarrationPanel::lessonHtml(const Session& session, const TimeCursor& cursor, const Theme& theme, bool rich)
{
    QString label;
    QString text;
    if (cursor.isPredicting()) {
        const LessonMarker* marker = session.markerAt(cursor.predictMarker());
        label = tr("Predict:");
        text = (marker ? exampleDescription(QString::fromStdString(marker->note)) + QLatin1Char(' ') : QString())
            + tr("What happens next: does a window fire, which one, and with what result? Press R to reveal.");
    } else if (const LessonMarker* marker = session.markerAt(session.currentStep())) {
        label = tr("Lesson:");
        text = exampleDescription(QString::fromStdString(marker->note));
    } else {
        return {};
    }
    const QString body = QStringLiteral("<b>%1</b> %2").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
    if (!rich)
        return body;
    const ThemeColors& c = theme.colors();
    return QStringLiteral("<table width=\"100%\" cellpadding=\"6\" style=\"background:%1; border-left: 4px solid %2\">"
                          "<tr><td>%3</td></tr></table>")
        .arg(c.laneBackground.name(), c.operatorWatermark.name(), body);
}

void NarrationPanel::refresh()
{
    m_heading->setText(headingFor(*m_session));
    QString text = lessonHtml(*m_session, *m_cursor, *m_theme, true) + html(*m_session, *m_theme, true);
    // stepping through changes or arrivals only: say which steps were passed over on the way here
    if (const int skipped = m_cursor->skippedBefore(); skipped > 0) {
        const int to = m_session->currentStep() - 1;
        const QString steps = skipped == 1 ? tr("Step %1").arg(to) : tr("Steps %1–%2").arg(to - skipped + 1).arg(to);
        const QString why = m_cursor->granularity() == TimeCursor::Granularity::Changes
            ? tr("%1 changed nothing shown and went by (Play ▸ Step Through).").arg(steps)
            : tr("%1 went by: no record arrived in them (Play ▸ Step Through).").arg(steps);
        text.prepend(QStringLiteral("<p style=\"color:%1\">%2</p>")
                         .arg(m_theme->colors().mutedText.name(), why.toHtmlEscaped()));
    }
    m_text->setHtml(text);
}

QString NarrationPanel::plainText() const
{
    return m_text->toPlainText();
}
QString NarrationPanel::heading() const
{
    return m_heading->text();
}

void NarrationPanel::onLinkHovered(const QUrl& url)
{
    highlightLink(m_cursor, url);
}

void NarrationPanel::highlightLink(TimeCursor* cursor, const QUrl& url)
{
    const QStringList parts = url.toString().split(QLatin1Char(':'));
    TimeCursor::Highlight h;
    if (parts.size() >= 2 && parts[0] == QLatin1String("record")) {
        h.kind = TimeCursor::Highlight::Kind::Record;
        h.record = parts[1].toLongLong();
    } else if (parts.size() >= 3 && parts[0] == QLatin1String("window")) {
        h.kind = TimeCursor::Highlight::Kind::Window;
        h.windowStart = parts[1].toLongLong();
        h.windowEnd = parts[2].toLongLong();
    } else if (parts.size() >= 2 && parts[0] == QLatin1String("channel")) {
        h.kind = TimeCursor::Highlight::Kind::Channel;
        h.channel = parts[1].toInt();
    }
    cursor->setHighlight(h);
}

} // namespace tidemark::app
