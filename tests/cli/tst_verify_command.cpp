// `tidemark verify`: how Tidemark's outputs are matched with Flink's (this is what makes a disagreement visible, so it
// is checked to find each kind of one), and what the command says when it cannot check. Running the real oracle is
// the oracle-labelled test's part (tests/export/verify_examples.py).

#include "engine/cli/VerifyCommand.h"
#include "engine/verify/FlinkOracle.h"
#include "tests/cli/TidemarkRun.h"

#include <QTest>

#include <cstdlib>
#include <string>
#include <vector>

using namespace tidemark;

namespace {

std::string fire(int afterInput, const std::string& result, const std::string& key = "1")
{
    return "{\"type\":\"fire\",\"afterInput\":" + std::to_string(afterInput) + ",\"subtask\":0,\"key\":\"" + key
        + "\",\"window\":[0,5000],\"timing\":\"on-time\",\"watermark\":4999,\"count\":2,\"result\":" + result + "}";
}

const std::string kStep = R"({"type":"step","step":1,"processingTime":0,"kind":"event"})";

} // namespace

class TestVerifyCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void equalOutputsAgreeInAnyOrderWithinAStep()
    {
        const auto a = verify::compareOutputs({kStep, fire(3, "10", "a"), fire(3, "20", "b"), fire(5, "1")},
            {fire(3, "20", "b"), fire(3, "10", "a"), fire(5, "1"), kStep});
        QCOMPARE(a.agreed, (std::vector<bool> {true, true, true}));
        QVERIFY(a.flinkOnly.empty());
        QVERIFY(a.complete());
    }

    void aChangedResultIsADisagreementOnBothSides()
    {
        const auto a = verify::compareOutputs({fire(3, "[20,22]"), fire(4, "7")}, {fire(3, "[22,20]"), fire(4, "7")});
        QCOMPARE(a.agreed, (std::vector<bool> {false, true}));
        QCOMPARE(a.flinkOnly, (std::vector<std::string> {fire(3, "[22,20]")}));
        QVERIFY(!a.complete());
    }

    void aFireOnAnotherRecordIsADisagreement()
    {
        const auto a = verify::compareOutputs({fire(3, "7")}, {fire(4, "7")});
        QCOMPARE(a.agreed, (std::vector<bool> {false}));
        QCOMPARE(a.flinkOnly.size(), std::size_t(1));
    }

    void anOutputOnlyOneSideMakesIsADisagreement()
    {
        QCOMPARE(verify::compareOutputs({fire(3, "7")}, {}).agreed, (std::vector<bool> {false}));
        const auto onlyFlink = verify::compareOutputs({}, {fire(3, "7"), kStep});
        QVERIFY(onlyFlink.agreed.empty());
        QCOMPARE(onlyFlink.flinkOnly.size(), std::size_t(1));
        QVERIFY(!onlyFlink.complete());
        // The same output twice is two outputs: one match does not answer for both.
        QCOMPARE(verify::compareOutputs({fire(3, "7"), fire(3, "7")}, {fire(3, "7")}).agreed,
            (std::vector<bool> {true, false}));
    }

    void numbersCompareToTwelveSignificantDigits()
    {
        QVERIFY(verify::compareOutputs({fire(3, "0.30000000000000004")}, {fire(3, "0.3")}).complete());
        QVERIFY(!verify::compareOutputs({fire(3, "0.3001")}, {fire(3, "0.3")}).complete());
    }

    void withoutJavaItSaysWhatToInstall()
    {
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", "/nonexistent");
        const auto r = test::tidemarkCommand("verify", &cli::verifyCommand, {"post002-allowed-lateness"});
        qputenv("PATH", path);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("install a Java 17 runtime (Debian: sudo apt install openjdk-17-jre-headless)"),
            qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void withoutTheOracleItSaysWhereItLooked()
    {
        if (!verify::findJava())
            QSKIP("no java on PATH: the message about Java comes first");
        const auto r = test::tidemarkCommand(
            "verify", &cli::verifyCommand, {"post002-allowed-lateness", "--oracle-jar", "/no/such/oracle.jar"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no Flink 2.3 oracle at /no/such/oracle.jar"), qPrintable(r.err));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no scenario") << QStringList {} << "name the scenario to verify";
        QTest::newRow("unknown option") << QStringList {"post002-allowed-lateness", "--fast"} << "unknown option";
        QTest::newRow("bad format") << QStringList {"post002-allowed-lateness", "--format", "xml"} << "text or jsonl";
        QTest::newRow("missing file") << QStringList {"no-such-scenario.json"} << "no-such-scenario.json";
    }
    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const auto r = test::tidemarkCommand("verify", &cli::verifyCommand, arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestVerifyCommand)
#include "tst_verify_command.moc"
