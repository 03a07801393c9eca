#pragma once

#include <QByteArray>
#include <QLabel>
#include <QObject>

class QMainWindow;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// The narration as a caption strip under the timeline, for presenter mode: what the teacher reads aloud,
// in large type. It follows the cursor itself while it is shown.
class NarrationCaption : public QLabel {
    Q_OBJECT

public:
    NarrationCaption(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    // The type size the caption uses while its text fits a fifth of the window's height; a long narration
    // is set smaller (down to 60 %) rather than taking the picture's room.
    void setLargestPointSize(double pointSize);

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    void applyTheme();
    void fitType();

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    double m_largest = 0.0;
    bool m_fitting = false;
};

// Presenter mode: full screen, the high-contrast palette and large type; the docks (outputs, records,
// editor) give their room to the timeline, and the narration moves into the caption. Leaving brings the
// window, its docks and its palette back as they were.
class PresenterMode : public QObject {
    Q_OBJECT

public:
    PresenterMode(QMainWindow* window, Theme* theme, NarrationCaption* caption);

    bool isOn() const { return m_on; }
    void setOn(bool on);

Q_SIGNALS:
    void toggled(bool on);

private:
    void enter();
    void leave();
    void scaleToolFont(double scale); // the timeline toolbar and the live input follow presenter type

    QMainWindow* m_window;
    Theme* m_theme;
    NarrationCaption* m_caption;
    bool m_on = false;
    QByteArray m_stateBefore;
    QByteArray m_geometryBefore;
    int m_themeBefore = 0;
    bool m_toolsHidden = false; // the timeline's toolbar, put away on a short screen
};

} // namespace tidemark::app
