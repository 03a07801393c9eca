package tidemark.jobs;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * Post 001: socket words, delay 3 s.
 *
 * Reference post 001: lines like '1634091720000 a' (a timestamp and a word) are typed into a socket (nc -lk);
 * the job uses the legacy BoundedOutOfOrdernessTimestampExtractor, keys by the word, counts words in 3-second
 * tumbling event-time windows and prints '6> (a,3)'. The extractor sets the watermark to the largest timestamp
 * minus the delay (no extra -1 ms, unlike forBoundedOutOfOrderness); Flink runs it with the socket's
 * parallelism 1 and emits every 200 ms. The window operator has the parallelism of the post's machine (8), and
 * the word 'a' belongs to subtask 5, which Flink prints as '6>'. One line per second, and the socket never ends
 * (end of input: none). With a delay of 3 s the watermark stays 3 s behind. Two lines (...721000, ...722000)
 * come back out of order after ...724000; the watermark is still below the end of their window, so they are
 * counted. The first window fires only when ...726000 arrives, with 5 words, and the second one waits for
 * ...729000 and counts 3.
 *
 * Exported by Tidemark (test) from post001-delay3s.json for Apache Flink 2.3.0. Build it with `mvn package`;
 * `java -jar target/post001-delay3s.jar` runs it on a local MiniCluster, `flink run target/post001-delay3s.jar
 * /path/to/events.csv` on a cluster. It prints what Tidemark's Output dock shows for the scenario (`tidemark
 * run post001-delay3s.json --format text` prints the same lines, each followed by what a print sink leaves
 * out).
 *
 * The input: lines read from 127.0.0.1:9999 as they are sent (socketTextStream), each read as Tidemark reads
 * the scenario's events: lines of columns separated by spaces: key column 1, event time column 0 (epoch
 * milliseconds or ISO-8601). `tidemark run` with --listen PORT --forward 127.0.0.1:9999 reads the lines typed
 * into `nc 127.0.0.1 PORT` and passes each on to this job, so that both see the same lines.
 *
 * What this job does not reproduce:
 * - The lines arrive when they are sent, on this job's wall clock as in Tidemark's live run: whether a periodic
 *   emission falls between two lines, and how the generators interleave, is each side's own timing. Compare the
 *   fires as a set.
 * - When the peer closes the connection the source ends, and Flink's end-of-input watermark fires every window
 *   still open; the scenario's input never ends (endOfInput "none"), so Tidemark fires none of them. Set
 *   endOfInput to "max-watermark" to see the same in Tidemark.
 * - The order of lines between print subtasks: the 8 subtasks print from threads of their own, so lines of
 *   different subtasks may come in another order than Tidemark's; each subtask's lines keep theirs.
 */
public final class Post001Delay3sJob {
    private Post001Delay3sJob() {}

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // The window operator runs as 8 subtasks, and so does the print sink chained to it: "2> …" is subtask 1.
        env.setParallelism(8);
        env.getConfig().setAutoWatermarkInterval(200);

        // One source subtask reads the lines as they are sent; each is read as the scenario's events are.
        DataStream<Event> arrivals = env.socketTextStream("127.0.0.1", 9999)
                .flatMap(new ReadLine()).setParallelism(1)
                .name("read lines");

        DataStream<Event> timestamped = arrivals
                .assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor<Event>(Duration.ofMillis(3000)) {
                            @Override
                            public long extractTimestamp(Event event) {
                                return event.timestamp;
                            }
                        })
                .setParallelism(1);

        SingleOutputStreamOperator<String> fired = timestamped
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(3000)))
                .trigger(EventTimeTrigger.create())
                .aggregate(new CountRecords(), new WithKey());
        fired.print();
        env.execute("Post 001: socket words, delay 3 s");
    }

    /** How many records the window holds. */
    public static final class CountRecords implements AggregateFunction<Event, Long, String> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Event record, Long count) {
            return count + 1;
        }

        @Override
        public String getResult(Long count) {
            return Long.toString(count);
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** The printed line: the key with the window's result, as Flink prints a Tuple2. */
    public static final class WithKey extends ProcessWindowFunction<String, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<String> result, Collector<String> out) {
            out.collect("(" + key + "," + result.iterator().next() + ")");
        }
    }

    /**
     * Reads a line as Tidemark reads a line of the scenario's events file: lines of columns separated by
     * spaces: key column 1, event time column 0 (epoch milliseconds or ISO-8601). Blank lines and lines
     * starting with # are skipped; a line it cannot read is reported on stderr with its number and skipped, as
     * `tidemark run --lenient` does.
     */
    public static final class ReadLine implements FlatMapFunction<String, Event> {
        /** yyyy-MM-dd[THH:mm[:ss[.fff]]] with T or a space, then Z, ±HH:mm, ±HHmm or ±HH (required). */
        private static final DateTimeFormatter ISO = new DateTimeFormatterBuilder()
                .append(DateTimeFormatter.ISO_LOCAL_DATE)
                .optionalStart().appendLiteral('T').append(DateTimeFormatter.ISO_LOCAL_TIME).optionalEnd()
                .appendPattern("[XXX][XX][X]")
                .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
                .toFormatter(Locale.ROOT);

        private int key = 1;
        private int ts = 0;
        private long lineNumber;

        @Override
        public void flatMap(String line, Collector<Event> out) {
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.isBlank() || line.strip().startsWith("#")) {
                return;
            }
            try {
                Event event = read(line);
                if (event != null) {
                    out.collect(event);
                }
            } catch (RuntimeException bad) {
                System.err.println("line " + lineNumber + " skipped: " + bad.getMessage() + ": " + line);
            }
        }

        private Event read(String line) {
            List<String> f = List.of(line.strip().split("\\s+"));
            if (f.get(0).strip().equals("watermark")) {
                // its watermarks come from its generators
                throw new IllegalArgumentException("a watermark line, which this job does not read");
            }
            Event event = new Event();
            event.key = column(f, key, "key");
            event.timestamp = timestamp(column(f, ts, "ts").strip());
            return event;
        }

        private static String column(List<String> fields, int column, String role) {
            if (column < 0 || column >= fields.size()) {
                throw new IllegalArgumentException("no column for " + role + " (" + fields.size() + " columns)");
            }
            return fields.get(column);
        }

        private static long timestamp(String text) {
            if (text.length() >= 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {
                String iso = text.length() > 10 && text.charAt(10) == ' '
                        ? text.substring(0, 10) + 'T' + text.substring(11) : text;
                return Instant.from(ISO.parse(iso)).toEpochMilli();
            }
            return Long.parseLong(text);
        }
    }

    /** One record read from the socket, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public String key; // null when the records have none (windowAll)
        public long timestamp;
        public Double value; // null when the record has none

        public Event() {}
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
