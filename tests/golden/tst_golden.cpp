// Runs `tidemark run <example> --format jsonl` on every built-in example and compares what it prints with the
// hand-derived expected output next to this file (<example>.expected.jsonl, derivation in <example>.derivation.md).
// On a mismatch the actual output is written to <example>.actual in the build folder and a unified diff is printed.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

namespace {

constexpr int kRunTimeoutMs = 60000;
const QString kExpectedSuffix = QStringLiteral(".expected.jsonl");

// CTest sets the environment; the compile-time values let the executable be run by hand from the build folder.
QString setting(const char* environmentName, const char* builtIn)
{
    const QString fromEnvironment = qEnvironmentVariable(environmentName);
    return fromEnvironment.isEmpty() ? QString::fromUtf8(builtIn) : fromEnvironment;
}

QString sourceDir()
{
    return setting("TIDEMARK_SOURCE_DIR", TIDEMARK_DEFAULT_SOURCE_DIR);
}
QString examplesDir()
{
    return sourceDir() + QStringLiteral("/resources/examples");
}
QString goldenDir()
{
    return sourceDir() + QStringLiteral("/tests/golden");
}
QString tidemarkExecutable()
{
    return setting("TIDEMARK_EXECUTABLE", TIDEMARK_DEFAULT_EXECUTABLE);
}
QString actualDir()
{
    return setting("TIDEMARK_GOLDEN_ACTUAL_DIR", TIDEMARK_DEFAULT_ACTUAL_DIR);
}

QStringList exampleNames()
{
    QStringList names;
    const QFileInfoList files = QDir(examplesDir()).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& file : files)
        names << file.completeBaseName();
    return names;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// `diff -u` is part of every Debian system; without it the two texts are shown whole.
QString unifiedDiff(const QString& expectedPath, const QString& actualPath)
{
    const QString diff = QStandardPaths::findExecutable(QStringLiteral("diff"));
    if (!diff.isEmpty()) {
        QProcess process;
        process.start(diff, {QStringLiteral("-u"), expectedPath, actualPath});
        if (process.waitForFinished(kRunTimeoutMs))
            return QString::fromUtf8(process.readAllStandardOutput());
    }
    return QStringLiteral("--- %1\n%2\n+++ %3\n%4")
        .arg(
            expectedPath, QString::fromUtf8(readAll(expectedPath)), actualPath, QString::fromUtf8(readAll(actualPath)));
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
        const QJsonDocument document = QJsonDocument::fromJson(readAll(path), &error);
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

        const QByteArray expected = readAll(expectedPath);
        const QString actualPath = actualDir() + QLatin1Char('/') + name + QStringLiteral(".actual");
        if (actual == expected) {
            QFile::remove(actualPath); // a stale .actual from an earlier failure would mislead
            return;
        }
        QDir().mkpath(actualDir());
        QFile actualFile(actualPath);
        QVERIFY2(actualFile.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(actualPath));
        actualFile.write(actual);
        actualFile.close();
        qWarning().noquote() << unifiedDiff(expectedPath, actualPath);
        QFAIL(qPrintable(
            QStringLiteral("output of %1 differs from %2 (actual output in %3)").arg(name, expectedPath, actualPath)));
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
