package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.streaming.api.datastream.AllWindowedStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.MergingWindowAssigner;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.Window;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;

import java.io.File;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * End-to-end check without any harness: a scenario runs as a real DataStream job on a local
 * MiniCluster with its own watermark parallelism P, emission (per-event, or periodic on the job's
 * wall clock through setAutoWatermarkInterval), idleness and window parallelism, and must give the
 * same fires and late records as the harness-driven oracle (Oracle.run) on the same scenario.
 *
 * <p>The job: a parallelism-1 fromData source of the records in arrival order (file order unless the
 * scenario's arrivals go back), a custom partitioning that sends each record to the assigner subtask
 * of its channel as the scenario's model routes it (a watermark record without a channel is sent, as
 * one copy each, to every channel), assignTimestampsAndWatermarks at parallelism P, then
 * keyBy(...).window(...) at the window parallelism or windowAll(...), with a late side output.
 *
 * <p>Across channels a real job's interleaving, and the times of its periodic emissions, are not
 * deterministic, so it compares what is: the multiset of fires by (key, window, count, result) and the
 * multiset of late records by (key, ts, value); a list result is compared as a multiset when P > 1,
 * numbers to 12 significant digits. It only runs scenarios whose multisets cannot depend on that
 * interleaving (see {@link #whyNot}); the rest print SKIP with the reason. A bounded job always ends
 * with the Long.MAX_VALUE watermark, so a scenario with end of input "none" is compared with the harness
 * run of it with end of input "max-watermark". Its input ends at its last record: a scenario with a later
 * inputEndMs is compared only when its harness run equals the one ending at the last arrival. The last line
 * is "checked K (at least N), skipped S, failed F".
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class MiniClusterCheck {
    /** Idleness is checked only with a timeout this long: far longer than a job's run on this data. */
    static final long MIN_JOB_IDLENESS_MS = 2000;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every job's local cluster keeps its temporary files here (TempFolder): made with the first job. */
    private static Path clusterTemp;

    private MiniClusterCheck() {}

    /** Every file checked or skipped; true when none failed and at least {@code atLeast} were checked. */
    static boolean run(List<File> files, int atLeast, PrintStream out) {
        int checked = 0;
        int skipped = 0;
        int failed = 0;
        for (File f : files) {
            String verdict;
            try {
                verdict = checkOne(f, out);
            } catch (Exception | LinkageError e) {
                verdict = "FAIL " + f.getPath() + " (" + oneLine(e) + ")";
            }
            out.println(verdict);
            out.flush();
            if (verdict.startsWith("OK")) {
                checked++;
            } else if (verdict.startsWith("SKIP")) {
                skipped++;
            } else {
                failed++;
            }
        }
        out.println("checked " + checked + " (at least " + atLeast + "), skipped " + skipped + ", failed " + failed);
        return failed == 0 && checked >= Math.max(1, atLeast);
    }

    /** One scenario: "OK ...", "SKIP path (reason)" or "FAIL ..." (with the differences on the lines before it). */
    private static String checkOne(File f, PrintStream out) throws Exception {
        Scenario s;
        try {
            s = Scenario.load(f);
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            m = m.startsWith(f.getPath() + ": ") ? m.substring(f.getPath().length() + 2) : m;
            return "SKIP " + f.getPath() + " (the oracle refuses it: " + m.replace('\n', ' ') + ")";
        } catch (Exception e) {
            return "SKIP " + f.getPath() + " (the oracle cannot load it: " + oneLine(e) + ")";
        }
        // A bounded job always ends with the Long.MAX_VALUE watermark: a scenario whose input does not end is
        // compared as if it did (what a harness run with "none" leaves unfired, the job fires at the end).
        boolean endless = s.endOfInput.equals("none");
        if (endless) {
            s.endOfInput = "max-watermark";
        }
        String why = whyNot(s);
        if (why != null) {
            return "SKIP " + f.getPath() + " (" + why + ")";
        }
        List<String> harness;
        try {
            harness = Oracle.run(s);
        } catch (Exception e) {
            return "SKIP " + f.getPath() + " (the harness run refuses it: " + oneLine(e) + ")";
        }
        boolean unordered = s.wmParallelism > 1;
        List<String> expected = canonical(harness, unordered);
        if (s.idlenessMs > 0) {
            // The harness marks channels idle in scenario time; a job with a timeout this long never does
            // during its run. Compare only when the harness's idleness changes nothing either.
            Scenario without = Scenario.load(f);
            without.idlenessMs = 0;
            without.endOfInput = s.endOfInput;
            if (!canonical(Oracle.run(without), unordered).equals(expected)) {
                return "SKIP " + f.getPath() + " (idleness decides the harness run in scenario time; a job's idleness runs"
                        + " on the wall clock)";
            }
        }
        if (s.inputEndMs != null) {
            // The job's bounded source ends right after its last record; a later end of input (inputEndMs) cannot
            // be given to it. Compare only when the harness run ending at the last arrival gives the same.
            Scenario atLastArrival = Scenario.load(f);
            atLastArrival.inputEndMs = null;
            atLastArrival.endOfInput = s.endOfInput;
            if (!canonical(Oracle.run(atLastArrival), unordered).equals(expected)) {
                return "SKIP " + f.getPath() + " (inputEndMs " + s.inputEndMs + " decides the harness run; a job's input"
                        + " ends at its last record)";
            }
        }
        List<String> job;
        try {
            job = canonical(runJob(s), unordered);
        } catch (Exception e) {
            return "FAIL " + f.getPath() + " (the job failed: " + oneLine(e) + ")";
        }
        long fires = expected.stream().filter(l -> l.startsWith("fire")).count();
        String counts = fires + " fires, " + (expected.size() - fires) + " late";
        if (job.equals(expected)) {
            return "OK   " + f.getPath() + " (P=" + s.wmParallelism + ", W=" + s.windowParallelism + ", " + s.emit
                    + (s.idlenessMs > 0 ? ", idleness " + s.idlenessMs + " ms" : "") + (endless ? ", input made to end" : "")
                    + (s.inputEndMs != null ? ", inputEndMs " + s.inputEndMs : "")
                    + "; " + counts + ")";
        }
        out.println("  harness only: " + minus(expected, job));
        out.println("  job only:     " + minus(job, expected));
        return "FAIL " + f.getPath() + " (harness " + counts + ", job " + job.size() + " lines)";
    }

    // ------------------------------------------------------------------ what a job reproduces

    /**
     * Why a real job's fires and late records could depend on its interleaving or wall clock, or null when
     * they cannot. Per record, in arrival order: its channel's watermark when the window subtask processes
     * it lies between a lower bound (what must have been emitted before it: watermark records, and with
     * per-event emission its channel's generator after each earlier record; with P > 1 nothing, since
     * another channel may still be at Long.MIN_VALUE) and an upper bound (what its channel's earlier records
     * and watermark records allow: the valve's minimum never exceeds that channel's watermark, and a
     * channel emits a record before the watermark that record raises). The record is safe when the window
     * operator decides the same at both bounds (each of its windows on time / firing at once / late, and the
     * record late or not), or, for session windows, when its timestamp is above the upper bound (so it can
     * neither be late nor merge with a session that has fired).
     *
     * <p>Not checked at all: processing time (windows or trigger), idleness timeouts under
     * {@link #MIN_JOB_IDLENESS_MS} (the job could mark a channel idle on its wall clock, and an idle channel
     * can be overtaken). With P > 1: count and continuous triggers, count and delta evictors (they depend on
     * the order records reach the window). A continuous trigger with P = 1 needs every record to meet one
     * known watermark (per-event emission, or watermark records only).
     */
    static String whyNot(Scenario s) {
        if (s.kafka != null) {
            return "a Kafka source reads a broker, which this check does not start";
        }
        if (s.timeDomain.equals("processing")) {
            return "processing-time windows run on the job's wall clock";
        }
        switch (s.trigger) {
            case "default", "event-time", "never", "end-of-stream" -> {
            }
            case "processing-time" -> {
                return "a processing-time trigger fires on the job's wall clock";
            }
            case "count" -> {
                if (s.wmParallelism > 1) {
                    return "a count trigger fires on the order records reach the window, which the job's "
                            + s.wmParallelism + " channels interleave";
                }
            }
            case "continuous-event-time" -> {
                if (s.wmParallelism > 1) {
                    return "a continuous trigger fires at each interval the watermark passes, with the records the job's "
                            + s.wmParallelism + " channels have delivered by then";
                }
            }
            default -> {
                return "trigger \"" + s.trigger + "\" is not checked";
            }
        }
        if (s.idlenessMs > 0 && s.idlenessMs < MIN_JOB_IDLENESS_MS) {
            return "idleness of " + s.idlenessMs + " ms: the job could mark a channel idle on its wall clock and let the"
                    + " others overtake it; only timeouts of at least " + MIN_JOB_IDLENESS_MS + " ms are checked";
        }
        if (s.wmParallelism > 1 && s.evictor != null && !s.evictor.equals("time")) {
            return "a " + s.evictor + " evictor keeps elements by their order in the pane, which the job's "
                    + s.wmParallelism + " channels interleave";
        }
        return possiblyLate(s, s.trigger.equals("continuous-event-time"));
    }

    /** exact: every record must meet one known watermark (a continuous trigger fires at each one it passes). */
    private static String possiblyLate(Scenario s, boolean exact) {
        int p = s.wmParallelism;
        boolean perEvent = s.emit.equals("per-event");
        WindowAssigner assigner = FlinkPipeline.assigner(s);
        boolean merging = assigner instanceof MergingWindowAssigner;
        long[] maxTs = new long[p];
        boolean[] seen = new boolean[p];
        long[] punctuation = new long[p];
        java.util.Arrays.fill(punctuation, Long.MIN_VALUE);
        int routed = 0;
        WindowAssigner.WindowAssignerContext noClock = new WindowAssigner.WindowAssignerContext() {
            @Override
            public long getCurrentProcessingTime() {
                return 0; // read only for the window stagger, which is ALIGNED (no offset) here
            }
        };
        for (int i : arrivalOrder(s)) {
            Scenario.Rec r = s.records.get(i);
            if (r.watermark) {
                for (int c = 0; c < p; c++) {
                    if (r.channel == null || r.channel == c) {
                        punctuation[c] = Math.max(punctuation[c], r.ts);
                    }
                }
                continue;
            }
            int c = channel(s, r, routed++);
            long generated = seen[c] ? generatorWatermark(s, maxTs[c]) : Long.MIN_VALUE;
            long upper = Math.max(generated, punctuation[c]);
            long lower = p > 1 ? Long.MIN_VALUE : Math.max(punctuation[c], perEvent ? generated : Long.MIN_VALUE);
            if (lower != upper) {
                if (exact) {
                    return "record " + (i + 1) + " (ts " + r.ts + "): a continuous trigger fires at each interval the watermark"
                            + " passes, and with " + s.emit + " emission its channel's watermark may be anywhere in "
                            + range(lower, upper);
                }
                if (merging) {
                    if (r.ts <= upper) {
                        return "record " + (i + 1) + " (ts " + r.ts + ", channel " + c + ") could be late or join a session"
                                + " that has fired: its channel's watermark may be anywhere in " + range(lower, upper);
                    }
                } else {
                    Ev ev = new Ev(r.key, r.keyFields, r.value, r.ts, false, i);
                    Collection<Window> windows = assigner.assignWindows(ev, r.ts, noClock);
                    if (!decision(s, assigner, windows, r.ts, lower).equals(decision(s, assigner, windows, r.ts, upper))) {
                        return "record " + (i + 1) + " (ts " + r.ts + ", channel " + c + ") could be late: its channel's"
                                + " watermark may be anywhere in " + range(lower, upper) + ", and the window operator decides"
                                + " differently at its ends";
                    }
                }
            }
            maxTs[c] = seen[c] ? Math.max(maxTs[c], r.ts) : r.ts;
            seen[c] = true;
        }
        return null;
    }

    private static String range(long lower, long upper) {
        return "[" + (lower == Long.MIN_VALUE ? "MIN" : Long.toString(lower)) + ", " + upper + "]";
    }

    /** What WindowOperator#processElement decides for one record at watermark wm. */
    private static String decision(Scenario s, WindowAssigner assigner, Collection<Window> windows, long ts, long wm) {
        StringBuilder b = new StringBuilder();
        boolean allLate = true;
        for (Window w : windows) {
            long max = w.maxTimestamp();
            long cleanup = max + s.allowedLatenessMs >= max ? max + s.allowedLatenessMs : Long.MAX_VALUE;
            boolean late = assigner.isEventTime() && cleanup <= wm;
            boolean firesAtOnce = !late && assigner.isEventTime() && max <= wm;
            allLate &= late;
            b.append(late ? 'L' : firesAtOnce ? 'F' : '-');
        }
        boolean elementLate = allLate && assigner.isEventTime() && ts + s.allowedLatenessMs <= wm;
        return b.append(elementLate ? "/late" : "").toString();
    }

    /** The most a channel's generator can emit after seeing records up to maxTs (Flink's own formulas). */
    private static long generatorWatermark(Scenario s, long maxTs) {
        return switch (s.strategy) {
            case "bounded-out-of-orderness" -> maxTs - s.maxOutOfOrdernessMs - 1; // BoundedOutOfOrdernessWatermarks
            case "monotonous" -> maxTs - 1; // AscendingTimestampsWatermarks: bounded with 0
            case "legacy-bounded-out-of-orderness" -> maxTs - s.maxOutOfOrdernessMs; // the legacy extractor
            default -> Long.MIN_VALUE; // input: only the watermark records
        };
    }

    /** Record indices in the order the scenario's model processes them: by arrival, ties in file order. */
    private static List<Integer> arrivalOrder(Scenario s) {
        List<Integer> order = new ArrayList<>();
        long[] arrival = s.arrivals();
        for (int i = 0; i < arrival.length; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingLong(i -> arrival[i]).thenComparingInt(i -> i));
        return order;
    }

    /** The channel of an event record, as the oracle's model routes it (routed: events routed before it). */
    private static int channel(Scenario s, Scenario.Rec r, int routed) {
        return switch (s.partitioning) {
            case "rebalance" -> (s.firstChannel + routed) % s.wmParallelism;
            case "channel" -> r.channel;
            case "forward" -> r.channel == null ? 0 : r.channel;
            default -> throw new IllegalArgumentException("unknown partitioning \"" + s.partitioning + "\"");
        };
    }

    // ------------------------------------------------------------------ the job

    /** The job's output lines: fire fragments (as the harness prints them, in braces) and late records. */
    private static List<String> runJob(Scenario s) throws Exception {
        int p = s.wmParallelism;
        int w = s.windowParallelism;
        List<Ev> input = new ArrayList<>();
        int routed = 0;
        for (int i : arrivalOrder(s)) {
            Scenario.Rec r = s.records.get(i);
            if (r.watermark) {
                for (int c = 0; c < p; c++) {
                    if (r.channel == null || r.channel == c) {
                        input.add(routedEv(r, i, c));
                    }
                }
            } else {
                input.add(routedEv(r, i, channel(s, r, routed++)));
            }
        }
        // Up to 128 window subtasks behind P channels: the local cluster's default network memory (64 MiB)
        // has too few buffers for that many channels, so give it what a task manager of that size would have.
        Configuration conf = new Configuration();
        if (clusterTemp == null) {
            clusterTemp = TempFolder.create("tidemark-oracle-clusters-");
        }
        conf.set(CoreOptions.TMP_DIRS, clusterTemp.toString());
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.ofMebiBytes(256));
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.ofMebiBytes(256));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(Math.max(p, w), conf);
        env.getConfig().setAutoWatermarkInterval(s.periodMs);
        DataStream<Ev> source = env.fromData(input, FlinkPipeline.EV_TYPE).setParallelism(1);
        DataStream<Ev> events = source.partitionCustom(new ToChannel(), new ChannelOf())
                .assignTimestampsAndWatermarks(FlinkPipeline.strategy(s, null)).setParallelism(p)
                .filter(new NoMarkers()).setParallelism(p);

        WindowAssigner assigner = FlinkPipeline.assigner(s);
        Trigger t = FlinkPipeline.trigger(s, assigner);
        Evictor e = FlinkPipeline.evictor(s);
        Duration lateness = Duration.ofMillis(s.allowedLatenessMs);
        SingleOutputStreamOperator<String> fires;
        if (s.windowAll()) {
            AllWindowedStream windowed = events.windowAll(assigner);
            if (t != null) {
                windowed = windowed.trigger(t);
            }
            windowed = windowed.allowedLateness(lateness).sideOutputLateData(FlinkPipeline.LATE_TAG);
            if (e != null) {
                windowed = windowed.evictor(e);
            }
            fires = s.function.equals("list")
                    ? windowed.process(new AllList(s.field), BasicTypeInfo.STRING_TYPE_INFO)
                    : windowed.aggregate(new FlinkPipeline.Agg(s.field), new AllAgg(s.function),
                            TypeInformation.of(FlinkPipeline.Acc.class), TypeInformation.of(FlinkPipeline.Acc.class),
                            BasicTypeInfo.STRING_TYPE_INFO);
        } else {
            WindowedStream windowed = events.keyBy((KeySelector) FlinkPipeline.keySelector(s), FlinkPipeline.keyType(s))
                    .window(assigner);
            if (t != null) {
                windowed = windowed.trigger(t);
            }
            windowed = windowed.allowedLateness(lateness).sideOutputLateData(FlinkPipeline.LATE_TAG);
            if (e != null) {
                windowed = windowed.evictor(e);
            }
            fires = s.function.equals("list")
                    ? windowed.process(new FlinkPipeline.ListFunction(s.field, false), BasicTypeInfo.STRING_TYPE_INFO)
                    : windowed.aggregate(new FlinkPipeline.Agg(s.field), new FlinkPipeline.AggFunction(s.function, false),
                            TypeInformation.of(FlinkPipeline.Acc.class), BasicTypeInfo.STRING_TYPE_INFO,
                            BasicTypeInfo.STRING_TYPE_INFO);
            fires.setParallelism(w);
        }
        DataStream<String> all = fires.map(new Braces()).union(
                fires.getSideOutput(FlinkPipeline.LATE_TAG).map(new LateLine(s.windowAll())));
        List<String> lines = new ArrayList<>();
        try (CloseableIterator<String> it = all.executeAndCollect("tidemark-oracle-e2e")) {
            while (it.hasNext()) {
                lines.add(it.next());
            }
        }
        return lines;
    }

    private static Ev routedEv(Scenario.Rec r, int index, int channel) {
        Ev ev = new Ev(r.watermark ? null : r.key, r.watermark ? null : r.keyFields, r.watermark ? null : r.value, r.ts,
                r.watermark, index);
        ev.channel = channel;
        return ev;
    }

    private static final class ChannelOf implements KeySelector<Ev, Integer> {
        @Override
        public Integer getKey(Ev ev) {
            return ev.channel;
        }
    }

    /** Each record to the assigner subtask of its channel. */
    private static final class ToChannel implements Partitioner<Integer> {
        @Override
        public int partition(Integer channel, int numPartitions) {
            if (channel >= numPartitions) {
                throw new IllegalStateException("channel " + channel + " of " + numPartitions);
            }
            return channel;
        }
    }

    private static final class NoMarkers implements FilterFunction<Ev> {
        @Override
        public boolean filter(Ev ev) {
            return !ev.marker;
        }
    }

    private static final class Braces implements MapFunction<String, String> {
        @Override
        public String map(String fragment) {
            return "{\"type\":\"fire\"," + fragment + "}";
        }
    }

    private static final class LateLine implements MapFunction<Ev, String> {
        private final boolean windowAll;

        LateLine(boolean windowAll) {
            this.windowAll = windowAll;
        }

        @Override
        public String map(Ev ev) {
            return "{\"type\":\"late\",\"key\":" + (windowAll ? "null" : Json.str(ev.key)) + ",\"ts\":" + ev.ts
                    + ",\"value\":" + Json.num(ev.value) + "}";
        }
    }

    /** `list` for AllWindowedStream: its context has no watermark, which is not compared. */
    private static final class AllList extends ProcessAllWindowFunction<Ev, String, Window> {
        private final String field;

        AllList(String field) {
            this.field = field;
        }

        @Override
        public void process(Context ctx, Iterable<Ev> elements, Collector<String> out) {
            out.collect(FlinkPipeline.listFragment(null, true, ctx.window(), Long.MIN_VALUE, elements, field));
        }
    }

    private static final class AllAgg extends ProcessAllWindowFunction<FlinkPipeline.Acc, String, Window> {
        private final String type;

        AllAgg(String type) {
            this.type = type;
        }

        @Override
        public void process(Context ctx, Iterable<FlinkPipeline.Acc> elements, Collector<String> out) {
            out.collect(FlinkPipeline.aggFragment(type, null, true, ctx.window(), Long.MIN_VALUE, elements.iterator().next()));
        }
    }

    // ------------------------------------------------------------------ comparison

    /**
     * Output lines as sorted comparable entries: fires by (key, window, count, result), late records by
     * (key, ts, value). afterInput, subtask, timing and the watermark are not observable in a job (or
     * depend on its timing); numbers to 12 significant digits, a list as a multiset when unordered.
     */
    static List<String> canonical(List<String> lines, boolean unordered) throws Exception {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            JsonNode o = JSON.readTree(l);
            String type = o.path("type").asText();
            if (!type.equals("fire") && !type.equals("late")) {
                continue; // step lines: not observable in a job
            }
            if (type.equals("fire")) {
                JsonNode r = o.get("result");
                String result;
                if (r != null && r.isArray()) {
                    List<String> vals = new ArrayList<>();
                    r.forEach(v -> vals.add(number(v)));
                    if (unordered) {
                        vals.sort(Comparator.comparing(v -> v.equals("null") ? null : new BigDecimal(v),
                                Comparator.nullsFirst(Comparator.naturalOrder())));
                    }
                    result = "[" + String.join(",", vals) + "]";
                } else {
                    result = number(r);
                }
                out.add("fire key=" + o.get("key") + " window=" + o.get("window") + " count=" + o.get("count")
                        + " result=" + result);
            } else {
                out.add("late key=" + o.get("key") + " ts=" + o.get("ts") + " value=" + number(o.get("value")));
            }
        }
        Collections.sort(out);
        return out;
    }

    private static String number(JsonNode v) {
        if (v == null || v.isNull()) {
            return "null";
        }
        return new BigDecimal(v.asText()).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }

    /** The entries of a that b lacks (multiset difference; both sorted). */
    private static List<String> minus(List<String> a, List<String> b) {
        List<String> rest = new ArrayList<>(a);
        for (String x : b) {
            rest.remove(x);
        }
        return rest;
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root == e ? String.valueOf(e) : e + " (caused by " + root + ")";
        return m.replace('\n', ' ');
    }
}
