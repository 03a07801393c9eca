#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QProcess;
class QTimer;

namespace tidemark::app {

class FlinkRestClient;

// What a submission needs of an exported project (engine/export's JobProject, as Qt strings).
struct SubmitTarget {
    QString folder; // the Maven project
    QString jarPath; // "target/<artifactId>.jar", relative to folder
    QString mainClass; // "tidemark.jobs.…Job", the run's entryClass
    QString jobName; // what the job is called on the cluster
};

// Runs an exported Flink job on a cluster, as `tidemark export-job … --submit URL` and File ▸ Export ▸ Flink Job… ▸
// Build and Run on Cluster do: builds the project (`mvn -q -B package`), uploads the jar (`POST /jars/upload`),
// starts it (`POST /jars/:jarid/run`). The program's main() then runs on the JobManager and reads the records
// packed into the jar, so no program arguments are sent. Every step is bounded in time and says what went wrong;
// a cluster without jar submission (HTTP 404) is told so with the `flink run` command that runs the jar instead.
class JobSubmitter : public QObject {
    Q_OBJECT

public:
    enum class Stage { Idle, Build, Upload, Run, Submitted, Failed, Cancelled };
    Q_ENUM(Stage)

    // Uses `client`, whose base URL is the cluster's REST address.
    JobSubmitter(FlinkRestClient* client, const SubmitTarget& target, QObject* parent = nullptr);

    void setOffline(bool offline) { m_offline = offline; } // mvn -o
    void setBuildTimeoutMs(int ms) { m_buildTimeoutMs = ms; }
    // The upload and the run: a cluster takes a while to read a jar and to run main() up to the job's submission.
    void setRequestTimeoutMs(int ms) { m_requestTimeoutMs = ms; }

    Stage stage() const { return m_stage; }
    QString jobId() const { return m_jobId; }
    QString jarId() const { return m_jarId; }
    // The last lines Maven printed (the end of a failed build's output).
    QString buildOutputTail() const;
    // `flink run -m HOST:PORT FOLDER/target/….jar`: how to run the jar where the REST API takes none.
    QString flinkRunCommand() const;

    // The program a missing tool is looked for as; tests point it elsewhere.
    static QString findTool(const QString& name);

public Q_SLOTS:
    void start();
    // Stops the build or gives up the request under way; stage() becomes Cancelled.
    void cancel();

Q_SIGNALS:
    void stageChanged(tidemark::app::JobSubmitter::Stage stage, const QString& text);
    // One line of Maven's output, as it comes.
    void buildOutput(const QString& line);
    void submitted(const QString& jobId);
    void failed(const QString& message);

private:
    void build();
    void upload();
    void run();
    void setStage(Stage stage, const QString& text);
    void fail(const QString& message);
    void readBuildOutput();

    FlinkRestClient* m_client;
    SubmitTarget m_target;
    QProcess* m_maven = nullptr;
    QTimer* m_buildTimer;
    bool m_offline = false;
    int m_buildTimeoutMs = 10 * 60 * 1000;
    int m_requestTimeoutMs = 60 * 1000;
    Stage m_stage = Stage::Idle;
    int m_generation = 0; // answers of a cancelled submission are ignored
    QStringList m_buildLines;
    QByteArray m_partialLine;
    QString m_jarId;
    QString m_jobId;
};

} // namespace tidemark::app
