#pragma once

#include "app/attach/AttachWindow.h"
#include "app/attach/JobSubmitter.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace tidemark::app {

class FlinkRestClient;
class Theme;

// File ▸ Export ▸ Flink Job… ▸ Build and Run on Cluster…: the exported project built, uploaded and run on a cluster
// through its REST API (JobSubmitter), each step ticked off as it is done and Maven's output shown as it comes; on
// success the job is followed in an AttachWindow. The dialog is not modal and the work is asynchronous, so the
// main window stays usable; Cancel stops the build or gives up the request under way.
class SubmitJobDialog : public QDialog {
    Q_OBJECT

public:
    SubmitJobDialog(const SubmitTarget& target, Theme* theme, QWidget* parent = nullptr);

    QString url() const;
    void setUrl(const QString& url);
    JobSubmitter* submitter() const { return m_submitter; }
    // The window following the submitted job, once there is one.
    AttachWindow* attachWindow() const { return m_attachWindow; }
    QString statusText() const;

public Q_SLOTS:
    // Builds, uploads and runs; false with the reason shown when the address is not a REST address.
    bool start();

protected:
    void reject() override;

private:
    void onStage(JobSubmitter::Stage stage, const QString& text);
    void showSteps();
    void openAttachWindow(const QString& jobId);

    SubmitTarget m_target;
    Theme* m_theme;
    FlinkRestClient* m_client;
    JobSubmitter* m_submitter;
    QLineEdit* m_url;
    QLabel* m_steps;
    QProgressBar* m_busy;
    QLabel* m_status;
    QPlainTextEdit* m_output;
    QPushButton* m_run;
    QPushButton* m_close;
    QPointer<AttachWindow> m_attachWindow;
    JobSubmitter::Stage m_reached = JobSubmitter::Stage::Idle; // the furthest step begun
};

} // namespace tidemark::app
