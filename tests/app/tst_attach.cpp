// Attaching to a Flink cluster and "what Flink's Web UI would show" (docs/flink.md): the Web UI table of a
// simulated run's step, the REST answers parsed, the client's error messages, and the poller with its bounded
// history against a small fake cluster on 127.0.0.1 (no real Flink: tests/attach/ has that, label "oracle").

#include "ShownWindow.h"
#include "app/Theme.h"
#include "app/attach/AttachDialog.h"
#include "app/attach/AttachWindow.h"
#include "app/attach/FlinkRest.h"
#include "app/attach/FlinkRestClient.h"
#include "app/attach/PollHistory.h"
#include "app/attach/WatermarkPoller.h"
#include "app/attach/WebUiPanel.h"
#include "app/attach/WebUiWatermarksModel.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "engine/player/WebUiWatermarks.h"
#include "tests/app/FakeFlinkRest.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>
#include <map>

using namespace tidemark;
using namespace tidemark::app;
using tidemark::test::Answer;
using tidemark::test::closedPort;
using tidemark::test::FakeFlink;
using tidemark::test::Request;

namespace {

const QString kNoWatermark = QString::fromLatin1(kWebUiNoWatermark);

RestResult getOnce(FlinkRestClient& client, const QString& path)
{
    RestResult out;
    bool done = false;
    QObject context;
    client.get(path, &context, [&](const RestResult& r) {
        out = r;
        done = true;
    });
    for (int waited = 0; !done && waited < 10000; waited += 10)
        QTest::qWait(10); // every request is bounded by the client's timeout (5 s)
    if (!done)
        out.error = QStringLiteral("no callback");
    return out;
}

QString cell(const QAbstractItemModel& model, int row, int column)
{
    return model.data(model.index(row, column)).toString();
}

// The row of `subtask` in `vertexName`'s rows (-1 when there is none).
int rowOf(const QAbstractItemModel& model, const QString& vertexName, const QString& subtask)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString vertex = model.data(model.index(r, WebUiWatermarksModel::SubTask), Qt::ToolTipRole).toString();
        if (vertex == vertexName && cell(model, r, WebUiWatermarksModel::SubTask) == subtask)
            return r;
    }
    return -1;
}

QByteArray watermarks(std::initializer_list<std::pair<int, qint64>> values)
{
    QByteArray out = "[";
    for (const auto& [subtask, value] : values)
        out += (out.size() > 1 ? "," : "")
            + QStringLiteral("{\"id\":\"%1.currentInputWatermark\",\"value\":\"%2\"}").arg(subtask).arg(value).toUtf8();
    return out + "]";
}

} // namespace

