#pragma once

#include "app/attach/FlinkRest.h"

#include <QDialog>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace tidemark::app {

class FlinkRestClient;

// File ▸ Attach to Flink…: the cluster's REST address, its jobs (listed through the REST API), and the job to
// follow. A bad address, a refused connection or an HTTP error is said in the dialog, which stays open.
class AttachDialog : public QDialog {
    Q_OBJECT

public:
    explicit AttachDialog(QWidget* parent = nullptr);

    QString url() const;
    void setUrl(const QString& url);
    QString jobId() const;
    QString jobName() const;
    // The message under the list (an error, or how many jobs there are).
    QString status() const;
    const std::vector<FlinkJob>& jobs() const { return m_jobs; }

public Q_SLOTS:
    // Reads GET /jobs/overview; the list fills in, or the error shows, when the answer comes.
    void listJobs();

Q_SIGNALS:
    void jobsListed(bool ok);

private:
    void showJobs(const std::vector<FlinkJob>& jobs);
    void showError(const QString& message);
    void updateButtons();

    FlinkRestClient* m_client;
    QLineEdit* m_url;
    QPushButton* m_list;
    QTableWidget* m_table;
    QLabel* m_status;
    QPushButton* m_follow;
    std::vector<FlinkJob> m_jobs;
};

} // namespace tidemark::app
