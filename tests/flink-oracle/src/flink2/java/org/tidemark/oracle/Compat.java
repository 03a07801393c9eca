package org.tidemark.oracle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.operators.TimestampsAndWatermarksOperatorFactory;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

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
     * Why strategy legacy-bounded-out-of-orderness cannot run on this Flink line, or null when it can.
     * Flink 2.0 removed AssignerWithPeriodicWatermarks, its adapter and the
     * assignTimestampsAndWatermarks overload that took one: the legacy periodic assigner a 1.x job
     * plugged a BoundedOutOfOrdernessTimestampExtractor into.
     */
    static String legacyRefusal() {
        return "invalid configuration: strategy \"legacy-bounded-out-of-orderness\" needs the legacy periodic assigner API"
                + " (AssignerWithPeriodicWatermarks, as BoundedOutOfOrdernessTimestampExtractor implemented it),"
                + " which was removed in Flink 2.0; use bounded-out-of-orderness";
    }

    static WatermarkStrategy<Ev> legacyBoundedOutOfOrderness(long maxOutOfOrdernessMs) {
        throw new IllegalArgumentException(legacyRefusal());
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
}
