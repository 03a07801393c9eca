#pragma once

#include "engine/core/FlinkVersion.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>
#include <vector>

namespace tidemark::test {

// Scripts played by an engine class and by the Flink oracle's check of the same class (its --source-reader,
// --interval-join or --process): the oracle named by TIDEMARK_ORACLE_JAR, for the Flink line TIDEMARK_FLINK_LINE.
class OracleScripts {
public:
    // The oracle and its line from the environment; `error()` says what is missing.
    OracleScripts()
    {
        m_jar = qEnvironmentVariable("TIDEMARK_ORACLE_JAR");
        m_lineName = qEnvironmentVariable("TIDEMARK_FLINK_LINE");
        m_java = QStandardPaths::findExecutable(QStringLiteral("java"));
        m_line = FlinkVersion::parse(m_lineName.toStdString());
        if (!QFile::exists(m_jar))
            m_error = QStringLiteral("no oracle jar at \"%1\"").arg(m_jar);
        else if (m_java.isEmpty())
            m_error = QStringLiteral("no java on PATH");
        else if (!m_line)
            m_error = QStringLiteral("not a Flink line: \"%1\"").arg(m_lineName);
    }

    QString error() const { return m_error; }
    FlinkVersion line() const { return *m_line; }
    QString lineName() const { return m_lineName; }

    // Writes each script as `json` gives it (script-NNN.json, read in name order), then runs the oracle's `mode` (and
    // its options) over them: each script's lines (after its "#FILE" line), or empty with `error()` set.
    template <class Script, class ToJson>
    std::vector<QStringList> play(const QStringList& mode, const std::vector<Script>& scripts, ToJson json)
    {
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            const QByteArray text = json(scripts[i]);
            QFile f(m_dir.filePath(QStringLiteral("script-%1.json").arg(i, 3, 10, QLatin1Char('0'))));
            if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) {
                m_error = QStringLiteral("cannot write %1").arg(f.fileName());
                return {};
            }
        }
        QProcess oracle;
        oracle.start(m_java, QStringList {QStringLiteral("-jar"), m_jar} + mode + QStringList {m_dir.path()});
        if (!oracle.waitForFinished(300000)) {
            m_error = QStringLiteral("the oracle did not finish within 5 minutes");
            return {};
        }
        if (oracle.exitCode() != 0) {
            m_error = QString::fromUtf8(oracle.readAllStandardError());
            return {};
        }
        std::vector<QStringList> files;
        for (const QString& l : QString::fromUtf8(oracle.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts)) {
            if (l.startsWith(QLatin1String("#FILE ")))
                files.emplace_back();
            else if (!files.empty() && !l.startsWith(QLatin1String("SLF4J")))
                files.back() << l;
        }
        return files;
    }

private:
    QString m_jar;
    QString m_lineName;
    QString m_java;
    std::optional<FlinkVersion> m_line;
    QString m_error;
    QTemporaryDir m_dir;
};

} // namespace tidemark::test
