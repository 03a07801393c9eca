#include "engine/export/LineReader.h"

#include "engine/export/FlinkJob.h"

#include <algorithm>
#include <string_view>

namespace tidemark::flinkjob {

namespace {

using Format = InputFileSpec::Format;
using Header = InputFileSpec::Header;

} // namespace

LineReader::LineReader(const InputFileSpec& spec)
    : m_spec(spec)
{ }

bool LineReader::namesColumns() const
{
    const auto named = [](const FieldRef& f) { return !f.isIndex(); };
    return m_spec.format == Format::Csv
        && (named(m_spec.ts) || std::any_of(m_spec.key.begin(), m_spec.key.end(), named)
            || (m_spec.value && named(*m_spec.value)));
}

std::string LineReader::fieldName(const FieldRef& f) const
{
    return f.isIndex() ? "column " + std::to_string(f.index) : "\"" + f.name + "\"";
}

std::string LineReader::timestampDescription() const
{
    const TimestampFormat& t = m_spec.timestamp;
    const std::string zone = t.zone.empty() ? std::string() : " in " + t.zone;
    if (!t.pattern.empty())
        return t.pattern + zone;
    return std::string(t.unit == TimestampFormat::Unit::Seconds ? "epoch seconds" : "epoch milliseconds")
        + " or ISO-8601" + zone;
}

std::string LineReader::description() const
{
    std::string d;
    switch (m_spec.format) {
    case Format::Csv: {
        const bool named = namesColumns();
        d = m_spec.delimiter == ','    ? "CSV lines"
            : m_spec.delimiter == '\t' ? "lines of fields separated by tabs"
                                       : "lines of fields separated by '" + std::string(1, m_spec.delimiter) + "'";
        if (named || m_spec.header == Header::Present)
            d += " after a header line";
        else if (m_spec.header == Header::Detect)
            d += " (a first line whose event time starts with a letter is a header)";
        break;
    }
    case Format::Text:
        d = "lines of columns separated by spaces";
        break;
    case Format::Jsonl:
        d = "JSON objects, one per line";
        break;
    }
    d += ": ";
    if (!m_spec.key.empty())
        d += "key " + fieldName(m_spec.key.front()) + ", ";
    d += "event time " + fieldName(m_spec.ts) + " (" + timestampDescription() + ")";
    if (m_spec.value)
        d += ", value " + fieldName(*m_spec.value);
    return d;
}

// The fields' columns, as constants, or found in the header line.
std::string LineReader::columnsAndHeader() const
{
    const bool named = namesColumns();
    // a named column is -1 until the header names it
    const auto column = [](const FieldRef& f) { return f.isIndex() ? std::to_string(f.index) : std::string("-1"); };
    std::string c;
    if (named)
        c += "        // The columns of the key, the event time and the value; those named, from the header line.\n";
    if (!m_spec.key.empty())
        c += "        private int key = " + column(m_spec.key.front()) + ";\n";
    c += "        private int ts = " + column(m_spec.ts) + ";\n";
    if (m_spec.value)
        c += "        private int value = " + column(*m_spec.value) + ";\n";
    if (m_spec.format == Format::Csv && (named || m_spec.header != Header::Absent))
        c += "        private boolean headerRead;\n";
    return c;
}

std::string LineReader::readMethod() const
{
    std::string m;
    if (m_spec.format == Format::Jsonl) {
        m += "        private Event read(String line) throws IOException {\n"
             "            JsonNode object = JSON.readTree(line);\n"
             "            if (object == null || !object.isObject()) {\n"
             "                throw new IllegalArgumentException(\"expected a JSON object\");\n"
             "            }\n"
             "            Event event = new Event();\n";
        if (!m_spec.key.empty())
            m += "            event.key = text(member(object, " + javaStringLiteral(m_spec.key.front().name)
                + ", \"key\"));\n";
        m += "            event.timestamp = timestamp(text(member(object, " + javaStringLiteral(m_spec.ts.name)
            + ", \"ts\")));\n";
        if (m_spec.value)
            m += "            event.value = number(text(member(object, " + javaStringLiteral(m_spec.value->name)
                + ", \"value\")));\n";
        m += "            return event;\n        }\n\n";
        m += "        /** The member at a dotted path (\"a.b.c\" is a nested field). */\n"
             "        private static JsonNode member(JsonNode object, String path, String role) {\n"
             "            JsonNode node = object;\n"
             "            for (String name : path.split(\"\\\\.\")) {\n"
             "                node = node.get(name);\n"
             "                if (node == null) {\n"
             "                    throw new IllegalArgumentException(\"missing field \\\"\" + path + \"\\\" (\" + role "
             "+ "
             "\")\");\n"
             "                }\n"
             "            }\n"
             "            return node;\n"
             "        }\n\n"
             "        /** A string, or a number's text: a number used as key keeps its text. */\n"
             "        private static String text(JsonNode node) {\n"
             "            if (node.isTextual() || node.isNumber()) {\n"
             "                return node.asText();\n"
             "            }\n"
             "            throw new IllegalArgumentException(\"expected a number or a string, found \" + "
             "node.getNodeType());\n"
             "        }\n\n";
        return m;
    }

    const bool named = namesColumns();
    m += "        private Event read(String line) {\n";
    if (m_spec.format == Format::Csv) {
        m += "            List<String> f = fields(line);\n";
        if (named) {
            m += "            if (!headerRead) {\n"
                 "                headerRead = true;\n"
                 "                List<String> names = f.stream().map(String::strip).toList();\n";
            if (!m_spec.key.empty() && !m_spec.key.front().isIndex())
                m += "                key = names.indexOf(" + javaStringLiteral(m_spec.key.front().name) + ");\n";
            if (!m_spec.ts.isIndex())
                m += "                ts = names.indexOf(" + javaStringLiteral(m_spec.ts.name) + ");\n";
            if (m_spec.value && !m_spec.value->isIndex())
                m += "                value = names.indexOf(" + javaStringLiteral(m_spec.value->name) + ");\n";
            m += "                return null;\n"
                 "            }\n";
        } else if (m_spec.header == Header::Present) {
            m += "            if (!headerRead) {\n"
                 "                headerRead = true;\n"
                 "                return null; // the header line\n"
                 "            }\n";
        } else if (m_spec.header == Header::Detect) {
            m += "            if (!headerRead) {\n"
                 "                headerRead = true;\n"
                 "                // a header names its columns: its event time starts with a letter, a record's with "
                 "a "
                 "digit\n"
                 "                String first = ts < f.size() ? f.get(ts).strip() : \"\";\n"
                 "                if (!first.isEmpty() && (Character.isLetter(first.charAt(0)) || first.charAt(0) == "
                 "'_')) {\n"
                 "                    return null;\n"
                 "                }\n"
                 "            }\n";
        }
    } else {
        m += "            List<String> f = List.of(line.strip().split(\"\\\\s+\"));\n";
    }
    m += "            if (f.get(0).strip().equals(" + javaStringLiteral(m_spec.watermarkWord)
        + ")) {\n"
          "                // its watermarks come from its generators\n"
          "                throw new IllegalArgumentException(\"a watermark line, which this job does not read\");\n"
          "            }\n"
          "            Event event = new Event();\n";
    if (!m_spec.key.empty())
        m += "            event.key = column(f, key, \"key\");\n";
    m += "            event.timestamp = timestamp(column(f, ts, \"ts\").strip());\n";
    if (m_spec.value)
        m += "            event.value = number(column(f, value, \"value\"));\n";
    m += "            return event;\n        }\n\n";
    m += "        private static String column(List<String> fields, int column, String role) {\n"
         "            if (column < 0 || column >= fields.size()) {\n"
         "                throw new IllegalArgumentException(\"no column for \" + role + \" (\" + fields.size() + \" "
         "columns)\");\n"
         "            }\n"
         "            return fields.get(column);\n"
         "        }\n\n";
    if (m_spec.format == Format::Csv) {
        const std::string shown = m_spec.delimiter == '\t' ? std::string("\\t") : std::string(1, m_spec.delimiter);
        m += "        /** The fields between '" + shown + "'s; a field in double quotes may hold '" + shown
            + "' and \"\" for a quote. */\n" + csvFieldsMethod(m_spec.delimiter, true) + "\n";
    }
    return m;
}

std::string LineReader::timestampMethod(std::set<std::string>& imports, std::string& formatter) const
{
    const TimestampFormat& t = m_spec.timestamp;
    const std::string zone = t.zone.empty() ? std::string() : ".withZone(ZoneId.of(" + javaStringLiteral(t.zone) + "))";
    if (!t.zone.empty())
        imports.insert("java.time.ZoneId");
    imports.insert("java.time.Instant");
    imports.insert("java.time.format.DateTimeFormatter");
    std::string m;
    if (!t.pattern.empty()) {
        imports.insert("java.util.Locale");
        formatter = "        private static final DateTimeFormatter TIME =\n"
                    "                DateTimeFormatter.ofPattern("
            + javaStringLiteral(t.pattern) + ", Locale.ROOT)" + zone + ";\n\n";
        m += "        private static long timestamp(String text) {\n"
             "            return Instant.from(TIME.parse(text)).toEpochMilli();\n"
             "        }\n\n";
        return m;
    }
    imports.insert("java.time.format.DateTimeFormatterBuilder");
    imports.insert("java.time.temporal.ChronoField");
    imports.insert("java.util.Locale");
    formatter = "        /** yyyy-MM-dd[THH:mm[:ss[.fff]]] with T or a space, then Z, ±HH:mm, ±HHmm or ±HH"
        + std::string(t.zone.empty() ? " (required)" : ", else " + t.zone) + ". */\n";
    formatter += "        private static final DateTimeFormatter ISO = new DateTimeFormatterBuilder()\n"
                 "                .append(DateTimeFormatter.ISO_LOCAL_DATE)\n"
                 "                "
                 ".optionalStart().appendLiteral('T').append(DateTimeFormatter.ISO_LOCAL_TIME).optionalEnd()\n"
                 "                .appendPattern(\"[XXX][XX][X]\")\n"
                 "                .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)\n"
                 "                .toFormatter(Locale.ROOT)"
        + zone + ";\n\n";
    m += "        private static long timestamp(String text) {\n"
         "            if (text.length() >= 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {\n"
         "                String iso = text.length() > 10 && text.charAt(10) == ' '\n"
         "                        ? text.substring(0, 10) + 'T' + text.substring(11) : text;\n"
         "                return Instant.from(ISO.parse(iso)).toEpochMilli();\n"
         "            }\n";
    if (t.unit == TimestampFormat::Unit::Seconds) {
        imports.insert("java.math.BigDecimal");
        m += "            // epoch seconds, with at most milliseconds: a timestamp is never rounded\n"
             "            return new BigDecimal(text).movePointRight(3).longValueExact();\n";
    } else {
        m += "            return Long.parseLong(text);\n";
    }
    m += "        }\n\n";
    return m;
}

std::string LineReader::javaClass(std::set<std::string>& imports) const
{
    imports.insert("org.apache.flink.api.common.functions.FlatMapFunction");
    imports.insert("org.apache.flink.util.Collector");
    imports.insert("java.util.List");
    if (m_spec.format == Format::Csv)
        imports.insert("java.util.ArrayList");
    const bool json = m_spec.format == Format::Jsonl;
    if (json) {
        imports.insert("java.io.IOException");
        // Flink's own copy of Jackson, which every cluster has (its JSON formats use it)
        imports.insert("org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode");
        imports.insert("org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper");
    }
    std::string c;
    c += "    /**\n";
    c += commentLines("Reads a line as Tidemark reads a line of the scenario's events file: " + description()
            + ". Blank lines and lines starting with # are skipped; a line it cannot read is reported on stderr "
              "with its number and skipped, as `tidemark run --lenient` does.",
        "     * ");
    c += "     */\n";
    c += "    public static final class ReadLine implements FlatMapFunction<String, Event> {\n";
    std::string formatter;
    const std::string timestamp = timestampMethod(imports, formatter);
    if (json)
        c += "        private static final ObjectMapper JSON = new ObjectMapper();\n\n";
    c += formatter;
    if (!json)
        c += columnsAndHeader();
    c += "        private long lineNumber;\n\n";
    c += "        @Override\n"
         "        public void flatMap(String line, Collector<Event> out) {\n"
         "            lineNumber++;\n"
         "            if (lineNumber == 1 && line.startsWith(\"\\uFEFF\")) {\n"
         "                line = line.substring(1);\n"
         "            }\n"
         "            if (line.endsWith(\"\\r\")) {\n"
         "                line = line.substring(0, line.length() - 1);\n"
         "            }\n"
         "            if (line.isBlank() || line.strip().startsWith(\"#\")) {\n"
         "                return;\n"
         "            }\n"
         "            try {\n"
         "                Event event = read(line);\n"
         "                if (event != null) {\n"
         "                    out.collect(event);\n"
         "                }\n"
         "            } catch ("
        + std::string(json ? "IOException | " : "")
        + "RuntimeException bad) {\n"
          "                System.err.println(\"line \" + lineNumber + \" skipped: \" + bad.getMessage() + \": \" + "
          "line);\n"
          "            }\n"
          "        }\n\n";
    c += readMethod() + timestamp;
    if (m_spec.value)
        c += "        private static Double number(String text) {\n"
             "            String t = text.strip();\n"
             "            if (!t.matches(\"[-+]?(\\\\d+\\\\.?\\\\d*|\\\\.\\\\d+)([eE][-+]?\\\\d+)?\")\n"
             "                    || Double.isInfinite(Double.parseDouble(t))) {\n"
             "                throw new IllegalArgumentException(\"expected a finite number, found \\\"\" + text + "
             "\"\\\"\");\n"
             "            }\n"
             "            return Double.valueOf(t);\n"
             "        }\n";
    c.erase(c.find_last_not_of('\n') + 1); // the last method's blank line
    c += "\n    }\n\n";
    return c;
}

} // namespace tidemark::flinkjob
