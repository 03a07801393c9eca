#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QTimer;
class QToolButton;

namespace tidemark::app {

class RunLoader;

// The status bar's account of a background load: what is being read or recorded, how far it has got, and a
// button that stops it. It shows only once a load has taken a moment, so that a quick one does not flicker.
class LoadProgress : public QWidget {
    Q_OBJECT

public:
    LoadProgress(RunLoader* loader, QWidget* parent);

private:
    void begin(const QString& fileName);
    void update(const QString& what, int percent);
    void end();

    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
    QTimer* m_showLater;
};

} // namespace tidemark::app
