#include "ScenarioBuilder.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace tidemark;
using namespace tidemark::test;

namespace {

StepIndex arrivalStep(const Player& p, RecordIndex record)
{
    return p.trace().placements()[record].arrivalStep;
}

QStringList sentences(const Narration& n)
{
    QStringList l;
    for (const NarrationSentence& s : n.sentences)
        l << QString::fromStdString(s.text);
    return l;
}

Scenario post000PerEvent()
{
    Scenario s = post000(3, 0, false);
    s.pipeline.watermarks.emission = WatermarkConfig::Emission::PerEvent;
    s.pipeline.watermarks.firstChannel = 1;
    return s;
}

// A bounded topic "clicks" of 3 partitions over 2 readers (KafkaSourceEnumerator: partitions 0 and 2 on reader 1,
// partition 1 on reader 0): partition 0 with one record, partition 2 with none, partition 1 with none either.
Scenario boundedTopic()
{
    Scenario s;
    auto& p = s.pipeline;
    p.sourceParallelism = 2;
    p.kafka = KafkaSourceSpec {"clicks", 3, KafkaSourceSpec::Watermarks::PerPartition};
    p.watermarks.parallelism = 2;
    p.watermarks.partitioning = WatermarkConfig::Partitioning::Forward;
    p.watermarks.maxOutOfOrdernessMs = 0;
    p.window.assigner.sizeMs = 5000;
    p.window.function.type = FunctionSpec::Type::Count;
    p.endOfInput = EndOfInput::MaxWatermark;
    InputRecord r = event(s, "a", 1000, 1, 0);
    r.partition = 0;
    s.records.push_back(r);
    return s;
}

} // namespace

class TestNarration : public QObject {
    Q_OBJECT

private slots:
    void theSeventhRecordAtParallelismThreeExplainsTheMinimumAndTheFire()
    {
        Player player(post000PerEvent());
        Narrator narrator(player.scenario());
        const StepIndex step = arrivalStep(player, 6);
        const QStringList text = sentences(narrator.narrate(player.detailAt(step), player.trace()));
        const QStringList expected = {
            "Record #7 (0001, 10:11:37.000) arrives on channel 1.",
            "Key 0001 is in key group 0 of 128, so subtask 0 processes it.",
            "It goes into window [10:11:36, 10:11:39), which now holds 2 records.",
            "Channel 1's watermark becomes 10:11:26.999 (max 10:11:37.000 − 10 s − 1 ms).",
            "The operator watermark advances from 10:11:22.999 to 10:11:23.999: it is the minimum of the channels, "
            "and channel 2 holds it.",
            "Window [10:11:21, 10:11:24) fires for key 0001 with 1 record: watermark 10:11:23.999 ≥ window end − 1 ms.",
            "Result: [1538359882000].",
            "Window [10:11:21, 10:11:24) for key 0001 is removed right after firing: the allowed lateness is 0 ms.",
        };
        QCOMPARE(text, expected);
    }

    // Reader 0 has nothing to read and finishes at once; reader 1 finishes partition 0 after its one record and
    // the empty partition 2 with that first fetch, and then has no split left.
    void aBoundedTopicsReadersFinishTheirSplitsInFlinksWords()
    {
        Player player(boundedTopic());
        Narrator narrator(player.scenario());
        const QString start = sentences(narrator.narrate(player.detailAt(0), player.trace())).join('\n');
        QVERIFY2(start.contains("Reader 0 reads partitions 1 of topic clicks, which hold no record: a bounded source "
                                "finds its splits empty, and the reader finishes at once, forwarding +∞"),
            qPrintable(start));
        const QStringList text = sentences(narrator.narrate(player.detailAt(arrivalStep(player, 0)), player.trace()));
        const QStringList expected = {
            "Record #1 (a, 1000 ms) arrives from partition 0, which reader 1 reads.",
            "Partition 0 has been read to its end, so reader 1 finishes its split and releases its output: the "
            "partition holds the reader back no more.",
            "Partition 2 holds no record: reader 1 found its split empty and finishes it with its first fetch.",
            "Reader 1 has finished every partition it reads: its input has ended, and it forwards the final watermark "
            "+∞ (Long.MAX_VALUE).",
            "The operator watermark advances from −∞ to +∞.",
            "Window [0, 5000) ms fires for key a with 1 record: the end-of-input watermark passes every window.",
            "Result: 1.",
        };
        QCOMPARE(sentences(narrator.narrate(player.detailAt(arrivalStep(player, 0) + 1), player.trace())),
            QStringList {"End of input: every reader has finished its partitions already, so nothing is left to end."});
        QCOMPARE(text, expected);
    }

