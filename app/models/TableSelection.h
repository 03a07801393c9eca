#pragma once

#include "app/document/TimeCursor.h"

#include <QObject>

class QAbstractItemModel;
class QAbstractItemView;
class QModelIndex;

namespace tidemark::app {

// A model whose rows stand for things the cursor can select: it maps between its rows and selections
// itself, so no other view assumes that a row is a record index.
class SelectionRows {
public:
    virtual ~SelectionRows() = default;
    // The model whose rows these are (the model itself).
    virtual const QAbstractItemModel& rowsModel() const = 0;
    // The row showing the selection, or -1.
    virtual int rowOf(const TimeCursor::Selection& selection) const = 0;
    // What selecting a row selects.
    virtual TimeCursor::Selection selectionAt(int row) const = 0;
};

// Keeps a table's current row and the cursor's selection in step, both ways, through any proxy models
// between the table and its rows (a sort, a filter): a click on a row selects its thing everywhere, and a
// selection made elsewhere (a click in the timeline) selects and reveals the row.
class TableSelection : public QObject {
    Q_OBJECT

public:
    TableSelection(QAbstractItemView* view, const SelectionRows* rows, TimeCursor* cursor);

private:
    void showSelection();
    void onCurrentChanged(const QModelIndex& current);

    QAbstractItemView* m_view;
    const SelectionRows* m_rows;
    TimeCursor* m_cursor;
    bool m_updating = false;
};

} // namespace tidemark::app
