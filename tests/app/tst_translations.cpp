#include "app/MainWindow.h"
#include "app/Translations.h"
#include "app/compare/Comparisons.h"
#include "app/document/Loading.h"
#include "app/document/Session.h"
#include "app/document/TimeCursor.h"
#include "app/models/RecordsModel.h"
#include "app/panels/ImportDialog.h"
#include "engine/player/Narration.h"
#include "tests/support/RequiredTool.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QXmlStreamReader>

#include <functional>
#include <set>

using namespace tidemark;
using namespace tidemark::app;

namespace {

QString sourceDir()
{
    return qEnvironmentVariable("TIDEMARK_SOURCE_DIR");
}

QString tsPath()
{
    return sourceDir() + QStringLiteral("/resources/translations/tidemark_zh_CN.ts");
}

struct TsMessage {
    QString context;
    QString source;
    QString comment;
    QString type; // "unfinished", "obsolete", "vanished" or empty when done
    QStringList translations; // one per numerus form
};

QList<TsMessage> readTs(const QString& path, QString* error)
{
    QList<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = TsMessage {context, {}, {}, {}, {}};
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            m.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            // either text, or <numerusform> children
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    m.translations << xml.readElementText();
            }
            if (m.translations.isEmpty())
                m.translations << text;
            out << m;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2:%3: %4")
                     .arg(path)
                     .arg(xml.lineNumber())
                     .arg(xml.columnNumber())
                     .arg(xml.errorString());
    return out;
}

QString describe(const TsMessage& m)
{
    return m.context + QStringLiteral(" / \"") + m.source + QLatin1Char('"')
        + (m.comment.isEmpty() ? QString() : QStringLiteral(" (") + m.comment + QLatin1Char(')'));
}

// The sorted multiset of matches of `pattern` in `text`.
QStringList matches(const QString& text, const QRegularExpression& pattern)
{
    QStringList out;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        out << it.next().captured(0);
    out.sort();
    return out;
}

bool hasCjk(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

} // namespace

