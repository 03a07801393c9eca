// Window assignment and TimeWindow maths against the `assigner` and `timewindow` cases of the corpus.
#include "ConformanceCase.h"
#include "WindowSpecs.h"

#include "engine/core/TimeWindow.h"

#include <QTest>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tidemark;
using namespace tidemark::conformance;
using simdjson::dom::element;

namespace {

TimeWindow windowOf(element pair)
{
    return {int64Of(pair.at(0)), int64Of(pair.at(1))};
}

std::string text(const std::vector<TimeWindow>& windows)
{
    std::string s;
    for (const TimeWindow& w : windows) {
        s += '[';
        s += std::to_string(w.start());
        s += ',';
        s += std::to_string(w.end());
        s += ") ";
    }
    return s;
}

std::vector<TimeWindow> sorted(std::vector<TimeWindow> w)
{
    std::sort(w.begin(), w.end());
    return w;
}

void addRows(std::string_view kind)
{
    QTest::addColumn<QString>("path");
    const auto files = caseFiles(kind);
    QVERIFY2(!files.empty(), "conformance cases are missing");
    for (const auto& f : files)
        QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
}

} // namespace

class TestConformanceWindows : public QObject {
    Q_OBJECT

private slots:
    void assignerMatchesFlinkTestCase_data() { addRows("assigner"); }
    void assignerMatchesFlinkTestCase()
    {
        QFETCH(QString, path);
        try {
            CaseFile file(path.toStdString());
            const element root = file.root();
            const auto assigner = makeAssigner(at(root, "assigner"));
            const bool orderSensitive = has(root, "orderSensitive") && boolOf(at(root, "orderSensitive"));
            // One operator instance: a stagger offset is computed once, on the first element.
            AssignerInstanceState instance;
            for (element c : at(root, "cases").get_array()) {
                AssignerContext ctx;
                ctx.instance = &instance;
                ctx.currentProcessingTime = has(c, "processingTime") ? int64Of(at(c, "processingTime")) : 0;
                WindowElement e;
                e.ts = int64Of(at(c, "ts"));
                std::vector<TimeWindow> got;
                assigner->assignWindows(e, ctx, got);
                std::vector<TimeWindow> want;
                for (element w : at(c, "windows").get_array())
                    want.push_back(windowOf(w));
                if (!orderSensitive) {
                    got = sorted(got);
                    want = sorted(want);
                }
                QVERIFY2(got == want,
                    qPrintable(QStringLiteral("ts %1: expected %2, found %3")
                                   .arg(e.ts)
                                   .arg(QString::fromStdString(text(want)), QString::fromStdString(text(got)))));
            }
            if (has(root, "invalid")) {
                for (element spec : at(root, "invalid").get_array()) {
                    bool rejected = false;
                    try {
                        (void)makeAssigner(spec);
                    } catch (const std::invalid_argument&) {
                        rejected = true;
                    }
                    QVERIFY2(rejected,
                        qPrintable("accepted invalid assigner " + QString::fromStdString(simdjson::to_string(spec))));
                }
            }
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }

    void timeWindowMatchesFlinkTestCase_data() { addRows("timewindow"); }
    void timeWindowMatchesFlinkTestCase()
    {
        QFETCH(QString, path);
        try {
            CaseFile file(path.toStdString());
            for (element c : at(file.root(), "cases").get_array()) {
                const std::string op = stringOf(at(c, "op"));
                if (op == "getWindowStartWithOffset") {
                    QCOMPARE(TimeWindow::startWithOffset(
                                 int64Of(at(c, "ts")), int64Of(at(c, "offset")), int64Of(at(c, "size"))),
                        Timestamp(int64Of(at(c, "expected"))));
                } else if (op == "intersects") {
                    QCOMPARE(windowOf(at(c, "a")).intersects(windowOf(at(c, "b"))), boolOf(at(c, "expected")));
                } else if (op == "mergeWindows") {
                    std::vector<TimeWindow> windows;
                    for (element w : at(c, "windows").get_array())
                        windows.push_back(windowOf(w));
                    // Callbacks and the windows inside one are unordered: compare canonical texts.
                    std::vector<std::string> got;
                    for (const WindowMerge& m : mergeWindows(windows))
                        got.push_back(text(sorted(m.merged)) + "-> " + text({m.result}));
                    std::vector<std::string> want;
                    for (element m : at(c, "expected").get_array()) {
                        std::vector<TimeWindow> merged;
                        for (element w : at(m, "merged").get_array())
                            merged.push_back(windowOf(w));
                        want.push_back(text(sorted(merged)) + "-> " + text({windowOf(at(m, "result"))}));
                    }
                    std::sort(got.begin(), got.end());
                    std::sort(want.begin(), want.end());
                    QCOMPARE(got, want);
                } else {
                    QFAIL(qPrintable("unknown op " + QString::fromStdString(op)));
                }
            }
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestConformanceWindows)
#include "tst_conformance_windows.moc"
