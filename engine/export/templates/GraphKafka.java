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
@TOPICS@            for (int i = 0; i < args.length; i++) {
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
@READ_VALUE@        }

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
        static final Map<String, Integer> PARTITIONS = Map.ofEntries(@PARTITIONS@); // by source
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
@SEND@            } catch (ExecutionException | TimeoutException failed) {
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

@PREPARE_TOPIC@@READ_RECORDS@@CSV_FIELDS@    }
