package org.tidemark.oracle;

import org.apache.flink.streaming.api.operators.InternalTimerService;

import org.apache.flink.api.java.typeutils.TupleTypeInfo;

import org.apache.flink.api.java.tuple.Tuple;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.eventtime.WatermarksWithIdleness;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.functions.NullByteKeySelector;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.functions.windowing.delta.DeltaFunction;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.evictors.DeltaEvictor;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.api.windowing.evictors.TimeEvictor;
import org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.api.windowing.windows.Window;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperator;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperatorBuilder;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.apache.flink.util.clock.RelativeClock;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds Flink's own objects for a scenario: the watermark strategy of a channel and the window
 * operator exactly as WindowedStream / AllWindowedStream build it (WindowOperatorBuilder).
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class FlinkPipeline {
    static final TypeInformation<Ev> EV_TYPE = TypeInformation.of(Ev.class);
    static final OutputTag<Ev> LATE_TAG = new OutputTag<>("late-data", EV_TYPE);

    /** Set by the driver while a window operator processes an element (for the fire's timing). */
    static volatile boolean inElement = false;

    /** Firings in the current run; a scenario that fires without end (e.g. a continuous trigger on the
     *  global window meeting the end-of-input watermark) is reported instead of exhausting memory. */
    static long firings = 0;
    static final long MAX_FIRINGS = 200_000;

    private FlinkPipeline() {}

    // ------------------------------------------------------------------ watermarks

    /**
     * A RelativeClock that reads the scenario's processing time (WatermarksWithIdleness' clock), from an origin
     * of one hour: WatermarksWithIdleness.IdlenessTimer takes a start of inactivity of 0 ns for "not started",
     * and a real clock (System.nanoTime) never reads 0, so neither may this one. Only differences are read.
     */
    static final class ScenarioClock implements RelativeClock, Serializable {
        private static final long ORIGIN_MS = 3_600_000L;
        long nowMs;

        @Override
        public long relativeTimeMillis() {
            return ORIGIN_MS + nowMs;
        }

        @Override
        public long relativeTimeNanos() {
            return (ORIGIN_MS + nowMs) * 1_000_000L;
        }
    }

    /**
     * The strategy of one channel: Flink's generator, wrapped as a user would wrap it to express the
     * scenario's rules. A watermark record is a punctuation: the generator emits it from onEvent (so
     * with idleness it is activity, as for any punctuated generator's event), through the operator's
     * never-backwards emitter, without touching the inner generator's state. With emit = per-event the
     * channel's onPeriodicEmit (the idleness check included) runs right after each event record.
     * A null clock gives idleness the operator's own input-activity clock (wall-clock time), as
     * WatermarkStrategy#withIdleness does in a real job.
     */
    static WatermarkStrategy<Ev> strategy(Scenario s, ScenarioClock clock) {
        return new WatermarkStrategy<Ev>() {
            // The legacy extractor is both timestamp assigner and generator: one instance per channel.
            private transient WatermarkStrategy<Ev> base;

            private WatermarkStrategy<Ev> base() {
                if (base == null) {
                    base = baseStrategy(s);
                }
                return base;
            }

            @Override
            public TimestampAssigner<Ev> createTimestampAssigner(TimestampAssignerSupplier.Context ctx) {
                TimestampAssigner<Ev> inner = base().createTimestampAssigner(ctx);
                return (ev, prev) -> ev.marker ? ev.ts : inner.extractTimestamp(ev, prev);
            }

            @Override
            public WatermarkGenerator<Ev> createWatermarkGenerator(WatermarkGeneratorSupplier.Context ctx) {
                WatermarkGenerator<Ev> g = new Punctuations(base().createWatermarkGenerator(ctx));
                if (s.idlenessMs > 0) {
                    g = new WatermarksWithIdleness<>(g, Duration.ofMillis(s.idlenessMs),
                            clock != null ? clock : ctx.getInputActivityClock());
                }
                return new PerEventEmission(g, s.emit.equals("per-event"));
            }
        };
    }

    private static WatermarkStrategy<Ev> baseStrategy(Scenario s) {
        switch (s.strategy) {
            case "bounded-out-of-orderness":
                return WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(s.maxOutOfOrdernessMs))
                        .withTimestampAssigner((ev, prev) -> ev.ts);
            case "monotonous":
                return WatermarkStrategy.<Ev>forMonotonousTimestamps().withTimestampAssigner((ev, prev) -> ev.ts);
            case "legacy-bounded-out-of-orderness":
                return Compat.legacyBoundedOutOfOrderness(s.maxOutOfOrdernessMs);
            case "input":
                return WatermarkStrategy.<Ev>noWatermarks().withTimestampAssigner((ev, prev) -> ev.ts);
            default:
                throw new IllegalArgumentException("unknown watermark strategy \"" + s.strategy + "\"");
        }
    }

    /** Emits the scenario's watermark records; everything else goes to Flink's generator. */
    static final class Punctuations implements WatermarkGenerator<Ev> {
        private final WatermarkGenerator<Ev> inner;

        Punctuations(WatermarkGenerator<Ev> inner) {
            this.inner = inner;
        }

        @Override
        public void onEvent(Ev ev, long ts, WatermarkOutput out) {
            if (ev.marker) {
                out.emitWatermark(new Watermark(ev.ts));
            } else {
                inner.onEvent(ev, ts, out);
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput out) {
            inner.onPeriodicEmit(out);
        }
    }

    /** emit = per-event: the channel's onPeriodicEmit right after each event record. */
    static final class PerEventEmission implements WatermarkGenerator<Ev> {
        private final WatermarkGenerator<Ev> inner;
        private final boolean perEvent;

        PerEventEmission(WatermarkGenerator<Ev> inner, boolean perEvent) {
            this.inner = inner;
            this.perEvent = perEvent;
        }

        @Override
        public void onEvent(Ev ev, long ts, WatermarkOutput out) {
            inner.onEvent(ev, ts, out);
            if (perEvent && !ev.marker) {
                inner.onPeriodicEmit(out);
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput out) {
            inner.onPeriodicEmit(out);
        }
    }

    // ------------------------------------------------------------------ window operator

    static WindowAssigner assigner(Scenario s) {
        boolean proc = s.timeDomain.equals("processing");
        Duration size = Duration.ofMillis(s.sizeMs);
        Duration off = Duration.ofMillis(s.offsetMs);
        switch (s.assigner) {
            case "tumbling":
                return proc ? TumblingProcessingTimeWindows.of(size, off) : TumblingEventTimeWindows.of(size, off);
            case "sliding":
                Duration slide = Duration.ofMillis(s.slideMs);
                return proc ? SlidingProcessingTimeWindows.of(size, slide, off) : SlidingEventTimeWindows.of(size, slide, off);
            case "session":
                Duration gap = Duration.ofMillis(s.gapMs);
                return proc ? ProcessingTimeSessionWindows.withGap(gap) : EventTimeSessionWindows.withGap(gap);
            case "global":
                return GlobalWindows.create();
            case "cumulate":
                // Flink SQL's CUMULATE, from Flink's table runtime (no DataStream assigner has it)
                return new CumulativeWindows(s.sizeMs, s.stepMs, s.offsetMs, !proc);
            default:
                throw new IllegalArgumentException("unknown assigner \"" + s.assigner + "\"");
        }
    }

    /** The trigger the scenario sets, or null to keep the assigner's default. */
    static Trigger trigger(Scenario s, WindowAssigner assigner) {
        Trigger t;
        switch (s.trigger) {
            case "default":
                t = s.purging ? assigner.getDefaultTrigger() : null;
                break;
            case "event-time":
                t = EventTimeTrigger.create();
                break;
            case "processing-time":
                t = ProcessingTimeTrigger.create();
                break;
            case "count":
                t = CountTrigger.of(s.triggerCount);
                break;
            case "continuous-event-time":
                t = ContinuousEventTimeTrigger.of(Duration.ofMillis(s.triggerIntervalMs));
                break;
            case "never":
                t = GlobalWindows.create().getDefaultTrigger();
                break;
            case "end-of-stream":
                t = GlobalWindows.createWithEndOfStreamTrigger().getDefaultTrigger();
                break;
            default:
                throw new IllegalArgumentException("unknown trigger \"" + s.trigger + "\"");
        }
        return (t != null && s.purging) ? PurgingTrigger.of(t) : t;
    }

    static Evictor evictor(Scenario s) {
        if (s.evictor == null) {
            return null;
        }
        switch (s.evictor) {
            case "count":
                return CountEvictor.of(s.evictMaxCount, s.evictAfter);
            case "time":
                return TimeEvictor.of(Duration.ofMillis(s.evictKeepMs), s.evictAfter);
            case "delta":
                DeltaFunction<Ev> d = (a, b) -> Math.abs(val(a) - val(b));
                return DeltaEvictor.of(s.evictThreshold, d, s.evictAfter);
            default:
                throw new IllegalArgumentException("unknown evictor \"" + s.evictor + "\"");
        }
    }

    private static double val(Ev e) {
        return e.value == null ? 0.0 : e.value;
    }

    /** keyBy: the key field, a Tuple of the key's fields for a composite key (as keyBy(0, 1) keys), or none. */
    static KeySelector keySelector(Scenario s) {
        if (s.windowAll()) {
            return new NullByteKeySelector<Ev>();
        }
        if (s.keyArity() > 1) {
            return (KeySelector<Ev, Tuple>) ev -> {
                Tuple t = Tuple.newInstance(ev.keyFields.length);
                for (int f = 0; f < ev.keyFields.length; f++) {
                    t.setField(ev.keyFields[f], f);
                }
                return t;
            };
        }
        return (KeySelector<Ev, String>) ev -> ev.key;
    }

    static TypeInformation keyType(Scenario s) {
        if (s.windowAll()) {
            return BasicTypeInfo.BYTE_TYPE_INFO;
        }
        int arity = s.keyArity();
        if (arity > 1) {
            TypeInformation<?>[] fields = new TypeInformation<?>[arity];
            java.util.Arrays.fill(fields, BasicTypeInfo.STRING_TYPE_INFO);
            return new TupleTypeInfo<>(Tuple.getTupleClass(arity), fields);
        }
        return BasicTypeInfo.STRING_TYPE_INFO;
    }

    /** The window operator as WindowedStream#process / #aggregate build it. */
    /** The window's assigner as Flink's, with the guard on sliding windows' assignments. */
    static WindowAssigner guardedAssigner(Scenario s) {
        WindowAssigner assigner = assigner(s);
        if (s.assigner.equals("sliding") && !s.timeDomain.equals("processing")) {
            assigner = new AssignmentGuard(assigner, s.sizeMs, s.slideMs, s.offsetMs);
        }
        return assigner;
    }

    /** The window's trigger (or the assigner's default) as Flink's, its timer callbacks counted. */
    static Trigger guardedTrigger(Scenario s, WindowAssigner assigner) {
        Trigger t = trigger(s, assigner);
        if (s.assigner.equals("global") && (s.trigger.equals("event-time") || s.trigger.equals("processing-time"))) {
            // EventTimeTrigger / ProcessingTimeTrigger are Trigger<Object, TimeWindow>: no Flink program compiles this
            throw new IllegalArgumentException("trigger \"" + s.trigger + "\" needs time windows, not the global window");
        }
        return FiringGuard.around(t != null ? t : assigner.getDefaultTrigger());
    }

    static WindowOperator windowOperator(Scenario s) {
        WindowAssigner assigner = guardedAssigner(s);
        WindowOperatorBuilder b = new WindowOperatorBuilder(assigner, assigner.getDefaultTrigger(),
                new ExecutionConfig(), EV_TYPE, keySelector(s), keyType(s));
        b.trigger(guardedTrigger(s, assigner));
        b.allowedLateness(Duration.ofMillis(s.allowedLatenessMs));
        if (s.lateSideOutput) {
            b.sideOutputLateData(LATE_TAG);
        }
        Evictor e = evictor(s);
        if (e != null) {
            b.evictor(e);
        }
        // 1.20 declares WindowOperator as the result, 2.x OneInputStreamOperator (it may build an async one)
        if (s.function.equals("list")) {
            return (WindowOperator) b.process(new ListFunction(s.field, s.windowAll()));
        }
        return (WindowOperator) b.aggregate(new Agg(s.field), new AggFunction(s.function, s.windowAll()),
                TypeInformation.of(Acc.class));
    }

    // ------------------------------------------------------------------ window functions

    static double field(Ev e, String field) {
        return field.equals("ts") ? (double) e.ts : val(e);
    }

    /** A window operator's timers (its internalTimerService), to read the processing-time timers it registered. */
    static InternalTimerService<?> timerService(WindowOperator<?, ?, ?, ?, ?> op) {
        try {
            java.lang.reflect.Field f = WindowOperator.class.getDeclaredField("internalTimerService");
            f.setAccessible(true);
            return (InternalTimerService<?>) f.get(op);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read WindowOperator.internalTimerService", e);
        }
    }

    /** Whether a window operator registers processing-time timers: a processing-time assigner's or trigger's. */
    static boolean usesProcessingTime(Scenario s) {
        return (!s.assigner.equals("global") && s.timeDomain.equals("processing")) || s.trigger.equals("processing-time");
    }

    /**
     * Moves a harness's manual clock without firing its due timers (setCurrentTime would fire them): Flink fires a
     * processing-time timer for T at T + 1 at the earliest (ProcessingTimeServiceUtil#getProcessingTimeDelay), so a
     * record that arrives at T sees processing time T with the timers due at T still pending.
     */
    static void setTimeWithoutFiring(org.apache.flink.streaming.runtime.tasks.TestProcessingTimeService service,
            long time) {
        try {
            Object clock = service.getClock();
            var set = clock.getClass().getMethod("setCurrentTime", long.class, java.util.concurrent.TimeUnit.class);
            set.setAccessible(true);
            set.invoke(clock, time, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot move TestProcessingTimeService's clock", e);
        }
        if (service.getCurrentProcessingTime() != time) {
            throw new IllegalStateException("TestProcessingTimeService's clock did not move to " + time);
        }
    }

    /** WindowOperator's count of late records it dropped (its numLateRecordsDropped metric). */
    static long lateRecordsDropped(WindowOperator op) {
        try {
            java.lang.reflect.Field f = WindowOperator.class.getDeclaredField("numLateRecordsDropped");
            f.setAccessible(true);
            return ((org.apache.flink.metrics.Counter) f.get(op)).getCount();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read WindowOperator.numLateRecordsDropped", e);
        }
    }

    /** The JSON of one firing without afterInput/subtask, which the driver knows. */
    static String fireFragment(Object key, boolean windowAll, Window w, long watermark, long count, String result) {
        String win = (w instanceof TimeWindow)
                ? "[" + ((TimeWindow) w).getStart() + "," + ((TimeWindow) w).getEnd() + "]"
                : "null";
        if (++firings > MAX_FIRINGS) {
            throw new IllegalStateException("more than " + MAX_FIRINGS + " firings: the scenario does not terminate");
        }
        boolean late = inElement && w.maxTimestamp() <= watermark;
        return "\"key\":" + (windowAll ? "null" : Json.str(String.valueOf(key))) + ",\"window\":" + win
                + ",\"timing\":\"" + (late ? "late" : "on-time") + "\",\"watermark\":" + watermark
                + ",\"count\":" + count + ",\"result\":" + result;
    }

    /** `list`: a ProcessWindowFunction that emits every pane value in iteration order. */
    static final class ListFunction extends ProcessWindowFunction<Ev, String, Object, Window> {
        private final String field;
        private final boolean windowAll;

        ListFunction(String field, boolean windowAll) {
            this.field = field;
            this.windowAll = windowAll;
        }

        @Override
        public void process(Object key, Context ctx, Iterable<Ev> elements, Collector<String> out) {
            out.collect(listFragment(key, windowAll, ctx.window(), ctx.currentWatermark(), elements, field));
        }
    }

    static String listFragment(Object key, boolean windowAll, Window w, long watermark, Iterable<Ev> elements, String field) {
        List<String> vals = new ArrayList<>();
        for (Ev e : elements) {
            vals.add(Json.num(field(e, field)));
        }
        return fireFragment(key, windowAll, w, watermark, vals.size(), "[" + String.join(",", vals) + "]");
    }

    /** Accumulator of the numeric functions (count, sum, min, max, avg). */
    public static class Acc {
        public long count;
        public double sum;
        public double min = Double.POSITIVE_INFINITY;
        public double max = Double.NEGATIVE_INFINITY;

        public Acc() {}
    }

    static final class Agg implements AggregateFunction<Ev, Acc, Acc> {
        private final String field;

        Agg(String field) {
            this.field = field;
        }

        @Override
        public Acc createAccumulator() {
            return new Acc();
        }

        @Override
        public Acc add(Ev e, Acc a) {
            double v = field(e, field);
            a.count++;
            a.sum += v;
            a.min = Math.min(a.min, v);
            a.max = Math.max(a.max, v);
            return a;
        }

        @Override
        public Acc getResult(Acc a) {
            return a;
        }

        @Override
        public Acc merge(Acc a, Acc b) {
            Acc r = new Acc();
            r.count = a.count + b.count;
            r.sum = a.sum + b.sum;
            r.min = Math.min(a.min, b.min);
            r.max = Math.max(a.max, b.max);
            return r;
        }
    }

    static final class AggFunction extends ProcessWindowFunction<Acc, String, Object, Window> {
        private final String type;
        private final boolean windowAll;

        AggFunction(String type, boolean windowAll) {
            this.type = type;
            this.windowAll = windowAll;
        }

        @Override
        public void process(Object key, Context ctx, Iterable<Acc> elements, Collector<String> out) {
            out.collect(aggFragment(type, key, windowAll, ctx.window(), ctx.currentWatermark(), elements.iterator().next()));
        }
    }

    static String aggFragment(String type, Object key, boolean windowAll, Window w, long watermark, Acc a) {
        String r;
        switch (type) {
            case "count":
                r = Long.toString(a.count);
                break;
            case "sum":
                r = Json.num(a.sum);
                break;
            case "min":
                r = a.count == 0 ? "null" : Json.num(a.min);
                break;
            case "max":
                r = a.count == 0 ? "null" : Json.num(a.max);
                break;
            case "avg":
                r = a.count == 0 ? "null" : Json.num(a.sum / a.count);
                break;
            default:
                throw new IllegalArgumentException("unknown function \"" + type + "\"");
        }
        return fireFragment(key, windowAll, w, watermark, a.count, r);
    }
}
