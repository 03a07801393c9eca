package org.tidemark.oracle;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.functions.windowing.PassThroughWindowFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperatorBuilder;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;

/**
 * Two of Flink's WindowOperators, one over the other's results, over the records of `tidemark_bench --write-trace`,
 * beside tidemark_bench's engine_window_over_window figure: a tumbling 1 s sum per key, each result a record of
 * its key at its window's maxTimestamp() (a ProcessWindowFunction around the incremental sum, as a Flink user
 * keeps the key), into a tumbling 10 s max per key; each watermark to the first, then what it put out (its results,
 * then the watermark it forwards after its timers) to the second. Warmed up, this thread's CPU time, as
 * WindowBench. Prints `flink_window_over_window_records_per_s MEDIAN MIN MAX FIRES`, FIRES the second window's.
 */
final class WindowOverWindowBench {
    private WindowOverWindowBench() {}

    private static final int WATERMARK_EVERY = 200;
    private static final long DISORDER_MS = 500;

    /** A window's result as the next window reads it: key, the window's maxTimestamp(), the sum. */
    private static final TypeInformation<Tuple3<Integer, Long, Double>> RESULT =
            Types.TUPLE(Types.INT, Types.LONG, Types.DOUBLE);

    /** The largest sum of the window's results. */
    static final class Max implements AggregateFunction<Tuple3<Integer, Long, Double>, double[], Double> {
        @Override
        public double[] createAccumulator() {
            return new double[] {Double.NEGATIVE_INFINITY};
        }

        @Override
        public double[] add(Tuple3<Integer, Long, Double> r, double[] acc) {
            acc[0] = Math.max(acc[0], r.f2);
            return acc;
        }

        @Override
        public Double getResult(double[] acc) {
            return acc[0];
        }

        @Override
        public double[] merge(double[] a, double[] b) {
            a[0] = Math.max(a[0], b[0]);
            return a;
        }
    }

    /** The sum of a key's window as a record of the key (a Tuple, which Flink copies without Kryo). */
    static final class KeyedResult
            extends ProcessWindowFunction<Double, Tuple3<Integer, Long, Double>, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Double> sums,
                Collector<Tuple3<Integer, Long, Double>> out) {
            out.collect(Tuple3.of(key, ctx.window().maxTimestamp(), sums.iterator().next()));
        }
    }

    @SuppressWarnings("unchecked")
    static void print(WindowBench.Rec[] records, int repetitions, PrintStream out) throws Exception {
        for (int i = 0; i < 2; i++) {
            runOnce(records); // warm-up
        }
        double[] perSecond = new double[repetitions];
        long fires = 0;
        for (int i = 0; i < repetitions; i++) {
            long[] result = runOnce(records);
            perSecond[i] = records.length / (result[0] * 1e-9);
            fires = result[1];
        }
        Arrays.sort(perSecond);
        out.printf("flink_window_over_window_records_per_s %.6g %.6g %.6g %d%n", perSecond[repetitions / 2],
                perSecond[0], perSecond[repetitions - 1], fires);
        out.flush();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static long[] runOnce(WindowBench.Rec[] records) throws Exception {
        KeySelector<WindowBench.Rec, Integer> key = r -> r.key;
        var oneSecond = TumblingEventTimeWindows.of(Duration.ofMillis(1_000));
        var first = (OneInputStreamOperator<WindowBench.Rec, Tuple3<Integer, Long, Double>>) new WindowOperatorBuilder(
                oneSecond,
                oneSecond.getDefaultTrigger(), new ExecutionConfig(), TypeInformation.of(WindowBench.Rec.class),
                key, Types.INT)
                .aggregate(new WindowBench.Sum(), new KeyedResult(), TypeInformation.of(double[].class));
        var tenSeconds = TumblingEventTimeWindows.of(Duration.ofMillis(10_000));
        KeySelector<Tuple3<Integer, Long, Double>, Integer> resultKey = t -> t.f0;
        var second = (OneInputStreamOperator<Tuple3<Integer, Long, Double>, Double>) new WindowOperatorBuilder(
                tenSeconds, tenSeconds.getDefaultTrigger(), new ExecutionConfig(), RESULT, resultKey, Types.INT)
                .aggregate(new Max(), new PassThroughWindowFunction(), TypeInformation.of(double[].class));
        try (var h1 = new KeyedOneInputStreamOperatorTestHarness<Integer, WindowBench.Rec, Tuple3<Integer, Long,
                        Double>>(first, key, Types.INT);
                var h2 = new KeyedOneInputStreamOperatorTestHarness<Integer, Tuple3<Integer, Long, Double>, Double>(
                        second, resultKey, Types.INT)) {
            h1.open();
            h2.open();
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            StreamRecord<WindowBench.Rec> reused = new StreamRecord<>(null);
            long fires = 0;
            long maxTs = Long.MIN_VALUE;
            long start = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < records.length; i++) {
                WindowBench.Rec r = records[i];
                h1.processElement(reused.replace(r, r.ts));
                maxTs = Math.max(maxTs, r.ts);
                if ((i + 1) % WATERMARK_EVERY == 0) {
                    fires += advance(h1, h2, maxTs - DISORDER_MS - 1);
                }
            }
            fires += advance(h1, h2, Long.MAX_VALUE);
            long nanos = cpu.getCurrentThreadCpuTime() - start;
            return new long[] {nanos, fires};
        }
    }

    /** A watermark through both operators, the first's output handed on in order; the second's firings. */
    @SuppressWarnings("unchecked")
    private static long advance(
            KeyedOneInputStreamOperatorTestHarness<Integer, WindowBench.Rec, Tuple3<Integer, Long, Double>> h1,
            KeyedOneInputStreamOperatorTestHarness<Integer, Tuple3<Integer, Long, Double>, Double> h2, long watermark)
            throws Exception {
        h1.processWatermark(watermark);
        for (Object o : h1.getOutput()) {
            if (o instanceof StreamRecord<?> rec) {
                h2.processElement((StreamRecord<Tuple3<Integer, Long, Double>>) rec);
            } else if (o instanceof Watermark wm) {
                h2.processWatermark(wm);
            }
        }
        h1.getOutput().clear();
        long fired = 0;
        for (Object o : h2.getOutput()) {
            if (o instanceof StreamRecord) {
                fired++;
            }
        }
        h2.getOutput().clear();
        return fired;
    }
}
