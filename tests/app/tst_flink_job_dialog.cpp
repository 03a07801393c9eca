// File ▸ Export ▸ Flink Job…: the dialog shows what the job will not reproduce before anything is written, writes
// the same project as `tidemark export-job`, asks before it replaces the project's files, and says why a scenario
// cannot be a job.

#include "ShownWindow.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/panels/FlinkJobDialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>

using namespace tidemark;
using namespace tidemark::app;

namespace {

QString summary(const FlinkJobDialog& dialog)
{
    for (const QLabel* label : dialog.findChildren<QLabel*>()) {
        if (label->textFormat() == Qt::RichText)
            return label->text();
    }
    return {};
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestFlinkJobDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_window = test::shownWindowOnTheDefaultExample();
        QVERIFY(m_window);
    }
    void cleanup() { m_window.reset(); }

    void theDialogSaysWhatTheJobWillNotReproduceBeforeWriting()
    {
        FlinkJobDialog dialog(m_window->session(), m_window.get());
        QVERIFY(dialog.project());
        QCOMPARE(dialog.project()->artifactId, std::string("post-000-parallelism-3-allowed-lateness-2-s"));
        QVERIFY(dialog.folder().endsWith(QStringLiteral("/post-000-parallelism-3-allowed-lateness-2-s")));
        const QString text = summary(dialog);
        QVERIFY2(
            text.contains(QStringLiteral("The interleaving of 3 parallel watermark generators")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("java -jar target/post-000-parallelism-3-allowed-lateness-2-s.jar")));
        // The scenario names no Flink line, so it follows the newest; 1.20 can be chosen instead.
        QCOMPARE(dialog.project()->release.version, std::string("2.3.0"));
        dialog.setRelease(QStringLiteral("1.20"));
        QCOMPARE(dialog.project()->release.version, std::string("1.20.5"));
    }

