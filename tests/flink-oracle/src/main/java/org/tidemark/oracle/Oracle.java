package org.tidemark.oracle;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.metrics.groups.UnregisteredMetricGroups;
import org.apache.flink.streaming.api.operators.source.ProgressiveTimestampsAndWatermarks;
import org.apache.flink.streaming.api.operators.source.TimestampsAndWatermarks;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.util.clock.ManualClock;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperator;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.TestProcessingTimeService;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Set;

/**
 * Runs one scenario through Flink's operators, following docs/execution-model.md for everything the
 * scenario itself defines (arrival times, channels, periodic emission times, the horizon, end of
 * input at the last arrival or at inputEndMs), and prints what Flink decided in the JSON lines of
 * `tidemark run --format jsonl`.
 *
 * <p>Topology: P TimestampsAndWatermarksOperator harnesses (one per watermark channel), W window
 * operator harnesses (KeyedOneInputStreamOperatorTestHarness, key-group range of subtask i of W,
 * max parallelism as Flink derives it from W), each window subtask behind its own StatusWatermarkValve with P
 * channels.
 *
 * <p>A Kafka source (pipeline.source.kafka): the channels are its readers, each owning the splits the connector's
 * own KafkaSourceEnumerator assigns it (KafkaSplits). With per-partition watermarks a channel is Flink's own
 * ProgressiveTimestampsAndWatermarks (what SourceOperator runs), with a split output per partition, its periodic
 * emission driven by its own TestProcessingTimeService; after the source, a TimestampsAndWatermarksOperator harness
 * per reader, as without Kafka. A bounded source's reader that owns no partition finishes before the first
 * happening. At the end of input a reader emits Long.MAX_VALUE as SourceOperatorStreamTask#advanceToEndOfEventTime
 * does: into the task's output, which drops it while the reader's last status was IDLE (RecordWriterOutput).
 * A bounded topic (endOfInput max-watermark) ends split by split, as flink-connector-kafka's
 * KafkaPartitionSplitReader and SourceReaderBase do it, each record being a fetch of its own: a partition's split
 * finishes once read to its stopping offset (right after its last record), an empty partition's with its reader's
 * first fetch (right after the reader's first record), and every split of a reader without a record at once;
 * SourceReaderBase then calls ReaderOutput#releaseOutputForSplit, and a reader told that no more splits will come
 * whose splits have all finished reaches the end of its input.
 * With endOfInput drain (the job stopped with --drain) every reader ends at the end of input instead.
 *
 * <p>With steps on, every happening is printed first as a step line in the form of `tidemark run --steps
 * --format jsonl` (what the timeline draws: each channel's forwarded watermark and status, each subtask's
 * watermark), followed by the outputs it produced.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class Oracle {

    private static final int ARRIVAL = 0;
    private static final int END_OF_INPUT = 1;
    private static final int PERIODIC = 2;
    private static final int PROCESSING_TIMER = 3;

    private record Happening(long time, long seq, int kind, int index) {}

    private final Scenario s;
    private final boolean steps;
    private final int maxParallelism;
    private final KeySelector<Ev, Object> keySelector;
    private final List<String> out = new ArrayList<>();
    private final PriorityQueue<Happening> queue = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private long seq = 0;

    private final FlinkPipeline.ScenarioClock clock = new FlinkPipeline.ScenarioClock();
    private final List<OneInputStreamOperatorTestHarness<Ev, Ev>> channels = new ArrayList<>();
    private final List<KeyedOneInputStreamOperatorTestHarness<Object, Ev, String>> windows = new ArrayList<>();
    private final List<WindowOperator> windowOps = new ArrayList<>();
    private final List<StatusWatermarkValve> valves = new ArrayList<>();
    private final List<Set<Long>> scheduledTimers = new ArrayList<>(); // per subtask: times of pending timer happenings
    // Per subtask, the records an operator that emits only at the end of input receives then (sortedInput()).
    private final List<List<StreamRecord<Ev>>> heldForSorting = new ArrayList<>();
    private long[] subtaskWatermark;
    /** With a sorted input (sortedInput()), the highest watermark each valve output, kept from the operator. */
    private long[] watermarkSeen;
    private long[] channelWatermark; // the last watermark each channel forwarded
    private boolean[] channelIdle;
    private Integer arrivalChannel; // the channel of the record that arrived in this step (null: every channel)
    private int stepNumber = 0;

    private int processed = 0; // input records processed so far (afterInput)
    private long stepTime = 0;
    private long horizon;
    private int eventsRouted = 0; // for rebalance

    // A Kafka source with per-partition watermarks: one reader per channel, its split outputs by partition.
    private final List<ProgressiveTimestampsAndWatermarks<Ev>> readers = new ArrayList<>();
    private final List<TestProcessingTimeService> readerTimers = new ArrayList<>();
    private final List<ManualClock> readerClocks = new ArrayList<>();
    private final Map<Integer, SourceOutput<Ev>> splitOutputs = new java.util.HashMap<>();
    private final List<ReaderOutput<Ev>> mainOutputs = new ArrayList<>();
    private KafkaSplits splits; // a Kafka source's splits, as the connector's enumerator assigns them
    // A bounded topic: the partitions whose splits finish after each record (by record index), and those finished,
    // with the watermark and idleness their split output had when released.
    private final Map<Integer, List<Integer>> finishAfter = new java.util.HashMap<>();
    private final java.util.TreeMap<Integer, long[]> finished = new java.util.TreeMap<>();
    private boolean[] channelEnded; // finished: a reader at the end of its input, or one with no partition
    private static final long CLOCK_ORIGIN_MS = 3_600_000L; // as ScenarioClock: a clock never reads 0

    Oracle(Scenario s, boolean steps) {
        this.s = s;
        this.steps = steps;
        // KeyGroupRangeAssignment.computeDefaultMaxParallelism, as a job that sets no max parallelism gets:
        // 128 up to 85 window subtasks, then 1.5 * W rounded up to a power of two
        this.maxParallelism = KeyGroupRangeAssignment.computeDefaultMaxParallelism(s.windowParallelism);
        this.keySelector = FlinkPipeline.keySelector(s);
    }

    static List<String> run(Scenario s) throws Exception {
        return run(s, false);
    }

    static List<String> run(Scenario s, boolean steps) throws Exception {
        Oracle o = new Oracle(s, steps);
        FlinkPipeline.firings = 0;
        try {
            o.execute();
        } finally {
            o.close();
        }
        return o.out;
    }

    private void execute() throws Exception {
        int p = s.wmParallelism;
        int w = s.windowParallelism;
        channelWatermark = new long[p];
        java.util.Arrays.fill(channelWatermark, Long.MIN_VALUE);
        channelIdle = new boolean[p];
        channelEnded = new boolean[p];
        boolean perPartition = s.kafka != null && s.kafka.perPartition;
        if (s.kafka != null) {
            splits = s.kafkaSplits();
        }
        for (int c = 0; c < p; c++) {
            if (perPartition) {
                openReader(c);
                continue;
            }
            OneInputStreamOperatorTestHarness<Ev, Ev> h = Compat.timestampsHarness(FlinkPipeline.strategy(s, clock));
            h.getExecutionConfig().setAutoWatermarkInterval(s.periodMs);
            h.setProcessingTime(0);
            h.open();
            channels.add(h);
        }
        subtaskWatermark = new long[w];
        watermarkSeen = new long[w];
        Arrays.fill(watermarkSeen, Long.MIN_VALUE);
        for (int i = 0; i < w; i++) {
            WindowOperator op = FlinkPipeline.windowOperator(s);
            KeyedOneInputStreamOperatorTestHarness<Object, Ev, String> h = new KeyedOneInputStreamOperatorTestHarness<>(
                    op, FlinkPipeline.keySelector(s), FlinkPipeline.keyType(s), maxParallelism, w, i);
            h.setProcessingTime(0);
            h.open();
            windows.add(h);
            windowOps.add(op);
            valves.add(new StatusWatermarkValve(p));
            scheduledTimers.add(new HashSet<>());
            heldForSorting.add(new ArrayList<>());
            subtaskWatermark[i] = Long.MIN_VALUE;
        }

        if (boundedTopic()) {
            // A reader told that no more splits will come finishes at once when it owns none, and so does one
            // whose partitions hold no record (its consumer has nothing to poll).
            List<Integer> atStart = planSplitEnds();
            for (int c = 0; c < p; c++) {
                if (splits.noMoreSplits(c) && !ownsPartition(c)) {
                    endChannel(c);
                }
            }
            for (int partition : atStart) {
                finishSplit(partition);
            }
        }

        // 1. arrivals, in file order
        long[] arrival = s.arrivals();
        long lastArrival = 0;
        for (int i = 0; i < arrival.length; i++) {
            long a = arrival[i];
            lastArrival = i == 0 ? a : Math.max(lastArrival, a);
            queue.add(new Happening(a, seq++, ARRIVAL, i));
        }
        // The input ends at its last arrival, or later when the scenario says so (a recorded live source went on
        // after its last record): periodic emission and timers run until then, and the tail follows the end.
        long inputEnd = s.inputEnd(lastArrival);
        boolean idleness = s.idlenessMs > 0;
        long tail = idleness ? s.idlenessMs + 3 * s.periodMs : s.periodMs;
        horizon = inputEnd > Long.MAX_VALUE - tail ? Long.MAX_VALUE : inputEnd + tail; // saturates, as runHorizon does
        // 5. end of input, right after the last record (or at inputEndMs), before what else is due then
        if (!s.endOfInput.equals("none")) {
            queue.add(new Happening(inputEnd, seq++, END_OF_INPUT, 0));
        }
        // 2. periodic emission, channels in index order
        if (s.periodMs > 0) {
            for (int c = 0; c < p; c++) {
                if (s.periodMs <= horizon) {
                    queue.add(new Happening(s.periodMs, seq++, PERIODIC, c));
                }
            }
        }

        while (!queue.isEmpty()) {
            Happening h = queue.poll();
            stepTime = h.time;
            clock.nowMs = stepTime;
            int outputsBefore = out.size();
            switch (h.kind) {
                case ARRIVAL -> arrive(h.index);
                case END_OF_INPUT -> endOfInput();
                case PERIODIC -> {
                    if (!readers.isEmpty()) {
                        // the reader's own timer service runs its periodic emit (nothing once it has finished)
                        moveReaderClock(h.index, h.time);
                        readerTimers.get(h.index).setCurrentTime(h.time);
                    } else {
                        channels.get(h.index).setProcessingTime(h.time);
                        drainChannel(h.index);
                    }
                    long next = h.time + s.periodMs;
                    if (next <= horizon) {
                        queue.add(new Happening(next, seq++, PERIODIC, h.index));
                    }
                }
                case PROCESSING_TIMER -> {
                    var wh = windows.get(h.index);
                    FiringGuard.startAdvance();
                    wh.setProcessingTime(Math.max(h.time, wh.getProcessingTime())); // fires every timer <= it
                    scheduledTimers.get(h.index).remove(h.time); // no longer pending
                    drainWindow(h.index);
                }
                default -> throw new IllegalStateException();
            }
            scheduleProcessingTimers();
            if (steps) {
                out.add(outputsBefore, stepLine(h));
            }
        }
    }

    /** The step line of `tidemark run --steps --format jsonl` for a happening, with the state after it. */
    private String stepLine(Happening h) {
        StringBuilder b = new StringBuilder("{\"type\":\"step\",\"step\":").append(++stepNumber)
                .append(",\"processingTime\":").append(h.time).append(",\"kind\":\"");
        switch (h.kind) {
            case ARRIVAL -> {
                Scenario.Rec r = s.records.get(h.index);
                b.append(r.watermark ? "watermark" : "event").append("\",\"record\":").append(h.index + 1)
                        .append(",\"ts\":").append(r.ts).append(",\"channel\":").append(arrivalChannel);
            }
            case END_OF_INPUT -> b.append("end-of-input\"");
            case PERIODIC -> b.append("periodic\",\"channel\":").append(h.index);
            case PROCESSING_TIMER -> b.append("timer\",\"subtask\":").append(h.index);
            default -> throw new IllegalStateException();
        }
        b.append(",\"afterInput\":").append(processed).append(",\"channelWatermarks\":[");
        for (int c = 0; c < channelWatermark.length; c++) {
            b.append(c > 0 ? "," : "").append(channelWatermark[c]);
        }
        b.append("],\"idleChannels\":[");
        String sep = "";
        for (int c = 0; c < channelIdle.length; c++) {
            if (channelIdle[c]) {
                b.append(sep).append(c);
                sep = ",";
            }
        }
        b.append("]");
        if (!readers.isEmpty()) {
            appendPartitions(b);
        }
        if (boundedTopic()) {
            b.append(",\"finishedPartitions\":[");
            String comma = "";
            for (int partition : finished.keySet()) {
                b.append(comma).append(partition);
                comma = ",";
            }
            b.append("]");
        }
        b.append(",\"operatorWatermarks\":[");
        for (int i = 0; i < subtaskWatermark.length; i++) {
            b.append(i > 0 ? "," : "").append(subtaskWatermark[i]);
        }
        return b.append("]}").toString();
    }

    private void arrive(int i) throws Exception {
        Scenario.Rec r = s.records.get(i);
        ++processed; // in arrival order, which is file order only when the arrivals never go back
        if (r.watermark) {
            Ev marker = new Ev(null, null, null, r.ts, true, i);
            arrivalChannel = r.channel;
            if (r.channel != null) {
                punctuate(r.channel, marker);
            } else {
                for (int c = 0; c < s.wmParallelism; c++) {
                    punctuate(c, marker);
                }
            }
            return;
        }
        if (s.kafka != null) {
            int c = splits.owner(r.partition);
            eventsRouted++;
            arrivalChannel = c;
            Ev ev = new Ev(r.key, r.keyFields, r.value, r.ts, false, i);
            if (!readers.isEmpty()) {
                // the record goes out first, then the split's generator sees it (SourceOutputWithWatermarks#collect)
                moveReaderClock(c, stepTime);
                try {
                    splitOutputs.get(r.partition).collect(ev, r.ts);
                } catch (org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException e) {
                    // SourceOutputWithWatermarks wraps what the window operator threw: report that, as elsewhere
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            } else {
                channels.get(c).processElement(new StreamRecord<>(ev));
                drainChannel(c);
            }
            for (int partition : finishAfter.getOrDefault(i, List.of())) {
                finishSplit(partition);
            }
            return;
        }
        int c;
        switch (s.partitioning) {
            case "rebalance" -> c = (s.firstChannel + eventsRouted) % s.wmParallelism;
            case "channel" -> c = r.channel;
            case "forward" -> c = r.channel == null ? 0 : r.channel;
            default -> throw new IllegalArgumentException("unknown partitioning \"" + s.partitioning + "\"");
        }
        eventsRouted++;
        arrivalChannel = c;
        channels.get(c).processElement(new StreamRecord<>(new Ev(r.key, r.keyFields, r.value, r.ts, false, i)));
        drainChannel(c);
    }

    private void punctuate(int c, Ev marker) throws Exception {
        channels.get(c).processElement(new StreamRecord<>(marker));
        drainChannel(c);
    }

    private void endOfInput() throws Exception {
        for (int c = 0; c < s.wmParallelism; c++) {
            if (!channelEnded[c]) {
                endChannel(c);
            }
        }
    }

    /**
     * The window operator's input has ended: a sorted input hands on what it held (SortingDataInput#
     * emitNextSortedRecord), then the highest watermark its input saw, which it kept from the operator until then.
     */
    private void flushSorted() throws Exception {
        if (!sortedInput()) {
            return;
        }
        for (int sub = 0; sub < windows.size(); sub++) {
            List<StreamRecord<Ev>> held = heldForSorting.get(sub);
            // by key and timestamp; the keys' states are apart, so by timestamp is enough (stable: equal ones as
            // they came)
            held.sort(Comparator.comparingLong(StreamRecord::getTimestamp));
            for (StreamRecord<Ev> rec : held) {
                process(sub, rec);
            }
            held.clear();
            if (watermarkSeen[sub] > Long.MIN_VALUE) {
                long wm = watermarkSeen[sub];
                watermarkSeen[sub] = Long.MIN_VALUE;
                subtaskWatermark[sub] = wm;
                FiringGuard.startAdvance();
                windows.get(sub).processWatermark(new Watermark(wm));
                drainWindow(sub);
            }
        }
    }

    /** Channel c's input ends. */
    private void endChannel(int c) throws Exception {
        channelEnded[c] = true;
        if (!readers.isEmpty()) {
            // SourceOperator#finish stops the periodic emits; SourceOperatorStreamTask#advanceToEndOfEventTime
            // emits MAX_WATERMARK into the task's output, which drops it while the announced status is IDLE.
            readers.get(c).stopPeriodicWatermarkEmits();
            if (!channelIdle[c] && channelWatermark[c] < Long.MAX_VALUE) {
                forwardWatermark(c, new Watermark(Long.MAX_VALUE));
            }
        } else {
            var h = channels.get(c);
            // StreamTask#endData: the end of event time first (the operator forwards Long.MAX_VALUE),
            // then finish(), whose last onPeriodicEmit can no longer raise the watermark.
            h.processWatermark(new Watermark(Long.MAX_VALUE));
            drainChannel(c);
            h.getOneInputOperator().finish();
            drainChannel(c);
        }
        boolean last = true;
        for (boolean ended : channelEnded) {
            last &= ended;
        }
        if (last) {
            // the last source task to end ends the window operator's input, after the watermark it sent last
            flushSorted();
        }
    }

    private boolean boundedTopic() {
        return s.kafka != null && s.endOfInput.equals("max-watermark");
    }

    /**
     * Where each split of the bounded topic finishes: once its reader has read it to its stopping offset, i.e. after
     * the partition's record at that offset − 1 in play order (arrival, then file order), each record being a fetch
     * of its own; a split that stops where it starts (an empty partition) with its reader's first fetch, right after
     * the reader's first record. Returns those that finish at once (every split of a reader without a record).
     */
    private List<Integer> planSplitEnds() {
        int n = s.kafka.partitions;
        long[][] stop = new long[n][];
        long[][] first = new long[s.wmParallelism][];
        long[] read = new long[n];
        long[] arrival = s.arrivals();
        Integer[] order = new Integer[arrival.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> arrival[a] != arrival[b] ? Long.compare(arrival[a], arrival[b]) : Integer.compare(a, b));
        for (int i : order) {
            Scenario.Rec r = s.records.get(i);
            if (r.watermark) {
                continue;
            }
            long[] at = {arrival[i], i};
            int c = splits.owner(r.partition);
            if (++read[r.partition] == splits.stoppingOffset(r.partition)) {
                stop[r.partition] = at;
            }
            if (first[c] == null) {
                first[c] = at;
            }
        }
        List<Integer> atStart = new ArrayList<>();
        for (int partition = 0; partition < n; partition++) {
            if (splits.stoppingOffset(partition) < 0) {
                throw new IllegalStateException("the split of partition " + partition + " of a bounded topic has no end");
            }
            long[] after = splits.stoppingOffset(partition) > 0 ? stop[partition] : first[splits.owner(partition)];
            if (after == null) {
                atStart.add(partition);
            } else {
                finishAfter.computeIfAbsent((int) after[1], k -> new ArrayList<>()).add(partition);
            }
        }
        return atStart;
    }

    /** The reader of a bounded topic has finished the partition's split: releaseOutputForSplit, no combine. */
    private void finishSplit(int partition) throws Exception {
        int c = splits.owner(partition);
        long[] state = {Long.MIN_VALUE, 0};
        if (!readers.isEmpty()) {
            Object partial = splitPartial(c, partition);
            if (partial != null) {
                state = new long[] {(long) field(partial, "watermark"), (boolean) field(partial, "idle") ? 1 : 0};
            }
            mainOutputs.get(c).releaseOutputForSplit(splits.splitId(partition));
        }
        finished.put(partition, state);
        for (int q = 0; q < s.kafka.partitions; q++) {
            if (splits.owner(q) == c && !finished.containsKey(q)) {
                return;
            }
        }
        if (splits.noMoreSplits(c) && !channelEnded[c]) {
            endChannel(c); // every split finished: the reader's input has ended
        }
    }

    private boolean ownsPartition(int c) {
        for (int partition = 0; partition < s.kafka.partitions; partition++) {
            if (splits.owner(partition) == c) {
                return true;
            }
        }
        return false;
    }

    /** Reader c, as SourceOperator opens it, with the split outputs of its partitions (AddSplitEvent). */
    private void openReader(int c) throws Exception {
        ManualClock readerClock = new ManualClock(CLOCK_ORIGIN_MS * 1_000_000L);
        TestProcessingTimeService timers = new TestProcessingTimeService();
        timers.setCurrentTime(0);
        var strategy = FlinkPipeline.strategy(s, null);
        // SourceOperator's timestamp assigner is the strategy's own (its context is not read by these strategies)
        ProgressiveTimestampsAndWatermarks<Ev> reader = new ProgressiveTimestampsAndWatermarks<>(
                strategy.createTimestampAssigner(null), strategy,
                new TimestampsAndWatermarks.TimestampsAndWatermarksContextProvider(new UnregisteredMetricsGroup()),
                timers, Duration.ofMillis(s.periodMs), readerClock, readerClock,
                UnregisteredMetricGroups.createUnregisteredTaskMetricGroup().getIOMetricGroup());
        TimestampsAndWatermarks.WatermarkUpdateListener listener = (TimestampsAndWatermarks.WatermarkUpdateListener)
                Proxy.newProxyInstance(Oracle.class.getClassLoader(),
                        new Class<?>[] {TimestampsAndWatermarks.WatermarkUpdateListener.class},
                        (proxy, method, args) -> null);
        ReaderOutput<Ev> main = reader.createMainOutput(readerOutput(c), listener);
        mainOutputs.add(main);
        reader.startPeriodicWatermarkEmits();
        for (int partition = 0; partition < s.kafka.partitions; partition++) {
            if (splits.owner(partition) == c) {
                splitOutputs.put(partition, main.createOutputForSplit(splits.splitId(partition)));
            }
        }
        readers.add(reader);
        readerTimers.add(timers);
        readerClocks.add(readerClock);
    }

    /** What reader c sends downstream: records to their window subtask, watermarks and statuses to every valve. */
    @SuppressWarnings("unchecked")
    private PushingAsyncDataInput.DataOutput<Ev> readerOutput(int c) {
        return (PushingAsyncDataInput.DataOutput<Ev>) Proxy.newProxyInstance(Oracle.class.getClassLoader(),
                new Class<?>[] {PushingAsyncDataInput.DataOutput.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "emitRecord" -> {
                            // the reader reuses its StreamRecord: copy what may be held (sortedInput)
                            StreamRecord<Ev> r = (StreamRecord<Ev>) args[0];
                            deliver(new StreamRecord<>(r.getValue(), r.getTimestamp()));
                        }
                        case "emitWatermark" -> forwardWatermark(c, (Watermark) args[0]);
                        case "emitWatermarkStatus" -> forwardStatus(c, (WatermarkStatus) args[0]);
                        default -> { }
                    }
                    return null;
                });
    }

    private void moveReaderClock(int c, long t) {
        ManualClock readerClock = readerClocks.get(c);
        long target = (CLOCK_ORIGIN_MS + t) * 1_000_000L;
        if (target > readerClock.relativeTimeNanos()) {
            readerClock.advanceTime(Duration.ofNanos(target - readerClock.relativeTimeNanos()));
        }
    }

    /** The partition's split output inside reader c (Flink's own PartialWatermark); null once released. */
    private Object splitPartial(int c, int partition) throws ReflectiveOperationException {
        Object outputs = field(readers.get(c), "currentPerSplitOutputs");
        Object multiplexer = field(outputs, "watermarkMultiplexer");
        return ((Map<?, ?>) field(multiplexer, "watermarkPerOutputId")).get(splits.splitId(partition));
    }

    /** Each partition's split output inside its reader (Flink's own PartialWatermark), for the step line. */
    private void appendPartitions(StringBuilder b) {
        long[] watermark = new long[s.kafka.partitions];
        boolean[] idle = new boolean[s.kafka.partitions];
        try {
            for (int partition = 0; partition < s.kafka.partitions; partition++) {
                if (finished.containsKey(partition)) {
                    // released: what it had then, neither idle nor active
                    watermark[partition] = finished.get(partition)[0];
                    continue;
                }
                Object partial = splitPartial(splits.owner(partition), partition);
                watermark[partition] = partial == null ? Long.MIN_VALUE : (long) field(partial, "watermark");
                idle[partition] = partial != null && (boolean) field(partial, "idle");
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read a source reader's split watermarks", e);
        }
        b.append(",\"partitionWatermarks\":[");
        for (int partition = 0; partition < watermark.length; partition++) {
            b.append(partition > 0 ? "," : "").append(watermark[partition]);
        }
        b.append("],\"idlePartitions\":[");
        String sep = "";
        for (int partition = 0; partition < idle.length; partition++) {
            if (idle[partition]) {
                b.append(sep).append(partition);
                sep = ",";
            }
        }
        b.append("]");
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + name);
    }

    /** Delivers what channel c emitted: records to their window subtask, watermarks/statuses to every valve. */
    private void drainChannel(int c) throws Exception {
        Queue<Object> q = channels.get(c).getOutput();
        Object o;
        while ((o = q.poll()) != null) {
            if (o instanceof StreamRecord) {
                StreamRecord<Ev> rec = (StreamRecord<Ev>) o;
                if (rec.getValue().marker) {
                    continue;
                }
                deliver(rec);
            } else if (o instanceof Watermark wm) {
                forwardWatermark(c, wm);
            } else if (o instanceof WatermarkStatus st) {
                forwardStatus(c, st);
            }
        }
    }

    private void forwardWatermark(int c, Watermark wm) throws Exception {
        channelWatermark[c] = wm.getTimestamp();
        for (int i = 0; i < windows.size(); i++) {
            valves.get(i).inputWatermark(wm, c, new ValveOutput(i));
        }
    }

    private void forwardStatus(int c, WatermarkStatus st) throws Exception {
        channelIdle[c] = st.isIdle();
        for (int i = 0; i < windows.size(); i++) {
            valves.get(i).inputWatermarkStatus(st, c, new ValveOutput(i));
        }
    }

    private void deliver(StreamRecord<Ev> rec) throws Exception {
        Ev ev = rec.getValue();
        int sub = s.windowAll() ? 0
                : KeyGroupRangeAssignment.assignKeyToParallelOperator(keySelector.getKey(ev), maxParallelism, s.windowParallelism);
        if (sortedInput()) {
            heldForSorting.get(sub).add(rec);
            return;
        }
        process(sub, rec);
    }

    /** Scenario#outputOnlyAfterEndOfStream: the window's input is held, sorted, until it ends. */
    private boolean sortedInput() {
        return s.outputOnlyAfterEndOfStream();
    }

    private void process(int sub, StreamRecord<Ev> rec) throws Exception {
        Ev ev = rec.getValue();
        var h = windows.get(sub);
        if (stepTime > h.getProcessingTime()) {
            // Flink fires a processing-time timer for T at T + 1 at the earliest
            // (ProcessingTimeServiceUtil#getProcessingTimeDelay), so an element that arrives at T sees processing
            // time T with the timers due at T still pending: they fire in their own, later happening.
            FlinkPipeline.setTimeWithoutFiring(h.getProcessingTimeService(), stepTime);
        }
        long dropped = droppedCount(sub);
        FlinkPipeline.inElement = true;
        try {
            h.processElement(new StreamRecord<>(ev, rec.getTimestamp()));
        } finally {
            FlinkPipeline.inElement = false;
        }
        drainWindow(sub);
        if (droppedCount(sub) != dropped) {
            out.add(lateLine(sub, ev, "dropped"));
        }
    }

    private long droppedCount(int sub) {
        return FlinkPipeline.lateRecordsDropped(windowOps.get(sub));
    }

    private void drainWindow(int sub) {
        var h = windows.get(sub);
        Object o;
        while ((o = h.getOutput().poll()) != null) {
            if (o instanceof StreamRecord) {
                out.add("{\"type\":\"fire\",\"afterInput\":" + processed + ",\"subtask\":" + sub + ","
                        + ((StreamRecord<String>) o).getValue() + "}");
            }
        }
        var side = h.getSideOutput(FlinkPipeline.LATE_TAG);
        if (side != null) {
            StreamRecord<Ev> r;
            while ((r = side.poll()) != null) {
                out.add(lateLine(sub, r.getValue(), "side-output"));
            }
        }
    }

    private String lateLine(int sub, Ev ev, String action) {
        return "{\"type\":\"late\",\"afterInput\":" + processed + ",\"subtask\":" + sub + ",\"key\":"
                + (s.windowAll() ? "null" : Json.str(ev.key)) + ",\"ts\":" + ev.ts + ",\"value\":"
                + Json.num(ev.value) + ",\"watermark\":" + subtaskWatermark[sub] + ",\"action\":\"" + action + "\"}";
    }

    /**
     * Rule 4, as the execution model states it: after every happening, each window subtask in index order, its
     * registered processing-time timers in time order (read from its InternalTimerService, not only the one
     * timer it has handed to the ProcessingTimeService) become happenings at their time, one per subtask and
     * time still pending, up to the horizon. A timer registered in the past (a processing-time trigger on
     * event-time windows) is due at once: Flink schedules it with delay 0. Processing time never goes
     * backwards, so its happening is at the current time, after those already queued for it.
     */
    private void scheduleProcessingTimers() throws Exception {
        for (int i = 0; i < windows.size(); i++) {
            List<Long> registered = new ArrayList<>();
            FlinkPipeline.timerService(windowOps.get(i)).forEachProcessingTimeTimer((window, t) -> registered.add(t));
            registered.sort(null);
            for (long t : registered) {
                long at = Math.max(t, stepTime);
                if (at <= horizon && scheduledTimers.get(i).add(at)) {
                    queue.add(new Happening(at, seq++, PROCESSING_TIMER, i));
                }
            }
        }
    }

    /** What a valve outputs goes straight into its window subtask. */
    private final class ValveOutput extends Compat.DataOutputBase<Object> {
        private final int sub;

        ValveOutput(int sub) {
            this.sub = sub;
        }

        @Override
        public void emitRecord(StreamRecord<Object> r) {
            throw new IllegalStateException("a valve emits no records");
        }

        @Override
        public void emitWatermark(Watermark wm) throws Exception {
            if (sortedInput()) {
                // SortingDataInput's ForwardingDataOutput#emitWatermark: kept (the highest), not forwarded
                watermarkSeen[sub] = Math.max(watermarkSeen[sub], wm.getTimestamp());
                return;
            }
            subtaskWatermark[sub] = wm.getTimestamp();
            FiringGuard.startAdvance();
            windows.get(sub).processWatermark(wm);
            drainWindow(sub);
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus st) throws Exception {
            if (sortedInput()) {
                return; // SortingDataInput's ForwardingDataOutput#emitWatermarkStatus drops it
            }
            windows.get(sub).processWatermarkStatus(st);
            drainWindow(sub);
        }

        @Override
        public void emitLatencyMarker(LatencyMarker m) {}

        @Override
        public void emitRecordAttributes(RecordAttributes a) {}
    }

    private void close() {
        for (var h : channels) {
            try {
                h.close();
            } catch (Exception ignored) {
                // closing a harness after a failure must not hide the failure
            }
        }
        for (var h : windows) {
            try {
                h.close();
            } catch (Exception ignored) {
                // see above
            }
        }
    }
}
