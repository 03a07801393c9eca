// Tidemark's process functions against the same functions in Flink's KeyedProcessOperator: seeded random scripts
// (one to five keys, records in and out of order, late ones, watermarks, several keys' timers due together) played by
// Tidemark's KeyedProcessOperator with the event-time KeyTimeout or SortUntilWatermark and by the oracle's --process,
// whose Java functions are their twins. After every record or watermark, each key's outputs in their order, with their
// timestamps, and the watermark forwarded must be the same; the order between keys whose timers are due together is
// left open, as Flink leaves it (its timer heap's). Label "oracle": TIDEMARK_ORACLE_JAR, TIDEMARK_FLINK_LINE.

#include "OracleScripts.h"
#include "engine/core/FlinkVersion.h"
#include "engine/windowing/ProcessFunctions.h"

#include <QTest>

#include <map>
#include <random>

using namespace tidemark;

namespace {

constexpr int kScripts = 300;
const char* const kKeys[] = {"a", "b", "c", "d", "e"};

struct Op {
    bool watermark = false;
    int key = 0;
    std::uint32_t id = 0;
    Timestamp ts = 0;
};

struct Script {
    bool timeout = true;
    DurationMs timeoutMs = 1000;
    std::vector<Op> ops;
};

Script randomScript(std::uint32_t seed)
{
    std::mt19937 rng(seed);
    const auto pick = [&rng](int from, int to) { return std::uniform_int_distribution<int>(from, to)(rng); };
    Script s;
    s.timeout = pick(0, 1) == 0;
    s.timeoutMs = pick(1, 8) * 250;
    const int keys = pick(1, 5);
    const int count = pick(8, 60);
    Timestamp ts = 100000;
    Timestamp wm = 99000;
    std::uint32_t id = 0;
    for (int i = 0; i < count; ++i) {
        Op op;
        if (pick(0, 4) == 0) {
            wm = std::max(wm, ts - pick(0, 1500));
            op.watermark = true;
            op.ts = wm;
        } else {
            ts += pick(-600, 900); // out of order now and then, and late behind the watermark
            op.key = pick(0, keys - 1);
            op.id = id++;
            op.ts = ts - pick(0, 2) * 250; // equal times across keys: timers due together
        }
        s.ops.push_back(op);
    }
    s.ops.push_back({true, 0, 0, ts + 10000}); // everything still waiting comes due
    return s;
}

QByteArray scriptJson(const Script& s)
{
    QStringList ops;
    for (const Op& op : s.ops) {
        ops << (op.watermark ? QStringLiteral("{\"watermark\": %1}").arg(op.ts)
                             : QStringLiteral("{\"key\": \"%1\", \"id\": %2, \"ts\": %3}")
                                   .arg(QLatin1String(kKeys[op.key]))
                                   .arg(op.id)
                                   .arg(op.ts));
    }
    return QStringLiteral("{\"function\": \"%1\", \"timeoutMs\": %2,\n \"ops\": [%3]}\n")
        .arg(s.timeout ? "timeout" : "sort")
        .arg(s.timeoutMs)
        .arg(ops.join(QStringLiteral(",\n  ")))
        .toUtf8();
}

// One op's output: each key's records in their order, and the watermark forwarded (if any).
struct OpOutput {
    std::map<QString, QStringList> byKey;
    QString watermark;
    bool operator==(const OpOutput&) const = default;
    QString text() const
    {
        QStringList parts;
        for (const auto& [key, lines] : byKey)
            parts << key + QLatin1Char('[') + lines.join(QLatin1Char(' ')) + QLatin1Char(']');
        if (!watermark.isEmpty())
            parts << QStringLiteral("W ") + watermark;
        return parts.join(QLatin1Char(' '));
    }
};

std::vector<OpOutput> playInTidemark(const Script& s)
{
    std::unique_ptr<KeyedProcessFunction> function;
    if (s.timeout)
        function = std::make_unique<KeyTimeout>(s.timeoutMs, TimeDomain::Event);
    else
        function = std::make_unique<SortUntilWatermark>();
    KeyedProcessOperator op(std::move(function));
    std::vector<OpOutput> outputs;
    std::vector<ProcessOutput> out;
    for (const Op& o : s.ops) {
        out.clear();
        if (o.watermark)
            op.processWatermark(o.ts, out);
        else
            op.processElement(KeyId(o.key), o.id, o.ts, out);
        OpOutput result;
        for (const ProcessOutput& p : out) {
            const QString key = QLatin1String(kKeys[p.key]);
            result.byKey[key] << QStringLiteral("%1@%2").arg(p.value).arg(p.timestamp ? *p.timestamp : -1);
        }
        if (o.watermark)
            result.watermark = QString::number(o.ts);
        outputs.push_back(result);
    }
    return outputs;
}

} // namespace

