package org.tidemark.oracle;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.metrics.groups.UnregisteredMetricGroups;
import org.apache.flink.streaming.api.operators.source.ProgressiveTimestampsAndWatermarks;
import org.apache.flink.streaming.api.operators.source.TimestampsAndWatermarks;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.TestProcessingTimeService;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.util.clock.ManualClock;

/**
 * One source and the watermarks made in or right after it, as Flink runs its P parallel instances (the channels):
 * what the chain's Oracle and the GraphOracle both read from. A channel is a TimestampsAndWatermarksOperator harness;
 * or, for a Kafka source (the scenario's pipeline.source.kafka), a reader owning the splits the connector's own
 * KafkaSourceEnumerator assigns it (KafkaSplits): with per-partition watermarks Flink's own
 * ProgressiveTimestampsAndWatermarks (what SourceOperator runs), a split output per partition, its periodic emission
 * driven by its own TestProcessingTimeService; after the source, a harness per reader, as without Kafka.
 *
 * <p>A bounded topic (endOfInput max-watermark) ends split by split, as flink-connector-kafka's
 * KafkaPartitionSplitReader and SourceReaderBase do it, each record being a fetch of its own: a partition's split
 * finishes once read to its stopping offset (right after its last record), an empty partition's with its reader's
 * first fetch (right after the reader's first record), and every split of a reader without a record at once;
 * SourceReaderBase then calls ReaderOutput#releaseOutputForSplit, and a reader told that no more splits will come
 * whose splits have all finished reaches the end of its input. A reader that owns no partition finishes before the
 * first happening. At its end a reader emits Long.MAX_VALUE as SourceOperatorStreamTask#advanceToEndOfEventTime
 * does: into the task's output, which drops it while the reader's last status was IDLE (RecordWriterOutput).
 *
 * <p>What a channel forwards goes to the Downstream as it comes: event records (markers are the input's watermark
 * records, never forwarded), watermarks and statuses by channel, and the end of each channel's input.
 */
@SuppressWarnings("unchecked")
final class SourceChannels implements AutoCloseable {
    interface Downstream {
        void record(StreamRecord<Ev> record) throws Exception;

        void watermark(int channel, Watermark watermark) throws Exception;

        void status(int channel, WatermarkStatus status) throws Exception;

        /** Channel `channel`'s input has ended, after the last watermark it forwarded. */
        void ended(int channel) throws Exception;
    }

    private static final long CLOCK_ORIGIN_MS = 3_600_000L; // as ScenarioClock: a clock never reads 0

    final Scenario s;
    private final Downstream down;
    private final List<OneInputStreamOperatorTestHarness<Ev, Ev>> channels = new ArrayList<>();
    private int routed = 0; // event records so far, for rebalance
    // A Kafka source with per-partition watermarks: one reader per channel, its split outputs by partition.
    private final List<ProgressiveTimestampsAndWatermarks<Ev>> readers = new ArrayList<>();
    private final List<TestProcessingTimeService> readerTimers = new ArrayList<>();
    private final List<ManualClock> readerClocks = new ArrayList<>();
    private final Map<Integer, SourceOutput<Ev>> splitOutputs = new HashMap<>();
    private final List<ReaderOutput<Ev>> mainOutputs = new ArrayList<>();
    private KafkaSplits splits;
    // A bounded topic: the partitions whose splits finish after each record (by record index), and those finished,
    // with the watermark and idleness their split output had when released.
    private final Map<Integer, List<Integer>> finishAfter = new HashMap<>();
    private final TreeMap<Integer, long[]> finished = new TreeMap<>();
    private final boolean[] channelEnded;
    final long[] channelWatermark; // the last watermark each channel forwarded
    final boolean[] channelIdle; // and whether its last status was IDLE

