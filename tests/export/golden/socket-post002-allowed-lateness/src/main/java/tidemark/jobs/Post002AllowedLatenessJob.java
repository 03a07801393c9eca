package tidemark.jobs;

import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * Post 002: allowed lateness 1 s.
 *
 * Reference post 002: JSON temperature readings {"id","temp","time"} come from Kafka into a job with
 * parallelism 1, forBoundedOutOfOrderness(2 s), 5-second tumbling windows per id, .allowedLateness(1 s), and a
 * process function that prints every reading of the window. One reading per second, watermarks every 200 ms.
 * Watch the 6th reading (time 7000) lift the watermark to 4999: window [0, 5000) fires for id 1 (20, 22, 30)
 * and for id 2 (21). The next two readings belong to that window and are late, but the window is kept for one
 * more second of event time, so each one re-fires it at once with ALL its readings (4 for id 1, 2 for id 2).
 * The reading at 8000 moves the watermark to 5999 = 4999 + 1000: the windows are cleared without any output,
 * and the last two late readings are dropped.
 *
 * Exported by Tidemark (test) from post002-allowed-lateness.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/post002-allowed-lateness.jar` runs it on a local MiniCluster, `flink run
 * target/post002-allowed-lateness.jar /path/to/events.csv` on a cluster. It prints what Tidemark's Output dock
 * shows for the scenario (`tidemark run post002-allowed-lateness.json --format text` prints the same lines,
 * each followed by what a print sink leaves out).
 *
 * The input: lines read from 127.0.0.1:9999 as they are sent (socketTextStream), each read as Tidemark reads
 * the scenario's events: JSON objects, one per line: key "id", event time "time" (epoch milliseconds or
 * ISO-8601), value "temp". `tidemark run` with --listen PORT --forward 127.0.0.1:9999 reads the lines typed
 * into `nc 127.0.0.1 PORT` and passes each on to this job, so that both see the same lines.
 *
 * What this job does not reproduce:
 * - The lines arrive when they are sent, on this job's wall clock as in Tidemark's live run: whether a periodic
 *   emission falls between two lines, and how the generators interleave, is each side's own timing. Compare the
 *   fires as a set.
 * - When the peer closes the connection the source ends, and Flink's end-of-input watermark fires every window
 *   still open; the scenario's input never ends (endOfInput "none"), so Tidemark fires none of them. Set
 *   endOfInput to "max-watermark" to see the same in Tidemark.
 */
public final class Post002AllowedLatenessJob {
    private Post002AllowedLatenessJob() {}

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
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(2000))
                        .withTimestampAssigner((event, previous) -> event.timestamp))
                .setParallelism(1);

        SingleOutputStreamOperator<String> fired = timestamped
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(5000)))
                .trigger(EventTimeTrigger.create())
                .allowedLateness(Duration.ofMillis(1000))
                .process(new ListValues());
        fired.print();
        env.execute("Post 002: allowed lateness 1 s");
    }

    /** The values of a window's records, in the order the window holds them. */
    public static final class ListValues extends ProcessWindowFunction<Event, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Event> records, Collector<String> out) {
            List<String> values = new ArrayList<>();
            for (Event record : records) {
                values.add(number(valueOf(record)));
            }
            out.collect("(" + key + ",[" + String.join(",", values) + "])");
        }
    }

    /**
     * Reads a line as Tidemark reads a line of the scenario's events file: JSON objects, one per line: key
     * "id", event time "time" (epoch milliseconds or ISO-8601), value "temp". Blank lines and lines starting
     * with # are skipped; a line it cannot read is reported on stderr with its number and skipped, as `tidemark
     * run --lenient` does.
     */
    public static final class ReadLine implements FlatMapFunction<String, Event> {
        private static final ObjectMapper JSON = new ObjectMapper();

        /** yyyy-MM-dd[THH:mm[:ss[.fff]]] with T or a space, then Z, ±HH:mm, ±HHmm or ±HH (required). */
        private static final DateTimeFormatter ISO = new DateTimeFormatterBuilder()
                .append(DateTimeFormatter.ISO_LOCAL_DATE)
                .optionalStart().appendLiteral('T').append(DateTimeFormatter.ISO_LOCAL_TIME).optionalEnd()
                .appendPattern("[XXX][XX][X]")
                .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
                .toFormatter(Locale.ROOT);

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
            } catch (IOException | RuntimeException bad) {
                System.err.println("line " + lineNumber + " skipped: " + bad.getMessage() + ": " + line);
            }
        }

        private Event read(String line) throws IOException {
            JsonNode object = JSON.readTree(line);
            if (object == null || !object.isObject()) {
                throw new IllegalArgumentException("expected a JSON object");
            }
            Event event = new Event();
            event.key = text(member(object, "id", "key"));
            event.timestamp = timestamp(text(member(object, "time", "ts")));
            event.value = number(text(member(object, "temp", "value")));
            return event;
        }

        /** The member at a dotted path ("a.b.c" is a nested field). */
        private static JsonNode member(JsonNode object, String path, String role) {
            JsonNode node = object;
            for (String name : path.split("\\.")) {
                node = node.get(name);
                if (node == null) {
                    throw new IllegalArgumentException("missing field \"" + path + "\" (" + role + ")");
                }
            }
            return node;
        }

        /** A string, or a number's text: a number used as key keeps its text. */
        private static String text(JsonNode node) {
            if (node.isTextual() || node.isNumber()) {
                return node.asText();
            }
            throw new IllegalArgumentException("expected a number or a string, found " + node.getNodeType());
        }

        private static long timestamp(String text) {
            if (text.length() >= 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {
                String iso = text.length() > 10 && text.charAt(10) == ' '
                        ? text.substring(0, 10) + 'T' + text.substring(11) : text;
                return Instant.from(ISO.parse(iso)).toEpochMilli();
            }
            return Long.parseLong(text);
        }

        private static Double number(String text) {
            String t = text.strip();
            if (!t.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")
                    || Double.isInfinite(Double.parseDouble(t))) {
                throw new IllegalArgumentException("expected a finite number, found \"" + text + "\"");
            }
            return Double.valueOf(t);
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
