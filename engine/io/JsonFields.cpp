#include "engine/io/JsonFields.h"

#include "engine/io/Suggest.h"
#include "engine/io/Timestamps.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace tidemark::io::detail {

namespace {

using Kind = JsonNode::Kind;

std::string q(std::string_view s)
{
    return jsonString(s);
}

} // namespace

[[noreturn]] void fail(std::size_t offset, std::string message)
{
    throw ScenarioFailure {offset, std::move(message)};
}

[[noreturn]] void fail(const JsonNode& at, std::string message)
{
    fail(at.offset, std::move(message));
}

[[noreturn]] void expected(const JsonNode& at, std::string_view what, std::string_view name)
{
    std::string m = "expected ";
    m += what;
    if (!name.empty()) {
        m += " for ";
        m += q(name);
    }
    m += ", found ";
    m += describeValue(at);
    fail(at, std::move(m));
}

std::int64_t asInt64(const JsonNode& n, std::string_view name)
{
    if (n.kind == Kind::Number) {
        if (n.numberKind == JsonNode::NumberKind::Int64)
            return n.int64;
        if (n.numberKind == JsonNode::NumberKind::UInt64 || n.numberKind == JsonNode::NumberKind::OutOfRange) {
            bool integral = n.text.find_first_of(".eE") == std::string::npos;
            if (integral)
                expected(n, "an integer between -9223372036854775808 and 9223372036854775807", name);
        }
    }
    expected(n, "an integer", name);
}

int asInt(const JsonNode& n, std::string_view name)
{
    const std::int64_t v = asInt64(n, name);
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
        expected(n, "an integer between -2147483648 and 2147483647", name);
    return static_cast<int>(v);
}

double asFiniteNumber(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::Number)
        expected(n, "a number", name);
    if (n.numberKind == JsonNode::NumberKind::OutOfRange || !std::isfinite(n.number))
        expected(n, "a finite number", name);
    return n.number;
}

bool asBool(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::Bool)
        expected(n, "true or false", name);
    return n.boolean;
}

const std::string& asString(const JsonNode& n, std::string_view name)
{
    if (n.kind != Kind::String)
        expected(n, "a string", name);
    return n.text;
}

Obj::Obj(const JsonNode& node, std::string_view context, std::span<const std::string_view> known)
    : m_node(node)
    , m_context(context)
{
    if (node.kind != Kind::Object)
        expected(node, "an object", context);
    for (std::size_t i = 0; i < node.keys.size(); ++i) {
        const auto& key = node.keys[i];
        for (std::size_t j = 0; j < i; ++j) {
            if (node.keys[j].name == key.name)
                fail(key.offset, "duplicate key " + q(key.name) + " in " + std::string(context));
        }
        bool isKnown = false;
        for (const auto k : known)
            isKnown = isKnown || k == key.name;
        if (!isKnown) {
            std::string m = "unknown key " + q(key.name) + " in " + std::string(context);
            const auto best = closestWord(key.name, known);
            if (!best.empty())
                m += "; did you mean " + q(best) + "?";
            fail(key.offset, std::move(m));
        }
    }
}

void checkZone(const JsonNode& at, const std::string& zone)
{
    std::string error;
    if (!TimeZone::load(zone, &error))
        fail(at, error);
}

std::string jsonNumber(double v)
{
    if (!std::isfinite(v))
        return "null";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

} // namespace tidemark::io::detail
