package org.tidemark.oracle;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.operators.co.IntervalJoinOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;

/**
 * Flink's own IntervalJoinOperator with heap keyed state over the records of `tidemark_bench --write-trace`, beside
 * tidemark_bench's engine_interval_join figure: every other record to each side, joined by key within ±2 s, the
 * watermark (maxTs - 500 - 1 after every 200 records, then Long.MAX_VALUE) to both inputs, and a join function that
 * counts its pairs. Warmed up, records reused, this thread's CPU time, as WindowBench. Prints
 * `flink_interval_join_records_per_s MEDIAN MIN MAX PAIRS`.
 */
final class JoinBench {
    private JoinBench() {}

    private static final int WATERMARK_EVERY = 200;
    private static final long DISORDER_MS = 500;

    /** Counts the pairs; emits nothing, so that the harness's output queue stays empty. */
    static final class CountPairs extends ProcessJoinFunction<WindowBench.Rec, WindowBench.Rec, Long> {
        long pairs;

        @Override
        public void processElement(WindowBench.Rec left, WindowBench.Rec right, Context ctx, Collector<Long> out) {
            pairs++;
        }
    }

    static void print(WindowBench.Rec[] records, int repetitions, PrintStream out) throws Exception {
        for (int i = 0; i < 2; i++) {
            runOnce(records); // warm-up
        }
        double[] perSecond = new double[repetitions];
        long pairs = 0;
        for (int i = 0; i < repetitions; i++) {
            long[] result = runOnce(records);
            perSecond[i] = records.length / (result[0] * 1e-9);
            pairs = result[1];
        }
        Arrays.sort(perSecond);
        out.printf("flink_interval_join_records_per_s %.6g %.6g %.6g %d%n", perSecond[repetitions / 2], perSecond[0],
                perSecond[repetitions - 1], pairs);
        out.flush();
    }

    /** One timed pass: {CPU nanoseconds, pairs}. */
    static long[] runOnce(WindowBench.Rec[] records) throws Exception {
        TypeSerializer<WindowBench.Rec> serializer =
                TypeInformation.of(WindowBench.Rec.class).createSerializer(new SerializerConfigImpl());
        CountPairs function = new CountPairs();
        var join = new IntervalJoinOperator<Integer, WindowBench.Rec, WindowBench.Rec, Long>(-2_000, 2_000, true, true,
                null, null, serializer, serializer, function);
        try (var h = new KeyedTwoInputStreamOperatorTestHarness<Integer, WindowBench.Rec, WindowBench.Rec, Long>(
                join, r -> r.key, r -> r.key, Types.INT)) {
            h.open();
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            StreamRecord<WindowBench.Rec> reused = new StreamRecord<>(null);
            long maxTs = Long.MIN_VALUE;
            long start = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < records.length; i++) {
                WindowBench.Rec r = records[i];
                if (i % 2 == 0) {
                    h.processElement1(reused.replace(r, r.ts));
                } else {
                    h.processElement2(reused.replace(r, r.ts));
                }
                maxTs = Math.max(maxTs, r.ts);
                if ((i + 1) % WATERMARK_EVERY == 0) {
                    h.processBothWatermarks(new Watermark(maxTs - DISORDER_MS - 1));
                    h.getOutput().clear();
                }
            }
            h.processBothWatermarks(new Watermark(Long.MAX_VALUE));
            long nanos = cpu.getCurrentThreadCpuTime() - start;
            return new long[] {nanos, function.pairs};
        }
    }
}
