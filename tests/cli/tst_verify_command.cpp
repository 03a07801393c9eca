// `tidemark verify`: how Tidemark's outputs are matched with Flink's (this is what makes a disagreement visible, so it
// is checked to find each kind of one), and what the command says when it cannot check. Running the real oracle is
// the oracle-labelled test's part (tests/export/verify_examples.py).

#include "engine/cli/VerifyCommand.h"
#include "engine/verify/FlinkOracle.h"
#include "tests/cli/TidemarkRun.h"
#include "tests/support/RequiredTool.h"

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

    // A job graph's outputs name their operator first: each is an output to match, whatever the operator puts out
    // (pairs, timer outputs, fires); the oracle's "#FILE" line is none.
    void aGraphsOperatorOutputsAreMatchedOneByOne()
    {
        const std::string pair = R"({"operator":"paid","type":"pair","afterInput":2,"subtask":0,"key":"o1",)"
                                 R"("left":1000,"right":1800,"ts":1800,"watermark":-9223372036854775808})";
        std::string later = pair;
        later.replace(later.find("1800,\"watermark"), 4, "1801");
        const auto agreed = verify::compareOutputs({pair}, {"#FILE graph.json", pair});
        QCOMPARE(agreed.agreed, (std::vector<bool> {true}));
        QVERIFY(agreed.complete());
        const auto differs = verify::compareOutputs({pair}, {"#FILE graph.json", later});
        QCOMPARE(differs.agreed, (std::vector<bool> {false}));
        QCOMPARE(differs.flinkOnly, (std::vector<std::string> {later}));
    }

    void numbersCompareExactly_data()
    {
        QTest::addColumn<std::string>("ours");
        QTest::addColumn<std::string>("flinks");
        QTest::addColumn<bool>("agree");
        const std::string epoch = R"({"type":"fire","afterInput":7,"subtask":0,"key":"0001",)"
                                  R"("window":[1538359881000,1538359884000],"timing":"on-time",)"
                                  R"("watermark":1538359883999,"count":1,"result":[1538359882000]})";
        const auto changed = [&epoch](const std::string& from, const std::string& to) {
            std::string s = epoch;
            s.replace(s.find(from), from.size(), to);
            return s;
        };
        QTest::newRow("the same epoch milliseconds") << epoch << epoch << true;
        // Through a double with 12 significant digits each of these pairs was one number.
        QTest::newRow("a window bound 1 ms apart") << epoch << changed("1538359884000]", "1538359883999]") << false;
        QTest::newRow("a watermark 1 ms apart") << epoch << changed("1538359883999", "1538359884000") << false;
        QTest::newRow("a timestamp 1 ms apart") << epoch << changed("[1538359882000]", "[1538359882001]") << false;
        QTest::newRow("longs beyond a double's 2^53")
            << fire(3, "[9007199254740993]") << fire(3, "[9007199254740992]") << false;
        QTest::newRow("the largest long")
            << fire(3, "[9223372036854775807]") << fire(3, "[9223372036854775807]") << true;
        QTest::newRow("a sum's last bit") << fire(3, "0.30000000000000004") << fire(3, "0.3") << false;
        QTest::newRow("the same double as Java prints it")
            << fire(3, "0.30000000000000004") << fire(3, "0.30000000000000004") << true;
        QTest::newRow("an integral double is its integer") << fire(3, "7") << fire(3, "7.0") << true;
        QTest::newRow("Java's exponent form") << fire(3, "1.5E-7") << fire(3, "1.5e-07") << true;
        QTest::newRow("a double beyond a long") << fire(3, "1.0E20") << fire(3, "1e+20") << true;
        QTest::newRow("2^63 in digits, exact or shortest")
            << fire(3, "9223372036854775808") << fire(3, "9223372036854776000") << true;
    }
    void numbersCompareExactly()
    {
        QFETCH(std::string, ours);
        QFETCH(std::string, flinks);
        QFETCH(bool, agree);
        QCOMPARE(verify::compareOutputs({ours}, {flinks}).complete(), agree);
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
        TIDEMARK_REQUIRE_TOOL(verify::findJava().has_value(),
            "no java on PATH (scripts/install-deps installs it): the message about Java comes first");
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
