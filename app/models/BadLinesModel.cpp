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

int BadLinesModel::listed() const
{
    const live::LiveFeed* feed = m_session->liveFeed();
    return int(feed ? feed->problems().size() : m_session->skippedLines().listed.size());
}

void BadLinesModel::refresh()
{
    const live::LiveFeed* feed = m_session->liveFeed();
    const int rows = listed();
    if (feed && rows >= m_rows) {
        // a live run only adds bad lines
        if (rows > m_rows) {
            beginInsertRows({}, m_rows, rows - 1);
            m_rows = rows;
            endInsertRows();
        }
    } else {
        // another document, or a live run that began or ended: other lines
        beginResetModel();
        m_rows = rows;
        endResetModel();
    }
    Q_EMIT countChanged(int(feed ? feed->problemCount() : m_session->skippedLines().count));
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
    if (!index.isValid() || index.row() >= listed())
        return {};
    // a live source's line, read at a processing time; or an event file's, skipped as it was loaded
    const live::LiveFeed* feed = m_session->liveFeed();
    const auto row = std::size_t(index.row());
    const io::LoadError& error = feed ? feed->problems()[row].error : m_session->skippedLines().listed[row];
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(error.toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Where: {
        const auto& w = error.where;
        return w.line == 0 ? QString::fromStdString(w.file)
                           : tr("%1:%2:%3").arg(QString::fromStdString(w.file)).arg(w.line).arg(w.column);
    }
    case Problem:
        return QString::fromStdString(error.message);
    case Line:
        return QString::fromUtf8(error.lineText.data(), qsizetype(error.lineText.size()));
    case ReadAt:
        return feed ? Session::formatProcessingTime(feed->problems()[row].at) : tr("on loading");
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
