#include "app/attach/AttachDialog.h"

#include "app/attach/FlinkRestClient.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tidemark::app {

namespace {
const char* kUrlKey = "attachUrl";
}

AttachDialog::AttachDialog(QWidget* parent)
    : QDialog(parent)
    , m_client(new FlinkRestClient(this))
    , m_url(new QLineEdit(this))
    , m_list(new QPushButton(tr("&List Jobs"), this))
    , m_table(new QTableWidget(0, 4, this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("attachDialog"));
    setWindowTitle(tr("Attach to Flink"));
    auto* intro = new QLabel(tr("Follow a running job's watermarks through the cluster's REST API: the address of its "
                                "JobManager (rest.port, 8081 by default), then the job."),
        this);
    intro->setWordWrap(true);
    m_url->setObjectName(QStringLiteral("attachUrl"));
    m_url->setText(QSettings().value(QString::fromLatin1(kUrlKey), QStringLiteral("http://127.0.0.1:8081")).toString());
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8081"));
    m_list->setObjectName(QStringLiteral("listJobs"));
    m_list->setAutoDefault(false);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("REST address:"), this));
    row->addWidget(m_url, 1);
    row->addWidget(m_list);

    m_table->setObjectName(QStringLiteral("jobsTable"));
    m_table->setHorizontalHeaderLabels({tr("Job"), tr("State"), tr("Started"), tr("Job ID")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_status->setObjectName(QStringLiteral("attachStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_follow = buttons->addButton(tr("&Follow the Job"), QDialogButtonBox::AcceptRole);
    m_follow->setObjectName(QStringLiteral("followJob"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(row);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(720, 380);

    connect(m_list, &QPushButton::clicked, this, &AttachDialog::listJobs);
    connect(m_url, &QLineEdit::returnPressed, this, &AttachDialog::listJobs);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &AttachDialog::updateButtons);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this] {
        if (m_follow->isEnabled())
            accept();
    });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings().setValue(QString::fromLatin1(kUrlKey), url());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
}

QString AttachDialog::url() const
{
    return m_url->text().trimmed();
}

void AttachDialog::setUrl(const QString& url)
{
    m_url->setText(url);
}

QString AttachDialog::jobId() const
{
    const int row = m_table->currentRow();
    return row >= 0 && row < int(m_jobs.size()) && m_table->selectionModel()->hasSelection()
        ? m_jobs[std::size_t(row)].id
        : QString();
}

QString AttachDialog::jobName() const
{
    const int row = m_table->currentRow();
    return row >= 0 && row < int(m_jobs.size()) ? m_jobs[std::size_t(row)].name : QString();
}

QString AttachDialog::status() const
{
    return m_status->text();
}

void AttachDialog::listJobs()
{
    QString error;
    if (!m_client->setBaseUrl(url(), &error)) {
        showError(error);
        Q_EMIT jobsListed(false);
        return;
    }
    m_list->setEnabled(false);
    m_status->setStyleSheet(QString());
    m_status->setText(tr("Asking %1 for its jobs…").arg(m_client->baseUrl().toString()));
    m_client->get(QStringLiteral("/jobs/overview"), this, [this](const RestResult& r) {
        m_list->setEnabled(true);
        QString why = r.error;
        const auto jobs = r.ok ? parseJobsOverview(r.body, &why) : std::nullopt;
        if (!jobs) {
            showError(why);
            Q_EMIT jobsListed(false);
            return;
        }
        showJobs(*jobs);
        Q_EMIT jobsListed(true);
    });
}

void AttachDialog::showJobs(const std::vector<FlinkJob>& jobs)
{
    m_jobs = jobs;
    m_table->setRowCount(int(jobs.size()));
    int firstRunning = -1;
    for (int i = 0; i < int(jobs.size()); ++i) {
        const FlinkJob& j = jobs[std::size_t(i)];
        const QStringList cells {j.name, j.state,
            j.startTime > 0
                ? QDateTime::fromMSecsSinceEpoch(j.startTime).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                : QString(),
            j.id};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (j.state != QLatin1String("RUNNING"))
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            m_table->setItem(i, c, item);
        }
        if (firstRunning < 0 && j.state == QLatin1String("RUNNING"))
            firstRunning = i;
    }
    m_table->resizeColumnsToContents();
    if (firstRunning >= 0)
        m_table->selectRow(firstRunning);
    const int running = int(
        std::count_if(jobs.begin(), jobs.end(), [](const FlinkJob& j) { return j.state == QLatin1String("RUNNING"); }));
    m_status->setStyleSheet(QString());
    m_status->setText(jobs.empty()
            ? tr("The cluster has no jobs.")
            : tr("%n job(s), %1 running. Only a running job has watermarks to follow.", nullptr, int(jobs.size()))
                  .arg(running));
    updateButtons();
}

void AttachDialog::showError(const QString& message)
{
    m_jobs.clear();
    m_table->setRowCount(0);
    m_status->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_status->setText(message);
    updateButtons();
}

void AttachDialog::updateButtons()
{
    const int row = m_table->currentRow();
    m_follow->setEnabled(m_table->selectionModel()->hasSelection() && row >= 0 && row < int(m_jobs.size())
        && m_jobs[std::size_t(row)].state == QLatin1String("RUNNING"));
}

} // namespace tidemark::app
