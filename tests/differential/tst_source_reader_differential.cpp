// A Kafka source reader's watermarks against Flink's own classes: seeded random scripts (1 to 8 partitions, some of
// them silent, bounded or monotonous, periodic or per-event emission, with and without idleness) played by
// Tidemark's ProgressiveTimestampsAndWatermarks and by Flink's (the oracle's --source-reader: its
// ProgressiveTimestampsAndWatermarks, WatermarkOutputMultiplexer and WatermarksWithIdleness on a test
// processing-time service). Everything the reader forwards, with the processing time it forwards it at, must be
// the same. Label "oracle": TIDEMARK_ORACLE_JAR names the oracle, TIDEMARK_FLINK_LINE its Flink line.

#include "OracleScripts.h"
#include "engine/core/FlinkVersion.h"
#include "engine/watermark/ProgressiveTimestampsAndWatermarks.h"
#include "engine/watermark/WatermarkChannel.h"

#include <QTest>

#include <random>

using namespace tidemark;

namespace {

constexpr int kScripts = 300;

struct Record {
    int split;
    Timestamp ts;
    Timestamp at;
};

struct Script {
    WatermarkConfig watermarks;
    int splits = 1;
    std::vector<Record> records;
    Timestamp endMs = 0;
};

Script randomScript(std::uint32_t seed)
{
    std::mt19937 rng(seed);
    const auto pick = [&rng](int from, int to) { return std::uniform_int_distribution<int>(from, to)(rng); };
    Script s;
    WatermarkConfig& w = s.watermarks;
    w.strategy
        = pick(0, 3) == 0 ? WatermarkConfig::Strategy::Monotonous : WatermarkConfig::Strategy::BoundedOutOfOrderness;
    const DurationMs delays[] = {0, 500, 1000, 3000};
    w.maxOutOfOrdernessMs = w.strategy == WatermarkConfig::Strategy::Monotonous ? 0 : delays[pick(0, 3)];
    w.emission = pick(0, 4) == 0 ? WatermarkConfig::Emission::PerEvent : WatermarkConfig::Emission::Periodic;
    const DurationMs periods[] = {100, 200, 500};
    w.periodMs = periods[pick(0, 2)];
    const DurationMs idleness[] = {300, 1000, 2500};
    w.idlenessMs = pick(0, 1) == 0 ? 0 : idleness[pick(0, 2)];
    s.splits = pick(1, 8);
    // a few partitions stay silent, as a topic's often do
    const int talking = pick(1, s.splits);
    const int count = pick(0, 40);
    Timestamp at = 0;
    Timestamp ts = 100000;
    for (int i = 0; i < count; ++i) {
        at += pick(0, 3) == 0 ? pick(1500, 4000) : pick(0, 700);
        ts += pick(-2000, 3000);
        s.records.push_back({pick(0, talking - 1), ts, at});
    }
    s.endMs = at + w.idlenessMs + 3 * w.periodMs + pick(0, 1000);
    return s;
}

QString splitId(int split)
{
    return QStringLiteral("topic-%1").arg(split);
}

QByteArray scriptJson(const Script& s)
{
    const WatermarkConfig& w = s.watermarks;
    QStringList splits;
    for (int i = 0; i < s.splits; ++i)
        splits << QStringLiteral("\"%1\"").arg(splitId(i));
    QStringList records;
    for (const Record& r : s.records)
        records
            << QStringLiteral("{\"split\": \"%1\", \"ts\": %2, \"at\": %3}").arg(splitId(r.split)).arg(r.ts).arg(r.at);
    return QStringLiteral("{\"watermarks\": {\"strategy\": \"%1\", \"maxOutOfOrdernessMs\": %2, \"emit\": \"%3\", "
                          "\"periodMs\": %4, \"idlenessMs\": %5},\n \"splits\": [%6],\n \"records\": [%7],\n "
                          "\"endMs\": %8}\n")
        .arg(w.strategy == WatermarkConfig::Strategy::Monotonous ? "monotonous" : "bounded-out-of-orderness")
        .arg(w.maxOutOfOrdernessMs)
        .arg(w.emission == WatermarkConfig::Emission::PerEvent ? "per-event" : "periodic")
        .arg(w.periodMs)
        .arg(w.idlenessMs)
        .arg(splits.join(QStringLiteral(", ")), records.join(QStringLiteral(",\n  ")))
        .arg(s.endMs)
        .toUtf8();
}

// What Tidemark's reader forwards, as the oracle prints it: "AT W<ts>", "AT IDLE", "AT ACTIVE".
QStringList playInTidemark(const Script& s, FlinkVersion line)
{
    ProgressiveTimestampsAndWatermarks<StrategyWatermarkGenerator> reader(
        StrategyWatermarkGenerator(s.watermarks), line, s.watermarks.emission == WatermarkConfig::Emission::PerEvent);
    for (int i = 0; i < s.splits; ++i)
        reader.addSplit(splitId(i).toStdString());
    QStringList lines;
    const auto note = [&lines](Timestamp at, const WatermarkItems& items) {
        for (const WatermarkItem& item : items) {
            lines << QStringLiteral("%1 %2").arg(at).arg(item.isWatermark() ? QStringLiteral("W%1").arg(item.watermark)
                    : item.isIdle()                                         ? QStringLiteral("IDLE")
                                                                            : QStringLiteral("ACTIVE"));
        }
    };
    Timestamp nextTick = s.watermarks.periodMs;
    const auto ticksUntil = [&](Timestamp to) {
        for (; nextTick <= to; nextTick += s.watermarks.periodMs) {
            WatermarkItems out;
            reader.onPeriodicEmit(nextTick, out);
            note(nextTick, out);
        }
    };
    for (const Record& r : s.records) {
        ticksUntil(r.at);
        WatermarkItems out;
        reader.onSplitRecord(splitId(r.split).toStdString(), r.ts, r.at, out);
        note(r.at, out);
    }
    ticksUntil(s.endMs);
    return lines;
}

} // namespace

