// KeyedProcessOperator as Flink's KeyedProcessOperatorTest drives it (flink-runtime/src/test/java/org/apache/flink/
// streaming/api/operators/KeyedProcessOperatorTest.java, apache/flink@51f1684b): the same functions, written here,
// the same inputs and the same expected output, records with their timestamps and the watermarks in between.

#include "engine/windowing/KeyedProcessOperator.h"

#include <QStringList>
#include <QTest>

#include <map>

using namespace tidemark;

namespace {

// The test's functions emit strings and numbers; here each output's value indexes the texts a function wrote.
struct Texts {
    QStringList list;
    std::uint32_t add(const QString& text)
    {
        list << text;
        return static_cast<std::uint32_t>(list.size() - 1);
    }
};

// Runs the operator and writes its output as the harness's queue reads: "text@ts" (no "@" without a timestamp) for
// a record, "W ts" for a watermark forwarded after its timers.
class Harness {
public:
    explicit Harness(std::unique_ptr<KeyedProcessFunction> function, Texts& texts)
        : m_op(std::move(function))
        , m_texts(texts)
    { }
    // The element is its key, as the test's IdentityKeySelector makes it.
    void element(int value, std::optional<Timestamp> ts)
    {
        m_op.processElement(KeyId(value), std::uint32_t(value), ts, m_out);
        drain();
    }
    void watermark(Timestamp wm)
    {
        m_op.processWatermark(wm, m_out);
        drain();
        m_lines << QStringLiteral("W %1").arg(wm);
    }
    void processingTime(Timestamp now)
    {
        m_op.advanceProcessingTime(now, m_out);
        drain();
    }
    const QStringList& lines() const { return m_lines; }

private:
    void drain()
    {
        for (const ProcessOutput& o : m_out) {
            const QString text = m_texts.list.at(static_cast<qsizetype>(o.value));
            m_lines << (o.timestamp ? QStringLiteral("%1@%2").arg(text).arg(*o.timestamp) : text);
        }
        m_out.clear();
    }
    KeyedProcessOperator m_op;
    Texts& m_texts;
    std::vector<ProcessOutput> m_out;
    QStringList m_lines;
};

// QueryingFlatMapFunction: "<value>TIME:<watermark or processing time> TS:<timestamp>".
class Querying final : public KeyedProcessFunction {
public:
    Querying(TimeDomain domain, Texts& texts)
        : m_domain(domain)
        , m_texts(&texts)
    { }
    std::unique_ptr<KeyedProcessFunction> clone() const override { return std::make_unique<Querying>(*this); }
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override
    {
        const Timestamp time = m_domain == TimeDomain::Event ? ctx.currentWatermark() : ctx.currentProcessingTime();
        const QString ts = ctx.timestamp() ? QString::number(*ctx.timestamp()) : QStringLiteral("null");
        ctx.collect(m_texts->add(QStringLiteral("%1TIME:%2 TS:%3").arg(element).arg(time).arg(ts)));
    }
    void onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context&) override { }

private:
    TimeDomain m_domain;
    Texts* m_texts;
};

// TriggeringFlatMapFunction: emits the value, and a timer 5 ms after the watermark (or clock) emits 1777.
class Triggering final : public KeyedProcessFunction {
public:
    Triggering(TimeDomain domain, Texts& texts)
        : m_domain(domain)
        , m_texts(&texts)
    { }
    std::unique_ptr<KeyedProcessFunction> clone() const override { return std::make_unique<Triggering>(*this); }
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override
    {
        ctx.collect(m_texts->add(QString::number(element)));
        if (m_domain == TimeDomain::Event)
            ctx.registerEventTimeTimer(ctx.currentWatermark() + 5);
        else
            ctx.registerProcessingTimeTimer(ctx.currentProcessingTime() + 5);
    }
    void onTimer(Timestamp, TimeDomain domain, KeyedProcessOperator::Context& ctx) override
    {
        QCOMPARE(domain, m_domain);
        ctx.collect(m_texts->add(QStringLiteral("1777")));
    }

private:
    TimeDomain m_domain;
    Texts* m_texts;
};

