#pragma once

#include "engine/io/Schema.h"

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tidemark::io::schema {

// The pieces a schema is built from, and the walk over it that reads, writes and compares (Schema.h declares
// it): templates, so that each schema file instantiates what it uses and exports what others call.

// ---- building fields ----

// A list written one item a line under its key, as "lesson", "records" and a graph's "operators" are.
inline std::string itemLines(const std::vector<std::string>& items, std::string_view indent)
{
    if (items.empty())
        return "[]";
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ",\n" : "\n") + std::string(indent) + "  " + items[i];
    return out + "\n" + std::string(indent) + "]";
}

// A field whose value reads and writes through a member of T: `readValue` from JSON, `writeValue` to it.
template <class T, class M, class Read, class Write>
Field<T> memberField(std::string_view key, M T::*member, Read readValue, Write writeValue)
{
    Field<T> f;
    f.key = key;
    f.read = [member, readValue, key](const detail::JsonNode& n, T& v) { v.*member = readValue(n, key); };
    f.write = [member, writeValue](
                  const T& v, std::string_view) -> std::optional<std::string> { return writeValue(v.*member); };
    return f;
}

template <class T> Field<T> integer(std::string_view key, std::int64_t T::*member)
{
    return memberField(
        key, member, [](const detail::JsonNode& n, std::string_view k) { return detail::asInt64(n, k); },
        [](std::int64_t v) { return std::to_string(v); });
}

template <class T> Field<T> integer(std::string_view key, int T::*member)
{
    return memberField(
        key, member, [](const detail::JsonNode& n, std::string_view k) { return detail::asInt(n, k); },
        [](int v) { return std::to_string(v); });
}

template <class T> Field<T> number(std::string_view key, double T::*member)
{
    return memberField(
        key, member, [](const detail::JsonNode& n, std::string_view k) { return detail::asFiniteNumber(n, k); },
        [](double v) { return detail::jsonNumber(v); });
}

template <class T> Field<T> flag(std::string_view key, bool T::*member)
{
    return memberField(
        key, member, [](const detail::JsonNode& n, std::string_view k) { return detail::asBool(n, k); },
        [](bool v) { return std::string(v ? "true" : "false"); });
}

template <class T> Field<T> text(std::string_view key, std::string T::*member)
{
    return memberField(
        key, member, [](const detail::JsonNode& n, std::string_view k) { return detail::asString(n, k); },
        [](const std::string& v) { return jsonString(v); });
}

template <class T, class E, std::size_t N>
Field<T> choice(std::string_view key, E T::*member, const std::array<EnumName<E>, N>& names)
{
    return memberField(
        key, member, [&names](const detail::JsonNode& n, std::string_view k) { return detail::asEnum(n, k, names); },
        [&names](E v) { return jsonString(detail::enumName(v, names)); });
}

// A nested object, described by its own schema.
template <class T, class S> Field<T> object(std::string_view key, S T::*member, const Schema<S>& schema)
{
    Field<T> f;
    f.key = key;
    f.read = [member, &schema](const detail::JsonNode& n, T& v) { read(schema, n, v.*member); };
    f.write = [member, &schema, key](const T& v, std::string_view indent) -> std::optional<std::string> {
        // a wrapped object hangs its later lines under its first field, after `"key": {`
        const std::string hanging = schema.layout == Layout::Wrapped
            ? std::string(indent.size() + jsonString(key).size() + 3, ' ')
            : std::string(indent);
        return write(schema, v.*member, hanging);
    };
    f.differ = [member, &schema, key](const T& a, const T& b) {
        return difference(schema, a.*member, b.*member, std::string(key) + ".").value_or("");
    };
    return f;
}

// A schema whose object is called by one name in every message ("kafka", "input"): the name is its context too.
template <class T>
Schema<T> named(std::string_view name, Layout layout, std::vector<Field<T>> fields,
    std::optional<std::string_view> discriminator = std::nullopt)
{
    Schema<T> s;
    s.context = [name](const T&) { return std::string(name); };
    s.layout = layout;
    s.discriminator = discriminator;
    s.name = name;
    s.fields = std::move(fields);
    return s;
}

