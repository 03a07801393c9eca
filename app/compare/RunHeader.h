#pragma once

#include "engine/compare/Comparison.h"

#include <QWidget>

class QLabel;

namespace tidemark::app {

class ComparisonRuns;
class Theme;

// The line above a run's timeline: its letter, what is different in it ("parallelism 3"), the scenario's
// name, and its own step and processing time (which, at a difference, may be earlier than the shared time).
class RunHeader : public QWidget {
    Q_OBJECT

public:
    RunHeader(compare::RunSide side, ComparisonRuns* runs, Theme* theme, QWidget* parent = nullptr);

    QString labelText() const;
    QString positionText() const;

private:
    void refresh();
    void applyTheme();

    compare::RunSide m_side;
    ComparisonRuns* m_runs;
    Theme* m_theme;
    QLabel* m_badge;
    QLabel* m_label;
    QLabel* m_title;
    QLabel* m_position;
};

} // namespace tidemark::app
