#include "app/ImportDialog.h"

#include <QApplication>
#include <QDir>
#include <QRegularExpression>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

class TestImportDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void guessesTheMappingOfAKeyTimestampCsv()
    {
        ImportDialog dialog(csvPath());
        QCOMPARE(dialog.previewError(), QString());
        QVERIFY(dialog.previewRows() >= 20);
        QString error;
        const auto scenario = dialog.buildScenario(&error);
        QVERIFY2(scenario, qPrintable(error));
        QCOMPARE(scenario->records.front().ts, Timestamp(1538359882000));
        QCOMPARE(QString::fromStdString(scenario->keys.name(scenario->records.front().key)), QStringLiteral("0001"));
        dialog.resize(1100, 640);
        QVERIFY(dialog.grab().save(
            QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("screenshots/import-dialog.png"))));
    }

    void aWrongMappingShowsLineAndColumnInThePreview()
    {
        ImportDialog dialog(csvPath());
        dialog.setFields(QStringLiteral("1"), QStringLiteral("0"), QString()); // "0001" is a key, not a time… it parses
        dialog.setFields(QStringLiteral("0"), QStringLiteral("5"), QString()); // there is no 6th column
        QCOMPARE(dialog.previewRows(), 0);
        QVERIFY2(QRegularExpression(QStringLiteral("post000-kafka-lines\\.csv:1:\\d+: "))
                     .match(dialog.previewError())
                     .hasMatch(),
            qPrintable(dialog.previewError()));
    }

private:
    static QString csvPath()
    {
        return QDir(qEnvironmentVariable("TIDEMARK_SOURCE_DIR"))
            .filePath(QStringLiteral("resources/examples/post000-kafka-lines.csv"));
    }
};

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
