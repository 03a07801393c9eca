#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;
class WebUiWatermarksModel;

// "What Flink's Web UI would show": at the cursor's step of a simulated run, the Watermarks tab of each vertex
// (webUiVerticesAt), beside the timeline's picture of the same moment, so that what a user sees in production
// can be matched to the picture.
class WebUiPanel : public QWidget {
    Q_OBJECT

public:
    WebUiPanel(Session* session, TimeCursor* cursor, Theme* theme, QWidget* parent = nullptr);

    WebUiWatermarksModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    // A table view laid out for the model: the attach window shows the same table.
    static QTableView* makeView(WebUiWatermarksModel* model, QWidget* parent);

private:
    void refresh();

    Session* m_session;
    TimeCursor* m_cursor;
    WebUiWatermarksModel* m_model;
    QLabel* m_heading;
    QTableView* m_view;
};

} // namespace tidemark::app
