#pragma once

#include <QWidget>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tidemark::app {

class Session;
class TimeCursor;

// The strip under the timeline. A line typed as into `nc -lk` goes into the run (into a live run as one more
// client, arriving now). While the run comes from a live source it says where from, how much has come, the
// bad lines and the source's last word, and offers Follow live, Stop and Reconnect.
class LiveBar : public QWidget {
    Q_OBJECT

public:
    LiveBar(Session* session, TimeCursor* cursor, QAction* stop, QAction* reconnect, QWidget* parent = nullptr);

    QString statusText() const;
    // In presenter mode the strip makes way for the picture, unless a live source is feeding the run.
    void setPresenting(bool presenting);

private:
    void submit();
    void refresh();

    Session* m_session;
    TimeCursor* m_cursor;
    QLineEdit* m_input;
    QLabel* m_status;
    QCheckBox* m_follow;
    QToolButton* m_stop;
    QToolButton* m_reconnect;
    QString m_typedResult; // what the last typed line did, until the next change
    bool m_presenting = false;
};

} // namespace tidemark::app
