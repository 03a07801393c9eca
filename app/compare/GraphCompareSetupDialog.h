#pragma once

#include "app/graph/GraphSettings.h"
#include "engine/compare/Comparison.h"
#include "engine/compare/GraphDifferences.h"
#include "engine/core/Scenario.h"

#include <QDialog>

#include <memory>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QSpinBox;

namespace tidemark::app {

// "Duplicate this run as B and change one setting" for a job graph: A is the graph given, B its copy with one
// setting of one vertex changed — a source's (or an assigner's) out-of-orderness, idleness, emission interval or
// parallelism, a window's allowed lateness, size or parallelism, an interval join's bounds, a process function's
// timeout. B is held to the rules a graph file is (the same message, without the file's line); the labels the
// compare window will show and the number of differences show before it opens.
class GraphCompareSetupDialog : public QDialog {
    Q_OBJECT

public:
    explicit GraphCompareSetupDialog(const Scenario& a, QWidget* parent = nullptr);
    ~GraphCompareSetupDialog() override;

    // The vertices that have settings on offer, by name (sources first, then operators; no unions).
    QStringList vertices() const;
    QString vertex() const;
    // Picks a vertex (B back to A's copy); false when it is not on offer.
    bool setVertex(const QString& name);
    // The settings on offer for the vertex picked, by their names ("idleness", "allowedLateness", …).
    QStringList settings() const;
    QString setting() const;
    // Picks a setting of the vertex (B back to A's copy); false when it is not on offer.
    bool setSetting(const QString& name);
    // B's value of the setting picked, in milliseconds or a count, as typing it would give.
    void setValue(qint64 value);
    qint64 value() const;

    // Why B is refused (a graph rule it breaks, or a run beyond the budget), or empty.
    QString refusal() const { return m_refusal; }
    // What each run is, as the compare window labels it, and how many differences their outputs have (-1: refused).
    compare::RunLabels labels() const;
    int differenceCount() const { return m_differences; }
    QString previewText() const;
    compare::Comparison comparison() const;

private:
    void showVertex(int index);
    void showSetting(int index);
    void updatePreview();

    Scenario m_a;
    Scenario m_b;
    std::unique_ptr<GraphRun> m_runA;
    std::vector<GraphVertex> m_vertices;
    std::vector<GraphSetting> m_settings; // of the vertex shown
    QComboBox* m_vertex;
    QComboBox* m_setting;
    QSpinBox* m_value;
    QLabel* m_was;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
    QString m_refusal;
    int m_differences = -1;
};

} // namespace tidemark::app
