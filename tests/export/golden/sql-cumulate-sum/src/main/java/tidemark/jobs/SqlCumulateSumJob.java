package tidemark.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.Collector;

/**
 * cumulate: 6 s growing by 2 s, in Flink SQL.
 *
 * Flink SQL's CUMULATE window: every key's sum so far, at 2, 4 and 6 seconds into each 6-second window; one
 * record arrives after its first windows fired and counts in the larger ones, one after all of them and is
 * dropped.
 *
 * Exported by Tidemark (test) from sql-cumulate-sum.json for Apache Flink 2.3.0. Build it with `mvn package`;
 * `java -jar target/sql-cumulate-sum.jar` runs it on a local MiniCluster. It prints what Tidemark's Output dock
 * shows for the scenario (`tidemark run sql-cumulate-sum.json --format text`).
 *
 * The records of data/events.csv are replayed at their arrival times, each to the watermark assigner Tidemark
 * sends it to, as the DataStream export does, and declared as the table events with the WATERMARK a CREATE
 * TABLE of a real source would have (the comment on QUERY shows it). forBoundedOutOfOrderness(500 ms) emits
 * max - 500 - 1; SQL's `ts - INTERVAL 'd'` emits max - d, so the declaration subtracts 501 ms and the job's
 * watermarks are the scenario's exactly.
 *
 * What this job does not reproduce:
 * - SQL's watermark assigner emits at once, not at the next period, when a record raises the watermark by more
 *   than the period: that matters only for records closer together than the period.
 * - Cumulate windows add up slices: a sum or average of fractions may differ in its last digits.
 */
public final class SqlCumulateSumJob {
    private SqlCumulateSumJob() {}

    /**
     * The table as a real source declares it; this job declares the same columns and watermark on the
     * replayed records (the Schema in main):
     *
     *   CREATE TABLE events (
     *       `key` STRING,
     *       v DOUBLE,
     *       t BIGINT,
     *       ts AS TO_TIMESTAMP_LTZ(t, 3),
     *       WATERMARK FOR ts AS ts - INTERVAL '0.501' SECOND
     *   ) WITH (...)
     */
    static final String QUERY = String.join("\n",
            "SELECT `key`, window_start, window_end, SUM(v) AS `result`",
            "FROM TABLE(",
            "    CUMULATE(TABLE events, DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND))",
            "GROUP BY `key`, window_start, window_end");

    public static void main(String[] args) throws Exception {
        List<Event> events = Event.readAll(args);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // The window aggregation runs as 1 subtask.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);
        StreamTableEnvironment tableEnv = StreamTableEnvironment.create(env);
        // Windows of TIMESTAMP_LTZ follow the session's time zone: UTC aligns them to the epoch, as Tidemark's.
        tableEnv.getConfig().setLocalTimeZone(ZoneOffset.UTC);

        DataStream<Event> arrivals = env.fromSequence(0, events.size()).setParallelism(1)
                .flatMap(new Replay(events, 4300L)).setParallelism(1)
                .name("replay data/events.csv");

        // Each record goes to the watermark assigner Tidemark sends it to; SQL's assigner runs at the parallelism
        // of its input.
        DataStream<Row> rows = arrivals
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .map(event -> Row.of(event.key, event.value, event.timestamp))
                .returns(Types.ROW_NAMED(new String[] {"key", "v", "t"}, Types.STRING, Types.DOUBLE, Types.LONG))
                .setParallelism(1);
        tableEnv.createTemporaryView("events", rows, Schema.newBuilder()
                .column("key", DataTypes.STRING())
                .column("v", DataTypes.DOUBLE())
                .column("t", DataTypes.BIGINT())
                .columnByExpression("ts", "TO_TIMESTAMP_LTZ(t, 3)")
                .watermark("ts", "ts - INTERVAL '0.501' SECOND")
                .build());

        // One print subtask: "(key,result)" as the Output dock shows it.
        tableEnv.toDataStream(tableEnv.sqlQuery(QUERY))
                .map(row -> "(" + row.getField("key") + "," + number(((Number) row.getField("result")).doubleValue()) + ")")
                .returns(Types.STRING)
                .setParallelism(1)
                .print()
                .setParallelism(1);
        env.execute("cumulate: 6 s growing by 2 s (SQL)");
    }

