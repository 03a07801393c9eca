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
@READ_VALUE@        }

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
                    prepareTopic(admin, options.topic, PARTITIONS, at, records);
                }
@SEND@            } catch (ExecutionException | TimeoutException failed) {
                Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
                System.err.println(at + ": " + cause.getMessage());
                System.exit(1);
            }
            System.err.println("wrote " + records.size() + (records.size() == 1 ? " record" : " records") + " to " + at);
        }

@PREPARE_TOPIC@@READ_RECORDS@@CSV_FIELDS@    }