    SourceChannels(Scenario s, FlinkPipeline.ScenarioClock clock, Downstream down) throws Exception {
        this.s = s;
        this.down = down;
        int p = s.wmParallelism;
        channelEnded = new boolean[p];
        channelWatermark = new long[p];
        Arrays.fill(channelWatermark, Long.MIN_VALUE);
        channelIdle = new boolean[p];
        if (s.kafka != null) {
            splits = s.kafkaSplits();
        }
        for (int c = 0; c < p; c++) {
            if (s.kafka != null && s.kafka.perPartition) {
                openReader(c);
                continue;
            }
            OneInputStreamOperatorTestHarness<Ev, Ev> h = Compat.timestampsHarness(FlinkPipeline.strategy(s, clock));
            h.getExecutionConfig().setAutoWatermarkInterval(s.periodMs);
            h.setProcessingTime(0);
            h.open();
            channels.add(h);
        }
    }

    int channelCount() {
        return s.wmParallelism;
    }

    /** What happens before the first happening: a bounded topic's readers with nothing to read finish. */
    void start() throws Exception {
        if (!boundedTopic()) {
            return;
        }
        // A reader told that no more splits will come finishes at once when it owns none, and so does one whose
        // partitions hold no record (its consumer has nothing to poll).
        List<Integer> atStart = planSplitEnds();
        for (int c = 0; c < s.wmParallelism; c++) {
            if (splits.noMoreSplits(c) && !ownsPartition(c)) {
                endChannel(c);
            }
        }
        for (int partition : atStart) {
            finishSplit(partition);
        }
    }

