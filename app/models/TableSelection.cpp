#include "app/models/TableSelection.h"

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QItemSelectionModel>

namespace tidemark::app {

namespace {

// From the rows' own model up through the proxies to the index the view shows, and back.
QModelIndex toView(const QAbstractItemModel* viewModel, const QAbstractItemModel* source, int row)
{
    if (viewModel == source)
        return source->index(row, 0);
    auto* proxy = qobject_cast<const QAbstractProxyModel*>(viewModel);
    if (!proxy)
        return {};
    const QModelIndex below = toView(proxy->sourceModel(), source, row);
    return below.isValid() ? proxy->mapFromSource(below) : QModelIndex();
}

QModelIndex toSource(const QAbstractItemModel* source, const QModelIndex& index)
{
    QModelIndex at = index;
    while (at.isValid() && at.model() != source) {
        auto* proxy = qobject_cast<const QAbstractProxyModel*>(at.model());
        if (!proxy)
            return {};
        at = proxy->mapToSource(at);
    }
    return at;
}

} // namespace

TableSelection::TableSelection(QAbstractItemView* view, const SelectionRows* rows, TimeCursor* cursor)
    : QObject(view)
    , m_view(view)
    , m_rows(rows)
    , m_cursor(cursor)
{
    connect(m_cursor, &TimeCursor::selectionChanged, this, &TableSelection::showSelection);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TableSelection::onCurrentChanged);
    // rows come and go with the step (the windows table): the selected thing keeps its row
    connect(m_view->model(), &QAbstractItemModel::modelReset, this, &TableSelection::showSelection);
    connect(m_view->model(), &QAbstractItemModel::layoutChanged, this, &TableSelection::showSelection);
}

void TableSelection::showSelection()
{
    const int row = m_rows->rowOf(m_cursor->selection());
    const QModelIndex index = row >= 0 ? toView(m_view->model(), &m_rows->rowsModel(), row) : QModelIndex();
    m_updating = true;
    if (index.isValid()) {
        m_view->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_view->scrollTo(index);
    } else {
        m_view->selectionModel()->clear(); // something this table has no row for is selected
    }
    m_updating = false;
}

void TableSelection::onCurrentChanged(const QModelIndex& current)
{
    if (m_updating || !current.isValid())
        return;
    const QModelIndex at = toSource(&m_rows->rowsModel(), current);
    if (at.isValid())
        m_cursor->select(m_rows->selectionAt(at.row()));
}

} // namespace tidemark::app
