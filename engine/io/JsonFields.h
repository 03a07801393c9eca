#pragma once

#include "engine/core/JsonText.h"
#include "engine/io/JsonTree.h"
#include "engine/io/ScenarioNames.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tidemark::io::detail {

// Reading and writing the JSON of Tidemark's own files (scenarios, comparisons): a reader throws ScenarioFailure
// at the first value that is not what the format says, with its offset, and the caller turns it into a
// file:line:column error.

// Thrown inside a reader only; the parse functions turn it into a LoadError.
struct ScenarioFailure {
    std::size_t offset;
    std::string message;
};

[[noreturn]] void fail(std::size_t offset, std::string message);
[[noreturn]] void fail(const JsonNode& at, std::string message);
// "expected WHAT for "name", found …"
[[noreturn]] void expected(const JsonNode& at, std::string_view what, std::string_view name);

std::int64_t asInt64(const JsonNode& n, std::string_view name);
int asInt(const JsonNode& n, std::string_view name);
double asFiniteNumber(const JsonNode& n, std::string_view name);
bool asBool(const JsonNode& n, std::string_view name);
const std::string& asString(const JsonNode& n, std::string_view name);
// Fails at `at` unless `zone` is a time zone Tidemark can load (an IANA name or a UTC offset).
void checkZone(const JsonNode& at, const std::string& zone);

template <class E, std::size_t N>
E asEnum(const JsonNode& n, std::string_view name, const std::array<EnumName<E>, N>& names)
{
    std::string what = "one of";
    for (std::size_t i = 0; i < N; ++i) {
        what += i ? ", " : " ";
        what += jsonString(names[i].name);
    }
    if (n.kind == JsonNode::Kind::String) {
        for (const auto& e : names) {
            if (e.name == n.text)
                return e.value;
        }
    }
    expected(n, what, name);
}

template <class E, std::size_t N> std::string_view enumName(E value, const std::array<EnumName<E>, N>& names)
{
    for (const auto& e : names) {
        if (e.value == value)
            return e.name;
    }
    return names[0].name;
}

// One JSON object of the scenario: checks that it is an object, that no key is repeated and that every
// key is one this place knows, then hands out its members.
class Obj {
public:
    Obj(const JsonNode& node, std::string_view context, std::initializer_list<std::string_view> known)
        : Obj(node, context, std::span<const std::string_view>(known.begin(), known.size()))
    { }
    Obj(const JsonNode& node, std::string_view context, std::span<const std::string_view> known);

    const JsonNode* opt(std::string_view name) const { return m_node.member(name); }

    const JsonNode& req(std::string_view name, std::string_view hint = {}) const
    {
        if (const auto* n = m_node.member(name))
            return *n;
        std::string m = "missing " + jsonString(name) + " in " + std::string(m_context);
        if (!hint.empty()) {
            m += " (";
            m += hint;
            m += ')';
        }
        fail(m_node, std::move(m));
    }

    bool has(std::string_view name) const { return m_node.member(name) != nullptr; }
    const JsonNode& node() const { return m_node; }

    std::int64_t int64(std::string_view name, std::int64_t fallback) const
    {
        const auto* n = opt(name);
        return n ? asInt64(*n, name) : fallback;
    }
    int integer(std::string_view name, int fallback) const
    {
        const auto* n = opt(name);
        return n ? asInt(*n, name) : fallback;
    }
    bool boolean(std::string_view name, bool fallback) const
    {
        const auto* n = opt(name);
        return n ? asBool(*n, name) : fallback;
    }
    std::string string(std::string_view name, std::string fallback) const
    {
        const auto* n = opt(name);
        return n ? asString(*n, name) : std::move(fallback);
    }

private:
    const JsonNode& m_node;
    std::string_view m_context;
};

// A double as the scenario writes it: the shortest text that reads back to it, null when it is not finite.
std::string jsonNumber(double v);

class JsonOut {
public:
    // Members of one object, written on one line ("k": v, ...).
    JsonOut& add(std::string_view key, std::string_view rawValue)
    {
        if (!m_text.empty())
            m_text += ", ";
        m_text += jsonString(key);
        m_text += ": ";
        m_text += rawValue;
        return *this;
    }
    JsonOut& add(std::string_view key, std::int64_t v) { return add(key, std::to_string(v)); }
    JsonOut& str(std::string_view key, std::string_view v) { return add(key, jsonString(v)); }
    JsonOut& flag(std::string_view key, bool v) { return add(key, v ? "true" : "false"); }
    std::string object() const { return "{" + m_text + "}"; }

private:
    std::string m_text;
};

} // namespace tidemark::io::detail
