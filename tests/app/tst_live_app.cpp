#include "../live/MockKafka.h"
#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/RecordsModel.h"
#include "app/panels/KafkaTopicDialog.h"
#include "app/panels/LiveSourceDialog.h"
#include "engine/io/ScenarioIo.h"
#include "engine/live/LiveSource.h"
#include "engine/live/Socket.h"
#include "engine/player/Player.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <optional>

using namespace tidemark;
using namespace tidemark::app;
using tidemark::test::examplePath;

namespace {

// The port a live run listens on, from the source's name ("127.0.0.1:40051").
int listeningPort(const Session& session)
{
    return session.liveSourceName().section(QLatin1Char(':'), -1).toInt();
}

// A terminal running `nc 127.0.0.1 PORT`: connects, and types lines.
class Client {
public:
    explicit Client(int port)
    {
        std::string error;
        m_socket = live::Socket::connect({"127.0.0.1", static_cast<std::uint16_t>(port)}, 2000, error);
    }
    bool connected() const { return m_socket.has_value(); }
    bool type(const QByteArray& bytes)
    {
        qsizetype sent = 0;
        for (int tries = 0; tries < 200 && sent < bytes.size(); ++tries) {
            const auto wrote
                = m_socket->write(std::string_view(bytes.constData() + sent, std::size_t(bytes.size() - sent)));
            if (!wrote)
                return false;
            sent += qsizetype(*wrote);
            if (sent < bytes.size())
                QTest::qWait(5);
        }
        return sent == bytes.size();
    }
    void close() { m_socket.reset(); }

private:
    std::optional<live::Socket> m_socket;
};

constexpr int kWaitMs = 5000; // every wait for the reader thread is bounded

} // namespace

