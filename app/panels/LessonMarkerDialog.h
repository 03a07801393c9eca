#pragma once

#include "engine/core/Scenario.h"

#include <QDialog>
#include <QUndoCommand>

#include <vector>

class QCheckBox;
class QPlainTextEdit;

namespace tidemark::app {

class Session;

// A change of the lesson's markers, undoable; the document counts as changed until it is saved.
class LessonEditCommand : public QUndoCommand {
public:
    LessonEditCommand(
        Session* session, std::vector<LessonMarker> before, std::vector<LessonMarker> after, const QString& text);
    void undo() override;
    void redo() override;

private:
    Session* m_session;
    std::vector<LessonMarker> m_before;
    std::vector<LessonMarker> m_after;
};

// Edit ▸ Lesson Marker…: the note at the current step, and whether the class predicts the next fire there.
// Opens on the step's marker when it has one (then Remove is offered).
class LessonMarkerDialog : public QDialog {
    Q_OBJECT

public:
    LessonMarkerDialog(const Session& session, int step, QWidget* parent = nullptr);

    // The lesson as it is to be after the dialog was accepted (the marker added, changed or removed).
    std::vector<LessonMarker> result() const { return m_result; }
    bool removed() const { return m_removed; }

private:
    void finish(bool remove);

    std::vector<LessonMarker> m_lesson;
    std::vector<LessonMarker> m_result;
    int m_step;
    bool m_removed = false;
    QPlainTextEdit* m_note;
    QCheckBox* m_predict;
};

} // namespace tidemark::app
