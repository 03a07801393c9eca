#include "app/panels/PipelineEditor.h"

#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/FieldRules.h"
#include "app/panels/ScrolledPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace tidemark::app {

PipelineEditor::PipelineEditor(Session* session, TimeCursor* cursor, QUndoStack* undo, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_undo(undo)
{
    const ScrolledPanel panel(this);
    QVBoxLayout* outer = panel.outer;
    QScrollArea* scroll = panel.scroll;
    QWidget* inner = panel.inner;
    m_form = new QFormLayout(inner);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    scroll->setWidget(inner);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("pipelineError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_error->hide();
    outer->addWidget(m_error);
    outer->addWidget(scroll, 1);

    using S = Scenario;
    using WC = WatermarkConfig;
    addGroup(tr("Flink"));
    QStringList versions;
    for (const FlinkVersion& v : kSupportedFlinkVersions)
        versions << tr("Flink %1").arg(QString::fromStdString(v.name()));
    addEnum(
        QStringLiteral("flinkVersion"), tr("Decide as"), versions,
        [](const S& s) {
            const auto* at = std::find(
                std::begin(kSupportedFlinkVersions), std::end(kSupportedFlinkVersions), s.pipeline.flinkVersion);
            return int(at - std::begin(kSupportedFlinkVersions));
        },
        [](S& s, int v) { s.pipeline.flinkVersion = kSupportedFlinkVersions[v]; },
        tr("The Flink release line the run follows (\"flinkVersion\"): where the lines decide differently, "
           "Tidemark decides as this one"));
    addGroup(tr("Watermarks (WatermarkStrategy)"));
    addEnum(
        QStringLiteral("strategy"), tr("Strategy"),
        {tr("forBoundedOutOfOrderness"), tr("forMonotonousTimestamps"),
            tr("BoundedOutOfOrdernessTimestampExtractor (legacy)"), tr("watermarks from the input")},
        [](const S& s) { return int(s.pipeline.watermarks.strategy); },
        [](S& s, int v) { s.pipeline.watermarks.strategy = WC::Strategy(v); });
    addNumber(
        QStringLiteral("maxOutOfOrderness"), tr("Max out-of-orderness"), tr(" ms"),
        [](const S& s) { return s.pipeline.watermarks.maxOutOfOrdernessMs; },
        [](S& s, qint64 v) { s.pipeline.watermarks.maxOutOfOrdernessMs = v; },
        tr("Watermark = largest timestamp seen − this − 1 ms"));
    addEnum(
        QStringLiteral("emission"), tr("Emit watermarks"), {tr("per event"), tr("periodically")},
        [](const S& s) { return int(s.pipeline.watermarks.emission); },
        [](S& s, int v) { s.pipeline.watermarks.emission = WC::Emission(v); });
    addNumber(
        QStringLiteral("period"), tr("Auto-watermark interval"), tr(" ms"),
        [](const S& s) { return s.pipeline.watermarks.periodMs; },
        [](S& s, qint64 v) { s.pipeline.watermarks.periodMs = v; },
        tr("pipeline.auto-watermark-interval (Flink's default is 200 ms)"));
    addNumber(
        QStringLiteral("idleness"), tr("Idleness (0 = off)"), tr(" ms"),
        [](const S& s) { return s.pipeline.watermarks.idlenessMs; },
        [](S& s, qint64 v) { s.pipeline.watermarks.idlenessMs = v; },
        tr("withIdleness: a channel without records for this long stops holding the watermark back"));
    addNumber(
        QStringLiteral("parallelism"), tr("Parallelism (channels)"), QString(),
        [](const S& s) { return s.pipeline.watermarks.parallelism; },
        [](S& s, qint64 v) { s.pipeline.watermarks.parallelism = int(v); });
    addEnum(
        QStringLiteral("partitioning"), tr("Distribution"),
        {tr("rebalance (round robin)"), tr("forward"), tr("by the record's channel field")},
        [](const S& s) { return int(s.pipeline.watermarks.partitioning); },
        [](S& s, int v) { s.pipeline.watermarks.partitioning = WC::Partitioning(v); });
    addNumber(
        QStringLiteral("firstChannel"), tr("Round robin starts at"), QString(),
        [](const S& s) { return s.pipeline.watermarks.firstChannel; },
        [](S& s, qint64 v) { s.pipeline.watermarks.firstChannel = int(v); });
    addNumber(
        QStringLiteral("sourceParallelism"), tr("Source parallelism"), QString(),
        [](const S& s) { return s.pipeline.sourceParallelism; },
        [](S& s, qint64 v) { s.pipeline.sourceParallelism = int(v); });

    addGroup(tr("Window"));
    addBool(
        QStringLiteral("keyed"), tr("keyBy (off: windowAll)"),
        [](const S& s) { return s.pipeline.window.keyBy.has_value(); },
        [](S& s, bool v) {
            if (v)
                s.pipeline.window.keyBy = std::string("key");
            else
                s.pipeline.window.keyBy.reset();
        });
    addEnum(
        QStringLiteral("assigner"), tr("Assigner"),
        {tr("tumbling"), tr("sliding"), tr("session"), tr("global"), tr("cumulate (Flink SQL)")},
        [](const S& s) { return int(s.pipeline.window.assigner.type); },
        [](S& s, int v) {
            // no value is corrected behind the user's back: a cumulate window without a step that divides its
            // size is refused with the rule table's words, on the step's field
            s.pipeline.window.assigner.type = AssignerSpec::Type(v);
        });
    addEnum(
        QStringLiteral("timeDomain"), tr("Time"), {tr("event time"), tr("processing time")},
        [](const S& s) { return int(s.pipeline.window.assigner.timeDomain); },
        [](S& s, int v) { s.pipeline.window.assigner.timeDomain = TimeDomain(v); });
    addNumber(
        QStringLiteral("size"), tr("Size"), tr(" ms"), [](const S& s) { return s.pipeline.window.assigner.sizeMs; },
        [](S& s, qint64 v) { s.pipeline.window.assigner.sizeMs = v; });
    addNumber(
        QStringLiteral("slide"), tr("Slide (sliding)"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.assigner.slideMs; },
        [](S& s, qint64 v) { s.pipeline.window.assigner.slideMs = v; });
    addNumber(
        QStringLiteral("step"), tr("Step (cumulate)"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.assigner.stepMs; },
        [](S& s, qint64 v) { s.pipeline.window.assigner.stepMs = v; });
    addNumber(
        QStringLiteral("offset"), tr("Offset"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.assigner.offsetMs; },
        [](S& s, qint64 v) { s.pipeline.window.assigner.offsetMs = v; });
    addNumber(
        QStringLiteral("gap"), tr("Gap (session)"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.assigner.gapMs; },
        [](S& s, qint64 v) { s.pipeline.window.assigner.gapMs = v; });
    addEnum(
        QStringLiteral("trigger"), tr("Trigger"),
        {tr("the assigner's default"), tr("EventTimeTrigger"), tr("ProcessingTimeTrigger"), tr("CountTrigger"),
            tr("ContinuousEventTimeTrigger"), tr("never"), tr("end of stream")},
        [](const S& s) { return int(s.pipeline.window.trigger.type); },
        [](S& s, int v) { s.pipeline.window.trigger.type = TriggerSpec::Type(v); });
    addNumber(
        QStringLiteral("triggerCount"), tr("Count (CountTrigger)"), QString(),
        [](const S& s) { return s.pipeline.window.trigger.count; },
        [](S& s, qint64 v) { s.pipeline.window.trigger.count = v; });
    addNumber(
        QStringLiteral("triggerInterval"), tr("Interval (continuous)"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.trigger.intervalMs; },
        [](S& s, qint64 v) { s.pipeline.window.trigger.intervalMs = v; });
    addBool(
        QStringLiteral("purging"), tr("PurgingTrigger"), [](const S& s) { return s.pipeline.window.purging; },
        [](S& s, bool v) { s.pipeline.window.purging = v; });
    addNumber(
        QStringLiteral("allowedLateness"), tr("Allowed lateness"), tr(" ms"),
        [](const S& s) { return s.pipeline.window.allowedLatenessMs; },
        [](S& s, qint64 v) { s.pipeline.window.allowedLatenessMs = v; },
        tr("A window keeps its state until the watermark passes end − 1 ms + this; late records re-fire it"));
    addBool(
        QStringLiteral("sideOutput"), tr("sideOutputLateData"),
        [](const S& s) { return s.pipeline.window.lateSideOutput; },
        [](S& s, bool v) { s.pipeline.window.lateSideOutput = v; });
    addEnum(
        QStringLiteral("evictor"), tr("Evictor"),
        {tr("none"), tr("CountEvictor"), tr("TimeEvictor"), tr("DeltaEvictor")},
        [](const S& s) { return int(s.pipeline.window.evictor.type); },
        [](S& s, int v) { s.pipeline.window.evictor.type = EvictorSpec::Type(v); });
    addEnum(
        QStringLiteral("function"), tr("Function"),
        {tr("count"), tr("sum"), tr("min"), tr("max"), tr("average"), tr("list")},
        [](const S& s) { return int(s.pipeline.window.function.type); },
        [](S& s, int v) { s.pipeline.window.function.type = FunctionSpec::Type(v); });
    addEnum(
        QStringLiteral("functionField"), tr("Function reads"), {tr("value"), tr("timestamp")},
        [](const S& s) { return s.pipeline.window.function.field == "ts" ? 1 : 0; },
        [](S& s, int v) { s.pipeline.window.function.field = v == 1 ? "ts" : "value"; });
    addNumber(
        QStringLiteral("windowParallelism"), tr("Window parallelism"), QString(),
        [](const S& s) { return s.pipeline.window.parallelism; },
        [](S& s, qint64 v) { s.pipeline.window.parallelism = int(v); });
    addEnum(
        QStringLiteral("endOfInput"), tr("End of input"),
        {tr("none (unbounded, like a socket)"), tr("max watermark (bounded)")},
        [](const S& s) { return int(s.pipeline.endOfInput); },
        [](S& s, int v) { s.pipeline.endOfInput = EndOfInput(v); });

    addGroup(tr("Display"));
    addEnum(
        QStringLiteral("timeFormat"), tr("Times as"),
        {tr("epoch milliseconds"), tr("date-time"), tr("relative to the first record"),
            tr("automatic: date-time for epoch milliseconds")},
        [](const S& s) { return int(s.display.timeFormat); },
        [](S& s, int v) { s.display.timeFormat = DisplaySettings::TimeFormat(v); });
    addText(
        QStringLiteral("zone"), tr("Time zone"), [](const S& s) { return QString::fromStdString(s.display.zone); },
        [](S& s, const QString& v) { s.display.zone = v.toStdString(); },
        tr("IANA name such as Asia/Shanghai, or UTC+08:00"));

    setStyleSheet(QStringLiteral("[ruleBroken=\"true\"] { border: 2px solid #c0392b; }"));

    // a new run (another file, an undo) replaces what was being typed
    connect(m_cursor, &TimeCursor::runChanged, this, [this] {
        if (m_pending) {
            m_pending.reset();
            markBroken(nullptr, {});
            m_error->hide();
        }
        reload();
    });
    reload();
}

std::span<const PipelineEditor::FieldOfPath> PipelineEditor::fieldsOfPaths()
{
    static const FieldOfPath fields[] = {
        {"pipeline.source.parallelism", QStringLiteral("sourceParallelism"), false},
        {"pipeline.watermarks.strategy", QStringLiteral("strategy"), false},
        {"pipeline.watermarks.maxOutOfOrdernessMs", QStringLiteral("maxOutOfOrderness"), false},
        {"pipeline.watermarks.periodMs", QStringLiteral("period"), false},
        {"pipeline.watermarks.idlenessMs", QStringLiteral("idleness"), false},
        {"pipeline.watermarks.parallelism", QStringLiteral("parallelism"), false},
        {"pipeline.watermarks.partitioning", QStringLiteral("partitioning"), false},
        {"pipeline.watermarks.firstChannel", QStringLiteral("firstChannel"), false},
        {"pipeline.window.keyBy", QStringLiteral("keyed"), false},
        {"pipeline.window.assigner.sizeMs", QStringLiteral("size"), false},
        {"pipeline.window.assigner.maxSizeMs", QStringLiteral("size"), false},
        {"pipeline.window.assigner.slideMs", QStringLiteral("slide"), true},
        {"pipeline.window.assigner.stepMs", QStringLiteral("step"), true},
        {"pipeline.window.assigner.offsetMs", QStringLiteral("offset"), false},
        {"pipeline.window.assigner.gapMs", QStringLiteral("gap"), true},
        {"pipeline.window.assigner", QStringLiteral("assigner"), false},
        {"pipeline.window.trigger.count", QStringLiteral("triggerCount"), true},
        {"pipeline.window.trigger.intervalMs", QStringLiteral("triggerInterval"), true},
        {"pipeline.window.allowedLatenessMs", QStringLiteral("allowedLateness"), false},
        {"pipeline.window.evictor", QStringLiteral("evictor"), false},
        {"pipeline.window.parallelism", QStringLiteral("windowParallelism"), false},
        {"flinkVersion", QStringLiteral("flinkVersion"), false},
    };
    return fields;
}

QWidget* PipelineEditor::widgetOf(const rules::Violation& v) const
{
    for (const std::string& path : v.paths) {
        // the field itself, else the nearest setting around it (an evictor's count is edited with the evictor)
        std::string_view p = path;
        while (true) {
            for (const FieldOfPath& f : fieldsOfPaths()) {
                if (f.path == p) {
                    if (auto* w = findChild<QWidget*>(f.objectName))
                        return w;
                }
            }
            const auto dot = p.rfind('.');
            if (dot == std::string_view::npos)
                break;
            p = p.substr(0, dot);
        }
    }
    return nullptr;
}

void PipelineEditor::markBroken(QWidget* field, const QString& why)
{
    if (m_broken && m_broken != field) {
        m_broken->setProperty("ruleBroken", false);
        m_broken->setToolTip(m_brokenTip);
        m_broken->style()->polish(m_broken);
    }
    if (field && field != m_broken) {
        m_brokenTip = field->toolTip();
        field->setProperty("ruleBroken", true);
        field->setToolTip(why);
        field->style()->polish(field);
    }
    m_broken = field;
}

void PipelineEditor::addGroup(const QString& title)
{
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this);
    label->setContentsMargins(0, 8, 0, 2);
    m_form->addRow(label);
}

void PipelineEditor::addEnum(const QString& name, const QString& label, const QStringList& items,
    std::function<int(const Scenario&)> get, std::function<void(Scenario&, int)> set, const QString& tip)
{
    auto* box = new QComboBox(this);
    box->setObjectName(name);
    box->addItems(items);
    box->setToolTip(tip);
    const int index = int(m_loaders.size());
    m_loaders.push_back([box, get](const Scenario& s) { box->setCurrentIndex(get(s)); });
    connect(box, &QComboBox::currentIndexChanged, this, [this, index, label, set, box](int v) {
        if (!m_loading)
            commit(index, tr("%1: %2").arg(label, box->itemText(v)), [set, v](Scenario& s) { set(s, v); });
    });
    m_form->addRow(label, box);
}

void PipelineEditor::addNumber(const QString& name, const QString& label, const QString& suffix,
    std::function<qint64(const Scenario&)> get, std::function<void(Scenario&, qint64)> set, const QString& tip)
{
    auto* spin = new QSpinBox(this);
    spin->setObjectName(name);
    // its range is the rule table's (a field a choice may leave unused keeps 0 reachable: a tumbling window's slide)
    const auto field = std::find_if(
        fieldsOfPaths().begin(), fieldsOfPaths().end(), [&name](const FieldOfPath& f) { return f.objectName == name; });
    Q_ASSERT(field != fieldsOfPaths().end());
    setRangeFromRules(spin, field->path, field->mayBeUnused);
    spin->setSuffix(suffix);
    spin->setToolTip(tip);
    spin->setGroupSeparatorShown(true);
    spin->setAccelerated(true);
    const int index = int(m_loaders.size());
    m_loaders.push_back([spin, get](const Scenario& s) { spin->setValue(int(get(s))); });
    connect(spin, &QSpinBox::valueChanged, this, [this, index, label, set, suffix](int v) {
        if (!m_loading)
            commit(index, tr("%1: %2%3").arg(label).arg(v).arg(suffix), [set, v](Scenario& s) { set(s, v); });
    });
    m_form->addRow(label, spin);
}

void PipelineEditor::addBool(const QString& name, const QString& label, std::function<bool(const Scenario&)> get,
    std::function<void(Scenario&, bool)> set, const QString& tip)
{
    auto* check = new QCheckBox(this);
    check->setObjectName(name);
    check->setToolTip(tip);
    const int index = int(m_loaders.size());
    m_loaders.push_back([check, get](const Scenario& s) { check->setChecked(get(s)); });
    connect(check, &QCheckBox::toggled, this, [this, index, label, set](bool v) {
        if (!m_loading)
            commit(index, tr("%1: %2").arg(label, v ? tr("on") : tr("off")), [set, v](Scenario& s) { set(s, v); });
    });
    m_form->addRow(label, check);
}

void PipelineEditor::addText(const QString& name, const QString& label, std::function<QString(const Scenario&)> get,
    std::function<void(Scenario&, const QString&)> set, const QString& tip)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(name);
    edit->setToolTip(tip);
    const int index = int(m_loaders.size());
    m_loaders.push_back([edit, get](const Scenario& s) { edit->setText(get(s)); });
    connect(edit, &QLineEdit::editingFinished, this, [this, index, label, set, edit, get] {
        if (m_loading || edit->text() == get(m_session->scenario()))
            return;
        const QString v = edit->text();
        commit(index, tr("%1: %2").arg(label, v), [set, v](Scenario& s) { set(s, v); });
    });
    m_form->addRow(label, edit);
}

