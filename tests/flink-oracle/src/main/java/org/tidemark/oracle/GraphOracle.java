package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Queue;
import org.apache.flink.api.common.functions.CoGroupFunction;
import org.apache.flink.api.common.functions.JoinFunction;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.api.operators.co.IntervalJoinOperator;
import org.apache.flink.streaming.api.transformations.OneInputTransformation;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperator;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.partitioner.RebalancePartitioner;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A job graph's scenario (docs/job-graph.md) run by Flink's own operators, each subtask in its test harness, for
 * Tidemark's differential test of graphs (tests/differential/tst_graph_differential.cpp). Every source's channels
 * are Flink's TimestampsAndWatermarksOperator, every operator input Flink's StatusWatermarkValve over its channels;
 * a two-input operator gets each input's valve output through processWatermark1/2 and processWatermarkStatus1/2,
 * so Flink's AbstractStreamOperator combines them. What each harness puts out goes on at once to the operators that
 * read it: records by key group, watermarks and statuses to every subtask. The happenings are the execution model's
 * (arrivals of every source in (time, source, record) order, each channel's periodic emission, each source's end).
 *
 * Prints each operator output as `tidemark run --format jsonl` prints a graph's: the fire and late lines of a
 * window, "pair" and "late" of an interval join, "output" of a process function, with "operator" first.
 */
final class GraphOracle {
    private static final int ARRIVAL = 0;
    private static final int END_OF_INPUT = 1;
    private static final int PERIODIC = 2;
    private static final int PROCESSING_TIMER = 3;

    private record Happening(long time, long seq, int kind, int index) {}

    /**
     * `input`: the valve it reaches; `side`: the input the file names (a window join's two are one union);
     * `partitioner`: hash, broadcast, forward (upstream subtask u to subtask u, on one channel) or rebalance, with
     * Flink's RebalancePartitioner of each upstream subtask.
     */
    private record Edge(Op to, int input, int firstChannel, int side, String partitioner,
            RebalancePartitioner<?>[] rebalance) {
        boolean forward() {
            return partitioner.equals("forward");
        }
    }

    private static final KeySelector<String, String> KEY = GraphOracle::keyOf;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String keyOf(String value) {
        return value.substring(0, value.lastIndexOf(':'));
    }

    private static int idOf(String value) {
        return Integer.parseInt(value.substring(value.lastIndexOf(':') + 1));
    }

    private static final class Source {
        String name;
        Scenario s;
        int firstChannel;
        SourceChannels channels;
    }

    private static final class Op {
        String name;
        String type;
        int parallelism = 1;
        Scenario window; // a window: its settings, as a chain's
        final List<AbstractStreamOperatorTestHarness<?>> subtasks = new ArrayList<>();
        final List<WindowOperator> windowOps = new ArrayList<>();
        final List<KeyedProcessOperator<String, String, String>> processOps = new ArrayList<>(); // a timed process's
        final List<StatusWatermarkValve[]> valves = new ArrayList<>();
        long[] watermark; // each subtask's event time, as its outputs are stamped
        OutputTag<String> leftLate;
        OutputTag<String> rightLate;
        boolean lateSideOutputs;
        int maxParallelism;
        boolean keyed = true;
        int openInputs; // edges into it from streams that have not ended
        // Scenario#outputOnlyAfterEndOfStream: per subtask, the records (element id, side) its sorted input holds
        // until the input ends, and the highest watermark, kept from the operator until then
        boolean sorted;
        final List<List<int[]>> held = new ArrayList<>();
        long[] sortedWatermark;
        // an assigner (assignTimestampsAndWatermarks after an operator): its strategy as a source's, and how records
        // reach it; which of its subtasks have finished
        Scenario assigner;
        boolean[] finished;
    }

    /**
     * A window join's JoinFunction: the pair's record ids, in the fire fragment of the window the trigger just
     * fired (the function sees no window); each call sees the pair's two records.
     */
    private static final class WindowPairs implements JoinFunction<String, String, String> {
        @Override
        public String join(String first, String second) {
            return FlinkPipeline.fireFragment(keyOf(first), false, FiringGuard.firingWindow,
                    FiringGuard.firingWatermark, 2, "[" + idOf(first) + "," + idOf(second) + "]");
        }
    }

    /** A coGroup's CoGroupFunction: how many records of each input the firing window holds. */
    private static final class GroupSizes implements CoGroupFunction<String, String, String> {
        @Override
        public void coGroup(Iterable<String> first, Iterable<String> second, Collector<String> out) {
            int a = 0;
            int b = 0;
            String key = null;
            for (String s : first) {
                key = keyOf(s);
                a++;
            }
            for (String s : second) {
                key = keyOf(s);
                b++;
            }
            out.collect(FlinkPipeline.fireFragment(key, false, FiringGuard.firingWindow, FiringGuard.firingWatermark,
                    a + b, "[" + a + "," + b + "]"));
        }
    }

    /**
     * Flink's own operator of first.join(second) or first.coGroup(second) .where(key).equalTo(key).window(...):
     * built by the DataStream API (CoGroupedStreams: both inputs tagged, unioned, keyed and windowed) and taken
     * from the transformation it returns, with its key selector, for one subtask's harness.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static KeyedOneInputStreamOperatorTestHarness<String, Object, String> windowJoin(
            Op op, int sub) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<String> first = env.fromSequence(0, 0).map(n -> "x").returns(Types.STRING);
        DataStream<String> second = env.fromSequence(0, 0).map(n -> "x").returns(Types.STRING);
        var assigner = FlinkPipeline.guardedAssigner(op.window);
        var trigger = FlinkPipeline.guardedTrigger(op.window, assigner);
        var lateness = java.time.Duration.ofMillis(op.window.allowedLatenessMs);
        var evictor = FlinkPipeline.evictor(op.window); // count or time: neither reads the tagged record
        DataStream<String> joined;
        if (op.type.equals("window-join")) {
            var w = first.join(second).where(KEY, Types.STRING).equalTo(KEY, Types.STRING).window(assigner)
                    .trigger(trigger).allowedLateness(lateness);
            joined = (evictor != null ? w.evictor(evictor) : w).apply(new WindowPairs(), Types.STRING);
        } else {
            var w = first.coGroup(second).where(KEY, Types.STRING).equalTo(KEY, Types.STRING).window(assigner)
                    .trigger(trigger).allowedLateness(lateness);
            joined = (evictor != null ? w.evictor(evictor) : w).apply(new GroupSizes(), Types.STRING);
        }
        var t = (OneInputTransformation) joined.getTransformation();
        var w = (WindowOperator) ((SimpleOperatorFactory) t.getOperatorFactory()).getOperator();
        var h = new KeyedOneInputStreamOperatorTestHarness<String, Object, String>(
                w, t.getStateKeySelector(), (org.apache.flink.api.common.typeinfo.TypeInformation<String>) t.getStateKeyType(),
                op.maxParallelism, op.parallelism, sub);
        h.setProcessingTime(0);
        h.open();
        op.windowOps.add(w);
        return h;
    }

    /**
     * The clock at the happening for a record reaching a one-input operator: a processing-time assigner places it
     * by it; timers due then stay pending, to fire in their own happening (rule 4).
     */
    private void atArrival(AbstractStreamOperatorTestHarness<?> h) {
        if (clock.nowMs > h.getProcessingTime()) {
            FlinkPipeline.setTimeWithoutFiring(h.getProcessingTimeService(), clock.nowMs);
        }
    }

