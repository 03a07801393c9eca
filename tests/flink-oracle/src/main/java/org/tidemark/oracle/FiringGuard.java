package org.tidemark.oracle;

import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.Window;

/**
 * The oracle's bound on a timer advance that never ends, as the engine's (EndlessFiringError): a trigger whose
 * timers keep falling behind the time that fires them (a continuous-event-time trigger whose next fire time
 * overflows next to Long.MAX_VALUE) loops inside one advance of Flink's timer service, and so would the oracle.
 * A plain delegate: every decision is the wrapped Flink trigger's; it only counts timer callbacks per advance.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class FiringGuard<W extends Window> extends Trigger<Object, W> {
    static final long MAX_FIRINGS_PER_ADVANCE = 200_000;
    private static long callbacks = 0;

    private final Trigger inner;

    private FiringGuard(Trigger inner) {
        this.inner = inner;
    }

    static Trigger around(Trigger t) {
        return new FiringGuard<>(t);
    }

    /** A watermark or processing-time advance starts: the count begins again. */
    static void startAdvance() {
        callbacks = 0;
    }

    private static void count() {
        if (++callbacks > MAX_FIRINGS_PER_ADVANCE) {
            throw new IllegalStateException("more than " + MAX_FIRINGS_PER_ADVANCE
                    + " timer firings in one advance: the scenario does not terminate");
        }
    }

    /**
     * The window of the last FIRE and the watermark then: what a window join's JoinFunction or CoGroupFunction,
     * which Flink calls at once for that window without showing it, reports its results with.
     */
    static Window firingWindow;
    static long firingWatermark = Long.MIN_VALUE;

    private static TriggerResult noted(TriggerResult r, Window window, TriggerContext ctx) {
        if (r.isFire()) {
            firingWindow = window;
            firingWatermark = ctx.getCurrentWatermark();
        }
        return r;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, W window, TriggerContext ctx) throws Exception {
        return noted(inner.onElement(element, timestamp, window, ctx), window, ctx);
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception {
        count();
        return noted(inner.onEventTime(time, window, ctx), window, ctx);
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception {
        count();
        return noted(inner.onProcessingTime(time, window, ctx), window, ctx);
    }

    @Override
    public boolean canMerge() {
        return inner.canMerge();
    }

    @Override
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        inner.onMerge(window, ctx);
    }

    @Override
    public void clear(W window, TriggerContext ctx) throws Exception {
        inner.clear(window, ctx);
    }

    @Override
    public String toString() {
        return inner.toString();
    }
}
