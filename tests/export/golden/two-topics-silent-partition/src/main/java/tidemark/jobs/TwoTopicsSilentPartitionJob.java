package tidemark.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A silent partition of one topic holds the union of two.
 *
 * Clicks and views come from two Kafka topics, read by KafkaSources with per-partition watermarks
 * (forBoundedOutOfOrderness(0), every 200 ms), and are counted per user per 10 seconds of event time after a
 * union. The enumerator gives clicks' partitions 0 and 1 to readers 1 and 0; views' two partitions both go to
 * its one reader. Views' partition 1 sends nothing until 6 s: its split's generator stays at Long.MIN_VALUE, so
 * views' reader, the union and the window stay there too, however far clicks and views' partition 0 get. Its
 * first record (bob, 11000) lets the reader follow partition 0, and once views' partition 0 passes 10 s (ann,
 * 13000 at 7 s) the union reaches 10999 ms and [0, 10000) fires: ann 5, bob 2. The topics stay open: [10000,
 * 20000) never fires.
 *
 * Exported by Tidemark (test) from two-topics-silent-partition.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/two-topics-silent-partition.jar` runs it on a local MiniCluster. Each operator
 * prints its output as print("name") does (`tidemark run two-topics-silent-partition.json --format text` prints
 * the same lines, each followed by what a print sink leaves out).
 *
 * The input: each source that reads a Kafka topic reads it as the scenario says: clicks reads topic "clicks" of
 * 2 partitions with a KafkaSource of 2 readers from the earliest offsets, its watermark strategy given to
 * fromSource (one generator per partition in each reader). views reads topic "views" of 2 partitions with a
 * KafkaSource of 1 reader from the earliest offsets, its watermark strategy given to fromSource (one generator
 * per partition in each reader). data/records.csv holds their records, which --produce writes into new or empty
 * topics, each to its partition with its timestamp.
 *
 * What this job does not reproduce:
 * - The sources that read a topic (clicks, views) read it as fast as the broker serves it, not at the
 *   scenario's arrival times: when a periodic emission falls between two records and how the partitions and
 *   readers interleave are this job's timing. Compare the lines with those of `tidemark run` as a set: with
 *   per-partition watermarks and each partition's records in time order no record can be late, however they
 *   interleave.
 * - The input never ends, as in the scenario: the job keeps running after the last record, and windows and
 *   timers still waiting then never fire. Stop it with Ctrl+C (or flink cancel).
 */
public final class TwoTopicsSilentPartitionJob {
    private TwoTopicsSilentPartitionJob() {}

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        if (options.produce) {
            Produce.records(options);
            return;
        }

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // Each operator says its own parallelism; its print sink has the same, so "name:2> …" is subtask 1.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);

        // clicks: topic "clicks" (2 partitions), every partition from its earliest offset, read for as long as
        // the job runs.
        KafkaSource<Event> clicksTopic = KafkaSource.<Event>builder()
                .setBootstrapServers(options.bootstrap)
                .setTopics(options.topic("clicks"))
                .setGroupId("two-topics-silent-partition-clicks")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new ReadRecord("clicks", true))
                .build();
        // The strategy goes into the source: each of its 2 readers runs one generator per partition (split) and
        // forwards the minimum over its active partitions.
        DataStream<Event> clicks = env.fromSource(clicksTopic, WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp),
                        "clicks")
                .setParallelism(2);

        // views: topic "views" (2 partitions), every partition from its earliest offset, read for as long as
        // the job runs.
        KafkaSource<Event> viewsTopic = KafkaSource.<Event>builder()
                .setBootstrapServers(options.bootstrap)
                .setTopics(options.topic("views"))
                .setGroupId("two-topics-silent-partition-views")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new ReadRecord("views", true))
                .build();
        // The strategy goes into the source: its one reader runs one generator per partition (split) and
        // forwards the minimum over its active partitions.
        DataStream<Event> views = env.fromSource(viewsTopic, WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(0))
                        .withTimestampAssigner((event, previous) -> event.timestamp),
                        "views")
                .setParallelism(1);

        // both: the union of clicks and views (no operator: the next one reads all their channels).
        DataStream<Event> both = clicks.union(views);

        // per-10s: a window over both; its results are stamped with the window's maxTimestamp() (end - 1).
        SingleOutputStreamOperator<Event> per10s = both
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10000)))
                .aggregate(new CountRecords(), new KeyedResult())
                .setParallelism(1)
                .name("per-10s");
        per10s.print("per-10s").setParallelism(1);

        env.execute("A silent partition of one topic holds the union of two");
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

    /** A window's result as the next operator reads it, at the window's maxTimestamp(), printed with the key. */
    public static final class KeyedResult extends ProcessWindowFunction<String, Event, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<String> result, Collector<Event> out) {
            out.collect(Event.result(key, context.window().maxTimestamp(), result.iterator().next()));
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

    /**
     * --bootstrap HOST:PORT, --topic SOURCE=NAME (for each source that reads a topic) and --produce, with the
     * scenario's broker and topics as defaults; any other argument is the events file of the replayed sources.
     */
    static final class Options {
        String bootstrap = "localhost:9092";
        final Map<String, String> topics = new LinkedHashMap<>(); // by source
        boolean produce;
        final List<String> rest = new ArrayList<>();

        static Options parse(String[] args) {
            Options options = new Options();
            options.topics.put("clicks", "clicks");
            options.topics.put("views", "views");
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--produce")) {
                    options.produce = true;
                } else if (arg.equals("--bootstrap") && i + 1 < args.length) {
                    options.bootstrap = args[++i];
                } else if (arg.equals("--topic") && i + 1 < args.length) {
                    String[] given = args[++i].split("=", 2);
                    if (given.length != 2 || !options.topics.containsKey(given[0]) || given[1].isEmpty()) {
                        System.err.println("unexpected --topic \"" + args[i] + "\": expected SOURCE=NAME with SOURCE "
                                + "one of " + options.topics.keySet());
                        System.exit(2);
                    }
                    options.topics.put(given[0], given[1]);
                } else if (arg.startsWith("--")) {
                    System.err.println("unexpected argument \"" + arg + "\": expected --bootstrap HOST:PORT, "
                            + "--topic SOURCE=NAME, --produce or the events file");
                    System.exit(2);
                } else {
                    options.rest.add(arg);
                }
            }
            return options;
        }

        String topic(String source) {
            return topics.get(source);
        }
    }

    /**
     * A Kafka record as an event of `source`: its key (keyBy needs one where the source is read keyed), its
     * timestamp as the event time, its value a number (none when empty). A record it cannot read is reported on
     * stderr with its partition and offset, and skipped.
     */
    public static final class ReadRecord implements KafkaRecordDeserializationSchema<Event> {
        private final String source;
        private final boolean keyed;

        public ReadRecord(String source, boolean keyed) {
            this.source = source;
            this.keyed = keyed;
        }

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Event> out) {
            Event event = new Event();
            event.source = source;
            event.key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
            event.timestamp = record.timestamp();
            String value = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8).trim();
            String problem = null;
            if (keyed && event.key == null) { // keyBy needs one
                problem = "the record has no key";
            }
            if (problem == null && !value.isEmpty()) {
                try {
                    event.value = Double.valueOf(value);
                } catch (NumberFormatException bad) {
                    problem = "expected a number as the value, found \"" + value + "\"";
                }
            }
            if (problem != null) {
                System.err.println(record.topic() + ", partition " + record.partition() + ", offset " + record.offset()
                        + ": " + problem + "; skipped");
                return;
            }
            out.collect(event);
        }

        @Override
        public TypeInformation<Event> getProducedType() {
            return TypeInformation.of(Event.class);
        }
    }

    /**
     * --produce: data/records.csv (or its copy in the jar) into the topics, each record to its source's topic and
     * its partition, with its key, timestamp and value. Each topic is created with its partitions and no
     * time-based retention, or must have them, hold no record yet (the job reads from the earliest offsets, and
     * records already there would be read too) and keep records as old as the scenario's.
     */
    static final class Produce {
        static final Map<String, Integer> PARTITIONS = Map.ofEntries(Map.entry("clicks", 2), Map.entry("views", 2)); // by source
        static final long WAIT_S = 30;
        static final String RETENTION = "retention.ms";

        static void records(Options options) throws IOException, InterruptedException {
            Map<String, List<String[]>> bySource = new LinkedHashMap<>();
            for (String source : options.topics.keySet()) {
                bySource.put(source, new ArrayList<>());
            }
            List<String[]> records = readAll();
            for (String[] r : records) {
                if (!bySource.containsKey(r[4])) {
                    throw new IOException("a record of \"" + r[4] + "\", which reads no topic: expected one of "
                            + bySource.keySet());
                }
                bySource.get(r[4]).add(r);
            }
            Properties config = new Properties();
            config.put("bootstrap.servers", options.bootstrap);
            config.put("request.timeout.ms", "10000");
            config.put("default.api.timeout.ms", "20000");
            String at = " at " + options.bootstrap;
            try {
                try (Admin admin = Admin.create(config)) {
                    for (var source : bySource.entrySet()) {
                        String topic = options.topic(source.getKey());
                        prepareTopic(admin, topic, PARTITIONS.get(source.getKey()), "topic \"" + topic + "\"" + at,
                                source.getValue());
                    }
                }
                config.put("key.serializer", StringSerializer.class.getName());
                config.put("value.serializer", StringSerializer.class.getName());
                config.put("max.block.ms", "20000");
                config.put("delivery.timeout.ms", "30000");
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
                    for (String[] r : records) {
                        sent.add(producer.send(new ProducerRecord<>(options.topic(r[4]), Integer.valueOf(r[0]),
                                Long.valueOf(r[2]), r[1].isEmpty() ? null : r[1], r[3].isEmpty() ? null : r[3])));
                    }
                    producer.flush();
                    for (Future<RecordMetadata> f : sent) {
                        f.get(WAIT_S, TimeUnit.SECONDS);
                    }
                }
            } catch (ExecutionException | TimeoutException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                System.err.println(options.bootstrap + ": " + cause.getMessage());
                System.exit(1);
            }
            for (var source : bySource.entrySet()) {
                int n = source.getValue().size();
                System.err.println("wrote " + n + (n == 1 ? " record" : " records") + " to topic \""
                        + options.topic(source.getKey()) + "\"" + at);
            }
        }

        /**
         * Creates `topic` with `partitions` partitions and no time-based retention, or checks that it has them, holds
         * no record yet and keeps records as old as `records` (partition,key,timestamp,… after the header).
         */
        static void prepareTopic(Admin admin, String topic, int partitions, String at, List<String[]> records)
                throws ExecutionException, InterruptedException, TimeoutException {
            try {
                // Time-based retention goes by the records' own timestamps, and a scenario's are often from 1970:
                // with the broker's default (7 days) they would be deleted at its next retention check, minutes
                // from now, and the job would find the topic empty.
                admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)
                                .configs(Map.of(RETENTION, "-1"))))
                        .all()
                        .get(WAIT_S, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            TopicDescription described =
                    admin.describeTopics(List.of(topic)).allTopicNames().get(WAIT_S, TimeUnit.SECONDS).get(topic);
            if (described.partitions().size() != partitions) {
                System.err.println(at + " has " + described.partitions().size() + " partitions, the scenario "
                        + partitions + ": give another topic with --topic");
                System.exit(1);
            }
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                ends.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            long held = 0;
            for (var end : admin.listOffsets(ends).all().get(WAIT_S, TimeUnit.SECONDS).values()) {
                held += end.offset();
            }
            if (held > 0) {
                System.err.println(at + " holds " + held + " records already, which the job would read too: "
                        + "delete the topic or give another with --topic");
                System.exit(1);
            }
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config =
                    admin.describeConfigs(List.of(resource)).all().get(WAIT_S, TimeUnit.SECONDS).get(resource);
            long retention = Long.parseLong(config.get(RETENTION).value());
            long oldest = Long.MAX_VALUE;
            for (String[] r : records) {
                oldest = Math.min(oldest, Long.parseLong(r[2]));
            }
            if (retention >= 0 && oldest < System.currentTimeMillis() - retention) {
                System.err.println(at + " deletes records older than " + RETENTION + "=" + retention + " ms by their "
                        + "timestamps, and the scenario's go back to " + Instant.ofEpochMilli(oldest)
                        + ": the broker would delete them at its next retention check. Set " + RETENTION
                        + "=-1 on the topic, or give a new one with --topic (--produce creates it so)");
                System.exit(1);
            }
        }

        /** partition,key,timestamp,value,source per line after the header; a key may be quoted as in CSV. */
        static List<String[]> readAll() throws IOException {
            Path local = Path.of("data", "records.csv");
            String file = local.toString();
            List<String> lines;
            if (Files.exists(local)) {
                lines = Files.readAllLines(local, StandardCharsets.UTF_8);
            } else {
                try (InputStream packed = Produce.class.getResourceAsStream("records.csv")) {
                    if (packed == null) {
                        throw new IOException("no data/records.csv here and none in the jar");
                    }
                    lines = new String(packed.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                    file = "records.csv in the jar";
                }
            }
            List<String[]> records = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = fields(lines.get(i));
                if (f.size() != 5) {
                    throw new IOException(file + ":" + (i + 1) + ": expected partition,key,timestamp,value,source, found "
                            + f.size() + " fields");
                }
                records.add(f.toArray(new String[0]));
            }
            return records;
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
}
