// "Why (not)?" answers on the built-in examples, each checked against the example's hand derivation
// (tests/golden/<example>.derivation.md): the numbers a user would otherwise work out with a pencil.

#include "engine/io/ScenarioIo.h"
#include "engine/player/Narration.h"
#include "engine/player/Player.h"

#include <QTest>

#include <memory>

using namespace tidemark;

namespace {

std::unique_ptr<Player> playExample(const char* name)
{
    const std::string path = qEnvironmentVariable("TIDEMARK_SOURCE_DIR").toStdString() + "/resources/examples/" + name;
    auto loaded = io::loadScenarioFile(path);
    if (!loaded.ok())
        return nullptr;
    return std::make_unique<Player>(std::move(*loaded.value));
}

// The step at which the player's clock first reaches `processingTime` with a step of that kind.
StepIndex stepAt(const Trace& trace, Timestamp processingTime, StepKind kind)
{
    for (StepIndex s = trace.firstStepAtOrAfter(processingTime); s < trace.stepCount(); ++s) {
        if (trace.step(s).kind == kind)
            return s;
    }
    return kNoStep;
}

QStringList sentences(const Narration& n)
{
    QStringList out;
    for (const NarrationSentence& s : n.sentences)
        out << QString::fromStdString(s.text);
    return out;
}

// Every step a sentence links to is the number its text shows.
bool stepLinksMatchTheirText(const Narration& n)
{
    for (const NarrationSentence& s : n.sentences) {
        for (const NarrationRef& r : s.refs) {
            if (r.kind == NarrationRefKind::Step && s.text.substr(r.begin, r.length) != std::to_string(r.step))
                return false;
        }
    }
    return true;
}

} // namespace

