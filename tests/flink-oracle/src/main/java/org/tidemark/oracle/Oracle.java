package org.tidemark.oracle;

import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperator;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
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
 * <p>The channels are the source's (SourceChannels): for a Kafka source (pipeline.source.kafka) its readers, which
 * a bounded topic ends split by split. With endOfInput drain (the job stopped with --drain) every channel ends at
 * the end of input instead.
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
    private SourceChannels source;
    private final List<KeyedOneInputStreamOperatorTestHarness<Object, Ev, String>> windows = new ArrayList<>();
    private final List<WindowOperator> windowOps = new ArrayList<>();
    private final List<StatusWatermarkValve> valves = new ArrayList<>();
    private final List<Set<Long>> scheduledTimers = new ArrayList<>(); // per subtask: times of pending timer happenings
    // Per subtask, the records an operator that emits only at the end of input receives then (sortedInput()).
    private final List<List<StreamRecord<Ev>>> heldForSorting = new ArrayList<>();
    private long[] subtaskWatermark;
    /** With a sorted input (sortedInput()), the highest watermark each valve output, kept from the operator. */
    private long[] watermarkSeen;
    private Integer arrivalChannel; // the channel of the record that arrived in this step (null: every channel)
    private int stepNumber = 0;

    private int processed = 0; // input records processed so far (afterInput)
    private long stepTime = 0;
    private long horizon;

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
        source = new SourceChannels(s, clock, new SourceChannels.Downstream() {
            @Override
            public void record(StreamRecord<Ev> record) throws Exception {
                deliver(record);
            }

            @Override
            public void watermark(int c, Watermark wm) throws Exception {
                for (int i = 0; i < windows.size(); i++) {
                    valves.get(i).inputWatermark(wm, c, new ValveOutput(i));
                }
            }

            @Override
            public void status(int c, WatermarkStatus st) throws Exception {
                for (int i = 0; i < windows.size(); i++) {
                    valves.get(i).inputWatermarkStatus(st, c, new ValveOutput(i));
                }
            }

            @Override
            public void ended(int c) throws Exception {
                if (source.allEnded()) {
                    // the last source task to end ends the window operator's input, after the watermark it sent last
                    flushSorted();
                }
            }
        });
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

        source.start();

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
                case END_OF_INPUT -> source.endOfInput();
                case PERIODIC -> {
                    source.periodic(h.index, h.time);
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
        for (int c = 0; c < source.channelWatermark.length; c++) {
            b.append(c > 0 ? "," : "").append(source.channelWatermark[c]);
        }
        b.append("],\"idleChannels\":[");
        String sep = "";
        for (int c = 0; c < source.channelIdle.length; c++) {
            if (source.channelIdle[c]) {
                b.append(sep).append(c);
                sep = ",";
            }
        }
        b.append("]");
        if (source.perPartition()) {
            source.appendPartitions(b);
        }
        if (source.boundedTopic()) {
            b.append(",\"finishedPartitions\":[");
            String comma = "";
            for (int partition : source.finishedPartitions()) {
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
        ++processed; // in arrival order, which is file order only when the arrivals never go back
        arrivalChannel = source.arrive(i, stepTime);
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
        if (source != null) {
            source.close();
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
