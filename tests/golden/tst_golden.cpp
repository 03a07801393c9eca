// Runs `tidemark run <example> --format jsonl` on every built-in example and compares what it prints with the
// hand-derived expected output next to this file (<example>.expected.jsonl, derivation in <example>.derivation.md).
// On a mismatch the actual output is written to <example>.actual in the build folder and a unified diff is printed.

#include "GoldenFile.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTest>

using namespace tidemark::test;

namespace {

constexpr int kRunTimeoutMs = 60000;
const QString kExpectedSuffix = QStringLiteral(".expected.jsonl");

QString sourceDir()
{
    return settingOr("TIDEMARK_SOURCE_DIR", QStringLiteral(TIDEMARK_DEFAULT_SOURCE_DIR));
}
QString examplesDir()
{
    return tidemark::test::examplesDir(sourceDir());
}
QString goldenDir()
{
    return tidemark::test::goldenDir(sourceDir());
}
QString tidemarkExecutable()
{
    return settingOr("TIDEMARK_EXECUTABLE", QStringLiteral(TIDEMARK_DEFAULT_EXECUTABLE));
}
QStringList exampleNames()
{
    return tidemark::test::exampleNames(sourceDir());
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT

private slots:
    void examplesFolderHasExamples()
    {
        QVERIFY2(QFileInfo(examplesDir()).isDir(), qPrintable(QStringLiteral("no folder %1").arg(examplesDir())));
        QVERIFY(!exampleNames().isEmpty());
    }

    void everyExpectedOutputBelongsToAnExample()
    {
        const QStringList names = exampleNames();
        const QSet<QString> examples(names.cbegin(), names.cend());
        const QStringList expected
            = QDir(goldenDir()).entryList({QStringLiteral("*") + kExpectedSuffix}, QDir::Files, QDir::Name);
        for (const QString& file : expected) {
            if (file.startsWith(QLatin1String("compare-")) || file.startsWith(QLatin1String("graph-")))
                continue; // a built-in comparison's (tst_compare_golden) or job graph's (tst_graph_golden)
            const QString name = file.chopped(kExpectedSuffix.size());
            QVERIFY2(examples.contains(name),
                qPrintable(QStringLiteral("%1 has no example %2.json in %3").arg(file, name, examplesDir())));
        }
    }

    void exampleIsDescribedAndNamesAnExistingEventFile_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : exampleNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    void exampleIsDescribedAndNamesAnExistingEventFile()
    {
        QFETCH(QString, name);
        const QString path = examplesDir() + QLatin1Char('/') + name + QStringLiteral(".json");
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(readWholeFile(path), &error);
        QVERIFY2(document.isObject(), qPrintable(path + QStringLiteral(": ") + error.errorString()));
        const QJsonObject scenario = document.object();
        QVERIFY2(!scenario.value(QStringLiteral("description")).toString().trimmed().isEmpty(),
            qPrintable(path + QStringLiteral(": the example needs a description a teacher can read out")));
        const QString eventFile
            = scenario.value(QStringLiteral("input")).toObject().value(QStringLiteral("file")).toString();
        QVERIFY2(!eventFile.isEmpty(), qPrintable(path + QStringLiteral(": the example must read an event file")));
        QVERIFY2(QFileInfo::exists(QFileInfo(path).dir().filePath(eventFile)),
            qPrintable(path + QStringLiteral(": event file %1 not found").arg(eventFile)));
    }

    void exampleProducesItsGoldenOutput_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : exampleNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    void exampleProducesItsGoldenOutput()
    {
        QFETCH(QString, name);
        const QString scenarioPath = examplesDir() + QLatin1Char('/') + name + QStringLiteral(".json");
        const QString expectedPath = goldenDir() + QLatin1Char('/') + name + kExpectedSuffix;
        QVERIFY2(QFileInfo::exists(expectedPath),
            qPrintable(QStringLiteral("example %1 has no expected output %2: derive it by hand and add it")
                           .arg(name, expectedPath)));

        QProcess tidemark;
        tidemark.start(tidemarkExecutable(),
            {QStringLiteral("run"), scenarioPath, QStringLiteral("--format"), QStringLiteral("jsonl")});
        QVERIFY2(tidemark.waitForStarted(),
            qPrintable(tidemarkExecutable() + QStringLiteral(": ") + tidemark.errorString()));
        if (!tidemark.waitForFinished(kRunTimeoutMs)) {
            tidemark.kill();
            tidemark.waitForFinished();
            QFAIL(
                qPrintable(QStringLiteral("tidemark run %1 did not finish within %2 ms").arg(name).arg(kRunTimeoutMs)));
        }
        const QByteArray actual = tidemark.readAllStandardOutput();
        const QByteArray errors = tidemark.readAllStandardError();
        QVERIFY2(tidemark.exitStatus() == QProcess::NormalExit && tidemark.exitCode() == 0,
            qPrintable(QStringLiteral("tidemark run %1 exited with %2: %3")
                           .arg(name)
                           .arg(tidemark.exitCode())
                           .arg(QString::fromUtf8(errors))));

        const auto failure = compareWithGoldenFile(actual, expectedPath, name);
        if (failure)
            QFAIL(qPrintable(*failure));
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
