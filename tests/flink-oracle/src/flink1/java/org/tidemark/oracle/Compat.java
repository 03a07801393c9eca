package org.tidemark.oracle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.CoGroupedStreams;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.operators.TimestampsAndWatermarksOperator;
import org.apache.flink.streaming.runtime.operators.util.AssignerWithPeriodicWatermarksAdapter;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import java.time.Duration;

/**
 * What differs between Flink 1.20 and Flink 2.x in the classes the oracle uses: this is the Flink 1.20
 * side (src/flink2/java has the other). Everything else compiles against both lines unchanged.
 */
final class Compat {
    private Compat() {}

    /** A harness around Flink's TimestampsAndWatermarksOperator (1.20: the operator is built directly). */
    static OneInputStreamOperatorTestHarness<Ev, Ev> timestampsHarness(WatermarkStrategy<Ev> strategy) throws Exception {
        return new OneInputStreamOperatorTestHarness<>(new TimestampsAndWatermarksOperator<>(strategy, true));
    }

    /**
     * The legacy BoundedOutOfOrdernessTimestampExtractor (an AssignerWithPeriodicWatermarks) as
     * assignTimestampsAndWatermarks(AssignerWithPeriodicWatermarks) wraps it. It is both timestamp
     * assigner and generator, so each channel needs its own instance.
     */
    static WatermarkStrategy<Ev> legacyBoundedOutOfOrderness(long maxOutOfOrdernessMs) {
        return new AssignerWithPeriodicWatermarksAdapter.Strategy<>(
                new BoundedOutOfOrdernessTimestampExtractor<Ev>(Duration.ofMillis(maxOutOfOrdernessMs)) {
                    @Override
                    public long extractTimestamp(Ev ev) {
                        return ev.ts;
                    }
                });
    }

    /** The output a StatusWatermarkValve writes to (1.20: the interface needs nothing more). */
    abstract static class DataOutputBase<T> implements PushingAsyncDataInput.DataOutput<T> {}

    /** A window join's record of input `side` (0: first) as CoGroupedStreams tags it (1.20: CoGroupedStreams.TaggedUnion). */
    static Object tagged(int side, String v) {
        return side == 0 ? CoGroupedStreams.TaggedUnion.one(v) : CoGroupedStreams.TaggedUnion.two(v);
    }
}
