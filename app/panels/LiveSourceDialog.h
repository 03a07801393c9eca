#pragma once

#include "engine/core/InputFileSpec.h"
#include "engine/core/PipelineConfig.h"
#include "engine/io/EventFile.h"

#include <QDialog>
#include <QString>

#include <memory>

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace tidemark::live {
class LiveSource;
}

namespace tidemark::app {

// Which live source to open, as File ▸ Connect to Socket…, File ▸ Listen on Port… and File ▸ Open Kafka Topic…
// ask for it; kept by the window so that Reconnect opens the same one again.
struct LiveSourceRequest {
    enum class Kind : std::uint8_t { Connect, Listen, Kafka };
    Kind kind = Kind::Connect;
    QString host = QStringLiteral("127.0.0.1");
    int port = 9000;
    qint64 maxRetries = 0; // Connect: socketTextStream's maxRetry (-1 for ever)
    bool lenient = true; // bad lines are listed and skipped; false: the first one stops the run

    // Kafka: the topic, where each partition starts, and how a record is read (live::KafkaSource's JSON line)
    QString bootstrap = QStringLiteral("127.0.0.1:9092");
    QString topic;
    enum class Start : std::uint8_t { Earliest, Latest, Timestamp };
    Start start = Start::Earliest;
    qint64 startTimestamp = 0;
    QString tsField; // empty: the record's Kafka timestamp; else a path such as value.time or columns.1
    QString keyField; // empty: the record's key
    QString valueField; // empty: none
    KafkaSourceSpec::Watermarks watermarks = KafkaSourceSpec::Watermarks::PerPartition;
    // How a Kafka record's line is read.
    InputFileSpec kafkaSpec() const;

    // Opens the source: a listening port is bound now (so that "in use" is known at once), a socket
    // connects on its reader's thread. Null with `error` set when it cannot be opened.
    std::unique_ptr<live::LiveSource> open(QString* error) const;
    // "127.0.0.1:9000"
    QString endpoint() const;
};

// Asks where the live lines come from, shows how each line is read (the loaded scenario's events format and
// fields, or CSV "key,timestamp[,value]"), and reads a line typed as a try with the very parser the run uses.
class LiveSourceDialog : public QDialog {
    Q_OBJECT

public:
    LiveSourceDialog(LiveSourceRequest::Kind kind, const InputFileSpec& lineSpec, const LiveSourceRequest& last,
        QWidget* parent = nullptr);

    LiveSourceRequest request() const;
    // The opened source (after the dialog was accepted).
    std::unique_ptr<live::LiveSource> takeSource();
    // What the try-a-line field reads: "key a · ts 1634091720000", or the error with its column.
    QString tryResult() const;

    void accept() override;

private:
    void updateTry();
    void updateHint();

    LiveSourceRequest::Kind m_kind;
    InputFileSpec m_spec;
    QLineEdit* m_host = nullptr;
    QCheckBox* m_anyInterface = nullptr;
    QSpinBox* m_port = nullptr;
    QSpinBox* m_retries = nullptr;
    QRadioButton* m_lenient = nullptr;
    QRadioButton* m_strict = nullptr;
    QLabel* m_hint = nullptr;
    QLineEdit* m_try = nullptr;
    QLabel* m_tryResult = nullptr;
    QLabel* m_error = nullptr;
    std::unique_ptr<live::LiveSource> m_source;
};

// How a line is read, in words: "text: ts in column 0, key in column 1".
QString describeLineSpec(const InputFileSpec& spec);

// The rows both live-source dialogs have, objects named as the tests find them:
// "Try …" (a line edit "tryLine"/"tryRecord" and its result label "tryResult"),
void addTryRow(QFormLayout* form, QWidget* parent, const QString& label, const QString& placeholder,
    const QString& objectName, QLineEdit*& edit, QLabel*& result);
// the bad-input choice ("lenient" and "strict", one of them checked, in a group of their own),
void addBadInputRow(QFormLayout* form, QWidget* parent, const QString& label, const QString& lenientText,
    const QString& strictText, bool lenient, QRadioButton*& lenientButton, QRadioButton*& strictButton);
// and the hidden error line ("error") under the form.
QLabel* errorLabel(QWidget* parent);

// What a line tried in a dialog reads as: "key a · ts 1634091720000 · value 3", "a watermark 5000", or the error.
QString describeTriedLine(const io::EventLineParser::Outcome& outcome, const KeyTable& keys);

} // namespace tidemark::app