// The Chinese translation: complete, consistent with the code, and used by the window and the narration.
class TestTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(!sourceDir().isEmpty(), "TIDEMARK_SOURCE_DIR is not set"); }
    void cleanup() { installTranslators(QStringLiteral("en")); }

    void everyNarrationTemplateIsMarkedForTranslation()
    {
        std::map<std::string, std::string> marked;
        for (const NarrationSource& s : narrationSources())
            marked.emplace(s.id, s.text);
        for (const NarrationTemplate& t : narrationTemplates()) {
            const auto it = marked.find(std::string(t.id));
            QVERIFY2(it != marked.end(),
                qPrintable(QStringLiteral("template %1 is missing from the generated translatable texts")
                               .arg(QString::fromUtf8(t.id.data(), qsizetype(t.id.size())))));
            QCOMPARE(it->second, std::string(t.text));
            marked.erase(it);
        }
        QVERIFY2(marked.empty(), marked.empty() ? "" : ("no such template: " + marked.begin()->first).c_str());
    }

    void everyExampleNameIsMarkedForTranslation()
    {
        const QStringList marked = exampleNameSources();
        const QList<ExampleInfo> examples = builtInExamples() + builtInGraphExamples();
        QVERIFY(!examples.isEmpty());
        for (const ExampleInfo& e : examples)
            QVERIFY2(marked.contains(e.name),
                qPrintable(e.fileName + QStringLiteral(": \"") + e.name
                    + QStringLiteral("\" is missing from the generated translatable texts")));
    }

    // The descriptions are looked up by their English text: one edited in a .json file without its entry in the
    // .ts would silently show in English (the texts marked for lupdate are generated from the files).
    void everyExampleDescriptionIsMarkedForTranslation()
    {
        const QStringList marked = exampleDescriptionSources();
        const QList<ExampleInfo> examples = builtInExamples() + builtInGraphExamples();
        QVERIFY(!examples.isEmpty());
        for (const ExampleInfo& e : examples) {
            QVERIFY2(!e.description.isEmpty(), qPrintable(e.fileName + QStringLiteral(" has no description")));
            QVERIFY2(marked.contains(e.description),
                qPrintable(e.fileName
                    + QStringLiteral(": its description is missing from the generated translatable texts "
                                     "(or differs from it): \"")
                    + e.description + QLatin1Char('"')));
        }
    }

    void translationFileHasNoUnfinishedOrObsoleteEntry()
    {
        QString error;
        const QList<TsMessage> messages = readTs(tsPath(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 300);
        const QRegularExpression argument(QStringLiteral("%(\\d+|n)"));
        const QRegularExpression placeholder(QStringLiteral("\\{[a-zA-Z]+\\}"));
        const QRegularExpression mnemonic(QStringLiteral("&(?!&)\\w"));
        for (const TsMessage& m : messages) {
            QVERIFY2(m.type.isEmpty(), qPrintable(m.type + QStringLiteral(": ") + describe(m)));
            QCOMPARE(m.translations.size(), 1); // Chinese has one plural form
            const QString& t = m.translations.front();
            QVERIFY2(!t.trimmed().isEmpty(), qPrintable(QStringLiteral("empty: ") + describe(m)));
            QVERIFY2(matches(t, argument) == matches(m.source, argument),
                qPrintable(QStringLiteral("%1…: not the same arguments in ").arg(QLatin1Char('%')) + describe(m)));
            QVERIFY2(matches(t, placeholder) == matches(m.source, placeholder),
                qPrintable(QStringLiteral("not the same {placeholders} in ") + describe(m)));
            QVERIFY2(matches(t, mnemonic).size() == matches(m.source, mnemonic).size(),
                qPrintable(QStringLiteral("not the same &-mnemonic in ") + describe(m)));
            // markup stays markup
            QCOMPARE(t.count(QLatin1Char('<')), m.source.count(QLatin1Char('<')));
        }
    }

    // lupdate over the code must find nothing new: a string added without a translation fails here.
    void codeHasNoStringMissingFromTheTranslation()
    {
        const QString lupdate = QStringLiteral(TIDEMARK_LUPDATE);
        TIDEMARK_REQUIRE_TOOL(QFile::exists(lupdate), "lupdate is not installed (scripts/install-deps installs it)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("tidemark_zh_CN.ts"));
        QVERIFY(QFile::copy(tsPath(), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess p;
        p.start(lupdate,
            {QStringLiteral("-I"), sourceDir(), sourceDir() + QStringLiteral("/app"),
                sourceDir() + QStringLiteral("/main"), QStringLiteral(TIDEMARK_TRANSLATABLE_TEXTS),
                QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"), copy});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QString error;
        const QList<TsMessage> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList stale;
        for (const TsMessage& m : messages) {
            if (!m.type.isEmpty())
                stale << m.type + QStringLiteral(": ") + describe(m);
        }
        QVERIFY2(stale.isEmpty(),
            qPrintable(QStringLiteral("run `cmake --build build/debug --target update_translations` and translate:\n")
                + stale.join(QLatin1Char('\n'))));
    }

    void theCommandLineWinsOverTheLanguageChosenInTheMenu()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("tidemark-tests"));
        saveLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(startupLanguage(QString()), QStringLiteral("zh_CN"));
        QCOMPARE(startupLanguage(QStringLiteral("en")), QStringLiteral("en"));
        saveLanguage(QString()); // "System default"
        QCOMPARE(startupLanguage(QString()), QString());
    }

    void chineseIsFoundForAChineseSystemLocale()
    {
        QCOMPARE(installTranslators(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(installTranslators(QStringLiteral("zh_Hans_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(installTranslators(QStringLiteral("en")), QString());
        QVERIFY(translatedNarrationTemplates().empty());
        QCOMPARE(installTranslators(QStringLiteral("fr_FR")), QString()); // no French: English stays
    }

    void theWindowSpeaksChinese()
    {
        QCOMPARE(installTranslators(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        MainWindow window;
        window.resize(1600, 1000);
        QVERIFY(window.openExample(defaultExample()));
        const QList<QAction*> menus = window.menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.front()->text(), QStringLiteral("文件(&F)"));
        auto* narrationDock = window.findChild<QDockWidget*>(QStringLiteral("narrationDock"));
        QVERIFY(narrationDock);
        QCOMPARE(narrationDock->windowTitle(), QStringLiteral("为什么？——讲解"));
        auto* recordsDock = window.findChild<QDockWidget*>(QStringLiteral("recordsDock"));
        QVERIFY(recordsDock);
        QCOMPARE(recordsDock->windowTitle(), QStringLiteral("记录"));
        auto* records = window.findChild<RecordsModel*>();
        QVERIFY(records);
        QCOMPARE(records->headerData(records->columnCount() - 1, Qt::Horizontal).toString(), QStringLiteral("状态"));
        QCOMPARE(window.windowTitle(), QStringLiteral("文章 000：并行度 3，允许延迟 2 s — Tidemark"));

        window.cursor()->setStep(1);
        const QString first = window.session()->narrationText();
        QVERIFY2(first.startsWith(QStringLiteral("记录 #1（")), qPrintable(first));
        QVERIFY2(first.contains(QStringLiteral("到达通道")), qPrintable(first));
    }

    void theExamplesMenuDescribesEachExampleInChinese()
    {
        installTranslators(QStringLiteral("zh_CN"));
        MainWindow window;
        QMenu* examplesMenu = nullptr;
        for (QAction* a : window.menuBar()->actions().front()->menu()->actions()) {
            if (a->menu() && a->menu()->title() == QStringLiteral("示例(&E)"))
                examplesMenu = a->menu();
        }
        QVERIFY(examplesMenu);
        QVERIFY(examplesMenu->toolTipsVisible());
        const QList<ExampleInfo> examples = builtInExamples();
        const QList<QAction*> all = examplesMenu->actions();
        // the examples, the job graphs' submenu, a separator, then one entry per built-in comparison, in Chinese too
        const QList<ComparisonInfo> comparisons = builtInComparisons();
        QCOMPARE(all.size(), examples.size() + 2 + comparisons.size());
        QMenu* graphs = all.at(examples.size())->menu();
        QVERIFY(graphs);
        const QList<ExampleInfo> graphExamples = builtInGraphExamples();
        QCOMPARE(graphs->actions().size(), graphExamples.size());
        for (qsizetype i = 0; i < graphExamples.size(); ++i) {
            QAction* a = graphs->actions().at(i);
            QVERIFY2(hasCjk(a->text()) && hasCjk(a->toolTip()), qPrintable(graphExamples.at(i).fileName));
            QCOMPARE(a->toolTip(), exampleDescription(graphExamples.at(i).description));
        }
        QVERIFY(all.at(examples.size() + 1)->isSeparator());
        for (qsizetype i = 0; i < comparisons.size(); ++i) {
            QAction* a = all.at(examples.size() + 2 + i);
            QVERIFY2(hasCjk(a->text()) && hasCjk(a->toolTip()), qPrintable(comparisons.at(i).name));
            QCOMPARE(a->toolTip(), exampleDescription(comparisons.at(i).description));
        }
        const QList<QAction*> actions = all.mid(0, examples.size());
        for (qsizetype i = 0; i < actions.size(); ++i) {
            const ExampleInfo& e = examples.at(i);
            const QString tip = actions.at(i)->toolTip();
            QVERIFY2(hasCjk(actions.at(i)->text()), qPrintable(e.fileName));
            QVERIFY2(hasCjk(tip), qPrintable(e.fileName + QStringLiteral(": ") + tip));
            QVERIFY2(tip != e.description, qPrintable(e.fileName));
            QCOMPARE(tip, exampleDescription(e.description));
            QVERIFY2(actions.at(i)->statusTip().size() > 0 && tip.startsWith(actions.at(i)->statusTip()),
                qPrintable(e.fileName));
        }
        installTranslators(QStringLiteral("en"));
        QCOMPARE(exampleDescription(examples.front().description), examples.front().description);
    }

    // Pictures of the Chinese window, the pipeline editor, the View menu and the import dialog, written to
    // <build>/screenshots/zh-*.png for a person to check that nothing is cut off.
    void chineseScreenshots()
    {
        installTranslators(QStringLiteral("zh_CN"));
        const QString dir = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("screenshots"));
        QVERIFY(QDir().mkpath(dir));
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(defaultExample()));
        if (const auto fire = window.session()->player().nextStepWith(Happening::AnyFire))
            window.cursor()->setStep(int(*fire));
        auto* pipeline = window.findChild<QDockWidget*>(QStringLiteral("pipelineDock"));
        QVERIFY(pipeline);
        pipeline->show();
        QVERIFY((QCoreApplication::processEvents(), window.grab()).save(dir + QStringLiteral("/zh-first-fire.png")));
        int menus = 0;
        std::function<void(QMenu*)> grabMenu = [&](QMenu* menu) {
            menu->adjustSize();
            QVERIFY(menu->grab().save(dir + QStringLiteral("/zh-menu-%1.png").arg(menus++)));
            for (QAction* a : menu->actions()) {
                if (a->menu())
                    grabMenu(a->menu());
            }
        };
        for (QAction* a : window.menuBar()->actions()) {
            QVERIFY(a->menu());
            grabMenu(a->menu());
        }
        // An example's description as File ▸ Examples shows it when hovered.
        const QList<ExampleInfo> examples = builtInExamples();
        QVERIFY(!examples.isEmpty());
        QToolTip::showText(window.geometry().center(), exampleDescription(examples.front().description), &window);
        QWidget* tip = nullptr;
        for (QWidget* w : QApplication::topLevelWidgets()) {
            if (w->inherits("QTipLabel") && w->isVisible())
                tip = w;
        }
        QVERIFY(tip);
        QVERIFY(tip->grab().save(dir + QStringLiteral("/zh-example-tooltip.png")));
        QToolTip::hideText();
        ImportDialog import(sourceDir() + QStringLiteral("/resources/examples/late-orders.csv"));
        import.resize(import.sizeHint());
        import.show();
        QVERIFY(QTest::qWaitForWindowExposed(&import));
        QVERIFY(import.grab().save(dir + QStringLiteral("/zh-import.png")));
    }

    // Every sentence of every built-in example, at every step, is Chinese with every placeholder filled.
    void everySentenceOfTheExamplesIsChinese()
    {
        installTranslators(QStringLiteral("zh_CN"));
        const QRegularExpression leftover(QStringLiteral("\\{[a-zA-Z]+\\}|\\brecords?\\b|\\bfor key\\b|\\bglobal\\b"));
        std::set<std::string> seen;
        for (const ExampleInfo& example : builtInExamples()) {
            Session session;
            TimeCursor cursor(&session);
            LoadOutcome loaded = loadExample(example.path);
            QVERIFY2(loaded.ok(), qPrintable(loaded.error));
            const QString error = session.setScenario(std::move(*loaded.scenario), QString());
            QVERIFY2(error.isEmpty(), qPrintable(error));
            for (int step = 0; step <= session.lastStep(); ++step) {
                cursor.setStep(step);
                for (const NarrationSentence& s : session.narration().sentences) {
                    const QString text = QString::fromStdString(s.text);
                    const QString where = QStringLiteral("%1 step %2: %3").arg(example.fileName).arg(step).arg(text);
                    QVERIFY2(hasCjk(text), qPrintable(where));
                    QVERIFY2(!leftover.match(text).hasMatch(), qPrintable(where));
                    seen.insert(s.templateId);
                }
            }
        }
        for (const char* id :
            {"arrival.event", "fire.ontime", "fire.late", "late.dropped", "operator.advance", "cleanup"})
            QVERIFY2(seen.count(id), id);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