    /** A window with a processing-time assigner or trigger: its subtask's timers become happenings (rule 4). */
    private void timedIfProcessingTime(Op op, int sub) {
        if (FlinkPipeline.usesProcessingTime(op.window)) {
            timedOps.add(op);
            timedSubtasks.add(sub);
            timedScheduled.add(new java.util.HashSet<>());
        }
    }

    /** Emits the ids of both records (what Tidemark reports of a pair). */
    private static final class Pairs extends ProcessJoinFunction<String, String, String> {
        @Override
        public void processElement(String left, String right, Context ctx, Collector<String> out) {
            out.collect(idOf(left) + " " + idOf(right));
        }
    }

    private final List<Source> sources = new ArrayList<>();
    private final List<Op> ops = new ArrayList<>();
    private final Map<String, List<Edge>> edges = new HashMap<>();
    private final List<Ev> elements = new ArrayList<>();
    private final List<String> out = new ArrayList<>();
    private final FlinkPipeline.ScenarioClock clock = new FlinkPipeline.ScenarioClock();
    private final PriorityQueue<Happening> queue = new PriorityQueue<>(
            Comparator.comparingLong(Happening::time).thenComparingLong(Happening::seq));
    private long seq = 0;
    private int processed = 0;
    private long horizon;
    /** The subtasks of process functions with processing-time timers, and the timer times queued for each. */
    private final List<Op> timedOps = new ArrayList<>();
    private final List<Integer> timedSubtasks = new ArrayList<>();
    private final List<java.util.Set<Long>> timedScheduled = new ArrayList<>();
    /** Each assigner's subtasks (operator index, subtask), whose periodic timers follow the sources' channels'. */
    private final List<int[]> assigners = new ArrayList<>();
    private int sourceChannels;

    private final boolean steps;
    private int stepNumber = 0;
    private Integer arrivalChannel; // the channel the arriving event record went to (null: a watermark record)

    private GraphOracle(boolean steps) {
        this.steps = steps;
    }

    static List<String> play(File file) throws Exception {
        return play(file, false);
    }

    /** With `steps`, every happening is printed as a step line before its outputs, as `--steps --format jsonl`. */
    static List<String> play(File file, boolean steps) throws Exception {
        GraphOracle g = new GraphOracle(steps);
        try {
            g.run(JSON.readTree(file), file);
        } catch (Exception e) {
            g.out.add("#ERROR " + e);
        } finally {
            g.close();
        }
        return g.out;
    }

    private void run(JsonNode root, File file) throws Exception {
        var names = root.get("sources").fieldNames();
        int channels = 0;
        while (names.hasNext()) {
            String name = names.next();
            JsonNode node = root.get("sources").get(name);
            // the source as a chain's: its input, its watermarks, records keyed as they come
            ObjectNode chain = JSON.createObjectNode();
            for (String top : new String[] {"flinkVersion", "defaultArrivalSpacingMs", "eventTimeArrivalSpeedup", "inputEndMs"}) {
                if (root.has(top)) {
                    chain.set(top, root.get(top));
                }
            }
            chain.set("input", node.get("input"));
            ObjectNode pipeline = chain.putObject("pipeline");
            pipeline.set("watermarks", node.get("watermarks"));
            if (node.has("kafka")) {
                // a Kafka source's readers are its channels; how a bounded topic ends decides its splits' ends
                ObjectNode source = pipeline.putObject("source");
                source.put("parallelism", node.get("watermarks").path("parallelism").asInt(1));
                source.set("kafka", node.get("kafka"));
                pipeline.set("endOfInput", root.path("endOfInput"));
            }
            // keys are read where records have them; a rules stream's have none (the graph's rules said which need one)
            pipeline.putObject("window").putNull("keyBy");
            Source src = new Source();
            src.name = name;
            src.s = Scenario.parse(chain.toString(), file.getPath());
            src.firstChannel = channels;
            src.channels = new SourceChannels(src.s, clock, new SourceChannels.Downstream() {
                @Override
                public void record(StreamRecord<Ev> r) throws Exception {
                    // a source's records go by key or broadcast only: no assigner reads a source
                    emit(src.name, -1, element(r.getValue().key, r.getValue().value, r.getTimestamp()));
                }

                @Override
                public void watermark(int c, Watermark wm) throws Exception {
                    forward(src.name, c, wm, null);
                }

                @Override
                public void status(int c, WatermarkStatus st) throws Exception {
                    forward(src.name, c, null, st);
                }

                @Override
                public void ended(int c) throws Exception {
                    if (src.channels.allEnded()) {
                        endStream(src.name); // one end of input a source
                    }
                }
            });
            channels += src.s.wmParallelism;
            sources.add(src);
        }
        Map<String, List<String>> unions = new HashMap<>();
        for (JsonNode o : root.get("operators")) {
            List<String> inputs = new ArrayList<>();
            o.get("inputs").forEach(i -> inputs.add(i.asText()));
            if (o.get("type").asText().equals("union")) {
                unions.put(o.get("name").asText(), inputs);
                continue;
            }
            ops.add(open(o));
        }
        Map<String, Integer> parallelism = new HashMap<>();
        for (Source s : sources) {
            parallelism.put(s.name, s.s.wmParallelism);
        }
        for (Op op : ops) {
            parallelism.put(op.name, op.parallelism);
        }
        int index = 0;
        for (JsonNode o : root.get("operators")) {
            if (o.get("type").asText().equals("union")) {
                continue;
            }
            Op op = ops.get(index++);
            // a window join's two inputs are one union (CoGroupedStreams): one valve over both sides' channels
            boolean tagged = op.type.equals("window-join") || op.type.equals("co-group");
            int input = 0;
            int side = 0;
            int first = 0;
            for (JsonNode in : o.get("inputs")) {
                String partitioner = op.assigner != null ? op.assigner.partitioning
                        : op.type.equals("broadcast-process") && side == 1 ? "broadcast" : "hash";
                for (String stream : expand(in.asText(), unions)) {
                    int upstream = parallelism.get(stream);
                    RebalancePartitioner<?>[] rebalance = new RebalancePartitioner<?>[upstream];
                    for (int u = 0; partitioner.equals("rebalance") && u < upstream; u++) {
                        var r = new RebalancePartitioner<Object>();
                        r.setup(op.parallelism);
                        // each RecordWriter's starts at random; selectChannel moves on before it answers
                        Fields.write(r, "nextChannelToSendTo",
                                (op.assigner.firstChannel - 1 + op.parallelism) % op.parallelism);
                        rebalance[u] = r;
                    }
                    Edge edge = new Edge(op, input, first, side, partitioner, rebalance);
                    edges.computeIfAbsent(stream, k -> new ArrayList<>()).add(edge);
                    op.openInputs++;
                    first += edge.forward() ? 1 : upstream;
                }
                side++;
                if (!tagged || side == o.get("inputs").size()) {
                    for (int sub = 0; sub < op.parallelism; sub++) {
                        op.valves.get(sub)[input] = new StatusWatermarkValve(first);
                    }
                    input++;
                    first = 0;
                }
            }
        }
        execute(root);
    }