class TestSourceReaderDifferential : public QObject {
    Q_OBJECT

private slots:
    void tidemarkForwardsWhatFlinksReaderForwards()
    {
        test::OracleScripts oracle;
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        const QString lineName = oracle.lineName();
        const FlinkVersion line = oracle.line();
        std::vector<Script> scripts;
        for (int i = 0; i < kScripts; ++i)
            scripts.push_back(randomScript(static_cast<std::uint32_t>(7919 * i + 13)));
        const std::vector<QStringList> flink = oracle.play({QStringLiteral("--source-reader")}, scripts, scriptJson);
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        QCOMPARE(flink.size(), scripts.size());

        int compared = 0;
        int idle = 0;
        int mismatching = 0;
        QStringList mismatches;
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            const QStringList tidemark = playInTidemark(scripts[i], line);
            if (!flink[i].isEmpty())
                ++compared;
            if (flink[i].join(u' ').contains(QLatin1String("IDLE")))
                ++idle;
            if (tidemark != flink[i])
                ++mismatching;
            if (tidemark != flink[i] && mismatches.size() < 5) {
                mismatches << QStringLiteral("script-%1.json:\n%2\n  Flink:    %3\n  Tidemark: %4")
                                  .arg(i, 3, 10, QLatin1Char('0'))
                                  .arg(QString::fromUtf8(scriptJson(scripts[i])), flink[i].join(QLatin1String(" | ")),
                                      tidemark.join(QLatin1String(" | ")));
            }
        }
        qInfo("Flink %s: %zu scripts, %d with something forwarded, %d going idle, %lld mismatching (the first 5 shown)",
            qPrintable(lineName), scripts.size(), compared, idle, static_cast<long long>(mismatching));
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(u'\n')));
        // a comparison where nothing happened is no comparison
        QVERIFY(compared > kScripts / 2);
        QVERIFY(idle > kScripts / 10);
    }
};

QTEST_GUILESS_MAIN(TestSourceReaderDifferential)
#include "tst_source_reader_differential.moc"
