#pragma once

#include "app/graph/GraphSettings.h"
#include "app/panels/EditCommand.h"
#include "engine/core/JobGraph.h"

#include <QWidget>

#include <memory>
#include <vector>

class QFormLayout;
class QLabel;
class QSpinBox;
class QUndoStack;

namespace tidemark::app {

class Session;
class TimeCursor;

// One edit of a job graph's settings (Session::setJobGraph).
using GraphEditCommand = EditCommand<JobGraph, 0x7141>;

// The Pipeline panel of a job graph: every source and operator with the settings the window changes
// (GraphSettings), each beside its value. A change goes through the undo stack and runs the graph again at the same
// step; a value the graph's rules refuse is not applied, and the panel says why in the rule's own words.
class GraphEditor : public QWidget {
    Q_OBJECT

public:
    GraphEditor(Session* session, TimeCursor* cursor, QUndoStack* undo, QWidget* parent = nullptr);

    // Sets vertex `vertex`'s setting `setting` as typing it would (tests); false when there is no such field.
    bool setValue(const QString& vertex, const QString& setting, qint64 value);
    // Why the last change was not applied, or empty.
    QString refusal() const;

private:
    struct Field {
        GraphVertex vertex;
        GraphSetting setting;
        QSpinBox* box = nullptr;
    };
    void rebuild();
    void refresh();
    void apply(const Field& field, qint64 value);

    Session* m_session;
    QUndoStack* m_undo;
    QFormLayout* m_form = nullptr;
    QLabel* m_refusal = nullptr;
    std::shared_ptr<QString> m_lastError = std::make_shared<QString>();
    std::vector<Field> m_fields;
    std::vector<GraphVertex> m_shown; // the vertices the fields were built for
};

} // namespace tidemark::app
