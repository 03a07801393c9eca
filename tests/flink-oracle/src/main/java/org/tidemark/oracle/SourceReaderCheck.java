package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.metrics.groups.UnregisteredMetricGroups;
import org.apache.flink.streaming.api.operators.source.ProgressiveTimestampsAndWatermarks;
import org.apache.flink.streaming.api.operators.source.TimestampsAndWatermarks;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.tasks.TestProcessingTimeService;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.clock.ManualClock;

/**
 * One source reader's watermarks, as Flink's own SourceOperator makes them (ProgressiveTimestampsAndWatermarks,
 * with its per-split generators, WatermarkOutputMultiplexer and idleness), for Tidemark's differential test of the
 * same classes (tests/differential/tst_source_reader_differential.cpp).
 *
 * A script names the watermark strategy (as a scenario's "watermarks"), the splits the reader was given (in that
 * order, before any record) and the records: {"split", "ts", "at"} with "at" the processing time, not decreasing;
 * then "endMs". The periodic timer runs every periodMs from 0, as the operator's processing-time service schedules
 * it; a timer due at a record's time runs before the record. Prints one line per thing the reader forwards:
 * "AT W<ts>", "AT IDLE", "AT ACTIVE". Every file's lines follow "#FILE path".
 */
final class SourceReaderCheck {
    private SourceReaderCheck() {}

    /** Processing time 0 must not read as 0: WatermarksWithIdleness takes a start of 0 for "not started". */
    private static final long ORIGIN_MS = 3_600_000L;

    static List<String> play(File file) throws Exception {
        JsonNode root = new ObjectMapper().readTree(file);
        JsonNode wm = root.get("watermarks");
        Scenario s = new Scenario();
        s.strategy = wm.get("strategy").asText();
        s.maxOutOfOrdernessMs = wm.path("maxOutOfOrdernessMs").asLong(0);
        s.emit = wm.path("emit").asText("periodic");
        s.periodMs = wm.path("periodMs").asLong(200);
        s.idlenessMs = wm.path("idlenessMs").asLong(0);
        // the per-split clocks the reader makes: idleness measured as a real job measures it
        WatermarkStrategy<Ev> strategy = FlinkPipeline.strategy(s, null);

        List<String> forwarded = new ArrayList<>();
        long[] now = {0};
        PushingAsyncDataInput.DataOutput<Ev> data = dataOutput(forwarded, now);
        TimestampsAndWatermarks.WatermarkUpdateListener listener = (TimestampsAndWatermarks.WatermarkUpdateListener)
                Proxy.newProxyInstance(SourceReaderCheck.class.getClassLoader(),
                        new Class<?>[] {TimestampsAndWatermarks.WatermarkUpdateListener.class},
                        (proxy, method, args) -> null);

        ManualClock clock = new ManualClock(ORIGIN_MS * 1_000_000L);
        TestProcessingTimeService timers = new TestProcessingTimeService();
        timers.setCurrentTime(0);
        ProgressiveTimestampsAndWatermarks<Ev> reader = new ProgressiveTimestampsAndWatermarks<>(
                (ev, previous) -> ev.ts, strategy,
                new TimestampsAndWatermarks.TimestampsAndWatermarksContextProvider(new UnregisteredMetricsGroup()),
                timers, Duration.ofMillis(s.periodMs), clock, clock,
                UnregisteredMetricGroups.createUnregisteredTaskMetricGroup().getIOMetricGroup());
        ReaderOutput<Ev> main = reader.createMainOutput(data, listener);
        reader.startPeriodicWatermarkEmits();
        Map<String, SourceOutput<Ev>> splits = new LinkedHashMap<>();
        for (JsonNode split : root.get("splits")) {
            splits.put(split.asText(), main.createOutputForSplit(split.asText()));
        }

        for (JsonNode r : root.get("records")) {
            advance(r.get("at").asLong(), s.periodMs, clock, timers, now);
            long ts = r.get("ts").asLong();
            splits.get(r.get("split").asText()).collect(new Ev(null, null, null, ts, false, 0), ts);
        }
        advance(root.get("endMs").asLong(), s.periodMs, clock, timers, now);
        return forwarded;
    }

    /** Runs every timer due up to `to`, each at its own time, then moves the clocks to `to`. */
    private static void advance(long to, long period, ManualClock clock, TestProcessingTimeService timers, long[] now)
            throws Exception {
        for (long tick = (now[0] / period + 1) * period; tick <= to; tick += period) {
            moveTo(tick, clock, timers, now);
        }
        moveTo(to, clock, timers, now);
    }

    private static void moveTo(long t, ManualClock clock, TestProcessingTimeService timers, long[] now)
            throws Exception {
        if (t < now[0]) {
            return;
        }
        clock.advanceTime(Duration.ofMillis(t - now[0]));
        now[0] = t;
        timers.setCurrentTime(t);
    }

    @SuppressWarnings("unchecked")
    private static PushingAsyncDataInput.DataOutput<Ev> dataOutput(List<String> forwarded, long[] now) {
        return (PushingAsyncDataInput.DataOutput<Ev>) Proxy.newProxyInstance(SourceReaderCheck.class.getClassLoader(),
                new Class<?>[] {PushingAsyncDataInput.DataOutput.class}, (proxy, method, args) -> {
                    if (method.getName().equals("emitWatermark") && args[0] instanceof
                            org.apache.flink.streaming.api.watermark.Watermark w) {
                        forwarded.add(now[0] + " W" + w.getTimestamp());
                    } else if (method.getName().equals("emitWatermarkStatus")) {
                        forwarded.add(now[0] + " " + (((WatermarkStatus) args[0]).isIdle() ? "IDLE" : "ACTIVE"));
                    }
                    return null;
                });
    }
}