// Modifiers, in the style of a builder: object(...) | when(...) etc. read badly in C++, so plain functions.
template <class T> Field<T> when(Field<T> f, std::type_identity_t<std::function<bool(const T&)>> applies)
{
    f.applies = std::move(applies);
    return f;
}

template <class T> Field<T> needed(Field<T> f, std::string_view hint = {})
{
    f.required = [](const T&) { return true; };
    if (!hint.empty())
        f.hint = [hint](const T&) { return std::string(hint); };
    return f;
}

// Left out of the file while `omit` holds (a trigger that is the assigner's default).
template <class T> Field<T> omittedWhen(Field<T> f, std::type_identity_t<std::function<bool(const T&)>> omit)
{
    auto write = std::move(f.write);
    f.write = [write, omit](const T& v, std::string_view indent) -> std::optional<std::string> {
        return omit(v) ? std::nullopt : write(v, indent);
    };
    return f;
}

template <class T> Field<T> onNewLine(Field<T> f)
{
    f.newLine = true;
    return f;
}

template <class T> bool applies(const Field<T>& f, const T& v)
{
    return !f.applies || f.applies(v);
}

// ---- walking a schema ----

template <class T> void read(const Schema<T>& schema, const detail::JsonNode& node, T& value)
{
    const Field<T>* discriminator = nullptr;
    if (schema.discriminator) {
        if (node.kind != detail::JsonNode::Kind::Object)
            detail::expected(node, "an object", schema.name);
        const auto* typeNode = node.member(*schema.discriminator);
        if (!typeNode)
            detail::fail(node, "missing " + jsonString(*schema.discriminator) + " in " + std::string(schema.name));
        for (const Field<T>& f : schema.fields) {
            if (f.key == *schema.discriminator)
                discriminator = &f;
        }
        discriminator->read(*typeNode, value);
    }
    std::vector<std::string_view> known;
    for (const Field<T>& f : schema.fields) {
        if (applies(f, value)) {
            known.push_back(f.key);
            continue;
        }
        for (const auto& key : node.keys) {
            if (f.misplaced && key.name == f.key)
                detail::fail(key.offset, f.misplaced(value));
        }
    }
    const std::string context = schema.context(value);
    const detail::Obj o(node, context, known);
    for (const bool last : {false, true}) {
        if (last && schema.settled)
            schema.settled(node, value);
        for (const Field<T>& f : schema.fields) {
            if (&f == discriminator || f.readLast != last || !applies(f, value))
                continue;
            if (f.required && f.required(value))
                f.read(o.req(f.key, f.hint ? f.hint(value) : std::string()), value);
            else if (const auto* n = o.opt(f.key))
                f.read(*n, value);
        }
    }
}

template <class T> std::string write(const Schema<T>& schema, const T& value, std::string_view indent)
{
    const std::string inner = schema.layout == Layout::Block ? std::string(indent) + "  " : std::string(indent);
    std::string out = schema.layout == Layout::Block ? "{\n" : "{";
    bool first = true;
    for (const Field<T>& f : schema.fields) {
        if (!applies(f, value))
            continue;
        const auto text = f.write(value, inner);
        if (!text)
            continue;
        if (schema.layout == Layout::Block)
            out += (first ? "" : ",\n") + inner;
        else if (!first)
            out += schema.layout == Layout::Wrapped && f.newLine ? ",\n" + inner : std::string(", ");
        out += jsonString(f.key) + ": " + *text;
        first = false;
    }
    out += schema.layout == Layout::Block ? "\n" + std::string(indent) + "}" : std::string("}");
    return out;
}

template <class T>
std::optional<std::string> difference(const Schema<T>& schema, const T& a, const T& b, std::string_view prefix)
{
    for (const Field<T>& f : schema.fields) {
        if (!applies(f, a) && !applies(f, b))
            continue;
        if (f.differ) { // a nested object: the path of the field inside it
            if (std::string d = f.differ(a, b); !d.empty())
                return std::string(prefix) + d;
            continue;
        }
        const auto ta = applies(f, a) ? f.write(a, "") : std::nullopt;
        const auto tb = applies(f, b) ? f.write(b, "") : std::nullopt;
        if (ta != tb)
            return std::string(prefix) + std::string(f.key) + ": " + ta.value_or("(none)") + " vs "
                + tb.value_or("(none)");
    }
    return std::nullopt;
}

} // namespace tidemark::io::schema