// TriggeringStatefulFlatMapFunction: the first element of a key is kept and sets a timer 5 ms on; the second clears
// it and deletes a timer 4 ms on; a timer emits the key's state.
class TriggeringStateful final : public KeyedProcessFunction {
public:
    TriggeringStateful(TimeDomain domain, Texts& texts)
        : m_domain(domain)
        , m_texts(&texts)
    { }
    std::unique_ptr<KeyedProcessFunction> clone() const override { return std::make_unique<TriggeringStateful>(*this); }
    void processElement(std::uint32_t element, KeyedProcessOperator::Context& ctx) override
    {
        const Timestamp now = m_domain == TimeDomain::Event ? ctx.currentWatermark() : ctx.currentProcessingTime();
        const auto seen = m_state.find(ctx.currentKey());
        if (seen == m_state.end()) {
            ctx.collect(m_texts->add(QStringLiteral("INPUT:%1").arg(element)));
            m_state[ctx.currentKey()] = element;
            if (m_domain == TimeDomain::Event)
                ctx.registerEventTimeTimer(now + 5);
            else
                ctx.registerProcessingTimeTimer(now + 5);
        } else {
            m_state.erase(seen);
            if (m_domain == TimeDomain::Event)
                ctx.deleteEventTimeTimer(now + 4);
            else
                ctx.deleteProcessingTimeTimer(now + 4);
        }
    }
    void onTimer(Timestamp, TimeDomain, KeyedProcessOperator::Context& ctx) override
    {
        const auto seen = m_state.find(ctx.currentKey());
        ctx.collect(
            m_texts->add(QStringLiteral("STATE:%1")
                             .arg(seen == m_state.end() ? QStringLiteral("null") : QString::number(seen->second))));
    }

private:
    TimeDomain m_domain;
    Texts* m_texts;
    std::map<KeyId, std::uint32_t> m_state;
};

// BothTriggeringFlatMapFunction: registers processing-time timers at 3 and 5 and event-time ones at 4 and 6, then
// deletes those at 3 and 4.
class BothTriggering final : public KeyedProcessFunction {
public:
    explicit BothTriggering(Texts& texts)
        : m_texts(&texts)
    { }
    std::unique_ptr<KeyedProcessFunction> clone() const override { return std::make_unique<BothTriggering>(*this); }
    void processElement(std::uint32_t, KeyedProcessOperator::Context& ctx) override
    {
        ctx.registerProcessingTimeTimer(3);
        ctx.registerEventTimeTimer(4);
        ctx.registerProcessingTimeTimer(5);
        ctx.registerEventTimeTimer(6);
        ctx.deleteProcessingTimeTimer(3);
        ctx.deleteEventTimeTimer(4);
    }
    void onTimer(Timestamp, TimeDomain domain, KeyedProcessOperator::Context& ctx) override
    {
        ctx.collect(
            m_texts->add(domain == TimeDomain::Event ? QStringLiteral("EVENT:1777") : QStringLiteral("PROC:1777")));
    }

private:
    Texts* m_texts;
};

} // namespace

class TestKeyedProcessOperator : public QObject {
    Q_OBJECT

private slots:
    // testTimestampAndWatermarkQuerying: the function sees the record's timestamp and the watermark before it.
    void theFunctionSeesTheRecordsTimestampAndTheWatermark()
    {
        Texts texts;
        Harness h(std::make_unique<Querying>(TimeDomain::Event, texts), texts);
        h.watermark(17);
        h.element(5, 12);
        h.watermark(42);
        h.element(6, 13);
        QCOMPARE(h.lines(), (QStringList {"W 17", "5TIME:17 TS:12@12", "W 42", "6TIME:42 TS:13@13"}));
    }

    // testTimestampAndProcessingTimeQuerying: records without a timestamp, the processing-time clock.
    void theFunctionSeesTheProcessingTimeAndNoTimestamp()
    {
        Texts texts;
        Harness h(std::make_unique<Querying>(TimeDomain::Processing, texts), texts);
        h.processingTime(17);
        h.element(5, std::nullopt);
        h.processingTime(42);
        h.element(6, std::nullopt);
        QCOMPARE(h.lines(), (QStringList {"5TIME:17 TS:null", "6TIME:42 TS:null"}));
    }

    // testEventTimeTimers: an event-time timer's output carries the timer's time, before the watermark that fired it.
    void anEventTimeTimersOutputCarriesTheTimersTime()
    {
        Texts texts;
        Harness h(std::make_unique<Triggering>(TimeDomain::Event, texts), texts);
        h.watermark(0);
        h.element(17, 42);
        h.watermark(5);
        QCOMPARE(h.lines(), (QStringList {"W 0", "17@42", "1777@5", "W 5"}));
    }

    // testProcessingTimeTimers: a processing-time timer's output has no timestamp.
    void aProcessingTimeTimersOutputHasNoTimestamp()
    {
        Texts texts;
        Harness h(std::make_unique<Triggering>(TimeDomain::Processing, texts), texts);
        h.element(17, std::nullopt);
        h.processingTime(5);
        QCOMPARE(h.lines(), (QStringList {"17", "1777"}));
    }

