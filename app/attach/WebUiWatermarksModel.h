#pragma once

#include "engine/player/WebUiWatermarks.h"

#include <QAbstractTableModel>

#include <functional>
#include <vector>

namespace tidemark::app {

class Theme;

// The table of Flink's Web UI ▸ a vertex ▸ Watermarks, for every vertex at once: under a heading row naming the
// vertex, one row per subtask with the columns Flink shows (SubTask, Watermark, Datetime of Watermark Timestamp),
// then the vertex's low watermark as the job graph writes it, and a last column with what Tidemark's picture adds
// (the subtask holding the minimum, idle subtasks, per-input watermarks). A source has one row saying that its tab
// is empty.
// Filled from a simulated run's step (WebUiPanel) or from a poll of a real cluster (AttachWindow).
class WebUiWatermarksModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SubTask, Watermark, Datetime, Picture, ColumnCount };
    // Each vertex: a heading row with its name (the view spans it over every column), then its subtasks and its
    // low watermark, or one row saying that its tab is empty.
    enum class RowKind { Heading, Subtask, LowWatermark, EmptyTab };
    // Qt::UserRole: the row's watermark as a qint64 (invalid when the row has none); the row's vertex name as its
    // tooltip in every column.
    static constexpr int WatermarkRole = Qt::UserRole;
    static constexpr int RowKindRole = Qt::UserRole + 1;

    explicit WebUiWatermarksModel(Theme* theme = nullptr, QObject* parent = nullptr);

    // How the Datetime column writes a watermark (Flink: the browser's local time; a simulation: the scenario's
    // zone). Unset: local time.
    void setDateTimeFormat(std::function<QString(Timestamp)> format);
    void setVertices(std::vector<WebUiVertex> vertices);
    const std::vector<WebUiVertex>& vertices() const { return m_vertices; }
    // The rows that name a vertex (a view spans them over every column).
    std::vector<int> headingRows() const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The Tidemark column's text for a subtask, and for the low-watermark row (also used by `tidemark attach`).
    static QString subtaskNote(const WebUiVertex& vertex, const WebUiSubtask& subtask);
    static QString lowWatermarkNote(const WebUiVertex& vertex);

private:
    struct Row {
        RowKind kind = RowKind::Subtask;
        std::size_t vertex = 0;
        std::size_t subtask = 0;
    };
    QString dateTimeText(Timestamp t) const;

    Theme* m_theme;
    std::function<QString(Timestamp)> m_format;
    std::vector<WebUiVertex> m_vertices;
    std::vector<Row> m_rows;
};

} // namespace tidemark::app
