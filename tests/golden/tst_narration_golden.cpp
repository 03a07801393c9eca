// Plays every built-in example through the player and narrates it step by step; the text must equal
// tests/golden/<example>.narration.txt, read once against the hand derivation in <example>.derivation.md.
// On a mismatch the actual narration is written to <example>.narration.txt.actual in the build folder.

#include "GoldenFile.h"
#include "NarratedRun.h"
#include "engine/io/ScenarioIo.h"

#include <QSet>
#include <QTest>

using namespace tidemark;
using namespace tidemark::test;

namespace {

const QString kNarrationSuffix = QStringLiteral(".narration.txt");

QString sourceDir()
{
    return settingOr("TIDEMARK_SOURCE_DIR", QStringLiteral(TIDEMARK_DEFAULT_SOURCE_DIR));
}

} // namespace

class TestNarrationGolden : public QObject {
    Q_OBJECT

private slots:
    void everyNarrationBelongsToAnExample()
    {
        const QStringList names = exampleNames(sourceDir());
        QVERIFY(!names.isEmpty());
        const QSet<QString> examples(names.cbegin(), names.cend());
        const QStringList narrations
            = QDir(goldenDir(sourceDir())).entryList({QStringLiteral("*") + kNarrationSuffix}, QDir::Files);
        for (const QString& file : narrations)
            QVERIFY2(examples.contains(file.chopped(kNarrationSuffix.size())),
                qPrintable(QStringLiteral("%1 has no example in %2").arg(file, examplesDir(sourceDir()))));
    }

    void exampleNarratesAsItsGoldenFile_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : exampleNames(sourceDir()))
            QTest::newRow(qPrintable(name)) << name;
    }
    void exampleNarratesAsItsGoldenFile()
    {
        QFETCH(QString, name);
        const QString scenarioPath = examplesDir(sourceDir()) + QLatin1Char('/') + name + QStringLiteral(".json");
        auto loaded = io::loadScenarioFile(scenarioPath.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Player player(std::move(*loaded.value));
        QVERIFY2(!player.failure(), player.failure() ? player.failure()->message.c_str() : "");
        const QByteArray actual = QByteArray::fromStdString(narratedRun(player));
        const auto failure = compareWithGoldenFile(
            actual, goldenDir(sourceDir()) + QLatin1Char('/') + name + kNarrationSuffix, name + kNarrationSuffix);
        if (failure)
            QFAIL(qPrintable(*failure));
    }
};

QTEST_GUILESS_MAIN(TestNarrationGolden)
#include "tst_narration_golden.moc"
