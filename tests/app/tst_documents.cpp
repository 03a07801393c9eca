#include "../cli/TidemarkRun.h"
#include "ShownWindow.h"
#include "app/MainWindow.h"
#include "app/document/Loading.h"
#include "app/document/OutputExport.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/BadLinesModel.h"
#include "app/models/OutputModel.h"
#include "app/panels/PipelineEditor.h"
#include "app/timeline/TimelineImage.h"
#include "app/timeline/TimelineView.h"
#include "engine/io/GuessSpec.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>

#include <memory>

using namespace tidemark;
using namespace tidemark::app;
using tidemark::test::examplePath;

namespace {

QStringList linesOf(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

bool writeFile(const QString& path, const char* text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == qint64(qstrlen(text));
}

// The cells of a CSV row; a quoted cell may hold commas and doubled quotes.
QStringList csvCells(const QString& row)
{
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < row.size(); ++i) {
        const QChar c = row[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < row.size() && row[i + 1] == QLatin1Char('"')) {
            cell += c;
            ++i;
        } else if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (c == QLatin1Char(',') && !quoted) {
            cells << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    return cells << cell;
}

// The members of a `tidemark run --format jsonl` line as the CSV export's cells should read: each value's
// text as the line writes it, strings without their quotes, null as an empty cell, "window" as windowStart
// and windowEnd.
QMap<QString, QString> csvFieldsOfJsonLine(const QString& line)
{
    // "name": then an array, a string (with escapes) or a scalar
    static const QRegularExpression member(
        QStringLiteral("\"(\\w+)\":(\\[[^\\]]*\\]|\"(?:[^\"\\\\]|\\\\.)*\"|[^,}]+)"));
    QMap<QString, QString> fields;
    for (const QRegularExpressionMatch& m : member.globalMatch(line)) {
        QString value = m.captured(2);
        if (value == QLatin1String("null"))
            value.clear();
        else if (value.startsWith(QLatin1Char('"')))
            value = value.mid(1, value.size() - 2);
        if (m.captured(1) == QLatin1String("window")) {
            const QStringList bounds = value.mid(1, value.size() - 2).split(QLatin1Char(','));
            fields.insert(QStringLiteral("windowStart"), bounds.value(0));
            fields.insert(QStringLiteral("windowEnd"), bounds.value(1));
        } else {
            fields.insert(m.captured(1), value);
        }
    }
    return fields;
}

// Answers the next modal message box with `button`, as a user would.
void answerNextMessageBox(QMessageBox::StandardButton button)
{
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        box->button(button)->click();
    });
}

} // namespace

