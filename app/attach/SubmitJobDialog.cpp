#include "app/attach/SubmitJobDialog.h"

#include "app/attach/AttachWindow.h"
#include "app/attach/FlinkRestClient.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QVBoxLayout>

namespace tidemark::app {

namespace {
const char* kUrlKey = "attachUrl"; // the address File ▸ Attach to Flink… remembers too

bool running(JobSubmitter::Stage s)
{
    return s == JobSubmitter::Stage::Build || s == JobSubmitter::Stage::Upload || s == JobSubmitter::Stage::Run;
}
} // namespace

SubmitJobDialog::SubmitJobDialog(const SubmitTarget& target, Theme* theme, QWidget* parent)
    : QDialog(parent)
    , m_target(target)
    , m_theme(theme)
    , m_client(new FlinkRestClient(this))
    , m_submitter(new JobSubmitter(m_client, target, this))
    , m_url(new QLineEdit(this))
    , m_steps(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_output(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("submitJobDialog"));
    setWindowTitle(tr("Build and Run on a Flink Cluster"));
    auto* intro = new QLabel(tr("Builds the exported project with Maven, uploads the jar through the cluster's REST "
                                "API and runs it there (its main() runs on the JobManager and reads the records "
                                "packed into the jar), then follows the job's watermarks in a window of its own."),
        this);
    intro->setWordWrap(true);
    m_url->setObjectName(QStringLiteral("submitUrl"));
    m_url->setText(QSettings().value(QString::fromLatin1(kUrlKey), QStringLiteral("http://127.0.0.1:8081")).toString());
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8081"));
    auto* project
        = new QLabel(QStringLiteral("%1 — %2").arg(QDir::toNativeSeparators(target.folder), target.jobName), this);
    project->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* form = new QFormLayout;
    form->addRow(tr("Project:"), project);
    form->addRow(tr("REST address:"), m_url);

    m_steps->setObjectName(QStringLiteral("submitSteps"));
    m_steps->setTextFormat(Qt::RichText);
    m_busy->setObjectName(QStringLiteral("submitBusy"));
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumHeight(8);
    m_busy->setVisible(false);
    m_status->setObjectName(QStringLiteral("submitStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_output->setObjectName(QStringLiteral("buildOutput"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(2000);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setFont(QFont(QStringLiteral("monospace")));
    m_output->setPlaceholderText(tr("Maven's output appears here."));

    auto* buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("&Build and Run"), QDialogButtonBox::AcceptRole);
    m_run->setObjectName(QStringLiteral("buildAndRun"));
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("closeOrCancel"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_steps);
    layout->addWidget(m_busy);
    layout->addWidget(m_status);
    layout->addWidget(m_output, 1);
    layout->addWidget(buttons);
    resize(760, 460);

    connect(m_run, &QPushButton::clicked, this, &SubmitJobDialog::start);
    connect(m_close, &QPushButton::clicked, this, &SubmitJobDialog::reject);
    connect(m_submitter, &JobSubmitter::stageChanged, this, &SubmitJobDialog::onStage);
    connect(m_submitter, &JobSubmitter::buildOutput, this, [this](const QString& line) {
        m_output->appendPlainText(line);
        m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
    });
    connect(m_submitter, &JobSubmitter::submitted, this, &SubmitJobDialog::openAttachWindow);
    showSteps();
}

QString SubmitJobDialog::url() const
{
    return m_url->text().trimmed();
}

void SubmitJobDialog::setUrl(const QString& url)
{
    m_url->setText(url);
}

QString SubmitJobDialog::statusText() const
{
    return m_status->text();
}

bool SubmitJobDialog::start()
{
    if (running(m_submitter->stage()))
        return false;
    QString error;
    if (!m_client->setBaseUrl(url(), &error)) {
        m_status->setText(error);
        return false;
    }
    QSettings().setValue(QString::fromLatin1(kUrlKey), url());
    m_output->clear();
    m_reached = JobSubmitter::Stage::Idle;
    m_submitter->start();
    return true;
}

void SubmitJobDialog::reject()
{
    if (running(m_submitter->stage())) {
        m_submitter->cancel(); // says so, and stays open to show it
        return;
    }
    QDialog::reject();
}

void SubmitJobDialog::onStage(JobSubmitter::Stage stage, const QString& text)
{
    if (running(stage) || stage == JobSubmitter::Stage::Submitted)
        m_reached = stage;
    const bool busy = running(stage);
    m_busy->setVisible(busy);
    m_url->setEnabled(!busy);
    m_run->setEnabled(!busy && stage != JobSubmitter::Stage::Submitted);
    m_run->setText(stage == JobSubmitter::Stage::Failed || stage == JobSubmitter::Stage::Cancelled
            ? tr("&Try Again")
            : tr("&Build and Run"));
    m_close->setText(busy ? tr("Cancel") : tr("Close"));
    m_status->setText(text);
    if (stage == JobSubmitter::Stage::Failed && m_output->document()->isEmpty()
        && m_reached == JobSubmitter::Stage::Build)
        m_output->setPlainText(m_submitter->buildOutputTail());
    showSteps();
}

void SubmitJobDialog::showSteps()
{
    using Stage = JobSubmitter::Stage;
    const Stage now = m_submitter->stage();
    const struct {
        Stage stage;
        QString text;
    } steps[] = {{Stage::Build, tr("Build the project (mvn package)")}, {Stage::Upload, tr("Upload the jar")},
        {Stage::Run, tr("Run it on the cluster")}};
    QStringList lines;
    for (const auto& step : steps) {
        QString mark = QStringLiteral("○");
        if (m_reached == Stage::Submitted || int(step.stage) < int(m_reached))
            mark = QStringLiteral("✓");
        else if (step.stage == m_reached)
            mark = now == Stage::Failed   ? QStringLiteral("✗")
                : now == Stage::Cancelled ? QStringLiteral("–")
                                          : QStringLiteral("▶");
        const bool current = step.stage == m_reached && m_reached != Stage::Submitted;
        lines << QStringLiteral("%1&nbsp;&nbsp;%2%3%4")
                     .arg(mark, current ? QStringLiteral("<b>") : QString(), step.text.toHtmlEscaped(),
                         current ? QStringLiteral("</b>") : QString());
    }
    m_steps->setText(lines.join(QStringLiteral("<br>")));
}

void SubmitJobDialog::openAttachWindow(const QString& jobId)
{
    auto* window = new AttachWindow(m_client->baseUrl().toString(), jobId, m_target.jobName, m_theme, parentWidget());
    m_attachWindow = window;
    window->show();
    window->start(); // a failure is said in the window, which keeps what was polled
    m_status->setText(
        tr("Submitted: job %1 runs on %2, followed in its own window.").arg(jobId, m_client->baseUrl().toString()));
}

} // namespace tidemark::app
