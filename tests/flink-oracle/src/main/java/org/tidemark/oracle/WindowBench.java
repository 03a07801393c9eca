package org.tidemark.oracle;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.windowing.PassThroughWindowFunction;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperatorBuilder;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;

/**
 * Flink's own WindowOperator with heap keyed state over the records of `tidemark_bench --write-trace`, for the
 * paired figures of scripts/bench: the same traces (tumbling 10 s with 1 s allowed lateness, sliding 10 s every
 * 1 s, sessions with a 2 s gap), the same watermarks (maxTs - 500 - 1 after every 200 records, then
 * Long.MAX_VALUE), and the incremental sum a Flink user writes, as tidemark_bench's engine figures run them.
 *
 * <p>The operator runs in a test harness (HashMapStateBackend, keys set per record as a keyed stream sets them),
 * the records and their StreamRecord are made once and reused, every run is preceded by warm-up runs so that the
 * JIT has compiled the loop, and the time is this thread's CPU time, as tidemark_bench takes its own. Prints, per
 * trace, `flink_<trace>_records_per_s MEDIAN MIN MAX FIRES`; then JoinBench's interval join figure and
 * WindowOverWindowBench's window over a window.
 */
final class WindowBench {
    private WindowBench() {}

    private static final int WATERMARK_EVERY = 200;
    private static final long DISORDER_MS = 500;

    /** One record of the trace; the key boxed once, as a source that reuses its objects would hand it on. */
    static final class Rec {
        Integer key;
        long ts;
        double value;
    }

    /** The sum of the window's values, in a mutable accumulator (HeapAggregatingState keeps it in place). */
    static final class Sum implements AggregateFunction<Rec, double[], Double> {
        @Override
        public double[] createAccumulator() {
            return new double[1];
        }

        @Override
        public double[] add(Rec r, double[] acc) {
            acc[0] += r.value;
            return acc;
        }

        @Override
        public Double getResult(double[] acc) {
            return acc[0];
        }

        @Override
        public double[] merge(double[] a, double[] b) {
            a[0] += b[0];
            return a;
        }
    }

    static int run(String[] args, PrintStream out) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: flink-oracle --window-bench TRACE [REPETITIONS]");
            return 2;
        }
        Rec[] records = read(Path.of(args[0]));
        int repetitions = args.length == 2 ? Integer.parseInt(args[1]) : 5;
        for (String trace : new String[] {"tumbling", "sliding10", "session"}) {
            for (int i = 0; i < 2; i++) {
                runOnce(trace, records); // warm-up: the JIT compiles the operator's paths
            }
            double[] perSecond = new double[repetitions];
            long fires = 0;
            for (int i = 0; i < repetitions; i++) {
                long[] result = runOnce(trace, records);
                perSecond[i] = records.length / (result[0] * 1e-9);
                fires = result[1];
            }
            Arrays.sort(perSecond);
            out.printf("flink_%s_records_per_s %.6g %.6g %.6g %d%n", trace, perSecond[repetitions / 2], perSecond[0],
                    perSecond[repetitions - 1], fires);
            out.flush();
        }
        JoinBench.print(records, repetitions, out); // and Flink's IntervalJoinOperator on the same records
        WindowOverWindowBench.print(records, repetitions, out); // and a window over a window's results
        return 0;
    }

    /** The trace as tidemark_bench writes it: "TMTRACE1", the count, then int32 key, int64 ts, double value. */
    static Rec[] read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            byte[] magic = new byte[8];
            b.get(magic);
            if (!new String(magic, StandardCharsets.US_ASCII).equals("TMTRACE1")) {
                throw new IOException(file + ": not a trace of tidemark_bench --write-trace");
            }
            int n = Math.toIntExact(b.getLong());
            Integer[] keys = new Integer[1 << 16];
            Rec[] records = new Rec[n];
            for (int i = 0; i < n; i++) {
                Rec r = new Rec();
                int key = b.getInt();
                if (keys[key] == null) {
                    keys[key] = key;
                }
                r.key = keys[key];
                r.ts = b.getLong();
                r.value = b.getDouble();
                records[i] = r;
            }
            return records;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static OneInputStreamOperator<Rec, Double> operator(String trace) {
        WindowAssigner assigner = switch (trace) {
            case "tumbling" -> TumblingEventTimeWindows.of(Duration.ofMillis(10_000));
            case "sliding10" -> SlidingEventTimeWindows.of(Duration.ofMillis(10_000), Duration.ofMillis(1_000));
            case "session" -> EventTimeSessionWindows.withGap(Duration.ofMillis(2_000));
            default -> throw new IllegalArgumentException(trace);
        };
        KeySelector<Rec, Integer> key = r -> r.key;
        WindowOperatorBuilder b = new WindowOperatorBuilder(assigner, assigner.getDefaultTrigger(),
                new ExecutionConfig(), TypeInformation.of(Rec.class), key, Types.INT);
        if (trace.equals("tumbling")) {
            b.allowedLateness(Duration.ofMillis(1_000));
        }
        return (OneInputStreamOperator<Rec, Double>) b.aggregate(new Sum(), new PassThroughWindowFunction(),
                TypeInformation.of(double[].class));
    }

    /** One timed pass: {CPU nanoseconds, windows fired}. */
    static long[] runOnce(String trace, Rec[] records) throws Exception {
        KeyedOneInputStreamOperatorTestHarness<Integer, Rec, Double> h = new KeyedOneInputStreamOperatorTestHarness<>(
                operator(trace), r -> r.key, Types.INT);
        h.open();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        StreamRecord<Rec> reused = new StreamRecord<>(null);
        long fires = 0;
        long maxTs = Long.MIN_VALUE;
        long start = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < records.length; i++) {
            Rec r = records[i];
            h.processElement(reused.replace(r, r.ts));
            maxTs = Math.max(maxTs, r.ts);
            if ((i + 1) % WATERMARK_EVERY == 0) {
                h.processWatermark(maxTs - DISORDER_MS - 1);
                fires += drain(h);
            }
        }
        h.processWatermark(Long.MAX_VALUE); // end of input: everything still open fires
        fires += drain(h);
        long nanos = cpu.getCurrentThreadCpuTime() - start;
        h.close();
        return new long[] {nanos, fires};
    }

    /** The windows fired since the last call (the harness also keeps the watermarks it forwards). */
    private static long drain(KeyedOneInputStreamOperatorTestHarness<Integer, Rec, Double> h) {
        long fired = 0;
        for (Object o : h.getOutput()) {
            if (o instanceof StreamRecord) {
                fired++;
            }
        }
        h.getOutput().clear();
        return fired;
    }
}
