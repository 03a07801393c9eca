#include "app/compare/CompareSetupDialog.h"

#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/PipelineEditor.h"
#include "engine/compare/RunDifferences.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <exception>

namespace tidemark::app {

namespace {

bool always(const Scenario&)
{
    return true;
}
bool keyed(const Scenario& s)
{
    return s.pipeline.window.keyBy.has_value();
}
bool bounded(const Scenario& s)
{
    using S = WatermarkConfig::Strategy;
    return s.pipeline.watermarks.strategy == S::BoundedOutOfOrderness
        || s.pipeline.watermarks.strategy == S::LegacyBoundedOutOfOrderness;
}
bool periodic(const Scenario& s)
{
    return s.pipeline.watermarks.emission == WatermarkConfig::Emission::Periodic;
}
bool eventTime(const Scenario& s)
{
    return s.pipeline.window.assigner.isEventTime();
}
bool sized(const Scenario& s)
{
    using T = AssignerSpec::Type;
    return s.pipeline.window.assigner.type == T::Tumbling || s.pipeline.window.assigner.type == T::Sliding;
}
bool sliding(const Scenario& s)
{
    return s.pipeline.window.assigner.type == AssignerSpec::Type::Sliding;
}
bool session(const Scenario& s)
{
    return s.pipeline.window.assigner.type == AssignerSpec::Type::Session;
}

} // namespace

CompareSetupDialog::CompareSetupDialog(const Scenario& a, QWidget* parent)
    : QDialog(parent)
    , m_a(a)
    , m_runA(new Session(this))
    , m_runB(new Session(this))
    , m_cursorB(new TimeCursor(m_runB, this))
    , m_undo(new QUndoStack(this))
    , m_editor(nullptr)
    , m_setting(new QComboBox(this))
    , m_preview(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("compareSetup"));
    setWindowTitle(tr("Compare with One Setting Changed"));
    m_a.lesson.clear(); // a predict marker has no place in a comparison
    m_runA->setScenario(m_a, QString(), 0);
    m_runB->setScenario(m_a, QString(), 0);
    // B is edited in the Pipeline panel's own fields, on a run of its own: the same names, ranges, units and
    // refusals, and nothing reaches the document A came from
    m_editor = new PipelineEditor(m_runB, m_cursorB, m_undo, this);
    m_editor->setObjectName(QStringLiteral("setupEditor"));
    m_fields = m_editor->findChild<QFormLayout*>();
    m_refusal = m_editor->findChild<QLabel*>(QStringLiteral("pipelineError"));
    if (m_refusal)
        m_refusal->installEventFilter(this);

    // the settings a class compares most, in the order of docs/compare.md's table
    const Setting offered[] = {
        {QStringLiteral("parallelism"), {}, always},
        {QStringLiteral("windowParallelism"), {}, keyed},
        {QStringLiteral("sourceParallelism"), {}, always},
        {QStringLiteral("allowedLateness"), {}, eventTime},
        {QStringLiteral("sideOutput"), {}, eventTime},
        {QStringLiteral("maxOutOfOrderness"), {}, bounded},
        {QStringLiteral("idleness"), {}, always},
        {QStringLiteral("period"), {}, periodic},
        {QStringLiteral("strategy"), {}, always},
        {QStringLiteral("size"), {}, sized},
        {QStringLiteral("slide"), {}, sliding},
        {QStringLiteral("gap"), {}, session},
        {QStringLiteral("offset"), {}, sized},
        {QStringLiteral("trigger"), {QStringLiteral("triggerCount"), QStringLiteral("triggerInterval")}, always},
        {QStringLiteral("endOfInput"), {}, always},
    };
    for (const Setting& s : offered) {
        auto* field = m_editor->findChild<QWidget*>(s.field);
        auto* label = m_fields && field ? qobject_cast<QLabel*>(m_fields->labelForField(field)) : nullptr;
        if (!label || !s.applies(m_a))
            continue;
        m_settings.push_back(s);
        m_setting->addItem(label->text(), s.field);
    }
    m_setting->setObjectName(QStringLiteral("setting"));

