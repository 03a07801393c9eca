    /** --bootstrap HOST:PORT, --topic NAME and --produce, with the scenario's broker and topic as defaults. */
    static final class Options {
        String bootstrap = "localhost:9092";
        String topic = @TOPIC@;
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
@KEYCHECK@            if (problem == null && !value.isEmpty()) {
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
        static final int PARTITIONS = @PARTITIONS@;
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
                    prepareTopic(admin, options.topic, at, records);
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

        private static void prepareTopic(Admin admin, String topic, String at, List<String[]> records)
                throws ExecutionException, InterruptedException, TimeoutException {
            try {
                // Time-based retention goes by the records' own timestamps, and a scenario's are often from 1970:
                // with the broker's default (7 days) they would be deleted at its next retention check, minutes
                // from now, and the job would find the topic empty.
                admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)
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
            if (described.partitions().size() != PARTITIONS) {
                System.err.println(at + " has " + described.partitions().size() + " partitions, the scenario "
                        + PARTITIONS + ": give another topic with --topic");
                System.exit(1);
            }
            Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
            for (int p = 0; p < PARTITIONS; p++) {
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

@CSV_FIELDS@    }

