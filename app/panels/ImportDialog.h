#pragma once

#include "engine/core/Scenario.h"
#include "engine/io/LoadResult.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace tidemark::app {

class EventFileScan;

// Opens an event file (CSV, whitespace text, JSON lines) as a scenario: the format, which field is the key,
// the timestamp and the value, how timestamps are written, whether bad lines are skipped, and the few pipeline
// settings a first look needs. The preview parses the first lines live, so a wrong mapping shows its error
// (line:column) at once, and the lines that do read are shown beside the bad ones; the whole file is read in the
// background with the same mapping, and every bad line in it listed, so that skipping them or stopping at the
// first is chosen before Open. When Open fails the dialog stays open with the error, and nothing typed into it
// is lost.
class ImportDialog : public QDialog {
    Q_OBJECT

public:
    explicit ImportDialog(const QString& path, QWidget* parent = nullptr);

    // Why the file cannot be imported at all (missing, empty, a line over the limit), before the dialog is shown;
    // empty when it can.
    QString refusal() const;
    // The scenario Open built (after the dialog was accepted).
    std::optional<Scenario> takeScenario();
    // The bad lines of the file that the scenario Open built skipped (its Bad lines tab).
    io::SkippedLines takeSkippedLines();
    // Whether the whole file has been read with the mapping as set (its bad lines listed).
    bool scanFinished() const;

    // The event-file description as set in the dialog.
    InputFileSpec spec() const;
    // When records without an arrival field arrive, as set in the dialog.
    ArrivalRule arrivals() const;
    // The whole file with the chosen mapping (as the background read found it, or read now); the error names file,
    // line and column. `skipped` receives the bad lines it skipped.
    std::optional<Scenario> buildScenario(QString* error, io::SkippedLines* skipped = nullptr);
    // What the preview shows: the number of rows parsed, or the error.
    int previewRows() const;
    QString previewError() const;

    // Field setters for tests and callers that know the mapping.
    void setFields(const QString& key, const QString& ts, const QString& value);
    void setSkipBadLines(bool skip);

    // Open: the whole file read with the mapping; on an error the dialog stays, showing it.
    void accept() override;

private:
    void guessMapping();
    void updatePreview();
    void showScan();
    // The pipeline settings of the dialog, on a scenario whose records are read.
    std::optional<Scenario> configured(Scenario s, QString* error) const;

    QString m_path;
    QByteArray m_head; // the first lines of the file, for the preview
    QString m_refusal;
    QString m_guessNote; // what the layout guess rests on, when lines of another shape were set aside
    std::optional<Scenario> m_built;
    io::SkippedLines m_builtSkipped;
    std::optional<InputFileSpec> m_scanSpec; // the mapping the whole file is (being) read with
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
    QComboBox* m_arrivalMode; // records without an arrival field: by spacing, at event time, or all at once
    QSpinBox* m_spacing; // one every this many ms
    QSpinBox* m_speedup; // at event time, this many times faster
    QComboBox* m_function;
    QCheckBox* m_skipBad;
    QPlainTextEdit* m_raw;
    QTableWidget* m_preview;
    QLabel* m_status;
    EventFileScan* m_scan;
    QTimer* m_scanDelay; // the mapping settles for a moment before the whole file is read with it
    QProgressBar* m_scanProgress;
    QLabel* m_scanStatus;
    QListWidget* m_badLines;
    int m_previewRows = 0;
    QString m_previewError;
};

} // namespace tidemark::app
