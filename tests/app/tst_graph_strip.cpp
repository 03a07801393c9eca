// A job graph in the app: the strip draws it as Flink's job graph with every vertex's event time at the cursor and
// the chain of holds behind the slowest sink highlighted; the lanes group the timeline per operator; the narration,
// the why-not panel and the output table follow the graph's steps; a vertex clicked in the strip is selected in
// every view.

#include "app/MainWindow.h"
#include "app/attach/WebUiWatermarksModel.h"
#include "app/document/FlinkVerification.h"
#include "app/document/GraphDocument.h"
#include "app/document/Loading.h"
#include "app/document/RunLoader.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/graph/GraphLanes.h"
#include "app/graph/GraphLayout.h"
#include "app/graph/GraphStrip.h"
#include "app/models/OutputModel.h"
#include "app/models/RecordsModel.h"
#include "app/models/WindowsModel.h"
#include "app/panels/GraphEditor.h"
#include "app/panels/NarrationPanel.h"
#include "app/panels/ProgressChart.h"
#include "app/panels/WhyPanel.h"
#include "app/timeline/TimeScale.h"
#include "app/timeline/TimelineView.h"
#include "engine/io/Installation.h"
#include "engine/output/GraphOutputFormat.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <QXYSeries>

#include <set>
#include <tuple>

using namespace tidemark;
using namespace tidemark::app;

namespace {

QString graphExample(const char* name)
{
    return QString::fromStdString((io::graphExamplesDirectory() / (std::string(name) + ".json")).string());
}

// Saves what the widget shows beside the test, for a person to look at.
bool saveScreenshot(QWidget& widget, const char* name)
{
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/screenshots");
    return QDir().mkpath(dir)
        && widget.grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
}

// Shows the window at `size` and saves what `widget` shows then.
bool shownAndSaved(MainWindow& window, QWidget& widget, const char* name, QSize size = {1400, 900})
{
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window) && saveScreenshot(widget, name);
}

QString streamNamed(const Session& session, int stream)
{
    return QString::fromStdString(session.graph().streamName(stream));
}

} // namespace

class GraphStripTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachOperatorStandsRightOfItsInputsAndNoBoxesOverlap()
    {
        for (const io::Example& e : io::graphExamples()) {
            MainWindow window;
            QVERIFY2(window.openFile(QString::fromStdString(e.path.string())), e.name.c_str());
            const GraphDocument& g = window.session()->graph();
            GraphLayout layout(g.graph(), g.streams());
            layout.place(QRectF(QPointF(0, 0), layout.preferredSize(QSizeF(180, 70))), QSizeF(180, 70));
            for (const GraphLayout::Link& l : layout.links()) {
                const auto& from = layout.boxes()[std::size_t(l.from)];
                const auto& to = layout.boxes()[std::size_t(l.to)];
                QVERIFY2(from.column < to.column, e.name.c_str());
                QVERIFY(from.rect.right() < to.rect.left());
            }
            for (std::size_t a = 0; a < layout.boxes().size(); ++a) {
                for (std::size_t b = a + 1; b < layout.boxes().size(); ++b)
                    QVERIFY2(!layout.boxes()[a].rect.intersects(layout.boxes()[b].rect), e.name.c_str());
            }
            // every stream is drawn once, and a point inside a box finds it
            for (int s = 0; s < g.streams().streamCount(); ++s) {
                const int box = layout.boxOfStream(s);
                QVERIFY(box >= 0);
                QCOMPARE(layout.boxAt(layout.boxes()[std::size_t(box)].rect.center()), box);
            }
        }
    }

    void aUnionIsAVertexWhoseInputsBothCarryTheHold()
    {
        // two sources through a union into one window: a hold from the second source runs through the union
        const JobGraph graph = [] {
            JobGraph g;
            g.sources.resize(2);
            g.sources[0].name = "a";
            g.sources[1].name = "b";
            GraphOperator u;
            u.name = "both";
            u.kind = GraphOperator::Kind::Union;
            u.inputs = {"a", "b"};
            GraphOperator w;
            w.name = "count";
            w.kind = GraphOperator::Kind::Window;
            w.inputs = {"both"};
            w.window.keyBy = std::string("key");
            g.operators = {u, w};
            return g;
        }();
        const StreamGraph streams(graph);
        const GraphLayout layout(graph, streams);
        QCOMPARE(int(layout.boxes().size()), 4);
        QVERIFY(layout.boxes()[2].isUnion());
        QCOMPARE(layout.origins(2), (std::vector<int> {0, 1}));
        const int window = streams.streamOfOperator(1);
        // held from b: the link b → union and the link union → count, not a → union
        const std::vector<int> links = layout.linksHolding(window, 0, 1);
        QCOMPARE(int(links.size()), 2);
        for (const int i : links) {
            const GraphLayout::Link& l = layout.links()[std::size_t(i)];
            QVERIFY(l.from != 0);
        }
    }

    void theStripHighlightsWhatHoldsTheSinkAtTheEnd_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("holder"); // empty: every sink has reached the end of event time
        QTest::newRow("join stalls") << "orders-payments-join-stalls"
                                     << "payments";
        QTest::newRow("join with idleness") << "orders-payments-join-with-idleness"
                                            << "orders";
        QTest::newRow("unpaid timeout") << "orders-unpaid-timeout"
                                        << "orders";
        QTest::newRow("rules with idleness") << "rules-with-idleness"
                                             << "readings";
        QTest::newRow("rules without watermarks") << "rules-without-watermarks-stalls"
                                                  << "rules";
        QTest::newRow("sensor silence") << "sensor-silence-two-clocks"
                                        << "readings";
        QTest::newRow("silent partition") << "two-topics-silent-partition"
                                          << "clicks";
        QTest::newRow("window join") << "orders-payments-window-join" << QString();
        QTest::newRow("window over window") << "window-over-window" << QString();
        QTest::newRow("totals at end of input") << "totals-at-end-of-input" << QString();
        QTest::newRow("new watermarks") << "join-then-new-watermarks" << QString();
    }
    void theStripHighlightsWhatHoldsTheSinkAtTheEnd()
    {
        QFETCH(QString, example);
        QFETCH(QString, holder);
        MainWindow window;
        QVERIFY(window.openFile(graphExample(example.toUtf8().constData())));
        QVERIFY(window.session()->hasGraph());
        auto* strip = window.findChild<GraphStrip*>();
        QVERIFY(strip);
        window.cursor()->toEnd();
        const GraphPicture::At& at = window.session()->graphAt();
        const QStringList texts = strip->vertexTexts();
        const QStringList holding = texts.filter(QStringLiteral("holds the sink back"));
        if (holder.isEmpty()) {
            QCOMPARE(at.sink, -1);
            QVERIFY2(holding.isEmpty(), qPrintable(holding.join(QLatin1Char('\n'))));
            QVERIFY(strip->holdingLinks().empty());
            return;
        }
        QCOMPARE(holding.size(), 1);
        QVERIFY2(holding.front().startsWith(holder + QStringLiteral(":")), qPrintable(holding.front()));
        QCOMPARE(streamNamed(*window.session(), at.blocker.back().stream), holder);
        // one highlighted link per step of the hold, and the narration says the same hold
        QVERIFY(strip->holdingLinks().size() >= at.blocker.size() - 1);
        QVERIFY2(window.narration()->plainText().contains(QStringLiteral("Held back: ")),
            qPrintable(window.narration()->plainText()));
    }

    void theHoldMovesWithTheCursor()
    {
        // orders-payments-join-stalls: while payments still sends, the join waits on whichever is lower; once
        // payments falls silent (its last record at 2 s) and orders goes on, payments holds it to the end
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        auto* strip = window.findChild<GraphStrip*>();
        const Session& session = *window.session();
        QStringList origins;
        for (int step = 0; step <= window.cursor()->lastStep(); ++step) {
            window.cursor()->setStep(step);
            const auto& blocker = session.graphAt().blocker;
            const QString origin = blocker.empty() ? QString() : streamNamed(session, blocker.back().stream);
            if (origins.isEmpty() || origins.back() != origin)
                origins << origin;
            // what the strip says and the picture agree at every step
            const QStringList holding = strip->vertexTexts().filter(QStringLiteral("holds the sink back"));
            QCOMPARE(holding.size(), origin.isEmpty() ? 0 : 1);
        }
        QVERIFY2(origins.contains(QStringLiteral("orders")), qPrintable(origins.join(QLatin1Char(','))));
        QCOMPARE(origins.back(), QStringLiteral("payments"));
    }

    // A process function's timers wait on their subtask's lane at their time: an order's deadline from the step the
    // operator sees the order until its payment deletes it or the operator's event time reaches it and it fires.
    void theTimersOfAProcessFunctionWaitOnItsSubtasksLane()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-unpaid-timeout")));
        auto* lanes = window.findChild<GraphLanes*>();
        const auto timersAt = [&](int step) {
            window.cursor()->setStep(step);
            const QStringList rows = lanes->rowTexts().filter(QStringLiteral("unpaid · subtask 0"));
            return rows.size() == 1 ? rows.front() : QString();
        };
        // the example's description, step by step: o1's payment follows its order at once, o4's comes before the
        // watermark reaches o4's deadline, o2's deadline waits until both inputs pass 7 s
        QVERIFY2(timersAt(1).endsWith(QStringLiteral("timers: o1 at 6000 ms")), qPrintable(timersAt(1)));
        QVERIFY2(!timersAt(2).contains(QStringLiteral("timers")), qPrintable(timersAt(2)));
        QVERIFY2(
            timersAt(35).endsWith(QStringLiteral("timers: o2 at 7000 ms, o4 at 9000 ms")), qPrintable(timersAt(35)));
        QVERIFY2(timersAt(36).endsWith(QStringLiteral("timers: o2 at 7000 ms")), qPrintable(timersAt(36)));
        // the lesson's question: at its marker o2 and o5 wait; one step on o2 has fired (its output) and o5 waits
        const int marker = int(window.session()->lesson().front().step);
        QVERIFY2(timersAt(marker).endsWith(QStringLiteral("timers: o2 at 7000 ms, o5 at 17000 ms")),
            qPrintable(timersAt(marker)));
        QVERIFY2(
            timersAt(marker + 1).endsWith(QStringLiteral("timers: o5 at 17000 ms")), qPrintable(timersAt(marker + 1)));
        const GraphDocument& g = window.session()->graph();
        QCOMPARE(g.run().trace().outputsOf(StepIndex(marker + 1)).size(), std::size_t(1));
        // at every step, no event-time timer waits at or before its subtask's event time: it would have fired
        for (int step = 0; step <= window.cursor()->lastStep(); ++step) {
            window.cursor()->setStep(step);
            for (int stream = 0; stream < g.streams().streamCount(); ++stream) {
                const StreamGraph::Node& node = g.streams().node(stream);
                for (const auto& t : GraphPicture::timers(g.player().state(), stream)) {
                    if (t.domain == TimeDomain::Event)
                        QVERIFY(t.ts > g.player().state().operatorWatermark(node.op, t.subtask));
                }
            }
        }
        // Why (not)? on the operator: each waiting timer, what it waits for, under the hold that keeps it waiting
        window.cursor()->setStep(marker);
        window.cursor()->select(TimeCursor::Selection::ofStream(g.streams().streamOfOperator(0)));
        const QString why = window.findChild<WhyPanel*>()->plainText();
        QVERIFY2(why.contains(QStringLiteral("o2's timer at 7000 ms has not fired: subtask 0's event time is 3999 ms")),
            qPrintable(why));
        const qsizetype held = why.indexOf(QStringLiteral("← input 1, orders"));
        QVERIFY2(held >= 0 && held < why.indexOf(QStringLiteral("o2's timer")), qPrintable(why));
        QVERIFY(shownAndSaved(window, window, "graph-timers-waiting", QSize(1400, 800)));
    }

    // Each key of a process subtask with few keys has a lane of its timers' lives: when each was registered and when
    // it fired or was deleted, as the run recorded them; at every step those waiting are the operator's timers then.
    void eachKeysTimersAreDrawnFromRegistrationToFiringOrDeletion()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-unpaid-timeout")));
        auto* lanes = window.findChild<GraphLanes*>();
        const GraphDocument& g = window.session()->graph();
        const int stream = g.streams().streamOfOperator(0);
        const auto keyRow = [&](int step, const char* key) {
            window.cursor()->setStep(step);
            const QStringList rows
                = lanes->rowTexts().filter(QStringLiteral("unpaid · key %1:").arg(QLatin1String(key)));
            return rows.size() == 1 ? rows.front() : QStringLiteral("(no lane for %1)").arg(QLatin1String(key));
        };
        const int marker = int(window.session()->lesson().front().step);
        const int last = window.cursor()->lastStep();
        // the description: o1's payment deletes its deadline at once, o4's before the watermark reaches 9 s, o2's
        // deadline (its order at step 11, 2000 + 5000 ms) fires one step after the lesson's marker; o3 is paid before
        // its order comes and arms nothing
        QVERIFY2(keyRow(1, "o1").endsWith(QStringLiteral("timers: 6000 ms registered at step 1, waiting")),
            qPrintable(keyRow(1, "o1")));
        QVERIFY2(keyRow(2, "o1").endsWith(QStringLiteral("timers: 6000 ms registered at step 1, deleted at step 2")),
            qPrintable(keyRow(2, "o1")));
        QVERIFY2(keyRow(36, "o4").contains(QStringLiteral("9000 ms registered at step")), qPrintable(keyRow(36, "o4")));
        QVERIFY2(keyRow(36, "o4").endsWith(QStringLiteral("deleted at step 36")), qPrintable(keyRow(36, "o4")));
        QVERIFY2(keyRow(marker, "o2").endsWith(QStringLiteral("7000 ms registered at step 11, waiting")),
            qPrintable(keyRow(marker, "o2")));
        QVERIFY2(keyRow(marker + 1, "o2")
                     .endsWith(QStringLiteral("7000 ms registered at step 11, fired at step %1").arg(marker + 1)),
            qPrintable(keyRow(marker + 1, "o2")));
        QVERIFY2(keyRow(last, "o1").endsWith(QStringLiteral("deleted at step 2")), qPrintable(keyRow(last, "o1")));
        QCOMPARE(keyRow(last, "o3"), QStringLiteral("(no lane for o3)"));
        // at every step, the lives waiting are exactly the timers the operator holds then (its state, not the log)
        const std::vector<GraphPicture::TimerLife> lives = g.picture().timerLives(stream, 0);
        QCOMPARE(lives.size(), std::size_t(4)); // o1, o2, o4, o5: o3 and o6 are paid before their orders come
        std::size_t fired = 0;
        for (int step = 0; step <= last; ++step) {
            window.cursor()->setStep(step);
            std::multiset<std::tuple<KeyId, Timestamp>> held;
            for (const auto& t : GraphPicture::timers(g.player().state(), stream, 0))
                held.insert({t.key, t.ts});
            std::multiset<std::tuple<KeyId, Timestamp>> waiting;
            for (const auto& life : lives) {
                if (life.waitsAt(StepIndex(step)))
                    waiting.insert({life.key, life.ts});
                fired += life.fired && life.ended == StepIndex(step) ? 1 : 0;
            }
            QVERIFY2(held == waiting, qPrintable(QStringLiteral("step %1").arg(step)));
        }
        // and every fired timer made the operator's output at its time (the order it held)
        std::size_t outputs = 0;
        for (const GraphOutput& o : g.run().outputs())
            outputs += o.op == 0 ? 1 : 0;
        QCOMPARE(fired, outputs);
        window.cursor()->setStep(marker + 1);
        QVERIFY(shownAndSaved(window, *lanes, "graph-timer-lives", QSize(1400, 800)));
    }

    // A record clicked on an interval join's input is explained: the other input's records of its key within the
    // bounds, each paired (at the step the operator paired them) or not yet; none there, and the bounds that would
    // take the closest in, which the engine then confirms.
    void aJoinRecordClickedSaysWhichRecordsItPairsWithAndWhichBoundsWould()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Session& session = *window.session();
        auto* lanes = window.findChild<GraphLanes*>();
        const int paid = session.graph().streams().streamOfOperator(0);
        QCOMPARE(session.graph().streamName(paid), std::string("paid"));
        const auto clickOrder = [&](Timestamp ts) {
            const QRectF lane = lanes->inputLane(paid, 0);
            const TimeScale scale(
                window.cursor()->visibleStart(), window.cursor()->visibleEnd(), lane.left(), lane.width());
            QTest::mouseClick(
                lanes, Qt::LeftButton, {}, QPointF(scale.mapTimeToX(double(ts)), lane.center().y()).toPoint());
            return window.findChild<WhyPanel*>()->plainText();
        };
        // the step at which the join paired (o3 4000, payment 8500): the payment's arrival
        const auto pairStep = [&](Timestamp left, Timestamp right) {
            const GraphDocument& g = session.graph();
            for (std::size_t i = 0; i < g.run().outputs().size(); ++i) {
                const auto* join = std::get_if<IntervalJoinOperator::Output>(&g.run().outputs()[i].what);
                if (join && join->kind == IntervalJoinOperator::Output::Kind::Pair
                    && g.run().pipeline().element(join->left).ts == left
                    && g.run().pipeline().element(join->right).ts == right)
                    return int(g.run().trace().stepOfOutput(i));
            }
            return -1;
        };
        const int paired = pairStep(4000, 8500);
        QVERIFY(paired > 0);
        window.cursor()->setStep(paired - 1);
        QString why = clickOrder(4000);
        QCOMPARE(window.cursor()->selection().kind, TimeCursor::Selection::Kind::InputRecord);
        QVERIFY2(
            why.contains(QStringLiteral("It pairs with o3's records on input 2 (payments) from 4000 ms to 9000 ms")),
            qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("The record at 8500 ms (step %1): pairs at step %1").arg(paired)),
            qPrintable(why));
        window.cursor()->toEnd();
        why = window.findChild<WhyPanel*>()->plainText();
        QVERIFY2(why.contains(QStringLiteral("The record at 8500 ms (step %1): paired at step %1.").arg(paired)),
            qPrintable(why));
        // o4 has no payment at all
        why = clickOrder(9000);
        QVERIFY2(why.contains(QStringLiteral("No record of o4 on input 2 falls in that range in the whole input: it "
                                             "never pairs in this run.")),
            qPrintable(why));
        QVERIFY(!why.contains(QStringLiteral("closest")));
        // with between(0, 3 s), o3's payment 4.5 s after it is outside: the panel names the bounds that would pair
        // them, and the run with those bounds pairs them
        JobGraph narrower = session.graph().graph();
        narrower.operators[0].join.upperMs = 3000;
        QCOMPARE(session.setJobGraph(narrower), QString());
        window.cursor()->toEnd();
        QCOMPARE(pairStep(4000, 8500), -1);
        why = clickOrder(4000);
        QVERIFY2(why.contains(QStringLiteral("No record of o3 on input 2 falls in that range")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("o3's closest record outside it is at 8500 ms (step %1): between(0, 4500) "
                                             "would pair them.")
                                  .arg(paired)),
            qPrintable(why));
        QVERIFY(saveScreenshot(window, "graph-join-record-why"));
        JobGraph suggested = session.graph().graph();
        suggested.operators[0].join.upperMs = 4500;
        QCOMPARE(session.setJobGraph(suggested), QString());
        QCOMPARE(pairStep(4000, 8500), paired);
    }

    // A Kafka source read with per-partition watermarks shows each reader followed by the partitions it was given,
    // each with its records and its split's watermark; the silent partition is marked as holding its reader while
    // it holds the union's window back, until its first record.
    void aKafkaSourcesPartitionsHaveLanesUnderTheirReaders()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("two-topics-silent-partition")));
        auto* lanes = window.findChild<GraphLanes*>();
        const auto rowsAt = [&](int step) {
            window.cursor()->setStep(step);
            return lanes->rowTexts();
        };
        // the enumerator gives clicks' partitions 0 and 1 to readers 1 and 0, views' both to its one reader
        const QStringList sources = rowsAt(30).filter(QRegularExpression(QStringLiteral("^(clicks|views) · ")));
        QStringList labels;
        for (const QString& r : sources)
            labels << r.section(QLatin1Char(':'), 0, 0);
        QCOMPARE(labels,
            (QStringList {"clicks · reader 0", "clicks · partition 1", "clicks · reader 1", "clicks · partition 0",
                "views · reader 0", "views · partition 0", "views · partition 1"}));
        // views' partition 1 is silent: its split stays at Long.MIN_VALUE and holds its reader, and with it the
        // union's window, until its first record (bob, 11000) comes
        QVERIFY2(sources.contains(QStringLiteral("views · partition 1: no watermark yet (holds its reader)")),
            qPrintable(sources.join(QLatin1Char('\n'))));
        const GraphRun& run = window.session()->graph().run();
        const int views = 1;
        QCOMPARE(window.session()->graph().streamName(views), std::string("views"));
        StepIndex firstRecord = kNoStep;
        for (StepIndex s = 1; s < run.trace().stepCount() && firstRecord == kNoStep; ++s) {
            const GraphStep& step = run.trace().step(s);
            if (step.kind != EventQueue::Kind::Arrival)
                continue;
            const GraphArrival& a = run.arrivals()[step.subject];
            const InputRecord& r = run.graph().sources[std::size_t(a.source)].records[a.record];
            if (a.source == views && r.partition == 1 && !r.isWatermark())
                firstRecord = s;
        }
        QVERIFY(firstRecord != kNoStep);
        const auto partitionRow = [&](int step) {
            const QStringList rows = rowsAt(step).filter(QStringLiteral("views · partition 1:"));
            return rows.size() == 1 ? rows.front() : QString();
        };
        QVERIFY2(partitionRow(int(firstRecord) - 1).contains(QStringLiteral("no watermark yet (holds its reader)")),
            qPrintable(partitionRow(int(firstRecord) - 1)));
        // its split's generator emits on the reader's next periodic emission (every 200 ms): 11000 − 0 − 1
        int emitted = int(firstRecord);
        while (emitted < window.cursor()->lastStep() && partitionRow(emitted).contains(QStringLiteral("no watermark")))
            ++emitted;
        QVERIFY2(
            partitionRow(emitted).contains(QStringLiteral(": watermark 10999 ms")), qPrintable(partitionRow(emitted)));
        QCOMPARE(run.trace().step(StepIndex(emitted)).kind, EventQueue::Kind::PeriodicEmit);
        QVERIFY(
            run.trace().step(StepIndex(emitted)).processingTime - run.trace().step(firstRecord).processingTime <= 200);
        // at the end the window [0, 10000) has fired and each partition stands at its own watermark
        const QStringList end = rowsAt(window.cursor()->lastStep());
        QVERIFY(end.contains(QStringLiteral("views · partition 0: watermark 12999 ms")));
        QVERIFY(end.contains(QStringLiteral("views · partition 1: watermark 10999 ms")));
        window.cursor()->setStep(int(firstRecord) - 1);
        QVERIFY(shownAndSaved(window, window, "graph-kafka-partitions"));
    }

    // A window clicked in a subtask's lane is selected for every view, and the Why (not)? panel says when it fired,
    // or what it waits for and what holds that back: the count that never fires while payments is silent, and the
    // same count with withIdleness(2 s), which fires at step 52.
    void aWindowClickedInALaneIsExplainedWithTheHoldBehindIt()
    {
        for (const char* example : {"orders-payments-join-stalls", "orders-payments-join-with-idleness"}) {
            MainWindow window;
            QVERIFY(window.openFile(graphExample(example)));
            window.resize(1400, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.cursor()->toEnd();
            auto* lanes = window.findChild<GraphLanes*>();
            const int count = window.session()->graph().streams().streamOfOperator(1);
            QCOMPARE(window.session()->graph().streamName(count), std::string("paid-per-10s"));
            const bool stalls = QByteArray(example).endsWith("stalls");
            const QStringList rows = lanes->rowTexts().filter(QStringLiteral("paid-per-10s · subtask 0"));
            QCOMPARE(rows.size(), 1);
            // the stalled count is still collecting its three pairs at the end; the released one has fired
            QCOMPARE(rows.front().contains(QStringLiteral("collecting: [0, 10000) ms (3)")), stalls);
            const QRectF lane = lanes->subtaskLane(count, 0);
            QVERIFY(!lane.isEmpty());
            const TimeScale scale(
                window.cursor()->visibleStart(), window.cursor()->visibleEnd(), lane.left(), lane.width());
            QTest::mouseClick(lanes, Qt::LeftButton, {}, QPointF(scale.mapTimeToX(5000), lane.center().y()).toPoint());
            const TimeCursor::Selection& selected = window.cursor()->selection();
            QCOMPARE(selected.kind, TimeCursor::Selection::Kind::Window);
            QCOMPARE(selected.stream, count);
            QCOMPARE(selected.window, TimeWindow(0, 10000));
            const QString why = window.findChild<WhyPanel*>()->plainText();
            if (stalls) {
                QVERIFY2(why.contains(QStringLiteral("It has not fired: it fires when subtask 0's event time reaches "
                                                     "9999 ms (its end − 1); that event time is 8499 ms.")),
                    qPrintable(why));
                QVERIFY2(why.contains(QStringLiteral("input 2, payments")), qPrintable(why));
                QVERIFY2(why.contains(QStringLiteral("It never fires in this run")), qPrintable(why));
                QVERIFY(saveScreenshot(window, "graph-window-why-not"));
            } else {
                QVERIFY2(
                    why.contains(QStringLiteral("It fired at step 52 (processing time 4.400 s), when subtask 0's "
                                                "event time reached 11999 ms, with 3 element(s): paid-per-10s> (3)")),
                    qPrintable(why));
                // one step before, it has not yet, and the panel says when it will
                window.cursor()->setStep(51);
                const QString before = window.findChild<WhyPanel*>()->plainText();
                QVERIFY2(before.contains(QStringLiteral("Later it fires (again) at step 52")), qPrintable(before));
            }
        }
    }

    // The Pipeline panel of a graph: every source's and operator's settings. A change runs the graph again at the
    // same step and is undone as one step; a value the graph's rules refuse is not applied, and says why.
    void theGraphsSettingsAreEditedInThePipelinePanel()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        auto* editor = window.findChild<GraphEditor*>();
        QVERIFY(editor);
        auto* pipeline = window.findChild<QDockWidget*>(QStringLiteral("pipelineDock"));
        QVERIFY(pipeline->toggleViewAction()->isEnabled());
        auto* strip = window.findChild<GraphStrip*>();
        const auto count = [&] {
            window.cursor()->toEnd();
            return strip->vertexTexts().filter(QStringLiteral("paid-per-10s")).join(QString());
        };
        QVERIFY2(count().contains(QStringLiteral("0 out")), qPrintable(count()));
        // a join's lower bound above its upper one: the rule's message, and the graph as it was
        const DurationMs lower = window.session()->graph().graph().operators[0].join.lowerMs;
        QVERIFY(editor->setValue(QStringLiteral("paid"), QStringLiteral("lowerBound"), 60000));
        QVERIFY2(!editor->refusal().isEmpty(), "refused");
        QCOMPARE(window.session()->graph().graph().operators[0].join.lowerMs, lower);
        QCOMPARE(window.findChild<QSpinBox*>(QStringLiteral("paid.lowerBound"))->value(), int(lower));
        QCOMPARE(window.undoStack()->count(), 0); // the refused change is not on the stack
        window.cursor()->setStep(30);
        QVERIFY(editor->setValue(QStringLiteral("payments"), QStringLiteral("idleness"), 2000));
        QVERIFY2(editor->refusal().isEmpty(), qPrintable(editor->refusal()));
        QCOMPARE(window.cursor()->step(), 30); // the same step of the new run
        QCOMPARE(window.session()->graph().graph().sources[1].watermarks.idlenessMs, DurationMs(2000));
        QVERIFY2(count().contains(QStringLiteral("1 out")), qPrintable(count()));
        QCOMPARE(window.undoStack()->count(), 1);
        window.undoStack()->undo();
        QCOMPARE(window.session()->graph().graph().sources[1].watermarks.idlenessMs, DurationMs(0));
        QVERIFY2(count().contains(QStringLiteral("0 out")), qPrintable(count()));
        QCOMPARE(window.findChild<QSpinBox*>(QStringLiteral("payments.idleness"))->value(), 0);

        QVERIFY(!editor->setValue(QStringLiteral("paid"), QStringLiteral("timeout"), 1));
        pipeline->show();
        QVERIFY(shownAndSaved(window, window, "graph-pipeline-panel"));
    }

    // The Pipeline panel changes what an operator reads: a union's streams taken out and added back, an input read
    // from another stream; a change that would make a cycle is refused in the rule's words, its chooser showing
    // the stream it reads still, and each applied change is one undo step.
    void anOperatorsInputsAreChangedInThePipelinePanel()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("two-topics-silent-partition")));
        auto* editor = window.findChild<GraphEditor*>();
        Session& session = *window.session();
        const auto inputsOf = [&](const char* name) {
            for (const GraphOperator& op : session.graph().graph().operators) {
                if (op.name == name)
                    return op.inputs;
            }
            return std::vector<std::string> {};
        };
        const auto fires = [&] {
            std::size_t n = 0;
            for (const GraphOutput& o : session.graph().run().outputs())
                n += std::holds_alternative<FireEvent>(o.what) ? 1 : 0;
            return n;
        };
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"clicks", "views"}));
        const std::size_t firesWithViews = fires();
        // a union of one stream: refused in the rule's words, nothing on the undo stack
        QVERIFY(editor->removeInput(QStringLiteral("both"), 2));
        QVERIFY2(editor->refusal().contains(QStringLiteral("a union needs two or more streams")),
            qPrintable(editor->refusal()));
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"clicks", "views"}));
        QCOMPARE(window.undoStack()->count(), 0);
        // and so is a union of the window that reads it: a cycle
        QVERIFY(editor->addInput(QStringLiteral("both"), QStringLiteral("per-10s")));
        QVERIFY2(editor->refusal().contains(QStringLiteral("the graph has a cycle")), qPrintable(editor->refusal()));
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"clicks", "views"}));
        // the window reads views alone, whose silent partition holds it longer: fewer windows fire
        QVERIFY(editor->setInput(QStringLiteral("per-10s"), 1, QStringLiteral("views")));
        QVERIFY2(editor->refusal().isEmpty(), qPrintable(editor->refusal()));
        QCOMPARE(inputsOf("per-10s"), (std::vector<std::string> {"views"}));
        QVERIFY2(fires() < firesWithViews, qPrintable(QStringLiteral("%1 fires").arg(fires())));
        // now the union may read the window, and give it up again
        QVERIFY(editor->addInput(QStringLiteral("both"), QStringLiteral("per-10s")));
        QVERIFY2(editor->refusal().isEmpty(), qPrintable(editor->refusal()));
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"clicks", "views", "per-10s"}));
        QCOMPARE(window.findChild<QComboBox*>(QStringLiteral("both.input3"))->currentText(), QStringLiteral("per-10s"));
        QVERIFY(editor->removeInput(QStringLiteral("both"), 1));
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"views", "per-10s"}));
        QCOMPARE(window.undoStack()->count(), 3); // each change one step
        for (int i = 0; i < 3; ++i)
            window.undoStack()->undo();
        QCOMPARE(inputsOf("both"), (std::vector<std::string> {"clicks", "views"}));
        QCOMPARE(inputsOf("per-10s"), (std::vector<std::string> {"both"}));
        QCOMPARE(fires(), firesWithViews);
        QCOMPARE(window.findChild<QComboBox*>(QStringLiteral("per-10s.input1"))->currentText(), QStringLiteral("both"));
        window.findChild<QDockWidget*>(QStringLiteral("pipelineDock"))->show();
        QVERIFY(shownAndSaved(window, window, "graph-pipeline-inputs"));
    }

    void theNarrationNamesTheEndsOfTime()
    {
        // epoch milliseconds on the display: the step says Long.MAX_VALUE, not Flink's 9223372036854775807
        MainWindow window;
        QVERIFY(window.openFile(graphExample("window-over-window")));
        window.cursor()->toEnd();
        const QString text = window.narration()->plainText();
        QVERIFY2(text.contains(QStringLiteral("per-10s Long.MAX_VALUE")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("9223372036854775807")), qPrintable(text));
        window.cursor()->setStep(1);
        QVERIFY2(window.narration()->plainText().contains(QStringLiteral("Long.MIN_VALUE")),
            qPrintable(window.narration()->plainText()));
    }

    void clickingAVertexSelectsItInEveryView()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        window.cursor()->toEnd();
        auto* strip = window.findChild<GraphStrip*>();
        auto* lanes = window.findChild<GraphLanes*>();
        auto* why = window.findChild<WhyPanel*>();
        QVERIFY(strip && lanes && why);
        QVERIFY(strip->isVisible());
        const int paid = window.session()->graph().streams().streamOfOperator(0);
        const QRectF box = strip->boxOfStream(paid);
        QVERIFY(!box.isEmpty());
        QTest::mouseClick(strip, Qt::LeftButton, {}, box.center().toPoint());
        QCOMPARE(window.cursor()->selection().kind, TimeCursor::Selection::Kind::Stream);
        QCOMPARE(window.cursor()->selection().stream, paid);
        // the lanes put its group first, the why-not panel explains it
        QVERIFY2(lanes->rowTexts().front().endsWith(QStringLiteral("paid")), qPrintable(lanes->rowTexts().front()));
        QVERIFY2(why->heading().contains(QStringLiteral("paid at step")), qPrintable(why->heading()));
        QVERIFY2(why->plainText().startsWith(QStringLiteral("paid at 8499 ms ← input 2, payments")),
            qPrintable(why->plainText()));
        // a source: the holds that start there
        QTest::mouseClick(strip, Qt::LeftButton, {}, strip->boxOfStream(1).center().toPoint());
        QVERIFY2(why->plainText().contains(QStringLiteral("paid-per-10s at 8499 ms")), qPrintable(why->plainText()));
        // nothing under the pointer: no selection
        QTest::mouseClick(strip, Qt::LeftButton, {}, QPoint(2, strip->height() - 2));
        QCOMPARE(window.cursor()->selection().kind, TimeCursor::Selection::Kind::None);
    }

    void theLanesGroupEachOperatorsInputsAndSubtasks()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        window.cursor()->toEnd();
        auto* lanes = window.findChild<GraphLanes*>();
        const QStringList rows = lanes->rowTexts();
        QVERIFY2(rows.contains(QStringLiteral("paid · input 2: watermark 8499 ms")), qPrintable(rows.join('\n')));
        QVERIFY(rows.contains(QStringLiteral("paid · input 1: watermark 15999 ms")));
        // its three pairs wait in the window [0, 10000), which the held watermark does not close
        QVERIFY2(
            rows.contains(QStringLiteral("paid-per-10s · subtask 0: watermark 8499 ms; collecting: [0, 10000) ms (3)")),
            qPrintable(rows.join('\n')));
        // folding a group leaves its heading
        const int paid = window.session()->graph().streams().streamOfOperator(0);
        lanes->setCollapsed(paid, true);
        QVERIFY(lanes->rowTexts().filter(QStringLiteral("paid · input")).isEmpty());
        QVERIFY(lanes->rowTexts().contains(QStringLiteral("▸ paid")));
        // idle inputs say so: with withIdleness, payments goes idle
        QVERIFY(window.openFile(graphExample("orders-payments-join-with-idleness")));
        window.cursor()->toEnd();
        QVERIFY2(
            !lanes->rowTexts().filter(QStringLiteral("(idle)")).isEmpty(), qPrintable(lanes->rowTexts().join('\n')));
    }

    void theOutputTableListsTheGraphsOutputsUpToTheStep()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("totals-at-end-of-input")));
        OutputModel* results = window.outputModel();
        QAbstractItemModelTester tester(results, QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.cursor()->toStart();
        QCOMPARE(results->rowCount(), 0);
        window.cursor()->toEnd();
        const GraphRun& run = window.session()->graph().run();
        int fires = 0;
        for (const GraphOutput& o : run.outputs())
            fires += std::holds_alternative<FireEvent>(o.what) ? 1 : 0;
        QCOMPARE(results->rowCount(), fires);
        QVERIFY(results->printedLine(0).startsWith(QStringLiteral("per-10s> ")));
        // stepping back removes what had not happened yet
        const int firstStep = results->data(results->index(0, OutputModel::Step)).toInt();
        window.cursor()->setStep(firstStep);
        QVERIFY(results->rowCount() >= 1 && results->rowCount() <= fires);
        window.cursor()->setStep(firstStep - 1);
        QCOMPARE(results->rowCount(), 0);
    }

    void aChainAfterAGraphGetsItsTimelineBack()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* chart = window.findChild<QDockWidget*>(QStringLiteral("chartDock"));
        QVERIFY(chart && chart->isVisible());
        QVERIFY(window.openFile(graphExample("window-over-window")));
        QVERIFY(chart->isVisible()); // every panel has a graph form
        QVERIFY(!window.timeline()->isVisible());
        QVERIFY(window.findChild<GraphStrip*>()->isVisible());
        QVERIFY(window.openExample(defaultExample()));
        QVERIFY(window.session()->hasRun());
        QVERIFY(chart->isVisible());
        QVERIFY(window.timeline()->isVisible());
        QVERIFY(!window.findChild<GraphStrip*>()->isVisible());
    }

    // The progress chart of a graph: every source's records and channel watermarks, and the event time and fires
    // of the operator selected (else of the slowest sink), step lines up to the step.
    void theProgressChartDrawsTheSelectedOperatorsEventTime()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        auto* chart = window.findChild<ProgressChart*>();
        QVERIFY(chart);
        const GraphDocument& g = window.session()->graph();
        const auto series = [&](const QString& name) -> QXYSeries* {
            for (QAbstractSeries* s : chart->chart()->series()) {
                if (s->name() == name)
                    return static_cast<QXYSeries*>(s);
            }
            return nullptr;
        };
        window.cursor()->toEnd();
        QVERIFY(series(QStringLiteral("orders channel 0 watermark")));
        QVERIFY(series(QStringLiteral("payments channel 0 watermark")));
        // the stalled count: its line ends at the event time it is held at, 8499 ms
        QXYSeries* count = series(QStringLiteral("paid-per-10s watermark"));
        QVERIFY(count && count->count() > 0);
        const double origin = double(window.session()->minEventTime()); // the chart's 0: the first record's time
        QCOMPARE(count->at(count->count() - 1).y(), (8499.0 - origin) / 1000.0);
        auto* records = series(QStringLiteral("records"));
        QCOMPARE(records->count(), int(g.graph().sources[0].records.size() + g.graph().sources[1].records.size()));
        QCOMPARE(series(QStringLiteral("fire"))->count(), 0); // [0, 10 s) never fires
        // the join selected: its line, at its own event time
        window.cursor()->select(TimeCursor::Selection::ofStream(g.streams().streamOfOperator(0)));
        QXYSeries* join = series(QStringLiteral("paid watermark"));
        QVERIFY(join);
        QCOMPARE(join->at(join->count() - 1).y(), (8499.0 - origin) / 1000.0);
        // at the start nothing has arrived
        window.cursor()->toStart();
        QCOMPARE(series(QStringLiteral("records"))->count(), 0);
        // with idleness the window fires: one triangle at its end − 1
        QVERIFY(window.openFile(graphExample("orders-payments-join-with-idleness")));
        window.cursor()->toEnd();
        QCOMPARE(series(QStringLiteral("fire"))->count(), 1);
        QCOMPARE(
            series(QStringLiteral("fire"))->at(0).y(), (9999.0 - double(window.session()->minEventTime())) / 1000.0);
        window.findChild<QDockWidget*>(QStringLiteral("chartDock"))->show();
        QVERIFY(shownAndSaved(window, *chart, "graph-progress-chart"));
    }

    // What Flink's Web UI would show for a graph: a vertex per task of the exported job, each operator subtask's
    // currentInputWatermark its event time, a two-input task's inputs listed; every operator's low watermark is the
    // strip's watermark of that vertex at every step.
    void theWebUiTableShowsEveryVertexOfAGraph()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("webUiDock"));
        QVERIFY(dock->toggleViewAction()->isEnabled());
        auto* model = window.findChild<WebUiWatermarksModel*>();
        QVERIFY(model);
        window.cursor()->toEnd();
        QStringList names;
        for (const WebUiVertex& v : model->vertices())
            names << QString::fromStdString(v.name);
        QCOMPARE(names,
            (QStringList {
                "Source: replay orders", "orders", "Source: replay payments", "payments", "paid", "paid-per-10s"}));
        const WebUiVertex& paid = model->vertices()[4];
        QCOMPARE(paid.subtasks.front().currentInputWatermark, std::optional<Timestamp>(8499));
        QCOMPARE(paid.subtasks.front().inputWatermarks, (std::vector<Timestamp> {15999, 8499}));
        QVERIFY2(
            WebUiWatermarksModel::subtaskNote(paid, paid.subtasks.front()).contains(QStringLiteral("input 2 holds it")),
            qPrintable(WebUiWatermarksModel::subtaskNote(paid, paid.subtasks.front())));
        // a generator's input carries no watermark while its source is open (the replaying source sends none)
        QCOMPARE(model->vertices()[1].subtasks.front().currentInputWatermark, std::optional<Timestamp>(kMinTimestamp));
        QCOMPARE(model->vertices()[1].subtasks.front().currentOutputWatermark, std::optional<Timestamp>(15999));
        const GraphDocument& g = window.session()->graph();
        for (int step = 0; step <= window.cursor()->lastStep(); ++step) {
            window.cursor()->setStep(step);
            const GraphPicture::At& at = window.session()->graphAt();
            for (const char* name : {"paid", "paid-per-10s"}) {
                const auto v = std::find_if(model->vertices().begin(), model->vertices().end(),
                    [&](const WebUiVertex& x) { return x.name == name; });
                QVERIFY(v != model->vertices().end());
                int stream = 0;
                while (g.streamName(stream) != name)
                    ++stream;
                const Timestamp strip = at.vertices[std::size_t(stream)].watermark;
                QCOMPARE(
                    webUiLowWatermark(*v), strip <= kMinTimestamp ? std::nullopt : std::optional<Timestamp>(strip));
            }
        }
        // a Kafka source with per-partition watermarks is one source vertex, its generators inside its readers
        QVERIFY(window.openFile(graphExample("two-topics-silent-partition")));
        names.clear();
        for (const WebUiVertex& v : model->vertices())
            names << QString::fromStdString(v.name);
        QCOMPARE(names, (QStringList {"Source: clicks", "Source: views", "per-10s"}));
        QVERIFY(model->vertices()[0].source);
        dock->show();
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.cursor()->setStep(30);
        QVERIFY(saveScreenshot(window, "graph-web-ui"));
    }

    // The Windows table of a graph shows the window operator selected (else the graph's first): each window with
    // state at the step, as the lanes draw it, and those fired and cleaned up; a row picked is the window selected.
    void theWindowsTableShowsTheSelectedWindowOperatorsWindows()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("window-over-window")));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("windowsDock"));
        QVERIFY(dock->toggleViewAction()->isEnabled());
        auto* model = window.findChild<WindowsModel*>();
        QVERIFY(model);
        const GraphDocument& g = window.session()->graph();
        const auto rows = [&] {
            QStringList out;
            for (int r = 0; r < model->rowCount(); ++r) {
                QStringList cells;
                for (int c = 0; c < WindowsModel::ColumnCount; ++c)
                    cells << model->index(r, c).data().toString();
                out << cells.join(QStringLiteral(" | "));
            }
            return out;
        };
        // every step: the first window operator's windows with state are the lanes' collecting and fired bands
        const int first = g.streams().streamOfOperator(0);
        const int second = g.streams().streamOfOperator(1);
        for (int step = 0; step <= window.cursor()->lastStep(); ++step) {
            window.cursor()->setStep(step);
            std::size_t open = 0;
            for (int sub = 0; sub < g.streams().node(first).parallelism; ++sub)
                open += GraphPicture::openWindows(g.player().state(), first, sub, 1000000).size();
            std::size_t withState = 0;
            for (int r = 0; r < model->rowCount(); ++r)
                withState += model->index(r, WindowsModel::State).data(WindowsModel::StateRole).toInt()
                        != WindowsModel::kCleanedUp
                    ? 1
                    : 0;
            QCOMPARE(withState, open);
        }
        window.cursor()->toEnd();
        const QStringList firstRows = rows();
        QVERIFY(!firstRows.isEmpty());
        QVERIFY2(firstRows.filter(QStringLiteral("fired, cleaned up")).size() == firstRows.size(),
            qPrintable(firstRows.join(QLatin1Char('\n'))));
        // the second window: another table, its own windows
        window.cursor()->select(TimeCursor::Selection::ofStream(second));
        const QStringList secondRows = rows();
        QVERIFY(secondRows != firstRows);
        std::size_t fires = 0;
        for (const GraphOutput& o : g.run().outputs())
            fires += o.op == 1 && std::holds_alternative<FireEvent>(o.what) ? 1 : 0;
        std::size_t counted = 0;
        for (int r = 0; r < model->rowCount(); ++r)
            counted += model->index(r, WindowsModel::Fires).data().toUInt();
        QCOMPARE(counted, fires);
        // a row picked selects its window in every view, the operator staying the table's
        window.cursor()->select(model->selectionAt(0));
        QCOMPARE(window.cursor()->selection().kind, TimeCursor::Selection::Kind::Window);
        QCOMPARE(window.cursor()->selection().stream, second);
        QCOMPARE(model->rowOf(window.cursor()->selection()), 0);
        QVERIFY2(window.findChild<WhyPanel*>()->heading().contains(QString::fromStdString(g.streamName(second))),
            qPrintable(window.findChild<WhyPanel*>()->heading()));
        dock->show();
        QVERIFY(shownAndSaved(window, window, "graph-windows-table"));
    }

    // The Records table of a graph lists the selected source's records (else the first's): when each arrived and on
    // which channel, and, for one that an operator reading the source put out as late, which operators and how.
    void theRecordsTableShowsTheSelectedSourcesRecordsAndWhoDroppedThem()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-window-join")));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("recordsDock"));
        QVERIFY(dock->toggleViewAction()->isEnabled());
        auto* model = window.findChild<RecordsModel*>();
        const GraphDocument& g = window.session()->graph();
        QCOMPARE(model->rowCount(), int(g.graph().sources[0].records.size()));
        const auto status = [&](int row) { return model->index(row, RecordsModel::Status).data().toString(); };
        window.cursor()->toStart();
        QCOMPARE(status(0), QStringLiteral("pending"));
        window.cursor()->toEnd();
        // the example's late order (o6 at 3000 ms) is dropped by both window operators that read orders, as their
        // outputs print it
        int late = -1;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (status(r).startsWith(QStringLiteral("late")))
                late = r;
            else
                QCOMPARE(status(r), QStringLiteral("arrived"));
        }
        QVERIFY(late >= 0);
        QCOMPARE(model->index(late, RecordsModel::Key).data().toString(), QStringLiteral("o6"));
        QCOMPARE(status(late), QStringLiteral("late: dropped by paid, dropped by orders-and-payments"));
        std::size_t dropped = 0;
        for (const GraphOutput& o : g.run().outputs())
            dropped += std::holds_alternative<LateEvent>(o.what) ? 1 : 0;
        QCOMPARE(dropped, std::size_t(2));
        // the step it arrived at is the step those outputs came in
        const int arrived
            = model->index(late, RecordsModel::Arrival).data(Qt::ToolTipRole).toString().section(' ', 1).toInt();
        for (std::size_t i = 0; i < g.run().outputs().size(); ++i) {
            if (std::holds_alternative<LateEvent>(g.run().outputs()[i].what))
                QCOMPARE(int(g.run().trace().stepOfOutput(i)), arrived);
        }
        // the other source's records once it is selected
        window.cursor()->select(TimeCursor::Selection::ofStream(1));
        QCOMPARE(model->rowCount(), int(g.graph().sources[1].records.size()));
        model->selectionAt(0); // a row keeps its source selected
        QCOMPARE(model->selectionAt(0).stream, 1);
        dock->show();
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.cursor()->select(TimeCursor::Selection::ofStream(0));
        QVERIFY(saveScreenshot(window, "graph-records-table"));
    }

    void nextFireGoesToTheGraphsNextOutput()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-join-stalls")));
        window.cursor()->toStart();
        window.action(QStringLiteral("nextFire"))->trigger();
        const GraphRun& run = window.session()->graph().run();
        QCOMPARE(window.cursor()->step(), int(run.trace().stepOfOutput(0))); // the join's first pair
        QVERIFY(window.outputModel()->rowCount() >= 1);
    }

    void theExamplesMenuOffersEveryJobGraph()
    {
        MainWindow window;
        auto* menu = window.findChild<QMenu*>(QStringLiteral("graphExamplesMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), int(io::graphExamples().size()));
        QVERIFY(window.openExample(defaultExample()));
        menu->actions().front()->trigger();
        QVERIFY(window.session()->hasGraph());
        QVERIFY(window.session()->filePath().isEmpty()); // an example: Save asks where to put a copy
    }

    void aGraphWithLargeEventFilesOpensInTheBackground()
    {
        // a graph whose sources read event files: their sizes are what decides a background load, and the loader
        // records the graph's run on its own thread
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto write = [&](const QString& name, const QByteArray& text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("clicks.csv"), "key,ts,value\nann,1000,5\nbob,2000,3\nann,12000,1\n");
        write(QStringLiteral("views.csv"), "key,ts,value\nann,1500,10\n");
        write(QStringLiteral("graph.json"),
            R"({"tidemark": 1, "name": "two files",
                "sources": {
                  "clicks": {"input": {"file": "clicks.csv", "format": "csv", "header": true,
                                       "fields": {"key": "key", "ts": "ts", "value": "value"}},
                             "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}},
                  "views": {"input": {"file": "views.csv", "format": "csv", "header": true,
                                      "fields": {"key": "key", "ts": "ts", "value": "value"}},
                            "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0}}},
                "operators": [{"type": "union", "name": "both", "inputs": ["clicks", "views"]},
                  {"type": "window", "name": "per-10s", "inputs": ["both"],
                   "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 10000},
                              "function": {"type": "sum"}}}],
                "endOfInput": "max-watermark"})");
        const QString path = dir.filePath(QStringLiteral("graph.json"));
        QCOMPARE(scenarioReadBytes(path),
            std::uint64_t(QFileInfo(dir.filePath(QStringLiteral("clicks.csv"))).size()
                + QFileInfo(dir.filePath(QStringLiteral("views.csv"))).size()));
        MainWindow window;
        QSignalSpy loaded(window.loader(), &RunLoader::loaded);
        window.loader()->loadScenario(path, path);
        QVERIFY(window.finishLoading());
        QCOMPARE(loaded.count(), 1);
        QVERIFY(window.session()->hasGraph());
        QCOMPARE(window.session()->filePath(), path);
        window.cursor()->toEnd();
        QCOMPARE(window.outputModel()->rowCount(), 3); // (ann,15), (bob,3), (ann,1)
        // the same file opened at once reads the same events
        MainWindow again;
        QVERIFY(again.openFile(path));
        again.cursor()->toEnd();
        QCOMPARE(again.outputModel()->rowCount(), 3);
    }

    void everyGraphExampleAsksTheClassToPredictAndHoldsTheAnswerBack()
    {
        for (const io::Example& e : io::graphExamples()) {
            MainWindow window;
            QVERIFY(window.openFile(QString::fromStdString(e.path.string())));
            const Session& session = *window.session();
            TimeCursor& cursor = *window.cursor();
            const auto& lesson = session.lesson();
            QVERIFY2(!lesson.empty(), e.name.c_str());
            const auto predict
                = std::find_if(lesson.begin(), lesson.end(), [](const LessonMarker& m) { return m.predict; });
            QVERIFY2(predict != lesson.end(), e.name.c_str());
            for (const LessonMarker& m : lesson)
                QVERIFY2(int(m.step) < cursor.lastStep(), e.name.c_str());
            // as in presenter mode: the next output after the marker is held back until revealed
            cursor.setHoldsPredictions(true);
            cursor.toStart();
            while (cursor.step() < int(predict->step))
                QVERIFY(cursor.toMarker(true));
            QCOMPARE(cursor.step(), int(predict->step));
            QVERIFY2(cursor.isPredicting(), e.name.c_str());
            const auto next = session.graph().player().nextStepWith(Happening::AnyFire);
            QCOMPARE(cursor.hiddenStep(), next ? int(*next) : cursor.lastStep());
            const int outputsBefore = window.outputModel()->rowCount();
            for (int i = 0; i < 400 && cursor.step() < cursor.hiddenStep() - 1; ++i)
                cursor.stepForward();
            cursor.stepForward(); // held: it stays before the answer
            QCOMPARE(cursor.step(), cursor.hiddenStep() - 1);
            QCOMPARE(window.outputModel()->rowCount(), outputsBefore);
            cursor.reveal();
            QVERIFY(!cursor.isPredicting());
            if (next)
                QVERIFY2(window.outputModel()->rowCount() > outputsBefore, e.name.c_str());
        }
    }

    void theOutputsExportAsTheCommandLinePrintsThemAndThePictureIsTheStripOverItsLanes()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("orders-payments-window-join")));
        QTemporaryDir dir;
        const QString jsonl = dir.filePath(QStringLiteral("out.jsonl"));
        QVERIFY(window.exportOutputsTo(jsonl, true));
        QFile f(jsonl);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        const GraphDocument& g = window.session()->graph();
        const output::OutputLines expected = output::graphOutputLines(g.run(), g.scenario());
        QCOMPARE(lines.size() - 1, qsizetype(expected.json.size())); // the last line ends in a newline
        for (std::size_t i = 0; i < expected.json.size(); ++i)
            QCOMPARE(lines[qsizetype(i)].toStdString(), expected.json[i]);
        const QString csv = dir.filePath(QStringLiteral("out.csv"));
        QVERIFY(window.exportOutputsTo(csv, false));
        QFile c(csv);
        QVERIFY(c.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = c.readAll().split('\n');
        QCOMPARE(rows.front(), QByteArray("step,operator,subtask,printed"));
        QCOMPARE(rows.size() - 2, qsizetype(expected.text.size()));
        QVERIFY2(rows[1].contains("paid,0,"), rows[1].constData());
        // the picture: the strip over every lane, as PNG (at twice the pixels) and as SVG with its texts
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.exportTimelineTo(dir.filePath(QStringLiteral("t.png")), false));
        const QImage png(dir.filePath(QStringLiteral("t.png")));
        const auto* strip = window.findChild<GraphStrip*>();
        const auto* lanes = window.findChild<GraphLanes*>();
        QCOMPARE(png.size(), QSize(lanes->width(), strip->height() + lanes->sizeHint().height()) * 2);
        QVERIFY(window.exportTimelineTo(dir.filePath(QStringLiteral("t.svg")), true));
        QFile svg(dir.filePath(QStringLiteral("t.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray drawn = svg.readAll();
        for (const char* text : {">orders<", ">payments<", ">paid<", ">orders-and-payments<", " channel 0<"})
            QVERIFY2(drawn.contains(text), text);
    }

    void typedLinesAndComparisonsSayWhatAGraphTakes()
    {
        MainWindow window;
        QVERIFY(window.openFile(graphExample("window-over-window")));
        const QString error = window.session()->appendLine(QStringLiteral("home,1000"));
        QVERIFY2(error.contains(QStringLiteral("job graph")), qPrintable(error));
    }
};

QTEST_MAIN(GraphStripTest)
#include "tst_graph_strip.moc"
