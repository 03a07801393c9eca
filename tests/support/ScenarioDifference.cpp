#include "ScenarioDifference.h"

#include "engine/io/JsonFields.h"
#include "engine/io/ScenarioSchema.h"

#include <algorithm>
#include <type_traits>

namespace tidemark::test {

namespace {

using io::detail::jsonNumber;

std::string q(std::string_view s)
{
    return jsonString(s);
}

template <class T> std::string show(const T& v)
{
    if constexpr (std::is_enum_v<T>)
        return std::to_string(static_cast<int>(v));
    else if constexpr (std::is_same_v<T, bool>)
        return v ? "true" : "false";
    else if constexpr (std::is_arithmetic_v<T>)
        return std::is_floating_point_v<T> ? jsonNumber(static_cast<double>(v)) : std::to_string(v);
    else if constexpr (std::is_same_v<T, std::string>)
        return q(v);
    else if constexpr (std::is_same_v<T, std::optional<std::string>>)
        return v ? q(*v) : "null";
    else
        return "…";
}

class Differ {
public:
    template <class T> void check(std::string_view path, const T& a, const T& b)
    {
        if (!m_first && !(a == b))
            m_first = std::string(path) + ": " + show(a) + " vs " + show(b);
    }
    void checkRef(std::string_view path, const FieldRef& a, const FieldRef& b)
    {
        check(path, a.index, b.index);
        check(path, a.name, b.name);
    }
    void checkRef(std::string_view path, const std::optional<FieldRef>& a, const std::optional<FieldRef>& b)
    {
        check(std::string(path) + " present", a.has_value(), b.has_value());
        if (a && b)
            checkRef(path, *a, *b);
    }
    std::optional<std::string> m_first;
};

void compareInputFiles(Differ& d, const InputFileSpec& a, const InputFileSpec& b)
{
    d.check("input.file", a.file, b.file);
    d.check("input.format", a.format, b.format);
    d.check("input.fields.key count", a.key.size(), b.key.size());
    for (std::size_t i = 0; i < std::min(a.key.size(), b.key.size()); ++i)
        d.checkRef("input.fields.key[" + std::to_string(i) + "]", a.key[i], b.key[i]);
    d.checkRef("input.fields.value", a.value, b.value);
    d.checkRef("input.fields.ts", a.ts, b.ts);
    d.checkRef("input.fields.arrival", a.arrival, b.arrival);
    d.checkRef("input.fields.channel", a.channel, b.channel);
    d.checkRef("input.fields.partition", a.partition, b.partition);
    d.checkRef("input.fields.offset", a.offset, b.offset);
    d.check("input.delimiter", a.delimiter, b.delimiter);
    d.check("input.header", a.header, b.header);
    d.check("input.timestamp.unit", a.timestamp.unit, b.timestamp.unit);
    d.check("input.timestamp.pattern", a.timestamp.pattern, b.timestamp.pattern);
    d.check("input.timestamp.zone", a.timestamp.zone, b.timestamp.zone);
    d.check("input.watermarkWord", a.watermarkWord, b.watermarkWord);
}

} // namespace

std::optional<std::string> scenarioDifference(const Scenario& a, const Scenario& b)
{
    Differ d;
    d.check("tidemark", a.version, b.version);
    d.check("name", a.name, b.name);
    d.check("description", a.description, b.description);
    if (!d.m_first)
        d.m_first = io::schema::difference(io::schema::display(), a.display, b.display, "display.");
    d.check("lenient", a.lenient, b.lenient);
    d.check("defaultArrivalSpacingMs", a.defaultArrivalSpacingMs, b.defaultArrivalSpacingMs);
    d.check("inputEndMs", a.inputEndMs.value_or(-1), b.inputEndMs.value_or(-1));
    d.check("lesson", a.lesson == b.lesson, true);
    d.check("flinkVersion", a.pipeline.flinkVersion.name(), b.pipeline.flinkVersion.name());
    if (!d.m_first)
        d.m_first = io::schema::difference(io::schema::pipeline(), a.pipeline, b.pipeline, "pipeline.");
    d.check("input is a file", a.inputFile.has_value(), b.inputFile.has_value());
    if (a.inputFile && b.inputFile)
        compareInputFiles(d, *a.inputFile, *b.inputFile);
    d.check("input.records count", a.records.size(), b.records.size());
    for (std::size_t i = 0; i < std::min(a.records.size(), b.records.size()) && !d.m_first; ++i) {
        const auto& ra = a.records[i];
        const auto& rb = b.records[i];
        const std::string at = "input.records[" + std::to_string(i) + "].";
        d.check(at + "kind", ra.kind, rb.kind);
        const auto keyText = [](const Scenario& s, KeyId k) {
            return k == kNoKey ? std::optional<std::string>() : std::optional<std::string>(s.keys.name(k));
        };
        d.check(at + "key", keyText(a, ra.key), keyText(b, rb.key));
        if (ra.key != kNoKey && rb.key != kNoKey)
            d.check(at + "key hash", a.keys.javaHash(ra.key), b.keys.javaHash(rb.key));
        d.check(at + "hasValue", ra.hasValue, rb.hasValue);
        if (ra.hasValue && rb.hasValue)
            d.check(at + "value", ra.value, rb.value);
        d.check(at + "ts", ra.ts, rb.ts);
        d.check(at + "arrival", ra.arrival, rb.arrival);
        d.check(at + "channel", ra.channel, rb.channel);
        d.check(at + "partition", ra.partition, rb.partition);
        d.check(at + "offset", ra.offset, rb.offset);
    }
    return d.m_first;
}

} // namespace tidemark::test
