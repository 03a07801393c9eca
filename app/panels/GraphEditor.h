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
// (GraphSettings), each beside its value, and every operator's inputs: each the stream it reads, which can be another,
// and a union's added or removed. A change goes through the undo stack and runs the graph again at the same step; a
// change the graph's rules refuse (a cycle, an operator given the wrong number of inputs, a keyed window over
// windowAll's results…) is not applied, and the panel says why in the rule's own words.
class GraphEditor : public QWidget {
    Q_OBJECT

public:
    GraphEditor(Session* session, TimeCursor* cursor, QUndoStack* undo, QWidget* parent = nullptr);

    // Sets vertex `vertex`'s setting `setting` as typing it would (tests); false when there is no such field.
    bool setValue(const QString& vertex, const QString& setting, qint64 value);
    // Operator `op`'s input `input` (1-based, as the panel numbers them) reads `stream` instead, as choosing it would;
    // false when there is no such field or stream.
    bool setInput(const QString& op, int input, const QString& stream);
    // Union `op` reads `stream` too, or no longer reads its input `input` (1-based), as the panel's buttons do; false
    // when there is no such button or choice.
    bool addInput(const QString& op, const QString& stream);
    bool removeInput(const QString& op, int input);
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
    // One edit of the graph on the undo stack; edits with the same `field` in a row merge (-1: never).
    void push(JobGraph after, const QString& what, int field);
    // Operator `op`'s inputs: a chooser per input, and for a union a button to remove each and one to add another.
    QWidget* inputsField(const JobGraph& g, std::size_t op);
    // Operator `op` reads `inputs` from now on: one undo step, named "<op>: <what>".
    void setInputs(std::size_t op, std::vector<std::string> inputs, const QString& what);
    static std::vector<std::vector<std::string>> inputsOf(const JobGraph& g);

    Session* m_session;
    QUndoStack* m_undo;
    QFormLayout* m_form = nullptr;
    QLabel* m_refusal = nullptr;
    std::shared_ptr<QString> m_lastError = std::make_shared<QString>();
    std::vector<Field> m_fields;
    std::vector<GraphVertex> m_shown; // the vertices the fields were built for
    std::vector<std::vector<std::string>> m_shownInputs; // and the operators' inputs
    int m_structureEdits = 0; // numbers each change of inputs, so that none merges with another
};

} // namespace tidemark::app