    private static List<String> expand(String name, Map<String, List<String>> unions) {
        List<String> streams = new ArrayList<>();
        if (!unions.containsKey(name)) {
            streams.add(name);
            return streams;
        }
        for (String in : unions.get(name)) {
            streams.addAll(expand(in, unions));
        }
        return streams;
    }

    private Op open(JsonNode o) throws Exception {
        Op op = new Op();
        op.name = o.get("name").asText();
        op.type = o.get("type").asText();
        boolean tagged = op.type.equals("window-join") || op.type.equals("co-group");
        int inputs = op.type.equals("process") || op.type.equals("window") || tagged ? 1 : 2;
        if (op.type.equals("window") || tagged) {
            ObjectNode chain = JSON.createObjectNode();
            chain.putObject("input").putArray("records");
            ObjectNode window = o.get("window").deepCopy();
            if (tagged) { // the join is the function
                window.putObject("function").put("type", "count");
            }
            chain.putObject("pipeline").set("window", window);
            op.window = Scenario.parse(chain.toString(), op.name);
            op.keyed = !op.window.windowAll();
            op.parallelism = op.keyed ? op.window.windowParallelism : 1;
            op.sorted = op.window.outputOnlyAfterEndOfStream();
        } else if (op.type.equals("watermarks")) {
            ObjectNode chain = JSON.createObjectNode();
            chain.putObject("input").putArray("records");
            ObjectNode pipeline = chain.putObject("pipeline");
            pipeline.set("watermarks", o.get("watermarks"));
            // forward: one upstream subtask per subtask, which the graph's rules checked
            pipeline.putObject("source").put("parallelism", o.get("watermarks").path("parallelism").asInt(1));
            pipeline.putObject("window").putNull("keyBy");
            op.assigner = Scenario.parse(chain.toString(), op.name);
            op.parallelism = op.assigner.wmParallelism;
            op.finished = new boolean[op.parallelism];
        } else {
            op.parallelism = o.path("parallelism").asInt(1);
        }
        op.maxParallelism = KeyGroupRangeAssignment.computeDefaultMaxParallelism(op.parallelism);
        op.watermark = new long[op.parallelism];
        java.util.Arrays.fill(op.watermark, Long.MIN_VALUE);
        op.sortedWatermark = new long[op.parallelism];
        java.util.Arrays.fill(op.sortedWatermark, Long.MIN_VALUE);
        for (int sub = 0; sub < op.parallelism; sub++) {
            op.held.add(new ArrayList<>());
            op.valves.add(new StatusWatermarkValve[inputs]);
            switch (op.type) {
                case "window" -> {
                    WindowOperator w = FlinkPipeline.windowOperator(op.window);
                    var h = new KeyedOneInputStreamOperatorTestHarness<>(w, FlinkPipeline.keySelector(op.window),
                            FlinkPipeline.keyType(op.window), op.maxParallelism, op.parallelism, sub);
                    h.setProcessingTime(0);
                    h.open();
                    op.subtasks.add(h);
                    op.windowOps.add(w);
                    timedIfProcessingTime(op, sub);
                }
                case "window-join", "co-group" -> {
                    op.subtasks.add(windowJoin(op, sub));
                    timedIfProcessingTime(op, sub);
                }
                case "watermarks" -> {
                    // Flink's TimestampsAndWatermarksOperator, as after a source; its periodic timer is registered
                    // in open(), at processing time 0 + the interval
                    var h = Compat.timestampsHarness(FlinkPipeline.strategy(op.assigner, clock));
                    h.getExecutionConfig().setAutoWatermarkInterval(op.assigner.periodMs);
                    h.setProcessingTime(0);
                    h.open();
                    op.subtasks.add(h);
                    assigners.add(new int[] {ops.size(), sub});
                }
                case "process" -> {
                    JsonNode f = o.get("function");
                    KeyedProcessFunction<String, String, String> fn = switch (f.get("type").asText()) {
                        case "event-time-timeout" -> new ProcessCheck.EventTimeTimeout(f.get("timeoutMs").asLong());
                        case "periodic-count" -> new ProcessCheck.PeriodicCount(f.get("intervalMs").asLong());
                        case "processing-time-timeout" ->
                                new ProcessCheck.ProcessingTimeTimeout(f.get("timeoutMs").asLong());
                        default -> new ProcessCheck.SortUntilWatermark();
                    };
                    var processOp = new KeyedProcessOperator<>(fn);
                    var h = new KeyedOneInputStreamOperatorTestHarness<>(processOp, KEY,
                            BasicTypeInfo.STRING_TYPE_INFO, op.maxParallelism, op.parallelism, sub);
                    h.setProcessingTime(0);
                    h.open();
                    op.subtasks.add(h);
                    if (f.get("type").asText().equals("processing-time-timeout")) {
                        op.processOps.add(processOp);
                        timedOps.add(op);
                        timedSubtasks.add(sub);
                        timedScheduled.add(new java.util.HashSet<>());
                    }
                }
                case "co-process" -> {
                    var fn = new ProcessCheck.UnmatchedTimeout(o.get("function").get("timeoutMs").asLong());
                    var h = new KeyedTwoInputStreamOperatorTestHarness<>(new KeyedCoProcessOperator<>(fn), KEY, KEY,
                            BasicTypeInfo.STRING_TYPE_INFO, op.maxParallelism, op.parallelism, sub);
                    h.open();
                    op.subtasks.add(h);
                }
                case "broadcast-process" -> {
                    var fn = new ProcessCheck.RuleTimeout(o.get("function").get("timeoutMs").asLong());
                    var h = new KeyedBroadcastOperatorTestHarness<>(
                            new CoBroadcastWithKeyedOperator<>(fn, List.of(ProcessCheck.RULES)), KEY,
                            BasicTypeInfo.STRING_TYPE_INFO, op.maxParallelism, op.parallelism, sub);
                    h.open();
                    op.subtasks.add(h);
                }
                case "interval-join" -> {
                    JsonNode b = o.get("between");
                    // side outputs always: a join without them drops exactly what it would send there
                    op.lateSideOutputs = b.path("lateSideOutputs").asBoolean(false);
                    op.leftLate = new OutputTag<>("left-late", BasicTypeInfo.STRING_TYPE_INFO);
                    op.rightLate = new OutputTag<>("right-late", BasicTypeInfo.STRING_TYPE_INFO);
                    var join = new IntervalJoinOperator<String, String, String, String>(b.get("lowerMs").asLong(),
                            b.get("upperMs").asLong(), b.path("lowerInclusive").asBoolean(true),
                            b.path("upperInclusive").asBoolean(true), op.leftLate, op.rightLate,
                            StringSerializer.INSTANCE, StringSerializer.INSTANCE, new Pairs());
                    var h = new KeyedTwoInputStreamOperatorTestHarness<>(join, KEY, KEY, BasicTypeInfo.STRING_TYPE_INFO,
                            op.maxParallelism, op.parallelism, sub);
                    h.open();
                    op.subtasks.add(h);
                }
                default -> throw new IllegalArgumentException("unknown operator type " + op.type);
            }
        }
        return op;
    }

