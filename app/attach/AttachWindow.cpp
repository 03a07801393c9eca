#include "app/attach/AttachWindow.h"

#include "app/Theme.h"
#include "app/attach/FlinkRestClient.h"
#include "app/attach/PollHistory.h"
#include "app/attach/PolledWatermarksView.h"
#include "app/attach/WatermarkPoller.h"
#include "app/attach/WebUiPanel.h"
#include "app/attach/WebUiWatermarksModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace tidemark::app {

AttachWindow::AttachWindow(const QString& url, const QString& jobId, const QString& jobName, Theme* theme,
    QWidget* parent, int intervalMs, int capacity)
    : QWidget(parent, Qt::Window)
    , m_url(url)
    , m_jobId(jobId)
    , m_jobName(jobName)
    , m_theme(theme)
    , m_client(new FlinkRestClient(this))
    , m_history(new PollHistory(capacity > 0 ? capacity : PollHistory::kDefaultCapacity, this))
    , m_poller(new WatermarkPoller(m_client, jobId, this))
    , m_model(new WebUiWatermarksModel(theme, this))
    , m_header(new QLabel(this))
    , m_status(new QLabel(this))
    , m_vertices(new QComboBox(this))
    , m_chart(new PolledWatermarksView(m_history, theme, this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_pollLabel(new QLabel(this))
    , m_follow(new QCheckBox(tr("Follow the newest poll"), this))
    , m_stop(new QPushButton(tr("Stop Polling"), this))
{
    setObjectName(QStringLiteral("attachWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("%1 — attached — Tidemark").arg(jobName.isEmpty() ? jobId : jobName));
    m_poller->setIntervalMs(intervalMs);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setObjectName(QStringLiteral("attachStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_vertices->setObjectName(QStringLiteral("vertexChoice"));
    m_vertices->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chart->setObjectName(QStringLiteral("polledChart"));
    m_slider->setObjectName(QStringLiteral("pollSlider"));
    m_slider->setEnabled(false);
    m_follow->setObjectName(QStringLiteral("followNewest"));
    m_follow->setChecked(true);
    m_stop->setObjectName(QStringLiteral("stopPolling"));
    m_model->setDateTimeFormat([](Timestamp t) {
        return t == kMaxTimestamp
            ? QStringLiteral("+∞")
            : QDateTime::fromMSecsSinceEpoch(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    });
    m_table = WebUiPanel::makeView(m_model, this);
    m_table->setObjectName(QStringLiteral("attachTable"));

    auto* back = new QToolButton(this);
    back->setText(tr("◀"));
    back->setToolTip(tr("The poll before"));
    auto* forward = new QToolButton(this);
    forward->setText(tr("▶"));
    forward->setToolTip(tr("The poll after"));
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Vertex:"), this));
    top->addWidget(m_vertices);
    top->addStretch(1);
    top->addWidget(m_stop);
    auto* steps = new QHBoxLayout;
    steps->addWidget(back);
    steps->addWidget(m_slider, 1);
    steps->addWidget(forward);
    steps->addWidget(m_pollLabel);
    steps->addWidget(m_follow);

    auto* upper = new QWidget(this);
    auto* upperLayout = new QVBoxLayout(upper);
    upperLayout->setContentsMargins(0, 0, 0, 0);
    upperLayout->addLayout(top);
    upperLayout->addWidget(m_chart, 1);
    upperLayout->addLayout(steps);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(upper);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    resize(1100, 760);

    connect(m_poller, &WatermarkPoller::sampled, m_history, &PollHistory::append);
    connect(m_poller, &WatermarkPoller::stopped, this, &AttachWindow::onStopped);
    connect(m_history, &PollHistory::appended, this, [this] {
        updateVertices();
        updateHeader();
        const QSignalBlocker block(m_slider); // the slider shows the history; it moves it only when dragged
        m_slider->setRange(0, m_history->size() - 1);
        m_slider->setValue(m_history->current());
        m_slider->setEnabled(m_history->size() > 1);
    });
    connect(m_history, &PollHistory::currentChanged, this, &AttachWindow::showCurrent);
    connect(m_history, &PollHistory::followNewestChanged, m_follow, &QCheckBox::setChecked);
    connect(m_follow, &QCheckBox::toggled, m_history, &PollHistory::setFollowNewest);
    connect(m_slider, &QSlider::valueChanged, m_history, &PollHistory::setCurrent);
    connect(back, &QToolButton::clicked, m_history, [this] { m_history->setCurrent(m_history->current() - 1); });
    connect(forward, &QToolButton::clicked, m_history, [this] { m_history->setCurrent(m_history->current() + 1); });
    connect(m_vertices, &QComboBox::currentIndexChanged, this,
        [this] { m_chart->setVertex(m_vertices->currentData().toString()); });
    connect(m_stop, &QPushButton::clicked, m_poller, &WatermarkPoller::stop);
    updateHeader();
}

bool AttachWindow::start(QString* error)
{
    QString why;
    if (!m_client->setBaseUrl(m_url, &why)) {
        onStopped(why, true);
        if (error)
            *error = why;
        return false;
    }
    m_status->setStyleSheet(QString());
    m_status->setText(
        tr("Polling %1 every %2 s.").arg(m_client->baseUrl().toString()).arg(m_poller->intervalMs() / 1000.0));
    m_poller->start();
    return true;
}

QString AttachWindow::statusText() const
{
    return m_status->text();
}

void AttachWindow::onStopped(const QString& message, bool error)
{
    m_stop->setEnabled(false);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
    m_status->setText(message.isEmpty() ? tr("Polling stopped. What was polled is kept.") : message);
}

void AttachWindow::updateHeader()
{
    const QString job = m_jobName.isEmpty() ? m_jobId : QStringLiteral("%1 (%2)").arg(m_jobName, m_jobId);
    QString text = tr("<b>%1</b> at %2").arg(job.toHtmlEscaped(), m_url.toHtmlEscaped());
    if (!m_history->isEmpty()) {
        text += tr(" · %1 · %n poll(s) made", nullptr, m_history->newest().poll).arg(m_history->newest().jobState);
        text += tr(" · the last %1 polls are kept").arg(m_history->capacity());
        if (m_history->dropped() > 0)
            text += tr(" (%n older one(s) dropped)", nullptr, m_history->dropped());
    }
    m_header->setText(text);
}

void AttachWindow::updateVertices()
{
    const AttachSample& newest = m_history->newest();
    if (m_vertices->count() == int(newest.vertices.size()))
        return; // a job's vertices do not change while it runs
    const QSignalBlocker block(m_vertices);
    m_vertices->clear();
    int preferred = -1;
    for (const WebUiVertex& v : newest.vertices) {
        m_vertices->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(v.name)).arg(v.parallelism),
            QString::fromStdString(v.id));
        // the first vertex whose subtasks report an input watermark: where the min-combine shows
        if (preferred < 0 && webUiHoldingSubtask(v) >= 0 && v.subtasks.size() > 1)
            preferred = m_vertices->count() - 1;
    }
    m_vertices->setCurrentIndex(std::max(0, preferred));
    m_chart->setVertex(m_vertices->currentData().toString());
}

void AttachWindow::showCurrent()
{
    const AttachSample* sample = m_history->currentSample();
    if (!sample)
        return;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_history->current());
    }
    m_pollLabel->setText(
        tr("poll %1 of %2 · %3")
            .arg(sample->poll)
            .arg(m_history->newest().poll)
            .arg(QDateTime::fromMSecsSinceEpoch(sample->wallTimeMs).toString(QStringLiteral("HH:mm:ss.zzz"))));
    m_model->setVertices(sample->vertices);
}

} // namespace tidemark::app
