package tidemark.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.CoGroupFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.JoinFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * A window join misses a pair across a window's end.
 *
 * Orders and payments are joined on the order id in 5 s tumbling windows of event time
 * (orders.join(payments).where(id).equalTo(id).window(TumblingEventTimeWindows.of(5 s))), and co-grouped in the
 * same windows (orders.coGroup(payments)), which counts each side's records per window and key. Flink builds
 * both as one window operator over the union of the two streams, each record tagged with its side, so the
 * operator's watermark is the smallest of every channel of both. Order o3 at 4.000 s and its payment at 5.200 s
 * fall into different windows: the join never pairs them (an interval join between(0, 5 s) would), and the
 * coGroup shows why, (o3,1,0) then (o3,0,1). Order o6 arrives last with a timestamp of 3.000 s, after both
 * windows' watermark has passed 10 s: a window join has no late side output, so it is dropped and counted.
 *
 * Exported by Tidemark (test) from orders-payments-window-join.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/orders-payments-window-join.jar` runs it on a local MiniCluster. Each operator
 * prints its output as print("name") does (`tidemark run orders-payments-window-join.json --format text` prints
 * the same lines, each followed by what a print sink leaves out).
 *
 * The input: data/events.csv holds the records of the 2 sources in the order they arrive, each with its arrival
 * time (milliseconds after the start), the watermark generator Tidemark sends it to and its source. One replay
 * per source emits them at those times, on one clock.
 *
 * What this job does not reproduce:
 * - The interleaving of the sources and their generators: each record reaches the generator Tidemark sends it
 *   to at its arrival time, but when each generator's periodic emission runs, and in which order an operator
 *   hears from its inputs, is this job's wall clock and threads. Compare each operator's lines with Tidemark's
 *   as a set.
 * - The replays share one clock within one JVM (a local MiniCluster); on a cluster of several task managers
 *   each one's replays start their own clock.
 */
public final class OrdersPaymentsWindowJoinJob {
    private OrdersPaymentsWindowJoinJob() {}

    public static void main(String[] args) throws Exception {
        List<Event> events = Event.readAll(args);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // Each operator says its own parallelism; its print sink has the same, so "name:2> …" is subtask 1.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);

        // orders: 6 records replayed at their arrival times, then its input ends (at 5000 ms); 1 watermark
        // generator, each record to the one Tidemark sends it to.
        DataStream<Event> orders = env.fromSequence(0, 6).setParallelism(1)
                .flatMap(new Replay(Event.of(events, "orders"), 5000L, events.size())).setParallelism(1)
                .name("replay orders")
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1)
                .name("orders");

        // payments: 5 records replayed at their arrival times, then its input ends (at 4000 ms); 1 watermark
        // generator, each record to the one Tidemark sends it to.
        DataStream<Event> payments = env.fromSequence(0, 5).setParallelism(1)
                .flatMap(new Replay(Event.of(events, "payments"), 4000L, events.size())).setParallelism(1)
                .name("replay payments")
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1)
                .name("payments");

        // paid: the window join of orders and payments (Flink runs it as one window operator over both, each
        // record tagged with its side); a pair carries the window's maxTimestamp() (end - 1).
        // 1.20's apply() is declared to return a DataStream; it is a SingleOutputStreamOperator
        SingleOutputStreamOperator<Event> paid = ((SingleOutputStreamOperator<Event>) orders
                .join(payments)
                .where(event -> event.key)
                .equalTo(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(5000)))
                .apply(new WindowPair()))
                .setParallelism(1)
                .name("paid window")
                .process(new Stamped())
                .setParallelism(1)
                .name("paid");
        paid.print("paid").setParallelism(1);

        // orders-and-payments: the coGroup of orders and payments (one window operator over both, each record
        // tagged with its side): each side's record count per key and window, at the window's maxTimestamp()
        // (end - 1).
        // 1.20's apply() is declared to return a DataStream; it is a SingleOutputStreamOperator
        SingleOutputStreamOperator<Event> ordersAndPayments = ((SingleOutputStreamOperator<Event>) orders
                .coGroup(payments)
                .where(event -> event.key)
                .equalTo(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(5000)))
                .apply(new GroupSizes()))
                .setParallelism(1)
                .name("orders-and-payments window")
                .process(new Stamped())
                .setParallelism(1)
                .name("orders-and-payments");
        ordersAndPayments.print("orders-and-payments").setParallelism(1);

        env.execute("A window join misses a pair across a window's end");
    }

    /**
     * A coGroup's groups: how many records of each input a key has in a window, (key,first,second), also when one
     * side has none (which a join leaves out). Stamped then gives it its timestamp.
     */
    public static final class GroupSizes implements CoGroupFunction<Event, Event, Event> {
        @Override
        public void coGroup(Iterable<Event> first, Iterable<Event> second, Collector<Event> out) {
            String key = null;
            int firsts = 0;
            int seconds = 0;
            for (Event e : first) {
                key = e.key;
                firsts++;
            }
            for (Event e : second) {
                key = e.key;
                seconds++;
            }
            out.collect(Event.output(key, Long.MIN_VALUE, null, "(" + key + "," + firsts + "," + seconds + ")"));
        }
    }

    /**
     * Gives each window join or coGroup result the timestamp Flink put on it, the window's maxTimestamp(), which the
     * join function does not see; the operators after it read it as Tidemark does.
     */
    public static final class Stamped extends ProcessFunction<Event, Event> {
        @Override
        public void processElement(Event result, Context ctx, Collector<Event> out) {
            result.timestamp = ctx.timestamp();
            out.collect(result);
        }
    }

    /**
     * A window join's pair: JoinedStreams calls it for every first-input record with every second-input record of a
     * key in a window, first input outermost. It prints (key,first,second); Stamped then gives it its timestamp.
     */
    public static final class WindowPair implements JoinFunction<Event, Event, Event> {
        @Override
        public Event join(Event first, Event second) {
            return Event.output(first.key, Long.MIN_VALUE, null,
                    "(" + first.key + "," + first.timestamp + "," + second.timestamp + ")");
        }
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
