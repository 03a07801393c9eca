package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.ListTypeInfo;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;

/**
 * Tidemark's process functions written as a Flink user writes them, run by Flink's own KeyedProcessOperator in its
 * KeyedOneInputStreamOperatorTestHarness, for Tidemark's differential test of the same functions
 * (tests/differential/tst_process_differential.cpp; engine/windowing/ProcessFunctions.h is their C++ side).
 *
 * A script names the "function" ("timeout" with "timeoutMs", or "sort") and its "ops": a record {"key", "id", "ts"}
 * or a watermark {"watermark": ts}. After each op it prints "#OP", then what the operator put out, in order:
 * "P key id ts" for a record (the function's output is a record it was given), "W ts" for a watermark. Every file's
 * lines follow "#FILE path".
 */
final class ProcessCheck {
    private ProcessCheck() {}

    private static final KeySelector<String, String> KEY = ProcessCheck::keyOf;

    private static String keyOf(String value) {
        return value.substring(0, value.indexOf(':'));
    }

    /**
     * The two timeouts' one rule, as KeyDeadlines is in C++: each record of a key re-arms the key's timer timeoutMs
     * after a time the subclass reads (the record's timestamp, or the clock), deleting the one armed before; when it
     * fires the key's last record goes out.
     */
    abstract static class KeyTimeout extends KeyedProcessFunction<String, String, String> {
        private static final ValueStateDescriptor<Long> ARMED =
                new ValueStateDescriptor<>("armed", BasicTypeInfo.LONG_TYPE_INFO);
        private static final ValueStateDescriptor<String> LAST =
                new ValueStateDescriptor<>("last", BasicTypeInfo.STRING_TYPE_INFO);
        private final long timeoutMs;

        KeyTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        abstract long from(Context ctx);

        abstract void register(TimerService timers, long at);

