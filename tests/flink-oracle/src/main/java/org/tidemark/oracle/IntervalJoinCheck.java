package org.tidemark.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.operators.co.IntervalJoinOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Flink's own IntervalJoinOperator on a script, for Tidemark's differential test of its interval join
 * (tests/differential/tst_interval_join_differential.cpp).
 *
 * A script has the bounds ("lower", "upper", "lowerInclusive", "upperInclusive"), "lateSideOutputs", and "ops": a
 * record {"left"|"right": ts, "key": k, "id": n} (processElement1/2), a watermark {"watermark1"|"watermark2": ts}
 * (processWatermark1/2) or a status {"status1"|"status2": "idle"|"active"} (processWatermarkStatus1/2). After each
 * op it prints what the operator put out, in order: "P key leftId rightId ts" for a joined pair, "W ts" for a
 * watermark, "S IDLE" / "S ACTIVE" for a status, then "L left|right key id ts" for a record sent to a late output.
 * Every file's lines follow "#FILE path".
 */
final class IntervalJoinCheck {
    private IntervalJoinCheck() {}

    private static final KeySelector<String, String> KEY = IntervalJoinCheck::keyOf;

    private static String keyOf(String value) {
        return value.substring(0, value.indexOf(':'));
    }

    /** Emits the ids of both records: what Tidemark's join reports of a pair. */
    private static final class Pairs extends ProcessJoinFunction<String, String, String> {
        @Override
        public void processElement(String left, String right, Context ctx, Collector<String> out) {
            out.collect(keyOf(left) + " " + id(left) + " " + id(right));
        }
    }

    private static String id(String value) {
        return value.substring(value.indexOf(':') + 1);
    }

    static List<String> play(File file) throws Exception {
        JsonNode root = new ObjectMapper().readTree(file);
        boolean late = root.path("lateSideOutputs").asBoolean(false);
        OutputTag<String> leftLate = late ? new OutputTag<>("left-late", BasicTypeInfo.STRING_TYPE_INFO) : null;
        OutputTag<String> rightLate = late ? new OutputTag<>("right-late", BasicTypeInfo.STRING_TYPE_INFO) : null;
        IntervalJoinOperator<String, String, String, String> join = new IntervalJoinOperator<>(
                root.get("lower").asLong(), root.get("upper").asLong(),
                root.get("lowerInclusive").asBoolean(), root.get("upperInclusive").asBoolean(),
                leftLate, rightLate, StringSerializer.INSTANCE, StringSerializer.INSTANCE, new Pairs());
        List<String> lines = new ArrayList<>();
        try (KeyedTwoInputStreamOperatorTestHarness<String, String, String, String> h =
                new KeyedTwoInputStreamOperatorTestHarness<>(join, KEY, KEY, BasicTypeInfo.STRING_TYPE_INFO)) {
            h.setup();
            h.open();
            for (JsonNode op : root.get("ops")) {
                if (op.has("left")) {
                    h.processElement1(new StreamRecord<>(value(op), op.get("left").asLong()));
                } else if (op.has("right")) {
                    h.processElement2(new StreamRecord<>(value(op), op.get("right").asLong()));
                } else if (op.has("watermark1")) {
                    h.processWatermark1(new Watermark(op.get("watermark1").asLong()));
                } else if (op.has("watermark2")) {
                    h.processWatermark2(new Watermark(op.get("watermark2").asLong()));
                } else if (op.has("status1")) {
                    h.processWatermarkStatus1(status(op.get("status1").asText()));
                } else {
                    h.processWatermarkStatus2(status(op.get("status2").asText()));
                }
                for (Object o : h.getOutput()) {
                    if (o instanceof StreamRecord<?> r) {
                        lines.add("P " + r.getValue() + " " + r.getTimestamp());
                    } else if (o instanceof Watermark w) {
                        lines.add("W " + w.getTimestamp());
                    } else if (o instanceof WatermarkStatus s) {
                        lines.add(s.isIdle() ? "S IDLE" : "S ACTIVE");
                    }
                }
                h.getOutput().clear();
                if (late) {
                    lateLines(h.getSideOutput(leftLate), "left", lines);
                    lateLines(h.getSideOutput(rightLate), "right", lines);
                }
            }
        }
        return lines;
    }

    private static void lateLines(Queue<StreamRecord<String>> side, String name, List<String> lines) {
        if (side == null) {
            return;
        }
        for (StreamRecord<String> r : side) {
            lines.add("L " + name + " " + keyOf(r.getValue()) + " " + id(r.getValue()) + " " + r.getTimestamp());
        }
        side.clear();
    }

    private static String value(JsonNode op) {
        return op.get("key").asText() + ":" + op.get("id").asInt();
    }

    private static WatermarkStatus status(String text) {
        return text.equals("idle") ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE;
    }
}
