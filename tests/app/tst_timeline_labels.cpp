// What the timeline writes on its operator-watermark lines: which window subtasks share a line, how they
// are named, and where labels go so that none covers another.
#include "app/SubtaskWatermarks.h"

#include <QTest>

using namespace tidemark;
using namespace tidemark::app;

namespace {

SubtaskState subtask(int index, Timestamp watermark, std::vector<Timestamp> inputs, std::vector<bool> idle = {})
{
    SubtaskState s;
    s.subtask = index;
    s.watermark = watermark;
    s.inputWatermarks = std::move(inputs);
    s.inputIdle = idle.empty() ? std::vector<bool>(s.inputWatermarks.size(), false) : std::move(idle);
    s.idle = std::all_of(s.inputIdle.begin(), s.inputIdle.end(), [](bool b) { return b; });
    for (std::size_t c = 0; c < s.inputWatermarks.size(); ++c) {
        if (!s.inputIdle[c] && s.inputWatermarks[c] == watermark && s.minChannel < 0)
            s.minChannel = int(c);
    }
    return s;
}

using Groups = std::vector<std::vector<int>>;

} // namespace

class TestTimelineLabels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void subtasksThatAgreeShareOneLine_data()
    {
        QTest::addColumn<std::vector<SubtaskState>>("subtasks");
        QTest::addColumn<Groups>("groups");
        QTest::addColumn<std::vector<Timestamp>>("values");
        QTest::addColumn<std::vector<bool>>("inputsAgree");

        QTest::newRow("one subtask") << std::vector {subtask(0, 4999, {4999, 5999})} << Groups {{0}}
                                     << std::vector<Timestamp> {4999} << std::vector<bool> {true};
        QTest::newRow("three agree") << std::vector {subtask(0, 4999, {4999, 5999}), subtask(1, 4999, {4999, 5999}),
            subtask(2, 4999, {4999, 5999})}
                                     << Groups {{0, 1, 2}} << std::vector<Timestamp> {4999} << std::vector<bool> {true};
        QTest::newRow("one behind, lowest first")
            << std::vector {subtask(0, 4999, {4999, 5999}), subtask(1, 3999, {3999, 5999}),
                   subtask(2, 4999, {4999, 5999})}
            << Groups {{1}, {0, 2}} << std::vector<Timestamp> {3999, 4999} << std::vector<bool> {true, true};
        QTest::newRow("all differ") << std::vector {subtask(0, 3000, {3000}), subtask(1, 1000, {1000}),
            subtask(2, 2000, {2000})}
                                    << Groups {{1}, {2}, {0}} << std::vector<Timestamp> {1000, 2000, 3000}
                                    << std::vector<bool> {true, true, true};
        QTest::newRow("same value from other inputs")
            << std::vector {subtask(0, 4999, {4999, 5999}), subtask(1, 4999, {5999, 4999})} << Groups {{0, 1}}
            << std::vector<Timestamp> {4999} << std::vector<bool> {false};
        QTest::newRow("not yet any watermark")
            << std::vector {subtask(0, kMinTimestamp, {kMinTimestamp}), subtask(1, kMinTimestamp, {kMinTimestamp})}
            << Groups {{0, 1}} << std::vector<Timestamp> {kMinTimestamp} << std::vector<bool> {true};
    }
    void subtasksThatAgreeShareOneLine()
    {
        QFETCH(std::vector<SubtaskState>, subtasks);
        QFETCH(Groups, groups);
        QFETCH(std::vector<Timestamp>, values);
        QFETCH(std::vector<bool>, inputsAgree);
        const std::vector<SubtaskWatermarkGroup> got = groupSubtaskWatermarks(subtasks);
        QCOMPARE(got.size(), groups.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].subtasks, groups[i]);
            QCOMPARE(got[i].watermark, values[i]);
            QCOMPARE(got[i].inputsAgree, bool(inputsAgree[i]));
            if (got[i].inputsAgree)
                QCOMPARE(got[i].inputs, subtasks[std::size_t(got[i].subtasks.front())].inputWatermarks);
            else
                QVERIFY(got[i].inputs.empty());
        }
    }

    void idleInputsAreLeftOutOfTheMinimum()
    {
        const auto got = groupSubtaskWatermarks(
            {subtask(0, 5999, {1000, 5999}, {true, false}), subtask(1, 5999, {1000, 5999}, {true, false})});
        QCOMPARE(got.size(), std::size_t(1));
        QCOMPARE(got[0].inputs, (std::vector<Timestamp> {5999}));
        QCOMPARE(got[0].minChannel, 1);
        QVERIFY(!got[0].allIdle);
        const auto idle = groupSubtaskWatermarks({subtask(0, 1000, {1000}, {true})});
        QVERIFY(idle[0].allIdle);
        QVERIFY(idle[0].inputs.empty());
    }

    void subtaskNamesCollapseRuns_data()
    {
        QTest::addColumn<std::vector<int>>("subtasks");
        QTest::addColumn<QString>("name");
        QTest::newRow("one") << std::vector {1} << QStringLiteral("subtask 1");
        QTest::newRow("two in a row") << std::vector {0, 1} << QStringLiteral("subtasks 0, 1");
        QTest::newRow("three in a row") << std::vector {0, 1, 2} << QStringLiteral("subtasks 0–2");
        QTest::newRow("a gap") << std::vector {0, 2} << QStringLiteral("subtasks 0, 2");
        QTest::newRow("a run and one more") << std::vector {0, 1, 2, 5} << QStringLiteral("subtasks 0–2, 5");
        QTest::newRow("two runs") << std::vector {3, 4, 5, 7, 8, 9, 10} << QStringLiteral("subtasks 3–5, 7–10");
    }
    void subtaskNamesCollapseRuns()
    {
        QFETCH(std::vector<int>, subtasks);
        QFETCH(QString, name);
        QCOMPARE(subtaskNames(subtasks), name);
    }

    void labelsStackUpwardsInsteadOfOverlapping_data()
    {
        QTest::addColumn<QList<QRectF>>("wanted");
        QTest::addColumn<QList<QRectF>>("placed");
        const double row = 24;
        QTest::newRow("apart: both stay on the first row") << QList<QRectF> {{100, 500, 200, 22}, {400, 500, 200, 22}}
                                                           << QList<QRectF> {{100, 500, 200, 22}, {400, 500, 200, 22}};
        QTest::newRow("overlapping: the second goes one row up") << QList<QRectF> {
            {100, 500, 200, 22}, {250, 500, 200, 22}} << QList<QRectF> {{100, 500, 200, 22}, {250, 500 - row, 200, 22}};
        QTest::newRow("three at one place: three rows")
            << QList<QRectF> {{100, 500, 200, 22}, {110, 500, 200, 22}, {120, 500, 200, 22}}
            << QList<QRectF> {{100, 500, 200, 22}, {110, 500 - row, 200, 22}, {120, 500 - 2 * row, 200, 22}};
        QTest::newRow("a third clear of the first row's labels goes back down")
            << QList<QRectF> {{100, 500, 200, 22}, {250, 500, 200, 22}, {600, 500, 100, 22}}
            << QList<QRectF> {{100, 500, 200, 22}, {250, 500 - row, 200, 22}, {600, 500, 100, 22}};
    }
    void labelsStackUpwardsInsteadOfOverlapping()
    {
        QFETCH(QList<QRectF>, wanted);
        QFETCH(QList<QRectF>, placed);
        std::vector<QRectF> taken;
        for (qsizetype i = 0; i < wanted.size(); ++i) {
            const QRectF r = clearOfOthers(wanted[i], taken, 24);
            QCOMPARE(r, placed[i]);
            for (const QRectF& t : taken)
                QVERIFY(!t.intersects(r));
            taken.push_back(r);
        }
    }
};

QTEST_GUILESS_MAIN(TestTimelineLabels)
#include "tst_timeline_labels.moc"
