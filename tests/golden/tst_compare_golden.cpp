// Runs `tidemark compare <comparison> --format text|jsonl` on every built-in comparison
// (resources/examples/comparisons/<name>.json, and comparisons/graphs/<name>.json of two job graphs) and compares what
// it prints with the hand-derived expected output next to this file (compare-<name>.expected.txt and .jsonl, derivation
// in compare-<name>.derivation.md). Every built-in comparison differs somewhere, so each run must exit 1. On a mismatch
// the actual output is written to compare-<name>.<format>.actual in the build folder and a unified diff is printed.

#include "GoldenFile.h"

#include <QSet>
#include <QTest>

using namespace tidemark::test;

namespace {

constexpr int kRunTimeoutMs = 60000;

QString sourceDir()
{
    return settingOr("TIDEMARK_SOURCE_DIR", QStringLiteral(TIDEMARK_DEFAULT_SOURCE_DIR));
}
QString comparisonsDir()
{
    return examplesDir(sourceDir()) + QStringLiteral("/comparisons");
}
QString tidemarkExecutable()
{
    return settingOr("TIDEMARK_EXECUTABLE", QStringLiteral(TIDEMARK_DEFAULT_EXECUTABLE));
}
// The built-in comparisons of chains, then those of job graphs (in comparisons/graphs).
QStringList comparisonNames()
{
    QStringList names;
    for (const QString& dir : {comparisonsDir(), comparisonsDir() + QStringLiteral("/graphs")}) {
        for (const QFileInfo& file : QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            names << file.completeBaseName();
    }
    return names;
}
QString comparisonPath(const QString& name)
{
    const QString chains = comparisonsDir() + QLatin1Char('/') + name + QStringLiteral(".json");
    return QFileInfo::exists(chains) ? chains
                                     : comparisonsDir() + QStringLiteral("/graphs/") + name + QStringLiteral(".json");
}

Ran tidemarkCompare(const QStringList& arguments)
{
    return runTidemark(tidemarkExecutable(), QStringList {QStringLiteral("compare")} + arguments, kRunTimeoutMs);
}

} // namespace

class TestCompareGolden : public QObject {
    Q_OBJECT

private slots:
    void theBuiltInComparisonsAreThere()
    {
        const QStringList names = comparisonNames();
        QVERIFY(names.contains(QStringLiteral("post000-parallelism")));
        QVERIFY(names.contains(QStringLiteral("post002-lateness")));
        QVERIFY(names.contains(QStringLiteral("orders-payments-idleness")));
    }

    void everyExpectedComparisonBelongsToAComparison()
    {
        const QStringList names = comparisonNames();
        const QSet<QString> comparisons(names.cbegin(), names.cend());
        const QStringList expected
            = QDir(goldenDir(sourceDir())).entryList({QStringLiteral("compare-*.expected.*")}, QDir::Files, QDir::Name);
        QVERIFY(!expected.isEmpty());
        for (const QString& file : expected) {
            const QString name = file.mid(8).section(QLatin1Char('.'), 0, 0);
            QVERIFY2(comparisons.contains(name),
                qPrintable(QStringLiteral("%1 has no comparison %2.json in %3").arg(file, name, comparisonsDir())));
        }
    }

    void comparisonPrintsItsGoldenDifferences_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("format");
        for (const QString& name : comparisonNames()) {
            for (const QString& format : {QStringLiteral("txt"), QStringLiteral("jsonl")})
                QTest::newRow(qPrintable(name + QLatin1Char(' ') + format)) << name << format;
        }
    }
    void comparisonPrintsItsGoldenDifferences()
    {
        QFETCH(QString, name);
        QFETCH(QString, format);
        const QString golden = goldenDir(sourceDir()) + QStringLiteral("/compare-") + name;
        QVERIFY2(QFileInfo::exists(golden + QStringLiteral(".derivation.md")),
            qPrintable(QStringLiteral("comparison %1 has no derivation %2.derivation.md: work it out by hand")
                           .arg(name, golden)));
        const Ran r = tidemarkCompare({comparisonPath(name), QStringLiteral("--format"),
            format == QLatin1String("txt") ? QStringLiteral("text") : format});
        QVERIFY2(r.exitCode == 1,
            qPrintable(QStringLiteral("tidemark compare %1 exited with %2 (1: the runs differ): %3")
                           .arg(name)
                           .arg(r.exitCode)
                           .arg(r.err)));
        QCOMPARE(r.err, QString());
        const auto failure = compareWithGoldenFile(r.out, golden + QStringLiteral(".expected.") + format,
            QStringLiteral("compare-") + name + QLatin1Char('.') + format);
        if (failure)
            QFAIL(qPrintable(*failure));
    }

    void aBuiltInComparisonRunsByItsName()
    {
        const Ran byName = tidemarkCompare({QStringLiteral("post002-lateness")});
        QCOMPARE(byName.exitCode, 1);
        QCOMPARE(byName.out,
            readWholeFile(goldenDir(sourceDir()) + QStringLiteral("/compare-post002-lateness.expected.txt")));
        const Ran list = tidemarkCompare({QStringLiteral("--list")});
        QCOMPARE(list.exitCode, 0);
        for (const QString& name : comparisonNames())
            QVERIFY2(list.out.contains((name + QLatin1Char(' ')).toUtf8()), list.out.constData());
    }

    void aScenarioComparedWithItselfHasNoDifference()
    {
        const QString scenario = examplesDir(sourceDir()) + QStringLiteral("/post000-parallelism3-lateness0.json");
        const Ran same = tidemarkCompare({scenario, scenario});
        QCOMPARE(same.exitCode, 0);
        QCOMPARE(same.out, QByteArray("A: the same pipeline\nB: the same pipeline\nno differences\n"));
    }
};

QTEST_GUILESS_MAIN(TestCompareGolden)
#include "tst_compare_golden.moc"
