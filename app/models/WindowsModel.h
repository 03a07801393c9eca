#pragma once

#include "app/models/TableSelection.h"
#include "engine/player/Trace.h"

#include <QAbstractTableModel>

#include <vector>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// The window operator's state at the current step: every window with state, plus the windows that fired
// and have been cleaned up since (so a class still sees what became of them). In a job graph, those of the window
// operator selected (a vertex, or a window of its lanes), else of the graph's first window operator.
class WindowsModel : public QAbstractTableModel, public SelectionRows {
    Q_OBJECT

public:
    enum Column { Key, Window, Subtask, Elements, State, Fires, Cleanup, ColumnCount };
    enum Role { WindowStartRole = Qt::UserRole + 1, WindowEndRole, KeyIdRole, SubtaskRole, StateRole };
    // State column values beyond WindowStatus: the window fired and its state is gone.
    static constexpr int kCleanedUp = 100;

    WindowsModel(Session* session, TimeCursor* cursor, Theme* theme, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int rowOf(int subtask, KeyId key, const TimeWindow& window) const;
    const QAbstractItemModel& rowsModel() const override { return *this; }
    int rowOf(const TimeCursor::Selection& selection) const override;
    TimeCursor::Selection selectionAt(int row) const override;
    static QString stateText(int state);

private:
    struct Row {
        int subtask = 0;
        KeyId key = kNoKey;
        TimeWindow window;
        int state = 0; // WindowStatus or kCleanedUp
        std::size_t elements = 0;
        std::uint32_t fires = 0;
        Timestamp cleanup = kMaxTimestamp;
    };
    void rebuild();
    std::vector<Row> graphRows() const;
    // The graph's window operator the table shows (its stream; -1: the graph has none).
    int graphStream() const;
    // That operator's fired windows over the run, each with the steps it fired at: gathered once per operator.
    struct Fired {
        int subtask = 0;
        KeyId key = kNoKey;
        TimeWindow window;
        std::vector<StepIndex> fires;
    };
    mutable int m_firedOf = -1;
    mutable std::vector<Fired> m_fired;

    Session* m_session;
    TimeCursor* m_cursor;
    int m_stream = -1; // in a graph, the operator shown
    Theme* m_theme;
    std::vector<Row> m_rows;
};

} // namespace tidemark::app
