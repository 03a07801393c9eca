package org.tidemark.oracle;

import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.functions.NullByteKeySelector;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.util.CloseableIterator;

import java.io.File;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * End-to-end check without any harness: a scenario runs as a real DataStream job on a local
 * MiniCluster (parallelism 1; a bounded source emitting the records, and the watermark records as
 * punctuations, in file order; per-event emission so the run is deterministic) and must give the
 * same fires and the same late records as the harness-driven oracle on the same scenario.
 * Late records are observed through a late side output in the job (the window operator takes the
 * same decision for a dropped and a side-output record).
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class MiniClusterCheck {
    private MiniClusterCheck() {}

    static boolean run(List<File> files, PrintStream out) throws Exception {
        boolean ok = true;
        for (File f : files) {
            Scenario s = Scenario.load(f);
            // What a real parallelism-1 job with a bounded source does deterministically.
            s.wmParallelism = 1;
            s.windowParallelism = 1;
            s.sourceParallelism = 1;
            s.partitioning = "rebalance";
            s.emit = "per-event";
            s.periodMs = 0;
            s.idlenessMs = 0;
            s.endOfInput = "max-watermark";
            for (Scenario.Rec r : s.records) {
                r.channel = null; // one channel: the job's single source subtask
            }
            if (s.timeDomain.equals("processing") || s.trigger.equals("processing-time")) {
                out.println("SKIP " + f.getPath() + " (processing time is not reproducible in a real job)");
                continue;
            }
            List<String> expectedFires = new ArrayList<>();
            List<String> expectedLates = new ArrayList<>();
            for (String l : Oracle.run(s)) {
                if (l.contains("\"type\":\"fire\"")) {
                    expectedFires.add(fireKey(l));
                } else {
                    expectedLates.add(lateKey(l));
                }
            }
            List<String> fires = new ArrayList<>();
            List<String> lates = new ArrayList<>();
            for (String l : runJob(s)) {
                (l.startsWith("L") ? lates : fires).add(l.substring(1));
            }
            boolean same = fires.equals(expectedFires) && lates.equals(expectedLates);
            out.println((same ? "OK   " : "FAIL ") + f.getPath() + " (" + fires.size() + " fires, " + lates.size() + " late)");
            if (!same) {
                ok = false;
                out.println("  harness fires: " + expectedFires);
                out.println("  job fires:     " + fires);
                out.println("  harness late:  " + expectedLates);
                out.println("  job late:      " + lates);
            }
        }
        return ok;
    }

    /** A harness fire line without afterInput and timing (a real job cannot observe either). */
    private static String fireKey(String line) {
        return line.replaceAll("\"afterInput\":\\d+,\"subtask\":\\d+,", "").replaceAll("\"timing\":\"[a-z-]+\",", "")
                .replace("{\"type\":\"fire\",", "").replaceAll("}$", "");
    }

    private static String lateKey(String line) {
        String key = line.replaceAll(".*\"key\":(null|\"[^\"]*\"),.*", "$1");
        String ts = line.replaceAll(".*\"ts\":(-?\\d+),.*", "$1");
        String value = line.replaceAll(".*\"value\":([^,]+),.*", "$1");
        return key + "," + ts + "," + value;
    }

    /** The job's fires ("F" + fragment) and late records ("L" + key,ts,value), collected in the order they came. */
    private static List<String> runJob(Scenario s) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.getConfig().setAutoWatermarkInterval(0);
        List<Ev> input = new ArrayList<>();
        for (int i = 0; i < s.records.size(); i++) {
            Scenario.Rec r = s.records.get(i);
            input.add(new Ev(r.key, r.keyFields, r.value, r.ts, r.watermark, i));
        }
        FlinkPipeline.ScenarioClock clock = new FlinkPipeline.ScenarioClock();
        DataStream<Ev> withTimestamps = env.fromData(input, FlinkPipeline.EV_TYPE)
                .assignTimestampsAndWatermarks(FlinkPipeline.strategy(s, clock))
                .filter(ev -> !ev.marker);
        KeySelector keySelector = FlinkPipeline.keySelector(s);
        TypeInformation keyType = FlinkPipeline.keyType(s);
        WindowedStream windowed = withTimestamps.keyBy(keySelector, keyType).window(FlinkPipeline.assigner(s));
        Trigger t = FlinkPipeline.trigger(s, FlinkPipeline.assigner(s));
        if (t != null) {
            windowed = windowed.trigger(t);
        }
        windowed = windowed.allowedLateness(Duration.ofMillis(s.allowedLatenessMs)).sideOutputLateData(FlinkPipeline.LATE_TAG);
        Evictor e = FlinkPipeline.evictor(s);
        if (e != null) {
            windowed = windowed.evictor(e);
        }
        SingleOutputStreamOperator<String> result = s.function.equals("list")
                ? windowed.process(new FlinkPipeline.ListFunction(s.field, s.windowAll()), BasicTypeInfo.STRING_TYPE_INFO)
                : windowed.aggregate(new FlinkPipeline.Agg(s.field), new FlinkPipeline.AggFunction(s.function, s.windowAll()),
                        TypeInformation.of(FlinkPipeline.Acc.class), BasicTypeInfo.STRING_TYPE_INFO,
                        BasicTypeInfo.STRING_TYPE_INFO);
        boolean windowAll = s.windowAll();
        DataStream<String> all = result.map(f -> "F" + stripTiming(f)).union(result.getSideOutput(FlinkPipeline.LATE_TAG)
                .map(ev -> "L" + (windowAll ? "null" : Json.str(ev.key)) + "," + ev.ts + "," + Json.num(ev.value)));
        // SinkFunction/addSink are gone in Flink 2.x; executeAndCollect exists in both lines
        List<String> lines = new ArrayList<>();
        try (CloseableIterator<String> it = all.executeAndCollect("tidemark-oracle-e2e")) {
            while (it.hasNext()) {
                lines.add(it.next());
            }
        }
        return lines;
    }

    private static String stripTiming(String fragment) {
        return fragment.replaceAll("\"timing\":\"[a-z-]+\",", "");
    }
}
