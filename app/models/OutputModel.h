#pragma once

#include "engine/player/Trace.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

namespace tidemark::app {

class FlinkVerification;
class Session;
class Theme;
class TimeCursor;

// What the job has printed up to the current step: the window results as Flink's print() shows them
// ("N> (key,result)"), or the late records (side output and dropped ones, "N> late (key,value)"), in the
// very text `tidemark run --format text` starts its lines with. Rows grow and shrink with the step, as
// inserts/removes so that views keep their scroll position.
class OutputModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum class Kind { Results, LateRecords };
    // Flink: whether Flink agreed with the line (Verify with Flink), empty until it has been asked; beside the step,
    // so that a narrow dock still shows it.
    enum Column { Step, Flink, Printed, Window, Timing, Watermark, ColumnCount };
    enum Role { StepRole = Qt::UserRole + 1 };

    OutputModel(Kind kind, Session* session, TimeCursor* cursor, Theme* theme, QObject* parent = nullptr);
    // The answer of Verify with Flink to show in the Flink column (none by default).
    void setVerification(const FlinkVerification* verification);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The printed text of a row, exactly as `tidemark run --format text` prints it (output::printedFire/printedLate).
    QString printedLine(int row) const;

private:
    int countAtCurrentStep() const;
    // A job graph's outputs of this model's kind (results; late and dropped records), by index in its run.
    void collectGraphOutputs();
    QVariant graphData(const QModelIndex& index, int role) const;
    void onStepChanged();

    Kind m_kind;
    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    const FlinkVerification* m_verification = nullptr;
    int m_rows = 0;
    std::vector<std::uint32_t> m_graphOutputs;
};

} // namespace tidemark::app
