#include "app/compare/GraphCompareSetupDialog.h"

#include "app/graph/GraphSettings.h"

#include "engine/io/ScenarioIo.h"
#include "engine/player/GraphRun.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace tidemark::app {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

GraphCompareSetupDialog::GraphCompareSetupDialog(const Scenario& a, QWidget* parent)
    : QDialog(parent)
    , m_a(a)
    , m_b(a)
    , m_vertex(new QComboBox(this))
    , m_setting(new QComboBox(this))
    , m_value(new QSpinBox(this))
    , m_was(new QLabel(this))
    , m_preview(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("GraphCompareSetupDialog"));
    setWindowTitle(tr("Compare with One Setting Changed"));
    // the lesson's markers belong to A's run; B is a copy to compare, not to teach from
    m_a.lesson.clear();
    m_b.lesson.clear();
    try {
        m_runA = std::make_unique<GraphRun>(m_a);
    } catch (const std::exception& e) {
        m_refusal = tr("Run A cannot be played: %1").arg(QString::fromUtf8(e.what()));
    }
    const JobGraph& g = *m_a.graph;
    m_vertices = GraphSettings::vertices(g);
    for (const GraphVertex& v : m_vertices) {
        const QString name = GraphSettings::name(g, v);
        m_vertex->addItem(tr("%1 (%2)").arg(name, GraphSettings::kind(g, v)), name);
    }
    m_vertex->setObjectName(QStringLiteral("vertex"));
    m_setting->setObjectName(QStringLiteral("setting"));
    m_value->setObjectName(QStringLiteral("value"));
    m_was->setObjectName(QStringLiteral("valueOfA"));
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Compare"));

    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Run B is a copy of this job graph with one setting of one operator or source changed. Both run over "
           "the same events; the compare window shows them side by side with where their outputs differ."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    form->addRow(tr("&Operator or source:"), m_vertex);
    form->addRow(tr("&Setting:"), m_setting);
    form->addRow(tr("B's &value:"), m_value);
    form->addRow(QString(), m_was);
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_vertex, &QComboBox::currentIndexChanged, this, &GraphCompareSetupDialog::showVertex);
    connect(m_setting, &QComboBox::currentIndexChanged, this, &GraphCompareSetupDialog::showSetting);
    connect(m_value, &QSpinBox::valueChanged, this, [this](int v) { setValue(v); });
    resize(560, sizeHint().height());
    showVertex(0);
}

GraphCompareSetupDialog::~GraphCompareSetupDialog() = default;

QStringList GraphCompareSetupDialog::vertices() const
{
    QStringList out;
    for (int i = 0; i < m_vertex->count(); ++i)
        out << m_vertex->itemData(i).toString();
    return out;
}

QString GraphCompareSetupDialog::vertex() const
{
    return m_vertex->currentData().toString();
}

bool GraphCompareSetupDialog::setVertex(const QString& name)
{
    const int index = m_vertex->findData(name);
    if (index < 0)
        return false;
    if (index == m_vertex->currentIndex())
        showVertex(index); // B back to A's copy, as picking it again would
    m_vertex->setCurrentIndex(index);
    return true;
}

QStringList GraphCompareSetupDialog::settings() const
{
    QStringList out;
    for (const GraphSetting& s : m_settings)
        out << s.name;
    return out;
}

QString GraphCompareSetupDialog::setting() const
{
    const int i = m_setting->currentIndex();
    return i >= 0 && std::size_t(i) < m_settings.size() ? m_settings[std::size_t(i)].name : QString();
}

bool GraphCompareSetupDialog::setSetting(const QString& name)
{
    const int index = m_setting->findData(name);
    if (index < 0)
        return false;
    if (index == m_setting->currentIndex())
        showSetting(index);
    m_setting->setCurrentIndex(index);
    return true;
}

void GraphCompareSetupDialog::showVertex(int index)
{
    if (index < 0 || std::size_t(index) >= m_vertices.size())
        return;
    m_settings = GraphSettings::settingsOf(*m_a.graph, m_vertices[std::size_t(index)]);
    const QSignalBlocker blocker(m_setting);
    m_setting->clear();
    for (const GraphSetting& s : m_settings)
        m_setting->addItem(s.label, s.name);
    m_setting->setCurrentIndex(0);
    showSetting(0);
}

void GraphCompareSetupDialog::showSetting(int index)
{
    if (index < 0 || std::size_t(index) >= m_settings.size())
        return;
    const GraphSetting& s = m_settings[std::size_t(index)];
    const GraphVertex v = m_vertices[std::size_t(m_vertex->currentIndex())];
    m_b = m_a; // one setting differs
    const qint64 was = s.get(*m_a.graph, v);
    const QSignalBlocker blocker(m_value);
    GraphSettings::fitField(m_value, s);
    m_value->setValue(int(was));
    m_was->setText(tr("A has %1").arg(m_value->locale().toString(was) + m_value->suffix()));
    updatePreview();
}

void GraphCompareSetupDialog::setValue(qint64 value)
{
    const int index = m_setting->currentIndex();
    if (index < 0 || std::size_t(index) >= m_settings.size())
        return;
    const GraphSetting& s = m_settings[std::size_t(index)];
    value = std::clamp(value, s.minimum, GraphSettings::kLargest);
    if (m_value->value() != value) {
        const QSignalBlocker blocker(m_value);
        m_value->setValue(int(value));
    }
    m_b = m_a;
    s.set(*m_b.graph, m_vertices[std::size_t(m_vertex->currentIndex())], value);
    updatePreview();
}

qint64 GraphCompareSetupDialog::value() const
{
    return m_value->value();
}

void GraphCompareSetupDialog::updatePreview()
{
    m_differences = -1;
    if (!m_runA) {
        m_preview->setText(m_refusal);
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        return;
    }
    m_refusal.clear();
    // B is held to the rules a graph file is: the same check, over B written out as a file would be
    if (const auto refused = io::scenarioRulesRefusal(m_b))
        m_refusal = qs(*refused);
    if (m_refusal.isEmpty()) {
        try {
            const GraphRun b(m_b);
            m_differences = int(compare::compareGraphRuns(*m_runA, b).size());
        } catch (const std::exception& e) {
            m_refusal = QString::fromUtf8(e.what());
        }
    }
    m_preview->setText(previewText());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_refusal.isEmpty());
}

compare::RunLabels GraphCompareSetupDialog::labels() const
{
    return compare::describeDifference(m_a, m_b);
}

QString GraphCompareSetupDialog::previewText() const
{
    if (!m_refusal.isEmpty())
        return tr("Not applied: %1").arg(m_refusal);
    const compare::RunLabels l = labels();
    const QString runs = tr("A: %1 · B: %2").arg(qs(l.a), qs(l.b));
    if (m_differences == 0)
        return tr("%1 — no differences: both give the same outputs").arg(runs);
    return m_differences == 1 ? tr("%1 — 1 difference").arg(runs)
                              : tr("%1 — %2 differences").arg(runs).arg(m_differences);
}

compare::Comparison GraphCompareSetupDialog::comparison() const
{
    return compare::Comparison::between(m_a, m_b);
}

} // namespace tidemark::app