    private void execute(JsonNode root) throws Exception {
        // every source's arrivals, in (time, source, record) order
        List<long[]> arrivals = new ArrayList<>();
        long[] lastOfSource = new long[sources.size()];
        long last = 0;
        for (int s = 0; s < sources.size(); s++) {
            long[] a = sources.get(s).s.arrivals();
            for (int r = 0; r < a.length; r++) {
                arrivals.add(new long[] {a[r], s, r});
                lastOfSource[s] = Math.max(lastOfSource[s], a[r]);
            }
            last = Math.max(last, lastOfSource[s]);
        }
        arrivals.sort(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
        for (int i = 0; i < arrivals.size(); i++) {
            queue.add(new Happening(arrivals.get(i)[0], seq++, ARRIVAL, i));
        }
        long inputEnd = sources.get(0).s.inputEnd(last);
        horizon = inputEnd;
        List<Scenario> emitters = new ArrayList<>(); // every source's generators, every assigner's
        sources.forEach(src -> emitters.add(src.s));
        ops.stream().filter(op -> op.assigner != null).forEach(op -> emitters.add(op.assigner));
        for (Scenario w : emitters) {
            long tail = w.idlenessMs > 0 ? w.idlenessMs + 3 * w.periodMs : w.periodMs;
            horizon = Math.max(horizon, inputEnd > Long.MAX_VALUE - tail ? Long.MAX_VALUE : inputEnd + tail);
        }
        String end = root.path("endOfInput").asText("none");
        if (!end.equals("none")) {
            for (int s = 0; s < sources.size(); s++) {
                queue.add(new Happening(end.equals("drain") ? inputEnd : sources.get(s).s.inputEnd(lastOfSource[s]),
                        seq++, END_OF_INPUT, s));
            }
        }
        int channels = 0;
        for (Source src : sources) {
            for (int c = 0; c < src.s.wmParallelism; c++) {
                if (src.s.periodMs > 0 && src.s.periodMs <= horizon) {
                    queue.add(new Happening(src.s.periodMs, seq++, PERIODIC, src.firstChannel + c));
                }
            }
            channels += src.s.wmParallelism;
        }
        sourceChannels = channels;
        for (int a = 0; a < assigners.size(); a++) { // then each assigner's subtasks, numbered after the channels
            long period = ops.get(assigners.get(a)[0]).assigner.periodMs;
            if (period > 0 && period <= horizon) {
                queue.add(new Happening(period, seq++, PERIODIC, channels + a));
            }
        }
        for (Source src : sources) {
            src.channels.start(); // a bounded topic's readers with nothing to read finish first
        }
        while (!queue.isEmpty()) {
            Happening h = queue.poll();
            clock.nowMs = h.time;
            int outputsBefore = out.size();
            switch (h.kind) {
                case ARRIVAL -> {
                    long[] a = arrivals.get(h.index);
                    arrive(sources.get((int) a[1]), (int) a[2]);
                }
                case END_OF_INPUT -> sources.get(h.index).channels.endOfInput();
                case PERIODIC -> {
                    if (h.index >= sourceChannels) { // an assigner's: TimestampsAndWatermarksOperator#onProcessingTime
                        int[] a = assigners.get(h.index - sourceChannels);
                        Op op = ops.get(a[0]);
                        if (!op.finished[a[1]]) {
                            ((OneInputStreamOperatorTestHarness<?, ?>) op.subtasks.get(a[1])).setProcessingTime(h.time);
                            drain(op, a[1]);
                        }
                        long next = h.time + op.assigner.periodMs;
                        if (next <= horizon) {
                            queue.add(new Happening(next, seq++, PERIODIC, h.index));
                        }
                        break;
                    }
                    Source src = sourceOfChannel(h.index);
                    int c = h.index - src.firstChannel;
                    if (!src.channels.ended(c)) {
                        src.channels.periodic(c, h.time);
                    }
                    long next = h.time + src.s.periodMs;
                    if (next <= horizon) {
                        queue.add(new Happening(next, seq++, PERIODIC, h.index));
                    }
                }
                case PROCESSING_TIMER -> {
                    Op op = timedOps.get(h.index);
                    int sub = timedSubtasks.get(h.index);
                    var th = (KeyedOneInputStreamOperatorTestHarness<?, ?, ?>) op.subtasks.get(sub);
                    FiringGuard.startAdvance();
                    th.setProcessingTime(Math.max(h.time, th.getProcessingTime())); // fires every timer <= it
                    timedScheduled.get(h.index).remove(h.time);
                    drain(op, sub);
                }
                default -> throw new IllegalStateException();
            }
            scheduleProcessingTimers(h.time);
            if (steps) {
                out.add(outputsBefore, stepLine(h, arrivals));
            }
        }
    }

    /**
     * The step line of `tidemark run GRAPH --steps --format jsonl` for a happening, with the state after it: what each
     * source channel last forwarded, and each operator subtask's event time as Flink holds it (a one-input
     * operator's valve output, a two-input operator's combined watermark in AbstractStreamOperator, an operator
     * with a sorted input its own timer service's watermark).
     */
    private String stepLine(Happening h, List<long[]> arrivals) throws ReflectiveOperationException {
        StringBuilder b = new StringBuilder("{\"type\":\"step\",\"step\":").append(++stepNumber)
                .append(",\"processingTime\":").append(h.time).append(",\"kind\":\"");
        switch (h.kind) {
            case ARRIVAL -> {
                long[] a = arrivals.get(h.index);
                Source src = sources.get((int) a[1]);
                Scenario.Rec r = src.s.records.get((int) a[2]);
                b.append(r.watermark ? "watermark" : "event").append("\",\"source\":").append(Json.str(src.name))
                        .append(",\"record\":").append(a[2] + 1);
                if (!r.watermark && r.key != null) {
                    b.append(",\"key\":").append(Json.str(r.key));
                }
                b.append(",\"ts\":").append(r.ts);
                if (!r.watermark) {
                    b.append(",\"channel\":").append(arrivalChannel);
                }
            }
            case PERIODIC -> {
                if (h.index >= sourceChannels) {
                    int[] a = assigners.get(h.index - sourceChannels);
                    b.append("periodic\",\"operator\":").append(Json.str(ops.get(a[0]).name)).append(",\"subtask\":")
                            .append(a[1]);
                    break;
                }
                Source src = sourceOfChannel(h.index);
                b.append("periodic\",\"source\":").append(Json.str(src.name)).append(",\"channel\":")
                        .append(h.index - src.firstChannel);
            }
            case END_OF_INPUT -> b.append("end-of-input\",\"source\":").append(Json.str(sources.get(h.index).name));
            case PROCESSING_TIMER -> b.append("timer\",\"operator\":").append(Json.str(timedOps.get(h.index).name))
                    .append(",\"subtask\":").append(timedSubtasks.get(h.index));
            default -> throw new IllegalStateException();
        }
        b.append(",\"afterInput\":").append(processed);
        Map<String, long[][]> channels = new LinkedHashMap<>();
        Map<String, long[][]> partitions = new LinkedHashMap<>();
        Map<String, long[][]> finished = new LinkedHashMap<>();
        for (Source src : sources) {
            long[] idle = new long[src.channels.channelCount()];
            for (int c = 0; c < idle.length; c++) {
                idle[c] = src.channels.channelIdle[c] ? 1 : 0;
            }
            channels.put(src.name, new long[][] {src.channels.channelWatermark, idle});
            // a Kafka source's partitions: their split outputs (per-partition watermarks), a bounded topic's finished
            if (src.channels.perPartition()) {
                partitions.put(src.name, src.channels.partitionState());
            }
            if (src.channels.boundedTopic()) {
                long[] done = new long[src.s.kafka.partitions];
                src.channels.finishedPartitions().forEach(q -> done[q] = 1);
                finished.put(src.name, new long[][] {null, done});
            }
        }
        Map<String, long[][]> operators = new LinkedHashMap<>();
        for (Op op : ops) {
            long[][] times = new long[2][op.parallelism];
            for (int sub = 0; sub < op.parallelism; sub++) {
                long[] time = eventTime(op, sub);
                times[0][sub] = time[0];
                times[1][sub] = time[1];
            }
            operators.put(op.name, times);
        }
        appendByName(b, "channelWatermarks", "idleChannels", channels);
        if (!partitions.isEmpty()) {
            appendByName(b, "partitionWatermarks", "idlePartitions", partitions);
        }
        if (!finished.isEmpty()) {
            appendByName(b, null, "finishedPartitions", finished);
        }
        appendByName(b, "operatorWatermarks", "idleOperators", operators);
        return b.append("}").toString();
    }

    /**
     * As Tidemark's step line writes them: under `values` (null: not written) each name's values, `{"name":[v,…],…}`,
     * and under `flags` the indices whose flag is set, a name without one left out; `rows` maps a name to its
     * {values, flags}.
     */
    private static void appendByName(StringBuilder b, String values, String flags, Map<String, long[][]> rows) {
        StringBuilder all = new StringBuilder();
        StringBuilder flagged = new StringBuilder();
        for (var row : rows.entrySet()) {
            String name = Json.str(row.getKey());
            if (values != null) {
                all.append(all.length() == 0 ? "" : ",").append(name).append(":[");
                for (int i = 0; i < row.getValue()[0].length; i++) {
                    all.append(i > 0 ? "," : "").append(row.getValue()[0][i]);
                }
                all.append("]");
            }
            StringBuilder set = new StringBuilder();
            for (int i = 0; i < row.getValue()[1].length; i++) {
                if (row.getValue()[1][i] != 0) {
                    set.append(set.length() == 0 ? "" : ",").append(i);
                }
            }
            if (set.length() > 0) {
                flagged.append(flagged.length() == 0 ? "" : ",").append(name).append(":[").append(set).append("]");
            }
        }
        if (values != null) {
            b.append(",\"").append(values).append("\":{").append(all).append("}");
        }
        b.append(",\"").append(flags).append("\":{").append(flagged).append("}");
    }

    /** An operator subtask's event time and whether it is idle (1), read from Flink's own objects. */
    private long[] eventTime(Op op, int sub) throws ReflectiveOperationException {
        if (op.assigner != null) { // what its WatermarkEmitter forwarded, whatever reached it
            Object operator = ((OneInputStreamOperatorTestHarness<?, ?>) op.subtasks.get(sub)).getOneInputOperator();
            Object emitter = Fields.read(operator, "wmOutput");
            return new long[] {(long) Fields.read(emitter, "currentWatermark"),
                    (boolean) Fields.read(emitter, "idle") ? 1 : 0};
        }
        if (op.sorted) { // its input is kept from it: what reached it, and nothing marks it idle
            return new long[] {FlinkPipeline.timerService(op.windowOps.get(sub)).currentWatermark(), 0};
        }
        var h = op.subtasks.get(sub);
        Object operator = h instanceof KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ?> j ? j.getOperator()
                : h instanceof KeyedBroadcastOperatorTestHarness<?, ?, ?, ?> k ? k.getTwoInputOperator()
                : null;
        if (operator != null) {
            var combined = (org.apache.flink.api.common.eventtime.IndexedCombinedWatermarkStatus)
                    Fields.read(operator, "combinedWatermark");
            return new long[] {combined.getCombinedWatermark(), combined.isIdle() ? 1 : 0};
        }
        StatusWatermarkValve valve = op.valves.get(sub)[0];
        WatermarkStatus status = (WatermarkStatus) Fields.read(valve, "lastOutputWatermarkStatus");
        return new long[] {(long) Fields.read(valve, "lastOutputWatermark"), status.isIdle() ? 1 : 0};
    }


    /**
     * Rule 4 of the execution model, as for a chain's window subtasks: after every happening, each timed subtask's
     * registered processing-time timers (read from its InternalTimerService) become happenings at their time, at
     * once when already due, one per subtask and time still pending, up to the horizon.
     */
    private void scheduleProcessingTimers(long now) throws Exception {
        for (int t = 0; t < timedOps.size(); t++) {
            Op op = timedOps.get(t);
            int sub = timedSubtasks.get(t);
            List<Long> registered = new ArrayList<>();
            if (op.processOps.isEmpty()) { // a window: every timer it has registered, as a chain's window subtask
                FlinkPipeline.timerService(op.windowOps.get(sub)).forEachProcessingTimeTimer((w, ts) -> registered.add(ts));
            } else {
                var processOp = op.processOps.get(sub);
                // the operator's own service: asked again by its name, Flink hands back the one it registered in open()
                InternalTimerService<VoidNamespace> timers =
                        processOp.getInternalTimerService("user-timers", VoidNamespaceSerializer.INSTANCE, processOp);
                timers.forEachProcessingTimeTimer((ns, ts) -> registered.add(ts));
            }
            registered.sort(null);
            for (long ts : registered) {
                long at = Math.max(ts, now);
                if (at <= horizon && timedScheduled.get(t).add(at)) {
                    queue.add(new Happening(at, seq++, PROCESSING_TIMER, t));
                }
            }
        }
    }

    private Source sourceOfChannel(int channel) {
        Source found = sources.get(0);
        for (Source s : sources) {
            if (s.firstChannel <= channel) {
                found = s;
            }
        }
        return found;
    }

    private void arrive(Source src, int i) throws Exception {
        ++processed;
        arrivalChannel = src.channels.arrive(i, clock.nowMs);
    }

    private int element(String key, Double value, long ts) {
        elements.add(new Ev(key, null, value, ts, false, elements.size()));
        return elements.size() - 1;
    }

    /**
     * A record of stream `stream`'s subtask (or channel) `upstream` to every operator that reads it: by key group, to
     * a windowAll's one subtask, to the subtask of the same index (forward), or round robin (rebalance).
     */
    private void emit(String stream, int upstream, int id) throws Exception {
        Ev e = elements.get(id);
        for (Edge edge : edges.getOrDefault(stream, List.of())) {
            Op op = edge.to;
            if (op.type.equals("broadcast-process") && edge.input == 1) {
                // the broadcast side: every subtask, in index order
                for (int sub = 0; sub < op.parallelism; sub++) {
                    ((KeyedBroadcastOperatorTestHarness<String, String, String, String>) op.subtasks.get(sub))
                            .processBroadcastElement(new StreamRecord<>(id + "=" + (long) (double) e.value, e.ts));
                    drain(op, sub);
                }
                continue;
            }
            int sub = edge.forward() ? upstream
                    : edge.partitioner.equals("rebalance") ? edge.rebalance[upstream].selectChannel(null)
                    : op.keyed && op.parallelism > 1
                    ? KeyGroupRangeAssignment.assignKeyToParallelOperator(e.key, op.maxParallelism, op.parallelism)
                    : 0;
            var h = op.subtasks.get(sub);
            switch (op.type) {
                case "watermarks" -> {
                    // the record keeps its timestamp: the strategy's assigner reads it back
                    ((OneInputStreamOperatorTestHarness<Ev, Ev>) h)
                            .processElement(new StreamRecord<>(new Ev(e.key, null, e.value, e.ts, false, id), e.ts));
                    drain(op, sub);
                }
                case "window", "window-join", "co-group" -> {
                    if (op.sorted) {
                        op.held.get(sub).add(new int[] {id, edge.side});
                    } else {
                        toWindow(op, sub, id, edge.side);
                    }
                }
                case "process" -> {
                    var ph = (KeyedOneInputStreamOperatorTestHarness<String, String, String>) h;
                    atArrival(ph);
                    ph.processElement(new StreamRecord<>(e.key + ":" + id, e.ts));
                    drain(op, sub);
                }
                case "broadcast-process" -> {
                    ((KeyedBroadcastOperatorTestHarness<String, String, String, String>) h)
                            .processElement(new StreamRecord<>(e.key + ":" + id, e.ts));
                    drain(op, sub);
                }
                case "interval-join", "co-process" -> {
                    var j = (KeyedTwoInputStreamOperatorTestHarness<String, String, String, String>) h;
                    if (edge.input == 0) {
                        j.processElement1(new StreamRecord<>(e.key + ":" + id, e.ts));
                    } else {
                        j.processElement2(new StreamRecord<>(e.key + ":" + id, e.ts));
                    }
                    drain(op, sub);
                }
                default -> throw new IllegalStateException();
            }
        }
    }

    /** Element `id` into a window operator's subtask; `side`: a window join's input it came on. */
    private void toWindow(Op op, int sub, int id, int side) throws Exception {
        Ev e = elements.get(id);
        var h = op.subtasks.get(sub);
        WindowOperator w = op.windowOps.get(sub);
        atArrival(h);
        long dropped = FlinkPipeline.lateRecordsDropped(w);
        FlinkPipeline.inElement = true;
        try {
            if (op.type.equals("window")) {
                ((KeyedOneInputStreamOperatorTestHarness<Object, Ev, String>) h)
                        .processElement(new StreamRecord<>(new Ev(e.key, null, e.value, e.ts, false, id), e.ts));
            } else {
                ((KeyedOneInputStreamOperatorTestHarness<String, Object, String>) h)
                        .processElement(new StreamRecord<>(Compat.tagged(side, e.key + ":" + id), e.ts));
            }
        } finally {
            FlinkPipeline.inElement = false;
        }
        drain(op, sub);
        if (FlinkPipeline.lateRecordsDropped(w) != dropped) {
            out.add(windowLate(op, sub, e, "dropped"));
        }
    }

    /**
     * Stream `name` has ended: an operator whose every input stream has ended ends too, a sorted input first handing
     * on what it held (SortingDataInput#emitNextSortedRecord), by key and timestamp, then the highest watermark its
     * input saw, subtask by subtask.
     */
    private void endStream(String name) throws Exception {
        for (Edge edge : edges.getOrDefault(name, List.of())) {
            Op op = edge.to;
            if (--op.openInputs > 0) {
                continue;
            }
            for (int sub = 0; op.assigner != null && sub < op.parallelism; sub++) {
                // its input has ended: finish(), one more onPeriodicEmit, and no periodic timer after
                op.finished[sub] = true;
                ((OneInputStreamOperatorTestHarness<?, ?>) op.subtasks.get(sub)).getOneInputOperator().finish();
                drain(op, sub);
            }
            if (op.sorted) {
                for (int sub = 0; sub < op.parallelism; sub++) {
                    List<int[]> held = op.held.get(sub);
                    // the keys' states are apart, so by timestamp is enough (stable: equal ones as they came)
                    held.sort(Comparator.comparingLong(x -> elements.get(x[0]).ts));
                    for (int[] r : held) {
                        toWindow(op, sub, r[0], r[1]);
                    }
                    held.clear();
                    long wm = op.sortedWatermark[sub];
                    if (wm > Long.MIN_VALUE) {
                        op.sortedWatermark[sub] = Long.MIN_VALUE;
                        op.watermark[sub] = wm;
                        FiringGuard.startAdvance();
                        ((OneInputStreamOperatorTestHarness<?, ?>) op.subtasks.get(sub)).processWatermark(new Watermark(wm));
                        drain(op, sub);
                    }
                }
            }
            endStream(op.name);
        }
    }

    /** A watermark or status from subtask (or channel) `upstream` of `stream` to the valves that read it. */
    private void forward(String stream, int upstream, Watermark wm, WatermarkStatus st) throws Exception {
        for (Edge edge : edges.getOrDefault(stream, List.of())) {
            for (int sub = 0; sub < edge.to.parallelism; sub++) {
                if (edge.forward() && sub != upstream) { // a forward edge: its own subtask's one channel
                    continue;
                }
                int channel = edge.forward() ? edge.firstChannel : edge.firstChannel + upstream;
                var valve = edge.to.valves.get(sub)[edge.input];
                var output = new ValveOutput(edge.to, sub, edge.input);
                if (wm != null) {
                    valve.inputWatermark(wm, channel, output);
                } else {
                    valve.inputWatermarkStatus(st, channel, output);
                }
            }
        }
    }

    /** What one input's valve hands on goes into its operator subtask: input 1 or 2 of a join. */
    private final class ValveOutput extends Compat.DataOutputBase<Object> {
        private final Op op;
        private final int sub;
        private final int input;

        ValveOutput(Op op, int sub, int input) {
            this.op = op;
            this.sub = sub;
            this.input = input;
        }

        @Override
        public void emitRecord(StreamRecord<Object> r) {
            throw new IllegalStateException("a valve emits no records");
        }

        @Override
        public void emitWatermark(Watermark wm) throws Exception {
            if (op.sorted) { // the sorted input keeps the highest from the operator
                op.sortedWatermark[sub] = Math.max(op.sortedWatermark[sub], wm.getTimestamp());
                return;
            }
            var h = op.subtasks.get(sub);
            FiringGuard.startAdvance();
            if (h instanceof KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ?> j) {
                if (input == 0) {
                    j.processWatermark1(wm);
                } else {
                    j.processWatermark2(wm);
                }
            } else if (h instanceof KeyedBroadcastOperatorTestHarness<?, ?, ?, ?> b) {
                if (input == 0) {
                    b.getTwoInputOperator().processWatermark1(wm);
                } else {
                    b.getTwoInputOperator().processWatermark2(wm);
                }
            } else {
                op.watermark[sub] = wm.getTimestamp(); // the timers it fires see it
                ((OneInputStreamOperatorTestHarness<?, ?>) h).processWatermark(wm);
            }
            drain(op, sub);
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus st) throws Exception {
            if (op.sorted) { // and forwards no status
                return;
            }
            var h = op.subtasks.get(sub);
            if (h instanceof KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ?> j) {
                if (input == 0) {
                    j.processWatermarkStatus1(st);
                } else {
                    j.processWatermarkStatus2(st);
                }
            } else if (h instanceof KeyedBroadcastOperatorTestHarness<?, ?, ?, ?> b) {
                if (input == 0) {
                    b.getTwoInputOperator().processWatermarkStatus1(st);
                } else {
                    b.getTwoInputOperator().processWatermarkStatus2(st);
                }
            } else {
                ((OneInputStreamOperatorTestHarness<?, ?>) h).processWatermarkStatus(st);
            }
            drain(op, sub);
        }

        @Override
        public void emitLatencyMarker(LatencyMarker m) {}

        @Override
        public void emitRecordAttributes(RecordAttributes a) {}
    }

    /** What a subtask put out, in order: its records printed and handed on, its watermarks and statuses forwarded. */
    private void drain(Op op, int sub) throws Exception {
        var h = op.subtasks.get(sub);
        List<Object> q = new ArrayList<>(h.getOutput());
        h.getOutput().clear();
        for (int i = 0; i < q.size(); i++) {
            Object o = q.get(i);
            if (o instanceof StreamRecord<?> rec) {
                if (h instanceof KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ?>
                        || h instanceof KeyedBroadcastOperatorTestHarness<?, ?, ?, ?>) {
                    // a two-input operator's timers fire as its combined watermark rises, before it forwards it
                    for (int k = i + 1; k < q.size(); k++) {
                        if (q.get(k) instanceof Watermark next) {
                            op.watermark[sub] = next.getTimestamp();
                            break;
                        }
                    }
                }
                record(op, sub, rec);
            } else if (o instanceof Watermark wm) {
                op.watermark[sub] = wm.getTimestamp();
                forward(op.name, sub, wm, null);
            } else if (o instanceof WatermarkStatus st) {
                forward(op.name, sub, null, st);
            }
        }
        if (op.type.equals("window")) {
            Queue<StreamRecord<Ev>> side = h.getSideOutput(FlinkPipeline.LATE_TAG);
            StreamRecord<Ev> r;
            while (side != null && (r = side.poll()) != null) {
                out.add(windowLate(op, sub, r.getValue(), "side-output"));
            }
        } else if (op.type.equals("interval-join")) {
            joinLate(op, sub, h.getSideOutput(op.leftLate), "left");
            joinLate(op, sub, h.getSideOutput(op.rightLate), "right");
        }
    }

    private String head(Op op, String type, int sub) {
        return "{\"operator\":" + Json.str(op.name) + ",\"type\":\"" + type + "\",\"afterInput\":" + processed
                + ",\"subtask\":" + sub;
    }

    private void record(Op op, int sub, StreamRecord<?> rec) throws Exception {
        switch (op.type) {
            case "watermarks" -> emit(op.name, sub, ((Ev) rec.getValue()).index); // on as it came, not printed
            case "window" -> {
                String fragment = (String) rec.getValue();
                out.add(head(op, "fire", sub) + "," + fragment + "}");
                JsonNode f = JSON.readTree("{" + fragment + "}");
                JsonNode result = f.get("result");
                String key = f.get("key").isNull() ? null : f.get("key").asText();
                emit(op.name, sub, element(key, result.isNumber() ? result.asDouble() : null, rec.getTimestamp()));
            }
            case "window-join", "co-group" -> {
                JsonNode f = JSON.readTree("{" + rec.getValue() + "}");
                long a = f.get("result").get(0).asLong();
                long b = f.get("result").get(1).asLong();
                if (op.type.equals("window-join")) { // record ids: the pair's timestamps
                    a = elements.get((int) a).ts;
                    b = elements.get((int) b).ts;
                }
                ((ObjectNode) f).putArray("result").add(a).add(b);
                String fragment = JSON.writeValueAsString(f);
                out.add(head(op, "fire", sub) + "," + fragment.substring(1));
                emit(op.name, sub, element(f.get("key").asText(), null, rec.getTimestamp()));
            }
            case "process", "co-process", "broadcast-process" -> {
                String v = (String) rec.getValue();
                int count = v.lastIndexOf(":#");
                if (count >= 0) { // a number the function computed, not a record it held
                    String key = v.substring(0, count);
                    double n = Double.parseDouble(v.substring(count + 2));
                    out.add(head(op, "output", sub) + ",\"key\":" + Json.str(key) + ",\"record\":null,\"value\":"
                            + Json.num(n) + ",\"ts\":" + (rec.hasTimestamp() ? Long.toString(rec.getTimestamp()) : "null")
                            + ",\"watermark\":" + op.watermark[sub] + "}");
                    emit(op.name, sub, element(key, n, rec.getTimestamp()));
                    return;
                }
                Ev given = elements.get(idOf(v));
                out.add(head(op, "output", sub) + ",\"key\":" + Json.str(keyOf(v)) + ",\"record\":" + given.ts
                        + ",\"value\":" + Json.num(given.value) + ",\"ts\":"
                        + (rec.hasTimestamp() ? Long.toString(rec.getTimestamp()) : "null") + ",\"watermark\":"
                        + op.watermark[sub] + "}");
                emit(op.name, sub, element(given.key, given.value, rec.hasTimestamp() ? rec.getTimestamp() : given.ts));
            }
            case "interval-join" -> {
                String[] ids = ((String) rec.getValue()).split(" ");
                Ev left = elements.get(Integer.parseInt(ids[0]));
                Ev right = elements.get(Integer.parseInt(ids[1]));
                out.add(head(op, "pair", sub) + ",\"key\":" + Json.str(left.key) + ",\"left\":" + left.ts + ",\"right\":"
                        + right.ts + ",\"ts\":" + rec.getTimestamp() + ",\"watermark\":" + op.watermark[sub] + "}");
                emit(op.name, sub, element(left.key, null, rec.getTimestamp()));
            }
            default -> throw new IllegalStateException();
        }
    }

    private String windowLate(Op op, int sub, Ev e, String action) {
        return head(op, "late", sub) + ",\"key\":" + (op.keyed ? Json.str(e.key) : "null") + ",\"ts\":" + e.ts
                + ",\"value\":" + Json.num(e.value) + ",\"watermark\":" + op.watermark[sub] + ",\"action\":\"" + action
                + "\"}";
    }

    private void joinLate(Op op, int sub, Queue<StreamRecord<String>> side, String name) {
        StreamRecord<String> r;
        while (side != null && (r = side.poll()) != null) {
            out.add(head(op, "late", sub) + ",\"key\":" + Json.str(keyOf(r.getValue())) + ",\"side\":\"" + name
                    + "\",\"ts\":" + r.getTimestamp() + ",\"watermark\":" + op.watermark[sub] + ",\"action\":\""
                    + (op.lateSideOutputs ? "side-output" : "dropped") + "\"}");
        }
    }

    private void close() {
        for (Source s : sources) {
            s.channels.close();
        }
        for (Op op : ops) {
            for (var h : op.subtasks) {
                try {
                    h.close();
                } catch (Exception ignored) {
                    // see above
                }
            }
        }
    }
}