    /**
     * Record `i` of the source arrives at `now`: an event record goes to its channel, which forwards it before its
     * generator sees it; a watermark record to the channel it names, or to every channel. Returns the channel, null
     * for a watermark record to every channel.
     */
    Integer arrive(int i, long now) throws Exception {
        Scenario.Rec r = s.records.get(i);
        if (r.watermark) {
            Ev marker = new Ev(null, null, null, r.ts, true, i);
            for (int c = 0; c < s.wmParallelism; c++) {
                if (r.channel == null || r.channel == c) {
                    channels.get(c).processElement(new StreamRecord<>(marker));
                    drain(c);
                }
            }
            return r.channel;
        }
        Ev ev = new Ev(r.key, r.keyFields, r.value, r.ts, false, i);
        int c;
        if (s.kafka != null) {
            c = splits.owner(r.partition);
        } else {
            c = switch (s.partitioning) {
                case "rebalance" -> (s.firstChannel + routed) % s.wmParallelism;
                case "channel" -> r.channel;
                case "forward" -> r.channel == null ? 0 : r.channel;
                default -> throw new IllegalArgumentException("unknown partitioning \"" + s.partitioning + "\"");
            };
        }
        routed++;
        if (!readers.isEmpty()) {
            // the record goes out first, then the split's generator sees it (SourceOutputWithWatermarks#collect)
            moveReaderClock(c, now);
            try {
                splitOutputs.get(r.partition).collect(ev, r.ts);
            } catch (org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException e) {
                // SourceOutputWithWatermarks wraps what the operator after it threw: report that, as elsewhere
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        } else {
            channels.get(c).processElement(new StreamRecord<>(ev));
            drain(c);
        }
        for (int partition : finishAfter.getOrDefault(i, List.of())) {
            finishSplit(partition);
        }
        return c;
    }

    /** Channel c's periodic timer at `now` (a reader's own timer service: nothing once it has finished). */
    void periodic(int c, long now) throws Exception {
        if (!readers.isEmpty()) {
            moveReaderClock(c, now);
            readerTimers.get(c).setCurrentTime(now);
        } else {
            channels.get(c).setProcessingTime(now);
            drain(c);
        }
    }

    /** The end of input: every channel that has not ended, in index order. */
    void endOfInput() throws Exception {
        for (int c = 0; c < s.wmParallelism; c++) {
            if (!channelEnded[c]) {
                endChannel(c);
            }
        }
    }

    boolean ended(int c) {
        return channelEnded[c];
    }

    boolean allEnded() {
        for (boolean e : channelEnded) {
            if (!e) {
                return false;
            }
        }
        return true;
    }

    boolean boundedTopic() {
        return s.kafka != null && s.endOfInput.equals("max-watermark");
    }

    /** The partitions whose splits have finished, in partition order. */
    Iterable<Integer> finishedPartitions() {
        return finished.keySet();
    }

    boolean perPartition() {
        return !readers.isEmpty();
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
            drain(c);
            h.getOneInputOperator().finish();
            drain(c);
        }
        down.ended(c);
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
                state = new long[] {(long) Fields.read(partial, "watermark"), (boolean) Fields.read(partial, "idle") ? 1 : 0};
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
                Proxy.newProxyInstance(SourceChannels.class.getClassLoader(),
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

    /** What reader c sends downstream. */
    private PushingAsyncDataInput.DataOutput<Ev> readerOutput(int c) {
        return (PushingAsyncDataInput.DataOutput<Ev>) Proxy.newProxyInstance(SourceChannels.class.getClassLoader(),
                new Class<?>[] {PushingAsyncDataInput.DataOutput.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "emitRecord" -> {
                            // the reader reuses its StreamRecord: copy what may be held
                            StreamRecord<Ev> r = (StreamRecord<Ev>) args[0];
                            down.record(new StreamRecord<>(r.getValue(), r.getTimestamp()));
                        }
                        case "emitWatermark" -> forwardWatermark(c, (Watermark) args[0]);
                        case "emitWatermarkStatus" -> forwardStatus(c, (WatermarkStatus) args[0]);
                        default -> { }
                    }
                    return null;
                });
    }

    /** What harness c forwarded. */
    private void drain(int c) throws Exception {
        Queue<Object> q = channels.get(c).getOutput();
        Object o;
        while ((o = q.poll()) != null) {
            if (o instanceof StreamRecord<?> rec) {
                if (!((Ev) rec.getValue()).marker) {
                    down.record((StreamRecord<Ev>) rec);
                }
            } else if (o instanceof Watermark wm) {
                forwardWatermark(c, wm);
            } else if (o instanceof WatermarkStatus st) {
                forwardStatus(c, st);
            }
        }
    }

    private void forwardWatermark(int c, Watermark wm) throws Exception {
        channelWatermark[c] = wm.getTimestamp();
        down.watermark(c, wm);
    }

    private void forwardStatus(int c, WatermarkStatus st) throws Exception {
        channelIdle[c] = st.isIdle();
        down.status(c, st);
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
        Object outputs = Fields.read(readers.get(c), "currentPerSplitOutputs");
        Object multiplexer = Fields.read(outputs, "watermarkMultiplexer");
        return ((Map<?, ?>) Fields.read(multiplexer, "watermarkPerOutputId")).get(splits.splitId(partition));
    }

    /**
     * Each partition's split output inside its reader (Flink's own PartialWatermark): its watermark and whether it is
     * idle (1); a released one what it had then, neither idle nor active.
     */
    long[][] partitionState() {
        long[] watermark = new long[s.kafka.partitions];
        long[] idle = new long[s.kafka.partitions];
        try {
            for (int partition = 0; partition < s.kafka.partitions; partition++) {
                if (finished.containsKey(partition)) {
                    watermark[partition] = finished.get(partition)[0];
                    continue;
                }
                Object partial = splitPartial(splits.owner(partition), partition);
                watermark[partition] = partial == null ? Long.MIN_VALUE : (long) Fields.read(partial, "watermark");
                idle[partition] = partial != null && (boolean) Fields.read(partial, "idle") ? 1 : 0;
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read a source reader's split watermarks", e);
        }
        return new long[][] {watermark, idle};
    }

    /** The partitions' watermarks and the idle ones, for a chain's step line. */
    void appendPartitions(StringBuilder b) {
        long[][] state = partitionState();
        b.append(",\"partitionWatermarks\":[");
        for (int partition = 0; partition < state[0].length; partition++) {
            b.append(partition > 0 ? "," : "").append(state[0][partition]);
        }
        b.append("],\"idlePartitions\":[");
        String sep = "";
        for (int partition = 0; partition < state[1].length; partition++) {
            if (state[1][partition] != 0) {
                b.append(sep).append(partition);
                sep = ",";
            }
        }
        b.append("]");
    }

    @Override
    public void close() {
        for (var h : channels) {
            try {
                h.close();
            } catch (Exception ignored) {
                // closing a harness after a failure must not hide the failure
            }
        }
    }
}
