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
 * Orders and payments joined by interval and by window, in Flink SQL.
 *
 * Each payment is paired with its order when it comes at most 3 s after it, or up to 1 s before it (an interval
 * join between(-1 s, 3 s) with the upper bound exclusive), and with the orders of the same 5-second window (a
 * window join). Order o3 and its payment straddle the window's end at 5 s: the interval join pairs them, the
 * window join cannot. A second payment for o1 (at 4 s) arrives after both inputs' watermark has passed 10 s:
 * both joins drop it as late. Flink SQL's interval join has no late rows, but o1's order is no longer within
 * its bounds (4 s is not before 1 s + 3 s), so the SQL job prints the same pairs.
 *
 * Exported by Tidemark (test) from graph-joins-in-sql.json for Apache Flink 2.3.0. Build it with `mvn package`;
 * `java -jar target/graph-joins-in-sql.jar` runs it on a local MiniCluster. Each operator's view prints its
 * rows as print("name") prints the operator's output (`tidemark run graph-joins-in-sql.json --format text`
 * prints the same lines).
 *
 * The input: data/events.csv holds the records of the sources in the order they arrive, each with its arrival
 * time, the watermark assigner Tidemark sends it to and its source. One replay per source emits them at those
 * times, on one clock, and declares them as the source's table with the WATERMARK a CREATE TABLE of a real
 * source would have (the comment on main shows it). `orders`, `payments`: forBoundedOutOfOrderness(500 ms)
 * emits max - 500 - 1; SQL's `ts - INTERVAL 'd'` emits max - d, so the declaration subtracts 501 ms and the
 * job's watermarks are the scenario's exactly.
 *
 * What this job does not reproduce:
 * - The interleaving of the sources and their generators: each record reaches the generator Tidemark sends it
 *   to at its arrival time, but when each generator's periodic emission runs, and in which order an operator
 *   hears from its inputs, is this job's wall clock and threads. Compare each operator's lines with Tidemark's
 *   as a set.
 * - The replays share one clock within one JVM (a local MiniCluster); on a cluster of several task managers
 *   each one's replays start their own clock.
 * - SQL's watermark assigner emits at once, not at the next period, when a record raises the watermark by more
 *   than the period: that matters only for records closer together than the period.
 * - A row behind the watermark: the DataStream interval join drops it as late (Tidemark shows it dropped),
 *   where SQL's interval join has no late rows and still pairs it with the other side's rows it has not cleaned
 *   up yet.
 */
public final class GraphJoinsInSqlJob {
    private GraphJoinsInSqlJob() {}

    /**
     * The tables and views as a SQL client declares them; main declares the same on the replays:
     *
     *   CREATE TABLE `orders` (
     *       `key` STRING,
     *       v DOUBLE,
     *       t BIGINT,
     *       ts AS TO_TIMESTAMP_LTZ(t, 3),
     *       WATERMARK FOR ts AS ts - INTERVAL '0.501' SECOND
     *   ) WITH (...);
     *
     *   CREATE TABLE `payments` (
     *       `key` STRING,
     *       v DOUBLE,
     *       t BIGINT,
     *       ts AS TO_TIMESTAMP_LTZ(t, 3),
     *       WATERMARK FOR ts AS ts - INTERVAL '0.501' SECOND
     *   ) WITH (...);
     *
     *   CREATE TEMPORARY VIEW `paid-in-time` AS
     *   SELECT L.`key`, L.t AS lt, R.t AS rt
     *   FROM `orders` AS L
     *   JOIN `payments` AS R ON L.`key` = R.`key`
     *       AND R.ts >= L.ts - INTERVAL '1' SECOND AND R.ts < L.ts + INTERVAL '3' SECOND;
     *
     *   CREATE TEMPORARY VIEW `paid-in-window` AS
     *   SELECT L.`key`, L.t AS lt, R.t AS rt
     *   FROM (SELECT * FROM TABLE(TUMBLE(TABLE `orders`, DESCRIPTOR(ts), INTERVAL '5' SECOND))) AS L
     *   JOIN (SELECT * FROM TABLE(TUMBLE(TABLE `payments`, DESCRIPTOR(ts), INTERVAL '5' SECOND))) AS R
     *       ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`key` = R.`key`;
     *
     *   -- the job prints each view's rows (a union's aside) as print("name") prints the operator's output
     */
    public static void main(String[] args) throws Exception {
        List<Event> events = Event.readAll(args);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // SQL's operators run as 1 subtask; each print has one.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);
        StreamTableEnvironment tableEnv = StreamTableEnvironment.create(env);
        // Windows of TIMESTAMP_LTZ follow the session's time zone: UTC aligns them to the epoch, as Tidemark's.
        tableEnv.getConfig().setLocalTimeZone(ZoneOffset.UTC);
        // One phase, as the window operator Tidemark shows: a two-phase plan pre-aggregates each assigner's
        // rows and flushes them when that assigner's own watermark passes a slice's end, so a row behind its
        // assigner's watermark, though not the window's, would reach the window after it fired.
        tableEnv.getConfig().set("table.optimizer.agg-phase-strategy", "ONE_PHASE");

        // orders: 5 records replayed at their arrival times, then its input ends (at 4000 ms); 1 watermark
        // assigner, each record to the one Tidemark sends it to.
        tableEnv.createTemporaryView("`orders`",
                replayed(env, events, "orders", 5L, 4000L, 1),
                table("ts - INTERVAL '0.501' SECOND"));

        // payments: 6 records replayed at their arrival times, then its input ends (at 5000 ms); 1 watermark
        // assigner, each record to the one Tidemark sends it to.
        tableEnv.createTemporaryView("`payments`",
                replayed(env, events, "payments", 6L, 5000L, 1),
                table("ts - INTERVAL '0.501' SECOND"));

        // paid-in-time: an interval join: R's time within L's bounds, as between(lower, upper) says of the
        // right record.
        tableEnv.createTemporaryView("`paid-in-time`", tableEnv.sqlQuery(String.join("\n",
                "SELECT L.`key`, L.t AS lt, R.t AS rt",
                "FROM `orders` AS L",
                "JOIN `payments` AS R ON L.`key` = R.`key`",
                "    AND R.ts >= L.ts - INTERVAL '1' SECOND AND R.ts < L.ts + INTERVAL '3' SECOND")));
        print(tableEnv, "`paid-in-time`", "paid-in-time", true);

        // paid-in-window: a window join: the rows of one key in the same window of both sides, paired when the
        // window fires.
        tableEnv.createTemporaryView("`paid-in-window`", tableEnv.sqlQuery(String.join("\n",
                "SELECT L.`key`, L.t AS lt, R.t AS rt",
                "FROM (SELECT * FROM TABLE(TUMBLE(TABLE `orders`, DESCRIPTOR(ts), INTERVAL '5' SECOND))) AS L",
                "JOIN (SELECT * FROM TABLE(TUMBLE(TABLE `payments`, DESCRIPTOR(ts), INTERVAL '5' SECOND))) AS R",
                "    ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.`key` = R.`key`")));
        print(tableEnv, "`paid-in-window`", "paid-in-window", true);

        env.execute("Orders and payments joined by interval and by window");
    }

