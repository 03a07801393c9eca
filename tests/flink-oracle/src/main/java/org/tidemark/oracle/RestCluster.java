package org.tidemark.oracle;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.CoMapFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.io.File;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A Flink cluster to attach to: a MiniCluster whose REST API listens on 127.0.0.1 (a free port, written to
 * PORTFILE once the job runs) and one slow, bounded job whose watermarks move while it is watched.
 *
 * <pre>
 *   events  (source, parallelism 2, 8 records/s, subtask 1 five seconds ahead in event time) ─┐
 *                                                                                             ├─ align (co-map, 2)
 *   control (source, parallelism 1, 1 record/s, three seconds behind)  ───────────────────────┘   │
 *                                     keyBy(key) → 2 s tumbling event-time windows (2) → discard ─┘
 * </pre>
 *
 * Both sources generate watermarks with forBoundedOutOfOrderness(500 ms). The co-map has two inputs, so Flink
 * reports its currentInput1Watermark and currentInput2Watermark as well as currentInputWatermark (their
 * minimum); the control input holds it back. The job takes about 20 s; the cluster stays up a few seconds
 * after it ends (so that a reader sees it FINISHED), and the process ends within 60 s whatever happens.
 */
final class RestCluster {
    private RestCluster() {}

    static final long BASE_MS = 1_700_000_000_000L;
    static final int EVENTS = 160;
    static final int EVENTS_PER_SECOND = 8;
    static final int CONTROLS = 20;
    static final long LINGER_MS = 5_000;
    static final long DEADLINE_MS = 60_000;

    static int run(File portFile, PrintStream out) throws Exception {
        LoopbackCluster.stopAfter("rest-cluster", DEADLINE_MS);

        Configuration conf = LoopbackCluster.configuration();

        MiniClusterConfiguration config = new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(4)
                .build();
        try (MiniCluster cluster = new MiniCluster(config)) {
            cluster.start();
            URI rest = cluster.getRestAddress().get(20, TimeUnit.SECONDS);
            JobID job = cluster.submitJob(jobGraph()).get(20, TimeUnit.SECONDS).getJobID();
            // the port is written once the job runs: a reader listing the jobs finds it RUNNING
            long until = System.currentTimeMillis() + 20_000;
            while (cluster.getJobStatus(job).get(5, TimeUnit.SECONDS) != JobStatus.RUNNING) {
                if (System.currentTimeMillis() > until) {
                    throw new IllegalStateException("the job did not start running within 20 s");
                }
                Thread.sleep(50);
            }
            writePort(portFile, rest.getPort());
            out.println("rest " + rest + " job " + job);
            out.flush();
            cluster.requestJobResult(job).get(DEADLINE_MS, TimeUnit.MILLISECONDS);
            out.println("finished " + job);
            out.flush();
            Thread.sleep(LINGER_MS);
        }
        return 0;
    }

    private static org.apache.flink.runtime.jobgraph.JobGraph jobGraph() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        TypeInformation<Tuple2<String, Long>> type = Types.TUPLE(Types.STRING, Types.LONG);
        WatermarkStrategy<Tuple2<String, Long>> strategy = WatermarkStrategy
                .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(500))
                .withTimestampAssigner((e, previous) -> e.f1);

        // Each source subtask reads one half of the index range: subtask 0 indexes 0…79, subtask 1 80…159.
        DataStream<Tuple2<String, Long>> events = env.fromSource(
                new DataGeneratorSource<>(RestCluster::event, EVENTS, RateLimiterStrategy.perSecond(EVENTS_PER_SECOND),
                        type),
                strategy, "events").setParallelism(2);
        DataStream<Tuple2<String, Long>> control = env.fromSource(
                new DataGeneratorSource<>(i -> Tuple2.of("control", BASE_MS - 3_000 + i * 1_000), CONTROLS,
                        RateLimiterStrategy.perSecond(1), type),
                strategy, "control").setParallelism(1);
        events.connect(control)
                .map(new PassBoth())
                .returns(type)
                .name("align")
                .setParallelism(2)
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                .reduce((a, b) -> Tuple2.of(a.f0, Math.max(a.f1, b.f1)))
                .name("window")
                .setParallelism(2)
                .sinkTo(new DiscardingSink<>())
                .name("discard")
                .setParallelism(2);
        return env.getStreamGraph().getJobGraph();
    }

    // Keys a, b, c in turn; 250 ms of event time per record, the second half five seconds ahead.
    private static Tuple2<String, Long> event(long index) {
        long half = EVENTS / 2;
        long ts = BASE_MS + (index % half) * 250 + (index >= half ? 5_000 : 0);
        return Tuple2.of(String.valueOf((char) ('a' + index % 3)), ts);
    }

    private static final class PassBoth implements CoMapFunction<Tuple2<String, Long>, Tuple2<String, Long>,
            Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> map1(Tuple2<String, Long> value) {
            return value;
        }

        @Override
        public Tuple2<String, Long> map2(Tuple2<String, Long> value) {
            return value;
        }
    }

    // Written whole or not at all: a reader polling for the file never sees half a number.
    private static void writePort(File portFile, int port) throws Exception {
        File tmp = new File(portFile.getPath() + ".tmp");
        Files.writeString(tmp.toPath(), port + "\n", StandardCharsets.UTF_8);
        Files.move(tmp.toPath(), portFile.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
