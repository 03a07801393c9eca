#include "app/panels/ExportMenu.h"

#include "app/document/OutputExport.h"
#include "app/document/Session.h"
#include "app/panels/NarrationPanel.h"
#include "app/timeline/TimelineImage.h"

#include <QAction>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>

namespace tidemark::app {

ExportMenu::ExportMenu(QMainWindow* window, Session* session, TimelineView* timeline)
    : m_window(window)
    , m_session(session)
    , m_timeline(timeline)
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
}

void ExportMenu::addTo(QMenu* menu) const
{
    for (const char* name : {"exportPng", "exportSvg", "exportCsv", "exportJsonl"})
        menu->addAction(m_window->findChild<QAction*>(QString::fromLatin1(name)));
}

bool ExportMenu::exportTimelineTo(const QString& path, bool svg, QString* error) const
{
    return writeTimelineImage(*m_timeline, path, svg ? TimelineImageFormat::Svg : TimelineImageFormat::Png,
        m_session->title(), NarrationPanel::headingFor(*m_session), error);
}

bool ExportMenu::exportOutputsTo(const QString& path, bool jsonl, QString* error) const
{
    return writeOutputs(*m_session, path, jsonl ? OutputExportFormat::JsonLines : OutputExportFormat::Csv, error);
}

void ExportMenu::exportTimeline(bool svg) const
{
    const QString path = QFileDialog::getSaveFileName(m_window,
        svg ? tr("Export the timeline as SVG") : tr("Export the timeline as PNG"),
        m_session->title() + (svg ? QStringLiteral(".svg") : QStringLiteral(".png")),
        svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    QString error;
    if (!path.isEmpty() && !exportTimelineTo(path, svg, &error))
        showError(error);
}

void ExportMenu::exportOutputs(bool jsonl) const
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export the outputs"),
        m_session->title() + (jsonl ? QStringLiteral(".jsonl") : QStringLiteral(".csv")),
        jsonl ? tr("JSON lines (*.jsonl)") : tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportOutputsTo(path, jsonl, &error))
        showError(error);
}

void ExportMenu::showError(const QString& error) const
{
    QMessageBox::critical(m_window, tr("Cannot export"), error);
}

} // namespace tidemark::app
