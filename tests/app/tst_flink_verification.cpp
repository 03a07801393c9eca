// Verify with Flink in the window: the answer marks each line of the Output dock and each fire's flag, says a
// summary over the tables, and goes when the run changes. Flink here is a stand-in `java` on PATH that prints the
// lines it is given (the real oracle is the oracle-labelled tests' part: tests/export/verify_examples.py), so that
// an agreement and a disagreement can both be made to happen.

#include "ShownWindow.h"
#include "app/document/FlinkVerification.h"
#include "app/document/GraphDocument.h"
#include "app/document/Session.h"
#include "app/models/OutputModel.h"
#include "engine/io/Installation.h"
#include "engine/io/ScenarioIo.h"
#include "engine/output/GraphOutputFormat.h"
#include "engine/output/OutputFormat.h"
#include "engine/player/GraphRun.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

class TestFlinkVerification : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
        QVERIFY(m_dir.isValid());
        m_path = qgetenv("PATH");
        // `java -jar ORACLE SCENARIO` prints what the test put in flink.jsonl
        QFile java(m_dir.filePath(QStringLiteral("java")));
        QVERIFY(java.open(QIODevice::WriteOnly));
        // (and keeps its arguments and the scenario it was given, the last one)
        java.write("#!/bin/sh\nhere=\"$(dirname \"$0\")\"\nfor a; do last=\"$a\"; done\necho \"$@\" > \"$here/args\"\n"
                   "[ -f \"$last\" ] && cp \"$last\" \"$here/given.json\"\ncat \"$here/flink.jsonl\"\n");
        java.close();
        java.setPermissions(java.permissions() | QFileDevice::ExeOwner);
        QFile oracle(m_dir.filePath(QStringLiteral("oracle.jar")));
        QVERIFY(oracle.open(QIODevice::WriteOnly));
        oracle.close();
        qputenv("PATH", m_dir.path().toUtf8() + ":" + m_path);
        qputenv("TIDEMARK_FLINK_ORACLE", oracle.fileName().toUtf8());
    }
    void cleanup()
    {
        m_window.reset();
        qputenv("PATH", m_path);
        qunsetenv("TIDEMARK_FLINK_ORACLE");
    }

    void everyLineFlinkPrintsTooIsMarkedAgreed()
    {
        writeFlinkOutput({});
        const FlinkVerification* v = verify();
        QCOMPARE(v->state(), FlinkVerification::State::Done);
        QVERIFY(v->agrees());
        QCOMPARE(v->summary(), QStringLiteral("Flink 1.20 agrees with all 6 outputs."));
        OutputModel* model = m_window->outputModel();
        m_window->action(QStringLiteral("toEnd"))->trigger();
        QCOMPARE(model->rowCount(), 6);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->index(row, OutputModel::Flink).data().toString(), QStringLiteral("✓ agreed"));
        auto* verdict = m_window->findChild<QLabel*>(QStringLiteral("verification"));
        QVERIFY(verdict && verdict->isVisible());
        QCOMPARE(verdict->text(), v->summary());
    }

    void aResultFlinkPrintsOtherwiseIsMarkedOnItsLine()
    {
        writeFlinkOutput({{2, "1538359892000]", "1538359899999]"}}); // the third fire's list ends otherwise in Flink
        const FlinkVerification* v = verify();
        QVERIFY(!v->agrees());
        QCOMPARE(v->fireMark(2), FlinkVerification::Mark::Differs);
        QCOMPARE(v->fireMark(1), FlinkVerification::Mark::Agreed);
        QCOMPARE(v->flinkOnly().size(), std::size_t(1));
        QVERIFY2(v->summary().contains(QStringLiteral("agrees with 5 of 6 outputs; 1 only in Flink")),
            qPrintable(v->summary()));
        m_window->action(QStringLiteral("toEnd"))->trigger();
        QCOMPARE(m_window->outputModel()->index(2, OutputModel::Flink).data().toString(), QStringLiteral("✗ differs"));
    }

    void anotherRunDropsTheAnswer()
    {
        writeFlinkOutput({});
        FlinkVerification* v = verify();
        QCOMPARE(v->state(), FlinkVerification::State::Done);
        QVERIFY(m_window->openExample(test::examplePath(QStringLiteral("post002-allowed-lateness.json"))));
        QCOMPARE(v->state(), FlinkVerification::State::None);
        QCOMPARE(v->fireMark(0), FlinkVerification::Mark::Unchecked);
        QVERIFY(m_window->outputModel()->index(0, OutputModel::Flink).data().isNull());
    }

    void withoutJavaItSaysWhatToInstall()
    {
        qputenv("PATH", "/nonexistent");
        FlinkVerification* v = m_window->verification();
        m_window->action(QStringLiteral("verifyFlink"))->trigger();
        QCOMPARE(v->state(), FlinkVerification::State::Failed);
        QVERIFY2(v->summary().contains(QStringLiteral("openjdk-17-jre-headless")), qPrintable(v->summary()));
    }

    // A job graph goes to the oracle's --graph with its records inline and its settings as edited; each operator
    // output of the Output dock is marked.
    void aJobGraphIsPlayedThroughTheOraclesGraphModeAndEachOutputMarked()
    {
        const QString example = QString::fromStdString(
            (io::graphExamplesDirectory() / "orders-payments-join-with-idleness.json").string());
        QVERIFY(m_window->openFile(example));
        Session& session = *m_window->session();
        JobGraph edited = session.graph().graph();
        edited.sources[1].watermarks.idlenessMs = 3000;
        QCOMPARE(session.setJobGraph(edited), QString());
        std::vector<std::string> lines
            = output::graphOutputLines(session.graph().run(), session.graph().scenario()).json;
        QVERIFY(lines.size() >= 4);
        // Flink counts one pair more in the window than Tidemark does
        const std::size_t last = lines.size() - 1;
        const auto at = lines[last].find("\"count\":3");
        QVERIFY2(at != std::string::npos, lines[last].c_str());
        lines[last].replace(at, 9, "\"count\":4");
        writeLines(lines);
        FlinkVerification* v = m_window->verification();
        m_window->action(QStringLiteral("verifyFlink"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(v->state() != FlinkVerification::State::Running, 10000);
        QCOMPARE(v->state(), FlinkVerification::State::Done);
        QVERIFY2(v->summary().contains(
                     QStringLiteral("agrees with %1 of %2 outputs; 1 only in Flink").arg(last).arg(last + 1)),
            qPrintable(v->summary()));
        for (std::size_t i = 0; i < last; ++i)
            QCOMPARE(v->graphOutputMark(i), FlinkVerification::Mark::Agreed);
        QCOMPARE(v->graphOutputMark(last), FlinkVerification::Mark::Differs);
        m_window->action(QStringLiteral("toEnd"))->trigger();
        OutputModel* model = m_window->outputModel();
        QCOMPARE(model->rowCount(), int(last + 1)); // the example puts nothing to a side output
        QCOMPARE(model->index(0, OutputModel::Flink).data().toString(), QStringLiteral("✓ agreed"));
        QCOMPARE(model->index(int(last), OutputModel::Flink).data().toString(), QStringLiteral("✗ differs"));
        // what the oracle was given: --graph, and the graph as edited, whose run prints Tidemark's lines
        QFile args(m_dir.filePath(QStringLiteral("args")));
        QVERIFY(args.open(QIODevice::ReadOnly));
        QVERIFY2(args.readAll().contains("--graph"), "the oracle's graph mode");
        io::LoadOptions options;
        options.jobGraphs = true;
        const auto given = io::loadScenarioFile(m_dir.filePath(QStringLiteral("given.json")).toStdString(), options);
        QVERIFY2(given, given.errorText().c_str());
        QVERIFY(given.value->graph && !given.value->graph->sources[0].inputFile);
        QCOMPARE(given.value->graph->sources[1].watermarks.idlenessMs, DurationMs(3000));
        const GraphRun replayed(*given.value);
        std::vector<std::string> ours = output::graphOutputLines(replayed, *given.value).json;
        QCOMPARE(ours, output::graphOutputLines(session.graph().run(), session.graph().scenario()).json);
    }

private:
    void writeLines(const std::vector<std::string>& lines)
    {
        QFile out(m_dir.filePath(QStringLiteral("flink.jsonl")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        for (const std::string& l : lines)
            out.write(QByteArray::fromStdString(l + "\n"));
    }

    // Flink's lines: the run's own outputs as `tidemark run --format jsonl` prints them (the default example,
    // post 000 at parallelism 3, follows Flink 1.20 here), with each (output, from, to) edit applied.
    void writeFlinkOutput(const std::vector<std::tuple<std::size_t, std::string, std::string>>& edits)
    {
        const Session& s = *m_window->session();
        std::vector<std::string> lines;
        s.trace().forEachOutput(
            [&](std::size_t fire) {
                lines.push_back(output::fireJson(s.trace().fires()[fire].fire, s.scenario().keys));
            },
            [&](const LateRecord& l) { lines.push_back(output::lateJson(l.late, s.scenario().keys)); });
        for (const auto& [i, from, to] : edits) {
            const auto at = lines[i].find(from);
            QVERIFY(at != std::string::npos);
            lines[i].replace(at, from.size(), to);
        }
        writeLines(lines);
    }

    FlinkVerification* verify()
    {
        Scenario scenario = m_window->session()->scenario();
        scenario.pipeline.flinkVersion = FlinkVersion {1, 20};
        m_window->openScenario(scenario, QString());
        FlinkVerification* v = m_window->verification();
        m_window->action(QStringLiteral("verifyFlink"))->trigger();
        [&] { QTRY_VERIFY_WITH_TIMEOUT(v->state() != FlinkVerification::State::Running, 10000); }();
        return v;
    }

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QByteArray m_path;
};

QTEST_MAIN(TestFlinkVerification)
#include "tst_flink_verification.moc"
