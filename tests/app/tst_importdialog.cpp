#include "app/panels/ImportDialog.h"
#include "tests/support/OrdersCsv.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
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
        const QDir shots(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("screenshots")));
        QVERIFY(shots.mkpath(QStringLiteral(".")));
        QVERIFY(dialog.grab().save(shots.filePath(QStringLiteral("import-dialog.png"))));
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

    // The built-in event files open with their fields filled in: names from the header, the data otherwise.
    void fillsTheFieldsFromTheGuess_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("header");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("ts");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("rows");
        const int csv = int(InputFileSpec::Format::Csv);
        const int present = int(InputFileSpec::Header::Present);
        QTest::newRow("late-orders.csv") << QStringLiteral("late-orders.csv") << csv << present
                                         << QStringLiteral("shop") << QStringLiteral("time") << QStringLiteral("amount")
                                         << QString() << 9;
        QTest::newRow("offset-logins.csv")
            << QStringLiteral("offset-logins.csv") << csv << present << QStringLiteral("user") << QStringLiteral("time")
            << QString() << QStringLiteral("yyyy-MM-dd HH:mm:ss.SSS") << 7;
        QTest::newRow("idle-partitions.csv")
            << QStringLiteral("idle-partitions.csv") << csv << present << QStringLiteral("sensor")
            << QStringLiteral("time") << QString() << QString() << 10;
        QTest::newRow("count-clicks.txt") << QStringLiteral("count-clicks.txt") << int(InputFileSpec::Format::Text)
                                          << int(InputFileSpec::Header::Detect) << QStringLiteral("1")
                                          << QStringLiteral("0") << QString() << QString() << 11;
        QTest::newRow("post002-temps.jsonl")
            << QStringLiteral("post002-temps.jsonl") << int(InputFileSpec::Format::Jsonl)
            << int(InputFileSpec::Header::Detect) << QStringLiteral("id") << QStringLiteral("time")
            << QStringLiteral("temp") << QString() << 11;
    }

    void fillsTheFieldsFromTheGuess()
    {
        QFETCH(QString, file);
        QFETCH(int, format);
        QFETCH(int, header);
        QFETCH(QString, key);
        QFETCH(QString, ts);
        QFETCH(QString, value);
        QFETCH(QString, pattern);
        QFETCH(int, rows);
        ImportDialog dialog(examplePath(file));
        QCOMPARE(dialog.previewError(), QString());
        QCOMPARE(dialog.previewRows(), rows);
        const InputFileSpec spec = dialog.spec();
        QCOMPARE(int(spec.format), format);
        QCOMPARE(int(spec.header), header);
        QCOMPARE(spec.key.empty() ? QString() : fieldText(spec.key.front()), key);
        QCOMPARE(fieldText(spec.ts), ts);
        QCOMPARE(spec.value ? fieldText(*spec.value) : QString(), value);
        QCOMPARE(QString::fromStdString(spec.timestamp.pattern), pattern);
        if (file == QLatin1String("offset-logins.csv")) {
            // the preview shows each timestamp as a date in the chosen zone too
            const auto* preview = dialog.findChild<QTableWidget*>(QStringLiteral("importPreview"));
            QVERIFY(preview);
            QCOMPARE(preview->item(0, 5)->text(), QStringLiteral("2024-03-01 09:00:00.000"));
        }
        QString error;
        QVERIFY2(dialog.buildScenario(&error), qPrintable(error));
    }

    // idle-partitions.csv names each record's partition: the import reads it as the watermark channel.
    void aPartitionColumnBecomesTheWatermarkChannel()
    {
        ImportDialog dialog(examplePath(QStringLiteral("idle-partitions.csv")));
        QVERIFY(dialog.spec().channel.has_value());
        QCOMPARE(fieldText(*dialog.spec().channel), QStringLiteral("partition"));
        QString error;
        const auto scenario = dialog.buildScenario(&error);
        QVERIFY2(scenario, qPrintable(error));
        QCOMPARE(int(scenario->pipeline.watermarks.partitioning), int(WatermarkConfig::Partitioning::Channel));
        QCOMPARE(scenario->pipeline.watermarks.parallelism, 2);
        QCOMPARE(scenario->records[1].channel, 1);
        const auto* preview = dialog.findChild<QTableWidget*>(QStringLiteral("importPreview"));
        QCOMPARE(preview->item(1, 4)->text(), QStringLiteral("1"));
    }

    void readsATabSeparatedFileWithIsoTimesWithoutOffset()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("clicks.tsv"));
        writeFile(path, "alice\t2024-03-01T09:00:00.5\t3\nbob\t2024-03-01T09:00:01.25\t4\n");
        ImportDialog dialog(path);
        QCOMPARE(dialog.previewError(), QString());
        QCOMPARE(dialog.previewRows(), 2);
        QCOMPARE(dialog.spec().delimiter, '\t');
        QCOMPARE(QString::fromStdString(dialog.spec().timestamp.zone), QStringLiteral("UTC"));
        QString error;
        const auto scenario = dialog.buildScenario(&error);
        QVERIFY2(scenario, qPrintable(error));
        QCOMPARE(scenario->records.front().ts, Timestamp(1709283600500));
    }

    // Nothing to read: the dialog says so instead of opening an empty run.
    void aFileWithoutRecordsIsAnError_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("only a header") << QByteArray("user,time\n");
        QTest::newRow("only comments") << QByteArray("# nothing yet\n\n");
    }

    void aFileWithoutRecordsIsAnError()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("events.csv"));
        writeFile(path, content);
        ImportDialog dialog(path);
        QCOMPARE(dialog.previewRows(), 0);
        QVERIFY2(dialog.previewError().contains(QStringLiteral("events.csv")), qPrintable(dialog.previewError()));
        QString error;
        QVERIFY(!dialog.buildScenario(&error));
        QVERIFY2(error.contains(QStringLiteral("events.csv")), qPrintable(error));
    }

    // Missing, empty, or a line over the limit: refused before the dialog is shown, with the file's name and, for a
    // long line, its length; nothing of a 10 MB line is read into the preview.
    void aFileThatCannotBeImportedIsRefusedAtTheDoor_data()
    {
        QTest::addColumn<QByteArray>("content"); // null: no file
        QTest::addColumn<QString>("refusal");
        QTest::newRow("missing") << QByteArray() << QStringLiteral("events.csv: cannot open it: no such file");
        QTest::newRow("empty") << QByteArray("")
                               << QStringLiteral("events.csv: it is empty (0 bytes): an events file holds one record "
                                                 "per line");
        QTest::newRow("a 10 MB line") << QByteArray(10'000'000, 'x')
                                      << QStringLiteral("events.csv:1:1: expected a line of at most 1048576 bytes, "
                                                        "found one of 10000000");
    }

    void aFileThatCannotBeImportedIsRefusedAtTheDoor()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, refusal);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("events.csv"));
        if (!content.isNull())
            writeFile(path, content);
        const ImportDialog dialog(path);
        QCOMPARE(dialog.refusal(), refusal);
        QCOMPARE(dialog.previewRows(), 0);
        QCOMPARE(dialog.findChild<QPlainTextEdit*>()->toPlainText(), QString());
    }

    // 2,000 orders with a bad line every fourth line near the top and a few in the middle: the header is still a
    // header, the good first lines are previewed with the bad ones among them (in red), and the whole file, read in
    // the background, lists every bad line; Open stops at the first unless they are skipped, and then keeps the
    // dialog open with everything in it; skipped, the scenario is lenient, holds every good line, and hands on the
    // skipped ones with their text for the Bad lines tab.
    void badLinesAreShownBesideTheGoodOnesAndSkippedWhenAsked()
    {
        const int good = 2000;
        const test::OrdersCsv orders
            = test::ordersCsv(good, [](int i) { return (i < 60 && i % 3 == 2) || i == 1000 || i == 1500; });
        const QByteArray& text = orders.text;
        const int bad = orders.bad;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("orders.csv"));
        writeFile(path, text);
        ImportDialog dialog(path);
        QCOMPARE(dialog.refusal(), QString());
        QCOMPARE(dialog.spec().header, InputFileSpec::Header::Present);
        QCOMPARE(fieldText(dialog.spec().ts), QStringLiteral("event_time"));
        QCOMPARE(dialog.previewRows(), 30);
        QVERIFY2(
            dialog.previewError().startsWith(QStringLiteral("orders.csv:5:9: ")), qPrintable(dialog.previewError()));
        auto* status = dialog.findChild<QLabel*>(QStringLiteral("importStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("9 line(s) of another shape were set aside")),
            qPrintable(status->text()));
        // the bad first lines are rows of the preview, in the file's order, with where and why
        const auto* preview = dialog.findChild<QTableWidget*>(QStringLiteral("importPreview"));
        QCOMPARE(preview->rowCount(), 39);
        QCOMPARE(preview->item(3, 0)->text(), QStringLiteral("5"));
        QVERIFY2(preview->item(3, 1)->text().startsWith(QStringLiteral("column 9: expected column 2")),
            qPrintable(preview->item(3, 1)->text()));
        QCOMPARE(preview->columnSpan(3, 1), preview->columnCount() - 1);

        QTRY_VERIFY(dialog.scanFinished());
        const auto* listed = dialog.findChild<QListWidget*>(QStringLiteral("importBadLines"));
        QCOMPARE(listed->count(), bad);
        QVERIFY2(listed->item(0)->text().startsWith(QStringLiteral("orders.csv:5:9: expected column 2")),
            qPrintable(listed->item(0)->text()));
        QVERIFY2(listed->item(bad - 1)->text().startsWith(
                     QStringLiteral("orders.csv:%1:9: ").arg(1502 + bad)), // after record 1500 and the bad lines before
            qPrintable(listed->item(bad - 1)->text()));
        const auto* scanned = dialog.findChild<QLabel*>(QStringLiteral("importScanStatus"));
        QVERIFY2(scanned->text().contains(QStringLiteral("The whole file: 2,000 records and %1 bad line(s)").arg(bad)),
            qPrintable(scanned->text()));
        QVERIFY2(
            scanned->text().contains(QStringLiteral("Open stops at the first, line 5")), qPrintable(scanned->text()));
        auto* skip = dialog.findChild<QCheckBox*>(QStringLiteral("importSkipBadLines"));
        QCOMPARE(skip->text(), QStringLiteral("Skip the %1 bad line(s) (read the rest)").arg(bad));

        dialog.findChild<QSpinBox*>(QStringLiteral("importParallelism"))->setValue(2);
        dialog.accept(); // strict: the first bad line
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY2(
            status->text().contains(QStringLiteral("orders.csv:5:9: expected column 2")), qPrintable(status->text()));
        QCOMPARE(dialog.spec().header, InputFileSpec::Header::Present); // what was chosen is all still there

        dialog.setSkipBadLines(true);
        QVERIFY2(!scanned->text().contains(QStringLiteral("Open stops")), qPrintable(scanned->text()));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const std::optional<Scenario> scenario = dialog.takeScenario();
        QVERIFY(scenario);
        QVERIFY(scenario->lenient);
        QCOMPARE(int(scenario->records.size()), good);
        QCOMPARE(scenario->pipeline.watermarks.parallelism, 2); // typed before the failed Open
        // the window function tidemark run gives an events file without --function
        QCOMPARE(scenario->pipeline.window.function.type, FunctionSpec::Type::List);
        const io::SkippedLines skipped = dialog.takeSkippedLines();
        QCOMPARE(skipped.count, std::uint64_t(bad));
        QCOMPARE(int(skipped.listed.size()), bad);
        QCOMPARE(QString::fromStdString(skipped.listed.back().lineText), QStringLiteral("bad,line"));
    }

    // Without an arrival field the records' processing time is made up: the dialog says when the last one arrives
    // under each schedule offered, and the one chosen goes into the scenario.
    void theArrivalScheduleIsSaidAndChosen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("arrivals.csv"));
        writeFile(path, "key,ts\na,1000\na,4000\na,2500\na,9000\n"); // the third one late
        ImportDialog dialog(path);
        auto* status = dialog.findChild<QLabel*>(QStringLiteral("importStatus"));
        auto* mode = dialog.findChild<QComboBox*>(QStringLiteral("importArrivalMode"));
        auto* spacing = dialog.findChild<QSpinBox*>(QStringLiteral("importArrivalSpacing"));
        auto* speedup = dialog.findChild<QSpinBox*>(QStringLiteral("importArrivalSpeedup"));
        QVERIFY(mode->isEnabled());
        QCOMPARE(spacing->value(), 1000);
        const auto says = [&](const QString& text) {
            if (!status->text().contains(text))
                qWarning("status: %s", qPrintable(status->text()));
            return status->text().contains(text);
        };
        QVERIFY(says(QStringLiteral("They arrive one record every 1 s; the last at 3 s of processing time.")));
        mode->setCurrentIndex(1); // at event time: 0, 3 s, 3 s (late: with the one before), 8 s
        QVERIFY(!speedup->isHidden() && spacing->isHidden());
        QVERIFY(says(QStringLiteral("They arrive at their event time, as they happened; the last at 8 s")));
        speedup->setValue(4);
        QVERIFY(says(QStringLiteral("replayed 4× faster; the last at 2 s")));
        dialog.accept();
        std::optional<Scenario> scenario = dialog.takeScenario();
        QVERIFY(scenario);
        QCOMPARE(scenario->arrivals.eventTimeSpeedup, std::int64_t(4));

        ImportDialog backlog(path);
        backlog.findChild<QComboBox*>(QStringLiteral("importArrivalMode"))->setCurrentIndex(2);
        QVERIFY(backlog.findChild<QLabel*>(QStringLiteral("importStatus"))
                    ->text()
                    .contains(QStringLiteral("all at once, at processing time 0 (a backlog); the last at 0 ms")));
        backlog.accept();
        scenario = backlog.takeScenario();
        QVERIFY(scenario);
        QCOMPARE(scenario->arrivals, (ArrivalRule {.spacingMs = 0}));
    }

private:
    static QString fieldText(const FieldRef& f)
    {
        return f.isIndex() ? QString::number(f.index) : QString::fromStdString(f.name);
    }

    static void writeFile(const QString& path, const QByteArray& content)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }

    static QString examplePath(const QString& file)
    {
        return QDir(qEnvironmentVariable("TIDEMARK_SOURCE_DIR")).filePath(QStringLiteral("resources/examples/") + file);
    }

    static QString csvPath()
    {
        return QDir(qEnvironmentVariable("TIDEMARK_SOURCE_DIR"))
            .filePath(QStringLiteral("resources/examples/post000-kafka-lines.csv"));
    }
};

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
