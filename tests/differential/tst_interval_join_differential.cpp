// The interval join against Flink's own IntervalJoinOperator: seeded random scripts (bounds inclusive and exclusive,
// negative to positive, with and without late outputs, two to four keys, records in and out of order, watermarks
// on either input, inputs going idle and active) played by Tidemark's IndexedCombinedWatermarkStatus and
// IntervalJoinOperator and by Flink's operator in its KeyedTwoInputStreamOperatorTestHarness (the oracle's
// --interval-join). Every pair, in its order and with its timestamp, every watermark and status forwarded and every
// late record must be the same. Label "oracle": TIDEMARK_ORACLE_JAR names the oracle, TIDEMARK_FLINK_LINE its line.

#include "OracleScripts.h"
#include "engine/core/FlinkVersion.h"
#include "engine/watermark/IndexedCombinedWatermarkStatus.h"
#include "engine/windowing/IntervalJoinOperator.h"

#include <QTest>

#include <random>

using namespace tidemark;
using Side = IntervalJoinOperator::Side;

namespace {

constexpr int kScripts = 300;

struct Op {
    enum class Kind { Record, Watermark, Status };
    Kind kind = Kind::Record;
    Side side = Side::Left; // the input: left is input 1
    int key = 0;
    std::uint32_t id = 0;
    Timestamp ts = 0;
    bool idle = false;
};

struct Script {
    IntervalJoinOperator::Bounds bounds;
    bool lateSideOutputs = false;
    std::vector<Op> ops;
};

const char* const kKeys[] = {"a", "b", "c", "d"};

Script randomScript(std::uint32_t seed)
{
    std::mt19937 rng(seed);
    const auto pick = [&rng](int from, int to) { return std::uniform_int_distribution<int>(from, to)(rng); };
    Script s;
    s.bounds.lower = pick(-3000, 1000);
    s.bounds.upper = s.bounds.lower + pick(0, 4000);
    s.bounds.lowerInclusive = pick(0, 3) != 0;
    s.bounds.upperInclusive = pick(0, 3) != 0;
    // an exclusive bound moved past the other would refuse the bounds: keep them apart by 2 ms
    if (s.bounds.upper - s.bounds.lower < 2 && !(s.bounds.lowerInclusive && s.bounds.upperInclusive))
        s.bounds.upper = s.bounds.lower + 2;
    s.lateSideOutputs = pick(0, 1) == 0;
    const int keys = pick(1, 4);
    const int count = pick(12, 70);
    Timestamp ts = 100000;
    Timestamp watermark[2] = {90000, 90000};
    std::uint32_t id = 0;
    for (int i = 0; i < count; ++i) {
        Op op;
        op.side = pick(0, 1) == 0 ? Side::Left : Side::Right;
        const int what = pick(0, 9);
        if (what < 7) {
            ts += pick(-1500, 1200); // out of order now and then
            op.kind = Op::Kind::Record;
            op.key = pick(0, keys - 1);
            op.id = id++;
            op.ts = ts - pick(0, 3) * 250;
        } else if (what < 9) {
            Timestamp& wm = watermark[op.side == Side::Left ? 0 : 1];
            wm = std::max(wm, ts - pick(0, 2500));
            op.kind = Op::Kind::Watermark;
            op.ts = wm;
        } else {
            op.kind = Op::Kind::Status;
            op.idle = pick(0, 1) == 0;
        }
        s.ops.push_back(op);
    }
    return s;
}

QByteArray scriptJson(const Script& s)
{
    QStringList ops;
    for (const Op& op : s.ops) {
        const int input = op.side == Side::Left ? 1 : 2;
        switch (op.kind) {
        case Op::Kind::Record:
            ops << QStringLiteral("{\"%1\": %2, \"key\": \"%3\", \"id\": %4}")
                       .arg(op.side == Side::Left ? "left" : "right")
                       .arg(op.ts)
                       .arg(QLatin1String(kKeys[op.key]))
                       .arg(op.id);
            break;
        case Op::Kind::Watermark:
            ops << QStringLiteral("{\"watermark%1\": %2}").arg(input).arg(op.ts);
            break;
        case Op::Kind::Status:
            ops << QStringLiteral("{\"status%1\": \"%2\"}").arg(input).arg(op.idle ? "idle" : "active");
            break;
        }
    }
    return QStringLiteral("{\"lower\": %1, \"upper\": %2, \"lowerInclusive\": %3, \"upperInclusive\": %4, "
                          "\"lateSideOutputs\": %5,\n \"ops\": [%6]}\n")
        .arg(s.bounds.lower)
        .arg(s.bounds.upper)
        .arg(s.bounds.lowerInclusive ? "true" : "false", s.bounds.upperInclusive ? "true" : "false",
            s.lateSideOutputs ? "true" : "false", ops.join(QStringLiteral(",\n  ")))
        .toUtf8();
}

// What Tidemark's join puts out, as the oracle prints it. `unsorted`: set when one record's pairs came out of
// timestamp order (the heap state backend's map order at work, not a sorted map's).
QStringList playInTidemark(const Script& s, FlinkVersion line, bool& unsorted)
{
    IndexedCombinedWatermarkStatus inputs(2, line);
    IntervalJoinOperator join(s.bounds, s.lateSideOutputs);
    QStringList lines;
    std::vector<IntervalJoinOperator::Output> out;
    for (const Op& op : s.ops) {
        const int input = op.side == Side::Left ? 0 : 1;
        WatermarkItems items;
        out.clear();
        switch (op.kind) {
        case Op::Kind::Record:
            join.processElement(op.side, KeyId(op.key), op.id, op.ts, out);
            break;
        case Op::Kind::Watermark:
            inputs.processWatermark(input, op.ts, items);
            break;
        case Op::Kind::Status:
            inputs.processWatermarkStatus(input, op.idle ? WatermarkStatus::Idle : WatermarkStatus::Active, items);
            break;
        }
        for (const WatermarkItem& item : items) {
            if (item.isWatermark()) {
                join.processWatermark(item.watermark); // its timers first, then it is forwarded
                lines << QStringLiteral("W %1").arg(item.watermark);
            } else {
                lines << (item.isIdle() ? QStringLiteral("S IDLE") : QStringLiteral("S ACTIVE"));
            }
        }
        Timestamp previous = kMinTimestamp;
        for (const auto& o : out) {
            const QLatin1String key(kKeys[o.key]);
            if (o.kind != IntervalJoinOperator::Output::Kind::Pair)
                continue;
            lines << QStringLiteral("P %1 %2 %3 %4").arg(key).arg(o.left).arg(o.right).arg(o.timestamp);
            const std::uint32_t match = o.side == Side::Left ? o.right : o.left;
            const auto it = std::find_if(s.ops.begin(), s.ops.end(),
                [match](const Op& candidate) { return candidate.kind == Op::Kind::Record && candidate.id == match; });
            unsorted = unsorted || it->ts < previous;
            previous = it->ts;
        }
        for (const auto& o : out) {
            if (o.kind == IntervalJoinOperator::Output::Kind::Late)
                lines << QStringLiteral("L %1 %2 %3 %4")
                             .arg(o.side == Side::Left ? "left" : "right")
                             .arg(QLatin1String(kKeys[o.key]))
                             .arg(o.side == Side::Left ? o.left : o.right)
                             .arg(o.timestamp);
        }
    }
    return lines;
}

} // namespace