    void aChannelThatIsNotTheMinimumLeavesTheOperatorWatermarkWhereItIs()
    {
        Player player(post000PerEvent());
        Narrator narrator(player.scenario());
        // Record 10 (10:11:43) on channel 1 lifts it to 10:11:32.999; channel 0 (10:11:25.999) stays the minimum.
        const QStringList text = sentences(narrator.narrate(player.detailAt(arrivalStep(player, 9)), player.trace()));
        QVERIFY2(text.contains("Channel 1's watermark becomes 10:11:32.999 (max 10:11:43.000 − 10 s − 1 ms)."),
            qPrintable(text.join('\n')));
        QVERIFY2(text.contains("The operator watermark stays at 10:11:25.999: it is the minimum of the channels, and "
                               "channel 0 holds it back."),
            qPrintable(text.join('\n')));
    }

    void aQuietEmissionSaysWhereItStandsInItsRun()
    {
        // One record at 0 s, the next at 2 s: the emission at 200 ms moves the watermark, the eight after it
        // (400 ms … 1.8 s) move nothing; the one at 2 s comes after the second record, and moves it again.
        Scenario s;
        s.pipeline.watermarks.maxOutOfOrdernessMs = 0;
        s.pipeline.window.assigner.sizeMs = 10'000;
        s.pipeline.window.function.type = FunctionSpec::Type::Count;
        s.records.push_back(test::event(s, "a", 1000, 1, 0));
        s.records.push_back(test::event(s, "a", 1500, 1, 2000));
        Player player(std::move(s));
        Narrator narrator(player.scenario());
        const StepIndex loud = arrivalStep(player, 0) + 1;
        const QStringList moved = sentences(narrator.narrate(player.detailAt(loud), player.trace()));
        QVERIFY2(moved.filter("in a row").isEmpty(), qPrintable(moved.join('\n')));
        const Narration third = narrator.narrate(player.detailAt(loud + 3), player.trace());
        const QStringList text = sentences(third);
        QVERIFY2(text.contains("Periodic emissions that change nothing: 3 of 8 in a row, steps 3 to 10."),
            qPrintable(text.join('\n')));
        // the run's ends are steps to go to
        const auto& refs = third.sentences.back().refs;
        QVERIFY(std::any_of(refs.begin(), refs.end(),
            [](const NarrationRef& r) { return r.kind == NarrationRefKind::Step && r.step == 10; }));
    }

    void aRecordBehindTheCleanupTimeIsDroppedWithTheArithmetic()
    {
        Player player(post000(1, 0, true));
        Narrator narrator(player.scenario());
        const QStringList text = sentences(narrator.narrate(player.detailAt(arrivalStep(player, 10)), player.trace()));
        QVERIFY2(text.contains("Record at 10:11:30.000 is too late for window [10:11:30, 10:11:33): its cleanup time "
                               "10:11:32.999 ≤ watermark 10:11:32.999 — dropped."),
            qPrintable(text.join('\n')));
    }

    void aLateRecordWithinAllowedLatenessRefiresTheWholePane()
    {
        Player player(post000(1, 2000, true));
        Narrator narrator(player.scenario());
        const auto fires = player.trace().fires();
        const auto late = std::find_if(
            fires.begin(), fires.end(), [](const FireRecord& f) { return f.fire.timing == FireTiming::Late; });
        QVERIFY(late != fires.end());
        const QStringList text = sentences(narrator.narrate(player.detailAt(late->step), player.trace()));
        const QString joined = text.join('\n');
        QVERIFY2(joined.contains("fires again for key 0001 with"), qPrintable(joined));
        QVERIFY2(joined.contains("within the allowed lateness of 2 s"), qPrintable(joined));
    }

