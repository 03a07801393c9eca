#include "app/panels/LessonMarkerDialog.h"

#include "app/document/Session.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tidemark::app {

LessonEditCommand::LessonEditCommand(
    Session* session, std::vector<LessonMarker> before, std::vector<LessonMarker> after, const QString& text)
    : QUndoCommand(text)
    , m_session(session)
    , m_before(std::move(before))
    , m_after(std::move(after))
{ }

void LessonEditCommand::undo()
{
    m_session->setLesson(m_before);
}

void LessonEditCommand::redo()
{
    m_session->setLesson(m_after);
}

LessonMarkerDialog::LessonMarkerDialog(const Session& session, int step, QWidget* parent)
    : QDialog(parent)
    , m_lesson(session.lesson())
    , m_step(step)
    , m_note(new QPlainTextEdit(this))
    , m_predict(new QCheckBox(tr("&Predict: hide the next fire (its window, its result, whether it fires at all) "
                                 "until I reveal it (R)"),
          this))
{
    setObjectName(QStringLiteral("lessonMarkerDialog"));
    const LessonMarker* existing = session.markerAt(step);
    setWindowTitle(existing ? tr("Lesson marker at step %1").arg(step) : tr("New lesson marker at step %1").arg(step));
    auto* layout = new QVBoxLayout(this);
    auto* label = new QLabel(
        tr("What to say at step %1 (Page Down / Page Up walk the markers in presenter mode):").arg(step), this);
    label->setWordWrap(true);
    label->setBuddy(m_note);
    m_note->setObjectName(QStringLiteral("lessonNote"));
    m_note->setTabChangesFocus(true);
    m_predict->setObjectName(QStringLiteral("lessonPredict"));
    if (existing) {
        m_note->setPlainText(QString::fromStdString(existing->note));
        m_predict->setChecked(existing->predict);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    if (existing) {
        QPushButton* remove = buttons->addButton(tr("&Remove Marker"), QDialogButtonBox::DestructiveRole);
        remove->setObjectName(QStringLiteral("removeMarker"));
        connect(remove, &QPushButton::clicked, this, [this] { finish(true); });
    }
    QPushButton* ok = buttons->button(QDialogButtonBox::Ok);
    // an empty note is no marker: OK waits for one
    ok->setEnabled(!m_note->toPlainText().trimmed().isEmpty());
    connect(m_note, &QPlainTextEdit::textChanged, ok,
        [this, ok] { ok->setEnabled(!m_note->toPlainText().trimmed().isEmpty()); });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] { finish(false); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(label);
    layout->addWidget(m_note, 1);
    layout->addWidget(m_predict);
    layout->addWidget(buttons);
    resize(520, 280);
}

void LessonMarkerDialog::finish(bool remove)
{
    m_removed = remove;
    m_result = m_lesson;
    m_result.erase(std::remove_if(m_result.begin(), m_result.end(),
                       [this](const LessonMarker& m) { return int(m.step) == m_step; }),
        m_result.end());
    if (!remove) {
        LessonMarker m;
        m.step = std::uint32_t(m_step);
        m.note = m_note->toPlainText().trimmed().toStdString();
        m.predict = m_predict->isChecked();
        m_result.push_back(std::move(m));
        std::sort(m_result.begin(), m_result.end(),
            [](const LessonMarker& a, const LessonMarker& b) { return a.step < b.step; });
    }
    accept();
}

} // namespace tidemark::app
