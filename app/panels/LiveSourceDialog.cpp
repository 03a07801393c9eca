#include "app/panels/LiveSourceDialog.h"

#include "engine/core/Keys.h"
#include "engine/io/EventFile.h"
#include "engine/live/KafkaSource.h"
#include "engine/live/LiveSource.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tidemark::app {

namespace {

QString fieldText(const FieldRef& f)
{
    if (f.isIndex())
        return LiveSourceDialog::tr("column %1").arg(f.index);
    return LiveSourceDialog::tr("“%1”").arg(QString::fromStdString(f.name));
}

} // namespace

QString describeLineSpec(const InputFileSpec& spec)
{
    const QString format = spec.format == InputFileSpec::Format::Jsonl ? LiveSourceDialog::tr("JSON lines")
        : spec.format == InputFileSpec::Format::Text                   ? LiveSourceDialog::tr("text columns")
                                                                       : LiveSourceDialog::tr("CSV");
    QStringList parts;
    parts << LiveSourceDialog::tr("ts in %1").arg(fieldText(spec.ts));
    if (!spec.key.empty()) {
        QStringList keys;
        for (const FieldRef& k : spec.key)
            keys << fieldText(k);
        parts << LiveSourceDialog::tr("key in %1").arg(keys.join(QStringLiteral(" + ")));
    }
    if (spec.value)
        parts << LiveSourceDialog::tr("value in %1").arg(fieldText(*spec.value));
    if (spec.channel)
        parts << LiveSourceDialog::tr("channel in %1").arg(fieldText(*spec.channel));
    return LiveSourceDialog::tr("%1: %2").arg(format, parts.join(QStringLiteral(", ")));
}

void addTryRow(QFormLayout* form, QWidget* parent, const QString& label, const QString& placeholder,
    const QString& objectName, QLineEdit*& edit, QLabel*& result)
{
    edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    result = new QLabel(parent);
    result->setObjectName(QStringLiteral("tryResult"));
    result->setWordWrap(true);
    form->addRow(label, edit);
    form->addRow(QString(), result);
}

void addBadInputRow(QFormLayout* form, QWidget* parent, const QString& label, const QString& lenientText,
    const QString& strictText, bool lenient, QRadioButton*& lenientButton, QRadioButton*& strictButton)
{
    lenientButton = new QRadioButton(lenientText, parent);
    lenientButton->setObjectName(QStringLiteral("lenient"));
    strictButton = new QRadioButton(strictText, parent);
    strictButton->setObjectName(QStringLiteral("strict"));
    auto* group = new QButtonGroup(parent); // apart from any other radio buttons of the dialog
    group->addButton(lenientButton);
    group->addButton(strictButton);
    (lenient ? lenientButton : strictButton)->setChecked(true);
    auto* column = new QVBoxLayout;
    column->addWidget(lenientButton);
    column->addWidget(strictButton);
    form->addRow(label, column);
}

QLabel* errorLabel(QWidget* parent)
{
    auto* error = new QLabel(parent);
    error->setObjectName(QStringLiteral("error"));
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    error->hide();
    return error;
}

QString describeTriedLine(const io::EventLineParser::Outcome& outcome, const KeyTable& keys)
{
    if (outcome.error)
        return QString::fromStdString(outcome.error->toString());
    if (!outcome.record)
        return LiveSourceDialog::tr("a blank or comment line: no record");
    const InputRecord& r = *outcome.record;
    QStringList parts;
    if (r.isWatermark()) {
        parts << LiveSourceDialog::tr("a watermark %1").arg(r.ts);
    } else {
        if (r.key != kNoKey)
            parts << LiveSourceDialog::tr("key %1").arg(QString::fromStdString(keys.name(r.key)));
        parts << LiveSourceDialog::tr("ts %1").arg(r.ts);
        if (r.hasValue)
            parts << LiveSourceDialog::tr("value %1").arg(r.value);
    }
    return parts.join(QStringLiteral(" · "));
}

QString LiveSourceRequest::endpoint() const
{
    live::Endpoint e {host.toStdString(), static_cast<std::uint16_t>(port)};
    return QString::fromStdString(e.toString());
}

