package org.tidemark.kafka;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;

/**
 * A single-node Kafka broker in KRaft mode (broker and controller in one), listening on 127.0.0.1 only, for the
 * end-to-end test of `tidemark run --kafka`.
 *
 * <p>Usage: {@code Broker TOPIC PARTITIONS RECORDS.tsv MAX_SECONDS}. It formats a fresh log directory, starts the
 * server, creates the topic (and an empty TOPIC-kept-7-days with the default retention) and produces the records,
 * one per line "partition TAB timestamp TAB key TAB value", each to its partition with its timestamp (CreateTime).
 * It then prints "BOOTSTRAP=127.0.0.1:PORT" and serves until its standard input closes or MAX_SECONDS have passed,
 * and shuts down, removing its log directory.
 */
public final class Broker {
    private Broker() {}

    public static void main(String[] args) throws Exception {
        String topic = args[0];
        int partitions = Integer.parseInt(args[1]);
        List<String> records = Files.readAllLines(Path.of(args[2]), StandardCharsets.UTF_8);
        long maxSeconds = Long.parseLong(args[3]);

        int brokerPort = freePort();
        int controllerPort = freePort();
        Path logDir = Files.createTempDirectory("tidemark-kafka-");
        String bootstrap = "127.0.0.1:" + brokerPort;
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + bootstrap);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("auto.create.topics.enable", "false");
        // retention checked every 2 s, not every 5 min: a topic that does not guard its 1970 records loses them
        // within seconds, every run, rather than now and then
        p.put("log.initial.task.delay.ms", "2000");
        p.put("log.retention.check.interval.ms", "2000");
        // the log cleaner's default 128 MiB buffer would not fit the small heap this runs with
        p.put("log.cleaner.dedupe.buffer.size", "2097152");

        Path config = Files.createTempFile("tidemark-kafka-", ".properties");
        try (Writer w = Files.newBufferedWriter(config)) {
            p.store(w, null);
        }
        // StorageTool.execute returns its status (its main would end the JVM)
        if (StorageTool.execute(new String[] {"format", "-t", Uuid.randomUuid().toString(), "-c", config.toString()},
                    System.err) != 0) {
            throw new IllegalStateException("cannot format " + logDir);
        }
        KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(p, false), Time.SYSTEM);
        server.startup();
        try {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                // The records' timestamps are from 1970, and time-based retention goes by them: with the default
                // (7 days) the first retention check would delete them all. TOPIC-kept-7-days, empty, keeps the
                // default, as any topic on a real broker: the exported job's --produce must refuse it.
                admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)
                                        .configs(Map.of("retention.ms", "-1")),
                                new NewTopic(topic + "-kept-7-days", partitions, (short) 1)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
            Properties producer = new Properties();
            producer.put("bootstrap.servers", bootstrap);
            producer.put("acks", "all");
            producer.put("key.serializer", StringSerializer.class.getName());
            producer.put("value.serializer", StringSerializer.class.getName());
            try (KafkaProducer<String, String> out = new KafkaProducer<>(producer)) {
                for (String line : records) {
                    if (line.isBlank()) {
                        continue;
                    }
                    String[] f = line.split("\t", 4);
                    out.send(new ProducerRecord<>(topic, Integer.parseInt(f[0]), Long.parseLong(f[1]), f[2], f[3]))
                            .get(30, TimeUnit.SECONDS);
                }
            }
            System.out.println("BOOTSTRAP=" + bootstrap);
            System.out.flush();
            // serve until the driver closes our standard input, bounded in time
            Thread stdin = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                    while (in.readLine() != null) {
                        // nothing: only the end matters
                    }
                } catch (Exception ignored) {
                    // the end of input all the same
                }
            });
            stdin.setDaemon(true);
            stdin.start();
            stdin.join(TimeUnit.SECONDS.toMillis(maxSeconds));
        } finally {
            server.shutdown();
            server.awaitShutdown();
            try (Stream<Path> files = Files.walk(logDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
            Files.deleteIfExists(config);
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