    /**
     * Emits record i at its arrival time, counted from the replay's start. Past the last record it waits
     * for the end of input (inputEndMs), or, when the input never ends, keeps the source open a second
     * per number. The replays of one job (one per source of a job graph) share one start, that of the
     * first to begin, as long as they run in one JVM (a local MiniCluster, one task manager). Its line on
     * stderr, naming all `total` records, marks the start of the replay's clock, which comes after the
     * cluster's start-up.
     */
    public static final class Replay implements FlatMapFunction<Long, Event> {
        private static final AtomicLong START = new AtomicLong(Long.MIN_VALUE);
        private final List<Event> events;
        private final long inputEndMs;
        private final int total;
        private transient boolean started;
        private transient long startNanos;

        Replay(List<Event> events, long inputEndMs) {
            this(events, inputEndMs, events.size());
        }

        Replay(List<Event> events, long inputEndMs, int total) {
            this.events = events;
            this.inputEndMs = inputEndMs;
            this.total = total;
        }

        @Override
        public void flatMap(Long index, Collector<Event> out) throws InterruptedException {
            if (!started) {
                started = true;
                if (START.compareAndSet(Long.MIN_VALUE, System.nanoTime())) {
                    String records = total == 1 ? " record" : " records";
                    System.err.println("replaying " + total + records + " at their arrival times");
                }
                startNanos = START.get();
            }
            if (index < events.size()) {
                Event event = events.get(index.intValue());
                waitUntil(event.arrival);
                out.collect(event);
            } else if (inputEndMs >= 0) {
                waitUntil(inputEndMs);
            } else {
                Thread.sleep(1000);
            }
        }

        private void waitUntil(long ms) throws InterruptedException {
            long wait = ms - (System.nanoTime() - startNanos) / 1_000_000;
            if (wait > 0) {
                Thread.sleep(wait);
            }
        }
    }

    /** One record of data/events.csv, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public long arrival; // processing time in ms after the start
        public int channel; // the watermark generator Tidemark sends it to
        public String key;
        public long timestamp;
        public Double value; // null when the record has none

        public Event() {}

        /**
         * The records of the file args[0] names; without one, of data/events.csv in the working folder
         * (java -jar in the project), else of the copy mvn package puts into the jar: a job submitted
         * through the REST API runs main() on the JobManager, which has no file of the client's.
         */
        static List<Event> readAll(String[] args) throws IOException {
            if (args.length > 0) {
                return readAll(Path.of(args[0]));
            }
            Path local = Path.of("data", "events.csv");
            if (Files.exists(local)) {
                return readAll(local);
            }
            try (InputStream packed = Event.class.getResourceAsStream("events.csv")) {
                if (packed == null) {
                    throw new IOException(
                            "no data/events.csv here and none in the jar: give the events file as the first argument");
                }
                String text = new String(packed.readAllBytes(), StandardCharsets.UTF_8);
                return parse(text.lines().toList(), "events.csv in the jar");
            }
        }

        static List<Event> readAll(Path file) throws IOException {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
        }

        /** The header line, then arrival,channel,key,timestamp,value; a key may be quoted as in CSV. */
        static List<Event> parse(List<String> lines, String file) throws IOException {
            List<Event> events = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != 5) {
                    throw new IOException(file + ":" + (i + 1) + ": expected arrival,channel,key,timestamp,value, found "
                            + f.size() + " fields");
                }
                Event e = new Event();
                try {
                    e.arrival = Long.parseLong(f.get(0));
                    e.channel = Integer.parseInt(f.get(1));
                    e.key = f.get(2);
                    e.timestamp = Long.parseLong(f.get(3));
                    e.value = f.get(4).isEmpty() ? null : Double.valueOf(f.get(4));
                } catch (NumberFormatException bad) {
                    throw new IOException(file + ":" + (i + 1) + ": " + bad.getMessage(), bad);
                }
                events.add(e);
            }
            return events;
        }

        private static List<String> fields(String line) {
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append(c);
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (c == ',' && !quoted) {
                    fields.add(field.toString());
                    field.setLength(0);
                } else {
                    field.append(c);
                }
            }
            fields.add(field.toString());
            return fields;
        }
    }

    static double valueOf(Event record) {
        return record.value == null ? 0.0 : record.value;
    }

    static String number(Double value) {
        return value == null ? "null" : number(value.doubleValue());
    }

    /** A number as Tidemark prints it: 20 rather than 20.0; otherwise the shorter of 0.0001 and 1e-04. */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "null";
        }
        if (value == Math.rint(value) && Math.abs(value) < 0x1p63) {
            return Long.toString((long) value);
        }
        BigDecimal shortest = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        String plain = shortest.toPlainString();
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String scientific = (value < 0 ? "-" : "") + digits.charAt(0)
                + (digits.length() > 1 ? "." + digits.substring(1) : "") + (exponent < 0 ? "e-" : "e+")
                + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        return scientific.length() < plain.length() ? scientific : plain;
    }
}
