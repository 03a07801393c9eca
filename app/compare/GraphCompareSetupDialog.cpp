#include "app/compare/GraphCompareSetupDialog.h"

#include "engine/io/JsonFields.h"
#include "engine/io/ScenarioIo.h"
#include "engine/io/ScenarioNames.h"
#include "engine/player/GraphRun.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <exception>
#include <limits>

namespace tidemark::app {

namespace {

// The largest value the field takes: 2^31 − 1 ms is 24 days, beyond any setting a lesson changes.
constexpr qint64 kLargest = std::numeric_limits<int>::max();

WatermarkConfig& generatorOf(JobGraph& g, bool source, int index)
{
    return source ? g.sources[std::size_t(index)].watermarks : g.operators[std::size_t(index)].watermarks;
}

const WatermarkConfig& generatorOf(const JobGraph& g, bool source, int index)
{
    return source ? g.sources[std::size_t(index)].watermarks : g.operators[std::size_t(index)].watermarks;
}

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
    for (std::size_t s = 0; s < g.sources.size(); ++s)
        m_vertices.push_back({true, int(s)});
    for (std::size_t o = 0; o < g.operators.size(); ++o) {
        if (!settingsOf({false, int(o)}).empty())
            m_vertices.push_back({false, int(o)});
    }
    for (const Vertex& v : m_vertices) {
        const QString name
            = qs(v.source ? g.sources[std::size_t(v.index)].name : g.operators[std::size_t(v.index)].name);
        const QString kind = v.source
            ? tr("source")
            : QString::fromLatin1(io::detail::enumName(g.operators[std::size_t(v.index)].kind, io::kOperatorKinds));
        m_vertex->addItem(tr("%1 (%2)").arg(name, kind), name);
    }
    m_vertex->setObjectName(QStringLiteral("vertex"));
    m_setting->setObjectName(QStringLiteral("setting"));
    m_value->setObjectName(QStringLiteral("value"));
    m_value->setKeyboardTracking(false); // a run per value typed, not per digit
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

std::vector<GraphCompareSetupDialog::Setting> GraphCompareSetupDialog::settingsOf(Vertex v) const
{
    using K = GraphOperator::Kind;
    const JobGraph& g = *m_a.graph;
    std::vector<Setting> out;
    const auto generator = [&out](bool periodic) {
        out.push_back({QStringLiteral("maxOutOfOrderness"), tr("max out-of-orderness"), true, 0,
            [](const JobGraph& j, Vertex x) { return generatorOf(j, x.source, x.index).maxOutOfOrdernessMs; },
            [](JobGraph& j, Vertex x, qint64 ms) { generatorOf(j, x.source, x.index).maxOutOfOrdernessMs = ms; }});
        out.push_back({QStringLiteral("idleness"), tr("idleness (withIdleness; 0: none)"), true, 0,
            [](const JobGraph& j, Vertex x) { return generatorOf(j, x.source, x.index).idlenessMs; },
            [](JobGraph& j, Vertex x, qint64 ms) { generatorOf(j, x.source, x.index).idlenessMs = ms; }});
        if (periodic) {
            out.push_back({QStringLiteral("period"), tr("auto-watermark interval"), true, 1,
                [](const JobGraph& j, Vertex x) { return generatorOf(j, x.source, x.index).periodMs; },
                [](JobGraph& j, Vertex x, qint64 ms) { generatorOf(j, x.source, x.index).periodMs = ms; }});
        }
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [](const JobGraph& j, Vertex x) { return qint64(generatorOf(j, x.source, x.index).parallelism); },
            [](JobGraph& j, Vertex x, qint64 n) { generatorOf(j, x.source, x.index).parallelism = int(n); }});
    };
    if (v.source) {
        generator(g.sources[std::size_t(v.index)].watermarks.emission == WatermarkConfig::Emission::Periodic);
        return out;
    }
    const GraphOperator& op = g.operators[std::size_t(v.index)];
    const auto at = [](JobGraph& j, Vertex x) -> GraphOperator& { return j.operators[std::size_t(x.index)]; };
    const auto of
        = [](const JobGraph& j, Vertex x) -> const GraphOperator& { return j.operators[std::size_t(x.index)]; };
    if (op.kind == K::Watermarks) {
        generator(op.watermarks.emission == WatermarkConfig::Emission::Periodic);
        return out;
    }
    if (op.runsWindow()) {
        if (op.window.assigner.isEventTime()) {
            out.push_back({QStringLiteral("allowedLateness"), tr("allowed lateness"), true, 0,
                [of](const JobGraph& j, Vertex x) { return of(j, x).window.allowedLatenessMs; },
                [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).window.allowedLatenessMs = ms; }});
        }
        using T = AssignerSpec::Type;
        if (op.window.assigner.type == T::Tumbling || op.window.assigner.type == T::Sliding) {
            out.push_back({QStringLiteral("size"), tr("window size"), true, 1,
                [of](const JobGraph& j, Vertex x) { return of(j, x).window.assigner.sizeMs; },
                [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).window.assigner.sizeMs = ms; }});
        }
        if (op.window.assigner.type == T::Session) {
            out.push_back({QStringLiteral("gap"), tr("session gap"), true, 1,
                [of](const JobGraph& j, Vertex x) { return of(j, x).window.assigner.gapMs; },
                [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).window.assigner.gapMs = ms; }});
        }
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [of](const JobGraph& j, Vertex x) { return qint64(of(j, x).window.parallelism); },
            [at](JobGraph& j, Vertex x, qint64 n) { at(j, x).window.parallelism = int(n); }});
        return out;
    }
    if (op.kind == K::IntervalJoin) {
        out.push_back({QStringLiteral("lowerBound"), tr("lower bound of between()"), true, -kLargest,
            [of](const JobGraph& j, Vertex x) { return of(j, x).join.lowerMs; },
            [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).join.lowerMs = ms; }});
        out.push_back({QStringLiteral("upperBound"), tr("upper bound of between()"), true, -kLargest,
            [of](const JobGraph& j, Vertex x) { return of(j, x).join.upperMs; },
            [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).join.upperMs = ms; }});
    }
    if (op.runsProcessFunction() && op.process.hasTimeout()) {
        out.push_back({QStringLiteral("timeout"), tr("the function's timeout"), true, 1,
            [of](const JobGraph& j, Vertex x) { return of(j, x).process.timeoutMs; },
            [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).process.timeoutMs = ms; }});
    }
    if (op.runsProcessFunction() && op.process.type == ProcessFunctionSpec::Type::PeriodicCount) {
        out.push_back({QStringLiteral("interval"), tr("the count's interval"), true, 1,
            [of](const JobGraph& j, Vertex x) { return of(j, x).process.intervalMs; },
            [at](JobGraph& j, Vertex x, qint64 ms) { at(j, x).process.intervalMs = ms; }});
    }
    if (op.kind == K::IntervalJoin || op.runsProcessFunction()) {
        out.push_back({QStringLiteral("parallelism"), tr("parallelism"), false, 1,
            [of](const JobGraph& j, Vertex x) { return qint64(of(j, x).parallelism); },
            [at](JobGraph& j, Vertex x, qint64 n) { at(j, x).parallelism = int(n); }});
    }
    return out;
}

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
    for (const Setting& s : m_settings)
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
    m_settings = settingsOf(m_vertices[std::size_t(index)]);
    const QSignalBlocker blocker(m_setting);
    m_setting->clear();
    for (const Setting& s : m_settings)
        m_setting->addItem(s.label, s.name);
    m_setting->setCurrentIndex(0);
    showSetting(0);
}

