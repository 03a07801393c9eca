#include "app/Loading.h"
#include "app/OutputModel.h"
#include "app/RecordsModel.h"
#include "app/Session.h"
#include "app/Theme.h"
#include "app/TimeCursor.h"
#include "app/WindowsModel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

// Every model checked by QAbstractItemModelTester while the cursor walks the whole run, forward and back,
// and while the run is replaced.
class TestModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelsStayConsistentOverAWholeRun_data()
    {
        QTest::addColumn<QString>("resource");
        for (const ExampleInfo& e : builtInExamples())
            QTest::newRow(qPrintable(e.fileName)) << e.resource;
    }
    void modelsStayConsistentOverAWholeRun()
    {
        QFETCH(QString, resource);
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        RecordsModel records(&session, &cursor, &theme);
        WindowsModel windows(&session, &cursor, &theme);
        OutputModel output(OutputModel::Kind::Results, &session, &cursor, &theme);
        OutputModel late(OutputModel::Kind::LateRecords, &session, &cursor, &theme);
        QAbstractItemModelTester t1(&records, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&windows, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&output, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&late, QAbstractItemModelTester::FailureReportingMode::QtTest);

        LoadOutcome loaded = loadExample(resource);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(session.setScenario(std::move(*loaded.scenario), QString()).isEmpty());
        QCOMPARE(records.rowCount(), int(session.scenario().records.size()));
        for (int s = 0; s <= cursor.lastStep(); ++s) {
            cursor.setStep(s);
            QCOMPARE(output.rowCount(), int(session.trace().firesInSteps(0, StepIndex(s)).size()));
            QCOMPARE(late.rowCount(), int(session.trace().latesInSteps(0, StepIndex(s)).size()));
            QCOMPARE(windows.rowCount() >= int(session.state().windows.size()), true);
        }
        // at the end every printed line is what the trace fired, in order
        QCOMPARE(output.rowCount(), int(session.trace().fires().size()));
        int pending = 0;
        for (int r = 0; r < records.rowCount(); ++r)
            pending += records.index(r, RecordsModel::Status).data(RecordsModel::StatusRole).toInt()
                == int(RecordStatus::Pending);
        QCOMPARE(pending, 0);
        cursor.setStep(0);
        QCOMPARE(output.rowCount(), 0);
        QCOMPARE(late.rowCount(), 0);
        // a re-run replaces every model's rows
        Scenario again = session.scenario();
        QVERIFY(session.setScenario(std::move(again), QString(), cursor.lastStep() / 2).isEmpty());
        QCOMPARE(cursor.step(), cursor.lastStep() / 2);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
