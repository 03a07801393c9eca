#include "app/panels/WhyPanel.h"

#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/NarrationPanel.h"

#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace tidemark::app {

WhyPanel::WhyPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_theme(theme)
    , m_heading(new QLabel(this))
    , m_text(new QTextBrowser(this))
{
    NarrationPanel::layOut(this, m_heading, m_text, 1.0);
    m_heading->setObjectName(QStringLiteral("whyHeading"));
    m_text->setObjectName(QStringLiteral("whyText"));
    connect(m_cursor, &TimeCursor::stepChanged, this, &WhyPanel::refresh);
    connect(m_cursor, &TimeCursor::runChanged, this, &WhyPanel::refresh);
    connect(m_cursor, &TimeCursor::selectionChanged, this, &WhyPanel::refresh);
    connect(m_theme, &Theme::changed, this, &WhyPanel::refresh);
    connect(m_text, &QTextBrowser::highlighted, this,
        [this](const QUrl& url) { NarrationPanel::highlightLink(m_cursor, url); });
    connect(m_text, &QTextBrowser::anchorClicked, this, &WhyPanel::onLinkClicked);
    refresh();
}

QString WhyPanel::heading() const
{
    return m_heading->text();
}

QString WhyPanel::plainText() const
{
    return m_text->toPlainText();
}

void WhyPanel::refreshGraph()
{
    // The selected vertex, or the slowest sink: an operator's holds (each subtask's, from it to where the hold
    // starts, with the setting that would release it), or for a source, the operators whose holds start there.
    const GraphDocument& g = m_session->graph();
    const TimeCursor::Selection& sel = m_cursor->selection();
    const GraphPicture::At& at = m_session->graphAt();
    if (sel.kind == TimeCursor::Selection::Kind::Window && sel.stream >= 0)
        return refreshGraphWindow();
    if (sel.kind == TimeCursor::Selection::Kind::InputRecord
        && g.joinRecordWhy(sel.stream, sel.channel, sel.record) != nullptr)
        return refreshGraphJoinRecord();
    int stream = sel.kind == TimeCursor::Selection::Kind::Stream ? sel.stream : at.sink;
    if (stream < 0 && !g.run().trace().outputs().empty())
        stream = g.streams().streamOfOperator(g.run().trace().outputs().back().op);
    if (stream < 0)
        stream = g.streams().streamCount() - 1;
    const std::vector<GraphHold> holds = g.currentHolds();
    const StreamGraph::Node& node = g.streams().node(stream);
    m_heading->setText(
        tr("Why (not)? — %1 at step %2").arg(QString::fromStdString(node.name)).arg(m_session->currentStep()));
    QString html;
    auto paragraph = [&html](const QString& text) { html += QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped()); };
    if (node.source >= 0) {
        for (const GraphHold& hold : holds) {
            if (!hold.path.empty() && hold.path.back().stream == stream)
                paragraph(QString::fromStdString(hold.text));
        }
        if (html.isEmpty())
            paragraph(tr("%1 holds no operator back at this step.").arg(QString::fromStdString(node.name)));
        else
            html.prepend(QStringLiteral("<p style=\"color:%1\">%2</p>")
                             .arg(m_theme->colors().mutedText.name(),
                                 tr("The operators whose event time %1 holds where it is:")
                                     .arg(QString::fromStdString(node.name))
                                     .toHtmlEscaped()));
    } else {
        for (const GraphHold& hold : holds) {
            if (hold.op == node.op)
                paragraph(QString::fromStdString(hold.text));
        }
        // a process function's timers that have not fired: each waits for its subtask's event time (held as
        // above) or for the clock
        constexpr std::size_t kListedTimers = 8;
        const std::vector<GraphPicture::Timer> timers = GraphPicture::timers(g.player().state(), stream);
        for (std::size_t i = 0; i < std::min(timers.size(), kListedTimers); ++i) {
            const auto& t = timers[i];
            const QString whose = t.key == kNoKey ? tr("A timer") : tr("%1's timer").arg(m_session->keyName(t.key));
            if (t.domain == TimeDomain::Event) {
                paragraph(tr("%1 at %2 has not fired: subtask %3's event time is %4, and it fires when the event "
                             "time reaches %2.")
                              .arg(whose, m_session->formatTime(t.ts))
                              .arg(t.subtask)
                              .arg(m_session->formatTime(g.player().state().operatorWatermark(node.op, t.subtask))));
            } else {
                paragraph(tr("%1 on the processing-time clock at %2 has not fired: the clock is at %3.")
                              .arg(whose, Session::formatProcessingTime(t.ts),
                                  Session::formatProcessingTime(m_session->processingTime())));
            }
        }
        if (timers.size() > kListedTimers)
            paragraph(tr("… and %n more timer(s).", nullptr, int(timers.size() - kListedTimers)));
    }
    m_text->setHtml(html);
}

