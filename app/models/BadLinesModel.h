#pragma once

#include <QAbstractTableModel>

namespace tidemark::app {

class Session;

// The lines that did not read as records (the Records dock's "Bad lines" tab): a live source's, or those of the
// document's event file that a lenient load skipped. Where, why, the line as it came, when. The first
// io::kListedBadLines are listed; the count says how many more.
class BadLinesModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Where, Problem, Line, ReadAt, ColumnCount };

    explicit BadLinesModel(Session* session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

Q_SIGNALS:
    // The tab's title: "Bad lines (3)".
    void countChanged(int count);

private:
    void refresh();
    int listed() const;

    Session* m_session;
    int m_rows = 0;
};

} // namespace tidemark::app
