#include "WatermarkConformanceSupport.h"

#include "engine/watermark/IndexedCombinedWatermarkStatus.h"
#include "engine/windowing/HeapMapStateOrder.h"
#include "engine/windowing/IntervalJoinOperator.h"

#include <QTest>

#include <algorithm>

using namespace tidemark;
using Side = IntervalJoinOperator::Side;

namespace {

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

QStringList timestampsOf(simdjson::dom::array values)
{
    QStringList out;
    for (const simdjson::dom::element v : values)
        out << QString::number(conformance::int64Of(v));
    return sorted(out);
}

QStringList timestampsOf(const std::vector<Timestamp>& values)
{
    QStringList out;
    for (const Timestamp v : values)
        out << QString::number(v);
    return sorted(out);
}

} // namespace

// kind = "interval-join": IntervalJoinOperatorTest, its watermarks combined as the operator combines its two inputs;
// and the map order the join walks its buffers in, against java.util.HashMap.
class TestConformanceIntervalJoin : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEveryIntervalJoinCase() { QCOMPARE(conformance::caseFilesOfKind("interval-join").size(), 14); }

    void intervalJoinMatchesFlink_data() { conformance::addCaseRows("interval-join"); }
    void intervalJoinMatchesFlink()
    {
        QFETCH(QString, file);
        simdjson::dom::parser parser;
        const simdjson::dom::element doc = parser.load(file.toStdString());
        const simdjson::dom::array between = doc["between"];
        const IntervalJoinOperator::Bounds bounds {conformance::int64Of(between.at(0)),
            conformance::int64Of(between.at(1)), bool(doc["lowerInclusive"]), bool(doc["upperInclusive"])};
        const simdjson::dom::array input = doc["input"];
        bool hasBothOrders = false;
        for (const simdjson::dom::object step : input)
            hasBothOrders = hasBothOrders || conformance::has(step, "elementsAndWatermarks");
        for (const bool leftFirst : {true, false}) {
            if (!leftFirst && !hasBothOrders)
                break;
            const QString run = leftFirst ? QStringLiteral("left side first") : QStringLiteral("right side first");
            IntervalJoinOperator join(bounds, bool(doc["lateSideOutputs"]));
            IndexedCombinedWatermarkStatus inputs(2, kNewestFlinkVersion);
            std::vector<IntervalJoinOperator::Output> out;
            std::uint32_t element = 0;
            const auto record = [&](Side side, Timestamp ts) { join.processElement(side, 0, element++, ts, out); };
            const auto watermark = [&](int which, Timestamp ts) {
                WatermarkItems items;
                inputs.processWatermark(which, ts, items);
                for (const WatermarkItem& item : items)
                    join.processWatermark(item.watermark);
            };
            std::int64_t index = 0;
            for (const simdjson::dom::object step : input) {
                if (conformance::has(step, "left")) {
                    record(Side::Left, conformance::int64Of(step["left"]));
                } else if (conformance::has(step, "right")) {
                    record(Side::Right, conformance::int64Of(step["right"]));
                } else if (conformance::has(step, "watermark1")) {
                    watermark(0, conformance::int64Of(step["watermark1"]));
                } else if (conformance::has(step, "watermark2")) {
                    watermark(1, conformance::int64Of(step["watermark2"]));
                } else {
                    const simdjson::dom::array range = step["elementsAndWatermarks"];
                    for (const Side side :
                        leftFirst ? std::array {Side::Left, Side::Right} : std::array {Side::Right, Side::Left}) {
                        for (auto ts = conformance::int64Of(range.at(0)); ts <= conformance::int64Of(range.at(1));
                             ++ts) {
                            record(side, ts);
                            watermark(side == Side::Left ? 0 : 1, ts);
                        }
                    }
                }
                simdjson::dom::array checks;
                if (doc["bufferChecks"].get(checks) == simdjson::SUCCESS) {
                    for (const simdjson::dom::object check : checks) {
                        if (conformance::int64Of(check["after"]) != index)
                            continue;
                        QCOMPARE(timestampsOf(join.bufferedTimestamps(0, Side::Left)),
                            timestampsOf(simdjson::dom::array(check["left"])));
                        QCOMPARE(timestampsOf(join.bufferedTimestamps(0, Side::Right)),
                            timestampsOf(simdjson::dom::array(check["right"])));
                    }
                }
                ++index;
            }
            // every record's timestamp, by its element number, to name the pairs
            QStringList pairs;
            QStringList lateLeft;
            QStringList lateRight;
            std::vector<Timestamp> tsOf;
            for (const simdjson::dom::object step : input) {
                if (conformance::has(step, "left"))
                    tsOf.push_back(conformance::int64Of(step["left"]));
                else if (conformance::has(step, "right"))
                    tsOf.push_back(conformance::int64Of(step["right"]));
                else if (conformance::has(step, "elementsAndWatermarks")) {
                    const simdjson::dom::array range = step["elementsAndWatermarks"];
                    for (int side = 0; side < 2; ++side)
                        for (auto ts = conformance::int64Of(range.at(0)); ts <= conformance::int64Of(range.at(1)); ++ts)
                            tsOf.push_back(ts);
                }
            }
            for (const auto& o : out) {
                if (o.kind == IntervalJoinOperator::Output::Kind::Pair) {
                    QCOMPARE(o.timestamp, std::max(tsOf[o.left], tsOf[o.right]));
                    pairs << QStringLiteral("%1,%2").arg(tsOf[o.left]).arg(tsOf[o.right]);
                } else if (o.kind == IntervalJoinOperator::Output::Kind::Late) {
                    (o.side == Side::Left ? lateLeft : lateRight) << QString::number(o.timestamp);
                }
            }
            simdjson::dom::array expected;
            if (doc["expected"].get(expected) == simdjson::SUCCESS) {
                QStringList want;
                for (const simdjson::dom::array pair : expected)
                    want << QStringLiteral("%1,%2")
                                .arg(conformance::int64Of(pair.at(0)))
                                .arg(conformance::int64Of(pair.at(1)));
                if (sorted(pairs) != sorted(want))
                    qWarning("%s", qPrintable(run));
                QCOMPARE(sorted(pairs), sorted(want));
            }
            simdjson::dom::object late;
            if (doc["expectedLate"].get(late) == simdjson::SUCCESS) {
                QCOMPARE(sorted(lateLeft), timestampsOf(simdjson::dom::array(late["left"])));
                QCOMPARE(sorted(lateRight), timestampsOf(simdjson::dom::array(late["right"])));
            }
        }
    }

    // The order the heap state backend walks a MapState<Long, …> in, as java.util.HashMap iterates (the orders below
    // were printed by a JDK 17 HashMap given the same puts and removes).
    void theBufferIsWalkedInJavaHashMapOrder()
    {
        HeapMapStateOrder epochSeconds;
        for (int i = 0; i < 40; ++i)
            epochSeconds.put(1538359882000 + i * 1000LL);
        const auto fromBase = [](std::initializer_list<int> seconds) {
            std::vector<Timestamp> out;
            for (const int s : seconds)
                out.push_back(1538359882000 + s * 1000LL);
            return out;
        };
        QCOMPARE(epochSeconds.keys(),
            fromBase({6, 14, 22, 30, 38, 3, 11, 19, 27, 35, 0, 8, 16, 24, 32, 5, 13, 21, 29, 37, 2, 10, 18, 26, 34, 7,
                15, 23, 31, 39, 4, 12, 20, 28, 36, 1, 9, 17, 25, 33}));
        for (int i = 0; i < 40; i += 4)
            epochSeconds.remove(1538359882000 + i * 1000LL);
        for (int i = 0; i < 20; i += 4)
            epochSeconds.put(1538359882000 + i * 1000LL);
        QCOMPARE(epochSeconds.keys(),
            fromBase({6, 14, 22, 30, 38, 3, 11, 19, 27, 35, 0, 8, 16, 5, 13, 21, 29, 37, 2, 10, 18, 26, 34, 7, 15, 23,
                31, 39, 4, 12, 1, 9, 17, 25, 33}));

        HeapMapStateOrder small;
        for (const Timestamp v : {5LL, -3LL, 17LL, 1LL << 33, -(1LL << 40), 33LL, 1LL, 16LL, 0LL, -1LL})
            small.put(v);
        QCOMPARE(small.keys(), (std::vector<Timestamp> {16, 0, -1, 17, 33, 1, -3, 1LL << 33, 5, -(1LL << 40)}));

        // ten keys of one hash: their bucket grows the table to 64 (a bucket of nine in a smaller table doubles it),
        // in put order
        HeapMapStateOrder oneBucket;
        for (Timestamp i = 10; i >= 1; --i)
            oneBucket.put((i << 32) | i);
        for (const Timestamp v : {3LL, 65LL, 1LL})
            oneBucket.put(v);
        std::vector<Timestamp> expected;
        for (Timestamp i = 10; i >= 1; --i)
            expected.push_back((i << 32) | i);
        expected.insert(expected.end(), {65, 1, 3});
        QCOMPARE(oneBucket.keys(), expected);
        QCOMPARE(oneBucket.capacity(), std::size_t(64));
        QCOMPARE(oneBucket.treeBins(), 0);
        // an eleventh key there makes Java's bucket a tree, walked from its root (the key of 7 first): counted
        oneBucket.put(64);
        QCOMPARE(oneBucket.treeBins(), 1);

        // a map whose last key goes is dropped: the next one starts at 16 buckets again
        HeapMapStateOrder emptied;
        for (int i = 0; i < 20; ++i)
            emptied.put(i);
        QCOMPARE(emptied.capacity(), std::size_t(32));
        for (int i = 0; i < 20; ++i)
            emptied.remove(i);
        emptied.put(5);
        QCOMPARE(emptied.capacity(), std::size_t(16));
    }

    // One record's pairs come out in the order the heap state backend walks the other side's buffer: twenty right
    // records a second apart, then a left record that joins them all (the order a JDK 17 HashMap iterates them in).
    void aRecordsPairsComeInTheOtherBuffersMapOrder()
    {
        IntervalJoinOperator join({-60'000, 60'000, true, true}, false);
        std::vector<IntervalJoinOperator::Output> out;
        for (std::uint32_t i = 0; i < 20; ++i)
            join.processElement(Side::Right, 0, i, 1538359882000 + i * 1000LL, out);
        QVERIFY(out.empty());
        join.processElement(Side::Left, 0, 100, 1538359891000, out);
        std::vector<std::uint32_t> rights;
        for (const auto& o : out) {
            QCOMPARE(o.left, std::uint32_t(100));
            QCOMPARE(o.timestamp, std::max<Timestamp>(1538359891000, 1538359882000 + o.right * 1000LL));
            rights.push_back(o.right);
        }
        QCOMPARE(rights,
            (std::vector<std::uint32_t> {2, 6, 10, 14, 18, 3, 7, 11, 15, 19, 0, 4, 8, 12, 16, 1, 5, 9, 13, 17}));
        QCOMPARE(join.treeBins(), 0); // no bucket Java would have made a tree of: the order is Java's
    }

    void boundsThatCannotHoldAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, IntervalJoinOperator({5, 4, true, true}, false));
    }
};

QTEST_APPLESS_MAIN(TestConformanceIntervalJoin)
#include "tst_conformance_interval_join.moc"