InputFileSpec LiveSourceRequest::kafkaSpec() const
{
    InputFileSpec spec = live::KafkaSource::recordSpec();
    if (!tsField.trimmed().isEmpty())
        spec.ts.name = tsField.trimmed().toStdString();
    if (!keyField.trimmed().isEmpty())
        spec.key = {FieldRef {-1, keyField.trimmed().toStdString()}};
    if (!valueField.trimmed().isEmpty())
        spec.value = FieldRef {-1, valueField.trimmed().toStdString()};
    spec.file = "kafka://" + bootstrap.trimmed().toStdString() + "/" + topic.trimmed().toStdString();
    return spec;
}

std::unique_ptr<live::LiveSource> LiveSourceRequest::open(QString* error) const
{
    if (kind == Kind::Kafka) {
        live::KafkaSource::Options options;
        options.bootstrap = bootstrap.trimmed().toStdString();
        options.topic = topic.trimmed().toStdString();
        options.from = start == Start::Latest ? live::KafkaSource::Options::From::Latest
            : start == Start::Timestamp       ? live::KafkaSource::Options::From::Timestamp
                                              : live::KafkaSource::Options::From::Earliest;
        options.fromTimestamp = startTimestamp;
        std::string why;
        auto source = live::KafkaSource::open(options, why);
        if (!source && error)
            *error = QString::fromStdString(why);
        return source;
    }
    const live::Endpoint at {host.trimmed().toStdString(), static_cast<std::uint16_t>(port)};
    if (kind == Kind::Connect) {
        live::SocketSource::Options options;
        options.maxRetries = maxRetries;
        return std::make_unique<live::SocketSource>(at, options);
    }
    std::string why;
    auto source = live::ListenSource::open(at, {}, why);
    if (!source && error)
        *error = QString::fromStdString(why);
    return source;
}

