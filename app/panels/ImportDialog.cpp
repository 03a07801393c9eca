#include "app/panels/ImportDialog.h"

#include "app/document/Loading.h"
#include "app/panels/EventFileScan.h"
#include "app/panels/FieldRules.h"
#include "engine/io/EventFile.h"
#include "engine/io/EventFileHead.h"
#include "engine/io/GuessSpec.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/EventQueue.h"
#include "engine/player/TimeFormat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <utility>

namespace tidemark::app {

namespace {

constexpr int kPreviewLines = 40;
// From this size on, the whole-file read shows its progress (a smaller file is read before it could be seen).
constexpr qint64 kScanProgressBytes = qint64(1) << 20;
const QColor kBadLineColor(0xc0, 0x39, 0x2b);

FieldRef fieldRef(const QString& text)
{
    FieldRef f;
    bool number = false;
    const int index = text.trimmed().toInt(&number);
    if (number && index >= 0)
        f.index = index;
    else
        f.name = text.trimmed().toStdString();
    return f;
}

QString fieldText(const FieldRef& f)
{
    return f.isIndex() ? QString::number(f.index) : QString::fromStdString(f.name);
}

} // namespace

ImportDialog::ImportDialog(const QString& path, QWidget* parent)
    : QDialog(parent)
    , m_path(path)
    , m_format(new QComboBox(this))
    , m_delimiter(new QLineEdit(QStringLiteral(","), this))
    , m_header(new QComboBox(this))
    , m_key(new QLineEdit(this))
    , m_ts(new QLineEdit(this))
    , m_value(new QLineEdit(this))
    , m_arrival(new QLineEdit(this))
    , m_channel(new QLineEdit(this))
    , m_unit(new QComboBox(this))
    , m_pattern(new QLineEdit(this))
    , m_zone(new QLineEdit(QStringLiteral("UTC"), this))
    , m_delay(new QSpinBox(this))
    , m_size(new QSpinBox(this))
    , m_lateness(new QSpinBox(this))
    , m_parallelism(new QSpinBox(this))
    , m_arrivalMode(new QComboBox(this))
    , m_spacing(new QSpinBox(this))
    , m_speedup(new QSpinBox(this))
    , m_function(new QComboBox(this))
    , m_skipBad(new QCheckBox(tr("Skip bad lines (list them, read the rest)"), this))
    , m_raw(new QPlainTextEdit(this))
    , m_preview(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_scan(new EventFileScan(this))
    , m_scanDelay(new QTimer(this))
    , m_scanProgress(new QProgressBar(this))
    , m_scanStatus(new QLabel(this))
    , m_badLines(new QListWidget(this))
{
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    // the first lines only; a file that cannot hold a record is refused here, before anything is guessed from it
    io::EventFileHead head
        = io::readEventFileHead(path.toStdString(), kPreviewLines, QFileInfo(path).fileName().toStdString());
    if (head.refusal)
        m_refusal = QString::fromStdString(head.refusal->toString());
    m_head = QByteArray::fromStdString(head.text);

    m_format->addItems({tr("CSV"), tr("text (fields separated by spaces)"), tr("JSON lines")});
    m_header->addItems({tr("detect"), tr("first line is a header"), tr("no header")});
    m_unit->addItems({tr("milliseconds"), tr("seconds")});
    m_pattern->setPlaceholderText(tr("numbers, or ISO-8601; or a pattern like yyyy-MM-dd HH:mm:ss.SSS"));
    m_key->setToolTip(tr("Column number (from 0) or name; JSON: a field name or dotted path. Empty: windowAll."));
    m_value->setPlaceholderText(tr("optional"));
    m_arrival->setPlaceholderText(tr("optional: processing time of arrival"));
    m_channel->setPlaceholderText(tr("optional: the watermark channel (partition) of each record"));
    for (QSpinBox* spin : {m_delay, m_size, m_lateness}) {
        spin->setRange(0, std::numeric_limits<int>::max());
        spin->setSuffix(tr(" ms"));
        spin->setGroupSeparatorShown(true);
    }
    setRangeFromRules(m_delay, "pipeline.watermarks.maxOutOfOrdernessMs");
    setRangeFromRules(m_size, "pipeline.window.assigner.sizeMs");
    setRangeFromRules(m_lateness, "pipeline.window.allowedLatenessMs");
    setRangeFromRules(m_parallelism, "pipeline.watermarks.parallelism");
    m_parallelism->setObjectName(QStringLiteral("importParallelism"));
    // Records without an arrival field: when they arrive is a choice (ArrivalRule), said in the status below.
    m_arrivalMode->setObjectName(QStringLiteral("importArrivalMode"));
    m_arrivalMode->addItems({tr("one record every"), tr("at their event time"), tr("all at once (a backlog)")});
    m_arrivalMode->setToolTip(
        tr("When the file has no arrival field. One record a second is a class typing into nc; at their event time, "
           "a job reading a live topic as the records are written; all at once, a job started on a backlog (a "
           "topic read from its earliest offset, a bounded file), read before the first periodic watermark"));
    m_spacing->setObjectName(QStringLiteral("importArrivalSpacing"));
    m_spacing->setRange(1, 3'600'000);
    m_spacing->setSuffix(tr(" ms"));
    m_spacing->setGroupSeparatorShown(true);
    m_spacing->setValue(int(ArrivalRule::kDefaultSpacingMs));
    m_speedup->setObjectName(QStringLiteral("importArrivalSpeedup"));
    m_speedup->setRange(1, 1'000'000);
    m_speedup->setPrefix(tr("replayed "));
    m_speedup->setSuffix(tr("× faster"));
    m_speedup->setSpecialValueText(tr("as they happened"));
    m_delay->setValue(0);
    m_size->setValue(5000);
    m_function->addItems({tr("count"), tr("sum"), tr("min"), tr("max"), tr("average"), tr("list")});

    auto* mapping = new QGroupBox(tr("The file"), this);
    auto* mapForm = new QFormLayout(mapping);
    mapForm->addRow(tr("Format"), m_format);
    mapForm->addRow(tr("Delimiter"), m_delimiter);
    mapForm->addRow(tr("Header"), m_header);
    mapForm->addRow(tr("Key field"), m_key);
    mapForm->addRow(tr("Timestamp field"), m_ts);
    mapForm->addRow(tr("Value field"), m_value);
    mapForm->addRow(tr("Arrival field"), m_arrival);
    mapForm->addRow(tr("Channel field"), m_channel);
    auto* arrivals = new QHBoxLayout;
    arrivals->addWidget(m_arrivalMode);
    arrivals->addWidget(m_spacing, 1);
    arrivals->addWidget(m_speedup, 1);
    mapForm->addRow(tr("Without arrival field, records arrive"), arrivals);
    mapForm->addRow(tr("Timestamps in"), m_unit);
    mapForm->addRow(tr("Timestamp pattern"), m_pattern);
    mapForm->addRow(tr("Time zone"), m_zone);
    m_skipBad->setObjectName(QStringLiteral("importSkipBadLines"));
    m_skipBad->setToolTip(tr("Saved in the scenario (\"lenient\"): the lines that do not read are skipped and counted, "
                             "and the rest is played. Unchecked, the first bad line stops the import."));
    mapForm->addRow(m_skipBad);

    auto* pipeline = new QGroupBox(tr("The job"), this);
    auto* pipeForm = new QFormLayout(pipeline);
    pipeForm->addRow(tr("Bounded out-of-orderness"), m_delay);
    pipeForm->addRow(tr("Tumbling window size"), m_size);
    pipeForm->addRow(tr("Allowed lateness"), m_lateness);
    pipeForm->addRow(tr("Parallelism"), m_parallelism);
    pipeForm->addRow(tr("Function"), m_function);
    auto* pipeNote = new QLabel(tr("Everything else can be changed afterwards in the Pipeline panel."), pipeline);
    pipeNote->setWordWrap(true);
    pipeForm->addRow(pipeNote);

    m_raw->setReadOnly(true);
    m_raw->setPlainText(QString::fromUtf8(m_head));
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_raw->setFont(mono);
    m_preview->setObjectName(QStringLiteral("importPreview"));
    m_preview->setColumnCount(6);
    m_preview->setHorizontalHeaderLabels(
        {tr("Line"), tr("Key"), tr("Timestamp (ms)"), tr("Value"), tr("Channel"), tr("Date and time (time zone)")});
    m_preview->horizontalHeader()->setStretchLastSection(true);
    m_preview->verticalHeader()->hide();
    m_preview->verticalHeader()->setDefaultSectionSize(m_preview->fontMetrics().height() + 6);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_status->setObjectName(QStringLiteral("importStatus"));
    m_status->setWordWrap(true);
    m_scanProgress->setObjectName(QStringLiteral("importScanProgress"));
    m_scanProgress->setFormat(tr("Reading the whole file… %p%"));
    m_scanProgress->hide();
    m_scanStatus->setObjectName(QStringLiteral("importScanStatus"));
    m_scanStatus->setWordWrap(true);
    m_badLines->setObjectName(QStringLiteral("importBadLines"));
    m_badLines->setFont(mono);
    m_badLines->setMaximumHeight(6 * m_badLines->fontMetrics().height() + 8);
    m_badLines->hide();
    m_scanDelay->setSingleShot(true);
    m_scanDelay->setInterval(250);
    connect(m_scanDelay, &QTimer::timeout, this, [this] {
        m_scanProgress->setValue(0);
        m_scanProgress->setVisible(QFileInfo(m_path).size() >= kScanProgressBytes);
        m_scan->start(m_path, spec());
    });
    connect(m_scan, &EventFileScan::progressed, m_scanProgress, &QProgressBar::setValue);
    connect(m_scan, &EventFileScan::finished, this, &ImportDialog::showScan);

    auto* left = new QVBoxLayout;
    left->addWidget(mapping);
    left->addWidget(pipeline);
    left->addStretch(1);
    auto* right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("First lines of the file"), this));
    right->addWidget(m_raw, 1);
    right->addWidget(new QLabel(tr("How they are read"), this));
    right->addWidget(m_preview, 2);
    right->addWidget(m_status);
    right->addWidget(m_scanProgress);
    right->addWidget(m_scanStatus);
    right->addWidget(m_badLines);
    auto* columns = new QHBoxLayout;
    columns->addLayout(left);
    columns->addLayout(right, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(columns, 1);
    outer->addWidget(buttons);
    // as large as the preview likes, within the screen (a projector's 1024×768 too)
    const QSize wanted(1100, 640);
    resize(screen() ? wanted.boundedTo(screen()->availableSize() - QSize(24, 48)) : wanted);

    guessMapping();
    for (QLineEdit* e : {m_delimiter, m_key, m_ts, m_value, m_arrival, m_channel, m_pattern, m_zone})
        connect(e, &QLineEdit::textChanged, this, &ImportDialog::updatePreview);
    for (QComboBox* c : {m_format, m_header, m_unit})
        connect(c, &QComboBox::currentIndexChanged, this, &ImportDialog::updatePreview);
    connect(m_skipBad, &QCheckBox::toggled, this, &ImportDialog::updatePreview);
    connect(m_skipBad, &QCheckBox::toggled, this, &ImportDialog::showScan);
    connect(m_arrivalMode, &QComboBox::currentIndexChanged, this, &ImportDialog::updatePreview);
    connect(m_spacing, &QSpinBox::valueChanged, this, &ImportDialog::updatePreview);
    connect(m_speedup, &QSpinBox::valueChanged, this, &ImportDialog::updatePreview);
    updatePreview();
}

QString ImportDialog::refusal() const
{
    return m_refusal;
}

std::optional<Scenario> ImportDialog::takeScenario()
{
    return std::exchange(m_built, std::nullopt);
}

io::SkippedLines ImportDialog::takeSkippedLines()
{
    return std::exchange(m_builtSkipped, {});
}

bool ImportDialog::scanFinished() const
{
    return !m_scanDelay->isActive() && m_scan->resultFor(spec()) != nullptr;
}

void ImportDialog::setSkipBadLines(bool skip)
{
    m_skipBad->setChecked(skip);
}

void ImportDialog::accept()
{
    QString error;
    m_built = buildScenario(&error, &m_builtSkipped);
    if (!m_built) {
        if (!m_skipBad->isChecked())
            error += QLatin1Char('\n') + tr("Check \u201cSkip bad lines\u201d to skip such lines and read the rest.");
        m_status->setText(error);
        m_status->setStyleSheet(QStringLiteral("color: #c0392b;"));
        return; // the dialog stays, with everything typed into it
    }
    QDialog::accept();
}

void ImportDialog::guessMapping()
{
    io::GuessBasis basis;
    const InputFileSpec guess = io::guessInputFileSpec(std::string_view(m_head.constData(), std::size_t(m_head.size())),
        QFileInfo(m_path).fileName().toStdString(), &basis);
    if (basis.setAside > 0) {
        m_guessNote = tr("The layout is guessed from %n line(s) of the same shape", nullptr, int(basis.lines))
            + tr("; %n line(s) of another shape were set aside.", nullptr, int(basis.setAside));
    }
    m_format->setCurrentIndex(int(guess.format));
    m_delimiter->setText(guess.delimiter == '\t' ? QStringLiteral("\\t") : QString(QLatin1Char(guess.delimiter)));
    m_header->setCurrentIndex(int(guess.header));
    m_key->setText(guess.key.empty() ? QString() : fieldText(guess.key.front()));
    m_ts->setText(fieldText(guess.ts));
    m_value->setText(guess.value ? fieldText(*guess.value) : QString());
    m_arrival->setText(guess.arrival ? fieldText(*guess.arrival) : QString());
    m_channel->setText(guess.channel ? fieldText(*guess.channel) : QString());
    m_unit->setCurrentIndex(int(guess.timestamp.unit));
    m_pattern->setText(QString::fromStdString(guess.timestamp.pattern));
    m_zone->setText(
        guess.timestamp.zone.empty() ? QStringLiteral("UTC") : QString::fromStdString(guess.timestamp.zone));
    m_function->setCurrentIndex(int(rules::defaultFunctionFor(guess).type)); // as tidemark run chooses it
}

ArrivalRule ImportDialog::arrivals() const
{
    ArrivalRule rule;
    switch (m_arrivalMode->currentIndex()) {
    case 0:
        rule.spacingMs = m_spacing->value();
        break;
    case 1:
        rule.eventTimeSpeedup = m_speedup->value();
        break;
    default:
        rule.spacingMs = 0;
        break;
    }
    return rule;
}

void ImportDialog::setFields(const QString& key, const QString& ts, const QString& value)
{
    m_key->setText(key);
    m_ts->setText(ts);
    m_value->setText(value);
}

InputFileSpec ImportDialog::spec() const
{
    InputFileSpec spec;
    spec.file = QFileInfo(m_path).fileName().toStdString();
    spec.format = InputFileSpec::Format(m_format->currentIndex());
    spec.header = InputFileSpec::Header(m_header->currentIndex());
    // a tab is hard to type into a line edit and invisible in it: "\t" stands for it
    if (m_delimiter->text() == QLatin1String("\\t"))
        spec.delimiter = '\t';
    else if (!m_delimiter->text().isEmpty())
        spec.delimiter = m_delimiter->text().at(0).toLatin1();
    if (!m_key->text().trimmed().isEmpty())
        spec.key = {fieldRef(m_key->text())};
    spec.ts = fieldRef(m_ts->text());
    if (!m_value->text().trimmed().isEmpty())
        spec.value = fieldRef(m_value->text());
    if (!m_arrival->text().trimmed().isEmpty())
        spec.arrival = fieldRef(m_arrival->text());
    if (!m_channel->text().trimmed().isEmpty())
        spec.channel = fieldRef(m_channel->text());
    spec.timestamp.unit = TimestampFormat::Unit(m_unit->currentIndex());
    spec.timestamp.pattern = m_pattern->text().toStdString();
    // "UTC" is kept, not left empty: ISO-8601 text without an offset needs a zone to be read at all
    spec.timestamp.zone = m_zone->text().trimmed().toStdString();
    return spec;
}

void ImportDialog::updatePreview()
{
    m_delimiter->setEnabled(m_format->currentIndex() == 0);
    m_header->setEnabled(m_format->currentIndex() == 0);
    m_unit->setEnabled(m_pattern->text().isEmpty()); // a pattern reads dates, not numbers in a unit
    const bool madeUpArrivals = m_arrival->text().trimmed().isEmpty();
    m_arrivalMode->setEnabled(madeUpArrivals);
    m_spacing->setEnabled(madeUpArrivals);
    m_speedup->setEnabled(madeUpArrivals);
    m_spacing->setVisible(m_arrivalMode->currentIndex() == 0);
    m_speedup->setVisible(m_arrivalMode->currentIndex() == 1);
    if (m_refusal.isEmpty() && (!m_scanSpec || *m_scanSpec != spec())) {
        // another mapping: the whole file is read again with it once the typing stops
        m_scanSpec = spec();
        m_scanDelay->start();
        m_scanStatus->setText(tr("Reading the whole file…"));
        m_scanStatus->setStyleSheet(QString());
        m_badLines->hide();
    }
    KeyTable keys;
    // the preview reads only the first lines; a cut last line is left out so that it is not reported as bad
    QByteArray head = m_head;
    if (!head.endsWith('\n') && head.contains('\n'))
        head.truncate(head.lastIndexOf('\n') + 1);
    // read leniently, so that the lines that do read are shown beside the bad ones
    io::LoadOptions lenient;
    lenient.lenient = true;
    const auto parsed = io::parseEventText(std::string_view(head.constData(), std::size_t(head.size())),
        QFileInfo(m_path).fileName().toStdString(), spec(), keys, lenient);
    m_preview->setRowCount(0);
    if (!parsed || (parsed.value->records.empty() && !parsed.errors.empty())) {
        m_previewRows = 0;
        m_previewError = errorsText(parsed.errors);
        m_status->setText(m_previewError);
        m_status->setStyleSheet(QStringLiteral("color: #c0392b;"));
        return;
    }
    // The timestamp as a date too, in the zone chosen above, so that a pattern or unit can be checked.
    DisplaySettings display;
    display.timeFormat = DisplaySettings::TimeFormat::DateTime;
    display.zone = m_zone->text().trimmed().isEmpty() ? std::string("UTC") : m_zone->text().trimmed().toStdString();
    const TimeFormatter dates(display);
    const auto& records = parsed.value->records;
    m_previewRows = int(records.size());
    if (records.empty()) {
        m_previewError = tr("There are no records in the first lines of %1.").arg(QFileInfo(m_path).fileName());
        m_status->setText(m_previewError);
        m_status->setStyleSheet(QStringLiteral("color: #c0392b;"));
        return;
    }
    m_previewError.clear();
    // the records and, in red, the lines that do not read, in the file's order
    struct Row {
        std::uint32_t line;
        const InputRecord* record;
        const io::LoadError* error;
    };
    std::vector<Row> rows;
    for (const InputRecord& rec : records)
        rows.push_back({rec.sourceLine, &rec, nullptr});
    for (const io::LoadError& e : parsed.errors)
        rows.push_back({e.where.line, nullptr, &e});
    std::stable_sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) { return x.line < y.line; });
    m_preview->clearSpans();
    m_preview->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const Row& row = rows[std::size_t(r)];
        m_preview->setItem(r, 0, new QTableWidgetItem(QString::number(row.line)));
        if (row.error) {
            auto* why = new QTableWidgetItem(
                tr("column %1: %2").arg(row.error->where.column).arg(QString::fromStdString(row.error->message)));
            why->setToolTip(QString::fromStdString(row.error->toString()));
            for (QTableWidgetItem* item : {m_preview->item(r, 0), why})
                item->setForeground(kBadLineColor);
            m_preview->setItem(r, 1, why);
            m_preview->setSpan(r, 1, 1, m_preview->columnCount() - 1);
            continue;
        }
        const InputRecord& rec = *row.record;
        m_preview->setItem(r, 1,
            new QTableWidgetItem(rec.isWatermark() ? tr("(watermark)")
                    : rec.key == kNoKey            ? QString()
                                                   : QString::fromStdString(keys.name(rec.key))));
        m_preview->setItem(r, 2, new QTableWidgetItem(QString::number(rec.ts)));
        m_preview->setItem(
            r, 3, new QTableWidgetItem(rec.hasValue ? QString::fromStdString(formatNumber(rec.value)) : QString()));
        m_preview->setItem(r, 4,
            new QTableWidgetItem(rec.channel == InputRecord::kNoChannel ? QString() : QString::number(rec.channel)));
        m_preview->setItem(r, 5, new QTableWidgetItem(QString::fromStdString(dates.dateTime(rec.ts))));
    }
    m_preview->resizeColumnsToContents();
    QString status = tr("%n record(s) read from the first lines.", nullptr, m_previewRows);
    if (madeUpArrivals) {
        // made-up processing time: say how much of it the records span, so that a choice is made knowingly
        const ArrivalRule rule = arrivals();
        const QString how = rule.atEventTime()
            ? (rule.eventTimeSpeedup == 1 ? tr("at their event time, as they happened")
                                          : tr("at their event time, replayed %1× faster").arg(rule.eventTimeSpeedup))
            : rule.spacingMs == 0
            ? tr("all at once, at processing time 0 (a backlog)")
            : tr("one record every %1").arg(QString::fromStdString(TimeFormatter::duration(rule.spacingMs)));
        const Timestamp last = ArrivalSchedule(records, rule).lastArrival();
        status += QLatin1Char(' ')
            + tr("They arrive %1; the last at %2 of processing time.")
                  .arg(how, QString::fromStdString(TimeFormatter::duration(last)));
    }
    if (!m_guessNote.isEmpty())
        status += QLatin1Char(' ') + m_guessNote;
    if (!parsed.errors.empty()) {
        status += QLatin1Char(' ')
            + tr("%n of the first lines do(es) not read (in red).", nullptr, int(parsed.skippedLines));
        m_previewError = errorsText(parsed.errors);
    }
    m_status->setText(status);
    m_status->setStyleSheet(QString());
}