void GraphCompareSetupDialog::showSetting(int index)
{
    if (index < 0 || std::size_t(index) >= m_settings.size())
        return;
    const Setting& s = m_settings[std::size_t(index)];
    const Vertex v = m_vertices[std::size_t(m_vertex->currentIndex())];
    m_b = m_a; // one setting differs
    const qint64 was = s.get(*m_a.graph, v);
    const QSignalBlocker blocker(m_value);
    m_value->setRange(int(s.minimum), int(kLargest));
    m_value->setSuffix(s.milliseconds ? tr(" ms") : QString());
    m_value->setSingleStep(s.milliseconds ? 500 : 1);
    m_value->setValue(int(was));
    m_was->setText(tr("A has %1").arg(m_value->locale().toString(was) + m_value->suffix()));
    updatePreview();
}

void GraphCompareSetupDialog::setValue(qint64 value)
{
    const int index = m_setting->currentIndex();
    if (index < 0 || std::size_t(index) >= m_settings.size())
        return;
    const Setting& s = m_settings[std::size_t(index)];
    value = std::clamp(value, s.minimum, kLargest);
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
    const io::Loaded<Scenario> checked = io::parseScenarioWithoutInput(io::saveScenario(m_b), "B", true);
    if (!checked)
        m_refusal = qs(checked.errors.front().message);
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