    auto* intro
        = new QLabel(tr("B is a copy of A, “%1”, with one setting changed: the same events under two pipelines.")
                         .arg(m_runA->title().toHtmlEscaped()),
            this);
    intro->setWordWrap(true);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setWordWrap(true);
    m_preview->setTextFormat(Qt::PlainText);
    m_preview->setMinimumHeight(m_preview->fontMetrics().lineSpacing() * 3 + 16);
    m_preview->setFrameShape(QFrame::StyledPanel);
    m_preview->setMargin(6);
    auto* choose = new QFormLayout;
    choose->addRow(tr("Change for B:"), m_setting);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(choose);
    layout->addWidget(m_editor);
    layout->addWidget(m_preview);
    layout->addStretch(1);
    m_editor->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Compare"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_setting, &QComboBox::currentIndexChanged, this, &CompareSetupDialog::showSetting);
    connect(m_cursorB, &TimeCursor::runChanged, this, &CompareSetupDialog::updatePreview);
    showSetting(m_setting->currentIndex());
    resize(560, sizeHint().height());
}

QStringList CompareSetupDialog::settings() const
{
    QStringList fields;
    for (const Setting& s : m_settings)
        fields << s.field;
    return fields;
}

QString CompareSetupDialog::setting() const
{
    return m_setting->currentData().toString();
}

bool CompareSetupDialog::setSetting(const QString& field)
{
    const int index = m_setting->findData(field);
    if (index < 0)
        return false;
    m_setting->setCurrentIndex(index);
    return true;
}

bool CompareSetupDialog::setValue(const QVariant& value)
{
    return !setting().isEmpty() && m_editor->setFieldValue(setting(), value);
}

void CompareSetupDialog::showSetting(int index)
{
    // one setting differs: B starts again from A
    m_undo->clear();
    m_runB->setScenario(m_a, QString(), m_cursorB->step());
    if (m_refusal)
        m_refusal->hide(); // it was about the setting left
    if (!m_fields || index < 0 || index >= int(m_settings.size())) {
        m_editor->hide();
        updatePreview();
        return;
    }
    const Setting& chosen = m_settings[std::size_t(index)];
    QStringList shown = chosen.alsoShown;
    shown << chosen.field;
    for (int row = 0; row < m_fields->rowCount(); ++row) {
        QLayoutItem* item = m_fields->itemAt(row, QFormLayout::FieldRole);
        const QWidget* field = item ? item->widget() : nullptr;
        m_fields->setRowVisible(row, field && shown.contains(field->objectName()));
    }
    fitEditor();
    updatePreview();
}

void CompareSetupDialog::fitEditor()
{
    // as tall as what it shows: the editor's scroll area would take all the room otherwise
    int height = m_fields->sizeHint().height() + 8;
    if (m_refusal && m_refusal->isVisibleTo(m_editor))
        height += m_refusal->heightForWidth(m_editor->width()) + 6;
    m_editor->setFixedHeight(height);
}

bool CompareSetupDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_refusal && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        fitEditor();
    return QDialog::eventFilter(watched, event);
}

compare::RunLabels CompareSetupDialog::labels() const
{
    return compare::describeDifference(m_a, m_runB->scenario());
}

void CompareSetupDialog::updatePreview()
{
    const compare::RunLabels l = labels();
    const bool differs = l.a != l.b;
    m_differences = -1;
    if (differs && m_runA->hasRun() && m_runB->hasRun()) {
        try {
            m_differences = int(
                compare::compareRuns(m_runA->scenario(), m_runA->trace(), m_runB->scenario(), m_runB->trace()).size());
        } catch (const std::exception&) {
            m_differences = -1; // the same events by construction; a refusal is the editor's to say
        }
    }
    if (!differs) {
        m_preview->setText(tr("Give B another value: it has A's pipeline now."));
    } else {
        const QString count = m_differences < 0 ? QString()
            : m_differences == 0                ? tr("No differences: both pipelines give the same outputs")
            : m_differences == 1                ? tr("1 difference")
                                                : tr("%1 differences").arg(m_differences);
        m_preview->setText(
            tr("A: %1\nB: %2\n%3").arg(QString::fromStdString(l.a), QString::fromStdString(l.b), count).trimmed());
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(differs && m_runB->hasRun());
}

QString CompareSetupDialog::previewText() const
{
    return m_preview->text();
}

compare::Comparison CompareSetupDialog::comparison() const
{
    compare::Comparison c = compare::Comparison::between(m_a, m_runB->scenario());
    const compare::RunLabels l = labels();
    c.name = tr("%1: %2 vs %3")
                 .arg(m_runA->title(), QString::fromStdString(l.a), QString::fromStdString(l.b))
                 .toStdString();
    return c;
}

} // namespace tidemark::app