// What a user does with files around a run: save it, export it, drop a file on the window, reopen a recent
// one, and not lose an edited pipeline by opening another file.
class TestDocuments : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Settings of this test only (recent files), not the user's.
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
    }

    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
    }
    void cleanup()
    {
        m_window->undoStack()->setClean(); // no question when the window goes
        m_window.reset();
    }

    void exportsTheTimelineAsPngAndSvg()
    {
        const QString png = m_dir.filePath(QStringLiteral("timeline.png"));
        QVERIFY(m_window->exportTimelineTo(png, false));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= m_window->timeline()->width());
        const QString svg = m_dir.filePath(QStringLiteral("timeline.svg"));
        QVERIFY(m_window->exportTimelineTo(svg, true));
        const QString text = linesOf(svg).join(QLatin1Char('\n'));
        QVERIFY(text.contains(QStringLiteral("<svg")));
        QVERIFY(text.contains(QStringLiteral("channel 2")));
    }

    void anExportThatCannotBeWrittenSaysWhereAndWhy()
    {
        const QString nowhere = m_dir.filePath(QStringLiteral("no-such-folder/out"));
        QString error;
        QVERIFY(!writeOutputs(*m_window->session(), nowhere + QStringLiteral(".csv"), OutputExportFormat::Csv, &error));
        QVERIFY2(error.startsWith(nowhere + QStringLiteral(".csv: ")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(nowhere + QStringLiteral(".csv")));
        error.clear();
        QVERIFY(!writeTimelineImage(*m_window->timeline(), nowhere + QStringLiteral(".png"), TimelineImageFormat::Png,
            QString(), QString(), &error));
        QVERIFY2(error.startsWith(nowhere + QStringLiteral(".png: ")), qPrintable(error));
        QVERIFY(!m_window->exportOutputsTo(nowhere + QStringLiteral(".jsonl"), true));
    }

    void exportsEveryOutputInTheOrderItHappened()
    {
        QVERIFY(m_window->openFile(examplePath(QStringLiteral("late-side-output.json"))));
        const Trace& trace = m_window->session()->trace();
        const std::size_t outputs = trace.fires().size() + trace.lates().size();
        QVERIFY(trace.fires().size() > 1);
        QVERIFY(!trace.lates().empty());

        const QString csv = m_dir.filePath(QStringLiteral("outputs.csv"));
        QVERIFY(m_window->exportOutputsTo(csv, false));
        const QStringList rows = linesOf(csv);
        QCOMPARE(rows.size(), qsizetype(outputs + 1));
        QVERIFY(rows.front().startsWith(QStringLiteral("type,afterInput,")));

        const QString jsonl = m_dir.filePath(QStringLiteral("outputs.jsonl"));
        QVERIFY(m_window->exportOutputsTo(jsonl, true));
        const QStringList lines = linesOf(jsonl);
        QCOMPARE(lines.size(), qsizetype(outputs));
        qint64 previousInput = 0;
        for (const QString& line : lines) {
            QJsonParseError error {};
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8(), &error).object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            QVERIFY(previousInput <= o.value(QStringLiteral("afterInput")).toInteger());
            previousInput = o.value(QStringLiteral("afterInput")).toInteger();
            const QString type = o.value(QStringLiteral("type")).toString();
            QVERIFY2(QStringList({"fire", "late"}).contains(type), qPrintable(line));
            if (type == QLatin1String("fire"))
                QVERIFY2(o.contains(QStringLiteral("result")), qPrintable(line));
        }
        // Each fire's result is the one the run computed.
        const QJsonObject first = QJsonDocument::fromJson(lines.front().toUtf8()).object();
        const FireEvent& fire = trace.fires().front().fire;
        QCOMPARE(first.value(QStringLiteral("window")).toArray().at(0).toInteger(), qint64(fire.window.start()));
        if (fire.result.isList)
            QCOMPARE(first.value(QStringLiteral("result")).toArray().size(), qsizetype(fire.result.list.size()));
        else
            QCOMPARE(first.value(QStringLiteral("result")).toDouble(), fire.result.number.value_or(0.0));
    }

    // File ▸ Export ▸ Outputs as JSON lines writes, line for line, what `tidemark run EXAMPLE --format jsonl`
    // prints; the CSV export holds the same fields with the same text.
    void theExportsSayWhatTidemarkRunPrints_data()
    {
        QTest::addColumn<QString>("path");
        for (const ExampleInfo& e : builtInExamples())
            QTest::newRow(qPrintable(e.fileName)) << e.path;
    }
    void theExportsSayWhatTidemarkRunPrints()
    {
        QFETCH(QString, path);
        QVERIFY(m_window->openExample(path));
        const test::TidemarkRun run = test::tidemarkRun({QFileInfo(path).completeBaseName(), "--format", "jsonl"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);

        const QString jsonl = m_dir.filePath(QStringLiteral("outputs.jsonl"));
        QVERIFY(m_window->exportOutputsTo(jsonl, true));
        QCOMPARE(linesOf(jsonl), run.out);

        const QString csv = m_dir.filePath(QStringLiteral("outputs.csv"));
        QVERIFY(m_window->exportOutputsTo(csv, false));
        QStringList rows = linesOf(csv);
        QVERIFY(!rows.isEmpty());
        const QStringList header = csvCells(rows.takeFirst());
        QCOMPARE(rows.size(), run.out.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QStringList cells = csvCells(rows[i]);
            QCOMPARE(cells.size(), header.size());
            const QMap<QString, QString> expected = csvFieldsOfJsonLine(run.out[i]);
            for (auto f = expected.begin(); f != expected.end(); ++f) {
                QVERIFY2(header.contains(f.key()), qPrintable(f.key()));
                QCOMPARE(cells[header.indexOf(f.key())], f.value());
            }
        }
    }

    // A record on a channel the job does not have is refused when the scenario is opened, with the message
    // `tidemark run` gives, not found out in the middle of the run.
    void aRecordOnAChannelOutOfRangeIsTheLoadErrorTidemarkRunGives()
    {
        const QString folder = m_dir.filePath(QStringLiteral("channels"));
        QVERIFY(QDir().mkpath(folder));
        const QString scenario = QDir(folder).filePath(QStringLiteral("two-channels.json"));
        QVERIFY(writeFile(scenario,
            R"({"tidemark": 1, "input": {"file": "events.csv", "format": "csv", "header": false,
                  "fields": {"key": 0, "ts": 1, "channel": 2}},
                "pipeline": {"watermarks": {"strategy": "monotonous", "parallelism": 2, "partitioning": "channel"},
                             "window": {"assigner": {"type": "tumbling", "sizeMs": 1000},
                                        "function": {"type": "count"}}}})"));
        QVERIFY(writeFile(QDir(folder).filePath(QStringLiteral("events.csv")), "a,1000,0\na,2000,1\na,3000,5\n"));

        const test::TidemarkRun run = test::tidemarkRun({scenario});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        const QString message = QDir(folder).filePath(QStringLiteral("events.csv"))
            + QStringLiteral(":3:8: expected a channel between 0 and 1, found 5");
        QCOMPARE(run.err, message + QLatin1Char('\n'));

        const LoadOutcome opened = loadScenarioFile(scenario);
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error, message);
        QFile file(scenario);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const LoadOutcome parsed = parseScenarioText(file.readAll(), scenario, folder);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error, message);
    }

    // A lenient scenario's event file with bad lines: they are listed in the Records dock's Bad lines tab with where,
    // why and the line itself; an edit of the pipeline keeps them, and another document has its own (none).
    void theLinesALenientLoadSkippedAreListedInTheBadLinesTab()
    {
        const QString folder = m_dir.filePath(QStringLiteral("lenient"));
        QVERIFY(QDir().mkpath(folder));
        const QString scenario = QDir(folder).filePath(QStringLiteral("orders.json"));
        QVERIFY(writeFile(scenario,
            R"({"tidemark": 1, "lenient": true, "input": {"file": "orders.csv", "format": "csv", "header": false,
                  "fields": {"key": 0, "ts": 1}},
                "pipeline": {"watermarks": {"strategy": "bounded-out-of-orderness", "maxOutOfOrdernessMs": 0},
                             "window": {"assigner": {"type": "tumbling", "sizeMs": 1000},
                                        "function": {"type": "count"}}}})"));
        QVERIFY(writeFile(
            QDir(folder).filePath(QStringLiteral("orders.csv")), "a,1000\noops\na,2000\nb,soon\na,3000\nc\n"));
        QVERIFY(m_window->openFile(scenario));
        auto* view = m_window->findChild<QTableView*>(QStringLiteral("badLinesView"));
        QVERIFY(view);
        const QAbstractItemModel* model = view->model();
        QCOMPARE(model->rowCount(), 3);
        const auto cell = [&](int row, int column) { return model->index(row, column).data().toString(); };
        QVERIFY2(cell(0, BadLinesModel::Where).endsWith(QStringLiteral("orders.csv:2:5")), qPrintable(cell(0, 0)));
        QVERIFY2(cell(1, BadLinesModel::Problem).startsWith(QStringLiteral("expected")), qPrintable(cell(1, 1)));
        QCOMPARE(cell(1, BadLinesModel::Line), QStringLiteral("b,soon"));
        auto* tabs = qobject_cast<QTabWidget*>(view->parentWidget()->parentWidget());
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Bad lines (3)"));

        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor->setFieldValue(QStringLiteral("maxOutOfOrderness"), 500));
        QCOMPARE(model->rowCount(), 3);
        QVERIFY(m_window->openExample(defaultExample()));
        QCOMPARE(model->rowCount(), 0);
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Bad lines"));
    }

    void aSavedScenarioReopensToTheSameRun()
    {
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor);
        QVERIFY(editor->setFieldValue(QStringLiteral("maxOutOfOrderness"), 3000));
        QVERIFY(!m_window->undoStack()->isClean());
        const QString path = m_dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(m_window->saveTo(path));
        QVERIFY(m_window->undoStack()->isClean());
        QVERIFY(!m_window->windowTitle().contains(QLatin1Char('*')));

        MainWindow reopened;
        QVERIFY(reopened.openFile(path));
        QCOMPARE(reopened.session()->scenario().pipeline.watermarks.maxOutOfOrdernessMs, DurationMs(3000));
        QCOMPARE(reopened.cursor()->lastStep(), m_window->cursor()->lastStep());
        QCOMPARE(reopened.session()->trace().fires().size(), m_window->session()->trace().fires().size());
    }

    void droppingAFileOpensItAndRemembersIt()
    {
        const QString path = examplePath(QStringLiteral("sliding-windows.json"));
        drop(path);
        QCOMPARE(m_window->session()->filePath(), path);
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList().value(0), path);
        // File ▸ Open Recent offers it, and opening it from there works too.
        QMenu* recent = recentMenu(*m_window);
        QVERIFY(recent);
        QVERIFY(recent->isEnabled());
        QCOMPARE(recent->actions().value(0)->text(), QStringLiteral("sliding-windows.json"));
        QVERIFY(m_window->openExample(defaultExample()));
        recent->actions().value(0)->trigger();
        QCOMPARE(m_window->session()->filePath(), path);
    }

    void droppingSeveralFilesOpensTheFirstAndSaysWhichWereNot()
    {
        const QString first = examplePath(QStringLiteral("sliding-windows.json"));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(first), QUrl::fromLocalFile(examplePath(QStringLiteral("late-orders.csv"))),
            QUrl::fromLocalFile(examplePath(QStringLiteral("count-trigger.json")))});
        dropMime(mime);
        QCOMPARE(m_window->session()->filePath(), first);
        const QString message = m_window->statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("late-orders.csv"))
                && message.contains(QStringLiteral("count-trigger.json")),
            qPrintable(message));
    }

    void openRecentForgetsFilesThatAreGoneAndCanBeCleared()
    {
        const QString kept = examplePath(QStringLiteral("sliding-windows.json"));
        QSettings().setValue(
            QStringLiteral("recentFiles"), QStringList {m_dir.filePath(QStringLiteral("gone.json")), kept});
        MainWindow window; // reads the list as a new start would
        QMenu* recent = recentMenu(window);
        QVERIFY(recent);
        QCOMPARE(recent->actions().value(0)->toolTip(), kept);
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList(), QStringList {kept});
        QAction* clear = window.findChild<QAction*>(QStringLiteral("clearRecent"));
        QVERIFY(clear);
        QVERIFY(recent->actions().contains(clear));
        clear->trigger();
        QVERIFY(QSettings().value(QStringLiteral("recentFiles")).toStringList().isEmpty());
        QVERIFY(!recent->isEnabled());
    }

    void theOpenDialogOffersEveryExtensionTheLoaderReads()
    {
        const QString filter = openFileFilter();
        for (const auto& e : io::kEventFileExtensions)
            QVERIFY2(filter.contains(
                         QStringLiteral("*.") + QString::fromLatin1(e.extension.data(), qsizetype(e.extension.size()))),
                qPrintable(filter));
        for (const char* ext : {"tsv", "ndjson", "log"})
            QVERIFY(filter.contains(QStringLiteral("*.") + QLatin1String(ext)));
    }

    // What a save or export dialog proposes is a name every file system takes: no colon, slash, star, quote…
    void suggestedFileNamesAreSafeOnEveryFileSystem()
    {
        Scenario named = m_window->session()->scenario();
        named.name = "Post 000: late? <data> / \"lateness\" | 2*1s.";
        QVERIFY(m_window->session()->setScenario(std::move(named), QString()).isEmpty());
        QCOMPARE(m_window->session()->suggestedFileName(QStringLiteral(".html")),
            QStringLiteral("Post 000- late- -data- - -lateness- - 2-1s.html"));
    }

    // File ▸ Export ▸ Animation proposes a safe name, writes the page, and says where in the status bar.
    void anExportedAnimationSaysWhereItWasWritten()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("lesson.html"));
        QString proposed;
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            proposed = QFileInfo(dialog->selectedFiles().value(0)).fileName();
            dialog->selectFile(target);
            QMetaObject::invokeMethod(dialog, "accept");
        });
        m_window->findChild<QAction*>(QStringLiteral("exportAnimation"))->trigger();
        QVERIFY2(!proposed.isEmpty() && !proposed.contains(u':'), qPrintable(proposed));
        QCOMPARE(proposed, m_window->session()->suggestedFileName(QStringLiteral(".html")));
        QVERIFY(QFileInfo(target).size() > 1000);
        QCOMPARE(m_window->statusBar()->currentMessage(),
            QStringLiteral("Animation written to ") + QDir::toNativeSeparators(target));
    }

    void anEditedPipelineIsNotLostByOpeningAnotherFile()
    {
        auto* editor = m_window->findChild<PipelineEditor*>();
        QVERIFY(editor->setFieldValue(QStringLiteral("maxOutOfOrderness"), 3000));
        const QString before = m_window->session()->title();
        // Cancel keeps the edited run.
        answerNextMessageBox(QMessageBox::Cancel);
        drop(examplePath(QStringLiteral("sliding-windows.json")));
        QCOMPARE(m_window->session()->title(), before);
        QCOMPARE(m_window->session()->scenario().pipeline.watermarks.maxOutOfOrdernessMs, DurationMs(3000));
        QVERIFY(!m_window->undoStack()->isClean());
        // Discard opens the other file.
        answerNextMessageBox(QMessageBox::Discard);
        drop(examplePath(QStringLiteral("sliding-windows.json")));
        QCOMPARE(m_window->session()->filePath(), examplePath(QStringLiteral("sliding-windows.json")));
        QVERIFY(m_window->undoStack()->isClean());
    }

    // A Kafka source: a lane per partition, grouped under the reader that reads it; each partition's watermark
    // inside its reader, and the silent one marked idle once withIdleness gives up on it.
    void aKafkaTopicShowsEachPartitionUnderItsReader()
    {
        QVERIFY(m_window->openFile(examplePath(QStringLiteral("kafka-partition-with-idleness.json"))));
        Session* session = m_window->session();
        const StepIndex idle = session->trace().firstStepAtOrAfter(5400) + 1; // reader 0's tick at 5.4 s
        m_window->cursor()->setStep(int(idle));
        QVERIFY(Trace::at(session->trace().partitionWatermarks(3), idle).idle);
        TimelineView* view = m_window->timeline();
        view->repaint(); // hits are found in what was last painted
        std::vector<std::pair<int, int>> lanes; // (reader, partition), top to bottom
        QString partitionTip;
        for (int y = 0; y < view->height(); y += 3) {
            for (int x = 0; x < view->width(); x += 3) {
                const auto hit = view->hitAt(QPointF(x, y));
                if (hit.kind == TimelineView::Hit::Kind::Lane
                    && (lanes.empty() || lanes.back() != std::pair(hit.channel, hit.partition)))
                    lanes.emplace_back(hit.channel, hit.partition);
                if (hit.kind == TimelineView::Hit::Kind::ChannelWatermark && hit.partition == 1
                    && partitionTip.isEmpty()) {
                    QHelpEvent help(QEvent::ToolTip, QPoint(x, y), view->mapToGlobal(QPoint(x, y)));
                    QApplication::sendEvent(view, &help);
                    partitionTip = QToolTip::text();
                    QToolTip::hideText();
                }
            }
        }
        QCOMPARE(lanes, (std::vector<std::pair<int, int>> {{0, 1}, {0, 3}, {1, 0}, {1, 2}}));
        // partition 1 alone holds reader 0 once partition 3 is idle: 6500 − 2000 − 1
        QVERIFY2(partitionTip.contains(QStringLiteral("Partition 1 watermark")), qPrintable(partitionTip));
        QVERIFY2(partitionTip.contains(session->formatDateTime(4499)), qPrintable(partitionTip));
        QVERIFY2(partitionTip.contains(QStringLiteral("reader 0 waits for it")), qPrintable(partitionTip));
    }

    // Hovering a record shows its exact values.
    void hoveringARecordShowsItsExactValues()
    {
        QTest::keyClick(m_window.get(), Qt::Key_End);
        TimelineView* view = m_window->timeline();
        view->repaint(); // hits are found in what was last painted
        QPoint at;
        TimelineView::Hit hit;
        for (int y = 0; y < view->height() && hit.kind != TimelineView::Hit::Kind::Record; y += 3) {
            for (int x = 0; x < view->width(); x += 3) {
                hit = view->hitAt(QPointF(x, y));
                if (hit.kind == TimelineView::Hit::Kind::Record) {
                    at = QPoint(x, y);
                    break;
                }
            }
        }
        QCOMPARE(hit.kind, TimelineView::Hit::Kind::Record);
        QHelpEvent help(QEvent::ToolTip, at, view->mapToGlobal(at));
        QApplication::sendEvent(view, &help);
        const QString tip = QToolTip::text();
        QVERIFY2(tip.contains(QStringLiteral("#%1").arg(hit.record + 1)), qPrintable(tip));
        const Timestamp ts = m_window->session()->scenario().records[hit.record].ts;
        QVERIFY2(tip.contains(m_window->session()->formatTime(ts)), qPrintable(tip));
        QToolTip::hideText();
    }

private:
    static QMenu* recentMenu(const MainWindow& window)
    {
        for (auto* menu : window.findChildren<QMenu*>()) {
            if (menu->title() == QStringLiteral("Open &Recent"))
                return menu;
        }
        return nullptr;
    }
    void drop(const QString& path)
    {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        dropMime(mime);
    }
    void dropMime(QMimeData& mime)
    {
        QDragEnterEvent enter(QPoint(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent dropped(QPointF(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &dropped);
    }

    QTemporaryDir m_config;
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestDocuments)
#include "tst_documents.moc"
