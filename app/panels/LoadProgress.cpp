#include "app/panels/LoadProgress.h"

#include "app/document/RunLoader.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTimer>
#include <QToolButton>

namespace tidemark::app {

namespace {
constexpr int kShowAfterMs = 250;
}

LoadProgress::LoadProgress(RunLoader* loader, QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
    , m_showLater(new QTimer(this))
{
    setObjectName(QStringLiteral("loadProgress"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setRange(0, 100);
    m_bar->setFixedWidth(160);
    m_cancel->setObjectName(QStringLiteral("cancelLoad"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading; the run shown stays"));
    m_showLater->setSingleShot(true);
    m_showLater->setInterval(kShowAfterMs);
    connect(m_showLater, &QTimer::timeout, this, &QWidget::show);
    connect(m_cancel, &QToolButton::clicked, loader, &RunLoader::cancel);
    connect(loader, &RunLoader::started, this, &LoadProgress::begin);
    connect(loader, &RunLoader::progressChanged, this, &LoadProgress::update);
    connect(loader, &RunLoader::loaded, this, &LoadProgress::end);
    connect(loader, &RunLoader::failed, this, &LoadProgress::end);
    connect(loader, &RunLoader::cancelled, this, &LoadProgress::end);
    hide();
}

void LoadProgress::begin(const QString& fileName)
{
    update(tr("Opening %1").arg(fileName), 0);
    m_showLater->start();
}

void LoadProgress::update(const QString& what, int percent)
{
    m_label->setText(what);
    m_bar->setValue(percent);
}

void LoadProgress::end()
{
    m_showLater->stop();
    hide();
}

} // namespace tidemark::app
