#include "app/panels/GraphEditor.h"

#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/ScrolledPanel.h"

#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

namespace tidemark::app {

GraphEditor::GraphEditor(Session* session, TimeCursor* cursor, QUndoStack* undo, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_undo(undo)
{
    const ScrolledPanel panel(this);
    // a refusal above the fields, as the chain's panel has it
    m_refusal = new QLabel(this);
    m_refusal->setObjectName(QStringLiteral("graphEditorRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusal->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_refusal->hide();
    auto* layout = new QVBoxLayout(panel.inner);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts the label above its field
    layout->addLayout(m_form);
    layout->addStretch(1);
    panel.scroll->setWidget(panel.inner);
    panel.outer->addWidget(m_refusal);
    panel.outer->addWidget(panel.scroll, 1);
    // the run changes on every edit and undo: the fields show the graph as it now is
    connect(cursor, &TimeCursor::runChanged, this, &GraphEditor::refresh);
    refresh();
}

QString GraphEditor::refusal() const
{
    return m_refusal->property("refusal").toString();
}

void GraphEditor::rebuild()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    m_shown.clear();
    if (!m_session->hasGraph())
        return;
    const JobGraph& g = m_session->graph().graph();
    m_shown = GraphSettings::vertices(g);
    for (const GraphVertex& v : m_shown) {
        auto* heading
            = new QLabel(QStringLiteral("<b>%1</b> <span>(%2)</span>")
                             .arg(GraphSettings::name(g, v).toHtmlEscaped(), GraphSettings::kind(g, v).toHtmlEscaped()),
                this);
        m_form->addRow(heading);
        for (GraphSetting& s : GraphSettings::settingsOf(g, v)) {
            auto* box = new QSpinBox(this);
            box->setObjectName(GraphSettings::name(g, v) + QLatin1Char('.') + s.name);
            GraphSettings::fitField(box, s);
            box->setMinimumWidth(box->fontMetrics().horizontalAdvance(QStringLiteral("000000000 ms")) + 30);
            m_form->addRow(s.label, box);
            m_fields.push_back({v, std::move(s), box});
            const std::size_t i = m_fields.size() - 1;
            connect(box, &QSpinBox::valueChanged, this, [this, i](int value) { apply(m_fields[i], value); });
        }
    }
}

void GraphEditor::refresh()
{
    if (!m_session->hasGraph()) {
        rebuild();
        return;
    }
    const JobGraph& g = m_session->graph().graph();
    if (GraphSettings::vertices(g) != m_shown)
        rebuild();
    for (const Field& f : m_fields) {
        const QSignalBlocker blocker(f.box);
        f.box->setValue(int(f.setting.get(g, f.vertex)));
    }
}

bool GraphEditor::setValue(const QString& vertex, const QString& setting, qint64 value)
{
    auto* box = findChild<QSpinBox*>(vertex + QLatin1Char('.') + setting);
    if (!box)
        return false;
    box->setValue(int(value));
    // the same value again changes nothing, as typing it would not
    return true;
}

void GraphEditor::apply(const Field& field, qint64 value)
{
    const JobGraph before = m_session->graph().graph();
    JobGraph after = before;
    field.setting.set(after, field.vertex, value);
    const QString what = tr("%1: %2").arg(GraphSettings::name(before, field.vertex), field.setting.label);
    Session* session = m_session;
    m_undo->push(new GraphEditCommand([session](const JobGraph& g) { return session->setJobGraph(g); }, before,
        std::move(after), what, int(&field - m_fields.data()), m_lastError));
    // push() ran redo(): the graph has run again, unless its rules refused the value (the command was dropped)
    const QString why = *m_lastError;
    m_refusal->setProperty("refusal", why);
    m_refusal->setText(tr("Not applied: %1").arg(why));
    m_refusal->setVisible(!why.isEmpty());
    if (!why.isEmpty())
        refresh(); // the field shows the graph's value again
}

} // namespace tidemark::app
