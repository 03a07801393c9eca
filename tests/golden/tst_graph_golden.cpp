// Runs `tidemark run <graph> --format text|jsonl` on every built-in job graph (resources/examples/graphs/<name>.json)
// and compares what it prints with the hand-derived expected output next to this file (graph-<name>.expected.txt
// and .jsonl, derivation in graph-<name>.derivation.md). On a mismatch the actual output is written to
// graph-<name>.<format>.actual in the build folder and a unified diff is printed.

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
QString graphsDir()
{
    return examplesDir(sourceDir()) + QStringLiteral("/graphs");
}
QStringList graphNames()
{
    QStringList names;
    for (const QFileInfo& file : QDir(graphsDir()).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << file.completeBaseName();
    return names;
}
Ran tidemarkRun(const QStringList& arguments)
{
    return runTidemark(settingOr("TIDEMARK_EXECUTABLE", QStringLiteral(TIDEMARK_DEFAULT_EXECUTABLE)),
        QStringList {QStringLiteral("run")} + arguments, kRunTimeoutMs);
}

} // namespace

class TestGraphGolden : public QObject {
    Q_OBJECT

private slots:
    void theBuiltInGraphsAreThere()
    {
        const QStringList names = graphNames();
        QVERIFY(names.contains(QStringLiteral("orders-payments-join-stalls")));
        QVERIFY(names.contains(QStringLiteral("window-over-window")));
        QVERIFY(names.contains(QStringLiteral("orders-unpaid-timeout")));
    }

    void everyExpectedOutputBelongsToAGraph()
    {
        const QStringList names = graphNames();
        const QSet<QString> graphs(names.cbegin(), names.cend());
        const QStringList expected
            = QDir(goldenDir(sourceDir())).entryList({QStringLiteral("graph-*.expected.*")}, QDir::Files, QDir::Name);
        QVERIFY(!expected.isEmpty());
        for (const QString& file : expected) {
            const QString name = file.mid(6).section(QLatin1Char('.'), 0, 0);
            QVERIFY2(graphs.contains(name),
                qPrintable(QStringLiteral("%1 has no graph %2.json in %3").arg(file, name, graphsDir())));
        }
    }

    void graphPrintsItsGoldenOutput_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("format");
        for (const QString& name : graphNames()) {
            for (const QString& format : {QStringLiteral("txt"), QStringLiteral("jsonl")})
                QTest::newRow(qPrintable(name + QLatin1Char(' ') + format)) << name << format;
        }
    }
    void graphPrintsItsGoldenOutput()
    {
        QFETCH(QString, name);
        QFETCH(QString, format);
        const QString golden = goldenDir(sourceDir()) + QStringLiteral("/graph-") + name;
        QVERIFY2(QFileInfo::exists(golden + QStringLiteral(".derivation.md")),
            qPrintable(
                QStringLiteral("graph %1 has no derivation %2.derivation.md: work it out by hand").arg(name, golden)));
        const Ran r = tidemarkRun({graphsDir() + QLatin1Char('/') + name + QStringLiteral(".json"),
            QStringLiteral("--format"), format == QLatin1String("txt") ? QStringLiteral("text") : format});
        QVERIFY2(r.exitCode == 0,
            qPrintable(QStringLiteral("tidemark run %1 exited with %2: %3").arg(name).arg(r.exitCode).arg(r.err)));
        QCOMPARE(r.err, QString());
        if (const auto failure = compareWithGoldenFile(r.out, golden + QStringLiteral(".expected.") + format,
                QStringLiteral("graph-") + name + QLatin1Char('.') + format))
            QFAIL(qPrintable(*failure));
    }

    void optionsThatChangeAChainAreRefusedForAGraph()
    {
        const Ran r = tidemarkRun({graphsDir() + QStringLiteral("/window-over-window.json"),
            QStringLiteral("--parallelism"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("is a job graph")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestGraphGolden)
#include "tst_graph_golden.moc"
