package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A Tidemark scenario (format v1, docs/scenario-format.md), read with the same defaults as the engine. */
final class Scenario implements java.io.Serializable {
    static final long DEFAULT_ARRIVAL_SPACING_MS = 1000;

    static final class Rec implements java.io.Serializable {
        boolean watermark;
        String key; // a composite key in its printed form, "(a,b)"
        String[] keyFields; // a composite key's fields in order; null for a key of one field
        Double value;
        long ts;
        Long arrival; // null: previous arrival + spacing
        Integer channel; // null: none given
        Integer partition; // a Kafka source's partition
    }

    /** A Kafka source (pipeline.source.kafka): null for a source whose records are not split. */
    static final class Kafka implements java.io.Serializable {
        String topic;
        int partitions;
        boolean perPartition; // watermarks "per-partition" (in the source), else "after-source"
    }

    // watermarks
    String strategy = "bounded-out-of-orderness";
    long maxOutOfOrdernessMs = 0;
    String emit = "periodic";
    long periodMs = 200;
    long idlenessMs = 0;
    int wmParallelism = 1;
    String partitioning = "rebalance";
    int firstChannel = 0;
    int sourceParallelism = 1;
    Kafka kafka = null;
    // window
    String keyBy = "key"; // null = windowAll
    String assigner = "tumbling";
    String timeDomain = "event";
    long sizeMs = 5000;
    long slideMs = 0;
    long stepMs = 0; // cumulate; its maxSizeMs is read into sizeMs
    long offsetMs = 0;
    long gapMs = 0;
    String trigger = "default";
    long triggerCount = 0;
    long triggerIntervalMs = 0;
    boolean purging = false;
    long allowedLatenessMs = 0;
    boolean lateSideOutput = false;
    String function = "list";
    String field = "value";
    String evictor = null; // null, count, time, delta
    long evictMaxCount = 0;
    long evictKeepMs = 0;
    double evictThreshold = 0;
    boolean evictAfter = false;
    int windowParallelism = 1;
    String endOfInput = "none";
    long arrivalSpacingMs = DEFAULT_ARRIVAL_SPACING_MS;
    long eventTimeArrivalSpeedup = 0; // 0: by the spacing; n: at event time, n times faster
    Long inputEndMs = null; // when the input ended, if after the last arrival (a recorded live source); null: at it
    String flinkVersion = null; // the Flink line the scenario names ("1.20", "2.3"); null: this oracle's

    final List<Rec> records = new ArrayList<>();

    static Scenario load(File file) throws IOException {
        JsonNode root = mapper().readTree(file);
        return from(root, file.getPath(), file);
    }

    static Scenario parse(String json, String name) throws IOException {
        return from(mapper().readTree(json), name, new File(name));
    }

