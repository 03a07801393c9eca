package org.tidemark.oracle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.operators.TimestampsAndWatermarksOperatorFactory;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.util.TaggedUnion;

import java.time.Duration;

/**
 * What differs between Flink 1.20 and Flink 2.x in the classes the oracle uses: this is the Flink 2.x
 * side (src/flink1/java has the other). Everything else compiles against both lines unchanged.
 */
final class Compat {
    private Compat() {}

    /**
     * A harness around Flink's TimestampsAndWatermarksOperator. In 2.x the operator takes its
     * StreamOperatorParameters in the constructor, so the harness builds it through the factory
     * DataStream#assignTimestampsAndWatermarks uses.
     */
    static OneInputStreamOperatorTestHarness<Ev, Ev> timestampsHarness(WatermarkStrategy<Ev> strategy) throws Exception {
        return new OneInputStreamOperatorTestHarness<>(new TimestampsAndWatermarksOperatorFactory<>(strategy, true));
    }

    /**
     * The legacy BoundedOutOfOrdernessTimestampExtractor. Flink 2.0 removed AssignerWithPeriodicWatermarks and
     * its adapter, but kept this class, rewritten as a WatermarkStrategy (WatermarkStrategyWithPeriodicWatermarks)
     * with the same watermark, max - d: a 2.x job passes it to assignTimestampsAndWatermarks directly. It is both
     * timestamp assigner and generator, so each channel needs its own instance.
     */
    static WatermarkStrategy<Ev> legacyBoundedOutOfOrderness(long maxOutOfOrdernessMs) {
        return new BoundedOutOfOrdernessTimestampExtractor<Ev>(Duration.ofMillis(maxOutOfOrdernessMs)) {
            @Override
            public long extractTimestamp(Ev ev) {
                return ev.ts;
            }
        };
    }

    /**
     * The output a StatusWatermarkValve writes to. 2.x adds generalized watermarks (WatermarkEvent) to
     * the interface; a valve never emits them.
     */
    abstract static class DataOutputBase<T> implements PushingAsyncDataInput.DataOutput<T> {
        @Override
        public void emitWatermark(WatermarkEvent watermark) {
            throw new IllegalStateException("a valve emits no generalized watermarks");
        }
    }

    /** A window join's record of input `side` (0: first) as CoGroupedStreams tags it (2.x: org.apache.flink.util). */
    static Object tagged(int side, String v) {
        return side == 0 ? TaggedUnion.one(v) : TaggedUnion.two(v);
    }
}
