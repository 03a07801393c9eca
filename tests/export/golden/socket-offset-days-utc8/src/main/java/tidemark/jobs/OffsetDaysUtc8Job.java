package tidemark.jobs;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
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
 * Daily windows aligned to UTC+8.
 *
 * Logins per user per day, with times written in Shanghai local time (UTC+8). Tumbling windows are aligned to
 * the epoch in UTC, so a plain 1-day window would run from 08:00 to 08:00 in Shanghai.
 * TumblingEventTimeWindows.of(1 day, offset -8 h) moves the windows to local midnight. Watch Alice's logins at
 * 23:59:59.999 and at 00:00:00.000: one millisecond apart but in different days. Bob's login at 07:59:59 on 2
 * March belongs to 2 March here; without the offset it would have counted for 1 March. The watermark lags 1
 * minute (forBoundedOutOfOrderness(1 min)), so a day closes when a login more than a minute into the next day
 * arrives.
 *
 * Exported by Tidemark (test) from offset-days-utc8.json for Apache Flink 2.3.0. Build it with `mvn package`;
 * `java -jar target/offset-days-utc8.jar` runs it on a local MiniCluster, `flink run
 * target/offset-days-utc8.jar /path/to/events.csv` on a cluster. It prints what Tidemark's Output dock shows
 * for the scenario (`tidemark run offset-days-utc8.json --format text` prints the same lines, each followed by
 * what a print sink leaves out).
 *
 * The input: lines read from 127.0.0.1:9999 as they are sent (socketTextStream), each read as Tidemark reads
 * the scenario's events: CSV lines after a header line: key "user", event time "time" (yyyy-MM-dd HH:mm:ss.SSS
 * in Asia/Shanghai). `tidemark run` with --listen PORT --forward 127.0.0.1:9999 reads the lines typed into `nc
 * 127.0.0.1 PORT` and passes each on to this job, so that both see the same lines.
 *
 * What this job does not reproduce:
 * - The lines arrive when they are sent, on this job's wall clock as in Tidemark's live run: whether a periodic
 *   emission falls between two lines, and how the generators interleave, is each side's own timing. Compare the
 *   fires as a set.
 * - When the peer closes the connection the source ends, and Flink's end-of-input watermark fires every window
 *   still open; the scenario's input never ends (endOfInput "none"), so Tidemark fires none of them. Set
 *   endOfInput to "max-watermark" to see the same in Tidemark.
 */
public final class OffsetDaysUtc8Job {
    private OffsetDaysUtc8Job() {}

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // The window operator runs as one subtask, and so does the print sink chained to it.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);

        // One source subtask reads the lines as they are sent; each is read as the scenario's events are.
        DataStream<Event> arrivals = env.socketTextStream("127.0.0.1", 9999)
                .flatMap(new ReadLine()).setParallelism(1)
                .name("read lines");

        DataStream<Event> timestamped = arrivals
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(60000))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1);

        SingleOutputStreamOperator<String> fired = timestamped
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(86400000), Duration.ofMillis(-28800000)))
                .trigger(EventTimeTrigger.create())
                .aggregate(new CountRecords(), new WithKey());
        fired.print();
        env.execute("Daily windows aligned to UTC+8");
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
     * Reads a line as Tidemark reads a line of the scenario's events file: CSV lines after a header line: key
     * "user", event time "time" (yyyy-MM-dd HH:mm:ss.SSS in Asia/Shanghai). Blank lines and lines starting with
     * # are skipped; a line it cannot read is reported on stderr with its number and skipped, as `tidemark run
     * --lenient` does.
     */
    public static final class ReadLine implements FlatMapFunction<String, Event> {
        private static final DateTimeFormatter TIME =
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneId.of("Asia/Shanghai"));

        // The columns of the key, the event time and the value; those named, from the header line.
        private int key = -1;
        private int ts = -1;
        private boolean headerRead;
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
            List<String> f = fields(line);
            if (!headerRead) {
                headerRead = true;
                List<String> names = f.stream().map(String::strip).toList();
                key = names.indexOf("user");
                ts = names.indexOf("time");
                return null;
            }
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

        /** The fields between ','s; a field in double quotes may hold ',' and "" for a quote. */
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
            if (quoted) {
                throw new IllegalArgumentException("a quoted field does not end on its line");
            }
            fields.add(field.toString());
            return fields;
        }

        private static long timestamp(String text) {
            return Instant.from(TIME.parse(text)).toEpochMilli();
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