LiveSourceDialog::LiveSourceDialog(
    LiveSourceRequest::Kind kind, const InputFileSpec& lineSpec, const LiveSourceRequest& last, QWidget* parent)
    : QDialog(parent)
    , m_kind(kind)
    , m_spec(lineSpec)
{
    const bool connect = kind == LiveSourceRequest::Kind::Connect;
    setObjectName(connect ? QStringLiteral("connectSocketDialog") : QStringLiteral("listenPortDialog"));
    setWindowTitle(connect ? tr("Connect to Socket") : tr("Listen on Port"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(connect ? tr("Read lines from a server socket, as Flink's socketTextStream(host, port) "
                                          "does: each line is a record, arriving when it is read.")
                                     : tr("Listen on a port, as nc -lk does: every terminal that connects with nc can "
                                          "type lines, and each line is a record, arriving when it is read."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_host = new QLineEdit(connect || last.kind == kind ? last.host : QStringLiteral("127.0.0.1"), this);
    m_host->setObjectName(QStringLiteral("host"));
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("port"));
    m_port->setRange(1, 65535);
    m_port->setValue(last.port);
    if (connect) {
        form->addRow(tr("&Host:"), m_host);
        form->addRow(tr("&Port:"), m_port);
        m_retries = new QSpinBox(this);
        m_retries->setObjectName(QStringLiteral("retries"));
        m_retries->setRange(-1, 1000);
        m_retries->setSpecialValueText(tr("for ever (-1)"));
        m_retries->setValue(int(last.maxRetries));
        m_retries->setToolTip(tr("Flink's maxRetry: after the peer closes, reconnect while fewer closes than this "
                                 "have happened, 500 ms apart. 0: the run ends when the peer closes."));
        form->addRow(tr("&Reconnect (maxRetry):"), m_retries);
    } else {
        m_host->hide();
        m_anyInterface = new QCheckBox(tr("Accept connections from other machines (all interfaces)"), this);
        m_anyInterface->setObjectName(QStringLiteral("anyInterface"));
        m_anyInterface->setChecked(last.kind == kind && last.host == QStringLiteral("0.0.0.0"));
        m_anyInterface->setToolTip(tr("Off: only this machine can connect (127.0.0.1)."));
        form->addRow(tr("&Port:"), m_port);
        form->addRow(QString(), m_anyInterface);
    }
    auto* mapping = new QLabel(describeLineSpec(m_spec), this);
    mapping->setObjectName(QStringLiteral("lineMapping"));
    mapping->setToolTip(tr("As the loaded scenario reads its events. Open an events file first to read lines in "
                           "another format."));
    form->addRow(tr("Each line is read as:"), mapping);
    addTryRow(form, this, tr("&Try a line:"), tr("type a line to see how it is read"), QStringLiteral("tryLine"), m_try,
        m_tryResult);
    addBadInputRow(form, this, tr("Bad lines:"), tr("List bad lines and skip them (lenient)"),
        tr("Stop the run at the first bad line (strict)"), last.lenient, m_lenient, m_strict);
    layout->addLayout(form);

    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("hint"));
    m_hint->setWordWrap(true);
    m_hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_hint);
    m_error = errorLabel(this);
    layout->addWidget(m_error);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(connect ? tr("&Connect") : tr("&Listen"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, this, &LiveSourceDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, this, &LiveSourceDialog::reject);
    layout->addWidget(buttons);

    QObject::connect(m_try, &QLineEdit::textChanged, this, &LiveSourceDialog::updateTry);
    QObject::connect(m_host, &QLineEdit::textChanged, this, &LiveSourceDialog::updateHint);
    QObject::connect(m_port, &QSpinBox::valueChanged, this, &LiveSourceDialog::updateHint);
    if (m_anyInterface)
        QObject::connect(m_anyInterface, &QCheckBox::toggled, this, &LiveSourceDialog::updateHint);
    updateHint();
    updateTry();
}

LiveSourceRequest LiveSourceDialog::request() const
{
    LiveSourceRequest r;
    r.kind = m_kind;
    r.port = m_port->value();
    r.lenient = m_lenient->isChecked();
    if (m_kind == LiveSourceRequest::Kind::Connect) {
        r.host = m_host->text().trimmed();
        r.maxRetries = m_retries->value();
    } else {
        r.host = m_anyInterface->isChecked() ? QStringLiteral("0.0.0.0") : QStringLiteral("127.0.0.1");
    }
    return r;
}

std::unique_ptr<live::LiveSource> LiveSourceDialog::takeSource()
{
    return std::move(m_source);
}

void LiveSourceDialog::updateHint()
{
    const LiveSourceRequest r = request();
    if (m_kind == LiveSourceRequest::Kind::Connect)
        m_hint->setText(tr("The server must be running first, as in the posts: in a terminal, <code>nc -lk %1</code>, "
                           "then type lines there.")
                            .arg(r.port));
    else
        m_hint->setText(tr("Then, in one terminal or several: <code>nc %1 %2</code>, and type lines.")
                            .arg(r.kind == LiveSourceRequest::Kind::Listen && r.host == QStringLiteral("0.0.0.0")
                                    ? tr("THIS-MACHINE")
                                    : QStringLiteral("127.0.0.1"))
                            .arg(r.port));
}

void LiveSourceDialog::updateTry()
{
    const QString line = m_try->text();
    if (line.trimmed().isEmpty()) {
        m_tryResult->setText(QString());
        return;
    }
    KeyTable keys;
    InputFileSpec spec = m_spec;
    spec.header = InputFileSpec::Header::Absent;
    io::EventLineParser parser(tr("line").toStdString(), spec, keys);
    m_tryResult->setText(describeTriedLine(parser.parse(line.toStdString()), keys));
}

QString LiveSourceDialog::tryResult() const
{
    return m_tryResult->text();
}

void LiveSourceDialog::accept()
{
    const LiveSourceRequest r = request();
    if (r.host.isEmpty()) {
        m_error->setText(tr("Give the host to connect to, such as 127.0.0.1 or localhost."));
        m_error->show();
        return;
    }
    QString error;
    m_source = r.open(&error);
    if (!m_source) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace tidemark::app
