#pragma once

#include <QWidget>

#include <vector>

class QAction;
class QComboBox;
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
    QSize sizeHint() const override { return {400, 30}; }
    QSize minimumSizeHint() const override { return {120, 24}; }

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

    // Buttons for these actions, in order; nullptr inserts a gap.
    void setActions(const std::vector<QAction*>& actions);
    bool isPlaying() const;
    double stepsPerSecond() const;
    QString positionText() const;

public Q_SLOTS:
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!isPlaying()); }
    void setStepsPerSecond(double speed);

Q_SIGNALS:
    void playingChanged(bool playing);

private:
    void tick();
    void refresh();
    void applyScale();

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    QTimer* m_timer;
    QWidget* m_buttons;
    StepScrubber* m_scrubber;
    QComboBox* m_speed;
    QLabel* m_position;
};

} // namespace tidemark::app