class TestAttach : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theWebUiTableShowsFlinksColumnsForAPolledVertex()
    {
        WebUiVertex vertex;
        vertex.id = "v1";
        vertex.name = "window -> Sink";
        vertex.parallelism = 3;
        QString error;
        const auto values
            = parseMetricValues(watermarks({{0, 1700000002000}, {1, 1700000001000}, {2, 1700000003000}}), &error);
        QVERIFY2(values, qPrintable(error));
        for (int s = 0; s < 3; ++s)
            vertex.subtasks.push_back({s, subtaskInputWatermark(*values, s), {}, std::nullopt, false, -1});

        Theme theme;
        WebUiWatermarksModel model(&theme);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setVertices({vertex});
        QCOMPARE(model.rowCount(), 5); // the vertex's name, three subtasks, then the low watermark
        QCOMPARE(cell(model, 0, WebUiWatermarksModel::SubTask), QStringLiteral("window -> Sink — parallelism 3"));
        QCOMPARE(model.headingRows(), std::vector<int> {0});
        QCOMPARE(model.headerData(WebUiWatermarksModel::SubTask, Qt::Horizontal).toString(), QStringLiteral("SubTask"));
        QCOMPARE(model.headerData(WebUiWatermarksModel::Datetime, Qt::Horizontal).toString(),
            QStringLiteral("Datetime of Watermark Timestamp"));
        QCOMPARE(cell(model, 2, WebUiWatermarksModel::SubTask), QStringLiteral("1"));
        QCOMPARE(cell(model, 2, WebUiWatermarksModel::Watermark), QStringLiteral("1700000001000"));
        QCOMPARE(cell(model, 4, WebUiWatermarksModel::SubTask), QStringLiteral("Low Watermark"));
        QCOMPARE(cell(model, 4, WebUiWatermarksModel::Watermark), QStringLiteral("1700000001000"));
        QVERIFY(cell(model, 2, WebUiWatermarksModel::Picture).contains(QStringLiteral("holds the low watermark")));
        QVERIFY(!cell(model, 1, WebUiWatermarksModel::Picture).contains(QStringLiteral("holds")));
        QVERIFY(cell(model, 4, WebUiWatermarksModel::Picture).contains(QStringLiteral("subtask 1 holds it")));
        QCOMPARE(model.data(model.index(2, WebUiWatermarksModel::Watermark), Qt::BackgroundRole).value<QColor>(),
            theme.colors().holdingBack);
    }

    void aSubtaskWithoutWatermarkReadsNoWatermarkAndHidesTheLowWatermark()
    {
        WebUiVertex vertex;
        vertex.name = "align";
        vertex.subtasks
            = {{0, kMinTimestamp, {}, std::nullopt, false, -1}, {1, 1700000000500, {}, std::nullopt, false, -1}};
        WebUiWatermarksModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setVertices({vertex});
        QCOMPARE(cell(model, 1, WebUiWatermarksModel::Watermark), kNoWatermark);
        QCOMPARE(cell(model, 1, WebUiWatermarksModel::Datetime), QStringLiteral("-"));
        QCOMPARE(cell(model, 3, WebUiWatermarksModel::Watermark), QString()); // the job graph shows none
        QVERIFY(cell(model, 3, WebUiWatermarksModel::Picture).contains(QStringLiteral("subtask 0 has No Watermark")));
        QVERIFY(!webUiLowWatermark(vertex));
        QCOMPARE(webUiHoldingSubtask(vertex), 0);
    }

    void anIdleSubtaskAtTheMinimumIsSaidToBeIgnoredDownstream()
    {
        WebUiVertex vertex;
        vertex.name = "window";
        vertex.subtasks = {{0, 1000, {}, std::nullopt, true, -1}, {1, 5000, {}, std::nullopt, false, 0},
            {2, 7000, {}, std::nullopt, false, 1}};
        WebUiWatermarksModel model;
        model.setVertices({vertex});
        QCOMPARE(cell(model, 4, WebUiWatermarksModel::Watermark), QStringLiteral("1000"));
        QVERIFY(cell(model, 4, WebUiWatermarksModel::Picture).contains(QStringLiteral("subtask 0 is idle")));
        QVERIFY(cell(model, 1, WebUiWatermarksModel::Picture).contains(QStringLiteral("downstream ignores it")));
        QVERIFY(cell(model, 2, WebUiWatermarksModel::Picture).contains(QStringLiteral("channel 0 holds it")));
    }

    void aSourceHasAnEmptyTabAndItsOutputWatermarksAreSaid()
    {
        WebUiVertex source;
        source.name = "Source: events";
        source.source = true;
        source.subtasks
            = {{0, std::nullopt, {}, 1700000000000, false, -1}, {1, std::nullopt, {}, 1700000004999, false, -1}};
        WebUiWatermarksModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setVertices({source});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(cell(model, 1, WebUiWatermarksModel::Watermark), QString());
        const QString note = cell(model, 1, WebUiWatermarksModel::Picture);
        QVERIFY2(note.contains(QStringLiteral("a source has no input watermark"))
                && note.contains(QStringLiteral("1: 1700000004999")),
            qPrintable(note));
    }

    void flinksAnswersAreParsedAndOtherBodiesRefused()
    {
        QString error;
        const auto jobs
            = parseJobsOverview(R"({"jobs":[{"jid":"561d","name":"Flink Streaming Job","start-time":1796181901775,
            "end-time":-1,"state":"RUNNING","tasks":{}}]})",
                &error);
        QVERIFY2(jobs && jobs->size() == 1, qPrintable(error));
        QCOMPARE(jobs->front().id, QStringLiteral("561d"));
        QCOMPARE(jobs->front().state, QStringLiteral("RUNNING"));
        QCOMPARE(jobs->front().startTime, 1796181901775);

        const auto job = parseJobDetails(R"({"jid":"561d","name":"n","state":"RUNNING","vertices":[
            {"id":"bc76","name":"Source: events","parallelism":2,"status":"RUNNING"},
            {"id":"b27f","name":"align","parallelism":2,"status":"RUNNING"}]})",
            &error);
        QVERIFY2(job && job->vertices.size() == 2, qPrintable(error));
        QCOMPARE(job->vertices[1].parallelism, 2);

        const auto ids = parseMetricIds(R"([{"id":"0.align.currentInputWatermark"},{"id":"0.currentInputWatermark"},
            {"id":"0.align.currentInput2Watermark"},{"id":"0.align.currentInput1Watermark"},{"id":"1.align.currentInput1Watermark"}])",
            &error);
        QVERIFY(ids);
        const auto inputs = inputWatermarkMetrics(*ids);
        QCOMPARE(inputs.size(), std::size_t(2));
        QCOMPARE(inputs.at(0).at(2), QStringLiteral("0.align.currentInput2Watermark"));
        QCOMPARE(inputs.at(1).size(), std::size_t(1));

        const auto values
            = parseMetricValues(R"([{"id":"0.currentInputWatermark","value":"-9223372036854775808"}])", &error);
        QVERIFY(values);
        QCOMPARE(subtaskInputWatermark(*values, 0), std::optional<Timestamp>(kMinTimestamp)); // exact, not a double
        QVERIFY(!subtaskInputWatermark(*values, 1));

        QVERIFY(!parseJobsOverview("<html>proxy error</html>", &error));
        QVERIFY2(error.contains(QStringLiteral("not JSON")) && error.contains(QStringLiteral("proxy error")),
            qPrintable(error));
        QVERIFY(!parseMetricValues(R"({"errors":["x"]})", &error));
        QCOMPARE(errorBodyExcerpt(R"({"errors":["Job 42 not found.\n\tat org.apache.flink..."]})"),
            QStringLiteral("Job 42 not found."));
        QVERIFY(isTerminalJobState(QStringLiteral("FINISHED")) && !isTerminalJobState(QStringLiteral("RUNNING")));
    }

    void aSimulatedRunShowsNoWatermarkBeforeTheFirstAndTheTimelinesWatermarkAtTheFirstFire()
    {
        Session session;
        TimeCursor cursor(&session);
        Theme theme;
        LoadOutcome loaded = loadScenarioFile(test::examplePath(QStringLiteral("post000-parallelism3.json")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(session.setScenario(*loaded.scenario, QString()).isEmpty());
        WebUiPanel panel(&session, &cursor, &theme);
        const WebUiWatermarksModel& model = *panel.model();
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto& vertices = model.vertices();
        QCOMPARE(vertices.size(), std::size_t(2));
        const QString window = QString::fromStdString(vertices[0].name); // the window operator first
        QVERIFY2(window.startsWith(QStringLiteral("Window(TumblingEventTimeWindows")), qPrintable(window));

        cursor.setStep(0);
        QCOMPARE(session.currentStep(), 0);
        const int subtasks = session.subtaskCount();
        QVERIFY(subtasks >= 1);
        for (int s = 0; s < subtasks; ++s) {
            const int row = rowOf(model, window, QString::number(s));
            QVERIFY(row >= 0);
            QCOMPARE(cell(model, row, WebUiWatermarksModel::Watermark), kNoWatermark);
            QCOMPARE(cell(model, row, WebUiWatermarksModel::Datetime), QStringLiteral("-"));
        }
        QCOMPARE(cell(model, rowOf(model, window, QStringLiteral("Low Watermark")), WebUiWatermarksModel::Watermark),
            QString());

        QVERIFY(cursor.jumpTo(Happening::AnyFire));
        const int fireStep = session.currentStep();
        QVERIFY(fireStep > 0);
        for (int s = 0; s < subtasks; ++s) {
            const int row = rowOf(model, window, QString::number(s));
            QCOMPARE(model.data(model.index(row, WebUiWatermarksModel::Watermark), WebUiWatermarksModel::WatermarkRole)
                         .toLongLong(),
                session.state().subtasks[std::size_t(s)].watermark);
        }
        // the low watermark is the timeline's operator watermark, the minimum that decides
        const int low = rowOf(model, window, QStringLiteral("Low Watermark"));
        QCOMPARE(cell(model, low, WebUiWatermarksModel::Watermark), QString::number(session.operatorWatermark()));
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("webUiHeading"))->text().contains(QString::number(fireStep)));

        // a step back restores the table of that step
        cursor.setStep(0);
        QCOMPARE(cell(model, rowOf(model, window, QStringLiteral("0")), WebUiWatermarksModel::Watermark), kNoWatermark);
    }

    void theMainWindowShowsTheWebUiDockBesideTheTimeline()
    {
        auto window = test::shownWindowOnTheDefaultExample();
        QVERIFY(window);
        auto* dock = window->findChild<QWidget*>(QStringLiteral("webUiDock"));
        QVERIFY(dock && dock->isVisible());
        QVERIFY(dock->width() >= 300 && dock->height() >= 150);
        QVERIFY(window->action(QStringLiteral("attachFlink")));
        window->cursor()->jumpTo(Happening::AnyFire);
        auto* view = window->findChild<QTableView*>(QStringLiteral("webUiView"));
        QVERIFY(view && view->model()->rowCount() > 0);
    }

    void aBadAddressIsRefusedBeforeAnyRequest()
    {
        FlinkRestClient client;
        QString error;
        for (const char* bad : {"ftp://127.0.0.1:8081", "http://", "http://127.0.0.1:8081/jobs", "not a url at all"}) {
            QVERIFY2(!client.setBaseUrl(QString::fromLatin1(bad), &error), bad);
            QVERIFY2(error.contains(QStringLiteral("http://HOST:PORT")), qPrintable(error));
        }
        QVERIFY(client.setBaseUrl(QStringLiteral("127.0.0.1:8081"), &error));
        QCOMPARE(client.baseUrl().toString(), QStringLiteral("http://127.0.0.1:8081"));
    }

    void aRefusedConnectionSaysSoAndNamesTheAddress()
    {
        FlinkRestClient client;
        const quint16 port = closedPort();
        QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        const RestResult r = getOnce(client, QStringLiteral("/jobs/overview"));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("connection refused")) && r.error.contains(QString::number(port)),
            qPrintable(r.error));
    }

    void anHttpErrorGivesItsStatusAndFlinksMessage()
    {
        FakeFlink cluster([](const Request&) {
            return Answer {404, QByteArray(R"({"errors":["Job 123 not found.\n\tat org.apache.flink.Foo"]})")};
        });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(cluster.url()));
        const RestResult r = getOnce(client, QStringLiteral("/jobs/123"));
        QVERIFY(!r.ok);
        QCOMPARE(r.httpStatus, 404);
        QCOMPARE(r.error, QStringLiteral("HTTP 404 Not Found from GET /jobs/123: Job 123 not found."));
    }

    void aServerThatNeverAnswersTimesOut()
    {
        QTcpServer silent; // accepts, reads, never writes
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        FlinkRestClient client;
        client.setTimeoutMs(300);
        QVERIFY(client.setBaseUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())));
        const RestResult r = getOnce(client, QStringLiteral("/jobs/overview"));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("No answer")) && r.error.contains(QStringLiteral("0.3 s")),
            qPrintable(r.error));
    }

    void thePollerKeepsABoundedHistoryAndSaysWhenTheJobEnds()
    {
        int jobReads = 0;
        FakeFlink cluster([&jobReads](const Request& request) -> Answer {
            const QString& path = request.path;
            if (path == QLatin1String("/jobs/J")) {
                ++jobReads;
                const char* state = jobReads <= 3 ? "RUNNING" : "FINISHED";
                return {200,
                    QStringLiteral(R"({"jid":"J","name":"job","state":"%1","vertices":[
                    {"id":"S","name":"Source: events","parallelism":2,"status":"RUNNING"},
                    {"id":"A","name":"align","parallelism":2,"status":"RUNNING"}]})")
                        .arg(QLatin1String(state))
                        .toUtf8()};
            }
            if (path == QLatin1String("/jobs/J/vertices/S/watermarks"))
                return {200, "[]"};
            if (path == QLatin1String("/jobs/J/vertices/A/watermarks"))
                return {200, watermarks({{0, 1000LL * jobReads}, {1, kMinTimestamp}})};
            if (path == QLatin1String("/jobs/J/vertices/S/metrics"))
                return {200,
                    R"([{"id":"0.Source__events.currentOutputWatermark"},{"id":"1.Source__events.currentOutputWatermark"}])"};
            if (path == QLatin1String("/jobs/J/vertices/A/metrics"))
                return {200,
                    R"([{"id":"0.align.currentInput1Watermark"},{"id":"0.align.currentInput2Watermark"},{"id":"0.currentInputWatermark"}])"};
            if (path.startsWith(QLatin1String("/jobs/J/vertices/S/metrics?get=")))
                return {200,
                    R"([{"id":"0.Source__events.currentOutputWatermark","value":"5"},{"id":"1.Source__events.currentOutputWatermark","value":"7"}])"};
            if (path.startsWith(QLatin1String("/jobs/J/vertices/A/metrics?get=")))
                return {200,
                    R"([{"id":"0.align.currentInput1Watermark","value":"4000"},{"id":"0.align.currentInput2Watermark","value":"1000"}])"};
            return {404, R"({"errors":["Not found: /jobs/x"]})"};
        });
        Theme theme;
        AttachWindow window(cluster.url(), QStringLiteral("J"), QStringLiteral("job"), &theme, nullptr, 20, 2);
        window.setAttribute(Qt::WA_DeleteOnClose, false);
        QSignalSpy stopped(window.poller(), &WatermarkPoller::stopped);
        QVERIFY(window.start());
        QTRY_COMPARE_WITH_TIMEOUT(stopped.size(), 1, 10000);
        QCOMPARE(stopped.front().at(1).toBool(), false); // not an error: the job ended
        QVERIFY2(window.statusText().contains(QStringLiteral("has ended (FINISHED)")), qPrintable(window.statusText()));

        PollHistory* history = window.history();
        QCOMPARE(history->capacity(), 2);
        QCOMPARE(history->size(), 2); // three polls, the oldest dropped
        QCOMPARE(history->dropped(), 1);
        QCOMPARE(history->newest().poll, 3);
        const WebUiVertex& align = history->newest().vertices.at(1);
        QCOMPARE(align.subtasks.at(0).currentInputWatermark, std::optional<Timestamp>(3000));
        QCOMPARE(align.subtasks.at(0).inputWatermarks, (std::vector<Timestamp> {4000, 1000}));
        QVERIFY(align.subtasks.at(1).inputWatermarks.empty());
        QCOMPARE(history->newest().vertices.at(0).subtasks.at(1).currentOutputWatermark, std::optional<Timestamp>(7));
        // the per-input metrics are looked up once, not at every poll
        QCOMPARE(cluster.paths().count(QStringLiteral("/jobs/J/vertices/A/metrics")), 1);

        // stepping back through the history shows that poll in the table
        QCOMPARE(history->current(), 1);
        history->setCurrent(0);
        QVERIFY(!history->followsNewest());
        const auto* model = window.model();
        QCOMPARE(
            cell(*model, rowOf(*model, QStringLiteral("align"), QStringLiteral("0")), WebUiWatermarksModel::Watermark),
            QStringLiteral("2000"));
        QCOMPARE(
            cell(*model, rowOf(*model, QStringLiteral("align"), QStringLiteral("1")), WebUiWatermarksModel::Watermark),
            kNoWatermark);
        QVERIFY(cell(*model, rowOf(*model, QStringLiteral("align"), QStringLiteral("0")), WebUiWatermarksModel::Picture)
                    .contains(QStringLiteral("input 2 holds it")));
        window.resize(1100, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QDir dir(QCoreApplication::applicationDirPath());
        dir.mkpath(QStringLiteral("screenshots"));
        QVERIFY(window.grab().save(dir.filePath(QStringLiteral("screenshots/attach-window.png"))));
    }

    void anUnknownJobStopsThePollerWithTheHttpError()
    {
        FakeFlink cluster([](const Request&) {
            return Answer {404, QByteArray(R"({"errors":["Job 00 not found"]})")};
        });
        FlinkRestClient client;
        QVERIFY(client.setBaseUrl(cluster.url()));
        WatermarkPoller poller(&client, QStringLiteral("00"));
        QSignalSpy stopped(&poller, &WatermarkPoller::stopped);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(stopped.size(), 1, 10000);
        QCOMPARE(stopped.front().at(1).toBool(), true);
        QCOMPARE(
            stopped.front().at(0).toString(), QStringLiteral("HTTP 404 Not Found from GET /jobs/00: Job 00 not found"));
        QVERIFY(!poller.isRunning());
    }

    void theDialogSaysWhyItCannotListAndListsRunningJobs()
    {
        AttachDialog dialog;
        QSignalSpy listed(&dialog, &AttachDialog::jobsListed);
        dialog.setUrl(QStringLiteral("http://127.0.0.1:%1").arg(closedPort()));
        dialog.listJobs();
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 10000);
        QCOMPARE(listed.takeFirst().at(0).toBool(), false);
        QVERIFY2(dialog.status().contains(QStringLiteral("connection refused")), qPrintable(dialog.status()));
        QVERIFY(dialog.jobId().isEmpty());

        FakeFlink cluster([](const Request&) {
            return Answer {200, QByteArray(R"({"jobs":[{"jid":"old","name":"done","state":"FINISHED","start-time":1},
                {"jid":"J","name":"live","state":"RUNNING","start-time":2}]})")};
        });
        dialog.setUrl(cluster.url());
        dialog.listJobs();
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 10000);
        QCOMPARE(listed.takeFirst().at(0).toBool(), true);
        QCOMPARE(dialog.jobs().size(), std::size_t(2));
        QCOMPARE(dialog.jobId(), QStringLiteral("J")); // the running one is chosen
    }
};

QTEST_MAIN(TestAttach)
#include "tst_attach.moc"
