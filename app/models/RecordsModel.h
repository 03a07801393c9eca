#pragma once

#include "app/models/TableSelection.h"
#include "engine/player/Trace.h"

#include <QAbstractTableModel>

#include <map>
#include <utility>
#include <vector>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// Every input record with where it went and what happened to it as of the current step, in file order
// (then typed records); rowOf / selectionAt map rows to records for whoever selects. In a job graph, the records of
// the source selected (else the first): when each arrived and on which channel, and whether an operator it reached
// at once dropped it as late or sent it to a late side output.
class RecordsModel : public QAbstractTableModel, public SelectionRows {
    Q_OBJECT

public:
    enum Column { Number, Arrival, Channel, EventTime, Key, Value, Status, ColumnCount };
    enum Role { RecordIndexRole = Qt::UserRole + 1, EventTimeRole, StatusRole };

    RecordsModel(Session* session, TimeCursor* cursor, Theme* theme, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const QAbstractItemModel& rowsModel() const override { return *this; }
    int rowOf(const TimeCursor::Selection& selection) const override;
    TimeCursor::Selection selectionAt(int row) const override;

    static QString statusText(int status);

private:
    void onStepChanged();
    void resetRows();
    // A graph's source shown (its stream; -1 without a graph), and what each of its records met.
    int graphSource() const;
    struct GraphRecord {
        StepIndex arrived = kNoStep;
        int channel = -1;
    };
    // The records an operator put out as late, by row: each such operator, and whether to its side output.
    std::map<int, std::vector<std::pair<int, bool>>> m_graphLates;
    void collectGraphRecords();
    QVariant graphData(const QModelIndex& index, int role) const;
    // The Channel column: a Kafka record's partition and reader ("p1 → 0"), another record's channel (-1: none).
    static QVariant channelCell(const InputRecord& rec, int channel);
    int m_source = -1;
    std::vector<GraphRecord> m_graphRecords;

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    int m_rows = 0;
};

} // namespace tidemark::app
