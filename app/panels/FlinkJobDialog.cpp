#include "app/panels/FlinkJobDialog.h"

#include "app/document/Session.h"
#include "engine/export/FlinkSqlJob.h"
#include "engine/io/Installation.h"
#include "engine/live/Endpoint.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tidemark::app {

FlinkJobDialog::FlinkJobDialog(const Session* session, QWidget* parent)
    : QDialog(parent)
    , m_session(session)
    , m_folder(new QLineEdit(this))
    , m_release(new QComboBox(this))
    , m_program(new QComboBox(this))
    , m_input(new QComboBox(this))
    , m_socket(new QLineEdit(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Export as a Flink Job"));
    for (const FlinkVersion line : kSupportedFlinkVersions) {
        const auto release = flinkjob::FlinkRelease::tested(line);
        m_release->addItem(
            tr("Flink %1 (%2)").arg(QString::fromStdString(line.name()), QString::fromStdString(release.version)),
            QString::fromStdString(line.name()));
    }
    m_release->setCurrentIndex(
        m_release->findData(QString::fromStdString(session->scenario().pipeline.flinkVersion.name())));

    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("Project folder:"), folderRow);
    form->addRow(tr("Build against:"), m_release);
    m_program->addItem(tr("DataStream API"));
    m_program->addItem(tr("Flink SQL (window TVF query)"));
    // A cumulate window is SQL's only.
    m_program->setCurrentIndex(session->scenario().pipeline.window.assigner.type == AssignerSpec::Type::Cumulate);
    form->addRow(tr("Program:"), m_program);
    m_input->setObjectName(QStringLiteral("input"));
    m_input->addItem(tr("Replay the records at their arrival times"));
    m_input->addItem(tr("Read lines from a socket (socketTextStream)"));
    m_socket->setPlaceholderText(QStringLiteral("localhost:9999"));
    m_socket->setToolTip(tr("Where the job connects: a server such as nc -lk 9999, or tidemark run --listen PORT "
                            "--forward HOST:PORT, which passes Tidemark's lines on to the job"));
    auto* inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    inputRow->addWidget(m_socket);
    form->addRow(tr("Input:"), inputRow);
    // A live run's socket is the one the job would read too.
    std::string unused;
    const auto liveEndpoint
        = session->hasLiveRun() ? live::Endpoint::parse(session->liveSourceName().toStdString(), unused) : std::nullopt;
    m_socket->setText(
        liveEndpoint ? QString::fromStdString(liveEndpoint->toString()) : QStringLiteral("localhost:9999"));
    m_input->setCurrentIndex(liveEndpoint ? 1 : 0);
    m_socket->setEnabled(liveEndpoint.has_value());
    if (const auto& kafka = session->scenario().pipeline.kafka) {
        // the job reads the scenario's topic, whatever else
        m_input->clear();
        m_input->addItem(tr("Read Kafka topic %1 (KafkaSource)").arg(QString::fromStdString(kafka->topic)));
        m_input->setEnabled(false);
        m_socket->hide();
    }

    auto* intro
        = new QLabel(tr("Writes the scenario as a Maven project whose program, in the DataStream API or in "
                        "Flink SQL, is its pipeline. "
                        "The job replays the records at their arrival times, reads lines from a socket as "
                        "this document reads them, or reads the Kafka topic the scenario reads, and prints what "
                        "the Output dock shows, so that a real Flink can confirm the picture."),
            this);
    intro->setWordWrap(true);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMinimumWidth(520);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_summary, 1);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &FlinkJobDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_release, &QComboBox::currentIndexChanged, this, &FlinkJobDialog::rebuild);
    connect(m_program, &QComboBox::currentIndexChanged, this, &FlinkJobDialog::rebuild);
    connect(m_input, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_socket->setEnabled(index == 1);
        rebuild();
    });
    connect(m_socket, &QLineEdit::textChanged, this, &FlinkJobDialog::rebuild);
    connect(m_folder, &QLineEdit::textChanged, this, &FlinkJobDialog::rebuild);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("The Flink job's project folder"), folder());
        if (!dir.isEmpty())
            m_folder->setText(QDir::toNativeSeparators(dir));
    });

    const QString path = m_session->filePath();
    const QString name = path.isEmpty() ? m_session->title() : QFileInfo(path).fileName();
    m_folder->setText(QDir::toNativeSeparators(
        QDir::home().filePath(QString::fromStdString(flinkjob::artifactIdFor(name.toStdString())))));
    rebuild();
}

QString FlinkJobDialog::folder() const
{
    return QDir::fromNativeSeparators(m_folder->text().trimmed());
}

void FlinkJobDialog::setFolder(const QString& folder)
{
    m_folder->setText(QDir::toNativeSeparators(folder));
}

void FlinkJobDialog::setRelease(const QString& line)
{
    if (const int i = m_release->findData(line); i >= 0)
        m_release->setCurrentIndex(i);
}

void FlinkJobDialog::setSocket(const QString& endpoint)
{
    if (!endpoint.isEmpty())
        m_socket->setText(endpoint);
    m_input->setCurrentIndex(endpoint.isEmpty() ? 0 : 1);
}

