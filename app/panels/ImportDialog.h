#pragma once

#include "engine/core/Scenario.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace tidemark::app {

// Opens an event file (CSV, whitespace text, JSON lines) as a scenario: the format, which field is the key,
// the timestamp and the value, how timestamps are written, and the few pipeline settings a first look
// needs. The preview parses the first lines live, so a wrong mapping shows its error (line:column) at once.
class ImportDialog : public QDialog {
    Q_OBJECT

public:
    explicit ImportDialog(const QString& path, QWidget* parent = nullptr);

    // The event-file description as set in the dialog.
    InputFileSpec spec() const;
    // Reads the whole file with the chosen mapping; the error names file, line and column.
    std::optional<Scenario> buildScenario(QString* error) const;
    // What the preview shows: the number of rows parsed, or the error.
    int previewRows() const;
    QString previewError() const;

    // Field setters for tests and callers that know the mapping.
    void setFields(const QString& key, const QString& ts, const QString& value);

private:
    void guessMapping();
    void updatePreview();

    QString m_path;
    QByteArray m_head; // the first lines of the file, for the preview
    QComboBox* m_format;
    QLineEdit* m_delimiter;
    QComboBox* m_header;
    QLineEdit* m_key;
    QLineEdit* m_ts;
    QLineEdit* m_value;
    QLineEdit* m_arrival;
    QLineEdit* m_channel;
    QComboBox* m_unit;
    QLineEdit* m_pattern;
    QLineEdit* m_zone;
    QSpinBox* m_delay;
    QSpinBox* m_size;
    QSpinBox* m_lateness;
    QSpinBox* m_parallelism;
    QComboBox* m_function;
    QPlainTextEdit* m_raw;
    QTableWidget* m_preview;
    QLabel* m_status;
    int m_previewRows = 0;
    QString m_previewError;
};

} // namespace tidemark::app
