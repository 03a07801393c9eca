#include "app/models/BadLinesModel.h"

#include "app/document/Session.h"

namespace tidemark::app {

BadLinesModel::BadLinesModel(Session* session, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    connect(m_session, &Session::liveChanged, this, &BadLinesModel::refresh);
    connect(m_session, &Session::runReplaced, this, &BadLinesModel::refresh);
}

void BadLinesModel::refresh()
{
    const live::LiveFeed* feed = m_session->liveFeed();
    const int rows = feed ? int(feed->problems().size()) : 0;
    if (rows > m_rows) {
        // a live run only adds bad lines
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    } else if (rows < m_rows) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
    }
    Q_EMIT countChanged(feed ? int(feed->problemCount()) : 0);
}

int BadLinesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int BadLinesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BadLinesModel::data(const QModelIndex& index, int role) const
{
    const live::LiveFeed* feed = m_session->liveFeed();
    if (!feed || !index.isValid() || index.row() >= int(feed->problems().size()))
        return {};
    const live::LiveFeed::Problem& p = feed->problems()[std::size_t(index.row())];
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(p.error.toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Where: {
        const auto& w = p.error.where;
        return w.line == 0 ? QString::fromStdString(w.file)
                           : tr("%1:%2:%3").arg(QString::fromStdString(w.file)).arg(w.line).arg(w.column);
    }
    case Problem:
        return QString::fromStdString(p.error.message);
    case Line:
        return QString::fromUtf8(p.line.data(), qsizetype(p.line.size()));
    case ReadAt:
        return Session::formatProcessingTime(p.at);
    default:
        return {};
    }
}

QVariant BadLinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // a narrow column elides its title: the whole of it on hover
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case Where:
        return tr("Where");
    case Problem:
        return tr("Why it is not a record");
    case Line:
        return tr("Line");
    case ReadAt:
        return tr("Read at");
    default:
        return {};
    }
}

} // namespace tidemark::app
