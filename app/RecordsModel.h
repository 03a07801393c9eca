#pragma once

#include "engine/player/Trace.h"

#include <QAbstractTableModel>

namespace tidemark::app {

class Session;
class Theme;
class TimeCursor;

// Every input record with where it went and what happened to it as of the current step.
// Row = record index (file order, then typed records), so other views select by record index.
class RecordsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Number, Arrival, Channel, EventTime, Key, Value, Status, ColumnCount };
    enum Role { RecordIndexRole = Qt::UserRole + 1, EventTimeRole, StatusRole };

    RecordsModel(Session* session, TimeCursor* cursor, Theme* theme, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(int status);

private:
    void onStepChanged();

    Session* m_session;
    TimeCursor* m_cursor;
    Theme* m_theme;
    int m_rows = 0;
};

} // namespace tidemark::app
