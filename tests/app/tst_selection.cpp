// Selection and semantic jumps live on the cursor; tables map their own rows, through any proxy.
#include "app/Theme.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/RecordsModel.h"
#include "app/models/TableSelection.h"
#include "app/models/WindowsModel.h"

#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

namespace {

QString example(const QString& fileName)
{
    for (const ExampleInfo& e : builtInExamples()) {
        if (e.fileName == fileName)
            return e.path;
    }
    return {};
}

} // namespace

class TestSelection : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<Session>();
        m_cursor = std::make_unique<TimeCursor>(m_session.get());
        LoadOutcome loaded = loadExample(example(QStringLiteral("session-windows-merge.json")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(m_session->setScenario(std::move(*loaded.scenario), QString()).isEmpty());
    }

    // A table sorted newest first: row 0 is the last record, and selecting follows the record, not the row.
    void aSortedTableSelectsTheRecordItsRowShows()
    {
        Theme theme;
        RecordsModel records(m_session.get(), m_cursor.get(), &theme);
        QSortFilterProxyModel sorted;
        sorted.setSourceModel(&records);
        sorted.setSortRole(RecordsModel::RecordIndexRole);
        sorted.sort(RecordsModel::Number, Qt::DescendingOrder);
        QTableView view;
        view.setModel(&sorted);
        new TableSelection(&view, &records, m_cursor.get());
        const int last = records.rowCount() - 1;
        QVERIFY(last > 2);

        view.selectionModel()->setCurrentIndex(sorted.index(0, 0), QItemSelectionModel::ClearAndSelect);
        QCOMPARE(m_cursor->selectedRecord(), RecordIndex(last));

        m_cursor->select(TimeCursor::Selection::ofRecord(2));
        QCOMPARE(sorted.mapToSource(view.selectionModel()->currentIndex()).row(), 2);
        QCOMPARE(view.selectionModel()->currentIndex().row(), last - 2);
    }

    void aWindowSelectionKeepsItsRowWhileTheStepMoves()
    {
        Theme theme;
        WindowsModel windows(m_session.get(), m_cursor.get(), &theme);
        RecordsModel records(m_session.get(), m_cursor.get(), &theme);
        QTableView windowsView;
        windowsView.setModel(&windows);
        QTableView recordsView;
        recordsView.setModel(&records);
        new TableSelection(&windowsView, &windows, m_cursor.get());
        new TableSelection(&recordsView, &records, m_cursor.get());
        m_cursor->toEnd();
        QVERIFY(windows.rowCount() > 1);
        recordsView.selectionModel()->setCurrentIndex(records.index(0, 0), QItemSelectionModel::ClearAndSelect);

        const TimeCursor::Selection second = windows.selectionAt(1);
        m_cursor->select(second);
        QCOMPARE(windowsView.selectionModel()->currentIndex().row(), 1);
        // the records table has no row for a window: its row is no longer selected
        QVERIFY(!recordsView.selectionModel()->currentIndex().isValid());

        // back to the start and to the end again: the rows were rebuilt, the window keeps its row
        m_cursor->toStart();
        m_cursor->toEnd();
        QCOMPARE(m_cursor->selection(), second);
        QCOMPARE(windows.selectionAt(windowsView.selectionModel()->currentIndex().row()), second);
    }

    void aNewRunClearsTheSelection()
    {
        m_cursor->select(TimeCursor::Selection::ofRecord(1));
        QCOMPARE(m_cursor->selectedRecord(), RecordIndex(1));
        LoadOutcome loaded = loadExample(example(QStringLiteral("sliding-windows.json")));
        QVERIFY(loaded.ok());
        QVERIFY(m_session->setScenario(std::move(*loaded.scenario), QString()).isEmpty());
        QCOMPARE(m_cursor->selection().kind, TimeCursor::Selection::Kind::None);
        QCOMPARE(m_cursor->selectedRecord(), kNoRecord);
    }

    void jumpsGoToTheNextStepOfTheirKindOrStayWhereTheyAre()
    {
        const auto fires = m_session->trace().fires();
        QVERIFY(fires.size() >= 2);
        QVERIFY(m_cursor->jumpTo(Happening::AnyFire));
        QCOMPARE(m_cursor->step(), int(fires.front().step));
        QVERIFY(m_cursor->jumpTo(Happening::AnyFire));
        QVERIFY(m_cursor->step() > int(fires.front().step));
        QVERIFY(m_cursor->jumpTo(Happening::AnyFire, false));
        QCOMPARE(m_cursor->step(), int(fires.front().step));
        QVERIFY(!m_cursor->jumpTo(Happening::AnyFire, false));
        QCOMPARE(m_cursor->step(), int(fires.front().step)); // none earlier: it stays
        m_cursor->toEnd();
        QVERIFY(!m_cursor->jumpTo(Happening::AnyFire));
        QCOMPARE(m_cursor->step(), m_cursor->lastStep());
    }

private:
    std::unique_ptr<Session> m_session;
    std::unique_ptr<TimeCursor> m_cursor;
};

QTEST_MAIN(TestSelection)
#include "tst_selection.moc"