class TestProcessDifferential : public QObject {
    Q_OBJECT

private slots:
    void tidemarksProcessFunctionsRunAsInFlink()
    {
        test::OracleScripts oracle;
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        const QString lineName = oracle.lineName();
        std::vector<Script> scripts;
        for (int i = 0; i < kScripts; ++i)
            scripts.push_back(randomScript(static_cast<std::uint32_t>(4513 * i + 71)));
        const std::vector<QStringList> played = oracle.play({QStringLiteral("--process")}, scripts, scriptJson);
        QVERIFY2(oracle.error().isEmpty(), qPrintable(oracle.error()));
        // "#OP" ends each record's or watermark's output
        std::vector<std::vector<OpOutput>> flink;
        for (const QStringList& lines : played) {
            flink.emplace_back();
            for (const QString& l : lines) {
                if (l == QLatin1String("#OP")) {
                    flink.back().emplace_back();
                } else if (l.startsWith(QLatin1String("P "))) {
                    const QStringList f = l.split(u' ');
                    flink.back().back().byKey[f[1]] << QStringLiteral("%1@%2").arg(f[2], f[3]);
                } else if (l.startsWith(QLatin1String("W "))) {
                    flink.back().back().watermark = l.mid(2);
                }
            }
        }
        QCOMPARE(flink.size(), scripts.size());

        int withTimers = 0; // scripts where a timer put something out before the last watermark
        int withTies = 0; // where one watermark fired timers of several keys
        int mismatching = 0;
        QStringList mismatches;
        for (std::size_t i = 0; i < scripts.size(); ++i) {
            const std::vector<OpOutput> tidemark = playInTidemark(scripts[i]);
            bool fired = false;
            bool tie = false;
            for (std::size_t k = 0; k + 1 < tidemark.size(); ++k) {
                fired = fired || (!tidemark[k].watermark.isEmpty() && !tidemark[k].byKey.empty());
                tie = tie || tidemark[k].byKey.size() > 1;
            }
            withTimers += fired ? 1 : 0;
            withTies += tie ? 1 : 0;
            if (tidemark != flink[i]) {
                ++mismatching;
                std::size_t k = 0;
                while (k < tidemark.size() && k < flink[i].size() && tidemark[k] == flink[i][k])
                    ++k;
                if (mismatches.size() < 3)
                    mismatches << QStringLiteral("script-%1.json, op %2:\n%3\n  Flink:    %4\n  Tidemark: %5")
                                      .arg(i, 3, 10, QLatin1Char('0'))
                                      .arg(k)
                                      .arg(QString::fromUtf8(scriptJson(scripts[i])),
                                          k < flink[i].size() ? flink[i][k].text() : QStringLiteral("(nothing)"),
                                          k < tidemark.size() ? tidemark[k].text() : QStringLiteral("(nothing)"));
            }
        }
        qInfo("Flink %s: %zu scripts, %d with timers firing before the end, %d with several keys' timers due together, "
              "%d mismatching (the first 3 shown)",
            qPrintable(lineName), scripts.size(), withTimers, withTies, mismatching);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(u'\n')));
        QVERIFY(withTimers > kScripts * 2 / 3);
        QVERIFY(withTies > kScripts / 10);
    }
};

QTEST_GUILESS_MAIN(TestProcessDifferential)
#include "tst_process_differential.moc"