void ImportDialog::showScan()
{
    const EventFileScan::Result* scan = m_scan->resultFor(spec());
    if (!scan)
        return; // a later mapping is being read
    m_scanProgress->hide();
    const auto red = QStringLiteral("color: #c0392b;");
    if (!scan->error.isEmpty()) {
        m_scanStatus->setText(tr("The whole file does not read: %1").arg(scan->error));
        m_scanStatus->setStyleSheet(red);
        m_badLines->hide();
        return;
    }
    const auto bad = scan->skipped.count;
    const QString records = QLocale().toString(qulonglong(scan->records.size()));
    QString text = bad == 0 ? tr("The whole file: %1 records, no bad line.").arg(records)
                            : tr("The whole file: %1 records and %n bad line(s):", nullptr, int(bad)).arg(records);
    if (bad > scan->skipped.listed.size())
        text += QLatin1Char(' ') + tr("(the first %1 listed)").arg(scan->skipped.listed.size());
    m_skipBad->setText(bad == 0 ? tr("Skip bad lines (list them, read the rest)")
                                : tr("Skip the %n bad line(s) (read the rest)", nullptr, int(bad)));
    if (bad > 0 && !m_skipBad->isChecked())
        text += QLatin1Char(' ')
            + tr("Open stops at the first, line %1, unless they are skipped.")
                  .arg(scan->skipped.listed.front().where.line);
    m_scanStatus->setText(text);
    m_scanStatus->setStyleSheet(bad > 0 && !m_skipBad->isChecked() ? red : QString());
    m_badLines->clear();
    for (const io::LoadError& e : scan->skipped.listed) {
        auto* item = new QListWidgetItem(QString::fromStdString(e.toString()), m_badLines);
        item->setToolTip(QString::fromStdString(e.toString()) + QLatin1Char('\n')
            + QString::fromUtf8(e.lineText.data(), qsizetype(e.lineText.size())));
    }
    m_badLines->setVisible(bad > 0);
}

