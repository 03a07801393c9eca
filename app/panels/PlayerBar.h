#pragma once

#include <QWidget>

#include <vector>

class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QTimer;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// A scrubber over all steps, with a tick for every step that fired (green), re-fired late (purple) or
// dropped a record (red). Dragging or clicking seeks.
class StepScrubber : public QWidget {
    Q_OBJECT

public:
    StepScrubber(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);
    // room for the lesson markers' diamonds, the fire ticks, the track and the late ticks
    QSize sizeHint() const override { return {400, 40}; }
    QSize minimumSizeHint() const override { return {120, 40}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int stepAt(double x) const;
    QRectF track() const;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
};

// Play/pause (a QTimer turning ticks into steps: never wall-clock simulation), step and jump buttons,
// the scrubber, the speed, and where we are. The buttons are the main window's QActions.
class PlayerBar : public QWidget {
    Q_OBJECT

public:
    PlayerBar(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    // Buttons for these actions, in order; nullptr starts a new group. The first group (the transport) is
    // kept at any width; later groups wrap to a second row, and are the first to go on a very narrow screen.
    void setActions(const std::vector<QAction*>& actions);
    bool isPlaying() const;
    double stepsPerSecond() const;
    QString positionText() const;
    // How many rows of controls the bar uses now (1 or 2; the scrubber comes below them).
    int controlRows() const { return m_controlRows; }

    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!isPlaying()); }
    void setStepsPerSecond(double speed);

Q_SIGNALS:
    void playingChanged(bool playing);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void tick();
    void refresh();
    void applyScale();
    // Puts the controls in one row if they fit the width, else in two; hides the least needed if even two
    // rows are too narrow (presenter type on a 1024-pixel projector).
    void arrange();

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QTimer* m_timer;
    std::vector<QWidget*> m_groups; // button groups, in order
    QHBoxLayout* m_firstRow;
    QHBoxLayout* m_secondRow;
    QHBoxLayout* m_thirdRow;
    StepScrubber* m_scrubber;
    QComboBox* m_speed;
    QComboBox* m_granularity;
    QLabel* m_position;
    std::vector<std::vector<QWidget*>> m_arrangement; // what arrange() last put in each row and side
    int m_controlRows = 1;
    bool m_arranging = false;
};

} // namespace tidemark::app
