#pragma once

#include "app/panels/LiveSourceDialog.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace tidemark::app {

// File ▸ Open Kafka Topic…: the broker and the topic, where each partition starts, how a record is read (its
// Kafka timestamp and key, or fields of its value), where the watermarks are made, and a record typed as a try,
// read as the run will read it. OK connects (at most a few seconds) and keeps the opened source.
class KafkaTopicDialog : public QDialog {
    Q_OBJECT

public:
    KafkaTopicDialog(const LiveSourceRequest& last, QWidget* parent = nullptr);

    LiveSourceRequest request() const;
    std::unique_ptr<live::LiveSource> takeSource();
    // What the try field reads: "partition 0 · key ana · ts 1000", or the error.
    QString tryResult() const;

    void accept() override;

private:
    void updateTry();

    QLineEdit* m_bootstrap = nullptr;
    QLineEdit* m_topic = nullptr;
    QComboBox* m_start = nullptr;
    QLineEdit* m_startTimestamp = nullptr;
    QLineEdit* m_tsField = nullptr;
    QLineEdit* m_keyField = nullptr;
    QLineEdit* m_valueField = nullptr;
    QRadioButton* m_perPartition = nullptr;
    QRadioButton* m_afterSource = nullptr;
    QRadioButton* m_lenient = nullptr;
    QRadioButton* m_strict = nullptr;
    QLineEdit* m_try = nullptr;
    QLabel* m_tryResult = nullptr;
    QLabel* m_error = nullptr;
    std::unique_ptr<live::LiveSource> m_source;
};

} // namespace tidemark::app
