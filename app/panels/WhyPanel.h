#pragma once

#include <QWidget>

class QLabel;
class QTextBrowser;
class QUrl;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// "Why (not)?" for what is selected: a window's life and its condition at the current step (first record,
// fire condition, the operator watermark and the channel holding it back, what releases it and when), or a
// record's fate (for a dropped one, the allowed lateness that would have kept it). Every record, window and
// channel it names highlights in the timeline on hover; a step it names is a link that goes there. For a job graph:
// the selected vertex's holds (or the slowest sink's), from it upstream to where each starts.
class WhyPanel : public QWidget {
    Q_OBJECT

public:
    WhyPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    QString heading() const;
    QString plainText() const;

private:
    void refresh();
    void refreshGraph();
    void refreshGraphJoinRecord();
    void refreshGraphWindow();
    void onLinkClicked(const QUrl& url);

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QLabel* m_heading;
    QTextBrowser* m_text;
};

} // namespace tidemark::app
