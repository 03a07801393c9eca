#pragma once

#include <QWidget>

#include <vector>

class QAction;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QTimer;

namespace tidemark::app {

class CompareCursor;
class ComparisonRuns;
class Theme;

// A scrubber over processing time, shared by both runs: a tick where the runs differ (in the colour of what
// differs), the difference looked at drawn taller. Clicking a tick goes to that difference; clicking or
// dragging elsewhere goes to that processing time.
class ProcessingTimeScrubber : public QWidget {
    Q_OBJECT

public:
    ProcessingTimeScrubber(ComparisonRuns* runs, CompareCursor* cursor, Theme* theme, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {400, 34}; }
    QSize minimumSizeHint() const override { return {120, 28}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QRectF track() const;
    double xOf(double time) const;
    double timeAt(double x) const;
    // The difference whose tick is under x (within a few pixels), or -1.
    int differenceAt(double x) const;

    ComparisonRuns* m_runs;
    CompareCursor* m_cursor;
    Theme* m_theme;
};

// The player of a comparison: its buttons (the window's QActions), play and its speed, where both runs are
// ("A: step 25 of 138 · B: step 95 of 356 · 6.000 s") and the processing-time scrubber under them. Playing is
// a QTimer turning ticks into CompareCursor::stepForward().
class CompareBar : public QWidget {
    Q_OBJECT

public:
    CompareBar(ComparisonRuns* runs, CompareCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    // Buttons for these actions, in order; nullptr leaves a gap.
    void setActions(const std::vector<QAction*>& actions);
    bool isPlaying() const;
    QString positionText() const;

public Q_SLOTS:
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!isPlaying()); }

Q_SIGNALS:
    void playingChanged(bool playing);

private:
    void tick();
    void refresh();

    ComparisonRuns* m_runs;
    CompareCursor* m_cursor;
    QTimer* m_timer;
    QHBoxLayout* m_buttons;
    QComboBox* m_speed;
    QLabel* m_position;
};

} // namespace tidemark::app
