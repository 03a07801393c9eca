#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTableView;

namespace tidemark::app {

class FlinkRestClient;
class PollHistory;
class PolledWatermarksView;
class Theme;
class WatermarkPoller;
class WebUiWatermarksModel;

// A window following one job of a real cluster (File ▸ Attach to Flink…): its vertices' watermarks over poll
// time, the poll looked at (a slider steps back through the kept polls; the newest is followed until then),
// and the same Web UI table the simulated run shows, filled from the cluster. The poller stops at an error or
// when the job ends; the window keeps what was polled and says why it stopped.
class AttachWindow : public QWidget {
    Q_OBJECT

public:
    AttachWindow(const QString& url, const QString& jobId, const QString& jobName, Theme* theme,
        QWidget* parent = nullptr, int intervalMs = 1000, int capacity = 0);

    PollHistory* history() const { return m_history; }
    WatermarkPoller* poller() const { return m_poller; }
    WebUiWatermarksModel* model() const { return m_model; }
    PolledWatermarksView* chart() const { return m_chart; }
    // What the window says about the connection: polling, the job ended, or the error.
    QString statusText() const;
    // False with `error` when the URL is not a REST address (nothing is polled then).
    bool start(QString* error = nullptr);

private:
    void showCurrent();
    void updateHeader();
    void updateVertices();
    void onStopped(const QString& message, bool error);

    QString m_url;
    QString m_jobId;
    QString m_jobName;
    Theme* m_theme;
    FlinkRestClient* m_client;
    PollHistory* m_history;
    WatermarkPoller* m_poller;
    WebUiWatermarksModel* m_model;
    QLabel* m_header;
    QLabel* m_status;
    QComboBox* m_vertices;
    PolledWatermarksView* m_chart;
    QSlider* m_slider;
    QLabel* m_pollLabel;
    QCheckBox* m_follow;
    QPushButton* m_stop;
    QTableView* m_table;
};

} // namespace tidemark::app
