#include "engine/core/Keys.h"

#include <QTest>

class TestKeys : public QObject {
    Q_OBJECT

private slots:
    void stringHashCodeMatchesJavaOverUtf16_data()
    {
        QTest::addColumn<QByteArray>("utf8");
        QTest::addColumn<int>("expected");
        QTest::newRow("empty") << QByteArray("") << 0;
        QTest::newRow("a") << QByteArray("a") << 97;
        QTest::newRow("0001") << QByteArray("0001") << 1477633;
        QTest::newRow("key1") << QByteArray("key1") << 3288498;
        QTest::newRow("test_key") << QByteArray("test_key") << -1146455758;
        QTest::newRow("sensor_1") << QByteArray("sensor_1") << 1262115052;
        QTest::newRow("e acute") << QByteArray("\xC3\xA9") << 233;
        QTest::newRow("emoji, a surrogate pair") << QByteArray("\xF0\x9F\x98\x80") << 1772899;
    }
    void stringHashCodeMatchesJavaOverUtf16()
    {
        QFETCH(QByteArray, utf8);
        QFETCH(int, expected);
        QCOMPARE(tidemark::javaStringHashCode(std::string_view(utf8.constData(), std::size_t(utf8.size()))), expected);
    }

    void compositeKeysHashLikeTuplesAndPrintLikeThem()
    {
        tidemark::KeyTable keys;
        const std::vector<std::string> fields {"a", "b"};
        const auto id = keys.intern(fields);
        QCOMPARE(keys.name(id), std::string("(a,b)"));
        QCOMPARE(keys.javaHash(id), 31 * 97 + 98);
        QCOMPARE(keys.intern(fields), id);
        QCOMPARE(keys.find("(a,b)"), id);
        QCOMPARE(keys.find("zzz"), tidemark::kNoKey);
    }
};

QTEST_APPLESS_MAIN(TestKeys)
#include "tst_keys.moc"