void WhyPanel::refreshGraphWindow()
{
    // A window selected in a graph's lanes: when it fired (or fires), or what it waits for and what holds that
    // subtask's event time back, from the holds the operator's own Why (not)? lists.
    const GraphDocument& g = m_session->graph();
    const TimeCursor::Selection& sel = m_cursor->selection();
    const StreamGraph::Node& node = g.streams().node(sel.stream);
    const QString window = tr("window %1 of %2%3")
                               .arg(m_session->formatWindow(sel.window), QString::fromStdString(node.name),
                                   sel.key == kNoKey ? QString() : tr(", key %1").arg(m_session->keyName(sel.key)));
    m_heading->setText(tr("Why (not)? — %1 at step %2").arg(window).arg(m_session->currentStep()));
    QString html;
    auto paragraph = [&html](const QString& text) { html += QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped()); };
    const StepIndex now = StepIndex(m_session->currentStep());
    const GraphTrace& trace = g.run().trace();
    std::optional<std::size_t> fired;
    std::optional<std::size_t> firesLater;
    for (std::size_t i = 0; i < trace.outputs().size() && !firesLater; ++i) {
        const GraphOutput& o = trace.outputs()[i];
        const auto* fire = std::get_if<FireEvent>(&o.what);
        if (!fire || o.op != node.op || o.subtask != sel.subtask || fire->key != sel.key || fire->window != sel.window)
            continue;
        (trace.stepOfOutput(i) <= now ? fired : firesLater) = i;
    }
    const auto firing = [&](std::size_t i) {
        const GraphOutput& o = trace.outputs()[i];
        const auto& fire = std::get<FireEvent>(o.what);
        const StepIndex step = trace.stepOfOutput(i);
        return tr("step %1 (processing time %2), when subtask %3's event time reached %4, with %n element(s): %5",
            nullptr, int(fire.count))
            .arg(step)
            .arg(Session::formatProcessingTime(trace.step(step).processingTime))
            .arg(o.subtask)
            .arg(m_session->formatTime(o.watermark), QString::fromStdString(g.outputText(i)));
    };
    const Timestamp eventTime = g.player().state().operatorWatermark(node.op, sel.subtask);
    const WindowConfig& config = g.graph().operators[std::size_t(node.op)].window;
    const bool onTheWatermark = config.assigner.isEventTime()
        && (config.trigger.type == TriggerSpec::Type::Default || config.trigger.type == TriggerSpec::Type::EventTime);
    if (fired) {
        paragraph(tr("It fired at %1.").arg(firing(*fired)));
    } else if (!onTheWatermark) {
        paragraph(tr("It has not fired by this step: its trigger decides when, not the event time alone."));
    } else {
        paragraph(tr("It has not fired: it fires when subtask %1's event time reaches %2 (its end − 1); that event "
                     "time is %3.")
                      .arg(sel.subtask)
                      .arg(m_session->formatTime(sel.window.maxTimestamp()), m_session->formatTime(eventTime)));
        for (const GraphHold& hold : g.currentHolds()) {
            if (hold.op == node.op && hold.subtask == sel.subtask)
                paragraph(QString::fromStdString(hold.text));
        }
    }
    if (firesLater)
        paragraph(tr("Later it fires (again) at %1.").arg(firing(*firesLater)));
    else if (!fired)
        paragraph(tr("It never fires in this run: nothing in the input takes that event time to its end."));
    m_text->setHtml(html);
}

