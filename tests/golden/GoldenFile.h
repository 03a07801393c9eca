#pragma once

// Comparing a run's output with a golden file: shared by the example runner (tst_golden), the example
// narrations (tst_narration_golden) and the player's own narration test. On a mismatch the actual output is
// written to <name>.actual in the build folder and a unified diff is printed, so the golden file can be
// reviewed and updated by hand.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QtDebug>

#include <optional>

namespace tidemark::test {

// CTest sets TIDEMARK_SOURCE_DIR; a compile-time fallback lets a test executable be run by hand.
inline QString settingOr(const char* environmentName, const QString& fallback)
{
    const QString fromEnvironment = qEnvironmentVariable(environmentName);
    return fromEnvironment.isEmpty() ? fallback : fromEnvironment;
}

inline QString examplesDir(const QString& sourceDir)
{
    return sourceDir + QStringLiteral("/resources/examples");
}

inline QString goldenDir(const QString& sourceDir)
{
    return sourceDir + QStringLiteral("/tests/golden");
}

// Where <name>.actual files go: TIDEMARK_GOLDEN_ACTUAL_DIR, else next to the test executable (the build folder).
inline QString goldenActualDir()
{
    return settingOr("TIDEMARK_GOLDEN_ACTUAL_DIR", QCoreApplication::applicationDirPath());
}

// Every built-in example, by name (resources/examples/<name>.json).
inline QStringList exampleNames(const QString& sourceDir)
{
    QStringList names;
    const QFileInfoList files
        = QDir(examplesDir(sourceDir)).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& file : files)
        names << file.completeBaseName();
    return names;
}

inline QByteArray readWholeFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// `diff -u` is part of every Debian system; without it the two texts are shown whole.
inline QString unifiedDiff(const QString& expectedPath, const QString& actualPath)
{
    const QString diff = QStandardPaths::findExecutable(QStringLiteral("diff"));
    if (!diff.isEmpty()) {
        QProcess process;
        process.start(diff, {QStringLiteral("-u"), expectedPath, actualPath});
        if (process.waitForFinished(60000))
            return QString::fromUtf8(process.readAllStandardOutput());
    }
    return QStringLiteral("--- %1\n%2\n+++ %3\n%4")
        .arg(expectedPath, QString::fromUtf8(readWholeFile(expectedPath)), actualPath,
            QString::fromUtf8(readWholeFile(actualPath)));
}

// Compares `actual` with the golden file at `expectedPath`. Returns nothing when they are equal (and removes a
// stale <actualName>.actual, which would mislead); otherwise (also when the golden file is missing) writes
// <actualName>.actual into goldenActualDir(), prints the unified diff, and returns the failure message.
inline std::optional<QString> compareWithGoldenFile(
    const QByteArray& actual, const QString& expectedPath, const QString& actualName)
{
    const QString actualPath = goldenActualDir() + QLatin1Char('/') + actualName + QStringLiteral(".actual");
    const bool goldenExists = QFileInfo::exists(expectedPath);
    if (goldenExists && actual == readWholeFile(expectedPath)) {
        QFile::remove(actualPath);
        return std::nullopt;
    }
    QDir().mkpath(goldenActualDir());
    QFile actualFile(actualPath);
    if (!actualFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QStringLiteral("output differs from %1, and %2 cannot be written").arg(expectedPath, actualPath);
    actualFile.write(actual);
    actualFile.close();
    if (!goldenExists)
        return QStringLiteral("golden file %1 is missing: check the output in %2 by hand and add it")
            .arg(expectedPath, actualPath);
    qWarning().noquote() << unifiedDiff(expectedPath, actualPath);
    return QStringLiteral("output differs from %1 (actual output in %2)").arg(expectedPath, actualPath);
}

// What one run of the tidemark executable gave: its exit code (-1 when it did not exit normally), standard output
// and standard error (or why it could not be started or finish in `timeoutMs`).
struct Ran {
    int exitCode = -1;
    QByteArray out;
    QString err;
};

inline Ran runTidemark(const QString& executable, const QStringList& arguments, int timeoutMs)
{
    QProcess tidemark;
    tidemark.start(executable, arguments);
    Ran r;
    if (!tidemark.waitForStarted()) {
        r.err = executable + QStringLiteral(": ") + tidemark.errorString();
        return r;
    }
    if (!tidemark.waitForFinished(timeoutMs)) {
        tidemark.kill();
        tidemark.waitForFinished();
        r.err = QStringLiteral("tidemark %1 did not finish within %2 ms").arg(arguments.value(0)).arg(timeoutMs);
        return r;
    }
    r.exitCode = tidemark.exitStatus() == QProcess::NormalExit ? tidemark.exitCode() : -1;
    r.out = tidemark.readAllStandardOutput();
    r.err = QString::fromUtf8(tidemark.readAllStandardError());
    return r;
}

} // namespace tidemark::test
