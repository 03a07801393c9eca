#include "app/attach/WebUiPanel.h"

#include "app/attach/WebUiWatermarksModel.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace tidemark::app {

WebUiPanel::WebUiPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_cursor(cursor)
    , m_model(new WebUiWatermarksModel(theme, this))
    , m_heading(new QLabel(this))
{
    m_heading->setObjectName(QStringLiteral("webUiHeading"));
    m_heading->setWordWrap(true);
    m_heading->setToolTip(tr("Flink's Web UI ▸ Running Jobs ▸ the job ▸ a vertex ▸ Watermarks lists what "
                             "GET /jobs/:id/vertices/:vid/watermarks answers; the job graph writes the low "
                             "watermark on the vertex."));
    m_view = makeView(m_model, this);
    m_view->setObjectName(QStringLiteral("webUiView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_heading);
    layout->addWidget(m_view, 1);
    m_model->setDateTimeFormat([this](Timestamp t) { return m_session->formatDateTime(t); });
    connect(m_cursor, &TimeCursor::stepChanged, this, &WebUiPanel::refresh);
    connect(m_cursor, &TimeCursor::runChanged, this, &WebUiPanel::refresh);
    connect(m_cursor, &TimeCursor::runExtended, this, &WebUiPanel::refresh);
    refresh();
}

QTableView* WebUiPanel::makeView(WebUiWatermarksModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    view->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    view->setWordWrap(false);
    view->setShowGrid(false);
    // Widths for a number and a date, set once so that stepping does not make the columns jump; Flink's long
    // "No Watermark (Watermarks are only available if EventTime is used)" is cut, whole in its tooltip.
    const QFontMetrics fm = view->fontMetrics();
    view->setColumnWidth(WebUiWatermarksModel::SubTask, fm.horizontalAdvance(QStringLiteral("Low Watermark")) + 20);
    view->setColumnWidth(
        WebUiWatermarksModel::Watermark, fm.horizontalAdvance(QStringLiteral("No Watermark (Wat…")) + 20);
    view->setColumnWidth(
        WebUiWatermarksModel::Datetime, fm.horizontalAdvance(QStringLiteral("2024-01-01 00:00:00.000")) + 20);
    // each vertex's heading row spans the table
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view, model] {
        view->clearSpans();
        for (int row : model->headingRows())
            view->setSpan(row, 0, 1, WebUiWatermarksModel::ColumnCount);
    });
    return view;
}

void WebUiPanel::refresh()
{
    if (!m_session->hasRun() && !m_session->hasGraph()) {
        m_heading->clear();
        m_model->setVertices({});
        return;
    }
    const int step = m_session->currentStep();
    m_heading->setText(tr("At step %1 (%2), Flink's Web UI would show these watermarks:")
                           .arg(step)
                           .arg(Session::formatProcessingTime(m_session->processingTime())));
    m_model->setVertices(m_session->hasGraph()
            ? webUiGraphVerticesAt(m_session->graph().run(), static_cast<StepIndex>(step))
            : webUiVerticesAt(m_session->trace(), m_session->scenario().pipeline, static_cast<StepIndex>(step)));
}

} // namespace tidemark::app