    // testEventTimeTimerWithState: timers and state of one key do not leak into another's; a deleted timer does not
    // fire.
    void eachKeyHasItsOwnTimersAndADeletedOneDoesNotFire()
    {
        Texts texts;
        Harness h(std::make_unique<TriggeringStateful>(TimeDomain::Event, texts), texts);
        h.watermark(1);
        h.element(17, 0); // a timer at 6
        h.element(13, 0); // a timer at 6
        h.watermark(2);
        h.element(42, 1); // a timer at 7
        h.element(13, 1); // deletes 13's timer at 6
        h.watermark(6);
        h.watermark(7);
        QCOMPARE(h.lines(),
            (QStringList {
                "W 1", "INPUT:17@0", "INPUT:13@0", "W 2", "INPUT:42@1", "STATE:17@6", "W 6", "STATE:42@7", "W 7"}));
    }

    // testProcessingTimeTimerWithState.
    void eachKeyHasItsOwnProcessingTimeTimers()
    {
        Texts texts;
        Harness h(std::make_unique<TriggeringStateful>(TimeDomain::Processing, texts), texts);
        h.processingTime(1);
        h.element(17, std::nullopt);
        h.element(13, std::nullopt);
        h.processingTime(2);
        h.element(13, std::nullopt);
        h.element(42, std::nullopt);
        h.processingTime(6);
        h.processingTime(7);
        QCOMPARE(h.lines(), (QStringList {"INPUT:17", "INPUT:13", "INPUT:42", "STATE:17", "STATE:42"}));
    }

    // testSnapshotAndRestore (here a copy stands for the snapshot): both kinds of timer survive, deleted ones stay
    // deleted.
    void aCopiedOperatorKeepsItsTimers()
    {
        Texts texts;
        KeyedProcessOperator original(std::make_unique<BothTriggering>(texts));
        std::vector<ProcessOutput> out;
        original.processElement(5, 5, 12, out);
        KeyedProcessOperator copy = original;
        original.processWatermark(100, out); // the original's timers are its own
        out.clear();
        copy.advanceProcessingTime(5, out);
        copy.processWatermark(6, out);
        QCOMPARE(out.size(), std::size_t(2));
        QCOMPARE(texts.list.at(out[0].value), QStringLiteral("PROC:1777"));
        QVERIFY(!out[0].timestamp);
        QCOMPARE(texts.list.at(out[1].value), QStringLiteral("EVENT:1777"));
        QCOMPARE(out[1].timestamp, std::optional<Timestamp>(6));
        QCOMPARE(copy.timersOf(5).size(), std::size_t(0));
    }

    // What the picture of a timer's life is drawn from: each registration of a timer not registered yet, each
    // deletion of one that is, each firing, in order; nothing for a timer registered twice or deleted when absent,
    // and nothing at all unless asked for.
    void theTimerChangesAreRecordedAsTheyHappenWhenAskedFor()
    {
        Texts texts;
        KeyedProcessOperator op(std::make_unique<BothTriggering>(texts));
        std::vector<ProcessOutput> out;
        op.processElement(5, 5, 12, out);
        QVERIFY(op.timerChanges().empty());
        op.recordTimerChanges(true);
        op.processElement(7, 7, 12, out); // registers P3 E4 P5 E6, deletes P3 E4
        op.processElement(7, 7, 12, out); // P3 and E4 anew, P5 and E6 already there; deletes P3 E4 again
        op.processWatermark(6, out); // fires E6 of both keys, in the order they were registered
        using K = ProcessTimerChange::Kind;
        QStringList changes;
        for (const ProcessTimerChange& c : op.timerChanges())
            changes << QStringLiteral("%1 %2%3 key %4")
                           .arg(c.kind == K::Registered   ? "set"
                                   : c.kind == K::Deleted ? "deleted"
                                                          : "fired")
                           .arg(c.domain == TimeDomain::Event ? "E" : "P")
                           .arg(c.ts)
                           .arg(c.key);
        QCOMPARE(changes,
            (QStringList {"set P3 key 7", "set E4 key 7", "set P5 key 7", "set E6 key 7", "deleted P3 key 7",
                "deleted E4 key 7", "set P3 key 7", "set E4 key 7", "deleted P3 key 7", "deleted E4 key 7",
                "fired E6 key 5", "fired E6 key 7"}));
        op.clearTimerChanges();
        QVERIFY(op.timerChanges().empty());
    }
};

QTEST_APPLESS_MAIN(TestKeyedProcessOperator)
#include "tst_keyed_process_operator.moc"
