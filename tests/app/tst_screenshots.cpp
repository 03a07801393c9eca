#include "app/MainWindow.h"
#include "app/Theme.h"
#include "app/document/GraphDocument.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/timeline/TimelineView.h"
#include "engine/io/Installation.h"

#include <QApplication>
#include <QDir>
#include <QStyleFactory>
#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

// Writes a PNG of the main window for every built-in example at its first fire and at the end, into
// <build>/screenshots/, so that a person can look at what a class would see.
class TestScreenshots : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        m_dir = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("screenshots"));
        QDir().mkpath(m_dir);
    }

    void everyExampleAtItsFirstFireAndAtTheEnd_data()
    {
        QTest::addColumn<QString>("resource");
        for (const ExampleInfo& e : builtInExamples())
            QTest::newRow(qPrintable(e.fileName)) << e.path;
    }
    void everyExampleAtItsFirstFireAndAtTheEnd()
    {
        QFETCH(QString, resource);
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(resource));
        const QString base = QFileInfo(resource).completeBaseName();
        const auto fire = window.session()->player().nextStepWith(Happening::AnyFire);
        if (fire) {
            window.cursor()->setStep(int(*fire));
            QVERIFY((QCoreApplication::processEvents(), window.grab())
                        .save(QDir(m_dir).filePath(base + QStringLiteral("-first-fire.png"))));
        }
        window.cursor()->toEnd();
        QVERIFY(window.cursor()->atEnd());
        const QImage end = (QCoreApplication::processEvents(), window.grab()).toImage();
        QVERIFY(!end.isNull());
        QVERIFY(end.save(QDir(m_dir).filePath(base + QStringLiteral("-end.png"))));
        // the timeline alone, as it goes into the README
        QVERIFY(window.timeline()->grab().save(QDir(m_dir).filePath(base + QStringLiteral("-timeline-end.png"))));
    }

    void everyGraphExampleAtItsFirstOutputAndAtTheEnd_data()
    {
        QTest::addColumn<QString>("path");
        for (const io::Example& e : io::graphExamples())
            QTest::newRow(e.name.c_str()) << QString::fromStdString(e.path.string());
    }
    void everyGraphExampleAtItsFirstOutputAndAtTheEnd()
    {
        QFETCH(QString, path);
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        QVERIFY(window.session()->hasGraph());
        const QString base = QStringLiteral("graph-") + QFileInfo(path).completeBaseName();
        const GraphRun& run = window.session()->graph().run();
        if (!run.outputs().empty()) {
            window.cursor()->setStep(int(run.trace().stepOfOutput(0)));
            QVERIFY((QCoreApplication::processEvents(), window.grab())
                        .save(QDir(m_dir).filePath(base + QStringLiteral("-first-output.png"))));
        }
        window.cursor()->toEnd();
        QVERIFY((QCoreApplication::processEvents(), window.grab())
                    .save(QDir(m_dir).filePath(base + QStringLiteral("-end.png"))));
    }

    void presenterModeAtTheFirstFire()
    {
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(defaultExample()));
        window.setPresenterMode(true);
        window.resize(1920, 1080);
        const auto fire = window.session()->player().nextStepWith(Happening::AnyFire);
        QVERIFY(fire);
        window.cursor()->setStep(int(*fire));
        QVERIFY((QCoreApplication::processEvents(), window.grab())
                    .save(QDir(m_dir).filePath(QStringLiteral("presenter-first-fire.png"))));
        window.setPresenterMode(false);
    }

    void darkPaletteAtTheEnd()
    {
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(defaultExample()));
        window.theme()->setKind(Theme::Kind::Dark);
        window.cursor()->toEnd();
        QVERIFY((QCoreApplication::processEvents(), window.grab())
                    .save(QDir(m_dir).filePath(QStringLiteral("dark-end.png"))));
        window.theme()->setKind(Theme::Kind::Light);
    }

private:
    QString m_dir;
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