// File ▸ Connect to Socket… and Listen on Port…, and a live run followed as a class would watch it: post 001's
// lines typed into `nc`, one by one, into the app listening on a port of this machine.
class TestLiveApp : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
        QVERIFY(m_window->openFile(examplePath(QStringLiteral("post001-delay0.json"))));
    }
    void cleanup() { m_window.reset(); }

    void theDialogReadsATriedLineWithTheRunsOwnRules()
    {
        const InputFileSpec spec = io::liveLineSpec(m_window->session()->scenario());
        LiveSourceDialog dialog(LiveSourceRequest::Kind::Connect, spec, {}, m_window.get());
        QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("lineMapping"))->text(),
            QStringLiteral("text columns: ts in column 0, key in column 1"));
        auto* tryLine = dialog.findChild<QLineEdit*>(QStringLiteral("tryLine"));
        tryLine->setText(QStringLiteral("1634091720000 a"));
        QCOMPARE(dialog.tryResult(), QStringLiteral("key a · ts 1634091720000"));
        tryLine->setText(QStringLiteral("a 1634091720000"));
        QCOMPARE(dialog.tryResult(), QStringLiteral("line:1:1: expected an integer timestamp, found \"a\""));
        // the hint says what a class runs first, with the chosen port
        dialog.findChild<QSpinBox*>(QStringLiteral("port"))->setValue(9001);
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("hint"))->text().contains(QStringLiteral("nc -lk 9001")));
    }

    void aPortInUseKeepsTheListenDialogOpenWithTheReason()
    {
        std::string error;
        auto taken = live::Socket::listen({"127.0.0.1", 0}, error);
        QVERIFY(taken);
        LiveSourceDialog dialog(
            LiveSourceRequest::Kind::Listen, io::liveLineSpec(m_window->session()->scenario()), {}, m_window.get());
        dialog.findChild<QSpinBox*>(QStringLiteral("port"))->setValue(taken->localPort());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        auto* shown = dialog.findChild<QLabel*>(QStringLiteral("error"));
        QVERIFY(!shown->isHidden());
        QVERIFY2(shown->text().contains(QStringLiteral("in use")), qPrintable(shown->text()));
        QVERIFY(!dialog.takeSource());
        // only this machine unless asked otherwise
        QCOMPARE(dialog.request().host, QStringLiteral("127.0.0.1"));
        dialog.findChild<QCheckBox*>(QStringLiteral("anyInterface"))->setChecked(true);
        QCOMPARE(dialog.request().host, QStringLiteral("0.0.0.0"));
    }

    void aRefusedConnectionEndsTheLiveRunWithTheReason()
    {
        std::string error;
        auto closed = live::Socket::listen({"127.0.0.1", 0}, error);
        QVERIFY(closed);
        LiveSourceRequest request;
        request.port = closed->localPort();
        closed.reset(); // nothing listens there now
        QVERIFY(m_window->startLiveSource(request));
        Session* session = m_window->session();
        QTRY_VERIFY_WITH_TIMEOUT(!session->isLive(), kWaitMs);
        QVERIFY(session->hasLiveRun());
        QVERIFY2(QString::fromStdString(session->liveFeed()->stopReason()).contains(QStringLiteral("refused")),
            session->liveFeed()->stopReason().c_str());
        QVERIFY(m_window->findChild<QLabel*>(QStringLiteral("liveStatus"))->text().contains(QStringLiteral("refused")));
    }

    void theCursorFollowsLiveLinesAndStaysWhereTheUserSteppedBack()
    {
        Session* session = m_window->session();
        TimeCursor* cursor = m_window->cursor();
        QVERIFY(listenOnAFreePort());
        QCOMPARE(session->scenario().records.size(), std::size_t(0));
        Client nc(listeningPort(*session));
        QVERIFY(nc.connected());
        QVERIFY(nc.type("1634091720000 a\n1634091721000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 2, kWaitMs);
        QVERIFY(cursor->followLive());
        QCOMPARE(cursor->step(), cursor->lastStep());
        // periodic emission goes on between lines: the run grows with nothing typed
        const int steps = cursor->lastStep();
        QTRY_VERIFY_WITH_TIMEOUT(cursor->lastStep() > steps + 2, kWaitMs);
        QCOMPARE(cursor->step(), cursor->lastStep());

        // stepping back looks back: the run grows behind the cursor
        cursor->stepBack();
        QVERIFY(!cursor->followLive());
        QVERIFY(!m_window->findChild<QCheckBox*>(QStringLiteral("followLive"))->isChecked());
        const int kept = cursor->step();
        QVERIFY(nc.type("1634091723000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 3, kWaitMs);
        QCOMPARE(cursor->step(), kept);
        QVERIFY(cursor->lastStep() > kept + 1);
        // End follows again; the next periodic emission fires [..720000, ..723000) with its two words
        cursor->toEnd();
        QVERIFY(cursor->followLive());
        QCOMPARE(cursor->step(), cursor->lastStep());
        QTRY_COMPARE_WITH_TIMEOUT(session->trace().fires().size(), std::size_t(1), kWaitMs);
        QCOMPARE(cursor->step(), cursor->lastStep());
        QCOMPARE(session->formatResult(session->trace().fires()[0].fire), QStringLiteral("(a,2)"));
    }

    void badLinesAreListedWithTheirLineAndTheRunGoesOn()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        Client nc(listeningPort(*session));
        QVERIFY(nc.connected());
        QVERIFY(nc.type("1634091720000 a\nnot a record\n\xff\xfe a\n1634091721000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 2, kWaitMs);
        auto* table = m_window->findChild<QTableView*>(QStringLiteral("badLinesView"));
        QVERIFY(table);
        QAbstractItemModel* bad = table->model();
        QTRY_COMPARE_WITH_TIMEOUT(bad->rowCount(), 2, kWaitMs);
        const QString source = session->liveSourceName() + QStringLiteral(" client 1");
        QCOMPARE(bad->index(0, 0).data().toString(), source + QStringLiteral(":2:1"));
        QCOMPARE(bad->index(1, 0).data().toString(), source + QStringLiteral(":3:1"));
        QVERIFY(bad->index(1, 1).data().toString().contains(QStringLiteral("UTF-8")));
        auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("recordTabs"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Bad lines (2)"));
        QVERIFY(session->isLive());
    }

    void aStoppedLiveRunSavedAndOpenedAgainHasTheSameSteps()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        {
            Client nc(listeningPort(*session));
            QVERIFY(nc.connected());
            QVERIFY(nc.type("1634091720000 a\n"));
            QTest::qWait(150);
            QVERIFY(nc.type("1634091721000 a\n1634091723000 b\n"));
            QTest::qWait(300);
            QVERIFY(nc.type("1634091726000 a\n"));
            QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 4, kWaitMs);
        }
        QCOMPARE(session->unsavedRecords(), 4);
        QVERIFY(m_window->windowTitle().contains(QStringLiteral(" *")));
        session->stopLive();
        QVERIFY(!session->isLive());
        QVERIFY(session->scenario().inputEndMs.has_value());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("live.json"));
        QVERIFY(m_window->saveTo(path));
        QCOMPARE(session->unsavedRecords(), 0);
        const Trace& live = session->trace();
        auto loaded = io::loadScenarioFile(path.toStdString());
        QVERIFY2(loaded.ok(), loaded.errorText().c_str());
        const Player replay(std::move(*loaded.value));
        QCOMPARE(replay.trace().stepCount(), live.stepCount());
        for (StepIndex s = 1; s < live.stepCount(); ++s) {
            QCOMPARE(replay.trace().step(s).processingTime, live.step(s).processingTime);
            QCOMPARE(int(replay.trace().step(s).kind), int(live.step(s).kind));
        }
        QCOMPARE(replay.trace().fires().size(), live.fires().size());
        QVERIFY(live.fires().size() >= 2);
    }

    void fileListenOnPortOpensTheDialogAndStartsListening()
    {
        // File ▸ Listen on Port… as a presenter uses it: the dialog, a free port, Listen
        std::string error;
        auto probe = live::Socket::listen({"127.0.0.1", 0}, error);
        QVERIFY(probe);
        const int port = probe->localPort();
        probe.reset();
        bool shown = false;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<LiveSourceDialog*>(QApplication::activeModalWidget());
            shown = dialog && dialog->objectName() == QStringLiteral("listenPortDialog");
            if (!dialog)
                return;
            dialog->findChild<QSpinBox*>(QStringLiteral("port"))->setValue(port);
            dialog->accept();
        });
        m_window->action(QStringLiteral("listenPort"))->trigger();
        QVERIFY(shown);
        Session* session = m_window->session();
        QVERIFY(session->isLive());
        QCOMPARE(session->liveSourceName(), QStringLiteral("127.0.0.1:%1").arg(port));
        QVERIFY(m_window->action(QStringLiteral("stopLive"))->isEnabled());
        Client nc(port);
        QVERIFY(nc.connected());
        QVERIFY(nc.type("1634091720000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 1, kWaitMs);
        m_window->action(QStringLiteral("stopLive"))->trigger();
        QVERIFY(!session->isLive());
        QVERIFY(!m_window->action(QStringLiteral("stopLive"))->isEnabled());
    }

    void fileConnectToSocketReadsFromTheServer()
    {
        std::string error;
        auto server = live::Socket::listen({"127.0.0.1", 0}, error);
        QVERIFY(server);
        bool shown = false;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<LiveSourceDialog*>(QApplication::activeModalWidget());
            shown = dialog && dialog->objectName() == QStringLiteral("connectSocketDialog");
            if (!dialog)
                return;
            dialog->findChild<QSpinBox*>(QStringLiteral("port"))->setValue(server->localPort());
            dialog->accept();
        });
        m_window->action(QStringLiteral("connectSocket"))->trigger();
        QVERIFY(shown);
        std::string peer;
        std::optional<live::Socket> accepted;
        for (int i = 0; i < 200 && !accepted; ++i) {
            accepted = server->accept(peer);
            if (!accepted)
                QTest::qWait(10);
        }
        QVERIFY(accepted);
        const std::string_view lines = "1634091720000 a\n1634091721000 a\n";
        QCOMPARE(accepted->write(lines), std::optional<std::size_t>(lines.size()));
        accepted.reset(); // the peer closes: the run ends, and the app keeps it
        Session* session = m_window->session();
        QTRY_VERIFY_WITH_TIMEOUT(!session->isLive(), kWaitMs);
        QCOMPARE(m_window->recordsModel()->rowCount(), 2);
        QVERIFY(QString::fromStdString(session->liveFeed()->stopReason())
                    .contains(QStringLiteral("closed the connection")));
        QVERIFY(m_window->action(QStringLiteral("reconnectLive"))->isEnabled());
    }

    // File ▸ Open Kafka Topic…: the topic's partitions become the job's Kafka source, its records arrive with their
    // partitions, and the timeline draws a lane per partition; a topic that does not exist keeps the dialog open
    // with the reason.
    void fileOpenKafkaTopicReadsEveryPartition()
    {
        // the job of a Kafka example (post 001's legacy extractor makes no watermark per partition, and is refused)
        QVERIFY(m_window->openFile(examplePath(QStringLiteral("kafka-partition-with-idleness.json"))));
        test::MockKafka kafka;
        kafka.createTopic("clicks", 4);
        kafka.produce("clicks", 0, "ana", "{\"user\":\"ana\"}", 1000);
        kafka.produce("clicks", 3, "bob", "{\"user\":\"bob\"}", 2000);
        kafka.produce("clicks", 1, "ana", "{\"user\":\"ana\"}", 3000);
        kafka.flush();
        QString missing;
        QString tried;
        bool shown = false;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<KafkaTopicDialog*>(QApplication::activeModalWidget());
            shown = dialog != nullptr;
            if (!dialog)
                return;
            dialog->findChild<QLineEdit*>(QStringLiteral("bootstrap"))
                ->setText(QString::fromStdString(kafka.bootstrap()));
            dialog->findChild<QLineEdit*>(QStringLiteral("topic"))->setText(QStringLiteral("clickz"));
            dialog->accept(); // no such topic: the dialog stays, saying so
            missing = dialog->findChild<QLabel*>(QStringLiteral("error"))->text();
            // how a value is read, tried before reading: event time from a field of the value
            dialog->findChild<QLineEdit*>(QStringLiteral("tsField"))->setText(QStringLiteral("value.t"));
            dialog->findChild<QLineEdit*>(QStringLiteral("tryRecord"))->setText(QStringLiteral("{\"t\": 1500}"));
            tried = dialog->tryResult();
            dialog->findChild<QLineEdit*>(QStringLiteral("tsField"))->clear();
            dialog->findChild<QLineEdit*>(QStringLiteral("topic"))->setText(QStringLiteral("clicks"));
            dialog->accept();
        });
        m_window->action(QStringLiteral("openKafka"))->trigger();
        QVERIFY(shown);
        QVERIFY2(missing.contains(QStringLiteral("topic \"clickz\" does not exist")), qPrintable(missing));
        QCOMPARE(tried, QStringLiteral("key k · ts 1500"));
        Session* session = m_window->session();
        QVERIFY(session->isLive());
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 3, kWaitMs);
        const Scenario& s = session->scenario();
        QVERIFY(s.pipeline.kafka);
        QCOMPARE(s.pipeline.kafka->partitions, 4);
        QCOMPARE(s.records.size(), std::size_t(3));
        // (the partitions are fetched side by side: their records may come in any order between them)
        const auto bobs
            = std::find_if(s.records.begin(), s.records.end(), [](const InputRecord& r) { return r.partition == 3; });
        QVERIFY(bobs != s.records.end());
        QCOMPARE(bobs->ts, Timestamp(2000)); // its Kafka timestamp
        QCOMPARE(bobs->offset, std::int64_t(0));
        QCOMPARE(session->trace().partitionCount(), 4);
        session->stopLive();
        QVERIFY(!session->isLive());
    }

    void aSettingChangedDuringALiveRunKeepsTheSourceAndTheRecords()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        Client nc(listeningPort(*session));
        QVERIFY(nc.connected());
        QVERIFY(nc.type("1634091720000 a\n1634091721000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 2, kWaitMs);
        // the presenter looks back, then changes a setting to compare: the cursor stays where it was looked at
        m_window->cursor()->stepBack();
        QVERIFY(!m_window->cursor()->followLive());
        const Timestamp clock = session->liveClock();
        PipelineConfig pipeline = session->scenario().pipeline;
        pipeline.window.allowedLatenessMs = 2000;
        QVERIFY(session->setSettings(pipeline, session->scenario().display).isEmpty());
        QVERIFY(session->isLive());
        QVERIFY(session->liveClock() >= clock);
        QCOMPARE(session->scenario().records.size(), std::size_t(2));
        QCOMPARE(session->scenario().pipeline.window.allowedLatenessMs, DurationMs(2000));
        QVERIFY(nc.type("1634091723000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 3, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(session->trace().fires().size(), std::size_t(1), kWaitMs);
        QVERIFY(!m_window->cursor()->followLive());
        QVERIFY(m_window->cursor()->step() < m_window->cursor()->lastStep());
    }

    void aLineTypedDuringALiveRunArrivesNowAsOneMoreClient()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        QTest::qWait(250); // the clock has moved on: the typed record arrives then, not at 0
        auto* input = m_window->findChild<QLineEdit*>(QStringLiteral("liveInput"));
        input->setText(QStringLiteral("1634091720000 a"));
        QTest::keyClick(input, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 1, kWaitMs);
        QVERIFY(input->text().isEmpty());
        QVERIFY(session->scenario().records.front().arrival >= 200);
        // a bad typed line is said where it was typed, with its column, and kept for correcting
        input->setText(QStringLiteral("a 1634091720000"));
        QTest::keyClick(input, Qt::Key_Return);
        QCOMPARE(input->text(), QStringLiteral("a 1634091720000"));
        QVERIFY2(m_window->findChild<QLabel*>(QStringLiteral("liveStatus"))
                     ->text()
                     .contains(QStringLiteral("typed line:2:1")),
            qPrintable(m_window->findChild<QLabel*>(QStringLiteral("liveStatus"))->text()));
    }

    void reconnectOpensTheSamePortAndReadsLinesAsBefore()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        const int port = listeningPort(*session);
        {
            Client nc(port);
            QVERIFY(nc.connected());
            QVERIFY(nc.type("1634091720000 a\n"));
            QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 1, kWaitMs);
        }
        session->stopLive();
        // the first run's record is not saved: Reconnect asks, and the user lets it go
        QTimer::singleShot(0, this, [] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Discard)->click();
        });
        m_window->action(QStringLiteral("reconnectLive"))->trigger();
        QVERIFY(session->isLive());
        QCOMPARE(listeningPort(*session), port); // port 0 asked for any free one; Reconnect keeps the one it got
        QCOMPARE(m_window->recordsModel()->rowCount(), 0);
        Client again(port);
        QVERIFY(again.connected());
        QVERIFY(again.type("1634091721000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 1, kWaitMs);
        // read as post 001's text lines still, not as the CSV of inline records
        QCOMPARE(session->liveFeed()->problemCount(), std::uint64_t(0));
        QCOMPARE(session->scenario().records.front().ts, Timestamp(1634091721000));
    }

    void closingAWindowWithReceivedRecordsAsksFirst()
    {
        Session* session = m_window->session();
        QVERIFY(listenOnAFreePort());
        Client nc(listeningPort(*session));
        QVERIFY(nc.connected());
        QVERIFY(nc.type("1634091720000 a\n"));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->recordsModel()->rowCount(), 1, kWaitMs);
        bool asked = false;
        QTimer::singleShot(0, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            asked = box && box->objectName() == QStringLiteral("unsavedChanges")
                && box->text().contains(QStringLiteral("received from"));
            if (box)
                box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!m_window->close());
        QVERIFY(asked);
        QVERIFY(m_window->isVisible());
        QVERIFY(session->isLive());
    }

private:
    // File ▸ Listen on Port… on a port the system picks (the source's name says which).
    bool listenOnAFreePort()
    {
        LiveSourceRequest request;
        request.kind = LiveSourceRequest::Kind::Listen;
        request.port = 0;
        return m_window->startLiveSource(request) && m_window->session()->isLive();
    }

    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestLiveApp)
#include "tst_live_app.moc"
