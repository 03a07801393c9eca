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
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * Post 000: parallelism 3, allowed lateness 2 s.
 *
 * Reference post 000: lines like '0001,1538359882000' are typed into a Kafka topic; the job keys them by
 * '0001', puts them into 3-second tumbling event-time windows with
 * WatermarkStrategy.forBoundedOutOfOrderness(10 s), and lists the timestamps each window received. One line
 * arrives per second and every watermark generator emits every 200 ms (Flink's default auto-watermark
 * interval), so each line's watermark is out before the next line comes, as when a person types lines by hand.
 * The topic never ends (end of input: none), so windows still open at the end never fire. Here the watermark
 * generators run with parallelism 3 and the lines reach them in turn (line 1 to generator 0, line 2 to
 * generator 1, line 3 to generator 2, line 4 to generator 0, ...), as the post's table shows; the window
 * operator also runs with parallelism 3 and key '0001' lives on subtask 0 (printed '1>'). Each generator only
 * sees every third line, and the window operator's watermark is the minimum over the three. Watch the first
 * window fire on the 7th line (...897000) instead of the 5th: only then has every generator seen a timestamp of
 * ...894000 or more. The second window waits until the 12th line, and [...890000, ...893000) until the 20th, so
 * most of the 'late' tail is not late at all here: it is still on time and the window fires with 9 timestamps.
 * With .allowedLateness(2 s) the last three lines arrive after that fire and each re-fires the window with the
 * whole list (10, 11, 12 timestamps).
 *
 * Exported by Tidemark (test) from post000-parallelism3.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/post000-parallelism3.jar` runs it on a local MiniCluster, `flink run
 * target/post000-parallelism3.jar /path/to/events.csv` on a cluster. It prints what Tidemark's Output dock
 * shows for the scenario (`tidemark run post000-parallelism3.json --format text` prints the same lines, each
 * followed by what a print sink leaves out).
 *
 * The input: data/events.csv holds the 23 records Tidemark read from post000-kafka-lines.csv, in the order they
 * arrive, each with its arrival time (milliseconds after the start) and the watermark generator Tidemark sends
 * it to. The job replays them at those times, so that the generators' periodic emission (every 200 ms) runs
 * between records as it does in Tidemark; the last record comes 22 s after the start.
 *
 * What this job does not reproduce:
 * - The interleaving of 3 parallel watermark generators: each record reaches the generator Tidemark sends it
 *   to, but when each generator's periodic emission runs, and in which order the window operator hears from
 *   them, is this job's wall clock and network. Compare its fires with Tidemark's as a set, not line by line.
 * - The input never ends, as in the scenario: the job keeps running after the last record, as a job reading a
 *   topic does, and windows still open then never fire. Stop it with Ctrl+C (or flink cancel).
 */
public final class Post000Parallelism3Job {
    private Post000Parallelism3Job() {}

    public static void main(String[] args) throws Exception {
        List<Event> events = Event.readAll(args);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // The window operator runs as 3 subtasks, and so does the print sink chained to it: "2> …" is subtask 1.
        env.setParallelism(3);
        env.getConfig().setAutoWatermarkInterval(200);

        // One source subtask replays the records at their arrival times, then stays open: the input
        // never ends, as a topic does not.
        DataStream<Event> arrivals = env.fromSequence(0, Long.MAX_VALUE).setParallelism(1)
                .flatMap(new Replay(events, -1)).setParallelism(1)
                .name("replay data/events.csv");

        // Each record goes to the watermark generator Tidemark sends it to (a real rebalance() starts at a
        // random channel); the shuffle also keeps the replay's waiting out of the generators' thread.
        DataStream<Event> timestamped = arrivals
                .partitionCustom((Integer channel, int channels) -> channel, (Event event) -> event.channel)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(10000))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(3);

        SingleOutputStreamOperator<String> fired = timestamped
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(3000)))
                .trigger(EventTimeTrigger.create())
                .allowedLateness(Duration.ofMillis(2000))
                .process(new ListTimestamps());
        fired.print();
        env.execute("Post 000: parallelism 3, allowed lateness 2 s");
    }

    /** The timestamps of a window's records, in the order the window holds them. */
    public static final class ListTimestamps extends ProcessWindowFunction<Event, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Event> records, Collector<String> out) {
            List<String> timestamps = new ArrayList<>();
            for (Event record : records) {
                timestamps.add(number(record.timestamp));
            }
            out.collect("(" + key + ",[" + String.join(",", timestamps) + "])");
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