int ImportDialog::previewRows() const
{
    return m_previewRows;
}
QString ImportDialog::previewError() const
{
    return m_previewError;
}

std::optional<Scenario> ImportDialog::buildScenario(QString* error, io::SkippedLines* skipped)
{
    Scenario s;
    s.name = QFileInfo(m_path).completeBaseName().toStdString();
    s.inputFile = spec();
    s.lenient = m_skipBad->isChecked();
    s.arrivals = arrivals();
    const auto fail = [error](const QString& why) -> std::optional<Scenario> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    io::SkippedLines skippedHere;
    // the whole file as the background read found it with this mapping, when it has; else it is read now
    if (const EventFileScan::Result* scan = m_scan->resultFor(*s.inputFile)) {
        if (!scan->error.isEmpty())
            return fail(scan->error);
        if (!s.lenient && !scan->skipped.empty())
            return fail(errorsText({scan->skipped.listed.front()})); // where a strict read stops
        EventFileScan::Result taken = *m_scan->takeResultFor(*s.inputFile);
        s.records = std::move(taken.records);
        s.keys = std::move(taken.keys);
        skippedHere = std::move(taken.skipped);
        m_scanSpec.reset(); // taken: a later Open reads the file again
    } else {
        io::LoadOptions load;
        load.lenient = s.lenient;
        load.maxReportedErrors = io::kListedBadLines;
        load.sourceName = QFileInfo(m_path).fileName().toStdString();
        auto loaded = io::loadEventFile(m_path.toStdString(), *s.inputFile, s.keys, load);
        if (!loaded)
            return fail(errorsText(loaded.errors));
        skippedHere = loaded.skipped();
        s.records = std::move(loaded.value->records);
    }
    if (s.records.empty())
        return fail(tr("%1 has no records to play.").arg(QFileInfo(m_path).fileName()));
    std::optional<Scenario> built = configured(std::move(s), error);
    if (built && skipped)
        *skipped = std::move(skippedHere);
    return built;
}

