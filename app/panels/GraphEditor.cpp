#include "app/panels/GraphEditor.h"

#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/ScrolledPanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

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

std::vector<std::vector<std::string>> GraphEditor::inputsOf(const JobGraph& g)
{
    std::vector<std::vector<std::string>> inputs;
    for (const GraphOperator& op : g.operators)
        inputs.push_back(op.inputs);
    return inputs;
}

void GraphEditor::rebuild()
{
    // the rows go later, not at once: a change of inputs rebuilds the panel from the signal of a field in it
    while (m_form->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = m_form->takeRow(0);
        for (QLayoutItem* item : {row.labelItem, row.fieldItem}) {
            if (QWidget* w = item ? item->widget() : nullptr) {
                w->hide();
                w->setParent(nullptr); // out of the panel now (findChild), deleted once its signal is done
                w->deleteLater();
            }
            delete item;
        }
    }
    m_fields.clear();
    m_shown.clear();
    m_shownInputs.clear();
    if (!m_session->hasGraph())
        return;
    const JobGraph& g = m_session->graph().graph();
    m_shown = GraphSettings::vertices(g);
    m_shownInputs = inputsOf(g);
    // the sources, then every operator in the file's order, unions too (they have inputs, if no settings)
    std::vector<GraphVertex> rows;
    for (const GraphVertex& v : m_shown) {
        if (v.source)
            rows.push_back(v);
    }
    for (std::size_t op = 0; op < g.operators.size(); ++op)
        rows.push_back({false, int(op)});
    for (const GraphVertex& v : rows) {
        const bool isUnion = !v.source && g.operators[std::size_t(v.index)].kind == GraphOperator::Kind::Union;
        auto* heading
            = new QLabel(QStringLiteral("<b>%1</b> <span>(%2)</span>")
                             .arg(GraphSettings::name(g, v).toHtmlEscaped(),
                                 (isUnion ? QStringLiteral("union") : GraphSettings::kind(g, v)).toHtmlEscaped()),
                this);
        m_form->addRow(heading);
        if (!v.source)
            m_form->addRow(tr("Inputs"), inputsField(g, std::size_t(v.index)));
        if (isUnion)
            continue;
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
    if (GraphSettings::vertices(g) != m_shown || inputsOf(g) != m_shownInputs)
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

QWidget* GraphEditor::inputsField(const JobGraph& g, std::size_t op)
{
    const GraphOperator& o = g.operators[op];
    const QString name = QString::fromStdString(o.name);
    const bool isUnion = o.kind == GraphOperator::Kind::Union;
    // what it can read: every source and every other operator (the rules refuse a cycle, and say so)
    QStringList streams;
    for (const GraphSource& s : g.sources)
        streams << QString::fromStdString(s.name);
    for (const GraphOperator& other : g.operators) {
        if (other.name != o.name)
            streams << QString::fromStdString(other.name);
    }
    auto* field = new QWidget(this);
    auto* rows = new QVBoxLayout(field);
    rows->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < o.inputs.size(); ++i) {
        auto* row = new QHBoxLayout;
        auto* choice = new QComboBox(field);
        choice->setObjectName(QStringLiteral("%1.input%2").arg(name).arg(i + 1));
        choice->addItems(streams);
        const QString current = QString::fromStdString(o.inputs[i]);
        if (!streams.contains(current))
            choice->addItem(current); // a name the rules will refuse, shown as it is
        choice->setCurrentText(current);
        choice->setToolTip(tr("The stream %1's input %2 reads").arg(name).arg(i + 1));
        row->addWidget(choice, 1);
        connect(choice, &QComboBox::textActivated, this, [this, op, i](const QString& stream) {
            std::vector<std::string> inputs = m_session->graph().graph().operators[op].inputs;
            if (inputs[i] == stream.toStdString())
                return;
            inputs[i] = stream.toStdString();
            setInputs(op, std::move(inputs), tr("input %1 reads %2").arg(i + 1).arg(stream));
        });
        if (isUnion) {
            auto* remove = new QToolButton(field);
            remove->setObjectName(QStringLiteral("%1.removeInput%2").arg(name).arg(i + 1));
            remove->setText(QStringLiteral("−"));
            remove->setToolTip(tr("Take this stream out of the union"));
            remove->setAccessibleName(tr("Remove input %1 of %2").arg(i + 1).arg(name));
            connect(remove, &QToolButton::clicked, this, [this, op, i] {
                std::vector<std::string> inputs = m_session->graph().graph().operators[op].inputs;
                const QString removed = QString::fromStdString(inputs[i]);
                inputs.erase(inputs.begin() + std::ptrdiff_t(i));
                setInputs(op, std::move(inputs), tr("without %1").arg(removed));
            });
            row->addWidget(remove);
        }
        rows->addLayout(row);
    }
    if (isUnion) {
        // another stream to read: any it does not read yet (the rules refuse one that reads the union)
        auto* add = new QPushButton(tr("Add input"), field);
        add->setObjectName(QStringLiteral("%1.addInput").arg(name));
        auto* menu = new QMenu(add);
        for (const QString& s : streams) {
            if (std::find(o.inputs.begin(), o.inputs.end(), s.toStdString()) != o.inputs.end())
                continue;
            menu->addAction(s, this, [this, op, s] {
                std::vector<std::string> inputs = m_session->graph().graph().operators[op].inputs;
                inputs.push_back(s.toStdString());
                setInputs(op, std::move(inputs), tr("with %1").arg(s));
            });
        }
        add->setMenu(menu);
        add->setEnabled(!menu->isEmpty());
        add->setToolTip(menu->isEmpty() ? tr("The union reads every stream already") : tr("Add a stream to the union"));
        rows->addWidget(add, 0, Qt::AlignLeft);
    }
    return field;
}

void GraphEditor::setInputs(std::size_t op, std::vector<std::string> inputs, const QString& what)
{
    JobGraph after = m_session->graph().graph();
    after.operators[op].inputs = std::move(inputs);
    const QString name = QString::fromStdString(after.operators[op].name);
    push(std::move(after), tr("%1: %2").arg(name, what), -1);
}

bool GraphEditor::setInput(const QString& op, int input, const QString& stream)
{
    auto* choice = findChild<QComboBox*>(QStringLiteral("%1.input%2").arg(op).arg(input));
    if (!choice || choice->findText(stream) < 0)
        return false;
    choice->setCurrentText(stream);
    Q_EMIT choice->textActivated(stream);
    return true;
}

bool GraphEditor::addInput(const QString& op, const QString& stream)
{
    auto* add = findChild<QPushButton*>(QStringLiteral("%1.addInput").arg(op));
    if (!add || !add->menu())
        return false;
    for (QAction* action : add->menu()->actions()) {
        if (action->text() == stream) {
            action->trigger();
            return true;
        }
    }
    return false;
}

bool GraphEditor::removeInput(const QString& op, int input)
{
    auto* remove = findChild<QToolButton*>(QStringLiteral("%1.removeInput%2").arg(op).arg(input));
    if (!remove)
        return false;
    remove->click();
    return true;
}

void GraphEditor::apply(const Field& field, qint64 value)
{
    JobGraph after = m_session->graph().graph();
    field.setting.set(after, field.vertex, value);
    push(std::move(after), tr("%1: %2").arg(GraphSettings::name(after, field.vertex), field.setting.label),
        int(&field - m_fields.data()));
}

void GraphEditor::push(JobGraph after, const QString& what, int field)
{
    const JobGraph before = m_session->graph().graph();
    const bool structure = field < 0;
    if (structure)
        field = -1 - m_structureEdits++; // never the same twice in a row
    Session* session = m_session;
    m_undo->push(new GraphEditCommand([session](const JobGraph& g) { return session->setJobGraph(g); }, before,
        std::move(after), what, field, m_lastError));
    // push() ran redo(): the graph has run again, unless its rules refused the value (the command was dropped)
    const QString why = *m_lastError;
    m_refusal->setProperty("refusal", why);
    m_refusal->setText(tr("Not applied: %1").arg(why));
    m_refusal->setVisible(!why.isEmpty());
    if (why.isEmpty())
        return;
    // the field shows the graph's value again; a refused input, its chooser too
    if (structure)
        rebuild();
    refresh();
}

} // namespace tidemark::app