void PipelineEditor::commit(int fieldIndex, const QString& what, const std::function<void(Scenario&)>& change)
{
    if (!m_session->hasRun())
        return;
    // A refused edit stays as it was typed, and the next edit goes on from it: choosing CountTrigger with a count
    // of 0 is refused on the count, and typing a count then applies both. The run keeps the settings in force
    // until a whole set is accepted.
    Scenario after = m_pending ? *m_pending : m_session->scenario();
    change(after);
    QString refusal;
    QWidget* field = nullptr;
    // The rule table first, in the words a scenario file gets; then the run itself (a run too large to record).
    if (const auto broken = rules::validate(after.pipeline)) {
        refusal = QString::fromStdString(broken->message);
        field = widgetOf(*broken);
    } else {
        m_pending.reset();
        m_lastError->clear();
        Session* session = m_session;
        m_undo->push(new ScenarioEditCommand(
            [session](const ChainSettings& s) { return session->setSettings(s.pipeline, s.display); },
            {m_session->scenario().pipeline, m_session->scenario().display}, {after.pipeline, after.display}, what,
            fieldIndex, m_lastError));
        // push() ran redo(): the simulation has re-run, unless the run refused the settings (the command was
        // dropped then)
        if (m_lastError->isEmpty()) {
            markBroken(nullptr, {});
            m_error->hide();
            return;
        }
        refusal = *m_lastError;
    }
    m_pending = std::move(after);
    m_error->setText(tr("Not applied: %1").arg(refusal));
    m_error->show();
    markBroken(field, refusal);
}

bool PipelineEditor::setFieldValue(const QString& objectName, const QVariant& value)
{
    if (auto* spin = findChild<QSpinBox*>(objectName)) {
        spin->setValue(value.toInt());
        return true;
    }
    if (auto* box = findChild<QComboBox*>(objectName)) {
        box->setCurrentIndex(value.toInt());
        return true;
    }
    if (auto* check = findChild<QCheckBox*>(objectName)) {
        check->setChecked(value.toBool());
        return true;
    }
    if (auto* edit = findChild<QLineEdit*>(objectName)) {
        edit->setText(value.toString());
        Q_EMIT edit->editingFinished();
        return true;
    }
    return false;
}

void PipelineEditor::reload()
{
    if (!m_session->hasRun())
        return;
    m_loading = true; // reflecting the scenario is not an edit
    for (const auto& load : m_loaders)
        load(m_session->scenario());
    m_loading = false;
}

} // namespace tidemark::app