    /**
     * A source's records replayed at their arrival times as rows (key, v, t), each to the watermark assigner
     * Tidemark sends it to; the index runs to `last`, after which the replay waits for the input's end.
     */
    static DataStream<Row> replayed(StreamExecutionEnvironment env, List<Event> events, String source, long last,
            long inputEndMs, int assigners) {
        return env.fromSequence(0, last).setParallelism(1)
                .flatMap(new Replay(Event.of(events, source), inputEndMs, events.size())).setParallelism(1)
                .name("replay " + source)
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .map(event -> Row.of(event.key, event.value, event.timestamp))
                .returns(Types.ROW_NAMED(new String[] {"key", "v", "t"}, Types.STRING, Types.DOUBLE, Types.LONG))
                .setParallelism(assigners);
    }

    /** A source's table: its columns, the time attribute ts and the WATERMARK declaration. */
    static Schema table(String watermark) {
        return Schema.newBuilder()
                .column("key", DataTypes.STRING())
                .column("v", DataTypes.DOUBLE())
                .column("t", DataTypes.BIGINT())
                .columnByExpression("ts", "TO_TIMESTAMP_LTZ(t, 3)")
                .watermark("ts", watermark)
                .build();
    }

    /**
     * A view's rows printed as print(name) prints the operator's output, from one subtask: (key,result) of a
     * window ((result) of a windowAll), (key,left,right) of a join's pair.
     */
    static void print(StreamTableEnvironment tableEnv, String view, String name, boolean pairs) {
        tableEnv.toDataStream(tableEnv.from(view))
                .map(row -> pairs
                        ? "(" + row.getField("key") + "," + row.getField("lt") + "," + row.getField("rt") + ")"
                        : "(" + (row.getField("key") == null ? "" : row.getField("key") + ",")
                                + number((Double) row.getField("v")) + ")")
                .returns(Types.STRING)
                .setParallelism(1)
                .print(name)
                .setParallelism(1);
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
        public String source; // the job graph's source the record comes from
        public String printed; // what print() writes for an operator's output; null for a source's record

        @Override
        public String toString() {
            return printed;
        }

        /** The records of one source, in the order they arrive. */
        static List<Event> of(List<Event> events, String source) {
            List<Event> of = new ArrayList<>();
            for (Event event : events) {
                if (source.equals(event.source)) {
                    of.add(event);
                }
            }
            return of;
        }

        /** An operator's output: its key, its timestamp (the one Flink gives it), its value and its printed line. */
        static Event output(String key, long timestamp, Double value, String printed) {
            Event e = new Event();
            e.key = key;
            e.timestamp = timestamp;
            e.value = value;
            e.printed = printed;
            return e;
        }

        /** A window's result, stamped with the window's maxTimestamp(); its value is the result's number. */
        static Event result(String key, long maxTimestamp, String result) {
            Double value = "null".equals(result) ? null : Double.valueOf(result);
            return output(key, maxTimestamp, value, "(" + (key == null ? "" : key + ",") + result + ")");
        }

        /** A record a process function emits from a timer, at the timer's time: it prints as it came. */
        static Event fromTimer(Event record, long timer) {
            String printed = "(" + record.key + "," + record.timestamp
                    + (record.value == null ? "" : "," + number(record.value)) + ")";
            return output(record.key, timer, record.value, printed);
        }

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

        /** The header line, then arrival,channel,key,timestamp,value,source; a key may be quoted as in CSV. */
        static List<Event> parse(List<String> lines, String file) throws IOException {
            List<Event> events = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != 6) {
                    throw new IOException(file + ":" + (i + 1) + ": expected arrival,channel,key,timestamp,value,source, found "
                            + f.size() + " fields");
                }
                Event e = new Event();
                try {
                    e.arrival = Long.parseLong(f.get(0));
                    e.channel = Integer.parseInt(f.get(1));
                    e.key = f.get(2);
                    e.timestamp = Long.parseLong(f.get(3));
                    e.value = f.get(4).isEmpty() ? null : Double.valueOf(f.get(4));
                    e.source = f.get(5);
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
