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
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;

/**
 * No payment within 5 seconds.
 *
 * Orders and payments connected by order id (orders.keyBy(id).connect(payments.keyBy(id)).process(...)): each
 * order not yet paid arms an event-time timer 5 s after it, a payment of the order deletes it, and a timer that
 * fires reports the order as unpaid. A timer fires when the operator's watermark reaches it, and that watermark
 * is the smaller of the two inputs': the payment of o4 comes 5.5 s after the order in event time, yet before
 * the watermark has reached the order's deadline, so o4 counts as paid. o2 is reported once both streams'
 * watermarks have passed 7 s.
 *
 * Exported by Tidemark (test) from orders-unpaid-timeout.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/orders-unpaid-timeout.jar` runs it on a local MiniCluster. Each operator prints
 * its output as print("name") does (`tidemark run orders-unpaid-timeout.json --format text` prints the same
 * lines, each followed by what a print sink leaves out).
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
 * - The input never ends, as in the scenario: the job keeps running after the last record, and windows and
 *   timers still waiting then never fire. Stop it with Ctrl+C (or flink cancel).
 */
public final class OrdersUnpaidTimeoutJob {
    private OrdersUnpaidTimeoutJob() {}

    public static void main(String[] args) throws Exception {
        List<Event> events = Event.readAll(args);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // Each operator says its own parallelism; its print sink has the same, so "name:2> …" is subtask 1.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);

        // orders: 6 records replayed at their arrival times, then the source stays open: its input never ends;
        // 1 watermark generator, each record to the one Tidemark sends it to.
        DataStream<Event> orders = env.fromSequence(0, Long.MAX_VALUE).setParallelism(1)
                .flatMap(new Replay(Event.of(events, "orders"), -1, events.size())).setParallelism(1)
                .name("replay orders")
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1)
                .name("orders");

        // payments: 4 records replayed at their arrival times, then the source stays open: its input never
        // ends; 1 watermark generator, each record to the one Tidemark sends it to.
        DataStream<Event> payments = env.fromSequence(0, Long.MAX_VALUE).setParallelism(1)
                .flatMap(new Replay(Event.of(events, "payments"), -1, events.size())).setParallelism(1)
                .name("replay payments")
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1)
                .name("payments");

        // unpaid: a KeyedCoProcessFunction over orders and payments (connected, both keyed).
        SingleOutputStreamOperator<Event> unpaid = orders.keyBy(event -> event.key)
                .connect(payments.keyBy(event -> event.key))
                .process(new UnmatchedTimeout(5000L))
                .setParallelism(1)
                .name("unpaid");
        unpaid.print("unpaid").setParallelism(1);

        env.execute("No payment within 5 seconds");
    }

    /**
     * No payment within timeoutMs of the order (orders.keyBy(key).connect(payments.keyBy(key)).process): an order
     * of a key not yet paid arms a timer at its timestamp + timeoutMs, deleting one armed before; a payment marks
     * the key paid and deletes the timer. When a timer fires the order has gone unpaid, and goes out at its time.
     */
    public static final class UnmatchedTimeout extends KeyedCoProcessFunction<String, Event, Event, Event> {
        private static final ValueStateDescriptor<Long> ARMED = new ValueStateDescriptor<>("armed", Long.class);
        private static final ValueStateDescriptor<Event> ORDER = new ValueStateDescriptor<>("order", Event.class);
        private static final ValueStateDescriptor<Boolean> PAID = new ValueStateDescriptor<>("paid", Boolean.class);
        private final long timeoutMs;

        UnmatchedTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void processElement1(Event order, Context ctx, Collector<Event> out) throws Exception {
            if (getRuntimeContext().getState(PAID).value() != null) {
                return;
            }
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + timeoutMs;
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(ORDER).update(order);
        }

        @Override
        public void processElement2(Event payment, Context ctx, Collector<Event> out) throws Exception {
            getRuntimeContext().getState(PAID).update(true);
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
                armed.clear();
                getRuntimeContext().getState(ORDER).clear();
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Event> out) throws Exception {
            Event order = getRuntimeContext().getState(ORDER).value();
            if (order != null) {
                out.collect(Event.fromTimer(order, timestamp));
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(ORDER).clear();
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