void WhyPanel::refreshGraphJoinRecord()
{
    // A record of an interval join's input: the other input's records of its key it pairs with, each paired (or
    // when), late, or come too late for it; none within the bounds, and which bounds would take the closest in.
    const GraphDocument& g = m_session->graph();
    const TimeCursor::Selection& sel = m_cursor->selection();
    const JoinRecordWhy& why = *g.joinRecordWhy(sel.stream, sel.channel, sel.record);
    const StreamGraph::Node& node = g.streams().node(sel.stream);
    const QString name = QString::fromStdString(node.name);
    const QString key = m_session->keyName(why.record.key);
    const int other = 1 - why.input;
    const QString otherName
        = QString::fromStdString(g.graph().operators[std::size_t(node.op)].inputs[std::size_t(other)]);
    const StepIndex now = StepIndex(m_session->currentStep());
    const auto time = [this](Timestamp t) { return m_session->formatTime(t); };
    m_heading->setText(tr("Why (not)? — %1's record %2 at %3 on input %4 at step %5")
                           .arg(name, key, time(why.record.ts))
                           .arg(why.input + 1)
                           .arg(now));
    QString html;
    auto paragraph = [&html](const QString& text) { html += QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped()); };
    if (why.record.step > now)
        paragraph(tr("It has not reached the join yet: it comes at step %1.").arg(why.record.step));
    if (why.late) {
        paragraph((why.toSideOutput ? tr("It came at step %1 below the join's event time: late, so it joins nothing "
                                         "and is not buffered; it went to the late side output.")
                                    : tr("It came at step %1 below the join's event time: late, so it joins nothing "
                                         "and is not buffered; it was dropped."))
                      .arg(why.record.step));
        m_text->setHtml(html);
        return;
    }
    const IntervalJoinSpec& bounds = g.graph().operators[std::size_t(node.op)].join;
    paragraph(tr("It pairs with %1's records on input %2 (%3) from %4 to %5: between(%6, %7) from its own time.")
                  .arg(key)
                  .arg(other + 1)
                  .arg(otherName, time(why.from), time(why.to))
                  .arg(bounds.lowerMs)
                  .arg(bounds.upperMs));
    for (const JoinRecordWhy::Partner& partner : why.partners) {
        const QString record = tr("The record at %1 (step %2)").arg(time(partner.record.ts)).arg(partner.record.step);
        switch (partner.fate) {
        case JoinRecordWhy::Partner::Fate::Paired:
            paragraph(partner.pairedAt <= now
                    ? tr("%1: paired at step %2.").arg(record).arg(partner.pairedAt)
                    : tr("%1: pairs at step %2, when the later of the two comes.").arg(record).arg(partner.pairedAt));
            break;
        case JoinRecordWhy::Partner::Fate::Late:
            paragraph(tr("%1: came below the join's event time, late, and joined nothing.").arg(record));
            break;
        case JoinRecordWhy::Partner::Fate::Missed:
            paragraph(tr("%1: came after this record had left the join's buffer (the join's event time had reached "
                         "its cleanup time).")
                          .arg(record));
            break;
        }
    }
    if (why.partners.empty())
        paragraph(tr("No record of %1 on input %2 falls in that range in the whole input: it never pairs in this run.")
                      .arg(key)
                      .arg(other + 1));
    for (const auto& outside : {why.closestBefore, why.closestAfter}) {
        if (outside)
            paragraph(tr("%1's closest record outside it is at %2 (step %3): between(%4, %5) would pair them.")
                          .arg(key, time(outside->record.ts))
                          .arg(outside->record.step)
                          .arg(outside->lower)
                          .arg(outside->upper));
    }
    m_text->setHtml(html);
}

void WhyPanel::refresh()
{
    if (m_session->hasGraph())
        return refreshGraph();
    const TimeCursor::Selection& sel = m_cursor->selection();
    if (!m_session->hasRun() || sel.kind == TimeCursor::Selection::Kind::None
        || sel.kind == TimeCursor::Selection::Kind::Channel) {
        m_heading->setText(tr("Why (not)?"));
        m_text->setHtml(QStringLiteral("<p style=\"color:%1\">%2</p>")
                            .arg(m_theme->colors().mutedText.name(),
                                tr("Select a window (in the timeline or the Windows table) to ask why it fired, or "
                                   "why not yet; select a record to ask what became of it.")
                                    .toHtmlEscaped()));
        return;
    }
    const bool window = sel.kind == TimeCursor::Selection::Kind::Window;
    const Narration why
        = window ? m_session->whyWindow(sel.subtask, sel.key, sel.window) : m_session->whyRecord(sel.record);
    m_heading->setText(window
            ? tr("Why (not)? — window %1 at step %2")
                  .arg(m_session->formatWindow(sel.window))
                  .arg(m_session->currentStep())
            : tr("Why (not)? — record #%1 at step %2").arg(sel.record + 1).arg(m_session->currentStep()));
    // where the reader had scrolled to stays as the cursor moves
    const int scrolled = m_text->verticalScrollBar() ? m_text->verticalScrollBar()->value() : 0;
    m_text->setHtml(NarrationPanel::sentencesHtml(why.sentences, *m_theme, true));
    if (m_text->verticalScrollBar())
        m_text->verticalScrollBar()->setValue(scrolled);
}

void WhyPanel::onLinkClicked(const QUrl& url)
{
    const QStringList parts = url.toString().split(QLatin1Char(':'));
    if (parts.size() == 2 && parts[0] == QLatin1String("step"))
        m_cursor->setStep(parts[1].toInt());
}

} // namespace tidemark::app