class TestWhyNot : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // idle-channel-stalls: channel 1 keeps 4999 (its one record, 6000, minus 1001) for ever, so [5000,10000)
    // never fires; a record of 9999 + 1000 + 1 = 11000 on channel 1 would lift it to 9999.
    void aWindowStalledByASilentChannelSaysWhatWouldReleaseIt()
    {
        const auto player = playExample("idle-channel-stalls.json");
        QVERIFY(player);
        const Trace& trace = player->trace();
        const Narrator narrator(player->scenario());
        const KeyId sensor = player->scenario().keys.find("sensor_1");
        const StepIndex last = StepIndex(trace.stepCount() - 1);
        const Narration why = narrator.whyWindow(trace, 0, sensor, TimeWindow(5000, 10000), last);
        const StepIndex firstArrival = stepAt(trace, 1000, StepKind::EventArrival);
        const QString end = QString::number(last);
        QCOMPARE(sentences(why),
            QStringList({QStringLiteral("Window [5000, 10000) ms for key sensor_1 got its first record at step %1: "
                                        "record #2 (6000 ms), at 1.000 s.")
                             .arg(firstArrival),
                QStringLiteral("It fires when the operator watermark of subtask 0 reaches the window's end − 1 ms: "
                               "watermark ≥ 9999 ms."),
                QStringLiteral("At step %1 the operator watermark of subtask 0 is 4999 ms, below 9999 ms.").arg(end),
                QStringLiteral("Channel 1 holds it back at 4999 ms: its largest timestamp so far is 6000 ms, from "
                               "record #2."),
                QStringLiteral("Nothing in the input ever releases it: at the end of the run (step %1) the operator "
                               "watermark is still 4999 ms, below 9999 ms.")
                    .arg(end),
                QStringLiteral("Channel 1 holds it at 4999 ms; a record on it with a timestamp of at least 11000 ms "
                               "would fire the window."),
                QStringLiteral("No idleness is set (withIdleness), so a channel that stays silent holds the watermark "
                               "back for ever; with it, the other channels would carry the watermark on."),
                QStringLiteral("The input never ends (end of input: none), so no final watermark comes either.")}));
        QVERIFY(stepLinksMatchTheirText(why));
    }

    // idle-channel-with-idleness at 4.000 s, right after [0,5000) fired: channel 1 went idle at 3400 ms, so
    // channel 0 (7000 − 1001 = 5999) holds the operator; record #7 (ts 11000) lifts it to 9999 at 6000 ms.
    void aWindowThatFiresLaterNamesTheRecordAndTheStep()
    {
        const auto player = playExample("idle-channel-with-idleness.json");
        QVERIFY(player);
        const Trace& trace = player->trace();
        const Narrator narrator(player->scenario());
        const KeyId sensor = player->scenario().keys.find("sensor_1");
        const StepIndex now = trace.firesInSteps(0, StepIndex(trace.stepCount() - 1)).front().step;
        QCOMPARE(trace.step(now).processingTime, Timestamp(4000));
        const StepIndex release = stepAt(trace, 6000, StepKind::PeriodicEmit);
        const StepIndex idle = stepAt(trace, 3400, StepKind::PeriodicEmit) + 1; // channel 0 ticks first, then 1
        QCOMPARE(trace.step(idle).subject, 1u);
        const QStringList got = sentences(narrator.whyWindow(trace, 0, sensor, TimeWindow(5000, 10000), now));
        QCOMPARE(got.mid(2),
            QStringList(
                {QStringLiteral("At step %1 the operator watermark of subtask 0 is 5999 ms, below 9999 ms.").arg(now),
                    QStringLiteral("Channel 0 holds it back at 5999 ms: its largest timestamp so far is 7000 ms, from "
                                   "record #5."),
                    QStringLiteral("Record #7 (11000 ms) on channel 0 releases it: the periodic emission at step %1 "
                                   "(6.000 s) forwards channel 0's watermark, the operator watermark reaches 9999 ms, "
                                   "and the window fires.")
                        .arg(release)}));
        // asked before channel 1 went idle, the answer says that idleness is half of it
        const QStringList before = sentences(narrator.whyWindow(trace, 0, sensor, TimeWindow(5000, 10000), 1));
        QCOMPARE(before.last(),
            QStringLiteral("Channel 1 is idle by then (since step %1), so the operator leaves it out.").arg(idle));
    }

    // post000-parallelism3 at step 0: the first window waits for every generator; the 7th line (…897000) on
    // channel 0 is the last to lift its generator, at its periodic emission 6 s in (step 95).
    void theFirstWindowOfPost000WaitsForTheSeventhLine()
    {
        const auto player = playExample("post000-parallelism3.json");
        QVERIFY(player);
        const Trace& trace = player->trace();
        const Narrator narrator(player->scenario());
        const KeyId key = player->scenario().keys.find("0001");
        const QStringList got
            = sentences(narrator.whyWindow(trace, 0, key, TimeWindow(1538359881000, 1538359884000), 0));
        QCOMPARE(got.last(),
            QStringLiteral("Record #7 (10:11:37.000) on channel 0 releases it: the periodic emission at step 95 "
                           "(6.000 s) forwards channel 0's watermark, the operator watermark reaches 10:11:23.999, "
                           "and the window fires."));
        QVERIFY(got.first().startsWith(QStringLiteral("Window [10:11:21, 10:11:24) for key 0001 has no record yet: "
                                                      "its first, record #1 (10:11:22.000), arrives at step 1")));
    }

    // post000-parallelism3-lateness0: line 21 (…890000) comes when the watermark is …892999 = the end − 1 ms of
    // [890000, 893000), whose cleanup time with lateness 0 is that same …892999: dropped. One more millisecond
    // of lateness puts the cleanup at …893000, after the watermark.
    void aDroppedRecordSaysWhichAllowedLatenessWouldHaveKeptIt()
    {
        const auto player = playExample("post000-parallelism3-lateness0.json");
        QVERIFY(player);
        const Trace& trace = player->trace();
        const Narrator narrator(player->scenario());
        const LateRecord& drop = trace.lates().front();
        QCOMPARE(drop.record, RecordIndex(20));
        const Narration why = narrator.whyRecord(trace, 20, StepIndex(trace.stepCount() - 1));
        QCOMPARE(sentences(why),
            QStringList({QStringLiteral("Record #21 (10:11:30.000) was dropped at step %1: the watermark 10:11:32.999 "
                                        "had reached the cleanup time of its window [10:11:30, 10:11:33) (end − 1 ms "
                                        "+ allowed lateness 0 ms).")
                             .arg(drop.step),
                QStringLiteral("An allowed lateness of 1 ms would have kept it: window [10:11:30, 10:11:33) would "
                               "then be cleaned up at 10:11:33.000, after the watermark 10:11:32.999, and the record "
                               "would have re-fired it.")}));
        QVERIFY(stepLinksMatchTheirText(why));
        // asked before it arrives, in the future tense
        QVERIFY(sentences(narrator.whyRecord(trace, 20, 0)).first().contains(QStringLiteral("will be dropped")));
    }

    void aRecordOnTimeSaysWhereItWent()
    {
        const auto player = playExample("post000-parallelism3.json");
        QVERIFY(player);
        const Trace& trace = player->trace();
        const Narrator narrator(player->scenario());
        const QStringList got = sentences(narrator.whyRecord(trace, 0, StepIndex(trace.stepCount() - 1)));
        QCOMPARE(got,
            QStringList({QStringLiteral(
                "Record #1 (10:11:22.000) arrived on channel 0 at step 1 and went to subtask 0 on time.")}));
    }

    void everyWhyTemplateIsInTheTable()
    {
        int why = 0;
        for (const NarrationTemplate& t : narrationTemplates())
            why += t.id.starts_with("why.") ? 1 : 0;
        QVERIFY(why >= 30);
    }
};

QTEST_GUILESS_MAIN(TestWhyNot)
#include "tst_why_not.moc"
