package org.tidemark.oracle;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

import java.util.Collection;

/**
 * Flink's sliding event-time assigner, stopped where Flink's own loop would not stop: next to Long.MIN_VALUE a
 * window start minus the slide wraps to a start near Long.MAX_VALUE, after the first excluded start, and
 * SlidingEventTimeWindows#assignWindows keeps adding windows until the JVM runs out of memory. The engine fails
 * the job at that record (EndlessAssignmentError); so does the oracle. Every window it returns is Flink's.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class AssignmentGuard extends WindowAssigner<Object, TimeWindow> {
    private final WindowAssigner<Object, TimeWindow> inner;
    private final long size;
    private final long slide;
    private final long offset;

    AssignmentGuard(WindowAssigner inner, long size, long slide, long offset) {
        this.inner = inner;
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext ctx) {
        // Flink's loop bounds, walked without building windows: at most size / slide steps before it ends.
        long firstExcluded = timestamp - size;
        for (long start = TimeWindow.getWindowStartWithOffset(timestamp, offset, slide); start > firstExcluded; ) {
            long next = start - slide;
            if (next > start) {
                throw new IllegalStateException("assigning sliding windows to timestamp " + timestamp
                        + " does not terminate: the start " + start + " minus the slide wraps past Long.MIN_VALUE");
            }
            start = next;
        }
        return inner.assignWindows(element, timestamp, ctx);
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return inner.getDefaultTrigger();
    }

    /** Flink 1.x's deprecated variant (abstract there, gone in 2.x: so no @Override). */
    public Trigger<Object, TimeWindow> getDefaultTrigger(StreamExecutionEnvironment env) {
        return inner.getDefaultTrigger();
    }

    @Override
    public TypeSerializer<TimeWindow> getWindowSerializer(ExecutionConfig executionConfig) {
        return inner.getWindowSerializer(executionConfig);
    }

    @Override
    public boolean isEventTime() {
        return inner.isEventTime();
    }

    @Override
    public String toString() {
        return inner.toString();
    }
}
