#include "engine/core/Keys.h"
#include "engine/runtime/KeyGroupRangeAssignment.h"
#include "engine/runtime/Partitioners.h"

#include <QTest>

using namespace tidemark;

class TestKeyGroupAssignment : public QObject {
    Q_OBJECT

private slots:
    // The table of flink-semantics.md §8 (Flink's formulas run in Java 17).
    void keysGoToTheSubtasksFlinkRoutesThemTo_data()
    {
        QTest::addColumn<int>("keyHash");
        QTest::addColumn<int>("murmur");
        QTest::addColumn<int>("keyGroup");
        QTest::addColumn<QList<int>>("subtasks"); // p = 2, 3, 4, 8
        const auto row = [](const char* name, std::int32_t hash, int murmur, int kg, QList<int> subtasks) {
            QTest::newRow(name) << int(hash) << murmur << kg << subtasks;
        };
        row("\"\"", javaStringHashCode(""), 593689054, 94, {1, 2, 2, 5});
        row("\"a\"", javaStringHashCode("a"), 1455541201, 81, {1, 1, 2, 5});
        row("\"0001\"", javaStringHashCode("0001"), 399430144, 0, {0, 0, 0, 0});
        row("\"key1\"", javaStringHashCode("key1"), 226217641, 41, {0, 0, 1, 2});
        row("\"key2\"", javaStringHashCode("key2"), 452939803, 27, {0, 0, 0, 1});
        row("\"test_key\"", javaStringHashCode("test_key"), 1537372832, 32, {0, 0, 1, 2});
        row("\"sensor_1\"", javaStringHashCode("sensor_1"), 1770583113, 73, {1, 1, 2, 4});
        row("\"e acute\"", javaStringHashCode("\xC3\xA9"), 1107437598, 30, {0, 0, 0, 1});
        row("\"emoji\" (surrogate pair)", javaStringHashCode("\xF0\x9F\x98\x80"), 1934073014, 54, {0, 1, 1, 3});
        row("Integer/Long 1", 1, 68075478, 86, {1, 2, 2, 5});
    }
    void keysGoToTheSubtasksFlinkRoutesThemTo()
    {
        QFETCH(int, keyHash);
        QFETCH(int, murmur);
        QFETCH(int, keyGroup);
        QFETCH(QList<int>, subtasks);
        QCOMPARE(flinkMurmurHash(keyHash), murmur);
        QCOMPARE(KeyGroupRangeAssignment::computeKeyGroupForKeyHash(keyHash, 128), keyGroup);
        QCOMPARE(KeyGroupRangeAssignment::assignToKeyGroup(keyHash, 128), keyGroup);
        const int parallelisms[] = {2, 3, 4, 8};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(KeyGroupRangeAssignment::assignKeyToParallelOperator(keyHash, 128, parallelisms[i]), subtasks[i]);
            QCOMPARE(
                KeyGroupRangeAssignment::computeOperatorIndexForKeyGroup(128, parallelisms[i], keyGroup), subtasks[i]);
        }
        QCOMPARE(KeyGroupRangeAssignment::assignKeyToParallelOperator(keyHash, 128, 1), 0);
    }

    void murmurHashIsNeverNegative()
    {
        for (const std::int32_t code :
            {0, 1, -1, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max(), -1146455758})
            QVERIFY(flinkMurmurHash(code) >= 0);
    }

    void subtasksOwnContiguousKeyGroupRanges_data()
    {
        QTest::addColumn<int>("parallelism");
        QTest::addColumn<int>("subtask");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("end");
        QTest::newRow("p=3, subtask 0") << 3 << 0 << 0 << 42;
        QTest::newRow("p=3, subtask 1") << 3 << 1 << 43 << 85;
        QTest::newRow("p=3, subtask 2") << 3 << 2 << 86 << 127;
        QTest::newRow("p=1") << 1 << 0 << 0 << 127;
        QTest::newRow("p=128, subtask 5") << 128 << 5 << 5 << 5;
    }
    void subtasksOwnContiguousKeyGroupRanges()
    {
        QFETCH(int, parallelism);
        QFETCH(int, subtask);
        QFETCH(int, start);
        QFETCH(int, end);
        const auto range = KeyGroupRangeAssignment::computeKeyGroupRangeForOperatorIndex(128, parallelism, subtask);
        QCOMPARE(range.startKeyGroup, start);
        QCOMPARE(range.endKeyGroup, end);
        QCOMPARE(range.numberOfKeyGroups(), end - start + 1);
    }

    void everyKeyGroupRoutesToTheSubtaskWhoseRangeHoldsIt()
    {
        for (int p = 1; p <= 20; ++p) {
            for (int kg = 0; kg < 128; ++kg) {
                const int subtask = KeyGroupRangeAssignment::computeOperatorIndexForKeyGroup(128, p, kg);
                QVERIFY(KeyGroupRangeAssignment::computeKeyGroupRangeForOperatorIndex(128, p, subtask).contains(kg));
            }
        }
    }

    void defaultMaxParallelismGrowsWithParallelism_data()
    {
        QTest::addColumn<int>("parallelism");
        QTest::addColumn<int>("maxParallelism");
        QTest::newRow("1") << 1 << 128;
        QTest::newRow("3") << 3 << 128;
        QTest::newRow("85") << 85 << 128;
        QTest::newRow("86") << 86 << 256;
        QTest::newRow("171") << 171 << 256;
        QTest::newRow("172") << 172 << 512;
        QTest::newRow("341") << 341 << 512;
        QTest::newRow("342") << 342 << 1024;
        QTest::newRow("21845") << 21845 << 32768;
        QTest::newRow("32768, capped") << 32768 << 32768;
    }
    void defaultMaxParallelismGrowsWithParallelism()
    {
        QFETCH(int, parallelism);
        QFETCH(int, maxParallelism);
        QCOMPARE(KeyGroupRangeAssignment::computeDefaultMaxParallelism(parallelism), maxParallelism);
    }

    void parallelismOutOfBoundsIsRejected()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGroupRangeAssignment::computeDefaultMaxParallelism(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGroupRangeAssignment::computeDefaultMaxParallelism(32769));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGroupRangeAssignment::assignKeyToParallelOperator(1, 4, 8));
    }

    void rebalanceGoesRoundRobinFromTheFirstChannel_data()
    {
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("first");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("3 channels from 0") << 3 << 0 << QList<int> {0, 1, 2, 0, 1};
        QTest::newRow("3 channels from 2") << 3 << 2 << QList<int> {2, 0, 1, 2, 0};
        QTest::newRow("1 channel") << 1 << 0 << QList<int> {0, 0, 0};
    }
    void rebalanceGoesRoundRobinFromTheFirstChannel()
    {
        QFETCH(int, channels);
        QFETCH(int, first);
        QFETCH(QList<int>, expected);
        WatermarkConfig config;
        config.parallelism = channels;
        config.firstChannel = first;
        config.partitioning = WatermarkConfig::Partitioning::Rebalance;
        RecordPartitioner partitioner(config);
        QList<int> actual;
        for (qsizetype i = 0; i < expected.size(); ++i)
            actual << partitioner.selectChannel(i % 2 ? 0 : RecordPartitioner::kNoChannel); // channel field ignored
        QCOMPARE(actual, expected);

        RebalancePartitioner plain(channels, first);
        const auto snapshot = plain;
        plain.selectChannel();
        QCOMPARE(snapshot.nextChannel(), first);
    }

    void channelAndForwardPartitioningFollowTheRecordsChannel()
    {
        WatermarkConfig config;
        config.parallelism = 3;
        config.partitioning = WatermarkConfig::Partitioning::Channel;
        RecordPartitioner byChannel(config);
        QCOMPARE(byChannel.selectChannel(2), 2);
        QCOMPARE(byChannel.selectChannel(0), 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, byChannel.selectChannel(RecordPartitioner::kNoChannel));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, byChannel.selectChannel(3));

        config.partitioning = WatermarkConfig::Partitioning::Forward;
        RecordPartitioner forward(config);
        QCOMPARE(forward.selectChannel(RecordPartitioner::kNoChannel), 0); // source subtask 0 by default
        QCOMPARE(forward.selectChannel(1), 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, forward.selectChannel(-2));
    }

    void rebalanceRejectsAFirstChannelOutOfRange()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RebalancePartitioner(3, 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RebalancePartitioner(0, 0));
    }
};

QTEST_APPLESS_MAIN(TestKeyGroupAssignment)
#include "tst_key_group_assignment.moc"
