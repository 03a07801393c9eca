#pragma once

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class QProcess;
class QTemporaryDir;

namespace tidemark::app {

class Session;

// Verify with Flink: the run the session holds, played through Apache Flink's own operators (the Flink oracle on
// Java 17, as `tidemark verify` runs it; a job graph through the oracle's --graph, each operator wired in Flink's test
// harness as the graph says), and every fire and late record (a graph's every operator output) marked as agreed or
// not. Shared state like
// the session: the Output dock and the timeline read it. It runs in the background; a new run makes the answer
// stale, so it is dropped.
class FlinkVerification : public QObject {
    Q_OBJECT

public:
    enum class State { None, Running, Done, Failed };
    // Per output of the trace: not checked (no answer yet), agreed with Flink, or not.
    enum class Mark { Unchecked, Agreed, Differs };

    explicit FlinkVerification(Session* session, QObject* parent = nullptr);
    ~FlinkVerification() override;

    State state() const { return m_state; }
    // One line for people: what is running, the summary ("Flink 2.3.0 agrees with all 6 outputs"), or why it
    // could not be checked (no Java, no oracle, a refusal).
    QString summary() const { return m_summary; }
    Mark fireMark(std::size_t fireIndex) const; // index into Trace::fires()
    Mark lateMark(std::size_t lateIndex) const; // index into Trace::lates()
    Mark graphOutputMark(std::size_t outputIndex) const; // index into a job graph's GraphRun::outputs()
    // Done, and Flink agreed with every output and printed nothing else.
    bool agrees() const { return m_state == State::Done && m_agrees; }
    // Flink's output lines that no Tidemark output matched.
    const std::vector<std::string>& flinkOnly() const { return m_flinkOnly; }

    // Starts checking the session's whole run; a check under way is stopped first.
    void start();
    void cancel();

Q_SIGNALS:
    void changed();

private:
    void watchStart();
    void finish();
    void fail(const QString& why);
    void clear();

    Session* m_session;
    QProcess* m_process = nullptr;
    std::unique_ptr<QTemporaryDir> m_dir;
    State m_state = State::None;
    QString m_summary;
    QString m_flinkName;
    std::vector<Mark> m_fires;
    std::vector<Mark> m_lates;
    std::vector<Mark> m_graphOutputs;
    std::vector<std::string> m_flinkOnly;
    bool m_agrees = false;
};

} // namespace tidemark::app