class TestIntervalJoinDifferential : public QObject {
    Q_OBJECT

private slots:
    void tidemarkJoinsAsFlinksIntervalJoinOperator()
    {
        test::OracleScripts oracle;
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        const QString lineName = oracle.lineName();
        const FlinkVersion line = oracle.line();
        std::vector<Script> scripts;
        for (int i = 0; i < kScripts; ++i)
            scripts.push_back(randomScript(static_cast<std::uint32_t>(6151 * i + 29)));
        const std::vector<QStringList> flink = oracle.play({QStringLiteral("--interval-join")}, scripts, scriptJson);
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        QCOMPARE(flink.size(), scripts.size());

        int withPairs = 0;
        int withLate = 0;
        int withManyPairs = 0;
        int withMapOrder = 0;
        int mismatching = 0;
        QStringList mismatches;
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            bool unsorted = false;
            const QStringList tidemark = playInTidemark(scripts[i], line, unsorted);
            withMapOrder += unsorted ? 1 : 0;
            const QString all = flink[i].join(u'\n');
            withPairs += all.contains(QLatin1String("P ")) ? 1 : 0;
            withLate += scripts[i].lateSideOutputs && all.contains(QLatin1String("L ")) ? 1 : 0;
            withManyPairs += flink[i].filter(QStringLiteral("P ")).size() >= 10 ? 1 : 0;
            if (tidemark != flink[i]) {
                ++mismatching;
                if (mismatches.size() < 3)
                    mismatches << QStringLiteral("script-%1.json:\n%2\n  Flink:    %3\n  Tidemark: %4")
                                      .arg(i, 3, 10, QLatin1Char('0'))
                                      .arg(QString::fromUtf8(scriptJson(scripts[i])),
                                          flink[i].join(QLatin1String(" | ")), tidemark.join(QLatin1String(" | ")));
            }
        }
        qInfo("Flink %s: %zu scripts, %d with pairs (%d with 10 or more, %d where a record's pairs leave timestamp "
              "order), %d with late records to a side output, %d mismatching (the first 3 shown)",
            qPrintable(lineName), scripts.size(), withPairs, withManyPairs, withMapOrder, withLate, mismatching);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(u'\n')));
        // a comparison where nothing was joined is no comparison
        QVERIFY(withPairs > kScripts * 8 / 10);
        QVERIFY(withManyPairs > kScripts / 4);
        QVERIFY(withLate > kScripts / 10);
        QVERIFY(withMapOrder > kScripts / 20);
    }
};

QTEST_GUILESS_MAIN(TestIntervalJoinDifferential)
#include "tst_interval_join_differential.moc"
