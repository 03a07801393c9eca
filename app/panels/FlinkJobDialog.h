#pragma once

#include "engine/export/FlinkJob.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace tidemark::app {

class Session;

// File ▸ Export ▸ Flink Job…: the scenario as a runnable Flink job (engine/export, as `tidemark export-job`
// writes it). The user picks the folder and the Flink release; the dialog shows, before anything is written,
// what the job will not reproduce, or why the scenario cannot be said as a job. The job replays the records, or reads
// lines from a socket as the document reads them (a live run's source is offered first). Replacing the project's files
// in a folder that holds them already is asked first; other files there stay.
class FlinkJobDialog : public QDialog {
    Q_OBJECT

public:
    explicit FlinkJobDialog(const Session* session, QWidget* parent = nullptr);

    // The project the current choices make, or nullopt (the reason is shown in the dialog).
    const std::optional<flinkjob::JobProject>& project() const { return m_project; }
    QString folder() const;
    void setFolder(const QString& folder);
    void setRelease(const QString& line); // "1.20" or "2.3"
    // Reads lines from `endpoint` ("localhost:9999") instead of replaying the records; empty: replays them.
    void setSocket(const QString& endpoint);

    // Writes the project into folder(), asking first before replacing its files; false when it was not written
    // (cancelled, or the reason shown). Called by accept().
    bool write();
    // What was said after writing: where, and the commands that build and run it.
    QString writtenMessage() const { return m_written; }

    void accept() override;

private:
    void rebuild();

    const Session* m_session;
    QLineEdit* m_folder;
    QComboBox* m_release;
    QComboBox* m_program; // the DataStream API or Flink SQL
    QComboBox* m_input; // replay the records, or read a socket
    QLineEdit* m_socket; // HOST:PORT of the socket
    QLabel* m_summary;
    QDialogButtonBox* m_buttons;
    std::optional<flinkjob::JobProject> m_project;
    QString m_written;
};

} // namespace tidemark::app
