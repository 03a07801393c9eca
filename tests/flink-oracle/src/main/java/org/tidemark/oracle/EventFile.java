package org.tidemark.oracle;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The event files of `input.file` (docs/scenario-format.md): CSV, text and JSON lines with a field
 * mapping, written independently of Tidemark's reader. Strict: the first bad line is an error.
 */
final class EventFile {
    private static final Pattern DATE_START = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}.*");

    private final JsonNode spec;
    private final String name;
    private final String format;
    private final JsonNode fields;
    private final String watermarkWord;
    private final String unit;
    private final DateTimeFormatter pattern;
    private final ZoneId zone;

    private EventFile(JsonNode spec, String name) {
        this.spec = spec;
        this.name = name;
        this.format = spec.path("format").asText();
        this.fields = spec.path("fields");
        this.watermarkWord = spec.path("watermarkWord").asText("watermark");
        JsonNode t = spec.path("timestamp");
        this.unit = t.path("unit").asText("ms");
        this.pattern = t.has("pattern") ? DateTimeFormatter.ofPattern(t.get("pattern").asText().replace("yyyy", "uuuu")) : null;
        this.zone = t.has("zone") ? ZoneId.of(t.get("zone").asText()) : null;
    }

    static List<Scenario.Rec> read(JsonNode spec, File scenarioFile, boolean keyed) throws IOException {
        File given = new File(spec.path("file").asText());
        File f = given.isAbsolute() ? given : new File(scenarioFile.getAbsoluteFile().getParentFile(), given.getPath());
        EventFile ef = new EventFile(spec, f.getPath());
        String text = Files.readString(f.toPath(), StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        String[] lines = text.split("\r?\n", -1);
        return switch (ef.format) {
            case "csv" -> ef.readCsv(lines);
            case "text" -> ef.readText(lines);
            case "jsonl" -> ef.readJsonl(lines);
            default -> throw new IllegalArgumentException(f + ": unknown format \"" + ef.format + "\"");
        };
    }

    private static boolean skip(String line) {
        String t = line.strip();
        return t.isEmpty() || t.startsWith("#");
    }

    // ---------------------------------------------------------------- CSV and text

    private List<Scenario.Rec> readCsv(String[] lines) {
        String delim = spec.path("delimiter").asText(",");
        char d = delim.equals("\\t") ? '\t' : delim.charAt(0);
        List<Scenario.Rec> out = new ArrayList<>();
        Map<String, Integer> columns = null;
        boolean byName = false;
        var it = fields.fields();
        while (it.hasNext()) {
            if (it.next().getValue().isTextual()) {
                byName = true;
            }
        }
        boolean first = true;
        for (int i = 0; i < lines.length; i++) {
            if (skip(lines[i])) {
                continue;
            }
            List<String> cols = splitCsv(lines[i], d, i + 1);
            if (first) {
                first = false;
                boolean header;
                if (spec.has("header")) {
                    header = spec.get("header").asBoolean();
                } else if (byName) {
                    header = true;
                } else {
                    int tsCol = fields.path("ts").asInt(0);
                    String v = tsCol < cols.size() ? cols.get(tsCol).strip() : "";
                    header = !v.isEmpty() && (Character.isLetter(v.charAt(0)) || v.charAt(0) == '_');
                }
                if (header) {
                    columns = new HashMap<>();
                    for (int c = 0; c < cols.size(); c++) {
                        columns.put(cols.get(c).strip(), c);
                    }
                    continue;
                }
            }
            out.add(fromColumns(cols, columns, i + 1));
        }
        return out;
    }

    private List<Scenario.Rec> readText(String[] lines) {
        List<Scenario.Rec> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (skip(lines[i])) {
                continue;
            }
            out.add(fromColumns(List.of(lines[i].strip().split("[ \t]+")), null, i + 1));
        }
        return out;
    }

    private List<String> splitCsv(String line, char d, int lineNo) {
        List<String> cols = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"' && cur.toString().isBlank()) {
                quoted = true;
                wasQuoted = true;
                cur.setLength(0);
            } else if (c == d) {
                cols.add(cur.toString());
                cur.setLength(0);
                wasQuoted = false;
            } else if (!(wasQuoted && Character.isWhitespace(c))) {
                cur.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException(name + ":" + lineNo + ": unterminated quoted field");
        }
        cols.add(cur.toString());
        return cols;
    }

    private Scenario.Rec fromColumns(List<String> cols, Map<String, Integer> header, int lineNo) {
        Scenario.Rec r = new Scenario.Rec();
        if (!cols.isEmpty() && cols.get(0).strip().equals(watermarkWord)) {
            r.watermark = true;
            r.ts = parseLong(cols.get(1).strip(), lineNo);
            if (cols.size() > 2 && !cols.get(2).isBlank()) {
                r.channel = Integer.parseInt(cols.get(2).strip());
            }
            return r;
        }
        String ts = column(cols, header, "ts", lineNo);
        if (ts == null) {
            throw new IllegalArgumentException(name + ":" + lineNo + ": no ts field");
        }
        r.ts = time(ts.strip(), lineNo);
        JsonNode keySel = fields.get("key");
        if (keySel != null && keySel.isArray() && keySel.size() > 1) {
            // keyBy on several columns: a Flink Tuple of their texts, printed "(a,b)"
            r.keyFields = new String[keySel.size()];
            for (int f = 0; f < keySel.size(); f++) {
                r.keyFields[f] = columnAt(cols, header, keySel.get(f), lineNo);
            }
            r.key = "(" + String.join(",", r.keyFields) + ")";
        } else {
            r.key = column(cols, header, "key", lineNo);
        }
        String v = column(cols, header, "value", lineNo);
        r.value = v == null ? null : Double.parseDouble(v.strip());
        String a = column(cols, header, "arrival", lineNo);
        r.arrival = a == null ? null : time(a.strip(), lineNo);
        String c = column(cols, header, "channel", lineNo);
        r.channel = c == null ? null : Integer.parseInt(c.strip());
        String part = column(cols, header, "partition", lineNo);
        r.partition = part == null ? null : Integer.parseInt(part.strip());
        return r;
    }

    private String column(List<String> cols, Map<String, Integer> header, String field, int lineNo) {
        JsonNode sel = fields.get(field);
        if (sel == null || sel.isNull()) {
            return null;
        }
        return columnAt(cols, header, sel.isArray() ? sel.get(0) : sel, lineNo);
    }

    /** The column a selector names: an index, or a header name. */
    private String columnAt(List<String> cols, Map<String, Integer> header, JsonNode sel, int lineNo) {
        int idx;
        if (sel.isTextual()) {
            Integer i = header == null ? null : header.get(sel.asText());
            if (i == null) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": no column \"" + sel.asText() + "\"");
            }
            idx = i;
        } else {
            idx = sel.asInt();
        }
        if (idx >= cols.size()) {
            throw new IllegalArgumentException(name + ":" + lineNo + ": no column " + idx);
        }
        return cols.get(idx);
    }

    // ---------------------------------------------------------------- JSON lines

    private List<Scenario.Rec> readJsonl(String[] lines) throws IOException {
        ObjectMapper m = new ObjectMapper().setNodeFactory(JsonNodeFactory.withExactBigDecimals(true))
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        List<Scenario.Rec> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (skip(lines[i])) {
                continue;
            }
            JsonNode o = m.readTree(lines[i]);
            Scenario.Rec r = new Scenario.Rec();
            String tsName = fields.path("ts").asText();
            if (o.has("watermark") && member(o, tsName) == null) {
                r.watermark = true;
                r.ts = o.get("watermark").asLong();
                if (o.has("channel")) {
                    r.channel = o.get("channel").asInt();
                }
                if (o.has("arrival")) {
                    r.arrival = o.get("arrival").asLong();
                }
                out.add(r);
                continue;
            }
            JsonNode ts = member(o, tsName);
            if (ts == null) {
                throw new IllegalArgumentException(name + ":" + (i + 1) + ": no \"" + tsName + "\"");
            }
            r.ts = time(text(ts), i + 1);
            JsonNode keySel = fields.get("key");
            if (keySel != null && keySel.isArray() && keySel.size() > 1) {
                r.keyFields = new String[keySel.size()];
                for (int f = 0; f < keySel.size(); f++) {
                    JsonNode k = member(o, keySel.get(f).asText());
                    if (k == null) {
                        throw new IllegalArgumentException(name + ":" + (i + 1) + ": no \"" + keySel.get(f).asText() + "\"");
                    }
                    r.keyFields[f] = text(k);
                }
                r.key = "(" + String.join(",", r.keyFields) + ")";
            } else {
                JsonNode one = keySel != null && keySel.isArray() ? keySel.get(0) : keySel;
                JsonNode k = one != null ? member(o, one.asText()) : null;
                r.key = k == null ? null : text(k);
            }
            JsonNode v = fields.has("value") ? member(o, fields.get("value").asText()) : null;
            r.value = v == null ? null : Double.parseDouble(text(v));
            JsonNode a = fields.has("arrival") ? member(o, fields.get("arrival").asText()) : null;
            r.arrival = a == null ? null : time(text(a), i + 1);
            JsonNode c = fields.has("channel") ? member(o, fields.get("channel").asText()) : null;
            r.channel = c == null ? null : Integer.parseInt(text(c));
            JsonNode part = fields.has("partition") ? member(o, fields.get("partition").asText()) : null;
            r.partition = part == null ? null : Integer.parseInt(text(part));
            out.add(r);
        }
        return out;
    }

    private static JsonNode member(JsonNode o, String path) {
        JsonNode cur = o;
        for (String part : path.split("\\.")) {
            cur = cur == null ? null : cur.get(part);
        }
        return (cur == null || cur.isNull()) ? null : cur;
    }

    private static String text(JsonNode n) {
        if (n.isBigDecimal()) {
            return n.decimalValue().toString();
        }
        return n.asText();
    }

    // ---------------------------------------------------------------- timestamps

    private long time(String s, int lineNo) {
        try {
            if (pattern != null) {
                return instant(s, pattern);
            }
            if (DATE_START.matcher(s).matches()) {
                return iso(s);
            }
            if (unit.equals("s")) {
                return new BigDecimal(s).movePointRight(3).longValueExact();
            }
            return parseLong(s, lineNo);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + ":" + lineNo + ": bad timestamp \"" + s + "\": " + e.getMessage());
        }
    }

    private long instant(String s, DateTimeFormatter f) {
        var parsed = f.parseBest(s, ZonedDateTime::from, OffsetDateTime::from, LocalDateTime::from);
        if (parsed instanceof ZonedDateTime z) {
            return z.toInstant().toEpochMilli();
        }
        if (parsed instanceof OffsetDateTime o) {
            return o.toInstant().toEpochMilli();
        }
        LocalDateTime l = (LocalDateTime) parsed;
        // java.time: an ambiguous local time is the earlier instant; a local time in a gap is refused
        ZoneId z = zone == null ? ZoneId.of("UTC") : zone;
        var offsets = z.getRules().getValidOffsets(l);
        if (offsets.isEmpty()) {
            throw new IllegalArgumentException("no such local time in " + z);
        }
        return l.atZone(z).withEarlierOffsetAtOverlap().toInstant().toEpochMilli();
    }

    private long iso(String s) {
        String t = s.replace(' ', 'T');
        try {
            return OffsetDateTime.parse(normaliseOffset(t)).toInstant().toEpochMilli();
        } catch (RuntimeException e) {
            if (zone == null) {
                throw new IllegalArgumentException("an ISO time without offset needs a timestamp zone");
            }
            String full = t.length() == 10 ? t + "T00:00" : t;
            return instant(full, DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
    }

    private static String normaliseOffset(String t) {
        // +0800 and +08 are accepted by the format; java.time wants +08:00
        var m = Pattern.compile("([+-])(\\d{2})(\\d{2})?$").matcher(t);
        if (t.length() > 16 && m.find() && m.start() > 10) {
            return t.substring(0, m.start()) + m.group(1) + m.group(2) + ":" + (m.group(3) == null ? "00" : m.group(3));
        }
        return t;
    }

    private long parseLong(String s, int lineNo) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ":" + lineNo + ": expected an integer timestamp, found \"" + s + "\"");
        }
    }
}
