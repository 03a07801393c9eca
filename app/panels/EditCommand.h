#pragma once

#include <QString>
#include <QUndoCommand>

#include <functional>
#include <memory>
#include <utility>

namespace tidemark::app {

// One edit of the document's settings on the undo stack (the Pipeline panel's, a chain's or a job graph's): `apply`
// gives the session a state, which runs again and comes back to the same step, and says why it refused one (then
// nothing changed and the command is dropped). Edits of the same field in a row merge into one undo step (typing
// 1, 0, 0, 0 is one change); a refusal is also written to `errorSink`, which outlives a dropped command.
template <class State, int kId> class EditCommand : public QUndoCommand {
public:
    using Apply = std::function<QString(const State&)>;

    EditCommand(
        Apply apply, State before, State after, const QString& text, int field, std::shared_ptr<QString> errorSink = {})
        : QUndoCommand(text)
        , m_apply(std::move(apply))
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_field(field)
        , m_errorSink(std::move(errorSink))
    { }

    void undo() override { m_apply(m_before); }
    void redo() override
    {
        m_error = m_apply(m_after);
        if (m_errorSink)
            *m_errorSink = m_error;
        if (!m_error.isEmpty())
            setObsolete(true); // refused: nothing changed, nothing to undo
    }
    // one id per kind of state: the stack merges a chain's edits with a chain's only
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const EditCommand*>(other);
        if (o->m_field != m_field || !o->m_error.isEmpty())
            return false;
        m_after = o->m_after;
        setText(o->text());
        return true;
    }
    QString error() const { return m_error; }

private:
    Apply m_apply;
    State m_before;
    State m_after;
    int m_field;
    QString m_error;
    std::shared_ptr<QString> m_errorSink;
};

} // namespace tidemark::app