    void sentencesReferToWhatTheyNameSoTheGuiCanHighlightIt()
    {
        Player player(post000PerEvent());
        Narrator narrator(player.scenario());
        const Narration n = narrator.narrate(player.detailAt(arrivalStep(player, 6)), player.trace());
        const NarrationSentence& arrival = n.sentences.front();
        QCOMPARE(arrival.templateId, std::string("arrival.event"));
        QCOMPARE(arrival.args.at("record"), std::string("#7"));
        bool sawRecord = false;
        bool sawChannel = false;
        for (const NarrationRef& r : arrival.refs) {
            const std::string spanned = arrival.text.substr(r.begin, r.length);
            if (r.kind == NarrationRefKind::Record) {
                sawRecord = true;
                QCOMPARE(r.record, RecordIndex(6));
                QCOMPARE(spanned, std::string("#7"));
            }
            if (r.kind == NarrationRefKind::Channel) {
                sawChannel = true;
                QCOMPARE(r.channel, 1);
                QCOMPARE(spanned, std::string("1"));
            }
        }
        QVERIFY(sawRecord && sawChannel);
        const auto fire = std::find_if(n.sentences.begin(), n.sentences.end(),
            [](const NarrationSentence& s) { return s.templateId == "fire.ontime"; });
        QVERIFY(fire != n.sentences.end());
        const auto window = std::find_if(fire->refs.begin(), fire->refs.end(),
            [](const NarrationRef& r) { return r.kind == NarrationRefKind::Window; });
        QVERIFY(window != fire->refs.end());
        QCOMPARE(window->window, TimeWindow(1538359881000, 1538359884000));
    }

    void templatesHaveUniqueIdsAndCanBeTranslated()
    {
        std::set<std::string_view> ids;
        for (const NarrationTemplate& t : narrationTemplates())
            QVERIFY2(ids.insert(t.id).second, std::string(t.id).c_str());
        Player player(post000PerEvent());
        Narrator narrator(player.scenario());
        narrator.setTemplates({{"arrival.event", "Datensatz {record} ({key}, {ts}) kommt auf Kanal {channel} an."}});
        const Narration n = narrator.narrate(player.detailAt(arrivalStep(player, 6)), player.trace());
        QCOMPARE(n.sentences.front().text, std::string("Datensatz #7 (0001, 10:11:37.000) kommt auf Kanal 1 an."));
        QCOMPARE(n.sentences.front().refs.size(), std::size_t(3)); // record, key, channel
    }

    void phrasesInsideSentencesAreTranslatedToo()
    {
        Player player(post000PerEvent());
        Narrator narrator(player.scenario());
        narrator.setTemplates({{"fire.ontime", "Fenster {window} feuert {subject} mit {count}."},
            {"phrase.subject.key", "für Schlüssel {key}"}, {"phrase.records.one", "{n} Datensatz"},
            {"phrase.records.many", "{n} Datensätze"}});
        for (StepIndex step = 0; step <= player.lastStep(); ++step) {
            const Narration n = narrator.narrate(player.detailAt(step), player.trace());
            const auto fire = std::find_if(n.sentences.begin(), n.sentences.end(),
                [](const NarrationSentence& s) { return s.templateId == "fire.ontime"; });
            if (fire == n.sentences.end())
                continue;
            QVERIFY2(fire->text.find("für Schlüssel 0001 mit ") != std::string::npos, fire->text.c_str());
            QVERIFY2(fire->text.find("Datensatz") != std::string::npos, fire->text.c_str());
            QVERIFY2(fire->text.find("record") == std::string::npos, fire->text.c_str());
            // the subject still points at its key, over the translated phrase
            const auto key = std::find_if(fire->refs.begin(), fire->refs.end(),
                [](const NarrationRef& r) { return r.kind == NarrationRefKind::Key; });
            QVERIFY(key != fire->refs.end());
            QCOMPARE(fire->text.substr(key->begin, key->length), std::string("für Schlüssel 0001"));
            return;
        }
        QFAIL("no on-time fire in the run");
    }

    void epochMillisecondScenariosWriteTheUnit()
    {
        Scenario s = post000PerEvent();
        s.display.timeFormat = DisplaySettings::TimeFormat::EpochMs;
        Player player(std::move(s));
        Narrator narrator(player.scenario());
        const QStringList text = sentences(narrator.narrate(player.detailAt(arrivalStep(player, 6)), player.trace()));
        QCOMPARE(text.front(), QString("Record #7 (0001, 1538359897000 ms) arrives on channel 1."));
    }

    // The whole narrated run of every built-in example is checked against golden files by tst_narration_golden
    // (tests/golden/<example>.narration.txt).
};

QTEST_GUILESS_MAIN(TestNarration)
#include "tst_narration.moc"