    void savingWritesTheProjectAndReplacingItIsAskedFirst()
    {
        QTemporaryDir dir;
        FlinkJobDialog dialog(m_window->session(), m_window.get());
        dialog.setFolder(dir.filePath(QStringLiteral("job")));
        QVERIFY(dialog.write());
        const QString program = dir.filePath(
            QStringLiteral("job/src/main/java/tidemark/jobs/Post000Parallelism3AllowedLateness2SJob.java"));
        QVERIFY(contents(program).contains("TumblingEventTimeWindows.of(Duration.ofMillis(3000))"));
        QVERIFY(dialog.writtenMessage().contains(QStringLiteral("mvn package && java -jar")));

        // The user edited the README; writing again asks, and No keeps the edit.
        QFile readme(dir.filePath(QStringLiteral("job/README.md")));
        QVERIFY(readme.open(QIODevice::WriteOnly | QIODevice::Truncate));
        readme.write("my notes");
        readme.close();
        QString asked;
        QTimer::singleShot(0, this, [&asked] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                asked = box->text();
                box->button(QMessageBox::No)->click();
            }
        });
        QVERIFY(!dialog.write());
        QVERIFY2(asked.contains(QStringLiteral("holds 4 of this project's files already")), qPrintable(asked));
        QCOMPARE(contents(readme.fileName()), QByteArray("my notes"));
        QTimer::singleShot(0, this, [] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
                box->button(QMessageBox::Yes)->click();
        });
        QVERIFY(dialog.write());
        QVERIFY(contents(readme.fileName()).startsWith("# Post 000"));
    }

    void theJobCanReadASocketInsteadOfReplayingTheRecords()
    {
        FlinkJobDialog dialog(m_window->session(), m_window.get());
        const auto programOf = [&dialog] {
            for (const auto& f : dialog.project()->files) {
                if (f.path.ends_with(".java"))
                    return QString::fromStdString(f.content);
            }
            return QString();
        };
        QVERIFY(programOf().contains(QStringLiteral("new Replay(events")));

        dialog.setSocket(QStringLiteral("127.0.0.1:9999"));
        QVERIFY(dialog.project());
        QVERIFY(programOf().contains(QStringLiteral("env.socketTextStream(\"127.0.0.1\", 9999)")));
        QCOMPARE(dialog.project()->files.size(), std::size_t(3)); // no records file
        QVERIFY2(summary(dialog).contains(QStringLiteral("The lines arrive when they are sent")),
            qPrintable(summary(dialog)));

        // a mistyped address is said, and nothing can be saved
        auto* save = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
        dialog.setSocket(QStringLiteral("localhost"));
        QVERIFY(!dialog.project());
        QVERIFY(!save->isEnabled());
        QVERIFY2(summary(dialog).contains(QStringLiteral("expected HOST:PORT")), qPrintable(summary(dialog)));

        dialog.setSocket(QString());
        QVERIFY(dialog.project());
        QVERIFY(save->isEnabled());
        QVERIFY(programOf().contains(QStringLiteral("new Replay(events")));
    }

    void aScenarioNoJobCanSayIsRefusedWithTheReason()
    {
        Scenario s = m_window->session()->scenario();
        InputRecord watermark; // a watermark carried in the data, which no DataStream source can put in its place
        watermark.kind = InputRecord::Kind::Watermark;
        watermark.ts = 1538359890000;
        s.records.push_back(watermark);
        m_window->openScenario(s, QString());
        QCOMPARE(m_window->session()->scenario().records.size(), s.records.size());
        FlinkJobDialog dialog(m_window->session(), m_window.get());
        QVERIFY(!dialog.project());
        QVERIFY(summary(dialog).contains(QStringLiteral("cannot be written as a Flink job")));
        QVERIFY(summary(dialog).contains(QStringLiteral("watermark records")));
        QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->isEnabled());
    }

    // A Kafka scenario's job reads its topic; the message says how to fill it, and the cluster button is not
    // offered (the job needs the broker's address and the connector there: its README says how).
    void aKafkaScenarioIsWrittenAsAKafkaSourceJobWithoutTheClusterButton()
    {
        const auto examples = builtInExamples();
        const auto kafka = std::find_if(examples.begin(), examples.end(),
            [](const ExampleInfo& e) { return e.fileName == QStringLiteral("kafka-partition-stalls.json"); });
        QVERIFY(kafka != examples.end());
        QVERIFY(m_window->openExample(kafka->path));
        {
            FlinkJobDialog dialog(m_window->session(), m_window.get());
            const auto* input = dialog.findChild<QComboBox*>(QStringLiteral("input"));
            QVERIFY(input);
            QCOMPARE(input->count(), 1); // the topic, and nothing else to choose
            QVERIFY(!input->isEnabled());
            QVERIFY2(summary(dialog).contains(QStringLiteral("--produce</tt> writes the scenario's records")),
                qPrintable(summary(dialog)));
        }
        QTemporaryDir dir;
        bool offered = true;
        QString written;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, this, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* dialog = qobject_cast<FlinkJobDialog*>(modal)) {
                dialog->setFolder(dir.filePath(QStringLiteral("job")));
                dialog->accept();
            } else if (auto* box = qobject_cast<QMessageBox*>(modal)) {
                written = box->text();
                offered = box->findChild<QPushButton*>(QStringLiteral("buildAndRunOnCluster")) != nullptr;
                box->button(QMessageBox::Ok)->click();
                poll.stop();
            }
        });
        poll.start();
        m_window->findChild<QAction*>(QStringLiteral("exportFlinkJob"))->trigger();
        QVERIFY2(written.contains(QStringLiteral("It reads Kafka topic clicks")), qPrintable(written));
        QVERIFY(written.contains(QStringLiteral("--produce")));
        QVERIFY(!offered);
        const QString program = dir.filePath(
            QStringLiteral("job/src/main/java/tidemark/jobs/ASilentKafkaPartitionHoldsItsReaderBackJob.java"));
        QVERIFY2(contents(program).contains("KafkaSource.<Event>builder()"), qPrintable(program));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("job/data/records.csv"))));
    }

    void theExportMenuOpensTheDialog()
    {
        bool shown = false;
        QTimer::singleShot(0, this, [&shown] {
            if (auto* dialog = qobject_cast<FlinkJobDialog*>(QApplication::activeModalWidget())) {
                shown = true;
                dialog->reject();
            }
        });
        auto* action = m_window->findChild<QAction*>(QStringLiteral("exportFlinkJob"));
        QVERIFY(action);
        action->trigger();
        QVERIFY(shown);
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestFlinkJobDialog)
#include "tst_flink_job_dialog.moc"
