package org.tidemark.oracle;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.table.runtime.operators.window.groupwindow.assigners.CumulativeWindowAssigner;
import org.apache.flink.table.runtime.operators.window.tvf.slicing.SliceAssigners;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Flink SQL's CUMULATE window for the DataStream WindowOperator the oracle drives. Flink has no DataStream assigner
 * for it; its windows come from Flink's table runtime: the slice assigner its window aggregation runs
 * ({@code SliceAssigners.CumulativeSliceAssigner}: a record's slice end, then the next windows to fire up to the
 * last window's end, each window's start), checked against the window TVF's {@code CumulativeWindowAssigner}, which
 * lists the same windows directly. The two must agree on every record, or the job fails. Both constructors check
 * Flink's parameter rules (maxSize and step above 0, maxSize a multiple of step).
 *
 * <p>What is the scenario's: the operator around it is the DataStream WindowOperator with the default trigger (or
 * the scenario's). With the default trigger and no allowed lateness it decides as the SQL window aggregation does:
 * a window fires when the watermark reaches its end - 1, and a record is dropped when the last of its windows has
 * fired (a record whose first windows have fired goes into the ones still open, as the aggregation merges it into
 * the shared first slice).
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class CumulativeWindows extends WindowAssigner<Object, TimeWindow> {
    private final SliceAssigners.CumulativeSliceAssigner slices;
    private final CumulativeWindowAssigner windows;
    private final boolean eventTime;

    CumulativeWindows(long maxSizeMs, long stepMs, long offsetMs, boolean eventTime) {
        Duration maxSize = Duration.ofMillis(maxSizeMs);
        Duration step = Duration.ofMillis(stepMs);
        Duration offset = Duration.ofMillis(offsetMs);
        // The rowtime index only says event time (>= 0) or processing time (-1); UTC shifts nothing.
        this.slices = SliceAssigners.cumulative(eventTime ? 0 : -1, ZoneOffset.UTC, maxSize, step).withOffset(offset);
        CumulativeWindowAssigner w = CumulativeWindowAssigner.of(maxSize, step).withOffset(offset);
        this.windows = eventTime ? w.withEventTime() : w.withProcessingTime();
        this.eventTime = eventTime;
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext ctx) {
        long ts = eventTime ? timestamp : ctx.getCurrentProcessingTime();
        List<TimeWindow> fromSlices = new ArrayList<>();
        long end = slices.assignSliceEnd(ts);
        long lastEnd = slices.getLastWindowEnd(end);
        for (int n = 0; n <= 10_000; n++) {
            fromSlices.add(new TimeWindow(slices.getWindowStart(end), end));
            if (end == lastEnd) {
                break;
            }
            // the aggregation's next timer after a fire: the window one step longer, up to the largest
            java.util.Optional<Long> next = slices.nextTriggerWindow(end, () -> false);
            if (!next.isPresent()) {
                break;
            }
            end = next.get();
        }
        List<TimeWindow> fromTvf = new ArrayList<>();
        for (org.apache.flink.table.runtime.operators.window.TimeWindow w : windows.assignWindows(null, ts)) {
            fromTvf.add(new TimeWindow(w.getStart(), w.getEnd()));
        }
        if (!fromSlices.equals(fromTvf)) {
            throw new IllegalStateException("Flink's cumulative slice assigner and window assigner disagree on "
                    + "timestamp " + ts + ": " + fromSlices + " and " + fromTvf);
        }
        return fromSlices;
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return (Trigger) (eventTime ? EventTimeTrigger.create() : ProcessingTimeTrigger.create());
    }

    /** Flink 1.x's deprecated variant (abstract there, gone in 2.x: so no @Override). */
    public Trigger<Object, TimeWindow> getDefaultTrigger(StreamExecutionEnvironment env) {
        return getDefaultTrigger();
    }

    @Override
    public TypeSerializer<TimeWindow> getWindowSerializer(ExecutionConfig executionConfig) {
        return new TimeWindow.Serializer();
    }

    @Override
    public boolean isEventTime() {
        return eventTime;
    }

    @Override
    public String toString() {
        return "CumulativeWindows(" + windows + ")";
    }
}
