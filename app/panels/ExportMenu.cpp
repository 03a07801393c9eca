#include "app/panels/ExportMenu.h"

#include "app/timeline/ExportPicture.h"

#include "app/attach/SubmitJobDialog.h"
#include "app/document/OutputExport.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/panels/FlinkJobDialog.h"
#include "app/panels/NarrationPanel.h"
#include "app/timeline/AnimationExport.h"
#include "app/timeline/TimelineImage.h"
#include "app/timeline/TimelineView.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>

namespace tidemark::app {

ExportMenu::ExportMenu(QMainWindow* window, Session* session, TimeCursor* cursor, TimelineView* timeline,
    ExportPicture* graphPicture, Theme* theme)
    : m_window(window)
    , m_session(session)
    , m_timeline(timeline)
    , m_graphPicture(graphPicture)
    , m_cursor(cursor)
    , m_theme(theme)
{
    auto make = [this](const char* name, const QString& text, auto&& slot) {
        auto* a = new QAction(text, m_window);
        a->setObjectName(QString::fromLatin1(name));
        QObject::connect(a, &QAction::triggered, m_window, slot);
        m_window->addAction(a);
    };
    make("exportPng", tr("Timeline as PNG…"), [this] { exportTimeline(false); });
    make("exportSvg", tr("Timeline as SVG…"), [this] { exportTimeline(true); });
    make("exportCsv", tr("Outputs as CSV…"), [this] { exportOutputs(false); });
    make("exportJsonl", tr("Outputs as JSON lines…"), [this] { exportOutputs(true); });
    make("exportAnimation", tr("Animation (HTML Page)…"), [this] { exportAnimation(false); });
    make("exportFrames", tr("Animation Frames (PNG)…"), [this] { exportAnimation(true); });
    make("exportFlinkJob", tr("Flink Job…"), [this] { exportFlinkJob(); });
}

void ExportMenu::addTo(QMenu* menu) const
{
    for (const char* name : {"exportPng", "exportSvg", "exportCsv", "exportJsonl", "", "exportAnimation",
             "exportFrames", "", "exportFlinkJob"}) {
        if (*name == 0)
            menu->addSeparator();
        else
            menu->addAction(m_window->findChild<QAction*>(QString::fromLatin1(name)));
    }
}

bool ExportMenu::exportTimelineTo(const QString& path, bool svg, QString* error) const
{
    return writeTimelineImage(picture(), path, svg ? TimelineImageFormat::Svg : TimelineImageFormat::Png,
        m_session->title(), NarrationPanel::headingFor(*m_session), error);
}

bool ExportMenu::exportOutputsTo(const QString& path, bool jsonl, QString* error) const
{
    return writeOutputs(*m_session, path, jsonl ? OutputExportFormat::JsonLines : OutputExportFormat::Csv, error);
}

ExportPicture& ExportMenu::picture() const
{
    if (m_session->hasGraph())
        return *m_graphPicture;
    return *m_timeline;
}

void ExportMenu::exportTimeline(bool svg) const
{
    const QString path = QFileDialog::getSaveFileName(m_window,
        svg ? tr("Export the timeline as SVG") : tr("Export the timeline as PNG"),
        m_session->suggestedFileName(svg ? QStringLiteral(".svg") : QStringLiteral(".png")),
        svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    QString error;
    if (!path.isEmpty() && !exportTimelineTo(path, svg, &error))
        showError(error);
}

void ExportMenu::exportOutputs(bool jsonl) const
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export the outputs"),
        m_session->suggestedFileName(jsonl ? QStringLiteral(".jsonl") : QStringLiteral(".csv")),
        jsonl ? tr("JSON lines (*.jsonl)") : tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportOutputsTo(path, jsonl, &error))
        showError(error);
}

