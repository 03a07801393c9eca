#pragma once

#include "engine/export/FlinkJob.h"
#include "tests/golden/GoldenFile.h"

#include <QFileInfo>
#include <QString>
#include <QStringList>

namespace tidemark::test {

// Each of an exported project's files against its reviewed copy in <sourceDir>/tests/export/golden/<folder>/: every
// file compared, so that one run shows them all; the mismatches.
inline QStringList projectGoldenMismatches(
    const flinkjob::JobProject& project, const QString& sourceDir, const QString& folder)
{
    QStringList mismatches;
    for (const auto& f : project.files) {
        const QString golden = sourceDir + "/tests/export/golden/" + folder + "/" + QString::fromStdString(f.path);
        if (const auto mismatch = compareWithGoldenFile(QByteArray::fromStdString(f.content), golden,
                folder + "-" + QFileInfo(QString::fromStdString(f.path)).fileName()))
            mismatches << *mismatch;
    }
    return mismatches;
}

} // namespace tidemark::test
