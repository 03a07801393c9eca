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
    /** The engine's bound (kSlidingMaxWindowNum), Flink 2's SlidingEventTimeWindows.MAX_WINDOW_NUM. */
    private static final long MAX_WINDOWS_OF_ONE_RECORD = 10_000_000L;

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
        // Flink's loop bounds, counted without building windows. Next to the ends of the long range the last
        // start or timestamp - size wrap around, and the loop would run from near Long.MAX_VALUE down to near
        // Long.MIN_VALUE (more windows than MAX_WINDOW_NUM can only come from that); or a start minus the slide
        // wraps past Long.MIN_VALUE and it never ends.
        long firstExcluded = timestamp - size;
        long lastStart = TimeWindow.getWindowStartWithOffset(timestamp, offset, slide);
        if (lastStart > firstExcluded) {
            long span = lastStart - firstExcluded; // unsigned: the true difference is below 2^64
            long windows = Long.divideUnsigned(span, slide) + (Long.remainderUnsigned(span, slide) != 0 ? 1 : 0);
            if (Long.compareUnsigned(windows, MAX_WINDOWS_OF_ONE_RECORD) > 0) {
                throw new IllegalStateException("assigning sliding windows to timestamp " + timestamp
                        + " does not terminate: the window starts wrap around the long range");
            }
        }
        for (long start = lastStart; start > firstExcluded; ) {
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