void ExportMenu::exportAnimation(bool pngFrames) const
{
    if ((!m_session->hasRun() && !m_session->hasGraph()) || !m_cursor)
        return;
    AnimationOptions options;
    options.granularity = m_cursor->granularity();
    options.pixelRatio = m_window->devicePixelRatioF(); // the frames have the screen's pixels
    QString target;
    if (pngFrames) {
        target = QFileDialog::getExistingDirectory(m_window, tr("Export the animation frames into a folder"));
        if (target.isEmpty())
            return;
        if (holdsAnimationFrames(target)) {
            const auto answer = QMessageBox::question(m_window, tr("Replace the frames?"),
                tr("%1 already holds animation frames (frame-*.png, frames.txt). Replace them?")
                    .arg(QDir::toNativeSeparators(target)),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            if (answer != QMessageBox::Yes)
                return;
            options.replaceFrames = true;
        }
    } else {
        target = QFileDialog::getSaveFileName(m_window, tr("Export the animation as an HTML page"),
            m_session->suggestedFileName(QStringLiteral(".html")), tr("HTML pages (*.html *.htm)"));
        if (target.isEmpty())
            return;
    }
    QProgressDialog progress(pngFrames ? tr("Drawing the frames…") : tr("Drawing the animation…"), tr("Cancel"), 0,
        int(animationSteps(*m_session, options.granularity).size()), m_window);
    progress.setWindowTitle(tr("Export"));
    progress.setWindowModality(Qt::WindowModal); // the window cannot change the run while its frames are drawn
    progress.setMinimumDuration(400);
    QElapsedTimer sinceUpdate;
    sinceUpdate.start();
    options.progress = [&progress, &sinceUpdate](int done, int total) {
        // each update lets the window repaint and the Cancel button work: often enough to look alive and
        // answer at once, not at every frame
        if (done == total || sinceUpdate.elapsed() >= 60) {
            progress.setValue(done);
            sinceUpdate.restart();
        }
        return !progress.wasCanceled();
    };
    QString error;
    const AnimationExportResult result = pngFrames ? writeAnimationFrames(picture(), *m_cursor, target, options, &error)
                                                   : writeAnimationPage(picture(), *m_cursor, target, options, &error);
    progress.reset();
    if (result == AnimationExportResult::Failed)
        showError(error);
    else if (result == AnimationExportResult::Written)
        m_window->statusBar()->showMessage(
            (pngFrames ? tr("Animation frames written to %1") : tr("Animation written to %1"))
                .arg(QDir::toNativeSeparators(target)),
            10000);
}

void ExportMenu::exportFlinkJob() const
{
    FlinkJobDialog dialog(m_session, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QMessageBox box(
        QMessageBox::Information, tr("Flink Job Exported"), dialog.writtenMessage(), QMessageBox::Ok, m_window);
    // a KafkaSource job needs the broker's address and the connector on the cluster: its README says how
    QPushButton* submit = nullptr;
    if (dialog.project() && dialog.project()->kafkaTopics.empty()) {
        submit = box.addButton(tr("Build and Run on Cluster…"), QMessageBox::ActionRole);
        submit->setObjectName(QStringLiteral("buildAndRunOnCluster"));
    }
    box.exec();
    if (!submit || box.clickedButton() != submit || !dialog.project())
        return;
    const flinkjob::JobProject& project = *dialog.project();
    SubmitTarget target;
    target.folder = dialog.folder();
    target.jarPath = QString::fromStdString(project.jarPath());
    target.mainClass = QString::fromStdString(project.mainClass);
    target.jobName = QString::fromStdString(project.jobName);
    // not modal: the build takes a while, and the window stays usable meanwhile
    auto* submitDialog = new SubmitJobDialog(target, m_theme, m_window);
    submitDialog->setAttribute(Qt::WA_DeleteOnClose);
    submitDialog->show();
}

void ExportMenu::showError(const QString& error) const
{
    QMessageBox::critical(m_window, tr("Cannot export"), error);
}

} // namespace tidemark::app