std::optional<Scenario> ImportDialog::configured(Scenario s, QString* error) const
{
    if (s.inputFile->key.empty())
        s.pipeline.window.keyBy.reset();
    s.pipeline.watermarks.maxOutOfOrdernessMs = m_delay->value();
    // env.setParallelism: every operator, the window too unless it is windowAll (one subtask).
    s.pipeline.watermarks.parallelism = m_parallelism->value();
    if (s.pipeline.window.keyBy)
        s.pipeline.window.parallelism = m_parallelism->value();
    if (s.inputFile->channel) {
        // Records name their channel: as many watermark channels as the file uses, at least.
        s.pipeline.watermarks.partitioning = WatermarkConfig::Partitioning::Channel;
        for (const InputRecord& r : s.records)
            s.pipeline.watermarks.parallelism = std::max(s.pipeline.watermarks.parallelism, r.channel + 1);
    }
    s.pipeline.window.assigner.sizeMs = m_size->value();
    s.pipeline.window.allowedLatenessMs = m_lateness->value();
    s.pipeline.window.function.type = FunctionSpec::Type(m_function->currentIndex());
    if (!s.inputFile->value)
        s.pipeline.window.function.field = "ts";
    if (const auto broken = rules::validate(s.pipeline)) {
        // the dialog's fields keep the rule table's ranges, so what is left is a rule across fields (the channels
        // the file names against the largest parallelism)
        if (error)
            *error = QString::fromStdString(
                broken->path() + ": " + broken->message); // the engine's words, as a load error's
        return std::nullopt;
    }
    s.display.timeFormat = DisplaySettings::TimeFormat::DateTime;
    s.display.zone = m_zone->text().trimmed().isEmpty() ? "UTC" : m_zone->text().trimmed().toStdString();
    return s;
}

} // namespace tidemark::app
