#include "app/panels/KafkaTopicDialog.h"

#include "engine/core/Keys.h"
#include "engine/io/EventFile.h"
#include "engine/live/KafkaSource.h"

#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace tidemark::app {

KafkaTopicDialog::KafkaTopicDialog(const LiveSourceRequest& last, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("kafkaTopicDialog"));
    setWindowTitle(tr("Open Kafka Topic"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Read every partition of a topic, as Flink's KafkaSource does, and follow it: each "
                                "record arrives when it is read, with its partition, offset, key and timestamp. The "
                                "read ends when you close the source, as a job stopped with flink stop --drain: "
                                "every reader ends then."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_bootstrap = new QLineEdit(last.bootstrap, this);
    m_bootstrap->setObjectName(QStringLiteral("bootstrap"));
    m_bootstrap->setToolTip(tr("bootstrap.servers: HOST:PORT, several separated by commas"));
    form->addRow(tr("&Bootstrap servers:"), m_bootstrap);
    m_topic = new QLineEdit(last.topic, this);
    m_topic->setObjectName(QStringLiteral("topic"));
    form->addRow(tr("&Topic:"), m_topic);
    m_start = new QComboBox(this);
    m_start->setObjectName(QStringLiteral("start"));
    m_start->addItems({tr("earliest offsets"), tr("latest offsets (what comes from now on)"),
        tr("first record at or after a time (epoch ms)")});
    m_start->setCurrentIndex(int(last.start));
    m_startTimestamp = new QLineEdit(QString::number(last.startTimestamp), this);
    m_startTimestamp->setObjectName(QStringLiteral("startTimestamp"));
    m_startTimestamp->setEnabled(last.start == LiveSourceRequest::Start::Timestamp);
    auto* start = new QHBoxLayout;
    start->addWidget(m_start, 2);
    start->addWidget(m_startTimestamp, 1);
    auto* startLabel = new QLabel(tr("&Start from:"), this);
    startLabel->setBuddy(m_start);
    form->addRow(startLabel, start);

    m_tsField = new QLineEdit(last.tsField, this);
    m_tsField->setObjectName(QStringLiteral("tsField"));
    m_tsField->setPlaceholderText(tr("the record's Kafka timestamp"));
    m_tsField->setToolTip(tr("Empty: the record's timestamp (CreateTime or LogAppendTime, as the topic keeps it). "
                             "Else a field of the record: value.time for a JSON value, columns.1 for CSV."));
    form->addRow(tr("Event &time:"), m_tsField);
    m_keyField = new QLineEdit(last.keyField, this);
    m_keyField->setObjectName(QStringLiteral("keyField"));
    m_keyField->setPlaceholderText(tr("the record's key"));
    form->addRow(tr("&Key:"), m_keyField);
    m_valueField = new QLineEdit(last.valueField, this);
    m_valueField->setObjectName(QStringLiteral("valueField"));
    m_valueField->setPlaceholderText(tr("none (value.amount, columns.2, …)"));
    form->addRow(tr("&Value:"), m_valueField);

    m_perPartition = new QRadioButton(tr("per partition, in the source: fromSource(kafkaSource, strategy, …)"), this);
    m_perPartition->setObjectName(QStringLiteral("perPartition"));
    m_afterSource = new QRadioButton(
        tr("after the source: fromSource(…, noWatermarks(), …).assignTimestampsAndWatermarks"), this);
    m_afterSource->setObjectName(QStringLiteral("afterSource"));
    auto* watermarkChoice = new QButtonGroup(this); // (the radio buttons share a parent with the bad-record ones)
    watermarkChoice->addButton(m_perPartition);
    watermarkChoice->addButton(m_afterSource);
    (last.watermarks == KafkaSourceSpec::Watermarks::AfterSource ? m_afterSource : m_perPartition)->setChecked(true);
    auto* watermarks = new QVBoxLayout;
    watermarks->addWidget(m_perPartition);
    watermarks->addWidget(m_afterSource);
    form->addRow(tr("Watermarks:"), watermarks);

    addTryRow(form, this, tr("T&ry a value:"), tr("type a record's value to see how it is read"),
        QStringLiteral("tryRecord"), m_try, m_tryResult);
    addBadInputRow(form, this, tr("Bad records:"), tr("List bad records and skip them (lenient)"),
        tr("Stop the run at the first bad record (strict)"), last.lenient, m_lenient, m_strict);
    layout->addLayout(form);

    m_error = errorLabel(this);
    layout->addWidget(m_error);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Read"));
    connect(buttons, &QDialogButtonBox::accepted, this, &KafkaTopicDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &KafkaTopicDialog::reject);
    layout->addWidget(buttons);

    connect(m_start, &QComboBox::currentIndexChanged, this,
        [this](int index) { m_startTimestamp->setEnabled(index == int(LiveSourceRequest::Start::Timestamp)); });
    for (QLineEdit* e : {m_try, m_tsField, m_keyField, m_valueField})
        connect(e, &QLineEdit::textChanged, this, &KafkaTopicDialog::updateTry);
    updateTry();
    // the broker is most often the last one; the topic is what changes
    (m_bootstrap->text().isEmpty() ? m_bootstrap : m_topic)->setFocus();
}

LiveSourceRequest KafkaTopicDialog::request() const
{
    LiveSourceRequest r;
    r.kind = LiveSourceRequest::Kind::Kafka;
    r.bootstrap = m_bootstrap->text().trimmed();
    r.topic = m_topic->text().trimmed();
    r.start = LiveSourceRequest::Start(m_start->currentIndex());
    r.startTimestamp = m_startTimestamp->text().trimmed().toLongLong();
    r.tsField = m_tsField->text().trimmed();
    r.keyField = m_keyField->text().trimmed();
    r.valueField = m_valueField->text().trimmed();
    r.watermarks = m_afterSource->isChecked() ? KafkaSourceSpec::Watermarks::AfterSource
                                              : KafkaSourceSpec::Watermarks::PerPartition;
    r.lenient = m_lenient->isChecked();
    return r;
}

std::unique_ptr<live::LiveSource> KafkaTopicDialog::takeSource()
{
    return std::move(m_source);
}

// The typed value as a record of partition 0 at offset 0 with key "k" and timestamp 0, read with the mapping.
void KafkaTopicDialog::updateTry()
{
    const QString value = m_try->text();
    if (value.trimmed().isEmpty()) {
        m_tryResult->setText(QString());
        return;
    }
    const std::string line
        = live::KafkaSource::recordLine(0, 0, Timestamp(0), false, std::string("k"), value.toStdString(), ',');
    KeyTable keys;
    io::RecordRules rules;
    rules.partitionLimit = 1;
    io::EventLineParser parser(tr("record").toStdString(), request().kafkaSpec(), keys, rules);
    m_tryResult->setText(describeTriedLine(parser.parse(line), keys));
}

QString KafkaTopicDialog::tryResult() const
{
    return m_tryResult->text();
}

void KafkaTopicDialog::accept()
{
    const LiveSourceRequest r = request();
    if (r.bootstrap.isEmpty() || r.topic.isEmpty()) {
        m_error->setText(tr("Give the bootstrap servers, such as 127.0.0.1:9092, and the topic to read."));
        m_error->show();
        return;
    }
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor); // the broker has a few seconds to answer
    m_source = r.open(&error);
    QApplication::restoreOverrideCursor();
    if (!m_source) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace tidemark::app
