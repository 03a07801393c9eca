package org.tidemark.oracle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * --kafka-owners BOOTSTRAP TOPIC PARTITIONS READERS: which reader reads each partition of a topic, twice — in a real
 * job (a bounded KafkaSource of READERS readers on a local cluster, each record tagged with its partition and the
 * subtask that read it) and as the oracle's KafkaSplits has the connector's enumerator assign it. Prints one JSON
 * line, {"job":[...],"connector":[...]} with a reader per partition (-1: the job read no record of it), and
 * fails when they differ where the job read a record.
 */
final class KafkaOwnersCheck {
    private KafkaOwnersCheck() {}

    static int run(String[] args, PrintStream out) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: flink-oracle --kafka-owners BOOTSTRAP TOPIC PARTITIONS READERS");
            return 2;
        }
        String bootstrap = args[0];
        String topic = args[1];
        int partitions = Integer.parseInt(args[2]);
        int readers = Integer.parseInt(args[3]);
        LoopbackCluster.stopAfter("kafka-owners", 300_000);

        KafkaSource<Integer> source = KafkaSource.<Integer>builder()
                .setBootstrapServers(bootstrap)
                .setTopics(topic)
                .setGroupId("tidemark-kafka-owners")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer(new PartitionOf())
                .build();
        Configuration conf = LoopbackCluster.configuration();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(readers, conf);
        int[] job = new int[partitions];
        Arrays.fill(job, -1);
        boolean[] twoReaders = new boolean[partitions];
        try (CloseableIterator<int[]> it = env.fromSource(source, WatermarkStrategy.noWatermarks(), "Kafka Source")
                     .setParallelism(readers)
                     .map(new TagReader()).setParallelism(readers)
                     .executeAndCollect("tidemark-kafka-owners")) {
            while (it.hasNext()) {
                int[] read = it.next(); // {partition, reader}
                if (job[read[0]] != -1 && job[read[0]] != read[1]) {
                    twoReaders[read[0]] = true;
                }
                job[read[0]] = read[1];
            }
        }
        KafkaSplits splits = KafkaSplits.of(topic, partitions, readers, true, new long[partitions]);
        int[] connector = new int[partitions];
        boolean same = true;
        for (int p = 0; p < partitions; p++) {
            connector[p] = splits.owner(p);
            same &= !twoReaders[p] && (job[p] == -1 || job[p] == connector[p]);
        }
        out.println("{\"topic\":\"" + topic + "\",\"readers\":" + readers + ",\"job\":" + Arrays.toString(job).replace(" ", "")
                + ",\"connector\":" + Arrays.toString(connector).replace(" ", "") + "}");
        out.flush();
        if (!same) {
            System.err.println("kafka-owners: the job's readers of topic " + topic + " are not the enumerator's");
        }
        return same ? 0 : 1;
    }

    /** A record's partition, as the consumer received it. */
    private static final class PartitionOf implements KafkaRecordDeserializationSchema<Integer> {
        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Integer> out) {
            out.collect(record.partition());
        }

        @Override
        public TypeInformation<Integer> getProducedType() {
            return Types.INT;
        }
    }

    /** The partition with the subtask that read it (the map is chained to its reader: forward, same parallelism). */
    private static final class TagReader extends RichMapFunction<Integer, int[]> {
        @Override
        public int[] map(Integer partition) {
            return new int[] {partition, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask()};
        }
    }
}
