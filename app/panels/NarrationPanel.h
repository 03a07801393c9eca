#pragma once

#include "engine/player/Narration.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTextBrowser;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// "Why did that happen?": the narration of the current step, with every record, window and channel it
// mentions as a link; hovering one highlights it in the timeline through the TimeCursor.
class NarrationPanel : public QWidget {
    Q_OBJECT

public:
    NarrationPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    QString plainText() const;
    QString heading() const;
    // The narration as HTML with links, for the presenter caption strip too.
    static QString html(const Session& session, const Theme& theme, bool links);
    static QString headingFor(const Session& session);
    // Any narrator sentences as HTML, each thing they name a link ("record:3", "window:0:5000", "channel:1",
    // "step:95"): the step's narration, and the "why (not)?" answers.
    static QString sentencesHtml(const std::vector<NarrationSentence>& sentences, const Theme& theme, bool links);
    // The lesson at the cursor, as HTML: the marker's note, or while the class predicts, the question and how to
    // reveal; empty elsewhere. `rich`: a box of its own (the panel) rather than a run-on sentence (the caption).
    static QString lessonHtml(const Session& session, const TimeCursor& cursor, const Theme& theme, bool rich);
    // A heading over a text of linked sentences, as this panel and the "why (not)?" panel show them.
    static void layOut(QWidget* panel, QLabel* heading, QTextBrowser* text, double typeScale);
    // Hovering a link highlights what it names in the timeline.
    static void highlightLink(TimeCursor* cursor, const QUrl& url);

private:
    void refresh();
    void onLinkHovered(const QUrl& url);

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QLabel* m_heading;
    QTextBrowser* m_text;
};

} // namespace tidemark::app
