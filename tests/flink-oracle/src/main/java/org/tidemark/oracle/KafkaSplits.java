package org.tidemark.oracle;

import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.KafkaSourceEnumState;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.enumerator.subscriber.KafkaSubscriber;
import org.apache.flink.connector.kafka.source.split.KafkaPartitionSplit;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The splits of a Kafka topic as flink-connector-kafka hands them to a KafkaSource's readers: which reader owns
 * each partition, the splits' ids, which readers are told there are no more splits, and where a bounded split
 * stops. All of it is decided by the connector's own KafkaSourceEnumerator, created by a KafkaSource built as
 * `tidemark export-job` builds it (earliest offsets, bounded by the latest ones), and driven here through a
 * SplitEnumeratorContext that runs its discovery at once and records what it assigns and signals.
 *
 * <p>Two things stand in for the broker: the topic's description (the scenario's topic with its partitions, which
 * the broker's metadata would list) and its end offsets (the number of records in each partition, which
 * OffsetsInitializer.latest() would ask the broker for), given as OffsetsInitializer.offsets. The starting offsets
 * are the earliest, which the readers resolve (offset 0 of a scenario's partition).
 */
final class KafkaSplits implements java.io.Serializable {
    private final int[] owner; // by partition
    private final String[] splitId; // by partition
    private final long[] stoppingOffset; // by partition, resolved; -1: unbounded
    private final boolean[] noMoreSplits; // by reader

    private KafkaSplits(int partitions, int readers) {
        owner = new int[partitions];
        Arrays.fill(owner, -1);
        splitId = new String[partitions];
        stoppingOffset = new long[partitions];
        noMoreSplits = new boolean[readers];
    }

    private static final Map<String, KafkaSplits> CACHE = new ConcurrentHashMap<>();

    /** The assignment of `partitions` partitions of `topic` over `readers` readers, bounded or not. */
    static KafkaSplits of(String topic, int partitions, int readers, boolean bounded, long[] recordsPerPartition) {
        String key = topic + "\u0000" + partitions + "/" + readers + "/" + bounded + "/" + Arrays.toString(recordsPerPartition);
        return CACHE.computeIfAbsent(key, k -> enumerate(topic, partitions, readers, bounded, recordsPerPartition));
    }

    /** The reader that owns the partition's split. */
    int owner(int partition) {
        return owner[partition];
    }

    /** KafkaPartitionSplit#splitId of the partition's split. */
    String splitId(int partition) {
        return splitId[partition];
    }

    /** The offset at which the partition's split of a bounded topic has been read to its end. */
    long stoppingOffset(int partition) {
        return stoppingOffset[partition];
    }

    /** Whether the enumerator told the reader that no split will come after those it has. */
    boolean noMoreSplits(int reader) {
        return noMoreSplits[reader];
    }

    private static KafkaSplits enumerate(String topic, int partitions, int readers, boolean bounded, long[] records) {
        KafkaSourceBuilder<String> builder = KafkaSource.<String>builder()
                // never contacted: the enumerator creates its admin client, but the subscriber below lists the
                // topic and the offsets need no lookup (a call that did would fail within seconds, not hang)
                .setBootstrapServers("127.0.0.1:9")
                .setProperty("default.api.timeout.ms", "3000")
                .setProperty("request.timeout.ms", "3000")
                .setKafkaSubscriber(new ScenarioTopic(topic, partitions))
                .setGroupId("tidemark-oracle")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setValueOnlyDeserializer(new SimpleStringSchema());
        if (bounded) {
            // OffsetsInitializer.latest(), as the exported job bounds its source, asks the broker for each
            // partition's end offset; a scenario's topic ends after its records
            Map<TopicPartition, Long> end = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                end.put(new TopicPartition(topic, p), records[p]);
            }
            builder.setBounded(OffsetsInitializer.offsets(end));
        }
        KafkaSource<String> source = builder.build();
        RecordingContext context = new RecordingContext(readers);
        KafkaSplits result = new KafkaSplits(partitions, readers);
        try (SplitEnumerator<KafkaPartitionSplit, KafkaSourceEnumState> enumerator = source.createEnumerator(context)) {
            enumerator.start();
            // the readers register as their subtasks come up (SourceCoordinator#handleReaderRegistrationEvent)
            for (int reader = 0; reader < readers; reader++) {
                context.register(reader);
                enumerator.addReader(reader);
            }
            for (Map.Entry<Integer, List<KafkaPartitionSplit>> e : context.assigned.entrySet()) {
                for (KafkaPartitionSplit split : e.getValue()) {
                    TopicPartition tp = split.getTopicPartition();
                    if (!tp.topic().equals(topic) || result.owner[tp.partition()] != -1) {
                        throw new IllegalStateException("the enumerator assigned " + split + " unexpectedly");
                    }
                    result.owner[tp.partition()] = e.getKey();
                    result.splitId[tp.partition()] = split.splitId();
                    result.stoppingOffset[tp.partition()] = resolveStop(split);
                }
            }
            for (int reader : context.noMoreSplits) {
                result.noMoreSplits[reader] = true;
            }
        } catch (Exception e) {
            throw new IllegalStateException("KafkaSourceEnumerator: " + e, e);
        }
        for (int partition = 0; partition < partitions; partition++) {
            if (result.owner[partition] == -1) {
                throw new IllegalStateException("the enumerator assigned no reader partition " + partition);
            }
        }
        return result;
    }

    /** The split's stopping offset; -1 for a split that never ends. */
    private static long resolveStop(KafkaPartitionSplit split) {
        long stop = split.getStoppingOffset().orElse(KafkaPartitionSplit.NO_STOPPING_OFFSET);
        if (stop == KafkaPartitionSplit.NO_STOPPING_OFFSET) {
            return -1;
        }
        if (stop < 0) {
            throw new IllegalStateException("unexpected stopping offset " + stop + " of " + split);
        }
        return stop;
    }

    /** The scenario's topic, as the broker's metadata would describe it. */
    private static final class ScenarioTopic implements KafkaSubscriber {
        private final String topic;
        private final int partitions;

        ScenarioTopic(String topic, int partitions) {
            this.topic = topic;
            this.partitions = partitions;
        }

        @Override
        public Set<TopicPartition> getSubscribedTopicPartitions(AdminClient admin) {
            Set<TopicPartition> set = new HashSet<>();
            for (int p = 0; p < partitions; p++) {
                set.add(new TopicPartition(topic, p));
            }
            return set;
        }
    }

    /**
     * A SplitEnumeratorContext whose asynchronous calls run at once (a periodic one runs its first time only: the
     * scenario's topic never grows), recording the splits assigned and the readers signalled.
     */
    private static final class RecordingContext implements SplitEnumeratorContext<KafkaPartitionSplit> {
        private final int parallelism;
        private final Map<Integer, ReaderInfo> registered = new LinkedHashMap<>();
        final Map<Integer, List<KafkaPartitionSplit>> assigned = new TreeMap<>();
        final List<Integer> noMoreSplits = new ArrayList<>();

        RecordingContext(int parallelism) {
            this.parallelism = parallelism;
        }

        void register(int reader) {
            registered.put(reader, new ReaderInfo(reader, "localhost"));
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return UnregisteredMetricsGroup.createSplitEnumeratorMetricGroup();
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {}

        @Override
        public int currentParallelism() {
            return parallelism;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return registered;
        }

        @Override
        public void assignSplits(SplitsAssignment<KafkaPartitionSplit> assignment) {
            assignment.assignment().forEach((reader, splits) ->
                    assigned.computeIfAbsent(reader, r -> new ArrayList<>()).addAll(splits));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            noMoreSplits.add(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            T result = null;
            Throwable error = null;
            try {
                result = callable.call();
            } catch (Throwable t) {
                error = t;
            }
            handler.accept(result, error);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelay, long period) {
            callAsync(callable, handler);
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            runnable.run();
        }
    }
}
