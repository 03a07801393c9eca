// Epoch milliseconds on the axis: read as date-times unless the scenario asks for the numbers, and never a
// tick label cut off by the gutter.

#include "ShownWindow.h"
#include "TextRecorder.h"
#include "app/document/Session.h"
#include "app/timeline/TimelineView.h"

#include <QPainter>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

namespace {

// Thirty records 700 ms apart from 2020-09-13 12:26:40 UTC (1.6e12), three keys, 5 s tumbling windows.
QByteArray epochScenario(const QString& display)
{
    QStringList records;
    for (int i = 0; i < 30; ++i)
        records << QStringLiteral(R"({"key": "k%1", "value": %2, "ts": %3})")
                       .arg(i % 3)
                       .arg(i)
                       .arg(1600000000000LL + i * 700);
    return QStringLiteral(R"({"tidemark": 1, "name": "epoch", "description": "", %1
  "input": {"records": [%2]},
  "pipeline": {"source": {"parallelism": 1},
    "watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 1000, "emit": "periodic",
      "periodMs": 200, "idlenessMs": 0, "parallelism": 1, "partitioning": "rebalance", "firstChannel": 0},
    "window": {"keyBy": "key", "assigner": {"type": "tumbling", "sizeMs": 5000, "offsetMs": 0},
      "trigger": {"type": "event-time"}, "purging": false, "allowedLatenessMs": 0, "lateSideOutput": false,
      "function": {"type": "sum", "field": "value"}, "parallelism": 1},
    "endOfInput": "max-watermark"}})")
        .arg(display, records.join(QStringLiteral(", ")))
        .toUtf8();
}

} // namespace

class TestReadableTimes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void epochMillisecondsReadAsDateTimes_data()
    {
        QTest::addColumn<QString>("display");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("tick");
        QTest::newRow("no display: automatic, in UTC")
            << QString() << QStringLiteral("event time (UTC)") << QStringLiteral("^12:2\\d:\\d\\d$");
        QTest::newRow("automatic in a named zone")
            << QStringLiteral(R"("display": {"zone": "Asia/Shanghai"},)") << QStringLiteral("event time (Asia/Shanghai")
            << QStringLiteral("^20:2\\d:\\d\\d$");
        QTest::newRow("epoch-ms asked for")
            << QStringLiteral(R"("display": {"time": "epoch-ms"},)") << QStringLiteral("event time (epoch ms)")
            << QStringLiteral("^16000000\\d{5}$");
    }
    void epochMillisecondsReadAsDateTimes()
    {
        QFETCH(QString, display);
        QFETCH(QString, title);
        QFETCH(QString, tick);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("epoch.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(epochScenario(display));
        file.close();
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        QCoreApplication::processEvents();
        auto* view = window.findChild<TimelineView*>();
        test::TextRecorder recorder(view->size());
        QPainter painter(&recorder);
        view->paint(painter, QRect(QPoint(0, 0), view->size()));
        painter.end();
        int ticks = 0;
        bool titled = false;
        const QRegularExpression tickPattern(tick);
        const QRectF inside = recorder.rect().adjusted(-0.5, -0.5, 0.5, 0.5);
        for (const auto& t : recorder.texts()) {
            titled = titled || t.text.contains(title);
            if (tickPattern.match(t.text).hasMatch()) {
                ++ticks;
                // right of the gutter (178 px at desktop scale, TimelineLayout), which would cover its start
                QVERIFY2(t.box.left() >= 178 - 2, qPrintable(t.text));
            }
            QVERIFY2(inside.contains(t.box), qPrintable(t.text));
            // nothing that looks like a cut tick: a run of zeros alone
            QVERIFY2(!QRegularExpression(QStringLiteral("^0{4,}$")).match(t.text).hasMatch(), qPrintable(t.text));
        }
        QVERIFY2(titled, qPrintable(title));
        QVERIFY2(ticks >= 1, qPrintable(tick));
    }
};

QTEST_MAIN(TestReadableTimes)
#include "tst_readable_times.moc"
