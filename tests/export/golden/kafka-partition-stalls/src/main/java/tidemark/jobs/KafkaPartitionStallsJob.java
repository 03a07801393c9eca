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
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
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
 * A silent Kafka partition holds its reader back.
 *
 * Clicks are read from the Kafka topic 'clicks', 4 partitions, by a KafkaSource of parallelism 2 with the
 * watermark strategy given to fromSource (forBoundedOutOfOrderness(2 s), every 200 ms): each source reader runs
 * one generator per partition and forwards the minimum over its partitions. The enumerator gives partitions 1
 * and 3 to reader 0, and 0 and 2 to reader 1. Partition 3 stays silent until its one click, the 16th, at 15 s:
 * until then its generator is at Long.MIN_VALUE and holds reader 0 there, and the window operator (10-second
 * tumbling windows counting each user's clicks) takes the minimum of the two readers, so nothing fires however
 * far the other partitions get. The click (ts 12500) lifts partition 3 to 10499 only: [0, 10000) fires at 15 s,
 * and the later windows never do, for partition 3 says nothing more.
 *
 * Exported by Tidemark (test) from kafka-partition-stalls.json for Apache Flink 2.3.0. Build it with `mvn
 * package`; `java -jar target/kafka-partition-stalls.jar --produce` writes the scenario's records into topic
 * "clicks" at localhost:9092, and `java -jar target/kafka-partition-stalls.jar` runs the job on a local
 * MiniCluster, reading them (--bootstrap HOST:PORT and --topic NAME name another broker or topic). `flink run
 * target/kafka-partition-stalls.jar --bootstrap HOST:PORT` runs it on a cluster that has the Kafka connector's
 * jars (flink-connector-kafka, flink-connector-base and kafka-clients, in target/lib) in its lib folder. It
 * prints what Tidemark's Output dock shows for the scenario (`tidemark run kafka-partition-stalls.json --kafka
 * localhost:9092 --topic clicks --format text` prints the same lines, each followed by what a print sink leaves
 * out).
 *
 * The input: topic "clicks" of 4 partitions, read by a KafkaSource of parallelism 2 from the earliest offsets;
 * it never ends, as the scenario's input does not. The enumerator spreads the partitions over the readers:
 * reader 0 reads partitions 1 and 3 and reader 1 reads partitions 0 and 2. The watermark strategy is given to
 * fromSource: each reader runs one generator per partition and forwards the minimum over its active partitions,
 * as Tidemark's partition lanes show. A record's key is the event's key, its timestamp the event time, and its
 * value the event's number (none when empty). data/records.csv holds the scenario's 16 records, which --produce
 * writes into a new or empty topic, each to its partition with its timestamp.
 *
 * What this job does not reproduce:
 * - The records come as fast as the broker serves them, not at the scenario's arrival times: when a periodic
 *   emission falls between two of them, and how the partitions and readers interleave, is this job's timing.
 *   Compare its fires as a set with those of `tidemark run SCENARIO --kafka BOOTSTRAP --topic clicks`, which
 *   reads the same topic.
 * - The topic is read without end, as the scenario's input never ends: the job keeps running after the last
 *   record, and windows still open then never fire. Stop it with Ctrl+C (or flink cancel).
 */
public final class KafkaPartitionStallsJob {
    private KafkaPartitionStallsJob() {}

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        if (options.produce) {
            Produce.records(options);
            return;
        }

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        // The window operator runs as one subtask, and so does the print sink chained to it.
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(200);

        // Every partition from its earliest offset; the topic is read for as long as the job runs.
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(options.bootstrap)
                .setTopics(options.topic)
                .setGroupId("kafka-partition-stalls")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new ReadRecord())
                .build();

        // The strategy goes into the source: each of the 2 readers runs one generator per partition (split)
        // and forwards the minimum over its active partitions.
        DataStream<Event> timestamped = env.fromSource(source, WatermarkStrategy
                        .<Event>forBoundedOutOfOrderness(Duration.ofMillis(2000))
                        .withTimestampAssigner((event, previous) -> event.timestamp),
                        "Kafka Source")
                .setParallelism(2);

        SingleOutputStreamOperator<String> fired = timestamped
                .keyBy(event -> event.key)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10000)))
                .trigger(EventTimeTrigger.create())
                .aggregate(new CountRecords(), new WithKey());
        fired.print();
        env.execute("A silent Kafka partition holds its reader back");
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

    /** --bootstrap HOST:PORT, --topic NAME and --produce, with the scenario's broker and topic as defaults. */
    static final class Options {
        String bootstrap = "localhost:9092";
        String topic = "clicks";
        boolean produce;

        static Options parse(String[] args) {
            Options options = new Options();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--produce")) {
                    options.produce = true;
                } else if ((arg.equals("--bootstrap") || arg.equals("--topic")) && i + 1 < args.length) {
                    if (arg.equals("--bootstrap")) {
                        options.bootstrap = args[++i];
                    } else {
                        options.topic = args[++i];
                    }
                } else {
                    System.err.println("unexpected argument \"" + arg + "\": expected --bootstrap HOST:PORT, "
                            + "--topic NAME or --produce");
                    System.exit(2);
                }
            }
            return options;
        }
    }

    /**
     * A Kafka record as the scenario's event: its key, its timestamp as the event time, its value a number (none
     * when empty). A record it cannot read is reported on stderr with its partition and offset, and skipped.
     */
    public static final class ReadRecord implements KafkaRecordDeserializationSchema<Event> {
        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Event> out) {
            Event event = new Event();
            event.partition = record.partition();
            event.offset = record.offset();
            event.key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
            event.timestamp = record.timestamp();
            String value = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8).trim();
            String problem = null;
            if (event.key == null) { // keyBy needs one
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

    /** One record of the topic, a POJO for Flink's serializer. */
    public static class Event implements Serializable {
        public int partition;
        public long offset;
        public String key; // null when the records have none (windowAll)
        public long timestamp;
        public Double value; // null when the record has none

        public Event() {}
    }

    /**
     * --produce: data/records.csv (or its copy in the jar) into the topic, each record to its partition with its
     * key, timestamp and value. The topic is created with the scenario's partitions and no time-based retention, or
     * must have them, hold no record yet (the job reads a topic from its earliest offsets, and records already there
     * would be read too) and keep records as old as the scenario's.
     */
    static final class Produce {
        static final int PARTITIONS = 4;
        static final long WAIT_S = 30;
        static final String RETENTION = "retention.ms";

        static void records(Options options) throws IOException, InterruptedException {
            List<String[]> records = readAll();
            Properties config = new Properties();
            config.put("bootstrap.servers", options.bootstrap);
            config.put("request.timeout.ms", "10000");
            config.put("default.api.timeout.ms", "20000");
            String at = "topic \"" + options.topic + "\" at " + options.bootstrap;
            try {
                try (Admin admin = Admin.create(config)) {
                    prepareTopic(admin, options.topic, PARTITIONS, at, records);
                }
                config.put("key.serializer", StringSerializer.class.getName());
                config.put("value.serializer", StringSerializer.class.getName());
                config.put("max.block.ms", "20000");
                config.put("delivery.timeout.ms", "30000");
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
                    for (String[] r : records) {
                        sent.add(producer.send(new ProducerRecord<>(options.topic, Integer.valueOf(r[0]),
                                Long.valueOf(r[2]), r[1].isEmpty() ? null : r[1], r[3].isEmpty() ? null : r[3])));
                    }
                    producer.flush();
                    for (Future<RecordMetadata> f : sent) {
                        f.get(WAIT_S, TimeUnit.SECONDS);
                    }
                }
            } catch (ExecutionException | TimeoutException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                System.err.println(at + ": " + cause.getMessage());
                System.exit(1);
            }
            System.err.println("wrote " + records.size() + (records.size() == 1 ? " record" : " records") + " to " + at);
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

        /** partition,key,timestamp,value per line after the header; a key may be quoted as in CSV. */
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
                if (f.size() != 4) {
                    throw new IOException(file + ":" + (i + 1) + ": expected partition,key,timestamp,value, found "
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
