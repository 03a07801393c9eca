// What the timeline writes: window labels and how they shorten when a band is narrow; on its
// operator-watermark lines, which window subtasks share a line, how they are named, and where labels go so
// that none covers another.
#include "app/timeline/SubtaskWatermarks.h"
#include "app/timeline/WindowLabels.h"

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
    void windowLabelsShortenLevelByLevel_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("utcOffset");
        QTest::addColumn<QStringList>("labels");
        const qint64 shanghai = 8 * 3600000;
        // 1538359881000 = 2018-10-01 10:11:21 in UTC+08:00
        QTest::newRow("same minute: minute and seconds, seconds, start") << qint64(
            1538359881000) << qint64(1538359884000) << shanghai << QStringList {"[11:21, 11:24)", "[:21, :24)", ":21"};
        QTest::newRow("same hour, other minute: minute and seconds, start")
            << qint64(1538359918000) << qint64(1538359921000) << shanghai << QStringList {"[11:58, 12:01)", "11:58"};
        QTest::newRow("other hour: the hour too, start") << qint64(1538362798000) << qint64(1538362801000) << shanghai
                                                         << QStringList {"[10:59:58, 11:00:01)", "10:59:58"};
        QTest::newRow("milliseconds only when a bound has them")
            << qint64(1538359881500) << qint64(1538359882500) << shanghai
            << QStringList {"[11:21.500, 11:22.500)", "[:21.500, :22.500)", ":21.500"};
        QTest::newRow("the same instants in UTC") << qint64(1538359881000) << qint64(1538359884000) << qint64(0)
                                                  << QStringList {"[11:21, 11:24)", "[:21, :24)", ":21"};
        QTest::newRow("a zone with a half hour moves the hour, not the minute")
            << qint64(1538359881000) << qint64(1538359884000) << qint64(5 * 3600000 + 1800000)
            << QStringList {"[41:21, 41:24)", "[:21, :24)", ":21"};
        QTest::newRow("a day: dates, dates alone at midnight, start, start date")
            << qint64(1709222400000) << qint64(1709308800000) << shanghai
            << QStringList {"[03-01 00:00:00, 03-02 00:00:00)", "[03-01, 03-02)", "03-01 00:00:00", "03-01"};
        QTest::newRow("a day not from midnight: no dates-alone level")
            << qint64(1709251200000) << qint64(1709337600000) << shanghai
            << QStringList {"[03-01 08:00:00, 03-02 08:00:00)", "03-01 08:00:00", "03-01"};
        QTest::newRow("a week across a leap day")
            << qint64(1709078400000) << qint64(1709683200000) << qint64(0)
            << QStringList {"[02-28 00:00:00, 03-06 00:00:00)", "[02-28, 03-06)", "02-28 00:00:00", "02-28"};
        QTest::newRow("before 1970, across midnight")
            << qint64(-1000) << qint64(0) << qint64(0) << QStringList {"[23:59:59, 00:00:00)", "23:59:59"};
    }
    void windowLabelsShortenLevelByLevel()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, utcOffset);
        QFETCH(QStringList, labels);
        QCOMPARE(dateTimeWindowLabels(TimeWindow(start, end), utcOffset), labels);
    }

    void aNarrowBandShowsTheLongestLabelThatFits_data()
    {
        QTest::addColumn<double>("width");
        QTest::addColumn<QString>("shown");
        // 7 px per character: "[11:21, 11:24)" 98 px, "[:21, :24)" 70 px, ":21" 21 px
        QTest::newRow("wide band: the whole window") << 200.0 << "[11:21, 11:24)";
        QTest::newRow("exactly wide enough") << 98.0 << "[11:21, 11:24)";
        QTest::newRow("a pixel short: seconds only") << 97.0 << "[:21, :24)";
        QTest::newRow("narrow: the start's seconds") << 30.0 << ":21";
        QTest::newRow("too narrow: nothing") << 20.0 << "";
    }
    void aNarrowBandShowsTheLongestLabelThatFits()
    {
        QFETCH(double, width);
        QFETCH(QString, shown);
        const QStringList choices = dateTimeWindowLabels(TimeWindow(1538359881000, 1538359884000), 8 * 3600000);
        QStringList measured;
        const qsizetype i = firstThatFits(choices, width, [&measured](const QString& text) {
            measured << text;
            return 7.0 * double(text.size());
        });
        QCOMPARE(i >= 0 ? choices[i] : QString(), shown);
        // labels are measured longest first and no further than the one shown
        QCOMPARE(measured, choices.mid(0, i >= 0 ? i + 1 : choices.size()));
    }

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