void FlinkJobDialog::rebuild()
{
    flinkjob::ExportOptions options;
    std::string error;
    QPushButton* save = m_buttons->button(QDialogButtonBox::Save);
    if (m_input->currentIndex() == 1 && !m_session->scenario().pipeline.kafka) {
        const auto at = live::Endpoint::parse(m_socket->text().trimmed().toStdString(), error);
        if (!at) {
            m_project.reset();
            m_summary->setText(tr("<b>The socket to read:</b> %1").arg(QString::fromStdString(error).toHtmlEscaped()));
            save->setEnabled(false);
            return;
        }
        options.socket = flinkjob::SocketInput {at->host, at->port, m_session->lineSpec()};
    }
    options.release = flinkjob::FlinkRelease::parse(m_release->currentData().toString().toStdString(), error);
    // A scenario from a file is named after it; an example or a new run after its title.
    options.sourceName = QFileInfo(m_session->filePath()).fileName().toStdString();
    if (m_session->filePath().isEmpty())
        options.artifactId = m_session->title().toStdString();
    options.tidemarkVersion = std::string(io::version());
    m_project = m_program->currentIndex() == 1 ? flinkjob::exportSqlJob(m_session->scenario(), options, error)
                                               : flinkjob::exportJob(m_session->scenario(), options, error);
    if (!m_project) {
        m_summary->setText(tr("<b>This scenario cannot be written as a Flink job:</b> %1")
                               .arg(QString::fromStdString(error).toHtmlEscaped()));
        save->setEnabled(false);
        return;
    }
    save->setEnabled(!folder().isEmpty());
    QString text = tr("<p>Build and run it on a local MiniCluster:<br><tt>cd %1 &amp;&amp; mvn package &amp;&amp; "
                      "java -jar %2</tt></p>")
                       .arg(QDir::toNativeSeparators(folder()).toHtmlEscaped(),
                           QString::fromStdString(m_project->jarPath()).toHtmlEscaped());
    if (!m_project->kafkaTopics.empty()) {
        text += tr("<p>It reads Kafka topic %1 at localhost:9092 (<tt>--bootstrap HOST:PORT</tt> for another broker): "
                   "<tt>java -jar %2 --produce</tt> writes the scenario's records into it first.</p>")
                    .arg(QString::fromStdString(m_project->kafkaTopics.front()).toHtmlEscaped(),
                        QString::fromStdString(m_project->jarPath()).toHtmlEscaped());
    }
    if (options.socket) {
        const QString at = QString::fromStdString(options.socket->host + ":" + std::to_string(options.socket->port));
        text += tr("<p>It connects to %1, so start a server there first: <tt>nc -lk %2</tt> and type lines, or "
                   "<tt>tidemark run … --listen PORT --forward %1</tt>, which passes the lines Tidemark reads on to "
                   "the job.</p>")
                    .arg(at.toHtmlEscaped(), QString::number(options.socket->port));
    }
    if (m_project->caveats.empty()) {
        text += tr("<p>It prints the same lines as the Output dock, in the same order.</p>");
    } else {
        text += tr("<p>What the job does not reproduce:</p><ul>");
        for (const std::string& c : m_project->caveats)
            text += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(c).toHtmlEscaped());
        text += QStringLiteral("</ul>");
    }
    m_summary->setText(text);
    // grow with a longer text, so that none of it is cut off; never shrink under the user's hands
    if (layout()) {
        layout()->activate();
        resize(width(), std::max(height(), sizeHint().height()));
    }
}

bool FlinkJobDialog::write()
{
    if (!m_project || folder().isEmpty())
        return false;
    const auto existing = flinkjob::existingFiles(*m_project, folder().toStdString());
    if (!existing.empty()) {
        const auto answer = QMessageBox::question(this, tr("Replace the project's files?"),
            tr("%1 holds %2 of this project's files already (%3). Replace them? Other files in the folder stay.")
                .arg(QDir::toNativeSeparators(folder()))
                .arg(existing.size())
                .arg(QString::fromStdString(existing.front())),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return false;
    }
    std::string error;
    if (!flinkjob::writeProject(*m_project, folder().toStdString(), error)) {
        QMessageBox::critical(this, tr("Cannot export"), QString::fromStdString(error));
        return false;
    }
    m_written
        = tr("Wrote the Flink %1 job %2 to %3.\n\nBuild and run it on a local MiniCluster:\ncd %3 && mvn "
             "package && java -jar %4")
              .arg(QString::fromStdString(m_project->release.version), QString::fromStdString(m_project->mainClass),
                  QDir::toNativeSeparators(folder()), QString::fromStdString(m_project->jarPath()));
    if (!m_project->kafkaTopics.empty())
        m_written += tr("\n\nIt reads Kafka topic %1 at localhost:9092 (--bootstrap HOST:PORT for another broker); "
                        "java -jar %2 --produce writes the scenario's records into it. The README says how to run it "
                        "on a cluster.")
                         .arg(QString::fromStdString(m_project->kafkaTopics.front()),
                             QString::fromStdString(m_project->jarPath()));
    return true;
}

void FlinkJobDialog::accept()
{
    if (write())
        QDialog::accept();
}

} // namespace tidemark::app