        abstract void delete(TimerService timers, long at);

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                delete(ctx.timerService(), armed.value());
            }
            long at = from(ctx) + timeoutMs;
            register(ctx.timerService(), at);
            armed.update(at);
            getRuntimeContext().getState(LAST).update(value);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(getRuntimeContext().getState(LAST).value());
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(LAST).clear();
        }
    }

    /** No second record for a key within timeoutMs of event time: the last record goes out when its timer fires. */
    static final class EventTimeTimeout extends KeyTimeout {
        EventTimeTimeout(long timeoutMs) {
            super(timeoutMs);
        }

        @Override
        long from(Context ctx) {
            return ctx.timestamp();
        }

        @Override
        void register(TimerService timers, long at) {
            timers.registerEventTimeTimer(at);
        }

        @Override
        void delete(TimerService timers, long at) {
            timers.deleteEventTimeTimer(at);
        }
    }

    /**
     * No record for a key within timeoutMs of processing time: the same on the clock; what the timer emits carries
     * no timestamp (KeyedProcessOperator erases it for a processing-time timer).
     */
    static final class ProcessingTimeTimeout extends KeyTimeout {
        ProcessingTimeTimeout(long timeoutMs) {
            super(timeoutMs);
        }

        @Override
        long from(Context ctx) {
            return ctx.timerService().currentProcessingTime();
        }

        @Override
        void register(TimerService timers, long at) {
            timers.registerProcessingTimeTimer(at);
        }

        @Override
        void delete(TimerService timers, long at) {
            timers.deleteProcessingTimeTimer(at);
        }
    }

    /**
     * A running count per key, emitted every intervalMs of event time: each record adds one and, when none is armed,
     * arms a timer at the end of the period its timestamp falls in (TimeWindow.getWindowStartWithOffset + intervalMs -
     * 1); a timer emits "key:#count" and the key's next record arms the next one.
     */
    static final class PeriodicCount extends KeyedProcessFunction<String, String, String> {
        private static final ValueStateDescriptor<Long> COUNT =
                new ValueStateDescriptor<>("count", BasicTypeInfo.LONG_TYPE_INFO);
        private static final ValueStateDescriptor<Long> ARMED =
                new ValueStateDescriptor<>("armed", BasicTypeInfo.LONG_TYPE_INFO);
        private final long intervalMs;

        PeriodicCount(long intervalMs) {
            this.intervalMs = intervalMs;
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            ValueState<Long> count = getRuntimeContext().getState(COUNT);
            count.update(count.value() == null ? 1 : count.value() + 1);
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() == null) {
                long at = TimeWindow.getWindowStartWithOffset(ctx.timestamp(), 0, intervalMs) + intervalMs - 1;
                ctx.timerService().registerEventTimeTimer(at);
                armed.update(at);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.getCurrentKey() + ":#" + getRuntimeContext().getState(COUNT).value());
            getRuntimeContext().getState(ARMED).clear();
        }
    }

    static final class SortUntilWatermark extends KeyedProcessFunction<String, String, String> {
        private static final MapStateDescriptor<Long, List<String>> BUFFER = new MapStateDescriptor<>(
                "buffer", BasicTypeInfo.LONG_TYPE_INFO, new ListTypeInfo<>(BasicTypeInfo.STRING_TYPE_INFO));

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            long ts = ctx.timestamp();
            if (ts <= ctx.timerService().currentWatermark()) {
                return; // late
            }
            MapState<Long, List<String>> buffer = getRuntimeContext().getMapState(BUFFER);
            List<String> at = buffer.get(ts);
            if (at == null) {
                at = new ArrayList<>();
            }
            at.add(value);
            buffer.put(ts, at);
            ctx.timerService().registerEventTimeTimer(ts);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            MapState<Long, List<String>> buffer = getRuntimeContext().getMapState(BUFFER);
            List<String> at = buffer.get(timestamp);
            if (at != null) {
                for (String value : at) {
                    out.collect(value);
                }
                buffer.remove(timestamp);
            }
        }
    }

    /**
     * No payment within timeoutMs of the order (orders.keyBy(id).connect(payments.keyBy(id)).process): an order not
     * yet paid arms a timer at its time + timeoutMs, a payment marks the key paid and deletes the timer; when the
     * timer fires the order goes out, unpaid.
     */
    static final class UnmatchedTimeout extends KeyedCoProcessFunction<String, String, String, String> {
        private static final ValueStateDescriptor<Long> ARMED =
                new ValueStateDescriptor<>("armed", BasicTypeInfo.LONG_TYPE_INFO);
        private static final ValueStateDescriptor<String> ORDER =
                new ValueStateDescriptor<>("order", BasicTypeInfo.STRING_TYPE_INFO);
        private static final ValueStateDescriptor<Boolean> PAID =
                new ValueStateDescriptor<>("paid", BasicTypeInfo.BOOLEAN_TYPE_INFO);
        private final long timeoutMs;

        UnmatchedTimeout(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void processElement1(String order, Context ctx, Collector<String> out) throws Exception {
            if (getRuntimeContext().getState(PAID).value() != null) {
                return;
            }
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + timeoutMs;
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(ORDER).update(order);
        }

        @Override
        public void processElement2(String payment, Context ctx, Collector<String> out) throws Exception {
            getRuntimeContext().getState(PAID).update(true);
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
                armed.clear();
                getRuntimeContext().getState(ORDER).clear();
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            String order = getRuntimeContext().getState(ORDER).value();
            if (order != null) {
                out.collect(order);
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(ORDER).clear();
        }
    }

    /** The rules' descriptor of RuleTimeout's broadcast state. */
    static final MapStateDescriptor<String, Long> RULES =
            new MapStateDescriptor<>("rules", BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.LONG_TYPE_INFO);

    /**
     * EventTimeTimeout whose timeout a broadcast rules stream sets (keyed.connect(rules.broadcast(RULES)).process): a
     * keyed record arms a timer at its time + the timeout in force; a rule ("id=timeoutMs") sets the timeout.
     */
    static final class RuleTimeout extends KeyedBroadcastProcessFunction<String, String, String, String> {
        private static final ValueStateDescriptor<Long> ARMED =
                new ValueStateDescriptor<>("armed", BasicTypeInfo.LONG_TYPE_INFO);
        private static final ValueStateDescriptor<String> LAST =
                new ValueStateDescriptor<>("last", BasicTypeInfo.STRING_TYPE_INFO);
        private final long initialTimeoutMs;

        RuleTimeout(long initialTimeoutMs) {
            this.initialTimeoutMs = initialTimeoutMs;
        }

        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) throws Exception {
            Long rule = ctx.getBroadcastState(RULES).get("timeout");
            ValueState<Long> armed = getRuntimeContext().getState(ARMED);
            if (armed.value() != null) {
                ctx.timerService().deleteEventTimeTimer(armed.value());
            }
            long at = ctx.timestamp() + (rule != null ? rule : initialTimeoutMs);
            ctx.timerService().registerEventTimeTimer(at);
            armed.update(at);
            getRuntimeContext().getState(LAST).update(value);
        }

        @Override
        public void processBroadcastElement(String rule, Context ctx, Collector<String> out) throws Exception {
            ctx.getBroadcastState(RULES).put("timeout", Long.parseLong(rule.substring(rule.indexOf('=') + 1)));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            String last = getRuntimeContext().getState(LAST).value();
            if (last != null) {
                out.collect(last);
            }
            getRuntimeContext().getState(ARMED).clear();
            getRuntimeContext().getState(LAST).clear();
        }
    }

    static List<String> play(File file) throws Exception {
        JsonNode root = new ObjectMapper().readTree(file);
        KeyedProcessFunction<String, String, String> function = switch (root.get("function").asText()) {
            case "timeout" -> new EventTimeTimeout(root.get("timeoutMs").asLong());
            case "sort" -> new SortUntilWatermark();
            default -> throw new IllegalArgumentException("unknown function " + root.get("function"));
        };
        List<String> lines = new ArrayList<>();
        try (KeyedOneInputStreamOperatorTestHarness<String, String, String> h = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(function), KEY, BasicTypeInfo.STRING_TYPE_INFO)) {
            h.setup();
            h.open();
            for (JsonNode op : root.get("ops")) {
                if (op.has("watermark")) {
                    h.processWatermark(new Watermark(op.get("watermark").asLong()));
                } else {
                    h.processElement(new StreamRecord<>(op.get("key").asText() + ":" + op.get("id").asInt(),
                            op.get("ts").asLong()));
                }
                lines.add("#OP");
                for (Object o : h.getOutput()) {
                    if (o instanceof StreamRecord<?> r) {
                        String v = (String) r.getValue();
                        lines.add("P " + keyOf(v) + " " + v.substring(v.indexOf(':') + 1) + " " + r.getTimestamp());
                    } else if (o instanceof Watermark w) {
                        lines.add("W " + w.getTimestamp());
                    }
                }
                h.getOutput().clear();
            }
        }
        return lines;
    }
}
