#pragma once

#include <QWidget>

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