    /** Numbers keep their text: a key written 1.50 stays "1.50", as the format says. */
    private static ObjectMapper mapper() {
        return new ObjectMapper().setNodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true))
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }

    private static Scenario from(JsonNode root, String name, File file) throws IOException {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(name + ": expected a JSON object");
        }
        Scenario s = new Scenario();
        JsonNode fv = root.get("flinkVersion");
        if (fv != null && !fv.isNull()) {
            s.flinkVersion = fv.isBigDecimal() ? fv.decimalValue().toPlainString() : fv.asText();
        }
        JsonNode p = root.path("pipeline");
        s.sourceParallelism = p.path("source").path("parallelism").asInt(1);
        JsonNode kafkaNode = p.path("source").get("kafka");
        if (kafkaNode != null && !kafkaNode.isNull()) {
            s.kafka = new Kafka();
            s.kafka.topic = kafkaNode.path("topic").asText();
            s.kafka.partitions = kafkaNode.path("partitions").asInt(1);
            s.kafka.perPartition = kafkaNode.path("watermarks").asText("per-partition").equals("per-partition");
        }
        JsonNode w = p.path("watermarks");
        s.strategy = w.path("strategy").asText(s.strategy);
        s.maxOutOfOrdernessMs = w.path("maxOutOfOrdernessMs").asLong(0);
        s.emit = w.path("emit").asText(s.emit);
        s.periodMs = w.path("periodMs").asLong(200);
        s.idlenessMs = w.path("idlenessMs").asLong(0);
        s.wmParallelism = w.path("parallelism").asInt(1);
        s.partitioning = w.path("partitioning").asText(s.partitioning);
        s.firstChannel = w.path("firstChannel").asInt(0);
        if (s.kafka != null) {
            // the readers are the channels (docs/scenario-format.md, "A Kafka source")
            s.wmParallelism = s.sourceParallelism;
            s.partitioning = "forward";
        }

        JsonNode win = p.path("window");
        JsonNode kb = win.get("keyBy");
        s.keyBy = kb == null ? "key" : (kb.isNull() ? null : kb.asText());
        JsonNode a = win.path("assigner");
        s.assigner = a.path("type").asText(s.assigner);
        s.timeDomain = a.path("timeDomain").asText("event");
        s.sizeMs = a.path("sizeMs").asLong(5000);
        s.slideMs = a.path("slideMs").asLong(0);
        if (s.assigner.equals("cumulate")) {
            s.sizeMs = a.path("maxSizeMs").asLong(0);
            s.stepMs = a.path("stepMs").asLong(0);
        }
        s.offsetMs = a.path("offsetMs").asLong(0);
        s.gapMs = a.path("gapMs").asLong(0);
        JsonNode t = win.path("trigger");
        s.trigger = t.path("type").asText("default");
        s.triggerCount = t.path("count").asLong(0);
        s.triggerIntervalMs = t.path("intervalMs").asLong(0);
        s.purging = win.path("purging").asBoolean(false);
        s.allowedLatenessMs = win.path("allowedLatenessMs").asLong(0);
        s.lateSideOutput = win.path("lateSideOutput").asBoolean(false);
        JsonNode f = win.path("function");
        s.function = f.path("type").asText("list");
        s.field = f.path("field").asText("value");
        JsonNode e = win.get("evictor");
        if (e != null && !e.isNull()) {
            s.evictor = e.path("type").asText();
            s.evictMaxCount = e.path("maxCount").asLong(0);
            s.evictKeepMs = e.path("keepMs").asLong(0);
            s.evictThreshold = e.path("threshold").asDouble(0);
            s.evictAfter = e.path("evictAfter").asBoolean(false);
        }
        s.windowParallelism = win.path("parallelism").asInt(1);
        s.endOfInput = p.path("endOfInput").asText("none");

        JsonNode input = root.path("input");
        if (root.has("defaultArrivalSpacingMs")) {
            s.arrivalSpacingMs = root.get("defaultArrivalSpacingMs").asLong();
        }
        if (root.has("eventTimeArrivalSpeedup")) {
            s.eventTimeArrivalSpeedup = root.get("eventTimeArrivalSpeedup").asLong();
        }
        JsonNode end = root.get("inputEndMs");
        if (end != null) {
            if (!end.isIntegralNumber() || !end.canConvertToLong() || end.asLong() < 0) {
                throw new IllegalArgumentException(name + ": invalid configuration: inputEndMs must be an integer >= 0");
            }
            s.inputEndMs = end.asLong();
        }
        if (input.has("file")) {
            s.records.addAll(EventFile.read(input, file, !s.windowAll()));
            s.validate(name);
            return s;
        }
        JsonNode recs = input.path("records");
        if (!recs.isArray()) {
            throw new IllegalArgumentException(name + ": input needs \"records\" or \"file\"");
        }
        for (JsonNode r : recs) {
            Rec rec = new Rec();
            if (r.has("watermark")) {
                rec.watermark = true;
                rec.ts = r.get("watermark").asLong();
            } else {
                String keyField = s.keyBy == null ? "key" : s.keyBy;
                JsonNode k = r.get(keyField);
                if (k != null && k.isArray() && k.size() > 1) {
                    // keyBy on several fields: a Flink Tuple of their texts, printed "(a,b)"
                    rec.keyFields = new String[k.size()];
                    for (int field = 0; field < k.size(); field++) {
                        rec.keyFields[field] = keyText(k.get(field));
                    }
                    rec.key = "(" + String.join(",", rec.keyFields) + ")";
                } else {
                    JsonNode one = k != null && k.isArray() ? k.get(0) : k;
                    rec.key = (one == null || one.isNull()) ? null : keyText(one);
                }
                JsonNode v = r.get("value");
                rec.value = (v == null || v.isNull()) ? null : v.asDouble();
                JsonNode ts = r.get("ts");
                if (ts == null || !ts.isIntegralNumber()) {
                    throw new IllegalArgumentException(name + ": record " + (s.records.size() + 1) + " has no integral \"ts\"");
                }
                rec.ts = ts.asLong();
            }
            if (r.has("arrival")) {
                rec.arrival = r.get("arrival").asLong();
            }
            if (r.has("channel")) {
                rec.channel = r.get("channel").asInt();
            }
            if (r.has("partition")) {
                rec.partition = r.get("partition").asInt();
            }
            s.records.add(rec);
        }
        s.validate(name);
        return s;
    }

    /** The fields of the composite keys (all keyed records have the same number), or 0 for keys of one field. */
    int keyArity() {
        int arity = -1;
        for (Rec r : records) {
            if (r.watermark || r.key == null) {
                continue;
            }
            int a = r.keyFields == null ? 0 : r.keyFields.length;
            if (arity >= 0 && a != arity) {
                throw new IllegalArgumentException("records mix keys of " + Math.max(arity, 1) + " and " + Math.max(a, 1)
                        + " fields; a keyBy has one key type");
            }
            arity = a;
        }
        return Math.max(arity, 0);
    }

    private static String keyText(JsonNode k) {
        return k.isBigDecimal() ? k.decimalValue().toString() : k.asText();
    }

    /** The topic's splits as the connector's enumerator assigns them to the readers (the watermark channels). */
    KafkaSplits kafkaSplits() {
        long[] recordsPerPartition = new long[kafka.partitions];
        for (Rec r : records) {
            if (!r.watermark && r.partition != null) {
                recordsPerPartition[r.partition]++;
            }
        }
        return KafkaSplits.of(kafka.topic, kafka.partitions, wmParallelism, endOfInput.equals("max-watermark"),
                recordsPerPartition);
    }

    /**
     * Each record's arrival (docs/execution-model.md, "Arrivals"): its own, else the previous record's plus the
     * default spacing, 0 for the first; or, with eventTimeArrivalSpeedup, at its event time replayed that many times
     * faster from the first such record's, never before the previous arrival (a watermark record: with it).
     */
    long[] arrivals() {
        long[] arrival = new long[records.size()];
        long previous = 0;
        Long originTs = null;
        long originArrival = 0;
        for (int i = 0; i < arrival.length; i++) {
            Rec r = records.get(i);
            if (r.arrival != null) {
                previous = r.arrival;
            } else if (eventTimeArrivalSpeedup == 0) {
                previous = i == 0 ? 0 : previous + arrivalSpacingMs;
            } else if (!r.watermark) {
                if (originTs == null) {
                    originTs = r.ts;
                    originArrival = previous;
                }
                long at = r.ts <= originTs
                        ? originArrival
                        : originArrival + Long.divideUnsigned(r.ts - originTs, eventTimeArrivalSpeedup);
                previous = Math.max(previous, at);
            }
            arrival[i] = previous;
        }
        return arrival;
    }

    /** The processing time at which the input ends: its last arrival, or inputEndMs when that is later. */
    long inputEnd(long lastArrival) {
        return inputEndMs != null && inputEndMs > lastArrival ? inputEndMs : lastArrival;
    }

    /**
     * A window operator that emits only at the end of its input (the global window with its end-of-stream trigger:
     * WindowOperator#getOperatorAttributes says outputOnlyAfterEndOfStream) runs in batch mode in a real job: its
     * input reaches it at the end, sorted by key and timestamp (SortingDataInput), so each window holds its
     * elements by timestamp, and no watermark reaches it before its input ends (not even a Long.MAX_VALUE that
     * comes early). The MiniCluster check (MiniClusterCheck) sees a real job do so.
     */
    boolean outputOnlyAfterEndOfStream() {
        return assigner.equals("global") && trigger.equals("end-of-stream") && !purging;
    }

    boolean windowAll() {
        return keyBy == null;
    }

    /** The Flink version this oracle runs, as Flink reports it ("1.20.5", "2.3.0"). */
    static String runtimeFlinkVersion() {
        return org.apache.flink.runtime.util.EnvironmentInformation.getVersion();
    }

    /** major.minor of a version ("2.3" of "2.3.0"), or the major alone when that is all it has. */
    static String versionLine(String version) {
        String[] parts = version.split("\\.");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : parts[0];
    }

    private void validate(String name) {
        if (flinkVersion != null) {
            if (!flinkVersion.matches("\\d+(\\.\\d+){0,2}")) {
                throw new IllegalArgumentException(name + ": invalid configuration: flinkVersion \"" + flinkVersion
                        + "\" is not a Flink version such as 1.20 or 2.3");
            }
            String mine = versionLine(runtimeFlinkVersion());
            String named = versionLine(flinkVersion);
            boolean same = named.contains(".") ? named.equals(mine) : mine.startsWith(named + ".");
            if (!same) {
                throw new IllegalArgumentException(name + ": invalid configuration: this oracle runs Flink " + mine
                        + ", the scenario names " + flinkVersion);
            }
        }
        if (wmParallelism < 1) {
            throw new IllegalArgumentException(name + ": watermarks.parallelism must be >= 1");
        }
        if (windowAll()) {
            windowParallelism = 1; // AllWindowedStream forces the operator to parallelism 1
        }
        if (windowParallelism < 1) {
            throw new IllegalArgumentException(name + ": window.parallelism must be >= 1");
        }
        if (kafka != null && kafka.perPartition && strategy.equals("legacy-bounded-out-of-orderness")) {
            // the adapter's one extractor serves every split of a reader: no watermark per partition
            throw new IllegalArgumentException(name + ": invalid configuration: the legacy extractor makes no watermark per "
                    + "partition");
        }
        if (partitioning.equals("forward") && sourceParallelism != wmParallelism) {
            throw new IllegalArgumentException(name + ": forward partitioning needs source.parallelism == watermarks.parallelism");
        }
        for (int i = 0; i < records.size(); i++) {
            Rec r = records.get(i);
            if (r.channel != null && (r.channel < 0 || r.channel >= wmParallelism)) {
                throw new IllegalArgumentException(name + ": record " + (i + 1) + " names channel " + r.channel + " outside 0.." + (wmParallelism - 1));
            }
            if (!r.watermark && partitioning.equals("channel") && r.channel == null) {
                throw new IllegalArgumentException(name + ": record " + (i + 1) + " needs a \"channel\" (partitioning: channel)");
            }
            if (kafka != null && (r.watermark || r.channel != null || r.partition == null || r.partition < 0
                    || r.partition >= kafka.partitions)) {
                throw new IllegalArgumentException(name + ": invalid configuration: record " + (i + 1)
                        + " of a Kafka source needs a partition of 0.." + (kafka.partitions - 1) + " and no channel");
            }
            if (!r.watermark && !windowAll() && r.key == null) {
                throw new IllegalArgumentException(name + ": record " + (i + 1) + " has no \"" + keyBy + "\" to key by");
            }
        }
    }
}
